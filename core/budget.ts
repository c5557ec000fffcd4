/**
 * Detail budgets: how much of a report a view shows so that it stays a fraction of reading the file.
 *
 * A report lists every declaration; on declaration-dense code (type definitions, headers, SDKs)
 * printing each one with its full signature and doc sentence costs as much as the file itself, and
 * the outline stops being worth calling. A view therefore gets a token budget — the file's estimated
 * tokens divided by the view's ratio (compact 14, json 6, summary 24; `.pilensrc` `budget`) — and
 * spends it by priority:
 *
 *   1. every top-level entry by name, kind and line range, and every container's members by name —
 *      the floor (nothing is ever dropped without a trace);
 *   2. then, in priority order, signatures, members promoted from their container's name list to
 *      entries of their own, doc sentences and callbacks, each taken while it fits.
 *
 * Priority: focus matches and recommended reads first, then exported top-level entries, internal
 * ones, members (lower with depth; data members and private ones lowest); usage and risk flags
 * raise it. The plan says what it left out (`Elided`), and renderers print that next to a pointer to
 * the full detail (`detail: "full"`, `focus`, read_symbol).
 *
 * Renderers supply the cost model (what a row or object of theirs costs), so one planner serves
 * json, compact, summary and third-party views.
 */
import type { RenderContext } from "./hooks.js";
import type { Callback, Entry, ModuleReport } from "./types.js";

/** What one entry shows under a plan. */
export interface EntryDetail {
  sig: boolean;
  doc: boolean;
  /** Shown as its own row/object (top-level entries always); false: by name in its container's list. */
  shown: boolean;
  /** A container: its members not shown on their own are listed by name (false: counted only). */
  names: boolean;
}

export interface Elided {
  signatures: number;
  docs: number;
  /** Members listed by name only (in their container's name list). */
  foldedMembers: number;
  /** Members counted only (their container's names were not listed). */
  countedMembers: number;
  /** Symbols below a member listed by name only: counted, not named. */
  hiddenSymbols: number;
  callbacks: number;
}

export interface DetailPlan {
  /** True when everything fits: the view shows the whole report. */
  full: boolean;
  budget: number;
  /** Estimated tokens of the output under this plan. */
  cost: number;
  detail(e: Entry): EntryDetail;
  /** How many of the (ranked) callbacks are shown. */
  callbacks: number;
  elided: Elided;
}

/** A renderer's cost model, in estimated tokens. */
export interface CostModel {
  /** Header, warnings, imports, recommendations: paid whatever the plan. */
  fixed: number;
  /** One entry shown on its own row/object (without its members). */
  entry(e: Entry, d: EntryDetail, depth: number): number;
  /**
   * Members of `container` not shown on their own: listed by name (`listed`) or counted only; 0 for
   * none.
   */
  folded(container: Entry, names: Entry[], depth: number, listed: boolean): number;
  /** Whether a member can get its own row (default: yes). The compact view lists data members by name. */
  promotable?(member: Entry, container: Entry): boolean;
  callback(c: Callback): number;
}
export interface PlanOptions {
  focus?: string[];
  /** Ignore the budget: show everything (`detail: "full"`). */
  full?: boolean;
}

/** Token estimate of text a renderer produces (o200k-like pieces: words, number groups, punctuation runs). */
export function estimateTokens(s: string): number {
  let n = 0;
  const re = /[ ]?[A-Za-z][a-z]+|[ ]?[A-Z]+(?![a-z])|[ ]?[a-z]|\d{1,3}|[ ]?[^\sA-Za-z\d]{1,3}|\n+|[ \t]+/g;
  while (re.exec(s)) n++;
  return n;
}

/** Token estimate of reading a file: characters / 4 (within ~10% of o200k on code; cheap). */
export function estimateFileTokens(chars: number): number {
  return Math.round(chars / 4);
}

const DATA_KINDS = new Set(["property", "field", "constant", "variable", "enum member", "macro"]);

interface Node {
  e: Entry;
  parent?: Node;
  depth: number;
  priority: number;
}

type Upgrade = { kind: "sig" | "doc" | "shown" | "names"; node: Node; priority: number } | { kind: "cb"; index: number; priority: number };

