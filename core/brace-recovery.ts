/**
 * Recovery from a half-typed edit in a brace language (LanguageSpec.recoverBraces). An agent reads a
 * file while it edits it; one missing `}` and tree-sitter nests every declaration after it inside the
 * function it was left out of, one unclosed `(` and it loses the rest of the file in an ERROR. The code
 * around the edit is indented as the author meant it, so the brackets are read against the indentation,
 * as an editor's folding does:
 *
 * - a `{` that ends its line opens a block whose body is indented deeper; a later line that starts a
 *   statement at the `{`'s indentation or shallower (or a `}` shallower) means the block was not closed
 *   — a `}` is inserted after the block's last body line;
 * - a `}` that starts its line at the block body's indentation closes a block whose `{` was deleted:
 *   the parse reads it as a space;
 * - a `(` or `[` still open when a line starts a statement at its line's indentation or shallower (or
 *   when a `}` meets it) was not closed: the parse reads it as a space. So does a closer nothing opened.
 *
 * A guess about a kind of bracket is made only when the file has more openers (or closers) of that
 * kind, strings and comments not counted: valid code a grammar misreads is balanced and keeps its parse.
 * The pipeline keeps the recovered parse only when its error regions shrink, and each edit is a warning
 * of the report: the outline is a reading of code that does not parse. Unindented bodies (an IIFE
 * wrapper's, a C++ namespace's, Go's `case` lines) are never judged: a block is judged only when its
 * first body line is indented deeper than the `{`.
 */
import type { Node } from "web-tree-sitter";
import { LONG_LINE } from "./text.js";

/** Opening tokens (the grammars' node types, with template and interpolation openers) and what closes each. */
const OPENERS: Readonly<Record<string, string>> = { "{": "}", "(": ")", "[": "]", "${": "}", "#{": "}", "\\(": ")" };
const TYPES = [...Object.keys(OPENERS), "}", ")", "]"];

/** Strings, comments and regexes of the brace languages' grammars: their brackets are text. */
const LITERAL_TYPES = [
  "comment", "line_comment", "block_comment", "multiline_comment", "string", "template_string", "regex", "string_literal",
  "raw_string_literal", "interpreted_string_literal", "rune_literal", "char_literal", "character_literal", "text_block",
  "verbatim_string_literal", "line_string_literal", "multi_line_string_literal",
];

/** Past this size the indentation is not read (the bracket list alone would be large). */
const MAX_CHARS = 2_000_000;

/** Past this many edits the file's indentation is not the author's structure: no recovery. */
const MAX_EDITS = 8;

export interface BraceRecovery {
  /** Closers inserted into the source (offset, character), in order: the parse and the records read them. */
  inserts: [number, string][];
  /** Ranges the parse reads as spaces, line breaks kept: a bracket, or the lines of a broken statement (the records still read the source). */
  masks: [number, number][];
  /** One per edit, for the report's warnings. */
  notes: string[];
}

interface Open {
  ch: string;
  close: string;
  at: number;
  row: number;
  indent: number;
  /** Nothing but a comment after it on its line. */
  lineEnd: boolean;
  /** The indentation of the next non-blank line (-1 at the end of the file). */
  content: number;
}

