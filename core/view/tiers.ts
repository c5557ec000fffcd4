/**
 * The compressed read tiers, rendered from a file analysis for a window of lines:
 *   map        — imports + top-level signatures, with line ranges (and the members of a container that
 *                holds most of the window: a Java class, a header's namespace)
 *   signatures — the same plus every nested declaration (grouped under its parent) and callbacks
 * Each line starts with the real line range so the agent can jump to a body with offset/limit.
 * Invariant (tested): every name in map is in signatures, every name in signatures is in the file.
 * A map of a data wall (headers of `#define`s, constant tables: the map as long as the file) shows each
 * run of one-line data declarations as one line, its names folded by first word, values left out.
 * The map shows consecutive overloads of one callable as one row (`2-6  function map(…)  ×3`); signatures
 * lists each.
 */
import { OBJECT_MACRO } from "../budget.js";
import { firstWordLabels } from "../first-word.js";
import type { FileAnalysis } from "../pipeline.js";
import { TYPE_KINDS, type SymbolRecord } from "../types.js";

export type Tier = "map" | "signatures";
export interface Window {
  startLine: number;
  endLine: number;
}

function range(r: { startLine: number; endLine: number }): string {
  return r.startLine === r.endLine ? `${r.startLine}` : `${r.startLine}-${r.endLine}`;
}

/**
 * The declaration head, with the name in front when the head does not show it (`default`, computed
 * names); in the signatures tier after its decorators — `@property`, `@classmethod`, `@x.setter` are
 * what a Python def is (a getter and its setter read as two methods without them).
 */
function head(r: SymbolRecord, tier: Tier, exportMark = false): string {
  const sig = r.signature ?? `${r.kind} ${r.name}`;
  // (A call or index signature, TypeScript's `()` / `[]`, is its head: not `(): <T>(value: T): R`.)
  let named = sig.includes(r.name) || r.name === "()" || r.name === "[]" ? sig : `${r.name}: ${sig}`;
  if (exportMark && r.exported && DECLARATION_HEAD.test(named)) named = `export ${named}`;
  return tier === "signatures" && r.decorators?.length ? `${r.decorators.join(" ")} ${named}` : named;
}

/** A head the `export` keyword can stand before (not an assignment `X.prototype.m = …`, not `declare global`). */
const DECLARATION_HEAD = /^(?:async\s+)?(?:function\b|class\b|abstract\s+class\b|interface\b|type\b|enum\b|const\b|let\b|var\b|namespace\b|module\b)/;

/**
 * Whether a top-level head says `export` itself: the JS/TS pack's heads leave the keyword out (the
 * report has `exported`), where other languages' heads keep their visibility (`pub`, `public`) or it
 * is in the name (Go).
 */
function marksExports(a: FileAnalysis): boolean {
  return a.packId === "typescript";
}

const overlaps = (r: { startLine: number; endLine: number }, w: Window) => r.startLine <= w.endLine && r.endLine >= w.startLine;

function importLine(a: FileAnalysis, w: Window): Row | undefined {
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
  return { text: `${runs.map(range).join(",")}  imports: ${sources.join(", ")}`, line: lines[0]! };
}


/** A one-line top-level data declaration: a constant, a variable, an object-like macro. */
function datum(r: SymbolRecord): boolean {
  if (r.startLine !== r.endLine || r.members.length || r.flags?.length) return false;
  return r.kind === "constant" || r.kind === "variable" || (r.kind === "macro" && OBJECT_MACRO.test(r.signature ?? ""));
}

/**
 * A container holding most of the window (a Java file's class, a C++ header's `namespace std`, a
 * module wrapped in one namespace): the map lists its members' heads too — its one line alone would map
 * nothing (HashMap.java's map was one row for 2,548 lines). So does a function wrapping such a
 * container: a mixin `module.exports = cls => class Reifier extends cls {…}` (arborist's reify.js
 * mapped as one row for 1,954 lines), a factory returning its class.
 */
