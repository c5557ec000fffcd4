/**
 * symbol_search's definition match (search.ts): how well a file's definitions answer the query — an
 * exact name, one in another case or with sigils, a prefix, partial term coverage — with the cheap
 * tests and bounds that let the rerank skip files whose names cannot place.
 */
import { bareName, termsOf } from "./tokens.js";
import { DEF_EXPORTED, DEF_REEXPORT, type FileEntry } from "./types.js";

/** How well a definition name answers the query: 1 exact, else term coverage (partial credit). */
function defMatch(name: string, qualified: string, q: string, whole: string, parts: string[], terms?: string[]): number {
  const mine = terms ?? termsOf(name); // [0] is the name lower-cased
  const n = mine[0]!;
  if (n === q || n === whole) return 1;
  // The name without its sigils (`$getRoot`, `_private`) as asked: next to exact.
  const bare = bareName(n);
  if (bare !== n && (bare === q || bare === whole)) return SIGIL_MATCH;
  if (q.includes(".") && qualified !== name) {
    const qn = qualified.toLowerCase();
    if (qn === q || qn.endsWith("." + q)) return 1;
  }
  if (q.length >= 3 && n.startsWith(q)) return PREFIX_MATCH;
  if (!parts.length) return 0;
  const cover = coverage(mine, parts);
  if (cover === 1) return 0.6 + TIGHT * tightness(name, parts);
  // A member named with its owner (`HashMap resize`, `ConcurrentHashMap computeIfAbsent`): its
  // qualified name covering the query beats the owner, which covers only half of it. A phrase only: one
  // identifier's words are not an owner and a member (`ZodTypeDef.errorMap` is no answer to `ZodError`).
  if (parts.length > 1 && qualified !== name && /[\s,]/.test(q) && coverage(qualified.split(".").flatMap((s) => termsOf(s)), parts) === 1) return 0.6 + TIGHT * tightness(qualified, parts);
  return 0.3 * cover;
}

/**
 * Among names that cover every query word, the one with the least else wins: `QuerySet filter` is
 * `QuerySet.filter`, not the larger `QuerySet.complex_filter`; `before request` the method
 * `before_request`, not the TypeVar `T_before_request`. The share of the name's letters the query's words are.
 */
function tightness(name: string, parts: string[]): number {
  const mine = name.replace(/[^A-Za-z0-9]/g, "").length;
  let theirs = 0;
  for (const p of parts) theirs += p.length;
  return mine ? Math.min(1, theirs / mine) : 0;
}
/** A name equal to the query but for its sigils: below an exact match, above a prefix. */
export const SIGIL_MATCH = 0.9;

/** A name beginning with the query (`parseConfig` for `parse`): above a name covering its words. */
export const PREFIX_MATCH = 0.8;

/** The most tightness adds to a coverage match (below a prefix match's 0.8). */
const TIGHT = 0.05;

/** Share of the query's parts among a name's terms (a prefix of a term counts half). */
function coverage(mine: string[], parts: string[]): number {
  let hit = 0;
  for (const p of parts) if (mine.includes(p)) hit++;
  else if (p.length >= 3 && mine.some((t) => t.startsWith(p))) hit += 0.5;
  return hit / parts.length;
}

/**
 * A cheap test that rejects most definitions before defMatch (which splits every name into terms):
 * every way a name can match contains the query, its joined words or one of its parts, lower-cased.
 * Names with other than ASCII letters always pass (their case folding is not the regex's).
 */
export function mayMatch(q: string, whole: string, parts: string[]): { re: RegExp; needles: string[]; dotted: boolean } | undefined {
  const needles = [...new Set([q, whole, ...parts].filter(Boolean))];
  if (!needles.length || needles.some((x) => /[^\x00-\x7f]/.test(x))) return undefined;
  return { re: new RegExp(`${needles.map(esc).join("|")}|[^\\x00-\\x7f]`, "i"), needles, dotted: q.includes(".") };
}

/** Per entry (replaced on every change): its definition names lower-cased and joined, and where each starts. */
interface DefBlob {
  blob: string;
  starts: Int32Array;
  /** termsOf each name, filled as definitions become candidates (an array read beats the cache's Map). */
  terms: (string[] | undefined)[];
}
const defBlobs = new WeakMap<FileEntry, DefBlob | null>();

