/**
 * Masking of macros the C/C++ grammars cannot parse (`LanguageSpec.prepareSource`): annotation macros
 * in declaration heads (`class V8_EXPORT X`, `class X U_FINAL : B`, `static GPG_ERR_INLINE int f(…)`, `f(…) __THROW;`,
 * `namespace std _GLIBCXX_VISIBILITY(default) {`) and lone macro lines (`_GLIBCXX_BEGIN_NAMESPACE_VERSION`,
 * `Q_OBJECT`). Masked text becomes spaces, so offsets and lines do not move. Heuristic by design:
 * only ALL_CAPS names with an underscore (or `__x`), or ending like export/calling-convention macros
 * (`EGLAPI`, `APIENTRY`, `GLAPI`, `KHRONOS_APICALL`, zlib's `ZEXTERN`/`ZEXPORTVA`), are touched, so types
 * like `FILE` or `DWORD` stay.
 */
import { blankOut } from "../../core/text.js";
import { ARGS } from "./balanced.js";
import { staticAliases } from "./static-aliases.js";
import { maskParameterAttributes, maskShapes } from "./shape-masks.js";
import { maskIdioms, maskKeywordMacros, maskNullability, maskStaticConstants } from "./idiom-masks.js";
import { codeLines, maskLoneLines } from "./lone-lines.js";
import { maskMockMethods } from "./mock-methods.js";
import { maskEnumMacros } from "./enum-macros.js";
import { maskFoundationEnums, maskTypeTailMacros } from "./macro-lines.js";

/** An annotation-like macro name, optionally with arguments. */
const MACRO = String.raw`(?:(?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*|__[a-z]\w*|[A-Z][A-Z0-9]*(?:API|APIENTRY|APICALL|ENTRY|EXPORT|EXPORTVA|EXTERN|IMPORT|STDCALL))(?:\s*${ARGS})?`;
/** Macros named for what they annotate, never a type. */
const ANNOTATION = String.raw`_*[A-Z][A-Z0-9_]*_(?:CONSTEXPR|INLINE|TEMPLATE|NODISCARD|DEPRECATED\w*|NOEXCEPT\w*|NOTHROW|EXPORT|VISIBILITY|USE)\b(?:\s*${ARGS})?`;
const NOT_TYPE = String.raw`(?!\w*(?:_PTR|_T|_t)\b)`;

const CLASS_KEY = new RegExp(String.raw`\b(?:class|struct|union)\s+(${NOT_TYPE}${MACRO}(?:\s+${MACRO})*)\s+(?=[A-Za-z_]\w*\s*(?:[:{<]|final\b))`, "g");
/** `class X U_FINAL : Base` — an annotation macro after the name (run before CLASS_KEY). */
const CLASS_TAIL = new RegExp(String.raw`\b(?:class|struct|union)\s+(?:${MACRO}\s+)*[A-Za-z_]\w*\s+(${NOT_TYPE}${MACRO})(?=\s*(?:[:{]|final\b))`, "g");
const NAMESPACE = new RegExp(String.raw`\bnamespace\s+[\w:]+\s+(${MACRO})(?=\s*\{)`, "g");
const HEAD = new RegExp(
  String.raw`^([ \t]*(?:template[ \t]*<[^;{}\n]*>[ \t]*)?(?:(?:static|extern|inline|virtual|explicit|friend|constexpr)\s+)*)(${NOT_TYPE}${MACRO}(?:\s+${NOT_TYPE}${MACRO})*)(?=\s+(?:(?:static|inline|constexpr|virtual|explicit|friend|extern)\s+)*(?:(?:const|unsigned|signed|struct|enum|typename)\s+)*[A-Za-z_][\w:]*(?:<[^;{}()]*>(?:::[A-Za-z_]\w*)*)?[\s*&]+(?:[A-Za-z_][\w:]*(?:<[^;{}()]*>)?[\s*&]+)?[*&\s]*(?:[A-Za-z_]\w*(?:<[^;{}()\n]*>)?::)*(?:operator\s*\S+|[A-Za-z_~][\w:~]*)\s*\()`,
  "gm",
);
/**
 * After a parameter list (`f(…) __THROW __nonnull ((1));`): a lowercase `__x` only with arguments or
 * named like an attribute (`__attribute_pure__`, `__wur`), so `if (p) __x = y;` is code; and not one a
 * body follows, which is the name of a function after an attribute (`__attribute__((…))` / `__f(int a)` / `{`).
 * Also after `override`, `final` or `noexcept` (Abseil's `f() const noexcept ABSL_ATTRIBUTE_LIFETIME_BOUND {`,
 * `g() const override ABSL_LOCKS_EXCLUDED(mu_);`, which had been methods named for the macro). A lowercase
 * name ending in `__` before `((` is an attribute macro too (OpenSSL's `#define ossl_bio__attr__ __attribute__`:
 * `int BIO_printf(BIO *bio, const char *format, ...)` ⏎ `ossl_bio__attr__((__format__(…)));` lost BIO_printf).
 */
