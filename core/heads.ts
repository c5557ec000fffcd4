/**
 * Declaration heads: the one-line signature of a declaration (from the declaration, after leading
 * decorators, to its body), without the comments that are no part of its line, and the head of a data
 * declaration without its long initializer. Used by the core's extraction and by packs (re-exported
 * from extract.ts).
 */
import type { Node, Point } from "web-tree-sitter";
import type { FileContext } from "./types.js";
import { clip, collapseHead } from "./text.js";

export const MAX_SIGNATURE = 160;
const ARROW_COMMENT = /=>\s*\/\*(?:(?!\*\/)[^])*\*\/$/;
/** How much of a head's code (its comments not counted) is read: far more than a signature shows. */
const HEAD_CODE = 2000;

/** The one-line declaration head: from the declaration (after leading decorators) to its body. */
export function signatureOf(ctx: FileContext, node: Node, body: Node | null, decorators: Node[]): string {
  let start = node.startIndex;
  let from: Node = node;
  // Skip decorators that lead the node itself (TS class decorators, Java annotations in modifiers).
  const lastLeading = decorators.filter((d) => d.startIndex >= node.startIndex && d.endIndex <= (body?.startIndex ?? node.endIndex));
  if (lastLeading.length) {
    const after = lastLeading[lastLeading.length - 1]!.endIndex;
    const between = ctx.source.slice(node.startIndex, lastLeading[0]!.startIndex);
    if (!between.trim()) (start = after), (from = lastLeading[lastLeading.length - 1]!);
  }
  const headEnd = body && body.startIndex > start ? body : null;
  const end = headEnd ? headEnd.startIndex : node.endIndex;
  const source = headCode(ctx, node, start, end, start === node.startIndex ? node.startPosition : from.endPosition, headEnd ? headEnd.startPosition : node.endPosition, headEnd);
  // Collapse a prefix first: a head longer than the signature is cut by `clip` below, which reads
  // only its first MAX_SIGNATURE characters (most data declarations run to their node's end).
  const prefixEnd = 4 * MAX_SIGNATURE;
  if (prefixEnd < source.length) {
    const head = collapseHead(source.slice(0, prefixEnd));
    if (head.length > MAX_SIGNATURE + 16) return clip(head, MAX_SIGNATURE);
  }
  // (A block comment right after an arrow is its body's: `(n: number) => /* doubled */ n * 2`.)
  const text = collapseHead(source).replace(ARROW_COMMENT, "=>");
  // A function in a ternary's branch: `debugLogEvent = DEV_MODE ? (event) => {…} : undefined` (lit-html),
  // `wrap = c ? x : (node) => …` — the head had stopped at `DEV_MODE ? (event)`, reading as a call.
  const branch = !!headEnd && inBranch(headEnd, node);
  const tail = branch ? collapseHead(ctx.source.slice(headEnd!.endIndex, Math.min(node.endIndex, headEnd!.endIndex + HEAD_CODE))).replace(/;$/, "") : "";
  if (branch) return clip(`${text} ${headEnd!.type === "statement_block" ? "{…}" : "…"}${!tail || /^[),;\]}]/.test(tail) ? "" : " "}${tail}`, MAX_SIGNATURE);
  // (C++'s `struct X<A, B>` after its template head is a specialization's arguments: not shortened.)
  const head = closeOpenCall(withoutBodyOpener(text));
  return clip(ctx.language === "cpp" || ctx.language === "c" ? head : shortTypeParameters(head), MAX_SIGNATURE);
}

/** A class's or interface's head (not a type alias': its value is its definition) up to its type parameters' `<` (modifiers of TS, Java, C#, Kotlin, Rust, Swift). */
const TYPE_HEAD = /^(?:(?:export|default|declare|abstract|public|private|protected|internal|sealed|open|data|final|static|partial|readonly|pub(?:\([^)]*\))?)\s+)*(?:class|interface|struct|trait|record)\s+[\w$]+\s*</;

