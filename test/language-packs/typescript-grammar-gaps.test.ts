/**
 * TypeScript the bundled grammar predates or misreads, where one ERROR swallowed the rest of the file
 * (effect, redux toolkit, OpenAPI shapes): the pack's masks and second reading (sfc.ts).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();
const syntaxErrors = (r: { warnings?: string[] }) => (r.warnings ?? []).filter((w) => /syntax error/.test(w));

describe("grammar gaps", () => {
  it("variance annotations and const type parameters (TS 4.7 / 5.0): no syntax error, every later declaration listed, heads verbatim", async () => {
    const r = await report("variance.ts", [
      "export interface Handle<out A = unknown, in out E = never> {",
      "  readonly value: A",
      "}",
      "export interface Modules<",
      "  // eslint-disable-next-line @typescript-eslint/no-unused-vars",
      "  in out Q extends string,",
      "> {}",
      "export function tag<const T extends readonly string[]>(xs: T): T { return xs }",
      "export function later(): void {}",
      "const in2 = 1, out2 = 2;",
      "const x = 5;",
      "for (const k in {}) {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("Handle")?.signature).toBe("interface Handle<out A = unknown, in out E = never>");
    expect(e.get("tag")?.signature).toBe("function tag<const T extends readonly string[]>(xs: T): T");
    expect(e.get("Modules")).toMatchObject({ kind: "interface", exported: true, startLine: 4, endLine: 7 });
    expect(e.get("later")).toMatchObject({ kind: "function", exported: true, startLine: 9 });
    // `const x = 5` is a declaration, not a const type parameter.
    expect(e.get("x")).toMatchObject({ kind: "constant", startLine: 11 });
  });

  it("variance annotations after a block comment (zod, arktype, apollo) and after `const` (elysia): no syntax error, heads verbatim", async () => {
    const r = await report("variance2.ts", [
      "export interface $ZodObjectInternals<",
      "  /** @ts-ignore Cast variance */",
      "  out Shape extends object = object,",
      "  /* second */ out Config = {},",
      "> {",
      "  shape: Shape",
      "}",
      "export declare class Elysia<const in out BasePath extends string = '', const in out S = {}> {",
      "  get(path: BasePath): this",
      "}",
      "export function after(): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("$ZodObjectInternals")).toMatchObject({ kind: "interface", startLine: 1, endLine: 7 });
    expect(e.get("$ZodObjectInternals.shape")?.startLine).toBe(6);
    expect(e.get("Elysia")?.signature).toBe("class Elysia<const in out BasePath extends string = '', const in out S = {}>");
    expect(e.get("Elysia.get")).toMatchObject({ kind: "method", startLine: 9 });
    expect(e.get("after")).toMatchObject({ kind: "function", startLine: 11 });
  });

  it("overloaded call signatures on their own lines after a type (effect's dual APIs), doc comments between: each a `()` member, the rest of the file kept", async () => {
    const r = await report("dual.ts", [
      "export const get: {",
      "  /** Data last. */",
      "  <K extends string>(key: K): <A>(self: Record<K, A>) => A",
      "  /**",
      "   * Data first, with a `// comment` inside.",
      "   */",
      "  <K extends string, A>(self: Record<K, A>, key: K): A",
      "  // the curried one",
      "  <",
      "    const K extends string",
      "  >(key: K, fallback: number): number",
      "} = null as any",
      "",
      "export interface Creator<C> {",
      "  create(): C",
      "  <R>(x: R): R",
      "}",
      "",
      "export function after(): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("after")).toMatchObject({ kind: "function", exported: true, startLine: 19 });
    expect(e.get("Creator.create")?.kind).toBe("method");
    expect(e.get("Creator.()")).toMatchObject({ startLine: 16, signature: "<R>(x: R): R" });
  });

  it("a property named `in` or `instanceof` after a type ends the member, as TypeScript reads it", async () => {
    const r = await report("openapi.ts", [
      "export interface Parameter {",
      "  name: string",
      '  in: "query" | "header"',
      "  instanceof?: string",
      "  schema: object",
      "}",
      "export function after(): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect([...flat(r).keys()].filter((k) => k.startsWith("Parameter."))).toEqual(["Parameter.name", "Parameter.in", "Parameter.instanceof", "Parameter.schema"]);
    expect(flat(r).get("after")?.startLine).toBe(7);
  });

  it("import types tsc writes into .d.ts annotations (type arguments, unions, intersections after them): no syntax error, the file kept, their modules imports", async () => {
    // date-fns' fp/*.d.ts, better-auth's api/index.d.mts (4,000 lines lost), lexical's nodes.
    const r = await report("types/emitted.d.ts", [
      'export declare const interval: import("./types.ts").FPFn2<',
      '  import("../fp.ts").DateArg<Date>,',
      '  import("../interval.ts").IntervalOptions<Date> | undefined',
      ">;",
      'export declare function renderPending(route?: Route): import("react/jsx-runtime").JSX.Element | null;',
      "export declare class TabNode {",
      '  $config(): import("../index.js").BaseStaticNodeConfig & {',
      "    readonly text?: string;",
      "  };",
      "  isToken(): boolean;",
      "}",
      'export declare const later: typeof import("fs").promises;',
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("interval")).toMatchObject({ startLine: 1, endLine: 4 });
    expect(e.get("renderPending")).toMatchObject({ kind: "function", startLine: 5, signature: 'function renderPending(route?: Route): import("react/jsx-runtime").JSX.Element | null' });
    expect(e.get("TabNode.$config")).toMatchObject({ kind: "method", startLine: 7, endLine: 9 });
    expect(e.get("TabNode.isToken")).toMatchObject({ kind: "method", startLine: 10 });
    expect(e.get("later")?.startLine).toBe(12);
    expect(r.imports?.external.sort()).toEqual(["fs", "react/jsx-runtime"]);
    expect(r.imports?.internal.length).toBe(4);
  });

  it("left alone: a dynamic import with a call after it stays a call; its module an import", async () => {
    const r = await report("lazy.ts", [
      'export const load = () => import("./a.js").then((m) => m.default);',
      'export const pick = import("./b.js").x.then((m) => m);',
      "export function after(): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(flat(r).get("after")?.startLine).toBe(3);
    expect(r.imports?.internal.length).toBe(2);
  });

  it("a parameter named `await` (quickjs-emscripten's asyncify helpers): no syntax error, the declaration kept; `await` expressions untouched", async () => {
    const r = await report("await-param.d.ts", [
      "export type AwaitYield = { of: number };",
      "export declare function maybeAsync<Return, This, Yielded>(that: This, startGenerator: (this: This, await: AwaitYield) => Generator<Yielded | Promise<Yielded>, Return, Yielded>): Return | Promise<Return>;",
      "export declare function next(): void;",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(r.api?.map((e) => e.name)).toEqual(["AwaitYield", "maybeAsync", "next"]);
    expect(r.api?.[1]?.signature).toContain("(this: This, await: AwaitYield) =>");
    const body = await report("await-body.ts", "export async function f(cb: (await?: number) => void, x: boolean) {\n  const y = x ? await g() : await h();\n  return { await: y };\n}\n");
    expect(syntaxErrors(body)).toEqual([]);
    expect(body.api?.map((e) => [e.name, e.endLine])).toEqual([["f", 4]]);
  });

  it("a parameter, argument or value named `using` (drizzle, kysely, @angular/core): no syntax error, members kept; a `using` declaration left alone", async () => {
    const r = await report("using.ts", [
      "export declare class MySqlIndexBuilderOn {",
      "  using(using: IndexConfig['using']): this;",
      "  cloneWithTables(node: UsingNode, using: ReadonlyArray<Node>): Readonly<UsingNode>;",
      "  after(): void;",
      "}",
      "export function wrap(using: boolean) {",
      "  const o = { using, other: f(using) };",
      "  using res = open(o);",
      "  return res;",
      "}",
      "export function later(): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("MySqlIndexBuilderOn.using")).toMatchObject({ kind: "method", startLine: 2, signature: "using(using: IndexConfig['using']): this" });
    expect(e.get("MySqlIndexBuilderOn.after")?.startLine).toBe(4);
    expect(e.get("wrap")).toMatchObject({ kind: "function", startLine: 6, endLine: 10, signature: "function wrap(using: boolean)" });
    expect(e.get("later")?.startLine).toBe(11);
  });

  it("`typeof undefined` in parentheses (lexical's classNames.ts, the whole file lost): no syntax error", async () => {
    const r = await report("classNames.ts", [
      "/** Splits class names. */",
      "export function normalizeClassNames(",
      "  ...classNames: (typeof undefined | boolean | null | string)[]",
      "): string[] {",
      "  return typeof undefined === 'undefined' ? [] : []",
      "}",
      "export function addClassNames(el: HTMLElement): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(r.api?.map((a) => [a.name, a.startLine, a.endLine])).toEqual([["normalizeClassNames", 2, 6], ["addClassNames", 7, 7]]);
    expect(flat(r).get("normalizeClassNames")?.signature).toContain("(typeof undefined | boolean | null | string)[]");
  });

  it("a member named `abstract` (@mikro-orm/core's entity options): listed, no syntax error", async () => {
    const r = await report("entity.d.ts", [
      "export interface EntityOptions<T> {",
      "  tableName?: string;",
      "  abstract?: boolean;",
      "  readonly: boolean;",
      "}",
      "export declare abstract class Base {",
      "  abstract: boolean;",
      "  abstract run(): void;",
      "}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.startsWith("EntityOptions."))).toEqual(["EntityOptions.tableName", "EntityOptions.abstract", "EntityOptions.readonly"]);
    expect(e.get("Base.abstract")?.startLine).toBe(7);
    expect(e.get("Base.run")).toMatchObject({ kind: "method", startLine: 8 });
  });

  it("a namespace named like a predefined type or `type` (arktype's `string.submodule`, `(type.infer<a> extends …)`): no syntax error, the file kept", async () => {
    const r = await report("keywords.d.ts", [
      "export declare namespace type {",
      "  type infer<d> = d;",
      "}",
      "interface wrapped {",
      "  string: string.submodule;",
      "  number: number.submodule;",
      "  unknown: unknown.submodule;",
      "}",
      "export type NaryMergeParser = {",
      "  <const defs extends readonly unknown[]>(...defs: {",
      "    [i in keyof defs]: V<defs[i]> & (type.infer<defs[i]> extends object ? unknown : never);",
      "  }): string;",
      "};",
      "export declare const ark: wrapped;",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.startsWith("wrapped."))).toEqual(["wrapped.string", "wrapped.number", "wrapped.unknown"]);
    expect(e.get("wrapped.string")?.signature).toBe("string: string.submodule");
    expect(e.get("NaryMergeParser")).toMatchObject({ startLine: 9, endLine: 13 });
    expect(e.get("ark")?.startLine).toBe(14);
  });

  it("a value exported under the name `type` (@orpc/contract's bundle, io-ts): the export listed, no syntax error", async () => {
    const r = await report("bundle.ts", [
      "declare function type<T>(): T;",
      "declare function other(): void;",
      "export { other as C, type as D };",
      "export {",
      "  /** @deprecated */",
      "  type as interface",
      "}",
      "export function after(): void {}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    // Listed by their local names, as any `export { a as b }`.
    expect(r.api?.map((a) => a.name).sort()).toEqual(["after", "other", "type"]);
  });

  it("tsc's `({ behavior }?: Options) => void` (an optional destructured parameter; @tanstack/virtual-core, @reduxjs/toolkit): no syntax error, heads verbatim", async () => {
    const r = await report("virtualizer.d.ts", [
      "export declare class Virtualizer {",
      "  scrollToEnd: ({ behavior }?: ScrollToEndOptions) => void;",
      "  measure(): void;",
      "}",
      "export declare function build({ createSelector }?: BuildOptions): Api;",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("Virtualizer.scrollToEnd")?.startLine).toBe(2);
    expect(e.get("Virtualizer.measure")).toMatchObject({ kind: "method", startLine: 3 });
    expect(e.get("build")).toMatchObject({ kind: "function", startLine: 5, signature: "function build({ createSelector }?: BuildOptions): Api" });
  });

  it("left alone: a generic arrow function continuing an expression, a comparison across lines", async () => {
    const src = [
      "export const id =",
      "  <T>(x: T): T => x",
      "export const pick = compose(",
      "  <T>(x: T) => x,",
      "  <U>(y: U) => y)",
      "export function lt(a: number, b: number): boolean {",
      "  return a",
      "    <b",
      "}",
      "",
    ].join("\n");
    const r = await report("arrows.ts", src);
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("id")).toMatchObject({ kind: "function", startLine: 1, endLine: 2 });
    expect(e.get("lt")).toMatchObject({ kind: "function", startLine: 6, endLine: 9 });
  });

  it("an escape in a template literal type (the grammar has none): read with the escapes on the error's lines masked, nothing lost, nothing said", async () => {
    // effect/src/schema/VariantSchema.ts's shape: the ERROR covered the whole file. (It had needed the
    // second reading, sfc.ts maskEscapes, with its warning; the local repair masks every escape on an
    // error region's lines now, repairs.ts, and the second reading stays for what that cannot mend.)
    const r = await report("variant.ts", [
      "/** Variant schemas. */",
      'import * as S from "./S.ts"',
      "",
      'type MissingSelf<P extends string = ""> =',
      "  `Missing \\`Self\\` generic - use \\`class Self extends Class<Self>()(${P}{ ... })\\``",
      "",
      "/** Makes one. */",
      "export const make = <A>(a: A): A => a",
      "",
      "export interface Variant<A> {",
      "  readonly a: A",
      "}",
      "",
      'export function union(sep = "\\n", ...xs: Array<number>): number {',
      "  return xs.length",
      "}",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(r.warnings?.some((w) => /^read a second time/.test(w))).toBe(false);
    expect(r.api?.map((a) => [a.name, a.kind, a.startLine, a.doc])).toEqual([
      ["make", "function", 8, "Makes one."],
      ["Variant", "interface", 10, undefined],
      ["union", "function", 14, undefined],
    ]);
    // Heads and reads are the real source, escapes and all.
    expect(flat(r).get("union")?.signature).toBe('function union(sep = "\\n", ...xs: Array<number>): number');
    expect((await lens.readSymbol(join(dir, "variant.ts"), "MissingSelf")).source).toContain("`Missing \\`Self\\`");
  });

  it("a decorator call with type arguments and `abstract override` fields (tldraw): the member decorated is listed, not its argument's function", async () => {
    const r = await report("editor.ts", [
      "export class Editor {",
      "  @computed<ReadonlySharedStyleMap>({ isEqual: (a, b) => a.equals(b) })",
      "  getSharedStyles(): ReadonlySharedStyleMap { return this.styles }",
      "  @action.bound<string, Map<string, number>>()",
      "  other() {}",
      "}",
      "export abstract class BaseBoxShapeTool extends StateNode {",
      "  abstract override shapeType: TLBaseBoxShape['type']",
      "  onCreate?(_shape: TLShape | null): void | null",
      "}",
      "const lt = a < b && c > (d);",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.startsWith("Editor."))).toEqual(["Editor.getSharedStyles", "Editor.other"]);
    expect(e.get("Editor.getSharedStyles")).toMatchObject({ startLine: 2, endLine: 3, decorators: ["@computed<ReadonlySharedStyleMap>({ isEqual: (a, b) => a.equals(b) })"] });
    expect(e.get("BaseBoxShapeTool.shapeType")).toMatchObject({ kind: "property", startLine: 8, signature: "abstract override shapeType: TLBaseBoxShape['type']" });
    expect(e.get("BaseBoxShapeTool.onCreate")?.signature).toBe("onCreate?(_shape: TLShape | null): void | null");
  });

  it("a bare `&` in JSX text or an attribute string (valid JSX the grammars read as ERROR): no syntax error, the elements after it kept; a real error still said", async () => {
    const tsx = [
      "import React, { useState } from \"react\";",
      "type Props = { id: string } & { flags: number };",
      "/** A link with a query string. */",
      "export function Link({ id, flags }: Props) {",
      "  const [n, setN] = useState(0);",
      "  return (",
      "    <div className=\"x\" onClick={() => { setN(n & flags); }}>",
      "      <a href=\"/search?a=1&b=2\" title='Tom & Jerry'>Tom & Jerry</a>",
      "      <p>R&D &amp; more &copy; &#169; 2024 & co {flags & 1 ? \"odd\" : \"even\"}</p>",
      "      {n > 0 && <span>AT&T</span>}",
      "    </div>",
      "  );",
      "}",
      "export const Other = () => <span title=\"a & b\">x</span>;",
      "function helper(a: number): number {",
      "  return a & 1;",
      "}",
      "",
    ].join("\n");
    const r = await report("link.tsx", tsx);
    expect(syntaxErrors(r)).toEqual([]);
    const e = flat(r);
    expect(e.get("Link")).toMatchObject({ kind: "function", exported: true, startLine: 4, endLine: 13, signature: "function Link({ id, flags }: Props)" });
    expect(e.get("Other")).toMatchObject({ kind: "function", exported: true, startLine: 14, endLine: 14 });
    expect(e.get("helper")).toMatchObject({ startLine: 15, endLine: 17, signature: "function helper(a: number): number" });
    expect(e.get("Props")?.signature).toBe("type Props = { id: string } & { flags: number }");
    expect(r.callbacks.map((c) => [c.name, c.startLine])).toEqual([["div.onClick@7", 7]]);
    // Reads are the real source.
    expect((await lens.readSymbol(join(dir, "link.tsx"), "Link")).source).toContain("Tom & Jerry</a>");
    // JSX in a .jsx file (the JavaScript grammar has the same gap).
    const js = await report("link.jsx", ["export function A() {", "  return <a href=\"/s?a=1&b=2\">Tom & Jerry</a>;", "}", "export function bits(a, b) {", "  return a & b;", "}", ""].join("\n"));
    expect(syntaxErrors(js)).toEqual([]);
    expect([...flat(js).values()].map((x) => [x.name, x.startLine, x.endLine])).toEqual([["A", 1, 3], ["bits", 4, 6]]);
    // A real syntax error beside a bare `&` is still reported.
    const bad = await report("bad.tsx", ["export const A = () => <p>Tom & Jerry</p>;", "export function broken( {", "  return 1;", "}", "export const B = 2;", ""].join("\n"));
    expect(syntaxErrors(bad)).toHaveLength(1);
    expect(flat(bad).get("A")).toMatchObject({ startLine: 1, endLine: 1 });
  });

  it("`let as` (tiptap), a one-name destructured parameter split over lines in a function type (@mui), an escape in a short template literal type: no syntax error, nothing said", async () => {
    const r = await report("gaps2.ts", [
      "export function render(this: { inline: boolean }) {",
      "  let as = this.inline ? 'span' : 'div'",
      "  let assets = 1, as2 = as",
      "  as = 'p'",
      "  return as + assets + as2",
      "}",
      "export type SlotProps = ({",
      "  ownerState",
      "}: { ownerState: number }) => void;",
      "export type Line = `a\\n${string}`;",
      "const o = ({",
      "  k",
      "});",
      "export function later(): void {}",
      "",
    ].join("\n"));
    expect(r.warnings?.filter((w) => /syntax error|read a second time/.test(w))).toEqual([]);
    const e = flat(r);
    expect(e.get("SlotProps")).toMatchObject({ kind: "type", startLine: 7, endLine: 9, signature: "type SlotProps = ({ ownerState }: { ownerState: number }) => void" });
    expect(e.get("Line")?.signature).toBe("type Line = `a\\n${string}`");
    expect(e.get("later")).toMatchObject({ startLine: 14, exported: true });
    expect(e.get("o")).toMatchObject({ kind: "constant", startLine: 11, endLine: 13 });
    expect((await lens.readSymbol(join(dir, "gaps2.ts"), "render")).source).toContain("  let as = this.inline ? 'span' : 'div'\n");
  });

  it("`using` / `await using` in a for-of head (TS 5.2; puppeteer's Frame.ts lost its class), and JavaScript's `using` declarations: no syntax error, the class and what follows listed", async () => {
    const lines = (js: boolean) => [
      "export class Frame {",
      `  async run(handles${js ? "" : ": Disposable[]"}) {`,
      "    for (using h of handles) {",
      "      h.touch();",
      "    }",
      "    for await (using c of this.conns()) {}",
      "    for (await using r of handles) {}",
      "    using res = this.open();",
      "    await using conn = await this.connect();",
      "    const using = 1;",
      "    return using;",
      "  }",
      "}",
      "export function later() {}",
      "",
    ].join("\n");
    for (const name of ["frame.ts", "frame.js"]) {
      const r = await report(name, lines(name.endsWith(".js")));
      expect(syntaxErrors(r), name).toEqual([]);
      const e = flat(r);
      expect(e.get("Frame"), name).toMatchObject({ kind: "class", startLine: 1, endLine: 13, exported: true });
      expect(e.get("Frame.run"), name).toMatchObject({ kind: "method", startLine: 2, endLine: 12 });
      expect(e.get("later"), name).toMatchObject({ startLine: 14, exported: true });
      expect((await lens.readSymbol(join(dir, name), "Frame.run")).source, name).toContain("    for (await using r of handles) {}\n");
    }
  });

  it("a function type's one untyped parameter named by a type keyword, `(any) => void` (mobx's typings), is no syntax error", async () => {
    const r = await report("keyword-param.ts", "export type F1 = (unknown) => void\nexport declare const H: { inject: (any) => void }\nexport function ok(): void {}\n");
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect(flat(r).get("H.inject")?.signature).toBe("inject: (any) => void");
  });
});
