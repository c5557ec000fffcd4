/**
 * Read tiers (`view`): full / signatures / map / auto for one file window, with per-session unchanged
 * re-read stubs, diffs of changed windows, bounce escalation and fragmentation. Entry point for
 * `Lens.view`; the pieces live next to it (tiers, auto, session, ledger, diff, tokens).
 *
 *   const session = new ViewSession();
 *   await lens.view("src/big.ts", { mode: "auto", session });   // signatures
 *   await lens.view("src/big.ts", { mode: "full", session });   // full — a bounce
 *   await lens.view("src/big.ts", { mode: "full", session });   // unchanged: a one-line stub
 */
import { sha1Hex } from "../hash.js";
import type { Lens } from "../engine.js";
import type { FileAnalysis } from "../pipeline.js";
import { byteSize, cutToBytes, PilensError, readSource } from "../files.js";
import { splitLines } from "../text.js";
import { chooseAuto, type AutoThresholds, type ServedTier } from "./auto.js";
import { tierRows, type Window } from "./tiers.js";
import { CAP_SHARE, fitRows, longLineNote, longLineRefusal, type Cap } from "./fit.js";
import { ViewSession } from "./session.js";
import { deliver, viewCall } from "./deliver.js";
import { withHoles } from "./holes.js";
import { estimateCodeTokens, estimateTokens } from "./tokens.js";
import type { ReadKind } from "./ledger.js";

import { VIEW_MODES, type ViewMode } from "./modes.js";
export { VIEW_MODES, type ViewMode };

export interface ViewOptions {
  mode?: ViewMode;
  /** First line (1-based), like pi's read. */
  offset?: number;
  /** Number of lines. */
  limit?: number;
  /** The offset as the agent's call wrote it, where the host reads it otherwise (pi's read: `offset: 0` is
   *  served as 1): what a later stub citing this call says (`read offset=0 limit=30`), never the mapped one. */
  askedOffset?: number;
  /** The agent context this read belongs to: enables stubs, diffs, bounces, fragmentation, the ledger. */
  session?: ViewSession;
  /** The host knows the file has active diagnostics: auto keeps it full. */
  diagnostics?: boolean;
  thresholds?: AutoThresholds;
  /** Most lines / UTF-8 bytes one full window may hold (pi's read: 2000 lines, 50 KB). A longer full
   *  window is cut at a line boundary and the note says where to continue; the session remembers
   *  only what was shown. */
  maxFull?: { lines: number; bytes: number };
}

export interface ViewResult {
  path: string;
  requested: ViewMode;
  /** What was sent: a tier, a stub for an unchanged re-read, or a diff against the last read. */
  served: ServedTier | "stub" | "diff";
  startLine: number;
  endLine: number;
  totalLines: number;
  /** What the agent receives (the window verbatim for `full`). */
  text: string;
  /** One line hosts print before `text`: fallbacks, escalations, fragmentation. */
  note?: string;
  /** Why this tier (auto's rule, or "requested"). */
  reason: string;
  /** Estimated tokens of note + text, and of the raw window: characters / 4, what the ledger and the tiers compare. */
  tokens: number;
  rawTokens: number;
  /**
   * The same two as the agent is told them: estimateCodeTokens, module_report's `~N tok` and auto's
   * reason (`medium code (~6089 tokens)`) — a summary showing chars / 4 beside them had said two sizes
   * of one file on one line (`~651 of ~5587 tokens (auto: medium code (~6089 tokens))`).
   */
  shownTokens?: { tokens: number; rawTokens: number };
  bounce?: boolean;
  /**
   * The lines the agent holds verbatim after this answer, in the file's current numbering: a full
   * window; a diff's lines (its earlier read moved and changed: not the window when lines slid into
   * it); a stub of either. Absent for an outline and a stub of one. Hosts count these lines as read.
   */
  held?: { startLine: number; endLine: number };
  /** A line longer than one read, of which `text` holds only the start (minified code): not read whole. */
  cutLine?: number;
  error?: string;
}