/**
 * A function's or method's head up to its type parameters' `<` (TS, Rust's `fn`, Swift's `func`): its
 * parameters and return type are the head's most telling part (query-core's `getQueryData<TQueryFnData =
 * unknown, TTaggedQueryKey extends …` had been cut before its parameter list).
 */
const FUNCTION_HEAD = /^(?:(?:export|default|declare|async|public|private|protected|static|abstract|override|pub(?:\([^)]*\))?|unsafe|const|extern)\s+)*(?:(?:function\s*\*?|fn|func)\s*)?[\w$#]+\s*</;

/**
 * A type's or a function's head over the signature's length with its type parameters' constraints and defaults left
 * out (`class Queue<DataTypeOrJob, DefaultResultType, …> extends QueueGetters<…> implements Closable`),
 * or all of them (`<…>`) if that is not enough: what it extends and implements is the head's most
 * telling part, and the cut had taken it (bullmq's `Queue`, idb, express' handlers).
 */
function shortTypeParameters(head: string): string {
  if (head.length <= MAX_SIGNATURE) return head;
  const type = TYPE_HEAD.exec(head);
  const m = type ?? FUNCTION_HEAD.exec(head);
  if (!m) return head;
  const open = m[0].length - 1;
  const parts: string[] = [];
  let depth = 0;
  let from = open + 1;
  let close = -1;
  for (let i = from; i < head.length && close < 0; i++) {
    const c = head[i]!;
    if (c === "<" || c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ">" && head[i - 1] !== "=") || c === ")" || c === "]" || c === "}") {
      if (depth === 0 && c === ">") (close = i), parts.push(head.slice(from, i));
      else depth--;
    } else if (c === "," && depth === 0) parts.push(head.slice(from, i)), (from = i + 1);
  }
  if (close < 0) return head;
  const names = parts.filter((p) => p.trim()).map((p) => /^\s*((?:(?:const|in|out|reified)\s+)*[\w$]+)/.exec(p)?.[1] ?? p.trim());
  const short = `${head.slice(0, open)}<${names.join(", ")}>${head.slice(close + 1)}`;
  // (A function's keep their names whatever its length: its parameters name them, `arg is RefinedOutput`.)
  return short.length <= MAX_SIGNATURE || !type ? short : `${head.slice(0, open)}<…>${head.slice(close + 1)}`;
}

/** Whether a body found in `node` lies in a conditional's branch (`c ? (e) => {…} : null`). */
function inBranch(body: Node, node: Node): boolean {
  for (let p = body.parent; p && p.id !== node.id; p = p.parent) if (p.type === "ternary_expression") return true;
  return false;
}

/**
 * A head that stops inside a call or parentheses — a function handed to a wrapper (`const getCliArguments
 * = memoize(() => …)`, webpack; `useCallback((e) => …)`) or parenthesized (lodash's `var runInContext =
 * (function runInContext(context) {…})`): closed with ` …)` per open parenthesis, so it does not read as
 * cut mid-way.
 */
function closeOpenCall(head: string): string {
  if (!head.includes("(")) return head;
  // Parentheses in string literals do not count. One pass: the regex this was
  // (`/(["'`])(?:\\.|(?!\1).)*\1/g`) backtracked exponentially over a minified head with an unclosed quote
  // and backslashes (joi's 205 KB browser bundle never finished).
  let depth = 0;
  const unclosed = new Set<number>(); // quote characters no later one closes
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c === 34 || c === 39 || c === 96) && !unclosed.has(c)) {
      const end = stringEnd(head, i + 1, c);
      if (end >= 0) i = end;
      else if (end === -1) unclosed.add(c);
    } else if (c === 47 && REGEX_BEFORE.test(head.slice(Math.max(0, i - 12), i))) {
      // Nor in a regular expression literal (`const openParen = /\(/`, `f(r = /[(]/)`).
      const end = regexEnd(head, i + 1);
      if (end > 0) i = end;
    } else if (c === 40) depth++;
    else if (c === 41 && depth > 0) depth--;
  }
  return depth > 0 ? `${head} …${")".repeat(depth)}` : head;
}

