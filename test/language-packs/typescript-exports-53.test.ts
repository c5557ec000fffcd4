/** The JS/TS pack: what a file exports in shapes that had read "0 exported" (session 53: tslib's exporter, whole-module re-exports). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

/** tslib.js's UMD wrapper, cut down: the factory's `exporter` is built on the export object. */
const TSLIB = (handOver: string) => [
  "var __extends;",
  "var __assign;",
  "(function (factory) {",
  '    var root = typeof global === "object" ? global : typeof self === "object" ? self : typeof this === "object" ? this : {};',
  '    if (typeof define === "function" && define.amd) {',
  `        define("tslib", ["exports"], function (exports) { factory(${handOver.replace("EXPORTS", "exports")}); });`,
  "    }",
  '    else if (typeof module === "object" && typeof module.exports === "object") {',
  `        factory(${handOver.replace("EXPORTS", "module.exports")});`,
  "    }",
  "    else {",
  "        factory(createExporter(root));",
  "    }",
  "    function createExporter(exports, previous) {",
  "        return function (id, v) { return exports[id] = previous ? previous(id, v) : v; };",
  "    }",
  "})",
  "(function (exporter) {",
  "    var extendStatics = Object.setPrototypeOf;",
  "    __extends = function (d, b) {",
  "        extendStatics(d, b);",
  "        function __() { this.constructor = d; }",
  "    };",
  "    __assign = Object.assign || function (t) {",
  "        return t;",
  "    };",
  '    exporter("__extends", __extends);',
  '    exporter("__assign", __assign);',
  "});",
  "",
].join("\n");

describe("exports, session 53", () => {
  it("tslib's exporter: `exporter(\"__extends\", __extends)` in a UMD factory handed a function built on the export object exports `__extends`", async () => {
    const r = await report("tslib.js", TSLIB("createExporter(root, createExporter(EXPORTS))"));
    const f = flat(r);
    expect(r.summary.exports).toBe(2);
    expect([f.get("__extends")?.kind, f.get("__extends")?.exported]).toEqual(["function", true]);
    expect(f.get("__assign")?.exported).toBe(true);
    // The factory's own helpers stay internal.
    expect(f.get("extendStatics")?.exported).toBe(false);
    expect(f.get("createExporter")?.exported).toBe(false);
  });

  it("a factory parameter handed a function built on something else (the global only) exports nothing", async () => {
    const r = await report("tslib-global.js", TSLIB("createExporter(root)"));
    expect(r.summary.exports).toBe(0);
    expect(flat(r).get("__extends")?.exported).toBe(false);
  });
});

describe("whole-module re-exports, session 53", () => {
  it("a barrel of `export * from` lines says that it re-exports those modules' names, unlisted, rather than reading as exporting nothing", async () => {
    const r = await report("sdk/internal/utils.mjs", ['export * from "./utils/values.mjs";', 'export * from "./utils/base64.mjs";', 'export * from "./utils/env.mjs";', 'export * from "./utils/log.mjs";', ""].join("\n"));
    expect(r.summary.exports).toBe(0);
    // (Modules the project does not hold: said by name and why — session 54 lists the names of those it holds.)
    const said = r.warnings?.find((w) => w.startsWith("`export *` modules"));
    expect(said).toBe('`export *` modules whose names are not listed here nor counted as exported — no project file answers the specifier: "./utils/values.mjs", "./utils/base64.mjs", "./utils/env.mjs", "./utils/log.mjs": read those modules for them');
  });

  it("tsc's CommonJS form, `tslib_1.__exportStar(require(\"./core/error.js\"), exports)`, says the same of its one module", async () => {
    const r = await report("sdk/error.js", ['"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });', 'const tslib_1 = require("./internal/tslib.js");', 'tslib_1.__exportStar(require("./core/error.js"), exports);', ""].join("\n"));
    expect(r.warnings?.find((w) => w.startsWith("`export *` modules"))).toBe('`export *` modules whose names are not listed here nor counted as exported — no project file answers the specifier: "./core/error.js": read that module for them');
  });

  it("a namespace re-export (`export * as utils from`) is one listed name, and a plain `require` no re-export: neither says so", async () => {
    const a = await report("ns.mjs", 'export * as utils from "./utils.mjs";\n');
    const b = await report("req.js", 'const tslib_1 = require("./tslib.js");\nexports.x = tslib_1.__importDefault(require("./x.js"));\n');
    expect([...(a.warnings ?? []), ...(b.warnings ?? [])].filter((w) => w.startsWith("re-exports all of") || w.includes("`export *`"))).toEqual([]);
    expect(a.summary.exports).toBe(1);
  });
});

