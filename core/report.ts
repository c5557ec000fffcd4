/**
 * Assemble the module_report (contract.md) from a file analysis: api/internal split, entries without
 * tree nodes, recommendedReads through the rank hook, provenance and honest warnings.
 */
import type { Hooks, RankCandidate, RankContext } from "./hooks.js";
import type { FileAnalysis } from "./pipeline.js";
import { STAGE } from "./stages.js";
import { sharedNames, spelledName, useKey } from "./use-key.js";
import { overloadSuffix, recordOverloads } from "./overloads.js";
import { walk } from "./extract.js";
import { BASELESS } from "./callbacks.js";
import { CALL_WITHOUT_BASE } from "./pack-checks.js";
import { estimateCodeTokens } from "./view/tokens.js";
import { clip, LONG_LINE, QUERY_SAID, thousands } from "./text.js";
import { VALUE_KINDS } from "./budget.js";
import { sourceMapOf } from "./files.js";
import { cbFocus } from "./focus.js";
import { lookupSymbol } from "./read-symbol.js";
import { spellsHashed } from "./read-choices.js";
import { ownerOf } from "./read-owners.js";
import type { Callback, Entry, ModuleReport, RankWeights, RecommendedRead, SymbolRecord } from "./types.js";

export interface ReportOptions {
  focus?: string;
  maxRefs?: number;
}

/** `parent`: the entry's container (none at top level). */
export function toEntry(r: SymbolRecord, parent?: SymbolRecord): Entry {
  const e: Entry = { name: r.name, kind: r.kind, startLine: r.startLine, endLine: r.endLine, exported: r.exported };
  const owner = ownerOf(r, parent);
  if (owner) e.owner = owner;
  if (r.exportedAs?.length) e.exportedAs = r.exportedAs;
  if (r.signature) e.signature = r.signature;
  if (r.doc) e.doc = r.doc;
  if (r.decorators?.length) e.decorators = r.decorators;
  if (r.fanout !== undefined) e.fanout = r.fanout;
  if (r.complexity !== undefined) e.complexity = r.complexity;
  if (r.flags?.length) e.flags = r.flags;
  if (r.members.length) e.members = r.members.map((m) => toEntry(m, r));
  return e;
}


function toCallback(c: FileAnalysis["callbacks"][number]): Callback {
  const out: Callback = { name: c.name, kind: c.kind, startLine: c.startLine, endLine: c.endLine };
  if (c.signature) out.signature = c.signature;
  if (c.parentChain?.length) out.parentChain = c.parentChain;
  if (c.flags?.length) out.flags = c.flags;
  return out;
}

/** The core's rank tap: the contract's score formula. */
export function tapCoreRank(hooks: Hooks, weights: () => RankWeights): void {
  hooks.rank.tap({ name: "pilens:core", stage: STAGE.CORE }, (score: number, c: RankCandidate, ctx: RankContext) => {
    const w = weights();
    const r = c.record;
    let s = score + c.usedByCount * w.usedBy + (r.complexity ?? 0) * w.complexity + (r.exported ? w.exported : 0);
    if (r.flags?.includes("high complexity")) s += w.highComplexity;
    // (A data member the focus names only through its owner's name, `Transaction.field0` for `transact`,
    // is not named by it: the next rule takes it out.)
    let focused = false;
    if (ctx.focus.length) {
      const own = `${r.name} ${r.signature ?? ""} ${r.doc ?? ""}`.toLowerCase();
      const hay = `${c.qualifiedName} ${own}`.toLowerCase();
      for (const t of ctx.focus) if (hay.includes(t)) (s += w.focus), (focused ||= own.includes(t));
    }
    // A data member (a field, an interface property, an exported object's key) is read in the outline
    // itself: no read worth recommending over code, unless the caller's focus names it or it is used —
    // and not even then when it is one or two lines (yjs' `Doc.store`, `ID.client` had been the first
    // pick of 26 of 422 files once the graph counted their uses). (A top-level one stays: a barrel's
    // re-exports and a constants file have nothing else to point at.)
    if (!focused && c.qualifiedName.includes(".") && !r.members.length && VALUE_KINDS.has(r.kind) && (!c.usedByCount || r.endLine - r.startLine < 2)) return 0;
    return s;
  });
}

