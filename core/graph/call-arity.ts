/**
 * A call's argument count, read off the source text after its `(` (collect.ts), for the overloads a count
 * tells apart (core/overloads.ts): kept in an occurrence's OCC_ARITY bits, `n + 1` (0: unknown). Text, not
 * the tree: one scan per call in the languages with such overloads. Brackets nest; strings, characters and
 * comments are skipped; a `<` opening type arguments (`new HashMap<K, V>()`, `List.<A, B>of()`) is skipped
 * to its `>`, any other is a comparison; Kotlin's trailing lambda (`run(a) { … }`) is one more argument.
 * Unknown: a spread (`...xs`, Kotlin's `*xs`), more than 14 arguments, no closing `)` within 4,000
 * characters. Unknown counts go to every overload, as all uses did.
 */
import { OCC_ARITY_SHIFT } from "./types.js";
import { SPLIT_LANGUAGES } from "../overloads.js";

const MAX_SCAN = 4000;
const MAX_ARITY = 14;
const TYPE_ARGUMENT = /[\w$\s,.?&*:\[\]]/;

/** The OCC_ARITY bits of the call whose `(` stands at `open` (0 when the count is unknown or the language's overloads share their uses). */
export function callArityBits(src: string, open: number, language: string): number {
  if (!SPLIT_LANGUAGES.has(language)) return 0;
  const n = callArity(src, open, language);
  return n < 0 || n > MAX_ARITY ? 0 : (n + 1) << OCC_ARITY_SHIFT;
}

export function callArity(src: string, open: number, language: string): number {
  const end = Math.min(src.length, open + MAX_SCAN);
  let depth = 0;
  let args = 0;
  let content = false; // (the current argument has something in it: `f(a, b,)` is two)
  for (let j = open; j < end; j++) {
    const c = src[j]!;
    if (c === '"' || c === "'" || c === "`") {
      j = skipString(src, j, end);
      if (j < 0) return -1;
      content = true;
      continue;
    }
    if (c === "/" && src[j + 1] === "/") {
      const nl = src.indexOf("\n", j);
      if (nl < 0 || nl >= end) return -1;
      j = nl;
      continue;
    }
    if (c === "/" && src[j + 1] === "*") {
      const close = src.indexOf("*/", j + 2);
      if (close < 0 || close >= end) return -1;
      j = close + 1;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") {
      depth++;
      if (depth > 1) content = true;
      continue;
    }
    if (c === "<" && depth >= 1 && /[\w$.]/.test(src[j - 1] ?? "")) {
      const close = typeArguments(src, j, end);
      if (close > 0) {
        j = close;
        content = true;
        continue;
      }
    }
    if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) {
        if (content) args++;
        // (Kotlin: a lambda after the parentheses is the last argument.)
        if (language === "kotlin") {
          let k = j + 1;
          while (src[k] === " " || src[k] === "\t") k++;
          if (src[k] === "{") args++;
        }
        return args;
      }
      continue;
    }
    if (depth !== 1) continue;
    if (c === ",") {
      if (content) args++;
      content = false;
    } else if (c === "." && src[j + 1] === "." && src[j + 2] === "." && !content) return -1;
    else if (c === "*" && !content && language === "kotlin") return -1;
    else if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") content = true;
  }
  return -1;
}

/** The index of a string's closing quote (a backtick template's too, `${…}` and all), or -1. */
function skipString(src: string, j: number, end: number): number {
  const q = src[j]!;
  // (Java's and Kotlin's text blocks, Python's triple quotes: `"""…"""`.)
  if (q === '"' && src[j + 1] === '"' && src[j + 2] === '"') {
    const close = src.indexOf('"""', j + 3);
    return close < 0 || close >= end ? -1 : close + 2;
  }
  for (let k = j + 1; k < end; k++) {
    const c = src[k]!;
    if (c === "\\") k++;
    else if (c === q) return k;
    else if (c === "\n" && q !== "`") return -1;
  }
  return -1;
}

/** Type arguments opening at `j` (`<K, V>`, nested): the index of their `>`, or -1 (a comparison). */
function typeArguments(src: string, j: number, end: number): number {
  let depth = 0;
  for (let k = j; k < end && k < j + 200; k++) {
    const c = src[k]!;
    if (c === "<") depth++;
    else if (c === ">") {
      if (--depth === 0) return k;
    } else if (!TYPE_ARGUMENT.test(c)) return -1;
  }
  return -1;
}
