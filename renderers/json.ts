/**
 * The default view: the report as one line of unindented JSON (contract.md shape), within the json
 * detail budget (core/budget.ts): when the whole report would cost more than 1/6 of reading the file,
 * lower-priority entries lose their signature, doc sentence or member list (`memberNames` then lists
 * the members), and `detail` says what was left out and how to get it.
 */
import { approxTokens, fitBudget, MORE_DETAIL, viewBudget, type CostModel, type EntryDetail } from "../core/budget.js";
import { defineRenderer } from "../core/plugin.js";
import type { Entry, ModuleReport } from "../core/types.js";

/** An entry's own fields under a detail level (members are added by the caller). */
function own(e: Entry, d: EntryDetail): Entry {
  const out: Entry = { name: e.name, kind: e.kind, startLine: e.startLine, endLine: e.endLine, exported: e.exported };
  if (d.sig && e.signature) out.signature = e.signature;
  if (d.doc && e.doc) out.doc = e.doc;
  // Risk flags always; decorators and metrics come with the signature.
  if (d.sig && e.decorators) out.decorators = e.decorators;
  if (d.sig && e.fanout !== undefined) out.fanout = e.fanout;
  if (d.sig && e.complexity !== undefined) out.complexity = e.complexity;
  if (e.flags) out.flags = e.flags;
  if (d.sig && e.usedBy) out.usedBy = e.usedBy;
  return out;
}

/** A leaf the plan shows by name only (no signature, doc, members or flags to carry). */
export function bare(e: Entry, d: EntryDetail): boolean {
  return !d.sig && !d.doc && !e.members?.length && !e.flags?.length;
}

/**
 * Top-level entries, with the bare leaves (shown by name only) gathered per kind and visibility into
 * one group object `{ names, kind, startLine, endLine, exported }` at the place of the group's first
 * entry (budgeted output only; a lone bare leaf stays an entry).
 */
export function group(entries: Entry[], shape: (e: Entry) => Entry, detail: (e: Entry) => EntryDetail): Entry[] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    if (!bare(e, detail(e))) continue;
    const k = `${e.kind}\0${e.exported}`;
    const g = groups.get(k);
    if (g) g.push(e);
    else groups.set(k, [e]);
  }
  const out: Entry[] = [];
  for (const e of entries) {
    const g = bare(e, detail(e)) ? groups.get(`${e.kind}\0${e.exported}`)! : undefined;
    if (!g || g.length < 2) out.push(shape(e));
    else if (g[0] === e) out.push({ names: g.map((x) => x.name), kind: e.kind, startLine: e.startLine, endLine: Math.max(...g.map((x) => x.endLine)), exported: e.exported } as unknown as Entry);
  }
  return out;
}

export function renderJson(report: ModuleReport, ctx?: Parameters<typeof viewBudget>[1]): string {
  if (!report.available) return JSON.stringify(report);
  const { budget, opts } = viewBudget(report, ctx, "json");
  if (opts.full) return JSON.stringify(report);

  const model: CostModel = {
    fixed: approxTokens(JSON.stringify({ ...report, api: [], internal: [], callbacks: [] })) + 70,
    entry(e, d, depth) {
      // A bare top-level leaf joins its neighbours' group: it costs its name.
      if (depth === 0 && bare(e, d)) return (e.name.length + 3) / 3.7 + 0.5;
      // Lengths, not strings: planning prices every entry several times.
      let n = 62 + e.name.length + e.kind.length + String(e.startLine).length + String(e.endLine).length;
      if (d.sig && e.signature) n += 15 + e.signature.length;
      if (d.doc && e.doc) n += 9 + e.doc.length;
      if (d.sig && e.usedBy) n += 12 + 85 * e.usedBy.length;
      if (d.sig && e.decorators) n += 16 + e.decorators.join('","').length;
      if (e.flags) n += 12 + e.flags.join('","').length;
      if (d.sig && e.complexity !== undefined) n += 16;
      if (d.sig && e.fanout !== undefined) n += 12;
      return n / 3.7 + 1;
    },
    name: (m) => (m.name.length + 3) / 3.7 + 0.5,
    list: () => 5,
    counted: () => 6,
    callback: (c) => approxTokens(JSON.stringify(c)) + 1,
  };
  return fitBudget(report, model, budget, opts, (plan) => {
    if (plan.full) return JSON.stringify(report);
    const shape = (e: Entry): Entry => {
      const d = plan.detail(e);
      const out = own(e, d);
      if (e.members?.length) {
        const shown = e.members.filter((m) => plan.detail(m).shown);
        if (shown.length) out.members = shown.map(shape);
        const rest = e.members.filter((m) => !plan.detail(m).shown);
        if (rest.length && d.names) out.memberNames = rest.map((m) => m.name);
        else if (rest.length) out.memberCount = rest.length;
      }
      return out;
    };
    const out: ModuleReport = {
      ...report,
      api: report.api && group(report.api, shape, plan.detail),
      internal: report.internal && group(report.internal, shape, plan.detail),
      callbacks: report.callbacks?.slice(0, plan.callbacks),
      detail: { budget: Math.round(budget), elided: { ...plan.elided }, more: MORE_DETAIL },
    };
    return JSON.stringify(out);
  });
}

export default defineRenderer({
  meta: { name: "pilens-renderer-json", version: "0.1.0" },
  name: "json",
  apply(hooks) {
    hooks.render.for("json").tap("renderer:json", (report, ctx) => renderJson(report, ctx));
  },
});
