/**
 * The compact view: a text outline at about a quarter of the JSON's token cost.
 *
 *   core/engine.ts typescript 150L — 9 symbols, 3 exported | imports: hooks, plugin, registry
 *   API:
 *     48-150  class  Lens  — The Lens: the one seam every host calls.
 *       72-76   method  create(opts: LensOptions = {}): Promise<Lens>  [async]
 *
 * Columns are padded to the widest cell of their section, so they never run into each other.
 */
import { approxTokens, elisionText, estimateViewTokens, fitBudget, VALUE_KINDS, viewBudget, type CostModel, type DetailPlan, type EntryDetail } from "../core/budget.js";
import type { RenderContext } from "../core/hooks.js";
import { SMALL_FILE_LINES } from "../core/report.js";
import { NO_GRAPH_WARNING, isProjectWarning } from "../core/graph/report-graph.js";
import { defineRenderer } from "../core/plugin.js";
import type { Callback, Entry, ModuleReport } from "../core/types.js";

const SHORT: Record<string, string> = {
  function: "fn", method: "method", constructor: "ctor", class: "class", struct: "struct", interface: "iface",
  trait: "trait", enum: "enum", type: "type", module: "mod", namespace: "ns", impl: "impl", object: "object",
  protocol: "proto", extension: "ext", constant: "const", variable: "var", property: "prop", field: "field", macro: "macro",
  "re-export": "re-export",
};

function shortKind(kind: string): string {
  return SHORT[kind] ?? kind;
}

/**
 * The signature from the name on when only keywords precede it (the kind column already says
 * `function`, `def`, `fn`, …); the whole signature otherwise (receivers, qualifiers stay).
 */
