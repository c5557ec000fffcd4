/**
 * A string left open (LanguageSpec.runOnStrings). An agent typing a docstring or a template literal
 * leaves its opening quote unpaired, and the string runs on over the code below it — to the next quote
 * of its kind, which then opens the next string, and so on to the end of the file: a Python file with a
 * `"""` typed and not yet closed lost every def after it, a TypeScript file with a backtick left open
 * every declaration. No bracket or indentation guess sees it (the quotes are inside the string). A block
 * comment left open is core/run-on-comments.ts'.
 *
 * The first string in (or running into) the first error regions whose node type the pack names has its
 * opening quote read as blank — its line is an error, the code after it parses — when that shrinks the
 * error regions, a round per string (≤ 3), each a warning of the report. Only the parsed text changes
 * (same length); the records read the source. A C++ raw string left open (`R"(abc`) closes on the first
 * `)"` below it, often a string of code's (`os << ")";`), far from the one error (a `}` left over at the
 * end): one closed so (closedByCode) looks run on, and is kept when the error is no larger and more of
 * the file reads as code.
 */
import type { Node, Tree } from "web-tree-sitter";
import type { LoadedLanguage } from "./registry.js";
import { errorRegions, eachTopError, reparseEdited, shrinks, NO_REGIONS, type ErrorRegions } from "./reparse.js";

/**
 * What follows a string's closing quote on its line when the string closed there: nothing, a comment,
 * or an operator or a closing bracket (`""".strip()`, a template's `` `); ``, a `% x`). Anything else —
 * words, `<!--` — and the quote was the next string's opening one, whose text is now read as code.
 */
