/**
 * symbol_search: a definition named exactly as the query ranks first, however long its file (BM25
 * favours short files), definitions before one-line aliases; phrase queries still rank by score.
 * Shaped like npm's arborist: a long class file, short wrappers named Arborist*, an alias in an index.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempCache, tempProject } from "./project.js";
import { follow } from "../../core/graph/util.js";

const CACHE = tempCache();

/** A long class: many methods with their own identifiers, the class name mentioned twice. */
function longClass(name: string, extra: string): string {
  const methods = Array.from({ length: 60 }, (_, i) => `  async step${i} (options${i}) {\n    const tree${i} = await this.loadVirtual${i}(options${i})\n    return this.finish${i}(tree${i}, options${i}.path)\n  }\n`).join("\n");
  return `const { resolve } = require('node:path')\n\nclass ${name} {\n  constructor (options) {\n    this.options = options\n  }\n${extra}\n${methods}}\n\nmodule.exports = ${name}\n`;
}

const FILES: Record<string, string> = {
  "lib/arborist/index.js": longClass("Arborist", ""),
  "lib/arborist/reify.js": longClass("Reifier", "  async reify (options) {\n    return this.step0(options)\n  }\n"),
  "lib/index.js": "module.exports = require('./arborist/index.js')\nmodule.exports.Arborist = module.exports\n",
  "cmd/arborist-cmd.js": "const Arborist = require('../lib/index.js')\n\nclass ArboristCmd {\n  run () {\n    return new Arborist({ path: '.' })\n  }\n}\n\nmodule.exports = ArboristCmd\n",
  "lib/printable.js": "class ArboristNode {\n  constructor (tree) {\n    this.name = tree.name\n  }\n}\n\nmodule.exports = ArboristNode\n",
  "cmd/reify-finish.js": "const reifyFinish = async (npm, arb) => {\n  await arb.reify()\n  return npm\n}\n\nmodule.exports = reifyFinish\n",
};

async function searched(query: string): Promise<string[]> {
  const lens = await Lens.create({ cwd: tempProject(FILES) });
  expect((await lens.index()).warnings).toEqual([]);
  const r = await lens.symbolSearch(query, { limit: 5 });
  if (!r.available) throw new Error(r.reason);
  return r.hits.map((h) => `${h.file} ${h.symbol ?? "(mention)"}`);
}

