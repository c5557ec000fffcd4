/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 43, QA rounds on unseen JS and TS packages). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const pick = (e: { kind: string; startLine: number; endLine: number; exported: boolean } | undefined) => (e ? [e.kind, e.startLine, e.endLine, e.exported] : undefined);

describe("JS/TS shapes from npm packages, session 43", () => {
  it("an accessor pair defined by `Object.defineProperty` on a prototype is one entry, the call's lines, with the doc above it (mongoose's `isNew`, winston's `level`)", async () => {
    const r = await report("doc.js", [
      "function Doc() {}",
      "",
      "/**",
      " * Whether the document is new.",
      " */",
      "Object.defineProperty(Doc.prototype, 'isNew', {",
      "  configurable: true,",
      "  get: function() { return this._n; },",
      "  set: function(v) { this._n = v; }",
      "});",
      "",
      "/**",
      " * The default log level.",
      " */",
      "Object.defineProperty(exports, 'level', {",
      "  get() { return 'info'; }",
      "});",
      "",
      "exports.Doc = Doc;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Doc.isNew"))).toEqual(["method", 6, 10, true]);
    expect(e.get("Doc.isNew")?.doc).toBe("Whether the document is new.");
    expect(e.get("Doc.isNew")?.signature).toBe("Object.defineProperty(Doc.prototype, 'isNew', { get: function(), set: function(v) })");
    expect([...e.keys()].filter((k) => k.endsWith("isNew"))).toEqual(["Doc.isNew"]);
    expect(pick(e.get("level"))).toEqual(["constant", 15, 17, true]);
    expect(e.get("level")?.doc).toBe("The default log level.");
    const read = await lens.readSymbol(`${dir}/doc.js`, "Doc.isNew");
    expect([read.startLine, read.endLine, read.ambiguous]).toEqual([3, 10, undefined]);
    const level = await lens.readSymbol(`${dir}/doc.js`, "level");
    expect([level.startLine, level.endLine]).toEqual([12, 17]);
    // The accessor's own doc, written inside the descriptor (web-streams-polyfill), stays its doc.
    const inner = await report("inner.js", [
      "function Strategy() {}",
      "Object.defineProperty(Strategy.prototype, 'highWaterMark', {",
      "  /**",
      "   * Returns the high water mark.",
      "   */",
      "  get: function () { return this._h; },",
      "});",
      "module.exports = Strategy;",
      "",
    ].join("\n"));
    expect(pick(flat(inner).get("Strategy.highWaterMark"))).toEqual(["method", 2, 7, true]);
    expect(flat(inner).get("Strategy.highWaterMark")?.doc).toBe("Returns the high water mark.");
  });

  it("a prototype field set to `undefined` or `void 0` is a property, as one set to `null` is (mongoose's InternalCache)", async () => {
    const r = await report("internal.js", [
      "function Cache() {}",
      "",
      "Cache.prototype.session = null;",
      "Cache.prototype.saving = undefined;",
      "Cache.prototype.version = void 0;",
      "",
      "module.exports = Cache;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Cache.session"))).toEqual(["property", 3, 3, true]);
    expect(pick(e.get("Cache.saving"))).toEqual(["property", 4, 4, true]);
    expect(pick(e.get("Cache.version"))).toEqual(["property", 5, 5, true]);
  });

  it("a UMD factory's member listed by its own name reads by the path the source spells (backbone's `Backbone.sync`)", async () => {
    await report("umd.js", [
      "(function (global, factory) {",
      "  typeof exports === 'object' ? factory(exports) : factory((global.Lib = {}));",
      "}(this, function (Lib) {",
      "  /** Sync with the server. */",
      "  Lib.sync = function (method) {",
      "    return method;",
      "  };",
      "}));",
      "",
    ].join("\n"));
    const read = await lens.readSymbol(`${dir}/umd.js`, "Lib.sync");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 4, 7]);
    expect((await lens.readSymbol(`${dir}/umd.js`, "Other.sync")).found).toBe(false);
  });

  it("`export var x;` then `x = function` in each branch: the functions are exported (leaflet's `disableTextSelection`)", async () => {
    const r = await report("dom.js", [
      "/** Turn text selection off. */",
      "export var disableTextSelection;",
      "export let mode;",
      "",
      "if (typeof document !== 'undefined') {",
      "  disableTextSelection = function () {",
      "    return 1;",
      "  };",
      "} else {",
      "  disableTextSelection = function () {",
      "    return 2;",
      "  };",
      "}",
      "",
    ].join("\n"));
    expect(r.api?.map((e) => [e.name, e.startLine])).toEqual([["mode", 3], ["disableTextSelection", 6], ["disableTextSelection", 10]]);
    expect(r.internal).toEqual([]);
  });

  it("a UMD wrapper of one parameter that hands the export object to it, without `define`, exports what the factory sets (backbone's shape)", async () => {
    const r = await report("umd1.js", [
      "(function (factory) {",
      "  if (typeof exports === 'object') factory(exports);",
      "  else factory((this.Lib = {}));",
      "})(function (Lib) {",
      "  /** Sync with the server. */",
      "  Lib.sync = function (method) {",
      "    return method;",
      "  };",
      "});",
      "",
    ].join("\n"));
    expect(r.api?.map((e) => [e.name, e.kind, e.startLine, e.doc])).toEqual([["sync", "function", 6, "Sync with the server."]]);
  });

  it("a function handed to `_.once` is a callback, not an event handler (backbone)", async () => {
    const r = await report("once.js", [
      "var _ = require('underscore');",
      "function onceMap(map, name, callback) {",
      "  var once = map[name] = _.once(function () {",
      "    return callback.apply(this, arguments);",
      "  });",
      "  return once;",
      "}",
      "emitter.once('ready', function () {",
      "  start();",
      "});",
      "module.exports = onceMap;",
      "",
    ].join("\n"));
    expect(r.callbacks?.map((c) => [c.name, c.kind])).toEqual([["_.once@3", "callback"], ["emitter.once@8", "event_handler"]]);
  });

  it("escaped backticks in a template literal type: no syntax error, the declarations after it kept, no phantom class (effect's VariantSchema.d.ts)", async () => {
    const r = await report("variant.ts", [
      "type Msg = `\\`S\\` \\`class S extends C()(${P}{ ... })\\``;",
      "export type V<M extends A<B>> = {};",
      "export const Override = 1;",
      "",
    ].join("\n"));
    expect(r.warnings?.filter((w) => /syntax error/.test(w))).toEqual([]);
    expect([...flat(r).keys()]).toEqual(["V", "Override", "Msg"]);
  });

  it("a licence block whose copyright line is not its first words is no doc (effect's ISAAC_CSPRNG)", async () => {
    const r = await report("random.ts", [
      "export const x = 1",
      "/*",
      "This is a derivative work copyright (c) 2025 Acme Inc, under MIT license.",
      "Redistribution and use in source and binary forms, with or without modification, are permitted.",
      "THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS \"AS IS\" AND ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED.",
      "*/",
      "export function isaac(seed?: number) {",
      "  return seed",
      "}",
      "",
    ].join("\n"));
    expect(flat(r).get("isaac")?.doc).toBeUndefined();
    expect((await lens.readSymbol(`${dir}/random.ts`, "isaac")).startLine).toBe(7);
  });

  it("`namespace App.Models {…}` reads by its outer name too", async () => {
    await report("dotted.ts", ["export namespace App.Models {", "  export const version = 1;", "}", ""].join("\n"));
    const read = await lens.readSymbol(`${dir}/dotted.ts`, "App");
    expect([read.found, read.name, read.startLine, read.endLine]).toEqual([true, "App.Models", 1, 3]);
  });
});
