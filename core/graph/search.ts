/**
 * symbol_search over the word index: BM25 × path prior × centrality × definition match over every file
 * the query's terms hit (bounds skip the files that cannot place) — for a one-identifier query the files
 * holding it whole before those sharing only its words —, then the best line per file (a definition
 * beats a mention) and what to call next.
 */
import type { GraphModel } from "./model.js";
import { mentionLine, wholeMentionLine, type MentionLine } from "./mentions.js";
import { bareName, queryTerms } from "./tokens.js";
import { DEF_REEXPORT, type FileEntry } from "./types.js";
import { bestDef, declarationAt, definesBeyondMembers, esc, isMember, matchBound, mayMatch, PREFIX_MATCH, SIGIL_MATCH } from "./search-defs.js";
import { kthLargest } from "./util.js";
import { C_HEADER } from "../files.js";
import { reexported } from "./name-only.js";
import { otherOwnerDef, ownerUses, qualifiedSegments, qualifierUses } from "./owner-uses.js";

export interface SearchOptions {
  limit?: number;
  /** Globs (`src/**\/*.ts`) or folder prefixes (`src/core`), root-relative. */
  paths?: string[];
  /** Language id (`typescript`, `python`, …). */
  lang?: string;
  /** The package's entry files (entries.ts): their exact definitions rank first among exact ones. */
  entries?: ReadonlySet<string>;
}

export interface SearchHit {
  file: string;
  score: number;
  startLine: number;
  endLine: number;
  symbol?: string;
  kind?: string;
  suggestedNext: { tool: "read_symbol"; file: string; symbol: string } | { tool: "read_enclosing"; file: string; line: number } | { tool: "module_report"; file: string };
  /** Other definitions of the name in this file, under other qualified names: `Compat32.fold@326` (at most 3, then `+N`). */
  also?: string[];
  /** A definition of a qualified query's name under another owner (`HttpRequest.newBuilder` for `HttpClient.newBuilder`): its line is no mention. */
  otherOwner?: true;
  /** The file changed since it was indexed: its lines may have moved. */
  stale?: true;
  /** A re-export's row (`export { GaxiosError } from './common.js'`, kind `re-export`): the declaration it names where the graph finds it, which suggestedNext reads. */
  reexportOf?: { file: string; symbol: string; kind: string; startLine: number; endLine: number };
  /** importOnly: a mention on an import line only (no code uses the name: JSDoc, a re-export); text: a mention's line, trimmed (≤ 100 characters, line-text.ts). */
  importOnly?: true;
  text?: string;
}

const DEMOTE_TEST = /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testdata|fixtures?|vendor|third_party|generated|gen)\/|[._-](test|spec)\.[a-z]+$|_test\.[a-z]+$|\.generated\.|\.pb\.|\.min\.|\.d\.[cm]?ts$/i;
const DEMOTE_DOCS = /(^|\/)(docs?|examples?|samples?|data|datasets?|benchmarks?)\/|\.(md|json|ya?ml|toml|csv|txt)$/i;

export function pathPrior(rel: string): number {
  if (DEMOTE_TEST.test(rel)) return 0.3;
  if (DEMOTE_DOCS.test(rel)) return 0.5;
  return 1;
}

/** pathPrior by path, remembered: a search takes it for every file the query's terms hit. */
const priors = new Map<string, number>();
function priorOf(rel: string): number {
  let p = priors.get(rel);
  if (p === undefined) {
    if (priors.size >= 100_000) priors.clear();
    priors.set(rel, (p = pathPrior(rel)));
  }
  return p;
}

export function pathFilter(globs: string[] | undefined): ((rel: string) => boolean) | undefined {
  if (!globs?.length) return undefined;
  // `!browser/**` leaves a path out (a package's duplicate builds); the others let one in (all, without any).
  const out = globs.filter((g) => g.startsWith("!")).map((g) => globRe(g.slice(1)));
  const ins = globs.filter((g) => !g.startsWith("!")).map(globRe);
  return (rel) => (!ins.length || ins.some((r) => r.test(rel))) && !out.some((r) => r.test(rel));
}

function globRe(g: string): RegExp {
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
}


/** Whether any indexed file passes a `paths` filter (one that passes none answers nothing, and says so). */
export function anyFileMatches(g: GraphModel, paths: string[]): boolean {
  const keep = pathFilter(paths);
  if (!keep) return true;
  for (const rel of g.files.keys()) if (keep(rel)) return true;
  return false;
}

