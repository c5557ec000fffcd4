/**
 * The compact view's RECOMMENDED line: the picks in their order, each by the name read_symbol takes —
 * a pick on a row of its own with `↑` (the row above has its lines), any other with its lines — and,
 * unless the budget is tight, the parts of its reason no row already says: `(matches focus,
 * complexity 4)`. A row's tags say `high complexity N` and its uses, the API section that a top-level
 * entry is exported; the table of `range  symbol  — reason` rows had said them again (4–11% of the
 * compact view's tokens over the bench's corpora). `detail "full"` keeps that table.
 */
import type { Entry, ModuleReport } from "../core/types.js";
import { span } from "./compact-rows.js";

type Pick = NonNullable<ModuleReport["recommendedReads"]>[number];

/** How renderers/compact.ts's Outline keys a row: name and lines. */
export function rowKey(name: string, start: number, end: number): string {
  return `${name}\u0000${start}\u0000${end}`;
}

/** What the rows say of the file's entries: which have a row of their own, and on which the uses show. */
export interface RowFacts {
  rowed: Set<string>;
  usesShown: Set<string>;
}

/** A pick's entry name (a pick named apart from a namesake, `Npm.#load` or `Parser.onToken@342`, is the row `load`, `onToken`). */
function ownKeys(x: Pick): string[] {
  const own = x.symbol.replace(/^.*\./, "").replace(/@\d+$/, "");
  return [rowKey(own, x.startLine, x.endLine), rowKey(own.replace(/^#/, ""), x.startLine, x.endLine)];
}

/**
 * The reason's parts (core/report.ts reasonFor: `matches focus, used by 3, high complexity (17), exported`)
 * no row says: `high complexity (N)` and `used by N` when the pick's own row shows them (its tags), `exported`
 * when the pick is a top-level entry of the API section. Parts of another rank tap's reason are kept.
 */
function unsaid(x: Pick, onRow: boolean, facts: RowFacts, api: readonly Entry[]): string[] {
  const topApi = api.some((e) => e.startLine === x.startLine && e.endLine === x.endLine && x.symbol.replace(/@\d+$/, "").replace(/^#/, "") === e.name.replace(/^#/, ""));
  const usesOnRow = ownKeys(x).some((k) => facts.usesShown.has(k));
  return x.reason.split(", ").filter((p) => {
    if (p === "exported") return !topApi;
    if (/^high complexity \(\d+\)$/.test(p)) return !onRow;
    if (/^used by \d+$/.test(p)) return !usesOnRow;
    return p !== "";
  });
}

/**
 * `RECOMMENDED: Lens.analyze ↑ (matches focus), Lens.analyzer 134-141 (matches focus, complexity 4)`.
 * `reasons`: false in a tight view, which names the picks only and prints no line when every pick is on
 * its row. No picks: no line.
 */
export function recommendedLine(recs: readonly Pick[], facts: RowFacts, api: readonly Entry[], reasons: boolean): string[] {
  if (!recs.length) return [];
  const onRow = recs.map((x) => ownKeys(x).some((k) => facts.rowed.has(k)));
  if (!reasons && onRow.every(Boolean)) return [];
  const item = (x: Pick, i: number) => {
    const why = reasons ? unsaid(x, onRow[i]!, facts, api) : [];
    return `${onRow[i] ? `${x.symbol} ↑` : withLines(x)}${why.length ? ` (${why.join(", ")})` : ""}`;
  };
  return [`RECOMMENDED: ${recs.map(item).join(", ")}`];
}

/**
 * A pick and its lines: `render 199-204`; a pick named by its first line (`iseqsig@1454`, beside a
 * namesake) says it once, `iseqsig@1454-1464` — read_symbol takes that handle (core/read-symbol.ts);
 * `iseqsig@1454 1454-1464` had said the line twice.
 */
function withLines(x: Pick): string {
  if (!x.symbol.endsWith(`@${x.startLine}`)) return `${x.symbol} ${span(x.startLine, x.endLine)}`;
  return x.endLine > x.startLine ? `${x.symbol}-${x.endLine}` : x.symbol;
}
