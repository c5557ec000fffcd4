/**
 * Module scopes: top-level IIFEs (the scope of a CDN or UMD bundle, read as the module's: bindings.ts
 * moduleBindings), AMD factories, a bundle's module functions, and the statements export rules read.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip, collapse } from "../../core/text.js";
import { chainEnd } from "./assignments.js";
import { isParameter } from "./in-function.js";
import { isEsbuildModule } from "./esbuild-exports.js";
import { iifeBodies } from "./iife-sequences.js";

/**
 * The program's statements, and those of a top-level IIFE's body in its place — `(() => { var hr = {
 * lastWeek: function … } … })()`, the scope of a CDN or UMD bundle (date-fns' locale/*\/cdn.js): its
 * bindings are the module's, and an object's methods nest under it (they had been listed without it).
 */
export function* moduleStatementsWithIifes(program: Node, bundled = false, depth = 0): Generator<Node> {
  // (The children array: a `nextNamedSibling` step costs the sibling's position — a file of 10,000
  // top-level statements had spent seconds here.)
  for (const stmt of program.namedChildren) {
    if (!stmt) continue;
    // (An IIFE inside one, to a depth of three: crypto-js's `(function (Math) {…}(Math))` in its UMD factory.)
    // (And a sequence of them, Uglify's `!function ($) {…}(jQuery), function ($, X) {…}(jQuery, X);`: iife-sequences.ts.)
    const bodies = depth < 3 ? iifeBodies(stmt) : [];
    if (bodies.length) {
      for (const body of bodies) yield* moduleStatementsWithIifes(body, bundled, depth + 1);
      continue;
    }
    yield stmt;
    // (A bundle's module functions are each a module's scope: bundleModules.)
    if (bundled && depth < 4) for (const m of bundleModules(stmt)) yield* moduleStatementsWithIifes(m, false, depth + 1);
  }
}

const bundles = new WeakMap<FileContext, boolean>();
const esm = new WeakMap<FileContext, boolean>();
/** The file has a top-level `import` or `export` statement (an ES module), once a file. */
export function esModule(ctx: FileContext): boolean {
  let m = esm.get(ctx);
  if (m === undefined) esm.set(ctx, (m = ctx.tree.rootNode.namedChildren.some((s) => s?.type === "import_statement" || s?.type === "export_statement")));
  return m;
}

