/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 42, QA rounds on unseen JS and TS packages). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

const pick = (e: { kind: string; startLine: number; endLine: number; exported: boolean } | undefined) => (e ? [e.kind, e.startLine, e.endLine, e.exported] : undefined);

describe("JS/TS shapes from npm packages, session 42", () => {
  it("a prototype member assigned a constant this file declares is a property; one assigned a function it declares stays a method (rsvp's `Promise.prototype._guidKey = guidKey`)", async () => {
    const r = await report("rsvp.js", [
      "const guidKey = 'rsvp_' + Date.now() + '-';",
      "let counter = 0;",
      "const send = function (m) { return m; };",
      "function then() {}",
      "class Promise {}",
      "Promise.prototype._guidKey = guidKey;",
      "Promise.prototype.counter = counter;",
      "Promise.prototype.send = send;",
      "Promise.prototype.then = then;",
      "Promise.prototype.tag = 'x';",
      "export default Promise;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Promise._guidKey"))).toEqual(["property", 6, 6, true]);
    expect(pick(e.get("Promise.counter"))).toEqual(["property", 7, 7, true]);
    expect(pick(e.get("Promise.send"))).toEqual(["method", 8, 8, true]);
    expect(pick(e.get("Promise.then"))).toEqual(["method", 9, 9, true]);
    expect(pick(e.get("Promise.tag"))).toEqual(["property", 10, 10, true]);
  });

  it("a JSDoc block on a file's first line above a `// https://…` link is the doc (ox's, wagmi's `Compute`); above a prose `//` note it stays the file's header", async () => {
    const r = await report("types.ts", [
      "/** Combines members of an intersection into a readable type. */",
      "// https://twitter.com/mattpocockuk/status/1622730173446557697",
      "export type Compute<T> = { [K in keyof T]: T[K] } & unknown",
      "",
    ].join("\n"));
    expect(flat(r).get("Compute")?.doc).toBe("Combines members of an intersection into a readable type.");
    const so = await report("narrow.ts", ["/** Infers embedded primitive type of any type. */", "// s/o https://twitter.com/hd_nvim/status/1578567206190780417", "export type Narrow<T> = T", ""].join("\n"));
    expect(flat(so).get("Narrow")?.doc).toBe("Infers embedded primitive type of any type.");
    const header = await report("cli.ts", ["/**", " * Parallel Tool Calls Client", " */", "// Command line args processing", "export const args = process.argv.slice(2);", ""].join("\n"));
    expect(flat(header).get("args")?.doc).toBe("Command line args processing");
  });

  it("formatter and linter directives are no docs: any `<tool>-ignore`, `v8 ignore`, `cspell:` (abitype's `// oxfmt-ignore`)", async () => {
    const r = await report("directives.ts", [
      "// oxfmt-ignore",
      "export type A = 1",
      "// dprint-ignore",
      "export type B = 1",
      "/* v8 ignore start */",
      "export function c(): void {}",
      "// v8 ignore next",
      "export type D = 1",
      "// cspell:disable-next-line",
      "export type E = 1",
      "// rome-ignore lint/suspicious/noExplicitAny: legacy",
      "export type F = any",
      "/** The real doc. */",
      "// dprint-ignore",
      "export type G = 1",
      "// Ignore-list of the tool, as a doc.",
      "export type H = 1",
      "",
    ].join("\n"));
    const e = flat(r);
    for (const n of ["A", "B", "c", "D", "E", "F"]) expect(e.get(n)?.doc, n).toBeUndefined();
    expect(e.get("G")?.doc).toBe("The real doc.");
    expect(e.get("H")?.doc).toBe("Ignore-list of the tool, as a doc.");
  });

  it("an enum member with a computed string name, `['B'] = 2` or `['D'],`, is the member B / D", async () => {
    const r = await report("en.ts", ["export enum E {", "  A = 1,", "  ['B'] = 2,", "  C,", "  ['D'],", "}", ""].join("\n"));
    const members = (flat(r).get("E")?.members ?? []).map((m) => [m.name, m.kind, m.startLine, m.signature]);
    expect(members).toEqual([
      ["A", "constant", 2, "A = 1"],
      ["B", "constant", 3, "['B'] = 2"],
      ["C", "constant", 4, "C"],
      ["D", "constant", 5, "['D']"],
    ]);
  });

  it("a regular expression literal's parenthesis opens no call in a head: no ` …)` after `/\\(/`", async () => {
    const r = await report("re.ts", ["export const openParen = /\\(/;", "export const klass = /[(]/g;", "export function f(r = /\\(/): void {}", ""].join("\n"));
    const e = flat(r);
    expect(e.get("openParen")?.signature).toBe("const openParen = /\\(/");
    expect(e.get("klass")?.signature).toBe("const klass = /[(]/g");
    expect(e.get("f")?.signature).toBe("function f(r = /\\(/): void");
  });

  it("an IIFE handed a new object for a name, `(function (exports) {…}(jsdoc = {}))`, is a module scope: its variables are listed, and its `exports.parse = …` fills jsdoc, not the module's exports (doctrine)", async () => {
    const r = await report("doctrine.js", [
      "var jsdoc;",
      "(function (exports) {",
      "    var Rules = { access: function () { return 'parseAccess'; } };",
      "    var index = 0;",
      "    function parse(comment) { return index; }",
      "    exports.parse = parse;",
      "}(jsdoc = {}));",
      "(function (exports) {",
      "    function unwrap(c) { return c; }",
      "    exports.unwrap = unwrap;",
      "}(typeof exports === 'undefined' ? (this.doctrine = {}) : exports));",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Rules"))).toEqual(["variable", 3, 3, false]);
    expect(e.get("Rules.access")?.kind).toBe("method");
    expect(pick(e.get("index"))).toEqual(["variable", 4, 4, false]);
    expect(pick(e.get("parse"))).toEqual(["function", 5, 5, false]);
    // (The module's own exports, handed in by a test of what is defined: exported.)
    expect(pick(e.get("unwrap"))).toEqual(["function", 9, 9, true]);
  });

  it("`exports.CSSValue = CSSOM.CSSValue` exports the member of that path, and its prototype's methods (cssom's 23 files had exported none)", async () => {
    const r = await report("CSSValue.js", [
      "var CSSOM = {};",
      "",
      "/** @constructor */",
      "CSSOM.CSSValue = function CSSValue() {};",
      "",
      "CSSOM.CSSValue.prototype.getText = function () {",
      "  return '';",
      "};",
      "",
      "exports.CSSValue = CSSOM.CSSValue;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("CSSOM")?.exported).toBe(false);
    expect(pick(e.get("CSSOM.CSSValue"))).toEqual(["method", 4, 4, true]);
    expect(pick(e.get("CSSOM.CSSValue.getText"))).toEqual(["method", 6, 8, true]);
    // (The export itself stays an entry of the API: what an importer names.)
    expect(r.api.map((x) => x.name)).toEqual(["CSSValue"]);
  });

  it("`exports.box.open = function` nests under the export `box`, at any depth, exported with it (as tweetnacl's `nacl.box.open` on a handed-in module.exports)", async () => {
    const r = await report("nacl.js", [
      "exports.box = function (msg) {};",
      "exports.box.open = function (box) {};",
      "exports.sign = function (msg) {};",
      "exports.sign.detached = function (msg) {};",
      "module.exports.sign.detached.verify = function (msg, sig) {};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(r.api.map((x) => x.name)).toEqual(["box", "sign"]);
    expect(pick(e.get("box.open"))).toEqual(["function", 2, 2, true]);
    expect(pick(e.get("sign.detached"))).toEqual(["function", 4, 4, true]);
    expect(pick(e.get("sign.detached.verify"))).toEqual(["function", 5, 5, true]);
  });

  it("a UMD factory that returns its own parameter exports what it sets on it (moment-timezone: `function (moment) { … moment.tz = tz; return moment; }`, 0 exported before)", async () => {
    const r = await report("moment-timezone.js", [
      "(function (root, factory) {",
      "  if (typeof module === 'object' && module.exports) {",
      "    module.exports = factory(require('moment'));",
      "  } else {",
      "    factory(root.moment);",
      "  }",
      "}(this, function (moment) {",
      "  function tz(input) { return input; }",
      "  function helper() {}",
      "  tz.version = '0.6.6';",
      "  moment.tz = tz;",
      "  moment.updateOffset = function (mom, keepTime) {};",
      "  return moment;",
      "}));",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("tz"))).toEqual(["function", 8, 8, true]);
    expect(e.get("helper")?.exported).toBe(false);
    expect(pick(e.get("updateOffset"))).toEqual(["function", 12, 12, true]);
  });

  it("Node's primordials `ObjectDefineProperty` / `ObjectDefineProperties` define members as `Object.defineProperty` does (readable-stream's getters had been stray top-level entries)", async () => {
    const r = await report("writable.js", [
      "const { ObjectDefineProperty, ObjectDefineProperties } = require('./primordials')",
      "function Writable() {}",
      "ObjectDefineProperty(Writable.prototype, 'ended', {",
      "  get() { return true }",
      "})",
      "ObjectDefineProperties(Writable.prototype, {",
      "  closed: { get() { return false } }",
      "})",
      "module.exports = Writable",
      "",
    ].join("\n"));
    expect(r.internal.map((x) => x.name)).toEqual([]);
    const e = flat(r);
    expect(pick(e.get("Writable.ended"))).toEqual(["method", 3, 5, true]); // (the call, as for Object.defineProperty)
    expect(e.get("Writable.ended")?.signature).toBe("ObjectDefineProperty(Writable.prototype, 'ended', { get() })");
    expect(pick(e.get("Writable.closed"))).toEqual(["method", 7, 7, true]);
  });

  it("a trailing comment on a declarator is not the next declarator's doc, nor part of its lines (raphael's `notation = /…/g, // matches …` above `replacer`)", async () => {
    const r = await report("decl.js", ["var a = 1,", "    b = /x/g, // matches the b token", "    c = function () {", "        return a;", "    };", ""].join("\n"));
    const c = flat(r).get("c");
    expect(c?.doc).toBeUndefined();
    expect(c?.startLine).toBe(3);
    const read = (await lens.readSymbol(write("decl.js", ["var a = 1,", "    b = /x/g, // matches the b token", "    c = function () {", "        return a;", "    };", ""].join("\n")), "c"));
    expect(read.startLine).toBe(3);
  });

  it("`this.Chosen = (function () { function Chosen … return Chosen; })()` at the module's level (also in CoffeeScript's `(function () {…}).call(this)`) is a global class, as `window.Gadget = …` is, both exported", async () => {
    const r = await report("chosen.js", [
      "(function() {",
      "  var helper = 1;",
      "  this.Chosen = (function() {",
      "    function Chosen(el) { this.el = el; }",
      "    Chosen.prototype.setup = function() { return helper; };",
      "    return Chosen;",
      "  })();",
      "}).call(this);",
      "window.Gadget = (function() {",
      "  function Gadget() {}",
      "  Gadget.prototype.show = function() {};",
      "  return Gadget;",
      "})();",
      "function Plain() {",
      "  this.run = function () {};",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Chosen"))).toEqual(["class", 3, 7, true]);
    expect(pick(e.get("Chosen.setup"))).toEqual(["method", 5, 5, true]);
    expect(pick(e.get("Gadget"))).toEqual(["class", 9, 13, true]);
    expect(pick(e.get("Gadget.show"))).toEqual(["method", 11, 11, true]);
    expect(e.get("Plain.run")?.kind).toBe("method");
    expect(e.get("Chosen")?.owner).toBeUndefined();
  });

  it("a callback's handle with `.prototype.` in it reads that callback (it had been rewritten to `Widget.show@3` and missed)", async () => {
    const f = write("handles.js", ["function boot() {", "  this.Widget = (function() {", "    function Widget() {}", "    Widget.prototype.show = function() {};", "    return Widget;", "  })();", "}", ""].join("\n"));
    const r = await lens.moduleReport(f);
    const handle = (r.callbacks ?? []).map((c) => c.name).find((n) => n.includes(".prototype."));
    expect(handle).toBeDefined();
    const read = await lens.readSymbol(f, handle!);
    expect(read.found).toBe(true);
    expect(read.source).toContain("Widget.prototype.show = function() {};");
  });

  it("a compiled class IIFE with helper functions after its `return C;` is a class as one without (typeahead's SearchIndex)", async () => {
    const r = await report("search-index.js", [
      "var C = function() {",
      "  function C(o) { this.o = o; }",
      "  C.prototype.run = function run() { return helper(); };",
      "  return C;",
      "  function helper() { return 1; }",
      "}();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("C"))).toEqual(["class", 1, 6, false]);
    expect(e.get("C.constructor")?.kind).toBe("constructor");
    expect(e.get("C.run")?.kind).toBe("method");
  });

  it("`Spinner.prototype.lines = function` in another top-level function's body is Spinner's member, as public as it (spin.js' initVML); a parameter's prototype stays the function's", async () => {
    const r = await report("spin.js", [
      "function Spinner(o) { this.opts = o; }",
      "Spinner.prototype.spin = function () {};",
      "function initVML() {",
      "  Spinner.prototype.lines = function (el) { return el; };",
      "}",
      "function install(Widget) {",
      "  Widget.prototype.show = function () {};",
      "}",
      "module.exports = Spinner;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Spinner.lines"))).toEqual(["method", 4, 4, true]);
    expect(e.get("initVML")?.members ?? []).toEqual([]);
    expect(e.get("install.show")?.kind).toBe("method");
  });

  it("`//` in JSX text (`<pre>// example</pre>`, `<b>{x} // c</b>`) is text: the file's symbols stay, with no syntax-error warning (the whole outline had been lost)", async () => {
    for (const name of ["snippet.tsx", "snippet.jsx"]) {
      const ts = name.endsWith(".tsx");
      const r = await report(name, [
        "export const Snippet = () => (",
        "  <pre>// example</pre>",
        ");",
        ts ? "export const T = ({ x }: { x: number }) => <b>{x} // c</b>;" : "export const T = ({ x }) => <b>{x} // c</b>;",
        "export function After() {",
        "  return null; // a real comment",
        "}",
        "export class Z {}",
        "",
      ].join("\n"));
      const e = flat(r);
      expect([...e.keys()], name).toEqual(["Snippet", "T", "After", "Z"]);
      expect(pick(e.get("Snippet")), name).toEqual(["function", 1, 3, true]);
      expect(pick(e.get("After")), name).toEqual(["function", 5, 7, true]);
      expect((r.warnings ?? []).filter((w) => /syntax error/.test(w)), name).toEqual([]);
    }
  });

  it("an abstract method's overload signatures read as one group, as a declared class's do; a lone abstract method reads as itself", async () => {
    const f = write("store.ts", ["export abstract class Store {", "  abstract get(key: string): string;", "  abstract get(key: number): string;", "  abstract run(): void;", "}", ""].join("\n"));
    const get = await lens.readSymbol(f, "Store.get");
    expect([get.found, get.startLine, get.endLine, get.ambiguous]).toEqual([true, 2, 3, undefined]);
    expect(get.source).toContain("abstract get(key: number): string;");
    const run = await lens.readSymbol(f, "Store.run");
    expect([run.found, run.startLine, run.endLine]).toEqual([true, 4, 4]);
  });

  it("a key whose value is a closure factory called in place that returns a function is a method (jquery-validation's `date: (function () {… return function (value) …}())`)", async () => {
    const r = await report("methods.js", [
      "var methods = {",
      "  required: function(value) { return !!value; },",
      "  date: (function() {",
      "    var called = false;",
      "    return function(value) { called = true; return !isNaN(Date.parse(value)); };",
      "  }()),",
      "  label: (function() { return 'x'; }()),",
      "};",
      "module.exports = methods;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("methods.date"))).toEqual(["method", 3, 6, true]);
    expect(e.get("methods.date")?.signature).toBe("date: (function() {… return function(value) …}())");
    expect(e.get("methods.label")?.kind).not.toBe("method");
  });

  it("a `merge` helper onto a prototype is a mixin (spin.js' `merge(Spinner.prototype, {…})`); onto settings it stays a call with callbacks", async () => {
    const r = await report("spinner.js", [
      "function merge(obj, props) { for (var k in props) obj[k] = props[k]; return obj; }",
      "function Spinner(o) { this.opts = o; }",
      "merge(Spinner.prototype, {",
      "  spin: function (target) { return target; },",
      "  stop: function () {}",
      "});",
      "var defaults = {};",
      "merge(defaults, {",
      "  onDone: function () {}",
      "});",
      "module.exports = Spinner;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Spinner.spin"))).toEqual(["method", 4, 4, true]);
    expect(pick(e.get("Spinner.stop"))).toEqual(["method", 5, 5, true]);
    expect((r.callbacks ?? []).map((c) => c.name)).toEqual(["onDone@9"]);
  });

  it("a JSDoc block declaring a type (`@typedef`, `@callback`) is no doc of the declaration below it (lib0's `DefaultPRNG` had read \"A random type generator.\")", async () => {
    const r = await report("prng.js", [
      "/**",
      " * A random type generator.",
      " *",
      " * @typedef {Object} PRNG",
      " */",
      "export const DefaultPRNG = Xoroshiro128plus;",
      "/**",
      " * Handler for events.",
      " * @callback Handler",
      " * @param {string} e",
      " */",
      "export const handler = (e) => e;",
      "/** Makes one. */",
      "export function make() {}",
      "/**",
      " * Applies the specified hash algorithm to the given bytes",
      " *",
      " * @typedef {(algorithm: string, bytes: Uint8Array) => string} ApplyAlgorithmToBytes",
      " * @param {string} algorithm",
      " */",
      "export const applyAlgorithmToBytes = (algorithm, bytes) => algorithm;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("DefaultPRNG")?.doc).toBeUndefined();
    expect(e.get("handler")?.doc).toBeUndefined();
    expect(e.get("make")?.doc).toBe("Makes one.");
    // (A typedef's block that documents the function too, its `@param`s: the function's doc, undici's.)
    expect(e.get("applyAlgorithmToBytes")?.doc).toBe("Applies the specified hash algorithm to the given bytes");
  });

  it("a function under a JSDoc cast, `(/** @type {any} */ (function (p) {…}))`, is the binding's function and its closure no export (unified's callable-instance.js)", async () => {
    const r = await report("callable.js", ["export const C = (", "  /** @type {any} */ (function (p) {", "      const apply = () => p;", "      return apply;", "  })", ");", ""].join("\n"));
    const e = flat(r);
    expect(pick(e.get("C"))).toEqual(["function", 1, 6, true]);
    expect(e.get("C.apply")?.exported).toBe(false);
  });

  it("a function's or method's head over the signature's length keeps its parameters and return type: the type parameters' constraints go first (query-core's getQueryData), as a type's do; Rust's fn too", async () => {
    const r = await report("client.ts", [
      "export class QueryClient {",
      "  getQueryData<TQueryFnData = unknown, TTaggedQueryKey extends ReadonlyArray<unknown> = ReadonlyArray<unknown>, TInferred = TQueryFnData extends Promise<infer R> ? R : TQueryFnData>(queryKey: TTaggedQueryKey): TInferred | undefined {",
      "    return undefined;",
      "  }",
      "}",
      "export function f<",
      "  AAAAAAAAAAAA = unknown,",
      "  BBBBBBBBBBBBBBBBBBB extends ReadonlyArray<unknown> = ReadonlyArray<unknown>,",
      "  CCCCCCCCCC = AAAAAAAAAAAA extends Promise<infer R> ? R : AAAAAAAAAAAA,",
      ">(q: BBBBBBBBBBBBBBBBBBB): CCCCCCCCCC {",
      "  return undefined as any;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("QueryClient.getQueryData")?.signature).toBe("getQueryData<TQueryFnData, TTaggedQueryKey, TInferred>(queryKey: TTaggedQueryKey): TInferred | undefined");
    expect(e.get("f")?.signature).toBe("function f<AAAAAAAAAAAA, BBBBBBBBBBBBBBBBBBB, CCCCCCCCCC>(q: BBBBBBBBBBBBBBBBBBB): CCCCCCCCCC");
    const rs = await lens.moduleReport(write("items.rs", "pub fn process_items<T: std::fmt::Display + Clone + Send + Sync + std::fmt::Debug + PartialEq + Eq + std::hash::Hash, U: Into<String> + Clone + Send + Sync>(items: Vec<T>, label: U) -> Result<Vec<String>, std::io::Error> {\n    Ok(vec![])\n}\n"));
    expect(rs.api?.[0]?.signature).toBe("pub fn process_items<T, U>(items: Vec<T>, label: U) -> Result<Vec<String>, std::io::Error>");
  });

  it("a class's `static {}` block: `this.x = …` is a static of the class, its own functions are locals, and `Registry.count = 1` sets the static the class declares (no second `count`)", async () => {
    const r = await report("registry.mjs", [
      "export class Registry {",
      "  static count = 0;",
      "  static {",
      "    Registry.count = 1;",
      "    this.ready = true;",
      "    const local = 5;",
      "    function helper() {}",
      "  }",
      "  get() { return Registry.count; }",
      "}",
      "",
    ].join("\n"));
    expect((flat(r).get("Registry")?.members ?? []).map((m) => [m.name, m.startLine])).toEqual([["count", 2], ["ready", 5], ["get", 9]]);
  });

  it("what a prototype method returns is not the owner's API (find-my-way's `return { handler: () => … }`), as a class method's is not; a constructor's `this.x` on a namespace path stays public (cssom)", async () => {
    const r = await report("router.js", [
      "function R() {}",
      "R.prototype.find = function () {",
      "  const inner = () => 1;",
      "  return { handler: () => inner };",
      "};",
      "var CSSOM = {};",
      "CSSOM.Rule = function Rule() {",
      "  this.media = [];",
      "};",
      "exports.Rule = CSSOM.Rule;",
      "module.exports.R = R;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("R.find")?.exported).toBe(true);
    expect(e.get("R.find.handler")?.exported).toBe(false);
    expect(e.get("CSSOM.Rule.media")?.exported).toBe(true);
  });
});
