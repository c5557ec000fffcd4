/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 23). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

describe("JS/TS shapes from npm packages, round 4", () => {
  it("a namespace the module builds from `{}` declares its data members by assignment: documented constants and enums (node-forge's tls.js)", async () => {
    const r = await report("tls.js", [
      "var forge = require('./forge');",
      "var tls = module.exports = forge.tls = forge.tls || {};",
      "",
      "/** Versions we speak. */",
      "tls.Versions = {",
      "  TLS_1_0: {major: 3, minor: 1},",
      "  TLS_1_1: {major: 3, minor: 2}",
      "};",
      "/** Maximum fragment size. */",
      "tls.MaxFragment = 16384 - 1024;",
      "tls.Version = tls.Versions.TLS_1_0;",
      "tls.handle = function (c) {",
      "  tls.ready = true;",
      "  return c;",
      "};",
      "tls.unset = void 0;",
      "if (process.env.X) { tls.flag = true; }",
      "(function () {",
      "  var util = {};",
      "  util.LIMIT = 3;",
      "  var cfg = { port: 1 };",
      "  cfg.port = 2;",
      "  cfg.host = 'x';",
      "  window.util = util;",
      "})();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("tls.Versions")).toMatchObject({ kind: "property", startLine: 5, endLine: 8, exported: true, doc: "Versions we speak." });
    expect(e.get("tls.MaxFragment")).toMatchObject({ kind: "property", startLine: 10, exported: true, doc: "Maximum fragment size.", signature: "tls.MaxFragment = 16384 - 1024" });
    expect(e.get("tls.Version")).toMatchObject({ kind: "property", startLine: 11 });
    expect(e.get("tls.handle")).toMatchObject({ kind: "method", startLine: 12 });
    // A key set inside a function or a block is no declaration (acorn's bin.js sets options by flag); `void 0` declares nothing.
    expect([e.has("tls.ready"), e.has("tls.flag"), e.has("tls.unset")]).toEqual([false, false, false]);
    // A module-scope IIFE's namespace too; an object literal with keys declares its own (`cfg.host` sets one).
    expect(e.get("util.LIMIT")).toMatchObject({ kind: "property", startLine: 20 });
    expect([...e.keys()].filter((k) => k.startsWith("cfg."))).toEqual([]);
  });
});
