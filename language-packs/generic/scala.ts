/**
 * Scala: what the tags query cannot say. Members are public unless `private`/`protected`
 * (qualified forms too); functions declared in a class, object, trait or enum are methods.
 */
import { walk } from "../../core/extract.js";
import type { FileContext, ImportRecord, SymbolRecord } from "../../core/types.js";

const HIDDEN = /\b(?:private|protected)\b/;

function modifiers(r: SymbolRecord, ctx: FileContext): string {
  const m = r.node?.namedChildren.find((c) => c?.type === "modifiers");
  return m ? ctx.text(m) : "";
}

export function refineScala(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  for (const [r, parents] of walk(records)) {
    const parent = parents[parents.length - 1];
    if (r.kind === "function" && parent && /^(class|object|trait|enum)$/.test(parent.kind)) r.kind = "method";
    r.exported = (parent ? parent.exported : true) && !HIDDEN.test(modifiers(r, ctx));
    // An indented body (`def f =` and its lines below) runs on to the next definition's indentation:
    // the definition ends at its last character, not on the next one's line.
    const text = r.node ? ctx.text(r.node) : "";
    const tail = /\s+$/.exec(text)?.[0];
    if (tail?.includes("\n")) r.endLine = Math.min(r.endLine, r.node!.startPosition.row + 1 + (text.slice(0, text.length - tail.length).match(/\n/g)?.length ?? 0));
  }
  return records;
}

/**
 * `import a.b.C, d.e.{F, G => H}`: one import per clause, the path up to a selector list, wildcard
 * (`_`, `*`) or `given` (`scala.concurrent` for `scala.concurrent.{Future, Promise}`). The records
 * arrive holding the whole declaration's text (queries/scala/imports.scm).
 */
export function scalaImports(imports: ImportRecord[]): ImportRecord[] {
  const out: ImportRecord[] = [];
  for (const i of imports) {
    const body = i.source.replace(/^import\b/, "");
    let depth = 0;
    let start = 0;
    const parts: string[] = [];
    for (let k = 0; k <= body.length; k++) {
      const ch = body[k];
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
      else if ((ch === "," && depth === 0) || k === body.length) {
        parts.push(body.slice(start, k));
        start = k + 1;
      }
    }
    for (const part of parts) {
      const path = part.replace(/\s+/g, "").replace(/\.(?:\{.*\}|_|\*|given.*)$/, "");
      if (path) out.push({ ...i, source: path, external: true });
    }
  }
  return out;
}
