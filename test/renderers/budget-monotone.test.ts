/**
 * A bigger budget never shows less (core/budget.ts, core/budget-fit.ts): over real files — pilens' own
 * core and the openai SDK — the compact view at rising budgets keeps every name it showed, every row it
 * gave a head. The planner had taken its upgrades greedily per budget (one that fit only at the bigger
 * budget pushed out cheaper ones), fitBudget had kept the best of three re-plans, and the header grown
 * at 200 tokens had taken rows away: ~200 such drops over core/*.ts, ~330 over 57 openai files.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { Entry, ModuleReport } from "../../core/types.js";
import { lensAt, repoRoot } from "../helpers.js";

/** budget.compact ratios, from the smallest budget to the biggest. */
const RATIOS = [24, 20, 17, 15, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4];
const OPENAI = join(repoRoot, "node_modules/openai/src");
const FILES = [
  "core/budget-priority.ts", "core/engine.ts", "core/read-guard.ts", "core/pack-checks.ts", "core/oversize.ts", "core/parents.ts", "core/registry.ts", "core/types.ts",
  `${OPENAI}/resources/beta/threads/runs/runs.ts`, `${OPENAI}/resources/containers/containers.ts`, `${OPENAI}/resources/uploads/uploads.ts`,
  `${OPENAI}/resources/conversations/items.ts`, `${OPENAI}/resources/images.ts`, `${OPENAI}/core/streaming.ts`, `${OPENAI}/resources/batches.ts`,
];

let lens: Lens;
beforeAll(async () => {
  lens = await lensAt(repoRoot);
});

const MULTI = /^(?:names|data|members|re-exports|ns|\w+s)$/;
const bare = (n: string) => n.replace(/^[#*]+/, "").replace(/\?$/, "");

/**
 * What a compact text shows of each name: 1 named (on a names row, or a row of its own that says its name
 * only — a names row says the same), 2 a row with its head. A row's name is its entry's: the report's
 * entries starting on the row's first line.
 */
function levels(text: string, starts: Map<number, Entry[]>): Map<string, number> {
  const out = new Map<string, number>();
  const put = (k: string, v: number) => out.set(bare(k), Math.max(out.get(bare(k)) ?? 0, v));
  for (const line of text.split("\n")) {
    const m = /^\s+(\d+)(?:-\d+)? (\S+) (.*)$/.exec(line);
    if (!m) continue;
    const [, start, kind, rest] = m as unknown as [string, string, string, string];
    const own = (starts.get(Number(start)) ?? []).filter((e) => rest.includes(bare(e.name)) || rest.includes(e.name));
    if (MULTI.test(kind) && kind !== "class" && !(own.length === 1 && !rest.replace(/\s{2}.*$/, "").includes(", "))) {
      // `fns a, b×2, C[3]`, `names Container{ListParams[2], …}, stereo@216  (12)`
      const body = rest.replace(/\s{2}\(\d+[^)]*\)$/, "").replace(/([\w$.]*)\{([^{}]*)\}/g, (_, p: string, inner: string) => inner.split(", ").map((x) => p + x).join(", "));
      for (const raw of body.split(", ")) put(raw.replace(/\s{2}.*$/, "").replace(/\[\d+\]|:\w+|\(\)|×\d+|@\d+/g, "").trim(), 1);
      continue;
    }
    const head = rest.replace(/\s{2}.*$/, "");
    for (const e of own) put(e.name, head.trim() === bare(e.name) || head.trim() === e.name ? 1 : 2);
  }
  return out;
}

function entryStarts(r: ModuleReport): Map<number, Entry[]> {
  const out = new Map<number, Entry[]>();
  const go = (list: Entry[] | undefined) => {
    for (const e of list ?? []) {
      out.set(e.startLine, [...(out.get(e.startLine) ?? []), e]);
      go(e.members);
    }
  };
  go(r.api);
  go(r.internal);
  return out;
}

function at(ratio: number): Lens {
  const l = Object.create(lens) as Lens;
  Object.defineProperty(l, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact: ratio } } });
  return l;
}

describe("a bigger compact budget never shows less", () => {
  it("over real files, each rising budget keeps what a smaller one showed: every name, every head", async () => {
    const drops: string[] = [];
    let budgets = 0;
    for (const f of FILES) {
      const path = f.startsWith("/") ? f : join(repoRoot, f);
      if (!existsSync(path)) continue;
      const r = await lens.moduleReport(path);
      const starts = entryStarts(r);
      let prev: { ratio: number; lv: Map<string, number> } | undefined;
      for (const ratio of RATIOS) {
        const lv = levels(at(ratio).render(r, "compact"), starts);
        budgets++;
        if (prev) for (const [k, v] of prev.lv) if ((lv.get(k) ?? 0) < v) drops.push(`${f} ${prev.ratio}→${ratio}: ${k} ${v}→${lv.get(k) ?? 0}`);
        prev = { ratio, lv };
      }
    }
    expect(budgets).toBeGreaterThan(100);
    expect(drops).toEqual([]);
  });
});
