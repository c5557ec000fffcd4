/**
 * A window (offset/limit) of a file read() refuses whole — over maxFileBytes, or minified — served
 * verbatim from a streamed read that keeps only the window (core/files.ts readLineWindow). The tiers
 * need an outline, which such a file does not get, so every mode serves the lines in full and says so.
 */
import type { Lens } from "../engine.js";
import { byteSize, readLineWindow } from "../files.js";
import { DEFAULT_THRESHOLDS } from "./auto.js";
import { deliver, viewCall } from "./deliver.js";
import { longLineNote } from "./fit.js";
import { ViewSession } from "./session.js";
import { estimateTokens } from "./tokens.js";
import { errorResult, type ViewMode, type ViewOptions, type ViewResult } from "./index.js";

export async function viewWindowOfLargeFile(lens: Lens, abs: string, requested: ViewMode, why: string, opts: ViewOptions): Promise<ViewResult> {
  const shown = lens.displayPath(abs);
  const { offset, limit, session } = opts;
  if (offset !== undefined && !(Number.isInteger(offset) && offset >= 1)) return errorResult(shown, requested, `offset must be a whole number ≥ 1 (got ${offset})`);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) return errorResult(shown, requested, `limit must be a whole number ≥ 1 (got ${limit})`);
  const from = offset ?? 1;
  // One read holds at most maxFull (pi) and never more than maxFileBytes.
  const maxLines = Math.min(limit ?? Infinity, opts.maxFull?.lines ?? Infinity);
  const maxBytes = Math.min(lens.settings.maxFileBytes, opts.maxFull?.bytes ?? Infinity);
  const read = (a: number, b: number) => readLineWindow(abs, a, b, maxBytes);
  let w;
  try {
    w = await read(from, Number.isFinite(maxLines) ? from + maxLines - 1 : Number.MAX_SAFE_INTEGER);
  } catch (e) {
    return errorResult(shown, requested, e instanceof Error ? e.message : String(e));
  }
  const total = w.totalLines;
  if (from > total) return errorResult(shown, requested, `offset ${from} is beyond end of file (${total} lines total)`);
  // Cut at a line boundary to the byte limit of one read.
  let n = 0;
  let bytes = 0;
  for (const line of w.lines) {
    bytes += Buffer.byteLength(line) + (n > 0 ? 1 : 0);
    if (bytes > maxBytes) break;
    n++;
  }
  const notes: string[] = [];
  let continuation: string | undefined;
  let raw = w.text;
  const wanted = Math.min(Number.isFinite(maxLines) ? maxLines : Infinity, total - from + 1);
  if (w.cut) {
    n = 1;
    continuation = longLineNote(w.cut.line, w.cut.chars, raw.length, maxBytes, total);
  } else if (n < wanted) {
    raw = cutLines(raw, n);
    continuation = `showing lines ${from}-${from + n - 1} of ${total} (one read holds at most ${byteSize(maxBytes)}); continue with offset=${from + n}`;
  }
  const win = { startLine: from, endLine: from + n - 1 };
  // (Not for a window auto would have served in full anyway: a small one.)
  const small = requested === "auto" && estimateTokens(raw) <= (opts.thresholds ?? DEFAULT_THRESHOLDS).smallTokens;
  if (requested !== "full" && !small) notes.unshift(`no ${requested === "auto" ? "outline" : `${requested} view`} of this file (${why.split(" — ")[0]}); showing the lines in full`);
  const rawTokens = estimateTokens(raw);
  const r = await deliver({
    session, key: ViewSession.key(abs, offset, limit, "full"), call: viewCall(session, opts.mode, opts.askedOffset ?? offset, limit), abs, shown, requested,
    reason: requested === "full" ? "requested" : "window of a file too large to outline",
    tier: "full", kind: requested === "full" ? "full" : "fallback", win, totalLines: total, raw, text: raw, rawTokens, notes, continuation,
    fileHash: `${w.bytes}:${w.mtimeMs}`, fragmented: false,
    linesAt: async (a, b) => (await read(a, b)).lines,
  });
  if (w.cut) r.cutLine = w.cut.line;
  return r;
}

/** The first `n` lines of `text`, line breaks kept. */
function cutLines(text: string, n: number): string {
  const re = /\r\n|\r|\n/g;
  let end = 0;
  for (let i = 0; i < n; i++) {
    const m = re.exec(text);
    if (!m) return text;
    end = m.index + m[0].length;
  }
  return text.slice(0, end);
}
