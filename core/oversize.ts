/**
 * Oversize symbols, shared by read_symbol and read_enclosing: over `maxLines` (default 1,000 for
 * read_symbol, 300 for read_enclosing) a read
 * answers with its metadata (`error`), a part of its lines (`slice`) or the symbols nested in it
 * (`outline`, a slice for a body that declares nothing) — read_symbol of _pydecimal.py's Decimal was
 * 3,320 lines in one answer. read_symbol's slice is the symbol's first lines; read_enclosing's is
 * centred on its line.
 */
import type { FileAnalysis } from "./pipeline.js";
import { type Candidate } from "./read-symbol.js";
import { outlineRow } from "./read-format.js";
import { readStart, verbatimLines } from "./symbol-text.js";
import { byteSize } from "./files.js";
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

/**
 * The most rows read_symbol's outline gives by default (~4k tokens; a maxLines passed sets its own):
 * past that, the direct members. ConcurrentHashMap's
 * 573 nested symbols had been ~12.5k tokens, 3.7× the file's compact report; its 183 direct members are
 * an outline of the class, each nested type a row to read.
 */
const OUTLINE_ROWS = 250;

/** The longest doc comment an oversize answer still carries. */
const MAX_DOC_LINES = 60;

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
 * read_symbol's guard: a symbol over `maxLines` (doc comment included) — or, in a host that caps one
 * answer at `maxBytes` (one read, 50 KB), a symbol whose lines are over that — is answered by `mode`:
 * `outline` (the default: its nested symbols, each readable as `Outer.member`), `slice` (its first
 * lines) or `error` (the metadata alone); the note says what was left out and how to get it. Outline
 * rows and slices stop at `maxBytes` too: typescript.d.ts's `ts` namespace outline was 108 KB (28k
 * tokens, more than an MCP client takes) in one answer.
 */
export function limitSymbol(a: FileAnalysis, all: Candidate[], hit: Candidate | undefined, r: ReadSymbolResult, maxLines: number, mode: OversizeMode, maxBytes = Infinity): void {
  const start = r.startLine!;
  const end = r.endLine!;
  const lines = end - start + 1;
  const overRead = lines <= maxLines ? Buffer.byteLength(r.source ?? "") > maxBytes : bytesOf(a, start, end) > maxBytes;
  if (lines <= maxLines && !overRead) return;
  r.oversize = { lines, maxLines, mode };
  const capText = `one read (${byteSize(maxBytes)})`;
  const size = overRead ? `${r.name} is ${thousands(lines)} lines, over ${capText}` : `${r.name} is ${thousands(lines)} lines, over maxLines ${maxLines}`;
  // A larger maxLines helps only while the symbol fits one read.
  const more = overRead ? "" : ", or pass a larger maxLines for all of it";
  // (A maxLines asked for is the outline's rows too.)
  const nested = mode === "outline" && hit ? nestedOutline(all, hit, maxLines === READ_SYMBOL_MAX_LINES ? OUTLINE_ROWS : maxLines) : { items: [] };
  const notes = r.note ? [r.note] : [];
  const own = r.source;
  delete r.source;
  // The doc comment still comes (QueryClient's 17-line JSDoc with its usage example): what to read next.
  if (mode !== "slice" && hit?.docStartLine !== undefined && hit.docStartLine < hit.startLine && hit.startLine - hit.docStartLine <= MAX_DOC_LINES) {
    r.docComment = verbatimLines(a, hit.docStartLine, hit.startLine - 1);
  }
  if (mode === "error") {
    notes.push(`${size}: body not shown — pass onOversize "outline" (its nested symbols) or "slice" (its first lines)${overRead ? ", or read it in view offset/limit windows" : more}`);
  } else if (nested.items.length) {
    let items = nested.items;
    let left = nested.left;
    // Rows within one read (room kept for the head, signature and note).
    let room = maxBytes - 2048;
    const fit = items.findIndex((o) => (room -= Buffer.byteLength(outlineRow(o)) + 1) < 0);
    if (fit >= 0) {
      const next = items[fit]!.startLine;
      left = `the first ${thousands(fit)} of ${thousands(items.length)} rows fit ${capText}; the rest from line ${next}: view offset=${next} mode signatures${left ? `; ${left}` : ""}`;
      items = items.slice(0, fit);
    }
    r.outline = items;
    const direct = items.filter((n) => n.depth === 1);
    const first = direct.find((n) => FUNCTION_KINDS.has(n.kind)) ?? direct[0] ?? items[0]!;
    const example = first.name.includes("@") ? first.name : `${r.name}.${first.name.split(".").pop()}`;
    notes.push(`${size}: outline of ${items.length} nested symbol(s)${left ? ` — ${left}` : ""}; bodies not shown — read one with read_symbol (${example}) or a window with view offset/limit${more}`);
  } else {
    let last = Math.min(end, start + maxLines - 1);
    // Lines within one read.
    let room = maxBytes - 2048;
    for (let l = start; l <= last; l++) {
      room -= Buffer.byteLength(a.lines[l - 1] ?? "") + 1;
      if (room < 0) {
        last = Math.max(start, l - 1);
        break;
      }
    }
    r.partial = { startLine: start, endLine: last };
    r.source = verbatimLines(a, start, last);
    if (Buffer.byteLength(r.source) > maxBytes - 2048) {
      // One line longer than a read (minified code): the symbol's own characters, cut.
      const text = own ?? r.source;
      let cut = text.slice(0, Math.max(0, maxBytes - 2048));
      while (Buffer.byteLength(cut) > maxBytes - 2048) cut = cut.slice(0, Math.floor(cut.length * 0.9));
      r.source = cut.replace(/[\uD800-\uDBFF]$/, ""); // not half a surrogate pair
      notes.push(`line ${start} is longer than ${capText}: its first ${thousands(r.source.length)} of ${thousands(text.length)} characters shown`);
    }
    notes.push(`partial: lines ${start}-${last} of ${r.name} (${start}-${end}, ${thousands(lines)} lines)${mode === "outline" ? "; it declares nothing nested to outline" : ""} — the rest with view offset=${last + 1} limit=${end - last}${more}`);
  }
  r.note = notes.join("; ");
}

/** UTF-8 bytes of lines start–end (stops counting past 1 MB: enough to compare with a read). */
function bytesOf(a: FileAnalysis, start: number, end: number): number {
  let n = 0;
  for (let l = start; l <= end && n < 1 << 20; l++) n += Buffer.byteLength(a.lines[l - 1] ?? "") + 1;
  return n;
}
