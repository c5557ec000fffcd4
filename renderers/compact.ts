/**
 * The compact view: a text outline at about a quarter of the JSON's token cost.
 *
 *   core/engine.ts typescript 150L — 9 symbols, 3 exported | imports: hooks, plugin, registry
 *   API:
 *   48-150 class Lens  — The Lens: the one seam every host calls.
 *    72-76 method create(opts: LensOptions = {}): Promise<Lens>  [async]
 *
 * Cells one space apart (a range and a kind hold none: table); a member one space further in per level (rowText).
 */
import { approxTokens, elisionText, estimateViewTokens, fitPlan, viewBudget, type CostModel, type DetailPlan, type EntryDetail } from "../core/budget.js";
import type { RenderContext } from "../core/hooks.js";
import { SMALL_FILE_LINES } from "../core/report.js";
import { elidedUsages } from "../core/graph/used-by.js";
import { defineRenderer } from "../core/plugin.js";
import type { Callback, Entry, ModuleReport } from "../core/types.js";
import { foldedIfDense, topLevelDataNames } from "../core/first-word.js";
import { importNames } from "./import-names.js";
import { foldStars, withStarRows } from "./star-rows.js";
import { saidOf, tokensText, warningLines } from "./compact-warnings.js";
import { recommendedLine, rowKey } from "./compact-recommended.js";
import { countText } from "./compact-counts.js";
import { isPublic } from "../core/budget-priority.js";
import { isReexport, shortKind, clippedDisplay, implHead, tags, MAX_DISPLAY, MAX_DOC, span, clipText, isDataLeaf, foldedRow, overloads, groupTags, ownedName, type Row } from "./compact-rows.js";

// (Re-exported for the tests of these rows.)
export { braceNames, implHead } from "./compact-rows.js";

/** A row without its signature counts the uses of these kinds of symbols, used this often (Outline.row). */
const COUNTED_KINDS = new Set(["function", "method", "constructor", "class"]);
const MIN_COUNTED_USES = 3;

/** Below this budget the header is short (no import names, no reasons for the picks, `(trimmed)`); below ROOMY it names 5 imports, else 10. */
const TIGHT = 200;
const ROOMY = 800;

/** At least this many consecutive data entries share one row at module level. */
const MIN_RUN = 3;

/** Languages where one name declared twice in a row is an overload (elsewhere: a conditional redefinition). */
const OVERLOADING = new Set(["typescript", "tsx", "vue", "vue-tsx", "svelte", "astro", "java", "csharp", "cpp", "kotlin", "swift", "scala", "dart"]);

/** Within a type, data members share one row when there are two or more of them. */
function promotable(m: Entry, container: Entry): boolean {
  if (!isDataLeaf(m)) return true;
  let n = dataCount.get(container);
  if (n === undefined) dataCount.set(container, (n = container.members!.filter(isDataLeaf).length));
  return n < 2;
}
const dataCount = new WeakMap<Entry, number>();

const ALL: EntryDetail = { sig: true, doc: true, shown: true, names: true };

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

/**
 * Runs of consecutive runnable top-level entries: ≥ 2 when one is budget-bare, ≥ MIN_RUN otherwise.
 * `group`: an entry's overload group, runnable only as a whole (one overload with its signature is
 * the group's row: `get(url: string): Req` had stood above a run's `get×2`).
 */
function runs(entries: Entry[], plan: (e: Entry) => EntryDetail, group?: Map<Entry, Entry[]>): Entry[][] {
  const out: Entry[][] = [];
  // (A group's row has the detail of the first of it the plan shows — Outline.entry —, so that is what decides.)
  const ok = (e: Entry) => {
    const g = group?.get(e) ?? [e];
    const d = plan(g.find((x) => plan(x).shown) ?? e);
    return g.every((x) => runnable(x, d, plan));
  };
  for (let i = 0; i < entries.length; ) {
    let j = i;
    while (j < entries.length && ok(entries[j]!)) j++;
    const run = entries.slice(i, j);
    const bare = run.some((e) => !isDataLeaf(e) || e.doc);
    if (run.length >= (bare ? 2 : MIN_RUN)) {
      out.push(run);
      i = j;
    } else i = Math.max(j, i + 1);
  }
  return out;
}

