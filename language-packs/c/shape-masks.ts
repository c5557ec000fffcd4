/**
 * Masks for shapes the C/C++ grammars cannot parse that are no annotation macro in a head (macros.ts
 * masks those): a comment inside a continued `#define`, a GNU attribute after a parameter's name.
 * Masked text becomes spaces, so offsets and lines do not move; records, signatures and docs read
 * the real source.
 */
import { blankOut } from "../../core/text.js";
import { ARGS } from "./balanced.js";


/**
 * A `/* … *\/` comment on a line a preprocessor directive continues past (`#define ARGS \` /
 * `NULL, /* default keychain *\/ \`): the grammar ends the directive at the comment, so the rest
 * of the body was read as code — a macro named after a later token, its body's words as top-level
 * functions and variables, the function below it lost (git's osxkeychain helper).
 */
export function maskDirectiveComments(text: string): string {
  if (!text.includes("/*") || !/\\\r?\n/.test(text)) return text;
  const lines = text.split("\n");
  let continued = false;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const inDirective: boolean = continued || /^[ \t]*#/.test(line);
    continued = inDirective && /\\\r?$/.test(line);
    if (!continued || !line.includes("/*")) continue;
    const masked = line.replace(/\/\*.*?\*\//g, blankOut);
    if (masked !== line) (lines[i] = masked), (changed = true);
  }
  return changed ? lines.join("\n") : text;
}

/**
 * A GNU attribute after a parameter's name, `allocator_type& __a __attribute__((__unused__)),`:
 * the C++ grammar has no attribute there, and libstdc++'s `allocator_traits::construct` became a
 * field and its `noexcept(…)` line a method named `noexcept`. Also after a variable's name, before its
 * initialiser or `;`, on the next line too (sqlite3.c's `static const Mem nullMem` / `__attribute__((aligned(8)))`
 * / `= {…};`, after which the function's body had run to the end of the file).
 */
const PARAM_ATTRIBUTE = new RegExp(String.raw`(?=__attribute__)(?<=[\w\]]\s*)\b__attribute__[ \t]*${ARGS}(?=\s*(?:[,);]|=(?!=)))`, "g");

export function maskParameterAttributes(text: string): string {
  if (!text.includes("__attribute__")) return text;
  return text.replace(PARAM_ATTRIBUTE, blankOut);
}

/**
 * `inline friend T f(…)`: the C++ grammar reads `friend` only first (`friend inline T f(…)`), and lost
 * ext/pointer.h's `_Pointer_adapter` class at its `inline friend std::ptrdiff_t operator-(…)`. The two
 * words change places (both six letters: offsets kept).
 */
export function swapInlineFriend(text: string): string {
  if (!text.includes("friend")) return text;
  return text.replace(/\binline([ \t]+)friend\b/g, "friend$1inline");
}

/**
 * A typedef of a reference, `typedef _Tp& reference;` (libstdc++ has hundreds): the grammar has no
 * reference declarator in a typedef; the `&` is masked (`typedef _Tp  reference;`).
 */
const TYPEDEF_REFERENCE = /(?=&)(?<=\btypedef\b[^;{}()\n]{0,300}[\w>\]][ \t]*)&{1,2}(?=[ \t]*[A-Za-z_]\w*[ \t]*;)/g;

/**
 * A typedef of a pointer to member function, `typedef T* (_Pointer_adapter::*__unspecified_bool_type)()
 * const;`: the grammar has none; the class qualifier and the trailing qualifiers are masked, so it
 * reads as a function pointer's typedef.
 */
const MEMBER_POINTER_TYPEDEF = /\btypedef\b[^;{}()]*\(([ \t]*[A-Za-z_][\w:]*(?:<[^;{}()]*>)?[ \t]*::)\*[ \t]*[A-Za-z_]\w*[ \t]*\)[ \t]*\([^;{}]*?\)((?:[ \t]*(?:const|volatile|noexcept|&&?)\b)*)[ \t]*;/g;

export function maskTypedefShapes(text: string): string {
  if (!text.includes("typedef")) return text;
  return text.replace(TYPEDEF_REFERENCE, blankOut).replace(MEMBER_POINTER_TYPEDEF, (m, cls: string, quals: string) => {
    let out = m.replace(cls, blankOut(cls));
    if (quals) {
      const at = out.lastIndexOf(quals);
      out = out.slice(0, at) + blankOut(quals) + out.slice(at + quals.length);
    }
    return out;
  });
}

/**
 * An exception-specification macro without an underscore after a parameter list, on its line:
 * ncurses' `virtual ~NCursesFramedPad() THROWS(NCursesException) {` (macros.ts's TAIL takes only
 * names with an underscore), which had cut the destructor to its line beside a method named `THROWS`.
 */
const SPEC_MACRO = new RegExp(
  String.raw`\)((?:[ \t]*(?:const|volatile|&&?))*[ \t]*)([A-Z][A-Z0-9]{2,}[ \t]*${ARGS})(?=\s*(?:[{;]|:(?!:)|override\b|final\b|=[ \t]*(?:0|default|delete)\b))`,
  "g",
);

