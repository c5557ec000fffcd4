/**
 * symbol_search's did-you-mean (core/graph/search-suggest.ts; QA F6): a name no indexed file holds gets
 * the defined names closest to it, and the search runs with the closest when it is clearly the one
 * (`Colections.sort` had found four other `sort`s unlabelled; `deserialise_struct` suggested nothing).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { main } from "../../hosts/cli/main.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const FILES: Record<string, string> = {
  "src/Collections.java": "package util;\n\npublic class Collections {\n    public static void sort(int[] a) {\n        Arrays.sort(a);\n    }\n\n    public static void shuffle(int[] a) {\n    }\n}\n",
  "src/Arrays.java": "package util;\n\npublic class Arrays {\n    public static void sort(int[] a) {\n    }\n\n    public static int[] copyOf(int[] a) {\n        return a;\n    }\n}\n",
  "src/Connections.java": "package util;\n\npublic class Connections {\n    public void open() {\n    }\n}\n",
  "src/de.ts": "export interface Visitor {\n  visit(): void;\n}\n\nexport function deserialize_struct(name: string, visitor: Visitor): void {\n  visitor.visit();\n}\n\nexport function deserialize_tuple_struct(name: string, len: number, visitor: Visitor): void {\n  visitor.visit();\n}\n",
  "src/hooks.ts": "export function useState(initial: number): number {\n  return initial;\n}\n\nexport function useStats(): number[] {\n  return [];\n}\n",
  // 0.47 like `xyzzyFrobnicate` (read_symbol's floor is 0.45): what node_modules had offered for it.
  "src/types.ts": "export interface TypePredicate {\n  holds: boolean;\n}\n\nexport class X509Certificate {\n  subject = '';\n}\n",
  "src/config.ts": "export interface ParserConfig {\n  strict: boolean;\n}\n\nexport function parse(text: string): string {\n  return text;\n}\n\nexport function loadConfig(config: ParserConfig): ParserConfig {\n  return config;\n}\n",
};

async function lensOf(files: Record<string, string>): Promise<{ lens: Lens; dir: string }> {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  expect((await lens.index()).warnings).toEqual([]);
  return { lens, dir };
}

async function searched(lens: Lens, query: string) {
  const r = await lens.symbolSearch(query, { limit: 5 });
  if (!r.available) throw new Error(r.reason);
  return r;
}

describe("symbol_search: did you mean", () => {
  it("a misspelled qualifier is searched as the owner of that member clearly closest, and says so", async () => {
    const { lens } = await lensOf(FILES);
    const r = await searched(lens, "Colections.sort");
    // (Connections is as close to `Colections` as Collections is but for one letter, and defines no `sort`.)
    expect(r.searched).toBe("Collections.sort");
    expect(r.didYouMean?.[0]).toBe("Collections.sort");
    expect(r.hits[0]).toMatchObject({ file: "src/Collections.java", symbol: "Collections.sort", kind: "method" });
    expect(r.warnings?.[0]).toMatch(/^no indexed file defines or mentions "Colections": these are the results for "Collections\.sort", the closest name defined here/);
    // `::` is a dot here too.
    expect((await searched(lens, "Colections::sort")).searched).toBe("Collections.sort");
  });

  it("a misspelled name is searched as the one clearly closest (a word of it is in no file: `deserialise`)", async () => {
    const { lens } = await lensOf(FILES);
    const r = await searched(lens, "deserialise_struct");
    expect(r.searched).toBe("deserialize_struct");
    expect(r.hits[0]).toMatchObject({ file: "src/de.ts", symbol: "deserialize_struct" });
    expect(r.warnings?.join("\n")).not.toMatch(/share some of its words/);
    // Two letters swapped are one typo.
    expect((await searched(lens, "Arrays.cpoyOf")).searched).toBe("Arrays.copyOf");
  });

  it("two names as close: both offered, the query's own results kept", async () => {
    const { lens } = await lensOf(FILES);
    const r = await searched(lens, "useStat");
    expect(r.searched).toBeUndefined();
    expect(r.didYouMean?.slice(0, 2).sort()).toEqual(["useState", "useStats"]);
    expect(r.warnings?.[0]).toMatch(/^no indexed file defines or mentions "useStat" itself: these results share some of its words — did you mean useState, useStats\b/);
  });

  it("a name typed part way is searched as the one close name it begins (`Travers`: QA round 44); with two, offered both, and no results are no \"results\"", async () => {
    const one = await lensOf({ ...FILES, "src/Walk.java": "package util;\n\npublic class Walk {\n    static final class Traverser {\n    }\n\n    Traverser it() {\n        return new Traverser();\n    }\n}\n" });
    const r = await searched(one.lens, "Travers");
    expect(r.searched).toBe("Traverser");
    expect(r.hits[0]).toMatchObject({ file: "src/Walk.java", symbol: "Walk.Traverser" });
    const two = await lensOf({ ...FILES, "src/tr.ts": "export class Traverser {}\nexport class Traversal {}\n" });
    const both = await searched(two.lens, "Travers");
    expect([both.searched, both.hits.length, both.didYouMean?.slice().sort()]).toEqual([undefined, 0, ["Traversal", "Traverser"]]);
    expect(both.warnings?.[0]).toMatch(/^no indexed file defines or mentions "Travers" — did you mean Travers[a-z]+, Travers[a-z]+\? \(a new file\?/);
  });

  it("a new name made of known words is offered the close names, not replaced by one (`parseConfig`, `ParserConfig`)", async () => {
    const { lens } = await lensOf(FILES);
    const r = await searched(lens, "parseConfig");
    expect(r.searched).toBeUndefined();
    expect(r.didYouMean?.[0]).toBe("ParserConfig");
    expect(r.hits.length).toBeGreaterThan(0);
  });

  it("no close name (over every defined name the floor is 0.6): nothing offered; a name the index holds gets no suggestion", async () => {
    const { lens } = await lensOf(FILES);
    const wild = await searched(lens, "xyzzyFrobnicate");
    expect([wild.didYouMean, wild.searched]).toEqual([undefined, undefined]);
    const held = await searched(lens, "Collections.sort");
    expect([held.didYouMean, held.searched, held.hits[0]?.symbol]).toEqual([undefined, undefined, "Collections.sort"]);
  });

  it("names defined after the first suggestion are offered (the names are gathered again when files change)", async () => {
    const { lens, dir } = await lensOf(FILES);
    expect((await searched(lens, "renderWidgit")).searched).toBeUndefined();
    writeFileSync(join(dir, "src/widget.ts"), "export function renderWidget(): string {\n  return 'w';\n}\n");
    await lens.updateFiles([join(dir, "src/widget.ts")]);
    const r = await searched(lens, "renderWidgit");
    expect(r.searched).toBe("renderWidget");
    expect(r.hits[0]).toMatchObject({ file: "src/widget.ts", symbol: "renderWidget" });
  });

  it("CLI: the warning names the query searched instead", async () => {
    const { dir } = await lensOf(FILES);
    let out = "";
    let err = "";
    const code = await main(["search", "deserialise_struct", "--cwd", dir], { out: (s) => (out += s + "\n"), err: (s) => (err += s + "\n") });
    expect(code).toBe(0);
    expect(out.split("\n")[0]).toMatch(/^src\/de\.ts:5-7 {2}function deserialize_struct/);
    expect(err).toMatch(/warning: no indexed file defines or mentions "deserialise_struct": these are the results for "deserialize_struct"/);
  });
});
