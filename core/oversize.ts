/**
 * Oversize symbols, shared by read_symbol and read_enclosing: over `maxLines` (default 1,000 for
 * read_symbol, 300 for read_enclosing) a read
 * answers with its metadata (`error`), a part of its lines (`slice`) or the symbols nested in it
 * (`outline`, a slice for a body that declares nothing) — read_symbol of _pydecimal.py's Decimal was
 * 3,320 lines in one answer. read_symbol's slice is the symbol's first lines; read_enclosing's is
 * centred on its line.
 */
import type { FileAnalysis } from "./pipeline.js";
import { readStart, verbatimLines, type Candidate } from "./read-symbol.js";
import { thousands } from "./text.js";
import { FUNCTION_KINDS, type EnclosingItem, type OutlineItem, type OversizeMode, type ReadSymbolResult } from "./types.js";

export const OVERSIZE_MODES: readonly OversizeMode[] = ["error", "slice", "outline"];
export const DEFAULT_MAX_LINES = 300;
/**
 * read_symbol's: the agent asked for this symbol by name, so it comes whole up to ~10k tokens of code
 * (the size at which Claude Code starts warning about a tool result); _pydecimal's 3,320-line Decimal
 * is an outline, a 450-line class whole.
 */
export const READ_SYMBOL_MAX_LINES = 1000;

export type { EnclosingItem, OutlineItem, OversizeMode } from "./types.js";

export function item(c: Candidate): EnclosingItem {
  const it: EnclosingItem = { name: c.qualified, kind: c.kind, startLine: readStart(c), endLine: c.endLine };
  if (c.signature) it.signature = c.signature;
  if (c.chain.length > 1) it.parentChain = c.chain.slice(0, -1);
  return it;
}

/**
 * The symbols and callbacks nested in `hit` at any depth, in source order, depth relative to it — at
 * most `maxRows` of them: past that only the direct members, then the first `maxRows` of those (an
 * outline of lib.dom.d.ts's `Window` must not cost what its body does). `left` says what was left out.
 */
export function nestedOutline(all: Candidate[], hit: Candidate, maxRows: number): { items: OutlineItem[]; left?: string } {
  const start = readStart(hit);
  const every = all
    .filter((c) => c !== hit && readStart(c) >= start && c.endLine <= hit.endLine && c.depth > hit.depth)
    .sort((x, y) => x.startLine - y.startLine || x.depth - y.depth)
    .map((c) => ({ ...item(c), depth: c.depth - hit.depth }));
  if (every.length <= maxRows) return { items: every };
  const direct = every.filter((o) => o.depth === 1);
  if (direct.length <= maxRows) return { items: direct, left: `${thousands(every.length - direct.length)} deeper ones left out (read a member for its own)` };
  const items = direct.slice(0, maxRows);
  const next = direct[maxRows]!.startLine;
  return { items, left: `the first ${maxRows} of ${thousands(direct.length)} direct members, deeper ones left out (the rest from line ${next}: view offset=${next} mode signatures)` };
}

/** A checked maxLines / onOversize pair, or the error to answer with. */
export function oversizeOptions(opts: { maxLines?: number; onOversize?: OversizeMode }, defaultMode: OversizeMode, defaultMax = DEFAULT_MAX_LINES): { maxLines: number; mode: OversizeMode } | { error: string } {
  const maxLines = opts.maxLines ?? defaultMax;
  const mode = opts.onOversize ?? defaultMode;
  if (!(Number.isInteger(maxLines) && maxLines >= 1)) return { error: `maxLines must be a whole number ≥ 1 (got ${maxLines})` };
  if (!OVERSIZE_MODES.includes(mode)) return { error: `onOversize must be one of ${OVERSIZE_MODES.join(", ")} (got ${mode})` };
  return { maxLines, mode };
}

/**
 * read_symbol's guard: a symbol over `maxLines` (doc comment included) is answered by `mode` — `outline`
 * (the default: its nested symbols, each readable as `Outer.member`), `slice` (its first maxLines lines)
 * or `error` (the metadata alone) — and the note says what was left out and how to get it.
 */
export function limitSymbol(a: FileAnalysis, all: Candidate[], hit: Candidate | undefined, r: ReadSymbolResult, maxLines: number, mode: OversizeMode): void {
  const start = r.startLine!;
  const end = r.endLine!;
  const lines = end - start + 1;
  if (lines <= maxLines) return;
  r.oversize = { lines, maxLines, mode };
  const size = `${r.name} is ${thousands(lines)} lines, over maxLines ${maxLines}`;
  const more = `pass a larger maxLines for all of it`;
  const nested = mode === "outline" && hit ? nestedOutline(all, hit, maxLines) : { items: [] };
  const notes = r.note ? [r.note] : [];
  delete r.source;
  if (mode === "error") {
    notes.push(`${size}: body not shown — pass onOversize "outline" (its nested symbols) or "slice" (its first lines), or ${more}`);
  } else if (nested.items.length) {
    r.outline = nested.items;
    const direct = nested.items.filter((n) => n.depth === 1);
    const first = direct.find((n) => FUNCTION_KINDS.has(n.kind)) ?? direct[0] ?? nested.items[0]!;
    const example = first.name.includes("@") ? first.name : `${r.name}.${first.name.split(".").pop()}`;
    notes.push(`${size}: outline of ${nested.items.length} nested symbol(s)${nested.left ? ` — ${nested.left}` : ""}; bodies not shown — read one with read_symbol (${example}), a window with view offset/limit, or ${more}`);
  } else {
    const last = start + maxLines - 1;
    r.partial = { startLine: start, endLine: last };
    r.source = verbatimLines(a, start, last);
    notes.push(`partial: lines ${start}-${last} of ${r.name} (${start}-${end}, ${thousands(lines)} lines)${mode === "outline" ? "; it declares nothing nested to outline" : ""} — the rest with view offset=${last + 1} limit=${end - last}, or ${more}`);
  }
  r.note = notes.join("; ");
}
