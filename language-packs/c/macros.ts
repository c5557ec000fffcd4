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
