/**
 * Masking of macros the C/C++ grammars cannot parse (`LanguageSpec.prepareSource`): annotation macros
 * in declaration heads (`class V8_EXPORT X`, `class X U_FINAL : B`, `static GPG_ERR_INLINE int f(…)`, `f(…) __THROW;`,
 * `namespace std _GLIBCXX_VISIBILITY(default) {`) and lone macro lines (`_GLIBCXX_BEGIN_NAMESPACE_VERSION`,
 * `Q_OBJECT`). Masked text becomes spaces, so offsets and lines do not move. Heuristic by design:
 * only ALL_CAPS names with an underscore (or `__x`), or ending like export/calling-convention macros
 * (`EGLAPI`, `APIENTRY`, `GLAPI`, `KHRONOS_APICALL`), are touched, so types like `FILE` or `DWORD` stay.
 */

/** An annotation-like macro name, optionally with one level of arguments (`((1, 2))` or `(default)`). */
const MACRO = String.raw`(?:(?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*|__[a-z]\w*|[A-Z][A-Z0-9]*(?:API|APIENTRY|APICALL|ENTRY|EXPORT|STDCALL))(?:\s*\(\([^()]*\)\)|\s*\([^()]*\))?`;
const NOT_TYPE = String.raw`(?!\w*(?:_PTR|_T|_t)\b)`;