const TAIL_MACRO = String.raw`(?:(?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*|[A-Z][A-Z0-9]*(?:API|APIENTRY|APICALL|ENTRY|EXPORT|EXPORTVA|EXTERN|IMPORT|STDCALL)|__[a-z]\w*(?=\s*\()(?!\s*${ARGS}\s*\{)|__\w+__|[a-z]\w*__(?=[ \t]*\(\()|__wur\b)(?:\s*${ARGS})?`;
const TAIL = new RegExp(String.raw`\)((?:\s*(?:const|volatile|&&?|override|final|noexcept(?:\s*${ARGS})?))*\s*)(${TAIL_MACRO}(?:\s+${TAIL_MACRO})*)(?=\s*(?:[;{:]|=\s*(?:0|default|delete)\b|const\b|override\b|final\b|noexcept\b|->|$))`, "gm");
/** A calling-convention macro between the return type and the name: `void APIENTRY glClear(`. */
const CALLCONV = /(?<=[\w*&][ \t*&]*[ \t])((?:[A-Z][A-Z0-9_]*)?(?:APIENTRY|APICALL|STDCALL)|WINAPI|CALLBACK|__stdcall|__cdecl)(?=[ \t]+\**[ \t]*[A-Za-z_]\w*[ \t]*\()/g;
/** Words that are no type: a macro after one is no annotation between a return type and a name. */
const NOT_A_TYPE = String.raw`(?:return|else|case|goto|sizeof|new|delete|typedef|struct|union|enum|class|typename|static|extern|inline|const|volatile|virtual|explicit|friend|constexpr|register|using|namespace|template|throw|co_return|co_yield|co_await|operator)`;
const MACRO_NAME = String.raw`(?:(?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*[A-Z0-9]|[A-Z][A-Z0-9]*(?:API|APIENTRY|APICALL|ENTRY|EXPORT|EXPORTVA|EXTERN|IMPORT|STDCALL))`;
/**
 * A preprocessor line; one a comment opens (a `*`, `//` or `/*` line) — matches of the patterns below on
 * such a line are left as they are (`skipLines`). Tested on a match's line, not in the pattern: a
 * lookbehind back to the line's start at every candidate position was quadratic in a line's length
 * (a 200 KB line of calls took 3.9 s in TAIL's alone).
 */
const DIRECTIVE_LINE = /[ \t]*#/y;
const DIRECTIVE_OR_COMMENT_LINE = /[ \t]*(?:#|\*|\/\/|\/\*)/y;

/**
 * `text.replace(re, fn)`, leaving each match on a line that opens with `line` (a sticky pattern) as it
 * is. The matches come in order: the line start is found by walking forward once (looking back from
 * each match was quadratic on a long line of matches).
 */
function skipLines(text: string, re: RegExp, line: RegExp, fn: (m: string, ...groups: string[]) => string): string {
  let lineStart = 0;
  let next = text.indexOf("\n");
  return text.replace(re, (...args: unknown[]) => {
    const m = args[0] as string;
    // (No named groups in these patterns: the offset is the last argument but one.)
    const at = args[args.length - 2] as number;
    while (next >= 0 && next < at) (lineStart = next + 1), (next = text.indexOf("\n", lineStart));
    line.lastIndex = lineStart;
    return line.test(text) ? m : fn(m, ...(args.slice(1, -2) as string[]));
  });
}

/** A macro whose arguments are an attribute's (`ATTRIBUTE_PRINTF(1, 2)`), not a type (`STACK_OF(X509)`, `NCURSES_EXPORT(void)`). */
const ATTRIBUTE_NAME = String.raw`(?:ATTR\w*|PRINTF\w*|FORMAT\w*|ALIGN\w*|DEPRECATED\w*|NONNULL\w*|UNUSED|INIT|WARN\w*)`;
/**
 * A macro between the return type and the name: `voidpf ZLIB_INTERNAL zcalloc (`, `int ZEXPORT f (`,
 * `static int ATTRIBUTE_PRINTF_2 objdump_sprintf (` — after a type word, before a name and `(`.
 */
const MIDDLE = new RegExp(
  String.raw`(?=[A-Z_])(?<=(?:^|[^\w:.>-])(?!${NOT_A_TYPE}\b|${MACRO_NAME}\b|(?:unsigned|signed)\b)[A-Za-z_][\w:]*(?:<[^;{}()\n]*>)?[ \t]*[*&]*[ \t]+)(${NOT_TYPE}${MACRO_NAME}(?:(?<=${ATTRIBUTE_NAME})[ \t]*${ARGS})?)(?=\s+[*&]*[ \t]*(?!(?:__attribute__|__declspec|__asm__|__asm|asm|alignas|decltype|noexcept|throw)\b)[A-Za-z_]\w*[ \t]*\()`,
  "gm",
);
/**
 * An attribute macro after a parameter's or a variable's name: `asection *sec ATTRIBUTE_UNUSED,`,
 * `static int x ATTRIBUTE_UNUSED = 1;` — after a type and a name (neither a keyword), before `,` `)` `;` `=`.
 */
const BUILTIN = String.raw`(?:int|char|long|short|double|float|void|unsigned|signed|bool|auto)`;
const AFTER_NAME = new RegExp(
  String.raw`(?=[A-Z_])(?<=(?:^|[^\w:.>-])(?!${NOT_A_TYPE}\b|${MACRO_NAME}\b)[A-Za-z_][\w:]*(?:<[^;{}()\n]*>)?(?:[ \t]*[*&]+[ \t]*|[ \t]+)(?!${NOT_A_TYPE}\b|${BUILTIN}\b)[A-Za-z_]\w*[ \t]+)(${NOT_TYPE}${MACRO_NAME}(?:(?<=${ATTRIBUTE_NAME})[ \t]*${ARGS})?)(?=[ \t]*(?:[,);]|=[^=]))`,
  "gm",
);
/**
 * Old-style prototype macros, `int f OF((int x));` / `Z_ARG((…))` / `PARAMS ((…))` / `__P((…))`: the name and the outer
 * parentheses go, the parameter list stays (`int f    (int x) ;`).
 */
const OLD_PROTO = new RegExp(String.raw`(?=[OPZ_])(?<=[\w*)][ \t]*)\b(?:OF|Z_ARG|PARAMS|__P|_PARAMS|_PROTO|__PMT|_ANSI_ARGS_)[ \t]*\((\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))\)(?=\s*[;,)=])`, "gm");
/** A macro as an access specifier, `JSON_PRIVATE_UNLESS_TESTED:`: read as the access it names. */
const ACCESS = /^([ \t]*)([A-Z][A-Z0-9_]*(PRIVATE|PROTECTED|PUBLIC)[A-Z0-9_]*)(?=[ \t]*:(?!:))/gm;
/** A macro with arguments before a field: `EIGEN_ALIGN_TO_BOUNDARY(8) T array[Size];`. */
const FIELD_HEAD = new RegExp(
  String.raw`^([ \t]*)(${NOT_TYPE}${MACRO_NAME}[ \t]*${ARGS})(?=[ \t]+(?:(?:const|static|mutable|unsigned|signed|struct)\s+)*[A-Za-z_][\w:]*(?:<[^;{}()]*>)?[ \t*&]+[A-Za-z_]\w*[ \t]*(?:\[[^\]\n]*\][ \t]*)*[;=])`,
  "gm",
);
/** Annotation macros before a constructor or destructor of a class the file declares: `EIGEN_DEVICE_FUNC Storage() : …`, `template <typename T> FMT_CONSTEXPR FMT_INLINE value(T& v)`. */
const CTOR_MACROS = new RegExp(
  String.raw`^([ \t]*(?:template[ \t]*<[^;{}\n]*>[ \t]*)?)((?:(?:${NOT_TYPE}${MACRO_NAME}|inline|constexpr|explicit)[ \t]+)+)(?=~?([A-Za-z_]\w*)[ \t]*\()`,
  "gm",
);
const CLASS_NAME = /\b(?:class|struct)[ \t]+(?:[A-Z_][A-Z0-9_]*(?:\([^()\n]*\))?[ \t]+)*([A-Za-z_]\w*)[ \t]*(?:final\b|:(?!:)|\{|<|$)/gm;

function maskConstructorMacros(text: string): string {
  if (!/\b(?:class|struct)\b/.test(text)) return text;
  const classes = new Set([...text.matchAll(CLASS_NAME)].map((m) => m[1]!));
  const macro = new RegExp(String.raw`\b${NOT_TYPE}${MACRO_NAME}\b`, "g");
  return text.replace(CTOR_MACROS, (m, head: string, run: string, name: string) =>
    classes.has(name) && macro.test(run) ? head + run.replace(macro, blankOut) : m,
  );
}
/**
 * Heads without a return type: `explicit _GLIBCXX20_CONSTEXPR X(…)`, `_GLIBCXX20_CONSTEXPR ~X()`, and
 * `MACRO X(…)` for macros named like annotations (CONSTEXPR, INLINE, …): a constructor's, a
 * destructor's. (`MY_TYPE make(void)` is a return type and stays.)
 */
const CTOR = new RegExp(
  // (`(?=[ \t]*\S)`: a blank line fails at once — the look-behind below read back over every blank line before
  // it, at each of the line's spaces: 2,200 blank lines took 5 s.)
  String.raw`^(?=[ \t]*\S)([ \t]*(?:(?:inline|virtual|constexpr|explicit)\s+)*)((?:(?<=explicit\s+)${MACRO}|${ANNOTATION}|${MACRO}(?=\s+~))(?:\s+${MACRO})*)(?=\s+(?:[A-Za-z_]\w*(?:<[^;{}()\n]*>)?::)*~?[A-Za-z_]\w*\s*\()`,
  "gm",
);

/** An annotation macro before a variable's specifiers: `_GLIBCXX17_INLINE constexpr syntax_option_type icase = …`. */
const DATA_HEAD = new RegExp(String.raw`^([ \t]*)(${ANNOTATION})(?=\s+(?:constexpr|const|static|inline|extern|thread_local)\b)`, "gm");
/**
 * Annotation macros opening a variable's line, before its specifiers, type and name: `ABSL_CONST_INIT int v = 0;`,
 * `ABSL_CONST_INIT ABSL_DLL extern const T* p;` (`MY_TYPE const x = 1;`, a type, has no name after its type). At
 * most three: a line of thousands of ALL_CAPS words had been blanked but its last two, and the run of spaces made
 * the look-behinds of the patterns after it quadratic (20k words: 62 s).
 */
const VARIABLE_HEAD = new RegExp(
  String.raw`^([ \t]*)((?:${NOT_TYPE}${MACRO_NAME}[ \t]+){1,3})(?=(?:(?:static|extern|const|constexpr|inline|thread_local|volatile)\s+)*(?:(?:unsigned|signed|struct|enum|class)\s+)?(?!${NOT_A_TYPE}\b)[A-Za-z_][\w:]*(?:<[^;{}()\n]*>)?[ \t*&]+[A-Za-z_]\w*[ \t]*(?:[;={[]|$))`,
  "gm",
);


/** Replace group `g` of every match with spaces. */
function maskGroup(text: string, re: RegExp, g: number): string {
  return text.replace(re, (...args) => maskPart(args[0] as string, args.slice(1) as (string | undefined)[], g));
}

/** The match `m` with its group `g` (1-based; `groups[0]` is group 1) blanked. */
function maskPart(m: string, groups: (string | undefined)[], g: number): string {
  const part = groups[g - 1];
  if (!part) return m;
  const at = m.indexOf(part, g > 1 ? groups[0]?.length ?? 0 : 0);
  return at < 0 ? m : m.slice(0, at) + blankOut(part) + m.slice(at + part.length);
}

/** A branch of a conditional: its directive's line `at`, its code `from` (past continuations) `to`. */
type Branch = { at: number; from: number; to: number; zero: boolean };

/**
 * Conditional compilation read as one configuration: of each `#if`/`#ifdef` … `#endif` that `pick`
 * chooses, the branch with the most code (`#if 0` none), the directive lines and the other branches
 * blanked. Offsets and line breaks are kept.
 */
function collapseConditionals(source: string, pick: (branches: Branch[], lines: string[]) => boolean, allDirectives = false): string {
  if (!source.includes("#")) return source;
  const lines = source.split("\n");
  // Code per line (non-blank characters), summed: a branch's weight in O(1).
  const sum = new Float64Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) sum[i + 1] = sum[i]! + lines[i]!.replace(/\s+/g, "").length;
  const directive = new Uint8Array(lines.length);
  const dead = new Int32Array(lines.length + 1); // +1 where a dropped branch starts, -1 where it ends
  const open: Branch[][] = [];
  const close = (branches: Branch[]) => {
    if (!pick(branches, lines)) return;
    let best = -1;
    let weight = 0;
    branches.forEach((b, k) => {
      const w = b.zero ? -1 : sum[b.to]! - sum[b.from]!;
      if (w > weight || best < 0) (best = w < 0 ? best : k), (weight = Math.max(w, weight));
    });
    for (const b of branches) directive.fill(2, b.at, b.from); // the conditional's own lines
    const end = branches[branches.length - 1]!.to;
    if (end < lines.length) directive[end] = 2;
    branches.forEach((b, k) => {
      if (k === best) return;
      dead[b.from]!++;
      dead[b.to]!--;
    });
  };
  let continued = false;
  for (let i = 0; i < lines.length; i++) {
    const m = continued ? null : DIRECTIVE.exec(lines[i]!);
    if (!continued && !m) continue;
    directive[i] = directive[i] || 1;
    const last = open[open.length - 1]?.at(-1);
    if (continued && last?.from === i) last.from = i + 1;
    continued = /\\\s*$/.test(lines[i]!);
    if (!m) continue;
    const d = m[1]!;
    const top = open[open.length - 1];
    if (d.startsWith("if")) open.push([{ at: i, from: i + 1, to: lines.length, zero: d === "if" && IF_ZERO.test(m[2]!) }]);
    else if (!top) continue;
    else if (d === "endif") {
      top[top.length - 1]!.to = i;
      close(open.pop()!);
    } else {
      top[top.length - 1]!.to = i;
      top.push({ at: i, from: i + 1, to: lines.length, zero: false });
    }
  }
  while (open.length) close(open.pop()!);
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    depth += dead[i]!;
    // The lines of a collapsed conditional (2), all directives when the whole file is one configuration.
    if (depth > 0 || directive[i] === 2 || (allDirectives && directive[i])) lines[i] = blankOut(lines[i]!);
  }
  return lines.join("\n");
}
// (`(.*?)\r?$`: a CRLF file's `#else\r` — `.` stops at `\r` — had matched no directive, its conditionals left as they were.)
const DIRECTIVE = /^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*?)\r?$/;
const IF_ZERO = /^\s*0\s*(?:\/\/.*|\/\*.*)?$/;