/** Plan what a view shows of `report` within `budget` tokens. */
export function planDetail(report: ModuleReport, model: CostModel, budget: number, opts: PlanOptions = {}): DetailPlan {
  const top = [...(report.api ?? []), ...(report.internal ?? [])];
  const cbs = report.callbacks ?? [];
  const focus = (opts.focus ?? []).map((t) => t.toLowerCase()).filter(Boolean);
  const recommended = new Set((report.recommendedReads ?? []).map((r) => r.symbol));
  const promotable = (m: Entry, c: Entry) => model.promotable?.(m, c) ?? true;

  const nodes: Node[] = [];
  const visit = (list: Entry[], parent: Node | undefined, depth: number, path: string) => {
    for (const e of list) {
      const q = path ? `${path}.${e.name}` : e.name;
      const node: Node = { e, parent, depth, priority: priorityOf(e, parent, q, focus, recommended) };
      nodes.push(node);
      if (e.members?.length) visit(e.members, node, depth + 1, q);
    }
  };
  visit(top, undefined, 0, "");
  // A focus match opens the way to itself: its containers rank with it.
  if (focus.length)
    for (const n of nodes) {
      if (!focusHit(n.e, focus)) continue;
      for (let p = n.parent; p; p = p.parent) p.priority = Math.max(p.priority, n.priority - 1);
    }

  // Everything, when it fits.
  const fullDetail = new Map<Entry, EntryDetail>();
  for (const n of nodes) fullDetail.set(n.e, { sig: true, doc: true, names: true, shown: !n.parent || promotable(n.e, n.parent.e) });
  const full = (e: Entry) => fullDetail.get(e)!;
  const fullCost = costOf(top, full, model, cbs.length, cbs);
  const none: Elided = { signatures: 0, docs: 0, foldedMembers: 0, countedMembers: 0, hiddenSymbols: 0, callbacks: 0 };
  if (opts.full || fullCost <= budget) return { full: true, budget, cost: fullCost, detail: full, callbacks: cbs.length, elided: none };

  const state = new Map<Entry, EntryDetail>();
  for (const n of nodes) state.set(n.e, { sig: false, doc: false, shown: !n.parent, names: false });
  // Per container: its members not shown on their own, and what listing (or counting) them costs.
  const folded = new Map<Entry, { names: Entry[]; cost: number }>();
  for (const n of nodes) if (n.e.members?.length) folded.set(n.e, { names: [...n.e.members], cost: model.folded(n.e, n.e.members, n.depth, false) });
  const visible = (n: Node): boolean => state.get(n.e)!.shown && (!n.parent || visible(n.parent));
  let cost = costOf(top, (e) => state.get(e)!, model, 0, cbs);

  const upgrades: Upgrade[] = [];
  for (const n of nodes) {
    if (n.e.signature && n.e.signature !== n.e.name) upgrades.push({ kind: "sig", node: n, priority: n.priority + 3 });
    if (n.e.members?.length) upgrades.push({ kind: "names", node: n, priority: n.priority + 4 });
    if (n.parent && promotable(n.e, n.parent.e)) upgrades.push({ kind: "shown", node: n, priority: n.priority + 2 });
    if (n.e.doc) upgrades.push({ kind: "doc", node: n, priority: n.priority - 25 });
  }
  cbs.forEach((_, i) => upgrades.push({ kind: "cb", index: i, priority: 60 - i }));
  // Stable: equal priorities keep source order.
  upgrades.sort((a, b) => b.priority - a.priority);

  let shownCallbacks = 0;
  for (const u of upgrades) {
    if (u.kind === "cb") {
      if (u.index !== shownCallbacks) continue;
      const c = model.callback(cbs[u.index]!);
      if (cost + c <= budget) {
        cost += c;
        shownCallbacks++;
      }
      continue;
    }
    apply(u.kind, u.node);
  }

  /** Take one upgrade (making its entry visible first: ancestors promoted as needed) if it fits. */
  function apply(kind: "sig" | "doc" | "shown" | "names", n: Node): void {
    const sState = new Map<Entry, EntryDetail>();
    const sList = new Map<Entry, { names: Entry[]; cost: number }>();
    const st = (e: Entry) => sState.get(e) ?? state.get(e)!;
    const li = (e: Entry) => sList.get(e) ?? folded.get(e)!;
    let delta = 0;
    // Out of the container's name list, onto a row of its own (bare, its own members counted).
    const promote = (x: Node): boolean => {
      if (st(x.e).shown || !x.parent) return true;
      if (!promotable(x.e, x.parent.e) || !promote(x.parent)) return false;
      const list = li(x.parent.e);
      const rest = list.names.filter((m) => m !== x.e);
      const restCost = model.folded(x.parent.e, rest, x.parent.depth, st(x.parent.e).names);
      const d = st(x.e);
      delta += model.entry(x.e, d, x.depth) + (x.e.members?.length ? li(x.e).cost : 0) + restCost - list.cost;
      sList.set(x.parent.e, { names: rest, cost: restCost });
      sState.set(x.e, { ...d, shown: true });
      return true;
    };
    if (!promote(n)) return;
    const d = st(n.e);
    if (kind === "names") {
      const list = li(n.e);
      const c = model.folded(n.e, list.names, n.depth, true);
      delta += c - list.cost;
      sList.set(n.e, { names: list.names, cost: c });
      sState.set(n.e, { ...d, names: true });
    } else if (kind !== "shown") {
      // A doc sentence without its signature reads oddly; it comes after the signature.
      if (kind === "doc" && !d.sig && n.e.signature && n.e.signature !== n.e.name) return;
      const next = { ...d, [kind]: true };
      delta += model.entry(n.e, next, n.depth) - model.entry(n.e, d, n.depth);
      sState.set(n.e, next);
    }
    if (cost + delta > budget) return;
    cost += delta;
    for (const [e, v] of sState) state.set(e, v);
    for (const [e, v] of sList) folded.set(e, v);
  }

  const elided: Elided = { ...none, callbacks: cbs.length - shownCallbacks };
  const countBelow = (e: Entry): number => (e.members ?? []).reduce((s, m) => s + 1 + countBelow(m), 0);
  for (const n of nodes) {
    const d = state.get(n.e)!;
    if (!d.shown) {
      if (n.parent && visible(n.parent)) {
        if (!state.get(n.parent.e)!.names) elided.countedMembers++;
        else if (promotable(n.e, n.parent.e)) elided.foldedMembers++;
        elided.hiddenSymbols += countBelow(n.e);
      }
      continue;
    }
    if (!visible(n)) continue;
    if (!d.sig && n.e.signature && n.e.signature !== n.e.name) elided.signatures++;
    if (!d.doc && n.e.doc) elided.docs++;
  }
  return { full: false, budget, cost, detail: (e) => state.get(e) ?? { sig: true, doc: true, shown: true, names: true }, callbacks: shownCallbacks, elided };
}