/** How closely a symbol matches the focus terms: 3 its name is one, 2 its qualified name holds one, 1 its head or doc, 0 none. */
function focusTier(focus: string[], name: string, q: string, r: SymbolRecord): number {
  const n = name.toLowerCase();
  if (focus.some((t) => n === t)) return 3;
  const ql = q.toLowerCase();
  if (focus.some((t) => ql.includes(t))) return 2;
  const hay = `${r.signature ?? ""} ${r.doc ?? ""}`.toLowerCase();
  return focus.some((t) => hay.includes(t)) ? 1 : 0;
}

/**
 * `focus "x" matched no symbol` for each term no symbol (name, qualified name, head, doc) and no callback
 * (handle, head) matches; where the word is in the file all the same, the first line and the symbol
 * whose body holds it (a local: `isDryRun` inside Shell.execFormattedCommand).
 */
function focusMisses(raw: string, scored: { r: SymbolRecord; q: string }[], a: FileAnalysis): string[] {
  const out: string[] = [];
  for (const term of raw.split(/[\s,]+/).filter(Boolean)) {
    const t = term.toLowerCase();
    if (scored.some((s) => focusTier([t], s.r.name, s.q, s.r) > 0) || a.callbacks.some((c) => cbFocus(toCallback(c), [t]))) continue;
    const at = a.lines.findIndex((l) => l.toLowerCase().includes(t)) + 1;
    let inside: { r: SymbolRecord; q: string } | undefined;
    for (const s of scored) if (at && s.r.startLine <= at && at <= s.r.endLine && (!inside || s.r.startLine >= inside.r.startLine)) inside = s;
    const where = !at ? "" : inside ? ` (it occurs inside ${inside.q}, line ${at})` : ` (it occurs at line ${at})`;
    out.push(`focus "${clip(term, QUERY_SAID)}" matched no symbol${where}`);
  }
  // (Said of the first few terms: a pasted paragraph as focus had come back a warning per word, each word whole.)
  return out.length > FOCUS_MISSES_SAID ? [...out.slice(0, FOCUS_MISSES_SAID), `${out.length - FOCUS_MISSES_SAID} more focus terms matched no symbol`] : out;
}

const FOCUS_MISSES_SAID = 5;

function reasonFor(r: SymbolRecord, focusHit: boolean, usedBy: number): string {
  const parts: string[] = [];
  if (focusHit) parts.push("matches focus");
  if (usedBy) parts.push(`used by ${usedBy}`);
  if (r.flags?.includes("high complexity")) parts.push(`high complexity (${r.complexity})`);
  else if (r.complexity && r.complexity > 1) parts.push(`complexity ${r.complexity}`);
  if (r.exported) parts.push("exported");
  return parts.join(", ") || "largest symbol";
}

/**
 * The name a recommended read is read by: its qualified name, unless another symbol of the file has that
 * name too and read_symbol shows that one (npm's `Npm.load` for the recommended `async #load ()` — JS lists a
 * `#private` member by its bare name —, jsonparse's second `proto.onToken`): then the source's `Npm.#load`,
 * else `Parser.onToken@342`. (A name of one symbol stays, whatever the read forwards it to.)
 */
function readableName(a: FileAnalysis, q: string, r: SymbolRecord, scored: { q: string }[]): string {
  if (scored.filter((s) => s.q === q).length < 2) return q;
  const reads = (name: string) => {
    const found = lookupSymbol(a, name).result;
    return found.found && found.startLine! <= r.startLine && r.endLine <= found.endLine!;
  };
  if (reads(q)) return q;
  const dot = q.lastIndexOf(".");
  const hashed = `${q.slice(0, dot + 1)}#${r.name}`;
  if (!r.name.startsWith("#") && spellsHashed(r.name, r.signature ?? "") && reads(hashed)) return hashed;
  return `${q}@${r.startLine}`;
}

/**
 * The rank hook run tap by tap: a (third-party) tap that throws or returns no finite number
 * (hook-guards.ts names it) is left out for the rest of the report and said once in its warnings — it
 * had failed the whole report, and with it the CLI's report batch.
 */
function ranker(hooks: Hooks, failures: string[]): (c: RankCandidate, ctx: RankContext) => number {
  type RankFn = (score: number, c: RankCandidate, ctx: RankContext) => number | undefined;
  const taps = [...(hooks.rank as unknown as { taps: { fn: RankFn }[] }).taps];
  return (c, ctx) => {
    let score = 0;
    for (let i = 0; i < taps.length; i++) {
      try {
        score = taps[i]!.fn(score, c, ctx) ?? score;
      } catch (e) {
        failures.push(`${e instanceof Error ? e.message : String(e)} — recommendedReads ranked without that tap`);
        taps.splice(i--, 1);
      }
    }
    return score;
  };
}

