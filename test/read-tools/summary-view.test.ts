/** The summary view on real files: smaller than json, top level only, honest about what it left out. */
import { join } from "node:path";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { lensAt, repoRoot, summaryNames } from "../helpers.js";

describe("summary view", async () => {
  const lens = await lensAt(repoRoot);

  it("is smaller than json, keeps top-level entries and recommendations, and names what it omitted", async () => {
    for (const f of ["core/extract.ts", "core/engine.ts", "test/read-tools/fixtures/server.ts", "test/read-tools/fixtures/Shop.java"]) {
      const r = await lens.moduleReport(join(repoRoot, f));
      const json = lens.render(r, "json");
      const summary = lens.render(r, "summary");
      expect(summary.length, f).toBeLessThan(json.length);
      const s = JSON.parse(summary);
      // Within the summary's budget, low-priority entries come grouped by kind as `names`; a class holding
      // the whole file gives its members too when their names fit (always with detail "full": Shop.java).
      const listed = (x: { api: unknown[]; internal: unknown[] }) => [...x.api, ...x.internal].flatMap((e) => (e as { names?: string[] }).names?.map((n) => n.replace(/@\d+$/, "")) ?? [(e as { name: string }).name]);
      const names = listed(s);
      for (const e of [...(r.api ?? []), ...(r.internal ?? [])]) expect(names, f).toContain(e.name);
      for (const n of names) expect(summaryNames(r), f).toContain(n);
      const full = JSON.parse(lens.render(r, "summary", { detail: "full" }));
      expect(listed(full).sort(), f).toEqual(summaryNames(r).sort());
      if (f.endsWith(".java")) expect(listed(full)).toContain("Shop.Outer");
      for (const e of [...s.api, ...s.internal]) {
        expect(Object.keys(e)).not.toContain("decorators");
        expect(Object.keys(e)).not.toContain("usedBy");
        expect(typeof (e.members ?? 0)).toBe("number");
      }
      // A group whose range holds another top-level symbol gives each name its line (name@line, a
      // read_symbol handle): its range alone would send the reader through what lies between.
      const top = [...(r.api ?? []), ...(r.internal ?? [])];
      for (const g of [...s.api, ...s.internal].filter((e: { names?: string[] }) => e.names)) {
        const bare = g.names.map((n: string) => n.replace(/@\d+$/, ""));
        const inside = top.filter((e) => !bare.includes(e.name) && e.startLine >= g.startLine && e.startLine <= g.endLine);
        const at = (n: string) => top.find((e) => e.name === n.replace(/@\d+$/, "") && n.endsWith(`@${e.startLine}`));
        if (inside.length) for (const n of g.names) expect(at(n), `${f}: ${n}`).toBeDefined();
        else for (const n of g.names) expect(n, f).not.toMatch(/@\d+$/);
      }
      expect(s.callbacks).toBeUndefined();
      expect(s.recommendedReads).toEqual(r.recommendedReads);
      if (r.callbacks?.length) expect(s.omitted).toContain(`${r.callbacks.length} callback${r.callbacks.length === 1 ? "" : "s"}`);
      expect(s.omitted).toMatch(/use view "json" or "compact"/);
    }
  });

  it("a class holding the whole file gives its members by qualified name when they fit the budget", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-summary-java-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const body = Array.from({ length: 16 }, (_, k) => `    total = total * 31 + x * ${k} + (total >> ${k % 7});`).join("\n");
    const methods = Array.from({ length: 40 }, (_, i) => `  /** Step ${i}. */\n  public int step${i}(int x) {\n    int total = ${i};\n${body}\n    return total;\n  }\n`).join("\n");
    const file = join(dir, "Steps.java");
    writeFileSync(file, `package demo;\n\npublic class Steps {\n${methods}}\n`);
    const l = await lensAt(dir);
    const r = await l.moduleReport(file);
    const s = JSON.parse(l.render(r, "summary"));
    const names = [...s.api, ...s.internal].flatMap((e: { name?: string; names?: string[] }) => e.names ?? [e.name]);
    expect(names).toContain("Steps");
    expect(names).toContain("Steps.step39");
    expect(s.api.find((e: { name?: string }) => e.name === "Steps").members).toBeUndefined();
  });

  it("says one member and one callback in the singular", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-summary-one-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const file = join(dir, "one.ts");
    writeFileSync(file, "export class Box {\n  open(): void {}\n}\n\nsetTimeout(() => new Box().open(), 10);\n");
    const l = await lensAt(dir);
    const r = await l.moduleReport(file);
    expect(r.callbacks).toHaveLength(1);
    const s = JSON.parse(l.render(r, "summary"));
    expect(s.omitted).toMatch(/^1 member \(counted per entry\); 1 callback; /);
  });
});
