/**
 * TypeScript usedBy, from a QA round against the TypeScript language service's findReferences on
 * openai's, zod's and pilens' own sources (796 files): each case here was a wrong link or a missed use
 * there, cut down to a few lines.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

describe("TypeScript usedBy: what the language service says", () => {
  it("a spread `...owner` is no member `.owner`; the `bigint` type is no use of a function `bigint`", async () => {
    const u = await usedBy({
      "types.ts": "export interface Entry {\n  owner: string[];\n}\nexport function bigint(): number { return 1; }\n",
      "reader.ts": "export function chainOf(names: string[]): string[] {\n  const owner = names.slice(0, 1);\n  return [...owner, 'x'];\n}\nexport interface Checks {\n  minimum: bigint;\n}\n",
    });
    expect({ owner: u("types.ts", "Entry.owner"), bigint: u("types.ts", "bigint") }).toEqual({ owner: [], bigint: [] });
  });

  it("a value of a type imported from another library is none of a project type so named (a file's private `interface Node`)", async () => {
    const u = await usedBy({
      "budget.ts": "interface Node {\n  parent?: Node;\n}\nexport function up(n: Node): Node | undefined { return n.parent; }\n",
      "walker.ts": 'import type { Node } from "treelib";\nexport function climb(node: Node): Node | null {\n  return node.parent;\n}\n',
    });
    expect(u("budget.ts", "Node.parent")).toEqual(["up"]);
  });

  it("a bare name is another module's only where an import names it: not a parameter or local spelled like an export of a file imported for other names", async () => {
    const u = await usedBy({
      "util.ts": 'export function issue(m: string): string { return m; }\nexport function other(): string { return "o"; }\n',
      "a.ts": 'import * as util from "./util";\nexport const make = () => (issue: string) => util.other() + issue.length;\n',
      "b.ts": 'import { other } from "./util";\nexport function run(): string {\n  const issue = "local";\n  return other() + issue;\n}\n',
      "c.ts": 'import { issue } from "./util";\nexport const said = issue("x");\n',
    });
    expect({ issue: u("util.ts", "issue"), other: u("util.ts", "other") }).toEqual({ issue: ["c.ts"], other: ["a.ts", "b.ts"] });
  });

  it("a function's own helper is what its code calls, and no member anyone else's `.push()` names", async () => {
    const u = await usedBy({
      "arms.ts": "export function objectArms(text: string): string[] {\n  const out: string[] = [];\n  function push(part: string): void {\n    if (part) out.push(part.trim());\n  }\n  for (const p of text.split('|')) push(p);\n  return out;\n}\n",
      "user.ts": "export function collect(values: string[]): string[] {\n  const targets: string[] = [];\n  for (const v of values) targets.push(v);\n  return targets;\n}\n",
    });
    expect(u("arms.ts", "objectArms.push")).toEqual(["objectArms"]);
  });

  it("a re-export's uses are the declaration's — importers through it, and its own file's — and a member of a type named through it is the type's", async () => {
    const u = await usedBy({
      "types.ts": "export interface IndexOptions { force?: boolean }\n",
      "project.ts": 'import type { IndexOptions } from "./types";\nexport type { IndexOptions } from "./types";\nexport function index(opts: IndexOptions): boolean {\n  return opts.force === true;\n}\n',
      "engine.ts": 'import type { IndexOptions } from "./project";\nexport function run(opts: IndexOptions): boolean {\n  return !!opts.force;\n}\n',
    });
    expect({ type: u("types.ts", "IndexOptions"), force: u("types.ts", "IndexOptions.force") }).toEqual({
      type: ["engine.ts", "project.ts"],
      force: ["engine.ts", "project.ts"],
    });
  });

  it("a namespace import through barrels of barrels (`export *` three files deep) reaches the declaration, not another file's member so named", async () => {
    const u = await usedBy({
      "lib/schemas.ts": 'export function textSchema(): string { return "s"; }\n',
      "lib/external.ts": 'export * from "./schemas";\nexport * as patterns from "./patterns";\n',
      "lib/patterns.ts": "export const textSchema = /^.*$/;\n",
      "lib/index.ts": 'export * from "./external";\n',
      "main.ts": 'export * from "./lib/index";\n',
      "mocker.ts": 'export class Mocker {\n  get textSchema(): string { return "mock"; }\n}\n',
      "a.ts": 'import * as z from "./main";\nexport function useIt() {\n  return z.textSchema();\n}\n',
    });
    expect({ schema: u("lib/schemas.ts", "textSchema"), mock: u("mocker.ts", "Mocker.textSchema"), pattern: u("lib/patterns.ts", "textSchema") }).toEqual({
      schema: ["a.ts"],
      mock: [],
      pattern: [],
    });
  });

  it("a member of a value is no module's export (`schema.safeParse()` is not parse.ts's function); through a namespace import, `z.core.Thing` too, it is", async () => {
    const dir = tempProject({
      "lib/parse.ts": "export function safeParse(x: unknown): boolean { return !!x; }\n",
      "lib/core.ts": "export class Thing {}\n",
      "lib/index.ts": 'export * from "./parse";\nexport * as core from "./core";\n',
      "main.ts": 'export * from "./lib/index";\n',
      "a.ts": 'import * as z from "./main";\nexport function viaValue(schema: { safeParse(x: unknown): boolean }) {\n  return schema.safeParse(1);\n}\nexport function viaModule() {\n  return z.safeParse(2);\n}\nexport const t = new z.core.Thing();\n',
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const users = async (f: string, name: string) => (flat(await lens.moduleReport(f, { detail: "full" })).get(name)?.usedBy ?? []).map((u) => `${u.file}:${u.symbol}`);
    expect({ parse: await users("lib/parse.ts", "safeParse"), thing: await users("lib/core.ts", "Thing") }).toEqual({ parse: ["a.ts:viaModule"], thing: ["a.ts:t"] });
  });

  it("a member named as a method of JS's own types (`list.includes(x)`) is no project member by name alone; a namespace import's member is a module export, never a class member", async () => {
    const u = await usedBy({
      "set.ts": "export class TagSet {\n  includes(t: string): boolean { return !!t; }\n}\n",
      "mocker.ts": 'export class Mocker {\n  get textual(): string { return "m"; }\n}\n',
      "lib.ts": "export const other = 1;\n",
      "a.ts": 'import * as z from "./lib";\nexport function has(list: string[], x: string) {\n  return list.includes(x);\n}\nexport const t = z.textual;\n',
    });
    expect({ includes: u("set.ts", "TagSet.includes"), textual: u("mocker.ts", "Mocker.textual") }).toEqual({ includes: [], textual: [] });
  });

  it("an update to a barrel three files below an importer relinks it (an update equals a build)", async () => {
    const dir = tempProject({
      "lib/schemas.ts": 'export function textSchema(): string { return "s"; }\n',
      "lib/other.ts": 'export function textSchema(): string { return "o"; }\n',
      "lib/external.ts": 'export * from "./schemas";\n',
      "lib/index.ts": 'export * from "./external";\n',
      "main.ts": 'export * from "./lib/index";\n',
      "a.ts": 'import * as z from "./main";\nexport function useIt() {\n  return z.textSchema();\n}\n',
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const uses = async (f: string) => (flat(await lens.moduleReport(f, { detail: "full" })).get("textSchema")?.usedBy ?? []).map((u) => u.file);
    expect([await uses("lib/schemas.ts"), await uses("lib/other.ts")]).toEqual([["a.ts"], []]);
    writeFileSync(join(dir, "lib/external.ts"), 'export * from "./other";\n\n');
    await lens.index();
    expect([await uses("lib/schemas.ts"), await uses("lib/other.ts")]).toEqual([[], ["a.ts"]]);
  });

  it("`this.x` in a class the file also exports under another name (`export { Schema as ZodSchema }`) is the class's", async () => {
    const u = await usedBy({
      "schema.ts": 'export class Schema {\n  readonly _def: string = "d";\n  parse(): string {\n    return this._def;\n  }\n}\nexport { Schema as ZodSchema };\n',
    });
    expect(u("schema.ts", "Schema._def")).toEqual(["Schema.parse"]);
  });

  it("a qualified type name is the one in scope: `Session.ClientSecret` in each namespace is its own namespace's", async () => {
    const ns = (outer: string, field: string) =>
      `export namespace ${outer} {\n  export interface Session {\n    client_secret?: Session.ClientSecret;\n  }\n  export namespace Session {\n    export interface ClientSecret { ${field}: string }\n  }\n}\n`;
    const u = await usedBy({ "runs.ts": ns("RunCreateParams", "expires_at") + ns("RunUpdateParams", "anchor") });
    expect({
      create: u("runs.ts", "RunCreateParams.Session.ClientSecret"),
      update: u("runs.ts", "RunUpdateParams.Session.ClientSecret"),
    }).toEqual({ create: ["RunCreateParams.Session.client_secret"], update: ["RunUpdateParams.Session.client_secret"] });
  });
});
