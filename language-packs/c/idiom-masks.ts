/**
 * Library macro idioms the C++ grammar cannot parse, read as the code they stand for (same offsets:
 * heads and signatures still read the real text). Called by macros.ts maskMacros.
 *
 * - Exception macros: `BOOST_TRY {` / `BOOST_CATCH(...) {` / `BOOST_CATCH_END`, `QT_TRY` / `QT_CATCH(…)`,
 *   `SPDLOG_TRY`: the macro goes, its block stays a plain block. The grammar had read `BOOST_TRY{…}` as an
 *   initialiser and lost the class around it (boost's circular_list_algorithms: every member gone).
 * - Loop macros before a block, Qt's `Q_FOREVER {` / `forever {`, `Q_FOREACH(x, xs) {`, `BOOST_FOREACH(…) {`:
 *   the macro goes, the block stays (qgenericatomic.h's `QGenericAtomicOps` had been lost at a `Q_FOREVER`).
 * - Reference macros of Boost.Move: `BOOST_RV_REF(T)`, `BOOST_FWD_REF(T)`, `BOOST_COPY_ASSIGN_REF(T)` read
 *   as `T&&` / `const T&` (as libstdc++'s `_GLIBCXX_FWDREF(T)`); `BOOST_RV_REF_BEG T BOOST_RV_REF_END` as
 *   `T&&`. A parameter `BOOST_RV_REF(tree) x` had been a call, and boost's `tree` class closed early.
 * - Specifiers before an out-of-class conversion operator, `inline Boolean::operator bool() const {`
 *   (node-addon-api's napi-inl.h): the grammar has no specifiers before one and had read `Boolean::operator`
 *   as a type and the function as `bool`. They are masked; the head keeps them.
 * - Qt's access labels, `public Q_SLOTS:`, `Q_SIGNALS:`, `private slots:`, `signals:`: read as `public:` / `private:`
 *   (signals are public). The grammar had lost the slots under one (QTimer's `start` overloads).
 * - `#if __has_include(<chrono>)`, `__has_include("x.h")`: the path read as a name (the grammar takes no
 *   `<…>` nor string operand there).
 * - Nullability qualifiers, clang's `_Nonnull` / `_Nullable` / `_Null_unspecified` and Abseil's macros for
 *   them, `absl_nonnull` / `absl_nullable` / `absl_nullability_unknown` (`const char* absl_nonnull p`):
 *   neither grammar has them; Abseil's headers had 650 error regions at them. Not on directive lines.
 * - Boost's `BOOST_DEDUCED_TYPENAME` (a macro for `typename`: `typedef BOOST_DEDUCED_TYPENAME T::type t;`) read as
 *   `typename`; `BOOST_NESTED_TEMPLATE` (for the `::template` disambiguator, which macros.ts masks) blanked.
 * - A comparison as a macro's argument in `#if` / `#elif`, `#if BOOST_WORKAROUND(BOOST_MSVC, < 1930)` (738 lines of
 *   Boost): the argument blanked, `BOOST_WORKAROUND(BOOST_MSVC          )` — the grammar takes no operator there.
 * - Thread-safety annotations after a declarator, `int n_ ABSL_GUARDED_BY(mu_);`, `T* p_ ABSL_PT_GUARDED_BY(mu_)
 *   {nullptr};`, clang's own `GUARDED_BY(mu)`, `ACQUIRED_AFTER(…)`: masked (not on directive lines). The grammar
 *   had read a method named for the macro, or an error. (After a parameter list, macros.ts' TAIL masks them.)
 * - `(obj->*pmf)(args)`, `p->*pm`: the grammar has no `->*`; read as a sum and a dereference (` +*`), which
 *   parses as an expression wherever `->*` stands (not `operator->*`, which names an operator).
 * Directive lines keep their macros (`#define BOOST_NESTED_TEMPLATE template`), but for `#if` comparisons.
 */
import { blankOut } from "../../core/text.js";
import { ARGS } from "./balanced.js";