/** Start offset of every line (same line breaks as splitLines). */
function lineStarts(source: string): number[] {
  const starts = [0];
  const re = /\r\n|\r|\n/g;
  for (let m = re.exec(source); m; m = re.exec(source)) starts.push(m.index + m[0].length);
  if (starts.length > 1 && starts[starts.length - 1] === source.length) starts.pop();
  return starts;
}

/**
 * A summary's size part, ` · ~651 of ~6089 tokens` (what was sent, of the lines it stands for), when
 * smaller; in shownTokens' terms when the result has them.
 */
export function tokensSaved(r: ViewResult): string {
  const { tokens, rawTokens } = r.shownTokens ?? r;
  return rawTokens > tokens ? ` · ~${tokens} of ~${rawTokens} tokens` : "";
}

/**
 * A summary's size and auto's reason: ` · ~1274 of ~6207 tokens (auto: medium code)` — the reason's own
 * size, `(~6207 tokens)`, left out when the line says it already (it had said the file's size twice).
 */
export function sizeAndReason(r: ViewResult, withReason: boolean): string {
  const saved = tokensSaved(r);
  if (!withReason) return saved;
  const said = ` (~${(r.shownTokens ?? r).rawTokens} tokens)`;
  return `${saved} (${saved && r.reason.includes(said) ? r.reason.replace(said, "") : r.reason})`;
}

export function errorResult(path: string, requested: ViewMode, error: string): ViewResult {
  return { path, requested, served: "full", startLine: 0, endLine: 0, totalLines: 0, text: "", reason: "error", tokens: 0, rawTokens: 0, error };
}

/** Auto serves the map instead of signatures that cost more than this share of the lines (a data wall). */
const AUTO_SIGNATURES_MAX = 0.6;

