/**
 * The names an `export *` hands on (language-packs/typescript/star-exports.ts) in the compact view: one row
 * per statement that counts them — `2 re-exports * from "./schemas.js"  {187 names}` — unless the view is
 * asked for in full or names one of them in its focus (those stay rows of their own), or the statement hands
 * on no more than FOLD_OVER names (named, they cost about what the count does). As rows of names
 * they were the view's floor whatever its budget: zod's 15-line v4/core/index.ts (152 tokens) had listed
 * 627 names in 2,889 tokens. The json view lists them by kind as `name@line` handles (renderers/json.ts).
 */
import { STAR_REEXPORT } from "../core/read-misses.js";
import type { Entry, ModuleReport } from "../core/types.js";
import { span, type Row } from "./compact-rows.js";

export interface FoldedStars {
  /** The report without the counted entries. */
  report: ModuleReport;
  /** One row per statement, for the API section. */
  rows: Row[];
  /** How many names the rows count. */
  folded: number;
}

/** A statement handing on more names than this is a row counting them. */
export const FOLD_OVER = 8;

export function foldStars(r: ModuleReport, full: boolean, focus: string[]): FoldedStars {
  const api = r.api ?? [];
  if (full || !api.some(isStar)) return { report: r, rows: [], folded: 0 };
  const wanted = new Set(focus.map((f) => f.toLowerCase()));
  const groups = new Map<string, Entry[]>();
  for (const e of api) {
    if (isStar(e) && !wanted.has(e.name.toLowerCase())) {
      const key = `${e.startLine}\0${e.signature}`;
      const g = groups.get(key);
      if (g) g.push(e);
      else groups.set(key, [e]);
    }
  }
  for (const [key, g] of groups) if (g.length <= FOLD_OVER) groups.delete(key);
  if (!groups.size) return { report: r, rows: [], folded: 0 };
  const counted = new Set([...groups.values()].flat());
  const rows = [...groups.values()].map((g): Row => {
    const e = g[0]!;
    const head = (e.signature ?? "").replace(/^export\s+/, "");
    return { range: span(e.startLine, e.endLine), kind: "re-exports", text: `${head}  {${g.length} name${g.length === 1 ? "" : "s"}}`, indent: 0 };
  });
  return { report: { ...r, api: api.filter((e) => !counted.has(e)) }, rows, folded: counted.size };
}

function isStar(e: Entry): boolean {
  return STAR_REEXPORT.test(e.signature ?? "");
}

/** `rows` (top-level rows, each with its members' rows after it) with the star rows put in among them by line. */
export function withStarRows(rows: Row[], stars: Row[]): Row[] {
  const out: Row[] = [];
  let k = 0;
  const line = (r: Row) => parseInt(r.range, 10);
  for (const r of rows) {
    if (r.indent === 0) while (k < stars.length && line(stars[k]!) < line(r)) out.push(stars[k++]!);
    out.push(r);
  }
  return [...out, ...stars.slice(k)];
}
