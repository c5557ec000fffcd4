/**
 * A qualified query's owner (`Header.Get`, `PyJWT.decode`): symbol_search (search.ts) ranks the files using
 * that very definition — what the linker resolved `r.Header.Get(…)` to, by receiver type, import or exact
 * name — above those that only mention the member's name (`godebug.Get(…)`, `encoded_string.decode()`), and a
 * file defining a member so named under another owner (`BufferPool.Get`) by that definition, above plain
 * mentions. For a query of two or more segments whose qualified name some file defines; where none does
 * (`godebug.Get`: an imported package's function, `path.join`), the files naming the member through that
 * owner (qualifierUses).
 */
import type { GraphModel } from "./model.js";
import { eachOccurrence } from "./occ.js";
import { isMember } from "./search-defs.js";
import { DEF_REEXPORT, OCC_IMPORT, OCC_MEMBER, OCC_PKG, OCC_SHIFT, type FileEntry } from "./types.js";

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

/**
 * A qualified query whose qualified name no indexed file defines (`godebug.Get` in net/http: the package
 * internal/godebug is not indexed): each file where the owner's name and the member's, as a member (after
 * `.`, `::`, `->`), stand on one line (`godebug.Get("http2client")`), with its first such line — the uses of
 * that imported module's member, which rank above mentions of the member's name on other values
 * (`copyBufPool.Get()`, `r.Header.Get(…)`). From the lines the index keeps per name (the first 32 per file).
 * Undefined when no file has one.
 */
export function qualifierUses(g: GraphModel, query: string): Map<string, number> | undefined {
  const segs = qualifiedSegments(query);
  if (!segs) return undefined;
  // (As typed: `url.Parse` is net/url's function, `req.URL.Parse(loc)` a method of the type URL.)
  const last = segs[segs.length - 1]!;
  const owner = segs[segs.length - 2]!;
  const withOwner = new Set(g.words.filesWithTerm(owner.toLowerCase()));
  const out = new Map<string, number>();
  for (const rel of g.words.filesWithTerm(last.toLowerCase())) {
    const e = withOwner.has(rel) ? g.files.get(rel) : undefined;
    if (!e) continue;
    // (Go: a selector on an imported package, collect.ts OCC_PKG — not `Dial: func(net, addr string)`, a struct key beside a parameter `net`.)
    const go = e.l === "go";
    const members: number[] = [];
    const owners = new Set<number>();
    eachOccurrence(e, (name, _count, at, kept) => {
      if (name !== last && name !== owner) return;
      for (let k = 0; k < kept; k++) {
        const enc = e.o[at + k]!;
        if (name === owner) owners.add(enc >> OCC_SHIFT);
        else if (enc & OCC_MEMBER && !(enc & OCC_IMPORT) && (!go || enc & OCC_PKG)) members.push(enc >> OCC_SHIFT);
      }
    });
    let first = Infinity;
    for (const line of members) if (line < first && owners.has(line)) first = line;
    if (first < Infinity) out.set(rel, first);
  }
  return out.size ? out : undefined;
}