function dominates(r: SymbolRecord, w: Window): boolean {
  if (!r.members.length) return false;
  const inWin = Math.min(r.endLine, w.endLine) - Math.max(r.startLine, w.startLine) + 1;
  if (inWin * 2 < w.endLine - w.startLine + 1) return false;
  return TYPE_KINDS.has(r.kind) || r.members.some((m) => dominates(m, w));
}

/** A member declared outside its owner's lines (attached by receiver or qualifier). */
const outOfLine = (m: SymbolRecord, owner: SymbolRecord) => m.startLine > owner.endLine || m.endLine < owner.startLine;

/**
 * A record the window touches: its lines, or (signatures: members stay under their owner) those of a
 * member declared outside them — a Go method, a C++ `T::f` body — inside the window.
 */
function reaches(r: SymbolRecord, w: Window, tier: Tier): boolean {
  return overlaps(r, w) || (tier === "signatures" && r.members.some((m) => outOfLine(m, r) && reaches(m, w, tier)));
}

/** `records` with their out-of-line members beside them, in source order. */
function hoistOutOfLine(records: SymbolRecord[]): SymbolRecord[] {
  const extra = records.flatMap((r) => r.members.filter((m) => outOfLine(m, r)));
  return extra.length ? [...records, ...extra].sort((x, y) => x.startLine - y.startLine) : records;
}

/** Consecutive data declarations folded into one map line, from this many on (a data wall only). */
const MAP_RUN = 8;
/** A map this share of the window's characters or more is a data wall's: its data runs fold. */
const MAP_DENSE = 0.4;
/** Names a folded run lists at most (after first-word folding); the rest counted. */
const MAP_RUN_NAMES = 40;

/** One line for a run of data declarations: `107-1900  #define ×790: GL_*×788, WIN32_LEAN_AND_MEAN`. */
function runLine(run: SymbolRecord[]): string {
  const kinds = new Set(run.map((r) => r.kind));
  const what = kinds.size > 1 ? "data" : run[0]!.kind === "macro" ? "#define" : run[0]!.kind === "constant" ? "const" : "var";
  const labels = firstWordLabels(run, { names: 0 }, () => true);
  const names: string[] = [];
  for (const r of run) {
    const l = labels.get(r);
    if (l !== null) names.push(l ?? r.name);
  }
  const more = names.length > MAP_RUN_NAMES ? `, … +${names.length - MAP_RUN_NAMES}` : "";
  return `${range({ startLine: run[0]!.startLine, endLine: run[run.length - 1]!.endLine })}  ${what} ×${run.length}: ${names.slice(0, MAP_RUN_NAMES).join(", ")}${more}`;
}

const CALLABLE = new Set(["function", "method", "constructor"]);

/** `b` is an overload of `a` (or its implementation): a callable of the same name and kind, neither with members — not a getter and its setter. */
function sameOverload(a: SymbolRecord, b: SymbolRecord): boolean {
  if (!CALLABLE.has(a.kind) || a.kind !== b.kind || a.name !== b.name || a.members.length || b.members.length) return false;
  return ACCESSOR.exec(a.signature ?? "")?.[1] === ACCESSOR.exec(b.signature ?? "")?.[1];
}
const ACCESSOR = /^(?:(?:static|public|protected|private|override|abstract|declare)\s+)*([gs]et)\s/;

/** One row of a tier, with the first source line it describes (where a window cut after it ends). */
export interface Row {
  text: string;
  line: number;
}

/**
 * The body of a tier (no header): one line per entry, members indented under their parent. With the
 * window's length in characters, a map of a data wall folds its data runs (runLine).
 */
export function renderTier(a: FileAnalysis, tier: Tier, w: Window, windowChars?: number): string {
  return tierRows(a, tier, w, windowChars).map((r) => r.text).join("\n");
}

/** renderTier's rows. */
export function tierRows(a: FileAnalysis, tier: Tier, w: Window, windowChars?: number): Row[] {
  const rows = renderRows(a, tier, w, false);
  // A data wall: a map of 40% or more of the characters of the window it maps.
  if (tier !== "map" || windowChars === undefined || rows.reduce((n, r) => n + r.text.length + 1, 0) - 1 < windowChars * MAP_DENSE) return rows;
  return renderRows(a, tier, w, true);
}

