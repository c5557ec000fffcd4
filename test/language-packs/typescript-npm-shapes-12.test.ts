/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 28, QA round F). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

describe("JS/TS shapes from npm packages, round 12", () => {
  it("a module pattern bound to a variable and invoked with `.call(this, …)` (paper.js's whole library) reads as `var X = (function () {…})()`: its objects and `Base.extend({…})` classes are the binding's members", async () => {
    // paper 0.12.20 dist/paper-core.js: `var paper = function(self, undefined) {…}.call(this, …)` (118 of ~1,195 symbols had been listed).
    const body = [
      "var Emitter = {",
      "\ton: function(type, func) { return this; }",
      "};",
      "var Point = Base.extend({",
      "\tadd: function(point) { return point; }",
      "});",
      "var Color = Base.extend(new function() {",
      "\tfunction hex(c) { return c; }",
      "\treturn { toCSS: function() { return hex(this); } };",
      "});",
      "Base.inject({",
      "\ttoString: function() { return ''; }",
      "});",
      "return paper;",
    ];
    for (const [file, open, close] of [
      ["paper.js", "var paper = function(self, undefined) {", "}.call(this, typeof self === 'object' ? self : null);"],
      ["paper2.js", "var paper = (function(self, undefined) {", "}).call(this, typeof self === 'object' ? self : null);"],
      ["paper3.js", "var paper = (function(self, undefined) {", "})(this, typeof self === 'object' ? self : null);"],
    ]) {
      const r = await report(file!, [open, ...body, close, ""].join("\n"));
      const e = flat(r);
      expect(e.get("paper"), file).toMatchObject({ kind: "variable", startLine: 1, endLine: 16 });
      expect(e.get("paper.Emitter"), file).toMatchObject({ kind: "variable", startLine: 2, endLine: 4, exported: false });
      expect(e.get("paper.Emitter.on"), file).toMatchObject({ kind: "method", startLine: 3 });
      expect(e.get("paper.Point"), file).toMatchObject({ kind: "variable", startLine: 5, endLine: 7, signature: "var Point = Base.extend(…)" });
      expect(e.get("paper.Point.add"), file).toMatchObject({ kind: "method", startLine: 6 });
      expect(e.get("paper.Color"), file).toMatchObject({ kind: "variable", startLine: 8, endLine: 11 });
      expect(e.get("paper.Color.hex"), file).toMatchObject({ kind: "function", startLine: 9 });
      // No member under a name the binding lacks (`paper.add`, `paper.toString`): a statement's call
      // handed an object of functions has callbacks, as at the top level.
      expect([...e.keys()].filter((k) => /^paper\.(?:add|on|toString)$/.test(k)), file).toEqual([]);
      expect(r.callbacks.map((c) => c.name), file).toContain("toString@13");
      expect(r.callbacks.map((c) => c.name), file).not.toContain("add@6");
    }
    const read = await lens.readSymbol(join(dir, "paper.js"), "Point");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 5, 7]);
  });

  it("a browser library publishing its binding on the global object, `window.Zepto = Zepto`, exports it (zepto read \"0 exported\"), as `module.exports = Zepto` does; not through `self`, a function's statement or an `on…` handler", async () => {
    // zepto 1.2.0 src/zepto.js; js-beautify's lib bundles `window.js_beautify = js_beautify`.
    const src = [
      "var Zepto = (function () {",
      "  var $ = function (selector) { return selector; };",
      "  return $;",
      "})();",
      "function beautify(s) { return s; }",
      "function helper() {}",
      "function onLoad() {}",
      "function local() {}",
      "var self = this;",
      "window.Zepto = Zepto;",
      "globalThis.js_beautify = beautify;",
      "self.helper = helper;",
      "window.onload = onLoad;",
      "function install() { window.local = local; }",
      "",
    ].join("\n");
    const e = flat(await report("zepto.js", src));
    expect(e.get("Zepto")).toMatchObject({ kind: "variable", exported: true });
    expect(e.get("beautify")).toMatchObject({ kind: "function", exported: true, exportedAs: ["js_beautify"] });
    for (const name of ["helper", "onLoad", "local", "install"]) expect(e.get(name)?.exported, name).toBe(false);
    expect((await lens.readSymbol(join(dir, "zepto.js"), "js_beautify")).name).toBe("beautify");
  });

  it("a placeholder then an IIFE that builds the constructor, `var Slick = window.Slick || {}; Slick = (function () { function Slick(el) {…} return Slick; }())`, is one entry, the function, holding its `this.x` and prototype members (slick had split them); CoffeeScript 1's `var Animal; Animal = (function () {…})()` too", async () => {
    // slick-carousel 2.0.0 slick/slick.js (80 prototype methods had hung under a one-line variable).
    const src = [
      "var Slick = window.Slick || {};",
      "Slick = (function () {",
      "  var instanceUid = 0;",
      "  function Slick(element, settings) {",
      "    this.element = element;",
      "  }",
      "  return Slick;",
      "}());",
      "Slick.prototype.next = function () {",
      "  return this;",
      "};",
      "var Snake;",
      "Snake = (function (superClass) {",
      "  extend(Snake, superClass);",
      "  function Snake() {}",
      "  Snake.prototype.move = function () { return 5; };",
      "  return Snake;",
      "})(Animal);",
      "var Other = window.Other || {};",
      "Other.x = function () {};",
      "",
    ].join("\n");
    const r = await report("slick.js", src);
    const e = flat(r);
    expect(r.internal.filter((x) => x.name === "Slick")).toHaveLength(1);
    expect(e.get("Slick")).toMatchObject({ kind: "function", startLine: 4, endLine: 6 });
    expect(e.get("Slick.element")).toMatchObject({ kind: "property", startLine: 5 });
    expect(e.get("Slick.next")).toMatchObject({ kind: "method", startLine: 9, endLine: 11 });
    expect(r.internal.filter((x) => x.name === "Snake").map((x) => [x.kind, x.startLine])).toEqual([["function", 15]]);
    expect(e.get("Snake.move")).toMatchObject({ kind: "method", startLine: 16 });
    // A `|| {}` binding no IIFE replaces stays the namespace it is.
    expect(e.get("Other")).toMatchObject({ kind: "variable", startLine: 19 });
    const read = await lens.readSymbol(join(dir, "slick.js"), "Slick");
    expect([read.found, read.startLine, read.endLine, read.ambiguous]).toEqual([true, 4, 6, undefined]);
  });

  it("an AMD factory that returns `declare(\"dojo.store.Memory\", Base, {…})` is that class, exported, named by the declared name's last segment (`default` when it has none), its object's functions its methods; one returning an object literal exports its functions (dojo's class modules had read \"0 symbols\", their methods callbacks)", async () => {
    // dojo 1.17.3 store/Memory.js, data/api/Item.js; 22 non-test modules `return declare(…)`.
    const memory = [
      "define([\"dojo/_base/declare\", \"./Base\"], function (declare, Base) {",
      "\treturn declare(\"my.Memory\", Base, {",
      "\t\tget: function (id) {",
      "\t\t\treturn this.index[id];",
      "\t\t},",
      "\t\tput: function (object, options) {",
      "\t\t\tthis.data.push(object);",
      "\t\t}",
      "\t});",
      "});",
      "",
    ].join("\n");
    const r = await report("Memory.js", memory);
    const e = flat(r);
    expect(e.get("Memory")).toMatchObject({ kind: "class", startLine: 2, endLine: 9, exported: true, signature: 'return declare("my.Memory", Base, {…})' });
    expect(e.get("Memory.get")).toMatchObject({ kind: "method", startLine: 3, endLine: 5, exported: true });
    expect(e.get("Memory.put")).toMatchObject({ kind: "method", startLine: 6, endLine: 8, exported: true });
    expect(r.callbacks.map((c) => c.name)).toEqual(["define@1"]);
    expect((await lens.readSymbol(join(dir, "Memory.js"), "my.Memory")).startLine).toBe(2);
    const item = flat(await report("Item.js", "define([\"dojo/_base/declare\"], function (declare) {\n\treturn declare(null, {\n\t\tisItem: function (x) { return !!x; }\n\t});\n});\n"));
    expect(item.get("default")).toMatchObject({ kind: "class", startLine: 2, exported: true });
    expect(item.get("default.isItem")).toMatchObject({ kind: "method", exported: true });
    const obj = flat(await report("amd_obj.js", "define([\"./dep\"], function (dep) {\n\treturn {\n\t\tget: function (id) { return dep[id]; },\n\t\tutil: { pick: function () {} }\n\t};\n});\n"));
    expect(obj.get("get")).toMatchObject({ kind: "function", startLine: 3, exported: true });
    expect(obj.get("util")).toMatchObject({ kind: "constant", exported: true });
    expect(obj.get("util.pick")).toMatchObject({ kind: "method", exported: true });
  });
});
