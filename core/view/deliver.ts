/**
 * The last step of a read tier: against what this session already sent for the same window, an
 * unchanged re-read becomes a stub and a changed full window a diff (in the new file's line numbers,
 * lines that only slid into or out of the window left out); then the session accounts and remembers
 * what was sent. Shared by view() (whole files in memory) and windows of files over maxFileBytes.
 */
import { sha1Hex } from "../hash.js";
import { splitLines } from "../text.js";
import type { ServedTier } from "./auto.js";
import { formatDiff, lineDiff, regionDiff } from "./diff.js";
import type { ReadKind } from "./ledger.js";
import type { ViewSession } from "./session.js";
import { estimateCodeTokens, estimateTokens } from "./tokens.js";
import { movedText, stubText } from "./repeat.js";
import type { Window } from "./tiers.js";
import type { ViewMode, ViewResult } from "./index.js";

export interface Delivery {
  session?: ViewSession;
  key: string;
  /** The call as the agent made it (`read offset=30 limit=26`): what a later stub of these lines cites (viewCall). */
  call: string;
  abs: string;
  shown: string;
  requested: ViewMode;
  reason: string;
  tier: ServedTier;
  kind: ReadKind;
  win: Window;
  totalLines: number;
  /** The window verbatim, and what would be sent (the window, or its compressed tier). */
  raw: string;
  text: string;
  rawTokens: number;
  notes: string[];
  /** Where to go on when the answer was cut to one read: the last note, kept on a stub of it. */
  continuation?: string;
  /** Identity of the whole file's content (fragmentation pieces). */
  fileHash: string;
  fragmented: boolean;
  /** Lines `from`..`to` of the file now (for a diff widened past the window). */
  linesAt(from: number, to: number): Promise<string[]> | string[];
}


/** A view call as the agent made it, in the host's terms: `read`, `read offset=30 limit=26 mode=full`. */
export function viewCall(session: ViewSession | undefined, mode: string | undefined, offset: number | undefined, limit: number | undefined): string {
  const args = [offset !== undefined && `offset=${offset}`, limit !== undefined && `limit=${limit}`, mode !== undefined && `mode=${mode}`].filter(Boolean);
  return [session?.toolName("view") ?? "view", ...args].join(" ");
}