function display(e: Entry): string {
  const sig = e.signature;
  if (!sig) return e.name;
  if (e.kind === "impl") return implHead(sig);
  // The name as a whole word (not the `f` inside `function`), preceded by keywords only.
  const word = (c: string | undefined) => c !== undefined && /[\w$#]/.test(c);
  for (let i = sig.indexOf(e.name); i >= 0; i = sig.indexOf(e.name, i + 1)) {
    if (word(sig[i - 1]) || (word(sig[i + e.name.length]) && sig[i + e.name.length] !== "#")) continue;
    return i > 0 && /^[\w\s]*\s$/.test(sig.slice(0, i)) ? sig.slice(i) : sig;
  }
  // An anonymous declaration named by a handle (`customElements.define@3` for the class handed to
  // that call): the handle is what read_symbol takes, the head says the rest.
  return HANDLE.test(e.name) ? `${e.name}  ${sig}` : sig;
}
const HANDLE = /@\d+$/;

/**
 * An impl's head without its generic parameter list and where clause (the kind column says `impl`):
 * `unsafe impl<T: ?Sized + Sync> Send for Arc<T> where …` → `unsafe Send for Arc<T>`. The bounds are
 * one read_symbol (or `--detail full`) away; which traits a type implements is what an outline is for.
 */
export function implHead(sig: string): string {
  const m = /^((?:unsafe\s+)?)impl\b\s*/.exec(sig);
  if (!m) return sig;
  let i = m[0].length;
  if (sig[i] === "<") {
    let depth = 0;
    for (; i < sig.length; i++) {
      if (sig[i] === "<") depth++;
      else if (sig[i] === ">" && sig[i - 1] !== "-" && --depth === 0) break;
    }
    i++;
  }
  const rest = sig.slice(i).trim().replace(/\s+where\s[\s\S]*$/, "").replace(/\s*\{\s*$/, "");
  return rest ? `${m[1]}${rest}` : sig;
}

function tags(e: { flags?: string[]; complexity?: number; usedBy?: Entry["usedBy"] }): string {
  const flags = (e.flags ?? []).map((f) => (f === "high complexity" && e.complexity ? `${f} ${e.complexity}` : f));
  if (e.usedBy?.length) {
    // Who uses it, by file (the json view has each use's symbol, line, relation and confidence).
    const files = [...new Set(e.usedBy.map((u) => u.file.replace(/^.*\//, "")))];
    flags.push(`used by ${files.slice(0, 3).join(", ")}${files.length > 3 ? ` +${files.length - 3}` : ""}`);
  }
  return flags.length ? `  [${flags.join(", ")}]` : "";
}

interface Row {
  range: string;
  kind: string;
  text: string;
  indent: number;
}

const MAX_DISPLAY = 90;
const MAX_DOC = 72;

/** `12-30`, or `12` for a one-line declaration. */
function span(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

function clipText(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1).trimEnd() + "…" : s;
}

/**
 * A leaf data entry (a field, a property, a constant, a re-export, a value macro): listed by name on
 * a shared row, since its type or value is one read_symbol away.
 */
function isDataLeaf(e: Entry): boolean {
  if (e.members?.length || e.flags?.length || e.usedBy?.length) return false;
  if (VALUE_KINDS.has(e.kind) || e.signature?.startsWith("export {") === true) return true;
  return e.kind === "macro" && !/^#\s*define\s+\w+\(/.test(e.signature ?? "");
}

function dataName(e: Entry): string {
  return e.signature && /^[^(]*\?\s*:/.test(e.signature) ? `${e.name}?` : e.name;
}

/** At least this many consecutive data entries share one row at module level. */
const MIN_RUN = 3;

/** Names of members on one row: data members always, and those the detail budget did not show. */
/** Members rows name at most this many (the rest counted); top-level runs name every entry. */
const MAX_FOLDED_NAMES = 60;
function foldedRow(ms: Entry[], indent: number): Row {
  const kinds = new Set(ms.map((m) => (m.signature?.startsWith("export {") ? "re-export" : m.kind)));
  const mixed = kinds.size > 1 && !ms.every(isDataLeaf);
  // Mostly callables: a `fns` row that marks the others by kind (`LEN:const`) instead of every call `()`.
  const callables = mixed ? ms.filter((m) => CALLABLE.has(m.kind)).length : 0;
  const fnRow = mixed && callables * 2 > ms.length;
  const label = kinds.size === 1 ? `${shortKind([...kinds][0]!)}s` : fnRow ? (indent ? "methods" : "fns") : mixed ? (indent ? "members" : "names") : "data";
  const max = indent ? MAX_FOLDED_NAMES : Infinity;
  // Overloads are one name (`get()×2`); the count at the end is of entries.
  const groups = overloads(ms);
  const names = groups.slice(0, max).map(([m, ...more]) => (fnRow ? (CALLABLE.has(m!.kind) ? m!.name : `${dataName(m!)}:${shortKind(m!.kind)}`) : runName(m!, mixed)) + (more.length ? `×${more.length + 1}` : ""));
  const more = groups.length > max ? `, … +${groups.length - max}` : "";
  const nested = ms.reduce((n, m) => n + countBelow(m), 0);
  // Flags every entry of a top-level run shares are said once (`[test]`); others are not shown there.
  const shared = indent ? [] : (ms[0]!.flags ?? []).filter((f) => ms.every((m) => m.flags?.includes(f)));
  // At top level a run may hold containers shown by name: `Name[3]` counts their members.
  const counts = groups.slice(0, max).map(([m]) => (!indent && m!.members?.length ? `[${m!.members.length}]` : ""));
  // The nested total only when the `[n]` counts do not already say it (deeper levels, or none shown).
  const bracketed = indent ? 0 : groups.slice(0, max).reduce((n, [m]) => n + (m!.members?.length ?? 0), 0);
  const showNested = nested > bracketed;
  const tail = (shared.length ? `  [${shared.join(", ")}]` : "") + (ms.length > 6 || showNested ? `  (${ms.length}${showNested ? ` + ${nested} nested` : ""})` : "");
  const first = Math.min(...ms.map((m) => m.startLine));
  const last = Math.max(...ms.map((m) => m.endLine));
  return { range: span(first, last), kind: label, text: `${braceNames(names, counts).join(", ")}${more}${tail}`, indent };
}

/** Where a name may be cut for a shared prefix: after `_`, or at a lower→upper camelCase step. */
function boundaryAt(name: string, k: number): boolean {
  const a = name[k - 1]!;
  const b = name[k];
  return a === "_" || (b !== undefined && /[A-Z]/.test(b) && /[a-z0-9]/.test(a));
}

function commonPrefix(a: string, b: string): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

const MIN_PREFIX = 5;

/**
 * Consecutive names sharing a prefix of ≥ 5 characters that ends at a word boundary, three or more
 * of them, in shell brace form: `sk_X509_{num, value, new}` — long generated names cost a fraction.
 */
export function braceNames(names: string[], suffixes: string[] = []): string[] {
  const out: string[] = [];
  const at = (i: number) => `${names[i]!}${suffixes[i] ?? ""}`;
  for (let i = 0; i < names.length; ) {
    let k = i + 1 < names.length ? commonPrefix(names[i]!, names[i + 1]!) : 0;
    while (k >= MIN_PREFIX && !(boundaryAt(names[i]!, k) && boundaryAt(names[i + 1]!, k) && names[i]!.length > k && names[i + 1]!.length > k)) k--;
    if (k < MIN_PREFIX) {
      out.push(at(i));
      i++;
      continue;
    }
    const prefix = names[i]!.slice(0, k);
    let j = i + 2;
    while (j < names.length && names[j]!.startsWith(prefix) && names[j]!.length > k && boundaryAt(names[j]!, k)) j++;
    if (j - i < 3) {
      out.push(at(i));
      i++;
      continue;
    }
    const parts: string[] = [];
    for (let x = i; x < j; x++) parts.push(at(x).slice(k));
    out.push(`${prefix}{${parts.join(", ")}}`);
    i = j;
  }
  return out;
}

function countBelow(e: Entry): number {
  return (e.members ?? []).reduce((n, m) => n + 1 + countBelow(m), 0);
}

const CALLABLE = new Set(["function", "method", "constructor"]);
/** Languages where one name declared twice in a row is an overload (elsewhere: a conditional redefinition). */
const OVERLOADING = new Set(["typescript", "tsx", "vue", "vue-tsx", "svelte", "astro", "java", "csharp", "cpp", "kotlin", "swift", "scala", "dart"]);

/**
 * Consecutive overloads of one callable — same name and kind, no members (`emit(event: "close")`,
 * `emit(event: "error", err: Error)`, … ×24 in @types/node): one group. Others are groups of one.
 */
function overloads(list: Entry[]): Entry[][] {
  const out: Entry[][] = [];
  for (const e of list) {
    const g = out[out.length - 1];
    const head = g?.[0];
    if (head && CALLABLE.has(e.kind) && head.name === e.name && head.kind === e.kind && !e.members?.length && !head.members?.length) g.push(e);
    else out.push([e]);
  }
  return out;
}

/**
 * The tags a row of overloads shows: every flag any of them has (the implementation's `high complexity`
 * and `async` are not to hide behind the first signature), the highest complexity, all their users.
 */
function groupTags(group: Entry[]): Entry {
  const flags = [...new Set(group.flatMap((g) => g.flags ?? []))];
  const complexity = Math.max(0, ...group.map((g) => g.complexity ?? 0)) || undefined;
  const usedBy = group.flatMap((g) => g.usedBy ?? []);
  return { ...group[0]!, flags: flags.length ? flags : undefined, complexity, usedBy: usedBy.length ? usedBy : undefined };
}

/** A name on a shared row: `b?` for an optional member; `f()` for a callable among other kinds. */
function runName(e: Entry, mixed: boolean): string {
  return mixed && CALLABLE.has(e.kind) ? `${e.name}()` : dataName(e);
}

/** Within a type, data members share one row when there are two or more of them. */
function promotable(m: Entry, container: Entry): boolean {
  if (!isDataLeaf(m)) return true;
  let n = dataCount.get(container);
  if (n === undefined) dataCount.set(container, (n = container.members!.filter(isDataLeaf).length));
  return n < 2;
}
const dataCount = new WeakMap<Entry, number>();

const ALL: EntryDetail = { sig: true, doc: true, shown: true, names: true };

/** `{11 props}`: members counted on their container's row when the budget does not list their names. */
function countText(ms: Entry[], more: boolean): string {
  const kinds = new Set(ms.map((m) => m.kind));
  const label = kinds.size === 1 ? shortKind(ms[0]!.kind) : "member";
  return `  {${more ? "+" : ""}${ms.length} ${label}${ms.length === 1 ? "" : "s"}}`;
}

/**
 * A top-level entry that can share a row with its neighbours: an undocumented data leaf, or a leaf the
 * detail budget shows by name only.
 */
/** Risk flags keep an entry on a row of its own; others (async, test, deprecated, …) can share one. */
const RISK_FLAGS = new Set(["high complexity", "high fanout", "boundary wrapper"]);

function runnable(e: Entry, d: EntryDetail, plan?: (e: Entry) => EntryDetail): boolean {
  if (e.flags?.some((f) => RISK_FLAGS.has(f)) || e.usedBy?.length) return false;
  if (e.members?.length) return !d.sig && !d.doc && !d.names && !(plan && e.members.some((m) => plan(m).shown));
  return (isDataLeaf(e) && !e.doc) || (!d.sig && !d.doc);
}

/** Runs of consecutive runnable top-level entries: ≥ 2 when one is budget-bare, ≥ MIN_RUN otherwise. */
function runs(entries: Entry[], plan: (e: Entry) => EntryDetail): Entry[][] {
  const out: Entry[][] = [];
  for (let i = 0; i < entries.length; ) {
    let j = i;
    while (j < entries.length && runnable(entries[j]!, plan(entries[j]!), plan)) j++;
    const run = entries.slice(i, j);
    const bare = run.some((e) => !isDataLeaf(e) || e.doc);
    if (run.length >= (bare ? 2 : MIN_RUN)) {
      out.push(run);
      i = j;
    } else i = Math.max(j, i + 1);
  }
  return out;
}

/** The elision line of a tight budget: what was left out is in the header's counts. */
const FULL_HINT = "; --detail full for all";
/** The key under which a batch's `said` set remembers that the hint above was given. */
const HINT_SAID = "\0trimmed-hint";

function rowKey(name: string, start: number, end: number): string {
  return `${name}\u0000${start}\u0000${end}`;
}

class Outline {
  /** Entries shown on a row of their own, with their lines (rowKey). */
  readonly rowed = new Set<string>();
  /**
   * `foldOverloads`: consecutive overloads shown on one row, the first's head and `(+N overloads)` (a
   * budgeted view: @types/node's `Server` spent its rows on 12 `emit`s); `--detail full` lists each.
   */
  constructor(
    private readonly plan: (e: Entry) => EntryDetail = () => ALL,
    private readonly foldOverloads = false,
    /** What the other entries of a group are called: overloads, or (Python's `if …: def f` / `else: def f`) definitions. */
    private readonly overloading = true,
  ) {}

  /** Top-level entries; runs of consecutive data share a row. */
  top(entries: Entry[], rows: Row[]): void {
    const inRun = new Map<Entry, Entry[]>();
    for (const run of runs(entries, this.plan)) for (const e of run) inRun.set(e, run);
    const own: Entry[] = [];
    const flush = () => {
      for (const g of this.groups(own)) this.entry(g, 0, rows);
      own.length = 0;
    };
    for (const e of entries) {
      const run = inRun.get(e);
      if (!run) own.push(e);
      else if (run[0] === e) flush(), rows.push(foldedRow(run, 0));
    }
    flush();
  }

  private groups(list: Entry[]): Entry[][] {
    return this.foldOverloads ? overloads(list) : list.map((e) => [e]);
  }

  /** An entry's row (one for a group of overloads), then its members'. */
  entry(group: Entry[], indent: number, rows: Row[]): void {
    const e = group[0]!;
    const d = this.plan(e);
    const n = group.length - 1;
    const more = n ? `  (+${n} ${this.overloading ? "overload" : "more definition"}${n > 1 ? "s" : ""})` : "";
    const row = this.row(e, indent, d, more, n ? groupTags(group) : undefined);
    if (more) row.range = span(e.startLine, group[group.length - 1]!.endLine);
    rows.push(row);
    if (!e.members?.length) return;
    const names = e.members.filter((m) => !this.plan(m).shown);
    if (names.length && d.names) rows.push(foldedRow(names, indent + 1));
    else if (names.length) row.text += countText(names, names.length < e.members.length);
    for (const g of this.groups(e.members.filter((m) => this.plan(m).shown))) this.entry(g, indent + 1, rows);
  }

  /** `more`: what the row says after the head and tags, before the doc sentence; `tagged`: whose tags it shows. */
  row(e: Entry, indent: number, d: EntryDetail, more = "", tagged: Entry = e): Row {
    const doc = d.doc && e.doc ? `  — ${clipText(e.doc, MAX_DOC)}` : "";
    const text = d.sig ? `${clipText(display(e), MAX_DISPLAY)}${tags(tagged)}` : `${e.name}${tags({ flags: tagged.flags, complexity: tagged.complexity })}`;
    this.rowed.add(rowKey(e.name, e.startLine, e.endLine));
    return { range: span(e.startLine, e.endLine), kind: shortKind(e.kind), text: `${text}${more}${doc}`, indent };
  }
}

function table(rows: Row[]): string[] {
  const rw = Math.max(0, ...rows.map((r) => r.range.length + r.indent * 2));
  const kw = Math.max(0, ...rows.map((r) => r.kind.length));
  return rows.map((r) => {
    const lead = "  ".repeat(r.indent) + r.range;
    return `  ${lead.padEnd(rw)}  ${r.kind.padEnd(kw)}  ${r.text}`.trimEnd();
  });
}

/** A test case's title, from its head (`it("parses arrays")` → `  "parses arrays"`), else nothing. */
function testTitle(c: Callback): string {
  if (!c.flags?.includes("test") || !c.signature) return "";
  const open = c.signature.indexOf("(");
  return open > 0 && c.signature.endsWith(")") ? `  ${c.signature.slice(open + 1, -1)}` : "";
}

function callbackRows(cbs: Callback[]): Row[] {
  return cbs.map((c) => ({
    range: span(c.startLine, c.endLine),
    kind: c.kind,
    // A test case says its title (`test@9  "keeps parsing after a size error"`): the test file's outline.
    text: `${c.name}${testTitle(c)}${c.flags?.length ? `  [${c.flags.join(", ")}]` : ""}${c.parentChain?.length ? `  (in ${c.parentChain.join(".")})` : ""}`,
    indent: 0,
  }));
}

function importNames(r: ModuleReport, max: number): string {
  const ext = r.imports?.external ?? [];
  const int = (r.imports?.internal ?? []).map((p) => p.replace(/^.*\//, "").replace(/\.[^.]+$/, ""));
  const all = [...int, ...ext];
  if (!all.length) return "";
  if (!max) return ` | ${all.length} imports`;
  const shown = all.slice(0, max);
  return ` | imports: ${shown.join(", ")}${all.length > shown.length ? ` +${all.length - shown.length} more` : ""}`;
}

function rowText(r: Row): string {
  return `  ${"  ".repeat(r.indent)}${r.range}  ${r.kind}  ${r.text}`;
}

/** The compact view's cost model for the detail budget (core/budget.ts). */
function costModel(fixedText: string): CostModel {
  // Lengths, not strings: planning touches every entry several times (core/budget.ts approxTokens).
  const rowLen = (e: Entry, depth: number, d: EntryDetail) => {
    let n = 8 + depth * 2 + String(e.startLine).length * 2 + shortKind(e.kind).length;
    n += d.sig && e.signature ? Math.min(MAX_DISPLAY, e.kind === "impl" ? implHead(e.signature).length : e.signature.length) + (e.usedBy?.length ? 30 : 0) : e.name.length;
    if (e.flags?.length) n += 4 + e.flags.join(", ").length;
    if (d.doc && e.doc) n += 5 + Math.min(MAX_DOC, e.doc.length);
    return n;
  };
  return {
    fixed: estimateViewTokens(fixedText),
    // A top-level entry that joins a run costs its name (the run's row overhead is not counted).
    entry: (e, d, depth) => (depth === 0 && runnable(e, d) ? (e.name.length + (e.members?.length ? 6 : 2)) / 3.7 + 0.5 : rowLen(e, depth, d) / 3.7 + 1),
    name: (m) => (m.name.length + 2) / 3.7 + 0.5,
    list: (_e, depth) => (12 + depth * 2) / 3.7 + 1,
    // A top-level container in a run pays its count in `entry`.
    counted: (e, _count, depth) => (depth === 0 && !e.flags?.length && !e.usedBy?.length ? 0 : 3),
    promotable,
    callback: (c) => approxTokens(rowText(callbackRows([c])[0]!)) + 1,
  };
}

function tokensText(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : `${n}`;
}

export function renderCompact(r: ModuleReport, ctx?: RenderContext): string {
  if (!r.available) return `${r.path} — unavailable: ${r.error ?? "unknown error"}`;
  const s = r.summary ?? { symbols: 0, exports: 0, imports: 0 };
  const { budget, opts } = viewBudget(r, ctx, "compact");
  // A small budget buys a shorter header: import names and recommendation reasons go first.
  const tight = budget < 200;
  const cost = r.fileTokens ? ` ~${tokensText(r.fileTokens)} tok` : "";
  const head: string[] = [`${r.path} ${r.language} ${r.lineCount}L${cost} — ${s.symbols} symbols, ${s.exports} exported${importNames(r, tight ? 0 : budget < 800 ? 5 : 10)}`];
  // The most common warning, on every file of a project without a graph, in fewer words. In a batch
  // (the host passes `said`: the project warnings printed so far for this project) one is said once.
  const said = ctx?.options.said instanceof Set ? (ctx.options.said as Set<string>) : undefined;
  for (const w of r.warnings ?? []) {
    const project = !!said && isProjectWarning(w);
    if (project && said.has(w)) continue;
    if (project) said.add(w);
    const text = w === NO_GRAPH_WARNING ? "no project graph: usedBy unknown (`pilens index`)" : w;
    head.push(`! ${text}${project ? " — for every file below" : ""}`);
  }
  const tail: string[] = [];
  const section = (out: string[], title: string, rows: Row[]) => {
    if (!rows.length) return;
    out.push(`${title}:`, ...table(rows));
  };
  if (r.blastRadius?.files.length) {
    section(
      tail,
      `BLAST RADIUS (depth ≤ ${r.blastRadius.maxDepth}${r.blastRadius.truncated ? ", truncated" : ""})`,
      r.blastRadius.files.map((f) => ({ range: `d${f.minDepth}`, kind: `${f.dependents}dep`, text: `${f.file}  (${f.relations.join(", ")})`, indent: 0 })),
    );
  }
  // A small file is to be read whole (its warning says so): no reading order, no note on what was trimmed.
  const small = !opts.full && (r.lineCount ?? Infinity) <= SMALL_FILE_LINES;
  const recs = small ? [] : (r.recommendedReads ?? []);
  // Tight: one line; a symbol whose own row already shows its lines is named without them.
  const recLine = (rowed: Set<string>) => `RECOMMENDED: ${recs.map((x) => (rowed.has(rowKey(x.symbol.replace(/^.*\./, ""), x.startLine, x.endLine)) ? x.symbol : `${x.symbol} ${span(x.startLine, x.endLine)}`)).join(", ")}`;
  if (!tight) section(tail, "RECOMMENDED", recs.map((x) => ({ range: span(x.startLine, x.endLine), kind: x.symbol, text: `— ${x.reason}`, indent: 0 })));

  // In a batch the hint how to get everything is given once, on the first trimmed report.
  const hint = said?.has(HINT_SAID) ? "" : FULL_HINT;
  const trimmedTight = `(trimmed${hint})`;
  const fixedText = [...head, ...tail, ...(tight && recs.length ? [recLine(new Set())] : []), "API:", "INTERNAL:", "CALLBACKS:", tight ? trimmedTight : `(trimmed to ~000 tok: 00 members by name only, 00 without signature, 00 docs left out${hint})`].join("\n");
  const build = (plan: DetailPlan): string => {
    const out = [...head];
    // Only when something was left out (a file with nothing to show is not "trimmed").
    const elided = plan.full || small ? "" : elisionText(plan);
    if (elided) out.push(tight ? trimmedTight : `(trimmed to ~${Math.round(budget)} tok: ${elided}${hint})`);
    const outline = new Outline(plan.detail, !plan.full, OVERLOADING.has(r.language ?? ""));
    const api: Row[] = [];
    outline.top(r.api ?? [], api);
    const internal: Row[] = [];
    outline.top(r.internal ?? [], internal);
    section(out, "API", api);
    section(out, "INTERNAL", internal);
    section(out, `CALLBACKS${r.callbackSupport === "generic" ? " (generic)" : ""}`, callbackRows((r.callbacks ?? []).slice(0, plan.callbacks)));
    out.push(...tail);
    if (tight && recs.length) out.push(recLine(outline.rowed));
    if (!api.length && !internal.length) out.push("(no declarations found)");
    return out.join("\n");
  };
  const text = fitBudget(r, costModel(fixedText), budget, opts, build);
  if (said && hint && /^\(trimmed/m.test(text)) said.add(HINT_SAID);
  return text;
}

export default defineRenderer({
  meta: { name: "pilens-renderer-compact", version: "0.1.0" },
  name: "compact",
  apply(hooks) {
    hooks.render.for("compact").tap("renderer:compact", (report, ctx) => renderCompact(report, ctx));
  },
});
