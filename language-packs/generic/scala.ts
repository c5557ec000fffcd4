/**
 * Scala: what the tags query cannot say. Members are public unless `private`/`protected`
 * (qualified forms too); functions declared in a class, object or trait are methods.
 */
import { walk } from "../../core/extract.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

const HIDDEN = /\b(?:private|protected)\b/;

function modifiers(r: SymbolRecord, ctx: FileContext): string {
  const m = r.node?.namedChildren.find((c) => c?.type === "modifiers");
  return m ? ctx.text(m) : "";
}

export function refineScala(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  for (const [r, parents] of walk(records)) {
    const parent = parents[parents.length - 1];
    if (r.kind === "function" && parent && /^(class|object|trait)$/.test(parent.kind)) r.kind = "method";
    r.exported = (parent ? parent.exported : true) && !HIDDEN.test(modifiers(r, ctx));
  }
  return records;
}
