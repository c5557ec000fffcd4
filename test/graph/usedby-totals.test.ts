/**
 * usedBy when a symbol has more uses than a report lists: the uses kept are spread over the using files
 * (one per file before a second from the same file), every entry whose list is cut carries the true
 * totals (`usedByTotal`), compact says them, and `maxRefs` over what the graph keeps says so.
 * Compact names other files by their shortest unique path suffix; the blast radius gives its total.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

async function indexed(files: Record<string, string>): Promise<Lens> {
  const lens = await Lens.create({ cwd: tempProject(files) });
  const r = await lens.index();
  expect(r.warnings).toEqual([]);
  return lens;
}

const HELPER = "export function helper(n: number): number {\n  return n * 2;\n}\n";

/** src/a.ts calls helper from `n` functions, one per line. */
function callers(file: string, n: number, from = "./util"): string {
  const fns = Array.from({ length: n }, (_, i) => `export function ${file}${i + 1}() { return helper(${i}) }`);
  return [`import { helper } from '${from}'`, ...fns].join("\n") + "\n";
}

describe("usedBy totals", () => {
  it("keeps one use per file before a second from the same file, and says the totals", async () => {
    // 10 callers in a.ts, 1 in z.ts: the first 10 uses by path were all a.ts's, and z.ts vanished.
    const lens = await indexed({ "src/util.ts": HELPER, "src/a.ts": callers("a", 10), "src/z.ts": callers("z", 1) });
    const r = await lens.moduleReport("src/util.ts");
    const h = flat(r).get("helper")!;
    expect(h.usedBy).toHaveLength(10);
    expect(new Set(h.usedBy!.map((u) => u.file))).toEqual(new Set(["src/a.ts", "src/z.ts"]));
    // Grouped by file in the list.
    expect(h.usedBy!.map((u) => u.file)).toEqual([...Array(9).fill("src/a.ts"), "src/z.ts"]);
    expect(h.usedByTotal).toEqual({ refs: 11, files: 2 });
    expect(r.recommendedReads?.[0]?.reason).toMatch(/used by 11\b/);
    const compact = lens.render(r, "compact", { detail: "full" });
    expect(compact).toMatch(/helper\(n: number\): number {2}\[used by 11 in 2 files: a\.ts, z\.ts\]/);
    // A complete list carries no totals (they are its length).
    const all = flat(await lens.moduleReport("src/util.ts", { maxRefs: 20 })).get("helper")!;
    expect(all.usedBy).toHaveLength(11);
    expect(all.usedByTotal).toBeUndefined();
  });

  it("maxRefs over what the graph keeps per symbol says so; the kept uses cover every using file", async () => {
    const files: Record<string, string> = { "src/util.ts": HELPER };
    for (let i = 0; i < 30; i++) files[`src/c${String(i).padStart(2, "0")}.ts`] = callers(`c${i}_`, 2);
    const lens = await indexed(files);
    const r = await lens.moduleReport("src/util.ts", { maxRefs: 1000 });
    const h = flat(r).get("helper")!;
    expect(h.usedBy).toHaveLength(50);
    expect(new Set(h.usedBy!.map((u) => u.file)).size).toBe(30);
    expect(h.usedByTotal).toEqual({ refs: 60, files: 30 });
    expect(r.warnings?.join("\n")).toMatch(/maxRefsPerSymbol 1000: the project graph keeps 50 uses per symbol/);
    const compact = lens.render(r, "compact", { detail: "full" });
    expect(compact).toContain("[used by 60 in 30 files: c00.ts, c01.ts, c02.ts +27]");
  });
});

describe("compact names using files apart", () => {
  it("by the shortest path suffix unique among them", async () => {
    const lens = await indexed({
      "src/util.ts": HELPER,
      "src/a/index.ts": callers("a", 1, "../util"),
      "src/b/index.ts": callers("b", 1, "../util"),
      "src/c/main.ts": callers("c", 1, "../util"),
    });
    const compact = lens.render(await lens.moduleReport("src/util.ts"), "compact", { detail: "full" });
    expect(compact).toContain("[used by a/index.ts, b/index.ts, main.ts]");
  });
});

