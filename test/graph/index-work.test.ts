/**
 * What `pilens index` does less of, for the same graph: an object key's type asked only of a pair's key,
 * a file's supertype rows and definitions by name read once, and workers handed the largest files first
 * in batches that shrink at the end — and a build on workers that stores what one in this thread does.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Node } from "web-tree-sitter";
import { Lens } from "../../core/engine.js";
import { collectOccurrences } from "../../core/graph/collect.js";
import { batchSize } from "../../core/graph/pool.js";
import { supertypesIn } from "../../core/graph/supertypes.js";
import { qualifiedMember, type QualifierGraph } from "../../core/graph/qualified.js";
import type { Def, FileEntry } from "../../core/graph/types.js";
import { repoRoot } from "../helpers.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

/** How many times collectOccurrences asks a node for its parent, on `source` as `file`. */
async function parentAsks(file: string, source: string): Promise<number> {
  const dir = tempProject({ [file]: source });
  const lens = await Lens.create({ cwd: dir });
  let asks = -1;
  await lens.analyze(join(dir, file), {
    lean: true,
    collect: (ctx, symbols, imports) => {
      // (The runtime's own getter, counted: the tree is the real one.)
      const proto = Object.getPrototypeOf(ctx.tree.rootNode) as Node;
      const own = Object.getOwnPropertyDescriptor(proto, "parent")!;
      let n = 0;
      Object.defineProperty(proto, "parent", { ...own, get(this: Node) { n++; return own.get!.call(this); } });
      try {
        return collectOccurrences(ctx, symbols, imports);
      } finally {
        Object.defineProperty(proto, "parent", own);
        asks = n;
      }
    },
  });
  return asks;
}

