/**
 * Member assignments at statement level, captured by one cheap query pattern and classified here
 * (one query pattern per shape costs ~10 ms of query compilation each on the TS grammar):
 *
 *   module.exports = class X {} / function x() {}   → class / function X, exported
 *   module.exports = function () {} / () => {}      → function `exports`, exported
 *   module.exports = defineX({…}) / new X() / …     → exported constant `exports`, what it declares nested
 *   exports.x = … / module.exports.x = …            → function (function value) or constant, exported
 *   window.X = {…} / globalThis.x = function …      → the same (a browser script's API; not `window.onload`)
 *   Foo.prototype.bar = function () {}              → method bar, nested under Foo when declared
 *   function Foo() { this.bar = function () {} }    → method bar, nested under Foo
 *   class Foo { constructor() { this.bar = () => {} } } → method bar of Foo (the pack lifts it)
 *   obj.method = function () {}                     → method, nested under obj when declared
 *   ns.group.fn = function () {}                    → function fn (signature keeps the path)
 *   Gen.Statement = { Block: function () {}, … }    → property Statement holding methods, nested under Gen
 *   Foo.prototype = { bar: function () {}, … }      → methods bar, …, nested under Foo when declared
 *   module.exports = { f() {}, g: () => {} }        → exported functions f and g (exportedObjectFunctions)
 *   module.exports = { fmt: { a: function () {} } } → exported constant fmt, its functions methods
 *   module.exports = { PORT: 3000, cp437: {…} }     → exported constant `exports`, the keys its members
 * Anything else (`a.b = 1`) is not a declaration and is dropped.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { signatureOf } from "../../core/extract.js";
import { foldedValue, namesValue } from "./exports.js";
import { FUNCTION_WRAPPERS } from "./bindings.js";
import { definesInstanceProperty, typed } from "./constructors.js";
import { definesMethod, isParameter, mixinFunction, prototypeAliasAround, setsReturnedClassStatic } from "./in-function.js";
import { declaredTypes, exportObjects, literalTakes, namespaceObjects, prototypeAliases, wrappedBindings } from "./defined-properties.js";
import { COMPONENT_NAME } from "./compound.js";
import { inCompiledNamespace } from "./compiled-namespaces.js";
import { onLocalObject } from "./block-bindings.js";
import { callsParameter, esModule, factoryHead, factoryReturn, invokedFunction, rebindsExports } from "./iife.js";
import { umdExportsAliases, umdWrapperBinding } from "./umd-exports.js";
import { atModuleLevel, moduleThis, statementParent } from "./statement-scope.js";

import { EXPORTS_PATH, dottedPrototypeObject } from "./dotted-owners.js";
import { isModuleExportsTarget, providedValue } from "./closure.js";
import { prototypeMixinOwner } from "./prototype-mixins.js";

export const FUNCTION_VALUES = new Set(["function_expression", "arrow_function", "generator_function", "function"]);

/**
 * The assignment a record stands for: its statement's (`a.b = …;`, the tags query's), or the record's
 * node itself (one of a comma sequence's, `A.prototype.x = function () {…}, A.prototype.y = …;`).
 */
export function assignmentOf(node: Node | undefined | null): Node | null {
  if (node?.type === "assignment_expression") return node;
  return node?.namedChild(0) ?? null;
}

const FUNCTION_NODES = new Set(["function_expression", "arrow_function", "function_declaration", "generator_function", "method_definition"]);

/** Data symbols: a `this.list = items.map((s) => ({ pos: … }))` property's callback returns no members either. */
const HOLDERS = new Set(["variable", "constant", "property"]);

/**
 * A pair or method found under a data symbol (`var __createBinding = (…) || (function (o, m, k) { desc
 * = { get: function () {…} } })`) that sits inside a function of the value, not in the value's own
 * object: a local of that function (a callback), no member — as inside a function declaration. A
 * function called where it stands (an IIFE: ES5 classes, the module pattern) is the value's own body.
 */
