/**
 * Classes compiled to ES5, as npm packages ship them: a variable bound to an IIFE that declares the
 * constructor function of its name and returns it —
 *
 * - tsc: `var Greeter = /** @class *\/ (function (_super) { __extends(Greeter, _super); function
 *   Greeter(m) {…} Greeter.prototype.greet = function () {…}; return Greeter; }(Base));`
 * - Babel (and SWC, its helpers snake_case: `_class_call_check`, `_create_class`): `var Logger = /*#__PURE__*\/function (_Transform) { function Logger(o) {…}
 *   _inherits(Logger, _Transform); return _createClass(Logger, [{ key: "child", value: function
 *   child(meta) {…} }, { key: "level", get: function get() {…} }], [statics]); }(Transform);`
 *
 * The variable is the class (a `class`), the inner function its constructor, and what the body puts on
 * it its members: the prototype's and the statics' functions and, for Babel, each `{ key, value | get |
 * set }` descriptor's function, named by its key. Babel's methods had all been named `value`, tsc's
 * nested under the inner function (winston, 2,000 methods in its dist files).
 *
 * (tsc's enums and namespaces, `var E; (function (E) {…})(E || (E = {}))`: compiled-namespaces.ts.)
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { clip, collapse } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/heads.js";
import { assignmentOf, chainEnd, lastTargetName } from "./assignments.js";
import { unparenthesized } from "./iife.js";

/** Babel's class helper: `_createClass`, `(0, _createClass2.default)`, `babelHelpers.createClass`. */
const CREATE_CLASS = /create_?class/i; // (SWC's helpers are snake_case: `_create_class(Store, [{ key, value }])`.)
/** Evidence the returned function is a class: its prototype (`var _proto = X.prototype`, Babel's loose mode), an inheritance or class-check helper, tsc's marker. */
const CLASS_EVIDENCE = (name: string) => {
  const n = name.replace(/\$/g, "\\$");
  // (`__extends(X, _super)`, `_inherits(X, _Base)`, `_classCallCheck(this, X)`, `(0, _createClass2["default"])(X, …)`;
  // CoffeeScript 1's `extend1(X, superClass1)`, a subclass with no methods of its own: coffee-script's `NumberLiteral`.)
  return new RegExp(`\\b${n}\\.prototype\\b|(?:__extends|_inherits|_classCallCheck|_class_call_check|createClass|_create_class)[\\w$]*(?:\\.default|\\[["']default["']\\])?\\)?\\(\\s*(?:this,\\s*)?${n}\\b|(?<![\\w$.])extend\\d*\\(\\s*${n}\\s*,\\s*superClass\\d*\\s*\\)|@class\\b`);
};

/** tsc's mark on a class IIFE, `/** @class *\/`, written between the binding and the IIFE. */
const TSC_MARKER = /\/\*\*\s*@class\s*\*\//;

/**
 * When `r` (a top-level binding) is a compiled class, make it one: kind `class`, the inner function its
 * `constructor`, Babel's descriptors named by their keys. Before the binding's members are visited
 * (they are then a class's: as public as it, the constructor's `this.x` its properties).
 */
export function compiledClass(r: SymbolRecord, ctx: FileContext): boolean {
  // (`ipaddr.IPv4 = (function () { function IPv4(octets) {…} … return IPv4; })()`, CoffeeScript's: a property.)
  if (r.kind !== "variable" && r.kind !== "constant" && !(r.kind === "property" && r.props?.assignment)) return false;
  const declarator = r.nameNode?.parent;
  const bound = declarator?.type === "variable_declarator" && declarator.childForFieldName("name")?.id === r.nameNode!.id;
  const assignment = bound ? undefined : r.props?.assignment ? assignmentOf(r.node) : undefined;
  const body = iifeBody(bound ? declarator!.childForFieldName("value") : assignment?.childForFieldName("right"));
  const name = body && returnedClass(body, ctx);
  if (!name) return false;
  // (`module.exports = /*#__PURE__*\/function () { function ExceptionHandler(…) {…} … }()`: the class's name.)
  const toModule = !!assignment && /^module\.exports$/.test(ctx.text(assignment.childForFieldName("left") ?? assignment).replace(/\s+/g, ""));
  // (Rollup renames a binding that would clash, `var Socket$1 = function (_Emitter) { function Socket …`.)
  if (name !== r.name && !toModule && !r.name.startsWith(`${name}$`)) return false;
  const ctor = r.members.find((m) => m.name === name && m.node?.type === "function_declaration" && m.node.parent?.id === body.id);
  // (tsc's marker stands before the IIFE, `var Container = /** @class */ (function () {`: the evidence of
  // a class with no prototype member nor base, only statics or a constructor — typedi's `Container`,
  // `Token` had been variables holding a function, their statics `Container.Container.of`.)
  const marked = !!r.nameNode && TSC_MARKER.test(ctx.source.slice(r.nameNode.endIndex, body.startIndex));
  if (!ctor || (!marked && !CLASS_EVIDENCE(name).test(ctx.text(body)))) return false;
  if (toModule) {
    r.name = name;
    r.exported = true;
  }
  r.kind = "class";
  ctor.kind = "constructor";
  ctor.name = "constructor";
  for (const m of r.members) describedMethod(m, name, ctx);
  return true;
}

