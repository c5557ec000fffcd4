/**
 * The JS/TS pack's local repairs (LanguageSpec.repair): valid code the bundled grammars read as ERROR,
 * read again with the offending characters masked inside the parse's error regions only. The pipeline
 * keeps a repaired parse while its error regions shrink; records, signatures and docs still read the
 * real source.
 *
 * - A bare `&` in JSX text or in a JSX attribute string (`Tom & Jerry`, `href="/s?a=1&b=2"`) is valid
 *   JSX — only a well-formed character reference is decoded — but the TSX and JavaScript grammars take
 *   `&` there only as the start of a reference. It reads as `|`, which is valid in each place an `&` can
 *   be: JSX text, an attribute string, a string or regex literal, a bitwise or logical operator (`&&` →
 *   `||`), an intersection type (→ a union). The report had warned of syntax errors that were not there.
 * - An escape in a template literal type (`` `a\n${string}` ``; TypeScript grammars): the grammar has
 *   none there. On an error region's lines each escape reads as `__`, two plain characters. (A file the
 *   grammar loses for more than half its length gets every escape masked by the second reading,
 *   sfc.ts maskEscapes, and says so.)
 * - A class field without an initializer or `;` before a computed one (`#abort` / `[kResume] = null`,
 *   undici): JavaScript ends the field at the line break (no member continues with `[`), the grammars
 *   read `#abort[kResume]`. The indentation's last space before the `[` reads as `;`.
 * - An arrow function's block body ended by a line that opens with `[` or `(` (`const f = (x) => {…}` /
 *   `  [...a, ...b].forEach(…)`, npm's base-cmd.js): no member access can follow an arrow function, so
 *   JavaScript ends the statement there; the grammars read `}[…]`. The same `;` in the indentation.
 * - `//` in JSX text (`<pre>// example</pre>`, `<b>{x} // c</b>`): text there, but the TSX and JavaScript
 *   grammars lex a comment that runs over the closing tag, and the error took the whole file (a
 *   component's `<pre>` snippet had emptied the outline). On an error region's lines, a `//` after an
 *   opening tag or a `}` and before a closing tag on its line reads as `__`.
 * - A block comment between a class method's name and its `(` (`debug /* istanbul ignore next *\/() {…}`,
 *   objection's QueryBuilder; JavaScript grammar): the grammar ends a field at the name and misses the
 *   method's. On an error region at a `(`, the comments right before it read as spaces.
 * - A type argument list opening with a generic function type, `x as TRet<<T>(n: T) => T>` (noble-curves):
 *   the grammars lex `<<` as a shift there (the return-type position parses). On an error region's line
 *   the inner type parameters read as spaces, `TRet<   (n: T) => T>`, a plain function type.
 * - A generator method after its overload signature, `iterate(): Generator<T>` / `  *iterate() {…}`
 *   (TypeScript grammar): the signature ends at the line break, but the grammar reads none before a `*` and
 *   puts a missing `;` (path-scurry's `iterateSync`). The indentation's last space before the `*` reads as `;`.
 */
import type { Node, Tree } from "web-tree-sitter";
import { overwrite } from "./grammar-masks.js";
import { eachTopError } from "../../core/reparse.js";

/** `&name;`, `&#123;`, `&#x1F;`: what JSX decodes, and what the grammars parse. */
const REFERENCE = /&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);/y;