export function inNestedFunction(r: SymbolRecord, parent: SymbolRecord | undefined): boolean {
  // (Also a member assignment onto an object that function binds: select2's `S2.define('select2/utils',
  // [], function () { var Utils = {}; Utils.Extend = function …; return Utils; })` had listed `S2.Extend`,
  // a name nothing has. Not onto a class it declares, nor a parameter: mathjs' factories, zod's `inst`.)
  // (The cheap tests first: `onLocalObject` reads the statement's block, once per block.)
  if (!parent?.node || !r.node || !HOLDERS.has(parent.kind)) return false;
  const member = r.node.type === "pair" || r.node.type === "method_definition" || (!!r.props?.assignment && onLocalObject(r.node));
  if (!member) return false;
  // (A mixin handed to a call, catalyst's `const c = createAbility((Class) => class extends Class {…})`:
  // the anonymous class the arrow returns is the value's own, its methods the binding's, as the bare
  // mixin's are the function's.)
  const mixin = r.node.type === "method_definition" ? mixinFunction(r.node) : null;
  for (let n = r.node.parent; n && n.id !== parent.node.id && n.startIndex >= parent.node.startIndex; n = n.parent) {
    if (FUNCTION_NODES.has(n.type) && !invoked(n) && n.id !== mixin?.id) return true;
  }
  return false;
}

/**
 * A function called where it stands (`(function () {…})()`, `(() => {…})()`, paper.js's `function (self)
 * {…}.call(this, self)`): a module or class pattern's body.
 */
function invoked(fn: Node): boolean {
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  if (up?.type === "member_expression" && /^(?:call|apply)$/.test(up.childForFieldName("property")?.text ?? "")) up = up.parent;
  return up?.type === "call_expression";
}

/** The function expression a record's assignment gives (captured as a named one too) is no member of its own: its members are the record's. */
export function liftOwnFunction(r: SymbolRecord, fn: Node): void {
  r.members = r.members.flatMap((m) => (m.node?.id === fn.id ? m.members : [m]));
}

