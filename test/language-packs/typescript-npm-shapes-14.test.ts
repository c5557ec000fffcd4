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
