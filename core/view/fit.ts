/**
 * A compressed tier within one read's size: a host caps a full window (pi's read, pilens_view: 2,000
 * lines / 50 KB), and no tier may send more than that full window would. A map or signatures of a
 * window too long for the cap covers the longest window from its first line whose rows fit, and the
 * caller says where to continue — lib.dom.d.ts's signatures were 692 KB where its full read was 47 KB.
 * And a line longer than one read (minified code) comes cut, saying so (longLineNote).
 */
import type { Row, Window } from "./tiers.js";
import { byteSize } from "../files.js";
import { thousands } from "../text.js";
import { estimateCodeTokens } from "./tokens.js";

/**
 * Share of the full read's estimated tokens a tier may take when cut to the cap. The estimate is within
 * ~10% of o200k but errs in opposite directions on outlines (dense names: under) and code (indentation:
 * over) — lib.dom.d.ts: a map estimated at 0.93× the full read was 1.2× it in o200k. So signatures keep
 * a tenth below full, and the map below signatures: size grows map → signatures → full.
 */
export const CAP_SHARE = { map: 0.75, signatures: 0.9 } as const;

export interface Cap {
  /** UTF-8 bytes, lines and estimated tokens (estimateCodeTokens) the whole answer (header + rows) may hold. */
  bytes: number;
  lines: number;
  tokens: number;
}

export interface Fitted {
  body: string;
  win: Window;
  /** Rows of `win` left out (only when one line's declarations alone exceed the cap). */
  rowsLeft: number;
}

/** Re-renders of a shrinking window before the rows are simply cut (each one shrinks the window). */
const ROUNDS = 4;

/**
 * The rows of the longest window from `w.startLine` that fit `cap` (after a header of `headerBytes`),
 * or undefined when not even one row does. `render` gives a window's rows (a window's own rendering:
 * which containers dominate it, its callbacks, its data runs).
 */
export function fitRows(render: (w: Window) => Row[], w: Window, cap: Cap, header: string): Fitted | undefined {
  const room = { bytes: cap.bytes - Buffer.byteLength(header) - 1, rows: cap.lines - 1, tokens: cap.tokens - estimateCodeTokens(header) - 1 };
  let win = w;
  for (let round = 0; ; round++) {
    const rows = render(win);
    if (rowsThatFit(rows, room) === rows.length) return { body: join(rows), win, rowsLeft: 0 };
    // The window ends before the first line whose rows do not fit, taken in line order: a tier may
    // print rows out of it (signatures lists a window's callbacks after its declarations, and cutting
    // at the first callback left out had cut zod's 5,226-line schemas.ts at line 204).
    const byLine = [...rows].sort((a, b) => a.line - b.line);
    const fit = rowsThatFit(byLine, room);
    if (fit === 0) return undefined;
    const end = Math.min(win.endLine - 1, byLine[fit]!.line - 1);
    if (end < win.startLine || round === ROUNDS - 1) {
      const last = Math.max(win.startLine, Math.min(win.endLine, end));
      const kept = rows.filter((r) => r.line <= last);
      const n = rowsThatFit(kept, room);
      if (n === 0) return undefined;
      return { body: join(kept.slice(0, n)), win: { startLine: win.startLine, endLine: last }, rowsLeft: rows.length - n };
    }
    win = { startLine: win.startLine, endLine: end };
  }
}

function rowsThatFit(rows: Row[], room: { bytes: number; rows: number; tokens: number }): number {
  let bytes = 0;
  let tokens = 0;
  let n = 0;
  for (const r of rows) {
    if (n >= room.rows) break;
    bytes += Buffer.byteLength(r.text) + 1;
    tokens += estimateCodeTokens(r.text) + 1;
    if (bytes > room.bytes || tokens > room.tokens) break;
    n++;
  }
  return n;
}

const join = (rows: Row[]) => rows.map((r) => r.text).join("\n");

/** Auto's answer for a line longer than one read (minified code): what reads it, instead of its first 50 KB. */
export function longLineRefusal(line: number, chars: number, maxBytes: number): string {
  return `line ${line} is ${thousands(chars)} characters (minified or generated code), longer than one read (${byteSize(maxBytes)}): read a function in it with read_symbol or read_enclosing (line:column), list its symbols with module_report, or pass mode "full" for its first ${byteSize(maxBytes)}`;
}

/** What a read of a line longer than one read says: how much of it is shown, and what reads the rest. */
export function longLineNote(line: number, chars: number, shown: number, maxBytes: number, total: number): string {
  const next = line < total ? `; continue with offset=${line + 1}` : "";
  return `line ${line} is ${thousands(chars)} characters, longer than one read (${byteSize(maxBytes)}): showing its first ${thousands(shown)}; read_symbol or read_enclosing read a function in it (its own characters)${next}`;
}