/** Blocks that add to a type declared elsewhere, named as that type. */
const TYPE_BLOCKS: ReadonlySet<string> = new Set(["impl", "extension"]);

/** `usage`: qualified name → usedBy count from the project graph (absent when it is not built). */
export function buildReport(hooks: Hooks, a: FileAnalysis, opts: ReportOptions, rankFile: RankContext["file"] | undefined, usage?: ReadonlyMap<string, number>): ModuleReport {
  const api = a.symbols.filter((s) => s.exported);
  const internal = a.symbols.filter((s) => !s.exported);
  const focus = (opts.focus ?? "").toLowerCase().split(/[\s,]+/).filter(Boolean);

  const rankFailures: string[] = [];
  const rank = ranker(hooks, rankFailures);
  const scored: { r: SymbolRecord; q: string; score: number; focusHit: boolean; tier: number; used: number }[] = [];
  const shared = usage ? sharedNames([...walk(a.symbols)].map(([r, parents]) => ({ q: [...parents.map(spelledName), spelledName(r)].join("."), kind: r.kind }))) : new Set<string>();
  // (A Rust impl or Swift extension of a type this file declares shares the type's key: the uses are the
  // type's — report-graph.ts lists them on the type only —, not a reason to read the impl: regex-syntax's
  // `impl fmt::Debug for ClassInduct` was recommended with the enum's "used by 9", and the enum not at all.)
  const ovs = usage ? recordOverloads(a.language, a.symbols) : undefined;
  const typeKeys = usage ? new Set([...walk(a.symbols)].filter(([r]) => !TYPE_BLOCKS.has(r.kind)).map(([r, parents]) => [...parents.map(spelledName), spelledName(r)].join("."))) : undefined;
  for (const [r, parents] of walk(a.symbols)) {
    const key = [...parents.map(spelledName), spelledName(r)].join(".");
    // (Named with the owner a member declared out of its type's body belongs to: `Widget.size`; a C++ one's uses are kept under it, graph/cpp-members.ts.)
    const owner = ownerOf(r, parents[parents.length - 1]);
    const usedKey = owner && a.language === "cpp" ? [...parents.map(spelledName), ...owner.split("::"), spelledName(r)].join(".") : key;
    const used = TYPE_BLOCKS.has(r.kind) && typeKeys?.has(key) ? 0 : (usage?.get(useKey(usedKey, r.kind, shared) + overloadSuffix(ovs?.get(r)?.count)) ?? 0);
    const q = owner ? [...parents.map(spelledName), owner, spelledName(r)].join(".") : key;
    const candidate: RankCandidate = { record: r, qualifiedName: q, usedByCount: used };
    const score = rank(candidate, { file: rankFile as RankContext["file"], focus });
    const tier = focus.length ? focusTier(focus, r.name, q, r) : 0;
    scored.push({ r, q, score, focusHit: tier > 0, tier, used });
  }
  // The caller's focus comes first — a symbol it names exactly, then one whose name holds it, then
  // one whose head or doc does — and the score orders within (a complex neighbour outscored the
  // exact match: `--focus defineLazy` recommended `defineLazyInternal`).
  scored.sort((x, y) => y.tier - x.tier || y.score - x.score || (y.r.endLine - y.r.startLine) - (x.r.endLine - x.r.startLine) || x.r.startLine - y.r.startLine);
  // One recommendation per name: a TS class and the namespace merged with it (`Beta`, `Beta`) were two.
  // Nor a container after one of its members that is most of it (pi-lens's `eslintRunner.run`, then
  // `eslintRunner`): its read would read that member again for little more. (A small class after its
  // two-line constructor stays: the class is the read; so does a member after its container.)
  const named = new Set<string>();
  const picked: SymbolRecord[] = [];
  const lines = (r: SymbolRecord) => r.endLine - r.startLine + 1;
  const holdsPick = (r: SymbolRecord) => picked.some((p) => p !== r && r.startLine <= p.startLine && p.endLine <= r.endLine && lines(r) > lines(p) && lines(p) * 2 >= lines(r));
  const recommendedReads: RecommendedRead[] = scored
    .filter((s) => {
      if (picked.length >= 3 || s.score <= 0 || named.has(s.q)) return false;
      named.add(s.q); // (a container passed over takes the namespace merged with it along)
      return !holdsPick(s.r) && picked.push(s.r) > 0;
    })
    .map((s) => ({ reason: reasonFor(s.r, s.focusHit, s.used), symbol: readableName(a, s.q, s.r, scored), startLine: s.r.startLine, endLine: s.r.endLine }));

  const external = [...new Set(a.imports.filter((i) => i.external).map((i) => i.source))];
  const internalImports = [...new Set(a.imports.filter((i) => !i.external).map((i) => i.resolved ?? i.source))];
  let symbolCount = 0;
  for (const _ of walk(a.symbols)) symbolCount++;

  const warnings = [...a.warnings, ...rankFailures];
  // A focus term that names nothing is said, not ignored (the view would look as if it had been applied).
  const missed = focus.length ? focusMisses(opts.focus!, scored, a) : [];
  if (missed.length) warnings.push(...missed);
  const report: ModuleReport = {
    available: true,
    staleness: "unknown",
    path: a.relPath,
    language: a.language,
    lineCount: a.lines.length,
    fileTokens: estimateCodeTokens(a.source),
    summary: { imports: external.length + internalImports.length, exports: api.length, symbols: symbolCount },
    imports: { external, internal: internalImports },
    api: api.map((r) => toEntry(r)),
    internal: internal.map((r) => toEntry(r)),
    callbacks: a.callbacks.map(toCallback),
    callbackSupport: a.callbackSupport,
    recommendedReads,
    provenance: {
      // Without a tags query the records come from the pack's code reading node shapes (the generic
      // pack's heuristics, tapHeuristic); without an imports query, none were read unless a tap added some.
      symbols: `tree-sitter (${a.packId} pack${a.noQuery?.includes("tags") ? ", heuristic: no tags query" : ""})`,
      imports: a.noQuery?.includes("imports") && !a.imports.length ? `none read: the ${a.packId} pack has no imports query for ${a.language}` : `tree-sitter (${a.packId} pack)`,
      usedBy: "unavailable: no project graph (run `pilens index`)",
      callbacks: a.callbackSupport === "tuned" ? `tree-sitter (${a.packId} pack, tuned${a.warnings.some((w) => w.includes(BASELESS) || w.includes(CALL_WITHOUT_BASE)) ? "; incomplete: `@callback.call` matches without `@callback.base` dropped" : ""})` : "tree-sitter (generic heuristics)",
    },
    semantic: { source: "syntax", references: "unavailable", implementations: "unavailable" },
  };
  // Small in tokens too: an 8-line minified bundle is 35k tokens, no file to read directly.
  if (a.lines.length <= SMALL_FILE_LINES && report.fileTokens! <= SMALL_FILE_LINES * SMALL_LINE_TOKENS) {
    const n = a.lines.length;
    warnings.push(`small file (${n} line${n === 1 ? "" : "s"}): read it directly`);
  }
  // `export * from "./x"` (CommonJS' `__exportStar(require("./x"), exports)`): exports no outline of this file lists —
  // unless the pack listed them (ImportRecord.reexportListed; it warns of what it could not: TypeScript's star-exports.ts).
  const whole = [...new Set(a.imports.filter((i) => i.reexportAll && !i.reexportListed).map((i) => i.source))];
  if (whole.length) {
    const list = `${whole.slice(0, 3).join(", ")}${whole.length > 3 ? ", …" : ""}`;
    warnings.push(`re-exports all of ${whole.length === 1 ? list : `${whole.length} modules`} by \`export *\`${whole.length === 1 ? "" : ` (${list})`}: those names are not listed nor counted as exported here — read ${whole.length === 1 ? "that file" : "those files"} for them`);
  }
  const { line, length } = a.longestLine;
  if (length > LONG_LINE) {
    // A bundle's names outline it; its source map (when it names one) has the code as written.
    const map = sourceMapOf(a.path, a.source);
    warnings.push(
      `line ${line} is ${thousands(length)} characters long (minified or generated code?): line ranges locate little on it — read_symbol returns a symbol's own characters${map ? `; its source map: ${map}` : ""}`,
    );
  }
  if (warnings.length) report.warnings = warnings;
  return report;
}

/** At most this many lines (of ordinary length), a report says to read the file directly (it costs about as much). */
export const SMALL_FILE_LINES = 40;
/** Tokens a line of ordinary code averages at most, for SMALL_FILE_LINES. */
const SMALL_LINE_TOKENS = 25;

/** A report for a file that could not be analysed: still one line in a batch. */
export function unavailableReport(path: string, error: string, language?: string): ModuleReport {
  const r: ModuleReport = { available: false, staleness: "unknown", path, error };
  if (language) r.language = language;
  return r;
}