/** After the visit: what the class's body assigned (`Greeter.prototype.greet = …`) is as public as the class. */
export function publishCompiledMembers(r: SymbolRecord): void {
  for (const m of r.members) if (m.props?.assignment) m.exported = r.exported;
}

/** The body of `function () {…}()`, `(function () {…}())`, `(function () {…})()` (also the last of a chain, `a = b = …`). */
function iifeBody(value: Node | null | undefined): Node | undefined {
  let call = value;
  while (call?.type === "parenthesized_expression" || call?.type === "assignment_expression") call = call.type === "assignment_expression" ? call.childForFieldName("right") : call.namedChild(0);
  if (call?.type !== "call_expression") return undefined;
  const fn = unparenthesized(call.childForFieldName("function"));
  const body = fn?.type === "function_expression" ? fn.childForFieldName("body") : undefined;
  return body?.type === "statement_block" ? body : undefined;
}

/** The name the body's last statement returns: `return Name;`, `return _createClass(Name, …);`. */
function returnedClass(body: Node, ctx: FileContext): string | undefined {
  // (Past the helper functions written after it, typeahead's `return SearchIndex; function normalizeTokens(…) {…}`: hoisted.)
  let ret = body.lastNamedChild;
  while (ret && (ret.type === "function_declaration" || ret.type === "comment")) ret = ret.previousNamedSibling;
  const value = ret?.type === "return_statement" ? ret.namedChild(0) : null;
  const name = value?.type === "identifier" ? value : value?.type === "call_expression" && CREATE_CLASS.test(ctx.text(value.childForFieldName("function") ?? value)) ? value.childForFieldName("arguments")?.namedChild(0) : null;
  return name?.type === "identifier" ? ctx.text(name) : undefined;
}

/**
 * `{ key: "child", value: function child() {…} }` in `_createClass(Logger, [instance], [static])`: the
 * method `child`, its head `child(meta)` (`static …` for the statics, `get level()` for an accessor), its
 * doc the block Babel leaves before the descriptor (at the end of the one before).
 */
function describedMethod(m: SymbolRecord, owner: string, ctx: FileContext): void {
  const pair = m.node;
  const field = pair?.type === "pair" ? pair.childForFieldName("key") : pair?.type === "method_definition" ? pair.childForFieldName("name") : null;
  if (!field || !/^(?:value|get|set)$/.test(ctx.text(field))) return;
  const descriptor = pair!.parent;
  const list = descriptor?.parent;
  const args = list?.type === "array" ? list.parent : null;
  const call = args?.type === "arguments" ? args.parent : null;
  if (descriptor?.type !== "object" || call?.type !== "call_expression" || !CREATE_CLASS.test(ctx.text(call.childForFieldName("function") ?? call))) return;
  if (ctx.text(args!.namedChild(0) ?? call) !== owner) return;
  let key: Node | null = null;
  for (let c = descriptor.firstNamedChild; c && !key; c = c.nextNamedSibling) {
    if (c.type === "pair" && ctx.text(c.childForFieldName("key") ?? c) === "key") key = c.childForFieldName("value");
  }
  if (!key) return;
  // (A computed key, `key: Symbol.iterator`, reads as a class's `[Symbol.iterator]()`.)
  m.name = key.type === "string" ? ctx.text(key).slice(1, -1) : `[${ctx.text(key)}]`;
  m.kind = "method";
  const isStatic = args!.namedChild(2)?.id === list!.id;
  // Read as the class it came from: `static create()`, `get level()`, `async *[Symbol.iterator](v)`.
  const fn = pair!.type === "pair" ? pair!.childForFieldName("value") : pair;
  const params = fn?.childForFieldName("parameters");
  const role = ctx.text(field);
  const accessor = role === "value" ? "" : `${role} `;
  const modifiers = fn && fn.type !== "method_definition" ? `${/^async\b/.test(ctx.text(fn)) ? "async " : ""}${fn.type === "generator_function" ? "*" : ""}` : "";
  m.signature = params
    ? clip(`${isStatic ? "static " : ""}${accessor}${modifiers}${m.name}${collapse(ctx.text(params))}`, MAX_SIGNATURE)
    : clip(`${isStatic ? "static " : ""}key: ${ctx.text(key)}, ${m.signature ?? ctx.text(field)}`, MAX_SIGNATURE);
  const doc = descriptorDoc(descriptor, pair!);
  if (doc) m.props = { ...m.props, declaratorDoc: ctx.text(doc), declaratorDocLine: String(doc.startPosition.row + 1) };
}