function defBlob(e: FileEntry): DefBlob | null {
  let b = defBlobs.get(e);
  if (b === undefined) {
    const joined = e.d.map((d) => d[0]).join("\n");
    b = null;
    // ASCII only: lower-casing the whole then keeps every name at its offset.
    if (!/[^\x00-\x7f]/.test(joined)) {
      const starts = new Int32Array(e.d.length);
      let at = 0;
      e.d.forEach((d, i) => {
        starts[i] = at;
        at += d[0].length + 1;
      });
      b = { blob: joined.toLowerCase(), starts, terms: [] };
    }
    defBlobs.set(e, b);
  }
  return b;
}

/**
 * Which definitions `pre` lets through, found by searching the file's joined names for each needle
 * instead of testing every name (large files have thousands). Undefined: test them one by one.
 */
function defCandidates(e: FileEntry, pre: { needles: string[]; dotted: boolean }): { blob: DefBlob; list: number[] } | undefined {
  if (pre.dotted) return undefined;
  const b = defBlob(e);
  if (!b) return undefined;
  const list: number[] = [];
  for (const needle of pre.needles) {
    for (let at = b.blob.indexOf(needle); at >= 0; at = b.blob.indexOf(needle, at + 1)) {
      let lo = 0;
      let hi = b.starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (b.starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      if (list[list.length - 1] !== lo) list.push(lo);
    }
  }
  // In definition order, once each: ties between equal matches go to the earlier definition.
  list.sort((x, y) => x - y);
  let w = 0;
  for (let r = 0; r < list.length; r++) if (r === 0 || list[r] !== list[r - 1]) list[w++] = list[r]!;
  list.length = w;
  return { blob: b, list };
}

/** An exact match but for case: below exact, above a prefix. */
const CASE_ONLY = 0.95;

/** Upper bounds on bestDef's match (its tie-breaks add at most 0.003): a prefix match, a coverage match. */
const PREFIX_MAX = PREFIX_MATCH + 0.003;
const PARTIAL_MAX = 0.6 + TIGHT + 0.003;

/**
 * An upper bound on bestDef's match from a few substring searches of the file's joined names: 1 needs a
 * name equal to the query (or its words joined) but for sigils, 0.8 a name starting with it; anything
 * else matches by coverage at most. 1 when it cannot tell (dotted or non-ASCII queries and names, small
 * files).
 */
export function matchBound(e: FileEntry, names: { exact: string[]; prefix?: string } | undefined): number {
  if (!names || e.d.length <= 8) return 1;
  const b = defBlob(e);
  if (!b) return 1;
  const blob = b.blob;
  for (const x of names.exact) if (namedButForSigils(blob, x)) return 1;
  const p = names.prefix;
  return p && (blob.startsWith(p) || blob.includes("\n" + p)) ? PREFIX_MAX : PARTIAL_MAX;
}

/**
 * Whether a line of `blob` is `x` between any `$`/`_` sigils (defMatch's exact and SIGIL_MATCH cases:
 * Python's `__init__` for `init` — `$init` and `_init` alone had been looked for, and a file defining
 * `__init__` was skipped as if it could match 0.8 at most).
 */
function namedButForSigils(blob: string, x: string): boolean {
  const sigil = (c: string | undefined) => c === "$" || c === "_";
  for (let at = blob.indexOf(x); at >= 0; at = blob.indexOf(x, at + 1)) {
    let s = at;
    while (s > 0 && sigil(blob[s - 1])) s--;
    if (s > 0 && blob[s - 1] !== "\n") continue;
    let end = at + x.length;
    while (end < blob.length && sigil(blob[end])) end++;
    if (end === blob.length || blob[end] === "\n") return true;
  }
  return false;
}

export function bestDef(e: FileEntry, q: string, whole: string, parts: string[], pre?: { re: RegExp; needles: string[]; dotted: boolean }, asTyped = q, header = false): { index: number; match: number } {
  let index = -1;
  let match = 0;
  const cand = pre && e.d.length > 8 ? defCandidates(e, pre) : undefined;
  const count = cand ? cand.list.length : e.d.length;
  for (let k = 0; k < count; k++) {
    const i = cand ? cand.list[k]! : k;
    const d = e.d[i]!;
    if (!cand && pre && !pre.re.test(d[0]) && !(pre.dotted && pre.re.test(d[1]))) continue;
    let m = defMatch(d[0], d[1], q, whole, parts, cand ? (cand.blob.terms[i] ??= termsOf(d[0])) : undefined);
    if (m <= 0) continue;
    // The name as typed beats one that differs in case only (`NewRequest` before `newRequest`).
    if (m >= 1 && d[0] !== asTyped && d[1] !== asTyped) m = CASE_ONLY;
    // A re-export names a definition elsewhere, whose own file answers the query: next to no definition
    // boost (a barrel is short, its BM25 high — openai's `toFile` barrels outranked the function).
    if (d[5] & DEF_REEXPORT) m *= 0.05;
    // A C/C++ header's function of a line or two is a prototype: its definition (a `.c` file's) first, as a
    // re-export's own file is (`buf_append` in buf.h had ranked above buf.c's body).
    if (header && m >= 1 && d[2] === "function" && d[4] - d[3] < 2 && (e.l === "c" || e.l === "cpp")) m = CASE_ONLY;
    // Among equals: exported, then top level, then the larger declaration — but a type before the blocks
    // adding to it (Rust's `struct Store` before its larger `impl Store`, Swift's extensions).
    m += (d[5] & DEF_EXPORTED ? 0.002 : 0) + (d[6] === -1 ? 0.001 : 0) - (d[2] === "impl" || d[2] === "extension" ? 0.0025 : 0);
    // (An exact name's definition before a member so named: a nested `class Entry` before a method `Entry`.)
    if (m >= CASE_ONLY && !isMember(e, i)) m += 0.0005;
    if (m > match || (m === match && index >= 0 && d[4] - d[3] > e.d[index]![4] - e.d[index]![3])) {
      index = i;
      match = m;
    }
  }
  return { index, match: Math.min(1, match) };
}

/** Kinds that define a type: nested in another type they are still no member (`Map.Entry`, a Rust enum in a module). */
const TYPE_DEF_KINDS: ReadonlySet<string> = new Set(["class", "struct", "interface", "trait", "enum", "protocol", "object"]);
/** Kinds whose records hold members (a namespace's or a module's functions are no members). */
const MEMBER_HOLDERS: ReadonlySet<string> = new Set(["class", "struct", "interface", "trait", "enum", "protocol", "object", "impl", "extension", "type"]);

/** Kinds that are members wherever they stand (an object literal's method, `process.emit = function emit`). */
const MEMBER_KINDS: ReadonlySet<string> = new Set(["method", "constructor", "property", "field"]);

/**
 * A member: a method (also an object literal's), or any definition inside a type or an impl (an
 * associated type — Rust's `type Deserializer = …` in an `impl IntoDeserializer for ()`) that is not
 * itself a type. symbol_search ranks an exact name's other definitions — types, functions — before its
 * members (QA F7: two associated types had ranked above serde's `trait Deserializer`).
 */
export function isMember(e: FileEntry, i: number): boolean {
  const d = e.d[i]!;
  if (TYPE_DEF_KINDS.has(d[2])) return false;
  if (MEMBER_KINDS.has(d[2])) return true;
  const parent = d[6] >= 0 ? e.d[d[6]] : undefined;
  return !!parent && MEMBER_HOLDERS.has(parent[2]);
}

/** Whether the file defines `name` (lower-cased) other than as a member: a file that may rank above members so named. */
export function definesBeyondMembers(e: FileEntry, name: string): boolean {
  for (let i = 0; i < e.d.length; i++) if (e.d[i]![0].length === name.length && e.d[i]![0].toLowerCase() === name && !isMember(e, i)) return true;
  return false;
}

/**
 * The definition named `name` (lower-cased) whose lines hold `line` — the innermost —, or -1: the first
 * line using a name inside such a definition is where it declares it.
 */
export function declarationAt(e: FileEntry, name: string, line: number): number {
  let at = -1;
  e.d.forEach((d, i) => {
    if (d[3] <= line && line <= d[4] && !(d[5] & DEF_REEXPORT) && d[0].length === name.length && d[0].toLowerCase() === name && (at < 0 || d[4] - d[3] < e.d[at]![4] - e.d[at]![3])) at = i;
  });
  return at;
}

/** `s` as a literal in a RegExp. */
export function esc(s: string): string {
  return s.replace(/[.+^${}()|[\]\\*?]/g, "\\$&");
}
