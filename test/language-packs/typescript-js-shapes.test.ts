/** The JS/TS pack on shapes found in published packages (session 19 QA: web-streams-polyfill, node-fetch, highlight.js, quickjs, source-map-js, any-promise). */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { flat } from "../helpers.js";
import { display } from "../../renderers/compact-rows.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("JS/TS shapes from published packages", () => {
  it("a triple-slash directive is no doc, and ends the doc above it", async () => {
    for (const file of ["directives.js", "directives.ts"]) {
      const r = flat(await report(file, [
        "/** The file's header. */",
        '/// <reference lib="es2015.core" />',
        "// https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Number/isFinite",
        "export const NumberIsFinite = Number.isFinite || function (x) {",
        "    return typeof x === 'number' && isFinite(x);",
        "};",
        "",
        '/// <reference lib="dom" />',
        "export function getGlobals() {",
        "    return globalThis;",
        "}",
        "",
        "/** Still a doc. */",
        "export function documented() {}",
      ].join("\n")));
      expect(r.get("NumberIsFinite")?.doc).toMatch(/^https:\/\/developer\.mozilla\.org/);
      expect(r.get("getGlobals")?.doc).toBeUndefined();
      expect(r.get("documented")?.doc).toBe("Still a doc.");
    }
  });

  it("Object.defineProperties(Target, { key: descriptor }): accessors and function values are Target's methods, data values its constants, attribute-only descriptors nothing", async () => {
    // web-streams-polyfill, node-fetch's body.js: the descriptors had been 647 stray top-level entries.
    const r = await report("define-properties.js", [
      "export default class Body {",
      "  get body() { return 1; }",
      "  async text() { return ''; }",
      "}",
      "Object.defineProperties(Body.prototype, {",
      "  body: { enumerable: true },",
      "  text: { enumerable: true },",
      "  data: { get: function () { return null; } },",
      "  size: { get() { return 1; }, set(v) {} },",
      "  KIND: { value: 3 },",
      "  run: { value: function run(a) { return a; } },",
      "});",
      "Object.defineProperties(Missing.prototype, { x: { value: 1 }, y: { get: () => 2 } });",
      "Object.defineProperties(exports, { z: { enumerable: true, get: function () { return 1; } } });",
      "function Consumer() {}",
      "Object.defineProperty(Consumer.prototype, 'sources', { get: function () { return []; } });",
      "exports.Consumer = Consumer;",
      "Object.defineProperties(window.lib, { q: { get: function () { return 1; } } });",
    ].join("\n"));
    // A target that is neither exports nor a name (`window.lib`) exports nothing.
    expect(r.api?.some((e) => e.name === "q")).toBe(false);
    const rows = (es: typeof r.api) => (es ?? []).map((e) => [e.name, e.kind, e.startLine, e.exported, (e.members ?? []).map((m) => [m.name, m.kind, m.startLine, m.exported])]);
    expect(rows(r.api)).toEqual([
      ["Body", "class", 1, true, [["body", "method", 2, true], ["text", "method", 3, true], ["data", "method", 8, true], ["size", "method", 9, true], ["size", "method", 9, true], ["KIND", "constant", 10, true], ["run", "method", 11, true]]],
      ["z", "constant", 14, true, []],
      // A getter defined on an exported constructor's prototype is as public as its other methods.
      ["Consumer", "function", 15, true, [["sources", "method", 16, true]]],
    ]);
    // An owner the file does not declare: its accessor stays at the top level (as defineProperty's), its data value is no entry.
    expect(rows(r.internal)?.filter((e) => e[0] !== "q")).toEqual([["y", "method", 13, false, []]]);
    expect(flat(r).get("Body.data")?.signature).toBe("Object.defineProperties(Body.prototype, { data: { get: function () } })");
    expect(r.callbacks ?? []).toEqual([]);
  });

  it("a UMD wrapper's factory is the module's scope: `exports.X = X` there exports X; `(function () {…}())` is an IIFE too", async () => {
    // rollup's UMD output (web-streams-polyfill's builds).
    const r = await report("umd.js", [
      "(function (global, factory) {",
      "    typeof exports === 'object' && typeof module !== 'undefined' ? factory(exports) :",
      "    typeof define === 'function' && define.amd ? define(['exports'], factory) :",
      "    (global = typeof globalThis !== 'undefined' ? globalThis : global || self, factory(global.Lib = {}));",
      "})(this, (function (exports) { 'use strict';",
      "    class ReadableStream {",
      "        cancel(reason) { return reason; }",
      "    }",
      "    function helper() { return 1; }",
      "    var settings = { debug: false, log: function () {} };",
      "    exports.ReadableStream = ReadableStream;",
      "    Object.defineProperty(exports, '__esModule', { value: true });",
      "}));",
    ].join("\n"));
    expect(r.api?.map((e) => [e.name, e.kind, e.exported])).toEqual([["ReadableStream", "class", true]]);
    expect(r.internal?.map((e) => [e.name, e.kind, e.exported])).toEqual([["helper", "function", false], ["settings", "variable", false]]);
    // umdjs's form, the call inside the parentheses, its factory handed to define.amd.
    const u = await report("umdjs.js", [
      "(function (root, make) {",
      "  if (typeof define === 'function' && define.amd) define(['exports'], make);",
      "  else make(typeof exports === 'object' ? exports : (root.lib = {}));",
      "}(this, function (exports) {",
      "  function parse(s) { return s; }",
      "  exports.parse = parse;",
      "}));",
    ].join("\n"));
    expect(u.api?.map((e) => [e.name, e.exported])).toEqual([["parse", true]]);
    const p = flat(await report("paren-iife.js", "(function () {\n  function a() {}\n  var hr = { f: function () {} };\n}());\n"));
    expect([...p.keys()]).toEqual(["a", "hr", "hr.f"]);
  });

  it("`this.x = { … }` in a constructor is an instance property as any other value", async () => {
    // highlight.js's TokenTree.rootNode, strtok3's fileInfo, source-map-js's sourceContents.
    const r = flat(await report("this-object.js", [
      "class Tree {",
      "  constructor() {",
      "    this.root = { children: [] };",
      "    this.empty = {};",
      "    this.list = [];",
      "  }",
      "}",
      "function Old() {",
      "  this.root = { children: [] };",
      "  this.n = 0;",
      "}",
      "module.exports = { Tree, Old };",
    ].join("\n")));
    expect([...r.keys()]).toEqual(["Tree", "Tree.constructor", "Tree.root", "Tree.empty", "Tree.list", "Old", "Old.root", "Old.n"]);
    expect(r.get("Tree.root")).toMatchObject({ kind: "property", startLine: 3, exported: true });
    expect(r.get("Old.root")).toMatchObject({ kind: "property", startLine: 9 });
  });

  it("each declarator of a declaration of several has the doc written above it, not the statement's", async () => {
    // any-promise's loader.js.
    const r = flat(await report("declarators.js", [
      "// key for the registration",
      "var KEY = '@@reg',",
      "    // prior registration",
      "    registered = null,",
      "    /** count of registrations */",
      "    count = 0;",
      "",
      "/** The a value. */",
      "const a = 1,",
      "  b = 2;",
      "module.exports = { KEY, registered, count, a, b };",
    ].join("\n")));
    expect([...r.values()].map((e) => [e.name, e.startLine, e.doc])).toEqual([
      ["KEY", 2, "key for the registration"],
      ["registered", 4, "prior registration"],
      ["count", 6, "count of registrations"],
      ["a", 9, "The a value."],
      ["b", 10, undefined],
    ]);
  });

  it("tsc's ES5 class IIFE is a class: its computed and string-keyed prototype members are its members, as public as it", async () => {
    // web-streams-polyfill's polyfill.js.
    const r = flat(await report("class-iife.js", [
      "var CancelSteps = Symbol('CancelSteps');",
      "var Controller = /** @class */ (function () {",
      "    function Controller() {",
      "        throw new TypeError('Illegal constructor');",
      "    }",
      "    Controller.prototype.close = function () { return 1; };",
      "    Controller.prototype[CancelSteps] = function (reason) { return reason; };",
      "    Controller.prototype[Symbol.asyncIterator] = function () { return this; };",
      "    Controller.prototype['throw'] = function (e) { throw e; };",
      "    return Controller;",
      "}());",
      "exports.Controller = Controller;",
    ].join("\n")));
    // (The binding is the class, the inner function its constructor: compiled-classes.ts.)
    expect(r.get("Controller")).toMatchObject({ kind: "class", startLine: 2, endLine: 11, exported: true });
    expect([...r.keys()].filter((k) => k.startsWith("Controller."))).toEqual([
      "Controller.constructor", "Controller.close", "Controller.[CancelSteps]", "Controller.[Symbol.asyncIterator]", "Controller.throw",
    ]);
    expect(r.get("Controller.[CancelSteps]")).toMatchObject({ kind: "method", startLine: 7, endLine: 7, exported: true });
  });

  it("Object.assign(Bar.prototype, { … }): its functions are Bar's methods, as public as Bar; a property's callback returns no members", async () => {
    // undici's mixins; source-map-js's IndexedSourceMapConsumer._sections.
    const r = await report("mixins.js", [
      "function Bar() {}",
      "Object.assign(Bar.prototype, {",
      "  one() { return 1; },",
      "  two: function () { return 2; },",
      "});",
      "Object.assign(Bar, { create: () => new Bar(), VERSION: 1 });",
      "function Consumer(sections) {",
      "  this._sections = sections.map(function (s) {",
      "    return { generatedOffset: { generatedLine: s.line + 1 }, consumer: s.map };",
      "  });",
      "}",
      "module.exports = { Bar, Consumer };",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()]).toEqual(["Bar", "Bar.one", "Bar.two", "Bar.create", "Consumer", "Consumer._sections"]);
    expect(e.get("Bar.two")).toMatchObject({ kind: "method", startLine: 4, exported: true });
    expect(e.get("Bar.create")).toMatchObject({ startLine: 6, exported: true });
  });

  it("static data assigned to a class, constructor or object after it is a property of it (axios's AxiosError.ERR_*, webpack's statics)", async () => {
    const r = await report("statics.js", [
      "const Conn = require('./conn');",
      "class AxiosError extends Error {",
      "  constructor(message) { super(message); }",
      "}",
      "AxiosError.ERR_BAD_REQUEST = 'ERR_BAD_REQUEST';",
      "AxiosError.Connection = Conn;",
      "AxiosError.nothing = void 0;",
      "function Legacy() {}",
      "Legacy.DEFAULTS = { a: 1 };",
      "Unknown.x = 1;",
      "module.exports = AxiosError;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("AxiosError.ERR_BAD_REQUEST")).toMatchObject({ kind: "property", startLine: 5, exported: true });
    expect(e.get("Legacy.DEFAULTS")).toMatchObject({ kind: "property", startLine: 9, exported: false });
    // A required name is no entry of this file's: the member is (sequelize's `Sequelize.Op = Op`; it had been none).
    expect(e.get("AxiosError.Connection")).toMatchObject({ kind: "property", startLine: 6, exported: true });
    // `void 0` is no value, an undeclared owner no entry.
    expect([...e.keys()].filter((k) => /nothing|^x$|Unknown/.test(k))).toEqual([]);
    expect(await lens.readSymbol(join(dir, "statics.js"), "AxiosError.ERR_BAD_REQUEST")).toMatchObject({ found: true, startLine: 5, endLine: 5 });
  });

  it("tsc's ES5 class IIFE with only a constructor: a class whose constructor is the inner function (no body in a head)", async () => {
    const e = flat(await report("ctor-only.js", [
      "var Derived = (function (_super) {",
      "    __extends(Derived, _super);",
      "    function Derived(a, b) {",
      "        var _this = _super.call(this) || this;",
      "        return _this;",
      "    }",
      "    return Derived;",
      "}(Base));",
      "exports.Derived = Derived;",
    ].join("\n")));
    expect([...e.keys()]).toEqual(["Derived", "Derived.constructor"]);
    expect(e.get("Derived")).toMatchObject({ kind: "class", exported: true });
    expect(e.get("Derived.constructor")).toMatchObject({ kind: "constructor", startLine: 3, endLine: 6, signature: "function Derived(a, b)" });
  });

  it("compact: a JS private method's row starts at its name (`#x`), as a public one's does", async () => {
    const r = await report("private.js", "class R {\n  async reify () {}\n  async #reifyPackages () {}\n}\nmodule.exports = R;\n");
    const members = r.api?.[0]?.members ?? [];
    expect(members.map((m) => display(m, true))).toEqual(["reify ()", "#reifyPackages ()"]);
  });

  it("a function inside a larger value is cut at its body in the head (a ternary's branch, `cond && function`)", async () => {
    // eslint's debug-helpers, axios's xhr adapter.
    const r = await report("branch-fn.js", [
      "module.exports = {",
      "  dumpState: !debug.enabled ? debug : function (node, state) {",
      "    for (let i = 0; i < state.length; ++i) node.push(i);",
      "    return node;",
      "  },",
      "};",
      "export default isSupported && function (config) {",
      "  return new Promise(function dispatch(resolve) { resolve(config); });",
      "};",
    ].join("\n"));
    const e = flat(r);
    // (A branch's function shows its body elided: `c ? x : (node) => {…}` had read `c ? x : (node)`, a call.)
    expect(e.get("exports.dumpState")?.signature).toBe("dumpState: !debug.enabled ? debug : function (node, state) {…}");
    expect(e.get("default")?.signature).toBe("export default isSupported && function …");
  });

  it("Object.defineProperty(exports, …) over several lines: the export spans the call, its head without the getter's body", async () => {
    const r = await report("define-exports.js", [
      "Object.defineProperty(exports, 'version', {",
      "  get () { return '1.0' }",
      "})",
      "Object.defineProperty(exports, 'z', { enumerable: true, get: function () { return compute(1); } });",
    ].join("\n"));
    expect(r.api?.map((e) => [e.name, e.kind, e.startLine, e.endLine, e.exported])).toEqual([["version", "constant", 1, 3, true], ["z", "constant", 4, 4, true]]);
    expect(r.api?.every((e) => !/return/.test(e.signature ?? ""))).toBe(true);
    expect(await lens.readSymbol(join(dir, "define-exports.js"), "version")).toMatchObject({ found: true, startLine: 1, endLine: 3 });
  });

  it("tsc's re-exports through __importDefault are `export { default as x } from`, a renamed one `export { y as x } from`", async () => {
    // postcss-selector-parser's dist/util/index.js.
    const r = await report("reexports.js", [
      '"use strict";',
      "var __importDefault = (this && this.__importDefault) || function (mod) {",
      '    return (mod && mod.__esModule) ? mod : { "default": mod };',
      "};",
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'var unesc_1 = require("./unesc");',
      'Object.defineProperty(exports, "unesc", { enumerable: true, get: function () { return __importDefault(unesc_1).default; } });',
      'var getProp_1 = require("./getProp");',
      'Object.defineProperty(exports, "getProp", { enumerable: true, get: function () { return getProp_1.getProp; } });',
      'Object.defineProperty(exports, "prop", { enumerable: true, get: function () { return getProp_1.getProperty; } });',
    ].join("\n"));
    expect(r.api?.map((e) => e.signature)).toEqual([
      'export { default as unesc } from "./unesc"',
      'export { getProp } from "./getProp"',
      'export { getProperty as prop } from "./getProp"',
    ]);
  });

  it("an object literal's functions inside a callback handed to a named call are no top-level entries; an AMD factory's are", async () => {
    // axios's AxiosHeaders.
    const r = flat(await report("callback-objects.js", [
      "class Headers {",
      "  get(name) { return name; }",
      "}",
      "register(Headers.prototype, ({ value }, key) => {",
      "  return {",
      "    get: () => value,",
      "    set(headerValue) { this[key] = headerValue; },",
      "  };",
      "});",
      "define(['dep'], function (dep) {",
      "  return { api() { return dep; } };",
      "});",
      "export default Headers;",
    ].join("\n")));
    expect([...r.keys()]).toEqual(["Headers", "Headers.get", "api"]);
  });
});
