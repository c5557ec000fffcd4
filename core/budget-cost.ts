/** core/budget.ts's pricing of a whole plan: shown entries' rows plus each container's name list. */
import type { CostModel, EntryDetail } from "./budget.js";
import type { Callback, Entry } from "./types.js";

/** The cost of showing `top` under `detail`: shown entries' rows plus each container's name list. */
export function costOf(top: Entry[], detail: (e: Entry) => EntryDetail, model: CostModel, callbacks: number, cbs: Callback[]): number {
  let cost = model.fixed;
  const go = (e: Entry, d: EntryDetail, depth: number) => {
    cost += model.entry(e, d, depth);
    if (!e.members?.length) return;
    let listed = 0;
    for (const m of e.members) {
      const md = detail(m);
      if (md.shown) go(m, md, depth + 1);
      else if (d.names) cost += model.name(m, depth + 1), listed++;
      else listed++;
    }
    if (listed) cost += d.names ? model.list(e, depth) : model.counted(e, listed, depth);
  };
  for (const e of top) go(e, detail(e), 0);
  for (let i = 0; i < callbacks; i++) cost += model.callback(cbs[i]!);
  return cost;
}
