/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 28). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

describe("JS/TS shapes from npm packages, round 10", () => {
  it("`Box.prototype.__proto__ = Element.prototype` is inheritance, no member (blessed's 36 widgets had listed an exported method `__proto__`, recommended)", async () => {
    const src = [
      "var Element = require('./element');",
      "function Box(options) {",
      "  Element.call(this, options);",
      "}",
      "Box.prototype.__proto__ = Element.prototype;",
      "Box.prototype.type = 'box';",
      "module.exports = Box;",
      "function ZodError(issues) {",
      "  this.__proto__ = new.target.prototype;",
      "  this.issues = issues;",
      "}",
      "",
    ].join("\n");
    const r = await report("blessed-box.js", src);
    const e = flat(r);
    // (Nor zod's and signalr's `this.__proto__ = actualProto` in a constructor: the instance's prototype link.)
    expect([...e.keys()]).toEqual(["Box", "Box.type", "ZodError", "ZodError.issues"]);
    expect(e.get("Box")).toMatchObject({ kind: "function", exported: true });
    expect(lens.render(r, "compact")).not.toContain("__proto__");
  });

  it("`exports.HttpServer = exports.HTTPServer = HttpServer` above `function HttpServer` exports the function under both names, holding its members (http-server had made a phantom constant holding `listen`, the function internal)", async () => {
    const src = [
      "exports.HttpServer = exports.HTTPServer = HttpServer;",
      "exports.createServer = function (options) {",
      "  return new HttpServer(options);",
      "};",
      "function HttpServer(options) {",
      "  this.root = options.root;",
      "}",
      "HttpServer.prototype.listen = function () {",
      "  return this.server.listen.apply(this.server, arguments);",
      "};",
      "",
    ].join("\n");
    const r = await report("http-server.js", src);
    expect(r.api?.map((x) => x.name).sort()).toEqual(["HttpServer", "createServer"]);
    expect(r.internal ?? []).toEqual([]);
    const fn = r.api!.find((x) => x.name === "HttpServer")!;
    expect(fn).toMatchObject({ kind: "function", startLine: 5, endLine: 7, exported: true, exportedAs: ["HTTPServer"] });
    expect(fn.members?.map((m) => m.name)).toEqual(["root", "listen"]);
    const read = await lens.readSymbol(join(dir, "http-server.js"), "HttpServer");
    expect([read.found, read.startLine, read.ambiguous]).toEqual([true, 5, undefined]);
  });

  it("a computed key with an inline comment is named without it: `[0 /* String */](value)` is `[0]`, read as `converters.[0]` (typedoc's node-utils.js: esbuild-inlined const enums, 28 methods)", async () => {
    const src = [
      "var converters = {",
      "  [0 /* String */](value, option) {",
      "    return String(value);",
      "  },",
      "  [ /* a */ Symbol.iterator ]() {},",
      "  [\"/* kept */\"]() {},",
      "};",
      "class Option { static [1 /* Number */] = 1; }",
      "",
    ].join("\n");
    const e = flat(await report("node-utils.js", src));
    expect(e.get("converters.[0]")).toMatchObject({ kind: "method", startLine: 2, endLine: 4, signature: "[0 /* String */](value, option)" });
    expect(e.has("converters.[Symbol.iterator]")).toBe(true);
    expect(e.has('converters.["/* kept */"]')).toBe(true);
    expect(e.get("Option.[1]")).toMatchObject({ kind: "property", startLine: 8 });
    expect([...e.keys()].filter((k) => k.includes("/*"))).toEqual(['converters.["/* kept */"]']);
    const read = await lens.readSymbol(join(dir, "node-utils.js"), "converters.[0]");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 2, 4]);
  });
});
