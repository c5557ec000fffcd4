/**
 * A block comment left open (LanguageSpec.runOnComments). A doc comment being typed — `/**` and a line
 * of prose, its `*\/` not yet written — runs on over the code below it to the next `*\/`, the end of the
 * next doc comment: in a language whose block comments do not nest (C, Java, JS/TS, Go, C#) that is a
 * valid file, so no error tells of it, and the declarations between were silently gone from the report
 * (a TypeScript file lost `add` and `class Box` to a `/**` typed above them, with no warning).
 *
 * A comment runs on when another comment opens inside it (`/*` past its own opener), or — in a parse
 * with errors — when it closes on a `*\/` that a line comment or a string holds, and a line between
 * reads as code (not blank, not a `*` or `//` line). The comment is read as ending before such a line —
 * a `*\/` in place of the last two characters before it, same length — when that parses no worse: no
 * error regions where the parse had none, fewer and no larger where it had some (the `*\/` it ran to
 * was inside a body, and its `}` stood alone; a license header whose `*\/` follows a URL's `//`, read as
 * closed early, fails: its prose is an error).
 * Commented-out code holding a comment of its own fails that: its stray `*\/` stays an error either way.
 * A round per comment (≤ 3), each a warning of the report. Only the parsed text changes; the records read
 * the source.
 */
import type { Tree } from "web-tree-sitter";
import type { LoadedLanguage } from "./registry.js";
import { parse } from "./runtime.js";
import { errorRegions, reparseEdited, NO_REGIONS, type ErrorRegions } from "./reparse.js";

/** Comments read as closed (a file may hold more than one left open). */
const ROUNDS = 3;
/** Lines reading as code tried as the first line after the comment, in order. */
const TRIES = 3;
/**
 * Parses tried in all, over every comment: each is a parse of the file from the comment on, so a try
 * per comment was quadratic — a file of commented-out code, each block holding a `/*` of its own and
 * none read as closed, had cost three parses per block (300 of them in 12 KB: 9 s). The first
 * comments get them; a comment past the budget is read as written.
 */
const BUDGET = ROUNDS * TRIES;

/**
 * What a pack's prepareSource masked is masked again on the source with the comment closed (C's macro
 * masks skip comments: a `SKM_DEFINE_STACK_OF(…)` line the run-on comment held was left as written).
 */
export interface Remask {
  source: string;
  mask: (source: string) => string;
}

export function closeRunOnComments(lang: LoadedLanguage, typeList: readonly string[], text: string, tree: Tree, known?: ErrorRegions, remask?: Remask): { tree: Tree; text: string; regions?: ErrorRegions; notes: string[] } {
  const types = new Set(typeList);
  const notes: string[] = [];
  let regions = known;
  let source = remask?.source;
  let round = 0;
  const seen = new Set<number>();
  let tried = 0;
  const candidates = [...innerOpeners(text)].map((at) => ({ at, why: "a comment opens inside it" }));
  if (tree.rootNode.hasError) candidates.push(...borrowedClosers(text).map((at) => ({ at, why: "its `*/` is in a line comment, a string or a pattern" })));
  // The end of the last comment looked at and left as written: a candidate before it is in that comment
  // (not asked of the tree again — a search among the root's children per candidate).
  let passed = -1;
  for (const { at, why } of candidates.sort((a, b) => a.at - b.at)) {
    if (round >= ROUNDS || tried >= BUDGET) break;
    if (at < passed) continue;
    const comment = tree.rootNode.descendantForIndex(at, at + 1);
    if (!comment || !types.has(comment.type) || comment.startIndex >= at || comment.endIndex <= at || seen.has(comment.startIndex)) continue;
    // (A comment on one line has no line below its first to end before: not looked at — on a long line,
    // looking cost the line's length per comment.)
    if (comment.startPosition.row === comment.endPosition.row) continue;
    seen.add(comment.startIndex);
    passed = comment.endIndex;
    const before = tree.rootNode.hasError ? (regions ??= errorRegions(tree.rootNode)) : NO_REGIONS;
    let kept: { tree: Tree; text: string; source?: string; regions: ErrorRegions; line: number } | undefined;
    for (const lineStart of codeLines(text, comment.startIndex, at).slice(0, Math.min(TRIES, BUDGET - tried))) {
      tried++;
      const [alt, from, to] = closedBefore(text, comment.startIndex, lineStart);
      const edited = source !== undefined ? closedBefore(source, comment.startIndex, lineStart)[0] : undefined;
      const masked = edited !== undefined ? remask!.mask(edited) : alt;
      const next = masked === alt ? reparseEdited(lang, tree, text, alt, from, to) : parse(lang.language, masked);
      const after = next.rootNode.hasError ? errorRegions(next.rootNode) : NO_REGIONS;
      if (before.count === 0 ? after.count === 0 : after.count < before.count && after.chars <= before.chars) {
        kept = { tree: next, text: masked, source: edited, regions: after, line: lineOf(text, lineStart) };
        break;
      }
      next.delete();
    }
    if (!kept) continue;
    passed = -1;
    round++;
    const opened = comment.startPosition.row + 1;
    const ran = comment.endPosition.row + 1;
    notes.push(`the comment opened on line ${opened} is not closed before the code below it: as written it runs on to the \`*/\` on line ${ran} (${why}), hiding that code from the compiler — read as ending before line ${kept.line}`);
    tree.delete();
    ({ tree, text, source, regions } = kept);
  }
  return { tree, text, regions, notes };
}

