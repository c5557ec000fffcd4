/**
 * TypeScript: an object literal's key is a use of the member of the type a declaration gives the object —
 * `const o: Options = { name }`, `{ … } as Options` / `satisfies Options`, `return { api }` in a function
 * declaring it returns Report (or Promise<Report>), `(): Options => ({ … })` — and of nothing else: a key
 * of an object no declaration types had never been, and is not, a use of any member so named.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

describe("usedBy: an object literal's key", () => {
  it("of an object a declaration types: that type's member; of an untyped object, nothing", async () => {
    const u = await usedBy({
      "types.ts": "export interface Options {\n  name: string;\n  retries: number;\n}\nexport interface Report {\n  api: string[];\n  warnings?: string[];\n}\n",
      "other.ts": "export interface Other {\n  name: string;\n  retries: number;\n  api: string;\n  warnings: string;\n}\n",
      "use.ts":
        'import type { Options, Report } from "./types";\nexport const defaults: Options = { name: "x", retries: 1 };\nexport function make(): Report {\n  return { api: [] };\n}\nexport const fn = (): Options => ({ name: "y", retries: 3 });\nexport async function later(): Promise<Report> {\n  return { api: [], warnings: [] };\n}\n',
      "cast.ts": 'import type { Options } from "./types";\nexport const b = { retries: 2 } as Options;\n',
      "loose.ts": 'export const loose = { name: "z", warnings: 1 };\n',
    });
    // (One per using symbol: `defaults` and `fn`, `make` and `later`.)
    expect({
      name: u("types.ts", "Options.name"),
      retries: u("types.ts", "Options.retries"),
      api: u("types.ts", "Report.api"),
      warnings: u("types.ts", "Report.warnings"),
      other: [u("other.ts", "Other.name"), u("other.ts", "Other.retries"), u("other.ts", "Other.api"), u("other.ts", "Other.warnings")],
    }).toEqual({ name: ["use.ts", "use.ts"], retries: ["cast.ts", "use.ts", "use.ts"], api: ["use.ts", "use.ts"], warnings: ["use.ts"], other: [[], [], [], []] });
  });
  it("of an object passed to a function, a method or a constructor: the member of the parameter's declared type", async () => {
    const u = await usedBy({
      "types.ts": "export interface Options {\n  name: string;\n  retries: number;\n  path?: string;\n}\n",
      "other.ts": "export interface Other {\n  name: string;\n  retries: number;\n  path: string;\n}\n",
      "api.ts":
        'import type { Options } from "./types";\nexport function connect(url: string, opts: Options): void {}\nexport class Client {\n  constructor(opts: Options) {}\n  send(to: string, opts?: Options): void {}\n  resend(): void {\n    this.send("/y", { retries: 3 });\n  }\n}\n',
      "use.ts": 'import { connect, Client } from "./api";\nexport function run(c: Client) {\n  connect("u", { name: "a" });\n  c.send("/x", { retries: 2 });\n  return new Client({ path: "b" });\n}\n',
    });
    expect({
      name: u("types.ts", "Options.name"),
      retries: u("types.ts", "Options.retries"),
      path: u("types.ts", "Options.path"),
      other: [u("other.ts", "Other.name"), u("other.ts", "Other.retries"), u("other.ts", "Other.path")],
    }).toEqual({ name: ["use.ts"], retries: ["api.ts", "use.ts"], path: ["use.ts"], other: [[], [], []] });
  });
  it("of an object nested in a typed one: the member of the outer member's declared type", async () => {
    const u = await usedBy({
      "types.ts": "export interface Options {\n  name: string;\n  retry?: RetryOptions;\n}\nexport interface RetryOptions {\n  max: number;\n}\nexport function connect(url: string, opts: Options): void {}\n",
      "other.ts": "export interface Other {\n  max: number;\n}\n",
      "use.ts": 'import { connect, type Options } from "./types";\nexport const o: Options = { name: "x", retry: { max: 3 } };\nexport function run() {\n  connect("u", { name: "y", retry: { max: 1 } });\n}\n',
    });
    expect({ max: u("types.ts", "RetryOptions.max"), other: u("other.ts", "Other.max") }).toEqual({ max: ["use.ts", "use.ts"], other: [] });
  });
  it("a shorthand key, `return { api }` under a declared type: the type's member too, beside the variable's use", async () => {
    const u = await usedBy({
      "types.ts": "export interface Report {\n  api: string[];\n  name: string;\n}\n",
      "other.ts": "export interface Other {\n  api: string;\n  name: string;\n}\n",
      "use.ts": 'import type { Report } from "./types";\nexport const api: string[] = [];\nexport function make(): Report {\n  const name = "r";\n  return { api, name };\n}\nexport function loose() {\n  const name = "l";\n  return { name };\n}\n',
    });
    expect({ api: u("types.ts", "Report.api"), name: u("types.ts", "Report.name"), other: [u("other.ts", "Other.api"), u("other.ts", "Other.name")], variable: u("use.ts", "api") }).toEqual({
      api: ["use.ts"],
      name: ["use.ts"],
      other: [[], []],
      variable: ["make"],
    });
  });
  it("not under a qualified type, `(): Api.Choice => ({ index })`, whose last name may be another namespace's type", async () => {
    const u = await usedBy({
      "api.ts": "export namespace Api {\n  export interface Choice {\n    index: number;\n  }\n}\n",
      "use.ts": 'import { Api } from "./api";\nexport namespace Snap {\n  export interface Choice {\n    index: number;\n  }\n}\nexport function pick(): Api.Choice {\n  return { index: 1 };\n}\n',
    });
    expect(u("use.ts", "Snap.Choice.index")).toEqual([]);
  });
  it("through a conditional and a spread: `return ok ? { api } : { api, ...(w ? { warnings } : {}) }`", async () => {
    const u = await usedBy({
      "types.ts": "export interface Report {\n  api: string[];\n  warnings?: string[];\n}\n",
      "other.ts": "export interface Other {\n  api: string;\n  warnings: string;\n}\n",
      "use.ts": 'import type { Report } from "./types";\nexport function make(ok: boolean, w: boolean): Report {\n  return ok ? { api: [] } : { api: ["x"], ...(w ? { warnings: [] } : {}) };\n}\n',
    });
    expect({ api: u("types.ts", "Report.api"), warnings: u("types.ts", "Report.warnings"), other: [u("other.ts", "Other.api"), u("other.ts", "Other.warnings")] }).toEqual({
      api: ["use.ts"],
      warnings: ["use.ts"],
      other: [[], []],
    });
  });
  it("of an object in an array a declaration types: `const list: Options[] = [{ name }]`, `(): Array<Options>`", async () => {
    const u = await usedBy({
      "types.ts": "export interface Options {\n  name: string;\n  retries: number;\n}\n",
      "other.ts": "export interface Other {\n  name: string;\n  retries: number;\n}\n",
      "use.ts": 'import type { Options } from "./types";\nexport const list: Options[] = [{ name: "a" }];\nexport function all(): Array<Options> {\n  return [{ retries: 1 }];\n}\nexport const loose: Options = [{ name: "b" }] as never;\n',
    });
    expect({ name: u("types.ts", "Options.name"), retries: u("types.ts", "Options.retries"), other: [u("other.ts", "Other.name"), u("other.ts", "Other.retries")] }).toEqual({
      name: ["use.ts"],
      retries: ["use.ts"],
      other: [[], []],
    });
  });
  it("of an object pushed onto an array a declaration types: `out.push({ name })` with `out: Options[]`, `this.items.unshift({ … })`", async () => {
    const u = await usedBy({
      "types.ts": "export interface Options {\n  name: string;\n  retries: number;\n}\n",
      "other.ts": "export interface Other {\n  name: string;\n  retries: number;\n}\n",
      "use.ts": 'import type { Options } from "./types";\nexport function collect(): Options[] {\n  const out: Options[] = [];\n  out.push({ name: "a" });\n  return out;\n}\n',
      "queue.ts": 'import type { Options } from "./types";\nexport class Queue {\n  private items: Array<Options> = [];\n  add(): void {\n    this.items.unshift({ retries: 2 });\n  }\n}\n',
    });
    expect({ name: u("types.ts", "Options.name"), retries: u("types.ts", "Options.retries"), other: [u("other.ts", "Other.name"), u("other.ts", "Other.retries")] }).toEqual({
      name: ["use.ts"],
      retries: ["queue.ts"],
      other: [[], []],
    });
  });
});
