/**
 * The summary view: top-level entries only (name, kind, range, exported, signature, doc; members as a
 * count — a container holding most of the file gives its members as entries), the recommendations and counts, as one line of JSON — within the summary's detail budget
 * (core/budget.ts; 1/24 of the file by default), so low-priority entries come by name, grouped like
 * the json view's. Says what it left out and how to get it.
 */
import { approxTokens, estimateViewTokens, fitBudget, MORE_DETAIL, viewBudget, type CostModel, type DetailPlan, type EntryDetail } from "../core/budget.js";
import type { RenderContext } from "../core/hooks.js";
import { defineRenderer } from "../core/plugin.js";
import { TYPE_KINDS, type Entry, type ModuleReport } from "../core/types.js";
import { jsonLine } from "../core/text.js";
import { isDataLeaf, ownedName } from "./compact-rows.js";
import { firstWordLabels, foldedIfDense, topLevelDataNames } from "../core/first-word.js";

/** A leaf the plan shows by name only (no signature, doc, members or flags to carry). */
function bare(e: Entry, d: EntryDetail): boolean {
  return !d.sig && !d.doc && !e.members?.length && !e.flags?.length;
}

/**
 * Top-level entries, with the bare leaves (shown by name only) gathered per kind and visibility into
 * one group object `{ names, kind, startLine, endLine, exported }` at the place of the group's first
 * entry (budgeted output only; a lone bare leaf stays an entry). `labels`: names folded by first word
 * (first-word.ts) — `GL_*×790` for the first, the others left out.
 */
function group(entries: Entry[], shape: (e: Entry) => Entry, detail: (e: Entry) => EntryDetail, runs: Map<Entry, number>, labels?: Map<Entry, string | null>): Entry[] {
  const groups = new Map<string, Entry[]>();
  const key = (e: Entry) => `${e.kind}\0${e.exported}`;
  for (const e of entries) {
    if (!bare(e, detail(e))) continue;
    const k = key(e);
    const g = groups.get(k);
    if (g) g.push(e);
    else groups.set(k, [e]);
  }
  const out: Entry[] = [];
  for (const e of entries) {
    const g = bare(e, detail(e)) ? groups.get(key(e))! : undefined;
    if (!g || g.length < 2) out.push(shape(e));
    else if (g[0] === e) {
      // Scattered between other symbols: each name with its line (`stableJson@410`, a handle read_symbol
      // takes) — the group's range alone would send a reader through what lies between.
      // (Not when they share their lines: the names an `export *` statement hands on, of several kinds, are its line's.)
      const scattered = g.some((x) => runs.get(x) !== runs.get(e) && (x.startLine !== e.startLine || x.endLine !== e.endLine));
      const names = g.flatMap((x) => (labels?.get(x) === null ? [] : [labels?.get(x) ?? (scattered ? `${x.name}@${x.startLine}` : x.name)]));
      out.push({ names, kind: e.kind, startLine: e.startLine, endLine: Math.max(...g.map((x) => x.endLine)), exported: e.exported } as unknown as Entry);
    }
  }
  return out;
}

/**
 * Runs of bare entries of one kind and visibility next to each other in the file (api and internal
 * merged). A group spanning several runs names each entry with its line: engine.ts's three internal
 * helpers were one group of lines 70–416 around the whole `Lens` class, a read of the file for three
 * small functions. (Splitting such groups instead cost the summary 30–50% more tokens.)
 */
function runsOf(all: Entry[], detail: (e: Entry) => EntryDetail): Map<Entry, number> {
  const runs = new Map<Entry, number>();
  let run = 0;
  let prev = "";
  for (const e of [...all].sort((a, b) => a.startLine - b.startLine)) {
    const k = bare(e, detail(e)) ? `${e.kind}\0${e.exported}` : "";
    if (!k || k !== prev) run++;
    runs.set(e, run);
    prev = k;
  }
  return runs;
}

function slim(e: Entry, d: EntryDetail, members: number): Entry {
  const out: Record<string, unknown> = { name: e.name, kind: e.kind, startLine: e.startLine, endLine: e.endLine, exported: e.exported };
  if (d.sig && e.signature) out.signature = e.signature;
  if (d.doc && e.doc) out.doc = e.doc;
  if (members) out.members = members;
  return out as unknown as Entry;
}