const CLOSED_HERE = /^[ \t]*(?:$|\r?\n|[)\]},;.:%+*/|&=!?>\-[#\\])/;

const QUOTES = new Set(['"', "'", "`"]);

/** Rounds: each a string closed (a file may hold more than one left open). */
const ROUNDS = 3;
/** Strings tried a round of each rank (Opener.rank), in document order, the reading with the least error kept. */
const TRIES = 2;
/** Error regions searched for strings, in document order. */
const REGIONS_SEARCHED = 2;

export function closeRunOnStrings(lang: LoadedLanguage, typeList: readonly string[], text: string, tree: Tree, known?: ErrorRegions, semicolon = false): { tree: Tree; text: string; regions: ErrorRegions; notes: string[] } {
  let regions = known ?? errorRegions(tree.rootNode);
  const types = new Set(typeList);
  const notes: string[] = [];
  const tried = new Set<number>();
  for (let round = 0; round < ROUNDS && regions.count > 0; round++) {
    // (The candidates' readings side by side, the one with the least error kept: a docstring the error
    // only ran into shrinks the regions a little, the string left open takes them away.)
    let best: { tree: Tree; text: string; regions: ErrorRegions; opener: Opener } | undefined;
    const left = openers(tree.rootNode, types, text).filter((o) => !tried.has(o.from));
    for (const opener of [0, 1].flatMap((rank) => left.filter((o) => o.rank === rank).slice(0, TRIES))) {
      tried.add(opener.from);
      let { alt, next, after } = reading(lang, tree, text, opener.from, false);
      // (Where a statement ends with `;` (LanguageSpec.runOnStringsSemicolon), the string's statement
      // lacks its own: when the reading leaves an error on the string's line or the next, the line read
      // as `"…";` too, the one with less error kept — `var s = $"Hi {x}` before an `if (…) {` line had
      // broken into 14 regions, too many to keep.)
      if (semicolon && after.lines.some(([a, b]) => a <= opener.line + 1 && b >= opener.line)) {
        const ended = reading(lang, tree, text, opener.from, true);
        if (ended.after.count < after.count || (ended.after.count === after.count && ended.after.chars < after.chars)) {
          next.delete();
          ({ alt, next, after } = ended);
        } else ended.next.delete();
      }
      // (A string that looks run on is kept when the error shrinks, or when there are fewer regions and
      // more of the file reads as code: the code it had hidden was no error, and may leave one for the
      // bracket guesses — `log(`x` read as `log("  "` leaves its `(` open. Another must halve the error.)
      // Never into more regions than a string's line and the one after would be (a string of code in a
      // test, read as closed, broke into 17 where the parse had one over a grammar gap).
      const few = after.count <= Math.max(regions.count, 2);
      // (A raw string closed by a string of code, closedByCode, is kept too when the error is no larger
      // and more of the file reads as code: its own line's missing `;` is as large as the `}` left over
      // at the file's end.)
      const moreCode = next.rootNode.descendantCount > tree.rootNode.descendantCount;
      const better = few && (opener.rank === 0 ? shrinks(regions, after) || (after.count < regions.count && moreCode) || (opener.byCode === true && after.count <= regions.count && after.chars <= regions.chars && moreCode) : shrinks(regions, after) && after.chars * 2 <= regions.chars);
      if (better && (!best || after.count < best.regions.count || (after.count === best.regions.count && after.chars < best.regions.chars))) {
        best?.tree.delete();
        best = { tree: next, text: alt, regions: after, opener };
      } else next.delete();
    }
    if (!best) break;
    tree.delete();
    ({ tree, text, regions } = best);
    notes.push(`the string opened on line ${best.opener.line} ${best.opener.alone ? "is not closed" : "runs on over the code after it"}: read as closed at the end of its line`);
  }
  return { tree, text, regions, notes };
}

/** A C++ raw string's opener anywhere in a text (closeQuietRawStrings looks no further without one). */
const RAW_ANYWHERE = /R"[^\s()\\"]{0,16}\(/;

/**
 * A raw string left open in a file that still parses (C++; a pack naming the `R"` opener): closed by a
 * string of code's `)"` (closedByCode) after which the braces pair up again — the code between was
 * silently a string, the functions there missing with no error. Read as closed at the end of its line
 * when that parses without error and more of the file reads as code; a warning, no syntax error (the
 * file compiles). One a file.
 */
export function closeQuietRawStrings(lang: LoadedLanguage, text: string, tree: Tree, semicolon = false): { tree: Tree; text: string; notes: string[] } {
  if (!RAW_ANYWHERE.test(text)) return { tree, text, notes: [] };
  for (const n of tree.rootNode.descendantsOfType("raw_string_literal")) {
    if (!n || n.endPosition.row === n.startPosition.row || !closedByCode(n, text)) continue;
    const count = tree.rootNode.descendantCount;
    for (const ended of semicolon ? [false, true] : [false]) {
      const { alt, next, after } = reading(lang, tree, text, n.startIndex, ended);
      if (after.count === 0 && next.rootNode.descendantCount > count) {
        const note = `the raw string opened on line ${n.startPosition.row + 1} is closed only by the \`)"\` of a string of code on line ${n.endPosition.row + 1}: read as closed at the end of its line`;
        tree.delete();
        return { tree: next, text: alt, notes: [note] };
      }
      next.delete();
    }
  }
  return { tree, text, notes: [] };
}

/** The tree and error regions of the text with the string opening at `from` closed at its line's end. */
function reading(lang: LoadedLanguage, tree: Tree, text: string, from: number, semicolon: boolean): { alt: string; next: Tree; after: ErrorRegions } {
  const alt = closedAtLineEnd(text, from, semicolon);
  const to = alt.indexOf("\n", from);
  const next = reparseEdited(lang, tree, text, alt, from, to < 0 ? alt.length : to);
  return { alt, next, after: next.rootNode.hasError ? errorRegions(next.rootNode) : NO_REGIONS };
}

/**
 * The text with a string that opens at `from` read as one closed at the end of its line: a `"` there
 * and at the line's end, blanks between (same length; the string keeps its line, so a declaration's
 * head, read from the source, shows it); with `semicolon`, a `;` after it in the line's last column.
 */
function closedAtLineEnd(text: string, from: number, semicolon = false): string {
  let to = text.indexOf("\n", from);
  if (to < 0) to = text.length;
  if (text[to - 1] === "\r") to--;
  const n = to - from;
  const closed = semicolon && n >= 3 ? '"' + " ".repeat(n - 3) + '";' : n >= 2 ? '"' + " ".repeat(n - 2) + '"' : " ".repeat(n);
  return text.slice(0, from) + closed + text.slice(to);
}

interface Opener {
  /**
   * 0 where the string looks run on — an opening quote standing alone in an ERROR (its string never
   * closed), or a string spanning lines whose closing quote is missing or not CLOSED_HERE — else 1. The first
   * string run on is the first of rank 0 (the quotes after it pair wrongly).
   */
  rank: number;
  /** Where the string opens (its line is read from there on as an empty string). */
  from: number;
  line: number;
  /** Closed by the `)"` of a string of code (closedByCode). */
  byCode?: boolean;
  /** A `"` alone in an ERROR: a string the grammar ends at its line (C#, C++), which ran on over nothing. */
  alone?: boolean;
}

/**
 * Opening quotes of strings that may have run on, the likeliest first (Opener.rank), each group in
 * document order: up to the end of the first error regions, a string node of the pack's types spanning
 * lines that looks run on (its first token; before a region too — it may have closed on a quote the
 * error only follows: what follows its quote on its line or the line after is an error region), or an opening-quote token standing alone in an ERROR; then the other strings
 * spanning lines inside the regions.
 */
function openers(root: Node, types: ReadonlySet<string>, text: string): Opener[] {
  const regions: Node[] = [];
  const regionRows = new Set<number>();
  eachTopError(root, (region) => {
    if (regions.length >= REGIONS_SEARCHED) return;
    regions.push(region);
    regionRows.add(region.startPosition.row);
  });
  const last = regions[regions.length - 1];
  if (!last) return [];
  const end = last.endIndex;
  const inRegion = (at: number) => regions.some((r) => at >= r.startIndex && at < r.endIndex);
  const out: Opener[] = [];
  // (From the string's start: its prefix and opening quote — `f"""`, `@"`, `"""` — go too; a string's
  // text alone in an ERROR, from the quotes before it: Kotlin's `"""` is no node of its own.)
  const add = (string: Node, rank: number, byCode = false) => {
    let from = string.startIndex;
    while (from > 0 && QUOTES.has(text[from - 1]!)) from--;
    out.push({ rank, from, line: string.startPosition.row + 1, ...(byCode ? { byCode } : {}), ...(string.type === '"' ? { alone: true } : {}) });
  };
  // The pack's strings up to the end of the regions, found by the runtime (a walk over every node in
  // JavaScript cost ~5 ms a C++ file whose macros leave errors, with nothing to find); its quote tokens
  // only inside the regions, where one can stand alone in an ERROR (every string has two elsewhere).
  const { language } = root.tree;
  const named = [...types].filter((t) => language.idForNodeType(t, true) !== null);
  const tokens = [...types].filter((t) => !named.includes(t));
  const found: Node[] = [];
  const keep = (ns: (Node | null)[]) => {
    for (const n of ns) if (n && n.startIndex < end) found.push(n);
  };
  if (named.length) keep(root.descendantsOfType(named, root.startPosition, last.endPosition));
  if (tokens.length) for (const r of regions) keep(r.descendantsOfType(tokens));
  found.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  // (A string's own quotes and text, and strings inside it, are paired: skipped, as inside the one before.)
  let inside = -1;
  for (const n of found) {
    if (n.startIndex < inside) continue;
    inside = n.endIndex;
    if (n.endPosition.row > n.startPosition.row) {
      // (Or closed by a quote the parser supplied, MISSING, or where an error region starts: what
      // follows its quote does not parse.)
      if (closedByCode(n, text)) add(n, 0, true);
      else if (n.lastChild?.isMissing || !CLOSED_HERE.test(text.slice(n.endIndex, n.endIndex + 80)) || regionRows.has(n.endPosition.row) || regionRows.has(n.endPosition.row + 1)) add(n, 0);
      else if (inRegion(n.startIndex)) add(n, 1);
    } else if (n.childCount === 0 && n.parent?.isError && (n.type !== '"' || oddOnLine(n, text))) add(n, 0);
  }
  return out.sort((a, b) => a.rank - b.rank || a.from - b.from);
}

/**
 * Whether a `"` alone in an ERROR is one its line leaves unpaired (`var s = "abc`), its escapes aside:
 * a macro the grammar cannot parse leaves a valid `""` as two (`ABSL_FLAG(int, f, 0, "").OnUpdate(…)`).
 */
function oddOnLine(quote: Node, text: string): boolean {
  const start = text.lastIndexOf("\n", quote.startIndex - 1) + 1;
  let end = text.indexOf("\n", quote.startIndex);
  if (end < 0) end = text.length;
  return text.slice(start, end).replace(/\\./g, "").split('"').length % 2 === 0;
}

/** A C++ raw string's opening and closing delimiters: `R"(`, `u8R"json(`; `)"`, `)json"`. */
const RAW_OPEN = /^(?:u8|[uUL])?R"[^\s()\\"]{0,16}\(/;
const RAW_CLOSE = /\)[^\s()\\"]{0,16}"$/;

/**
 * A raw string (C++) closed by the `)"` of a string of code on its last line — `R"(abc` left open runs
 * to `os << ")";` —: an odd number of `"` stand before its closing one on that line (the quote that
 * opened the code's string). A raw string closed on purpose has them paired there, or none (`  )json"`).
 */
function closedByCode(n: Node, text: string): boolean {
  const end = n.endIndex;
  if (!RAW_OPEN.test(text.slice(n.startIndex, n.startIndex + 22)) || !RAW_CLOSE.test(text.slice(Math.max(n.startIndex, end - 18), end))) return false;
  const line = text.slice(text.lastIndexOf("\n", end - 1) + 1, end - 1);
  return line.split('"').length % 2 === 0;
}
