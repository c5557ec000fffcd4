/** The caller's `focus` on callbacks: which it names, and a report with those first. */
import type { Callback, ModuleReport } from "./types.js";

/** A callback the caller's focus names (by handle or signature: `useLayoutEffect`, `setTimeout@40`). */
export function cbFocus(c: Callback, focus: string[]): boolean {
  if (!focus.length) return false;
  const hay = `${c.name} ${c.signature ?? ""}`.toLowerCase();
  return focus.some((t) => hay.includes(t));
}

/**
 * The report with the callbacks its `focus` option names first (stable), so a budgeted view shows them
 * (they are otherwise shown in rank order, as many as fit). The report itself when there is no focus.
 */
export function focusFirst(report: ModuleReport, focusOption: unknown): ModuleReport {
  const focus = typeof focusOption === "string" ? focusOption.toLowerCase().split(/[\s,]+/).filter(Boolean) : [];
  const cbs = report.callbacks ?? [];
  if (!focus.length || !cbs.some((c) => cbFocus(c, focus))) return report;
  return { ...report, callbacks: [...cbs.filter((c) => cbFocus(c, focus)), ...cbs.filter((c) => !cbFocus(c, focus))] };
}
