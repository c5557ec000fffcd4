/**
 * The default view: the report as one line of unindented JSON (contract.md shape), within the json
 * detail budget (core/budget.ts): when the whole report would cost more than 1/6 of reading the file,
 * lower-priority entries lose their signature and doc sentence (and usedBy, decorators, metrics) —
 * never the entry itself: every structural symbol keeps name, kind, range and exported; bare data
 * members are listed by name in their container's `memberNames` — and `detail` says what was left
 * out and how to get it.
 */
import { STAR_REEXPORT } from "../core/read-misses.js";
import { approxTokens, elidedCounts, fitBudget, MORE_DETAIL, OBJECT_MACRO, VALUE_KINDS, viewBudget, type CostModel, type EntryDetail } from "../core/budget.js";
import { defineRenderer } from "../core/plugin.js";
import type { Entry, ModuleReport } from "../core/types.js";
import { jsonLine } from "../core/text.js";

/** An entry's own fields under a detail level (members are added by the caller). */
function own(e: Entry, d: EntryDetail): Entry {
  const out: Entry = { name: e.name, kind: e.kind, startLine: e.startLine, endLine: e.endLine, exported: e.exported };
  if (e.owner) out.owner = e.owner; // (whose member it is: never elided)
  if (e.exportedAs) out.exportedAs = e.exportedAs; // (a name importers know it by: never elided)
  if (d.sig && e.signature) out.signature = e.signature;
  if (d.doc && e.doc) out.doc = e.doc;
  // Risk flags always; decorators and metrics come with the signature.
  if (d.sig && e.decorators) out.decorators = e.decorators;
  if (d.sig && e.fanout !== undefined) out.fanout = e.fanout;
  if (d.sig && e.complexity !== undefined) out.complexity = e.complexity;
  if (e.flags) out.flags = e.flags;
  if (d.sig && e.usedBy) out.usedBy = e.usedBy;
  // A cut list's totals go with it: without them 10 kept uses read as all of them.
  if (d.sig && e.usedBy && e.usedByTotal) out.usedByTotal = e.usedByTotal;
  // A list the budget left out keeps its totals: an entry without `usedBy` had read as one no file uses.
  // (And how many of its uses subclass or implement it, as a cut list's totals say.)
  else if (!d.sig && e.usedBy?.length) out.usedByTotal = e.usedByTotal ?? usedByTotalOf(e.usedBy);
  // (Uses same-named entries share — Rust's `#[cfg]` variants —: said with them, listed or counted.)
  if (e.usedBy?.length && e.usedByShared) out.usedByShared = e.usedByShared;
  return out;
}

function usedByTotalOf(used: NonNullable<Entry["usedBy"]>): NonNullable<Entry["usedByTotal"]> {
  const ext = used.filter((u) => u.relation === "extends").length;
  return { refs: used.length, files: new Set(used.map((u) => u.file)).size, ...(ext ? { extends: ext } : {}) };
}


/**
 * A symbol that, without its signature and doc, is listed by name instead of as an entry, when it has
 * no members, flags, usages or decorators:
 * - a one-line data member (property, field, constant, variable; not function-like) goes into its
 *   container's `memberNames` (by kind);
 * - a top-level object-like macro (`#define GL_FOG 0x0B60`) into the report's `apiNames` /
 *   `internalNames` as `name@line` (a handle read_symbol takes) — C headers are walls of them, and as
 *   entries their outline cost more than the header; so does a name an `export *` hands on (its
 *   entry's range and head are the statement's: zod's v4/core/index.ts, 15 lines, lists 627 — 17k
 *   tokens as entries, ~3.5k by name). Top-level constants and variables stay entries:
 *   in JS a top-level object constant is what ctags and readers take for a class-like namespace.
 * On SDK types, record-like classes and headers these are most of the entries: ~20 tokens each as an
 * object, ~3–5 as a name. Structural symbols (classes, functions, methods, types, …) always stay entries.
 */
function byName(e: Entry, d: EntryDetail, depth: number): boolean {
  // Decorated ones stay entries (a Python `@property` is a method), and so do function-like ones: a
  // callback property, or a C++ method a macro made the grammar read as a field.
  if (d.sig || d.doc) return false;
  if (depth === 0 ? !(e.kind === "macro" && OBJECT_MACRO.test(e.signature ?? "")) && !STAR_REEXPORT.test(e.signature ?? "") : !VALUE_KINDS.has(e.kind) || e.signature?.includes("(")) return false;
  // A member spanning lines (a nested table, a config object) keeps its range: where it ends is news.
  if (depth > 0 && e.endLine > e.startLine) return false;
  return !e.members?.length && !e.flags?.length && !e.usedBy?.length && !e.decorators?.length && !e.owner;
}

/**
 * The json view. Size honesty (contract.md): a report that costs as much as the file it outlines says
 * so — the small-file warning covers short files, this covers dense ones (a 60-line .d.ts of 51 heads).
 */