/** A file that may hold a bundle's module functions (bundleModules): browserify's or webpack's (once a file). */
export function isBundle(ctx: FileContext): boolean {
  let b = bundles.get(ctx);
  if (b === undefined) bundles.set(ctx, (b = BUNDLE_HINT.test(ctx.source)));
  return b;
}
// (webpack's: a parameter list ending in `__webpack_require__)`, not a test of `typeof __webpack_require__`.)
// (esbuild's: `__commonJS({ "src/a.js"(exports, module) {…} })`, isEsbuildModule.)
const BUNDLE_HINT = /function\s*\(\s*require\s*,\s*module\s*,\s*exports\s*\)|[(,]\s*__webpack_require__\s*\)|\b__commonJS\(\{/;
/** The parameters webpack gives a module function (`__webpack_require__`, `__unused_webpack___webpack_module__`, `__unused_webpack_module`, …). */
const WEBPACK_PARAM = /webpack_(?:require|exports|module)__$|^__unused_webpack_(?:module|exports)$/;

/**
 * The bodies of the module functions a statement holds, outermost only: browserify's `{1: [function
 * (require, module, exports) {…}, {"./utils": 2}], …}` (jszip's, qs's, superagent's dist builds) and
 * webpack's `{"./src/a.js": (function (module, __webpack_exports__, __webpack_require__) {…})}` (esprima,
 * nunjucks, source-map). What each declares is a module's (`var helper = { run: function … }`), not a
 * callback's local: jszip's dist/jszip.js had listed its objects' methods as callbacks.
 */
export function bundleModules(stmt: Node): Node[] {
  // (Each module-scope walk asks again — bindings, exports, sequences, …: one search of the statement a tree.)
  let byTree = modulesOf.get(stmt.tree);
  if (!byTree) modulesOf.set(stmt.tree, (byTree = new Map()));
  let out = byTree.get(stmt.id);
  if (out) return out;
  byTree.set(stmt.id, (out = []));
  let end = -1;
  for (const fn of stmt.descendantsOfType(["function_expression", "arrow_function", "method_definition"])) {
    if (!fn || fn.startIndex < end || !(fn.type === "method_definition" ? isEsbuildModule(fn) : isBundleModule(fn))) continue;
    const body = fn.childForFieldName("body");
    if (body?.type !== "statement_block") continue;
    out.push(body);
    end = fn.endIndex;
  }
  return out;
}

const modulesOf = new WeakMap<object, Map<number, Node[]>>();

/** A bundle's module map: an object whose first key holds a module function (webpack's `__webpack_modules__`). */
export function holdsBundleModules(value: Node | null): boolean {
  const map = unparenthesized(value);
  let first = map?.type === "object" ? map.firstNamedChild : null;
  while (first?.type === "comment") first = first.nextNamedSibling; // (`/***/ "./src/a.js":`)
  const fn = first?.type === "pair" ? unparenthesized(first.childForFieldName("value")) : null;
  return !!fn && (fn.type === "function_expression" || fn.type === "arrow_function") && isBundleModule(fn);
}

function isBundleModule(fn: Node): boolean {
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  if (up?.type !== "pair" && up?.type !== "array") return false;
  const names = (fn.childForFieldName("parameters")?.namedChildren ?? []).map((p) => p?.text ?? "");
  return names.join(",") === "require,module,exports" || names.some((n) => WEBPACK_PARAM.test(n));
}

/**
 * The function a call invokes in place, `(function () {…})()`, `(() => {…})()` (a function or arrow),
 * also through `.call`/`.apply` — paper.js's whole library is `var paper = function (self) {…}.call(this,
 * self)`, its parenthesized form `(function () {…}).call(this)` — else null.
 */
export function invokedFunction(value: Node | null): Node | null {
  const call = unparenthesized(value);
  let fn = unparenthesized(call?.type === "call_expression" ? call.childForFieldName("function") : null);
  if (fn?.type === "member_expression" && /^(?:call|apply)$/.test(fn.childForFieldName("property")?.text ?? "")) fn = unparenthesized(fn.childForFieldName("object"));
  return fn?.type === "function_expression" || fn?.type === "arrow_function" ? fn : null;
}

/** The expression inside any parentheses around it (`(function () {…})` → the function). */
export function unparenthesized(e: Node | null): Node | null {
  while (e?.type === "parenthesized_expression") e = e.namedChild(0);
  return e;
}

/**
 * The body of the IIFE a statement is, if it is one (iifeBody); also behind a condition, `"production"
 * !== process.env.NODE_ENV && (function () {…})()` (React's development builds), or behind a guard,
 * `CryptoJS.lib.Cipher || (function () {…}())` (crypto-js's modules, defined once).
 */
export function iifeStatementBody(stmt: Node): Node | null {
  if (stmt.type === "variable_declaration" || stmt.type === "lexical_declaration") return globalBuildBody(stmt);
  if (stmt.type === "return_statement") return returnedIifeBody(stmt);
  if (stmt.type !== "expression_statement") return null;
  let e = stmt.firstNamedChild;
  if (e?.type === "binary_expression" && /^(?:&&|\|\|)$/.test(e.childForFieldName("operator")?.type ?? "")) e = e.childForFieldName("right");
  return iifeBody(e) ?? amdFactory(e) ?? webpackAmdFactory(e);
}

const WEBPACK_AMD = /^__WEBPACK_AMD_DEFINE_(?:RESULT|FACTORY)__$/;
/**
 * An AMD module webpack compiled, `!(__WEBPACK_AMD_DEFINE_ARRAY__ = […], __WEBPACK_AMD_DEFINE_RESULT__ =
 * (function (R) {…}).apply(exports, __WEBPACK_AMD_DEFINE_ARRAY__), … (module.exports =
 * __WEBPACK_AMD_DEFINE_RESULT__))` (also `__WEBPACK_AMD_DEFINE_FACTORY__ = (function …)`): the factory's
 * body, the module's scope as amdFactory's is (raphael's builds had read "0 exported").
 */
function webpackAmdFactory(e: Node | null): Node | null {
  if (e?.type === "unary_expression") e = e.childForFieldName("argument");
  e = unparenthesized(e);
  for (let asg = e?.type === "sequence_expression" ? e.firstNamedChild : null; asg; asg = asg.nextNamedSibling) {
    if (asg.type === "sequence_expression") asg = asg.firstNamedChild!; // (nested to the right, in some grammars)
    if (asg.type !== "assignment_expression" || !WEBPACK_AMD.test(asg.childForFieldName("left")?.text ?? "")) continue;
    const right = asg.childForFieldName("right");
    const fn = invokedFunction(right) ?? unparenthesized(right);
    const body = fn?.type === "function_expression" || fn?.type === "arrow_function" ? fn.childForFieldName("body") : null;
    if (body?.type === "statement_block") return body;
  }
  return null;
}

/** The function is webpack's compiled AMD factory (webpackAmdFactory): `__WEBPACK_AMD_DEFINE_RESULT__ = (function …).apply(…)`. */
function isWebpackAmdFactory(fn: Node): boolean {
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  if (up?.type === "member_expression" && /^(?:call|apply)$/.test(up.childForFieldName("property")?.text ?? "")) up = up.parent?.type === "call_expression" ? up.parent.parent : null;
  while (up?.type === "parenthesized_expression") up = up.parent;
  return up?.type === "assignment_expression" && WEBPACK_AMD.test(up.childForFieldName("left")?.text ?? "");
}

/**
 * AMD's module: `define(["./dep"], function (dep) {…})`, `define(function (require, exports, module)
 * {…})`, `define("name", [...], function …)` — the factory's body is the module's scope, and what it
 * returns is what the module exports.
 */
function amdFactory(call: Node | null): Node | null {
  if (call?.type !== "call_expression" || call.childForFieldName("function")?.text !== "define") return null;
  const factory = unparenthesized(call.childForFieldName("arguments")?.lastNamedChild ?? null);
  const body = factory?.type === "function_expression" || factory?.type === "arrow_function" ? factory.childForFieldName("body") : null;
  return body?.type === "statement_block" ? body : null;
}

/**
 * The body of `(() => {…})()`, `(function () {…})()`, `(function () {…}())`, `(function () {…}).call(this)`,
 * `!function () {…}()`, or of a UMD wrapper's factory (umdFactory). Arguments that only name what the
 * body works on (`(function ($, window) {…})(jQuery, window)`, `(function (Math) {…}(Math))`) keep it a
 * module's scope.
 */
export function iifeBody(e: Node | null): Node | null {
  if (e?.type === "unary_expression") e = e.childForFieldName("argument");
  e = unparenthesized(e);
  if (e?.type !== "call_expression") return null;
  const factory = umdFactory(e);
  if (factory) return factory;
  let fn = e.childForFieldName("function");
  const args = e.childForFieldName("arguments")?.namedChildren ?? [];
  const call = fn?.type === "member_expression" && /^(?:call|apply)$/.test(fn.childForFieldName("property")?.text ?? "");
  // Names as arguments at most (`.call(this)`): tsc's `(function (NS) {…})(NS || (NS = {}))` is a namespace of its own.
  // (Browserify's `(function (process) {…}).call(this, require('_process'))`: what follows `this` names too.)
  if (call ? (args[0] && args[0].type !== "this") || !args.slice(1).every(namesOnly) : !args.every(namesOnly)) return null;
  if (call) fn = fn!.childForFieldName("object");
  fn = unparenthesized(fn);
  if (fn?.type !== "arrow_function" && fn?.type !== "function_expression") return null;
  const body = fn.childForFieldName("body");
  return body?.type === "statement_block" ? body : null;
}

/**
 * `x`, `this`, `window.jQuery`: an argument that only names a value; also one picked by a test of what
 * is defined (bn.js's `(function (module, exports) {…})(typeof module === 'undefined' || module, this)`).
 */
function namesOnly(arg: Node | null): boolean {
  if (arg?.type === "identifier" || arg?.type === "this") return true;
  // A name or setting handed in (hammer's `(window, document, 'Hammer')`): no namespace it builds.
  if (arg?.type === "string" || arg?.type === "number" || arg?.type === "undefined" || arg?.type === "null" || arg?.type === "true" || arg?.type === "false") return true;
  // (A module it requires, `require('_process')`, or settings, `{ env: {} }` — sockjs' browserify build.)
  if (arg?.type === "call_expression" && arg.childForFieldName("function")?.text === "require") return arg.childForFieldName("arguments")?.firstNamedChild?.type === "string";
  if (arg?.type === "object") return arg.namedChildren.every((p) => p?.type === "pair" && ["object", "string", "number", "true", "false", "null"].includes(p.childForFieldName("value")?.type ?? ""));
  // A pick of the global (ua-parser's `typeof window === 'object' ? window : this`), or of the export
  // object (sax's `typeof exports === 'undefined' ? (this.sax = {}) : exports`).
  if (arg?.type === "ternary_expression") {
    const [yes, no] = [arg.childForFieldName("consequence"), arg.childForFieldName("alternative")];
    return (namesOnly(yes) && namesOnly(no)) || exportsValue(yes) || exportsValue(no);
  }
  if (arg?.type === "binary_expression") {
    const op = arg.childForFieldName("operator")?.type ?? "";
    const left = arg.childForFieldName("left");
    if (op === "||" || op === "&&") return namesOnly(left) && namesOnly(arg.childForFieldName("right"));
    return /^[!=]==?$/.test(op) && left?.type === "unary_expression" && left.firstChild?.type === "typeof" && arg.childForFieldName("right")?.type === "string";
  }
  // A new object for a name (doctrine's `(function (exports) {…}(jsdoc = {}))`): the scope fills it, as it
  // fills one it is handed. (Not tsc's `NS || (NS = {})`, a namespace of its own: compiled-namespaces.ts.)
  if (arg?.type === "assignment_expression") return arg.childForFieldName("left")?.type === "identifier" && namesOnly(arg.childForFieldName("right"));
  return arg?.type === "member_expression" && namesOnly(arg.childForFieldName("object"));
}

/**
 * A UMD wrapper's factory: `(function (global, factory) { typeof exports === 'object' ? factory(exports)
 * : define(['exports'], factory) … })(this, (function (exports) { 'use strict'; class ReadableStream …
 * exports.ReadableStream = ReadableStream; }))` (rollup's and umdjs's output: web-streams-polyfill's
 * builds). Its body is the bundle's module scope, and `exports.X = X` there exports X. The wrapper is
 * a function of two or more parameters whose last is the factory (named so, or handed to `define.amd`),
 * or of one that it hands to `define` or hands the export object (backbone's `factory(exports)`).
 */
export function umdFactory(call: Node): Node | null {
  const wrapper = unparenthesized(call.childForFieldName("function"));
  if (wrapper?.type !== "function_expression" && wrapper?.type !== "arrow_function") return null;
  const params = wrapper.childForFieldName("parameters");
  const args = call.childForFieldName("arguments");
  const factory = unparenthesized(args?.lastNamedChild ?? null);
  if (!params || params.namedChildCount < 1 || (factory?.type !== "function_expression" && factory?.type !== "arrow_function")) return null;
  // (Or of one, knockout's `(function (factory) { … define(['exports'], factory) … factory(module['exports'] || exports) … }(function (koExports) {…}))`.)
  if (!/factory/i.test(params.lastNamedChild?.text ?? "") && !/\bdefine(?:\.amd\b|\[["']amd["']\])/.test(wrapper.text)) return null;
  if (params.namedChildCount < 2 && !/\bdefine\b/.test(wrapper.text) && !handsExports(wrapper.text, params.lastNamedChild!.text)) return null;
  const body = factory.childForFieldName("body");
  return body?.type === "statement_block" ? body : null;
}

/** The wrapper hands the export object to its factory: `factory(exports)`, `module.exports = factory()` (a one-parameter wrapper without `define`). */
function handsExports(wrapper: string, factory: string): boolean {
  const f = factory.replace(/\$/g, "\\$");
  return new RegExp(`\\b${f}\\(\\s*(?:module\\.)?exports\\b|\\bmodule\\.exports\\s*=\\s*${f}\\(`).test(wrapper);
}

/** `exports` or `module.exports` (unparenthesized). */
export function exportsValue(n: Node | null): boolean {
  const v = unparenthesized(n);
  return (v?.type === "identifier" && v.text === "exports") || (v?.type === "member_expression" && v.text.replace(/\s+/g, "") === "module.exports");
}

/**
 * Whether a `return` is a statement of a UMD or AMD factory's body: what the module exports — also of an
 * IIFE such a `return` returns the value of (returnedIifeBody).
 */
export function returnsFromUmdFactory(ret: Node): boolean {
  const fn = ret.parent?.parent;
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return false;
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  const call = up?.type === "arguments" ? up.parent : null;
  if (call?.type === "call_expression" && (umdFactory(call) ?? amdFactory(call))?.id === ret.parent!.id) return true;
  if (isWebpackAmdFactory(fn)) return true;
  const outer = returnOfIife(fn);
  return !!outer && returnedIifeBody(outer)?.id === ret.parent!.id;
}

/**
 * The body of the IIFE a UMD or AMD factory returns, `function () { return (function () { function Loki()
 * {…} … return Loki; }()); }` (lokijs and its adapters): the module's scope, its `return` the export
 * (they had read "0 exported", LokiOps' operators callbacks). Not a plain IIFE's, whose value is dropped.
 */
function returnedIifeBody(ret: Node): Node | null {
  const value = ret.firstNamedChild;
  return value && unparenthesized(value)?.type === "call_expression" && returnsFromUmdFactory(ret) ? iifeBody(value) : null;
}

/** The `return` statement whose value is the call invoking `fn` in place (`return (function () {…}())`, `.call(this)`). */
function returnOfIife(fn: Node): Node | null {
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  if (up?.type === "member_expression" && /^(?:call|apply)$/.test(up.childForFieldName("property")?.text ?? "")) up = up.parent;
  if (up?.type !== "call_expression") return null;
  up = up.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  return up?.type === "return_statement" ? up : null;
}

/**
 * The module's statements, and those of its top-level `if` blocks (`if (process.env.X) { exports.d = d
 * }`) and IIFEs (a UMD factory's `exports.ReadableStream = ReadableStream`: iife.ts).
 */
export function moduleStatements(root: Node, bundled = false): Node[] {
  const out: Node[] = [];
  const go = (n: Node, depth: number) => {
    for (const s of n.namedChildren) {
      if (!s) continue;
      // (Deep enough for a UMD tail's `if (define) {…} else if (module) { module.exports = Decimal }` in an IIFE.)
      const type = depth < 6 ? s.type : "";
      // (An IIFE in an IIFE too: lunr's UMD tail inside its bundle's `;(function () {…})()`.)
      // (And webpack's compiled AMD factory in a bundle's module function: webpackAmdFactory.)
      const iife = (type === "expression_statement" || type === "variable_declaration" || type === "lexical_declaration" || type === "return_statement") && depth < 3 ? iifeBodies(s) : type === "expression_statement" ? [webpackAmdFactory(s.firstNamedChild)].filter((b) => !!b) as Node[] : [];
      if (type === "if_statement" || type === "else_clause" || type === "statement_block") go(s, depth + 1);
      else if (iife.length) for (const body of iife) go(body, depth + 1);
      else {
        out.push(s);
        // (A bundle's module functions: iife.ts bundleModules.)
        if (bundled && depth < 4) for (const m of bundleModules(s)) go(m, 5);
      }
    }
  };
  go(root, 0);
  return out;
}

/**
 * Rollup's CommonJS wrapper in a bundle, `(function (module, exports) { exports.colors = […]; })(browser,
 * browser.exports)`: an IIFE whose `module`/`exports` parameter is handed another object — what the
 * statement at `node` sets on them is that object's, not the file's exports (socket.io-client's dist had
 * listed debug's `storage`, `colors`, `log` as its API). Not when handed the real ones (`exports`,
 * `module`, `this`, bn.js' `typeof module === 'undefined' || module`).
 */
export function rebindsExports(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type !== "function_expression" && p.type !== "arrow_function") continue;
    let callee: Node = p;
    while (callee.parent?.type === "parenthesized_expression") callee = callee.parent;
    const call = callee.parent;
    if (call?.type !== "call_expression" || call.childForFieldName("function")?.id !== callee.id) continue;
    const params = p.childForFieldName("parameters")?.namedChildren ?? [];
    const args = call.childForFieldName("arguments")?.namedChildren ?? [];
    for (let i = 0; i < params.length; i++) {
      if (!/^(?:module|exports)$/.test(params[i]?.text ?? "")) continue;
      const arg = args[i];
      // (A global build's `({}, Vue)`: the object it fills is the module's API, globalBuildBody.)
      if (arg?.type === "object" && !arg.namedChildCount && call.parent?.type === "variable_declarator" && globalBuildBody(call.parent.parent!)) continue;
      const root = arg?.type === "member_expression" ? /^[\w$]+/.exec(arg.text)?.[0] : arg?.type === "identifier" ? arg.text : arg?.type === "object" ? "{" : undefined;
      if (root && !/^(?:module|exports|this)$/.test(root)) return true;
    }
  }
  return false;
}

/**
 * `var uid = (function () { var n = 0; return function () { return ++n; }; })()`: a closure factory
 * called in place, whose last statement returns a function — the binding is that function (it had
 * been a variable `uid = …`). Returning a name (`return Foo`, a compiled class) is not this.
 */
export function factoryReturn(value: Node): Node | null {
  const body = invokedFunction(chainEnd(value) ?? value)?.childForFieldName("body");
  let last = body?.type === "statement_block" ? body.lastNamedChild : null;
  while (last?.type === "comment") last = last.previousNamedSibling;
  const fn = last?.type === "return_statement" ? unparenthesized(last.firstNamedChild) : null;
  return fn?.type === "function_expression" || fn?.type === "arrow_function" ? fn : null;
}


/**
 * The head of a binding `factoryReturn` reads, with the factory's body elided around the returned
 * function's head: `var uid = (function () {… return function (prefix) …})()`.
 */
export function factoryHead(ctx: FileContext, node: Node, fn: Node): string | null {
  // (Or an assignment's, howler's `Howl.prototype.init = (function (_super) {… return function (o) …})(Howl.prototype.init)`.)
  const asg = node.type === "expression_statement" && node.firstNamedChild?.type === "assignment_expression" ? node.firstNamedChild : null;
  // (And a key's, jquery-validation's `date: (function () {… return function (value) …}())`.)
  const value = node.type === "lexical_declaration" || node.type === "variable_declaration" ? node.namedChild(0)?.childForFieldName("value") : node.type === "pair" ? node.childForFieldName("value") : asg?.childForFieldName("right");
  const body = value && factoryReturn(value)?.id === fn.id ? invokedFunction(chainEnd(value) ?? value)?.childForFieldName("body") : null;
  if (!value || !body) return null;
  const returned = collapse(ctx.source.slice(fn.startIndex, fn.childForFieldName("body")?.startIndex ?? fn.endIndex)).replace(/\s*\{?\s*$/, "");
  const head = `${ctx.source.slice(node.startIndex, body.startIndex)}{… return ${returned} …}${ctx.source.slice(body.endIndex, value.endIndex)}`;
  return clip(collapse(head), MAX_SIGNATURE);
}

/** `factory(…)` (a UMD wrapper's `module.exports = factory()`) where `factory` is a parameter of the function the statement stands in. */
export function callsParameter(value: Node, statement: Node | undefined): boolean {
  const callee = value.type === "call_expression" ? value.childForFieldName("function") : null;
  return callee?.type === "identifier" && !!statement && isParameter(statement, callee.text);
}

/**
 * Rollup's and tsdown's `format: "iife"` global build, `var VueRouter = (function (exports, vue) { …
 * exports.createRouter = createRouter; return exports; })({}, Vue)`: the body is the module's scope, its
 * `exports.X = X` its API (vue-router's `*.global.js` had read "0 exported", all of it under the var).
 */
export function globalBuildBody(stmt: Node): Node | null {
  if (stmt.namedChildCount !== 1) return null;
  const call = unparenthesized(stmt.firstNamedChild?.type === "variable_declarator" ? stmt.firstNamedChild.childForFieldName("value") : null);
  if (call?.type !== "call_expression") return null;
  const fn = unparenthesized(call.childForFieldName("function"));
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return null;
  const first = fn.childForFieldName("parameters")?.firstNamedChild;
  const arg = call.childForFieldName("arguments")?.firstNamedChild;
  const body = fn.childForFieldName("body");
  const last = body?.type === "statement_block" ? body.lastNamedChild : null;
  if (first?.text !== "exports" || arg?.type !== "object" || arg.namedChildCount > 0) return null;
  return last?.type === "return_statement" && last.namedChild(0)?.text === "exports" ? body : null;
}
