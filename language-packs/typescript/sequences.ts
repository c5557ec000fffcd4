/**
 * Member assignments the tags query's statement pattern does not reach: those of a top-level comma
 * sequence, string- and computed-keyed prototype members, a class IIFE's keyed members.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, signatureOf, type Resolved } from "../../core/extract.js";
import { helperCallAt, ownsStatics } from "./field-helpers.js";
import { invokedFunction, isBundle, moduleStatementsWithIifes, unparenthesized } from "./iife.js";
import { prototypeAliases } from "./defined-properties.js";

/** `] = function`, `] = async function*`: where a function is assigned under a bracketed key. */
const KEYED_FUNCTION = /\](?=\s*=\s*(?:async\s+)?function\b)/g;

/** A computed key a prototype member is named by: `Symbol.iterator`, `kDestroy` (a symbol constant). */
const COMPUTED_KEY = /^[\w$]+(?:\.[\w$]+)?(?:\((["'])[^"'()]*\1\))?$/; // (and `Symbol.for("nodejs.util.inspect.custom")`)

/**
 * `A.prototype.next = function (v) {…}, A.prototype.close = function () {…};` at top level (Babel's
 * helpers, bundlers' output): each member assignment of the comma sequence, as a record the tags query
 * would have made of it as a statement of its own; and `A.prototype["throw"] = function` (a string key).
 */
export function sequenceAssignments(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const keyed = ctx.source.includes(".prototype["); // (all a class IIFE is read for)
  const seen = new Set<number>();
  for (const stmt of moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx))) {
    seen.add(stmt.id);
    if (keyed && (stmt.type === "variable_declaration" || stmt.type === "lexical_declaration")) classIife(stmt);
    // (Also Uglify's `return X.prototype = {…}, X.format = function …, window.X = X;` in a module-scope IIFE.)
    const first = stmt.type === "expression_statement" ? stmt.firstNamedChild : stmt.type === "return_statement" && stmt.firstNamedChild?.type === "sequence_expression" ? stmt.firstNamedChild : null;
    if (first?.type === "sequence_expression") {
      for (const item of sequenceItems(first)) {
        const left = item.type === "assignment_expression" ? item.childForFieldName("left") : null;
        const name = left?.type === "member_expression" ? left.childForFieldName("property") : null;
        if (name?.type === "property_identifier") out.push(buildRecord(ctx, x, item, "constant", ctx.text(name), name, { assignment: "true" }));
        else if (left?.type === "identifier") plainFunction(left, item);
        else if (left) stringKeyed(item, item);
      }
    } else if (stmt.type === "if_statement") guardedObjects(stmt);
    else if (first?.type === "member_expression" && stmt.namedChildCount === 1) documentedStub(first, stmt);
    else if (first?.type === "assignment_expression") {
      stringKeyed(first, stmt);
      if (first.childForFieldName("left")?.type === "identifier" && first.childForFieldName("right")?.type === "assignment_expression") chainedPlainFunction(first, stmt);
      else if (first.childForFieldName("left")?.type === "identifier") plainObject(first, stmt);
    }
  }
  // Inside functions: a function under a bracketed key (`app[Symbol.asyncDispose] = function dispose ()
  // {…}` in fastify's factory, mathjs's `Matrix.prototype[Symbol.iterator] = function* ()` in one), as
  // its dotted form is (the pack's keepInFunction decides, as for those).
  for (const m of ctx.source.matchAll(KEYED_FUNCTION)) {
    const asg = ctx.tree.rootNode.descendantForIndex(m.index, m.index + 1)?.parent?.parent; // (`]` → its subscript → the assignment)
    const stmt = asg?.type === "assignment_expression" ? asg.parent : null;
    const key = asg?.type === "assignment_expression" ? asg.childForFieldName("left")?.childForFieldName("index") : null;
    // (A key held by a loop's or a parameter's variable, `Route.prototype[method] = function` in a
    // forEach over the HTTP verbs, names nothing: only a module's constant, `[kDestroy]`, does.)
    // (Declared at column 0, or as a symbol anywhere: `const kState = Symbol("state")` in a UMD body.)
    const name = key?.type === "identifier" ? key.text.replace(/\$/g, "\\$") : "";
    if (name && !new RegExp(`^(?:export\\s+)?(?:const|let|var)\\s+${name}\\b|(?:const|let|var)\\s+${name}\\s*=\\s*Symbol\\b`, "m").test(ctx.source)) continue;
    if (stmt?.type === "expression_statement" && !seen.has(stmt.id) && asg!.childForFieldName("left")?.type === "subscript_expression") stringKeyed(asg!, stmt, true);
  }
  return out;

  // `/** The mongodb.Db instance … @api public */ Connection.prototype.db;` (mongoose): a property
  // declared for its doc only, as a class field without a value is — when a `/**` block is above it.
  function documentedStub(member: Node, stmt: Node): void {
    const m = /^([\w$]+)(?:\.prototype)?\.([\w$]+)$/.exec(ctx.text(member));
    let above = stmt.previousSibling;
    while (above && !above.isNamed) above = above.previousSibling;
    if (!m || above?.type !== "comment" || !ctx.text(above).startsWith("/**") || stmt.startPosition.row - above.endPosition.row > 2) return;
    out.push(buildRecord(ctx, x, stmt, "property", m[2]!, member.childForFieldName("property")!, { hoisted: "true" }, m[1]));
  }

  // `req = requirejs = function (deps, callback) {…}` (require.js's entry point): the function by the
  // first name, the others its aliases, as `requirejs = function` alone is (JavaScript only).
  function chainedPlainFunction(asg: Node, stmt: Node): void {
    if (ctx.language !== "javascript") return;
    const names: string[] = [];
    let v: Node | null = asg;
    for (; v?.type === "assignment_expression"; v = v.childForFieldName("right")) {
      const left = v.childForFieldName("left");
      if (left?.type !== "identifier") return;
      names.push(ctx.text(left));
    }
    if (v?.type !== "function_expression" && v?.type !== "arrow_function" && v?.type !== "generator_function") return;
    const r = buildRecord(ctx, x, stmt, "function", names[0]!, asg.childForFieldName("left")!, { "plain-assignment": "true" }, undefined, true);
    r.aliases = names.slice(1);
    out.push(r);
  }

  // `colorFunctions = { rgb: function (r, g, b) {…}, … }` after `let colorFunctions;` (less's functions,
  // CoffeeScript's UTILITIES): an object of functions by the binding's name, as `var x = {…}` is — its
  // methods had been loose entries owned by nothing.
  function plainObject(asg: Node, stmt: Node): void {
    const right = unparenthesized(asg.childForFieldName("right"));
    if (right?.type !== "object" || !right.namedChildren.some((c) => c?.type === "method_definition" || /function|arrow/.test(c?.childForFieldName("value")?.type ?? ""))) return;
    out.push(buildRecord(ctx, x, stmt, "variable", ctx.text(asg.childForFieldName("left")!), asg.childForFieldName("left")!, { "plain-assignment": "true" }, undefined, true));
  }

  // A polyfill's `if (typeof console === 'undefined') { console = { warn: function (msg) {…} } }`
  // (showdown): the object by its name, as outside an `if` — its methods had been owned by nothing.
  function guardedObjects(stmt: Node): void {
    for (const branch of [stmt.childForFieldName("consequence"), stmt.childForFieldName("alternative")?.namedChild(0)]) {
      for (const s of branch?.type === "statement_block" ? branch.namedChildren : branch ? [branch] : []) {
        const asg = s?.type === "expression_statement" ? s.firstNamedChild : null;
        if (asg?.type === "assignment_expression" && asg.childForFieldName("left")?.type === "identifier") plainObject(asg, s!);
      }
    }
  }

  // `_url = new WeakMap(), connect_fn = function () {…}, …` (esbuild's lowering of a class's `#connect()`):
  // a function named by the binding, as the statement `connect_fn = function () {…};` is (JavaScript's
  // plain-assignment pattern, tags-javascript.scm).
  function plainFunction(left: Node, item: Node): void {
    if (ctx.language !== "javascript") return;
    const right = item.childForFieldName("right")?.type;
    if (right === "function_expression" || right === "arrow_function" || right === "generator_function") {
      out.push(buildRecord(ctx, x, item, "function", ctx.text(left), left, { "plain-assignment": "true" }, undefined, true));
    }
  }

  // `var Controller = /** @class */ (function () { function Controller() {…} Controller.prototype[CancelSteps] =
  // function (r) {…}; return Controller; }())` (tsc's ES5 class, web-streams-polyfill): its keyed members.
  function classIife(decl: Node): void {
    for (let d = decl.firstNamedChild; d; d = d.nextNamedSibling) {
      const fn = invokedFunction(d.type === "variable_declarator" ? d.childForFieldName("value") : null);
      const body = fn?.type === "function_expression" ? fn.childForFieldName("body") : null;
      for (let s = body?.firstNamedChild; s; s = s.nextNamedSibling) {
        const a = s.type === "expression_statement" ? s.firstNamedChild : null;
        if (a?.type === "assignment_expression") stringKeyed(a, s), seen.add(s.id);
      }
    }
  }

  // `AsyncGenerator.prototype["throw"] = function (e) {…}` (regenerator's and Babel's output, ES3-safe
  // code): a prototype member under a string key, which the tags query's pattern does not match; and
  // under a computed key, `Stream.prototype[Symbol.asyncIterator] = async function* () {…}`, named
  // `[Symbol.asyncIterator]` as a class's computed method is.
  // And a function under a string key of any object, `P["finally"] = function (handler) {…}` (bluebird).
  function stringKeyed(asg: Node, def: Node, nested = false): void {
    const left = asg.childForFieldName("left");
    if (left?.type !== "subscript_expression") return;
    const object = left.childForFieldName("object");
    const key = left.childForFieldName("index");
    const fragment = key?.type === "string" ? key.namedChild(0) : null;
    const onPrototype = /\.prototype$/.test(ctx.text(object ?? left)) || (object?.type === "identifier" && prototypeAliases(ctx).has(object.text));
    // (Also on a path, and a key no identifier spells: undici's `webidl.converters['DOMString or
    // sequence<DOMString>'] = function`, named with its quotes as a class's `'a b'() {}` is.)
    // (A string key mid-path reads as its dotted form: rivets' `Rivets["public"].binders["if"] = {…}`.)
    const path = object?.type === "member_expression" ? ctx.text(object).replace(/\[(["'])([\w$]+)\1\]/g, ".$2") : "";
    const onPath = object?.type === "identifier" || (/^[\w$]+(?:\.[\w$]+)+$/.test(path) && !path.startsWith("this."));
    // (An object under a string key is as `styles.red = { get() {…} }` is: chalk's `styles['blue']`.)
    // (Nested, or on a binding the module declares: a named function under any key, `app[Symbol.x] = function dispose`.)
    const right = asg.childForFieldName("right");
    const named = (nested || object?.type === "identifier") && /^(?:function_expression|generator_function)$/.test(right?.type ?? "") && !!right!.childForFieldName("name");
    if (!onPrototype && !named && !(onPath && fragment && /function|arrow|^object$/.test(right?.type ?? ""))) return;
    if (fragment?.type === "string_fragment") {
      const word = /^[\w$]+$/.test(ctx.text(fragment));
      out.push(buildRecord(ctx, x, def, "constant", word ? ctx.text(fragment) : ctx.text(key!), word ? fragment : key!, { assignment: "true" }));
    } else if (key && COMPUTED_KEY.test(ctx.text(key))) out.push(buildRecord(ctx, x, def, "constant", `[${ctx.text(key)}]`, key, { assignment: "true" }));
  }
}

/** Babel's helper for a class's static field: `_defineProperty(Node, "fromJSON", …)`, `(0, _defineProperty2.default)(Node, "k", …)`. */
// (A doc comment may stand before the key, as in field-helpers.ts' FIELD_HELPER: each to its first `*/`.)
const BABEL_STATIC = /\b_define_?[pP]roperty\d*(?:\.default|\[["']default["']\])?\)?\(\s*[A-Z][\w$]*\s*,\s*(?:\/\*(?:[^*]|\*(?!\/)){0,2000}\*\/\s*)*["'][\w$]+["']\s*,/g;

/**
 * `class FunctionNode {…}; _defineProperty(FunctionNode, "fromJSON", function (json) {…})`: Babel's
 * compiled `static fromJSON(json) {…}` — X's member (a method for a function value, else a property),
 * where the statement's scope declares X (mathjs' 40 node classes, in their factories; markdown-it).
 */
export function babelStatics(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  if (!ctx.source.includes("_defineProperty") && !ctx.source.includes("_define_property")) return out; // (SWC's: `_define_property`)
  for (const m of ctx.source.matchAll(BABEL_STATIC)) {
    const { stmt, owner, key, value } = helperCallAt(ctx, m.index);
    if (stmt?.type !== "expression_statement" || owner?.type !== "identifier" || key?.type !== "string_fragment" || !value) continue;
    if (!ownsStatics(stmt.parent!, owner.text)) continue;
    const fn = /function|arrow/.test(value.type) ? value : null;
    const r = buildRecord(ctx, x, stmt, fn ? "method" : "property", ctx.text(key), key, { "babel-static": "true" }, owner.text);
    r.bodyNode = fn?.childForFieldName("body") ?? undefined;
    r.signature = signatureOf(ctx, stmt, r.bodyNode ?? null, []) || r.signature;
    out.push(r);
  }
  return out;
}

/** The expressions of a comma sequence, in order (the grammar nests them to the right). */
export function sequenceItems(seq: Node): Node[] {
  const out: Node[] = [];
  const go = (n: Node) => {
    if (n.type !== "sequence_expression") return void out.push(n);
    for (let c = n.firstNamedChild; c; c = c.nextNamedSibling) go(c);
  };
  go(seq);
  return out;
}

