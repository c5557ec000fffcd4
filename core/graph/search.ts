/**
 * symbol_search over the word index: BM25 × path prior × centrality × definition match, then the
 * best line per file (a definition beats a mention) and what to call next.
 */
import type { GraphModel } from "./model.js";
import { eachOccurrence } from "./occ.js";
import { queryTerms, termsOf } from "./tokens.js";
import { DEF_EXPORTED, type FileEntry } from "./types.js";

export interface SearchOptions {
  limit?: number;
  /** Globs (`src/**\/*.ts`) or folder prefixes (`src/core`), root-relative. */
  paths?: string[];
  /** Language id (`typescript`, `python`, …). */
  lang?: string;
}

export interface SearchHit {
  file: string;
  score: number;
  startLine: number;
  endLine: number;
  symbol?: string;
  kind?: string;
  suggestedNext: { tool: "read_symbol"; file: string; symbol: string } | { tool: "read_enclosing"; file: string; line: number } | { tool: "module_report"; file: string };
}

const DEMOTE_TEST = /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testdata|fixtures?|vendor|third_party|generated|gen)\/|[._-](test|spec)\.[a-z]+$|_test\.[a-z]+$|\.generated\.|\.pb\.|\.min\.|\.d\.ts$/i;
const DEMOTE_DOCS = /(^|\/)(docs?|examples?|samples?|data|datasets?|benchmarks?)\/|\.(md|json|ya?ml|toml|csv|txt)$/i;

export function pathPrior(rel: string): number {
  if (DEMOTE_TEST.test(rel)) return 0.3;
  if (DEMOTE_DOCS.test(rel)) return 0.5;
  return 1;
}

