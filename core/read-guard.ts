/**
 * The read-guard: which line ranges of which file content the agent has read, so a host can refuse an
 * edit of lines the agent never saw. read_symbol / read_enclosing / windowed reads record their range,
 * a full read records the whole file, module_report records nothing (an outline is not the code).
 * Coverage belongs to one content hash: a file changed by someone else invalidates it; the agent's own
 * edits carry it forward (`recordEdit`).
 *
 *   const guard = new ReadGuard();
 *   guard.recordRead("src/a.ts", text, { startLine: 10, endLine: 40 });
 *   guard.checkEdit("src/a.ts", text, { startLine: 12, endLine: 14 });   // { allowed: true }
 *   guard.checkEdit("src/a.ts", text, { startLine: 38, endLine: 50 });   // blocked, readFirst [41-50]
 *
 * Pure: no I/O. Hosts pass the file's current text (the guard hashes it).
 */
import { sha1Hex } from "./hash.js";
import { splitLines } from "./text.js";

export interface LineRange {
  startLine: number;
  endLine: number;
}

export type EditCheck =
  | { allowed: true; reason: string }
  | { allowed: false; reason: string; readFirst: LineRange[]; hint: string };

interface Coverage {
  hash: string;
  lineCount: number;
  ranges: LineRange[];
}

export function hashText(text: string): string {
  return sha1Hex(text);
}

/** Sorted, merged ranges (adjacent ranges join). */
export function mergeRanges(ranges: LineRange[]): LineRange[] {
  const sorted = ranges.filter((r) => r.endLine >= r.startLine).sort((a, b) => a.startLine - b.startLine);
  const out: LineRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.startLine <= last.endLine + 1) last.endLine = Math.max(last.endLine, r.endLine);
    else out.push({ ...r });
  }
  return out;
}

/** The parts of `want` not covered by `have` (merged). */
export function uncovered(want: LineRange, have: LineRange[]): LineRange[] {
  const out: LineRange[] = [];
  let cur = want.startLine;
  for (const r of have) {
    if (r.endLine < cur) continue;
    if (r.startLine > want.endLine) break;
    if (r.startLine > cur) out.push({ startLine: cur, endLine: Math.min(want.endLine, r.startLine - 1) });
    cur = Math.max(cur, r.endLine + 1);
    if (cur > want.endLine) break;
  }
  if (cur <= want.endLine) out.push({ startLine: cur, endLine: want.endLine });
  return out;
}

/** 1-based line ranges where `needle` occurs in `text` (for edit tools that name old text, not lines). */
export function rangesOfText(text: string, needle: string): LineRange[] {
  if (!needle) return [];
  const exact = exactRanges(text, needle);
  // pi's edit matches loosely when the exact text is not there (line endings, trailing whitespace, typographic
  // quotes): find it the same way, or such an edit would pass the guard unchecked. Lines keep their numbers.
  return exact.length ? exact : exactRanges(loose(text), loose(needle));
}

/** Text as a loose match compares it: `\n` line ends, no trailing whitespace on a line, ASCII quotes and dashes. */
function loose(s: string): string {
  return s
    .replace(/\r\n|\r/g, "\n")
    .replace(/[ \t]+(?=\n|$)/g, "")
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\u00a0/g, " ");
}

function exactRanges(text: string, needle: string): LineRange[] {
  if (!needle) return [];
  const out: LineRange[] = [];
  const newlines = (s: string) => (s.match(/\r\n|\r|\n/g) ?? []).length;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    const startLine = newlines(text.slice(0, i)) + 1;
    out.push({ startLine, endLine: startLine + newlines(needle.replace(/(?:\r\n|\r|\n)$/, "")) });
  }
  return out;
}

export class ReadGuard {
  private readonly files = new Map<string, Coverage>();
  private readonly outlined = new Set<string>();

  /** Record a read of `range` (whole file when omitted) of `path` whose current text is `text`. */
  recordRead(path: string, text: string, range?: LineRange): void {
    const hash = hashText(text);
    const lineCount = splitLines(text).length;
    let cov = this.files.get(path);
    if (!cov || cov.hash !== hash) cov = { hash, lineCount, ranges: [] };
    const r = range ? clampRange(range, lineCount) : { startLine: 1, endLine: Math.max(1, lineCount) };
    cov.ranges = mergeRanges([...cov.ranges, r]);
    this.files.set(path, cov);
  }