function renderRows(a: FileAnalysis, tier: Tier, w: Window, foldData: boolean): Row[] {
  const out: Row[] = [];
  const imp = importLine(a, w);
  if (imp) out.push(imp);
  const mark = marksExports(a);
  const emit = (given: SymbolRecord[], depth: number, parent?: SymbolRecord) => {
    // The map shows the file's declarations where they are: a member defined outside its owner (a Go
    // method, a C++ `T::f` body) is a row of its own level, in source order, not hidden in the owner.
    const records = tier === "map" ? hoistOutOfLine(given) : given;
    let lastLine = -1; // a one-line sibling on the same line joins the previous row: `24  RED; GREEN; BLUE`
    let lastHead = "";
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!;
      if (!reaches(r, w, tier)) continue;
      if (foldData && depth === 0 && datum(r)) {
        let j = i;
        while (j + 1 < records.length && overlaps(records[j + 1]!, w) && datum(records[j + 1]!)) j++;
        if (j - i + 1 >= MAP_RUN) {
          out.push({ text: runLine(records.slice(i, j + 1)), line: r.startLine });
          i = j;
          lastLine = -1;
          continue;
        }
      }
      // The map folds consecutive overloads of one callable to one row, as compact does (`map×3`):
      // the first's head, the group's lines, the count — true-myth's map was 151 of 409 lines overloads.
      if (tier === "map") {
        let j = i;
        while (j + 1 < records.length && overlaps(records[j + 1]!, w) && sameOverload(r, records[j + 1]!)) j++;
        if (j > i) {
          out.push({ text: `${"  ".repeat(depth)}${range({ startLine: r.startLine, endLine: records[j]!.endLine })}  ${head(r, tier, mark && depth === 0)}  ×${j - i + 1}`, line: r.startLine });
          i = j;
          lastLine = -1;
          continue;
        }
      }
      const oneLine = r.startLine === r.endLine;
      // Already shown by the parent's head (Kotlin/TS constructor properties, record components).
      if (parent && oneLine && r.startLine === parent.startLine && parent.signature?.includes(r.signature ?? r.name)) continue;
      // (`double x, y;` is one head for two fields: shown once.)
      const h = head(r, tier, mark && depth === 0);
      if (oneLine && r.startLine === lastLine) {
        if (h !== lastHead) out[out.length - 1]!.text += `; ${h}`;
      }
      else out.push({ text: `${"  ".repeat(depth)}${range(r)}  ${h}`, line: r.startLine });
      lastLine = oneLine && !r.members.length ? r.startLine : -1;
      lastHead = h;
      if (r.members.length && (tier === "signatures" || dominates(r, w))) {
        const inside = tier === "map" ? r.members.filter((m) => !outOfLine(m, r)) : r.members;
        if (inside.length) emit(inside, depth + 1, r);
      }
    }
  };
  emit(a.symbols, 0);
  if (tier === "signatures") {
    const cbs = a.callbacks.filter((c) => overlaps(c, w));
    if (cbs.length) {
      out.push({ text: "callbacks:", line: cbs[0]!.startLine });
      for (const c of cbs) out.push({ text: `  ${range(c)}  ${c.name}  ${c.kind}${c.parentChain?.length ? ` (in ${c.parentChain.join(".")})` : ""}`, line: c.startLine });
    }
  }
  return out;
}

/** Names a tier shows (top level for map; every depth for signatures), for the invariant tests. */
export function tierNames(a: FileAnalysis, tier: Tier, w: Window): string[] {
  const names: string[] = [];
  const go = (given: SymbolRecord[]) => {
    const records = tier === "map" ? hoistOutOfLine(given) : given;
    for (const r of records) {
      if (!reaches(r, w, tier)) continue;
      names.push(r.name);
      if (tier === "signatures") go(r.members);
      else if (dominates(r, w)) go(r.members.filter((m) => !outOfLine(m, r)));
    }
  };
  go(a.symbols);
  return names;
}
