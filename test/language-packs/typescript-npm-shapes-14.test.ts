/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 29, QA round H). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const UMD_OPEN = [
  "(function (root, factory) {",
  "  if (typeof define === 'function' && define.amd) {",
  "    define([], factory);",
  "  } else if (typeof exports === 'object') {",
  "    module.exports = factory();",
  "  } else {",
  "    root.loki = factory();",
  "  }",
  "}(this, function () {",
];

describe("JS/TS shapes from npm packages, round 14", () => {
  it("a UMD factory that returns an inner IIFE (lokijs): the IIFE's body is the module's scope, what it returns the export, its objects of functions variables holding their methods", async () => {
    // lokijs 1.5.12 src/lokijs.js and its adapters had read "0 exported"; LokiOps' ~30 operators were callbacks.
    const src = [
      ...UMD_OPEN,
      "  return (function () {",
      "    var LokiOps = {",
      "      $eq: function (a, b) {",
      "        return a === b;",
      "      },",
      "      $ne: function (a, b) {",
      "        return a !== b;",
      "      }",
      "    };",
      "    function Loki(name) {",
      "      this.name = name;",
      "    }",
      "    Loki.prototype.save = function () {};",
      "    Loki.LokiOps = LokiOps;",
      "    return Loki;",
      "  }());",
      "}));",
      "",
    ].join("\n");
    const r = await report("loki.js", src);
    const e = flat(r);
    expect(e.get("Loki"), "Loki").toMatchObject({ kind: "function", startLine: 19, endLine: 21, exported: true });
    expect(e.get("Loki.save"), "save").toMatchObject({ kind: "method", startLine: 22, exported: true });
    expect(e.get("LokiOps"), "LokiOps").toMatchObject({ kind: "variable", startLine: 11, endLine: 18 });
    expect(e.get("LokiOps.$eq"), "$eq").toMatchObject({ kind: "method", startLine: 12, endLine: 14 });
    expect(e.get("LokiOps.$ne"), "$ne").toMatchObject({ kind: "method", startLine: 15, endLine: 17 });
    expect(r.callbacks.map((c) => c.name)).not.toContain("$eq@12");
    // `.call(this)` and the arrow forms, and an AMD factory: the same.
    for (const [file, lines] of [
      ["loki-call.js", [...UMD_OPEN, "  return (function () {", "    function Loki() {}", "    return Loki;", "  }).call(this);", "}));", ""]],
      ["loki-amd.js", ["define([], function () {", "  return (() => {", "    function Loki() {}", "    return Loki;", "  })();", "});", ""]],
    ] as const) {
      const got = flat(await report(file, lines.join("\n")));
      expect(got.get("Loki"), file).toMatchObject({ kind: "function", exported: true });
    }
    // A top-level IIFE's returned IIFE is no export: the value is dropped.
    const plain = flat(await report("plain-iife.js", ["(function () {", "  return (function () {", "    function Loki() {}", "    return Loki;", "  })();", "})();", ""].join("\n")));
    expect(plain.get("Loki")?.exported).toBe(false);
  });
});

describe("JS/TS shapes from npm packages, round 14 (AMD widgets)", () => {
  const open = ["( function( factory ) {", "\tif ( typeof define === \"function\" && define.amd ) {", "\t\tdefine( [ \"jquery\", \"../widget\" ], factory );", "\t} else {", "\t\tfactory( jQuery );", "\t}", "} )( function( $ ) {"];
  it("a jQuery UI widget an AMD/UMD factory returns, `return $.widget(\"ui.x\", {…})` or `$.widget(\"ui.x\", …); return $.ui.x;`, is the module's export, as dojo's `return declare(…)` is", async () => {
    // jquery-ui 1.14 ui/widgets/*.js: 19 files had read "0 exported".
    const returned = [...open, "return $.widget( \"ui.accordion\", {", "\tversion: \"1.14.2\",", "\t_create: function() {", "\t\tthis.refresh();", "\t},", "\trefresh: function() {}", "} );", "} );", ""];
    const e = flat(await report("accordion.js", returned.join("\n")));
    expect(e.get("accordion")).toMatchObject({ kind: "class", startLine: 8, endLine: 14, exported: true, signature: "return $.widget(\"ui.accordion\", {…})" });
    expect(e.get("accordion._create")).toMatchObject({ kind: "method", startLine: 10, exported: true });
    // Declared, then returned by its path (dialog, tooltip, spinner: also a back-compat extension of the same name).
    const byPath = [...open, "$.widget( \"ui.dialog\", {", "\topen: function() {}", "} );", "if ( $.uiBackCompat ) {", "\t$.widget( \"ui.dialog\", $.ui.dialog, {", "\t\t_title: function() {}", "\t} );", "}", "$.widget( \"ui.other\", {", "\tgo: function() {}", "} );", "return $.ui.dialog;", "} );", ""];
    const d = await report("dialog.js", byPath.join("\n"));
    expect(d.api.map((a) => [a.name, a.startLine])).toEqual([["dialog", 8], ["dialog", 12]]);
    expect(flat(d).get("dialog.open")).toMatchObject({ kind: "method", exported: true });
    expect(d.internal.map((a) => a.name)).toEqual(["other"]);
    // A widget no factory returns stays internal.
    const plain = flat(await report("plain-widget.js", ["$.widget( \"ui.x\", {", "\tgo: function() {}", "} );", ""].join("\n")));
    expect(plain.get("x")).toMatchObject({ kind: "class", exported: false });
  });
});

