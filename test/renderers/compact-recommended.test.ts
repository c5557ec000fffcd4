/**
 * The compact view's RECOMMENDED line (renderers/compact-recommended.ts): the picks in order on one
 * line, with only the parts of their reasons no row says — the rows' tags say `high complexity N`, the
 * API section that a top-level entry is exported. `detail "full"` keeps the table of whole reasons.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry } from "../../core/types.js";
import { recommendedLine, rowKey } from "../../renderers/compact-recommended.js";
import { lensAt } from "../helpers.js";

/** A function of `k` branches (complexity k + 1). */
const branchy = (n: string, k: number, exp = "export ") =>
  `${exp}function ${n}(x: number, label: string): number {\n${Array.from({ length: k }, (_, i) => `  if (x === ${i}) return ${i} * x + label.length + label.indexOf("case-${i}-of-${n}");`).join("\n")}\n  return -1;\n}\n`;

/** Big enough for a compact budget over 200 tokens (not the tight one-line-only form). */
function moduleSource(): string {
  const parts = [branchy("parse", 12)];
  for (let i = 0; i < 26; i++) parts.push(branchy(`step${i}`, 3, ""));
  parts.push(branchy("render", 3));
  const load = Array.from({ length: 11 }, (_, i) => `    if (x === ${i}) return this.items[${i}] ?? ${i};`).join("\n");
  parts.push(`export class Store {\n  items: number[] = [];\n  load(x: number): number {\n${load}\n    return 0;\n  }\n  clear(): void {\n    this.items = [];\n  }\n}\n`);
  return parts.join("\n");
}

describe("compact RECOMMENDED", () => {
  it("is one line naming the picks in order, saying only what their rows do not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-rec-"));
    writeFileSync(join(dir, "package.json"), "{}");
    writeFileSync(join(dir, "mod.ts"), moduleSource());
    const l = await lensAt(dir);
    const r = await l.moduleReport(join(dir, "mod.ts"));
    const picks = r.recommendedReads ?? [];
    expect(picks.map((x) => x.symbol)).toEqual(["Store.load", "parse", "render"]);
    expect(picks[1]!.reason).toMatch(/^high complexity \(\d+\), exported$/);
    const text = l.render(r, "compact");
    const lines = text.split("\n");
    const at = lines.findIndex((x) => x.startsWith("RECOMMENDED"));
    expect(at, text).toBeGreaterThan(0);
    // One line, no table of `range  symbol  — reason` rows under it.
    expect(lines[at], text).toMatch(/^RECOMMENDED: /);
    expect(lines.slice(at + 1).filter((x) => /^\s*\d+(?:-\d+)?\s+\S+\s+— /.test(x)), text).toEqual([]);
    const items = lines[at]!.slice("RECOMMENDED: ".length).split(/, (?![^(]*\))/);
    expect(items.map((x) => x.split(" ")[0])).toEqual(picks.map((x) => x.symbol));
    // Each pick here has a row of its own, which shows its lines (and its `high complexity` tag).
    expect(text).toMatch(/^1-15\s+fn\s+parse\(.*\[high complexity \d+\]/m);
    expect(items[1]).toBe("parse ↑");
    // A member's `exported` is not what its section says (a class's private member is not), so it stays;
    // a complexity below the flag is on no row, so it stays.
    expect(items[0]).toBe("Store.load ↑ (exported)");
    expect(items[2]).toMatch(/^render ↑ \(complexity \d+\)$/);
    // Asked for in full: the table of whole reasons.
    const full = l.render(r, "compact", { detail: "full" });
    expect(full).toMatch(/^RECOMMENDED:$/m);
    expect(full).toMatch(/^1-15\s+parse\s+— high complexity \(\d+\), exported$/m);
  });

  it("gives a pick on no row of its own its lines, and keeps the reasons no row says", () => {
    const api = [{ name: "top", kind: "function", startLine: 1, endLine: 9, exported: true }] as Entry[];
    const picks = [
      { symbol: "top", startLine: 1, endLine: 9, reason: "used by 4, high complexity (12), exported" },
      { symbol: "Box.sort", startLine: 20, endLine: 31, reason: "matches focus, high complexity (9), exported" },
      { symbol: "helper", startLine: 40, endLine: 40, reason: "largest symbol" },
    ];
    const rowed = new Set([rowKey("top", 1, 9)]);
    // `top`'s row shows its uses: nothing left to say.
    expect(recommendedLine(picks, { rowed, usesShown: new Set([rowKey("top", 1, 9)]) }, api, true)).toEqual([
      "RECOMMENDED: top ↑, Box.sort 20-31 (matches focus, high complexity (9), exported), helper 40 (largest symbol)",
    ]);
    // Its row without its uses: they are said here.
    expect(recommendedLine(picks, { rowed, usesShown: new Set() }, api, true)[0]).toMatch(/^RECOMMENDED: top ↑ \(used by 4\), /);
    // Tight: names and lines only, and no line when every pick has its row.
    expect(recommendedLine(picks, { rowed, usesShown: new Set() }, api, false)).toEqual(["RECOMMENDED: top ↑, Box.sort 20-31, helper 40"]);
    expect(recommendedLine(picks.slice(0, 1), { rowed, usesShown: new Set() }, api, false)).toEqual([]);
  });

  it("names a pick handled by its first line (`pick@4`, beside a namesake) with its lines once, as read_symbol takes it", async () => {
    // math.h: `RECOMMENDED: iseqsig@1454 1454-1464` had said the first line twice.
    const dir = mkdtempSync(join(tmpdir(), "pilens-rec-at-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const branches = Array.from({ length: 10 }, (_, i) => `  if (x == ${i}) return y + ${i};`).join("\n");
    const filler = Array.from({ length: 25 }, (_, k) => `int other${k}(int a);\n/* filler ${k} */\n`).join("");
    writeFileSync(join(dir, "m.h"), `#ifndef __cplusplus\n# define pick(x, y) ((x) < (y) ? (x) : (y))\n#else\nstatic inline int pick(int x, int y) {\n${branches}\n  return x;\n}\n#endif\n${filler}`);
    const l = await lensAt(dir);
    const r = await l.moduleReport(join(dir, "m.h"));
    const pick = (r.recommendedReads ?? []).find((x) => x.symbol.startsWith("pick@"));
    expect(pick, JSON.stringify(r.recommendedReads)).toMatchObject({ symbol: "pick@4", startLine: 4, endLine: 16 });
    // On no row of its own (a folded header's names row), it is `pick@4-16`.
    const line = recommendedLine([pick!], { rowed: new Set(), usesShown: new Set() }, r.api ?? [], false)[0]!;
    expect(line).toBe("RECOMMENDED: pick@4-16");
    const read = await l.readSymbol(join(dir, "m.h"), line.slice("RECOMMENDED: ".length));
    expect(read).toMatchObject({ found: true, startLine: 4, endLine: 16 });
    // (A one-line pick says its line once: the handle.)
    expect(recommendedLine([{ ...pick!, endLine: 4 }], { rowed: new Set(), usesShown: new Set() }, [], false)).toEqual(["RECOMMENDED: pick@4"]);
  });
});
