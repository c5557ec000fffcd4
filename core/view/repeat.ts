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
import { recordRead } from "./ledger.js";
import type { SentSpan, ViewSession } from "./session.js";
import { estimateTokens } from "./tokens.js";

export function clock(d: Date): string {
  return d.toISOString().slice(11, 19);
}

/**
 * The read that sent some text, as the agent can find it in its context: its call (`read offset=30
 * limit=26`, `read_symbol Lens.view` — no tool result shows a read number) and what it sent, when the call
 * does not say (`full of lines 1-98`, `a diff`), with its size.
 */
export function citeRead(prev: SentSpan, range = ""): string {
  const what = whatOf(prev);
  return `your ${prev.call} (${what ? `${what}${range}, ` : range ? `${range.replace(/^ of /, "")}, ` : ""}~${prev.tokens} tokens)`;
}

/** What a read sent when its call does not say it (`mode=full` said `full`). */
function whatOf(prev: SentSpan): string {
  return prev.what && !prev.call.endsWith(` mode=${prev.what}`) ? prev.what : "";
}

/** The stub of lines `startLine`-`endLine` of `shown`, sent by `prev`. */
export function stubText(shown: string, startLine: number, endLine: number, prev: SentSpan): string {
  const range = prev.startLine === startLine && prev.endLine === endLine ? "" : ` of lines ${prev.startLine}-${prev.endLine}`;
  return `[pilens: ${shown} lines ${startLine}-${endLine} unchanged since ${citeRead(prev, range)} — still in your context above (if not, ask again)]`;
}

/**
 * The stub of lines `startLine`-`endLine` of `shown` whose text `prev` sent as its lines `from`-…, in an
 * earlier content of the file: lines inserted or deleted above them (an edit) moved them.
 */
export function movedText(shown: string, startLine: number, endLine: number, prev: SentSpan, from: number): string {
  const what = whatOf(prev);
  // (Where it stood: the file changed elsewhere, below it or inside the read's other lines.)
  const how = from === startLine ? "unchanged, the file changed elsewhere" : "unchanged and moved by lines inserted or deleted above";
  return `[pilens: ${shown} lines ${startLine}-${endLine} are the text your ${prev.call} sent as lines ${from}-${from + endLine - startLine} (${what ? `${what}, ` : ""}~${prev.tokens} tokens), ${how} — still in your context above (if not, ask again)]`;
}

/** What a stub says in place of a read tool's lines. */
export interface UnchangedRead {
  /** The call that sent these lines, as the agent made it (`read offset=1 limit=80`, `read_symbol big`). */
  by: string;
  text: string;
}

/**
 * A read_symbol / read_enclosing answer in a session: a stub when its lines were sent verbatim before
 * and the file is unchanged (unless this is the same request again right after its stub), else the
 * lines, remembered as sent. Counted in the ledger either way (plain-read cost: the lines' tokens).
 */
export function readToolRepeat(session: ViewSession, a: FileAnalysis, r: ReadSymbolResult | ReadEnclosingResult, tool: "read_symbol" | "read_enclosing"): void {
  if (!r.found || r.source === undefined || r.startLine === undefined || r.endLine === undefined) return;
  const range = r.partial ?? { startLine: r.startLine, endLine: r.endLine };
  const rawTokens = estimateTokens(r.source);
  // Only an answer that is its lines as they stand (not a minified line's own characters) covers them.
  const lines = sameLines(a, range.startLine, range.endLine, r.source);
  const request = `${tool}\u0000${a.path}\u0000${a.hash}\u0000${range.startLine}-${range.endLine}`;
  const prev = lines ? session.covering(a.path, a.hash, range.startLine, range.endLine) : undefined;
  // Else the same text sent by an earlier read of another content of the file: lines inserted or deleted
  // above it (an edit of another function) moved it, unchanged.
  const moved = prev || !lines ? undefined : session.sentBlock(a.path, lines);
  if (prev || moved) {
    const text = prev ? stubText(a.relPath, range.startLine, range.endLine, prev) : movedText(a.relPath, range.startLine, range.endLine, moved!.span, moved!.startLine);
    const tokens = estimateTokens(text);
    if (tokens < rawTokens && !session.askedAgain(request)) {
      const by = prev ?? moved!.span;
      r.unchanged = { by: by.call, text };
      delete r.source;
      recordRead(session.ledger, "stub", rawTokens, tokens);
      // (The agent holds these lines of this content now: a read inside them is a stub.)
      if (moved) session.noteSpan(a.path, a.hash, { ...moved.span, startLine: range.startLine, endLine: range.endLine });
      return;
    }
  }
  session.answered(request);
  recordRead(session.ledger, "full", rawTokens, rawTokens);
  session.notePiece(a.path, a.hash, rawTokens);
  if (lines) {
    const span: SentSpan = { ...session.nextRead(), startLine: range.startLine, endLine: range.endLine, tokens: rawTokens, call: `${session.toolName(tool)} ${r.name}`, what: "" };
    session.noteSpan(a.path, a.hash, span);
    session.noteBlock(a.path, span, lines, a.hash, a.lines.length);
  }
}

/** Lines `from`-`to` of the analysed file when `text` is them verbatim (its last line break aside), else undefined. */
function sameLines(a: FileAnalysis, from: number, to: number, text: string): string[] | undefined {
  const lines = a.lines.slice(from - 1, to);
  if (lines.length !== to - from + 1) return undefined;
  // Compare without line endings: lines split on any break, the text on its own.
  const own = text.split(/\r\n|\r|\n/);
  if (own.length && own[own.length - 1] === "" && own.length === lines.length + 1) own.pop();
  return own.length === lines.length && own.every((l, i) => l === lines[i]) ? lines : undefined;
}
