/**
 * C++: the template arguments a use writes — `std::hash<MyKey>`, `Hasher<lib::Key>::go(k)` — so that a use
 * of a template with a specialization for those arguments in the project is the specialization's
 * (cpp-members.ts cppTargets), not the primary template's. collect.ts keeps them as FileEntry.gt rows
 * `line\tname\t<Hasher<Key>` (the class's name and arguments, qualifiers dropped), for the class's name and
 * for a member named after it (`go` of `Hasher<Key>::go`); a member there also gets the class as its
 * qualifier (`:Hasher`), which nothing gave it before (the name before `::` ended with `>`).
 */

/** The longest template argument list read. */
const MAX_ARGS = 200;

/** A template-id's arguments compared as written, less blanks and qualifiers: `< lib::Key, std::string >` → `<Key,string>`. */
export function specArgs(text: string): string {
  return text.replace(/\s+/g, "").replace(/(?:\w+::)+/g, "");
}

/**
 * Arguments that read as the enclosing template's own parameters, `<_Tp, _Alloc>`, `<T>`, `<Args...>`: no
 * specialization's (a partial one written with its parameters is only a constrained one, libstdc++'s
 * `is_clock<_Tp>` under `requires`, which `is_clock<_Tp>::value` in another template does not name) — no row kept
 * (they were most of libstdc++'s rows: its graph cache +17% with them).
 */
function parametersOnly(args: string): boolean {
  return /^<(?:(?:_[A-Z]\w*|[A-Z]\d?|Args|Ts)(?:\.\.\.)?,?)+>$/.test(args);
}

/** The `<…>` a use writes right after a name ending at `end` (`Hasher<lib::Key>`: `<Key>`), or undefined. */
export function argsAfter(src: string, end: number): string | undefined {
  if (src[end] !== "<" || src[end + 1] === "<" || src[end + 1] === "=") return undefined;
  let depth = 0;
  for (let k = end, stop = Math.min(src.length, end + MAX_ARGS); k < stop; k++) {
    const ch = src[k]!;
    if (ch === "<") depth++;
    else if (ch === ">" && --depth === 0) return ((a) => (parametersOnly(a) ? undefined : a))(specArgs(src.slice(end, k + 1)));
    else if (ch === ";" || ch === "{" || ch === "}" || ch === "(" || ch === ")" || ch === "&" && src[k + 1] === "&" || ch === "|") return undefined;
  }
  return undefined;
}

/**
 * The class of a member named after a template-id, `Hasher<lib::Key>::go` where `>` ends at `end - 1`
 * (`end` the `::`'s start): [its name, the argument list ("" for parameters only), the character before the name], or undefined.
 */
export function templateBefore(src: string, end: number): [name: string, args: string, before: string | undefined] | undefined {
  if (src[end - 1] !== ">") return undefined;
  let depth = 0;
  let k = end - 1;
  for (const stop = Math.max(0, end - MAX_ARGS); k >= stop; k--) {
    const ch = src[k]!;
    if (ch === ">") depth++;
    else if (ch === "<" && --depth === 0) break;
    else if (ch === ";" || ch === "{" || ch === "}" || ch === "(" || ch === ")") return undefined;
  }
  if (depth !== 0) return undefined;
  let h = k;
  while (h > 0 && /\w/.test(src[h - 1]!)) h--;
  if (h === k || /^\d/.test(src[h]!)) return undefined;
  return [src.slice(h, k), ((a) => (parametersOnly(a) ? "" : a))(specArgs(src.slice(k, end))), src[h - 1]];
}