export async function view(lens: Lens, path: string, opts: ViewOptions = {}): Promise<ViewResult> {
  const requested = opts.mode ?? "auto";
  if (!VIEW_MODES.includes(requested)) return errorResult(path, requested, `mode must be one of ${VIEW_MODES.join(", ")} (got ${requested})`);
  let abs: string;
  let source: string;
  try {
    abs = lens.resolvePath(path);
    source = (await readSource(abs, lens.settings)).source;
  } catch (e) {
    // A file refused whole (over maxFileBytes, minified) is still read a window at a time.
    const explicit = opts.offset !== undefined || opts.limit !== undefined;
    if (explicit && e instanceof PilensError && (e.code === "too_large" || e.code === "minified")) {
      return (await import("./large.js")).viewWindowOfLargeFile(lens, abs!, requested, e.message, opts);
    }
    // (A missing file: did you mean…, core/path-hints.ts.)
    const hinted = abs! === undefined ? e : (await import("../path-hints.js")).withPathHint(e, abs, lens);
    return errorResult(path, requested, hinted instanceof Error ? hinted.message : String(hinted));
  }
  const shown = lens.displayPath(abs);
  const lines = splitLines(source);
  const total = lines.length;
  const { offset, limit, session } = opts;
  if (offset !== undefined && !(Number.isInteger(offset) && offset >= 1)) return errorResult(shown, requested, `offset must be a whole number ≥ 1 (got ${offset})`);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) return errorResult(shown, requested, `limit must be a whole number ≥ 1 (got ${limit})`);
  if (offset !== undefined && offset > total) return errorResult(shown, requested, `offset ${offset} is beyond end of file (${total} lines total)`);

  const hash = sha1Hex(source);
  const fileTokens = estimateTokens(source);
  const starts = lineStarts(source);
  const slice = (w: Window) => source.slice(starts[w.startLine - 1] ?? 0, w.endLine < starts.length ? starts[w.endLine] : source.length);
  const explicit = offset !== undefined || limit !== undefined;
  let win: Window = { startLine: offset ?? 1, endLine: limit !== undefined ? Math.min(total, (offset ?? 1) + limit - 1) : total };
  let key = ViewSession.key(abs, offset, limit, "full");
  const notes: string[] = [];
  // Where to go on when the answer was cut to one read (kept on a stub of the same answer).
  let continuation: string | undefined;
  let tier: ServedTier;
  let reason: string;
  let fragmented = false;
  let autoSteps = 0;

  // Fragmentation: most of this unchanged file was already read in pieces — serve it whole.
  const spent = session?.piecesSpent(abs, hash) ?? 0;
  // (Not when one read cannot hold the whole file: the pieces are then the only way through it.)
  const fitsOneRead = !opts.maxFull || linesThatFit(lines, { startLine: 1, endLine: total }, opts.maxFull) === total;
  // (Nor when the window asked for was sent verbatim already — or its text, moved by an edit above it:
  // that is a stub, deliver.ts.)
  const held = !!session && (!!session.covering(abs, hash, win.startLine, win.endLine) || !!session.sentBlock(abs, lines.slice(win.startLine - 1, win.endLine)));
  if (session && fitsOneRead && !held && (requested === "auto" || (requested === "full" && explicit)) && spent > fileTokens * session.options.fragmentationRatio) {
    fragmented = true;
    win = { startLine: 1, endLine: total };
    key = ViewSession.key(abs, undefined, undefined, "full");
    tier = "full";
    reason = "fragmentation";
    notes.push(`whole file: ~${spent} of its ~${fileTokens} tokens were already read in pieces, so here it is in one read`);
  } else if (requested === "auto" && held) {
    // Lines the agent holds verbatim, unchanged: their stub (deliver.ts), not an outline of them — a full
    // read then an auto read of session.ts had sent its signatures, 917 tokens.
    tier = "full";
    reason = "auto: lines already sent verbatim";
  } else if (requested === "auto") {
    // (By content too: an extension-less header a pack's `detect` claims, libstdc++'s `<vector>`.)
    const hasPack = lens.registry.lookupAll(abs, source).length > 0;
    autoSteps = session?.steps(abs) ?? 0;
    const windowText = slice(win);
    const choice = chooseAuto({
      path: abs, hasPack, windowTokens: estimateTokens(windowText), shownTokens: estimateCodeTokens(windowText), explicitWindow: explicit, diagnostics: opts.diagnostics,
      steps: autoSteps, thresholds: opts.thresholds,
    });
    tier = choice.tier;
    reason = `auto: ${choice.reason}`;
  } else {
    tier = requested;
    reason = "requested";
  }

  let raw = slice(win);
  let rawTokens = estimateTokens(raw);
  let text = raw;
  let kind: ReadKind = "full";
  if (tier !== "full") {
    let analysis: FileAnalysis | undefined;
    let why = "";
    try {
      analysis = await lens.analyze(abs);
    } catch (e) {
      why = e instanceof PilensError || e instanceof Error ? e.message : String(e);
    }
    if (!analysis) {
      notes.push(`no ${tier} view (${why}); showing the lines in full`);
      tier = "full";
      kind = "fallback";
    } else {
      // Under a host's read cap, no tier sends more than the full window would (fit.ts).
      const cap = opts.maxFull ? compressedCap(lines, win, opts.maxFull, slice) : undefined;
      const tail = `; bodies omitted — jump with offset/limit or read_symbol, or pick a fuller mode (map < signatures < full)]`;
      const render = (t: "map" | "signatures", why: string): Compressed | undefined => {
        const auto = requested === "auto" ? `, ${why}` : "";
        const header = (w: Window) => {
          const range = w.startLine === 1 && w.endLine === total ? `${total} lines` : `lines ${w.startLine}-${w.endLine} of ${total}`;
          return t === "map"
            ? `[pilens map of ${shown} (${range}${auto}): imports + top-level declarations with line ranges${tail}`
            : `[pilens signatures of ${shown} (${range}${auto}): imports + top-level and nested declarations with line ranges${tail}`;
        };
        // The signatures header is longer than the map header and its body a superset of the map's
        // body, so size grows along map → signatures (tested as an invariant).
        const rows = (w: Window) => tierRows(analysis!, t, w, slice(w).length);
        const fitted = cap ? fitRows(rows, win, { ...cap, tokens: Math.floor(cap.tokens * CAP_SHARE[t]) }, header(win)) : { body: rows(win).map((r) => r.text).join("\n"), win, rowsLeft: 0 };
        if (!fitted) return undefined;
        const h = header(fitted.win);
        return { tier: t, text: fitted.body ? `${h}\n${fitted.body}` : h, empty: !fitted.body, win: fitted.win, rowsLeft: fitted.rowsLeft, rawTokens: estimateTokens(slice(fitted.win)) };
      };
      let compressed = render(tier, reason);
      // Auto's signatures of a data wall (a header of #defines) cost nearly the lines themselves: its
      // map, unless a bounce asked for more.
      if (compressed && requested === "auto" && tier === "signatures" && autoSteps === 0 && estimateTokens(compressed.text) > compressed.rawTokens * AUTO_SIGNATURES_MAX) {
        const why = `${reason}, but its signatures are ~${Math.round((100 * estimateTokens(compressed.text)) / compressed.rawTokens)}% of the lines`;
        const map = render("map", why);
        if (map && map.win.endLine >= compressed.win.endLine && estimateTokens(map.text) < estimateTokens(compressed.text)) {
          tier = "map";
          reason = why;
          compressed = map;
        }
      }
      // Lines with no declaration (a package's doc.go, Java's package-info.java: documentation only) have
      // no outline: auto reads them; a tier asked for says so, and what reads them.
      const none = `no declarations in ${win.startLine === 1 && win.endLine === total ? "this file" : `lines ${win.startLine}-${win.endLine}`} (documentation or top-level code)`;
      if (compressed?.empty && requested === "auto") {
        notes.push(`${none}; showing the lines in full`);
        tier = "full";
        kind = "fallback";
      } else if (!compressed || estimateTokens(compressed.text) >= compressed.rawTokens) {
        const size = compressed ? `(~${estimateTokens(compressed.text)} tokens) would not be smaller than the lines themselves (~${compressed.rawTokens})` : `would not fit in one read`;
        notes.push(`the ${tier} view ${size}; showing them in full`);
        tier = "full";
        kind = "fallback";
      } else {
        text = compressed.text;
        kind = "compressed";
        if (compressed.empty) notes.push(`${none}: mode full reads them`);
        if (compressed.win.endLine < win.endLine || compressed.rowsLeft) {
          win = compressed.win;
          raw = slice(win);
          rawTokens = compressed.rawTokens;
          continuation = compressed.rowsLeft
            ? `${compressed.rowsLeft} more declarations on line ${win.endLine} left out (one read holds ${capText(opts.maxFull!)}); read_symbol them by name`
            : `${tier} of lines ${win.startLine}-${win.endLine} of ${total} (no tier sends more than a full read, which holds ${capText(opts.maxFull!)}); continue with offset=${win.endLine + 1}, mode ${tier}`;
        }
        // An outline of a file the grammar partly failed on says so (the report's warning, in one place).
        const broken = analysis!.warnings.find((w) => /syntax error region/.test(w));
        if (broken) notes.push(broken.replace("symbols inside them", "declarations inside them"));
      }
    }
  }
  let cutLine: number | undefined;
  if (tier !== "full") key = ViewSession.key(abs, offset, limit, tier);
  else if (opts.maxFull) {
    const fit = linesThatFit(lines, win, opts.maxFull);
    // (An empty file has no line to cut: its empty text, as is.)
    if (fit === 0 && win.startLine <= total) {
      // A line longer than one read (minified code): its start, cut at the limit — when full or a window
      // was asked for. Auto of the whole file does not send 50 KB of minified code: it says what reads it
      // (pi's read says as much).
      const line = lines[win.startLine - 1]!;
      if (requested === "auto" && !explicit) return errorResult(shown, requested, longLineRefusal(win.startLine, line.length, opts.maxFull.bytes));
      win = { startLine: win.startLine, endLine: win.startLine };
      raw = text = cutToBytes(line, opts.maxFull.bytes);
      cutLine = win.startLine;
      rawTokens = estimateTokens(raw);
      continuation = longLineNote(win.startLine, line.length, raw.length, opts.maxFull.bytes, total);
    } else if (fit < win.endLine - win.startLine + 1) {
      win = { startLine: win.startLine, endLine: win.startLine + fit - 1 };
      raw = text = slice(win);
      rawTokens = estimateTokens(raw);
      continuation = `showing lines ${win.startLine}-${win.endLine} of ${total} (one read holds ${capText(opts.maxFull)}); continue with offset=${win.endLine + 1}`;
    }
  }

  // A fragmentation serve sends what the agent does not hold: the pieces it read stand as one line each.
  if (fragmented && session) {
    const holes = withHoles(total, session.heldSpans(abs, hash), (a, b) => slice({ startLine: a, endLine: b }));
    if (holes.lines) {
      text = holes.text;
      notes.push(`the ${holes.lines} lines you already hold are left out, one line each`);
    }
  }

  const r = await deliver({
    session, key, call: viewCall(session, opts.mode, opts.askedOffset ?? offset, limit), abs, shown, requested, reason, tier, kind, win, totalLines: total, raw, text, rawTokens, notes, continuation,
    fileHash: hash, fragmented, linesAt: (from, to) => lines.slice(from - 1, to),
  });
  if (cutLine) r.cutLine = cutLine;
  return r;
}

