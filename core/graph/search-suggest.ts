/**
 * symbol_search's did-you-mean: an identifier query whose name — or the qualifier of a qualified one —
 * no indexed file holds (not even as a word of a longer identifier) is most likely misspelled. Its
 * results can only share some of its words (`Colections.sort` had found four other `sort`s, unlabelled;
 * `deserialise_struct` `data_struct` and `SerializeStruct`), so the result names the defined names
 * closest to it (read_symbol's measure, core/similarity.ts), and when one is clearly the closest the
 * search runs with it instead and says so.
 *
 * The names come from every definition of the graph (re-exports aside): gathered once per state of
 * the word index (its `revision`), only when a query misses, by length, so a lookup measures only
 * the names whose length could still beat the ones found. An owner's names and a member's owners
 * are read from the few files defining them (the segment before a name in its qualified name).
 */
import { distance } from "fastest-levenshtein";
import type { GraphModel } from "./model.js";
import { similarity, SUGGEST_MIN } from "../similarity.js";
import { bareName, queryTerms, termsOf, wholeTerms } from "./tokens.js";
import { DEF_REEXPORT, type Def } from "./types.js";
import type { WordIndex } from "./words.js";
import { dotted, search, type SearchHit, type SearchHits, type SearchOptions } from "./search.js";
import { missingClause, searchNotes as rowNotes } from "./mentions.js";

/** What a missed identifier query gets: close defined names, and the query run instead when one is clearly the closest. */
export interface SearchFix {
  /** The segment of the query no indexed file holds, as typed. */
  unknown: string;
  /** Up to 3 defined names close to it, best first (qualified with the query's other segment where that decided: `Collections.sort`). */
  didYouMean: string[];
  /** The query with the unknown segment replaced by the closest name, when it is clearly the closest. */
  corrected?: string;
}

interface NamePool {
  revision: number;
  /** Distinct names sorted by length; `at[n]` is where length n starts. */
  name: string[];
  lower: string[];
  /** Definitions so named. */
  count: number[];
  at: Int32Array;
}

const pools = new WeakMap<WordIndex, NamePool>();
const IDENT = /^[\w$]+$/;
/** The longest name measured (fastest-levenshtein's fast path is up to 32 characters; longer ones are no typo target). */
const MAX_LEN = 64;

/** Every defined name (re-exports aside), gathered again once the indexed entries changed. */
function poolOf(g: GraphModel): NamePool {
  const words = g.words;
  const have = pools.get(words);
  if (have && have.revision === words.revision) return have;
  const counts = new Map<string, number>();
  for (const e of g.files.values()) for (const d of e.d) if (!(d[5] & DEF_REEXPORT)) counts.set(d[0], (counts.get(d[0]) ?? 0) + 1);
  const pool = byLength(counts, words.revision);
  pools.set(words, pool);
  return pool;
}

/** A pool of these names (identifiers of 2–64 characters) with their counts, sorted by length. */
function byLength(counts: Map<string, number>, revision: number): NamePool {
  const name = [...counts.keys()].filter((n) => n.length >= 2 && n.length <= MAX_LEN && IDENT.test(n)).sort((a, b) => a.length - b.length);
  const pool: NamePool = { revision, name, lower: name.map((n) => n.toLowerCase()), count: name.map((n) => counts.get(n)!), at: new Int32Array(MAX_LEN + 2) };
  for (let n = 0, k = 0; n <= MAX_LEN + 1; n++) {
    while (k < name.length && name[k]!.length < n) k++;
    pool.at[n] = k;
  }
  return pool;
}

/** The segment before a definition's name in its qualified name (`Collections` of `util.Collections.sort`), lower-cased; "" for none. */
function ownerOf(d: Def): string {
  const [n, q] = d;
  if (q.length <= n.length + 1 || q[q.length - n.length - 1] !== "." || !q.endsWith(n)) return "";
  return q.slice(q.lastIndexOf(".", q.length - n.length - 2) + 1, q.length - n.length - 1);
}