/**
 * The elision line's hint how to get everything, in the host's terms: the render option `fullDetail`
 * (the CLI passes `--detail full`), else the tools' parameter, as the core's notes name it. (` for all` after it was 2 tokens a report.)
 */
const fullHint = (ctx: RenderContext | undefined) => `; ${typeof ctx?.options.fullDetail === "string" ? ctx.options.fullDetail : 'detail "full"'}`;
/** A cut blast radius says how much is cut: `12 of 167 direct dependents shown`, or where it stopped. */
function blastCut(b: NonNullable<ModuleReport["blastRadius"]>): string {
  if (!b.truncated) return "";
  if (b.direct === undefined) return ", truncated";
  const d1 = b.files.filter((f) => f.minDepth === 1).length;
  return d1 < b.direct ? `, ${d1} of ${b.direct} direct dependents shown` : `, truncated at ${b.files.length} files`;
}
/** How to see a symbol's uses, in the host's terms (the CLI's `fullDetail` is `--detail full`). */
const focusHint = (ctx: RenderContext | undefined, name: string) => (typeof ctx?.options.fullDetail === "string" && ctx.options.fullDetail.startsWith("--") ? `--focus ${name}` : `focus "${name}"`);
/** The key under which a batch's `said` set remembers that the hint above was given. */
const HINT_SAID = "\0trimmed-hint";

class Outline {
  /** Entries shown on a row of their own, with their lines (rowKey). */
  readonly rowed = new Set<string>();
  /** Of those, the ones whose row says their uses (a list, or a count). */
  readonly usesShown = new Set<string>();
  /**
   * `foldOverloads`: consecutive overloads shown on one row, the first's head and `(+N overloads)` (a
   * budgeted view: @types/node's `Server` spent its rows on 12 `emit`s); `--detail full` lists each.
   */
  constructor(
    private readonly plan: (e: Entry) => EntryDetail = () => ALL,
    private readonly foldOverloads = false,
    /** What the other entries of a group are called: overloads, or (Python's `if …: def f` / `else: def f`) definitions. */
    private readonly overloading = true,
    /** Fold top-level data names by first word (`GL_*×812`), counting them here (foldedRow). */
    private readonly squeezed?: { names: number },
    /** The report's own file, as usedBy names it (tags). */
    private readonly self?: string,
  ) {}

  /** Top-level entries; runs of consecutive data share a row. */
  top(entries: Entry[], rows: Row[]): void {
    const inRun = new Map<Entry, Entry[]>();
    const group = new Map<Entry, Entry[]>();
    if (this.foldOverloads) for (const g of overloads(entries)) if (g.length > 1) for (const e of g) group.set(e, g);
    for (const run of runs(entries, this.plan, group)) for (const e of run) inRun.set(e, run);
    const own: Entry[] = [];
    const flush = () => {
      for (const g of this.groups(own)) this.entry(g, 0, rows);
      own.length = 0;
    };
    for (const e of entries) {
      const run = inRun.get(e);
      if (!run) own.push(e);
      else if (run[0] === e) flush(), rows.push(foldedRow(run, 0, this.squeezed));
    }
    flush();
  }

  private groups(list: Entry[]): Entry[][] {
    return this.foldOverloads ? overloads(list) : list.map((e) => [e]);
  }

