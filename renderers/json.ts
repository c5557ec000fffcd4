/**
 * The default view: the report as one line of unindented JSON (contract.md shape), within the json
 * detail budget (core/budget.ts): when the whole report would cost more than 1/6 of reading the file,
 * lower-priority entries lose their signature and doc sentence (and usedBy, decorators, metrics) —
 * never the entry itself: every symbol keeps name, kind, range and exported — and `detail` says what
 * was left out and how to get it.
 */
import { approxTokens, elidedCounts, fitBudget, MORE_DETAIL, viewBudget, type CostModel, type EntryDetail } from "../core/budget.js";
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

export function renderJson(report: ModuleReport, ctx?: Parameters<typeof viewBudget>[1]): string {
  if (!report.available) return JSON.stringify(report);
  const { budget, opts } = viewBudget(report, ctx, "json");
  if (opts.full) return JSON.stringify(report);

  const model: CostModel = {
    fixed: approxTokens(JSON.stringify({ ...report, api: [], internal: [], callbacks: [] })) + 70,
    // Every symbol stays an entry (name, kind, range, exported): scripts and accuracy checks read them.
    everyEntry: true,
    entry(e, d) {
      // Lengths, not strings: planning prices every entry several times.
      let n = 62 + e.name.length + e.kind.length + String(e.startLine).length + String(e.endLine).length;
      if (e.members?.length) n += 13;
      if (d.sig && e.signature) n += 15 + e.signature.length;
      if (d.doc && e.doc) n += 9 + e.doc.length;
      if (d.sig && e.usedBy) n += 12 + 85 * e.usedBy.length;
      if (d.sig && e.decorators) n += 16 + e.decorators.join('","').length;
      if (e.flags) n += 12 + e.flags.join('","').length;
      if (d.sig && e.complexity !== undefined) n += 16;
      if (d.sig && e.fanout !== undefined) n += 12;
      return n / 3.7 + 1;
    },
    name: () => 0,
    list: () => 0,
    counted: () => 0,
    callback: (c) => approxTokens(JSON.stringify(c)) + 1,
  };
  return fitBudget(report, model, budget, opts, (plan) => {
    if (plan.full) return JSON.stringify(report);
    const shape = (e: Entry): Entry => {
      const out = own(e, plan.detail(e));
      if (e.members?.length) out.members = e.members.map(shape);
      return out;
    };
    const out: ModuleReport = {
      ...report,
      api: report.api?.map(shape),
      internal: report.internal?.map(shape),
      callbacks: report.callbacks?.slice(0, plan.callbacks),
      detail: { budget: Math.round(budget), elided: elidedCounts(plan.elided), more: MORE_DETAIL },
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