export function renderSummary(r: ModuleReport, ctx?: RenderContext): string {
  if (!r.available) return jsonLine({ available: false, path: r.path, error: r.error, ...(r.warnings?.length ? { warnings: r.warnings } : {}) });
  const memberCount = [...(r.api ?? []), ...(r.internal ?? [])].reduce((n, e) => n + (e.members?.length ?? 0), 0);
  const omitted: string[] = [];
  if (memberCount) omitted.push(`${memberCount} member${memberCount === 1 ? "" : "s"} (counted per entry)`);
  if (r.callbacks?.length) omitted.push(`${r.callbacks.length} callback${r.callbacks.length === 1 ? "" : "s"}`);
  if (r.blastRadius) omitted.push(`blast radius (${r.blastRadius.files.length} file${r.blastRadius.files.length === 1 ? "" : "s"})`);
  omitted.push("decorators, flags, usedBy, imports list");
  const out: Record<string, unknown> = {
    available: true,
    path: r.path,
    language: r.language,
    lineCount: r.lineCount,
    fileTokens: r.fileTokens,
    summary: { ...r.summary, callbacks: r.callbacks?.length ?? 0 },
    api: [],
    internal: [],
    recommendedReads: r.recommendedReads,
    omitted: `${omitted.join("; ")} — use view "json" or "compact" for them`,
  };
  if (r.warnings?.length) out.warnings = r.warnings;
  if (r.window) out.window = r.window;

  // Plan over the top level alone: members are a count here, never shown — except those of a container
  // holding most of the file (a Java class, a header's `namespace std`), listed after it by qualified name
  // when their names fit in three quarters of the budget (HashMap.java's summary was one entry and `members: 81`).
  const { budget, opts } = viewBudget(r, ctx, "summary");
  const members = new Map<Entry, number>();
  const lines = r.lineCount ?? 0;
  let room = opts.full ? Infinity : budget * 0.75;
  const unwrap = (e: Entry, prefix: string): Entry[] => {
    // (A member listed outside its type is named with it: `Widget.size`.)
    const copy = { ...e, name: prefix + ownedName(e), members: undefined, memberNames: undefined };
    let inner = e.members?.length && TYPE_KINDS.has(e.kind) && (e.endLine - e.startLine + 1) * 2 >= lines ? e.members : undefined;
    const cost = (inner ?? []).reduce((n, m) => n + (copy.name.length + m.name.length + 4) / 3.7 + 0.5, 0);
    if (inner && cost <= room) room -= cost;
    else inner = undefined;
    members.set(copy, inner ? 0 : (e.members?.length ?? 0));
    return [copy, ...(inner ?? []).flatMap((m) => unwrap(m, `${copy.name}.`))];
  };
  const all = [...(r.api ?? []), ...(r.internal ?? [])].flatMap((e) => unwrap(e, ""));
  const flat: ModuleReport = { ...r, api: all.filter((e) => e.exported), internal: all.filter((e) => !e.exported), callbacks: [] };
  const shape = (d: (e: Entry) => EntryDetail) => (e: Entry) => slim(e, d(e), members.get(e) ?? 0);
  const model: CostModel = {
    fixed: estimateViewTokens(JSON.stringify(out)) + 40,
    entry: (e, d, depth) => (depth === 0 && bare(e, d) && !members.get(e) ? (e.name.length + 3) / 3.7 + 0.5 : approxTokens(JSON.stringify(slim(e, d, members.get(e) ?? 0))) + 1),
    name: () => 0,
    list: () => 0,
    counted: () => 0,
    callback: () => 0,
  };
  const dataNames = topLevelDataNames(r, isDataLeaf);
  const render = (plan: DetailPlan, squeezed?: { names: number }) => {
    const s = shape(plan.detail);
    const labels = (list: Entry[]) => (squeezed ? firstWordLabels(list, squeezed, isDataLeaf) : undefined);
    const runs = plan.full ? new Map<Entry, number>() : runsOf([...flat.api!, ...flat.internal!], plan.detail);
    out.api = plan.full ? flat.api!.map(s) : group(flat.api!, s, plan.detail, runs, labels(flat.api!));
    out.internal = plan.full ? flat.internal!.map(s) : group(flat.internal!, s, plan.detail, runs, labels(flat.internal!));
    const folded = squeezed?.names ? { namesByFirstWord: squeezed.names } : {};
    if (!plan.full) out.detail = { budget: Math.round(budget), elided: { signatures: plan.elided.signatures, docs: plan.elided.docs, ...folded }, more: MORE_DETAIL };
    return jsonLine(out);
  };
  // As the compact view: a floor of names far over the budget folds its data names by first word.
  return fitBudget(flat, model, budget, opts, (plan) => foldedIfDense(plan, budget, dataNames, (squeezed) => render(plan, squeezed)));
}

export default defineRenderer({
  meta: { name: "pilens-renderer-summary", version: "0.1.0" },
  name: "summary",
  apply(hooks) {
    hooks.render.for("summary").tap("renderer:summary", (report, ctx) => renderSummary(report, ctx));
  },
});
