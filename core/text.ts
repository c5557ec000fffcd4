/** Small text helpers shared by the core, packs and renderers. */

/** Collapse all whitespace runs to one space and trim. */
export function collapse(text: string): string {
  // (\s has U+2028/U+2029 but not U+0085, NEL: a line break too.)
  return text.replace(/[\s\u0085]+/g, " ").trim();
}

/** A run of whitespace holding a line break. */
const BROKEN = String.raw`[ \t]*(?:\r\n|[\n\r\u0085\u2028\u2029])[\s\u0085]*`;
const AFTER_OPEN = new RegExp(String.raw`([(\[<])${BROKEN}`, "g");
const BEFORE_CLOSE = new RegExp(String.raw`,?${BROKEN}(?=[)\]]|>(?!=))`, "g");
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
const COMMA_BEFORE_BRACE = new RegExp(String.raw`,${BROKEN}(?=\})`, "g");
/** A path's `::` ending a line (libstdc++'s `vector<bool, _Alloc>::` ⏎ `_M_reallocate(…)`): no space after it. */
const AFTER_PATH = new RegExp(String.raw`(\S::)${BROKEN}`, "g");

/**
 * A declaration head on one line, as it would be written on one: a formatter's line breaks after an
 * opening bracket and before a closing one go, with the trailing comma it added (`def f(\n    a: int,\n)
 * -> None` is `def f(a: int) -> None`, not `def f( a: int, ) -> None`; `({\n  a,\n  b,\n})` is `({ a, b })`);
 * other whitespace runs are one space.
 */
export function collapseHead(text: string): string {
  if (!LINE_BREAK.test(text)) return collapse(text); // most heads: one line already
  return collapse(separateBraceMembers(text).replace(AFTER_OPEN, "$1").replace(BEFORE_CLOSE, "").replace(COMMA_BEFORE_BRACE, " ").replace(AFTER_PATH, "$1"));
}

/**
 * Members of a `{ … }` written one per line with no separator (a type literal in a codebase without
 * semicolons: prosemirror's `config: {\n  schema: Schema\n  plugins?: readonly Plugin[]\n}`): a `;`
 * where the line break was, so one line does not read `{ schema: Schema plugins?: … }` — also after a
 * member ending in a nested `{ … }`, and before a call signature (effect's `dual` overloads).
 */
function separateBraceMembers(text: string): string {
  if (!text.includes("{")) return text;
  const opens: string[] = [];
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "{" || c === "(" || c === "[") opens.push(c);
    else if ((c === "}" || c === ")" || c === "]") && opens.length) opens.pop();
    else if ((c === "\n" || c === "\r") && opens[opens.length - 1] === "{") {
      const prev = out.trimEnd();
      // (Not after a conditional's `?` ending its line, `x: T extends string ? // note` + `number : boolean`.)
      const before = /[\w$\])}>'"?]$/.test(prev) && !/(?:[-=]>|\s\?|(?:^|[^\w$])(?:extends|keyof|typeof|readonly|in|as|is|new))$/.test(prev);
      // (A member may open with `(` or `<`: a call signature, `(name: string): Fn`, `<T>(x: T): T`.)
      const after = /^[ \t\r\n]*(?:readonly\s+)?[A-Za-z_$\[(<]/.test(text.slice(i + 1));
      if (before && after) out = out.trimEnd() + ";";
    }
    out += c;
  }
  return out;
}

/** The most of a search query an answer says back (a 20,000-character query had come back whole, twice). */
export const QUERY_SAID = 120;

/** A C0/C1 control character or U+2028/2029: what breaks or hides a line of text. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Whether `s` holds a character that breaks or hides a line of text (a newline in a file name). */
export function hasControl(s: string): boolean {
  return CONTROL.test(s);
}

/** A path as text shows it: JSON-quoted (`"x\ny.ts"`) when it holds such a character, else as it is. */
export function shownPath(p: string): string {
  return CONTROL.test(p) ? JSON.stringify(p) : p;
}

/** Cut `text` to at most `max` characters, at a word boundary when one is near, marking the cut with `…`. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd() + "…";
}

/** A line of nothing but whitespace between two lines: a paragraph's end (firstSentence). */
export const PARAGRAPH_BREAK = /\n[^\S\n]*\n/;

