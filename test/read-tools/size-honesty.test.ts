/** Size honesty: tiny files say "read it directly" in json, compact and summary; big ones do not. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lensAt, repoRoot } from "../helpers.js";

describe("size honesty", async () => {
  const lens = await lensAt(repoRoot);
  const tiny = join(repoRoot, "test", "read-tools", "fixtures", "shop.py");
  const big = join(repoRoot, "core", "extract.ts");

  it("a tiny file's report warns in every view", async () => {
    const r = await lens.moduleReport(tiny);
    const warning = r.warnings?.find((w) => /small file \(\d+ lines\)/.test(w));
    expect(warning).toBe("small file (40 lines): read it directly");
    // The compact header gives the line count (`40L`); the warning line does not repeat it.
    const compact = lens.render(r, "compact");
    expect(compact).toMatch(/^\S+ python 40L .*\n! small file: read it directly$/m);
    expect(JSON.parse(lens.render(r, "summary")).warnings).toContain(warning);
    expect(JSON.parse(lens.render(r, "json")).warnings).toContain(warning);
  });

  it("a large file's report does not", async () => {
    const r = await lens.moduleReport(big);
    expect(r.lineCount).toBeGreaterThan(200);
    expect(r.warnings?.some((w) => /small file/.test(w)) ?? false).toBe(false);
  });
});
