/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 27). */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

describe("JS/TS shapes from npm packages, round 9", () => {
  it("a member assigned a function the file declares is listed under its owner (moment's `proto.add = add`, jsbn's `BigInteger.prototype.and = bnAnd`, zod's `ZodEnum.create = createZodEnum`); read_symbol still reads the declaration", async () => {
    const file = "moment.js";
    const src = [
      "function Moment(config) {",
      "  this._d = config;",
      "}",
      "/** Adds a duration. */",
      "function add(input) {",
      "  return input;",
      "}",
      "function createMoment() {",
      "  return new Moment({});",
      "}",
      "var proto = Moment.prototype;",
      "proto.add = add;",
      "Moment.create = createMoment;",
      "Moment.Sub = Moment;",
      "Moment.default = Moment;",
      "function EventEmitter() {}",
      "EventEmitter.EventEmitter = EventEmitter;",
      "var _exports = module.exports = {};",
      "function center(s) {",
      "  return s;",
      "}",
      "_exports.center = center;",
      "_exports.Moment = Moment;",
      "",
    ].join("\n");
    const e = flat(await report(file, src));
    expect(e.get("Moment.add")).toMatchObject({ kind: "method", startLine: 12, endLine: 12, signature: "proto.add = add", exported: true });
    expect(e.get("Moment.create")).toMatchObject({ kind: "method", startLine: 13, signature: "Moment.create = createMoment", exported: true });
    // A capitalised name (a compound component, a class) is a property; `X.default = X` is interop, no entry.
    expect(e.get("Moment.Sub")).toMatchObject({ kind: "property", startLine: 14 });
    expect(e.has("Moment.default")).toBe(false);
    expect(e.get("EventEmitter.EventEmitter")).toMatchObject({ kind: "property", startLine: 17 });
    // On the export object, `_exports.center = center` exports `center`: no member besides.
    expect(e.get("center")).toMatchObject({ kind: "function", exported: true });
    expect([...e.keys()].filter((k) => k.startsWith("_exports."))).toEqual([]);
    const read = await lens.readSymbol(join(dir, file), "Moment.add");
    expect([read.found, read.name, read.startLine, read.endLine, read.note]).toEqual([true, "add", 4, 7, "also assigned to Moment.add; declared as add"]);
    expect((await lens.readSymbol(join(dir, file), "Moment.create")).startLine).toBe(8);
    const own = await lens.readSymbol(join(dir, file), "add");
    expect([own.startLine, own.ambiguous]).toEqual([4, undefined]);
    expect((await lens.readSymbol(join(dir, file), "Moment.add", { kind: "method" })).startLine).toBe(12);
  });

  it("a re-export has the kind of what it names when the module is a file of the project (a barrel's classes, interfaces and functions had all read `constant`: feathers' `Feathers`)", async () => {
    const put = (name: string, src: string) => {
      mkdirSync(join(dir, "rx", name, ".."), { recursive: true });
      writeFileSync(join(dir, "rx", name), src);
    };
    put("application.ts", "export class Feathers {\n  run(): void {}\n}\nexport const version = '5';\n");
    put("types.ts", "export interface Service {\n  find(): void;\n}\nexport type LogLevel = 'a' | 'b';\nexport const LogLevel = { a: 'a' } as const;\n");
    put("util/index.ts", "export * from './fns';\nexport { default as Store } from './store';\n");
    put("util/fns.ts", "export const ref = <T,>(v: T) => ({ v });\nexport async function load() {}\nconst enum Mode { A }\nexport { Mode as Modes };\n");
    put("util/store.ts", "class Store {}\nexport default Store;\n");
    const r = await report("rx/index.ts", [
      "import { Feathers } from './application';",
      "export { Feathers };",
      "export { version, type Service, LogLevel } from './types';",
      "export type { LogLevel as Level } from './types';",
      "export { ref, load, Store, Modes, missing } from './util';",
      "export { computed } from '@vue/reactivity';",
      "",
    ].join("\n"));
    const kinds = Object.fromEntries(r.api.map((e) => [e.name, e.kind]));
    expect(kinds).toEqual({
      Feathers: "class", version: "constant", Service: "interface", LogLevel: "constant", Level: "type",
      ref: "function", load: "function", Store: "class", Modes: "enum", missing: "constant", computed: "constant",
    });
    // A kind the re-export does not have is a miss that says where the declaration is.
    const miss = await lens.readSymbol(join(dir, "rx/index.ts"), "computed", { kind: "function" });
    expect([miss.found, miss.note]).toEqual([false, "no function named computed in rx/index.ts; computed is re-exported here from '@vue/reactivity', which declares it (listed here as constant 6-6) — pass kind constant, omit kind, or read it in that module"]);
    expect((await lens.readSymbol(join(dir, "rx/index.ts"), "Feathers", { kind: "class" })).startLine).toBe(2);
  });

  it("in TypeScript a constructor's `this.x = …` sets a declared or inherited field: no entry (loopback's inherited `scope`, grpc's private `options` listed again as public, an Error's `this.name`); in JavaScript it declares one", async () => {
    const src = [
      "class Base { scope = 'x'; }",
      "export class App extends Base {",
      "  private listener: (n: number) => void;",
      "  constructor(private readonly options: object) {",
      "    super();",
      "    this.scope = 'app';",
      "    this.options = { ...options };",
      "    this.listener = (n) => {};",
      "  }",
      "}",
      "export class DownloadError extends Error {",
      "  constructor(m: string) {",
      "    super(m);",
      "    this.name = 'DownloadError';",
      "  }",
      "}",
      "",
    ].join("\n");
    const ts = flat(await report("app.ts", src));
    expect([...ts.keys()].filter((k) => k.startsWith("App.") || k.startsWith("DownloadError."))).toEqual(["App.listener", "App.constructor", "App.options", "DownloadError.constructor"]);
    expect(ts.get("App.options")).toMatchObject({ startLine: 4, exported: false });
    const js = flat(await report("app.js", src.replace("  private listener: (n: number) => void;\n", "").replace("private readonly options: object", "options").replace("(m: string)", "(m)")));
    expect(js.get("App.scope")).toMatchObject({ kind: "property", startLine: 5 });
    expect(js.get("App.listener")).toMatchObject({ kind: "method", startLine: 7 });
    expect(js.get("DownloadError.name")).toMatchObject({ kind: "property", startLine: 13 });
  });

  it("read `Class.m` of a class method beside a later static `Class.m = ….bind(…)` reads the method, saying the other; `kind` picks either (superjson's 8 public methods had read as the one-line binds)", async () => {
    const file = "superjson.js";
    await report(file, [
      "class SuperJSON {",
      "  serialize(object) {",
      "    return { json: object };",
      "  }",
      "}",
      "SuperJSON.defaultInstance = new SuperJSON();",
      "SuperJSON.serialize = SuperJSON.defaultInstance.serialize.bind(SuperJSON.defaultInstance);",
      "module.exports = SuperJSON;",
      "",
    ].join("\n"));
    const f = join(dir, file);
    const m = await lens.readSymbol(f, "SuperJSON.serialize");
    expect([m.kind, m.startLine, m.endLine, m.ambiguous]).toEqual(["method", 2, 4, { count: 2, kinds: ["method", "property"] }]);
    expect(m.note).toMatch(/others: SuperJSON\.serialize@7 \(property 7-7\)/);
    expect((await lens.readSymbol(f, "SuperJSON.serialize", { kind: "property" })).startLine).toBe(7);
    expect((await lens.readSymbol(f, "SuperJSON.serialize", { kind: "method" })).startLine).toBe(2);
  });

  it("an IIFE handed `cond ? window : null`, or `.call(this, require('_process'))`, is the module's scope: its `module.exports = X` exports X (mousetrap's main file and 18 classes of sockjs' browserify build had read 0 exported)", async () => {
    const mousetrap = flat(await report("mousetrap.js", [
      "(function (window, document, undefined) {",
      "  function Mousetrap(el) {",
      "    this.el = el;",
      "  }",
      "  if (typeof module !== 'undefined' && module.exports) {",
      "    module.exports = Mousetrap;",
      "  }",
      "}) (typeof window !== 'undefined' ? window : null, typeof window !== 'undefined' ? document : null);",
      "",
    ].join("\n")));
    expect(mousetrap.get("Mousetrap")).toMatchObject({ kind: "function", exported: true });
    const sockjs = flat(await report("info-ajax.js", [
      "(function (process) {",
      "  function InfoAjax(url) {",
      "    this.url = url;",
      "  }",
      "  InfoAjax.prototype.close = function () {};",
      "  module.exports = InfoAjax;",
      "}).call(this, require('_process'));",
      "(function (NS) {",
      "  NS.x = function () {};",
      "})(NS || (NS = {}));",
      "",
    ].join("\n")));
    expect(sockjs.get("InfoAjax")).toMatchObject({ exported: true });
    expect(sockjs.get("InfoAjax.close")).toMatchObject({ kind: "method", exported: true });
    // (tsc's namespace IIFE, handed an assignment, builds its own object: not the module's scope.)
    expect(sockjs.get("x")).toMatchObject({ kind: "method", exported: false });
  });

  it("a prototype method followed by commented-out code before its `;` ends with its function (gsap); one a closure factory returns is a method with its head (howler's plugin `init`); a licence banner on line 1 is no doc (riot)", async () => {
    const file = "gsap.js";
    const src = [
      "/* Riot v10.1.6, @license MIT */",
      "// cheap module transpilation",
      "function Animation() {}",
      "Animation.prototype.iteration = function iteration(value) {",
      "  return value;",
      "} // potential future addition:",
      "// isPlayingBackwards() {",
      "//   return false;",
      "// }",
      ";",
      "/** Add new properties to the core init. */",
      "Animation.prototype.init = (function (_super) {",
      "  return function (o) {",
      "    return _super.call(this, o);",
      "  };",
      "})(Animation.prototype.init);",
      "",
    ].join("\n");
    const e = flat(await report(file, src));
    expect(e.get("Animation")).toMatchObject({ startLine: 3, doc: "cheap module transpilation" });
    expect(e.get("Animation.iteration")).toMatchObject({ kind: "method", startLine: 4, endLine: 6, signature: "Animation.prototype.iteration = function iteration(value)" });
    expect(e.get("Animation.init")).toMatchObject({ kind: "method", startLine: 12, endLine: 16, doc: "Add new properties to the core init.", signature: "Animation.prototype.init = (function (_super) {… return function (o) …})(Animation.prototype.init)" });
    expect((await lens.readSymbol(join(dir, file), "Animation.iteration")).source).toBe(src.split("\n").slice(3, 6).join("\n"));
  });

  it("`var Utils = {}; Utils.extend = function` in a module-pattern IIFE nests under Utils (it had been `App.extend`); in a callback's body it is that callback's (select2's `S2.Extend`); a factory callback's class keeps its methods (mathjs)", async () => {
    const file = "select2.js";
    const r = await report(file, [
      "var App = (function () {",
      "  var Utils = {};",
      "  Utils.extend = function (Child, Parent) {",
      "    return Child;",
      "  };",
      "  function helper() {}",
      "  return { helper: helper };",
      "}());",
      "var S2 = (function () {",
      "  var S2 = { define: function () {} };",
      "  S2.define('app/utils', [], function () {",
      "    var Utils = {};",
      "    Utils.Extend = function (Child) {",
      "      return Child;",
      "    };",
      "    return Utils;",
      "  });",
      "  return S2;",
      "}());",
      "var createMatrix = factory('Matrix', [], function () {",
      "  function Matrix() {}",
      "  Matrix.prototype.clone = function () {",
      "    return this;",
      "  };",
      "  return Matrix;",
      "});",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("App.Utils")).toMatchObject({ startLine: 2 });
    expect(e.get("App.Utils.extend")).toMatchObject({ kind: "method", startLine: 3, endLine: 5 });
    expect((await lens.readSymbol(join(dir, file), "Utils.extend")).startLine).toBe(3);
    expect([...e.keys()].filter((k) => /^(?:App|S2)\.(?:extend|Extend)$/.test(k))).toEqual([]);
    expect(r.callbacks.map((c) => c.name)).toContain("Utils.Extend@13");
    expect(e.get("createMatrix.Matrix.clone")).toMatchObject({ kind: "method", startLine: 22 });
  });

  it("a named function patched onto a parameter is a callback, not the function's member (vue-query's `app.unmount = function vueQueryUnmount()`); `module.exports =` in a TypeScript ES module is no entry (feathers)", async () => {
    const r = await report("plugin.ts", [
      "export function install(app: { unmount(): void }) {",
      "  const original = app.unmount;",
      "  app.unmount = function patchedUnmount() {",
      "    original();",
      "  };",
      "}",
      "export function scale(s: any) {",
      "  s.ticks = function ticks() {",
      "    return [];",
      "  };",
      "  return s;",
      "}",
      "if (typeof module !== 'undefined') {",
      "  module.exports = Object.assign(install, module.exports);",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()]).toEqual(["install", "scale", "scale.ticks"]);
    expect(r.callbacks.map((c) => c.name)).toEqual(["app.unmount@3"]);
    const cjs = flat(await report("plugin.js", "function install(app) {}\nmodule.exports = Object.assign(install, module.exports);\n"));
    expect(cjs.get("exports")).toMatchObject({ kind: "constant", exported: true });
  });

  it("a module pattern's helpers that what it returns does not name are internal members (prism's matchGrammar, terser's Splice, mathjs' parse helpers had read exported)", async () => {
    const e = flat(await report("prism.js", [
      "var Lib = (function () {",
      "  var api = {",
      "    run: function (x) {",
      "      return helper(x);",
      "    }",
      "  };",
      "  function helper(x) {",
      "    return x * 2;",
      "  }",
      "  function shared() {}",
      "  return { api: api, shared: shared };",
      "}());",
      "var MAP = (function () {",
      "  function MAP(a) {",
      "    return a;",
      "  }",
      "  function Splice(val) { this.v = val; }",
      "  return MAP;",
      "})();",
      "module.exports = { Lib: Lib, MAP: MAP };",
      "",
    ].join("\n")));
    expect([e.get("Lib")?.exported, e.get("Lib.api")?.exported, e.get("Lib.api.run")?.exported, e.get("Lib.helper")?.exported, e.get("Lib.shared")?.exported]).toEqual([true, true, true, false, true]);
    expect([e.get("MAP")?.exported, e.get("MAP.Splice")?.exported]).toEqual([true, false]);
  });

  it("a wrapped function (`const isNative = memoize((name) => …)`) in a UMD factory's body is one entry (riot had listed it twice); in a function's block it stays that function's", async () => {
    const r = await report("riot.js", [
      "(function (global, factory) {",
      "  typeof exports === 'object' && typeof module !== 'undefined' ? factory(exports) : factory((global.riot = {}));",
      "})(this, (function (exports) {",
      "  const memoize = (fn) => fn;",
      "  const isNative = memoize(",
      "    (name) => name.length > 0,",
      "  );",
      "  function mount() {",
      "    const onClick = useCallback(() => {});",
      "    return onClick;",
      "  }",
      "  exports.isNative = isNative;",
      "  exports.mount = mount;",
      "}));",
      "",
    ].join("\n"));
    expect(r.api.map((e) => [e.name, e.kind, e.startLine])).toEqual([["isNative", "function", 5], ["mount", "function", 8]]);
    expect(r.api[1]!.members?.map((m) => m.name)).toEqual(["onClick"]);
  });

  it("a class factory's prototype data are properties, a parameter's value too (http-errors' `ClientError.prototype.status = code` had been a method, `expose = true` no entry)", async () => {
    const e = flat(await report("http-errors.js", [
      "function makeError(code) {",
      "  function ClientError(message) {",
      "    this.message = message;",
      "  }",
      "  ClientError.prototype.status = code;",
      "  ClientError.prototype.expose = true;",
      "  ClientError.prototype.label = 'client';",
      "  ClientError.prototype.describe = function () {",
      "    return this.label;",
      "  };",
      "  return ClientError;",
      "}",
      "module.exports = makeError;",
      "",
    ].join("\n")));
    expect(["status", "expose", "label", "describe"].map((m) => e.get(`makeError.ClientError.${m}`)?.kind)).toEqual(["property", "property", "property", "method"]);
  });
});