const CLASS_KEY = new RegExp(String.raw`\b(?:class|struct|union)\s+(${NOT_TYPE}${MACRO}(?:\s+${MACRO})*)\s+(?=[A-Za-z_]\w*\s*(?:[:{<]|final\b))`, "g");
/** `class X U_FINAL : Base` — an annotation macro after the name (run before CLASS_KEY). */
const CLASS_TAIL = new RegExp(String.raw`\b(?:class|struct|union)\s+(?:${MACRO}\s+)*[A-Za-z_]\w*\s+(${NOT_TYPE}${MACRO})(?=\s*(?:[:{]|final\b))`, "g");
const NAMESPACE = new RegExp(String.raw`\bnamespace\s+[\w:]+\s+(${MACRO})(?=\s*\{)`, "g");
const HEAD = new RegExp(
  String.raw`^([ \t]*(?:(?:static|extern|inline|virtual|explicit|friend|constexpr)\s+)*)(${NOT_TYPE}${MACRO}(?:\s+${NOT_TYPE}${MACRO})*)(?=\s+(?:(?:const|unsigned|signed|struct|enum|typename)\s+)*[A-Za-z_][\w:]*(?:<[^;{}()]*>)?[\s*&]+(?:[A-Za-z_][\w:]*(?:<[^;{}()]*>)?[\s*&]+)?[*&\s]*(?:operator\s*\S+|[A-Za-z_~][\w:~]*)\s*\()`,
  "gm",
);
const TAIL = new RegExp(String.raw`\)((?:\s*(?:const|volatile|&&?))*\s*)(${MACRO}(?:\s+${MACRO})*)(?=\s*(?:[;{=:]|const\b|override\b|final\b|noexcept\b|->|$))`, "gm");
/** A calling-convention macro between the return type and the name: `void APIENTRY glClear(`. */
const CALLCONV = /(?<=[\w*&][ \t*&]*[ \t])((?:[A-Z][A-Z0-9_]*)?(?:APIENTRY|APICALL|STDCALL)|WINAPI|CALLBACK|__stdcall|__cdecl)(?=[ \t]+\**[ \t]*[A-Za-z_]\w*[ \t]*\()/g;
const LONE = /^[ \t]*((?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*[A-Z0-9](?:\s*\([^()\n]*\))?)[ \t]*;?[ \t]*$/;

const blank = (s: string) => s.replace(/[^\n]/g, " ");

/** Replace group `g` of every match with spaces. */
function maskGroup(text: string, re: RegExp, g: number): string {
  return text.replace(re, (...args) => {
    const m = args[0] as string;
    const part = args[g] as string | undefined;
    if (!part) return m;
    const at = m.indexOf(part, g > 1 ? (args[1] as string | undefined)?.length ?? 0 : 0);
    return at < 0 ? m : m.slice(0, at) + blank(part) + m.slice(at + part.length);
  });
}

/**
 * Conditional compilation read as one configuration — of each `#if`/`#ifdef` … `#endif`, the branch
 * with the most code (`#if 0` none), the directive lines and the other branches blanked — for a file
 * the grammar lost its way in (LanguageSpec.reparse): it parses a conditional whose branches hold whole
 * declarations, but not one that splits a declaration (an `#if` around a `template<…>` head, an
 * `#else` with another constructor head), and libstdc++'s `basic_string` was lost in such ERRORs, its
 * members listed at the top level. One branch also keeps braces balanced where both branches open
 * one. Declarations in the other branches are not read (Universal Ctags lists them): hence only as a
 * second reading.
 */
export function oneConfiguration(source: string): string {
  if (!source.includes("#")) return source;
  const lines = source.split("\n");
  // Code per line (non-blank characters), summed: a branch's weight in O(1).
  const sum = new Float64Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) sum[i + 1] = sum[i]! + lines[i]!.replace(/\s+/g, "").length;
  const directive = new Uint8Array(lines.length);
  const dead = new Int32Array(lines.length + 1); // +1 where a dropped branch starts, -1 where it ends
  type Branch = { from: number; to: number; zero: boolean };
  const open: Branch[][] = [];
  const close = (branches: Branch[]) => {
    let best = -1;
    let weight = 0;
    branches.forEach((b, k) => {
      const w = b.zero ? -1 : sum[b.to]! - sum[b.from]!;
      if (w > weight || best < 0) (best = w < 0 ? best : k), (weight = Math.max(w, weight));
    });
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
    directive[i] = 1;
    continued = /\\\s*$/.test(lines[i]!);
    if (!m) continue;
    const d = m[1]!;
    const top = open[open.length - 1];
    if (d.startsWith("if")) open.push([{ from: i + 1, to: lines.length, zero: d === "if" && IF_ZERO.test(m[2]!) }]);
    else if (!top) continue;
    else if (d === "endif") {
      top[top.length - 1]!.to = i;
      close(open.pop()!);
    } else {
      top[top.length - 1]!.to = i;
      top.push({ from: i + 1, to: lines.length, zero: false });
    }
  }
  while (open.length) close(open.pop()!);
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    depth += dead[i]!;
    if (directive[i] || depth > 0) lines[i] = blank(lines[i]!);
  }
  return lines.join("\n");
}
const DIRECTIVE = /^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)$/;
const IF_ZERO = /^\s*0\s*(?:\/\/.*|\/\*.*)?$/;

/** The report's warning when the second reading was kept. */
export const ONE_CONFIGURATION_NOTE =
  "preprocessor conditionals read as one configuration (the branch with the most code of each), as the file did not parse otherwise: declarations in the other branches are not listed";

export function maskMacros(source: string): string {
  if (source.length > 4_000_000) return source;
  let out = maskGroup(source, CLASS_TAIL, 1);
  out = maskGroup(out, CLASS_KEY, 1);
  out = maskGroup(out, NAMESPACE, 1);
  out = maskGroup(out, HEAD, 2);
  out = maskGroup(out, TAIL, 2);
  out = out.replace(CALLCONV, (m) => blank(m));
  // `X<T>::template rebind<U>`: the bundled C++ grammar fails on the disambiguator.
  out = out.replace(/::(\s*)template\b/g, (m) => m.slice(0, 2) + blank(m.slice(2)));
  // Lone macro lines (not enumerators, arguments, operands or macro continuations).
  const lines = out.split("\n");
  let prev = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    const m = LONE.exec(line);
    if (m && !/[\\,([=+\-*/%&|^?!]$/.test(prev)) {
      lines[i] = blank(line);
      continue;
    }
    if (t) prev = t.replace(/\s*\/\/.*$/, "");
  }
  return lines.join("\n");
}