describe("symbol_search ranks exact names first", () => {
  it("the class named as typed, in a long file, before shorter files' Arborist* names and the one-line alias", async () => {
    const hits = await searched("Arborist");
    expect(hits.slice(0, 2)).toEqual(["lib/arborist/index.js Arborist", "lib/index.js Arborist"]);
    // (arborist-cmd.js uses Arborist itself: that line, not its ArboristCmd, which only begins with the name — QA round 44.)
    expect(hits.slice(2).sort()).toEqual(["cmd/arborist-cmd.js (mention)", "lib/printable.js ArboristNode"]);
  });

  it("a library's method named as typed before a test file's function of that name (gtest's `RunAllTests`)", async () => {
    const lens = await Lens.create({ cwd: tempProject({
      "src/unit-test-impl.ts": "export class UnitTestImpl {\n  runAllTests(): boolean {\n    return true\n  }\n}\n",
      "test/environment.test.ts": "export function runAllTests(): number {\n  return 0\n}\n",
      "test/output.test.ts": "export function runAllTests(): number {\n  return 1\n}\n",
    }) });
    await lens.index();
    const r = await lens.symbolSearch("runAllTests", { limit: 5 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits.map((h) => `${h.file} ${h.symbol}`)).toEqual(["src/unit-test-impl.ts UnitTestImpl.runAllTests", "test/environment.test.ts runAllTests", "test/output.test.ts runAllTests"]);
    // (Rows in score order: the scores shown had been out of order, 13.6 and 10.1 above 39.8.)
    expect(r.hits.map((h) => h.score)).toEqual([...r.hits.map((h) => h.score)].sort((a, b) => b - a));
  });

  it("a method named as typed (or as its qualified name ends) before a function whose name starts with it", async () => {
    expect((await searched("reify"))[0]).toBe("lib/arborist/reify.js Reifier.reify");
    expect((await searched("Reifier.reify"))[0]).toBe("lib/arborist/reify.js Reifier.reify");
  });

  it("a phrase query ranks by score: the name covering both words first", async () => {
    expect((await searched("arborist cmd"))[0]).toBe("cmd/arborist-cmd.js ArboristCmd");
  });

  it("a local identifier points at the line using it, not at a definition sharing one of its words (react-router's innerRef, LinkRef)", async () => {
    const lens = await Lens.create({ cwd: tempProject({ "package.json": "{}", "src/link.ts": "export type LinkRef = HTMLAnchorElement;\nexport function useLink(ref: LinkRef) {\n  const innerRef = useRef(null);\n  return innerRef;\n}\n", "src/other.ts": "export const other = 1;\n" }) });
    await lens.index();
    const r = await lens.symbolSearch("innerRef");
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "src/link.ts", startLine: 3, suggestedNext: { tool: "read_enclosing", line: 3 } });
    expect(r.hits[0]!.symbol).toBeUndefined();
    // The definition itself is still the answer for its own name.
    const def = await lens.symbolSearch("LinkRef");
    expect(def.available && def.hits[0]).toMatchObject({ symbol: "LinkRef", startLine: 1 });
  });

  it("a file using the identifier points at that line, not at a definition only beginning with it (immer's createProxy, createProxyProxy: QA round 44)", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "package.json": "{}",
        "src/proxy.ts": 'import { createProxy } from "./make";\nexport function createProxyProxy(base: object) {\n  return new Proxy(base, {});\n}\n\nexport function child(v: object) {\n  return createProxy(v);\n}\n',
        "src/make.ts": "export function createProxy(v: object) {\n  return v;\n}\n",
        "src/only.ts": "export function createProxyCache() {\n  return 1;\n}\n",
      }),
    });
    await lens.index();
    const r = await lens.symbolSearch("createProxy");
    if (!r.available) throw new Error(r.reason);
    const row = (file: string) => r.hits.find((h) => h.file === file);
    expect(r.hits[0]).toMatchObject({ file: "src/make.ts", symbol: "createProxy" });
    expect(row("src/proxy.ts")).toMatchObject({ startLine: 7, suggestedNext: { tool: "read_enclosing", line: 7 } });
    expect(row("src/proxy.ts")?.symbol).toBeUndefined();
    // A file that does not use the name whole still offers its definition beginning with it.
    expect(row("src/only.ts")).toMatchObject({ symbol: "createProxyCache" });
  });

  it("a compound identifier no file holds whole: the results are said to share some of its words", async () => {
    const lens = await Lens.create({ cwd: tempProject(FILES) });
    await lens.index();
    const missing = await lens.symbolSearch("loadVirtualTreeCache");
    if (!missing.available) throw new Error(missing.reason);
    expect(missing.hits.length).toBeGreaterThan(0);
    expect(missing.warnings).toContain('no indexed file defines or mentions "loadVirtualTreeCache" itself: these results share some of its words (a new file? `pilens index`; else it does not exist here)');
    // Found whole — defined, or only mentioned — or a phrase: no such warning.
    for (const q of ["ArboristCmd", "loadVirtual7", "reifyFinish", "arborist cmd"]) {
      const r = await lens.symbolSearch(q);
      expect(r.available && (r.warnings ?? []).some((w) => w.includes("share some of its words")), q).toBe(false);
    }
  });

  it("in a host that follows the files (pi, the MCP server), the note names no CLI to run: its watcher adds a new file", async () => {
    const lens = await Lens.create({ cwd: tempProject(FILES) });
    await lens.index();
    // (What hosts/shared/watch.ts does while its watcher runs.)
    follow(lens.root, 1);
    try {
      const missing = await lens.symbolSearch("loadVirtualTreeCache");
      if (!missing.available) throw new Error(missing.reason);
      expect(missing.warnings).toContain('no indexed file defines or mentions "loadVirtualTreeCache" itself: these results share some of its words (a file saved in the last seconds? this host\'s watcher adds it; else it does not exist here)');
      // A misspelled name run as the closest one: the same, with "search it again".
      const typo = await lens.symbolSearch("ArboristCmdd");
      expect(JSON.stringify(typo.available && typo.warnings)).toContain("this host's watcher adds it, then search it again");
      expect(JSON.stringify(typo.available && typo.warnings)).not.toContain("pilens index");
    } finally {
      follow(lens.root, -1);
    }
  });
});