/**
 * Conditional compilation read as one configuration — of each `#if`/`#ifdef` … `#endif`, the branch
 * with the most code (`#if 0` none), the directive lines and the other branches blanked — for a file
 * the grammar lost its way in (LanguageSpec.reparse), when the conditionals that split a declaration
 * (splitDeclarations) were not all of it. One branch also keeps braces balanced where both branches
 * open one. Declarations in the other branches are not read (Universal Ctags lists them): hence only
 * as a second reading.
 */
export function oneConfiguration(source: string): string {
  if (!source.includes("#")) return source;
  return collapseConditionals(source, () => true, true);
}

/**
 * The conditionals that split a declaration, read as one configuration in the first parse: the
 * grammar parses an `#if` whose branches hold whole declarations (and all are listed, as Universal
 * Ctags lists them), but not one inside a declaration — libstdc++'s `template<…>` / `#if` / return
 * type / `#else` / other return type / `#endif` / name, a parameter under `#if`, braces opened in
 * both branches. A conditional splits a declaration when the code before it or at the end of a branch
 * does not end one (`;`, `{`, `}`, `:`), or a branch's braces do not balance. Both branches declare
 * the same thing there, so one is enough. (The C# pack reads its conditionals so too.) And every `#if 0`.
 */
export function splitDeclarations(source: string): string {
  if (!/^[ \t]*#[ \t]*(?:if|ifdef|ifndef)\b/m.test(source)) return source;
  let code: string[] | undefined;
  const ends = (s: string | undefined) => !s || /(?:[;{}]|[^:]:)$/.test(s);
  const lastCode = (from: number, to: number) => {
    for (let i = to - 1; i >= from; i--) if (code![i]) return code![i];
    return undefined;
  };
  return collapseConditionals(source, (branches, lines) => {
    code ??= codeLines(lines);
    // An `#if 0` is read without its code, as compilers and Universal Ctags read it: sqlite3.c's `#if 0` /
    // `}  /* End of the 'extern "C"' block */` and a TCL script under `#if 0` had each made the rest of
    // the file one error region.
    if (branches.some((b) => b.zero) || !ends(lastCode(0, branches[0]!.from - 1))) return true;
    return branches.some((b) => {
      if (!ends(lastCode(b.from, b.to))) return true;
      let depth = 0;
      for (let i = b.from; i < b.to; i++) for (const ch of code![i]!) depth += ch === "{" ? 1 : ch === "}" ? -1 : 0;
      return depth !== 0;
    });
  });
}

/** The report's warning when the second reading was kept. */
export const ONE_CONFIGURATION_NOTE =
  "preprocessor conditionals read as one configuration (the branch with the most code of each), as the file did not parse otherwise: declarations in the other branches are not listed";

/**
 * `decltype(expr, true)` / `decltype(expr, void())` (the SFINAE idiom): the grammar has no comma
 * expression there; from the comma on is masked (`decltype(expr      )`), when it ends in such a value.
 */
function maskDecltypeComma(text: string): string {
  if (!text.includes("decltype")) return text;
  let out = text;
  for (const m of text.matchAll(/\bdecltype\s*\(/g)) {
    let depth = 1;
    const commas: number[] = [];
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0 && i - m.index < 2000; i++) {
      const c = text[i];
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (c === "," && depth === 1) commas.push(i);
      else if (c === ";" || c === "{" || c === "}") break;
    }
    if (depth || !commas.length) continue;
    // From the first comma (`decltype(a, b, void())`) unless a `<` before it may hold it (`f<A, B>(), true`).
    const comma = /</.test(text.slice(m.index, commas[0])) ? commas[commas.length - 1]! : commas[0]!;
    const tail = text.slice(comma, i - 1);
    if (/,\s*(?:true|false|void\s*\(\s*\)|0|1|nullptr)\s*$/.test(tail)) out = out.slice(0, comma) + blankOut(tail) + out.slice(i - 1);
  }
  return out;
}


const C_KEYWORDS = new Set(["const", "volatile", "inline", "register", "signed", "unsigned", "static", "extern", "auto", "restrict", "noexcept", "explicit", "virtual", "constexpr", "override", "final", "mutable", "friend", "thread_local"]);

/** `#define PUBLIC` (nothing): a name a file's declarations may open with. */
const EMPTY_DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]*(?:\/[*/].*)?$/gm;

