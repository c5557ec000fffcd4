/**
 * A host's cap on one report (core/report-window.ts): a huge file's outline covers the window of lines
 * that fits, says the offset that continues it, and the pages together list every symbol.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import type { Entry, ModuleReport } from "../../core/types.js";

let dir: string;
let lens: Lens;
const savedCache = process.env.PILENS_CACHE_DIR;

/** 1,200 interfaces, then a namespace of 600 functions that spans thousands of lines, then 300 classes. */
function hugeSource(): string {
  const out: string[] = [];
  for (let i = 0; i < 1200; i++) out.push(`/** Options of widget ${i}. */`, `export interface Widget${i}Options {`, `  size: number;`, `  label?: string;`, `  onChange(value: number): void;`, `}`, "");
  out.push("export namespace Registry {");
  for (let i = 0; i < 600; i++) out.push(`  /** Registers handler ${i}. */`, `  export function register${i}(name: string, weight = ${i}): boolean {`, `    return name.length > ${i % 7};`, `  }`);
  out.push("}", "");
  for (let i = 0; i < 300; i++) out.push(`export class Service${i} {`, `  constructor(private readonly id: number) {}`, `  run(input: string): string {`, `    return input + this.id;`, `  }`, `}`, "");
  return out.join("\n");
}

const names = (list: Entry[] | undefined, acc: Set<string>, prefix = ""): Set<string> => {
  for (const e of list ?? []) {
    acc.add(`${prefix}${e.name}@${e.startLine}`);
    names(e.members, acc, `${prefix}${e.name}.`);
  }
  return acc;
};

beforeAll(async () => {
  process.env.PILENS_CACHE_DIR = mkdtempSync(join(tmpdir(), "pilens-window-cache-"));
  dir = mkdtempSync(join(tmpdir(), "pilens-window-"));
  writeFileSync(join(dir, "package.json"), "{}");
  writeFileSync(join(dir, "huge.ts"), hugeSource());
  writeFileSync(join(dir, "small.ts"), "export function one(): number {\n  return 1;\n}\n\nexport function two(): number {\n  return 2;\n}\n");
  // Minified: every symbol on line 1.
  writeFileSync(join(dir, "min.js"), Array.from({ length: 3000 }, (_, i) => `function f${i}(a,b){return a+b*${i}}`).join(";") + "\n");
  lens = await Lens.create({ cwd: dir });
});

afterAll(() => {
  if (savedCache === undefined) delete process.env.PILENS_CACHE_DIR;
  else process.env.PILENS_CACHE_DIR = savedCache;
});