  /**
   * May the agent edit `range` of `path` (current text `text`)? New or empty files are always allowed.
   * Blocked answers name the uncovered lines to read first.
   */
  checkEdit(path: string, text: string, range: LineRange): EditCheck {
    const lineCount = splitLines(text).length;
    if (!text.length) return { allowed: true, reason: "empty file" };
    const want = clampRange(range, lineCount);
    const cov = this.files.get(path);
    if (!cov) return block(path, [want], this.outlined.has(path) ? "was read as an outline only (signatures or map, no bodies) in this session" : "not read in this session");
    if (cov.hash !== hashText(text)) return block(path, [want], "changed since it was read");
    const missing = uncovered(want, cov.ranges);
    if (!missing.length) return { allowed: true, reason: `lines ${want.startLine}-${want.endLine} were read` };
    return block(path, missing, `${linesWord(missing)} ${fmt(missing)} ${missing.length === 1 && missing[0]!.startLine === missing[0]!.endLine ? "was" : "were"} not read`);
  }

  /**
   * The agent's own edit changed `before` into `after`: keep its coverage, shifting ranges below the
   * changed region and counting the written lines as read. Without coverage of `before`, the written lines
   * alone are read.
   */
  recordEdit(path: string, before: string, after: string): void {
    // Without coverage of `before` (an edit let through in warn mode), only the written lines count.
    const known = this.files.get(path);
    const cov = known && known.hash === hashText(before) ? known : { ranges: [] as LineRange[] };
    const a = splitLines(before);
    const b = splitLines(after);
    let pre = 0;
    while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
    let suf = 0;
    while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
    const delta = b.length - a.length;
    const oldChangedEnd = a.length - suf; // last changed old line (1-based), may be < pre+1 for pure insertions
    const ranges: LineRange[] = [];
    for (const r of cov.ranges) {
      if (r.endLine <= pre) ranges.push({ ...r });
      else if (r.startLine > oldChangedEnd) ranges.push({ startLine: r.startLine + delta, endLine: r.endLine + delta });
      else {
        // Overlaps the changed region: keep the parts outside it.
        if (r.startLine <= pre) ranges.push({ startLine: r.startLine, endLine: pre });
        if (r.endLine > oldChangedEnd) ranges.push({ startLine: oldChangedEnd + 1 + delta, endLine: r.endLine + delta });
      }
    }
    if (b.length - suf > pre) ranges.push({ startLine: pre + 1, endLine: b.length - suf });
    this.files.set(path, { hash: hashText(after), lineCount: b.length, ranges: mergeRanges(ranges) });
  }

  /** The ranges read of `path` for content `text` (empty when unread or changed). */
  coverage(path: string, text: string): LineRange[] {
    const cov = this.files.get(path);
    return cov && cov.hash === hashText(text) ? cov.ranges.map((r) => ({ ...r })) : [];
  }

  /** The agent got an outline of `path` (its lines not read): a refused edit says so. */
  recordOutline(path: string): void {
    this.outlined.add(path);
  }

  /** Forget everything (a new session, or after compaction the agent no longer holds the text). */
  clear(): void {
    this.files.clear();
    this.outlined.clear();
  }
}

function clampRange(r: LineRange, lineCount: number): LineRange {
  const max = Math.max(1, lineCount);
  const s = Math.min(Math.max(1, Math.floor(r.startLine)), max);
  return { startLine: s, endLine: Math.min(Math.max(s, Math.floor(r.endLine)), max) };
}

/** `line 57`, `lines 57-60`, `lines 3, 7`. */
function linesWord(rs: LineRange[]): string {
  return rs.length === 1 && rs[0]!.startLine === rs[0]!.endLine ? "line" : "lines";
}

function fmt(rs: LineRange[]): string {
  return rs.map((r) => (r.startLine === r.endLine ? `${r.startLine}` : `${r.startLine}-${r.endLine}`)).join(", ");
}

function block(path: string, readFirst: LineRange[], why: string): EditCheck {
  const first = readFirst[0]!;
  return {
    allowed: false,
    reason: `${path} ${why}`,
    readFirst,
    hint: `read ${path} ${linesWord(readFirst)} ${fmt(readFirst)} first (read_enclosing ${path} ${first.startLine}, or read with offset=${first.startLine} limit=${first.endLine - first.startLine + 1})`,
  };
}