/**
 * A static alias or an empty macro opening a declaration line (`local int f(void) {`, `PUBLIC int
 * g(void);`), masked: the grammar cannot read it (cfamily.ts counts the alias as `static`).
 */
function maskStaticAliases(text: string): string {
  const empty = /#[ \t]*define[ \t]+\w+[ \t]*$/m.test(text) ? [...text.matchAll(EMPTY_DEFINE)].map((m) => m[1]!) : [];
  // (`#define const /* empty */` for old compilers: a keyword stays, the declaration's head keeps it.)
  const names = [...staticAliases(text), ...empty.filter((n) => !C_KEYWORDS.has(n))];
  if (!names.length) return text;
  // (Also after a storage class or qualifier: sqlite3.c's `static SQLITE_WSD struct sqlite3StatType {`.)
  return text.replace(new RegExp(String.raw`^([ \t]*(?:(?:static|extern|const|inline|volatile)[ \t]+)*)(${names.join("|")})(?=[ \t]+[A-Za-z_])`, "gm"), (_m, ws: string, name: string) => ws + blankOut(name));
}

/**
 * Whether `at` follows a `.` or `->` (white space between): `p.operator->()`. Read back from the match (a
 * look-behind in the pattern was tried at every position, and read back over every run of white space: 5 s on a
 * file of 2,200 blank lines).
 */