/** Classify an assignment record in place; returns false when it is not a declaration. */
export function classifyAssignment(r: SymbolRecord, ctx: FileContext, declared?: () => Map<string, string>): boolean {
  const asg = assignmentOf(r.node);
  const left = asg?.childForFieldName("left");
  const right = asg?.childForFieldName("right");
  if (!asg || !left || !right) return false;
  // (`X.prototype["throw"]` reads as `X.prototype.throw`: a reserved word written as a string key.)
  // (A key no identifier spells, `x.converters['a or b']`, stands as `$key$` for the shapes below.)
  // (Mid-path too: rivets' `Rivets["public"].binders.text` is `Rivets.public.binders.text`.)
  let target = ctx.text(left).replace(/\s+/g, "").replace(/\[(["'])([\w$]+)\1\](?=[.[]|$)/g, ".$2").replace(/\[(["'])[^"'\]]*\1\]$/, ".$key$");
  // (`proto.add = function` after `var proto = Moment.prototype`: `Moment.prototype.add`.)
  const head = /^[\w$]+(?=[.[])/.exec(target)?.[0];
  // (backbone's `Backbone.sync = function` in a UMD factory handed `exports` as `Backbone`: `exports.sync`.)
  const written = target; // (`nacl.box.open`: read_symbol finds it by the path as written too)
  if (head && umdExportsAliases(ctx).has(head)) target = `exports${target.slice(head.length)}`;
  // (`this.m = function` in ace's `(function () {…}).call(Mode.prototype)`: `Mode.prototype.m`.)
  const aliased = head === "this" ? prototypeMixinOwner(r.node) : head ? prototypeAliases(ctx).get(head) ?? (r.node && !atModuleLevel(r.node) ? prototypeAliasAround(r.node, head) : undefined) : undefined;
  if (aliased) target = `${aliased}.prototype${target.slice(head!.length)}`;
  // (`this.Chosen = …` at the module's level, or in its IIFE called with `.call(this)`: the global object, as `window.Chosen`.)
  else if (head === "this" && moduleThis(r.node)) target = `window${target.slice(4)}`;
  const fn = assignedFunction(right);
  const isFn = !!fn;
  if (/^(?:module\.)?exports\b/.test(target) && r.node && rebindsExports(r.node)) return false;
  // (In a TypeScript ES module `module.exports = …` is a runtime patch, no declaration: feathers' `index.ts`.)
  // (A goog.module's `exports = {…}` too: closure.ts.)
  if (isModuleExportsTarget(target, ctx)) return !(typed(asg) && esModule(ctx)) && namedValue(r, right, ctx);
  // `window.MyLib = {…}` / `globalThis.x = function` in a browser script or IIFE: what it gives the world
  // (a function, class or object; not an `onload`-style handler nor a plain value).
  const global = /^(?:window|globalThis|global)\.([\w$]+)$/.exec(target); // (not `self`: often `const self = this`)
  const exp = /^(?:module\.)?exports\.([\w$]+)$/.exec(target) ??
    (global && !/^on[a-z]/.test(global[1]!) && (isFn || right.type === "class" || right.type === "object") ? global : null);
  // `exports.a = exports.b = void 0;`: tsc declaring the names it assigns later — not a declaration; nor `exports.__esModule = true`.
  // (Nor rollup's interop `module.exports.default = module.exports`; npm's `module.exports.Arborist =
  // module.exports` names the module for its importers and stays.)
  if (exp && (isVoidChain(right) || exp[1] === "__esModule" || (exp[1] === "default" && /^(?:module\.)?exports$/.test(right.text)))) return false;
  if (exp) {
    r.exported = true;
    const held = chainEnd(right)?.type === "class" ? "class" : right.type;
    r.kind = isFn ? "function" : held === "class" ? "class" : "constant";
    if (fn) asFunction(r, fn, right, ctx);
    else if (r.kind !== "constant") rehead(r, ctx);
    else umdWrapperBinding(r, right, ctx); // (pubsub-js: its UMD wrapper's `var PubSub = {}`)
    return true;
  }
  // (`this.root = { children: [] }` in a constructor: an instance property as any other value makes.)
  // (`Bottleneck.prototype.jobDefaults = {…}`: a prototype's data member, as a value of any other kind is.)
  if (right.type === "object") return namespaceObject(r, target) || instanceProperty(r, target) || prototypeValue(r, target, right, ctx, declared) || staticValue(r, target, right, ctx, declared);
  // `numeral.fn = Numeral.prototype = {…}` (numeral's): the prototype's methods, whatever else holds them;
  // `numeral._ = _ = {…}`: a namespace of methods as `numeral._ = {…}` is.
  if (chainEnd(right)?.type === "object" && (prototypeInChain(r, right, ctx) || namespaceObject(r, target))) return true;
  // `ko.tasks = (function () { function process() {…} … return { schedule: function … }; })()` (a module
  // pattern given to a member; knockout): a namespace as an object of functions is, its members what the
  // IIFE declares and the methods of the object it returns (as `var tasks = (function () {…})()` has).
  if (isIife(right) && namespaceObject(r, target, true)) return true;
  // `ConstDependency.Template = class ConstDependencyTemplate extends (…) {…}` (webpack's dependency
  // templates): a class held by a static property, nested under its owner with its methods, named by
  // the property callers use (as ctags names it).
  // (On a deeper path too, `internals.Response.Payload = class extends Stream.Readable` (hapi): under
  // what the path names, which the core finds.)
  const owned = right.type === "class" ? /^(?!this\.)([\w$]+(?:\.[\w$]+)*)\.([\w$]+)$/.exec(target) : null;
  if (owned) {
    r.kind = "class";
    r.attachTo = owned[1];
    rehead(r, ctx);
    return true;
  }
  if (!isFn) return instanceProperty(r, target) || prototypeValue(r, target, right, ctx, declared) || providedValue(r, target, right, ctx) || staticValue(r, target, right, ctx, declared);
  const proto = /^((?!this\.)[\w$]+(?:\.[\w$]+)*)\.prototype(?:\.([\w$]+)|(\[[\w$]+(?:\.[\w$]+)?(?:\((["'])[^"'()]*\4\))?\]))$/.exec(target);
  const member = proto ?? /^([\w$]+)(?:\.([\w$]+)|\[[\w$]+(?:\.[\w$]+)?(?:\((["'])[^"'()]*\3\))?\])$/.exec(target);
  // `util.ByteBuffer.prototype.getInt = function` (node-forge): a method of the constructor that path
  // holds (the core attaches it through the path), read by its path too.
  if (proto?.[1]!.includes(".") && !target.endsWith(".$key$")) (r.aliases ??= []).push(target);
  if (member) {
    // `this.push = function (x) {…}` in a constructor function: a method of the instances, nested
    // under that function (anywhere else `this.x = function` is a callback assignment).
    if (member[1] === "this" && !definesMethod(r.node)) return false;
    r.kind = "method";
    // (joi's `exports.ValidationError.prototype.annotate = function`: under the class the export names.)
    if (member[1] !== "this") r.attachTo = member[1]!.replace(EXPORTS_PATH, "");
  } else {
    // `webidl.converters.DOMString = function (…)`: a function of a namespace object, named by its
    // last segment (as ctags and editors name it); the signature keeps the whole path.
    // (Also on what a call returns, jasmine's `getJasmineRequireObj().AllOf = function (j$) {…}` factories.)
    if (!/^(?!this\.)[\w$]+(?:\(\)(?:\.[\w$]+)+|(?:\.[\w$]+){2,})$/.test(target)) return false;
    r.kind = "function";
    // Nested under what the path before it names when the file declares that (the core attaches it):
    // Closure's `goog.structs.Map.hasKey_ = function` under `goog.structs.Map = function`.
    // (On the export object, `exports.box.open = function`, or tweetnacl's `nacl.box.open = function` with
    // `nacl` handed `module.exports`: under `box`.)
    r.attachTo = target.slice(0, target.lastIndexOf(".")).replace(EXPORTS_PATH, "");
    // read_symbol finds it by its path too: acorn's eleven `prototypeAccessors.x.get` are told apart.
    if (!target.endsWith(".$key$")) (r.aliases ??= []).push(...new Set([target, written]));
  }
  asFunction(r, fn!, right, ctx);
  return true;
}

/**
 * The function an assignment gives its target: the value itself, the end of a chain (`A.prototype.call =
 * A.prototype.callAsync = function call() {…}`), or the function handed to a wrapper call
 * (`Hook.prototype.tap = util.deprecate(function tap() {…}, "…")`, `memoize(() => …)`).
 */
export function assignedFunction(right: Node): Node | null {
  const v = chainEnd(right);
  if (!v) return null;
  if (FUNCTION_VALUES.has(v.type)) return v;
  if (v.type !== "call_expression") return null;
  // Only a call that returns the function it wraps: `this.timer = setTimeout(function () {…})` holds a
  // timer, `this.server = http.createServer(function (req, res) {…})` a server.
  const callee = v.childForFieldName("function");
  const name = callee?.type === "member_expression" ? callee.childForFieldName("property") : callee;
  if (!name || !(FUNCTION_WRAPPERS.has(name.text) || WRAPS_FUNCTION.has(name.text))) return null;
  const arg = v.childForFieldName("arguments")?.namedChild(0);
  return arg && FUNCTION_VALUES.has(arg.type) ? arg : null;
}
/** Beside the binding wrappers (memo, debounce, …): Node's util wrappers, co's and bluebird's. */
const WRAPS_FUNCTION = new Set(["deprecate", "promisify", "callbackify", "wrap", "coroutine", "method"]);

/**
 * A function-valued assignment as the declaration of that function: its body the function's, the
 * function expression itself (captured as a named one) not a member of its own, the chain's other
 * targets its aliases (read_symbol finds `callAsync` too).
 */
function asFunction(r: SymbolRecord, fn: Node, right: Node, ctx: FileContext): void {
  const asg = assignmentOf(r.node);
  if (fn.parent?.id !== asg?.id) {
    r.bodyNode = fn.childForFieldName("body") ?? undefined;
    liftOwnFunction(r, fn);
  } else if (asg && asg.nextNamedSibling?.type === "comment") {
    // (gsap's `X.prototype.m = function m() {…} // note` / `// isPlayingBackwards() {` / … / `;`: the
    // comments before the `;` are no part of it — its range and head end with the function.)
    r.endLine = asg.endPosition.row + 1;
    r.bodyNode = fn.childForFieldName("body") ?? undefined;
  }
  for (let v: Node | null = right; v?.type === "assignment_expression"; v = v.childForFieldName("right")) {
    const left = v.childForFieldName("left");
    // (`P.prototype.caught = P.prototype["catch"] = function`: a string key names one too.)
    const name = left?.type === "subscript_expression" ? left.childForFieldName("index")?.namedChild(0) : left?.childForFieldName("property");
    if (name && (name.type === "property_identifier" || name.type === "string_fragment") && ctx.text(name) !== r.name) (r.aliases ??= []).push(ctx.text(name));
  }
  rehead(r, ctx);
}

/**
 * `CodeGenerator.Statement = { BlockStatement: function (stmt) {…}, … }`: an object of functions given to
 * a member — a namespace of methods (escodegen's whole code generator is two of them), a property of
 * `CodeGenerator` nested under it when declared (`ns.group.obj = {…}`: a constant named by the last
 * segment). An object with no function in it (`a.b = { x: 1 }`) is data, not a declaration.
 */
function namespaceObject(r: SymbolRecord, target: string, functions = false): boolean {
  if (!/^(?!this\.)[\w$]+(?:\.[\w$]+)+$/.test(target) || !r.members.some((m) => m.kind === "method" || (functions && m.kind === "function"))) return false;
  if (dottedPrototypeObject(r, target)) return true; // (`$.Widget.prototype = {…}`: as `Widget.prototype = {…}`)
  const dot = target.indexOf(".");
  // (On the global object, `window.Gadget = (function () {…})()`: what the script gives the world, as `window.X = {…}`.)
  if (GLOBAL_PATH.test(target)) {
    r.kind = "constant";
    r.exported = true;
  } else if (dot === target.lastIndexOf(".")) {
    r.kind = "property";
    r.attachTo = target.slice(0, dot);
  } else r.kind = "constant";
  return true;
}
const GLOBAL_PATH = /^(?:window|globalThis|global)\.[\w$]+$/;

/** A chain of assignments to an object naming `X.prototype` among its targets: that prototype's record (hoistedMethods). */
function prototypeInChain(r: SymbolRecord, right: Node, ctx: FileContext): boolean {
  for (let v: Node | null = right; v?.type === "assignment_expression"; v = v.childForFieldName("right")) {
    const m = /^([\w$]+)\.prototype$/.exec(ctx.text(v.childForFieldName("left") ?? v).replace(/\s+/g, ""));
    if (m && namespaceObject(r, m[0])) {
      r.name = "prototype";
      return true;
    }
  }
  return false;
}

/** `(function () {…})()`, `(function () {…}())`, `(() => {…})()`: a call of a function written in place. */
function isIife(value: Node): boolean {
  return !!invokedFunction(value);
}

/**
 * `Widget.prototype = { render: function () {…} }` (namespaceObject's property `prototype` of Widget):
 * its methods, each to be nested under Widget as `Widget.prototype.render = function` is; undefined for
 * any other record.
 */
export function hoistedMethods(r: SymbolRecord): SymbolRecord[] | undefined {
  if (r.kind !== "property" || r.name !== "prototype" || !r.attachTo) return undefined;
  const owner = r.attachTo;
  return r.members.filter((m) => m.kind === "method").map((m) => memberOf(m, owner));
}

/**
 * `m` as a member of `owner` (the core attaches it by name), which the pack makes as public as its owner,
 * as `Foo.prototype.x = …` is (`hoisted`): a prototype object's, an `Object.defineProperty`/`-ies`
 * accessor's, an `Object.assign(Foo.prototype, {…})` method's record.
 */
export function memberOf(m: SymbolRecord, owner: string): SymbolRecord {
  m.attachTo = owner;
  m.props = { ...m.props, hoisted: "true" };
  return m;
}

/**
 * `constructor() { /** Whether the object is rendered. *\/ this.visible = true; }` (three.js's whole
 * property API), `function Queue() { this.length = 0; }`: a statement directly in a constructor's body
 * that gives instances a data property — a property of the class (the pack lifts it out of an ES
 * class's constructor; a constructor function holds it by range). Not one inside a branch or a nested
 * function, nor `this.a.b = …`.
 */
function instanceProperty(r: SymbolRecord, target: string): boolean {
  // (Not zod's `this.__proto__ = actualProto`: the instance's prototype link.)
  if (!/^this\.[\w$]+$/.test(target) || target === "this.__proto__" || !definesInstanceProperty(r.node)) return false;
  r.kind = "property";
  return true;
}

/**
 * `Builder.prototype.select = Builder.prototype.columns` (knex's 25 aliases), `Model.prototype.$save =
 * Model.prototype.save`, `WebSocket.prototype.addEventListener = addEventListener`, `Foo.prototype.kind =
 * "x"`: a member of the class whose prototype it is — a method when the value names one (read_symbol
 * reads the assignment), else a property — also `X.prototype.y = undefined` (mongoose's InternalCache
 * declares its 17 fields so). Not `.constructor` / `.__proto__`.
 */
function prototypeValue(r: SymbolRecord, target: string, right: Node, ctx: FileContext, declared?: () => Map<string, string>): boolean {
  // (On a path too, joi's `internals.Base.prototype.equal = internals.Base.prototype.valid`: the core attaches it through the path.)
  const m = /^([\w$]+(?:\.[\w$]+)*)\.prototype\.([\w$]+)$/.exec(target);
  // (`Child.prototype.constructor = Child`, `Box.prototype.__proto__ = Element.prototype`, blessed's: inheritance plumbing.)
  if (!m || m[2] === "constructor" || m[2] === "__proto__") return false;
  // (`X.prototype.Y = wrap(class Y {…})`: the class it holds is the entry.)
  if (r.members.some((x) => x.kind === "class" || x.kind === "function")) return false;
  // (A closure factory called in place that returns a function, howler's wrapped `init`: a method, its head elided. A parameter's value is data: http-errors' `status = code`.)
  const made = factoryReturn(right);
  if (made && r.node) {
    r.kind = "method";
    r.attachTo = m[1]!.replace(EXPORTS_PATH, "");
    r.signature = factoryHead(ctx, r.node, made) ?? undefined;
    return true;
  }
  const v = chainEnd(right);
  const named = namedDeclaration(r, v, declared);
  // (A constant or variable this scope declares with a value no function: data, rsvp's `Promise.prototype._guidKey = guidKey`.)
  const data = named === "class" || named === "constant" || named === "variable" || (v?.type === "identifier" && r.node && isParameter(r.node, v.text));
  r.kind = !data && (v?.type === "identifier" || v?.type === "member_expression") ? "method" : "property";
  r.attachTo = m[1]!.replace(EXPORTS_PATH, "");
  rehead(r, ctx);
  return true;
}

/**
 * `AxiosError.ERR_BAD_REQUEST = 'ERR_BAD_REQUEST'`, `Dependency.NO_EXPORTS_REFERENCED = []`,
 * `CLIEngine.version = pkg.version` after the class: static data of a class or constructor function the
 * file declares at the top level — a property member of it (axios, webpack, three.js: 170 of 188 such
 * assignments had been no entry). So is `tls.ConnectionEnd = {…}` on a namespace the module builds
 * from `{}` (namespaceObjects; node-forge's documented constants and enums), and `Token.None = …` in tsc's
 * compiled namespace (compiled-namespaces.ts). Not data of an object literal with keys (`tlenv.isSafari
 * = …` sets a key its literal declares) — a function or class the file declares is its member, mustache's
 * `mustache.escape = escapeHtml` (literalTakes) —, nor `X.y = void 0`.
 */
function staticValue(r: SymbolRecord, target: string, right: Node, ctx: FileContext, declared?: () => Map<string, string>): boolean {
  const m = /^([\w$]+)\.([\w$]+)$/.exec(target);
  if (!m || isVoidChain(right)) return false;
  const v = chainEnd(right);
  const named = namedDeclaration(r, v, declared);
  const owned = declaredTypes(ctx).has(m[1]!) || wrappedBindings(ctx).has(m[1]!) || (namespaceObjects(ctx).has(m[1]!) && atModuleLevel(r.node)) || inCompiledNamespace(r.node, m[1]!) || setsReturnedClassStatic(r.node);
  if (!owned && !((named === "function" || named === "class") && literalTakes(ctx, m[1]!, m[2]!))) return false;
  // (Not `parse.default = parse`, interop; nor `_exports.center = center` on the export object: that exports `center`.)
  if ((m[2] === "default" && v?.text === m[1]) || (named && exportObjects(ctx).has(m[1]!))) return false;
  // (A method when it names a function; `Tabs.List = List`, a compound component (COMPONENT_NAME), is a property.)
  r.kind = named === "function" && !COMPONENT_NAME.test(v!.text) ? "method" : "property";
  r.attachTo = m[1];
  rehead(r, ctx);
  return true;
}

/**
 * `X.prototype.render = renderX`, `ZodEnum.create = createZodEnum` naming a declaration of this scope:
 * the kind of that declaration when the statement is at the program's top level — the member is listed
 * under X (a method when it names a function) and compound.ts makes `X.render` an alias of renderX, which
 * read_symbol reads. In an IIFE's scope (CoffeeScript's `Base.prototype.isAssignable = NO;` in its class
 * IIFEs) `undefined`, as for a name the file does not declare.
 */
function namedDeclaration(r: SymbolRecord, v: Node | null, declared?: () => Map<string, string>): string | undefined {
  if (v?.type !== "identifier" || statementParent(r.node)?.type !== "program") return undefined;
  return declared?.().get(v.text);
}


/** The last name a chain assigns its value to (`internals.State = class …` → State). */
export function lastTargetName(value: Node, ctx: FileContext): string | undefined {
  let name: string | undefined;
  for (let v: Node | null = value; v?.type === "assignment_expression"; v = v.childForFieldName("right")) {
    name = /([\w$]+)$/.exec(ctx.text(v.childForFieldName("left") ?? v))?.[1];
  }
  return name;
}

/** The value a chain of assignments ends in (`a = b = value`: value), or the value itself. */
export function chainEnd(value: Node): Node | null {
  let v: Node | null = value;
  while (v?.type === "assignment_expression") v = v.childForFieldName("right");
  return v;
}

/** `void 0` / `undefined`, or a chain of assignments ending in one (`exports.b = void 0`). */
function isVoidChain(value: Node): boolean {
  const v = chainEnd(value);
  if (!v) return false;
  if (v.type === "undefined" || (v.type === "identifier" && v.text === "undefined")) return true;
  return v.type === "unary_expression" && /^void\s/.test(v.text);
}

/** An assignment statement whose value is a function or arrow (`a.b = function () {}`). */
export function assignsFunction(statement: Node | undefined): boolean {
  const right = assignmentOf(statement)?.childForFieldName("right");
  return !!right && !!assignedFunction(right);
}

/** The head was cut as a constant's (`x = …`); a function keeps its parameters. */
function rehead(r: SymbolRecord, ctx: FileContext): void {
  if (r.node) r.signature = signatureOf(ctx, r.node, r.bodyNode ?? null, []) || undefined;
}

/**
 * `module.exports = class X {}` / `function x() {}`: the value's own name. An anonymous one
 * (`module.exports = function (streamModule) {…}`, the module's one export) is named `exports`, as
 * Universal Ctags names it — it is what `require()` returns, not a callback.
 */
function namedValue(r: SymbolRecord, value: Node, ctx: FileContext): boolean {
  // (Down a chain: `module.exports = internals.State = class {…}` is the class State, joi's.)
  const right = chainEnd(value) ?? value;
  const alsoNamed = right !== value && (right.type === "class" || FUNCTION_VALUES.has(right.type)) ? lastTargetName(value, ctx) : undefined;
  // `module.exports = defineComponent({…})` / `new Router()` / `require("./lib")`: an exported constant
  // `exports` holding what the value declares (an object literal is exportedObjectFunctions'; a name,
  // the declaration it names).
  if (right.type !== "object" && !namesValue(right, ctx) && !(right.type === "class" || FUNCTION_VALUES.has(right.type))) {
    // A UMD wrapper's `module.exports = factory()`, factory its parameter: what the factory returns is
    // the export (returnsFromUmdFactory), the call no entry (lunr, localforage, pikaday, tv4).
    if (callsParameter(right, r.node)) return false;
    r.name = "exports";
    r.kind = "constant";
    r.signature = `module.exports = ${foldedValue(right, ctx)}`;
    r.exported = true;
    return true;
  }
  if (!(right.type === "class" || FUNCTION_VALUES.has(right.type))) return false;
  const name = right.childForFieldName("name");
  r.name = name ? ctx.text(name) : alsoNamed ?? "exports";
  r.kind = right.type === "class" ? "class" : "function";
  rehead(r, ctx);
  r.exported = true;
  return true;
}
