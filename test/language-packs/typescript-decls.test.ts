/** The JS/TS pack on declaration shapes the grammar or the binding reader missed (ES module QA). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("declaration shapes", () => {
  it("`export default function (): T;` (tsc's .d.ts of an anonymous default function) is the exported function `default`, no syntax error", async () => {
    // zod/v4/locales/hr.d.ts, verbatim.
    const r = await report("locale.d.ts", [
      'import type * as errors from "../core/errors.js";',
      "export default function (): {",
      "    localeError: errors.$ZodErrorMap;",
      "};",
    ].join("\n"));
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect(r.api?.map((e) => [e.name, e.kind, e.startLine, e.endLine, e.exported])).toEqual([["default", "function", 2, 4, true]]);
    expect(r.api?.[0]?.signature).toBe("function (): { localeError: errors.$ZodErrorMap; }");
    const read = await lens.readSymbol(join(dir, "locale.d.ts"), "default");
    expect(read).toMatchObject({ found: true, startLine: 2, endLine: 4 });
    // Type parameters, a function type returning an object type; a default with a body is unchanged.
    const g = await report("generic.d.ts", "export default function <T extends Array<() => void>>(a: T): (x: number) => { y: string };\nexport declare const z: number;\n");
    expect(g.api?.map((e) => [e.name, e.kind, e.exported])).toEqual([["default", "function", true], ["z", "constant", true]]);
    expect(g.api?.[0]?.signature).toMatch(/^function <T extends Array<\(\) => void>>\(a: T\)/);
    const body = await report("body.ts", "export default function (a: string): { x: 1 } {\n  return { x: 1 };\n}\n");
    expect(body.api?.map((e) => [e.name, e.kind, e.startLine, e.endLine, e.signature])).toEqual([["default", "function", 1, 3, "function (a: string): { x: 1 }"]]);
  });

  it("module-level destructuring: one entry per bound name, exported with its declaration, readable; not in function bodies, not require()", async () => {
    for (const file of ["destructured.mts", "destructured.mjs"]) {
      const types = file.endsWith(".mts");
      const r = await report(file, [
        'const config = { host: "localhost", port: 8080, debug: false, deep: { x: 1 } };',
        "export const { host, port: renamed, deep: { x }, ...rest } = config;",
        `export let [first, , second = 3, ...others]${types ? ": number[]" : ""} = [1, 2];`,
        "const { debug } = config;",
        "var [legacy] = [0];",
        'const { join } = require("node:path");',
        "function serve() { const { inner } = config; return inner; }",
      ].join("\n"));
      const e = flat(r);
      const row = (n: string) => { const x = e.get(n); return x && [x.kind, x.startLine, x.endLine, x.exported]; };
      expect(row("host"), file).toEqual(["constant", 2, 2, true]);
      expect(row("renamed")).toEqual(["constant", 2, 2, true]);
      expect(row("x")).toEqual(["constant", 2, 2, true]);
      expect(row("rest")).toEqual(["constant", 2, 2, true]);
      expect(row("first")).toEqual(["variable", 3, 3, true]);
      expect(row("second")).toEqual(["variable", 3, 3, true]);
      expect(row("others")).toEqual(["variable", 3, 3, true]);
      expect(row("debug")).toEqual(["constant", 4, 4, false]);
      expect(row("legacy")).toEqual(["variable", 5, 5, false]);
      // Keys are not bindings; a destructured require() is an import; a function's locals are not entries.
      for (const n of ["port", "deep", "join", "inner", "serve.inner"]) expect(e.has(n), n).toBe(false);
      const read = await lens.readSymbol(join(dir, file), "second");
      expect(read).toMatchObject({ found: true, kind: "variable", startLine: 3, endLine: 3 });
      expect(read.source).toContain("export let [first, , second = 3, ...others]");
    }
  });

  it("`export = <value>` (.cts/.ts) exports what `module.exports = <value>` does: a class with its members, a function, an object's names", async () => {
    const cls = flat(await report("client.cts", "export = class Client {\n  connect(url: string): void {}\n};\n"));
    expect([...cls.keys()]).toEqual(["Client", "Client.connect"]);
    expect(cls.get("Client")).toMatchObject({ kind: "class", startLine: 1, endLine: 3, exported: true });
    expect(cls.get("Client.connect")?.exported).toBe(true);
    expect((await lens.readSymbol(join(dir, "client.cts"), "Client.connect")).found).toBe(true);
    const fn = flat(await report("connect.cts", "export = function connect(url: string): void {};\n"));
    expect(fn.get("connect")).toMatchObject({ kind: "function", exported: true });
    const anon = flat(await report("anon.cts", "export = (a: number) => {\n  const inner = 1;\n  return a + inner;\n};\n"));
    expect([...anon.keys()]).toEqual(["exports"]);
    expect(anon.get("exports")).toMatchObject({ kind: "function", startLine: 1, endLine: 4, exported: true });
    const obj = flat(await report("object.cts", [
      "function parse(text: string): unknown { return JSON.parse(text); }",
      'class Parser { run(): unknown { return parse(""); } }',
      "function helper() {}",
      "export = { parse, Parser };",
    ].join("\n")));
    expect([...obj].map(([k, e]) => [k, e.exported])).toEqual([["parse", true], ["Parser", true], ["Parser.run", true], ["helper", false]]);
    // A value that is neither a name nor a declaration: an exported constant `exports` holding what it declares.
    const call = flat(await report("call.ts", "const x = 1;\nexport = defineThing({ run() { return x; } });\n"));
    expect(call.get("exports")).toMatchObject({ kind: "constant", exported: true, signature: "export = defineThing({…})" });
    expect(call.get("exports.run")?.exported).toBe(true);
    expect(call.get("x")?.exported).toBe(false);
  });

  it("`export import Get = Api.get;` is an exported constant `Get` (top level and in a namespace); an unexported alias is no entry", async () => {
    const r = await report("alias.d.mts", "export declare namespace Api {\n    function get(url: string): Promise<unknown>;\n}\nexport import Get = Api.get;\n");
    expect(flat(r).get("Get")).toMatchObject({ kind: "constant", startLine: 4, endLine: 4, exported: true, signature: "export import Get = Api.get" });
    expect((await lens.readSymbol(join(dir, "alias.d.mts"), "Get")).source).toContain("export import Get = Api.get;");
    const ns = flat(await report("alias-ns.ts", [
      "export namespace A {",
      "  export namespace B { export const c = 1; }",
      "  export import C = B.c;",
      "  import D = B.c;",
      "}",
      "import E = A.B;",
    ].join("\n")));
    expect(ns.get("A.C")).toMatchObject({ kind: "constant", startLine: 3, exported: true });
    expect(ns.has("A.D") || ns.has("E")).toBe(false);
  });

  it("members of `declare global {…}` (and of a nested `global {…}`) are exported, as a declared module's are", async () => {
    const dts = flat(await report("globals.d.mts", "export declare const api: number;\ndeclare global {\n    interface Window { api: number }\n    function helperGlobal(): void;\n}\n"));
    expect([...dts].map(([k, e]) => [k, e.kind, e.exported])).toEqual([
      ["api", "constant", true], ["global", "module", true], ["global.Window", "interface", true], ["global.Window.api", "property", true], ["global.helperGlobal", "function", true],
    ]);
    const ts = flat(await report("globals.ts", [
      'import type { X } from "./x";',
      "declare global {",
      "  var helper: () => void;",
      "}",
      'declare module "events" {',
      "  global {",
      "    interface EventTarget { on(): void }",
      "  }",
      "}",
      "export {};",
    ].join("\n")));
    expect(ts.get("global.helper")).toMatchObject({ kind: "variable", exported: true });
    expect(ts.get("events.global.EventTarget")).toMatchObject({ kind: "interface", exported: true });
  });

  it("a callable constant with no doc of its own takes its first call signature's (effect-style overloads in a .d.ts)", async () => {
    const r = await report("dual.d.ts", [
      "export declare const merge: {",
      "  /** Merges two layers. */",
      "  <A>(that: A): A",
      "  /** Data first. */",
      "  <A>(self: A, that: A): A",
      "};",
      "/** Own doc. */",
      "export declare const other: {",
      "  /** Inner. */",
      "  (x: number): string",
      "};",
      "export declare const plain: { a: number };",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("merge")).toMatchObject({ kind: "constant", doc: "Merges two layers.", startLine: 1 });
    expect(e.get("other")?.doc).toBe("Own doc.");
    expect(e.get("plain")?.doc).toBeUndefined();
    // The range read is the constant's own (no doc above it).
    expect(await lens.readSymbol(join(dir, "dual.d.ts"), "merge")).toMatchObject({ startLine: 1, endLine: 6 });
  });

  it("a type parameter's default is no initializer: a function-typed property's head is whole (mobx's IObservableFactory)", async () => {
    const r = await report("factory.ts", [
      "export interface IObservableFactory {",
      "  array: <T = any>(initialValues?: T[], options?: CreateObservableOptions) => IObservableArray<T>",
      "  box: IObservableValueFactory",
      "}",
      "export const registry: Map<string, number> = new Map([['a', 1], ['b', 2], ['c', 3]]);",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("IObservableFactory.array")?.signature).toBe("array: <T = any>(initialValues?: T[], options?: CreateObservableOptions) => IObservableArray<T>");
    // A real long initializer is still cut after its `=`.
    expect(e.get("registry")?.signature).toBe("const registry: Map<string, number> = new Map(…)");
  });
});