/**
 * Offsets of `/*` that open while an earlier `/*` is still open, by the characters alone (strings and
 * regular expressions holding `/*` are sorted out by the tree: there the `/*` is in no comment).
 */
function* innerOpeners(text: string): Generator<number> {
  const none = text.length;
  const next = (token: string, from: number) => {
    const at = text.indexOf(token, from);
    return at < 0 ? none : at;
  };
  let open = false;
  let o = -1;
  let c = -1;
  for (let i = 0; ; ) {
    if (o < i) o = next("/*", i);
    if (o === none && !open) return;
    if (!open) {
      open = true;
      i = o + 2;
      continue;
    }
    if (c < i) c = next("*/", i);
    if (c < o) {
      open = false;
      i = c + 2;
    } else if (o < none) {
      yield o;
      i = o + 2;
    } else return;
  }
}

/**
 * Offsets of `*\/` that close a comment from inside a line comment, a string or a regular expression
 * (`// the *\/op metrics`, `"*\/*"`, `/JSON.*\/i`): a `//` or a quote before them on their line, or a
 * quantified `.`, `]` or `)`. A comment left open with no other comment
 * below it runs on to one of those, and the text after it is an error.
 */
function borrowedClosers(text: string): number[] {
  const out: number[] = [];
  // Each line's start found once, its text before each `*/` read once: a line of 20,000 `*/` had been
  // read back to its start per `*/` (quadratic in the line's length).
  let lineStart = 0;
  let lineEnd = -1;
  let read = 0;
  let marked = false;
  // The last `/*` before the `*/`: one on its own line means the comment holding the `*/` opened there
  // (one line: nothing to end before) or opened above it, where that `/*` is a candidate of its own (an
  // opener inside a comment) — a line of 20,000 `/* c */` had asked the tree for each.
  let lastOpen = -1;
  let nextOpen = text.indexOf("/*");
  for (let at = text.indexOf("*/"); at >= 0; at = text.indexOf("*/", at + 2)) {
    while (nextOpen >= 0 && nextOpen < at - 1) {
      lastOpen = nextOpen;
      nextOpen = text.indexOf("/*", nextOpen + 2);
    }
    if (at > lineEnd) {
      lineStart = text.lastIndexOf("\n", at) + 1;
      lineEnd = text.indexOf("\n", at);
      if (lineEnd < 0) lineEnd = text.length;
      read = lineStart;
      marked = false;
    }
    // (From one character back: a `//` across the last `*/`'s end.)
    if (!marked) marked = /\/\/|["'`]/.test(text.slice(Math.max(lineStart, read - 1), at));
    read = at;
    if (lastOpen < lineStart && (marked || (at > lineStart && /[.\])]/.test(text[at - 1]!)))) out.push(at);
  }
  return out;
}

/**
 * Starts of the lines after a comment's first line that read as code, down to the line of `inner` (its
 * text before `inner`: `#define X 5 /* give status *\/` under a `/**` left open).
 */
function codeLines(text: string, from: number, inner: number): number[] {
  const out: number[] = [];
  const innerLine = text.lastIndexOf("\n", inner - 1) + 1;
  for (let at = text.indexOf("\n", from) + 1; at > 0 && at <= innerLine; at = text.indexOf("\n", at) + 1) {
    const line = text.slice(at, at === innerLine ? inner : text.indexOf("\n", at)).trim();
    if (line && !line.startsWith("*") && !line.startsWith("//")) out.push(at);
  }
  return out;
}

/**
 * The text with the comment opening at `from` closed before the line at `lineStart`: its last two
 * characters a `*\/` (the doc being typed stays the declaration's doc), or, when the comment's text
 * there is too short, the comment blank. Same length; and the range changed.
 */
function closedBefore(text: string, from: number, lineStart: number): [string, number, number] {
  let end = lineStart - 1;
  if (text[end - 1] === "\r") end--;
  if (end - 2 >= from + 2) return [text.slice(0, end - 2) + "*/" + text.slice(end), end - 2, end];
  return [text.slice(0, from) + text.slice(from, lineStart).replace(/[^\r\n]/g, " ") + text.slice(lineStart), from, lineStart];
}

function lineOf(text: string, at: number): number {
  let row = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < at; i = text.indexOf("\n", i + 1)) row++;
  return row;
}
