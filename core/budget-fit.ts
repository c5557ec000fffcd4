/**
 * fitBudget: a budgeted view planned, rendered, and planned again until its text fits — and the elision
 * note's text. The planner's plans are nested (core/budget.ts: a bigger budget's plan holds a smaller
 * one's); fitBudget keeps that for the rendered text: it shows the richest plan whose text fits the
 * budget, found by bisection over the budgets at which the plan changes, so a bigger budget never
 * shows less (re-planning by the estimate's ratio, and keeping the best of three tries, had).
 */
import { planner, type CostModel, type DetailPlan, type Elided, type PlanOptions } from "./budget.js";
import type { RenderContext } from "./hooks.js";
import type { ModuleReport } from "./types.js";
import { estimateViewTokens } from "./view/tokens.js";

/** The plans tried are at least this far apart in cost (a fixed subset of the planner's breaks: the same for any budget). */
const STEP = 1.02;
/** A text fits when its estimate is within the budget: the richest text that does is shown. */
const OVER = 1;

/**
 * Plan, render, and re-plan when the rendered text's estimate (estimateViewTokens) misses the budget:
 * cost models are row-level approximations (shared rows, padding, folded names), off by 10–40% on
 * dense outlines. Shown: the richest plan of the planner's breaks (thinned to STEP apart) whose text
 * fits — the leanest when none does. The first try is the plan at the budget, the next ones scaled by
 * budget / estimate, then bisection; a text's estimate grows with its plan.
 */
export function fitBudget(report: ModuleReport, model: CostModel, budget: number, opts: PlanOptions, build: (plan: DetailPlan) => string): string {
  return fitPlan(report, model, budget, opts, build).text;
}

/**
 * fitBudget's text and the plan it shows, as its budget less the model's fixed cost (`room`: the plans
 * are the same whatever the fixed cost). `atLeast`: a room whose plan is shown whatever its text's
 * estimate (the compact view's plan just under the budget at which its header grows).
 */
export function fitPlan(report: ModuleReport, model: CostModel, budget: number, opts: PlanOptions, build: (plan: DetailPlan) => string, atLeast?: number): { text: string; room: number } {
  const plan0 = planner(report, model, opts);
  if (model.overFloor) budget = Math.max(budget, plan0(0).cost + budget * model.overFloor);
  const first = plan0(budget);
  if (first.full && opts.full) return { text: build(first), room: budget - model.fixed };
  const fits = (n: number) => n <= budget * OVER;
  const tried = new Map<number, { text: string; est: number; floor: boolean }>();
  const cands = thinned(plan0.breaks(), model.fixed);
  const at = (j: number) => {
    let t = tried.get(j);
    if (!t) {
      const plan = plan0(cands[j]!);
      const text = build(plan);
      tried.set(j, (t = { text, est: estimateViewTokens(text), floor: !!plan.floor }));
    }
    return t;
  };
  // (The richest candidate at or below a budget: the plan it gives.)
  const index = (b: number) => {
    let k = 0;
    while (k + 1 < cands.length && cands[k + 1]! <= b) k++;
    return k;
  };
  const done = (j: number) => ({ text: at(j).text, room: cands[j]! - model.fixed });
  let lo = atLeast === undefined ? -1 : index(atLeast + model.fixed + 1e-6); // the richest known to fit (the sums of the costs are not exact)
  // (A plan whose cost model says twice the budget is taken not to fit: dense files had rendered every
  // plan between their folded floor and the budget.)
  let hi = cands.findIndex((c, k) => k > 0 && c > budget * 2); // the leanest known not to
  if (hi < 0) hi = cands.length;
  let j = Math.min(Math.max(index(budget), lo + 1), hi - 1);
  if (j <= lo) return done(lo);
  const t0 = at(j);
  // Over the budget with nothing but the bare entries: a smaller plan is this one (most dense files).
  if (t0.floor && !fits(t0.est) && lo < 0) return done(j);
  for (let guess = 0; hi - lo > 1; guess++) {
    const t = at(j);
    if (fits(t.est)) lo = j;
    else hi = j;
    if (hi - lo <= 1) break;
    // Two guesses by the estimate's ratio, then halves.
    const g = guess < 2 ? index(cands[j]! * (budget / Math.max(1, t.est))) : -1;
    j = g > lo && g < hi ? g : (lo + hi) >> 1;
    if (j === lo) j++;
  }
  return done(lo >= 0 ? lo : 0);
}

/** Breaks at least STEP apart above the fixed cost (the same ones whatever it is), the first and the last (everything) kept. */
function thinned(breaks: number[], fixed: number): number[] {
  const out: number[] = [];
  for (const b of breaks) if (!out.length || b - fixed >= (out[out.length - 1]! - fixed) * STEP) out.push(b);
  const last = breaks[breaks.length - 1]!;
  if (out[out.length - 1] !== last) out.push(last);
  return out;
}

/** One line saying what a budgeted view left out and how to get it (`1 doc left out`, `2 docs left out`). */
export function elisionText(plan: DetailPlan): string {
  const e = plan.elided;
  const parts: string[] = [];
  const say = (n: number, noun: string, rest: string) => n && parts.push(`${n} ${n === 1 ? noun.slice(0, -1) : noun} ${rest}`);
  say(e.countedMembers, "members", "counted only");
  say(e.foldedMembers, "members", "by name only");
  if (e.signatures) parts.push(`${e.signatures} without signature`);
  say(e.docs, "docs", "left out");
  say(e.hiddenSymbols, "nested symbols", "counted only");
  say(e.namedCallbacks, "tests", "by title only");
  say(e.callbacks, "callbacks", "left out");
  return parts.join(", ");
}

/** Where the rest is, for the elision note. */
export const MORE_DETAIL = 'detail "full" for everything; focus <names> for those in full';

/** The nonzero counts of an elision (what a view's `detail` lists). */
export function elidedCounts(e: Elided): Record<string, number> {
  return Object.fromEntries(Object.entries(e).filter(([, n]) => n > 0));
}

/** The budget of `view` for `report` from the render context: ratio from settings, `detail:"full"`, `focus`. */
export function viewBudget(report: ModuleReport, ctx: RenderContext | undefined, view: string): { budget: number; opts: PlanOptions } {
  const ratio = ctx?.settings?.budget?.[view] ?? 0;
  const o = ctx?.options ?? {};
  const focus = typeof o.focus === "string" ? o.focus.split(/[\s,]+/).filter(Boolean) : [];
  // (`full`: asked for in full — every entry on its row; a view with its budget off shows what fits.)
  const full = o.detail === "full";
  // A window of the file (report-window.ts) has its lines' share of the file's budget.
  const w = report.window;
  const share = w && report.lineCount ? Math.max(0, Math.min(report.lineCount, w.endLine) - w.startLine + 1) / report.lineCount : 1;
  return { budget: full || !(ratio > 0) || !report.fileTokens ? Infinity : (report.fileTokens * share) / ratio, opts: { focus, full } };
}
