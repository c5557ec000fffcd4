/**
 * A fragmentation serve (view/index.ts: most of an unchanged file already read in pieces — the whole
 * file in one read) without the pieces: runs of lines this session already sent verbatim, the file
 * unchanged since, come as one line naming the read that sent them. One read_symbol of a class holding
 * three quarters of a file had made a later 3-line window send the whole file, the class again
 * (QA session 49: 4,686 tokens for lines 20-22 of feedparser.py).
 */
import type { SentSpan } from "./session.js";
import { estimateTokens } from "./tokens.js";

export interface Holes {
  text: string;
  /** Lines left out as held. */
  lines: number;
}

/**
 * Lines 1-`total` (`slice` gives lines `a`-`b` verbatim, line breaks kept) with each run of held lines
 * that is larger than the line standing for it left out.
 */
export function withHoles(total: number, spans: readonly SentSpan[], slice: (a: number, b: number) => string): Holes {
  const sorted = [...spans].sort((x, y) => x.startLine - y.startLine || y.endLine - x.endLine);
  const out: string[] = [];
  let from = 1; // first line not yet written
  let left = 0;
  let i = 0;
  while (from <= total) {
    // The held run starting at or before `from` that reaches farthest.
    let best: SentSpan | undefined;
    for (; i < sorted.length && sorted[i]!.startLine <= from; i++) if (sorted[i]!.endLine >= from && (!best || sorted[i]!.endLine > best.endLine)) best = sorted[i];
    if (!best) {
      const next = sorted.slice(i).find((s) => s.startLine > from);
      const to = next ? Math.min(total, next.startLine - 1) : total;
      out.push(slice(from, to));
      from = to + 1;
      continue;
    }
    const to = Math.min(total, best.endLine);
    const verbatim = slice(from, to);
    const n = to - from + 1;
    const stub = `[pilens: lines ${from}-${to} left out (${n} lines): unchanged since your ${best.call}${best.what ? ` (${best.what})` : ""} — still in your context above; if not, read them with offset=${from} limit=${n}]\n`;
    if (estimateTokens(stub) < estimateTokens(verbatim)) {
      out.push(stub);
      left += n;
    } else out.push(verbatim);
    from = to + 1;
  }
  return { text: out.join(""), lines: left };
}