describe("symbol_search answers an agent can act on (QA, session 16)", () => {
  it("an export alias is found as a definition; a mention points at a use, not the import; .d.cts/.d.mts copies rank below the source; a deleted file is left out", async () => {
    const dir = tempProject({
      "src/jsx-runtime.ts": "function createJSXElement(tag: string) {\n  return tag;\n}\n\nexport function h(tag: string) {\n  return createJSXElement(tag);\n}\n\nexport { h as createElement };\n",
      "src/retryer.ts": "export function createRetryer() {\n  return 1;\n}\n",
      "src/query.ts": "import { createRetryer } from './retryer';\n\nexport class Query {\n  fetch() {\n    return createRetryer();\n  }\n}\n",
      "src/types.ts": "export interface ZodString {\n  min(n: number): ZodString;\n}\n",
      "v3/types.d.cts": "export interface ZodString {\n  min(n: number): ZodString;\n}\nexport declare function use(s: ZodString): ZodString;\n",
      "v3/types.d.mts": "export interface ZodString {\n  min(n: number): ZodString;\n}\nexport declare function use(s: ZodString): ZodString;\n",
      "src/temp.ts": "export function qaUniqueThing() {\n  return 1;\n}\n",
    });
    const lens = await Lens.create({ cwd: dir });
    expect((await lens.index()).warnings).toEqual([]);
    const search = async (q: string) => {
      const r = await lens.symbolSearch(q, { limit: 4 });
      if (!r.available) throw new Error(r.reason);
      return r;
    };
    // `export { h as createElement }`: the alias, not createJSXElement (which shares its words).
    const alias = (await search("createElement")).hits[0]!;
    expect([alias.file, alias.symbol, alias.startLine, alias.suggestedNext]).toEqual(["src/jsx-runtime.ts", "createElement", 5, { tool: "read_symbol", file: "src/jsx-runtime.ts", symbol: "createElement" }]);
    expect((await lens.readSymbol(join(dir, "src/jsx-runtime.ts"), "createElement")).name).toBe("h");
    // The use inside Query.fetch (line 5), not the import on line 1.
    const uses = (await search("createRetryer")).hits.slice(0, 2).map((x) => [x.file, x.startLine, x.suggestedNext.tool]);
    expect(uses).toEqual([["src/retryer.ts", 1, "read_symbol"], ["src/query.ts", 5, "read_enclosing"]]);
    // Declaration copies (.d.ts, .d.cts, .d.mts) after the source, whatever their counts.
    expect((await search("ZodString")).hits.map((x) => x.file)[0]).toBe("src/types.ts");
    rmSync(join(dir, "src/temp.ts"));
    const gone = await search("qaUniqueThing");
    expect(gone.hits).toEqual([]);
    expect(gone.warnings).toContainEqual(expect.stringMatching(/^1 indexed file no longer exists \(src\/temp\.ts\): left out/));
  });

  it("a name with a sigil is found by its bare name (lexical's `$getRoot` for `getRoot`), first among those starting with it", async () => {
    const dir = tempProject({
      "src/utils.ts": "export function $getRoot() {\n  return root;\n}\nexport function $getSelection() {\n  return null;\n}\n",
      "src/editor.ts": "export class Editor {\n  getRootElement() {\n    return this.root;\n  }\n  getRootKey() {\n    return getRoot2();\n  }\n}\nfunction getRoot2() {\n  return 1;\n}\n",
    });
    const lens = await Lens.create({ cwd: dir });
    expect((await lens.index()).warnings).toEqual([]);
    const r = await lens.symbolSearch("getRoot", { limit: 3 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "src/utils.ts", symbol: "$getRoot", startLine: 1 });
    expect(r.warnings ?? []).toEqual([]);
    const typed = await lens.symbolSearch("$getSelection", { limit: 1 });
    expect(typed.available && typed.hits[0]?.symbol).toBe("$getSelection");
  });

  it("a name between sigils on both sides (Python's `__init__` for `init`) in a file of many definitions is not skipped by the rerank's bound, at any limit", async () => {
    const methods = Array.from({ length: 10 }, (_, i) => `    def step${i}(self):\n        return ${i}\n`).join("");
    const files: Record<string, string> = { "pkg/model.py": `class Model:\n    def __init__(self):\n        self.ready = True\n${methods}` };
    // Files calling `init` (a mention: no definition boost) with a higher BM25 than the class's long file.
    for (let k = 1; k <= 12; k++) files[`pkg/use${k}.py`] = `from pkg.setup import init\n\n` + Array.from({ length: k }, (_, i) => `value${i} = init(${i})\n`).join("");
    const lens = await Lens.create({ cwd: tempProject(files) });
    expect((await lens.index()).warnings).toEqual([]);
    for (const limit of [1, 3, 20]) {
      const r = await lens.symbolSearch("init", { limit });
      expect(r.available && r.hits[0], `limit ${limit}`).toMatchObject({ file: "pkg/model.py", symbol: "Model.__init__" });
    }
  });

  it("a name as typed ranks before names that differ in case only (puppeteer: `Frame` found six `frame()` methods before the class)", async () => {
    const methods = Array.from({ length: 80 }, (_, i) => `  step${i}(): number {\n    return ${i};\n  }\n`).join("");
    const files: Record<string, string> = { "src/api/Frame.ts": `export class Frame {\n${methods}}\n` };
    for (let k = 0; k < 6; k++) files[`src/h${k}.ts`] = `export class Handle${k} {\n  frame(): Frame {\n    return this.f;\n  }\n}\n`;
    const lens = await Lens.create({ cwd: tempProject(files) });
    expect((await lens.index()).warnings).toEqual([]);
    const up = await lens.symbolSearch("Frame", { limit: 3 });
    expect(up.available && up.hits[0]).toMatchObject({ file: "src/api/Frame.ts", symbol: "Frame", kind: "class" });
    const low = await lens.symbolSearch("frame", { limit: 3 });
    expect(low.available && low.hits.map((h) => h.symbol)).toEqual(expect.arrayContaining([expect.stringMatching(/^Handle\d\.frame$/)]));
    expect(low.available && low.hits[0]!.symbol).toMatch(/^Handle\d\.frame$/);
  });

  it("a one-character name (not in the word index) finds the definitions named exactly that, and says what it cannot find", async () => {
    const dir = tempProject({
      "src/h.ts": 'export function h(tag: string, props?: object) {\n  return { tag, props };\n}\n',
      "src/view.ts": 'import { h } from "./h.js";\nexport const view = () => h("div");\n',
      "src/store.ts": "export class Store {\n  $ = new Map<string, number>();\n}\n",
    });
    const lens = await Lens.create({ cwd: dir });
    expect((await lens.index()).warnings).toEqual([]);
    const h = await lens.symbolSearch("h");
    if (!h.available) throw new Error(h.reason);
    expect(h.hits.map((x) => `${x.file} ${x.symbol}`)).toEqual(["src/h.ts h"]);
    expect(h.warnings).toEqual([expect.stringMatching(/^one-character names are not in the word index .*only definitions named exactly "h" are found — /)]);
    const member = await lens.symbolSearch("$");
    expect(member.available && member.hits.map((x) => `${x.file} ${x.symbol}`)).toEqual(["src/store.ts Store.$"]);
    const none = await lens.symbolSearch("q");
    expect(none.available && none.hits).toEqual([]);
    expect(none.available && none.warnings).toEqual([expect.stringMatching(/only definitions named exactly "q" are found, and there are none/)]);
  });
});

