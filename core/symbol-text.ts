/** The text a read shows: where a candidate's read starts, and its lines verbatim (read_symbol, read_enclosing). */
import type { FileAnalysis } from "./pipeline.js";
import type { Candidate } from "./read-symbol.js";
import { thousands } from "./text.js";

/** First line a read of the candidate starts at: its attached doc comment, else its declaration. */
export function readStart(c: Candidate): number {
  return c.docStartLine !== undefined && c.docStartLine < c.startLine ? c.docStartLine : c.startLine;
}

const starts = new WeakMap<FileAnalysis, number[]>();
/** Where each line starts in the source (CRLF, lone CR and LF all break lines), once per analysis. */
export function lineStarts(a: FileAnalysis): number[] {
  let s = starts.get(a);
  if (!s) {
    s = [0];
    const re = /\r\n|\r|\n/g;
    for (let m = re.exec(a.source); m; m = re.exec(a.source)) s.push(m.index + m[0].length);
    starts.set(a, s);
  }
  return s;
}

/**
 * Lines `start`..`end` (1-based, inclusive) exactly as in the file — CRLF and lone CR kept — without
 * the final line break.
 */
export function verbatimLines(a: FileAnalysis, start: number, end: number): string {
  const s = lineStarts(a);
  const from = s[start - 1] ?? a.source.length;
  const to = end < s.length ? s[end]! : a.source.length;
  return a.source.slice(from, to).replace(/(?:\r\n|\r|\n)$/, "");
}

/**
 * A candidate's text: its lines verbatim — unless they hold far more than the candidate (a minified
 * line of 80,000 characters holding a 300-character function): then its own characters, and a note
 * saying which part of which lines they are.
 */
export function symbolText(a: FileAnalysis, c: Candidate, start: number, end: number): { source: string; note?: string } {
  const source = verbatimLines(a, start, end);
  if (!c.span) return { source };
  let [from, to] = c.span;
  // (Its doc comment above it is its own too, unless those lines are minified as well: a 40-line
  // JSDoc in a file with one 1,100-character line had been cut.)
  const s = lineStarts(a);
  if (start < c.startLine && (s[c.startLine - 1]! - s[start - 1]!) / (c.startLine - start) < 1000) from = Math.min(from, s[start - 1]!);
  if (source.length <= to - from + OVERSHOOT) return { source };
  const where = start === end ? `line ${start}` : `lines ${start}-${end}`;
  return {
    source: a.source.slice(from, to),
    note: `${where} hold${start === end ? "s" : ""} ${thousands(source.length)} characters (minified or generated code): showing ${c.qualified}'s own ${thousands(to - from)}`,
  };
}

/** How much more than the symbol its lines may hold before a read shows the symbol's characters only. */
const OVERSHOOT = 2000;
