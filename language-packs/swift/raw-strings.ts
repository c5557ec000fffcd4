/**
 * Swift raw strings (`#"…"#`, `##"…"##`, `#"""` ⏎ … ⏎ `"""#`) masked for the bundled grammar as plain
 * strings of the same length, their hashes and contents blanked: `#"a"b"#` is `"     "`.
 *
 * The grammar's external scanner keeps a raw string's state in the grammar's memory, not per parse: the
 * first parse of a process reads raw strings, and every later parse — of any file, with a new parser as
 * with the old one — reads `#"` as an error and a plain string (`UNEXPECTED '"'`), so a file parsed
 * second (an index's worker, a server's second request, the CLI's own second reading) had a syntax error
 * at each raw string, and a raw string holding a `"` (`#"say "hi""#`) opened a string that ran on.
 * The records read the real source: signatures and reads keep the raw strings.
 */

/** `source` with its raw strings masked (see the file comment); the same text when it has none. */
export function maskRawStrings(source: string): string {
  if (!/#+"/.test(source)) return source;
  const spans: [number, number, number][] = []; // [start, end, hashes]
  new Scanner(source, spans).code(0, false);
  if (!spans.length) return source;
  let out = "";
  let at = 0;
  for (const [s, e, n] of spans) {
    const body = source.slice(s + n, e - n);
    const quotes = body.startsWith('"""') ? 3 : 1;
    const inner = body.slice(quotes, body.length - quotes).replace(/[^\n]/g, " ");
    // The quotes where the string starts and ends, hashes included (a node's range is the raw string's).
    const open = quotes === 3 ? '"""' + " ".repeat(n) : '"' + " ".repeat(n);
    out += source.slice(at, s) + open + inner + [...open].reverse().join("");
    at = e;
  }
  return out + source.slice(at);
}

/** One pass over the code: comments and strings skipped (interpolations' code read), raw strings noted. */
class Scanner {
  constructor(private readonly s: string, private readonly spans: [number, number, number][]) {}

  /** Code from `i` to the end, or (`inParens`) to the `)` closing an interpolation: the index after it. */
  code(i: number, inParens: boolean): number {
    const s = this.s;
    let depth = 0;
    while (i < s.length) {
      const c = s[i]!;
      if (c === "/" && s[i + 1] === "/") i = lineEnd(s, i);
      else if (c === "/" && s[i + 1] === "*") i = this.blockComment(i);
      else if (c === "#" && /^#+"/.test(s.slice(i, i + 64))) i = this.raw(i);
      else if (c === '"') i = this.string(i);
      else if (inParens && c === "(") (depth++, i++);
      else if (inParens && c === ")") {
        if (depth-- === 0) return i + 1;
        i++;
      } else i++;
    }
    return i;
  }

  /** A (nesting) block comment from its `/*`: the index after its `*\/`. */
  private blockComment(i: number): number {
    const s = this.s;
    let depth = 0;
    while (i < s.length) {
      if (s[i] === "/" && s[i + 1] === "*") (depth++, (i += 2));
      else if (s[i] === "*" && s[i + 1] === "/") {
        i += 2;
        if (--depth === 0) return i;
      } else i++;
    }
    return i;
  }

  /** A plain string from its `"` (or `"""`): the index after its close; `\(…)` read as code. */
  private string(i: number): number {
    const s = this.s;
    const multi = s.startsWith('"""', i);
    i += multi ? 3 : 1;
    while (i < s.length) {
      const c = s[i]!;
      if (c === "\\" && s[i + 1] === "(") i = this.code(i + 2, true);
      else if (c === "\\") i += 2;
      else if (multi ? s.startsWith('"""', i) : c === '"') return i + (multi ? 3 : 1);
      else if (!multi && c === "\n") return i; // a string left open ends at its line here
      else i++;
    }
    return i;
  }

  /** A raw string from its first `#`: noted when closed (on its line, or a `"""` one's later line). */
  private raw(i: number): number {
    const s = this.s;
    let n = 0;
    while (s[i + n] === "#") n++;
    const multi = s.startsWith('"""', i + n);
    const close = (multi ? '"""' : '"') + "#".repeat(n);
    const from = i + n + (multi ? 3 : 1);
    const end = s.indexOf(close, from);
    if (end < 0 || (!multi && s.lastIndexOf("\n", end) >= from)) return i + n; // not closed as one: left alone
    this.spans.push([i, end + close.length, n]);
    return end + close.length;
  }
}

function lineEnd(s: string, i: number): number {
  const e = s.indexOf("\n", i);
  return e < 0 ? s.length : e;
}
