/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 22 QA). */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("JS/TS shapes from npm packages, round 3", () => {
  it("Babel's compiled class (`var Logger = function (_T) { function Logger() {…} return _createClass(Logger, [{ key, value }], [statics]) }(T)`) is a class: the inner function its constructor, each descriptor's function a method named by its key, docs where Babel leaves them (winston)", async () => {
    const r = await report("babel-class.js", [
      "function _createClass(e, r, t) { return e; }",
      "var Logger = /*#__PURE__*/function (_Transform) {",
      "  function Logger(options) {",
      "    _classCallCheck(this, Logger);",
      "    this.silent = false;",
      "  }",
      "  _inherits(Logger, _Transform);",
      "  /**",
      "   * Makes a child logger.",
      "   */",
      "  return _createClass(Logger, [{",
      '    key: "child",',
      "    value: function child(meta) {",
      "      return meta;",
      "    }",
      "    /**",
      "     * The current level.",
      "     */",
      "  }, {",
      '    key: "level",',
      "    get: function get() {",
      "      return this._level;",
      "    },",
      "    set: function set(v) {",
      "      this._level = v;",
      "    }",
      "  }], [{",
      '    key: "create",',
      "    value: function create() {",
      "      return new Logger();",
      "    }",
      "  }]);",
      "}(Transform);",
      "exports.Logger = Logger;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Logger")).toMatchObject({ kind: "class", startLine: 2, endLine: 33, exported: true });
    expect([...e.keys()].filter((k) => k.startsWith("Logger."))).toEqual(["Logger.constructor", "Logger.silent", "Logger.child", "Logger.level", "Logger.create"]);
    expect(e.get("Logger.constructor")).toMatchObject({ kind: "constructor", startLine: 3, endLine: 6, signature: "function Logger(options)" });
    expect(e.get("Logger.child")).toMatchObject({ kind: "method", startLine: 13, endLine: 15, exported: true, doc: "Makes a child logger.", signature: "child(meta)" }); // (session 26: read as the class it came from; it had been `key: "child", value: function child(meta)`)
    const level = r.api?.[0]?.members.filter((m) => m.name === "level") ?? [];
    expect(level.map((m) => [m.startLine, m.signature, m.doc])).toEqual([
      [21, "get level()", "The current level."],
      [24, "set level(v)", "The current level."],
    ]);
    expect(e.get("Logger.create")).toMatchObject({ kind: "method", startLine: 29, signature: "static create()" });
    const f = join(dir, "babel-class.js");
    expect(await lens.readSymbol(f, "Logger.child")).toMatchObject({ startLine: 8, endLine: 15 });
  });

  it("a compiled class handed to `module.exports`, its methods on `_proto` and by Babel's runtime helper (`(0, _createClass2[\"default\"])(X, …)`), is the exported class of its name (nunjucks, winston)", async () => {
    const r = await report("exported-class.js", [
      "module.exports = /*#__PURE__*/function (_EmitterObj) {",
      "  _inheritsLoose(Loader, _EmitterObj);",
      "  function Loader() {",
      "    return _EmitterObj.apply(this, arguments) || this;",
      "  }",
      "  var _proto = Loader.prototype;",
      "  _proto.resolve = function resolve(from, to) {",
      "    return to;",
      "  };",
      '  (0, _createClass2["default"])(Loader, [{',
      '    key: "typename",',
      "    get: function get() {",
      '      return "Loader";',
      "    }",
      "  }]);",
      "  return Loader;",
      "}(EmitterObj);",
      "var helper = function () {",
      "  function helper() {}",
      "  return helper;",
      "}();",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Loader")).toMatchObject({ kind: "class", startLine: 1, endLine: 17, exported: true });
    expect([...e.keys()].filter((k) => k.startsWith("Loader."))).toEqual(["Loader.constructor", "Loader.resolve", "Loader.typename"]);
    expect(e.get("Loader.resolve")).toMatchObject({ kind: "method", exported: true });
    // A function an IIFE returns with no sign of a class (no prototype, no class helper) is left as it was.
    expect(e.get("helper")?.kind).not.toBe("class");
    expect(e.has("helper.constructor")).toBe(false);
  });

  it("the methods of an object a factory returns, nested in its objects (`return { parsers: parsers = { entities: { quoted: function } } }`), are members by path; a data object there is no entry (less's parser, highlight.js's languages)", async () => {
    const r = await report("returned-nested.js", [
      "const Parser = function Parser(context) {",
      "  let parsers;",
      "  return {",
      "    parse: function (str) {",
      "      return parsers.primary(str);",
      "    },",
      "    parsers: parsers = {",
      "      primary: function () {",
      "        return 1;",
      "      },",
      "      entities: {",
      "        quoted: function (forceEscaped) {",
      "          return 2;",
      "        },",
      "        keyword() {",
      "          return 3;",
      "        }",
      "      }",
      "    },",
      "    keywords: { keyword: ['if', 'else'] }",
      "  };",
      "};",
      "module.exports = Parser;",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.startsWith("Parser."))).toEqual([
      "Parser.parse", "Parser.parsers", "Parser.parsers.primary", "Parser.parsers.entities", "Parser.parsers.entities.quoted", "Parser.parsers.entities.keyword",
    ]);
    expect(e.get("Parser.parsers")).toMatchObject({ kind: "property", startLine: 7, endLine: 19 });
    expect(e.get("Parser.parsers.entities.quoted")).toMatchObject({ kind: "method", startLine: 12, endLine: 14 });
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
    const f = join(dir, "returned-nested.js");
    expect(await lens.readSymbol(f, "Parser.parsers.entities.quoted")).toMatchObject({ startLine: 12, endLine: 14 });
  });
  it("Bublé's accessor maps (`prototypeAccessors.inFunction.get = function`; `Object.defineProperties(Parser.prototype, prototypeAccessors)`) are the class's accessors, named by key (acorn's dist)", async () => {
    const r = await report("buble.js", [
      "var Parser = function Parser(options) {",
      "  this.options = options;",
      "};",
      "var prototypeAccessors = { inFunction: { configurable: true }, inAsync: { configurable: true } };",
      "var staticAccessors = { version: { configurable: true } };",
      "Parser.prototype.parse = function parse () {",
      "  return this.options;",
      "};",
      "/** Whether the parser is inside a function. */",
      "prototypeAccessors.inFunction.get = function () { return true };",
      "prototypeAccessors.inAsync.get = function () { return false };",
      "prototypeAccessors.inAsync.set = function (v) { this.async = v; };",
      "staticAccessors.version.get = function () { return \"1\" };",
      "Object.defineProperties( Parser.prototype, prototypeAccessors );",
      "Object.defineProperties( Parser, staticAccessors );",
      "exports.Parser = Parser;",
    ].join("\n"));
    const members = r.api?.[0]?.members ?? [];
    expect(members.filter((m) => m.kind === "method").map((m) => [m.name, m.kind, m.startLine, m.exported])).toEqual([
      ["parse", "method", 6, true], ["inFunction", "method", 10, true], ["inAsync", "method", 11, true], ["inAsync", "method", 12, true], ["version", "method", 13, true],
    ]);
    expect(flat(r).get("Parser.inFunction")).toMatchObject({ doc: "Whether the parser is inside a function.", signature: "prototypeAccessors.inFunction.get = function ()" });
    // The maps stay what they are: data.
    expect(flat(r).get("prototypeAccessors")?.members.map((m) => m.name)).toEqual(["inFunction", "inAsync"]);
  });

  it("a module-pattern IIFE given to a member (`ko.utils = (function () {…; return { arrayForEach: function … } })()`) is a namespace property: its functions and its returned object's methods, these as public as it; one returning a compiled class is that class (knockout, ipaddr.js)", async () => {
    const r = await report("ns-iife.js", [
      "var ko = {};",
      "ko.tasks = (function () {",
      "    var taskQueue = [];",
      "    function processTasks() {",
      "        return taskQueue.length;",
      "    }",
      "    var tasks = {",
      "        schedule: function (func) {",
      "            taskQueue.push(func);",
      "        }",
      "    };",
      "    return tasks;",
      "})();",
      "ko.x = { a: function () {}, b: 1 };",
      "ko.IPv4 = (function () {",
      "    function IPv4(octets) {",
      "        this.octets = octets;",
      "    }",
      "    IPv4.prototype.kind = function () {",
      "        return 'ipv4';",
      "    };",
      "    return IPv4;",
      "})();",
      "module.exports = ko;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("ko.tasks")).toMatchObject({ kind: "property", startLine: 2, endLine: 13, exported: true });
    expect([...e.keys()].filter((k) => k.startsWith("ko.tasks."))).toEqual(["ko.tasks.processTasks", "ko.tasks.schedule"]);
    expect(e.get("ko.tasks.schedule")).toMatchObject({ kind: "method", startLine: 8, exported: true });
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
    // (An object of functions given to a member of an exported object: its methods exported too.)
    expect(e.get("ko.x.a")).toMatchObject({ kind: "method", exported: true });
    expect(e.get("ko.IPv4")).toMatchObject({ kind: "class", startLine: 15, endLine: 23, exported: true });
    expect([...e.keys()].filter((k) => k.startsWith("ko.IPv4."))).toEqual(["ko.IPv4.constructor", "ko.IPv4.octets", "ko.IPv4.kind"]);
    const f = join(dir, "ns-iife.js");
    expect(await lens.readSymbol(f, "ko.tasks.schedule")).toMatchObject({ startLine: 8, endLine: 10 });
  });
  it("another name of the export object (`var utils = exports;`, `var api = module.exports;`) exports what is put on it (elliptic)", async () => {
    const r = flat(await report("alias-exports.js", [
      "'use strict';",
      "var utils = exports;",
      "/** Represent num in a w-NAF form. */",
      "function getNAF(num, w) { return [num, w]; }",
      "utils.getNAF = getNAF;",
      "/** Parse bytes. */",
      "utils.parseBytes = function parseBytes(bytes) { return bytes; };",
      "function hidden() {}",
    ].join("\n")));
    expect(r.get("getNAF")).toMatchObject({ exported: true });
    expect(r.get("utils.parseBytes")).toMatchObject({ kind: "method", exported: true, doc: "Parse bytes." });
    expect(r.get("hidden")?.exported).toBe(false);
    const m = flat(await report("alias-module.js", "var api = module.exports;\n/** Parse. */\napi.parse = function parse(s) { return s; };\n"));
    expect(m.get("api.parse")).toMatchObject({ exported: true });
  });

  it("a UMD wrapper handed `typeof module === 'undefined' || module` (bn.js), or of one parameter it hands to `define` (knockout), is module scope: `module.exports = BN` there exports BN", async () => {
    const r = flat(await report("bn.js", [
      "(function (module, exports) {",
      "  'use strict';",
      "  function BN (number) {",
      "    this.words = number;",
      "  }",
      "  if (typeof module === 'object') {",
      "    module.exports = BN;",
      "  } else {",
      "    exports.BN = BN;",
      "  }",
      "  /** Add `num` to `this`. */",
      "  BN.prototype.add = function add (num) { return num; };",
      "})(typeof module === 'undefined' || module, this);",
    ].join("\n")));
    expect(r.get("BN")).toMatchObject({ kind: "function", exported: true });
    expect(r.get("BN.add")).toMatchObject({ kind: "method", exported: true, doc: "Add `num` to `this`." });
    const ko = await report("ko-umd.js", [
      "(function (factory) {",
      "    if (typeof define === 'function' && define['amd']) {",
      "        define(['exports', 'require'], factory);",
      "    } else {",
      "        factory(module['exports'] || exports);",
      "    }",
      "}(function (koExports) {",
      "var ko = koExports;",
      "ko.extenders['trackArrayChanges'] = function (target, options) {",
      "    function trackChanges() { return 1; }",
      "};",
      "}));",
    ].join("\n"));
    const e = flat(ko);
    expect(e.get("trackArrayChanges")).toMatchObject({ kind: "function", startLine: 9, endLine: 11 });
    expect(e.has("trackArrayChanges.trackChanges")).toBe(true);
    expect(e.has("trackChanges")).toBe(false);
  });
  it("an arrow's bare parameter is parenthesized in a member assignment's head too (`api.restore = msg => {…}`: less)", async () => {
    const r = flat(await report("arrow-member.js", "const api = {};\napi.restore = possibleErrorMessage => {\n  return possibleErrorMessage;\n};\nexports.triple = async y => y * 3;\n"));
    expect(r.get("api.restore")?.signature).toBe("api.restore = (possibleErrorMessage)");
    expect(r.get("triple")?.signature).toBe("exports.triple = async (y)");
  });

  it("a constructor function's `this.x` assigned again is one property, at its first assignment (bn.js's Mont)", async () => {
    const r = await report("mont.js", "function Mont (m) {\n  this.r = m;\n  this.minv = m * 2;\n  this.minv = this.minv % 7;\n}\nmodule.exports = Mont;\n");
    expect(r.api?.[0]?.members.map((m) => [m.name, m.startLine])).toEqual([["r", 2], ["minv", 3]]);
  });

  it("a file's own doc (`@module`, `@fileoverview`) is no declaration's doc (cheerio)", async () => {
    const r = flat(await report("module-doc.js", '"use strict";\n/**\n * Methods for getting and modifying attributes.\n *\n * @module cheerio/attributes\n */\nvar _a;\n/** Gets an attribute. */\nfunction attr(name) { return name; }\nexports.attr = attr;\n'));
    expect(r.get("_a")?.doc).toBeUndefined();
    expect(r.get("attr")?.doc).toBe("Gets an attribute.");
  });

  it("what is assigned onto a prototype's alias (`var proto = Moment.prototype; proto.add = …; proto[Symbol.for('x')] = …`) is the constructor's (moment)", async () => {
    const r = await report("proto-alias.js", [
      "function Moment() {}",
      "var proto = Moment.prototype;",
      "proto.add = function () { return 1; };",
      "/** Inspect for node. */",
      "proto[Symbol.for('nodejs.util.inspect.custom')] = function () {",
      "    return 'Moment<>';",
      "};",
      "module.exports = Moment;",
    ].join("\n"));
    expect(r.api?.[0]?.members.map((m) => [m.name, m.kind, m.startLine, m.exported])).toEqual([
      ["add", "method", 3, true], ["[Symbol.for('nodejs.util.inspect.custom')]", "method", 5, true],
    ]);
    expect(flat(r).get("Moment.[Symbol.for('nodejs.util.inspect.custom')]")?.doc).toBe("Inspect for node.");
  });

  it("CoffeeScript's class (`var SwitchCase; … SwitchCase = (function () { class SwitchCase … }).call(this)`) is one class: no bare variable beside it, its prototype members its own", async () => {
    const r = await report("cs.js", [
      "(function() {",
      "  var Base, SwitchCase;",
      "  Base = class Base {};",
      "  SwitchCase = (function() {",
      "    class SwitchCase extends Base {",
      "      astProperties(o) {",
      "        return {test: this.test};",
      "      }",
      "    };",
      "    SwitchCase.prototype.children = ['test', 'block'];",
      "    return SwitchCase;",
      "  }).call(this);",
      "}).call(this);",
    ].join("\n"));
    const all = [...(r.api ?? []), ...(r.internal ?? [])];
    expect(all.filter((e) => e.name === "SwitchCase").map((e) => e.kind)).toEqual(["class"]);
    expect(flat(r).get("SwitchCase.children")).toMatchObject({ kind: "property", startLine: 10 });
  });
  it("`export { _pick as pick }` of an overloaded function: read by the public name gives the implementation with its overload signatures (zod's `z.enum`), in a .d.ts all the signatures", async () => {
    await report("ov.ts", "function _pick(a: string): string;\nfunction _pick(a: number): number;\nfunction _pick(a: any) {\n  return a;\n}\nexport { _pick as pick };\n");
    const r = await lens.readSymbol(join(dir, "ov.ts"), "pick");
    expect(r).toMatchObject({ startLine: 1, endLine: 5 });
    expect(r.note).toMatch(/^the implementation with its 2 overload signatures before it; exported as pick/);
    await report("ovd.d.ts", "/** Pick it. */\ndeclare function pick$1(a: string): string;\ndeclare function pick$1(a: number): number;\nexport { pick$1 as pick };\n");
    expect(await lens.readSymbol(join(dir, "ovd.d.ts"), "pick")).toMatchObject({ startLine: 1, endLine: 3 });
  });

  it("commented-out code that opens a block (`// export function lazy<T>(…) {`) is no doc (zod)", async () => {
    const r = flat(await report("commented.ts", "// export function lazy<T>(getter: () => T): T {\n//   return getter();\n// }\nexport function _lazy<T>(getter: () => T): T {\n  return getter();\n}\nexport interface Arr {\n  //Base<string[]> {\n  def: string;\n}\n"));
    expect(r.get("_lazy")?.doc).toBeUndefined();
    expect(r.get("Arr.def")?.doc).toBeUndefined();
  });

  it("a long doc comment is read with its symbol in a file that also has a minified-length line (remeda's d.ts)", async () => {
    const doc = ["/**", " * Useful to flatten.", ...Array.from({ length: 40 }, () => " * Sometimes it is desired to pass a value as a function argument of another type than its own."), " */"];
    await report("longdoc.ts", [`export const BIG = "${"x".repeat(1100)}";`, ...doc, "export type Simplify<T> = { [K in keyof T]: T[K] } & {};", ""].join("\n"));
    const r = await lens.readSymbol(join(dir, "longdoc.ts"), "Simplify");
    expect(r).toMatchObject({ startLine: 2, endLine: 45 });
    expect(r.source.startsWith("/**\n * Useful to flatten.")).toBe(true);
    expect(r.note).toBeUndefined();
  });
  it("the names importers know a declaration by are in the report: `exportedAs` in json, `[as …]` in compact (`export { _enum as enum }`, `export default App`, `module.exports = { parse: decode }`)", async () => {
    const r = await report("export-as.ts", "function _enum(a: string) { return a; }\nfunction App() { return 1; }\nfunction plain() {}\nexport { _enum as enum, plain };\nexport default App;\n");
    expect(r.api?.map((e) => [e.name, e.exportedAs])).toEqual([["_enum", ["enum"]], ["App", ["default"]], ["plain", undefined]]);
    expect(lens.render(r, "compact", { detail: "full" })).toContain("fn _enum(a: string)  [as enum]");
    // The budgeted json keeps it, as it keeps the name.
    expect(lens.render(r, "json")).toContain('"name":"_enum","kind":"function","startLine":1,"endLine":1,"exported":true,"exportedAs":["enum"]');
    const c = await report("export-as.js", "function decode(s) { return s; }\nmodule.exports = { parse: decode };\n");
    expect(c.api?.[0]).toMatchObject({ name: "decode", exportedAs: ["parse"] });
  });
  it("a `namespace` written without `export`/`declare` has its doc (lit's `ReactiveUnstable.DebugLog`)", async () => {
    const r = flat(await report("ns-doc.ts", "/** Outer doc. */\nnamespace Outer {\n    /** Inner2 doc. */\n    namespace Inner2 {}\n}\n"));
    expect(r.get("Outer")?.doc).toBe("Outer doc.");
    expect(r.get("Outer.Inner2")?.doc).toBe("Inner2 doc.");
    expect(await lens.readSymbol(join(dir, "ns-doc.ts"), "Outer.Inner2")).toMatchObject({ startLine: 3, endLine: 4 });
  });

  it("a Babel descriptor's doc is found past another comment Babel leaves after it (winston's `/* eslint-enable … */`)", async () => {
    const r = flat(await report("babel-eslint.js", [
      "var Logger = /*#__PURE__*/function () {",
      "  function Logger() {",
      "    _classCallCheck(this, Logger);",
      "  }",
      "  return _createClass(Logger, [{",
      '    key: "add",',
      "    value: function add(x) {",
      "      return x;",
      "    }",
      "    /**",
      "     * Ensure backwards compatibility with a `log` method.",
      "     */",
      "    /* eslint-enable complexity */",
      "  }, {",
      '    key: "log",',
      "    value: function log(level, msg) {",
      "      return msg;",
      "    }",
      "  }]);",
      "}();",
    ].join("\n")));
    expect(r.get("Logger.log")?.doc).toBe("Ensure backwards compatibility with a `log` method.");
    expect(r.get("Logger.add")?.doc).toBeUndefined();
  });

  it("read by the path a declaration spells (`ko.Ctx.prototype.extend`, `X.prototype['y']`) says no other name", async () => {
    await report("own-path.js", "var ko = {};\nko.Ctx = function () {};\nko.Ctx.prototype.extend = function (props) { return props; };\n/** Create a child. */\nko.Ctx.prototype['child'] = function (d) { return d; };\n");
    const f = join(dir, "own-path.js");
    const extend = await lens.readSymbol(f, "ko.Ctx.prototype.extend");
    expect([extend.startLine, extend.note]).toEqual([3, undefined]);
    const child = await lens.readSymbol(f, "ko.Ctx.prototype.child");
    expect([child.startLine, child.endLine, child.note]).toEqual([4, 5, undefined]);
  });
  it("an imported name handed on (`import { A as InfiniteData } from \"./chunk.js\"; export { InfiniteData }`, a bundle's .d.ts) says where it comes from", async () => {
    const r = await report("imex.d.ts", 'import { A as InfiniteData, Q } from "./chunk.js";\nimport type { T } from "./types.js";\nimport Def from "./def.js";\nimport { V } from "./v.js";\nexport { InfiniteData, Q as QueryFunction, T, Def, type V };\n');
    expect(r.api?.map((e) => [e.name, e.kind, e.signature])).toEqual([
      ["InfiniteData", "constant", 'export { A as InfiniteData } from "./chunk.js"'],
      ["QueryFunction", "constant", 'export { Q as QueryFunction } from "./chunk.js"'],
      ["T", "type", 'export type { T } from "./types.js"'],
      ["Def", "constant", 'export { default as Def } from "./def.js"'],
      ["V", "type", 'export { type V } from "./v.js"'],
    ]);
  });
  it("a function under a bracketed key inside a function is an entry as under a dotted one (fastify's `app[Symbol.asyncDispose] = function dispose`, mathjs's `Matrix.prototype[Symbol.iterator] = function*`); a loop variable's key names nothing", async () => {
    const r = flat(await report("keyed-nested.js", [
      "function build () {",
      "  const app = { name: 'x' }",
      "  app[Symbol.asyncDispose] = function dispose () {",
      "    return 1",
      "  }",
      "  app['listen'] = function listen () {",
      "    return 2",
      "  }",
      "  return app",
      "}",
      "var createMatrix = factory('Matrix', [], () => {",
      "  function Matrix(data) {",
      "    this._data = data;",
      "  }",
      "  Matrix.prototype[Symbol.iterator] = function* () {",
      "    yield* this._data;",
      "  };",
      "  return Matrix;",
      "});",
      "methods.forEach(function (method) {",
      "  Route.prototype[method] = function (handler) {",
      "    return handler;",
      "  };",
      "});",
      "module.exports = build;",
    ].join("\n")));
    expect(r.get("build.[Symbol.asyncDispose]")).toMatchObject({ kind: "method", startLine: 3, endLine: 5 });
    expect(r.get("build.listen")).toMatchObject({ kind: "method", startLine: 6 });
    expect(r.get("createMatrix.Matrix.[Symbol.iterator]")).toMatchObject({ kind: "method", startLine: 15, endLine: 17 });
    expect([...r.keys()].some((k) => k.includes("[method]"))).toBe(false);
  });

  it("a UMD tail's `else if (module) { module.exports = Decimal }` inside an IIFE exports Decimal (decimal.js); `read exports.x` finds `exports.x = function`", async () => {
    const r = flat(await report("umd-else.js", [
      "(function () {",
      "  function Decimal(v) {",
      "    this.v = v;",
      "  }",
      "  if (typeof define == 'function') {",
      "    console.log(1);",
      "  } else if (typeof module != 'undefined') {",
      "    module.exports = Decimal;",
      "  }",
      "})();",
    ].join("\n")));
    expect(r.get("Decimal")?.exported).toBe(true);
    await report("exp-read.js", "/** Transform it. */\nexports.transformTo = function (type, input) {\n  return input;\n};\n");
    const f = join(dir, "exp-read.js");
    expect(await lens.readSymbol(f, "exports.transformTo")).toMatchObject({ found: true, startLine: 1, endLine: 4 });
    expect(await lens.readSymbol(f, "module.exports.transformTo")).toMatchObject({ found: true, startLine: 1 });
  });
  it("a file's header comment above tsc's emitted helper (`var __importDefault = …`) is not the helper's doc (tar); `module.exports = { data, fn() {} }` lists its object where it starts, before its functions (jszip)", async () => {
    const r = await report("tsc-header.js", '"use strict";\n// A readable tar stream creator.\n// Write paths into it.\nvar __importDefault = (this && this.__importDefault) || function (mod) {\n    return (mod && mod.__esModule) ? mod : { "default": mod };\n};\nclass Pack {\n}\nexports.Pack = Pack;\n');
    expect(flat(r).get("__importDefault")?.doc).toBeUndefined();
    const m = await report("mexp.js", "module.exports = {\n  /** flag */\n  isNode: true,\n  /** Make it. */\n  make: function (x) {\n    return x;\n  },\n  other(y) { return y; }\n};\n");
    expect(m.api?.map((e) => [e.name, e.startLine])).toEqual([["exports", 1], ["make", 5], ["other", 8]]);
  });
});
