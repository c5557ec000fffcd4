/** core/budget.ts's pricing of a whole plan: shown entries' rows plus each container's name list. */
import type { CostModel, EntryDetail } from "./budget.js";
import type { Callback, Entry } from "./types.js";
import { isPublic } from "./budget-priority.js";

export const SIG = 1;
export const DOC = 2;
export const SHOWN = 4;
export const NAMES = 8;
/** The floor of a main container with many names: its public ones (EntryDetail.publicNames). */
export const PUBLIC = 16;
export const KIND_BIT = { sig: SIG, doc: DOC, shown: SHOWN, names: NAMES } as const;

export function detailOf(bits: number): EntryDetail {
  const d: EntryDetail = { sig: (bits & SIG) !== 0, doc: (bits & DOC) !== 0, shown: (bits & SHOWN) !== 0, names: (bits & NAMES) !== 0 };
  if (bits & PUBLIC && !d.names) d.publicNames = true;
  return d;
}

/** The cost of showing `top` under `detail`: shown entries' rows plus each container's name list. */
export function costOf(top: Entry[], detail: (e: Entry) => EntryDetail, model: CostModel, callbacks: number, cbs: Callback[]): number {
  let cost = model.fixed;
  const go = (e: Entry, d: EntryDetail, depth: number) => {
    cost += model.entry(e, d, depth);
    if (!e.members?.length) return;
    let listed = 0;
    let counted = 0;
    for (const m of e.members) {
      const md = detail(m);
      if (md.shown) go(m, md, depth + 1);
      else if (d.names || (d.publicNames && isPublic(m, e))) cost += model.name(m, depth + 1), listed++;
      else counted++;
    }
    if (d.names || d.publicNames) cost += (listed ? model.list(e, depth) : 0) + (counted ? model.counted(e, counted, depth) : 0);
    else if (counted) cost += model.counted(e, counted, depth);
  };
  for (const e of top) go(e, detail(e), 0);
  for (let i = 0; i < callbacks; i++) cost += model.callback(cbs[i]!);
  return cost;
}