  /** An entry's row (one for a group of overloads), then its members'. */
  entry(group: Entry[], indent: number, rows: Row[]): void {
    const e = group[0]!;
    // (A group of overloads has the detail of the first the budget shows: its row is theirs.)
    const d = this.plan(group.find((g) => this.plan(g).shown) ?? e);
    const n = group.length - 1;
    const more = n ? `  (+${n} ${this.overloading ? "overload" : "more definition"}${n > 1 ? "s" : ""})` : "";
    const row = this.row(e, indent, d, more, n ? groupTags(group) : undefined);
    if (more) row.range = span(e.startLine, group[group.length - 1]!.endLine);
    rows.push(row);
    if (!e.members?.length) return;
    // Overloads first (a group is shown when one of them is: its row covers them all), then rows in
    // source order: the members shown by name are one names row per stretch between groups on rows of
    // their own, so no row's range covers a member printed elsewhere (one names row before them all had
    // put mousetrap's `944-1040 methods trigger, reset, …` above `508-525 _resetSequences`, its range
    // over `stopCallback`'s own row at 973).
    const all = this.groups(inSourceOrder(e.members));
    const rowed = all.map((g) => g.some((m) => this.plan(m).shown) && !(d.names && g.length === 1 && this.bare(g[0]!)));
    // Counted: not on rows, not named — with `publicNames` (a main container's many names) the ones not public.
    const counted = all.map((g, i) => !rowed[i] && !d.names && !(d.publicNames && g.every((m) => isPublic(m, e))));
    const names = all.filter((_, i) => counted[i]).flat();
    if (names.length) row.text += countText(names, names.length < e.members.length, d.publicNames);
    const groups = all.filter((_, i) => !counted[i]);
    const shown = rowed.filter((_, i) => !counted[i]);
    // A single name after a member on its own row is not worth a row (~10 tokens: random.h's free
    // `operator !=` after each class of `namespace std`, 27 of them): it joins the names row before it
    // with its line (`operator !=@433`, ~5).
    const stretches: { at: number; here: Entry[]; late: Entry[][] }[] = [];
    for (let i = 0; i < groups.length; ) {
      let j = i + 1;
      while (j < groups.length && shown[j] === shown[i]) j++;
      const prev = stretches[stretches.length - 1];
      if (shown[i]) for (const g of groups.slice(i, j)) this.entry(g, indent + 1, rows);
      else if (prev && j === i + 1) prev.late.push(groups[i]!);
      else stretches.push({ at: rows.push({ range: "", kind: "", text: "", indent }) - 1, here: groups.slice(i, j).flat(), late: [] });
      i = j;
    }
    for (const s of stretches) rows[s.at] = foldedRow(s.here, indent + 1, undefined, s.late);
  }

  /**
   * A member whose row would say its name only (no signature, doc, flag or member): among names it
   * says the same, and a row of its own would split the names row around it (mousetrap's `959-964
   * method reset` between `trigger` and `stopCallback`).
   */
  private bare(m: Entry): boolean {
    const d = this.plan(m);
    return !d.sig && !(d.doc && m.doc) && !m.flags?.length && !m.members?.length;
  }

  /** `more`: what the row says after the head and tags, before the doc sentence; `tagged`: whose tags it shows. */
  row(e: Entry, indent: number, d: EntryDetail, more = "", tagged: Entry = e): Row {
    const doc = d.doc && e.doc ? `  — ${clipText(e.doc, MAX_DOC)}` : "";
    // (Without its signature, a function's, method's or class's row used 3 times or more keeps the count:
    // `helper  [used by 11]`. On every row, counts cost 18% more tokens on zod's 332 files; these, 2%.)
    const uses = tagged.usedByTotal?.refs ?? tagged.usedBy?.length ?? 0;
    const count = !d.sig && uses >= MIN_COUNTED_USES && COUNTED_KINDS.has(e.kind) ? uses : 0;
    // (And how many of them subclass or implement it: `[used by 61 (61 extends)]`.)
    const ext = count ? (tagged.usedByTotal?.extends ?? tagged.usedBy?.filter((u) => u.relation === "extends").length ?? 0) : 0;
    const text = d.sig ? `${clippedDisplay(e, indent > 0, MAX_DISPLAY)}${tags(tagged, this.self)}` : `${ownedName(e)}${tags({ flags: tagged.flags, complexity: tagged.complexity, uses: count, extends: ext })}`;
    this.rowed.add(rowKey(e.name, e.startLine, e.endLine));
    if (uses && (d.sig || count)) this.usesShown.add(rowKey(e.name, e.startLine, e.endLine));
    return { range: span(e.startLine, e.endLine), kind: isReexport(e) ? "re-export" : shortKind(e.kind), text: `${text}${more}${doc}`, indent };
  }
}

/**
 * Members by start line. core/attach.ts sorts the members it moves into an owner (howler's
 * `HowlerGlobal.prototype.stereo`, assigned 2,600 lines below the constructor, follows `_autoResume`);
 * a pack or a third-party report may not: the rows are to be in source order whatever the report's.
 */
function inSourceOrder(ms: Entry[]): Entry[] {
  for (let i = 1; i < ms.length; i++) if (ms[i]!.startLine < ms[i - 1]!.startLine) return [...ms].sort((a, b) => a.startLine - b.startLine);
  return ms;
}