export function maskSpecMacros(text: string): string {
  if (!/\)[ \t]*[A-Z][A-Z0-9]{2,}[ \t]*\(/.test(text)) return text;
  // (Forward from the `)`, the line's start read per match: a lookbehind to the line's start tried at
  // every position was quadratic on a long line.)
  return text.replace(SPEC_MACRO, (m, gap: string, macro: string, at: number) => {
    const line = text.slice(text.lastIndexOf("\n", at) + 1, at);
    return /^[ \t]*(?:#|\*|\/\/|\/\*)/.test(line) ? m : ")" + gap + blankOut(macro);
  });
}

/**
 * A function returning a function pointer whose name is parenthesised once more, `void
 * (*(get_ctx_fn(void)))(struct ctx*) {` (Go's runtime/cgo): the inner parentheses are masked, leaving
 * the form the queries read, `void (* get_ctx_fn(void) )(struct ctx*)` (the function had been missing).
 */
const PAREN_NAME = new RegExp(String.raw`(?=\()(?<=\(\*[ \t]*)\(([ \t]*[A-Za-z_]\w*[ \t]*${ARGS}[ \t]*)\)(?=[ \t]*\)[ \t]*\()`, "g");

export function maskParenthesisedNames(text: string): string {
  return text.includes("(*(") || /\(\*[ \t]+\(/.test(text) ? text.replace(PAREN_NAME, (_m, inner: string) => ` ${inner} `) : text;
}

/**
 * An old-style (K&R) definition, `void *myalloc(q, n, m)` / `void *q;` / `unsigned n, m;` / `{`: the
 * grammar has no parameter declarations between the list and the body; they are masked, so the
 * head reads `void *myalloc(q, n, m)` before its body (the range had ended at the first declaration,
 * the parameters listed as exported variables). Only a head at column 0 whose list is bare names.
 */
const KNR = /^(?![ \t#])([^\n;{}()]*?\b([A-Za-z_]\w*)[ \t]*\([ \t]*[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]*\)[ \t]*(?:\/\*[^\n]*?\*\/[ \t]*)?\r?\n)((?:[ \t]*(?:[A-Za-z_]\w*[ \t*]+)+[^;{}=\n]*;[^\n]*\r?\n)+)(?=[ \t]*\{)/gm;
const NOT_NAMES = new Set(["if", "while", "for", "switch", "return", "sizeof", "defined"]);

export function maskOldStyleParameters(text: string): string {
  if (!/\)[ \t]*(?:\/\*[^\n]*?\*\/[ \t]*)?\r?\n[ \t]*(?:[A-Za-z_]\w*[ \t*]+)+[^;{}=\n]*;/.test(text)) return text;
  return text.replace(KNR, (m, head: string, name: string, decls: string) => (NOT_NAMES.has(name) ? m : head + blankOut(decls)));
}

/**
 * A function-like macro the file defines as its argument, `#define BZ_API(func) func` (bzlib.h; also
 * libjpeg's `GLOBAL(type)`), used around one name: read as that name
 * (`BZ_EXTERN int BZ_API(BZ2_bzCompress) (…)` had made 24 functions named BZ_API). Not on directive lines.
 */
const IDENTITY_DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\([ \t]*([A-Za-z_]\w*)[ \t]*\)[ \t]+\2[ \t]*(?:\/\*.*?\*\/[ \t]*|\/\/.*)?\r?$/gm;

export function maskIdentityMacros(text: string): string {
  if (!/#[ \t]*define[ \t]+\w+\([ \t]*\w+[ \t]*\)/.test(text)) return text;
  // (Not one the file also defines by pasting, `#define NCURSES_SP_NAME(name) name##_sp` under `#if 1`
  // in curses.h: which definition holds is the configuration's, and the pasted name is not in the text.)
  const names = [...new Set([...text.matchAll(IDENTITY_DEFINE)].map((m) => m[1]!))].filter((n) => !new RegExp(String.raw`#[ \t]*define[ \t]+${n}\([^)\n]*\)[^\n]*##`).test(text));
  if (!names.length) return text;
  const use = new RegExp(String.raw`\b(?:${names.join("|")})[ \t]*\(([ \t]*[A-Za-z_]\w*[ \t]*)\)`, "g");
  return text.replace(use, (m: string, arg: string, at: number) => {
    const line = text.slice(text.lastIndexOf("\n", at) + 1, at);
    return /^[ \t]*#/.test(line) ? m : blankOut(m.slice(0, m.length - arg.length - 1)) + arg + " ";
  });
}

/** All of this file's masks, in the order maskMacros runs them (before its head patterns). */
export function maskShapes(text: string): string {
  return maskIdentityMacros(maskOldStyleParameters(maskParenthesisedNames(maskSpecMacros(maskTypedefShapes(swapInlineFriend(maskParameterAttributes(maskDirectiveComments(text))))))));
}
