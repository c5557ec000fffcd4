/**
 * The word index kept between processes (core/graph/word-store.ts): a cold build stores it, a fresh
 * process's search reads it — and brings it up to date with the entries it holds when files changed
 * since — and a damaged, foreign or outdated file is rebuilt, never trusted. Each search is compared
 * with one whose process had no stored index at all.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLens } from "../../config/index.js";
import { cacheDirFor, GraphStore } from "../../core/graph/store.js";
import { decode, encode, WORDS_FORMAT } from "../../core/graph/word-store.js";
import { WordIndex } from "../../core/graph/words.js";
import { APP, tempCache, tempProject } from "./project.js";

tempCache();

const QUERIES = ["slugify", "truncateText", "padLeft", "text", "gammaNew", "PostStore"];

/** What each query finds, as a fresh process (a new Lens, nothing in memory) sees it. */
async function searches(dir: string): Promise<string[]> {
  const lens = await createLens({ cwd: dir });
  const out: string[] = [];
  for (const q of QUERIES) {
    const r = await lens.symbolSearch(q);
    out.push(`${q}: ${r.available ? r.hits.map((h) => `${h.file}:${h.startLine}:${h.symbol ?? "-"}:${h.score.toFixed(3)}`).join(" ") : r.reason}`);
  }
  return out;
}

/** The same searches in a process that finds no stored word index (it builds its own). */
async function searchesWithoutStore(dir: string): Promise<string[]> {
  const words = join(cacheDirFor(dir), "words.bin");
  const kept = readFileSync(words);
  rmSync(words);
  try {
    return await searches(dir);
  } finally {
    writeFileSync(words, kept);
  }
}

const wordsOf = (dir: string) => join(cacheDirFor(dir), "words.bin");
const stampOf = (b: Buffer) => JSON.parse(b.toString("utf8", 8, 8 + b.readUInt32LE(4))).stamp as string;

describe("the word index kept between processes", () => {
  it("a cold build stores it; a fresh process's search reads it (a term planted in it is found) and ranks as a built one", async () => {
    const dir = tempProject(APP);
    await (await createLens({ cwd: dir })).index({ warmSearch: false });
    const file = wordsOf(dir);
    expect(existsSync(file)).toBe(true);
    const stored = readFileSync(file);
    const s = decode(stored, stampOf(stored))!;
    expect(s.docs).toContain("src/lib/strings.ts");
    expect(s.terms).toContain("slugify");
    expect(await searches(dir)).toEqual(await searchesWithoutStore(dir));

    // Plant a term no file holds in the stored postings of strings.ts: only a search that read the
    // stored index can find it (a built one cannot).
    const doc = s.docs.indexOf("src/lib/strings.ts");
    const terms = [...s.terms, "zzzplanted"];
    const post = Int32Array.from([...s.post, doc, 2]);
    const off = Int32Array.from([...s.off, post.length]);
    writeFileSync(file, encode({ ...s, terms, off, post }, s.fp, stampOf(stored)));
    const lens = await createLens({ cwd: dir });
    const found = await lens.symbolSearch("zzzplanted");
    expect(found.available && found.hits.map((h) => h.file)).toEqual(["src/lib/strings.ts"]);
  });

  it("files changed, added and removed since it was stored: a fresh process's search sees them as a built index does", async () => {
    const dir = tempProject(APP);
    await (await createLens({ cwd: dir })).index({ warmSearch: false });
    const before = readFileSync(wordsOf(dir));
    writeFileSync(join(dir, "src/lib/strings.ts"), "export function gammaNew(a: string) {\n  return a.trim();\n}\n");
    writeFileSync(join(dir, "src/extra.ts"), 'import { gammaNew } from "./lib/strings.js";\nexport const padLeft = (s: string) => gammaNew(s);\n');
    rmSync(join(dir, "src/main.ts"));
    // A refresh as `pilens index` runs it: it does not open the word index, so the stored one is stale.
    await (await createLens({ cwd: dir })).index({ warmSearch: false });
    expect(readFileSync(wordsOf(dir)).equals(before)).toBe(true);
    const seen = await searches(dir);
    expect(seen.find((l) => l.startsWith("gammaNew:"))).toMatch(/src\/lib\/strings\.ts:1:gammaNew/);
    expect(seen.find((l) => l.startsWith("slugify:"))).not.toMatch(/src\/lib\/strings\.ts/);
    expect(seen.find((l) => l.startsWith("PostStore:"))).toMatch(/src\/blog\/post-store\.ts/);
    expect(seen.find((l) => l.startsWith("PostStore:"))).not.toMatch(/src\/main\.ts/);
    expect(seen).toEqual(await searchesWithoutStore(dir));
  });

  it("a cut-short or foreign file is rebuilt, not trusted, and stored again whole", async () => {
    const dir = tempProject(APP);
    await (await createLens({ cwd: dir })).index({ warmSearch: false });
    const file = wordsOf(dir);
    const good = await searches(dir);
    const stamp = stampOf(readFileSync(file));
    truncateSync(file, Math.floor(readFileSync(file).length / 2));
    expect(await searches(dir)).toEqual(good);
    expect(decode(readFileSync(file), stamp)).toBeDefined();
    writeFileSync(file, "not a word index at all");
    expect(await searches(dir)).toEqual(good);
    expect(decode(readFileSync(file), stamp)).toBeDefined();
  });
});