describe("JS/TS shapes from npm packages, round 14 (webpack's AMD modules)", () => {
  it("an AMD module compiled by webpack, `!(__WEBPACK_AMD_DEFINE_ARRAY__ = […], __WEBPACK_AMD_DEFINE_RESULT__ = (function (R) {…}).apply(exports, …), …)`: the factory's body is the module's scope, its return the export, the plumbing no entry", async () => {
    // raphael 2.3 raphael.js / raphael.no-deps.js had read "0 exported" (≈340 symbols each).
    const src = [
      "(function webpackUniversalModuleDefinition(root, factory) {",
      "\tif(typeof exports === 'object' && typeof module === 'object')",
      "\t\tmodule.exports = factory();",
      "\telse",
      "\t\troot[\"Raphael\"] = factory();",
      "})(window, function() {",
      "return (function(modules) {",
      "\tvar installedModules = {};",
      "\tfunction __webpack_require__(moduleId) {",
      "\t\tvar module = installedModules[moduleId] = { exports: {} };",
      "\t\tmodules[moduleId].call(module.exports, module, module.exports, __webpack_require__);",
      "\t\treturn module.exports;",
      "\t}",
      "\treturn __webpack_require__(__webpack_require__.s = \"./dev/raphael.core.js\");",
      "})({",
      "\"./dev/raphael.core.js\":",
      "(function(module, exports, __webpack_require__) {",
      "var __WEBPACK_AMD_DEFINE_ARRAY__, __WEBPACK_AMD_DEFINE_RESULT__;!(__WEBPACK_AMD_DEFINE_ARRAY__ = [], __WEBPACK_AMD_DEFINE_RESULT__ = (function() {",
      "    var paper = { rect: function (x) { return x; } };",
      "    function R(first) {",
      "        return first;",
      "    }",
      "    R.is = function (o, type) {",
      "        return true;",
      "    };",
      "    return R;",
      "}).apply(exports, __WEBPACK_AMD_DEFINE_ARRAY__),",
      "\t\t\t\t__WEBPACK_AMD_DEFINE_RESULT__ !== undefined && (module.exports = __WEBPACK_AMD_DEFINE_RESULT__));",
      "})",
      "});",
      "});",
      "",
    ].join("\n");
    const r = await report("raphael.js", src);
    const e = flat(r);
    expect(e.get("R")).toMatchObject({ kind: "function", startLine: 20, endLine: 22, exported: true });
    expect(e.get("R.is")).toMatchObject({ kind: "method", startLine: 23, exported: true });
    expect(e.get("paper")).toMatchObject({ kind: "variable", startLine: 19, exported: false });
    expect(e.get("paper.rect")).toMatchObject({ kind: "method", startLine: 19 });
    expect([...e.keys()].filter((k) => k.includes("WEBPACK_AMD"))).toEqual([]);
  });
});

