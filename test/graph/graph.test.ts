/**
 * The project graph on temp projects of real files: usedBy, fanout, blastRadius, symbol_search,
 * incremental re-index, corrupt caches, staleness warnings, read_symbol misses.
 */
import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { main } from "../../hosts/cli/main.js";
import { cacheDirFor } from "../../core/graph/store.js";
import { indexEta } from "../../core/graph/util.js";
import { runTool } from "../../hosts/shared/run.js";
import { symbolSearch } from "../../hosts/shared/tools/symbol-search.js";
import { flat } from "../helpers.js";
import { APP, tempCache, tempProject } from "./project.js";

const CACHE = tempCache();

async function indexed(files = APP): Promise<{ dir: string; lens: Lens }> {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  const r = await lens.index();
  expect(r.warnings).toEqual([]);
  return { dir, lens };
}

describe("module_report reads the graph", () => {
  it("says the graph is cold before `pilens index`, without building it", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.moduleReport("src/lib/strings.ts");
    expect(r.available).toBe(true);
    expect(r.staleness).toBe("unknown");
    expect(r.warnings?.join("\n")).toMatch(/project graph not built.*run `pilens index`/);
    expect(r.provenance?.usedBy).toMatch(/^unavailable/);
    expect(readdirSync(CACHE).includes(cacheDirFor(dir).split("/").pop()!)).toBe(false);
  });

  it("shows usedBy for a function other files call, with relation and confidence", async () => {
    const { lens } = await indexed();
    const r = await lens.moduleReport("src/lib/strings.ts");
    expect(r.staleness).toBe("fresh");
    const e = flat(r);
    const slug = e.get("slugify")!.usedBy!;
    expect(slug).toContainEqual({ file: "src/blog/post-store.ts", symbol: "PostStore.keyFor", line: 18, relation: "call", confidence: "import" });
    expect(slug.some((u) => u.file === "test/strings.test.ts" && u.symbol === "checkSlugify")).toBe(true);
    // tsconfig `paths` alias resolved (`@lib/strings`).
    expect(e.get("truncateText")!.usedBy).toContainEqual({ file: "src/blog/render.ts", symbol: "renderTeaser", line: 5, relation: "call", confidence: "import" });
    // Through the barrel `src/lib/index.ts` (`export *`).
    expect(e.get("padLeft")!.usedBy).toContainEqual({ file: "src/main.ts", symbol: "(top level)", line: 7, relation: "call", confidence: "import" });
    expect(r.provenance?.usedBy).toMatch(/^project graph \(\d+ files/);
    expect(r.recommendedReads?.[0]?.reason).toMatch(/used by \d/);
  });

  it("links this.method() by receiver type and counts fanout", async () => {
    const { lens } = await indexed();
    const r = await lens.moduleReport("src/blog/post-store.ts");
    const e = flat(r);
    expect(e.get("PostStore.keyFor")!.usedBy).toContainEqual({ file: "src/blog/post-store.ts", symbol: "PostStore.add", line: 12, relation: "call", confidence: "receiver-type" });
    expect(e.get("PostStore.keyFor")!.fanout).toBe(1); // slugify; the `Post` type is a mention, not a call
    expect(e.get("PostStore.add")!.fanout).toBe(1); // this.keyFor (posts.set is a Map's)
    const r2 = await lens.moduleReport("src/blog/render.ts", { maxRefs: 1 });
    expect(flat(r2).get("renderTeaser")!.fanout).toBe(1); // truncateText
    expect(flat(r2).get("renderAll")!.usedBy).toEqual([{ file: "src/main.ts", symbol: "(top level)", line: 7, relation: "call", confidence: "import" }]);
    expect(flat(r2).get("renderTeaser")!.usedBy).toHaveLength(1);
    // Capped at maxRefs, and the provenance says so.
    const capped = await lens.moduleReport("src/blog/post-store.ts", { maxRefs: 1 });
    expect(flat(capped).get("Post")!.usedBy).toHaveLength(1);
    expect(capped.provenance?.usedBy).toMatch(/show 1 of more/);
  });

  it("a name-only link stays within a language family (a Python call of `partial` is no use of a TS `partial`)", async () => {
    const { lens } = await indexed({
      "src/a.ts": "export function partialApply(x: number): number {\n  return x;\n}\n",
      "src/c.js": "const m = require('./other');\nexports.y = m.partialApply(2);\n",
      "tools/b.py": "from functools import partialApply\n\n\ndef g():\n    return partialApply(1)\n",
    });
    const used = flat(await lens.moduleReport("src/a.ts")).get("partialApply")!.usedBy ?? [];
    expect(used.map((u) => u.file)).toEqual(["src/c.js"]);
  });

  it("blastRadius walks reverse edges with read handles", async () => {
    const { lens } = await indexed();
    const r = await lens.moduleReport("src/lib/strings.ts", { blastRadius: true, blastRadiusDepth: 2 });
    const files = r.blastRadius!.files;
    const byFile = new Map(files.map((f) => [f.file, f]));
    expect(byFile.get("src/blog/post-store.ts")).toMatchObject({ minDepth: 1, relations: ["imports"], read: { path: "src/blog/post-store.ts", offset: 13, limit: 40 } });
    // main.ts calls padLeft through the barrel: a direct reference (depth 1) as well as an importer of the barrel.
    expect(byFile.get("src/main.ts")).toMatchObject({ minDepth: 1, relations: expect.arrayContaining(["references"]) });
    expect(byFile.get("src/lib/index.ts")).toMatchObject({ minDepth: 1, relations: ["imports"] });
    expect(r.blastRadius!.truncated).toBe(false);
    expect(files.length).toBeLessThanOrEqual(12);
  });

  it("warns when the file changed after the build and when HEAD moved", async () => {
    const { dir, lens } = await indexed();
    appendFileSync(join(dir, "src/lib/strings.ts"), "\nexport const VERSION = 2;\n");
    const r = await lens.moduleReport("src/lib/strings.ts");
    expect(r.staleness).toBe("stale");
    expect(r.warnings?.join("\n")).toMatch(/file changed after the project graph was built .*; run `pilens index`/);
    // While a build runs (a host's background index), the warning does not send the agent to a shell.
    const files: Record<string, string> = { "package.json": "{}" };
    for (let i = 0; i < 150; i++) files[`src/m${i}.ts`] = `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`;
    const big = await indexed(files);
    for (let i = 0; i < 150; i++) appendFileSync(join(big.dir, `src/m${i}.ts`), `export const c${i} = ${i};\n`);
    writeFileSync(join(big.dir, "src/fresh.ts"), "export function fresh(): number {\n  return 1;\n}\n");
    const building = big.lens.index();
    const during = await big.lens.moduleReport("src/m0.ts");
    expect(during.warnings?.join("\n")).toMatch(/file changed after the project graph was built .*; the index being built now refreshes it/);
    // A file new since the graph was built, likewise (pi's first seconds said "run `pilens index`", QA session 45).
    const fresh = (await big.lens.moduleReport("src/fresh.ts")).warnings?.join("\n");
    expect(fresh).toMatch(/src\/fresh\.ts is not in the project graph yet \(new since it was built: the index being built now adds it; or ignored, or over the file cap\) — usedBy unknown/);
    expect(fresh).not.toMatch(/pilens index/);
    await building;
  });
});

