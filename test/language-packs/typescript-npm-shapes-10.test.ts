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
    // (A computed key that is only a string is the quoted key it spells, comment-like text and all — session 48.)
    expect(e.has('converters."/* kept */"')).toBe(true);
    expect(e.get("Option.[1]")).toMatchObject({ kind: "property", startLine: 8 });
    expect([...e.keys()].filter((k) => k.includes("/*"))).toEqual(['converters."/* kept */"']);
    const read = await lens.readSymbol(join(dir, "node-utils.js"), "converters.[0]");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 2, 4]);
  });

  it("a plain `/* … */` block of commented-out code is no doc (dojo's `/*===== … =====*/` pseudo-code had read \"number.__RegexpOptions = declare(null, …\"); a plain block of prose still is", async () => {
    const src = [
      "var number = {};",
      "/*=====",
      "number.__RegexpOptions = declare(null, {",
      "\t// pattern: String?",
      "});",
      "=====*/",
      "number.regexp = function(options){",
      "\treturn number._parseInfo(options).regexp;",
      "};",
      "/*",
      " * Formats a number as a string.",
      " */",
      "number.format = function(value){",
      "\treturn String(value);",
      "};",
      "/* Rounds a number to the given places. */",
      "number.round = function(value, places){",
      "\treturn value;",
      "};",
      "",
    ].join("\n");
    const e = flat(await report("dojo-number.js", src));
    expect(e.get("number.regexp")?.doc).toBeUndefined();
    expect(e.get("number.format")?.doc).toBe("Formats a number as a string.");
    expect(e.get("number.round")?.doc).toBe("Rounds a number to the given places.");
  });

  it("a JSDoc block that opens with prose and mentions a copyright further down is the declaration's doc (cosmjs-types' varint.d.ts: 3 functions had lost theirs); a licence banner at the file's top is still none", async () => {
    const src = [
      "/**",
      " * Copyright 2008 Google Inc.  All rights reserved.",
      " * Licensed under the BSD license.",
      " */",
      "export declare function varint64read(): [number, number];",
      "/**",
      " * Write a 64 bit varint to the given bytes array.",
      " *",
      " * Copyright 2008 Google Inc.  All rights reserved.",
      " */",
      "export declare function varint64write(lo: number, hi: number, bytes: number[]): void;",
      "",
    ].join("\n");
    const e = flat(await report("varint.d.ts", src));
    expect(e.get("varint64read")?.doc).toBeUndefined();
    expect(e.get("varint64write")?.doc).toBe("Write a 64 bit varint to the given bytes array.");
    // A banner's title, or a block mostly of licence lines, above the first declaration is still none.
    const banners = [
      ["/*!", " * jQuery JavaScript Library v3.6.0", " * Copyright OpenJS Foundation and other contributors", " */", "function jQuery() {}", ""],
      ["/**", " * This file is part of the Foo project.", " *", " * Copyright (c) 2015 Bar Ltd.", " */", "function foo() {}", ""],
      ["/**", " * Utilities.", " * Copyright (c) 2015 Bar Ltd.", " * Licensed under the MIT license.", " */", "function util() {}", ""],
    ];
    for (const [i, b] of banners.entries()) expect([...flat(await report(`banner${i}.js`, b.join("\n"))).values()][0]?.doc).toBeUndefined();
  });
});