/** The names defined in `owner` (any case; as typed, its files: the model's or, when it has none, ≤ 500 of those holding the word). */
function membersOf(g: GraphModel, owner: string): NamePool {
  const o = owner.toLowerCase();
  const counts = new Map<string, number>();
  for (const rel of filesDefining(g, owner)) for (const d of g.files.get(rel)?.d ?? []) if (!(d[5] & DEF_REEXPORT) && ownerOf(d).toLowerCase() === o) counts.set(d[0], (counts.get(d[0]) ?? 0) + 1);
  return byLength(counts, -1);
}

/** The owners of the definitions named `member` (any case; its files as membersOf's). */
function ownersOf(g: GraphModel, member: string): NamePool {
  const m = member.toLowerCase();
  const counts = new Map<string, number>();
  for (const rel of filesDefining(g, member)) {
    for (const d of g.files.get(rel)?.d ?? []) {
      const o = d[0].toLowerCase() === m && !(d[5] & DEF_REEXPORT) ? ownerOf(d) : "";
      if (o) counts.set(o, (counts.get(o) ?? 0) + 1);
    }
  }
  return byLength(counts, -1);
}

/** Files that define `name` as typed (the model's maps), else the first 500 whose words hold it in any case (a common word's are thousands). */
function filesDefining(g: GraphModel, name: string): Iterable<string> {
  const out = new Set([...(g.exportedTop.get(name) ?? []), ...(g.members.get(name) ?? [])]);
  return out.size ? out : g.words.filesWithTerm(name.toLowerCase()).slice(0, 500);
}

interface Near {
  /** As defined (the best-cased of the names equal to it but for case). */
  name: string;
  lower: string;
  /** Edit distance of the lower-cased names. */
  dist: number;
  sim: number;
  /** Definitions so named (ties go to the more common name). */
  count: number;
}

/**
 * Defined names near `word` (lower-cased compare; the cased one a tie-break), best first, at most
 * `limit` distinct lower-cased names with similarity ≥ SUGGEST_MIN. `keep` filters pool entries (an
 * owner's members). Lengths are scanned outward from the word's: a length whose best possible
 * similarity (1 − length difference / longer length) is below the limit-th found ends the scan.
 */
function nearNames(pool: NamePool, word: string, min: number, keep?: (pool: NamePool, i: number) => boolean, limit = 3): Near[] {
  const lower = word.toLowerCase();
  const len = lower.length;
  const found = new Map<string, Near>();
  const floor = () => {
    if (found.size < limit) return min;
    return Math.max(min, [...found.values()].map((n) => n.sim).sort((a, b) => b - a)[limit - 1]!);
  };
  const scan = (n: number) => {
    for (let i = pool.at[n]!; i < pool.at[n + 1]!; i++) {
      if (keep && !keep(pool, i)) continue;
      const l = pool.lower[i]!;
      // (similarity's measure, the distance kept; two letters swapped are one typo: `reszie`, `resize`.)
      const lev = distance(l, lower);
      const dist = lev === 2 && swapped(l, lower) ? 1 : lev;
      const sim = 1 - dist / Math.max(l.length, len);
      if (sim < min) continue;
      const had = found.get(l);
      if (!had) found.set(l, { name: pool.name[i]!, lower: l, dist, sim, count: pool.count[i]! });
      else {
        had.count += pool.count[i]!;
        if (similarity(pool.name[i]!, word) > similarity(had.name, word)) had.name = pool.name[i]!;
      }
    }
  };
  for (let delta = 0; len - delta >= 2 || len + delta <= MAX_LEN; delta++) {
    let any = false;
    for (const n of delta ? [len - delta, len + delta] : [len]) {
      if (n < 2 || n > MAX_LEN) continue;
      if (1 - delta / Math.max(n, len) < floor()) continue;
      any = true;
      scan(n);
    }
    if (!any && 1 - delta / (len + delta) < floor()) break;
  }
  return [...found.values()].sort((a, b) => b.sim - a.sim || b.count - a.count || a.name.length - b.name.length || (a.name < b.name ? -1 : 1)).slice(0, limit);
}

