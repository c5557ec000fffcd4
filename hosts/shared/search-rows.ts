import type { SearchHit } from "../../core/graph/search.js";

/** A re-export row's note on what it names, the same in every host: ` (of class GaxiosError, gaxios/common.js:22-203)`. */
export function reexportOf(h: SearchHit): string {
  const o = h.reexportOf;
  return o ? ` (of ${o.kind} ${o.symbol}, ${o.file}:${o.startLine}-${o.endLine})` : "";
}
