/**
 * Token estimate used at runtime: characters / 4, rounded up. Real tokenizers (o200k, cl100k) give
 * 3.2–4.5 chars per token on code; a fixed ratio keeps every comparison (tier sizes, stubs, the
 * ledger) deterministic and free. Tests cross-check the orderings with gpt-tokenizer.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * Closer estimate of a source file's tokens (`fileTokens`, what detail budgets divide): one piece per
 * word part (split at camelCase), number group, punctuation run and line break with its indentation.
 * On o200k over 80 files of each corpus it lands at 0.88–1.06× the real count (TS, JS, Python, Go,
 * Java, Rust, C, C#; median per-file error 3–8%), where chars / 4 ranges 0.77–1.33× (indentation-heavy
 * C# and Java high, Go and Rust low). Files over 2 MB (minified bundles) take chars / 4.
 */
export function estimateCodeTokens(text: string): number {
  if (text.length > 2_000_000) return estimateTokens(text);
  // One pass over char codes, counting what CODE_PIECES matches (the regex took ~5x longer: it was
  // ~3% of a 165-file batch). The test holds the two equal on real files. The character classes are
  // written out rather than called: a one-file report runs this once, in the interpreter, where a call
  // per character made it 2 ms on a 20 KB file instead of 0.7 (and TurboFan's code is no slower).
  const len = text.length;
  let n = 0;
  let i = 0;
  while (i < len) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) {
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        if (d < 97 || d > 122) break;
        i++;
      }
      n++;
    } else if (c >= 65 && c <= 90) {
      let j = i + 1;
      while (j < len) {
        const d = text.charCodeAt(j);
        if (d < 65 || d > 90) break;
        j++;
      }
      n++;
      const d = j < len ? text.charCodeAt(j) : 0;
      if (d >= 97 && d <= 122) {
        if (j - i === 1) {
          // `Word`: one capital and its lower-case run
          j++;
          while (j < len) {
            const e = text.charCodeAt(j);
            if (e < 97 || e > 122) break;
            j++;
          }
          i = j;
        } else i = j - 1; // `HTMLParser`: `HTML`, then `Parser` starts at the last capital
      } else i = j;
    } else if (c >= 48 && c <= 57) {
      // up to three digits
      i++;
      if (i < len && isDigit(text.charCodeAt(i))) {
        i++;
        if (i < len && isDigit(text.charCodeAt(i))) i++;
      }
      n++;
    } else if (c === 10) {
      // a line break with its indentation
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        if (d !== 32 && d !== 9) break;
        i++;
      }
      n++;
    } else if (c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && isWideSpace(c))) {
      i++;
    } else {
      // a run of punctuation (anything but spaces, letters and digits)
      i++;
      while (i < len) {
        const d = text.charCodeAt(i);
        if (d === 32 || (d >= 9 && d <= 13) || (d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || (d >= 0xa0 && isWideSpace(d))) break;
        i++;
      }
      n++;
    }
  }
  return n;
}

/** The pieces estimateCodeTokens counts, as the regex it implements (kept for the equivalence test). */
export const CODE_PIECES = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d{1,3}|[^\sA-Za-z\d]+|\n[ \t]*/g;

const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** JavaScript's `\s` (newline included). */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  return c >= 0xa0 && isWideSpace(c);
}
/** JavaScript's `\s` from U+00A0 on. */
function isWideSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Token estimate of text a renderer produces, closer than chars/N (o200k-like pieces: words, number
 * groups, punctuation runs). Not `estimateTokens` (chars / 4, for file sizes).
 */
export function estimateViewTokens(s: string): number {
  // One pass over char codes counting what VIEW_PIECES matches (the regex was ~2% of a batch); the
  // budget test holds the two equal.
  const len = s.length;
  let n = 0;
  let i = 0;
  while (i < len) {
    const c = s.charCodeAt(i);
    let w = i; // where a word or punctuation piece starts: after one leading space
    if (c === 32) {
      const d = i + 1 < len ? s.charCodeAt(i + 1) : -1;
      if (!(isLetter(d) || isPunct(d))) {
        // a run of spaces and tabs (also before a digit, another space or the end)
        i++;
        while (i < len && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
        n++;
        continue;
      }
      w = i + 1;
    }
    const e = s.charCodeAt(w);
    if (isLetter(e)) {
      if (w + 1 < len && isLower(s.charCodeAt(w + 1))) {
        // a letter and its lower-case run
        i = w + 2;
        while (i < len && isLower(s.charCodeAt(i))) i++;
      } else if (isUpper(e)) {
        // capitals not followed by a lower-case letter (`HTMLParser`: `HTML`, then `Parser`)
        let j = w + 1;
        while (j < len && isUpper(s.charCodeAt(j))) j++;
        i = j < len && isLower(s.charCodeAt(j)) ? j - 1 : j;
      } else i = w + 1;
      n++;
    } else if (isPunct(e)) {
      i = w + 1;
      if (i < len && isPunct(s.charCodeAt(i))) i++;
      if (i < len && isPunct(s.charCodeAt(i))) i++;
      n++;
    } else if (e >= 48 && e <= 57) {
      i++;
      if (i < len && isDigit(s.charCodeAt(i))) i++;
      if (i < len && isDigit(s.charCodeAt(i))) i++;
      n++;
    } else if (e === 10) {
      i++;
      while (i < len && s.charCodeAt(i) === 10) i++;
      n++;
    } else if (e === 9) {
      i++;
      while (i < len && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
      n++;
    } else i++; // other white space is no piece
  }
  return n;
}

/** The pieces estimateViewTokens counts, as the regex it implements (kept for the equivalence test). */
export const VIEW_PIECES = /[ ]?[A-Za-z][a-z]+|[ ]?[A-Z]+(?![a-z])|[ ]?[a-z]|\d{1,3}|[ ]?[^\sA-Za-z\d]{1,3}|\n+|[ \t]+/g;

const isLetter = (c: number) => isLower(c) || isUpper(c);
/** Not white space (JavaScript's `\s`), not an ASCII letter or digit. */
const isPunct = (c: number) => c >= 0 && !isLetter(c) && !isDigit(c) && !isSpace(c);