/**
 * A section's rows: the range, the kind and the text, each cell after one space. A range and a kind hold no
 * space, so the cells never run into each other; columns padded to the widest cell and set apart by two
 * spaces had cost a token a cell (o200k reads a run of spaces before a word as a token of its own):
 * 4–6% of the view over the bench's corpora.
 */
function table(rows: Row[]): string[] {
  return rows.map(rowText);
}

/** A test case's title, from its head (`it("parses arrays")` → `  "parses arrays"`), else nothing. */
function testTitle(c: Callback): string {
  if (!c.flags?.includes("test") || !c.signature) return "";
  const open = c.signature.indexOf("(");
  return open > 0 && c.signature.endsWith(")") ? `  ${c.signature.slice(open + 1, -1)}` : "";
}

/** A test title on the name row is cut at this length (its closing quote kept). */
const MAX_TEST_TITLE = 60;

/** A test case on the name row: its title, else its handle. */
function testName(c: Callback): string {
  const t = testTitle(c).trimStart();
  if (!t) return c.name;
  const q = t[0]!;
  if (t.length > MAX_TEST_TITLE && `"'\``.includes(q) && t.endsWith(q)) return clipText(t.slice(0, -1), MAX_TEST_TITLE - 1) + q;
  return clipText(t, MAX_TEST_TITLE);
}

/**
 * The test cases a budgeted view names without rows of their own, on one row in source order, each
 * suite's cases in braces after its title — a test file's outline in a line: `47-160 tests
 * "compact view" { "columns never run into each other", "collapses a type's data members" }`.
 */
