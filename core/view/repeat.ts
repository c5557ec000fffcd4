/**
 * Text already sent, asked for again within one session. A view window and a read_symbol /
 * read_enclosing answer whose lines a verbatim read of this session already sent, the file unchanged
 * since, is a one-line stub naming that read (the view's unchanged re-read stub, view/deliver.ts), and
 * the ledger counts it. The escape: the same request again right after its stub sends the text (an
 * agent whose context lost it — a compaction the host cannot see — asks again; the stub says so).
 */
import type { FileAnalysis } from "../pipeline.js";
import type { ReadEnclosingResult } from "../read-enclosing.js";
import type { ReadSymbolResult } from "../types.js";
import { sha1Hex } from "../hash.js";
import { recordRead } from "./ledger.js";
import type { SentSpan, ViewSession } from "./session.js";
import { estimateTokens } from "./tokens.js";

export function clock(d: Date): string {
  return d.toISOString().slice(11, 19);
}

/** The stub of lines `startLine`-`endLine` of `shown`, sent by `prev`. */
export function stubText(shown: string, startLine: number, endLine: number, prev: SentSpan): string {
  const range = prev.startLine === startLine && prev.endLine === endLine ? "" : ` of lines ${prev.startLine}-${prev.endLine}`;
  return `[pilens: ${shown} lines ${startLine}-${endLine} unchanged since your read #${prev.seq} at ${clock(prev.at)} (${prev.what}${range}, ~${prev.tokens} tokens) — still in your context above (if not, ask again)]`;
}

/** What a stub says in place of a read tool's lines. */
export interface UnchangedRead {
  /** The read that sent these lines, and when. */
  read: number;
  at: string;
  text: string;
}

/**
 * A read_symbol / read_enclosing answer in a session: a stub when its lines were sent verbatim before
 * and the file is unchanged (unless this is the same request again right after its stub), else the
 * lines, remembered as sent. Counted in the ledger either way (plain-read cost: the lines' tokens).
 */
export function readToolRepeat(session: ViewSession, a: FileAnalysis, r: ReadSymbolResult | ReadEnclosingResult, tool: string): void {
  if (!r.found || r.source === undefined || r.startLine === undefined || r.endLine === undefined) return;
  const range = r.partial ?? { startLine: r.startLine, endLine: r.endLine };
  const rawTokens = estimateTokens(r.source);
  // Only an answer that is its lines as they stand (not a minified line's own characters) covers them.
  const verbatim = sameLines(a, range.startLine, range.endLine, r.source);
  const request = `${tool}\u0000${a.path}\u0000${range.startLine}-${range.endLine}`;
  const prev = verbatim ? session.covering(a.path, a.hash, range.startLine, range.endLine) : undefined;
  // Else the same text sent by an earlier read of another content of the file: lines inserted or deleted
  // above it (an edit of another function) moved it, unchanged.
  const textHash = verbatim ? sha1Hex(r.source) : undefined;
  const moved = prev || !textHash ? undefined : session.sentText(a.path, textHash);
  if (prev || moved) {
    const text = prev
      ? stubText(a.relPath, range.startLine, range.endLine, prev)
      : `[pilens: ${a.relPath} lines ${range.startLine}-${range.endLine} are the text of your read #${moved!.seq} at ${clock(moved!.at)} (${moved!.what}, then lines ${moved!.startLine}-${moved!.endLine}, ~${moved!.tokens} tokens), unchanged and moved by lines inserted or deleted above it — still in your context above (if not, ask again)]`;
    const tokens = estimateTokens(text);
    if (tokens < rawTokens && !session.askedAgain(request)) {
      const by = prev ?? moved!;
      r.unchanged = { read: by.seq, at: clock(by.at), text };
      delete r.source;
      recordRead(session.ledger, "stub", rawTokens, tokens);
      // (The agent holds these lines of this content now: a read inside them is a stub.)
      if (moved) session.noteSpan(a.path, a.hash, { ...moved, startLine: range.startLine, endLine: range.endLine });
      return;
    }
  }
  session.answered(request);
  recordRead(session.ledger, "full", rawTokens, rawTokens);
  session.notePiece(a.path, a.hash, rawTokens);
  if (verbatim) {
    const span: SentSpan = { ...session.nextRead(), startLine: range.startLine, endLine: range.endLine, tokens: rawTokens, what: `${tool} ${r.name}` };
    session.noteSpan(a.path, a.hash, span);
    session.noteText(a.path, textHash!, span);
  }
}

/** Is `text` lines `from`-`to` of the analysed file, verbatim (its last line break aside)? */
function sameLines(a: FileAnalysis, from: number, to: number, text: string): boolean {
  const lines = a.lines.slice(from - 1, to);
  if (lines.length !== to - from + 1) return false;
  // Compare without line endings: lines split on any break, the text on its own.
  const own = text.split(/\r\n|\r|\n/);
  if (own.length && own[own.length - 1] === "" && own.length === lines.length + 1) own.pop();
  return own.length === lines.length && own.every((l, i) => l === lines[i]);
}