export async function deliver(d: Delivery): Promise<ViewResult> {
  const { session, key, abs, shown, win, totalLines: total, raw, rawTokens, tier } = d;
  let { text, kind } = d;
  const notes = d.notes;
  let served: ViewResult["served"] = tier;
  // The lines the agent holds after a diff, when not the window's: the lines of its earlier read, now
  // where the diff says (inserted or deleted lines above moved them; lines that slid into the window
  // were never shown).
  let sentSpan: { startLine: number; endLine: number } | undefined;
  // What the agent holds verbatim after this answer (a stub of an outline: nothing).
  let held: { startLine: number; endLine: number } | undefined = tier === "full" ? { startLine: win.startLine, endLine: win.endLine } : undefined;
  const deliveredHash = tier === "full" ? sha1Hex(raw) : sha1Hex(text);
  const prev = session?.previous(key);
  // (The escape from a stub is the same request of the same content: a re-read after an edit is none.)
  const request = `${key}\u0000${d.fileHash}`;
  if (session && prev) {
    if (prev.hash === deliveredHash) {
      const what = prev.served === "diff" ? "a diff" : prev.tier;
      const stub = stubText(shown, prev.startLine, prev.endLine, { ...prev, what });
      // (The same request again right after its stub sends the text: repeat.ts.)
      if (estimateTokens(stub) < estimateTokens(text) && !session.askedAgain(request)) {
        text = stub;
        served = "stub";
        kind = "stub";
        notes.length = 0;
        held = prev.tier === "full" ? { startLine: prev.startLine, endLine: prev.endLine } : undefined;
      }
    } else if (tier === "full" && prev.lines) {
      // Lines inserted or deleted since that read move text across the window's edges: diff the old
      // window against the new file widened by that many lines, so moved lines are not changes.
      const widen = prev.totalLines === undefined ? 0 : Math.abs(total - prev.totalLines);
      const lo = Math.max(1, win.startLine - widen);
      const hi = Math.min(total, win.endLine + widen);
      const region = regionDiff(prev.lines, prev.startLine, await d.linesAt(lo, hi), lo, win);
      const diff = region?.diff ?? lineDiff(prev.lines, splitLines(raw), prev.startLine, win.startLine);
      const span = region ? `${region.startLine}-${region.endLine}` : `${win.startLine}-${win.endLine}`;
      const relocated = !!region && (region.startLine !== prev.startLine || region.endLine !== prev.endLine);
      const moved = relocated ? `; the lines you read are now lines ${span}` : "";
      const diffText = relocated && !diff.hunks.length
        ? `[pilens: ${shown} lines ${prev.startLine}-${prev.endLine} as your ${prev.call} sent them are unchanged and now lines ${span} (lines were inserted or deleted above them; file now ${total} lines) — that text is still in your context above]`
        : `[pilens: ${shown} changed since your ${prev.call} — diff for lines ${span} (file now ${total} lines${moved}); unchanged lines omitted]\n${formatDiff(diff)}`;
      if (estimateTokens(diffText) < rawTokens) {
        text = diffText;
        served = "diff";
        kind = "diff";
        // (What the agent holds is its read with the diff applied, at the region's lines — a read of
        // them is a stub; a region short of the window leaves the lines that slid in unshown.)
        if (relocated) sentSpan = held = { startLine: region!.startLine, endLine: region!.endLine };
      }
    }
  }

  // A full window inside lines a verbatim read of this session sent (a view, read_symbol,
  // read_enclosing), the file unchanged since: the same stub, naming that read.
  const covered = session && served === "full" && prev?.hash !== deliveredHash ? session.covering(abs, d.fileHash, win.startLine, win.endLine) : undefined;
  // Else a full window whose text an earlier verbatim read sent, of another content of the file: lines
  // inserted or deleted above it moved it (a window read again where it now stands had been sent whole).
  const rawLines = tier === "full" ? splitLines(raw) : undefined;
  const moved = session && !covered && served === "full" && tier === "full" && prev?.hash !== deliveredHash ? session.sentBlock(abs, rawLines!) : undefined;
  if (session && (covered || moved)) {
    const stub = covered ? stubText(shown, win.startLine, win.endLine, covered) : movedText(shown, win.startLine, win.endLine, moved!.span, moved!.startLine);
    if (estimateTokens(stub) < estimateTokens(text) && !session.askedAgain(request)) {
      text = stub;
      served = "stub";
      kind = "stub";
      notes.length = 0;
      held = { startLine: win.startLine, endLine: win.endLine };
      // (The agent holds these lines of this content now: a read inside them is a stub.)
      if (moved) session.noteSpan(abs, d.fileHash, { ...moved.span, startLine: win.startLine, endLine: win.endLine });
    }
  }

  // Else lines an earlier verbatim read sent of an older content — another request's (a whole-file read
  // before an edit, a write), changed since: the diff against them, when it holds the window and is smaller.
  if (session && served === "full" && tier === "full" && !covered && !moved) {
    const older = await diffAgainstOlder(session, d, rawTokens);
    if (older) {
      text = older.text;
      served = "diff";
      kind = "diff";
      sentSpan = held = older.region;
    }
  }

  if (d.continuation) notes.push(d.continuation);
  const note = notes.length ? notes.join("; ") : undefined;
  const tokens = estimateTokens(text) + (note ? estimateTokens(note) + 1 : 0);
  const result: ViewResult = { path: shown, requested: d.requested, served, startLine: win.startLine, endLine: win.endLine, totalLines: total, text, reason: d.reason, tokens, rawTokens };
  // (What the summary tells the agent, in module_report's measure.)
  result.shownTokens = { tokens: estimateCodeTokens(text) + (note ? estimateCodeTokens(note) + 1 : 0), rawTokens: estimateCodeTokens(raw) };
  if (note) result.note = note;
  if (held) result.held = held;
  if (session) {
    const bounce = session.account(abs, kind, served, win, rawTokens, tokens, Buffer.byteLength(text));
    if (bounce) result.bounce = true;
    if (d.fragmented) session.noteFragmentationServe();
    if (served !== "stub") {
      session.answered(request);
      // The window is remembered as sent (for the next stub or diff of this request) only when the agent
      // holds it all: not after a diff whose lines moved off part of it (its next read sends the window).
      const whole = !sentSpan || (sentSpan.startLine <= win.startLine && sentSpan.endLine >= win.endLine);
      const entry = whole
        ? session.remember(key, {
            tier, served: served === "diff" ? "diff" : undefined, hash: deliveredHash, startLine: win.startLine, endLine: win.endLine, tokens, totalLines: total,
            lines: rawLines, call: d.call,
          })
        : session.forget(key);
      if (tier === "full") {
        const span = { seq: entry.seq, at: entry.at, startLine: sentSpan?.startLine ?? win.startLine, endLine: sentSpan?.endLine ?? win.endLine, tokens, call: d.call, what: served === "diff" ? "a diff" : "full" };
        session.noteSpan(abs, d.fileHash, span);
        // (After a diff the agent holds the lines as they now stand: its read with the diff applied.)
        session.noteBlock(abs, span, served === "diff" ? [...(await d.linesAt(span.startLine, span.endLine))] : rawLines!, d.fileHash, total);
      }
    }
    if (served === "full" || served === "diff") {
      if (win.startLine === 1 && win.endLine === total) session.wholeDelivered(abs);
      else session.notePiece(abs, d.fileHash, rawTokens);
    }
  }
  return result;
}

/** Older contents' blocks tried for a diff (the latest first): each is one alignment of up to 4M cells. */
const OLDER_TRIED = 3;

/**
 * The diff of the full window `d` against the lines an earlier verbatim read sent of an older content of
 * the file — its lines now where the diff says, a region holding the whole window — when it is smaller
 * than the window. (pi: a whole-file read, an edit, a window read: the window had come whole.)
 */
async function diffAgainstOlder(session: ViewSession, d: Delivery, rawTokens: number): Promise<{ text: string; region: { startLine: number; endLine: number } } | undefined> {
  const { win, totalLines: total } = d;
  for (const b of session.olderBlocks(d.abs, d.fileHash, OLDER_TRIED)) {
    const widen = Math.abs(total - b.totalLines);
    const lo = Math.max(1, b.span.startLine - widen);
    const hi = Math.min(total, b.span.startLine + b.lines.length - 1 + widen);
    if (lo > hi) continue;
    const region = regionDiff(b.lines, b.span.startLine, [...(await d.linesAt(lo, hi))], lo, win);
    if (!region || !region.diff.hunks.length || region.startLine > win.startLine || region.endLine < win.endLine) continue;
    const sent = `${b.span.startLine}-${b.span.startLine + b.lines.length - 1}`;
    const now = `${region.startLine}-${region.endLine}`;
    const text = `[pilens: ${d.shown} lines ${win.startLine}-${win.endLine} changed since your ${b.span.call} — diff for lines ${now}${now === sent ? "" : `, the lines it sent as ${sent}`} (file now ${total} lines); unchanged lines omitted]\n${formatDiff(region.diff)}`;
    if (estimateTokens(text) < rawTokens) return { text, region: { startLine: region.startLine, endLine: region.endLine } };
  }
  return undefined;
}
