/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 21 QA). */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("JS/TS shapes from npm packages, round 2", () => {
  it("a module factory's statics on a parameter it gives prototype members are methods like those (bluebird: `module.exports = function (Promise) { Promise.prototype.settle = …; Promise.settle = … }`); other assignments to a parameter stay callbacks", async () => {
    const r = await report("factory.js", [
      "module.exports = function (Promise, debug) {",
      "  Promise.settle = function (promises) {",
      "    return promises;",
      "  };",
      "  debug.hook = function () {};",
      "  Promise.prototype.settle = function () {",
      "    return Promise.settle(this);",
      "  };",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("exports.settle")).toMatchObject({ kind: "method", startLine: 2, endLine: 4 });
    expect(r.callbacks.map((c) => c.name)).toEqual(["debug.hook@5"]);
    // Read by the owner's name, the static and the prototype method told apart by how the source spells them.
    const f = join(dir, "factory.js");
    // (Said, since session 48: the other one exists — `Promise.settle@6` reads it.)
    const settle = await lens.readSymbol(f, "Promise.settle");
    expect(settle).toMatchObject({ startLine: 2, ambiguous: { count: 2, kinds: ["method"] } });
    expect(settle.note).toMatch(/^2 symbols match Promise\.settle; showing the one the source assigns to Promise\.settle — others: exports\.settle@6 .*; listed as exports\.settle$/);
    expect((await lens.readSymbol(f, "Promise.prototype.settle")).startLine).toBe(6);
  });

  it("an IIFE called with names (`(function (Math) {…}(Math))`), also inside a UMD factory, is module scope: its bindings are the module's, an extend()'s methods nest under theirs (crypto-js); tsc's namespace IIFE is not", async () => {
    const r = await report("sha.js", [
      ";(function (root, factory) {",
      '  module.exports = factory(require("./core"));',
      "}(this, function (CryptoJS) {",
      "  (function (Math) {",
      "    var C = CryptoJS;",
      "    /** SHA-256 hash algorithm. */",
      "    var SHA256 = C.algo.SHA256 = Hasher.extend({",
      "      _doReset: function () {",
      "        this._hash = 1;",
      "      }",
      "    });",
      "  }(Math));",
      "  return CryptoJS.SHA256;",
      "}));",
      "var NS;",
      "(function (NS) {",
      "  var hidden = 1;",
      "})(NS || (NS = {}));",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("SHA256")).toMatchObject({ kind: "variable", startLine: 7, endLine: 11, doc: "SHA-256 hash algorithm.", signature: "var SHA256 = C.algo.SHA256 = Hasher.extend(…)" });
    expect(e.get("SHA256._doReset")).toMatchObject({ kind: "method", startLine: 8 });
    expect(e.has("C")).toBe(true);
    expect(e.has("hidden")).toBe(false);
  });

  it("`var X = ns.X = function (…)` is the function X, its head the chain; `const h = exports.h = function` is exported, as `var a = exports.b = …` is (as b)", async () => {
    const r = await report("chain.js", [
      "var ns = {};",
      "var Widget = ns.Widget = function (options) {",
      "  this.options = options;",
      "};",
      "const helper = exports.helper = function (a, b) {",
      "  return a + b;",
      "};",
      "var re = exports.re = [];",
      "var local = exports.other = function () {};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Widget")).toMatchObject({ kind: "function", startLine: 2, endLine: 4, exported: false, signature: "var Widget = ns.Widget = function (options)" });
    expect(e.get("helper")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("re")).toMatchObject({ kind: "variable", exported: true });
    expect(e.get("local")).toMatchObject({ kind: "function", exported: true });
    expect((await lens.readSymbol(join(dir, "chain.js"), "other")).startLine).toBe(9);
  });

  it("`util.Buffer.prototype.f = function` is a method of the constructor the path holds — a member of util, or the function `util.Buffer = Buffer` aliases, exported through the module's export object (node-forge)", async () => {
    const r = await report("forge.js", [
      "var util = module.exports = {};",
      "function ByteBuffer(b) {",
      "  this.data = b;",
      "}",
      "util.ByteBuffer = ByteBuffer;",
      "util.ByteBuffer.prototype.length = function () {",
      "  return this.data.length;",
      "};",
      "util.DataBuffer = function DataBuffer(b) {",
      "  this.data = b;",
      "};",
      "util.DataBuffer.prototype.length = function () {",
      "  return this.data.byteLength;",
      "};",
      "lib.Outside.prototype.size = function () {};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("ByteBuffer")).toMatchObject({ exported: true });
    expect(e.get("ByteBuffer.length")).toMatchObject({ kind: "method", startLine: 6, exported: true });
    expect(e.get("util.DataBuffer.length")).toMatchObject({ kind: "method", startLine: 12, exported: true });
    expect(e.get("size")).toMatchObject({ kind: "method", startLine: 15, exported: false });
    const f = join(dir, "forge.js");
    expect((await lens.readSymbol(f, "util.ByteBuffer.prototype.length")).startLine).toBe(6);
    expect((await lens.readSymbol(f, "util.DataBuffer.prototype.length")).startLine).toBe(12);
    expect((await lens.readSymbol(f, "lib.Outside.prototype.size")).startLine).toBe(15);
  });

  it("the functions a factory assigns onto the binding it returns are its product's methods — a local (node-forge's `cert.sign`), a parameter (d3-scale's `scale.ticks`), an object assigned later (`msg = {…}; return msg;`)", async () => {
    const r = await report("factory2.js", [
      "exports.createCertificate = function () {",
      "  var cert = {};",
      "  cert.sign = function (key) {",
      "    return key;",
      "  };",
      "  return cert;",
      "};",
      "export function linearish(scale) {",
      "  scale.ticks = function (count) {",
      "    return [count];",
      "  };",
      "  return scale;",
      "}",
      "exports.createSignedData = function () {",
      "  var msg = null;",
      "  msg = {",
      "    verify: function () {",
      "      return true;",
      "    }",
      "  };",
      "  return msg;",
      "};",
      "function notReturned(el) {",
      "  el.onclick = function () {};",
      "  return 1;",
      "}",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("createCertificate.sign")).toMatchObject({ kind: "method", startLine: 3 });
    expect(e.get("linearish.ticks")).toMatchObject({ kind: "method", startLine: 9 });
    expect(e.get("createSignedData.verify")).toMatchObject({ kind: "method", startLine: 17 });
    expect(r.callbacks.map((c) => c.name)).toEqual(["el.onclick@24"]);
    expect((await lens.readSymbol(join(dir, "factory2.js"), "cert.sign")).startLine).toBe(3);
  });

  it("`export default function* () {}` (and async) is the exported function `default`", async () => {
    for (const [file, head] of [["gen.js", "function* ()"], ["agen.ts", "async function* ()"]] as const) {
      const r = await report(file, [`export default ${head} {`, "  yield 1;", "}"].join("\n"));
      expect(flat(r).get("default"), file).toMatchObject({ kind: "function", startLine: 1, endLine: 3, exported: true });
    }
  });

  it("a function under a string key on a path, or under a key no identifier spells, is an entry named by the key (undici's webidl.converters['DOMString or sequence<DOMString>'])", async () => {
    const r = await report("keys.js", [
      "const webidl = { converters: {} };",
      "webidl.converters['DOMString or sequence<DOMString>'] = function (V) {",
      "  return V;",
      "};",
      "webidl.converters['plain'] = function (V) {",
      "  return V;",
      "};",
      "function Foo() {}",
      "Foo.prototype['bar baz'] = function () {",
      "  return 1;",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("webidl.converters.'DOMString or sequence<DOMString>'")).toMatchObject({ kind: "function", startLine: 2, endLine: 4 });
    expect(e.get("webidl.converters.plain")).toMatchObject({ kind: "function", startLine: 5 });
    expect(e.get("Foo.'bar baz'")).toMatchObject({ kind: "method", startLine: 9 });
    const f = join(dir, "keys.js");
    expect((await lens.readSymbol(f, "webidl.converters.plain")).startLine).toBe(5);
    expect((await lens.readSymbol(f, "Foo.bar baz")).startLine).toBe(9);
  });

  it("docs: a modifier tag ending a line of prose ends the doc (and an inline @deprecated flags it, as TypeScript reads them: mongodb's `… @public`); a tag inside a sentence stays prose; a one-line `/** … **/` is a doc, `/*** Heading ***/` is not", async () => {
    const r = flat(await report("tags.ts", [
      "/** Add an _id field to an object shaped type @public */",
      "export type WithId<T> = T & { _id: string };",
      "/** Old helper, use newHelper instead @deprecated */",
      "export function oldHelper(): void {}",
      "/**",
      " * Summary that ends with a tag @internal",
      " * second line.",
      " */",
      "export function multi(): void {}",
      "/** Skips code that has an @internal annotation in its JSDoc. */",
      "export function strip(): void {}",
      "/** Opens the connection. **/",
      "export function open(): void {}",
      "/*** Heading ***/",
      "export function after(): void {}",
    ].join("\n")));
    expect(r.get("WithId")?.doc).toBe("Add an _id field to an object shaped type");
    expect(r.get("oldHelper")).toMatchObject({ doc: "Old helper, use newHelper instead", flags: ["deprecated"] });
    expect(r.get("multi")?.doc).toBe("Summary that ends with a tag");
    expect(r.get("strip")?.doc).toBe("Skips code that has an @internal annotation in its JSDoc.");
    expect(r.get("open")?.doc).toBe("Opens the connection.");
    expect(r.get("after")?.doc).toBeUndefined();
  });

  it("`export { X }` of a type-only import is a type entry (`import type { X }`, `import { type X }`), of a value import a constant", async () => {
    const r = await report("retype.ts", [
      'import type { Real, Other as O } from "./cursor";',
      'import { type Mixed, value } from "./m";',
      'import type D from "./d";',
      "export { Real, O, Mixed, value, D };",
    ].join("\n"));
    expect(r.api.map((e) => [e.name, e.kind])).toEqual([["Real", "type"], ["O", "type"], ["Mixed", "type"], ["value", "constant"], ["D", "type"]]);
  });

  it("a class field without `;` before a computed one is no syntax error (undici: `#abort` / `[kResume] = null`)", async () => {
    const r = await report("asi.js", ["const kResume = Symbol('resume');", "class C {", "  #abort", "", "  [kResume] = null", "", "  resume() {}", "}"].join("\n"));
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect([...flat(r).keys()]).toEqual(["kResume", "C", "C.abort", "C.[kResume]", "C.resume"]);
  });

  it("functions assigned on a path the module exports (`module.exports = forge.cipher = forge.cipher || {}`) are exported (node-forge); a quoted key names a callback by its value", async () => {
    const r = await report("cipher.js", [
      "var forge = require('./forge');",
      "module.exports = forge.cipher = forge.cipher || {};",
      "forge.cipher.createCipher = function (algorithm, key) {",
      "  return algorithm + key;",
      "};",
      "forge.other.helper = function () {};",
      "function f(context) {",
      "  context.report({",
      '    "BlockStatement:exit"(node) {',
      "      return node;",
      "    },",
      "  });",
      "}",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("createCipher")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("helper")).toMatchObject({ kind: "function", exported: false });
    expect(r.callbacks.map((c) => c.name)).toEqual(["BlockStatement:exit@9"]);
  });

  it("a function assigned on a deeper path nests under what the path names when the file declares it (Closure's `goog.structs.Map.hasKey_` under `goog.structs.Map = function`), as public as the path's head", async () => {
    const r = await report("closure.js", [
      "goog.provide('goog.structs.Map');",
      "/** Class for Hash Map datastructure. */",
      "goog.structs.Map = function (opt_map) {",
      "  this.map_ = {};",
      "};",
      "goog.structs.Map.prototype.get = function (key) {",
      "  return this.map_[key];",
      "};",
      "goog.structs.Map.hasKey_ = function (obj, key) {",
      "  return key in obj;",
      "};",
      "const convert = { rgb: {} };",
      "module.exports = convert;",
      "convert.rgb.hsl = function (rgb) {",
      "  return rgb;",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Map.get")).toMatchObject({ kind: "method", startLine: 6 });
    expect(e.get("Map.hasKey_")).toMatchObject({ kind: "function", startLine: 9 });
    expect(e.get("convert.rgb.hsl")).toMatchObject({ kind: "function", startLine: 14, exported: true });
    const f = join(dir, "closure.js");
    expect((await lens.readSymbol(f, "goog.structs.Map.hasKey_")).startLine).toBe(9);
    expect((await lens.readSymbol(f, "goog.structs.Map.prototype.get")).startLine).toBe(6);
  });

  it("`module.exports = require(\"./x\")` hands the module on: an exported re-export constant `exports`, not an empty outline (webpack's lib/Chunk.js)", async () => {
    const r = await report("handon.js", 'module.exports = require("./graph/Chunk");\n');
    expect(r.api).toMatchObject([{ name: "exports", kind: "constant", exported: true, startLine: 1, signature: 'module.exports = require("./graph/Chunk")' }]);
  });

  it("chains: `req = requirejs = function` is the function req (requirejs its alias, the bare `var`s no entries); `module.exports = internals.State = class {…}` the exported class State (joi); `exports.Ids = internals.Ids = class` a class", async () => {
    const r = await report("chains2.js", [
      "var requirejs, req;",
      "(function (global) {",
      "  /** Main entry point. */",
      "  req = requirejs = function (deps, callback) {",
      "    return deps;",
      "  };",
      "}(this));",
      "const internals = {};",
      "module.exports = internals.State = class {",
      "  localize(path) {",
      "    return path;",
      "  }",
      "};",
      "exports.Ids = internals.Ids = class {",
      "  clone() {}",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("req")).toMatchObject({ kind: "function", startLine: 4, endLine: 6, doc: "Main entry point." });
    expect(e.has("requirejs")).toBe(false);
    expect(e.get("State")).toMatchObject({ kind: "class", exported: true, startLine: 9, endLine: 13 });
    expect(e.get("State.localize")).toMatchObject({ kind: "method", startLine: 10 });
    expect(e.get("Ids")).toMatchObject({ kind: "class", exported: true });
    expect((await lens.readSymbol(join(dir, "chains2.js"), "requirejs")).startLine).toBe(3);
  });

  it("in a function: `Module.prototype = {…}`'s functions are Module's (require.js's context), and so are those assigned on `const proto = Dayjs.prototype` (dayjs's plugins)", async () => {
    const r = await report("inner-proto.js", [
      "function newContext(name) {",
      "  var Module;",
      "  Module = function (map) { this.map = map; };",
      "  Module.prototype = {",
      "    init: function (deps) { return deps; },",
      "  };",
      "  return Module;",
      "}",
      "export default (option, Dayjs) => {",
      "  const proto = Dayjs.prototype;",
      "  proto.isUTC = function () {",
      "    return !!this.$u;",
      "  };",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("newContext.Module.init")).toMatchObject({ kind: "method", startLine: 5 });
    expect(e.get("default.isUTC")).toMatchObject({ kind: "method", startLine: 11 });
    expect(r.callbacks).toEqual([]);
  });

  it("an object under a string key is an entry as under a dotted one (chalk's `styles['blue'] = { get() {…} }`); one under a computed key in a loop lists no orphan `get`", async () => {
    const r = await report("styles.js", [
      "const styles = {};",
      "styles['blue'] = {",
      "  get() {",
      "    return 'blue';",
      "  },",
      "};",
      "for (const name of ['red']) {",
      "  styles[name] = {",
      "    get() {",
      "      return name;",
      "    },",
      "  };",
      "}",
      "module.exports = styles;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("styles.blue.get")).toMatchObject({ kind: "method", startLine: 3 });
    expect([...e.keys()].filter((k) => k.endsWith("get"))).toEqual(["styles.blue.get"]);
  });

  it("a function's JSDoc one blank line above, whose @param names drifted (or name what it reads from `arguments`) but that has a declaration's tag, attaches (mongoose's `@return … @api public`); one with neither does not", async () => {
    const r = flat(await report("drift.js", [
      "function Agg() {}",
      "",
      "/**",
      " * Appends new operators.",
      " *",
      " * @param {...object} ops operators",
      " * @return {Agg}",
      " * @api public",
      " */",
      "",
      "Agg.prototype.append = function () {",
      "  return this;",
      "};",
      "",
      "/**",
      " * A note on other code.",
      " * @param {object} other",
      " */",
      "",
      "Agg.prototype.plain = function (value) {",
      "  return value;",
      "};",
    ].join("\n")));
    expect(r.get("Agg.append")?.doc).toBe("Appends new operators.");
    expect(r.get("Agg.plain")?.doc).toBeUndefined();
  });

  it("a `/** … */`-documented `X.prototype.name;` stub is a property of X with that doc (mongoose's Connection.prototype.db); an undocumented expression is nothing", async () => {
    const r = await report("stub.js", [
      "function Connection() {}",
      "",
      "/**",
      " * The mongodb.Db instance, set when the connection is opened.",
      " *",
      " * @api public",
      " */",
      "",
      "Connection.prototype.db;",
      "Connection.prototype.other;",
      "module.exports = Connection;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Connection.db")).toMatchObject({ kind: "property", startLine: 9, exported: true, doc: "The mongodb.Db instance, set when the connection is opened." });
    expect(e.has("Connection.other")).toBe(false);
  });

  it("an arrow function's block body ended by an indented line opening with `[` is no syntax error, and the arrow's lines end at its `}` (npm's base-cmd.js)", async () => {
    const r = await report("arrow-asi.js", [
      "function check(warnings, errors) {",
      "  const genMsg = (failure, i) => {",
      "    return failure.message",
      "  }",
      "",
      "  [...warnings, ...errors].forEach((failure, i) => {",
      "    console.log(genMsg(failure, i))",
      "  })",
      "}",
    ].join("\n"));
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect(flat(r).get("check.genMsg")).toMatchObject({ kind: "function", startLine: 2, endLine: 4 });
    expect(r.callbacks.map((c) => c.name)).toEqual(["[...warnings,...errors].forEach@6"]);
  });

  it("a class assigned on a deeper path nests under what the path names (hapi's `internals.Response.Payload = class extends Stream.Readable`)", async () => {
    const r = await report("hapi.js", [
      "const internals = {};",
      "internals.Response = class {",
      "  constructor() {}",
      "};",
      "internals.Response.Payload = class extends Stream.Readable {",
      "  _read(size) {",
      "    return size;",
      "  }",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("internals.Response.Payload")).toMatchObject({ kind: "class", startLine: 5, endLine: 9 });
    expect(e.get("internals.Response.Payload._read")).toMatchObject({ kind: "method", startLine: 6 });
  });

  it("jQuery UI's `$.widget(\"ui.dialog\", {…})` is a class named by the widget, its prototype object's functions its methods", async () => {
    const r = await report("widget.js", [
      "(function ($) {",
      '  $.widget("ui.dialog", {',
      "    options: { a: 1 },",
      "    open: function () {",
      "      return this;",
      "    }",
      "  });",
      '  return $.widget("ui.selectmenu", [$.ui.formResetMixin, {',
      "    _move: function (direction) {}",
      "  }]);",
      "})(jQuery);",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("dialog")).toMatchObject({ kind: "class", startLine: 2, endLine: 7, signature: '$.widget("ui.dialog", {…})' });
    expect(e.get("dialog.open")).toMatchObject({ kind: "method", startLine: 4 });
    expect(e.get("selectmenu._move")).toMatchObject({ kind: "method", startLine: 9 });
  });
});