function testNameRow(named: Callback[]): Row[] {
  if (!named.length) return [];
  const inOrder = [...named].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  type Suite = { c: Callback; cases: Suite[] };
  const roots: Suite[] = [];
  const open: Suite[] = [];
  const holds = (p: Callback, c: Callback) => p.startLine <= c.startLine && c.endLine <= p.endLine && (p.startLine !== c.startLine || p.endLine !== c.endLine);
  for (const c of inOrder) {
    while (open.length && !holds(open[open.length - 1]!.c, c)) open.pop();
    const s: Suite = { c, cases: [] };
    (open.length ? open[open.length - 1]!.cases : roots).push(s);
    open.push(s);
  }
  const text = (s: Suite): string => testName(s.c) + (s.cases.length ? ` { ${s.cases.map(text).join(", ")} }` : "");
  return [{
    range: span(inOrder[0]!.startLine, Math.max(...inOrder.map((c) => c.endLine))),
    kind: "tests",
    text: `${roots.map(text).join(", ")}${named.length > 6 ? `  (${named.length})` : ""}`,
    indent: 0,
  }];
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

/** A module file a header names: its base name, or its folder's for a folder's entry file (`a/b/index.ts`, `mod.rs`, `__init__.py` → `b`). */
/** A top-level row unindented, a member one space in per level (o200k: `\n  12-30` is `\n`, ` `, ` `, `12`…: a token a space, up to 2). */
function rowText(r: Row): string {
  return `${" ".repeat(r.indent)}${r.range} ${r.kind} ${r.text}`.trimEnd();
}

/** The compact view's cost model for the detail budget (core/budget.ts). */
function costModel(fixed: number): CostModel {
  // Lengths, not strings: planning touches every entry several times (core/budget.ts approxTokens).
  const rowLen = (e: Entry, depth: number, d: EntryDetail) => {
    let n = 8 + depth * 2 + String(e.startLine).length * 2 + shortKind(e.kind).length;
    n += d.sig && e.signature ? Math.min(MAX_DISPLAY, e.kind === "impl" ? implHead(e.signature).length : e.signature.length) + (e.usedBy?.length ? 30 : 0) : e.name.length + ((e.usedBy?.length ?? 0) >= MIN_COUNTED_USES && COUNTED_KINDS.has(e.kind) ? 14 : 0);
    if (e.flags?.length) n += 4 + e.flags.join(", ").length;
    if (d.doc && e.doc) n += 5 + Math.min(MAX_DOC, e.doc.length);
    return n;
  };
  return {
    fixed,
    // A top-level entry that joins a run costs its name (the run's row overhead is not counted).
    entry: (e, d, depth) => (depth === 0 && runnable(e, d) ? (e.name.length + (e.members?.length ? 6 : 2)) / 3.7 + 0.5 : rowLen(e, depth, d) / 3.7 + 1),
    name: (m) => (m.name.length + 2) / 3.7 + 0.5,
    list: (_e, depth) => (12 + depth * 2) / 3.7 + 1,
    // A top-level container in a run pays its count in `entry`.
    counted: (e, _count, depth) => (depth === 0 && !e.flags?.length && !e.usedBy?.length ? 0 : 3),
    promotable,
    callback: (c) => approxTokens(rowText(callbackRows([c])[0]!)) + 1,
    testNames: { name: (c) => approxTokens(testName(c)) + 1, row: 6 },
  };
}

export function renderCompact(whole: ModuleReport, ctx?: RenderContext): string {
  // (An unavailable report keeps its warnings: a pack that failed to load is why a file has none.)
  if (!whole.available) return [`${whole.path} — unavailable: ${whole.error ?? "unknown error"}`, ...warningLines(whole, ctx)].join("\n");
  const s = whole.summary ?? { symbols: 0, exports: 0, imports: 0 };
  const { budget, opts } = viewBudget(whole, ctx, "compact");
  // (The names `export *` statements hand on, counted on a row per statement: star-rows.ts.)
  const stars = foldStars(whole, !!opts.full, opts.focus ?? []);
  const r = stars.report;
  // A small budget buys a shorter header: import names and recommendation reasons go first — unless
  // the file declares nothing (an `export * from` barrel): then what it imports is what it holds.
  const bare = !r.api?.length && !r.internal?.length;
  const cost = r.fileTokens ? ` ~${tokensText(r.fileTokens)} tok` : "";
  const imports = (b: number) => (bare ? 10 : b < TIGHT ? 0 : b < ROOMY ? 5 : 10);
  const headLine = (b: number) => `${r.path} ${r.language} ${r.lineCount}L${cost} — ${s.symbols} symbol${s.symbols === 1 ? "" : "s"}, ${s.exports} exported${importNames(r, imports(b))}`;
  const warned = warningLines(r, ctx);
  const said = saidOf(ctx);
  const tail: string[] = [];
  const section = (out: string[], title: string, rows: Row[]) => {
    if (!rows.length) return;
    out.push(`${title}:`, ...table(rows));
  };
  if (r.blastRadius?.files.length) {
    section(
      tail,
      `BLAST RADIUS (depth ≤ ${r.blastRadius.maxDepth}${blastCut(r.blastRadius)})`,
      r.blastRadius.files.map((f) => ({ range: `d${f.minDepth}`, kind: `${f.dependents}dep`, text: `${f.file}  (${f.relations.join(", ")})`, indent: 0 })),
    );
  } else if (r.blastRadius) {
    // Asked for and found empty: say so (no section would read as "not computed").
    // (A file over the index size cap has no reference edges: only "no importer" is known.)
    const refsUnknown = r.provenance?.blastRadius?.includes("reference edges to this file unknown");
    tail.push(`BLAST RADIUS (depth ≤ ${r.blastRadius.maxDepth}): ${refsUnknown ? "no file imports this one; references to it unknown (over the index size cap)" : "no file imports or references this one"}`);
  }
  // A small file is to be read whole (its warning says so): no reading order, no note on what was trimmed.
  const small = !opts.full && (r.lineCount ?? Infinity) <= SMALL_FILE_LINES;
  const recs = small ? [] : (r.recommendedReads ?? []);
  // One line, in the picks' order; a pick whose own row already shows its lines is named without them,
  // marked `↑` (left out, the line had read as if the second pick were the first), with the parts of its
  // reason no row says (compact-recommended.ts) — none when tight, and no line when every pick is on its
  // row. `detail "full"`: a table of the picks with their whole reasons.
  const recLine = (facts: { rowed: Set<string>; usesShown: Set<string> }, b = budget) => recommendedLine(recs, facts, r.api ?? [], b >= TIGHT);
  if (opts.full) section(tail, "RECOMMENDED", recs.map((x) => ({ range: span(x.startLine, x.endLine), kind: x.symbol, text: `— ${x.reason}`, indent: 0 })));
  const noRows = { rowed: new Set<string>(), usesShown: new Set<string>() };

  // In a batch the hint how to get everything is given once, on the first trimmed report.
  const hint = said?.has(HINT_SAID) ? "" : fullHint(ctx);
  const trimmedTight = `(trimmed${hint})`;
  const fixedAt = (b: number) =>
    estimateViewTokens([headLine(b), ...warned, ...tail, ...(opts.full ? [] : recLine(noRows, b)), "API:", "INTERNAL:", "CALLBACKS:", b < TIGHT ? trimmedTight : `(trimmed to ~000 tok: 00 members by name only, 00 without signature, 00 docs left out${hint})`].join("\n"));
  const render = (b: number, plan: DetailPlan, squeezed?: { names: number }): string => {
    const tight = b < TIGHT;
    const head = [headLine(b), ...warned];
    const out = [...head];
    const outline = new Outline(plan.detail, !plan.full, OVERLOADING.has(r.language ?? ""), squeezed, r.path);
    const api: Row[] = [];
    outline.top(r.api ?? [], api);
    if (stars.rows.length) api.splice(0, api.length, ...withStarRows(api, stars.rows));
    const internal: Row[] = [];
    outline.top(r.internal ?? [], internal);
    section(out, "API", api);
    section(out, "INTERNAL", internal);
    const cbs = (r.callbacks ?? []).slice(0, plan.callbacks);
    section(out, `CALLBACKS${r.callbackSupport === "generic" ? " (generic)" : ""}`, [...callbackRows(cbs), ...testNameRow(plan.namedCallbacks)]);
    out.push(...tail);
    if (!opts.full) out.push(...recLine(outline, b));
    if (!api.length && !internal.length) out.push("(no declarations found)");
    // Only when something was left out (a file with nothing to show is not "trimmed"); after the rows,
    // which count what they fold.
    const starsOut = stars.folded ? `${stars.folded} re-exported names counted` : "";
    const elided = plan.full ? "" : (small ? [starsOut] : [elisionText(plan), squeezed?.names ? `${squeezed.names} names by first word only` : "", starsOut]).filter(Boolean).join(", ");
    const cbsOut = plan.elided.callbacks ? `; ${plan.elided.callbacks} callback${plan.elided.callbacks > 1 ? "s" : ""} left out` : "";
    // Symbols used from other files whose uses no row shows (named in a names row, counted, hidden): how
    // many, and the most used one's focus.
    // (A small file is to be read, but its reader cannot see who uses it: hidden uses are said there too.)
    const lost = elided || (small && !plan.full) ? elidedUsages([...(r.api ?? []), ...(r.internal ?? [])], r.path, (e) => outline.usesShown.has(rowKey(e.name, e.startLine, e.endLine))) : undefined;
    const usesOut = lost?.count ? `; usages of ${lost.count} symbol${lost.count > 1 ? "s" : ""} left out: ${focusHint(ctx, lost.top!.name)}` : "";
    if (elided) out.splice(head.length, 0, tight ? `(trimmed${cbsOut}${usesOut}${hint})` : `(trimmed to ~${Math.round(b)} tok: ${elided}${usesOut}${hint})`);
    else if (lost?.count) out.splice(head.length, 0, `(${usesOut.slice(2)}${hint})`);
    return out.join("\n");
  };
  // The floor — every top-level name — far over the budget (headers of thousands of #defines, files of
  // generated constants): data names fold by first word (`GL_*×812`); callables and types stay named.
  const dataNames = topLevelDataNames(r, isDataLeaf);
  const fit = (b: number, atLeast?: number) =>
    fitPlan(r, costModel(fixedAt(b)), b, { ...opts, mainNames: !small }, (plan) => foldedIfDense(plan, b, small ? 0 : dataNames, (squeezed) => render(b, plan, squeezed)), atLeast);
  // Above TIGHT the header says more (import names, reasons, what was trimmed), not paid for with rows the plan
  // just under TIGHT showed (a budget just over it had shown fewer). Past twice TIGHT the budget pays for both.
  const atLeast = budget >= TIGHT && budget < 2 * TIGHT && !opts.full ? fit(TIGHT * 0.9999).room : undefined;
  const text = fit(budget, atLeast).text;
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