describe("symbol_search", () => {
  it("ranks the defining file first, definition line and suggestedNext included", async () => {
    const { lens } = await indexed();
    const r = await lens.symbolSearch("slugify");
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "src/lib/strings.ts", startLine: 2, endLine: 7, symbol: "slugify", suggestedNext: { tool: "read_symbol", file: "src/lib/strings.ts", symbol: "slugify" } });
    // Callers follow; the test file is demoted below source callers.
    const files = r.hits.map((h) => h.file);
    expect(files.indexOf("src/blog/post-store.ts")).toBeLessThan(files.indexOf("test/strings.test.ts"));
    // .gitignore'd folders are not indexed.
    expect(files).not.toContain("generated/big.ts");
  });

  it("a query naming a member with its owner points at the member, not the owner", async () => {
    const { lens } = await indexed();
    const r = await lens.symbolSearch("PostStore keyFor");
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "src/blog/post-store.ts", symbol: "PostStore.keyFor", kind: "method" });
  });

  it("among names covering the query, the one with the least else: QuerySet.filter, not complex_filter", async () => {
    const methods = ["all", "count", "exists", "first", "last", "order_by", "values", "filter"].map((m) => `    def ${m}(self, *args):\n        return self\n`);
    const big = "    def complex_filter(self, filter_obj):\n" + "        x = 1\n".repeat(20) + "        return self\n";
    const hooks = "from typing import TypeVar\nT_before_request = TypeVar('T_before_request')\n\nclass Scaffold:\n    def before_request(self, f):\n        return f\n";
    const { lens } = await indexed({ "query.py": `class QuerySet:\n${methods.join("")}${big}`, "scaffold.py": hooks });
    const r = await lens.symbolSearch("QuerySet filter");
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "query.py", symbol: "QuerySet.filter" });
    const b = await lens.symbolSearch("before request");
    if (!b.available) throw new Error(b.reason);
    expect(b.hits[0]).toMatchObject({ file: "scaffold.py", symbol: "Scaffold.before_request" });
  });

  it("marks a hit whose file changed since the build (its lines may have moved) and says so", async () => {
    const { dir, lens } = await indexed();
    const before = await lens.symbolSearch("slugify");
    if (!before.available) throw new Error(before.reason);
    expect(before.hits.some((h) => h.stale)).toBe(false);
    expect(before.warnings).toBeUndefined();
    const file = join(dir, "src/lib/strings.ts");
    writeFileSync(file, "// two new lines\n// on top\n" + readFileSync(file, "utf8"));
    const after = await lens.symbolSearch("slugify");
    if (!after.available) throw new Error(after.reason);
    expect(after.hits.find((h) => h.file === "src/lib/strings.ts")).toMatchObject({ startLine: 2, stale: true });
    expect(after.hits.filter((h) => h.file !== "src/lib/strings.ts").every((h) => !h.stale)).toBe(true);
    expect(after.warnings?.join("\n")).toMatch(/1 of these files changed since they were indexed .*src\/lib\/strings\.ts.*`pilens index`/);
  });

  it("ranks a definition above the barrels that re-export it", async () => {
    const body = Array.from({ length: 40 }, (_, i) => `  out = out.replace(/x${i}/g, "y"); // step ${i} of the conversion`).join("\n");
    const { lens } = await indexed({
      "package.json": "{}",
      "src/internal/to-file.ts": `/** Turns anything into a file. */\nexport function toFile(value: string): string {\n  let out = value;\n${body}\n  return out;\n}\n`,
      "src/core/uploads.ts": 'export { toFile } from "../internal/to-file";\n',
      "src/index.ts": 'export { toFile } from "./internal/to-file";\nexport const VERSION = "1";\n',
    });
    const r = await lens.symbolSearch("toFile");
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0], JSON.stringify(r.hits.map((h) => [h.file, h.score]))).toMatchObject({ file: "src/internal/to-file.ts", symbol: "toFile", kind: "function" });
    expect(r.hits.map((h) => h.file)).toEqual(expect.arrayContaining(["src/core/uploads.ts", "src/index.ts"]));
  });

  it("CLI search: several --paths globs after one flag filter, not query words; an empty query is a usage error", async () => {
    const { dir } = await indexed();
    const run = async (...argv: string[]) => {
      let out = "";
      let err = "";
      const code = await main(["search", ...argv, "--cwd", dir], { out: (s) => (out += s + "\n"), err: (s) => (err += s + "\n") });
      return { code, out, err };
    };
    const both = await run("slugify", "--paths", "src/lib/**", "src/blog/**");
    expect(both.code).toBe(0);
    const files = both.out.trim().split("\n").map((l) => l.split(":")[0]);
    expect(files[0]).toBe("src/lib/strings.ts");
    expect(files).toContain("src/blog/post-store.ts");
    expect(files.every((f) => /^src\/(lib|blog)\//.test(f!))).toBe(true);
    expect((await run("")).code).toBe(2);
    const none = await run("slugify", "--paths", "nowhere/**");
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no identifier matches "slugify" in nowhere\/\*\*/);
    // `--lang` takes an id or an extension; a language that does not exist is a usage error, not "no match".
    const ts = await run("slugify", "--lang", "ts");
    expect([ts.code, ts.out.split(":")[0]]).toEqual([0, "src/lib/strings.ts"]);
    const bad = await run("slugify", "--lang", "klingon");
    expect([bad.code, bad.err]).toEqual([2, expect.stringMatching(/unknown language "klingon"; one of: typescript, /)]);
  });

  it("ranks a name as typed above the same name in another case", async () => {
    const fn = (n: string) => `export function ${n}(url: string): string {\n  return url;\n}\n`;
    const { lens } = await indexed({ "package.json": "{}", "src/a/child.ts": fn("newRequest"), "src/b/request.ts": fn("NewRequest") });
    for (const [q, first] of [["NewRequest", "src/b/request.ts"], ["newRequest", "src/a/child.ts"]] as const) {
      const r = await lens.symbolSearch(q);
      if (!r.available) throw new Error(r.reason);
      expect(r.hits[0]?.file, q).toBe(first);
    }
  });

  it("splits camelCase, filters by path and language, and finds mentions", async () => {
    const { lens } = await indexed();
    const parts = await lens.symbolSearch("truncate text");
    expect(parts.available && parts.hits[0]?.symbol).toBe("truncateText");
    const scoped = await lens.symbolSearch("slugify", { paths: ["src/blog"] });
    expect(scoped.available && scoped.hits.map((h) => h.file)).toEqual(["src/blog/post-store.ts"]);
    const wrongLang = await lens.symbolSearch("slugify", { lang: "python" });
    expect(wrongLang.available && wrongLang.hits).toEqual([]);
    const prefix = await lens.symbolSearch("renderTea");
    expect(prefix.available && prefix.hits[0]?.symbol).toBe("renderTeaser");
  });

  it("ranks the files defining a common name above the many test files calling it", async () => {
    // zod's shape: `safeParse` defined in a parse module and as a method of a large schema class, and
    // called over and over by short test files that out-score both on BM25 alone.
    const files: Record<string, string> = {
      "src/parse.ts": `import type { Schema, ParseResult } from "./schema.js";

export function parse<T>(schema: Schema<T>, data: unknown): T {
  const result = safeParse(schema, data);
  if (!result.success) throw new Error(result.error);
  return result.data;
}

export function safeParse<T>(schema: Schema<T>, data: unknown): ParseResult<T> {
  return schema.check(data) ? { success: true, data: data as T } : { success: false, error: schema.describe() };
}
`,
      "src/schema.ts": `import { safeParse as runSafeParse } from "./parse.js";

export type ParseResult<T> = { success: true; data: T } | { success: false; error: string };

export class Schema<T> {
  constructor(private readonly checkFn: (value: unknown) => boolean, private readonly label: string) {}

  check(value: unknown): boolean {
    return this.checkFn(value);
  }

  describe(): string {
    return \`expected \${this.label}\`;
  }

  safeParse(data: unknown): ParseResult<T> {
    return runSafeParse(this, data);
  }

${Array.from({ length: 40 }, (_, i) => `  refineStep${i}(minimumLength: number, maximumLength: number): Schema<T> {\n    return new Schema((value) => this.checkFn(value) && String(value).length >= minimumLength + ${i} && String(value).length <= maximumLength, this.label);\n  }\n`).join("\n")}}
`,
    };
    // More test files than the old re-rank pool (60) held.
    for (let i = 0; i < 70; i++) {
      files[`test/case-${i}.test.ts`] = `import { expect, test } from "vitest";
import { Schema } from "../src/schema.js";

const schema${i} = new Schema((v) => typeof v === "string", "string ${i}");

test("case ${i}", () => {
  expect(schema${i}.safeParse("ok").success).toBe(true);
  expect(schema${i}.safeParse(${i}).success).toBe(false);
  expect(schema${i}.safeParse(null).success).toBe(false);
});
`;
    }
    const { lens } = await indexed(files);
    const r = await lens.symbolSearch("safeParse");
    if (!r.available) throw new Error(r.reason);
    expect(r.hits.slice(0, 2).map((h) => [h.file, h.symbol])).toEqual([
      ["src/parse.ts", "safeParse"],
      ["src/schema.ts", "Schema.safeParse"],
    ]);
    expect(r.hits[2]?.file).toMatch(/^test\//);
    // The same order when asking for fewer.
    const one = await lens.symbolSearch("safeParse", { limit: 1 });
    expect(one.available && one.hits.map((h) => h.file)).toEqual(["src/parse.ts"]);
  });

  it("is unavailable (never blocking) before the first build", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.symbolSearch("slugify");
    expect(r).toMatchObject({ available: false });
    expect(!r.available && r.reason).toMatch(/pilens index/);
    const building = lens.index();
    const during = await lens.symbolSearch("slugify");
    expect(during).toMatchObject({ available: false, reason: expect.stringMatching(/being built/) });
    expect(!during.available && during.retryAfterMs).toBeGreaterThan(0);
    await building;
    expect((await lens.symbolSearch("slugify")).available).toBe(true);
  });

  it("waits for a refresh loading a committed index instead of saying it is being built", async () => {
    const dir = tempProject(APP);
    await (await Lens.create({ cwd: dir })).index();
    const lens = await Lens.create({ cwd: dir }); // a host's new process: the graph is on disk, not in memory
    const building = lens.index({ background: true });
    const r = await lens.symbolSearch("slugify");
    expect(r.available, JSON.stringify(r)).toBe(true);
    expect(r.available && r.hits[0]?.symbol).toBe("slugify");
    await building;
  });

  it("the symbol_search tool answers available:false with a retry hint before the index, not an error", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir });
    const out = await runTool(symbolSearch, lens, { query: "slugify" });
    expect(out.isError).toBeFalsy();
    expect(out.summary).toMatch(/^symbol_search "slugify"  not available yet: no symbol index/);
    expect(out.summary).toMatch(/pilens index/);
    expect(out.body).toBe(""); // one message: the result is not repeated as JSON
    expect(out.details).toMatchObject({ available: false, reason: expect.stringMatching(/pilens index/) });
  });

  it("estimates a build's time left from its file count before the first file is done", () => {
    const now = 1_000_000;
    // 669 files, none done yet: not a flat 2 s (the stdlib build took 6.3 s).
    expect(indexEta({ done: 0, total: 669, started: now }, now)).toBeGreaterThanOrEqual(6000);
    expect(indexEta({ done: 300, total: 600, started: now - 3000 }, now)).toBe(3000);
    expect(indexEta({ done: 0, total: 0, started: now }, now)).toBe(2000); // still listing files
    expect(indexEta({ done: 1, total: 100_000, started: now - 1000 }, now)).toBe(30_000);
  });
});