/** What may stand before a regular expression literal's `/` (not a division's): an operator, an opening bracket, a keyword, the start. */
const REGEX_BEFORE = /(?:^|[=(,:[!&|?{};]|\breturn|\btypeof)\s*$/;

/** Where the regular expression literal whose body starts at `from` closes (its closing `/`); -1 for none on this line (a comment or a division). */
function regexEnd(text: string, from: number): number {
  const first = text.charCodeAt(from);
  if (first === 47 || first === 42 || Number.isNaN(first)) return -1; // `//`, `/*`
  let inClass = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return -1;
    if (c === 92) i++;
    else if (c === 91) inClass = true;
    else if (c === 93) inClass = false;
    else if (c === 47 && !inClass) return i;
  }
  return -1;
}

/** Where the string literal opened by `quote` before `from` closes (its closing quote's index); -1 when the text ends first, -2 a line. */
function stringEnd(text: string, from: number, quote: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) return i;
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return -2;
    if (c === 92) i++; // an escaped character
  }
  return -1;
}

/**
 * A head without the token that opens its body: `{`, `=>`, `=`, TLA+'s ` ==` (not `operator==`, not the
 * `=` of `==`), `:`, `where`, … (a word not a member's name: `= Object.is` keeps its `is`).
 */
export function withoutBodyOpener(head: string): string {
  return head.replace(/\s*(?:\{|=>|(?<![\w=!<>])==|(?<![=!<>])=|:|;|(?<![\w.$])(?:where|begin|do|then|is|as)\b)\s*$/, "").trimEnd();
}

/** A function with a block body: a default parameter's `() => { try … }`. */
const INNER_BODY = /=>\s*\{|\bfunction\b/;
const FUNCTION_PARENTS: ReadonlySet<string> = new Set(["arrow_function", "function_expression", "function", "generator_function"]);

/**
 * The head's code (headSource), with the block bodies of the functions in its parameters' default
 * values elided `{…}` (jotai's `createJSONStorage(getStringStorage = () => { try { return
 * window.localStorage; } … }, options)`): the parameter, not its statements. Only the parameter list of
 * the function whose `body` ends the head is searched.
 */
function headCode(ctx: FileContext, node: Node, start: number, end: number, from: Point, to: Point, body: Node | null): string {
  const params = body?.parent?.childForFieldName("parameters");
  if (!params || params.startIndex < start || params.endIndex > end || !INNER_BODY.test(ctx.text(params))) return headSource(ctx, node, start, end, from, to, HEAD_CODE);
  let out = "";
  let at = start;
  let atPoint = from;
  for (const b of params.descendantsOfType("statement_block")) {
    if (!b || b.startIndex < at || !FUNCTION_PARENTS.has(b.parent?.type ?? "")) continue;
    // (An empty body stays `{}`: `onError = () => {}` is a no-op, no elided code.)
    out += `${headSource(ctx, node, at, b.startIndex, atPoint, b.startPosition, HEAD_CODE)}${b.namedChildCount ? "{…}" : "{}"}`;
    (at = b.endIndex), (atPoint = b.endPosition);
    if (out.length > HEAD_CODE) return out;
  }
  return at === start ? headSource(ctx, node, start, end, from, to, HEAD_CODE) : out + headSource(ctx, node, at, end, atPoint, to, HEAD_CODE);
}

/** Comment node types of the grammars (`line_comment`/`block_comment`: Rust, Java; `multiline_comment`: Kotlin, Swift). */
const COMMENT_TYPES = ["comment", "line_comment", "block_comment", "multiline_comment"];
const COMMENT_MARK = /\/\/|\/\*|#/;
const CLOSER_NEXT = /^[ \t]*[)\]>,;]/;
const BUNDLER_MARK = /^\/\*\s*[#@]__(?:PURE|NO_SIDE_EFFECTS|INLINE|KEY)__\s*\*\/$/;
const ENDS_LINE = /^[ \t]*(?:\r?\n|$)/;
const AFTER_SEPARATOR = /[,(][ \t]*$/;
const PROSE = /^\/\*\s*\S+\s+[^\s*]/;

/** A node's source without the comments in it (a decorator's `@property  # type: ignore[override]`). */
export function withoutComments(ctx: FileContext, node: Node): string {
  return headSource(ctx, node, node.startIndex, node.endIndex, node.startPosition, node.endPosition).trimEnd();
}

/**
 * The head's source without the comments inside it that are no part of its line: line comments
 * (`postProcess(changeObjects, // eslint-disable-… options)` read as if `options` were commented out,
 * `_t(// The path to be tested path, …)` worse) and doc or multi-line block comments (the member
 * docs of a type literal: `type R = { /** ID of the conversation … (end) conversationId: string; … }`).
 * A one-line block comment stays (`true_type /* __uks (end)`). Only heads with a comment marker ask the tree.
 * At most `budget` characters of code are read; comments do not count, so a long doc comment inside the
 * head (effect's `export const provide: { /** 150 lines of examples (end) <A>(…): … }`) does not
 * leave it empty.
 */
function headSource(ctx: FileContext, node: Node, start: number, end: number, from: Point, to: Point, budget = Infinity): string {
  const first = ctx.source.slice(start, Math.min(end, start + budget));
  if (!COMMENT_MARK.test(first)) return first;
  let out = "";
  let at = start;
  let code = 0;
  for (const c of node.descendantsOfType(COMMENT_TYPES, from, to)) {
    if (!c || c.startIndex < at) continue;
    if (c.startIndex >= end || code + (c.startIndex - at) >= budget) break;
    // A comment past the head's end (a tree whose ranges cross it): the head ends where it starts.
    if (c.endIndex > end) return `${(out + ctx.source.slice(at, Math.max(at, c.startIndex))).trimEnd()} …`;
    const comment = ctx.source.slice(c.startIndex, c.endIndex);
    // An inline block comment says something about its place (`true_type /* __uks */`): kept — but not
    // a bundler's annotation (`/*@__PURE__*/ uuid(4)`), which says something to the bundler only.
    // Not a note in words that ends its line or stands between parameters (sqlite3's `sqlite3 *db,
    // /* Database handle */` took the signature's 160 characters from its last parameters); a one-word
    // one names an unnamed parameter (X11's `XkbDescPtr /* desc */`) and stays.
    if (comment.startsWith("/*") && !comment.startsWith("/**") && !comment.includes("\n") && !BUNDLER_MARK.test(comment) && !(PROSE.test(comment) && (ENDS_LINE.test(ctx.source.slice(c.endIndex, Math.min(ctx.source.length, c.endIndex + 120))) || AFTER_SEPARATOR.test(ctx.source.slice(Math.max(at, c.startIndex - 120), c.startIndex))))) continue;
    code += c.startIndex - at;
    out += ctx.source.slice(at, c.startIndex);
    // (`true_type /* __uks */)` is `true_type)`: no space left before a closer or a comma.)
    out = CLOSER_NEXT.test(ctx.source.slice(c.endIndex, Math.min(end, c.endIndex + 80))) ? out.trimEnd() : out + " ";
    at = c.endIndex;
  }
  return at === start ? first : out + ctx.source.slice(at, Math.min(end, at + Math.max(0, budget - code)));
}

/** Data declarations whose head is the name and type, not the value. */
const DATA_KINDS: ReadonlySet<string> = new Set(["constant", "variable", "property", "field"]);
const LONG_INITIALIZER = 24;

/**
 * The head of a data declaration stops before a long initializer (`const X: T = new Set([…])` →
 * `const X: T = …`): the value is body, not signature. Short values (`= 8`, `= "json"`) stay, and so
 * does the callee of a call (`name = models.CharField(…)`, `log = getLogger(…)`): what the value is.
 */
export function headOf(kind: string, signature: string): string {
  if (!DATA_KINDS.has(kind)) return signature;
  const eq = initializerAt(signature);
  if (eq < 0) return signature;
  const [name, value] = [signature.slice(0, eq), signature.slice(eq + 1).trim()];
  if (name.includes("(") || value.length <= LONG_INITIALIZER) return signature;
  // (Down an assignment chain: `SHA256 = C.algo.SHA256 = Hasher.extend(…)`, crypto-js's.)
  const chain = /^(?:[\w$]+(?:\.[\w$]+)*\s*=(?![=>])\s*)+/.exec(value)?.[0] ?? "";
  const rest = value.slice(chain.length);
  const callee = /^(?:new\s+)?[\w$.]{1,40}(?=\()/.exec(rest)?.[0];
  // A call without arguments stays as written (`new typings_1.EntityMetadata()`: `(…)` implied some).
  const bare = callee && /^\(\s*\)\s*;?$/.test(rest.slice(callee.length)) ? `${callee}()` : undefined;
  return `${name.trimEnd()} = ${chain.replace(/\s+/g, " ")}${bare ?? (callee ? `${callee}(…)` : "…")}`;
}

/**
 * Where a data declaration's initializer starts: its first `=` outside brackets, generics included —
 * not the default of a type parameter (`array: <T = any>(values?: T[]) => IObservableArray<T>`, mobx's
 * factory type, was cut to `array: <T = …`), nor `==`, `=>`, `<=`, `>=`, `!=`. -1 when there is none.
 */
function initializerAt(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "=") {
      const prev = s[i - 1];
      if (s[i + 1] === "=" || s[i + 1] === ">" || prev === "=" || prev === "!" || prev === "<" || prev === ">") continue;
      if (depth === 0) return i;
    } else if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if ((c === ")" || c === "]" || c === "}" || c === ">") && depth > 0) depth--;
  }
  return -1;
}

/**
 * The trait a Rust `impl` head implements, generics left out — `Clone` of `impl<N, E> Clone for Graph<N,
 * E>`, `fmt::Debug`, `!Send` — or undefined for an inherent impl (`impl<N> Graph<N>`). An outline's rows
 * name trait impls `Clone for Graph` (each impl of a type is otherwise `Graph`), and read_symbol takes that.
 */
export function implTrait(signature: string | undefined): string | undefined {
  const t = implPath(signature);
  return t && /^\s+for\s/.test(signature!.slice(skipAngles(signature!, t.end))) ? t.path : undefined;
}

/** The generic arguments of a Rust trait impl's trait, spaces dropped: `<[u8]>` of `impl PartialEq<[u8]> for Bytes`; "" for none. */
export function implTraitArgs(signature: string | undefined): string | undefined {
  const t = implPath(signature);
  return t && signature!.slice(t.end, skipAngles(signature!, t.end)).replace(/\s+/g, "");
}

/** The path after an `impl` head's own generics (`Clone`, `fmt::Debug`, `!Send`) and the index after it. */
function implPath(signature: string | undefined): { path: string; end: number } | undefined {
  const m = /^(?:unsafe\s+)?impl\s*/.exec(signature ?? "");
  if (!m) return undefined;
  const i = skipAngles(signature!, m[0].length);
  const path = /^\s*(!?[A-Za-z_][\w]*(?:::[A-Za-z_][\w]*)*)/.exec(signature!.slice(i));
  return path ? { path: path[1]!, end: i + path[0].length } : undefined;
}

/** The index after a balanced `<…>` starting at `i` (spaces before it skipped), or `i` when none starts there. */
function skipAngles(s: string, i: number): number {
  let j = i;
  while (s[j] === " ") j++;
  if (s[j] !== "<") return i;
  for (let depth = 0; j < s.length; j++) {
    if (s[j] === "<") depth++;
    else if (s[j] === ">" && s[j - 1] !== "-" && --depth === 0) return j + 1;
  }
  return i;
}