describe("a published package (QA: hono's npm tarball is all dist/)", () => {
  it("a project with no source outside its build folders has those indexed, and says so; with source elsewhere they stay skipped", async () => {
    const built = tempProject({ "dist/hono.js": "export class Hono {\n  get() {}\n}\n", "dist/cjs/hono.js": "class Hono {}\nmodule.exports = { Hono };\n" });
    const lens = await Lens.create({ cwd: built });
    const idx = await lens.index();
    expect(idx.warnings).toEqual(["no source outside dist/: indexed it (build output is skipped otherwise)"]);
    const r = await lens.symbolSearch("Hono", { limit: 3 });
    expect(r.available && r.hits.map((h) => h.file).sort()).toEqual(["dist/cjs/hono.js", "dist/hono.js"]);
    const mixed = tempProject({ "src/hono.ts": "export class Hono {}\n", "dist/hono.js": "export class Hono {}\n" });
    const l2 = await Lens.create({ cwd: mixed });
    expect((await l2.index()).warnings).toEqual([]);
    const r2 = await l2.symbolSearch("Hono", { limit: 3 });
    expect(r2.available && r2.hits.map((h) => h.file)).toEqual(["src/hono.ts"]);
  });
});

describe("compiled copies beside the source (QA: ethers ships lib.esm/ and lib.commonjs/ next to src.ts/)", () => {
  it("`lib.esm`, `lib.commonjs`, `dist.cjs`, `_esm`, `cjs`, `umd` are build output: skipped when there is source, indexed (and said) when there is not", async () => {
    const units = "export function parseUnits(value: string): bigint {\n  return BigInt(value);\n}\n";
    const js = "function parseUnits(value) {\n  return BigInt(value);\n}\nexports.parseUnits = parseUnits;\n";
    const dir = tempProject({ "src.ts/utils/units.ts": units, "lib.esm/utils/units.js": js, "lib.commonjs/utils/units.js": js, "dist.cjs/units.js": js, "_esm/units.js": js, "cjs/units.js": js, "umd/units.js": js, "lib/helpers.js": "function helper() {}\nmodule.exports = helper;\n" });
    const lens = await Lens.create({ cwd: dir });
    expect((await lens.index()).warnings).toEqual([]);
    const r = await lens.symbolSearch("parseUnits", { limit: 10 });
    expect(r.available && r.hits.map((h) => h.file)).toEqual(["src.ts/utils/units.ts"]);
    // `lib/` itself is source in many packages: still indexed.
    const h = await lens.symbolSearch("helper", { limit: 3 });
    expect(h.available && h.hits.map((x) => x.file)).toEqual(["lib/helpers.js"]);
    // Nothing but compiled copies: those are the code.
    const only = tempProject({ "cjs/units.js": js, "esm/units.js": js.replace("exports.parseUnits = parseUnits;", "export { parseUnits };") });
    const l2 = await Lens.create({ cwd: only });
    expect((await l2.index()).warnings).toEqual(["no source outside cjs/, esm/: indexed those (build output is skipped otherwise)"]);
    const r2 = await l2.symbolSearch("parseUnits", { limit: 3 });
    expect(r2.available && r2.hits.map((x) => x.file).sort()).toEqual(["cjs/units.js", "esm/units.js"]);
  });
});