const capText = (max: { lines: number; bytes: number }) => `${max.lines} lines / ${byteSize(max.bytes)}`;

interface Compressed {
  tier: "map" | "signatures";
  text: string;
  /** No row: the lines hold no import or declaration. */
  empty: boolean;
  /** The window it covers (shorter than asked when cut to the cap) and that window's raw tokens. */
  win: Window;
  rowsLeft: number;
  rawTokens: number;
}

/**
 * A compressed answer holds at most what the full read of the same request would (lines, bytes,
 * tokens) — when that read is cut; a window one read holds needs no cap (a tier is smaller than it or
 * falls back to it).
 */
function compressedCap(lines: string[], win: Window, max: { lines: number; bytes: number }, slice: (w: Window) => string): Cap | undefined {
  const fit = linesThatFit(lines, win, max);
  if (fit === win.endLine - win.startLine + 1) return undefined;
  // (A line over the cap alone — first or not — stops the full read: a tier may still outline the whole
  // window within one read. llhttp-wasm.js: 15 lines, a 72 KB base64 string on line 5, was 4 lines and
  // "the map view would not fit in one read".)
  const stopper = lines[win.startLine - 1 + fit];
  const full = fit && !(stopper !== undefined && Buffer.byteLength(stopper) > max.bytes) ? slice({ startLine: win.startLine, endLine: win.startLine + fit - 1 }) : undefined;
  return full ? { lines: max.lines, bytes: Buffer.byteLength(full), tokens: estimateCodeTokens(full) } : { lines: max.lines, bytes: max.bytes, tokens: Math.ceil(max.bytes / 4) };
}

/** How many lines of `win`, from its start, fit in `max` (each line counts its bytes + 1 for the break). */
function linesThatFit(lines: string[], win: Window, max: { lines: number; bytes: number }): number {
  let bytes = 0;
  let n = 0;
  for (let i = win.startLine - 1; i < win.endLine && n < max.lines; i++, n++) {
    bytes += Buffer.byteLength(lines[i] ?? "") + (n > 0 ? 1 : 0);
    if (bytes > max.bytes) break;
  }
  return n;
}

export { ViewSession } from "./session.js";
export type { SessionOptions } from "./session.js";
export { formatLedger, type Ledger } from "./ledger.js";
