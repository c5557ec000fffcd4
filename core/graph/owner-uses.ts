/**
 * A qualified query's owner (`Header.Get`, `PyJWT.decode`): symbol_search (search.ts) ranks the files using
 * that very definition — what the linker resolved `r.Header.Get(…)` to, by receiver type, import or exact
 * name — above those that only mention the member's name (`godebug.Get(…)`, `encoded_string.decode()`), and a
 * file defining a member so named under another owner (`BufferPool.Get`) by that definition, above plain
 * mentions. Only for a query of two or more segments whose qualified name some file defines.
 */
import type { GraphModel } from "./model.js";
import { isMember } from "./search-defs.js";
import { DEF_REEXPORT, type FileEntry } from "./types.js";

/** At most this many definitions of the qualified name have their uses gathered (copies of one API). */
const MAX_TARGETS = 50;

/** The segments of a qualified query (`A.b`, `A::b`, `A#b`), or none for a bare name or a phrase. */
export function qualifiedSegments(query: string): string[] | undefined {
  if (!/^[\w$]+(?:(?:\.|::|#)[\w$]+)+$/.test(query)) return undefined;
  return query.split(/\.|::|#/);
}

/**
 * The files using a definition whose qualified name is the query or ends with it (`net/http`'s
 * `Header.Get` for `Header.Get`), each with its first line of such a use: links of a call or reference,
 * not import lines, not name-only guesses (a `.Get` on a value of unknown type). `candidates`: the files
 * that may define the last segment (search.ts exactFiles). Undefined where no file defines it; the
 * definitions' own files are left out (they rank by their definition). Takes the graph's links in (model.ts
 * `linked`: a bare-name search never needs them).
 */
export function ownerUses(g: GraphModel, query: string, candidates: Set<string> | undefined): Map<string, number> | undefined {
  const segs = qualifiedSegments(query);
  if (!segs || !candidates) return undefined;
  const last = segs[segs.length - 1]!;
  const dotted = segs.join(".").toLowerCase();
  const targets: [string, string][] = [];
  for (const rel of candidates) {
    for (const d of g.files.get(rel)?.d ?? []) {
      if (d[0] !== last || d[5] & DEF_REEXPORT || targets.length >= MAX_TARGETS) continue;
      const qn = d[1].toLowerCase();
      if (qn === dotted || qn.endsWith("." + dotted)) targets.push([rel, d[1]]);
    }
  }
  if (!targets.length) return undefined;
  g.linked();
  const own = new Set(targets.map(([rel]) => rel));
  const out = new Map<string, number>();
  for (const [rel, q] of targets) {
    for (const [src, links] of g.inbound.get(rel) ?? []) {
      if (own.has(src)) continue;
      for (const l of links) {
        if (l.q !== q || l.relation === "import" || l.conf === "name-only") continue;
        const was = out.get(src);
        if (was === undefined || l.line < was) out.set(src, l.line);
      }
    }
  }
  return out;
}

/** The file's first member named `last` exactly (no re-export): a definition under another owner than the query's, or -1. */
export function otherOwnerDef(e: FileEntry, last: string): number {
  for (let i = 0; i < e.d.length; i++) {
    const d = e.d[i]!;
    if (d[0] === last && d[1] !== d[0] && !(d[5] & DEF_REEXPORT) && isMember(e, i)) return i;
  }
  return -1;
}