describe("a budgeted compact view says uses it leaves out", () => {
  // 30 documented functions and a class of 30 methods, each used elsewhere: the default budget cannot
  // give every row its signature and `[used by …]`.
  const fns = Array.from({ length: 30 }, (_, i) => `/** Compute the thing number ${i} from its input values. */\nexport function computeThing${i}(alpha: number, beta: string, gamma: boolean): number {\n  return alpha + beta.length + (gamma ? ${i} : 0);\n}\n`);
  const methods = Array.from({ length: 30 }, (_, i) => `  /** Handle the event number ${i}. */\n  handleEventNumber${i}(payload: Record<string, unknown>): void {\n    this.seen.push(${i});\n  }\n`);
  const lib = `${fns.join("\n")}\nexport class Handlers {\n  seen: number[] = [];\n${methods.join("\n")}}\n`;
  const user = `import { Handlers, ${fns.map((_, i) => `computeThing${i}`).join(", ")} } from "./lib";\nconst h = new Handlers();\n${fns.map((_, i) => [1, 2, 3].map((k) => `export const use${i}_${k} = () => computeThing${i}(${k}, "b", true);`).join("\n") + `\nh.handleEventNumber${i}({});`).join("\n")}\n`;

  it("a function's row without its signature keeps a count of its uses (3 or more); the trimmed line counts the symbols whose uses no row shows", async () => {
    const lens = await indexed({ "src/lib.ts": lib, "src/user.ts": user });
    const r = await lens.moduleReport("src/lib.ts");
    expect(flat(r).get("Handlers.handleEventNumber3")!.usedBy?.length).toBe(1);
    const text = lens.render(r, "compact", { fullDetail: "--detail full" });
    const rows = text.split("\n").filter((l) => /^\s*\d+(-\d+)?\s+fn\s/.test(l));
    expect(rows).toHaveLength(30);
    // Every function (3 uses) says it is used: its list, or without its signature a count.
    for (const row of rows) expect(row).toMatch(/\[used by (3\]|user\.ts)/);
    expect(text).toMatch(/computeThing\d+  \[used by 3\]/);
    // The methods (1 use each) on no row of their own, or on one without uses: counted in the trimmed line.
    expect(text.split("\n")[1]).toMatch(/^\(trimmed.*; usages of 3\d symbols left out: --focus \w+/);
    const json = JSON.parse(lens.render(r, "json"));
    if (json.detail) expect(json.detail.elided.usedBy).toBeGreaterThan(0);
  });
});

describe("a budgeted json view keeps the totals of a cut list", () => {
  it("usedByTotal travels with the usedBy it keeps (10 of 12 uses must not read as all of them)", async () => {
    // 30 documented functions make the default budget bite; `helper`, focused, keeps its detail.
    const fns = Array.from({ length: 30 }, (_, i) => `/** Compute the thing number ${i} from its input values. */\nexport function computeThing${i}(alpha: number, beta: string, gamma: boolean): number {\n  return alpha + beta.length + (gamma ? ${i} : 0);\n}\n`);
    const lens = await indexed({ "src/util.ts": `${HELPER}\n${fns.join("\n")}`, "src/a.ts": callers("a", 12) });
    const r = await lens.moduleReport("src/util.ts", { focus: "helper" });
    const json = JSON.parse(lens.render(r, "json", { focus: "helper" }));
    expect(json.detail?.budget).toBeGreaterThan(0); // the budgeted rendering, not the whole report
    const helper = json.api.find((e: { name: string }) => e.name === "helper");
    expect(helper.usedBy).toHaveLength(10);
    expect(helper.usedByTotal).toEqual({ refs: 12, files: 1 });
  });

  it("an entry whose list the budget left out keeps its totals: without them it read as used by no one", async () => {
    const fns = Array.from({ length: 30 }, (_, i) => `/** Compute the thing number ${i} from its input values. */\nexport function computeThing${i}(alpha: number, beta: string, gamma: boolean): number {\n  return alpha + beta.length + (gamma ? ${i} : 0);\n}\n`);
    const user = `import { ${fns.map((_, i) => `computeThing${i}`).join(", ")} } from "./lib";\n${fns.map((_, i) => [1, 2].map((k) => `export const use${i}_${k} = () => computeThing${i}(${k}, "b", true);`).join("\n")).join("\n")}\n`;
    const lens = await indexed({ "src/lib.ts": fns.join("\n"), "src/user.ts": user });
    const json = JSON.parse(lens.render(await lens.moduleReport("src/lib.ts"), "json"));
    const cut = json.api.filter((e: { usedBy?: unknown }) => !e.usedBy);
    expect(json.detail.elided.usedBy).toBe(cut.length);
    expect(cut.length).toBeGreaterThan(0);
    for (const e of cut) expect(e.usedByTotal, e.name).toEqual({ refs: 2, files: 1 });
    for (const e of json.api.filter((x: { usedBy?: unknown }) => x.usedBy)) expect(e.usedBy, e.name).toHaveLength(2);
  });
});

describe("blast radius over its cap", () => {
  it("says how many files depend on this one and lists the most depended-on first", async () => {
    // 15 importers of base.ts; m15.ts is imported by top.ts, the rest by nothing. By path m13–m15 were cut.
    const files: Record<string, string> = { "src/base.ts": "export const base = 1;\n", "src/top.ts": "import { v15 } from './m15'\nexport const top = v15\n" };
    for (let i = 1; i <= 15; i++) {
      const n = String(i).padStart(2, "0");
      files[`src/m${n}.ts`] = `import { base } from './base'\nexport const v${n} = base + ${i}\n`;
    }
    const lens = await indexed(files);
    const r = await lens.moduleReport("src/base.ts", { blastRadius: true });
    const b = r.blastRadius!;
    expect(b.truncated).toBe(true);
    expect(b.files).toHaveLength(12);
    expect(b.direct).toBe(15);
    expect(b.files[0]).toMatchObject({ file: "src/m15.ts", dependents: 1, minDepth: 1 });
    expect(lens.render(r, "compact", { detail: "full" })).toContain("BLAST RADIUS (depth ≤ 3, 12 of 15 direct dependents shown)");
    expect(r.provenance?.blastRadius).toMatch(/≤ 12 files \(the most depended-on first/);
  });
});

describe("recommendedReads of a type and its impl blocks", () => {
  it("recommend the type its uses are counted on, not a same-named impl (regex-syntax's ClassInduct: its Debug impl had taken 'used by 9')", async () => {
    const debugBody = Array.from({ length: 8 }, (_, i) => `            Shape::V${i}(n) if n > ${i} => write!(f, "v${i} {}", n),`).join("\n");
    const lib = [
      "use std::fmt;",
      "",
      "/// A shape.",
      "pub enum Shape {",
      ...Array.from({ length: 8 }, (_, i) => `    V${i}(u32),`),
      "}",
      "",
      "impl fmt::Debug for Shape {",
      "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {",
      "        match *self {",
      debugBody,
      "            _ => write!(f, \"other\"),",
      "        }",
      "    }",
      "}",
      "",
    ].join("\n");
    const user = `use crate::shape::Shape;\n${Array.from({ length: 4 }, (_, i) => `pub fn make${i}() -> Shape { Shape::V${i}(${i}) }`).join("\n")}\n`;
    const lens = await Lens.create({ cwd: tempProject({ "Cargo.toml": "[package]\nname = \"t\"\n", "src/lib.rs": "pub mod shape;\npub mod user;\n", "src/shape.rs": lib, "src/user.rs": user }) });
    await lens.index();
    const r = await lens.moduleReport("src/shape.rs");
    const shape = r.recommendedReads?.find((x) => x.symbol === "Shape");
    expect(shape).toMatchObject({ startLine: 4, endLine: 13 });
    expect(shape?.reason).toMatch(/used by \d+/);
  });
});