describe("index: work left out, same graph", () => {
  it("a method's or a property signature's name is no object key: its parent is not asked for (a pair's key still is)", async () => {
    const members = Array.from({ length: 40 }, (_, i) => `  m${i}(): void {}\n`).join("");
    const props = Array.from({ length: 40 }, (_, i) => `  p${i}?: string;\n`).join("");
    const asks = await parentAsks("a.ts", `export interface Opts {\n${props}}\nexport class A {\n${members}}\nexport const o: Opts = { p1: "x", p2: "y" };\n`);
    // (Two pairs' keys, each up to its declarator: a few asks each; 80 names of members had asked one or more each.)
    expect(asks).toBeGreaterThan(0);
    expect(asks).toBeLessThan(20);
  });

  it("a pair's key in a file with errors, or spelled with a comment before its colon, is still its type's member", async () => {
    const u = await usedBy({
      "types.ts": "export interface Options {\n  name: string;\n  retries: number;\n  path: string;\n}\n",
      "use.ts": 'import type { Options } from "./types";\nexport const a: Options = { name /* the name */ : "x", retries\n  : 1, path: "p" };\n',
      "broken.ts": 'import type { Options } from "./types";\nexport const b: Options = { retries: 2 };\nexport function f( {\n',
    });
    expect([u("types.ts", "Options.name"), u("types.ts", "Options.retries"), u("types.ts", "Options.path")]).toEqual([["use.ts"], ["broken.ts", "use.ts"], ["use.ts"]]);
  });

  it("supertypesIn reads a file's rows once: the same answer, its `T.\\tS` rows only", () => {
    const ft = "A.\tBase\nA.f\tStore\nA.get(\tItem\n.make(\tA\nA.B.\tInner\nA.\tMixin\n~ext\tA\n.\tNone";
    expect(supertypesIn(ft, "A")).toEqual(["Base", "Mixin"]);
    expect(supertypesIn(ft, "A.B")).toEqual(["Inner"]);
    expect(supertypesIn(ft, "")).toEqual(["None"]);
    expect(supertypesIn(ft, "B")).toEqual([]);
    expect(supertypesIn(ft, "A")).toBe(supertypesIn(ft, "A"));
  });

  it("a member named through its type: the owner's own, a callable first, in the scope of the line (definitions by name)", () => {
    // (Two types named Session, in namespaces N (lines 1–10) and M (11–20), each with a `get` field and a `get` method.)
    const d: Def[] = [
      ["N", "N", "namespace", 1, 10, 1, -1],
      ["Session", "N.Session", "class", 2, 9, 1, 0],
      ["get", "N.Session.get", "property", 3, 3, 1, 1],
      ["get", "N.Session.get", "method", 4, 5, 1, 1],
      ["M", "M", "namespace", 11, 20, 1, -1],
      ["Session", "M.Session", "class", 12, 19, 1, 4],
      ["get", "M.Session.get", "property", 13, 13, 1, 5],
      ["get", "M.Session.get", "method", 14, 15, 1, 5],
      ["get", "get", "function", 21, 22, 1, -1],
    ];
    const e = { m: 0, s: 0, l: "typescript", d, i: [], n: "", o: new Int32Array(0) } as FileEntry;
    const g: QualifierGraph = { files: new Map([["a.ts", e]]), typeFiles: (t) => (t === "Session" ? ["a.ts"] : []) };
    expect(qualifiedMember(g, "a.ts", e, "Session", "get", true, undefined, 16)).toEqual(["a.ts", 7]);
    expect(qualifiedMember(g, "a.ts", e, "Session", "get", false, undefined, 16)).toEqual(["a.ts", 6]);
    expect(qualifiedMember(g, "a.ts", e, "Session", "get", true, undefined, 6)).toEqual(["a.ts", 3]);
    expect(qualifiedMember(g, "a.ts", e, "Session", "put", true, undefined, 6)).toBeUndefined();
    expect(qualifiedMember(g, "a.ts", e, "Other", "get", true)).toBeNull();
  });

  it("a file's definitions are read by name once, not scanned again per member named through a type", () => {
    const defs: Def[] = [["Big", "Big", "class", 1, 500, 1, -1]];
    for (let k = 0; k < 300; k++) defs.push([`m${k}`, `Big.m${k}`, "method", k + 2, k + 2, 1, 0]);
    let reads = 0;
    const d = new Proxy(defs, { get: (t, key, r) => ((typeof key === "string" && /^\d+$/.test(key) && reads++), Reflect.get(t, key, r)) });
    const e = { m: 0, s: 0, l: "typescript", d, i: [], n: "", o: new Int32Array(0) } as FileEntry;
    const g: QualifierGraph = { files: new Map([["a.ts", e]]), typeFiles: (t) => (t === "Big" ? ["a.ts"] : []) };
    expect(qualifiedMember(g, "a.ts", e, "Big", "m7", true)).toEqual(["a.ts", 8]);
    reads = 0;
    for (let k = 0; k < 100; k++) expect(qualifiedMember(g, "a.ts", e, "Big", `m${k}`, true)).toEqual(["a.ts", k + 1]);
    // (Each lookup: the member and its owner — it had been all 301 definitions each.)
    expect(reads).toBeLessThan(100 * 10);
  });

  it("workers get batches that shrink as the files run out", () => {
    const sizes: number[] = [];
    for (let left = 625; left > 0; left -= sizes[sizes.length - 1]!) sizes.push(Math.min(left, batchSize(left, 2)));
    expect(sizes.reduce((a, b) => a + b)).toBe(625);
    expect(sizes[0]).toBe(32);
    expect(sizes[sizes.length - 2]).toBe(4);
    expect(sizes[sizes.length - 1]).toBeLessThanOrEqual(4);
    expect(sizes.every((s, k) => k === 0 || s <= sizes[k - 1]!)).toBe(true);
  });

  it("a build on two workers stores what a build in this thread does, whichever worker answers first", async () => {
    // (500 files or more go to workers. The first batch holds a large file, so the second batch's worker
    // answers first; two files declare Latch, and z.ts's `l.await()` is the first one's, as in scan order.)
    const files: Record<string, string> = {};
    files["src/a0.ts"] = Array.from({ length: 6000 }, (_, i) => `export function big${i}(a: number, b: { k: string }): number {\n  return a + b.k.length * ${i};\n}\n`).join("");
    files["src/a1.ts"] = "export interface Latch {\n  await(): void;\n}\n";
    for (let k = 0; k < 520; k++) {
      const body = Array.from({ length: k % 7 }, (_, i) => `  step${i}(x: number): number {\n    return helper${(k + 1) % 520}(x) + ${i};\n  }\n`).join("");
      files[`src/m${String(k).padStart(3, "0")}.ts`] = `import { helper${(k + 1) % 520} } from "./m${String((k + 1) % 520).padStart(3, "0")}";\nexport function helper${k}(n: number): number {\n  return n * ${k};\n}\nexport class Worker${k} {\n${body}}\n`;
    }
    files["src/m100.ts"] += "export interface Latch {\n  await(): void;\n}\n";
    files["src/z.ts"] = 'import type { Latch } from "./a1";\nimport type { Latch as Other } from "./m100";\nexport function run(l: Latch, o: Other): void {\n  l.await();\n}\n';
    const dir = tempProject(files);
    // (Through the CLI: worker threads run the built dist/, which the tests' TypeScript sources do not have.)
    const shards = (workers: number) => {
      const cacheDir = tempProject({});
      const r = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "index", "--json", "--cwd", dir], { env: { ...process.env, PILENS_INDEX_WORKERS: String(workers), PILENS_CACHE_DIR: cacheDir }, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { files: number }).files).toBe(523);
      const cache = join(cacheDir, readdirSync(cacheDir).find((f) => existsSync(join(cacheDir, f, "meta.json")))!);
      const out: Record<string, unknown> = {};
      const meta = JSON.parse(readFileSync(join(cache, "meta.json"), "utf8")) as { shards: { files: string[]; refs: string[] } };
      for (const f of [...meta.shards.files, ...meta.shards.refs]) {
        const kind = f.split("-")[0];
        for (const [rel, rec] of Object.entries(JSON.parse(readFileSync(join(cache, f), "utf8")) as Record<string, Record<string, unknown>>)) out[`${kind} ${rel}`] = { ...rec, m: 0 };
      }
      return out;
    };
    const inThread = shards(0);
    const onWorkers = shards(2);
    expect(Object.keys(inThread).length).toBe(1046);
    const z = inThread["files src/z.ts"] as { i: string[]; k: unknown[][] };
    expect(z.k.filter((l) => l[1] === "Latch.await").map((l) => z.i[l[0] as number])).toEqual(["src/a1.ts"]);
    expect(onWorkers).toEqual(inThread);
  }, 180_000);
});