/**
 * A `.` after these ends no sentence (firstSentence): common abbreviations, an initial after a
 * capitalised name (`John F. Kennedy`) — not a one-letter type (`of type *T.`, `returns a T.`) — and a
 * list item's number (`3. clone everything else…`, `in the default case: 1. execute_sql()`).
 */
export const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|eg|ie|viz|a\.k\.a|etc|ex|vs|cf|approx|resp|incl|Dr|Mr|Mrs|St|No)|\b[A-Z][a-z]+ [A-Z]|(?:^|:\s*)\d{1,2})\.$/;

/** Dots standing alone end no sentence (firstSentence): `Resolves . and .. segments` names them. */
export const LONE_DOTS = /(?:^|\s)\.+$/;

/** The first sentence of a doc's prose (fenced code left out), whitespace-collapsed, at most `max` characters. */
export function firstSentence(text: string, max = 120): string {
  // A doc that opens with an example (```js … ```) is summed up by its prose, not its code.
  if (text.includes("```")) {
    // (With the line ends around it: a fence inside a paragraph does not end the paragraph.)
    const prose = text.replace(/\n?```[\s\S]*?(?:```|$)\n?/g, " ");
    // (A doc that is only an example has no summary: no code for one.)
    if (!/[\p{L}\p{N}]/u.test(prose) && /^\s*```/.test(text)) return "";
    if (/[\p{L}\p{N}]/u.test(prose)) text = prose;
  }
  // A blank line ends the first paragraph: a summary with no full stop (`Converts a thing` / `` /
  // `# Examples`) is not run into the next one.
  // (Looked for only as far as the summary can reach: a window of the text growing until it holds
  // more than `max` characters once collapsed — a break after that changes nothing.)
  const lead = text.search(/\S/);
  for (let len = 4 * (max + 2); lead >= 0; len *= 2) {
    const win = text.slice(lead, lead + len);
    const gap = win.search(PARAGRAPH_BREAK);
    if (gap > 0 && /[\p{L}\p{N}]/u.test(win.slice(0, gap))) {
      text = win.slice(0, gap);
      break;
    }
    if (gap > 0 || lead + len >= text.length || collapse(win).length > max + 2) break;
  }
  // (A markdown bullet opening the doc, `* Extends stream.Writable`, is no part of the sentence; a
  // markdown link is its text — Rust's `[partial equivalence relations](https://…)` had spent the
  // 120 characters on the address.)
  const flat = collapsedHead(text, max + 2 + linkSlack(text, max)).replace(LEAD_BULLET, "").replace(MD_LINK, "$1");
  const re = /[.!?。](?=\s|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(flat))) {
    const head = flat.slice(0, m.index + 1);
    if (m[0] === "." && LONE_DOTS.test(head)) continue;
    if (m[0] === "." && ABBREVIATIONS.test(head)) {
      // A list after a colon (`in the default case: 1. execute_sql()`): the sentence is what leads to it.
      const list = /:\s*\d{1,2}\.$/.exec(head);
      if (list) return clip(head.slice(0, list.index + 1), max);
      continue;
    }
    // A list's first number opening a line (`events.EventEmitter` / `  1. change`): what leads to it.
    const item = /\s(\d{1,2})\.$/.exec(head);
    if (item && new RegExp(`\\n[ \\t]*${item[1]}\\.\\s`).test(text)) return clip(head.slice(0, item.index), max);
    return clip(head, max);
  }
  return clip(flat, max);
}

