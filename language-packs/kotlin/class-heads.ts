/**
 * Class heads the bundled Kotlin grammar cannot read, masked at the same length before parsing (the
 * records read the real source, so signatures keep what is masked):
 *
 * - class delegation, `class A(…) : B(), L by impl {`: the grammar reads `impl { … }` as a call with a
 *   trailing lambda, so the class body was a lambda (its members' signatures in the class's), and
 *   across lines (`) : Base(ctx),` ⏎ `    L by impl {`) the class was lost with every declaration after
 *   it (QA 45k K1, react-native-screens). `by impl` is blanked: `: B(), L      {`.
 * - a primary constructor on the line after the class name (`class E` ⏎ `constructor(id: Int) : Event(id) {`):
 *   the grammar ends the class at the line break and the rest of the file is one lambda (QA 45k K2,
 *   lottie-react-native). The `constructor` keyword (and its annotations and visibility) is blanked: a
 *   parameter list on the next line parses.
 */
import { blankOut } from "../../core/text.js";

/** A type keyword opening a class head (not `::class`, `.class`, `x.object`). */
const HEAD = /(?<![\w:.$])(?:class|object|interface)[ \t]+(?=[\w`])/g;
/** Words that end a head scanned at bracket depth 0 (a bodiless class followed by declarations). */
const STOP = /^(?:val|var|fun|class|object|interface|typealias|import|package|init|get|set)$/;

/** `source` with the delegations (`L by x`) of its class heads blanked after `L`. */
function maskDelegations(source: string): string {
  let out: string | undefined;
  HEAD.lastIndex = 0;
  for (let m = HEAD.exec(source); m; m = HEAD.exec(source)) {
    const spans = delegationsIn(source, HEAD.lastIndex);
    for (const [s, e] of spans) out = (out ?? source).slice(0, s) + blankOut(source.slice(s, e)) + (out ?? source).slice(e);
  }
  return out ?? source;
}

/** A delegation at `by`: `by impl`, `by a.b`, `by Impl(x)`, followed by `,`, `{` or the line's end. */
const DELEGATE = /by[ \t]+[\w.]+(?:\([^()\n]*\))?(?=[ \t]*(?:[,{]|\r?\n))/y;

/**
 * The `by expr` spans of the head starting at `from`: scanned to its body's `{` (or `}`, `;`, `=`, a
 * comment's end — prose that says "class" — or a declaration keyword at depth 0), skipping strings and
 * comments; a `by` at depth 0 after the head's `:` is a delegation.
 */
function delegationsIn(src: string, from: number): [number, number][] {
  const spans: [number, number][] = [];
  let depth = 0;
  let colon = false;
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (c === "*" && src[i + 1] === "/") return [];
    if (c === "/" && src[i + 1] === "/") {
      const nl = src.indexOf("\n", i);
      if (nl < 0) break;
      i = nl;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) break;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      for (i++; i < src.length && src[i] !== '"' && src[i] !== "\n"; i++) if (src[i] === "\\") i++;
      continue;
    }
    if (c === "(" || c === "[" || (c === "<" && src[i - 1] !== "-")) depth++;
    else if (c === ")" || c === "]" || (c === ">" && src[i - 1] !== "-")) depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    if (c === "{" || c === "}" || c === ";" || c === "=") break;
    if (c === ":" && src[i + 1] !== ":" && src[i - 1] !== ":") colon = true;
    if (/[A-Za-z_]/.test(c) && !/[\w$]/.test(src[i - 1] ?? "")) {
      const word = /^[A-Za-z_]\w*/.exec(src.slice(i, i + 40))![0];
      if (STOP.test(word)) break;
      DELEGATE.lastIndex = i;
      const d = word === "by" && colon ? DELEGATE.exec(src) : null;
      if (d) {
        spans.push([i, i + d[0].length]);
        i += d[0].length - 1;
        continue;
      }
      i += word.length - 1;
    }
  }
  return spans;
}

/**
 * `class E` ⏎ `[@A ][private ]constructor(`: the keyword on the next line, with its annotations and visibility
 * — an annotation may stand on a line of its own (`class M` ⏎ `@JvmOverloads` ⏎ `public constructor(`), line comments
 * between (`class D` ⏎ `// Hide the constructor.` ⏎ `private constructor()`: react-native).
 */
const NEXT_LINE_CTOR = /^([ \t]*(?:[\w@]+[ \t]+)*class[ \t]+\w+(?:<[^>\n]*>)?[ \t]*\r?\n[ \t]*(?:\/\/[^\n]*\n[ \t]*)*)((?:@[\w.]+(?:\([^()\n]*\))?(?:[ \t]+|[ \t]*\r?\n[ \t]*))*(?:(?:public|private|internal|protected)[ \t]+)?constructor)(?=[ \t]*\()/gm;

/** The class heads of `source` masked for the grammar (see the file comment). */
export function maskClassHeads(source: string): string {
  let out = source.includes("constructor") ? source.replace(NEXT_LINE_CTOR, (_m, head: string, ctor: string) => head + blankOut(ctor)) : source;
  if (/\bby\b/.test(out)) out = maskDelegations(out);
  return out;
}