describe("index: persisted, incremental, robust", () => {
  it("re-parses only the changed file and sees the change", async () => {
    const { dir, lens } = await indexed();
    const again = await Lens.create({ cwd: dir }); // a new process would start like this
    const same = await again.index();
    expect(same).toMatchObject({ parsed: 0, removed: 0 });
    writeFileSync(join(dir, "src/blog/render.ts"), readFileSync(join(dir, "src/blog/render.ts"), "utf8") + "\nexport function renderTitle(t: string): string {\n  return slugify(t);\n}\nimport { slugify } from \"../lib/strings.js\";\n");
    const r = await again.index();
    expect(r).toMatchObject({ parsed: 1, reused: 5, removed: 0 });
    const rep = await again.moduleReport("src/lib/strings.ts");
    expect(flat(rep).get("slugify")!.usedBy!.some((u) => u.symbol === "renderTitle")).toBe(true);
    // A fresh Lens reading the persisted graph sees the same.
    const fresh = await Lens.create({ cwd: dir });
    expect(flat(await fresh.moduleReport("src/lib/strings.ts")).get("slugify")!.usedBy!.some((u) => u.symbol === "renderTitle")).toBe(true);
    // The first Lens notices the commit by the second.
    expect(flat(await lens.moduleReport("src/lib/strings.ts")).get("slugify")!.usedBy!.some((u) => u.symbol === "renderTitle")).toBe(true);
  });

  it("a one-shot refresh (no word index) relinks files that mention a newly defined name", async () => {
    // render.ts calls wordCount() before any file defines it; strings.ts then gains the definition.
    const files = { ...APP, "src/blog/render.ts": APP["src/blog/render.ts"] + "\nexport function teaserWords(p: Post): number {\n  return wordCount(p.body);\n}\n" };
    const dir = tempProject(files);
    const first = await Lens.create({ cwd: dir });
    expect((await first.index({ warmSearch: false })).warnings).toEqual([]);
    appendFileSync(join(dir, "src/lib/strings.ts"), "\nexport function wordCount(text: string): number {\n  return text.split(/\\s+/).length;\n}\n");
    // As `pilens index` runs it: a fresh process, the committed graph loaded, no search to warm for.
    const oneShot = await Lens.create({ cwd: dir });
    expect(await oneShot.index({ warmSearch: false })).toMatchObject({ parsed: 1, removed: 0 });
    const used = flat(await (await Lens.create({ cwd: dir })).moduleReport("src/lib/strings.ts")).get("wordCount")!.usedBy!;
    expect(used).toContainEqual(expect.objectContaining({ file: "src/blog/render.ts", symbol: "teaserWords", relation: "call" }));
    // Untouched entries were written back in their on-disk form, undecoded: a fresh load reads every
    // file's occurrences as a rebuild has them.
    const occurrences = async (l: Lens) => {
      const pg = await l.project();
      await pg.loadCommitted([]);
      return Object.fromEntries([...pg.model!.files].map(([rel, e]) => [rel, `${e.n}|${Array.from(e.o).join(",")}`]));
    };
    const afterRefresh = await occurrences(await Lens.create({ cwd: dir }));
    expect(Object.values(afterRefresh).filter((o) => o.length > 1).length).toBeGreaterThan(4);
    // The same graph as a refresh that had the word index built, and as a full rebuild.
    const withWords = tempProject(files);
    const w = await Lens.create({ cwd: withWords });
    await w.index();
    await w.symbolSearch("slugify"); // the word index is built and kept up to date from here on
    appendFileSync(join(withWords, "src/lib/strings.ts"), "\nexport function wordCount(text: string): number {\n  return text.split(/\\s+/).length;\n}\n");
    await w.index();
    const usedW = flat(await w.moduleReport("src/lib/strings.ts")).get("wordCount")!.usedBy!;
    expect(usedW).toEqual(used);
    const rebuilt = await Lens.create({ cwd: dir });
    await rebuilt.index({ rebuild: true });
    expect(flat(await rebuilt.moduleReport("src/lib/strings.ts")).get("wordCount")!.usedBy!).toEqual(used);
    expect(await occurrences(await Lens.create({ cwd: dir }))).toEqual(afterRefresh);
  });

  it("relinks the importers of a barrel whose re-exports changed", async () => {
    const fn = (tag: string) => `export function makeLabel(x: string): string {\n  return "${tag}" + x;\n}\n`;
    const dir = tempProject({
      "src/a.ts": fn("a"),
      "src/b.ts": fn("b"),
      "src/index.ts": `export * from "./a.js";\n`,
      "src/use.ts": `import { makeLabel } from "./index.js";\n\nexport function shout(x: string): string {\n  return makeLabel(x).toUpperCase();\n}\n`,
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const users = async (l: Lens, f: string) => (flat(await l.moduleReport(f)).get("makeLabel")!.usedBy ?? []).map((u) => `${u.file}:${u.symbol}`);
    expect(await users(lens, "src/a.ts")).toEqual(["src/use.ts:shout"]);
    expect(await users(lens, "src/b.ts")).toEqual([]);
    // The barrel now re-exports b.ts instead: use.ts did not change, its link must move.
    writeFileSync(join(dir, "src/index.ts"), `export * from "./b.js";\n`);
    expect(await lens.index()).toMatchObject({ parsed: 1 });
    expect(await users(lens, "src/a.ts")).toEqual([]);
    expect(await users(lens, "src/b.ts")).toEqual(["src/use.ts:shout"]);
    const rebuilt = await Lens.create({ cwd: dir });
    await rebuilt.index({ rebuild: true });
    expect(await users(rebuilt, "src/b.ts")).toEqual(["src/use.ts:shout"]);
  });

  it("links importers to a file that appears after them (an import that did not resolve yet)", async () => {
    const dir = tempProject({
      "src/use.ts": `import { makeLabel } from "./label.js";\n\nexport function shout(x: string): string {\n  return makeLabel(x).toUpperCase();\n}\n`,
      "src/other.ts": `export function makeLabel(x: string): string {\n  return "other" + x;\n}\n`,
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const users = async (l: Lens, f: string) => (flat(await l.moduleReport(f)).get("makeLabel")!.usedBy ?? []).map((u) => `${u.file}:${u.symbol}`);
    // The agent writes the module use.ts was written against: use.ts itself does not change.
    writeFileSync(join(dir, "src/label.ts"), `export function makeLabel(x: string): string {\n  return "[" + x + "]";\n}\n`);
    expect(await lens.index()).toMatchObject({ parsed: 2 }); // label.ts, and use.ts whose import now resolves
    expect(await users(lens, "src/label.ts")).toEqual(["src/use.ts:shout"]);
    expect(await users(lens, "src/other.ts")).toEqual([]);
    // The same through a long-lived host's updateFiles (a folder module this time), in another
    // process's Lens: the unresolved import was persisted with the graph.
    writeFileSync(join(dir, "src/use2.ts"), `import { pad } from "./pad";\n\nexport function wide(x: string): string {\n  return pad(x);\n}\n`);
    await lens.index();
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(dir, "src/pad"));
    writeFileSync(join(dir, "src/pad/index.ts"), `export function pad(x: string): string {\n  return " " + x;\n}\n`);
    const host = await Lens.create({ cwd: dir });
    expect((await host.updateFiles(["src/pad/index.ts"])).parsed).toBe(2);
    const padUsers = (flat(await host.moduleReport("src/pad/index.ts")).get("pad")!.usedBy ?? []).map((u) => `${u.file}:${u.symbol}`);
    expect(padUsers).toEqual(["src/use2.ts:wide"]);
  });

  it("drops a deleted file and its links", async () => {
    const { dir, lens } = await indexed();
    const { unlinkSync } = await import("node:fs");
    unlinkSync(join(dir, "test/strings.test.ts"));
    const r = await lens.index();
    expect(r).toMatchObject({ parsed: 0, removed: 1 });
    const used = flat(await lens.moduleReport("src/lib/strings.ts")).get("slugify")!.usedBy!;
    expect(used.some((u) => u.file.startsWith("test/"))).toBe(false);
  });

  it("rebuilds a corrupt or foreign-version cache with a warning", async () => {
    const { dir } = await indexed();
    const cache = cacheDirFor(dir);
    const shard = readdirSync(cache).find((n) => n.startsWith("files-"))!;
    writeFileSync(join(cache, shard), "{ not json");
    const lens = await Lens.create({ cwd: dir });
    const rep = await lens.moduleReport("src/lib/strings.ts");
    expect(rep.available).toBe(true);
    const r = await lens.index();
    expect(r.warnings.join("\n")).toMatch(/graph cache shard files-\d+\.g\d+\.json .*— rebuilding the project graph from scratch/);
    expect(r.parsed).toBe(6);
    expect(flat(await lens.moduleReport("src/lib/strings.ts")).get("slugify")!.usedBy?.length).toBeGreaterThan(0);
    const meta = JSON.parse(readFileSync(join(cache, "meta.json"), "utf8"));
    writeFileSync(join(cache, "meta.json"), JSON.stringify({ ...meta, version: 999 }));
    const other = await Lens.create({ cwd: dir });
    const rep2 = await other.moduleReport("src/lib/strings.ts");
    expect(rep2.warnings?.join("\n")).toMatch(/format version 999.*run `pilens index`/);
    const r2 = await other.index();
    expect(r2.warnings.join("\n")).toMatch(/format version 999, this pilens reads \d+ — rebuilding/);
    expect(r2.parsed).toBe(6);
  });

  it("rebuilds a graph made by other packs or pack options, which file stamps cannot tell", async () => {
    const { dir } = await indexed();
    // The same files, another pack option: the entries may differ, so the graph is not served.
    const other = await Lens.create({ cwd: dir, languageOptions: { typescript: { someOption: true } } });
    const rep = await other.moduleReport("src/lib/strings.ts");
    expect(rep.staleness).not.toBe("fresh");
    expect(rep.warnings?.join("\n")).toMatch(/project graph built with other language packs or pack options \(pack options in \.pilensrc changed\) — run `pilens index`/);
    // A call while the rebuild runs (a host's background build) must not reset the graph under it:
    // that build then committed an empty graph.
    // (More files than one progress step, so the call lands while files are still being parsed.)
    for (let i = 0; i < 24; i++) writeFileSync(join(dir, "src", `extra${i}.ts`), `export const extra${i} = ${i};\n`);
    let during: ReturnType<typeof other.symbolSearch> | undefined;
    let reportDuring: ReturnType<typeof other.moduleReport> | undefined;
    const building = other.index({ background: true, onProgress: () => void ((during ??= other.symbolSearch("slugify")), (reportDuring ??= other.moduleReport("src/lib/strings.ts"))) });
    const r = await building;
    expect((await during!).available).toBe(false);
    // A report meanwhile says the build under way rebuilds it (pi's first seconds after an upgrade had said
    // "run `pilens index`", QA session 45).
    const w = (await reportDuring!).warnings?.join("\n");
    expect(w).toMatch(/project graph built with other language packs or pack options \(pack options in \.pilensrc changed\) — the index being built now rebuilds it/);
    expect(w).not.toMatch(/pilens index/);
    expect(r.warnings.join("\n")).toMatch(/pack options in \.pilensrc changed\) — rebuilding the project graph from scratch/);
    expect(r.parsed).toBe(30);
    const after = await other.symbolSearch("slugify");
    expect(after.available && after.hits[0]?.file).toBe("src/lib/strings.ts");
    expect((await other.moduleReport("src/lib/strings.ts")).staleness).toBe("fresh");
    // A pack added (or upgraded: its meta.version is part of the key) is named.
    const { definePack } = await import("../../core/plugin.js");
    const extra = definePack({ meta: { name: "pilens-pack-extra", version: "2.0.0" }, languages: [{ id: "extra", extensions: [".extra"], grammar: "bash", queries: {} }] } as never);
    const third = await Lens.create({ cwd: dir, languageOptions: { typescript: { someOption: true } }, extraPacks: [extra] });
    expect((await third.moduleReport("src/lib/strings.ts")).warnings?.join("\n")).toMatch(/\(now also pilens-pack-extra@2\.0\.0\)/);
    // A meta written by an older pilens (no or another shape of key) is not served either.
    const cache = cacheDirFor(dir);
    const meta = JSON.parse(readFileSync(join(cache, "meta.json"), "utf8"));
    writeFileSync(join(cache, "meta.json"), JSON.stringify({ ...meta, analyzer: "typescript,go" }));
    expect((await other.moduleReport("src/lib/strings.ts")).warnings?.join("\n")).toMatch(/\(built by an older pilens\) — run `pilens index`/);
    // Built-in packs carry their output revision: a graph a pilens of another revision built (whose
    // extraction differed) is rebuilt, not served for the files that did not change.
    const { BUILTIN_REVISION } = await import("../../language-packs/index.js");
    const packs = (other.analyzer().packs as string[]);
    expect(packs).toContain(`typescript@${BUILTIN_REVISION}`);
    writeFileSync(join(cache, "meta.json"), JSON.stringify({ ...meta, analyzer: { ...other.analyzer(), packs: packs.map((p) => p.replace(`@${BUILTIN_REVISION}`, "@2026-01-01")) } }));
    expect((await other.moduleReport("src/lib/strings.ts")).warnings?.join("\n")).toMatch(/\(11 packs 2026-01-01 → \d{4}-\d\d-\d\d(?:\.\d+)?\) — run `pilens index`/);
  });

  it("honours .pilensrc ignore globs and the file cap, and says so", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir, index: { maxFiles: 4, ignore: ["test/**"] } });
    const r = await lens.index();
    expect(r.files).toBe(4);
    expect(r.warnings.join("\n")).toMatch(/project has 1 more source file\(s\) than the index cap of 4.*raise index\.maxFiles in \.pilensrc/);
    const s = await lens.symbolSearch("checkSlugify");
    expect(s.available && s.hits.some((h) => h.file.startsWith("test/"))).toBe(false);
    const rep = await lens.moduleReport("src/lib/strings.ts");
    expect(rep.warnings?.join("\n")).toMatch(/index cap of 4/);
    // A file the config leaves out: `pilens index` cannot help, and the warning does not say it would.
    const ignored = (await lens.moduleReport("test/strings.test.ts")).warnings?.join("\n");
    expect(ignored).toMatch(/test\/strings\.test\.ts is left out of the project graph by \.pilensrc `ignore` — usedBy unknown \(remove it from `ignore` to index it\)/);
    expect(ignored).not.toMatch(/run `pilens index`/);
  });

  it("a symlink to a file the scan also finds is not indexed twice, nor one leading out of the project", async () => {
    const dir = tempProject(APP);
    const outside = tempProject({ "shared.ts": "export function sharedHelper() {\n  return 1;\n}\n" });
    symlinkSync(join(dir, "src/lib/strings.ts"), join(dir, "src/strings-link.ts"));
    symlinkSync("../lib/strings.ts", join(dir, "src/blog/strings-rel.ts"));
    symlinkSync(join(outside, "shared.ts"), join(dir, "src/shared.ts"));
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.index();
    expect(r.files).toBe(6); // APP's indexed files
    expect(r.warnings).toEqual([]); // (the outside link had been "a file with no outline" at every build)
    const s = await lens.symbolSearch("slugify");
    const files = s.available ? s.hits.map((h) => h.file) : [];
    expect(files).toContain("src/lib/strings.ts");
    expect(files.filter((f) => /strings-(link|rel)/.test(f))).toEqual([]);
    // The link inside still reports as a file of its own (a report reads the path it is given).
    expect((await lens.moduleReport("src/strings-link.ts")).api?.map((e) => e.name)).toContain("slugify");
  });

  it("a file over the index size cap is named in reports and search: its uses are unknown, not none", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir, index: { maxFileBytes: 400 } });
    const r = await lens.index();
    expect(r.warnings.join("\n")).toMatch(/file\(s\) over 400 bytes were not parsed/);
    const rep = await lens.moduleReport("src/lib/strings.ts");
    expect(rep.warnings?.join("\n")).toMatch(/over the index size cap.*usedBy.*blastRadius/);
    const s = await lens.symbolSearch("slugify");
    expect(s.available && s.warnings?.join("\n")).toMatch(/over the index size cap/);
    // A build that reuses the entries (nothing changed) still knows them — the MCP server's second
    // pass used to reset the count to 0 and search said nothing — and names them.
    const big = readdirSync(join(dir, "src"), { recursive: true, encoding: "utf8" }).map((f) => `src/${f}`).filter((f) => f.endsWith(".ts") && statSync(join(dir, f)).size > 400).sort();
    const small = readdirSync(join(dir, "src"), { recursive: true, encoding: "utf8" }).map((f) => `src/${f}`).find((f) => f.endsWith(".ts") && statSync(join(dir, f)).size <= 400)!;
    expect(big.length).toBeGreaterThan(0);
    expect((await lens.index()).parsed).toBe(0);
    const again = await lens.symbolSearch("slugify");
    expect(again.available && again.warnings?.join("\n")).toContain(`${big.length} file(s) over the index size cap (${big.slice(0, 3).join(", ")}${big.length > 3 ? ", …" : ""}) were not parsed`);
    expect((await lens.moduleReport(small)).warnings?.join("\n")).toMatch(/over the index size cap \(src\/.*\) were not parsed/);
    // The file itself over the cap: its symbols' uses are unknown, and its blast radius knows importers only.
    const own = await lens.moduleReport(big[0]!, { blastRadius: true });
    expect(own.warnings?.join("\n")).toContain(`${big[0]} is over the index size cap: not parsed into the project graph — usedBy, fanout and blastRadius of its symbols unknown`);
    expect(own.provenance?.usedBy).toMatch(/^unavailable: the file is over the index size cap/);
    expect(own.provenance?.blastRadius).toMatch(/reference edges to this file unknown/);
    // Deleted since the build, before the index has caught up: no longer named, nor counted (pi QA 45 D9).
    for (const f of big) rmSync(join(dir, f));
    expect((await lens.moduleReport(small)).warnings?.join("\n") ?? "").not.toMatch(/over the index size cap/);
    const gone = await lens.symbolSearch("slugify");
    expect(gone.available ? (gone.warnings ?? []).join("\n") : "unavailable").not.toMatch(/over the index size cap/);
  });

  it("one build per root at a time: concurrent calls share it", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir });
    const [a, b] = await Promise.all([lens.index(), lens.index()]);
    expect(a).toBe(b);
    expect(a.parsed).toBe(6);
  });

  it("a background build pauses while a host's call is answered (lens.serve), and finishes after", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 80; i++) files[`src/m${i}.ts`] = `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`;
    const lens = await Lens.create({ cwd: tempProject(files) });
    const parsed: string[] = [];
    lens.hooks.extract.for("typescript").tap("test:count", (records, ctx) => {
      parsed.push(ctx.path);
      return records;
    });
    const build = lens.index({ background: true, workers: 0 });
    while (parsed.length < 3) await new Promise((r) => setTimeout(r, 2));
    await lens.serve(async () => {
      const at = parsed.length;
      // The call's own work; the index, yielding between files, would parse dozens meanwhile.
      const r = await lens.moduleReport("src/m79.ts");
      await new Promise((r) => setTimeout(r, 150));
      expect(r.available).toBe(true);
      // At most the file in flight when the call came, and the call's own file.
      expect(parsed.length - at).toBeLessThanOrEqual(2);
      expect(lens.busy).toBe(true);
    });
    expect(lens.busy).toBe(false);
    expect((await build).parsed).toBe(80);
  });

  it("updateFiles re-indexes an edited file for long-lived hosts", async () => {
    const { dir, lens } = await indexed();
    const p = join(dir, "src/main.ts");
    writeFileSync(p, readFileSync(p, "utf8").replace("padLeft(line, 20)", "line"));
    const later = new Date(Date.now() + 2000);
    utimesSync(p, later, later);
    const u = await lens.updateFiles(["src/main.ts"]);
    expect(u.parsed).toBe(1);
    // Still imported, no longer called.
    expect(flat(await lens.moduleReport("src/lib/strings.ts")).get("padLeft")!.usedBy).toEqual([{ file: "src/main.ts", symbol: "(top level)", line: 3, relation: "import", confidence: "import" }]);
  });
});

describe("read_symbol misses consult the graph", () => {
  it("names the file that defines the symbol", async () => {
    const { lens } = await indexed();
    const r = await lens.readSymbol("src/main.ts", "PostStore.keyFor");
    expect(r.found).toBe(false);
    expect(r.note).toMatch(/^not in src\/main\.ts — `PostStore\.keyFor` is defined in src\/blog\/post-store\.ts:17-19/);
  });
});