/** A markdown inline link, `[text](address)` (the text on one or two lines): its text is what it says. */
const MD_LINK = /\[([^\]\n]+(?:\n[^\]\n]+)?)\]\((?:[a-z]+:\/\/|\.{0,2}\/|#)[^)\s]*\)/g;

/** How much longer than the summary's reach the head must be read for the links in it (their addresses go). */
function linkSlack(text: string, max: number): number {
  let slack = 0;
  for (const m of text.slice(0, 4 * (max + 2)).matchAll(MD_LINK)) slack += m[0].length - m[1]!.length;
  return slack;
}

/** A markdown bullet at the start of a doc. */
export const LEAD_BULLET = /^[*-][ \t]+(?=\S)/;

/**
 * `collapse(text)`, or for a long text a prefix of it `need` characters long. firstSentence reads no
 * further: a head longer than `max` is clipped from its first characters, whatever follows — and
 * collapsing whole doc blocks (examples and all) was a measurable share of a batch.
 */
function collapsedHead(text: string, need: number): string {
  for (let len = need * 4; len < text.length; len *= 2) {
    const head = text.slice(0, len).replace(/\s+/g, " ").trimStart();
    // Its last character may be a space that collapsing the whole text would trim: not kept.
    if (head.length > need) return head.slice(0, need);
  }
  return collapse(text);
}

/** A section heading set between rule characters: `===== Parsing =====`, `//// REFINES ////`. */
const BANNER_HEADING = /^[=*#/~+_-]{3,}[^=*#/~+_-].*[=*#/~+_-]{3,}$/;

/** Doxygen's summary tag, `@brief` or `\brief` (also `@short`), and the spaces after it. */
const BRIEF = /^(?:[@\\](?:brief|short)|@(?:description|desc|summary|classdesc))\b\s*/;
/** A block tag line: JSDoc/Javadoc `@param …`, Doxygen's `\param …` family. */
const BLOCK_TAG = /^(?:@_?[a-zA-Z]|\\(?:param|tparam|returns?|retval|throws?|exception|note|see|sa|details|pre|post|warning|since|deprecated|code|example|file|author|version|ingroup|defgroup|addtogroup|internal)\b)/;

/** A JSDoc/TSDoc modifier tag alone on its line, or Doxygen's `@cond` section marker: no content of its own. */
const MODIFIER_TAG = /^@(?:(?:cond|endcond)\b.*|internal|public|private|protected|package|readonly|override|virtual|abstract|sealed|final|static|async|hidden|ignore|beta|alpha|experimental|preapproved|eventProperty|packageDocumentation|constructor|nocollapse|inheritDoc|inheritdoc)\s*$/;

/**
 * A tag whose content is its own line (`@see {@link …}`, `@since 1.2`, `@module x`): the lines after it
 * are prose again (hono writes `@see {@link …}` above the description; Leaflet's Leafdoc `// @method
 * setPrefix(prefix: String): this` above it: 393 of its documented methods had no doc). A custom tag
 * of underscore (ethers' `@_docloc: api/providers`, `@_section: …`, `@_ignore:`) is one too: alone, no doc.
 */
const ONE_LINE_TAG = /^@(?:_[a-zA-Z]\w*|see|since|version|author|module|category|group|namespace|memberof|name|alias|kind|access|license|tutorial|link|method|function|func|event|factory|option|inherits|aka|pane|miniclass|section)\b/;

/**
 * A word no doc tool knows as a tag, then a dash and prose: colyseus' `/** @patchOnly — mark a field as not
 * persisted to snapshots … *\/`. TypeScript reads it as a tag `@patchOnly` whose text is the rest (its hover
 * shows the line), so it is what the comment says: the description where no prose came first, the tag kept.
 * A known tag (`@param x - the value`, `@returns — …`, `@deprecated - use y`) stays a tag.
 */
const PROSE_TAG = /^@([a-zA-Z][\w-]*)[ \t]+(?:—|–|--?)[ \t]+\p{L}/u;
const KNOWN_TAGS = new Set(("abstract access alias api apiNote arg argument async augments author borrows brief callback category class classdesc " +
  "const constant constructor constructs copyright decorator default defaultValue define deprecated desc description details dict emits enum " +
  "event eventProperty example exception experimental export exports extends external file fileoverview fires flow func function generator " +
  "global hidden hideconstructor ignore implements implNote implSpec import inheritDoc inheritdoc inner instance interface internal kind label " +
  "lends license link listens member memberof method mixes mixin module name namespace note nocollapse override overview package param " +
  "platform post pre preserve private privateRemarks prop property protected public readonly record remarks requires retval return returns satisfies " +
  "sealed see serial since static subpackage summary suppress template this throw throws todo tparam tutorial type typeParam typedef " +
  "uses var variation version virtual warning yield yields").split(" "));

/** An inline markup tag (not a block's: `<p>`, `<para>`, `<summary>`, `<remarks>`). */
const INLINE_TAG = /^<\/?(?:c|code|b|i|em|strong)\b/i;

/**
 * Strip comment syntax from a doc comment block: `/** … *\/`, `(* … *)`, `///`, `//!`, `//`, `#`, `--`, leading `*`.
 * Stops at the first JSDoc/Javadoc block tag line (`@param …`), drops XML doc tags but keeps their text.
 */
export function stripCommentMarkers(raw: string): string {
  const out: string[] = [];
  let inTag = false;
  // A block comment's lines may open with a decorative `*`; text a pack already unwrapped (or a line
  // comment) keeps a leading `**bold**`.
  const block = /^\s*(?:\/\*|\(\*)/.test(raw);
  // (`*)` closes only an ML comment: a JSDoc line may end `(note: ***per-hook***)`.)
  const close = /^\s*\(\*/.test(raw) ? /\*+\)$/ : /\*+\/$/;
  for (let line of raw.split(/\r?\n/)) {
    line = line.trim();
    // (A line comment's text keeps its own asterisks: `/// **(DEPRECATED)** Suggest…`; a `////` run
    // is all marker. Only a block comment's lines open with a decorative `*`.)
    const whole = line.trim();
    const lineMarker = /^(?:\/{2,}!?|#+!?|--+|;+|%+)/.exec(line);
    line = lineMarker
      ? line.slice(lineMarker[0].length).trim()
      : line
          .replace(/^(?:\/\*+!?|\(\*+)/, "")
          .replace(close, "")
          // (SQLite's and Tcl's blocks open their lines with `**`.)
          .replace(block ? /^(?:\*\*(?=\s|$)|\*(?!\*\/))/ : /^\*(?=\s|$)/, "")
          .trim();
    if (/^[=*#/~+_-]{3,}$/.test(line)) continue; // banner rules (`// =====`) are decoration, not prose
    // and so is a rule opening a section's label (downshift's `//\\\\\\ BUTTON` / `//////// LABEL`)
    if (lineMarker && /^\/\/[\\/=*#~+_-]{4,}[ \t]*[\p{L}\p{N}]/u.test(whole)) continue;
    // and a section heading between rules (`//// REFINES ////`) names no declaration
    // (A one-line block comment without its slashes: `/*** Parsing ***/` is a heading, `/** Opens it. **/` a doc.)
    if (BANNER_HEADING.test(line) || BANNER_HEADING.test(whole.replace(/^\/(?=\*)/, "").replace(/(?<=\*)\/$/, ""))) continue;
    // Doxygen's summary tag (`@brief Opens a file.`, `\brief …`) is the summary: the tag goes, its text stays.
    // JSDoc's `@description …` (also `@summary`, `@classdesc`) is the description where no prose came first.
    const brief = BRIEF.exec(line);
    const prose = out.some((l) => l.length > 0);
    if (brief && (!prose || /^[@\\](?:brief|short)\b/.test(line))) {
      if (prose) out.length = 0;
      out.push(line.slice(brief[0].length));
      inTag = false;
      continue;
    }
    if (BLOCK_TAG.test(line) && out.some((l) => l.length > 0)) break;
    const proseTag = !prose && PROSE_TAG.exec(line);
    if (proseTag && !KNOWN_TAGS.has(proseTag[1]!)) {
      out.push(line);
      inTag = false;
      continue;
    }
    if (BLOCK_TAG.test(line)) {
      // Before any prose: a tag's own lines (`@return A promise that …` / `  response. If …`, an
      // `@example`'s code) are its, not a description — the lines after a modifier (`@internal`) are.
      inTag = !MODIFIER_TAG.test(line) && !ONE_LINE_TAG.test(line);
      continue;
    }
    if (inTag) continue;
    out.push(line);
  }
  return out
    .join("\n")
    // (Not inside a code span: ``Wraps text in `<p>` tags``.)
    // An inline tag goes without a trace (`set to <code>true</code>, the user`: no space before the comma;
    // google.maps' 202 docs), a block tag leaves a space.
    // A backslash-escaped `\<`, `\>` or `\@` (TSDoc, Markdown) is that character as text: `\<pre\>` reads
    // `<pre>`, and is no tag (grammY's docs had kept the backslashes around a stripped tag: `\bold\`).
    .replace(/\\([<>@])|(`[^`\n]*`)|<\/?(?:summary|remarks|para|p|c|code|b|i|em|strong)\b[^>]*>/gi, (tag: string, esc: string | undefined, code: string | undefined) => esc ?? code ?? (INLINE_TAG.test(tag) ? "" : " "))
    // JSDoc's `[label]{@link target}` reads as the label (async's docs: `[`every`]{@link module:Collections.every}`).
    .replace(/\[([^\]\n]+)\]\{@(?:link|linkplain|linkcode)\s+[^}]*\}/g, "$1")
    .replace(/<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword)="([^"]*)"\s*\/?>/gi, "$1")
    // `{@link target label}` (Javadoc) and `{@link target | label}` (TSDoc) read as the label; a bare
    // `{@link #m(int)}` or `{@link List#add}` as the member. A target's parameter list may hold spaces
    // (`{@link #of(String, String) new Name(domain, key)}` had read `String) new Name(domain, key)`).
    .replace(/\{@(?:link|linkplain|linkcode)\s+[^\s}|(]+(?:\([^)}]*\))?(?:\s*\|\s*|\s+)([^\s}|][^}]*)\}/g, (_, label: string) => label.trimEnd())
    .replace(/\{@(?:link|linkplain|linkcode)\s+([^\s}|(]*(?:\([^)}]*\))?)\s*\}/g, (_, t: string) => t.replace(/^#/, "").replace(/#/, "."))
    .replace(/\{@(?:code|literal)\s+([^}]*)\}/g, "$1")
    .trim();
}

/** Split source into lines (no terminators). */
export function splitLines(source: string): string[] {
  if (source === "") return [];
  const lines = source.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A line this long is not hand-written code (minified, generated): symbols keep their character spans (SymbolRecord.span). */
export const LONG_LINE = 1000;

/** `84366` → `84,366` (not toLocaleString: its first call loads ICU's number formatting, ~20 ms). */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const LINE_SEPARATORS = /[\u0085\u2028\u2029]/g;

/**
 * JSON on one line that stays one line for every reader of JSON Lines: JSON.stringify leaves U+2028,
 * U+2029 and U+0085 raw (valid JSON), and line splitters that honour them (Python's `splitlines`, as
 * the accuracy checker uses) cut such a report in two — a report of iconv-lite's codec tables was lost.
 */
export function jsonLine(value: unknown): string {
  const json = JSON.stringify(value);
  // (includes() scans at memchr speed; the replace runs only when there is something to escape.)
  if (!json.includes("\u2028") && !json.includes("\u2029") && !json.includes("\u0085")) return json;
  return json.replace(LINE_SEPARATORS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `s` as spaces, its line breaks kept: a pack's prepareSource masks text without moving any offset or line. */
export function blankOut(s: string): string {
  return s.replace(/[^\n]/g, " ");
}

/**
 * `re.test` of line `n` (1-based) of `lines`, memoized on long lines: on a minified file's one line of
 * 300 KB, a test per record (its first line's `=>`, its last line's comment) was quadratic.
 */
export function lineTest(lines: readonly string[], re: RegExp, n: number): boolean {
  const line = lines[n - 1] ?? "";
  if (line.length < 2000) return re.test(line);
  let byRe = lineTests.get(lines);
  if (!byRe) lineTests.set(lines, (byRe = new Map()));
  let byLine = byRe.get(re);
  if (!byLine) byRe.set(re, (byLine = new Map()));
  let hit = byLine.get(n);
  if (hit === undefined) byLine.set(n, (hit = re.test(line)));
  return hit;
}
const lineTests = new WeakMap<readonly string[], Map<RegExp, Map<number, boolean>>>();

/**
 * Doxygen's inline commands dropped from a doc, their word kept: `Drop the first \p N elements` →
 * `Drop the first N elements` (`\p`, `\c`, `\a`, `\e`, `\em`, `\b`, `\ref`, also with `@`). For the
 * packs whose docs are Doxygen's (C++); other languages' docs keep such text.
 */
export function doxygenInline(doc: string | undefined): string | undefined {
  return doc && /[\\@](?:[pcaeb]|em|ref)\s/.test(doc) ? doc.replace(DOXYGEN_INLINE, "") : doc;
}
// (The word may be on the next line: `excluding \p` ⏎ `Reg.`)
const DOXYGEN_INLINE = /(?<![\w\\@])[\\@](?:[pcaeb]|em|ref)\s+(?=[\w:~"'(*&\\-])/g;

/** `s` as a literal inside a RegExp: names are not all identifiers (C++'s `operator++`, `operator()`, Ruby's `[]=`). */
export function escapeRegExp(s: string): string {
  return s.replace(/[$.*+?()[\]{}|^\\/]/g, "\\$&");
}
