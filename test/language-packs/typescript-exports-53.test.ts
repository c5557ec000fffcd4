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