export function pathFilter(globs: string[] | undefined): ((rel: string) => boolean) | undefined {
  if (!globs?.length) return undefined;
  const res = globs.map((g) => {
    const clean = g.replace(/^\.\//, "").replace(/\/+$/, "");
    if (!/[*?[]/.test(clean)) return new RegExp(`^${esc(clean)}(?:/|$)`);
    let re = "";
    for (let i = 0; i < clean.length; i++) {
      const c = clean[i]!;
      if (c === "*" && clean[i + 1] === "*") {
        re += clean[i + 2] === "/" ? "(?:.*/)?" : ".*";
        i += clean[i + 2] === "/" ? 2 : 1;
      } else if (c === "*") re += "[^/]*";
      else if (c === "?") re += "[^/]";
      else re += esc(c);
    }
    return new RegExp(`^${re}$`);
  });
  return (rel) => res.some((r) => r.test(rel));
}

function esc(s: string): string {
  return s.replace(/[.+^${}()|[\]\\*?]/g, "\\$&");
}

/** How well a definition name answers the query: 1 exact, else term coverage (partial credit). */
function defMatch(name: string, qualified: string, q: string, whole: string, parts: string[], terms?: string[]): number {
  const mine = terms ?? termsOf(name); // [0] is the name lower-cased
  const n = mine[0]!;
  if (n === q || n === whole) return 1;
  if (q.includes(".") && qualified !== name) {
    const qn = qualified.toLowerCase();
    if (qn === q || qn.endsWith("." + q)) return 1;
  }
  if (q.length >= 3 && n.startsWith(q)) return 0.8;
  if (!parts.length) return 0;
  let hit = 0;
  for (const p of parts) if (mine.includes(p)) hit++;
  else if (p.length >= 3 && mine.some((t) => t.startsWith(p))) hit += 0.5;
  const cover = hit / parts.length;
  return cover === 1 ? 0.6 : 0.3 * cover;
}

export function search(g: GraphModel, query: string, opts: SearchOptions = {}, display: (rel: string) => string = (r) => r): SearchHit[] {
  const limit = Math.max(1, Math.min(opts.limit ?? 20, 200));
  const { terms, parts, whole } = queryTerms(query);
  if (!terms.length) return [];
  const q = query.trim().toLowerCase();
  const weighted: { term: string; weight: number }[] = [];
  for (const t of terms) {
    if (g.words.hasTerm(t)) weighted.push({ term: t, weight: 1 });
    else if (t.length >= 3 && t !== whole) for (const x of g.words.expand(t)) weighted.push({ term: x, weight: 0.5 });
  }
  const byPath = pathFilter(opts.paths);
  const allow = byPath || opts.lang ? (rel: string) => (!byPath || byPath(rel)) && (!opts.lang || g.files.get(rel)?.l === opts.lang) : undefined;
  const raw = g.words.score(weighted, allow);
  // Re-rank the best BM25 candidates with priors and definition matches.
  const pool = topK(raw, Math.max(60, limit * 3));
  const pre = mayMatch(q, whole, parts);
  const ranked = pool.map(([rel, bm]) => {
    const e = g.files.get(rel)!;
    const best = bestDef(e, q, whole, parts, pre);
    const importers = g.importers.get(rel)?.size ?? 0;
    const score = bm * pathPrior(rel) * (1 + 0.15 * Math.log2(1 + importers)) * (1 + 2 * best.match);
    return { rel, e, best, score };
  });
  ranked.sort((a, b) => b.score - a.score || (a.rel < b.rel ? -1 : 1));
  return ranked.slice(0, limit).map(({ rel, e, best, score }) => {
    const file = display(rel);
    if (best.index >= 0) {
      const d = e.d[best.index]!;
      return { file, score: round(score), startLine: d[3], endLine: d[4], symbol: d[1], kind: d[2], suggestedNext: { tool: "read_symbol", file, symbol: d[1] } };
    }
    const line = mentionLine(e, parts);
    if (line) return { file, score: round(score), startLine: line, endLine: line, suggestedNext: { tool: "read_enclosing", file, line } };
    return { file, score: round(score), startLine: 1, endLine: 1, suggestedNext: { tool: "module_report", file } };
  });
}

/**
 * A cheap test that rejects most definitions before defMatch (which splits every name into terms):
 * every way a name can match contains the query, its joined words or one of its parts, lower-cased.
 * Names with other than ASCII letters always pass (their case folding is not the regex's).
 */
function mayMatch(q: string, whole: string, parts: string[]): { re: RegExp; needles: string[]; dotted: boolean } | undefined {
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

function bestDef(e: FileEntry, q: string, whole: string, parts: string[], pre?: { re: RegExp; needles: string[]; dotted: boolean }): { index: number; match: number } {
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
    // Among equals: exported, then top level, then the larger declaration.
    m += (d[5] & DEF_EXPORTED ? 0.002 : 0) + (d[6] === -1 ? 0.001 : 0);
    if (m > match || (m === match && index >= 0 && d[4] - d[3] > e.d[index]![4] - e.d[index]![3])) {
      index = i;
      match = m;
    }
  }
  return { index, match: Math.min(1, match) };
}

/** First line of the identifier sharing the most query terms. */
function mentionLine(e: FileEntry, parts: string[]): number | undefined {
  let bestLine: number | undefined;
  let bestHits = 0;
  eachOccurrence(e, (name, _count, at) => {
    const mine = termsOf(name);
    let hits = 0;
    for (const p of parts) if (mine.includes(p)) hits++;
    const first = e.o[at]! >> 4;
    if (hits > bestHits || (hits === bestHits && hits > 0 && first < (bestLine ?? Infinity))) {
      bestHits = hits;
      bestLine = first;
    }
  });
  return bestLine;
}

/** The k best entries by score: a size-k min-heap instead of sorting every scored file. */
function topK(scores: [string, number][], k: number): [string, number][] {
  const heap: [string, number][] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && heap[l]![1] < heap[m]![1]) m = l;
      if (r < heap.length && heap[r]![1] < heap[m]![1]) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const e of scores) {
    if (heap.length < k) {
      heap.push(e);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (heap[p]![1] <= heap[i]![1]) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (e[1] > heap[0]![1]) {
      heap[0] = e;
      down(0);
    }
  }
  return heap.sort((a, b) => b[1] - a[1]);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