describe("what QA round B found", () => {
  it("a term only removed or changed files held is no term: the query word expands to the live ones", () => {
    const w = new WordIndex();
    w.add("a.ts", { m: 1, s: 1, l: "typescript", d: [], i: [], n: "frob", o: Int32Array.from([1, 0]) });
    w.add("b.ts", { m: 1, s: 1, l: "typescript", d: [], i: [], n: "frobnicateThing", o: Int32Array.from([1, 0]) });
    expect(w.hasTerm("frob")).toBe(true);
    w.remove("a.ts");
    expect(w.hasTerm("frob")).toBe(false);
    expect(w.expand("frob")).toEqual(["frobnicate", "frobnicatething"]);
  });

  it("a file added again is one edit (the 2% rule counts files, not removals and additions)", () => {
    const w = new WordIndex();
    w.add("a.ts", { m: 1, s: 1, l: "typescript", d: [], i: [], n: "x1", o: Int32Array.from([1, 0]) });
    w.saved();
    w.add("a.ts", { m: 2, s: 1, l: "typescript", d: [], i: [], n: "x2", o: Int32Array.from([1, 0]) });
    expect(w.edits).toBe(1);
  });

  it("a stored document of a file the graph does not hold is dropped, whatever its stamp (an empty one had matched and crashed search)", async () => {
    const dir = tempProject(APP);
    await (await createLens({ cwd: dir })).index({ warmSearch: false });
    const file = wordsOf(dir);
    const stored = readFileSync(file);
    const s = decode(stored, stampOf(stored))!;
    const docs = [...s.docs, "ghost.ts"];
    const terms = [...s.terms, "zzzghost"];
    const post = Int32Array.from([...s.post, docs.length - 1, 2]);
    writeFileSync(file, encode({ ...s, docs, len: [...s.len, 1], terms, off: Int32Array.from([...s.off, post.length]), post }, [...s.fp, ""], stampOf(stored)));
    const r = await (await createLens({ cwd: dir })).symbolSearch("zzzghost");
    expect(r.available && r.hits).toEqual([]);
  });

  it("a byte changed in a well-formed file fails its checksum: rebuilt, not trusted", () => {
    const w = new WordIndex();
    w.add("a.ts", { m: 1, s: 1, l: "typescript", d: [], i: [], n: "alpha\nbeta", o: Int32Array.from([1, 0, 3, 0]) });
    const bytes = encode(w.snapshot(), ["fa"], "stamp");
    expect(decode(bytes, "stamp")).toBeDefined();
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] ^= 0x04; // the last posting's count: still well-formed
    expect(decode(flipped, "stamp")).toBeUndefined();
  });

  it("a write that fails leaves no temp file behind (on a full disk it held the space the next commit needs)", () => {
    const cache = tempProject({});
    const store = new GraphStore(cache);
    mkdirSync(join(store.dir, "words.bin", "x"), { recursive: true }); // rename onto a folder that is not empty fails
    expect(() => store.wordFile("s").write(Buffer.from("data"))).toThrow();
    expect(readdirSync(store.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});

describe("its layout", () => {
  const index = () => {
    const w = new WordIndex();
    w.add("a.ts", { m: 1, s: 2, l: "typescript", d: [], i: [], n: "parseConfig\nZodError", o: Int32Array.from([3, 0, 1, 0]) });
    w.add("b.ts", { m: 1, s: 2, l: "typescript", d: [], i: [], n: "ZodErrorMap\nüber", o: Int32Array.from([1, 0, 2, 0]) });
    w.remove("a.ts");
    w.add("a.ts", { m: 5, s: 2, l: "typescript", d: [], i: [], n: "parseConfig", o: Int32Array.from([1, 0]) });
    return w;
  };

  it("round-trips through a Buffer that does not start on a 4-byte boundary, tombstones dropped and documents renumbered", () => {
    const w = index();
    const s = w.snapshot();
    expect(s.docs).toEqual(["b.ts", "a.ts"]);
    expect(s.terms).toEqual([...s.terms].sort());
    expect(s.terms).not.toContain("zoderror"); // only in a.ts's removed version
    const bytes = encode(s, ["fb", "fa"], "stamp");
    const odd = Buffer.concat([Buffer.from([7]), bytes]).subarray(1);
    const back = decode(odd, "stamp")!;
    expect(back.docs).toEqual(s.docs);
    expect(back.terms).toEqual(s.terms);
    expect([...back.post]).toEqual([...s.post]);
    const r = WordIndex.fromSnapshot(back);
    const q = [{ term: "parse", weight: 1 }, { term: "über", weight: 1 }];
    expect(r.score(q, undefined, "zoderrormap")).toEqual(w.score(q, undefined, "zoderrormap"));
    // (Terms whose documents all went are not stored: the built index still offers `zoderror`.)
    expect(r.expand("zod")).toEqual(["zoderrormap"]);
    // It grows again like a built one: a stored term's postings are copied out before they grow.
    r.add("c.ts", { m: 1, s: 1, l: "typescript", d: [], i: [], n: "parseConfig", o: Int32Array.from([1, 0]) });
    w.add("c.ts", { m: 1, s: 1, l: "typescript", d: [], i: [], n: "parseConfig", o: Int32Array.from([1, 0]) });
    expect(r.filesWithTerm("parseconfig")).toEqual(w.filesWithTerm("parseconfig"));
    expect(back.fp).toEqual(["fb", "fa"]);
  });

  it("bounds or document ids out of range are not read (a hand-edited or damaged file)", () => {
    const s = index().snapshot();
    expect(decode(encode(s, ["fb", "fa"], "stamp"), "stamp")).toBeDefined();
    const badDoc = Int32Array.from(s.post);
    badDoc[0] = 7; // only 2 documents
    expect(decode(encode({ ...s, post: badDoc }, ["fb", "fa"], "stamp"), "stamp")).toBeUndefined();
    const badOff = Int32Array.from(s.off);
    badOff[1] = badOff[2]!; // an empty list, then one that starts where the next ends
    expect(decode(encode({ ...s, off: badOff }, ["fb", "fa"], "stamp"), "stamp")).toBeUndefined();
  });

  it("another stamp (packs, options) or format is not read", () => {
    const bytes = encode(index().snapshot(), ["fb", "fa"], "stamp");
    expect(decode(bytes, "other packs")).toBeUndefined();
    const h = JSON.parse(bytes.toString("utf8", 8, 8 + bytes.readUInt32LE(4)));
    expect(h.format).toBe(WORDS_FORMAT);
    const bumped = Buffer.from(bytes.toString("latin1").replace(`"format":${WORDS_FORMAT}`, `"format":${WORDS_FORMAT + 1}`), "latin1");
    expect(decode(bumped, "stamp")).toBeUndefined();
  });
});