/**
 * The floor over every defined name, above read_symbol's (SUGGEST_MIN, over one file's names or one
 * owner's): among tens of thousands of names something is always 0.45 like anything
 * (`xyzzyFrobnicate` had been offered `TypePredicate`).
 */
const ANY_MIN = 0.6;

/**
 * Over every defined name, only those sharing the word's first or last letter (any case) are measured:
 * a typo seldom changes both ends, and the rest are ~9 in 10 of the names (a miss on 7k files of
 * node_modules: 3–9 ms of edit distances before, 0.3–2.3 ms with it).
 */
function edgeOf(word: string): (pool: NamePool, i: number) => boolean {
  const w = word.toLowerCase();
  const first = w.charCodeAt(0);
  const last = w.charCodeAt(w.length - 1);
  return (p, i) => {
    const l = p.lower[i]!;
    return l.charCodeAt(0) === first || l.charCodeAt(l.length - 1) === last;
  };
}

/** Whether `a` is `b` with two adjacent letters swapped. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Edits a name of this length may be off by and still be corrected without asking. */
function maxEdits(len: number): number {
  return len >= 10 ? 2 : len >= 4 ? 1 : 0;
}

/** The closest is clearly it: few edits away, and every other name further. */
function clearlyBest(near: Near[], len: number): boolean {
  const [a, b] = near;
  return !!a && a.dist <= maxEdits(len) && (!b || b.dist > a.dist);
}

/**
 * Whether a word of the name is in no indexed file (`creat` of `creatElement`, `deserialise`): a typo.
 * A new name made of known words (`parseConfig` where none is defined) is no typo of the nearest name
 * (`ParserConfig`): the files sharing its words answer it, and the names are only offered.
 */
function misspelt(g: GraphModel, word: string): boolean {
  const parts = termsOf(word).slice(wholeTerms(termsOf(word)));
  return !parts.length || parts.some((p) => !g.words.hasTerm(p));
}

/** Whether any indexed file holds the word as an identifier or a word of one (any case; with sigils, by its bare name). */
function known(g: GraphModel, word: string): boolean {
  const lower = word.toLowerCase();
  const bare = bareName(lower);
  return bare.length < 3 || g.words.hasTerm(lower) || g.words.hasTerm(bare);
}

/**
 * The fix for an identifier query (`name`, `Owner.name`, `A::b` — dots by then) one of whose segments
 * no indexed file holds; undefined when every segment is held, for phrases, and for words under three
 * letters. Of a qualified query's segments the first unknown one from the end is fixed: the last by
 * the names defined in its owner (the segment before it) when there are close ones, an owner by the
 * owners of the last segment's definitions (`Colections.sort`: of the types defining `sort`), any
 * other — and a last segment no owner helps — by every defined name.
 */
export function searchFix(g: GraphModel, query: string): SearchFix | undefined {
  const q = query.trim();
  if (!/^[\w$]+(?:\.[\w$]+)*$/.test(q)) return undefined;
  const segs = q.split(".");
  let k = segs.length - 1;
  while (k >= 0 && known(g, segs[k]!)) k--;
  if (k < 0) return undefined;
  const word = segs[k]!;
  let near: Near[] = [];
  // (A name chosen by its owner, or an owner by its member, is said with it: `Vec.push`, `Collections.sort`.)
  let say = (n: string) => n;
  const last = segs.length - 1;
  if (k === last && k > 0) {
    near = nearNames(membersOf(g, segs[k - 1]!.toLowerCase()), word, SUGGEST_MIN);
    if (near.length) say = (n) => `${segs[k - 1]}.${n}`;
  } else if (k === last - 1 && known(g, segs[last]!)) {
    near = nearNames(ownersOf(g, segs[last]!), word, SUGGEST_MIN);
    if (near.length) say = (n) => `${n}.${segs[last]}`;
  }
  if (!near.length) near = nearNames(poolOf(g), word, ANY_MIN, edgeOf(word));
  if (!near.length) return { unknown: word, didYouMean: [] };
  const with_ = (n: string) => [...segs.slice(0, k), n, ...segs.slice(k + 1)].join(".");
  const didYouMean = near.map((n) => say(n.name));
  // (The start of one of the close names, typed as far as it goes — `Travers` for `Traverser` — is it too.)
  const lower = word.toLowerCase();
  const completes = word.length >= 4 ? near.filter((n) => n.name.toLowerCase().startsWith(lower)) : [];
  const fixed = clearlyBest(near, word.length) ? near[0] : completes.length === 1 ? completes[0] : undefined;
  return { unknown: word, didYouMean, ...(fixed && misspelt(g, word) ? { corrected: with_(fixed.name) } : {}) };
}

