/** The summary view on real files: smaller than json, top level only, honest about what it left out. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lensAt, repoRoot, summaryNames } from "../helpers.js";

describe("summary view", async () => {
  const lens = await lensAt(repoRoot);

  it("is smaller than json, keeps top-level entries and recommendations, and names what it omitted", async () => {
    for (const f of ["core/extract.ts", "test/read-tools/fixtures/server.ts", "test/read-tools/fixtures/Shop.java"]) {
      const r = await lens.moduleReport(join(repoRoot, f));
      const json = lens.render(r, "json");
      const summary = lens.render(r, "summary");
      expect(summary.length, f).toBeLessThan(json.length);
      const s = JSON.parse(summary);
      // Within the summary's budget, low-priority entries come grouped by kind as `names`; a class holding
      // the whole file (Shop.java) gives its members too.
      const names = [...s.api, ...s.internal].flatMap((e: { name?: string; names?: string[] }) => e.names ?? [e.name]);
      expect(names.sort(), f).toEqual(summaryNames(r).sort());
      if (f.endsWith(".java")) expect(names).toContain("Shop.Outer");
      for (const e of [...s.api, ...s.internal]) {
        expect(Object.keys(e)).not.toContain("decorators");
        expect(Object.keys(e)).not.toContain("usedBy");
        expect(typeof (e.members ?? 0)).toBe("number");
      }
      expect(s.callbacks).toBeUndefined();
      expect(s.recommendedReads).toEqual(r.recommendedReads);
      if (r.callbacks?.length) expect(s.omitted).toContain(`${r.callbacks.length} callbacks`);
      expect(s.omitted).toMatch(/use view "json" or "compact"/);
    }
  });
});
