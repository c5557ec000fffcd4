/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 29, QA round I). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const syntaxWarnings = (w: string[] | undefined) => (w ?? []).filter((x) => /syntax error/.test(x));
const lines = (e: { startLine: number; endLine: number } | undefined) => (e ? [e.startLine, e.endLine] : undefined);

describe("JS/TS shapes from npm packages, round 15", () => {
  it("a parenthesised type opening with a type parameter named `type` — `(type extends 'a' ? … : never)`, `(type)[]` — keeps the file (viem's parseTransaction.ts had read 0 symbols)", async () => {
    const r = await report("viem.ts", [
      "export type Ret<type extends string = string> =",
      "  | (type extends 'a' ? number : never)",
      "  | (type extends 'b' ? string : never)",
      "",
      "export type List<type> = (type)[] | (type | string)",
      "export type Obj<type> = { a: (",
      "  type extends 1 ? 1 : 2) }",
      "export function after<type>(x: (type), type: string): number {",
      "  if (type) return f(type)",
      "  return (type as any)",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(lines(e.get("Ret"))).toEqual([1, 3]);
    expect(lines(e.get("List"))).toEqual([5, 5]);
    expect(lines(e.get("Obj"))).toEqual([6, 7]);
    expect(e.get("Obj.a")).toMatchObject({ kind: "property", startLine: 6, endLine: 7 });
    expect(e.get("after")).toMatchObject({ kind: "function", startLine: 8, endLine: 11, signature: "function after<type>(x: (type), type: string): number" });
    expect(e.get("Ret")?.signature).toContain("(type extends 'a' ? number : never)");
  });

  it("a class field or a method named `abstract` (a class's or an interface's) is a member, and the members after it stay (langium's type-collector types)", async () => {
    const r = await report("langium.ts", [
      "export class InterfaceType {",
      "    declared = false;",
      "    abstract = false;",
      "    properties: string[] = [];",
      "}",
      "export class Shape {",
      "    abstract(): boolean { return false; }",
      "    area(): number { return 0; }",
      "    private abstract2 = 1;",
      "}",
      "export interface Node {",
      "    abstract(): boolean;",
      "    abstract?<T>(x: T): T;",
      "    name(): string;",
      "}",
      "export abstract class Base {",
      "    abstract",
      "    run(): void;",
      "    abstract stop(): void;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(e.get("InterfaceType.abstract")).toMatchObject({ kind: "property", startLine: 3, signature: "abstract = false" });
    expect(e.get("InterfaceType.properties")).toMatchObject({ kind: "property", startLine: 4 });
    expect(lines(e.get("Shape"))).toEqual([6, 10]);
    expect(e.get("Shape.abstract")).toMatchObject({ kind: "method", startLine: 7, signature: "abstract(): boolean" });
    expect(e.get("Shape.area")).toMatchObject({ kind: "method", startLine: 8 });
    expect(lines(e.get("Node"))).toEqual([11, 15]);
    expect(e.get("Node.abstract")).toMatchObject({ kind: "method", startLine: 12 });
    expect(e.get("Node.name")).toMatchObject({ kind: "method", startLine: 14 });
    // The modifier on its own line stays the modifier: `run` is an abstract method.
    expect(e.get("Base.run")).toMatchObject({ kind: "method", startLine: 17, endLine: 18 });
    expect(e.get("Base.stop")).toMatchObject({ kind: "method", startLine: 19 });
    const read = await lens.readSymbol(join(dir, "langium.ts"), "Shape.abstract");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 7, 7]);
  });

  it("an anonymous `export default abstract class {…}` is the class `default` with its members, and the file after it stays", async () => {
    const r = await report("default-abstract.ts", [
      "/** The base runner. */",
      "export default abstract class {",
      "  abstract run(): void;",
      "  stop(): void {}",
      "}",
      "export function after(): void {}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(e.get("default")).toMatchObject({ kind: "class", startLine: 2, endLine: 5, exported: true, doc: "The base runner." });
    // (The head is the class's, as an anonymous default class's is: `class`.)
    expect(e.get("default")?.signature).toBe("class");
    expect(e.get("default.run")).toMatchObject({ kind: "method", startLine: 3 });
    expect(e.get("default.stop")).toMatchObject({ kind: "method", startLine: 4 });
    expect(e.get("after")).toMatchObject({ kind: "function", startLine: 6, exported: true });
  });

  it("a constructor parameter property named `as` or `satisfies` is a property of the class, with no syntax warning, and the class's members after it stay", async () => {
    const r = await report("param-as.ts", [
      "export class C {",
      "  constructor(private as: number, public satisfies: string, readonly x = 1) {}",
      "  after = 2;",
      "}",
      "export class D {",
      "  constructor(",
      "    protected readonly as?: string,",
      "  ) {}",
      "  m(): void {}",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(lines(e.get("C"))).toEqual([1, 4]);
    expect(e.get("C.constructor")).toMatchObject({ kind: "constructor", startLine: 2 });
    expect(e.get("C.as")).toMatchObject({ kind: "property", startLine: 2, signature: "private as: number" });
    expect(e.get("C.satisfies")).toMatchObject({ kind: "property", startLine: 2, signature: "public satisfies: string" });
    expect(e.get("C.after")).toMatchObject({ kind: "property", startLine: 3 });
    expect(e.get("D.as")).toMatchObject({ kind: "property", startLine: 7, signature: "protected readonly as?: string" });
    expect(e.get("D.m")).toMatchObject({ kind: "method", startLine: 9 });
  });

  it("a regular expression opening with `<!--` or `-->` is no HTML comment in .ts and .tsx: the constants after it stay, each one line (react-native-svg's xml.tsx)", async () => {
    const src = [
      "const validNameCharacters = /[a-z]/;",
      "const commentStart = /<!--/;",
      "const whitespace = /[\\s]/;",
      "const commentEnd = /-->/;",
      "const quotemarks = /['\"]/;",
      "export const strip = (s: string) => s.replace(/<!--[\\s\\S]*?-->/g, '');",
      "export const after = 1;",
      "",
    ].join("\n");
    for (const file of ["xml.ts", "xml.tsx"]) {
      const r = await report(file, src);
      const e = flat(r);
      expect(syntaxWarnings(r.warnings), file).toEqual([]);
      for (const [name, line] of [["validNameCharacters", 1], ["commentStart", 2], ["whitespace", 3], ["commentEnd", 4], ["quotemarks", 5], ["strip", 6], ["after", 7]] as const)
        expect(lines(e.get(name)), `${file} ${name}`).toEqual([line, line]);
      expect(e.get("commentEnd")?.signature, file).toBe("const commentEnd = /-->/");
    }
  });

  it("enum members with a quoted name and no value (`'level0',`) are the enum's constants, named by their value (react-native-paper's ElevationLevels)", async () => {
    const r = await report("enums.ts", [
      "export enum ElevationLevels {",
      "  'level0',",
      "  'level1',",
      '  "level2",',
      "}",
      "export enum Mixed {",
      "  A,",
      "  'b-c',",
      '  "d" = 3,',
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("ElevationLevels")?.members?.map((m) => [m.name, m.kind, m.startLine, m.exported])).toEqual([
      ["level0", "constant", 2, true],
      ["level1", "constant", 3, true],
      ["level2", "constant", 4, true],
    ]);
    expect(e.get("Mixed")?.members?.map((m) => m.name)).toEqual(["A", "b-c", "d"]);
    const read = await lens.readSymbol(join(dir, "enums.ts"), "ElevationLevels.level1");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 3, 3]);
  });

  it("a doc comment that is only a custom underscore tag (ethers' `@_ignore:`, `@_docloc: …`) is no doc; prose before or after one is", async () => {
    const r = await report("ethers.ts", [
      "export class Result {",
      "  /**",
      "   *  @_ignore:",
      "   */",
      "  slice(): void {}",
      "  /**",
      "   *  @_docloc: api/providers/abstract-provider",
      "   */",
      "  filter(): void {}",
      "  /**",
      "   *  @_subsection: api/abi:Fragments  [about-fragments]",
      "   *",
      "   *  A fragment is a single item from an ABI",
      "   */",
      "  map(): void {}",
      "  /**",
      "   *  Returns the keys",
      "   *",
      "   *  @_docloc: api/abi",
      "   */",
      "  keys(): void {}",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Result.slice")).toBeDefined();
    expect(e.get("Result.slice")?.doc).toBeUndefined();
    expect(e.get("Result.filter")?.doc).toBeUndefined();
    expect(e.get("Result.map")?.doc).toBe("A fragment is a single item from an ABI");
    expect(e.get("Result.keys")?.doc).toBe("Returns the keys");
  });

  it("HTML markup taken out of a doc leaves no space before the punctuation after it (`If set to <code>true</code>, the user …`, google.maps)", async () => {
    const r = await report("maps.d.ts", [
      "export interface Circle {",
      "  /**",
      "   * If set to <code>true</code>, the user can drag this circle over the map.",
      "   */",
      "  setDraggable(draggable: boolean): void;",
      "  /** Opens <b>it</b>.<p>More text.</p> */",
      "  open(): void;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Circle.setDraggable")?.doc).toBe("If set to true, the user can drag this circle over the map.");
    expect(e.get("Circle.open")?.doc).toBe("Opens it.");
  });

  it("a backslash-escaped `\\<` / `\\>` / `\\@` in a doc is that character as text, and no tag (grammY's `\\<b\\>bold\\</b\\>`)", async () => {
    const r = await report("fmt.ts", [
      "/**",
      " * Sends a message with \\<b\\>bold\\</b\\> text.",
      " */",
      "export function bold(s: string): string { return s; }",
      "/** \\<pre\\> blocks keep whitespace; mention \\@user, not `\\<raw\\>`. */",
      "export function pre(s: string): string { return s; }",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("bold")?.doc).toBe("Sends a message with <b>bold</b> text.");
    expect(e.get("pre")?.doc).toBe("<pre> blocks keep whitespace; mention @user, not `\\<raw\\>`.");
  });

  it("AssemblyScript's decorators on functions and variables (`@inline @lazy const`, `@inline` / `export function`) raise no syntax warning; class decorators are still decorators", async () => {
    const r = await report("std.ts", [
      "// @ts-ignore: decorator",
      "@inline @lazy const MIN_SIZE: usize = 8;",
      "",
      "// @ts-ignore: decorator",
      "@inline",
      "export function add(a: i32, b: i32): i32 { return a + b; }",
      '@operator("+")',
      "function plus(a: i32): i32 { return a; }",
      "@unmanaged",
      "export class Block {",
      "  @inline get size(): i32 { return 1; }",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(e.get("MIN_SIZE")).toMatchObject({ kind: "constant", startLine: 2, endLine: 2 });
    // (Decorators before `export` parse: the function's, its lines from theirs, as a class's are.)
    expect(e.get("add")).toMatchObject({ kind: "function", startLine: 5, endLine: 6, exported: true, signature: "function add(a: i32, b: i32): i32", decorators: ["@inline"] });
    expect(e.get("plus")).toMatchObject({ kind: "function", startLine: 8, endLine: 8 });
    expect(e.get("Block")).toMatchObject({ kind: "class", startLine: 9, endLine: 12, decorators: ["@unmanaged"] });
    expect(e.get("Block.size")?.decorators).toEqual(["@inline"]);
  });
});