/**
 * search() with the fix: the corrected query's hits when there is one and it finds any (the query as
 * typed could only find files sharing some of its words), else the query's, and the fix either way.
 */
export function searchOrFix(g: GraphModel, query: string, opts: SearchOptions, display: (rel: string) => string): { hits: SearchHit[]; fix?: SearchFix } {
  const fix = searchFix(g, dotted(query));
  if (fix?.corrected) {
    const hits = search(g, fix.corrected, opts, display);
    if (hits.length) return { hits, fix };
    delete fix.corrected;
  }
  return { hits: search(g, query, opts, display), ...(fix ? { fix } : {}) };
}

/** What the result says of a fix (the first of its warnings): the name run instead, or the names to try. */
export function fixNote(fix: SearchFix, query: string, unparsed = 0, hits = 1, followed = false): string | undefined {
  const q = dotted(query.trim());
  const last = q.split(".").pop()!;
  const none = `no indexed file defines or mentions "${fix.unknown}"`;
  const list = fix.didYouMean.join(", ");
  if (fix.corrected) {
    const others = fix.didYouMean.filter((n) => n !== fix.corrected && n !== fix.corrected!.split(".").slice(-2).join("."));
    return `${none}: these are the results for "${fix.corrected}", the closest name defined here${others.length ? ` (also close: ${others.join(", ")})` : ""} — ${missingClause(unparsed, followed, ", then search it again")}`;
  }
  // (As mentions.ts says it without a fix, the names to try added.)
  const tail = `(${missingClause(unparsed, followed)})`;
  if (fix.unknown === last) return list ? `${none}${hits ? " itself: these results share some of its words" : ""} — did you mean ${list}? ${tail}` : undefined;
  return `${none}: these results are other owners' ${last}${list ? ` — did you mean ${list}?` : ", and no defined name is close to it"}`;
}

/** The result's notes (mentions.ts searchNotes), a fix's first and in place of the "no file holds it whole" one. */
export function searchNotes(g: GraphModel, query: string, rows: SearchHits, rels: string[], fix?: SearchFix, unparsed = 0, followed = false): string[] {
  const hits = rows.length;
  const said = fix && fixNote(fix, query, unparsed, hits, followed);
  const notes = said ? [said, ...(fix.corrected ? rowNotes(g, fix.corrected, hits, rels, unparsed, followed) : [])] : rowNotes(g, query, hits, rels, unparsed, followed);
  // (search.ts left them out below the rows that define or use the identifier.)
  // (The words as a phrase find them all — but a query of one word is that phrase: `func` had been told to search "func".)
  const words = queryTerms(fix?.corrected ?? query).parts;
  if (rows.wordOnlyLeft && words.length > 1) notes.push(`${rows.wordOnlyLeft} more file(s) that share only some of its words are left out (the last rows are the first few of them; search the words, "${words.join(" ")}", for all)`);
  else if (rows.wordOnlyLeft) notes.push(`${rows.wordOnlyLeft} more file(s) that hold "${words[0] ?? query}" only inside longer names are left out (the last rows are the first few of them; a paths or lang filter narrows the files searched)`);
  return notes;
}
