/**
 * Lone macro lines masked before parsing (macros.ts maskMacros): `Q_OBJECT`, `_GLIBCXX_BEGIN_NAMESPACE_VERSION`,
 * `DECLARE_X(a, b);` on a line of their own — unless the line is a return type, a function's name, a type
 * above a name, or an operand the next line goes on from. Also each line's code (codeLines), which
 * macros.ts' conditionals read too.
 */
import { blankOut } from "../../core/text.js";

/**
 * A lone macro line: `Q_OBJECT`, `_GLIBCXX_BEGIN_NAMESPACE_VERSION`, `DECLARE_X(a, b);` — a name ending
 * in `_` only with arguments (absl's `ABSL_INTERNAL_CONVERSION_CHARS_EXPAND_(X, )`, gmock's
 * `GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(char, '\0');`).
 */
const LONE = /^[ \t]*(?:\[\[[^\]\n]*\]\][ \t]*)*((?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*(?:[A-Z0-9]|_(?=\s*\())(?:\s*\([^()\n]*\))?)[ \t]*;?[ \t]*\r?$/;
/**
 * One with calls in its arguments, `Q_STATIC_ASSERT(sizeof(T) == 4);`, `Q_PRIVATE_SLOT(d_func(), void f(int))`
 * (methods named for the macro had been listed), not with a `{` (a lambda's body: its callbacks). (Its `;`
 * stays: as an `if`'s body the line is an empty statement.)
 */
const LONE_NESTED = /^[ \t]*((?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*(?:[A-Z0-9]|_(?=\s*\())\s*\((?:[^(){}\n]|\((?:[^(){}\n]|\([^(){}\n]*\))*\))*\))[ \t]*;?[ \t]*\r?$/;
/**
 * An ALL_CAPS macro name with a lowercase suffix, with arguments and no `;`, on a line of its own: OpenSSL's
 * `DECLARE_ASN1_ENCODE_FUNCTIONS_only(TS_REQ, TS_REQ)`, `DECLARE_PEM_rw(CMS, CMS_ContentInfo)` (each an error
 * region, and the prototype after one lost or misread).
 */
const LONE_MIXED = /^[ \t]*([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]_[a-z][a-z0-9]*(?:_[a-z0-9]+)*\s*\([^()\n]*\))[ \t]*\r?$/;
/** libstdc++ concept checks, `__glibcxx_class_requires(_Tp, _Concept)`: a statement without `;`. */
const REQUIRES = /^[ \t]*(__glibcxx_\w*requires\w*[ \t]*\([^\n]*\))[ \t]*;?[ \t]*\r?$/;
/**
 * Each line's code: comments and preprocessor lines (with their continuations) left out. Heuristic
 * (a `/*` inside a string opens a comment): it only decides where a declaration may end.
 */
export function codeLines(lines: string[]): string[] {
  const out: string[] = [];
  let inComment = false;
  let continued = false;
  for (const line of lines) {
    // (A CRLF line's `\r` first: `// …\r` had kept its comment, `.` stopping at `\r` before `$`.)
    let code = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (inComment) {
      const end = code.indexOf("*/");
      inComment = end < 0;
      code = inComment ? "" : code.slice(end + 2);
    }
    code = code.replace(/\/\*.*?\*\//g, " ");
    const open = code.indexOf("/*");
    if (open >= 0 && !/\/\//.test(code.slice(0, open))) (inComment = true), (code = code.slice(0, open));
    code = code.replace(/\/\/.*$/, "").trim();
    const directive: boolean = continued || code.startsWith("#");
    continued = directive && /\\$/.test(code);
    out.push(directive ? "" : code);
  }
  return out;
}

/**
 * A lone macro with arguments above a head without a return type is the return type:
 * `NSPR_API(PRStatus)` / `PR_Open(…)` (an annotation, `_GLIBCXX_DEPRECATED_SUGGEST("x")`, is not).
 */
function returnType(macro: string, code: string[], i: number, annotation: RegExp): boolean {
  if (!macro.includes("(") || annotation.test(macro)) return false;
  let j = i + 1;
  while (j < code.length && !code[j]) j++;
  // (`STACK_OF(X) *f(…)`, `DECLARE_X(y)`: the next line starts with a macro, not a name.)
  return /^[A-Za-z_]*[a-z]\w*\s*\(/.test(code[j] ?? "");
}

/** A parameter list: `()`, `(void)`, `(symbolS *s, int n)` — every parameter a type and a name. */
function parameterList(args: string): boolean {
  const inner = args.slice(args.indexOf("(") + 1, args.lastIndexOf(")")).trim();
  if (inner === "" || inner === "void") return true;
  if (inner === "...") return false;
  return inner.split(",").every((p) => /^(?:\.\.\.|[A-Za-z_][\w:]*(?:<[^<>]*>)?(?:\s+[A-Za-z_][\w:]*)*[\s*&]+[A-Za-z_]\w*\s*(?:\[[^\]]*\])*)$/.test(p.trim()));
}

/**
 * A lone ALL_CAPS line that is a function's name (GNU style, the return type on the line before):
 * `valueT` / `S_GET_VALUE (symbolS *s)` / `{` — a parameter list, then a body (or an initialiser list), or a
 * `;` after a return type.
 */
function functionName(macro: string, line: string, prev: string, code: string[], i: number): boolean {
  if (!macro.includes("(") || !parameterList(macro)) return false;
  let j = i + 1;
  while (j < code.length && !code[j]) j++;
  // (A body, or a constructor's initialiser list: `_NFA(const X& __loc, _FlagT __flags)` / `: _NFA_base(__flags)`.)
  if (/^(?:\{|:(?!:))/.test(code[j] ?? "")) return true;
  return /;\s*$/.test(line) && /[\w*&]$/.test(prev) && !/\b(?:return|else|do|case|goto)$/.test(prev);
}

/** A lone macro the next line goes on from, an operand: `GTEST_CHECK_(x)` / `<< "message";`. */
function operand(code: string[], i: number): boolean {
  let j = i + 1;
  while (j < code.length && !code[j]) j++;
  return /^(?:<<|>>|\.|->|\?|&&|\|\|)/.test(code[j] ?? "");
}

/** A lone macro named like a type above a function's name: `_OBSTACK_SIZE_T` / `_obstack_memory_used (…)`. */
function typeLine(macro: string, code: string[], i: number): boolean {
  if (macro.includes("(") || !/(?:_T|_t|_TYPE|_PTR)$/.test(macro)) return false;
  let j = i + 1;
  while (j < code.length && !code[j]) j++;
  return /^\**[A-Za-z_]\w*\s*\(/.test(code[j] ?? "");
}

/** `text` with its lone macro lines blanked; `annotation` tells an annotation macro (never a return type). */
export function maskLoneLines(text: string, annotation: RegExp): string {
  // Lone macro lines (not enumerators, arguments, operands or macro continuations), judged by the code
  // of the line before (comments left out: a macro line after a doc comment's `*/` goes too).
  const lines = text.split("\n");
  const code = codeLines(lines);
  let prev = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lone = code[i] ? (LONE.exec(line) ?? LONE_NESTED.exec(line) ?? LONE_MIXED.exec(line)) : null;
    const kept = lone && (returnType(lone[1]!, code, i, annotation) || functionName(lone[1]!, code[i]!, prev, code, i) || typeLine(lone[1]!, code, i) || operand(code, i));
    const m = (lone && !kept ? lone : null) ?? (code[i] ? REQUIRES.exec(line) : null);
    if (m && !/[\\,([=+\-*/%&|^?!]$/.test(prev)) {
      const at = line.indexOf(m[1]!);
      lines[i] = line.slice(0, at) + blankOut(line.slice(at));
      continue;
    }
    if (code[i]) prev = code[i]!;
  }
  return lines.join("\n");
}
