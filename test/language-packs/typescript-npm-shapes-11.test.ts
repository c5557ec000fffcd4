/** The JS/TS pack on shapes found in packages fetched from the npm registry (QA round G, session 28). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

describe("JS/TS shapes from npm packages, round 11", () => {
  it("read of an overloaded function merged with a same-named namespace or type reads the overload group with its doc and names the other declaration (@loopback/repository's `repository` decorator, @tsed/di's `Configuration`)", async () => {
    await report("greet.ts", [
      "/** Greets someone. */",
      "export function greet(name: string): string;",
      "export function greet(age: number): string;",
      "export function greet(x: unknown): string {",
      "  return String(x);",
      "}",
      "export namespace greet {",
      '  export const defaultName = "you";',
      "}",
      "",
    ].join("\n"));
    const r = await lens.readSymbol(join(dir, "greet.ts"), "greet");
    expect([r.found, r.kind, r.startLine, r.endLine]).toEqual([true, "function", 1, 6]);
    expect(r.source).toContain("greet(name: string)");
    expect(r.ambiguous).toEqual({ count: 2, kinds: ["function", "namespace"] });
    expect(r.note).toContain("the implementation with its 2 overload signatures before it");
    expect(r.note).toContain("greet@7 (namespace 7-9)");
    await report("make.d.ts", [
      "/** Creates a thing. */",
      "declare function make(a: string): number;",
      "declare function make(a: number): string;",
      "declare namespace make {",
      "  const version: string;",
      "}",
      "export = make;",
      "",
    ].join("\n"));
    const d = await lens.readSymbol(join(dir, "make.d.ts"), "make");
    expect([d.found, d.kind, d.startLine, d.endLine]).toEqual([true, "function", 1, 3]);
    expect(d.note).toContain("2 overload signatures, no implementation in this file: all of them");
    expect(d.note).toContain("make@4 (namespace 4-6)");
    // A type of the name (tsed's `export declare function Configuration(…)` ×2 + `export type Configuration`).
    await report("conf.d.ts", [
      "export declare function Configuration(a: string): ClassDecorator;",
      "export declare function Configuration(): ParameterDecorator;",
      "export type Configuration = { get(k: string): unknown };",
      "",
    ].join("\n"));
    const c = await lens.readSymbol(join(dir, "conf.d.ts"), "Configuration");
    expect([c.kind, c.startLine, c.endLine, c.ambiguous?.count]).toEqual(["function", 1, 2, 2]);
    // The namespace is still read by its kind.
    expect((await lens.readSymbol(join(dir, "greet.ts"), "greet", { kind: "namespace" })).startLine).toBe(7);
  });
  it("a binding of a function of another name handed to forwardRef/memo is that function, its head the wrapper call (tldraw's `TldrawUiSlider = React.forwardRef<…>(function Slider(…))`, gorhom's `BottomSheet = memo(forwardRef(BottomSheetComponent))`); the function's own name reads it", async () => {
    const file = "slider.tsx";
    const e = flat(await report(file, [
      'import { forwardRef, memo } from "react";',
      "interface Props { min?: number }",
      "/** A slider. */",
      "export const UiSlider = forwardRef<HTMLDivElement, Props>(function Slider({ min }, ref) {",
      "  const onChange = (e: Event) => {",
      "    return e;",
      "  };",
      "  return <div ref={ref} onChange={onChange}>{min}</div>;",
      "});",
      "export const DefaultMenuPanel = memo(function MenuPanel() {",
      "  return null;",
      "});",
      "",
    ].join("\n")));
    expect(e.get("UiSlider")).toMatchObject({
      kind: "function", startLine: 4, endLine: 9, exported: true, doc: "A slider.",
      signature: "const UiSlider = forwardRef<HTMLDivElement, Props>(function Slider({ min }, ref) …)",
    });
    expect(e.has("UiSlider.Slider")).toBe(false);
    expect(e.get("UiSlider.onChange")).toMatchObject({ kind: "function", startLine: 5 });
    expect(e.get("DefaultMenuPanel")).toMatchObject({ kind: "function", signature: "const DefaultMenuPanel = memo(function MenuPanel() …)" });
    const r = await lens.readSymbol(join(dir, file), "Slider");
    expect([r.found, r.startLine, r.endLine]).toEqual([true, 3, 9]);
  });
  it("the keys of an array's object elements are data, no members of the const holding it; their functions are callbacks (tldraw's DEFAULT_EMBED_DEFINITIONS: 36 `toEmbedUrl`/`fromEmbedUrl` methods under one name; embeds.test.ts' 59 `output` properties)", async () => {
    const file = "embeds.ts";
    const r = await report(file, [
      "interface Case { url: string; output?: { type: string } }",
      "export const CASES: Case[] = [",
      '  { url: "a", output: { type: "x" } },',
      '  { url: "b", output: { type: "y" } } as Case,',
      "];",
      "export const DEFS = [",
      "  {",
      '    type: "figma",',
      "    toEmbedUrl: (url: string) => {",
      "      return url;",
      "    },",
      "  },",
      "];",
      "export const CONFIG = { plugins: [{ name: \"p\", transform() { return 1; } }], server: { port: 1 } };",
      "// Babel's class descriptors stay the class's methods.",
      "var Logger = /*#__PURE__*/ (function () {",
      "  function Logger() {}",
      '  _createClass(Logger, [{ key: "add", value: function add(t) { return t; } }]);',
      "  return Logger;",
      "})();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.startsWith("CASES.") || k.startsWith("DEFS.") || k.startsWith("CONFIG.plugins") || k === "CONFIG.transform")).toEqual([]);
    expect(e.get("CONFIG.server")).toMatchObject({ kind: "property" });
    expect(e.get("Logger.add")).toMatchObject({ kind: "method", signature: "add(t)" });
    expect(r.callbacks.find((c) => c.startLine === 9)).toMatchObject({ name: "toEmbedUrl@9", kind: "object_property_callback", endLine: 11 });
    const read = await lens.readSymbol(join(dir, file), "toEmbedUrl@9");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 9, 11]);
    expect((await lens.readSymbol(join(dir, file), "CASES.output")).found).toBe(false);
  });
  it("a type argument list opening with a generic function type, `as TRet<<T>(n: T) => T>`, is no syntax error (noble-curves' modular.ts: 5 false regions)", async () => {
    const r = await report("modular.ts", [
      "type TRet<T> = T;",
      "export function sqrtFn(p: bigint): TRet<<T>(n: T) => T> {",
      "  return ((n: any) => n) as TRet<<T>(n: T) => T>;",
      "}",
      "export const pick = (f: unknown) => f as Map<<K extends string, V>(k: K, v: V) => V, number>;",
      "export function after(): number { return 1 << 2; }",
      "",
    ].join("\n"));
    expect(r.warnings?.filter((w) => /syntax/.test(w)) ?? []).toEqual([]);
    const e = flat(r);
    expect(e.get("sqrtFn")?.signature).toBe("function sqrtFn(p: bigint): TRet<<T>(n: T) => T>");
    expect(e.get("pick")?.kind).toBe("function");
    expect(e.get("after")).toMatchObject({ startLine: 6, endLine: 6 });
  });
});