describe("a report capped at maxBytes", () => {
  it("leaves a report that fits alone, and is byte-identical to the uncapped one", async () => {
    const r = await lens.moduleReport(join(dir, "small.ts"));
    for (const view of ["json", "compact", "summary"]) expect(lens.render(r, view, { maxBytes: 50_000 })).toBe(lens.render(r, view));
  });

  it("pages a huge file's json: each page fits, continues where the last ended, and together they list every symbol", async () => {
    const r = await lens.moduleReport(join(dir, "huge.ts"));
    const whole = lens.render(r, "json", { detail: "full" });
    const cap = 40_000;
    expect(Buffer.byteLength(lens.render(r, "json"))).toBeGreaterThan(cap);
    const all = names(r.api, names(r.internal, new Set()));
    const seen = new Set<string>();
    let offset = 1;
    let pages = 0;
    for (; pages < 60; pages++) {
      const text = lens.render(r, "json", { detail: "full", maxBytes: cap, offset });
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(cap);
      const page = JSON.parse(text) as ModuleReport;
      expect(page.window?.startLine).toBe(offset);
      // The whole file's counts stay; the window is said in a warning too.
      expect(page.summary).toEqual(r.summary);
      names(page.api, names(page.internal, seen));
      if (!page.window?.next) break;
      expect(page.warnings?.at(-1)).toContain(`continue with offset=${page.window.next}`);
      expect(page.window.next).toBe(page.window.endLine + 1);
      offset = page.window.next;
    }
    expect(pages).toBeGreaterThan(2);
    expect(pages).toBeLessThan(60);
    // Every symbol on some page; a container cut between its members appears on each page it spans.
    for (const n of all) expect(seen.has(n), n).toBe(true);
    expect(seen.size).toBe(all.size);
    expect(JSON.parse(whole).window).toBeUndefined();
  });

  it("cuts a namespace between its members, keeping the namespace as their context", async () => {
    const r = await lens.moduleReport(join(dir, "huge.ts"));
    const ns = r.api!.find((e) => e.name === "Registry")!;
    const mid = ns.members![300]!.startLine;
    const page = JSON.parse(lens.render(r, "json", { detail: "full", maxBytes: 20_000, offset: mid })) as ModuleReport;
    expect(page.api![0]!.name).toBe("Registry");
    expect(page.api![0]!.members![0]!.name).toBe("register300");
    expect(page.window!.next).toBeDefined();
    expect(page.api![0]!.members!.length).toBeLessThan(300);
  });

  it("squeezes detail before it cuts: the compact view covers more lines than the json under the same cap", async () => {
    const r = await lens.moduleReport(join(dir, "huge.ts"));
    const compact = lens.render(r, "compact", { maxBytes: 30_000 });
    const json = JSON.parse(lens.render(r, "json", { maxBytes: 30_000 })) as ModuleReport;
    expect(Buffer.byteLength(compact)).toBeLessThanOrEqual(30_000);
    const covered = Number(/symbols of lines 1-(\d+) of/.exec(compact)?.[1]);
    expect(covered).toBeGreaterThan(json.window!.endLine);
    const total = r.lineCount!.toLocaleString("en-US");
    expect(compact.split("\n").find((l) => l.startsWith("! outline capped"))).toBe(
      `! outline capped at one read (29 KB): symbols of lines 1-${covered} of ${total}; continue with offset=${covered + 1} — or focus <names>, read_symbol or symbol_search for what you need`,
    );
  });

  it("outlines from an offset without a cap, and refuses an offset past the end", async () => {
    const r = await lens.moduleReport(join(dir, "huge.ts"));
    const from = r.api!.find((e) => e.name === "Service0")!.startLine;
    const page = JSON.parse(lens.render(r, "json", { offset: from })) as ModuleReport;
    expect(page.api!.map((e) => e.name)).toEqual(Array.from({ length: 300 }, (_, i) => `Service${i}`));
    expect(page.window).toEqual({ startLine: from, endLine: r.lineCount });
    // Past the end is an error, not an outline that reads as "no declarations".
    expect(() => lens.render(r, "compact", { offset: r.lineCount! + 5 })).toThrow(`offset ${r.lineCount! + 5} is past the end of huge.ts (12,902 lines)`);
  });

  it("an empty file under a cap is its empty outline at offset 1 (the MCP host's default; it had been an error: offset 1 past the end of 0 lines)", async () => {
    writeFileSync(join(dir, "manifest.d.ts"), "");
    const r = await lens.moduleReport(join(dir, "manifest.d.ts"));
    const json = JSON.parse(lens.render(r, "json", { offset: 1, maxBytes: 50_000 })) as ModuleReport;
    expect([json.available, json.lineCount, json.api, json.internal]).toEqual([true, 0, [], []]);
    expect(lens.render(r, "compact", { offset: 1, maxBytes: 50_000 })).toMatch(/^manifest\.d\.ts typescript 0L/);
    expect(() => lens.render(r, "compact", { offset: 2, maxBytes: 50_000 })).toThrow("offset 2 is past the end of manifest.d.ts (0 lines)");
  });

  it("caps a minified line's symbols by count when no line window fits", async () => {
    const r = await lens.moduleReport(join(dir, "min.js"));
    expect(r.internal!.length + r.api!.length).toBe(3000);
    const text = lens.render(r, "json", { maxBytes: 20_000 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(20_000);
    const page = JSON.parse(text) as ModuleReport;
    const shown = (page.internal?.length ?? 0) + (page.api?.length ?? 0);
    expect(shown).toBeGreaterThan(50);
    expect(page.warnings?.at(-1)).toContain(`the first ${shown.toLocaleString("en-US")} of its 3,000 top-level symbols shown`);
  });
});