describe("a compiled lib/ beside src/ (QA: @mswjs/interceptors ships hashed chunks with source maps in lib/)", () => {
  const ts = "export async function emitAsync(a: number) {\n  return a\n}\n";
  const chunk = "async function emitAsync(a) {\n  return a\n}\nexport { emitAsync as t };\n";
  it("is build output when its files carry source maps (a .map beside them, or a sourceMappingURL line): skipped beside src/", async () => {
    for (const lib of [
      { "lib/node/handleRequest-FIQv5pwH.mjs": chunk, "lib/node/handleRequest-FIQv5pwH.mjs.map": "{}" },
      { "lib/index.js": `${chunk}//# sourceMappingURL=index.js.map\n` },
    ]) {
      const lens = await Lens.create({ cwd: tempProject({ "src/emitAsync.ts": ts, ...lib }) });
      expect((await lens.index()).warnings).toEqual([]);
      const r = await lens.symbolSearch("emitAsync", { limit: 5 });
      expect(r.available && r.hits.map((h) => h.file)).toEqual(["src/emitAsync.ts"]);
    }
  });

  it("stays source without maps beside src/, and when it is the only source (many JS packages): indexed with no warning", async () => {
    const plain = await Lens.create({ cwd: tempProject({ "src/emitAsync.ts": ts, "lib/helper.js": "function helper() {}\nmodule.exports = helper;\n" }) });
    expect((await plain.index()).warnings).toEqual([]);
    const h = await plain.symbolSearch("helper", { limit: 3 });
    expect(h.available && h.hits.map((x) => x.file)).toEqual(["lib/helper.js"]);
    const only = await Lens.create({ cwd: tempProject({ "lib/handle-FIQv5pwH.mjs": chunk, "lib/handle-FIQv5pwH.mjs.map": "{}", "index.js": "module.exports = require('./lib/handle-FIQv5pwH.mjs');\n" }) });
    expect((await only.index()).warnings).toEqual([]);
    const r = await only.symbolSearch("emitAsync", { limit: 3 });
    expect(r.available && r.hits.map((x) => x.file)).toEqual(["lib/handle-FIQv5pwH.mjs"]);
    // Nothing but a compiled lib/ beside an empty src/: indexed, and said.
    const built = await Lens.create({ cwd: tempProject({ "src/README.md": "x\n", "lib/handle-FIQv5pwH.mjs": chunk, "lib/handle-FIQv5pwH.mjs.map": "{}" }) });
    expect((await built.index()).warnings).toEqual(["no source outside lib/: indexed it (build output is skipped otherwise)"]);
  });
});

