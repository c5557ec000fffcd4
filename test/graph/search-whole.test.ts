/**
 * symbol_search for one identifier: the files holding it whole rank before the files that share only
 * its camelCase words (QA round X item 7: in zod's src, `ZodError` at limit 100 returned 77 files
 * without the word, full of `zod…` and `…Error` names, and left out two files using it 25 times).
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

/** A long file (low BM25): many identifiers of its own, the queried one a few times, late. */
function longUser(uses: string, head = ""): string {
  const steps = Array.from({ length: 50 }, (_, i) => `export function step${i}(input${i}: number): number {\n  const value${i} = input${i} * ${i};\n  return value${i} + offset${i};\n}\n`).join("\n");
  return `${head}${steps}\n${uses}`;
}

/** Short files dense with the query's words, never the identifier itself. */
function subWordFiles(n: number, body: (k: number) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let k = 0; k < n; k++) out[`src/locales/l${k}.ts`] = body(k);
  return out;
}

const ZOD: Record<string, string> = {
  "src/errors.ts": "export class ZodError extends Error {\n  issues: string[] = [];\n}\n",
  "src/parse.ts": longUser(
    'export function check(data: unknown): void {\n  if (!data) throw new ZodError();\n  if (data === 1) throw new ZodError();\n}\n',
    'import { ZodError } from "./errors.js";\nimport { formatZodErrorIssues } from "./format.js";\n\nexport const shown = formatZodErrorIssues([]);\n\n',
  ),
  "test/errors.test.ts": 'import { ZodError } from "../src/errors.js";\n\nexport function throws(): boolean {\n  return new ZodError() instanceof Error;\n}\n',
  ...subWordFiles(6, (k) => `export type ZodErrorMap${k} = (zodIssue: ZodIssue${k}) => { errorMessage: string };\nexport const zodErrorMap${k}: ZodErrorMap${k} = (zodIssue) => ({ errorMessage: zodIssue.errorText });\nexport function errorFromZod${k}(zodError${k}: ZodErrorMap${k}) {\n  return zodError${k};\n}\n`),
  // The rest of the package: neither word (zod and error are rarer than in zod itself, so weigh more).
  ...Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`src/util/u${k}.ts`, `export function helper${k}(amount: number): number {\n  return amount + ${k};\n}\n`])),
};

async function lensOf(files: Record<string, string>): Promise<Lens> {
  const lens = await Lens.create({ cwd: tempProject(files) });
  expect((await lens.index()).warnings).toEqual([]);
  return lens;
}

async function files(lens: Lens, query: string, limit: number): Promise<string[]> {
  const r = await lens.symbolSearch(query, { limit });
  if (!r.available) throw new Error(r.reason);
  return r.hits.map((h) => h.file);
}

describe("symbol_search: the identifier whole before its words", () => {
  it("a long file and a test using `ZodError` rank before short files full of zod… and …Error names, at any limit; those follow", async () => {
    const lens = await lensOf(ZOD);
    const holders = ["src/errors.ts", "src/parse.ts", "test/errors.test.ts"];
    // (Before: the six short files scored 14.7 — a `ZodErrorMap0` prefix match, dense in both words —, the
    // test 2.8 and the long file 1.8.) The definition first, then the files using it, by score; at a
    // limit below the sub-word files' count too.
    const three = await files(lens, "ZodError", 3);
    expect(three[0]).toBe("src/errors.ts");
    expect([...three].sort()).toEqual(holders);
    expect((await files(lens, "ZodError", 2)).every((f) => holders.includes(f))).toBe(true);
    const all = await files(lens, "ZodError", 20);
    expect(all.slice(0, 3)).toEqual(three);
    expect(all.slice(3).sort()).toEqual(Array.from({ length: 6 }, (_, k) => `src/locales/l${k}.ts`));
    // A file holding it is shown at a line using it, not at an identifier sharing its words (line 4's formatZodErrorIssues).
    const r = await lens.symbolSearch("ZodError", { limit: 3 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits.find((h) => h.file === "src/parse.ts")).toMatchObject({ suggestedNext: { tool: "read_enclosing" }, text: "if (!data) throw new ZodError();" });
    // Dotted: its last segment is the identifier.
    expect((await files(lens, "errors.ZodError", 3)).sort()).toEqual(holders);
  });

  it("a file holding it is not shown at a member whose owner and name share its words (`ZodTypeDef.errorMap` for `ZodError`); a phrase still is", async () => {
    const lens = await lensOf({
      "src/errors.ts": "export class ZodError extends Error {}\n",
      "src/types.ts": 'import { ZodError } from "./errors.js";\nexport interface ZodTypeDef {\n  errorMap?: string;\n}\nexport function fail(): ZodError {\n  return new ZodError();\n}\n',
    });
    const r = await lens.symbolSearch("ZodError", { limit: 5 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits.map((h) => [h.file, h.symbol, h.startLine])).toEqual([
      ["src/errors.ts", "ZodError", 1],
      ["src/types.ts", undefined, 5],
    ]);
    const phrase = await lens.symbolSearch("zod error map", { limit: 5 });
    expect(phrase.available && phrase.hits.find((h) => h.file === "src/types.ts")?.symbol).toBe("ZodTypeDef.errorMap");
  });

  it("a one-word identifier: files using `parse` itself before files with only parseConfig, parseArgs…", async () => {
    const lens = await lensOf({
      "src/reader.ts": longUser('export function read(text: string): unknown {\n  return parse(text);\n}\n', 'import { parse } from "some-parser";\n\n'),
      ...subWordFiles(6, (k) => `export function parseConfig${k}(parseArgs: string) {\n  return parseArgs.length + parseOptions${k}(parseArgs);\n}\n`),
    });
    const found = await files(lens, "parse", 10);
    expect(found[0]).toBe("src/reader.ts");
    expect(found).toHaveLength(7);
  });

  it("an identifier a file defines: at most 3 files sharing only some of its words follow, the rest said (`putVal`: 1 real row and 19 of `nanoVal`, `intValue`: QA round 44)", async () => {
    const lens = await lensOf({
      "src/map.ts": "export class HashMap {\n  putVal(key: string, value: number): void {}\n}\n",
      ...Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`src/other${k}.ts`, `export function putItem${k}(item: string) {\n  const oldVal${k} = item;\n  return oldVal${k};\n}\n`])),
    });
    const r = await lens.symbolSearch("putVal", { limit: 20 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "src/map.ts", symbol: "HashMap.putVal" });
    expect(r.hits).toHaveLength(4);
    expect(r.warnings).toContain('7 more file(s) that share only some of its words are left out (the last rows are the first few of them; search the words, "put val", for all)');
    // The words as a phrase still find them all.
    const phrase = await lens.symbolSearch("put val", { limit: 20 });
    expect(phrase.available && phrase.hits.length).toBe(11);
  });

  it("where no file holds the identifier whole, the files sharing its words are still found (with the warning)", async () => {
    const lens = await lensOf(ZOD);
    const r = await lens.symbolSearch("ZodErrorIssue", { limit: 10 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits.length).toBeGreaterThan(3);
    expect(r.warnings).toContainEqual(expect.stringMatching(/^no indexed file defines or mentions "ZodErrorIssue" itself/));
  });
});
