/**
 * Objective-C++ (`.mm`, and a `.h` holding both) for the objc grammar: the C++ in it masked before the
 * parse, same length, so the ObjC around it parses and records still read the real source (names and
 * heads keep `facebook::react::Props`). What is masked:
 * - `namespace a::b {` and its `}` (the contents stay; the namespace is an entry of its own, made from
 *   the spans `namespaceSpans` finds: objc.ts `withNamespaces`); `extern "C" {` and its `}`;
 * - `using …;`, `template <…>` heads, `namespace x = y;`;
 * - `::` as `__` (`facebook__react__Props`: one identifier), a leading `::` as spaces;
 * - template argument lists after a name (`std::shared_ptr<const Props>`, `static_cast<T>(x)`);
 * - references (`const Props &p`, `(Props::Shared const &)oldProps`, `auto &x`), `auto` as `id`;
 * - lambdas as blocks: `[=](int a) mutable -> R {` as `^  (int a)              {` (callbacks then);
 * - `throw`, `new`, `delete`, `try`, `catch (…)`, `constexpr`, `noexcept`/`override`/`final` after `)`.
 * C++ classes, and structs with bases or member functions, are not read (see `cppClassSpans`).
 */
const blank = (s: string) => s.replace(/[^\n]/g, " ");

/** The source with comments, string and character literals blanked (same length): where the masks look. */
export function codeView(source: string): string {
  const out = source.split("");
  const n = source.length;
  for (let i = 0; i < n; i++) {
    const c = source[i];
    let end = -1;
    if (c === "/" && source[i + 1] === "/") {
      end = source.indexOf("\n", i);
      if (end < 0) end = n;
    } else if (c === "/" && source[i + 1] === "*") {
      end = source.indexOf("*/", i + 2);
      end = end < 0 ? n : end + 2;
    } else if (c === '"' || (c === "'" && !/\w/.test(source[i - 1] ?? ""))) {
      end = i + 1;
      while (end < n && source[end] !== c && source[end] !== "\n") end += source[end] === "\\" ? 2 : 1;
      end = Math.min(n, end + 1);
      // (The quotes stay: `extern "C"` is still seen as a string.)
      for (let j = i + 1; j < end - 1; j++) if (out[j] !== "\n") out[j] = " ";
      i = end - 1;
      continue;
    } else if (c === "#" && /^#\s*(?:import|include)\b/.test(source.slice(i, i + 12)) && /^[ \t]*$/.test(source.slice(source.lastIndexOf("\n", i - 1) + 1, i))) {
      end = source.indexOf("\n", i);
      if (end < 0) end = n;
    }
    if (end < 0) continue;
    for (let j = i; j < end; j++) if (out[j] !== "\n") out[j] = " ";
    i = end - 1;
  }
  return out.join("");
}

/** Whether the code holds C++ (a `::`, a namespace, a template, `using namespace`, a lambda, `std::`). */
export function hasCpp(code: string): boolean {
  return /::|\bnamespace\s+\w|\btemplate\s*</.test(code);
}

/** The index of the bracket closing the one at `open` (`{`, `(`, `<`, `[`) in the code view, or -1. */
export function closing(code: string, open: number, limit = code.length): number {
  const o = code[open]!;
  const c = o === "{" ? "}" : o === "(" ? ")" : o === "[" ? "]" : ">";
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const ch = code[i];
    if (ch === o) depth++;
    else if (ch === c && --depth === 0) return i;
    // (A template's `<…>` ends at the line's end or at a `;`/`{`: then it was a comparison.)
    else if (o === "<" && (ch === "\n" || ch === ";" || ch === "{" || ch === "}")) return -1;
  }
  return -1;
}

/**
 * The `}` matching each `{` of the code view (-1 when none), in one pass: `closing` per namespace or class
 * scanned on to the file's end when one was left open (2,000 open namespaces: 18 s), and over every
 * level when nested. The last code view's, kept (namespaceSpans and cppClassSpans ask of the same one).
 */
