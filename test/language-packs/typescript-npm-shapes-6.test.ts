/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 25). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

describe("JS/TS shapes from npm packages, round 6", () => {
  it("a closure factory called in place that returns a function is a function, its head eliding the factory (`var uid = (function () {… return function () …})()`)", async () => {
    const r = await report("closures.js", [
      "/** Debounce a function. */",
      "var debounce = (function () {",
      "  var timers = {};",
      "  return function debounce(fn, ms) {",
      "    return fn;",
      "  };",
      "})();",
      "",
      "var uid = (function () {",
      "  var n = 0;",
      "  return (prefix) => prefix + ++n;",
      "}());",
      "",
      "var Base = (function () {",
      "  function Base() {}",
      "  return Base;",
      "})();",
      "var warnOnce = exports.warnOnce = (() => {",
      "  const seen = {};",
      "  return function warnOnce(m) { seen[m] = 1; };",
      "})();",
      "module.exports = { debounce: debounce, uid: uid };",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("debounce")).toMatchObject({ kind: "function", startLine: 2, endLine: 7, exported: true, doc: "Debounce a function.", signature: "var debounce = (function () {… return function debounce(fn, ms) …})()" });
    // (The named function it returns is the binding's own, no member of it.)
    expect(e.get("debounce")!.members ?? []).toEqual([]);
    expect(e.get("uid")).toMatchObject({ kind: "function", startLine: 9, endLine: 12, signature: "var uid = (function () {… return (prefix) => …}())" });
    // (Also through a chain of assignments, mathjs' `warnOnce`: its head had run into the factory's body.)
    expect(e.get("warnOnce")).toMatchObject({ kind: "function", startLine: 18, endLine: 21, exported: true, signature: "var warnOnce = exports.warnOnce = (() => {… return function warnOnce(m) …})()" });
    // A factory returning a name is not this shape (a compiled class's IIFE returns its class).
    expect(e.get("Base")?.kind).not.toBe("function");
  });

  it("a data export the module sets again in an `if`/`try` block is one entry, a variable (debug's `exports.colors`); each branch of a top-level `if` keeps its own", async () => {
    const r = await report("colors.js", [
      "/** Colors to use. */",
      "exports.colors = [6, 2, 3];",
      "try {",
      "  const supportsColor = require('supports-color');",
      "  if (supportsColor && supportsColor.level >= 2) {",
      "    exports.colors = [20, 21, 26];",
      "  }",
      "} catch (error) {}",
      "if (process.env.NODE_ENV === 'production') {",
      "  exports.mode = 'prod';",
      "} else {",
      "  exports.mode = 'dev';",
      "}",
      "",
    ].join("\n"));
    const colors = r.api.filter((e) => e.name === "colors");
    expect(colors).toHaveLength(1);
    expect(colors[0]).toMatchObject({ kind: "variable", startLine: 2, doc: "Colors to use." });
    // (Neither is the first, unconditional one: both stay.)
    expect(r.api.filter((e) => e.name === "mode").map((e) => e.startLine)).toEqual([10, 12]);
  });

  it("a property several arms of a type alias declare alike is listed once; unlike ones each (mongoose's `Require_id`, a discriminated union); every arm of a long union counts", async () => {
    const r = await report("arms.ts", [
      "type IfAny<T, Y, N> = 0 extends 1 & T ? Y : N;",
      "export type Require_id<T> = T extends { _id?: infer U }",
      "  ? IfAny<U, T & { _id: string }, T & Required<{ _id: U }>>",
      "  : T & { _id: string };",
      "export type Event = { type: 'open'; at: number } | { type: 'close'; at: number };",
      "type Base = { m: string };",
      "export type S = { a: 1 } | ({ b: 2 } & Base) | ({ c: 3 } & Base) | { d: 4 } | { e: 5 };",
      "",
    ].join("\n"));
    const e = flat(r);
    // (`IfAny<…>`'s type arguments are no shape of the alias — typescript-type-args.test.ts —: its branches'
    // `_id: string`, `_id: U` are not listed; the conditional's own alternative's is.)
    expect(e.get("Require_id")!.members!.map((m) => [m.name, m.signature, m.startLine])).toEqual([["_id", "_id: string", 4]]);
    expect(e.get("Event")!.members!.map((m) => m.signature)).toEqual(["type: 'open'", "at: number", "type: 'close'"]);
    // (Every arm of a long union, which nests one level per arm: apollo's 7-arm `ServerState` had lost 5.)
    expect(e.get("S")!.members!.map((m) => m.name)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("`module.exports = new Mongoose()` makes the instance's class, declared in the module, its API; an imported class is not re-exported (js-yaml's `new Type(…)`)", async () => {
    const r = await report("mongoose.js", [
      "function Mongoose(options) {",
      "  this.options = options;",
      "}",
      "/** Opens the default connection. */",
      "Mongoose.prototype.connect = function connect(uri) {",
      "  return uri;",
      "};",
      "const mongoose = module.exports = exports = new Mongoose({ strict: true });",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Mongoose")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("Mongoose.connect")).toMatchObject({ kind: "method", exported: true, doc: "Opens the default connection." });
    expect(e.get("Mongoose.options")?.exported).toBe(true);
    const yaml = await report("binary.js", ["var Type = require('../type');", "module.exports = new Type('tag:yaml.org,2002:binary', { kind: 'scalar' });", ""].join("\n"));
    expect(yaml.api.map((x) => x.name)).not.toContain("Type");
  });

  it("`export default { isString, each: forEach }` exports the functions it names, as `module.exports = {…}` does (axios' utils, dayjs' `{ s: padStart }`)", async () => {
    const r = await report("utils.js", [
      "/** Determine if a value is a String. */",
      "const isString = (val) => typeof val === 'string';",
      "function forEach(obj, fn) {}",
      "function internalOnly() {}",
      "export default {",
      "  isString,",
      "  each: forEach,",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("isString")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("forEach")).toMatchObject({ exported: true, exportedAs: ["each"] });
    expect(e.get("internalOnly")?.exported).toBe(false);
    expect(e.get("default")).toMatchObject({ kind: "constant", exported: true });
  });

  it("a prototype or static member assigned an imported name is the owner's member (mongoose's `Mongoose.prototype.Schema = Schema`, lodash's `Hash.prototype.clear = hashClear`, openai's `OpenAI.Chat = Chat`)", async () => {
    const cjs = await report("ws.js", [
      "const { addEventListener } = require('./event-target');",
      "const hashClear = require('./_hashClear');",
      "import { Chat } from './chat';",
      "function WebSocket() {}",
      "/** Registers a listener. */",
      "WebSocket.prototype.addEventListener = addEventListener;",
      "WebSocket.prototype.clear = hashClear;",
      "WebSocket.Chat = Chat;",
      "module.exports = WebSocket;",
      "",
    ].join("\n"));
    const e = flat(cjs);
    expect(e.get("WebSocket.addEventListener")).toMatchObject({ kind: "method", startLine: 6, exported: true, doc: "Registers a listener." });
    expect(e.get("WebSocket.clear")).toMatchObject({ kind: "method", startLine: 7 });
    expect(e.get("WebSocket.Chat")).toMatchObject({ kind: "property", startLine: 8 });
  });

  it("Babel's loose class, `var _proto = Dayjs.prototype; _proto.parse = function`, with no helper, is a class; so is one rollup renamed, `var Socket$1 = function (_Emitter) { function Socket …`", async () => {
    const r = await report("dayjs.js", [
      "var Dayjs = /*#__PURE__*/function () {",
      "  function Dayjs(cfg) {",
      "    this.$L = cfg.locale;",
      "  }",
      "  var _proto = Dayjs.prototype;",
      "  /** Parses the config. */",
      "  _proto.parse = function parse(cfg) {",
      "    this.$d = cfg;",
      "  };",
      "  return Dayjs;",
      "}();",
      "var Socket$1 = /*#__PURE__*/function (_Emitter) {",
      "  _inheritsLoose(Socket, _Emitter);",
      "  function Socket(io) { this.io = io; }",
      "  var _proto2 = Socket.prototype;",
      "  _proto2.connect = function connect() {};",
      "  return Socket;",
      "}(Emitter);",
      "export default Dayjs;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Dayjs")).toMatchObject({ kind: "class", startLine: 1, endLine: 11, exported: true });
    expect(e.get("Dayjs.constructor")).toMatchObject({ kind: "constructor", startLine: 2 });
    expect(e.get("Dayjs.parse")).toMatchObject({ kind: "method", startLine: 7, endLine: 9, exported: true, doc: "Parses the config." });
    expect(e.has("Dayjs.Dayjs")).toBe(false);
    expect(e.get("Socket$1")).toMatchObject({ kind: "class", startLine: 12 });
    expect(e.get("Socket$1.connect")).toMatchObject({ kind: "method", startLine: 16 });
  });

  it("data members set on the export object under another name, `var api = module.exports; api.types = {…}`, are its properties, as its functions are its methods (superagent)", async () => {
    const r = await report("client.js", [
      "var api = module.exports;",
      "/** Default MIME type map. */",
      "api.types = {",
      "  html: 'text/html',",
      "};",
      "const request = exports;",
      "request.version = '1.0.0';",
      "/** GET `url`. */",
      "api.get = function (url) { return url; };",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("api.types")).toMatchObject({ kind: "property", startLine: 3, endLine: 5, exported: true, doc: "Default MIME type map." });
    expect(e.get("request.version")).toMatchObject({ kind: "property", startLine: 7, exported: true });
    expect(e.get("api.get")).toMatchObject({ kind: "method", startLine: 9 });
  });

  it("`var X = null;` then `X = function X(…) {…}` in a block: one entry, the function, holding the prototype's members too (bunyan's RotatingFileStream)", async () => {
    const r = await report("bunyan.js", [
      "var mv = require('mv');",
      "var RotatingFileStream = null;",
      "if (mv) {",
      "RotatingFileStream = function RotatingFileStream(options) {",
      "    this.path = options.path;",
      "};",
      "RotatingFileStream.prototype.rotate = function rotate() {",
      "    return this.path;",
      "};",
      "}",
      "module.exports.RotatingFileStream = RotatingFileStream;",
      "",
    ].join("\n"));
    expect(r.api.filter((e) => e.name === "RotatingFileStream").map((e) => [e.kind, e.startLine, e.members?.map((m) => m.name)])).toEqual([["function", 4, ["path", "rotate"]]]);
  });

  it("a function in a ternary's branch keeps the head whole, never stopping at its parameters as if a call (lit-html's `debugLogEvent`)", async () => {
    const r = await report("tern.js", [
      "export const a = DEV ? (e) => { f(e); } : null;",
      "export const b = DEV ? x : (node) => node;",
      "export const debugLogEvent = DEV_MODE",
      "    ? (event) => {",
      "        console.log(event);",
      "    }",
      "    : undefined;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("a")!.signature).toBe("const a = DEV ? (e) => {…} : null");
    expect(e.get("b")!.signature).toBe("const b = DEV ? x : (node) => …");
    // (A long value is folded, as any data declaration's is; it had read `= DEV_MODE ? (event)`.)
    expect(e.get("debugLogEvent")!.signature).toBe("const debugLogEvent = …");
  });

  it("prototype members on a path: `exports.ValidationError.prototype.annotate = function` is the exported class's method, `internals.Base.prototype.equal = …valid` Base's alias (joi)", async () => {
    const r = await report("joi.js", [
      "const internals = {};",
      "internals.Base = class {",
      "  valid(...values) { return values; }",
      "};",
      "internals.Base.prototype.equal = internals.Base.prototype.valid;",
      "internals.Base.prototype.isImmutable = true;",
      "exports.ValidationError = class extends Error {};",
      "/** Renders the error as annotated text. */",
      "exports.ValidationError.prototype.annotate = function (stripColors) {",
      "  return stripColors;",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("ValidationError.annotate")).toMatchObject({ kind: "method", startLine: 9, endLine: 11, exported: true, doc: "Renders the error as annotated text." });
    expect(e.has("annotate")).toBe(false);
    expect(e.get("internals.Base.equal")).toMatchObject({ kind: "method", startLine: 5 });
    expect(e.get("internals.Base.isImmutable")).toMatchObject({ kind: "property", startLine: 6 });
  });

  it("rollup's CommonJS wrapper in a bundle, `(function (module, exports) {…})(browser, browser.exports)`, sets another object's keys, not the file's exports (socket.io-client's dist)", async () => {
    const r = await report("socket.io.js", [
      "(function (global, factory) {",
      "  typeof exports === 'object' && typeof module !== 'undefined' ? module.exports = factory() :",
      "  (global.io = factory());",
      "})(this, (function () {",
      "  var browser = { exports: {} };",
      "  (function (module, exports) {",
      "    exports.storage = localStorage;",
      "    exports.log = function log() {};",
      "    module.exports = setup(exports);",
      "  })(browser, browser.exports);",
      "  function lookup(uri) { return uri; }",
      "  return lookup;",
      "}));",
      "",
    ].join("\n"));
    expect(r.api.map((e) => e.name)).toEqual(["lookup"]);
    // (Handed the real ones, bn.js' `(function (module, exports) {…})(typeof module === 'undefined' || module, this)`, they are the file's.)
    const bn = await report("bn.js", ["(function (module, exports) {", "  exports.BN = function BN(n) {};", "})(typeof module === 'undefined' || module, this);", ""].join("\n"));
    expect(bn.api.map((e) => e.name)).toEqual(["BN"]);
  });

  it("read finds `var errSerializer = Logger.stdSerializers.err = function` by the path its chain assigns (bunyan)", async () => {
    await report("bunyan-chain.js", [
      "function Logger() {}",
      "Logger.stdSerializers = {};",
      "// Serialize an Error object.",
      "var errSerializer = Logger.stdSerializers.err = function (err) {",
      "    return err;",
      "};",
      "module.exports = Logger;",
      "",
    ].join("\n"));
    expect(await lens.readSymbol(join(dir, "bunyan-chain.js"), "Logger.stdSerializers.err")).toMatchObject({ found: true, name: "errSerializer", startLine: 3, endLine: 6 });
  });

  it("`module.exports = new internals.Base()` makes the class the module object holds public, its members with it (joi's base.js)", async () => {
    const r = await report("base.js", [
      "const internals = {};",
      "internals.Base = class {",
      "  constructor(type) { this.type = type; }",
      "  describe() { return this.type; }",
      "};",
      "internals.helper = function () {};",
      "module.exports = new internals.Base();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("internals.Base")).toMatchObject({ kind: "class", exported: true });
    expect(e.get("internals.Base.describe")).toMatchObject({ kind: "method", exported: true });
    expect(e.get("internals")?.exported).toBe(false);
    expect(e.get("internals.helper")?.exported).toBe(false);
  });

  it("`Mongoose.prototype.__defineGetter__('connection', function () {…})` is the class's accessor, not a callback (mongoose)", async () => {
    const r = await report("legacy-accessor.js", [
      "function Mongoose() {",
      "  this.connections = [];",
      "}",
      "/** The default connection of the instance. */",
      "Mongoose.prototype.__defineGetter__('connection', function() {",
      "  return this.connections[0];",
      "});",
      "Mongoose.prototype.__defineSetter__('connection', function(v) {",
      "  this.connections[0] = v;",
      "});",
      "module.exports = Mongoose;",
      "",
    ].join("\n"));
    const conn = r.api[0]!.members!.filter((m) => m.name === "connection");
    expect(conn.map((m) => [m.kind, m.startLine, m.endLine, m.exported])).toEqual([["method", 5, 7, true], ["method", 8, 10, true]]);
    expect(conn[0]).toMatchObject({ doc: "The default connection of the instance.", signature: "Mongoose.prototype.__defineGetter__('connection', function() …)" });
    expect(r.callbacks).toEqual([]);
  });

  it("a compiled enum lists its members, tsc's `E[E[\"X\"] = 0] = \"X\"` and `E[\"X\"] = \"x\"`, also in Babel's CommonJS form with `exports.Kind = Kind;` between (graphql's Kind)", async () => {
    const r = await report("kinds.js", [
      "var PacketType;",
      "(function (PacketType) {",
      "    /** Opens a connection. */",
      "    PacketType[PacketType[\"CONNECT\"] = 0] = \"CONNECT\";",
      "    PacketType[PacketType[\"EVENT\"] = 2] = \"EVENT\";",
      "})(PacketType || (exports.PacketType = PacketType = {}));",
      "var Kind;",
      "exports.Kind = Kind;",
      "(function (Kind) {",
      "  Kind['NAME'] = 'Name';",
      "  Kind['DOCUMENT'] = 'Document';",
      "})(Kind || (exports.Kind = Kind = {}));",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("PacketType")).toMatchObject({ kind: "enum", startLine: 1, endLine: 6, exported: true });
    expect(e.get("PacketType.CONNECT")).toMatchObject({ kind: "constant", startLine: 4, signature: "CONNECT = 0", exported: true, doc: "Opens a connection." });
    expect(e.get("PacketType.EVENT")).toMatchObject({ signature: "EVENT = 2" });
    expect(e.get("Kind")).toMatchObject({ kind: "enum", startLine: 7, endLine: 12, exported: true });
    expect(e.get("Kind")!.members!.map((m) => [m.name, m.signature, m.startLine])).toEqual([["NAME", "NAME = 'Name'", 10], ["DOCUMENT", "DOCUMENT = 'Document'", 11]]);
    expect(r.api.filter((x) => x.name === "Kind")).toHaveLength(1);
  });

  it("a class a key holds, `{ Lexer: class Lexer {…} }`, is a class with its methods; exported from `module.exports = {…}` (chart.js' scales, minimatch)", async () => {
    const r = await report("classes-in-objects.js", [
      "const registry = {",
      "  Parser: class Parser {",
      "    parse(s) { return s; }",
      "  },",
      "};",
      "module.exports = {",
      "  Lexer: class Lexer {",
      "    #hidden() {}",
      "    next() { return 1; }",
      "  },",
      "  registry,",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("registry.Parser")).toMatchObject({ kind: "class", startLine: 2, endLine: 4 });
    expect(e.get("registry.Parser.parse")).toMatchObject({ kind: "method", startLine: 3 });
    expect(e.get("Lexer")).toMatchObject({ kind: "class", startLine: 7, endLine: 10, exported: true });
    expect(e.get("Lexer.next")).toMatchObject({ kind: "method", exported: true });
    expect(e.get("Lexer.hidden")?.exported).toBe(false);
    // (Its methods had floated to the top level: a phantom exported function `next`.)
    expect(e.has("next")).toBe(false);
  });

  it("bundle output: rollup's `Object.defineProperties(exports, { __esModule: … })` and `module.exports.default = module.exports` are no exports (helmet); a declaration ends before comments its body block took in (react-router's dist); `[ Symbol.iterator ]` is named `[Symbol.iterator]` (three)", async () => {
    const helmet = await report("helmet.cjs", [
      "\"use strict\"",
      "Object.defineProperties(exports, {__esModule: {value: true}, [Symbol.toStringTag]: {value: \"Module\"}})",
      "function helmet(options = {}) {",
      "\treturn options",
      "}",
      "exports.default = helmet",
      "module.exports = exports.default",
      "module.exports.default = module.exports",
      "",
    ].join("\n"));
    expect(helmet.api.map((e) => e.name)).toEqual(["helmet"]);
    const rr = await report("dom-export.js", ["\"use strict\"; function _optionalChain(ops) { return ops[0]; }/**", " * react-router v7", " *", " * @license MIT", " */", "function next() { return 1; }", "exports.next = next;", ""].join("\n"));
    expect(flat(rr).get("_optionalChain")).toMatchObject({ startLine: 1, endLine: 1 });
    const vec = await report("vec.js", ["export class Vec {", "  *[ Symbol.iterator ]() {", "    yield 1;", "  }", "}", ""].join("\n"));
    expect(flat(vec).get("Vec.[Symbol.iterator]")).toMatchObject({ kind: "method", startLine: 2, endLine: 4 });
  });

  it("a file's first line naming its copyright anywhere is no doc of the declaration under it (d3-array's `// https://d3js.org/d3-array/ v3.2.5 Copyright 2010-2026 Mike Bostock`)", async () => {
    const r = await report("d3-array.mjs", [
      "// https://d3js.org/d3-array/ v3.2.5 Copyright 2010-2026 Mike Bostock",
      "function ascending(a, b) {",
      "  return a < b ? -1 : 1;",
      "}",
      "// Sorts descending.",
      "function descending(a, b) { return b - a; }",
      "export { ascending, descending };",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("ascending")?.doc).toBeUndefined();
    expect(e.get("descending")?.doc).toBe("Sorts descending.");
  });

  it("a class's static block: `this.prototype.isMatrix4 = true` and `this.count = 0` are the class's properties, as public as it (three's Matrix4)", async () => {
    const r = await report("Matrix4.js", [
      "export class Matrix4 {",
      "\tstatic {",
      "\t\t/** This flag can be used for type testing. */",
      "\t\tthis.prototype.isMatrix4 = true;",
      "\t\tthis.count = 0;",
      "\t}",
      "\tconstructor() {",
      "\t\tthis.elements = [];",
      "\t}",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Matrix4.isMatrix4")).toMatchObject({ kind: "property", startLine: 4, exported: true, doc: "This flag can be used for type testing." });
    expect(e.get("Matrix4.count")).toMatchObject({ kind: "property", startLine: 5, exported: true });
  });
});
