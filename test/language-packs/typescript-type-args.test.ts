/** The JS/TS pack: what a type alias's members are (type arguments, mapped keys) and quoted keys that look like `#private` names. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

const membersOf = (e: ReturnType<typeof flat>, name: string) => (e.get(name)!.members ?? []).map((m) => m.name);

describe("JS/TS type alias members and quoted keys", () => {
  it("an object literal in a generic's type arguments is not the alias's shape (`Record<string, {…}>`, `Promise<{…}>`, a library's own generic); the object itself, an intersection's and a union's arms still are", async () => {
    const e = flat(await report("routes.ts", [
      "export type Routes = Record<string, { path: string; handler: () => void }>;",
      "export type Loader = Promise<{ data: string }>;",
      "export type Items = Array<{ id: number }>;",
      "export type Cache = Map<string, { hits: number; reset(): void }>;",
      "export type RefOrderedMap = OrderedMap<number, { ref: Ref; count: number }>;",
      "export type Nested = grpc.Client<{ call(): void }>;",
      "export type Plain = { a: string; run(): void };",
      "export type Both = Base & { b: string };",
      "export type Either = { ok: true; value: number } | { ok: false } | null;",
      "export type Armed = Promise<T> & { arg: string; unwrap(): void };",
      "export type Handler = (opts: { verbose: boolean }) => void;",
      "export type Keys = keyof { k1: 1; k2: 2 };",
      "export interface Api { opts: Promise<{ pm(): void; pp: number }> }",
      "",
    ].join("\n")));
    for (const name of ["Routes", "Loader", "Items", "Cache", "RefOrderedMap", "Nested", "Handler", "Keys"]) expect(membersOf(e, name), name).toEqual([]);
    expect(membersOf(e, "Plain")).toEqual(["a", "run"]);
    expect(membersOf(e, "Both")).toEqual(["b"]);
    expect(membersOf(e, "Either")).toEqual(["ok", "value", "ok"]);
    expect(membersOf(e, "Armed")).toEqual(["arg", "unwrap"]);
    // (A property's type is no shape of it either: `pm` had been listed under `opts`, `pp` not.)
    expect(membersOf(e, "Api.opts")).toEqual([]);
  });

  it("`Partial<{…}>`, `Readonly<{…}>`, `Required<{…}>` and the identity wrappers (`Simplify`, `Prettify`) keep the object's keys: they are the alias's members; `Omit` / `Pick` with literal keys keep the selected ones; a wrapped `Record` and keys not written as literals give none", async () => {
    const e = flat(await report("wrapped.ts", [
      "export type P = Partial<{ a: string; m(): void }>;",
      "export type R = Readonly<{ b: string }>;",
      "export type Q = Required<{ c?: string }> & { d: number };",
      "export type O = Omit<{ o: number; p: number }, 'p'>;",
      "export type RR = Readonly<Record<string, { z: number }>>;",
      "export type S = Simplify<Base & { verbose: boolean; run(): void }>;",
      "export type Pr = Prettify<{ e: string } & { f: string }>;",
      'export type Pk = Pick<{ a: string; b: number; run(): void; stop(): void }, "a" | "run">;',
      'export type Om = Omit<{ a: string; b: number; run(): void; stop(): void }, ("b" | "stop")> & { c: boolean };',
      "export type OK = Omit<{ a: string; b: number }, keyof Base>;",
      "export type ON = Omit<Named, 'x'> & { y: number };",
      "",
    ].join("\n")));
    expect(membersOf(e, "P")).toEqual(["a", "m"]);
    expect(membersOf(e, "R")).toEqual(["b"]);
    expect(membersOf(e, "Q")).toEqual(["c", "d"]);
    expect(membersOf(e, "O")).toEqual(["o"]);
    expect(membersOf(e, "RR")).toEqual([]);
    expect(membersOf(e, "S")).toEqual(["verbose", "run"]);
    expect(membersOf(e, "Pr")).toEqual(["e", "f"]);
    expect(membersOf(e, "Pk")).toEqual(["a", "run"]);
    expect(membersOf(e, "Om")).toEqual(["a", "run", "c"]);
    expect(membersOf(e, "OK")).toEqual([]);
    expect(membersOf(e, "ON")).toEqual(["y"]);
  });

  it("a quoted key starting with `#` is a public string key, not `#private`: exported like its siblings, named with its quotes, read by that name", async () => {
    const r = await report("tokens.ts", [
      "export interface Tokens {",
      '  "#": 1;',
      '  "#hash"?: string;',
      "  '#id': number;",
      "  plain: string;",
      "}",
      "export declare const chars: {",
      '  readonly "#": 1;',
      "};",
      'export class K { "#q" = 1; #s = 2; }',
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Tokens")!.members!.map((m) => [m.name, m.exported])).toEqual([['"#"', true], ['"#hash"', true], ["'#id'", true], ["plain", true]]);
    expect(e.get("chars")!.members!.map((m) => [m.name, m.exported])).toEqual([['"#"', true]]);
    expect(e.get("K")!.members!.map((m) => [m.name, m.exported])).toEqual([['"#q"', true], ["#s", false]]);
    const read = await lens.readSymbol(join(dir, "tokens.ts"), 'Tokens."#hash"');
    expect(read).toMatchObject({ found: true, kind: "property", startLine: 3 });
    expect((await lens.readSymbol(join(dir, "tokens.ts"), "Tokens.'#id'")).startLine).toBe(4);
  });

  it("a mapped type whose key is named `type` declares no property, as one keyed `K` does (the grammar had read the keyword: a property `[type in HookType]`)", async () => {
    const r = await report("mapped.ts", [
      "type HookType = 'before' | 'after';",
      "export type ByType = { [type in HookType]: string };",
      "export type ByK = { [K in HookType]: string };",
      "export type Keyed<T> = { readonly [type in keyof T]?: T[type] };",
      "export const pick = (arr: number[], type: string, map: object) => arr[type in map ? 1 : 0];",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(membersOf(e, "ByType")).toEqual([]);
    expect(membersOf(e, "ByK")).toEqual([]);
    expect(membersOf(e, "Keyed")).toEqual([]);
    expect(e.get("ByType")!.signature).toBe("type ByType = { [type in HookType]: string }");
    expect(e.get("pick")!.kind).toBe("function");
    expect(r.warnings.join("\n")).not.toMatch(/syntax error/);
  });
});