/** Lines that continue a statement or are no statement of their own: an operator, a label, `case`, a comment, a preprocessor line. */
const NOT_A_STATEMENT = /^(?:[.?:,&|+\-*/%=<>!~^#]|(?:case|default)\b|(?:public|private|protected|signals|slots)\s*:|[A-Za-z_$][\w$]*\s*:(?!:))/;

/** The edits that make a broken file's brackets agree with its indentation, or undefined when none do. */
export function braceEdits(text: string, root: Node): BraceRecovery | undefined {
  const table = rowTable(text);
  if (!table) return undefined;
  const { starts, indent, next } = table;
  const rows = starts.length;
  const rowEnd = (r: number) => (r + 1 < rows ? starts[r + 1]! - 1 : text.length);

  const inserts: [number, string][] = [];
  const masks: [number, number][] = [];
  // (Each note with the characters its edit covers: a note inside another's blanked lines is not said again.)
  const said: { at: [number, number]; note: string }[] = [];
  const insert = (at: number, ch: string, note: string) => {
    inserts.push([at, ch]);
    said.push({ at: [at, at], note });
  };
  const stack: Open[] = [];

  // Whether a row's first character starts something: not the inside of a template, string or block
  // comment, nor the closing backtick of a template (a token of a string-like node that started earlier).
  const ownStart = (r: number) => {
    const at = starts[r]! + indent[r]!;
    const leaf = root.descendantForIndex(at, at + 1);
    if (!leaf || leaf.startIndex < at) return !leaf;
    const parent = leaf.parent;
    return !(parent && parent.startIndex < at && /string|template|comment|regex/.test(parent.type));
  };
  const startsStatement = (r: number) => {
    const c = text[starts[r]! + indent[r]!]!;
    if (c === "}" || c === ")" || c === "]") return false;
    const head = text.slice(starts[r]! + indent[r]!, starts[r]! + indent[r]! + 40);
    return !head.startsWith("//") && !head.startsWith("/*") && !NOT_A_STATEMENT.test(head);
  };
  // The end of a row's code (before a comment ending it), or undefined when a token runs on past the
  // row (a template, a block comment).
  const codeEnd = (p: number): number | undefined => {
    let end = rowEnd(p);
    while (end > starts[p]! && /\s/.test(text[end - 1]!)) end--;
    const last = root.descendantForIndex(end - 1, end);
    if (!last || last.endIndex > end + 1) return undefined;
    return /comment/.test(last.type) && last.startIndex >= starts[p]! ? last.startIndex : end;
  };
  // Where a closer for `open` goes when row `before` shows it was left open: after its last body line's code.
  // (Not a comment's line: the doc above the next declaration, indented ` * ` lines and all, is not the body.)
  const closeAt = (open: Open, before: number): number | undefined => {
    for (let p = before - 1; p > open.row; p--) {
      const at = indent[p]! > open.indent && !commentRow(p) ? codeEnd(p) : undefined;
      if (at !== undefined) return at;
    }
    return undefined;
  };
  // A line that is all comment: its first character is a comment's (one that starts there or earlier).
  const commentRow = (p: number): boolean => {
    const at = starts[p]! + indent[p]!;
    return /comment/.test(root.descendantForIndex(at, at + 1)?.type ?? "");
  };
  // (Where a `}` was inserted for a `{` of each line: an unclosed `(` of that line closes after it, `forEach((x) => {`.)
  const closedOn = new Map<number, number>();
  const mask = (from: number, to: number, note: string) => {
    masks.push([from, to]);
    said.push({ at: [from, to], note });
  };
  // `function f(a, b {`: a parameter list the `{` ending its line follows is closed right before it.
  const beforeBlock = (open: Open): number | undefined => {
    const line = text.slice(open.at + 1, rowEnd(open.row)).trimEnd();
    const callee = /[\w$>]\s*$/.test(text.slice(starts[open.row]!, open.at)); // (a name or type parameters before it)
    return callee && line.endsWith("{") && !/[()[\]{]/.test(line.slice(0, -1)) ? open.at + 1 + line.length - 1 : undefined;
  };
  const unclosed = (open: Open, before: number) => {
    const block = open.close === ")" ? beforeBlock(open) : undefined;
    const after = open.close !== "}" && block === undefined ? closedOn.get(open.row) : undefined;
    const at = open.close === "}" ? closeAt(open, before) : (block ?? (after !== undefined && after > open.at ? after : undefined));
    if (at === undefined) {
      // An unclosed call or list: its lines up to the one that showed it, from the line's start unless
      // a bracket still open starts there too (`foo(a,` → nothing; `f({ a: g(` → from the `(`).
      // (Not the blank and comment lines above the line that showed it: the next declaration's doc.)
      let last = Math.max(open.row, before - 1);
      while (last > open.row && (indent[last]! < 0 || commentRow(last))) last--;
      const from = open.close === "}" || before === open.row || stack.some((o) => o !== open && o.row === open.row) ? open.at : starts[open.row]!;
      const to = from === open.at && open.close === "}" ? open.at + open.ch.length : rowEnd(last);
      const what = to === open.at + open.ch.length ? "it" : from === open.at ? `it and the rest of ${lineSpan(open.row, last)}` : lineSpan(open.row, last);
      mask(from, to, `the \`${open.ch}\` on line ${open.row + 1} is not closed: read without ${what}`);
    } else {
      const where = block !== undefined ? "before its line's `{`" : open.close !== "}" ? `after the \`}\` read on line ${rowOf(starts, at) + 1}` : `on line ${rowOf(starts, at) + 1}, by the indentation`;
      insert(at, open.close, `no \`${open.close}\` closes the \`${open.ch}\` on line ${open.row + 1}: read as closed ${where}`);
      if (open.close === "}") closedOn.set(open.row, at);
    }
    stack.pop();
  };

  // A `}` at line start that closes no block open above it at its indentation: the block's `{` was
  // deleted (`if (x)` then its body: the `{` goes back at the end of the head line), or its whole head
  // line was (the body lines and the `}` are read as blank). False when no line above, inside
  // `floor`'s block, stands at the `}`'s indentation.
  // (A line ending in `,` or `(` heads the block only when it is `argument`, the line of the call still open.)
  const orphan = (t: Node, r: number, floor: number, argument = -1): boolean => {
    const k = indent[r]!;
    let p = r - 1;
    while (p > floor && (indent[p]! < 0 || indent[p]! > k)) p--;
    if (p <= floor || indent[p] !== k) return false;
    const end = codeEnd(p);
    if (end !== undefined && end > starts[p]! + k && !(p === argument ? /[;{}]/ : /[;,{}([]/).test(text[end - 1]!)) {
      insert(end, "{", `no \`{\` opens the block the \`}\` on line ${r + 1} closes: read as opened at the end of line ${p + 1}, by the indentation`);
    } else if (p + 1 === r) mask(t.startIndex, t.endIndex, `the \`}\` on line ${r + 1} closes nothing: read without it`);
    else mask(starts[p + 1]!, t.endIndex, `the \`}\` on line ${r + 1} ends a block whose head is gone: read without ${lineSpan(p + 1, r)}`);
    return true;
  };

  const oddOnLine = (q: Node): boolean => {
    const r = q.startPosition.row;
    return text.slice(starts[r]!, rowEnd(r)).split(q.type).length % 2 === 0;
  };
  // A string left open (`const s = 'abc` and the line ends): its quote, loose in an error, reads as a
  // space — the words after it are read as code, not as a string running into the next lines.
  // (Only a quote its line leaves unmatched: Rust's `('🕐', '🕧')`, char literals the grammar misreads, pair up.)
  for (const q of root.descendantsOfType(["'", '"'])) {
    if (q && q.parent?.type === "ERROR" && !q.isMissing && oddOnLine(q)) mask(q.startIndex, q.endIndex, `the string opened on line ${q.startPosition.row + 1} is not closed: read without its quote`);
  }
  const brackets = root.descendantsOfType(TYPES);
  // Whether row r (its brackets from index i on) closes more of `open`'s kind than it opens: the row
  // continues the list (`diff(a, b,` / `// note` / `    options = {}) {`), whatever its indentation.
  const closesOnRow = (i: number, r: number, open: Open): boolean => {
    let depth = 0;
    for (; i < brackets.length && brackets[i]!.startPosition.row === r; i++) {
      if (brackets[i]!.isMissing) continue;
      const type = brackets[i]!.type;
      if (type === open.close && --depth < 0) return true;
      if (OPENERS[type] === open.close) depth++;
    }
    return false;
  };
  // Openers less closers of each kind in the whole text: a guess that an opener was left open is made
  // only for a kind the file has more openers of, that a closer is stray only for one it has more
  // closers of (valid code a grammar misreads is balanced: rustc's `#![cfg(not(any(…)))]`).
  // (Not those inside strings, comments and regexes: a message's "(" is no opener.)
  const balance: Record<string, number> = { "}": 0, ")": 0, "]": 0 };
  const count = (from: number, to: number, sign: number) => {
    for (let i = from; i < to; i++) {
      const c = text[i]!;
      if (c === "{") balance["}"]! += sign;
      else if (c === "}") balance["}"]! -= sign;
      else if (c === "(") balance[")"]! += sign;
      else if (c === ")") balance[")"]! -= sign;
      else if (c === "[") balance["]"]! += sign;
      else if (c === "]") balance["]"]! -= sign;
    }
  };
  count(0, text.length, 1);
  let covered = -1;
  for (const n of root.descendantsOfType(LITERAL_TYPES)) {
    if (!n || n.startIndex < covered) continue;
    count(n.startIndex, n.endIndex, -1);
    covered = n.endIndex;
  }
  const opensMore = (close: string) => balance[close]! > 0;
  const closesMore = (close: string) => balance[close]! < 0;
  let b = 0;
  for (let r = 0; r < rows; r++) {
    // A line that starts a statement at an open block's indentation or shallower: the block was left open.
    if (indent[r]! >= 0 && stack.length && startsStatement(r)) {
      for (let top = stack.at(-1); top; top = stack.at(-1)) {
        const judged = top.close === "}" ? top.lineEnd && top.content > top.indent : !closesOnRow(b, r, top);
        if (!judged || indent[r]! > top.indent || !opensMore(top.close) || !ownStart(r)) break;
        unclosed(top, r);
      }
    }
    for (; b < brackets.length && brackets[b]!.startPosition.row <= r; b++) {
      const t = brackets[b]!;
      if (t.isMissing || t.startIndex === t.endIndex) continue;
      const close = OPENERS[t.type];
      if (close) {
        const end = rowEnd(r);
        const rest = text.slice(t.endIndex, end).trimStart();
        stack.push({ ch: t.type, close, at: t.startIndex, row: r, indent: Math.max(0, indent[r]!), lineEnd: !rest || rest.startsWith("//") || rest.startsWith("/*"), content: next[r]! });
        continue;
      }
      const first = t.startIndex === starts[r]! + indent[r]!;
      for (;;) {
        const top = stack.at(-1);
        if (!top || (top.close !== t.type && !stack.some((o) => o.close === t.type))) {
          if (closesMore(t.type) && !(first && t.type === "}" && orphan(t, r, -1))) mask(t.startIndex, t.endIndex, `the \`${t.type}\` on line ${r + 1} closes nothing: read without it`);
          break;
        }
        if (top.close !== t.type && !opensMore(top.close)) {
          stack.pop(); // (a kind the file is balanced in: the parse's reading stands)
          continue;
        }
        if (top.close !== t.type) {
          // (`foo(function () { … )`: the `{` left open closes right before the `)`.)
          if (top.close === "}") {
            insert(t.startIndex, "}", `no \`}\` closes the \`{\` on line ${top.row + 1}: read as closed on line ${r + 1}`);
            stack.pop();
          } else if (first && t.type === "}" && orphan(t, r, top.row - 1, top.row)) {
            break; // (`emit("x",` then an object's lines and `});`: the object's `{` goes back after the `,`)
          } else unclosed(top, r);
          continue;
        }
        if (first && top.close === "}" && top.lineEnd && top.content > top.indent) {
          if (indent[r]! < top.indent && opensMore("}")) {
            unclosed(top, r);
            continue;
          }
          if (indent[r]! > top.indent && indent[r]! >= top.content && closesMore("}")) {
            if (!orphan(t, r, top.row)) mask(t.startIndex, t.endIndex, `the \`}\` on line ${r + 1} is indented as the body of the block on line ${top.row + 1}, not its end: read without it`);
            break;
          }
        }
        // (A `{` ending its line with no body indented yet, `x := T{` typed in a Go func, when this `}`
        // stands at the indentation of an outer block's line: that block's end, the `{` read without its line.)
        // (Not one that shares its line with another opener still open, `if (x {`: the parse's reading stands.)
        if (first && top.close === "}" && top.lineEnd && top.content <= top.indent && indent[r]! < top.indent && opensMore("}") && !stack.some((o) => o !== top && o.row === top.row) && stack.some((o) => o !== top && o.close === "}" && o.indent === indent[r])) {
          mask(starts[top.row]!, rowEnd(top.row), `the \`{\` on line ${top.row + 1} is not closed: read without ${lineSpan(top.row, top.row)}`);
          stack.pop();
          continue;
        }
        stack.pop();
        break;
      }
      if (inserts.length + masks.length > MAX_EDITS) return undefined;
    }
  }
  // Still open at the end: a `{` whose body was not indented (`class X {` typed above the next
  // declaration) is read without its line — the lines after it are not its body; so is a `(` or `[`
  // (`if (x {`). (A `{` whose body is indented runs to the end, as the parse reads it.)
  for (let i = stack.length - 1; i >= 0; i--) {
    const open = stack[i]!;
    const underneath = stack.some((o, j) => j < i && o.row === open.row && o.close !== "}"); // (blanked with its line)
    if (!opensMore(open.close) || (open.close === "}" && (!open.lineEnd || open.content > open.indent || underneath))) continue;
    if (open.close === "}") {
      // (Its line with it, `if x {` typed above a Go func: the head alone is no statement either.)
      const alone = !stack.some((o, j) => j < i && o.row === open.row);
      mask(alone ? starts[open.row]! : open.at, alone ? rowEnd(open.row) : open.at + open.ch.length, `the \`{\` on line ${open.row + 1} is not closed: read without ${alone ? lineSpan(open.row, open.row) : "it"}`);
      continue;
    }
    const shared = stack.some((o, j) => j < i && o.row === open.row && o.close === "}");
    mask(shared ? open.at : starts[open.row]!, rowEnd(open.row), `the \`${open.ch}\` on line ${open.row + 1} is not closed: read without ${shared ? `it and the rest of ${lineSpan(open.row, open.row)}` : lineSpan(open.row, open.row)}`);
  }
  if (!inserts.length && !masks.length) return undefined;
  // (Ranges merged, and a closer inside a blanked range dropped: each edit is read once.)
  const merged: [number, number][] = [];
  for (const m of masks.sort((x, y) => x[0] - y[0])) {
    const last = merged.at(-1);
    if (last && m[0] <= last[1]) last[1] = Math.max(last[1], m[1]);
    else merged.push([m[0], m[1]]);
  }
  const inside = ([a, b]: [number, number], [from, to]: [number, number]) => from <= a && b <= to && (from < a || b < to);
  const kept = inserts.filter(([at]) => !merged.some(([from, to]) => from < at && at <= to));
  const notes = sameNotesCounted(said.filter((n, i) => !said.some((o, j) => j !== i && o.at[0] < o.at[1] && (inside(n.at, o.at) || (j < i && o.at[0] === n.at[0] && o.at[1] === n.at[1])))).map((n) => n.note));
  return { inserts: kept.sort((x, y) => x[0] - y[0]), masks: merged, notes };
}

/** A file's rows as the recoveries read them: where each starts, its indentation and the next non-blank row's. */
export interface RowTable {
  starts: number[];
  /** Leading spaces and tabs of each row; -1 for a blank one. */
  indent: Int32Array;
  /** The indentation of the next non-blank row after each (-1 at the end). */
  next: Int32Array;
}

/** The rows of a text, or undefined when it has no indentation to read (too large, or a minified line). */
export function rowTable(text: string): RowTable | undefined {
  if (text.length > MAX_CHARS) return undefined;
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    // (A minified line: no indentation to read.)
    if (i + 1 - starts.at(-1)! > LONG_LINE) return undefined;
    starts.push(i + 1);
  }
  const rows = starts.length;
  const indent = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const end = r + 1 < rows ? starts[r + 1]! - 1 : text.length;
    let i = starts[r]!;
    while (i < end && (text[i] === " " || text[i] === "\t")) i++;
    indent[r] = i === end || text[i] === "\r" ? -1 : i - starts[r]!;
  }
  const next = new Int32Array(rows);
  for (let r = rows - 1, after = -1; r >= 0; r--) {
    next[r] = after;
    if (indent[r]! >= 0) after = indent[r]!;
  }
  return { starts, indent, next };
}

/** `line 4` or `lines 4–7` (rows 0-based). */
export function lineSpan(from: number, to: number): string {
  return from === to ? `line ${from + 1}` : `lines ${from + 1}–${to + 1}`;
}

function rowOf(starts: number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The text with the recovery's masks (a space each) and inserts applied; `masked` false for the source the records read. */
export function applyBraceEdits(text: string, edits: BraceRecovery, masked: boolean): string {
  const all: [number, number, string][] = edits.inserts.map(([at, ch]) => [at, 0, ch]);
  if (masked) for (const [from, to] of edits.masks) all.push([from, to - from, text.slice(from, to).replace(/[^\n\r]/g, " ")]);
  all.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let out = "";
  let from = 0;
  for (const [at, drop, ch] of all) {
    out += text.slice(from, at) + ch;
    from = at + drop;
  }
  return out + text.slice(from);
}

/** Notes said once each: `b)))` masks two `)` of one line — "the 2 `)` on line 8 close nothing", not that note twice. */
function sameNotesCounted(notes: string[]): string[] {
  const count = new Map<string, number>();
  for (const n of notes) count.set(n, (count.get(n) ?? 0) + 1);
  return [...count].map(([n, k]) => (k > 1 ? n.replace(/^the (`[^`]+`) (on line \d+) closes nothing: read without it$/, `the ${k} $1 $2 close nothing: read without them`) : n));
}
