/**
 * A report's line window, and the cap a host puts on one rendered report.
 *
 * A detail budget keeps an outline a fraction of its file, but its floor is one row per symbol: on a
 * 39,000-line declaration file (lib.dom.d.ts: 13,667 symbols) the leanest compact view is ~110 KB and
 * the json ~780 KB — over what an MCP client takes in one tool result (Claude Code: 25k tokens) and
 * more than the capped read it was meant to replace. A host therefore passes `maxBytes` (one read:
 * 50 KB), and a view over it covers the longest window of lines from `offset` whose outline fits, and
 * says where to continue. Windows cut where a symbol starts, at any depth (a huge namespace is cut
 * between its members, kept as their context); the whole-file counts and recommendedReads stay.
 *
 * Works on the report, not on a view's text: any renderer (third-party too) is capped the same way and
 * its json stays valid JSON.
 */
import type { Entry, ModuleReport } from "./types.js";
import { thousands } from "./text.js";
import { byteSize, PilensError } from "./files.js";

export interface WindowOptions {
  /** First line of the window (1-based; default 1). */
  offset?: number;
  /** Most UTF-8 bytes the rendered report may take (no cap when absent or 0). */
  maxBytes?: number;
  /** The window's note in the host's terms (the CLI's `--offset N`, `pilens read`); default as written. */
  hint?: (note: string) => string;
}

/** Renders of shrinking windows before the best one that fits is taken. */
const ROUNDS = 6;
/** A fitting window this close to the cap is not grown further. */
const CLOSE = 0.85;

/** Entries overlapping lines from–to, members filtered the same way (containers kept as context). */
function within(list: Entry[] | undefined, from: number, to: number): Entry[] | undefined {
  if (!list) return list;
  const out: Entry[] = [];
  for (const e of list) {
    if (e.startLine > to || e.endLine < from) continue;
    if (!e.members?.length) out.push(e);
    else out.push({ ...e, members: within(e.members, from, to) });
  }
  return out;
}

/** The report restricted to lines from–to (a detail budget takes the window's share of the file: budget.ts). */
export function windowReport(report: ModuleReport, from: number, to: number, note: string): ModuleReport {
  const total = report.lineCount ?? to;
  return {
    ...report,
    api: within(report.api, from, to),
    internal: within(report.internal, from, to),
    callbacks: report.callbacks?.filter((c) => c.startLine >= from && c.startLine <= to),
    window: { startLine: from, endLine: to, ...(to < total ? { next: to + 1 } : {}) },
    warnings: [...(report.warnings ?? []), note],
  };
}

/** Lines after `from` where a symbol of at most `depth` starts, ascending: where a window may end before. */
function cuts(report: ModuleReport, from: number, depth: number): number[] {
  const starts = new Set<number>();
  const walk = (list: Entry[] | undefined, d: number) => {
    for (const e of list ?? []) {
      if (e.startLine > from) starts.add(e.startLine);
      if (d < depth) walk(e.members, d + 1);
    }
  };
  walk(report.api, 0);
  walk(report.internal, 0);
  if (depth > 0) for (const c of report.callbacks ?? []) if (c.startLine > from) starts.add(c.startLine);
  return [...starts].sort((a, b) => a - b);
}

const bytes = (s: string) => Buffer.byteLength(s);

/**
 * Render `report` within `opts`: the whole report when it fits (from `offset`), else the longest window
 * from `offset` that does, ending before a symbol's start line. `render` is the view (pure).
 */
