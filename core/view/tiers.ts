/**
 * The compressed read tiers, rendered from a file analysis for a window of lines:
 *   map        — imports + top-level signatures, with line ranges
 *   signatures — the same plus every nested declaration (grouped under its parent) and callbacks
 * Each line starts with the real line range so the agent can jump to a body with offset/limit.
 * Invariant (tested): every name in map is in signatures, every name in signatures is in the file.
 */
import type { FileAnalysis } from "../pipeline.js";
import type { SymbolRecord } from "../types.js";

export type Tier = "map" | "signatures";
export interface Window {
  startLine: number;
  endLine: number;
}

function range(r: { startLine: number; endLine: number }): string {
  return r.startLine === r.endLine ? `${r.startLine}` : `${r.startLine}-${r.endLine}`;
}

/** The declaration head, with the name in front when the head does not show it (`default`, computed names). */
function head(r: SymbolRecord): string {
  const sig = r.signature ?? `${r.kind} ${r.name}`;
  return sig.includes(r.name) ? sig : `${r.name}: ${sig}`;
}

const overlaps = (r: { startLine: number; endLine: number }, w: Window) => r.startLine <= w.endLine && r.endLine >= w.startLine;

function importLine(a: FileAnalysis, w: Window): string | undefined {
  const inWin = a.imports.filter((i) => i.line >= w.startLine && i.line <= w.endLine);
  if (!inWin.length) return undefined;
  // Runs of nearby import lines (a gap of up to 2 lines joins them): `1-12,80  imports: …`.
  const lines = [...new Set(inWin.map((i) => i.line))].sort((x, y) => x - y);
  const runs: { startLine: number; endLine: number }[] = [];
  for (const l of lines) {
    const last = runs[runs.length - 1];
    if (last && l - last.endLine <= 3) last.endLine = l;
    else runs.push({ startLine: l, endLine: l });
  }
  const sources = [...new Set(inWin.map((i) => i.source))];
  return `${runs.map(range).join(",")}  imports: ${sources.join(", ")}`;
}

/** The body of a tier (no header): one line per entry, members indented under their parent. */
export function renderTier(a: FileAnalysis, tier: Tier, w: Window): string {
  const out: string[] = [];
  const imp = importLine(a, w);
  if (imp) out.push(imp);
  const emit = (records: SymbolRecord[], depth: number, parent?: SymbolRecord) => {
    let lastLine = -1; // a one-line sibling on the same line joins the previous row: `24  RED; GREEN; BLUE`
    for (const r of records) {
      if (!overlaps(r, w)) continue;
      const oneLine = r.startLine === r.endLine;
      // Already shown by the parent's head (Kotlin/TS constructor properties, record components).
      if (parent && oneLine && r.startLine === parent.startLine && parent.signature?.includes(r.signature ?? r.name)) continue;
      if (oneLine && r.startLine === lastLine) out[out.length - 1] += `; ${head(r)}`;
      else out.push(`${"  ".repeat(depth)}${range(r)}  ${head(r)}`);
      lastLine = oneLine && !r.members.length ? r.startLine : -1;
      if (tier === "signatures" && r.members.length) emit(r.members, depth + 1, r);
    }
  };
  emit(a.symbols, 0);
  if (tier === "signatures") {
    const cbs = a.callbacks.filter((c) => overlaps(c, w));
    if (cbs.length) {
      out.push("callbacks:");
      for (const c of cbs) out.push(`  ${range(c)}  ${c.name}  ${c.kind}${c.parentChain?.length ? ` (in ${c.parentChain.join(".")})` : ""}`);
    }
  }
  return out.join("\n");
}

/** Names a tier shows (top level for map; every depth for signatures), for the invariant tests. */
export function tierNames(a: FileAnalysis, tier: Tier, w: Window): string[] {
  const names: string[] = [];
  const go = (records: SymbolRecord[]) => {
    for (const r of records) {
      if (!overlaps(r, w)) continue;
      names.push(r.name);
      if (tier === "signatures") go(r.members);
    }
  };
  go(a.symbols);
  return names;
}
