/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 26). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

describe("JS/TS shapes from npm packages, round 7", () => {
  it("a doc line ending in `***)` keeps it: only an ML comment closes with `*)` (swr's `(note: ***This is per-hook***)`)", async () => {
    const r = await report("emphasis.ts", [
      "export interface Config {",
      "  /**",
      "   * initial data to be returned (note: ***This is per-hook***)",
      "   * @see {@link https://swr.vercel.app/docs/with-nextjs}",
      "   */",
      "  fallbackData?: unknown;",
      "  /** Use **bold** text. */",
      "  other?: number;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Config.fallbackData")?.doc).toBe("initial data to be returned (note: ***This is per-hook***)");
    expect(e.get("Config.other")?.doc).toBe("Use **bold** text.");
  });

  it("a default parameter's function shows its body elided `{…}` in the head, not its statements (jotai's `createJSONStorage`)", async () => {
    const r = await report("storage.ts", [
      "export function createJSONStorage(getStringStorage = () => {",
      "  try {",
      "    return window.localStorage;",
      "  } catch (e) {",
      "    return undefined;",
      "  }",
      "}, options?: object) {",
      "  return { getStringStorage, options };",
      "}",
      "export const make = (cb = (x: number) => { return x * 2; }, other = function named() { return 1; }): number => {",
      "  return cb(1) + other();",
      "};",
      "/** A function type's object-type result is no body. */",
      "export function plain(a: (x: number) => { ok: boolean }) { return a; }",
      "export class K { m(f = () => { return 1; }) { return f; } }",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("createJSONStorage")?.signature).toBe("function createJSONStorage(getStringStorage = () => {…}, options?: object)");
    expect(e.get("make")?.signature).toBe("const make = (cb = (x: number) => {…}, other = function named() {…}): number");
    expect(e.get("plain")?.signature).toBe("function plain(a: (x: number) => { ok: boolean })");
    expect(e.get("K.m")?.signature).toBe("m(f = () => {…})");
  });

  it("what a factory installs on the binding it returns inside an `if` is its member too (jotai's `freezeAtom`); in a loop, or on a binding it does not return, a callback", async () => {
    const r = await report("freeze.js", [
      "export function freezeAtom(anAtom) {",
      "  anAtom.read = function (get) { return get(anAtom); };",
      "  if ('write' in anAtom) {",
      "    anAtom.write = function (get, set) { return set(anAtom); };",
      "  } else if (anAtom.x) {",
      "    anAtom.reset = function () {};",
      "  } else anAtom.clear = function () {};",
      "  if (anAtom.z) anAtom.debug = function () {};",
      "  for (const k of []) { anAtom.loop = function () {}; }",
      "  return anAtom;",
      "}",
      "export function wire(el) {",
      "  if (el) { el.onclick = function () {}; }",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("freezeAtom")!.members!.map((m) => `${m.name}:${m.kind}@${m.startLine}`)).toEqual(["read:method@2", "write:method@4", "reset:method@6", "clear:method@7", "debug:method@8"]);
    expect(e.get("wire")!.members ?? []).toEqual([]);
    expect(r.callbacks.map((c) => c.startLine)).toEqual(expect.arrayContaining([9, 13]));
  });

  it("a named function inside an object method handed to a call is kept as it is inside an arrow handed to one (apollo's plugin hooks); one inside a local object's method stays a local", async () => {
    const r = await report("plugin.ts", [
      "export function usagePlugin(options: { n: number }) {",
      "  return internalPlugin({",
      "    async serverWillStart() {",
      "      function schemaId(s: string) {",
      "        return s + options.n;",
      "      }",
      "      return schemaId('a');",
      "    },",
      "  });",
      "}",
      "export function other() {",
      "  setup(() => {",
      "    function inner() { return 1; }",
      "    inner();",
      "  });",
      "}",
      "export function describeFrame() {",
      "  const RunInRoot = {",
      "    determine: function () {",
      "      var Fake = function () { throw Error(); };",
      "      return Fake;",
      "    },",
      "  };",
      "  return RunInRoot.determine();",
      "}",
      "declare function internalPlugin(x: object): object;",
      "declare function setup(f: () => void): void;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("usagePlugin")!.members!.map((m) => m.name)).toEqual(["schemaId"]);
    expect(e.get("usagePlugin.schemaId")).toMatchObject({ kind: "function", startLine: 4, endLine: 6, exported: false });
    expect(e.get("other")!.members!.map((m) => m.name)).toEqual(["inner"]);
    expect(e.has("describeFrame.Fake")).toBe(false);
    expect(e.get("describeFrame")!.members ?? []).toEqual([]);
    // (The hook itself stays a callback.)
    expect(r.callbacks.some((c) => c.startLine === 3)).toBe(true);
  });

  it("a type head over the signature's length keeps what it extends and implements: its type parameters lose their constraints and defaults, then all of them (bullmq's `Queue`)", async () => {
    const r = await report("queue.d.ts", [
      "export declare class Queue<DataTypeOrJob = any, DefaultResultType = any, DefaultNameType extends string = string, DataType = ExtractDataType<DataTypeOrJob, DataTypeOrJob>, ResultType = ExtractResultType<DataTypeOrJob, DefaultResultType>> extends QueueGetters<DataType, ResultType> implements Closable {",
      "    close(): Promise<void>;",
      "}",
      "export interface Handler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>, Fn = (a: number) => void, Extra = { deep: Array<Map<string, Set<number>>> }, More = never> extends RequestHandlerBaseWithAVeryLongNameThatGoesOnAndOn<P, ResBody, ReqBody, ReqQuery, LocalsObj, Fn> {}",
      "export declare class Short<T = any> extends Base<T> {}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Queue")?.signature).toBe("class Queue<DataTypeOrJob, DefaultResultType, DefaultNameType, DataType, ResultType> extends QueueGetters<DataType, ResultType> implements Closable");
    expect(e.get("Handler")?.signature).toMatch(/^interface Handler<…> extends RequestHandlerBaseWithAVeryLongNameThatGoesOnAndOn<P, ResBody/);
    expect(e.get("Handler")!.signature!.length).toBeLessThanOrEqual(160);
    // (A head that fits keeps its defaults.)
    expect(e.get("Short")?.signature).toBe("class Short<T = any> extends Base<T>");
  });

  it("a re-export's head is at most 160 characters, and a self-alias `X as X` is said `X` (anthropic's namespaces)", async () => {
    const long = "BetaManagedAgentsSelfHostedResourcesUnsupportedDeploymentPausedReasonErrorObject";
    const r = await report("deployments.ts", [
      "export declare namespace Deployments {",
      "  export {",
      `    type ${long} as ${long},`,
      `    type ${long}ButLongerStill as ${long}ButLongerStillAndRenamedToSomethingElseEntirely,`,
      "  };",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get(`Deployments.${long}`)?.signature).toBe(`export { type ${long} }`);
    const renamed = e.get(`Deployments.${long}ButLongerStillAndRenamedToSomethingElseEntirely`)!;
    expect(renamed.signature!.length).toBeLessThanOrEqual(160);
    expect(renamed.signature).toMatch(/^export \{ type \w+ as…$/);
  });

  it("a local exported by a specifier with a doc takes that doc (effect's `export { /** … */ void_ as void }`)", async () => {
    const r = await report("effect.ts", [
      "const void_: number = 0;",
      "/** Own doc. */",
      "const try_ = 1;",
      "export {",
      "  /**",
      "   * Returns an effect that succeeds with `void`.",
      "   */",
      "  void_ as void,",
      "  /** Not this one. */",
      "  try_ as try,",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("void_")).toMatchObject({ doc: "Returns an effect that succeeds with `void`.", startLine: 1, endLine: 1, exportedAs: ["void"] });
    expect(e.get("try_")?.doc).toBe("Own doc.");
  });

  it("a doc written between the decorators and the declaration is its doc, and the decorators stay its own (NestJS' `@Post()` / `/** … */` / `create()`)", async () => {
    const r = await report("svc.ts", [
      "@Injectable()",
      "/** Service doc. */",
      "export class Svc {",
      "  @Post(\":id\")",
      "  /** Create a user. */",
      "  create(id: number) {}",
      "",
      "  /** Above. */",
      "  @Get()",
      "  list() {}",
      "}",
      "declare function Injectable(): ClassDecorator;",
      "declare function Post(p: string): MethodDecorator;",
      "declare function Get(): MethodDecorator;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Svc")).toMatchObject({ doc: "Service doc.", decorators: ["@Injectable()"], startLine: 1, endLine: 11 });
    expect(e.get("Svc.create")).toMatchObject({ doc: "Create a user.", decorators: ['@Post(":id")'], startLine: 4, endLine: 6 });
    expect(e.get("Svc.list")).toMatchObject({ doc: "Above.", decorators: ["@Get()"], startLine: 9, endLine: 10 });
  });

  it("an IIFE handed a name or a pick of the global is a module scope (hammer's `(window, document, 'Hammer')`, ua-parser's `typeof window === 'object' ? window : this`); a parameter handed the export object is it (sax)", async () => {
    const hammer = flat(await report("hammer.js", [
      "(function (window, document, exportName, undefined) {",
      "  function Hammer(element) { this.element = element; }",
      "  module.exports = Hammer;",
      "})(window, document, 'Hammer');",
      "",
    ].join("\n")));
    expect(hammer.get("Hammer")).toMatchObject({ kind: "function", exported: true });
    const ua = flat(await report("ua.js", [
      "(function (window, undefined) {",
      "  var UAParser = function (ua) { this.ua = ua; };",
      "  exports = module.exports = UAParser;",
      "})(typeof window === 'object' ? window : this);",
      "",
    ].join("\n")));
    expect(ua.get("UAParser")?.exported).toBe(true);
    const sax = flat(await report("sax.js", [
      ";(function (sax) {",
      "  sax.parser = function (strict) { return new SAXParser(strict) }",
      "  sax.SAXParser = SAXParser",
      "  sax.MAX_BUFFER_LENGTH = 64 * 1024",
      "  function SAXParser(strict) { this.strict = strict }",
      "})(typeof exports === 'undefined' ? (this.sax = {}) : exports)",
      "",
    ].join("\n")));
    expect(sax.get("parser")).toMatchObject({ kind: "function", exported: true });
    expect(sax.get("SAXParser")?.exported).toBe(true);
    expect(sax.get("MAX_BUFFER_LENGTH")).toMatchObject({ kind: "constant", exported: true });
    // (tsc's namespace IIFE, which builds its argument, stays no module scope.)
    const ns = flat(await report("ns.js", ["var NS;", "(function (NS) {", "  function helper() {}", "  NS.run = function () { helper(); };", "})(NS || (NS = {}));", ""].join("\n")));
    expect(ns.get("helper")?.exported).not.toBe(true);
  });

  it("what an exported alias names is exported by the alias' public name (esbuild's `var entry_default = Fuse; export { entry_default as default }`, `const lib = Fuse; module.exports = lib`); an aliased value is not", async () => {
    const esm = flat(await report("fuse.mjs", [
      "var Fuse = class {",
      "  search(query) { return []; }",
      "};",
      "var TMP_REGION = 'cloud.region';",
      "export var SEMRESATTRS_REGION = TMP_REGION;",
      "var entry_default = Fuse;",
      "export { entry_default as default };",
      "",
    ].join("\n")));
    expect(esm.get("Fuse")).toMatchObject({ kind: "class", exported: true, exportedAs: ["default"] });
    expect(esm.get("Fuse.search")?.exported).toBe(true);
    expect(esm.get("TMP_REGION")?.exported).toBe(false);
    const cjs = flat(await report("lib.js", ["class Fuse { search() {} }", "const lib = Fuse;", "module.exports = lib;", ""].join("\n")));
    expect(cjs.get("Fuse")?.exported).toBe(true);
  });

  it("a UMD wrapper's `module.exports = factory()` is no entry, and what the factory returns is exported, also inside a bundle's IIFE (lunr)", async () => {
    const r = await report("lunr.js", [
      ";(function () {",
      "var lunr = function (config) {",
      "  return new lunr.Index(config)",
      "}",
      "lunr.Index = function (attrs) {",
      "  this.attrs = attrs",
      "}",
      ";(function (root, factory) {",
      "  if (typeof define === 'function' && define.amd) {",
      "    define(factory)",
      "  } else if (typeof exports === 'object') {",
      "    module.exports = factory()",
      "  } else {",
      "    root.lunr = factory()",
      "  }",
      "}(this, function () {",
      "  return lunr",
      "}))",
      "})();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.has("exports")).toBe(false);
    expect(e.get("lunr")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("lunr.Index")?.exported).toBe(true);
  });

  it("a constructor assigned on a namespace has its `this.x` methods and properties (showdown's `showdown.Converter = function (options) { this.makeHtml = function … }`)", async () => {
    const e = flat(await report("showdown.js", [
      "var showdown = {};",
      "showdown.Converter = function (options) {",
      "  this.options = options;",
      "  this.makeHtml = function (text) {",
      "    return text;",
      "  };",
      "};",
      "showdown.helper = function (x) {",
      "  this.cache = x;",
      "};",
      "module.exports = showdown;",
      "",
    ].join("\n")));
    expect(e.get("showdown.Converter")!.members!.map((m) => `${m.name}:${m.kind}`)).toEqual(["options:property", "makeHtml:method"]);
    // (A lower-case function is no constructor: its `this` is the caller's.)
    expect(e.get("showdown.helper")!.members ?? []).toEqual([]);
  });

  it("a prototype's data member holding an object is the class's property (bottleneck's `Bottleneck.prototype.jobDefaults = {…}`)", async () => {
    const e = flat(await report("bottleneck.js", ["class A {", "  run() {}", "}", "A.prototype.jobDefaults = { priority: 5 };", "module.exports = A;", ""].join("\n")));
    expect(e.get("A.jobDefaults")).toMatchObject({ kind: "property", startLine: 4, exported: true });
  });

  it("Babel's `_createClass` descriptors read as the class they came from: `onClick(e)`, `static isSupported(action)`, `get size()`; a doc right above the `value:` pair is the method's (clipboard)", async () => {
    const e = flat(await report("clipboard.js", [
      "var Clipboard = /*#__PURE__*/function () {",
      "  function Clipboard(trigger) {",
      "    _classCallCheck(this, Clipboard);",
      "  }",
      "  _createClass(Clipboard, [{",
      "    key: \"destroy\",",
      "    value: function destroy() {}",
      "    /**",
      "     * Allow fire programmatically a copy action",
      "     */",
      "",
      "  }, {",
      "    key: \"defaultText\",",
      "",
      "    /**",
      "     * Default `text` lookup function.",
      "     */",
      "    value: function defaultText(trigger) {",
      "      return trigger;",
      "    }",
      "  }, {",
      "    key: \"size\",",
      "    get: function get() { return 1; },",
      "    set: function set(v) {}",
      "  }], [{",
      "    key: \"isSupported\",",
      "    value: function isSupported(action) {",
      "      return !!action;",
      "    }",
      "  }]);",
      "  return Clipboard;",
      "}();",
      "module.exports = Clipboard;",
      "",
    ].join("\n")));
    expect(e.get("Clipboard.destroy")?.signature).toBe("destroy()");
    expect(e.get("Clipboard.defaultText")).toMatchObject({ signature: "defaultText(trigger)", doc: "Default `text` lookup function." });
    expect(e.get("Clipboard.isSupported")?.signature).toBe("static isSupported(action)");
    expect(e.get("Clipboard")!.members!.filter((m) => m.name === "size").map((m) => m.signature)).toEqual(["get size()", "set size(v)"]);
  });

  it("Babel's lazy helper that redefines itself is one entry (`function _typeof(obj) { _typeof = function _typeof(obj) {…} }`)", async () => {
    const r = await report("typeof.js", [
      'function _typeof(obj) { if (typeof Symbol === "function") { _typeof = function _typeof(obj) { return typeof obj; }; } else { _typeof = function _typeof(obj) { return "x"; }; } return _typeof(obj); }',
      "module.exports = _typeof;",
      "",
    ].join("\n"));
    expect(r.api.map((x) => `${x.name}@${x.startLine}`)).toEqual(["_typeof@1"]);
    expect(r.api[0]!.members ?? []).toEqual([]);
  });

  it("a mixin's returned class lists its fields with its methods (a `Timestamped(Base)` mixin had lost `timestamp` and `kind`)", async () => {
    const e = flat(await report("mixin.ts", [
      "export function Timestamped<T extends new (...args: any[]) => object>(Base: T) {",
      "  return class extends Base {",
      "    timestamp = Date.now();",
      '    static kind = "ts";',
      "    touch(): void {}",
      "  };",
      "}",
      "",
    ].join("\n")));
    expect(e.get("Timestamped")!.members!.map((m) => `${m.name}:${m.kind}`)).toEqual(["timestamp:property", "kind:property", "touch:method"]);
  });

  it("commented-out code with a note above it is no doc (tinycolor's `// Disabled until …` / `// polyad: function (number) {` above `triad`); an example in `//` lines stays one", async () => {
    const e = flat(await report("tinycolor.js", [
      "var proto = {",
      "  // Disabled until https://github.com/bgrins/TinyColor/issues/254",
      "  // polyad: function (number) {",
      "  //   return this._applyCombination(polyad, [number]);",
      "  // },",
      "  triad: function () {",
      "    return 3;",
      "  },",
      "  // Usage:",
      "  //   tetrad({",
      "  //     a: 1",
      "  //   });",
      "  tetrad: function () {",
      "    return 4;",
      "  }",
      "};",
      "module.exports = proto;",
      "",
    ].join("\n")));
    expect(e.get("proto.triad")?.doc).toBeUndefined();
    expect(e.get("proto.tetrad")?.doc).toMatch(/^Usage:/);
  });

  it("an object of functions assigned to a name in a top-level `if` is an entry holding them (showdown's console polyfill); they had been owned by nothing", async () => {
    const r = await report("polyfill.js", [
      "if (typeof (console) === 'undefined') {",
      "  console = {",
      "    warn: function (msg) {",
      "      alert(msg);",
      "    },",
      "    error: function (msg) {",
      "      throw msg;",
      "    }",
      "  };",
      "}",
      "function main() {}",
      "module.exports = main;",
      "",
    ].join("\n"));
    expect([...r.api, ...r.internal].map((x) => x.name)).toEqual(["main", "console"]);
    expect(flat(r).get("console")!.members!.map((m) => m.name)).toEqual(["warn", "error"]);
  });

  it("prototype methods on a path whose head the file does not declare nest under the member the path names (lunr's lib/set.js: `lunr.Set = function …`, `lunr.Set.prototype.contains = function …`)", async () => {
    const e = flat(await report("set.js", [
      "/**",
      " * A lunr set.",
      " */",
      "lunr.Set = function (elements) {",
      "  this.elements = elements",
      "}",
      "",
      "lunr.Set.prototype.contains = function (object) {",
      "  return !!this.elements[object]",
      "}",
      "",
    ].join("\n")));
    expect(e.get("Set")!.members!.map((m) => `${m.name}:${m.kind}@${m.startLine}`)).toEqual(["elements:property@5", "contains:method@8"]);
    expect(e.has("contains")).toBe(false);
  });
});
