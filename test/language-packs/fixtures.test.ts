/**
 * Every fixture under test/fixtures/<pack>/ is reported with the real packs and compared with its
 * expected outline (`<file>.outline`, updated with `vitest -u` and reviewed in the diff).
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { outlineText } from "../../testing/index.js";
import { fixtures, lensAt, repoRoot } from "../helpers.js";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return files(p);
    return n.endsWith(".outline") ? [] : [p];
  });
}

describe("fixture outlines", async () => {
  const lens = await lensAt(repoRoot);
  for (const file of files(fixtures)) {
    const rel = relative(fixtures, file);
    it(rel, async () => {
      const report = await lens.moduleReport(file);
      expect(report.available, report.error).toBe(true);
      await expect(outlineText(report)).toMatchFileSnapshot(`${file}.outline`);
    });
  }
});