describe("esbuild's export getters in a UMD factory, session 53", () => {
  it("@jridgewell's UMD build: `__export(x_exports, { decode: () => decode })` in the factory the wrapper hands `module` exports `decode`", async () => {
    const r = await report("sourcemap-codec.umd.js", [
      "(function (global, factory) {",
      "  if (typeof exports === 'object' && typeof module !== 'undefined') {",
      "    factory(module);",
      "    module.exports = def(module);",
      "  } else if (typeof define === 'function' && define.amd) {",
      "    define(['module'], function(mod) {",
      "      factory.apply(this, arguments);",
      "      mod.exports = def(mod);",
      "    });",
      "  }",
      "  function def(m) { return 'default' in m.exports ? m.exports.default : m.exports; }",
      "})(this, (function (module) {",
      '"use strict";',
      "var __defProp = Object.defineProperty;",
      "var __export = (target, all) => {",
      "  for (var name in all)",
      "    __defProp(target, name, { get: all[name], enumerable: true });",
      "};",
      "var sourcemap_codec_exports = {};",
      "__export(sourcemap_codec_exports, {",
      "  decode: () => decode,",
      "  encode: () => encodeMappings",
      "});",
      "module.exports = __toCommonJS(sourcemap_codec_exports);",
      "var comma = ','.charCodeAt(0);",
      "function decode(mappings) {",
      "  return mappings.split(comma);",
      "}",
      "function encodeMappings(decoded) {",
      "  return decoded.join(',');",
      "}",
      "}));",
      "",
    ].join("\n"));
    const f = flat(r);
    expect([f.get("decode")?.kind, f.get("decode")?.exported]).toEqual(["function", true]);
    expect(f.get("encodeMappings")?.exported).toBe(true);
    expect(f.get("comma")?.exported).toBe(false);
    // The getters are plumbing: no entries, no callbacks of their own.
    expect([...f.keys()].filter((k) => k.includes("sourcemap_codec_exports."))).toEqual([]);
  });
});

describe("Babel's default export through a binding, session 53", () => {
  it("`var _default = exports.default = Long;` (Babel ≥ 7.22's CommonJS) exports the function `Long` as default, with its members", async () => {
    const r = await report("babel-cjs.js", ['"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });', "exports.default = void 0;", "function Long(low) {", "  this.low = low;", "}", "Long.prototype.toInt = function toInt() {", "  return this.low;", "};", "var _default = exports.default = Long;", ""].join("\n"));
    const f = flat(r);
    expect([f.get("Long")?.kind, f.get("Long")?.exported]).toEqual(["function", true]);
    expect(f.get("Long.toInt")?.exported).toBe(true);
  });

  it("long's UMD build: `var _default = (_exports.default = Long);` in a factory the wrapper hands `exports`", async () => {
    const r = await report("long-umd.js", [
      "(function (global, factory) {",
      "  if (typeof define === \"function\" && define.amd) {",
      "    define([], function () { var exports = {}; factory(exports); return exports.default; });",
      "  } else if (typeof exports === \"object\") {",
      "    factory(exports);",
      "  }",
      "})(this, function (_exports) {",
      '  "use strict";',
      "  _exports.default = void 0;",
      "  function Long(low) {",
      "    this.low = low;",
      "  }",
      "  function fromInt(value) {",
      "    return new Long(value);",
      "  }",
      "  Long.fromInt = fromInt;",
      "  var _default = (_exports.default = Long);",
      "});",
      "",
    ].join("\n"));
    const f = flat(r);
    expect(f.get("Long")?.exported).toBe(true);
  });
});

describe("a minified UMD factory's return, session 53", () => {
  it("bowser's `return l.parse, l.getParser, l;` exports `l`, the sequence's value; the factory's other bindings stay internal", async () => {
    const r = await report("bowser-es5.js", [
      "/*! Bowser - a browser detector */",
      '!function(e,t){"object"==typeof exports&&"undefined"!=typeof module?module.exports=t():"function"==typeof define&&define.amd?define([],t):(e="undefined"!=typeof globalThis?globalThis:e||self).bowser=t()}(this,function(){"use strict";',
      "var o={Chrome:\"chrome\"};",
      "var l=function(){function e(){}return e.getParser=function(e){return new s(e)},e.parse=function(e){return new s(e).getResult()},e}();",
      "function s(e){this.ua=e}",
      "return l.parse,l.getParser,l});",
      "",
    ].join("\n"));
    const f = flat(r);
    expect(f.get("l")?.exported).toBe(true);
    expect(f.get("o")?.exported).toBe(false);
    expect(f.get("s")?.exported).toBe(false);
  });
});

describe("a global the module exports, session 53", () => {
  it("es-errors' `module.exports = EvalError;` (a name the file never binds) is the exported constant `exports`, as `module.exports = Math.abs` is; a declared name stays that declaration", async () => {
    const r = await report("es-errors/eval.js", ["'use strict';", "", "/** @type {import('./eval')} */", "module.exports = EvalError;", ""].join("\n"));
    expect(r.summary.exports).toBe(1);
    expect(r.api.map((e) => [e.name, e.kind, e.startLine, e.signature])).toEqual([["exports", "constant", 4, "module.exports = EvalError"]]);
    const d = await report("es-object-atoms.mjs", "export default Object;\n");
    expect(d.api.map((e) => [e.name, e.kind])).toEqual([["default", "constant"]]);
    const own = await report("own.js", "function EvalError2() {}\nmodule.exports = EvalError2;\n");
    expect(own.api.map((e) => [e.name, e.kind])).toEqual([["EvalError2", "function"]]);
  });
});