let matched: { code: string; close: Int32Array } | undefined;
function braceMatches(code: string): Int32Array {
  if (matched?.code === code) return matched.close;
  const close = new Int32Array(code.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 123) open.push(i);
    else if (c === 125 && open.length) close[open.pop()!] = i;
  }
  matched = { code, close };
  return close;
}

export interface NamespaceSpan {
  /** As written (`facebook::react`); "" for an anonymous namespace. */
  name: string;
  /** Offsets of `namespace` and of the closing `}`. */
  start: number;
  end: number;
}

const NAMESPACE = /\b(?:inline\s+)?namespace\b(\s*([A-Za-z_][\w:]*)?\s*)\{/g;

/** The namespaces of the code view (`namespace a::b { … }`, anonymous ones too), outermost first. */
export function namespaceSpans(code: string): NamespaceSpan[] {
  const out: NamespaceSpan[] = [];
  for (const m of code.matchAll(NAMESPACE)) {
    const open = m.index! + m[0].length - 1;
    const close = braceMatches(code)[open]!;
    if (close > 0) out.push({ name: m[2] ?? "", start: m.index!, end: close });
  }
  return out;
}

/**
 * The `{ … }` spans of C++ classes and of structs the C grammar cannot read (a base clause, an access
 * specifier, a member function): masked whole, entries of their own (objc.ts `withCppClasses`), their
 * members not read.
 */
export interface ClassSpan {
  name: string;
  kind: "class" | "struct";
  /** `class`/`struct` keyword, the `{`, the `}`. */
  start: number;
  open: number;
  end: number;
}

const CLASS_HEAD = /(?:^|[;{}]\s*|\n[ \t]*)((?:template\s*<[^;{}]*>\s*)?(class|struct)\s+(?:\[\[[^\]]*\]\]\s*|alignas\([^)]*\)\s*|[A-Z_]+_EXPORT\s+)*([A-Za-z_]\w*)(\s+final)?\s*(:[^;{}()]*)?)\{/g;

export function cppClassSpans(code: string): ClassSpan[] {
  const out: ClassSpan[] = [];
  for (const m of code.matchAll(CLASS_HEAD)) {
    const start = m.index! + m[0].length - m[1]!.length - 1;
    const open = m.index! + m[0].length - 1;
    const end = braceMatches(code)[open]!;
    if (end < 0) continue;
    const kind = m[2] as "class" | "struct";
    const body = code.slice(open + 1, end);
    // A plain C struct (fields only) the grammar reads: left to it.
    if (kind === "struct" && !m[5] && !m[4] && !/\b(?:public|private|protected)\s*:|\)\s*(?:const\s*)?(?:override\s*|noexcept\s*)*[{;:]|\boperator\b|~\w|\b(?:using|static_assert|virtual|friend|template)\b|\w+\s*\{[^}]*\}\s*[;,]|=\s*\{|::/.test(body)) continue;
    out.push({ name: m[3]!, kind, start, open, end });
  }
  // (A class inside another's span is masked with it. The spans come in order and nest or stand apart:
  // one inside an earlier one ends before the furthest end so far — a sweep, not a search per pair.)
  let furthest = -1;
  return out.filter((s) => {
    const inside = s.end < furthest;
    furthest = Math.max(furthest, s.end);
    return !inside;
  });
}

/** `code` with `[from, to)` of `out` blanked. */
function mask(out: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (out[i] !== "\n") out[i] = " ";
}

function put(out: string[], at: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[at + i] = text[i]!;
}

/** Capture lists: `[]`, `[=]`, `[&]`, `[this]`, `[self, &x]`, `[weak = self]`. */
const CAPTURES = /^\s*(?:(?:[=&]|&?\s*\*?this|&?\s*[A-Za-z_]\w*(?:\s*=\s*[\w.]+(?:\([^()]*\))?)?)(?:\s*,\s*(?:[=&]|&?\s*\*?this|&?\s*[A-Za-z_]\w*(?:\s*=\s*[\w.]+(?:\([^()]*\))?)?))*)?\s*$/;

/** The Objective-C++ source with its C++ masked for the objc grammar (same length); unchanged without C++. */
export function maskCpp(source: string): string {
  const code = codeView(source);
  if (!hasCpp(code)) return source;
  const out = source.split("");
  for (const ns of namespaceSpans(code)) {
    mask(out, ns.start, code.indexOf("{", ns.start) + 1);
    mask(out, ns.end, ns.end + 1);
  }
  for (const c of cppClassSpans(code)) mask(out, c.start, c.end + 1);
  for (const m of code.matchAll(/\bextern\s*"C(?:\+\+)?"\s*(\{)?/g)) {
    mask(out, m.index! + 6, m.index! + m[0].length);
    if (m[1]) {
      const close = closing(code, m.index! + m[0].length - 1);
      if (close > 0) mask(out, close, close + 1);
    }
  }
  // `using namespace x;`, `using X = Y;`, `using x::y;`, `namespace x = y;`
  for (const m of code.matchAll(/(?<![\w.])(?:using\b|namespace\s+\w+\s*=)[^;{}]*;/g)) mask(out, m.index!, m.index! + m[0].length);
  for (const m of code.matchAll(/\btemplate\s*</g)) {
    const close = closing(code, m.index! + m[0].length - 1);
    if (close > 0) mask(out, m.index!, close + 1);
  }
  // Template arguments after a name (not `a < b`): balanced on one line, type-like inside.
  for (const m of code.matchAll(/(?<=[\w])</g)) {
    const at = m.index!;
    if (code[at + 1] === "<" || code[at + 1] === "=" || out[at] === " ") continue;
    // (Bounded: on a long line of comparisons each `<` had scanned to the line's end.)
    const close = closing(code, at, Math.min(code.length, at + 1000));
    if (close < 0) continue;
    const inner = code.slice(at + 1, close);
    if (!/^[\w\s:,*&<>()[\].]*$/.test(inner) || /&&|\|\||<</.test(inner)) continue;
    mask(out, at, close + 1);
  }
  for (let i = code.indexOf("::"); i >= 0; i = code.indexOf("::", i + 2)) {
    if (out[i] === " ") continue;
    const lead = !/[\w>]/.test(code[i - 1] ?? "");
    put(out, i, lead ? "  " : "__");
  }
  maskLambdas(code, out);
  maskRangeFor(code, out);
  maskBraceInits(code, out);
  // A constructor's initializer list: `X::X(int a) : Base(a), _b{a} {` (not a `?:`, never followed by a body).
  for (const m of code.matchAll(/\)\s*(:\s*(?:[A-Za-z_][\w:]*\s*(?:\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)|\{[^;{}]*\})\s*,?\s*)+)\{/g)) {
    const from = m.index! + m[0].indexOf(":");
    mask(out, from, from + m[1]!.length);
  }
  const text = out.join("");
  return text
    .replace(/\bauto\b/g, "id  ")
    .replace(/&+(?=\s*\))/g, blank)
    .replace(REFERENCE, blank)
    .replace(/(?<![\w.>)@])(?:throw|new|delete(?:\s*\[\s*\])?|try|constexpr)\b(?![ \t]*[:=(\]);,.])/g, blank)
    .replace(/(?<![\w.>@])catch\s*\([^()]*(?:\([^()]*\))?[^()]*\)/g, blank)
    .replace(/(?<=\))(\s*(?:const\s*)?)((?:noexcept|override|final)\b\s*)+(?=[{;])/g, (m, lead: string) => lead.replace(/const/, "     ") + blank(m.slice(lead.length)))
    // (A member function's own `const`: `double x() const {`.)
    .replace(/(?=const\b)(?<=\)\s*)const\b(?=\s*[{;])/g, "     ");
}