/**
 * The doc block of a descriptor: right before its function (`value: /** … *\/ function`) or its
 * `value:` pair, first in it,
 * right before it in the list, or last in the descriptor before it (where Babel leaves it).
 */
function descriptorDoc(descriptor: Node, pair: Node): Node | undefined {
  const isDoc = (n: Node | null | undefined): boolean => n?.type === "comment" && n.text.startsWith("/**");
  const value = pair.type === "pair" ? pair.childForFieldName("value") : null;
  const inPair = value?.previousSibling;
  if (isDoc(inPair)) return inPair!;
  // (Right above the `value:` pair, after the key: clipboard's `key: "defaultText", /** … */ value: function`.)
  let prior = pair.previousSibling;
  while (prior && !prior.isNamed && prior.type === ",") prior = prior.previousSibling;
  if (isDoc(prior)) return prior!;
  if (isDoc(descriptor.firstChild?.nextSibling)) return descriptor.firstChild!.nextSibling!;
  let before = descriptor.previousSibling;
  while (before && !before.isNamed && before.type === ",") before = before.previousSibling;
  if (isDoc(before)) return before!;
  if (before?.type === "object") {
    // (Before its `}`; past other comments, winston's `/* eslint-enable … */` after the doc.)
    for (let c = before.lastChild?.previousSibling; c?.type === "comment"; c = c.previousSibling) if (isDoc(c)) return c;
  }
  if (before?.type !== "[") return undefined;
  // The first descriptor's: above the statement of the call (`/** … */ return _createClass(X, [{`).
  let statement: Node | null = descriptor.parent;
  while (statement && statement.parent?.type !== "statement_block") statement = statement.parent;
  const above = statement?.previousSibling;
  return isDoc(above) && above!.endPosition.row === statement!.startPosition.row - 1 ? above! : undefined;
}

/**
 * CoffeeScript's `exports.Access = Access = (function () { class Access … return Access; }).call(this)`:
 * no entry of its own — the class the IIFE declares is (exported by name: exports.ts), with what the
 * body puts on it (it had been a constant holding the class, and the bare `var Access` a second entry).
 */
export function exportsIifeClass(r: SymbolRecord, ctx: FileContext): boolean {
  const asg = r.props?.assignment ? assignmentOf(r.node) : null;
  const right = asg?.childForFieldName("right");
  if (right?.type !== "assignment_expression" || !/^(?:module\.)?exports\.[\w$]+$/.test(ctx.text(asg!.childForFieldName("left") ?? asg!))) return false;
  return declaresClass(chainEnd(right), lastTargetName(right, ctx));
}

/** Whether a value is an IIFE (`(function () {…})()`, `….call(this)`) whose body declares the class `name`. */
function declaresClass(value: Node | null, name: string | undefined): boolean {
  const call = unparenthesized(value);
  let fn = unparenthesized(call?.type === "call_expression" ? call.childForFieldName("function") : null);
  if (fn?.type === "member_expression" && fn.childForFieldName("property")?.text === "call") fn = unparenthesized(fn.childForFieldName("object"));
  const body = fn?.type === "function_expression" || fn?.type === "arrow_function" ? fn.childForFieldName("body") : null;
  for (let s = body?.type === "statement_block" ? body.firstNamedChild : null; s; s = s.nextNamedSibling) {
    if (s.type === "class_declaration" && s.childForFieldName("name")?.text === name) return true;
  }
  return false;
}