const TRY = /\b[A-Z][A-Z0-9]*_TRY\b(?=\s*\{)/g;
const CATCH = new RegExp(String.raw`\b[A-Z][A-Z0-9]*_CATCH[ \t]*${ARGS}(?=\s*\{)`, "g");
const REF = new RegExp(String.raw`\b[A-Z][A-Z0-9]*_(RV_REF|FWD_REF|COPY_ASSIGN_REF)[ \t]*\(((?:[^()]|${ARGS})*)\)`, "g");
const REF_BEG = /\b[A-Z][A-Z0-9]*_RV_REF_BEG(?:_IF_CXX11)?\b/g;
const REF_END = /\b[A-Z][A-Z0-9]*_RV_REF_END(?:_IF_CXX11)?\b/g;

/** `T` as the reference type the macro names, padded to the macro's length. */
function reference(m: string, which: string, type: string): string {
  const t = type.replace(/\s+/g, " ").trim();
  const text = which === "COPY_ASSIGN_REF" ? `const ${t}&` : `${t}&&`;
  return text.length <= m.length ? text.padEnd(m.length) : m;
}

const CAST_SPECIFIERS = /^([ \t]*(?:template[ \t]*<[^;{}\n]*>[ \t]*)?)((?:(?:inline|constexpr|explicit|static|virtual)[ \t]+)+)(?=(?:[A-Za-z_]\w*(?:<[^;{}()\n]*>)?[ \t]*::[ \t]*)+operator[ \t]+[A-Za-z_])/gm;

const NULLABILITY = /\b(?:_Nonnull|_Nullable|_Nullable_result|_Null_unspecified|absl_nonnull|absl_nullable|absl_nullability_unknown)\b/g;

/** (Run first by maskMacros: the head patterns after it read `T* absl_nonnull f(` as a head.) */
export function maskNullability(text: string): string {
  if (!/\b(?:_Nonnull|_Nullable|_Null_unspecified|absl_null|absl_nonnull)/.test(text)) return text;
  return text
    .split("\n")
    .map((line) => (/^[ \t]*#/.test(line) ? line : line.replace(NULLABILITY, blankOut)))
    .join("\n");
}

const QT_ACCESS = /^([ \t]*)(?:(public|protected|private)([ \t]+))?(Q_SLOTS|Q_SIGNALS|slots|signals)(?=[ \t]*:(?!:))/gm;

function qtAccess(_m: string, ws: string, access: string | undefined, gap: string | undefined, label: string): string {
  return access ? ws + access + gap! + blankOut(label) : ws + "public".padEnd(label.length);
}

const LOOP = new RegExp(String.raw`\b(?:Q_FOREVER|forever|[A-Z][A-Z0-9]*_FOREACH(?:_[A-Z]+)?[ \t]*${ARGS})(?=\s*\{)`, "g");

/** A comparison as a macro's argument in `#if`/`#elif`: `BOOST_WORKAROUND(BOOST_MSVC, < 1930)`. */
const COMPARED_ARG = /(?<=\b[A-Z][A-Z0-9_]*[ \t]*\([^(),\n]*),([ \t]*(?:<=?|>=?|==|!=)[^(),\n]*(?:\([^()\n]*\)[^(),\n]*)*)(?=\))/g;
const GUARDED = new RegExp(String.raw`\b(?:[A-Z][A-Z0-9]*_)*(?:PT_)?(?:GUARDED_BY|ACQUIRED_(?:BEFORE|AFTER))[ \t]*${ARGS}`, "g");

/** `BOOST_STATIC_CONSTANT(` opening a constant member (maskStaticConstants). */
const STATIC_CONSTANT = /\bBOOST_STATIC_CONSTANT[ \t]*\(/g;
/** A directive's `#` at a line's start (sticky: read from the line's start, its blanks only). */
const DIRECTIVE_AT = /[ \t]*#/y;

/**
 * Boost's `BOOST_STATIC_CONSTANT(bool, value = true);` (~2,900 uses; the macro is `static const type
 * assignment`, or an enum where a compiler lacked in-class constants) read as `static const bool value =
 * true;` — the macro's name and `(` as `static const`, its first comma and its `)` blanks, same offsets. The
 * grammar had read a method named BOOST_STATIC_CONSTANT (a recommended read of type_traits headers). A
 * directive line is left (`#define BOOST_STATIC_CONSTANT(type, assignment) …`), and a call whose `)` is not
 * found within 2,000 characters, or after a `;`.
 */
export function maskStaticConstants(text: string): string {
  if (!text.includes("BOOST_STATIC_CONSTANT")) return text;
  let out = "";
  let last = 0;
  // (Each match's line start found going forward, once over the text: a search back per match was a
  // scan of the line's length each on a long one.)
  let lineStart = 0;
  let nextBreak = text.indexOf("\n");
  for (const m of text.matchAll(STATIC_CONSTANT)) {
    const at = m.index;
    while (nextBreak >= 0 && nextBreak < at) nextBreak = text.indexOf("\n", (lineStart = nextBreak + 1));
    DIRECTIVE_AT.lastIndex = lineStart;
    if (at < last || DIRECTIVE_AT.test(text)) continue;
    const open = at + m[0].length - 1;
    let depth = 0;
    let comma = -1;
    let close = -1;
    for (let i = open, end = Math.min(text.length, open + 2000); i < end && close < 0; i++) {
      const c = text[i];
      if (c === "(") depth++;
      else if (c === ")") close = --depth === 0 ? i : -1;
      else if (c === "," && depth === 1 && comma < 0) comma = i;
      else if (c === ";") break;
    }
    if (comma < 0 || close < 0) continue;
    out += text.slice(last, at) + "static const".padEnd(open + 1 - at) + text.slice(open + 1, comma) + " " + text.slice(comma + 1, close) + " ";
    last = close + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Boost's keyword macros, comparisons in `#if` arguments, thread-safety annotations, `->*` (run first by maskMacros). */
export function maskKeywordMacros(text: string): string {
  const keywords = /BOOST_DEDUCED_TYPENAME|BOOST_NESTED_TEMPLATE/.test(text);
  const conditions = /^[ \t]*#[ \t]*(?:el)?if\b.*\([^()\n]*,[ \t]*(?:<|>|==|!=)/m.test(text);
  const guarded = /(?:GUARDED_BY|ACQUIRED_(?:BEFORE|AFTER))[ \t]*\(/.test(text);
  const member = text.includes("->*");
  if (!keywords && !conditions && !guarded && !member) return text;
  // Line by line: a directive line keeps its macros (`#define BOOST_NESTED_TEMPLATE template`, whose name had been
  // blanked), but for an `#if`'s comparison arguments.
  return text
    .split("\n")
    .map((line) => {
      if (/^[ \t]*#/.test(line)) {
        // (A long line is left: the look-behind reads back to the call's `(` at each comma.)
        return conditions && line.length < 2000 && /^[ \t]*#[ \t]*(?:el)?if\b/.test(line) ? line.replace(COMPARED_ARG, blankOut) : line;
      }
      let out = line;
      if (keywords && out.includes("BOOST_")) out = out.replace(/\bBOOST_DEDUCED_TYPENAME\b/g, (m) => "typename".padEnd(m.length)).replace(/\bBOOST_NESTED_TEMPLATE\b/g, blankOut);
      if (guarded && /GUARDED_BY|ACQUIRED_/.test(out)) out = out.replace(GUARDED, blankOut);
      // (`+*`, not `,*`: `const auto &l = p->*(f());` had read a second declarator.)
      if (member && out.includes("->*")) out = out.replace(/(?<!\boperator[ \t]*)->\*/g, " +*");
      return out;
    })
    .join("\n");
}

export function maskIdioms(text: string): string {
  let out = text.includes("__has_include") ? text.replace(/(?<=__has_include(?:_next)?[ \t]*\([ \t]*)(?:<[^<>()\n]*>|"[^"()\n]*")/g, (m) => "_".padEnd(m.length)) : text;
  if (/\b(?:Q_SLOTS|Q_SIGNALS|slots|signals)[ \t]*:/.test(out)) out = out.replace(QT_ACCESS, qtAccess);
  if (/::[ \t]*operator[ \t]+[A-Za-z_]/.test(out)) out = out.replace(CAST_SPECIFIERS, (_m, head: string, specifiers: string) => head + blankOut(specifiers));
  if (/_(?:TRY|CATCH)\b/.test(out)) out = out.replace(TRY, blankOut).replace(CATCH, blankOut);
  if (/FOREVER|forever|_FOREACH/.test(out)) out = out.replace(LOOP, blankOut);
  if (/_(?:RV_REF|FWD_REF|COPY_ASSIGN_REF)/.test(out)) {
    // (Line breaks inside the arguments are kept: `BOOST_RV_REF(X<A,⏎B>)` is rare, and would move lines.)
    out = out.replace(REF, (m, which: string, type: string) => (m.includes("\n") ? m : reference(m, which, type)));
    out = out.replace(REF_BEG, blankOut).replace(REF_END, (m) => "&&".padEnd(m.length));
  }
  return out;
}