export function renderWindowed(report: ModuleReport, opts: WindowOptions, render: (r: ModuleReport) => string): string {
  const total = report.lineCount ?? 0;
  const from = Math.max(1, Math.floor(opts.offset ?? 1));
  const cap = opts.maxBytes && opts.maxBytes > 0 ? opts.maxBytes : Infinity;
  if (!report.available || (from === 1 && cap === Infinity)) return render(report);
  // (An empty file has 0 lines: offset 1, the default an MCP host passes with a byte cap, is its start.)
  if (from > Math.max(total, 1)) throw new PilensError(`offset ${from} is past the end of ${report.path} (${thousands(total)} line${total === 1 ? "" : "s"})`);
  const capText = byteSize(cap);
  const whole = from === 1 ? render(report) : render(windowReport(report, from, total, `outline of lines ${from}-${total} of ${thousands(total)} (offset ${from})`));
  if (bytes(whole) <= cap) return whole;
  const hint = opts.hint ?? ((t: string) => t);
  const noteFor = (to: number) =>
    hint(`outline capped at one read (${capText}): symbols of lines ${from}-${to} of ${thousands(total)}; continue with offset=${to + 1} — or focus <names>, read_symbol or symbol_search for what you need`);
  const attempt = (cut: number) => render(windowReport(report, from, cut - 1, noteFor(cut - 1)));
  // Windows end where a top-level symbol starts; between members only when no top-level cut gives at
  // least half a read (the next top-level symbol is a huge namespace or class).
  let lo: Fit = { line: from, bytes: 0 };
  let hi: Fit = { line: total + 1, bytes: bytes(whole) };
  [lo, hi] = search(cuts(report, from, 0), lo, hi, cap, attempt);
  if (!lo.text || lo.bytes < cap / 2) [lo, hi] = search(cuts(report, from, Infinity), lo, hi, cap, attempt);
  if (lo.text) return lo.text;
  // Every window tried was over: the least a window can hold ends before the first cut.
  const first = cuts(report, from, Infinity)[0];
  const least = first !== undefined && first < hi.line ? attempt(first) : undefined;
  return least !== undefined && bytes(least) <= cap ? least : everyLineOver(report, from, cap, capText, render, hint);
}

/** A window ending before `line`: its text when rendered (none for the empty window), and its size. */
interface Fit {
  line: number;
  text?: string;
  bytes: number;
}

/**
 * Between `lo` (fits) and `hi` (over), the window ending before one of `at` that fits best: interpolate
 * on bytes per line, at most ROUNDS renders, stop at a fit within CLOSE of the cap.
 */
function search(at: number[], lo: Fit, hi: Fit, cap: number, attempt: (cut: number) => string): [Fit, Fit] {
  for (let round = 0; round < ROUNDS; round++) {
    let a = upperIndex(at, lo.line) + 1; // first cut after lo
    const b = upperIndex(at, hi.line - 1); // last cut before hi
    if (a > b) break;
    const target = lo.line + ((cap * 0.95 - lo.bytes) / Math.max(1, hi.bytes - lo.bytes)) * (hi.line - lo.line);
    a = Math.min(b, Math.max(a, upperIndex(at, target)));
    const text = attempt(at[a]!);
    const n = bytes(text);
    if (n > cap) hi = { line: at[a]!, bytes: n };
    else {
      lo = { line: at[a]!, text, bytes: n };
      if (n >= cap * CLOSE) break;
    }
  }
  return [lo, hi];
}

/** Index of the last cut at or before `line` (-1 when none). */
function upperIndex(at: number[], line: number): number {
  let a = 0;
  let b = at.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (at[m]! <= line) a = m + 1;
    else b = m;
  }
  return a - 1;
}

/**
 * Not even the symbols up to the next start line fit (minified code: thousands of symbols on one
 * line). The first k top-level entries of the window's first line that fit, counted in the note.
 */
function everyLineOver(report: ModuleReport, from: number, cap: number, capText: string, render: (r: ModuleReport) => string, hint: (note: string) => string): string {
  const line = windowReport(report, from, from, "");
  const top = [...(line.api ?? []).map((e) => ["api", e] as const), ...(line.internal ?? []).map((e) => ["internal", e] as const)].sort((a, b) => a[1].startLine - b[1].startLine);
  // (Under a cap smaller than the report's own fields no window holds a symbol: said so, not "line N
  // alone declares more than fits", with an offset to continue from that would show none either.)
  let note = (k: number) => `outline capped at one read (${capText}): line ${from} alone declares more than fits; the first ${thousands(k)} of its ${thousands(top.length)} top-level symbols shown, callbacks left out — read_symbol or read_enclosing read one of them`;
  const build = (k: number) => {
    const kept = new Set(top.slice(0, k).map(([, e]) => e));
    const r: ModuleReport = {
      ...line,
      api: line.api?.filter((e) => kept.has(e)),
      internal: line.internal?.filter((e) => kept.has(e)),
      callbacks: [],
      warnings: [
        ...(report.warnings ?? []),
        hint(note(k)),
      ],
    };
    return render(r);
  };
  const bare = bytes(build(0));
  if (bare > cap) {
    note = () => `outline capped at one read (${thousands(cap)} bytes): the report's own fields take ${thousands(bare)} — no symbol fits under the cap at all; raise it`;
    return build(0);
  }
  let a = 0;
  let b = top.length;
  while (a < b) {
    const m = (a + b + 1) >> 1;
    if (bytes(build(m)) <= cap) a = m;
    else b = m - 1;
  }
  return build(a);
}
