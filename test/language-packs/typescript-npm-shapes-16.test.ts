/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 30, QA round K). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const syntaxWarnings = (w: string[] | undefined) => (w ?? []).filter((x) => /syntax error/.test(x));
const lines = (e: { startLine: number; endLine: number } | undefined) => (e ? [e.startLine, e.endLine] : undefined);
const pick = (e: { kind: string; startLine: number; endLine: number; exported: boolean } | undefined) => (e ? [e.kind, e.startLine, e.endLine, e.exported] : undefined);

describe("JS/TS shapes from npm packages, round 16", () => {
  it("a Svelte 5 component's `$props()` bindings are its props, exported as Svelte 4's `export let` props are (bits-ui: 224 of 238 components had read \"0 exported\")", async () => {
    const r = await report("Button.svelte", [
      '<script lang="ts">',
      "  import type { Snippet } from 'svelte';",
      "  let {",
      "    title,",
      "    count = 0,",
      "    value = $bindable(),",
      "    class: className = '',",
      "    ...restProps",
      "  }: { title: string; count?: number; value?: string; class?: string } = $props();",
      '  export let legacy: string = "";',
      "  const uid = $props.id();",
      "  let local = $state(0);",
      "</script>",
      "",
      "<h1 id={uid} class={className}>{title} {count} {legacy} {local}</h1>",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    for (const name of ["title", "count", "value", "className"]) expect(pick(e.get(name)), name).toEqual(["variable", 3, 9, true]);
    expect(e.get("title")?.signature).toBe("let { title, count = 0, value = $bindable(), class: className = '', ...restProps }: { title: string; count?: number; value?: string; class?: string } = $props()");
    expect(pick(e.get("legacy"))).toEqual(["variable", 10, 10, true]);
    // Not props: the rest of them (no name a parent passes), `$props.id()` (an id), state.
    expect(pick(e.get("restProps"))).toEqual(["variable", 3, 9, false]);
    expect(pick(e.get("uid"))).toEqual(["constant", 11, 11, false]);
    expect(pick(e.get("local"))).toEqual(["variable", 12, 12, false]);

    const whole = await report("Whole.svelte", ['<script>', "  let props = $props();", "  const { a, b: [c] } = $props();", "  let other = props;", "</script>", ""].join("\n"));
    const w = flat(whole);
    expect(pick(w.get("props"))).toEqual(["variable", 2, 2, true]);
    expect(pick(w.get("a"))).toEqual(["constant", 3, 3, true]);
    expect(pick(w.get("c"))).toEqual(["constant", 3, 3, true]);
    expect(pick(w.get("other"))).toEqual(["variable", 4, 4, false]);
    // (In a TypeScript file `$props()` is only a call.)
    const ts = flat(await report("not-svelte.ts", "let { title } = $props();\n"));
    expect(pick(ts.get("title"))).toEqual(["variable", 1, 1, false]);
  });

  it("`f<typeof import(\"x\")>()` — an empty call with a `typeof import()` type argument (vitest's `importOriginal<typeof import(\"./p\")>()`) — parses, and the file after it stays", async () => {
    const r = await report("store.test.ts", [
      'g(() => f<typeof import("x")>());',
      "",
      "export function after(a: number): number {",
      "  return a;",
      "}",
      "export class Store {",
      "  get(id: string) { return id; }",
      "}",
      'vi.mock("./p", async (importOriginal) => ({',
      '  ...(await importOriginal<typeof import("./p")>()),',
      "  load: vi.fn(),",
      "}));",
      "export const last = 1;",
      'export type Mod = typeof import("./q");',
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(e.get("after")).toMatchObject({ kind: "function", startLine: 3, endLine: 5, exported: true, signature: "function after(a: number): number" });
    expect(pick(e.get("Store"))).toEqual(["class", 6, 8, true]);
    expect(pick(e.get("Store.get"))).toEqual(["method", 7, 7, true]);
    expect(pick(e.get("last"))).toEqual(["constant", 13, 13, true]);
    expect(e.get("Mod")?.signature).toBe('type Mod = typeof import("./q")');
    // The imports it names are still read.
    expect(r.imports.external).toEqual(["x"]);
    expect(r.imports.internal).toEqual(["./p", "./q"]);
  });

  it("a function in a cast (`as Fn`, `satisfies Fn`) is a function, a class field holding one a method, a named one returned by an arrow listed; a parenthesized one's head shows the cast", async () => {
    const r = await report("cast.ts", [
      "type Fn = (x: number) => number",
      "export const f = ((x: number) => x) as Fn",
      "export const g = function named(x: number) { return x } as Fn",
      "export const k = ((x: number) => x) satisfies Fn",
      "export class C {",
      "  h = ((x: number) => x) as Fn",
      "  j = (x: number) => x",
      "  b = ((x: number) => { return x }) as unknown as Fn",
      "}",
      "export const r = (n: number) =>",
      "  function inner(x: number) { return x + n } as Fn",
      "export const m = memo((x: number) => x) as Fn",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("f")).toMatchObject({ kind: "function", startLine: 2, endLine: 2, signature: "const f = ((x: number) …) as Fn" });
    expect(e.get("g")).toMatchObject({ kind: "function", startLine: 3, endLine: 3, signature: "const g = function named(x: number)" });
    expect(e.get("g.named")).toBeUndefined();
    expect(e.get("k")).toMatchObject({ kind: "function", startLine: 4, endLine: 4, signature: "const k = ((x: number) …) satisfies Fn" });
    expect(e.get("C.h")).toMatchObject({ kind: "method", startLine: 6, endLine: 6, signature: "h = ((x: number) …) as Fn" });
    expect(e.get("C.j")).toMatchObject({ kind: "method", startLine: 7, endLine: 7, signature: "j = (x: number)" });
    expect(e.get("C.b")).toMatchObject({ kind: "method", startLine: 8, endLine: 8, signature: "b = ((x: number) …) as unknown as Fn" });
    expect(e.get("r")).toMatchObject({ kind: "function", startLine: 10, endLine: 11 });
    expect(e.get("r.inner")).toMatchObject({ kind: "function", startLine: 11, endLine: 11, signature: "function inner(x: number)" });
    // (A wrapper's call under the cast keeps the wrapper's head.)
    expect(e.get("m")).toMatchObject({ kind: "function", signature: "const m = memo((x: number) …)" });
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
  });

  it("an object literal's functions under numeric keys are its members, as under quoted ones (effect's `regexGroups`)", async () => {
    const r = await report("keys.ts", [
      "export const handlers = {",
      "  1: (x: number) => x + 1,",
      "  2: function (x: number) { return x * 2 },",
      '  "3": (x: number) => x,',
      "  a: (x: number) => x,",
      "  0x10: (x: number) => x,",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("handlers")?.members?.map((m) => [m.name, m.kind, m.startLine, m.exported])).toEqual([
      ["1", "method", 2, true],
      ["2", "method", 3, true],
      ["3", "method", 4, true],
      ["a", "method", 5, true],
      ["0x10", "method", 6, true],
    ]);
    expect(e.get("handlers.1")?.signature).toBe("1: (x: number)");
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
  });

  it("a JSDoc whose prose first sentence opens with a one-letter word (`A simple but fast …`) keeps it as the doc above a later `Copyright` line; a licence banner stays none", async () => {
    const r = await report("hash.ts", [
      "/**",
      " * A simple but fast 64bit hashing function.",
      " *",
      " * Copyright @bryc, see https://stackoverflow.com/a/52171480/979328",
      " */",
      "export function cyrb53(str: string): string {",
      "    return str;",
      "}",
      "",
    ].join("\n"));
    expect(flat(r).get("cyrb53")?.doc).toBe("A simple but fast 64bit hashing function.");
    // A banner opening with a one-letter word is still none: its title names a version, its lines are mostly licence.
    const banner = await report("banner.ts", [
      "/**",
      " * A tiny date library v2.1.0.",
      " * Copyright (c) 2020 Foo Inc.",
      " * Licensed under the MIT license.",
      " */",
      "export function parse(s: string): string {",
      "    return s;",
      "}",
      "",
    ].join("\n"));
    expect(flat(banner).get("parse")?.doc).toBeUndefined();
  });

  it("`export import X = require(\"./x\")` keeps its path in the head, is an import, and raises no syntax warning", async () => {
    const r = await report("index.ts", [
      "export import YAMLException = require('./exception');",
      'export import Mark = require("./mark");',
      "import Local = require('./local');",
      "",
      "export function load(input: string): string {",
      "    return input;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(e.get("YAMLException")).toMatchObject({ kind: "constant", startLine: 1, endLine: 1, exported: true, signature: "export import YAMLException = require('./exception')" });
    expect(e.get("Mark")).toMatchObject({ kind: "constant", startLine: 2, exported: true, signature: 'export import Mark = require("./mark")' });
    expect(e.get("Local")).toBeUndefined();
    expect(pick(e.get("load"))).toEqual(["function", 5, 7, true]);
    expect(r.imports.internal).toEqual(["./exception", "./mark", "./local"]);
  });

  it("a parenthesised decorator `@(expr)` (TS 5 decorators; @deepkit/http) is the member's decorator, and the member keeps its name", async () => {
    const r = await report("static-serving.ts", [
      "export class Controller {",
      "    @(http.GET().group(...groups))",
      "    serveIndex(request: string): string {",
      "        return request;",
      "    }",
      "",
      "    other(): number {",
      "        return 1;",
      "    }",
      "    @(decorators.of(",
      "        'a', ')',",
      "    )) static make(): void {}",
      "    @(x) field = 1;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(e.get("Controller")?.members?.map((m) => m.name)).toEqual(["serveIndex", "other", "make", "field"]);
    expect(e.get("Controller.serveIndex")).toMatchObject({ kind: "method", startLine: 2, endLine: 5, signature: "serveIndex(request: string): string", decorators: ["@(http.GET().group(...groups))"] });
    expect(pick(e.get("Controller.other"))).toEqual(["method", 7, 9, true]);
    expect(e.get("Controller.make")).toMatchObject({ kind: "method", startLine: 10, endLine: 12 });
    expect(e.get("Controller.make")?.decorators).toEqual(["@(decorators.of( 'a', ')', ))"]);
    expect(e.get("Controller.field")).toMatchObject({ kind: "property", startLine: 13, decorators: ["@(x)"] });
    const read = await lens.readSymbol(join(dir, "static-serving.ts"), "Controller.serveIndex");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 2, 5]);
  });

  it("`new new Proxy(…)` (a constructor called on what `new` returns) raises no syntax warning", async () => {
    const src = [
      "export function isConstructable(fn: any): boolean {",
      "    try {",
      "        new new Proxy(fn, { construct: () => ({}) });",
      "        return true;",
      "    } catch (err) {",
      "        return false;",
      "    }",
      "}",
      "",
      "export function after(): number {",
      "    return new  new Foo;",
      "}",
      "",
    ].join("\n");
    for (const name of ["guards.ts", "guards.js"]) {
      const r = await report(name, name.endsWith(".js") ? src.replace(/: (?:any|boolean|number)/g, "") : src);
      const e = flat(r);
      expect(syntaxWarnings(r.warnings), name).toEqual([]);
      expect(pick(e.get("isConstructable"))).toEqual(["function", 1, 8, true]);
      expect(pick(e.get("after"))).toEqual(["function", 10, 12, true]);
    }
  });
});