/**
 * A language's own qualifier as a dot (`Store::get`, `Account#deposit`, `Conn->send`), as read_symbol
 * takes them: `::` had found C++'s and Rust's definitions only as mentions.
 */
export function dotted(query: string): string {
  return query.replace(/([\w$>])(?:::|#|->)(?=[\w$~])/g, "$1.");
}

export function search(g: GraphModel, query: string, opts: SearchOptions = {}, display: (rel: string) => string = (r) => r): SearchHits {
  query = dotted(query);
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
  // A query that is one identifier (dotted: its last segment): the files holding it whole are marked,
  // and rank before those that share only its words (`ZodError`'s zod and error are in most of zod).
  const key = identifierKey(query.trim());
  const raw = g.words.score(weighted, allow, key);
  // The files defining the name exactly, also where the word index has nothing for it (a one-character
  // name is not indexed: `h`, `$`, `_` match nearly every file's words).
  const exact = exactFiles(g, query.trim());
  if (exact) {
    const have = new Set(raw.map(([rel]) => rel));
    const least = raw.reduce((m, [, s]) => Math.min(m, s), 1);
    for (const rel of exact) if (!have.has(rel) && (!allow || allow(rel))) raw.push([rel, least, 1]);
  }
  const pre = mayMatch(q, whole, parts);
  // What matchBound looks for: defMatch's exact and prefix cases (not for dotted queries: qualified names).
  // (Between any sigils: `getRoot` is lexical's `$getRoot`, `init` Python's `__init__`.)
  const names = pre && !pre.dotted ? { exact: [...new Set([q, whole].filter(Boolean))], prefix: q.length >= 3 ? q : undefined } : undefined;
  // `Header.Get`: the files using that definition, then those defining a `Get` of another owner, before mere mentions (owner-uses.ts).
  // Where no file defines it (`godebug.Get`, a package's function no indexed file declares): the files naming it through its owner.
  const last = qualifiedSegments(query.trim())?.pop();
  // (Then no file ranks as another owner's member above mentions: where no owner is defined, other owners' `Get`s are no better a guess.)
  const defined = last ? ownerUses(g, query.trim(), exact) : undefined;
  const uses = defined ?? (last ? qualifierUses(g, query.trim()) : undefined);
  const owner = uses ? { uses, last: last!, others: defined !== undefined } : undefined;
  const ranked = rerank(g, raw, limit, {
    bound: (e) => matchBound(e, names),
    match: (e, rel) => bestDef(e, q, whole, parts, pre, query.trim(), C_HEADER.test(rel)),
    beyondMembers: (e) => definesBeyondMembers(e, q.split(".").pop()!),
    exact,
    entries: opts.entries,
    owner,
  });
  // A qualified query's line that declares its name under another owner (`HttpRequest.newBuilder` for
  // `HttpClient.newBuilder`) is that definition's row, marked, not a mention (QA F12).
  const otherRow = (e: FileEntry, file: string, score: number, i: number): SearchHit => {
    const d = e.d[i]!;
    return { file, score: round(score), startLine: d[3], endLine: d[4], symbol: d[1], kind: d[2], otherOwner: true, suggestedNext: { tool: "read_symbol", file, symbol: d[1] } };
  };
  const other = (e: FileEntry, file: string, score: number, m: MentionLine): SearchHit | undefined => {
    const i = key && q.includes(".") && !m.importOnly ? declarationAt(e, key, m.line) : -1;
    return i < 0 ? undefined : otherRow(e, file, score, i);
  };
  // One identifier that files define or hold whole: files sharing only some of its words are noise past
  // a few (`putVal`: 1 file holding it, 19 rows of `nanoVal`, `intValue`…); how many were left is said.
  // (Names beginning with it stay: `parseConfig` for `parse`.)
  const kept = (r: Ranked) => r.tier >= TIER_WHOLE || (r.best.index >= 0 && r.best.match >= PREFIX_MATCH);
  const strong = key ? ranked.filter((r) => r.tier >= TIER_WHOLE).length : 0;
  let wordOnly = 0;
  const shown = strong ? ranked.filter((r) => kept(r) || ++wordOnly <= WORD_ONLY_ROWS) : ranked;
  const hits: SearchHits = shown.map(({ rel, e, best, score, whole: holds, tier }) => {
    const file = display(rel);
    // (The owner's use — `r.Header.Get(…)`, not the file's first `godebug.Get(…)` —, or the other owner's definition.)
    // (A file that also defines the member under another owner names that definition beside the use: `also`.)
    if (tier === TIER_OWNER_USE) {
      const i = otherOwnerDef(e, owner!.last);
      return { ...mentionHit(file, score, { line: owner!.uses.get(rel)!, importOnly: false }), ...(i >= 0 ? { also: [`${e.d[i]![1]}@${e.d[i]![3]}`, ...(alsoHere(e, i) ?? [])].slice(0, 3) } : {}) };
    }
    if (tier === TIER_OTHER_OWNER) return otherRow(e, file, score, otherOwnerDef(e, owner!.last));
    // A definition that shares only some words with the query (`type LinkRef` for `innerRef`), or only
    // begins with it (`createProxyProxy` for `createProxy`), is no answer where the file uses the
    // identifier itself: that line is.
    const used = best.index >= 0 && best.match < SIGIL_MATCH ? wholeMentionLine(e, key ?? q) : undefined;
    if (used && !used.importOnly) return other(e, file, score, used) ?? mentionHit(file, score, used);
    if (best.index >= 0) {
      const d = e.d[best.index]!;
      if (d[5] & DEF_REEXPORT) return reexportHit(g, rel, best.index, file, round(score), display);
      const also = best.match >= 1 ? alsoHere(e, best.index) : undefined;
      return { file, score: round(score), startLine: d[3], endLine: d[4], symbol: d[1], kind: d[2], ...(also ? { also } : {}), suggestedNext: { tool: "read_symbol", file, symbol: d[1] } };
    }
    const line = (holds && key ? wholeMentionLine(e, key) : undefined) ?? mentionLine(e, parts);
    if (line) return other(e, file, score, line) ?? mentionHit(file, score, line);
    return { file, score: round(score), startLine: 1, endLine: 1, suggestedNext: { tool: "module_report", file } };
  });
  if (wordOnly > WORD_ONLY_ROWS) hits.wordOnlyLeft = wordOnly - WORD_ONLY_ROWS;
  return hits;
}

/**
 * A re-export's row: kind `re-export`, not the kind of what it names (gaxios' index.js:14 `export { GaxiosError } from
 * './common.js'` had read "class GaxiosError", its read one line), and the declaration it names (name-only.ts reexported,
 * through barrels) to read next; a name the graph cannot follow (another package's) keeps read_symbol on the line,
 * which says where it comes from.
 */
function reexportHit(g: GraphModel, rel: string, index: number, file: string, score: number, display: (rel: string) => string): SearchHit {
  const d = g.files.get(rel)!.d[index]!;
  const to = reexported(g, [rel, index]);
  const x = to && to[0] !== rel ? g.files.get(to[0])?.d[to[1]] : undefined;
  const row = { file, score, startLine: d[3], endLine: d[4], symbol: d[1], kind: "re-export" };
  if (!x || x[5] & DEF_REEXPORT) return { ...row, suggestedNext: { tool: "read_symbol", file, symbol: d[1] } };
  const of = { file: display(to![0]), symbol: x[1], kind: x[2], startLine: x[3], endLine: x[4] };
  return { ...row, reexportOf: of, suggestedNext: { tool: "read_symbol", file: of.file, symbol: of.symbol } };
}

/** Rows of files sharing only some words of an identifier other files define or hold whole. */
const WORD_ONLY_ROWS = 3;

/** A search's rows; `wordOnlyLeft`: files sharing only some of the identifier's words, left out below the rows that hold it. */
export type SearchHits = SearchHit[] & { wordOnlyLeft?: number };

/**
 * The file's other definitions of the hit's name under another qualified name (`Compat32.fold` beside
 * `Policy.fold`), as `name@line`, at most 3: one row per file had hidden them (3 of email's 7 `fold`s).
 */
function alsoHere(e: FileEntry, index: number): string[] | undefined {
  const [name, q] = e.d[index]!;
  const out: string[] = [];
  for (const d of e.d) if (d[0] === name && d[1] !== q && !(d[5] & DEF_REEXPORT) && !out.some((o) => o.startsWith(`${d[1]}@`))) out.push(`${d[1]}@${d[3]}`);
  return out.length ? out.slice(0, 3).concat(out.length > 3 ? [`+${out.length - 3}`] : []) : undefined;
}

/** A mention's row: read_enclosing at its line, or — a file that only imports the name — its outline. */
function mentionHit(file: string, score: number, m: MentionLine): SearchHit {
  return { file, score: round(score), startLine: m.line, endLine: m.line, ...(m.importOnly ? { importOnly: true as const, suggestedNext: { tool: "module_report" as const, file } } : { suggestedNext: { tool: "read_enclosing" as const, file, line: m.line } }) };
}

/** Kinds that bind a value (`module.exports.Arborist = module.exports`) rather than define one: after definitions among exact matches. */
const BINDING_KINDS = new Set(["constant", "variable", "property", "field"]);

/** Test files (not vendor or generated code, nor declaration files, which DEMOTE_TEST demotes too). */
const TEST_PATH = /(^|\/)(tests?|__tests__|spec|specs)\/|[._-](test|spec)\.[a-z]+$|_test\.[a-z]+$/i;
/**
 * Tiers rank before scores: a file whose best definition is named exactly as typed (or whose qualified
 * name ends with the dotted query) — in the package's entry point first, then one that is no member of a
 * type (a type, a function, nested types too; not a test file's function, which ranks as a member does), then a
 * member (a method, an associated type) —, then one that differs in case or sigils only, then a constant or
 * variable so named, then a file holding the queried identifier whole (a mention), then one sharing only some of its words. An exact name in a long
 * file (low BM25) still beats a longer name in a short one, and puppeteer's `class Frame` six `frame()`
 * methods; serde's `trait Deserializer` (a long file) the associated types `type Deserializer = …` of
 * short ones; a file using `ZodError` 25 times beats one full of `zod…` and `…Error` names that never does.
 */
const TIER_ENTRY = 8;
const TIER_EXACT = 7;
const TIER_MEMBER = 6;
const TIER_CASE = 5;
const TIER_BINDING = 4;
/** A qualified query (`Header.Get`): a file using that definition (owner-uses.ts), then one defining the member under another owner. */
const TIER_OWNER_USE = 3;
const TIER_OTHER_OWNER = 2;
const TIER_WHOLE = 1;

function tierOf(e: FileEntry, best: { index: number; match: number }, holds: boolean): number {
  if (best.index < 0 || best.match < SIGIL_MATCH) return holds ? TIER_WHOLE : 0;
  if (BINDING_KINDS.has(e.d[best.index]![2])) return TIER_BINDING;
  if (best.match < 1) return TIER_CASE;
  return isMember(e, best.index) ? TIER_MEMBER : TIER_EXACT;
}

/** The identifier a one-identifier query asks for, lower-cased (for `A.b` its last segment); none for phrases. */
function identifierKey(query: string): string | undefined {
  if (!/^[\w$]+(?:(?:\.|::|#)[\w$]+)*$/.test(query)) return undefined;
  const last = query.split(/\.|::|#/).pop()!.toLowerCase();
  return bareName(last).length > 1 ? last : undefined;
}

/**
 * Files that may define the queried identifier exactly (as typed; for `A.b` its last segment): the
 * model's exported top-level names and member names. Not for phrase queries, which rank by score.
 */
function exactFiles(g: GraphModel, query: string): Set<string> | undefined {
  if (!/^[\w$]+(?:(?:\.|::|#)[\w$]+)*$/.test(query)) return undefined;
  const last = query.split(/\.|::|#/).pop()!;
  const out = new Set<string>();
  for (const name of [last, `$${last}`, `_${last}`]) for (const rel of [...(g.exportedTop.get(name) ?? []), ...(g.members.get(name) ?? [])]) out.add(rel);
  return out.size ? out : undefined;
}

/** The largest definition factor, 1 + 2·m for m = 1. */
const MAX_DEF_BOOST = 3;

interface Ranked {
  rel: string;
  e: FileEntry;
  best: { index: number; match: number };
  score: number;
  /** tierOf: exact definitions, then exact bindings, then files holding the identifier, then the rest; by score within a tier. */
  tier: number;
  /** The file holds the queried identifier whole (words.ts `score`), or may define it exactly. */
  whole: boolean;
}

/**
 * The `limit` best files by tier, then BM25 × path prior × centrality × definition match, exactly as if
 * every hit were scored, without matching every hit's definitions. The first three factors (`base`) are
 * cheap; the definition factor lies in [1, 3], so a file scores between base and 3·base.
 *
 * The files that may define the name exactly are matched first (below). Then the files holding the
 * queried identifier whole, then — only if those leave places — the files sharing only its words: every
 * file of the first group outranks every file of the second (the tiers above TIER_WHOLE need the name
 * itself), so each group is a ranking of its own. Within a group, with k places to fill (`limit`, then
 * what the first group left), the k-th largest base of the group is a floor under the k-th final score
 * there: only files whose 3·base reaches it can place. Those are matched best base first, until 3× the
 * next base falls below the limit-th score found (the limit-th file is then of the same group); a file
 * whose names cap its match (`defs.bound`: no name equal to the query, or none starting with it) is
 * skipped when the capped score could not place. Cost: linear in the hits, plus the definitions of the
 * files matched.
 *
 * (Cutting the BM25 list first instead, as this once did, lost definitions of a common name: a hundred
 * short test files calling `safeParse` out-scored the files defining it before the definition factor and
 * the test prior ever ran. A floor over both groups at once would drop the files holding the name that
 * score below the limit-th file sharing its words.)
 */
function rerank(g: GraphModel, raw: [string, number, number][], limit: number, defs: { bound: (e: FileEntry) => number; match: (e: FileEntry, rel: string) => { index: number; match: number }; beyondMembers: (e: FileEntry) => boolean; exact?: Set<string>; entries?: ReadonlySet<string>; owner?: { uses: Map<string, number>; last: string; others: boolean } }): Ranked[] {
  const n = raw.length;
  const base = new Float64Array(n);
  const whole = new Uint8Array(n);
  const exact: number[] = [];
  let wholes = 0;
  for (let i = 0; i < n; i++) {
    const rel = raw[i]![0];
    const importers = g.importers.get(rel)?.size ?? 0;
    base[i] = raw[i]![1] * priorOf(rel) * (importers ? 1 + 0.15 * Math.log2(1 + importers) : 1);
    if (defs.exact?.has(rel)) exact.push(i);
    if (raw[i]![2] || defs.exact?.has(rel)) (whole[i] = 1), wholes++;
  }
  const top: Ranked[] = []; // best first, at most `limit`
  const before = (a: Ranked, b: Ranked) => a.tier > b.tier || (a.tier === b.tier && (a.score > b.score || (a.score === b.score && a.rel < b.rel)));
  const place = (i: number, e: FileEntry, best: { index: number; match: number }) => {
    const holds = whole[i] === 1;
    // (A test's own function named as typed ranks as a member does, by score: gtest's test helpers `int RunAllTests()`
    // had ranked above the library's `UnitTestImpl::RunAllTests`, with their lower scores shown beside them.)
    const named = tierOf(e, best, holds);
    let tier = named === TIER_EXACT && TEST_PATH.test(raw[i]![0]) ? TIER_MEMBER : named;
    if (defs.owner && tier <= TIER_WHOLE) tier = defs.owner.uses.has(raw[i]![0]) ? TIER_OWNER_USE : defs.owner.others && otherOwnerDef(e, defs.owner.last) >= 0 ? TIER_OTHER_OWNER : tier;
    // (An exact definition in the package's entry point, above the same name's copies and implementations.)
    const r: Ranked = { rel: raw[i]![0], e, best, score: base[i]! * (1 + 2 * best.match), tier: (tier === TIER_EXACT || tier === TIER_MEMBER) && defs.entries?.has(raw[i]![0]) ? TIER_ENTRY : tier, whole: holds };
    if (top.length === limit && !before(r, top[limit - 1]!)) return;
    let at = top.length;
    while (at > 0 && before(r, top[at - 1]!)) at--;
    top.splice(at, 0, r);
    if (top.length > limit) top.pop();
  };
  // Files that may define the name exactly rank first whatever their base: matched before the rest,
  // best base first, until the limit-th place holds an exact definition the next one cannot beat.
  const done = new Uint8Array(n);
  const entry = (i: number) => (defs.entries?.has(raw[i]![0]) ? 1 : 0);
  exact.sort((x, y) => entry(y) - entry(x) || base[y]! - base[x]!);
  // (Below an exact definition at the limit-th place no file can place that does not outscore it; below a
  // member, one can that defines the name other than as a member — matched, the rest skipped.)
  for (const i of exact) {
    const e = g.files.get(raw[i]![0])!;
    const low = !entry(i) && top.length === limit && base[i]! * MAX_DEF_BOOST < top[limit - 1]!.score;
    if (low && top[limit - 1]!.tier >= TIER_EXACT) break;
    if (low && top[limit - 1]!.tier >= TIER_MEMBER && !defs.beyondMembers(e)) continue;
    done[i] = 1;
    place(i, e, defs.match(e, raw[i]![0]));
  }
  // A qualified query's owner uses rank above every mention whatever their base: placed before the groups, best base first.
  const uses = defs.owner?.uses ?? new Map<string, number>();
  const owned: number[] = [];
  if (uses.size) for (let i = 0; i < n; i++) if (!done[i] && uses.has(raw[i]![0])) owned.push(i);
  owned.sort((x, y) => base[y]! - base[x]!);
  for (const i of owned) {
    if (top.length === limit && top[limit - 1]!.tier >= TIER_OWNER_USE && base[i]! * MAX_DEF_BOOST < top[limit - 1]!.score) break;
    done[i] = 1;
    place(i, g.files.get(raw[i]![0])!, defs.match(g.files.get(raw[i]![0])!, raw[i]![0]));
  }
  const heap = new Int32Array(n);
  let size = 0;
  const down = (at: number) => {
    for (;;) {
      const l = 2 * at + 1;
      let m = at;
      if (l < size && base[heap[l]!]! > base[heap[m]!]!) m = l;
      if (l + 1 < size && base[heap[l + 1]!]! > base[heap[m]!]!) m = l + 1;
      if (m === at) return;
      const t = heap[at]!;
      heap[at] = heap[m]!;
      heap[m] = t;
      at = m;
    }
  };
  // One group (holding the identifier whole, or not): `count` files, `places` places left for them.
  const group = (holds: 0 | 1, count: number, places: number) => {
    if (!count) return;
    let floor = 0;
    if (count > places && count === n) floor = kthLargest(base, places);
    else if (count > places) {
      const mine = new Float64Array(count);
      let k = 0;
      for (let i = 0; i < n; i++) if (whole[i] === holds) mine[k++] = base[i]!;
      floor = kthLargest(mine, places);
    }
    // The candidates as a max-heap by base: built in linear time, popped only as far as needed.
    size = 0;
    for (let i = 0; i < n; i++) if (whole[i] === holds && !done[i] && base[i]! * MAX_DEF_BOOST >= floor) heap[size++] = i;
    for (let at = (size >> 1) - 1; at >= 0; at--) down(at);
    // A file's exact name outside the maps (a top-level name not exported) still places by score; the
    // limit-th entry in a higher tier is out of reach only by bound.
    while (size > 0) {
      const i = heap[0]!;
      if (top.length === limit && base[i]! * MAX_DEF_BOOST < top[limit - 1]!.score) break;
      heap[0] = heap[--size]!;
      down(0);
      const e = g.files.get(raw[i]![0])!;
      if (top.length === limit && base[i]! * (1 + 2 * defs.bound(e)) < top[limit - 1]!.score) continue;
      place(i, e, defs.match(e, raw[i]![0]));
    }
  };
  group(1, wholes, limit);
  // Every file holding the identifier has placed unless the list is full of them.
  if (top.length < limit) group(0, n - wholes, limit - top.length);
  return top;
}
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Where `symbol` (a name or a qualified name) is defined, outside `exceptRel`: exported and top-level first. */
export function definitionsNamed(g: GraphModel, symbol: string, exceptRel: string | undefined, limit: number, display: (rel: string) => string): { file: string; symbol: string; kind: string; startLine: number; endLine: number }[] {
  const segs = symbol.split(/::|\.|#/).filter(Boolean);
  const last = segs[segs.length - 1];
  if (!last) return [];
  const out: { file: string; symbol: string; kind: string; startLine: number; endLine: number; score: number }[] = [];
  const files = new Set([...(g.exportedTop.get(last) ?? []), ...(g.members.get(last) ?? []), ...g.words.filesWithTerm(last.toLowerCase())]);
  for (const rel of files) {
    if (rel === exceptRel) continue;
    const e = g.files.get(rel);
    for (const d of e?.d ?? []) {
      if (d[0] !== last) continue;
      const q = d[1];
      if (segs.length > 1 && !(q === symbol || q.endsWith("." + segs.join(".")))) continue;
      out.push({ file: display(rel), symbol: q, kind: d[2], startLine: d[3], endLine: d[4], score: (d[5] & 1 ? 2 : 0) + (d[6] === -1 ? 1 : 0) });
    }
  }
  out.sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : 1));
  return out.slice(0, limit).map(({ score: _s, ...rest }) => rest);
}
