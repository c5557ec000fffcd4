/** The JS/TS pack on tsc's compiled namespaces (vscode-jsonrpc's lib: 26 of 27 namespaces had been listed empty). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

const members = (e: { members?: { name: string; kind: string; startLine: number; exported: boolean }[] } | undefined) =>
  (e?.members ?? []).map((m) => `${m.kind} ${m.name}@${m.startLine}${m.exported ? " exported" : ""}`);

describe("tsc's compiled namespaces", () => {
  it("`(function (Token) { Token.None = …; function is() {…} Token.is = is; Token.create = function … })(Token || (exports.Token = Token = {}))`: the exported namespace holds all three, nothing at the top level", async () => {
    const src = [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      "exports.Token = void 0;",
      "var Token;",
      "(function (Token) {",
      "    Token.None = Object.freeze({ cancelled: false });",
      "    /** Check whether a value is a token. */",
      "    function is(value) {",
      "        return value === Token.None;",
      "    }",
      "    Token.is = is;",
      "    Token.create = function (name) {",
      "        return { name: name };",
      "    };",
      "})(Token || (exports.Token = Token = {}));",
      "",
    ].join("\n");
    const r = await report("token.js", src);
    expect(r.api.map((e) => e.name)).toEqual(["Token"]);
    expect(r.internal).toEqual([]);
    const e = flat(r);
    expect(e.get("Token")).toMatchObject({ kind: "namespace", startLine: 4, endLine: 15, exported: true });
    expect(members(e.get("Token"))).toEqual(["property None@6 exported", "function is@8 exported", "method create@12 exported"]);
    expect(e.get("Token.None")!.signature).toBe("Token.None = Object.freeze({ cancelled: false })");
    expect(e.get("Token.is")).toMatchObject({ doc: "Check whether a value is a token.", endLine: 10 });
    const is = await lens.readSymbol(join(dir, "token.js"), "Token.is");
    expect(is).toMatchObject({ found: true, kind: "function", startLine: 7, endLine: 10 });
    expect(is.source).toContain("return value === Token.None;");
    const none = await lens.readSymbol(join(dir, "token.js"), "Token.None");
    expect(none).toMatchObject({ found: true, kind: "property", startLine: 6, endLine: 6 });
  });

  it("a function the body declares and does not assign onto the namespace is its internal member; the ESM form `N || (N = {})` is exported by `export { N }`", async () => {
    const r = await report("esm.js", [
      "var Codes;",
      "(function (Codes) {",
      "    function check(n) {",
      "        return n < 0;",
      "    }",
      "    Codes.ParseError = -32700;",
      "    function isError(n) {",
      "        return check(n);",
      "    }",
      "    Codes.isError = isError;",
      "})(Codes || (Codes = {}));",
      "var Local;",
      "(function (Local) {",
      "    Local.a = 1;",
      "})(Local || (Local = {}));",
      "export { Codes };",
      "",
    ].join("\n"));
    expect(r.api.map((e) => e.name)).toEqual(["Codes"]);
    expect(r.internal.map((e) => e.name)).toEqual(["Local"]);
    const e = flat(r);
    expect(members(e.get("Codes"))).toEqual(["function check@3", "property ParseError@6 exported", "function isError@7 exported"]);
    expect(members(e.get("Local"))).toEqual(["property a@14"]);
    expect(e.get("Local")).toMatchObject({ kind: "namespace", exported: false });
  });

  it("namespaces and enums compiled inside one, `(Inner = Outer.Inner || (Outer.Inner = {}))`, are its nested members with their own", async () => {
    const r = await report("nested.js", [
      "var Outer;",
      "(function (Outer) {",
      "    let Inner;",
      "    (function (Inner) {",
      "        Inner.depth = 2;",
      "        function run() {",
      "            return Inner.depth;",
      "        }",
      "        Inner.run = run;",
      "    })(Inner = Outer.Inner || (Outer.Inner = {}));",
      "    let Hidden;",
      "    (function (Hidden) {",
      "        Hidden.x = 1;",
      "    })(Hidden || (Hidden = {}));",
      "    let Color;",
      "    (function (Color) {",
      '        Color[Color["Red"] = 0] = "Red";',
      "    })(Color = Outer.Color || (Outer.Color = {}));",
      "})(Outer || (exports.Outer = Outer = {}));",
      "",
    ].join("\n"));
    expect(r.api.map((e) => e.name)).toEqual(["Outer"]);
    expect(r.internal).toEqual([]);
    const e = flat(r);
    expect(members(e.get("Outer"))).toEqual(["namespace Inner@3 exported", "namespace Hidden@11", "enum Color@15 exported"]);
    expect(e.get("Outer.Inner")).toMatchObject({ startLine: 3, endLine: 10 });
    expect(members(e.get("Outer.Inner"))).toEqual(["property depth@5 exported", "function run@6 exported"]);
    expect(members(e.get("Outer.Hidden"))).toEqual(["property x@13"]);
    expect(members(e.get("Outer.Color"))).toEqual(["constant Red@17 exported"]);
    const run = await lens.readSymbol(join(dir, "nested.js"), "Outer.Inner.run");
    expect(run).toMatchObject({ found: true, kind: "function", startLine: 6, endLine: 8 });
  });

  it("a namespace merged into an enum before it, with no `var` of its own (vscode-jsonrpc's `Trace`): its functions are the enum's members", async () => {
    const r = await report("trace.js", [
      "var Trace;",
      "(function (Trace) {",
      '    Trace[Trace["Off"] = 0] = "Off";',
      "})(Trace || (exports.Trace = Trace = {}));",
      "(function (Trace) {",
      "    function fromString(value) {",
      "        return Trace.Off;",
      "    }",
      "    Trace.fromString = fromString;",
      "})(Trace || (exports.Trace = Trace = {}));",
      "",
    ].join("\n"));
    expect(r.api.map((e) => e.name)).toEqual(["Trace"]);
    expect(r.internal).toEqual([]);
    const e = flat(r);
    expect(e.get("Trace")).toMatchObject({ kind: "enum", startLine: 1, endLine: 4 });
    expect(members(e.get("Trace"))).toEqual(["constant Off@3 exported", "function fromString@6 exported"]);
    const read = await lens.readSymbol(join(dir, "trace.js"), "Trace.fromString");
    expect(read).toMatchObject({ found: true, startLine: 6, endLine: 8 });
  });

  it("a namespace built on the export object, `(function (InvokeStore) {…})(exports.InvokeStore || (exports.InvokeStore = {}))` (no `var`; @aws/lambda-invoke-store), and older tsc's `(N = exports.N || (exports.N = {}))` are exported namespaces", async () => {
    const r = await report("store.js", [
      "exports.InvokeStore = void 0;",
      "(function (InvokeStore) {",
      "    let instance = null;",
      "    function getInstance() {",
      "        return instance;",
      "    }",
      "    InvokeStore.getInstance = getInstance;",
      "})(exports.InvokeStore || (exports.InvokeStore = {}));",
      "var namedTypes;",
      "(function (namedTypes) {",
      "    namedTypes.kind = 1;",
      "})(namedTypes = exports.namedTypes || (exports.namedTypes = {}));",
      "",
    ].join("\n"));
    expect(r.api.map((e) => `${e.kind} ${e.name}@${e.startLine}-${e.endLine}`)).toEqual(["namespace InvokeStore@2-8", "namespace namedTypes@9-12"]);
    expect(r.internal).toEqual([]);
    const e = flat(r);
    expect(members(e.get("InvokeStore"))).toEqual(["function getInstance@4 exported"]);
    expect(members(e.get("namedTypes"))).toEqual(["property kind@11 exported"]);
    const read = await lens.readSymbol(join(dir, "store.js"), "InvokeStore.getInstance");
    expect(read).toMatchObject({ found: true, kind: "function", startLine: 4, endLine: 6 });
  });
});