function afterMemberAccess(s: string, at: number): boolean {
  let i = at;
  while (i > 0 && /\s/.test(s[i - 1]!)) i--;
  return s[i - 1] === "." || (s[i - 1] === ">" && s[i - 2] === "-");
}

export function maskMacros(source: string): string {
  if (source.length > 40_000_000) return source;
  // Old-style prototypes first: the head patterns below look for the name before its `(`.
  let out = skipLines(maskShapes(maskStaticAliases(maskNullability(maskKeywordMacros(maskStaticConstants(maskEnumMacros(maskTypeTailMacros(maskFoundationEnums(maskMockMethods(source))))))))), OLD_PROTO, DIRECTIVE_OR_COMMENT_LINE, (m, args) => `${blankOut(m.slice(0, m.indexOf(args!)))}${args} `);
  out = maskGroup(out, CLASS_TAIL, 1);
  out = maskGroup(out, CLASS_KEY, 1);
  out = maskGroup(out, NAMESPACE, 1);
  // Twice: `EIGEN_DEVICE_FUNC static EIGEN_CONSTEXPR Index rows(void)`, one macro before `static`, one after.
  out = maskGroup(maskGroup(out, HEAD, 2), HEAD, 2);
  out = maskConstructorMacros(out);
  out = maskGroup(out, FIELD_HEAD, 2);
  out = maskGroup(out, CTOR, 2);
  out = maskGroup(out, DATA_HEAD, 2);
  out = maskGroup(out, VARIABLE_HEAD, 2);
  out = skipLines(out, TAIL, DIRECTIVE_LINE, (m, ...groups) => maskPart(m, groups, 2));
  out = out.replace(ACCESS, (_m, ws: string, name: string, access: string) => ws + access.toLowerCase().padStart(name.length));
  out = out.replace(CALLCONV, (m) => blankOut(m));
  out = skipLines(out, MIDDLE, DIRECTIVE_OR_COMMENT_LINE, blankOut);
  out = skipLines(out, AFTER_NAME, DIRECTIVE_OR_COMMENT_LINE, blankOut);
  // `if _GLIBCXX17_CONSTEXPR (…)` is `if constexpr`; `_GLIBCXX_FWDREF(T)` is `T&&`.
  out = out.replace(/(?<=\bif[ \t]+)[A-Z_][A-Z0-9_]*CONSTEXPR\b/g, blankOut);
  out = out.replace(/\b_GLIBCXX_FWDREF\(([\w:]+)\)/g, (m, t: string) => `${t}&&`.padStart(m.length));
  // `push_back(typename object_t::value_type(…))`: the grammar has no `typename` in an expression.
  // `extern template auto f<char>(int) -> char;`: an explicit instantiation declaration declares nothing
  // new, and the grammar cannot parse it.
  out = out.replace(/^[ \t]*extern[ \t]+template\b(?![ \t]*<)[^;{}]*;/gm, blankOut);
  // `X<T>::template rebind<U>`: the bundled C++ grammar fails on the disambiguator.
  out = out.replace(/::(\s*)template\b/g, (m) => m.slice(0, 2) + blankOut(m.slice(2)));
  out = out.replace(/(?<=(?:[(=]|\breturn)[ \t]*)typename(?=\s+[\w:]+(?:<[^;{}()]*>)?::\s*\w+(?:<[^;{}()]*>)?[ \t]*[({])/g, blankOut);
  out = maskDecltypeComma(out);
  // libstdc++'s `__try` / `__catch(…)` are `try` / `catch`; `p.operator->()` an explicit operator call.
  out = maskIdioms(out);
  out = out.replace(/\b__(try|catch)\b/g, "  $1").replace(/operator\s*->(?=\s*\()/g, (m, at: number, s: string) => (afterMemberAccess(s, at) ? m.replace(/[^\s]/g, "_") : m));
  // `a.b < c.d || (…)`: the C++ grammar reads `b<` as template arguments and loses the rest of the
  // file; a comparison spaced on both sides after a member is read as `-` (bodies only have them),
  // also with a literal on the right (re2's `i->hi < 'A' || 'z' < i->lo`: the whole file one error).
  out = out.replace(/(?<=(?:\.|->)[ \t]*[A-Za-z_]\w*[ \t]+)<(?=[ \t]+[\w(*&!~'"-])/g, "-");
  // (Attributes again once conditionals are one configuration: `nullMem` / `#if …` / `__attribute__((…))`.)
  return maskParameterAttributes(splitDeclarations(maskLoneLines(out, new RegExp(`^${ANNOTATION}$`))));
}