export function renderJson(report: ModuleReport, ctx?: Parameters<typeof viewBudget>[1]): string {
  if (!report.available) return jsonLine(report);
  const { budget, opts } = viewBudget(report, ctx, "json");
  if (opts.full) return jsonLine(report);
  const file = report.fileTokens;
  const honest = (out: ModuleReport): string => {
    const text = jsonLine(out);
    if (file === undefined || report.warnings?.some((w) => w.startsWith("small file"))) return text;
    const cost = Math.round(approxTokens(text));
    if (cost < file) return text;
    return jsonLine({ ...out, warnings: [...(out.warnings ?? []), `this report (~${cost} tokens) costs as much as the file (~${file}): read the file directly`] });
  };
  return renderBudgeted(report, budget, opts, honest);
}

/** The json of a report within its detail budget; `finish` turns the chosen object into the line. */
function renderBudgeted(report: ModuleReport, budget: number, opts: ReturnType<typeof viewBudget>["opts"], finish: (out: ModuleReport) => string): string {

  const model: CostModel = {
    fixed: approxTokens(JSON.stringify({ ...report, api: [], internal: [], callbacks: [] })) + 70,
    // Every symbol stays an entry (name, kind, range, exported): scripts and accuracy checks read them.
    everyEntry: true,
    overFloor: 0.5,
    entry(e, d, depth) {
      if (byName(e, d, depth)) return (e.name.length + 3 + (depth ? 0 : 1 + String(e.startLine).length)) / 3.7 + 0.3;
      // Lengths, not strings: planning prices every entry several times.
      let n = 62 + e.name.length + e.kind.length + String(e.startLine).length + String(e.endLine).length;
      if (e.members?.length) n += 13;
      if (d.sig && e.signature) n += 15 + e.signature.length;
      if (d.doc && e.doc) n += 9 + e.doc.length;
      if (d.sig && e.usedBy) n += 12 + 85 * e.usedBy.length + (e.usedByTotal ? 34 : 0);
      else if (e.usedBy?.length) n += 34;
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
    if (plan.full) return finish(report);
    let named = 0;
    // Entries whose usedBy the budget left out (detail.elided.usedBy).
    let usesOut = 0;
    const shape = (e: Entry, depth: number): Entry => {
      const out: Entry & { memberNames?: Record<string, string[]> } = own(e, plan.detail(e));
      if (e.usedBy && !out.usedBy) usesOut++;
      if (!e.members?.length) return out;
      const members: Entry[] = [];
      const names: Record<string, string[]> = {};
      for (const m of e.members) {
        if (byName(m, plan.detail(m), depth + 1)) (names[m.kind] ??= []).push(m.name), named++;
        else members.push(shape(m, depth + 1));
      }
      if (members.length) out.members = members;
      if (Object.keys(names).length) out.memberNames = names;
      return out;
    };
    // Top-level data symbols listed by name, where the entry would have been (api or internal).
    const topLevel = (list: Entry[] | undefined): [Entry[] | undefined, Record<string, string[]> | undefined] => {
      if (!list) return [list, undefined];
      const entries: Entry[] = [];
      const names: Record<string, string[]> = {};
      for (const e of list) {
        if (byName(e, plan.detail(e), 0)) (names[e.kind] ??= []).push(`${e.name}@${e.startLine}`), topNamed++;
        else entries.push(shape(e, 0));
      }
      return [entries, Object.keys(names).length ? names : undefined];
    };
    let topNamed = 0;
    const [api, apiNames] = topLevel(report.api);
    const [internal, internalNames] = topLevel(report.internal);
    // The name lists right after the entries they stand beside.
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries({ ...report, api, internal, callbacks: report.callbacks?.slice(0, plan.callbacks) })) {
      fields[k] = v;
      if (k === "api" && apiNames) fields.apiNames = apiNames;
      if (k === "internal" && internalNames) fields.internalNames = internalNames;
    }
    const out = fields as unknown as ModuleReport;
    // `callbacks: []` must not read as "none": where the budget left callbacks out, their provenance says so.
    const cbTotal = report.callbacks?.length ?? 0;
    const cbShown = Math.min(cbTotal, plan.callbacks);
    if (cbShown < cbTotal && out.provenance) {
      out.provenance = { ...out.provenance, callbacks: `${out.provenance.callbacks}; ${cbShown} of ${cbTotal} listed (detail budget: detail "full" lists all)` };
    }
    const byNames = { ...(named ? { membersByName: named } : {}), ...(topNamed ? { topLevelByName: topNamed } : {}) };
    // Only a report something was left out of says so (a one-line file's plan is "over budget" with
    // nothing to leave out: its `elided: {}` and advice were ~35 tokens of nothing).
    const elided = { ...elidedCounts(plan.elided), ...byNames, ...(usesOut ? { usedBy: usesOut } : {}) };
    if (Object.keys(elided).length) out.detail = { budget: Math.round(budget), elided, more: MORE_DETAIL };
    return finish(out);
  });
}

export default defineRenderer({
  meta: { name: "pilens-renderer-json", version: "0.1.0" },
  name: "json",
  apply(hooks) {
    hooks.render.for("json").tap("renderer:json", (report, ctx) => renderJson(report, ctx));
  },
});