/**
 * A reference's `&` (`&&` too) in a declaration: `const Foo &x`, `const Foo& x`, `Foo const &x`,
 * `auto &x` (by then `id  &x`), `Foo& x`, a parameter `(Foo &foo`, `, Bar &bar`. Not `a & b`, `a&b`.
 */
// (The `(?=&)` first: a lookbehind tried at every offset read back over the word or the blanks before
// it — quadratic in their length, a 100 KB base64 string took 7.5 s.)
const REFERENCE = /(?=&)(?:(?<=\bconst\s+[A-Za-z_]\w*\s*|\bconst\s*|\bid\s*)&{1,2}(?=\s*[A-Za-z_])|(?<=\w)&(?=\s+[A-Za-z_])|(?<=[(,]\s*[A-Za-z_]\w*\s+)&(?=[A-Za-z_]))/g;

/** Words a `{` after which opens a block or a body, not a braced initializer. */
const BLOCK_WORDS = /^(?:else|do|try|struct|union|enum|class|namespace|extern|autoreleasepool|finally|synchronized|const|mutable|noexcept|override|final)$/;

/**
 * A braced initializer on one line as parentheses: `CGRect{origin, size}` and `Foo{}` as calls,
 * `bool done{false};` as `done(false)`, `return {a};` as `return (a);` (`return {};` blanked).
 */
function maskBraceInits(code: string, out: string[]): void {
  for (const m of code.matchAll(/(\b[A-Za-z_]\w*)[ \t]*\{/g)) {
    const open = m.index! + m[0].length - 1;
    const word = m[1] === "return" ? undefined : m[1];
    // (`Foo {a}` spaced only as a value: after `=`, `(`, `,`, `return`.)
    if (word !== undefined && (BLOCK_WORDS.test(word) || (code[open - 1] !== word.at(-1) && !/(?:[=(,]|\breturn)\s*$/.test(code.slice(Math.max(0, m.index! - 12), m.index))))) continue;
    if (out[open] !== "{") continue;
    const close = closing(code, open, Math.min(code.length, open + 300));
    if (close < 0) continue;
    const inner = code.slice(open + 1, close);
    if (/[;{}\n]/.test(inner)) continue;
    if (!word && !/^\s*;/.test(code.slice(close + 1))) continue;
    if (!word && !inner.trim()) (out[open] = " "), (out[close] = " ");
    else (out[open] = "("), (out[close] = ")");
  }
}

/** A range-based `for (T x : xs)` as `for (T x;; xs)` (a C `for` the grammar reads): its `:` and a space beside it. */
function maskRangeFor(code: string, out: string[]): void {
  for (const m of code.matchAll(/\bfor\s*\(/g)) {
    const open = m.index! + m[0].length - 1;
    const close = closing(code, open, Math.min(code.length, open + 400));
    if (close < 0) continue;
    const head = code.slice(open + 1, close);
    if (head.includes(";")) continue;
    const colon = /(?<!:)( ?):(?!:)( ?)/.exec(head);
    if (!colon || (!colon[1] && !colon[2])) continue;
    const at = open + 1 + colon.index;
    put(out, at, ";;");
  }
}

/** What stands between a lambda's parameters and its body: `mutable`, `noexcept`, `constexpr`, a trailing return type. */
const LAMBDA_TAIL = /^\s*(?:(?:mutable|noexcept|constexpr)\b\s*)*(?:->[\s\w:<>*&,]*)?$/;

/** `[captures](params) mutable -> R {` as a block, `^` and blanks: the grammar reads `^(params) {`. */
function maskLambdas(code: string, out: string[]): void {
  for (let i = code.indexOf("["); i >= 0; i = code.indexOf("[", i + 1)) {
    const before = code.slice(Math.max(0, i - 12), i).trimEnd();
    if (before && !/(?:[(,={;:?!]|\breturn)$/.test(before)) continue;
    const close = closing(code, i, Math.min(code.length, i + 200));
    if (close < 0 || !CAPTURES.test(code.slice(i + 1, close))) continue;
    let j = close + 1;
    while (/\s/.test(code[j] ?? "")) j++;
    let params = -1;
    if (code[j] === "(") {
      params = closing(code, j);
      if (params < 0) continue;
      j = params + 1;
    }
    // `mutable`, `noexcept`, `-> R` up to the body
    const brace = code.indexOf("{", j);
    // (One `-> R`, last: `(?:\s|…|->[\s\w…]*)*` could split blanks between its arms — exponential in the `->`s
    // before a failing character, 32 of them took 80 s.)
    if (brace < 0 || !LAMBDA_TAIL.test(code.slice(j, brace))) continue;
    if (params < 0 && brace !== j) continue;
    mask(out, i, close + 1);
    out[i] = "^";
    mask(out, j, brace);
  }
}