describe("a package's entry point (QA: chrono's src/index.ts parseDate ranked after 18 locale copies)", () => {
  const locale = (l: string) => `import { Chrono } from '../../chrono'\nexport const casual = new Chrono()\n/** A shortcut for ${l}.casual.parseDate() */\nexport function parseDate(text: string): Date | null {\n  return casual.parseDate(text)\n}\n`;
  const index = "import * as en from './locales/en'\nimport * as de from './locales/de'\nimport * as fr from './locales/fr'\nexport { en, de, fr }\nimport { Chrono } from './chrono'\nexport const casual = en.casual\nexport const strict = new Chrono()\nexport const parseOptions = { forwardDate: false, timezones: {} }\n/** The package's main entry point: the first date found in a text, or null. */\nexport function parseDate(text: string, ref?: Date, option?: object): Date | null {\n  return casual.parseDate(text)\n}\nexport function parse(text: string) {\n  return casual.parse(text)\n}\n";
  const files = { "src/index.ts": index, "src/chrono.ts": "export class Chrono {\n  parseDate(text: string): Date | null {\n    return null\n  }\n  parse(text: string) {\n    return []\n  }\n}\n", "src/locales/en/index.ts": locale("en"), "src/locales/de/index.ts": locale("de"), "src/locales/fr/index.ts": locale("fr") };
  it("ranks first among exact definitions: package.json main, or the src/ twin of a dist/ target", async () => {
    for (const pkg of [{ main: "src/index.ts" }, { main: "dist/cjs/index.js", types: "dist/esm/index.d.ts", exports: { ".": { import: "./dist/esm/index.js" }, "./*": "./dist/esm/locales/*/index.js" } }]) {
      const dir = tempProject(files);
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "r10", ...pkg }));
      const lens = await Lens.create({ cwd: dir });
      await lens.index();
      const r = await lens.symbolSearch("parseDate", { limit: 5 });
      expect(r.available && r.hits.map((h) => `${h.file} ${h.symbol}`)[0], JSON.stringify(pkg)).toBe("src/index.ts parseDate");
      expect(r.available && r.hits.length).toBe(5);
    }
  });
});

describe("a package's entry point added after a search", () => {
  it("counts once the index has it (the entry set had been kept until package.json changed)", async () => {
    const locale = "export function parseDate(text: string): Date | null {\n  return null\n}\n";
    const dir = tempProject({ "src/locales/en.ts": locale, "src/locales/de.ts": locale, "src/locales/fr.ts": locale });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "late", main: "dist/index.js" }));
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const first = await lens.symbolSearch("parseDate", { limit: 5 });
    expect(first.available && first.hits.length).toBe(3);
    await new Promise((r) => setTimeout(r, 20)); // a later mtime for the new graph
    writeFileSync(join(dir, "src/index.ts"), "/** The entry point. */\nexport function parseDate(text: string, ref?: Date): Date | null {\n  return null\n}\n");
    await lens.index();
    const r = await lens.symbolSearch("parseDate", { limit: 5 });
    expect(r.available && r.hits.map((h) => `${h.file} ${h.symbol}`)[0]).toBe("src/index.ts parseDate");
  });
});

describe("search paths", () => {
  it("a `!` glob leaves paths out (typeorm's browser/ copies took half the results)", async () => {
    const dir = tempProject({ "data-source/DataSource.js": "class DataSource {}\nmodule.exports = { DataSource };\n", "browser/data-source/DataSource.js": "class DataSource {}\nmodule.exports = { DataSource };\n", "src/use.js": "const { DataSource } = require('../data-source/DataSource.js');\nnew DataSource();\n" });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const files = async (paths: string[]) => {
      const r = await lens.symbolSearch("DataSource", { limit: 5, paths });
      return r.available ? r.hits.map((h) => h.file).sort() : [];
    };
    expect(await files(["!browser/**"])).toEqual(["data-source/DataSource.js", "src/use.js"]);
    expect(await files(["data-source", "browser", "!browser/**"])).toEqual(["data-source/DataSource.js"]);
    expect(await files(["browser/**"])).toEqual(["browser/data-source/DataSource.js"]);
  });
});