describe("JS/TS shapes from npm packages, round 14 (doc formats)", () => {
  it("a dr.js doc block (`/*\\ … \\*/`: raphael, snap.svg) gives its description's first sentence, not the name and `[ method ]` markup", async () => {
    const src = [
      "/*\\",
      " * Raphael.angle",
      " [ method ]",
      " **",
      " * Returns angle between two or three points. More words here.",
      " > Parameters",
      " - x1 (number) x coord of first point",
      " = (number) angle in degrees.",
      "\\*/",
      "function angle(x1, y1, x2, y2) {",
      "    return 0;",
      "}",
      "/*\\",
      " * Raphael.svg",
      " [ property (boolean) ]",
      " **",
      " * `true` if browser supports SVG.",
      "\\*/",
      "/*\\",
      " * Raphael.vml",
      " [ property (boolean) ]",
      " **",
      " * `true` if browser supports VML.",
      "\\*/",
      "var vml = false;",
      "/*\\",
      " * Raphael.nothing",
      " [ method ]",
      "\\*/",
      "function nothing() {}",
      "module.exports = { angle: angle, vml: vml, nothing: nothing };",
      "",
    ].join("\n");
    const r = await report("drjs.js", src);
    const e = flat(r);
    expect(e.get("angle")).toMatchObject({ startLine: 10, doc: "Returns angle between two or three points." });
    expect(e.get("vml")?.doc).toBe("`true` if browser supports VML.");
    expect(e.get("nothing")?.doc).toBeUndefined();
    // read_symbol still starts at the block.
    const read = await lens.readSymbol(join(dir, "drjs.js"), "angle");
    expect([read.found, read.startLine]).toEqual([true, 1]);
  });

  it("`/*global …*/`, `/* globals … */` and `/* exported … */` lint directives are no docs (as `/* eslint-disable */`, `/*jshint …*/` are); prose opening with the word still is", async () => {
    const src = [
      "/*global process, console*/",
      "var a = { x: 1 };",
      "/* globals $: readonly, jQuery */",
      "var b = 2;",
      "/* exported init */",
      "function init() {}",
      "/* global state of the cache */",
      "var c = 3;",
      "/*jshint node:true*/",
      "var d = 4;",
      "module.exports = { a: a, b: b, init: init, c: c, d: d };",
      "",
    ].join("\n");
    const e = flat(await report("lint.js", src));
    expect(["a", "b", "init", "c", "d"].map((n) => e.get(n)?.doc)).toEqual([undefined, undefined, undefined, "global state of the cache", undefined]);
  });
});

describe("JS/TS shapes from npm packages, round 14 (compiled classes, exported requires)", () => {
  it("a CoffeeScript 1 subclass with no methods, `exports.X = X = (function (superClass) { extend(X, superClass); function X() {…} return X; })(Y)`, is a class as one with methods is; the bare `var X` is no entry", async () => {
    // coffee-script 1.12 lib/coffee-script/nodes.js: NumberLiteral, RegexLiteral, … (15) had been constants, `read X` the 1,229-character `var` line.
    const src = [
      "(function() {",
      "  var Literal, NumberLiteral, extend1 = function(child, parent) { return child; };",
      "",
      "  exports.Literal = Literal = (function() {",
      "    function Literal(value) {",
      "      this.value = value;",
      "    }",
      "    Literal.prototype.compile = function() {};",
      "    return Literal;",
      "  })();",
      "",
      "  exports.NumberLiteral = NumberLiteral = (function(superClass1) {",
      "    extend1(NumberLiteral, superClass1);",
      "",
      "    function NumberLiteral() {",
      "      return NumberLiteral.__super__.constructor.apply(this, arguments);",
      "    }",
      "",
      "    return NumberLiteral;",
      "",
      "  })(Literal);",
      "",
      "}).call(this);",
      "",
    ].join("\n");
    const r = await report("nodes.js", src);
    const e = flat(r);
    expect(e.get("Literal")).toMatchObject({ kind: "class", startLine: 4, endLine: 10, exported: true });
    expect(e.get("NumberLiteral")).toMatchObject({ kind: "class", startLine: 12, endLine: 21, exported: true });
    expect(e.get("NumberLiteral.constructor")).toMatchObject({ kind: "constructor", startLine: 15, endLine: 17 });
    expect([...r.api, ...r.internal].filter((x) => x.name === "NumberLiteral")).toHaveLength(1);
    const read = await lens.readSymbol(join(dir, "nodes.js"), "NumberLiteral");
    expect([read.found, read.startLine, read.endLine, read.ambiguous]).toEqual([true, 12, 21, undefined]);
    // `_.extend(X, …)` is no evidence of a class.
    const notClass = flat(await report("extend.js", ["var Thing = (function() {", "  _.extend(Thing, mixin);", "  function Thing() {}", "  return Thing;", "})();", ""].join("\n")));
    expect(notClass.get("Thing")?.kind).not.toBe("class");
  });

  it("`export const { version } = require(…)` and `export const X = require(…)` (an ES module's createRequire) are exported constants: re-exports of what they require", async () => {
    // csso 5 lib/version.js had read "1 symbol, 0 exported".
    const src = [
      "import { createRequire } from 'module';",
      "const require = createRequire(import.meta.url);",
      "export const { version, name: pkgName } = require(\"./package.json\");",
      "export const X = require(\"./x\");",
      "const { internal } = require(\"./y\");",
      "",
    ].join("\n");
    const r = await report("version.mjs", src);
    const e = flat(r);
    expect(e.get("version")).toMatchObject({ kind: "constant", startLine: 3, exported: true });
    expect(e.get("pkgName")).toMatchObject({ kind: "constant", startLine: 3, exported: true });
    expect(e.get("X")).toMatchObject({ kind: "constant", startLine: 4, exported: true });
    expect(e.has("internal")).toBe(false);
  });
});
