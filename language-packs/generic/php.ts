/**
 * PHP: what the tags query cannot say. Top-level declarations are visible to every includer;
 * members are exported when public (the default without a modifier). Anonymous classes are named
 * `class@<line>`.
 */
import { walk } from "../../core/extract.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

function visibility(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n) return undefined;
  for (const c of n.namedChildren) if (c?.type === "visibility_modifier") return ctx.text(c).toLowerCase();
  return undefined;
}

export function refinePhp(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  for (const [r, parents] of walk(records)) {
    if (r.name === "class@") r.name = `class@${r.startLine}`;
    const parent = parents[parents.length - 1];
    if (!parent || parent.kind === "namespace") r.exported = !r.name.startsWith("class@");
    else {
      const v = visibility(r, ctx);
      r.exported = parent.exported && (v === undefined || v === "public");
    }
  }
  return records;
}