/** The cost of showing `top` under `detail`: shown entries' rows plus each container's name list. */
function costOf(top: Entry[], detail: (e: Entry) => EntryDetail, model: CostModel, callbacks: number, cbs: Callback[]): number {
  let cost = model.fixed;
  const go = (list: Entry[], depth: number) => {
    for (const e of list) {
      cost += model.entry(e, detail(e), depth);
      if (!e.members?.length) continue;
      const names = e.members.filter((m) => !detail(m).shown);
      if (names.length) cost += model.folded(e, names, depth, detail(e).names);
      go(e.members.filter((m) => detail(m).shown), depth + 1);
    }
  };
  go(top, 0);
  for (let i = 0; i < callbacks; i++) cost += model.callback(cbs[i]!);
  return cost;
}

function priorityOf(e: Entry, parent: Node | undefined, q: string, focus: string[], recommended: Set<string>): number {
  let p = parent ? parent.priority - 15 : e.exported ? 100 : 70;
  if (parent && (!e.exported || e.name.startsWith("#") || e.name.startsWith("_"))) p -= 10;
  if (DATA_KINDS.has(e.kind)) p -= 20;
  if (e.flags?.length) p += 10;
  if (e.usedBy?.length) p += Math.min(20, e.usedBy.length * 2);
  if (recommended.has(q)) p += 150;
  if (focus.length && focusHit(e, focus, q)) p += 200;
  return p;
}

function focusHit(e: Entry, focus: string[], q = e.name): boolean {
  const hay = `${q} ${e.signature ?? ""} ${e.doc ?? ""}`.toLowerCase();
  return focus.some((t) => hay.includes(t));
}

/** The budget of `view` for `report` from the render context: ratio from settings, `detail:"full"`, `focus`. */
export function viewBudget(report: ModuleReport, ctx: RenderContext | undefined, view: string): { budget: number; opts: PlanOptions } {
  const ratio = ctx?.settings?.budget?.[view] ?? 0;
  const o = ctx?.options ?? {};
  const focus = typeof o.focus === "string" ? o.focus.split(/[\s,]+/).filter(Boolean) : [];
  const full = o.detail === "full" || !(ratio > 0) || !report.fileTokens;
  return { budget: full ? Infinity : (report.fileTokens ?? 0) / ratio, opts: { focus, full } };
}

/** One line saying what a budgeted view left out and how to get it. */
export function elisionText(plan: DetailPlan): string {
  const e = plan.elided;
  const parts: string[] = [];
  if (e.countedMembers) parts.push(`${e.countedMembers} members counted only`);
  if (e.foldedMembers) parts.push(`${e.foldedMembers} members by name only`);
  if (e.signatures) parts.push(`${e.signatures} without signature`);
  if (e.docs) parts.push(`${e.docs} docs left out`);
  if (e.hiddenSymbols) parts.push(`${e.hiddenSymbols} nested symbols counted only`);
  if (e.callbacks) parts.push(`${e.callbacks} callbacks left out`);
  return parts.join(", ");
}

/** Where the rest is, for the elision note. */
export const MORE_DETAIL = 'detail "full" (CLI --detail full) shows everything; focus <terms> opens matching symbols first; read_symbol fetches one';

/**
 * Plan, render, and re-plan with the overshoot taken off (at most twice) when the rendered text's
 * estimate exceeds the budget: cost models are row-level approximations (shared rows, padding).
 */
export function fitBudget(report: ModuleReport, model: CostModel, budget: number, opts: PlanOptions, build: (plan: DetailPlan) => string): string {
  let plan = planDetail(report, model, budget, opts);
  let text = build(plan);
  for (let i = 0; i < 2 && !plan.full; i++) {
    const over = estimateTokens(text) - budget;
    if (over <= 0) break;
    plan = planDetail(report, model, plan.budget - over, opts);
    text = build(plan);
  }
  return text;
}