/** The repair for a language: JSX ampersands where the grammar reads JSX, escapes where it reads TS types. */
export function errorRepair(jsx: boolean, types: boolean): (text: string, tree: Tree) => string | undefined {
  return (text, tree) => {
    const fields = text.includes("\n") && text.includes("[");
    const shifts = types && text.includes("<<");
    const slashes = jsx && text.includes("//") && text.includes("</");
    const comments = text.includes("*/(") || text.includes("*/ (");
    const generators = types && text.includes("*");
    if (!(jsx && text.includes("&")) && !(types && text.includes("\\")) && !fields && !shifts && !slashes && !comments && !generators) return undefined;
    const edits: [number, string][] = [];
    for (const [start, end] of errorRanges(tree.rootNode)) {
      if (comments && text[start] === "(") {
        const from = Math.max(0, start - 400);
        const m = NAME_THEN_COMMENTS.exec(text.slice(from, start));
        if (m) edits.push([from + m.index + m[0].length - m[1]!.length, m[1]!.replace(/[^\r\n]/g, " ")]);
      }
      if (slashes) {
        const from = text.lastIndexOf("\n", start - 1) + 1;
        const to = text.indexOf("\n", end);
        for (const m of text.slice(from, to < 0 ? text.length : to).matchAll(JSX_TEXT_SLASHES)) edits.push([from + m.index, "__"]);
      }
      if (generators && start === end) {
        const m = GENERATOR_AFTER_SIGNATURE.exec(text.slice(start, start + 200));
        if (m) edits.push([start + m[0].length - 2, ";"]);
      }
      if (shifts) {
        const from = text.lastIndexOf("\n", start - 1) + 1;
        for (const m of text.slice(from, end).matchAll(GENERIC_FUNCTION_ARGUMENT)) edits.push([from + m.index + 1, " ".repeat(m[1]!.length)]);
      }
      if (fields) {
        const at = bracketAfterBlock(text, start);
        if (at >= 0) edits.push([at, ";"]);
        // (Read in a window of the region: a scan to the file's end per region was quadratic.)
        const from = Math.max(0, text.lastIndexOf("\n", start - 1));
        const window = text.slice(from, Math.min(text.length, end + 400));
        for (const m of window.matchAll(BARE_FIELD_THEN_KEY)) {
          if (from + m.index >= end) break;
          edits.push([from + m.index + m[0].length - 2, ";"]);
        }
      }
      for (let i = start; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === AMP && jsx) {
          REFERENCE.lastIndex = i;
          if (!REFERENCE.test(text)) edits.push([i, "|"]);
        }
      }
      // (Every escape on the region's lines, not only inside it: an escaped backtick ends the template
      // there, and the escapes after it are outside the region — effect's `` `\`S\` \`class S…\`` ``.)
      if (types) {
        const from = text.lastIndexOf("\n", start - 1) + 1;
        const lineEnd = text.indexOf("\n", end);
        const to = lineEnd < 0 ? text.length : lineEnd;
        for (let i = text.indexOf("\\", from); i >= 0 && i + 1 < to; i = text.indexOf("\\", i + 2)) {
          if (text[i + 1] !== "\r") edits.push([i, "__"]);
        }
      }
    }
    // (In order, once each: a field's edit may sit before its error region's start.)
    const sorted = [...new Map(edits.map((e) => [e[0], e])).values()].sort((a, b) => a[0] - b[0]);
    return sorted.length ? overwrite(text, sorted) : undefined;
  };
}

/**
 * Where the indentation before a line's opening `[` / `(` can read `;`: the error at `start` is on that
 * line, the line before it (blank lines aside) ends a block with `}`, and the `[` is indented. -1 if not.
 */
function bracketAfterBlock(text: string, start: number): number {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const open = /^[ \t]+[[(]/.exec(text.slice(lineStart, start + 1));
  if (!open) return -1;
  const before = text.slice(Math.max(0, lineStart - 400), lineStart).replace(/\s+$/, "");
  return before.endsWith("}") ? lineStart + open[0].length - 2 : -1;
}

/** A line of a field's name alone, blank lines, and a line opening with a computed key (the space before its `[`). */
const BARE_FIELD_THEN_KEY = /\n[ \t]*(?:static[ \t]+)?#?[\w$]+[ \t]*\n(?:[ \t]*\n)*[ \t]*[ \t]\[/g;

/** Where a missing `;` was put: the line break, then an indented generator method's `*` and name (`  *iterate(`, `  *[Symbol.iterator](`). */
const GENERATOR_AFTER_SIGNATURE = /^[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*[ \t]\*(?=[ \t]*(?:[\w$#]+|\[[^\]\n]+\])[ \t]*[<(])/;

/** A name, then block comments up to the end (the `(` after them): the comments (group 1). */
const NAME_THEN_COMMENTS = /[\w$][ \t]*((?:\/\*(?:[^*]|\*(?!\/))*\*\/[ \t]*)+)$/;

/** `<<T>(`, `<<K extends string, V>(`: a type argument list's first, a generic function type (its type parameters, group 1). */
const GENERIC_FUNCTION_ARGUMENT = /<(<[\w$\s,]*(?:\bextends\b[^<>()\n]*)?>)(?=\s*\()/g;

/** `//` in JSX text: after an opening tag or an expression's `}` (no `;` between), before a closing tag on the line. */
const JSX_TEXT_SLASHES = /(?<=(?:<[A-Za-z][\w.:-]*(?:\s[^<>\n]*?)?>|\})[^<>{};\n]*?)\/\/(?=[^\n]*?<\/)/g;

const AMP = 38;

/** Start and end offsets of the top-most ERROR nodes, and where the parser put a missing token (a field's `;`). */
function errorRanges(root: Node): [number, number][] {
  const out: [number, number][] = [];
  eachTopError(root, (node) => {
    if (node.isError || node.isMissing) out.push([node.startIndex, node.endIndex]);
  });
  return out;
}
