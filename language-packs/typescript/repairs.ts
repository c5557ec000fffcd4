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
 *   none there. Inside an error region each escape reads as `__`, two plain characters. (A file the
 *   grammar loses for more than half its length gets every escape masked by the second reading,
 *   sfc.ts maskEscapes, and says so.)
 */
import type { Node, Tree } from "web-tree-sitter";
import { overwrite } from "./grammar-masks.js";
import { eachTopError } from "../../core/pipeline.js";

/** `&name;`, `&#123;`, `&#x1F;`: what JSX decodes, and what the grammars parse. */
const REFERENCE = /&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);/y;

/** The repair for a language: JSX ampersands where the grammar reads JSX, escapes where it reads TS types. */
export function errorRepair(jsx: boolean, types: boolean): (text: string, tree: Tree) => string | undefined {
  return (text, tree) => {
    if (!(jsx && text.includes("&")) && !(types && text.includes("\\"))) return undefined;
    const edits: [number, string][] = [];
    for (const [start, end] of errorRanges(tree.rootNode)) {
      for (let i = start; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === AMP && jsx) {
          REFERENCE.lastIndex = i;
          if (!REFERENCE.test(text)) edits.push([i, "|"]);
        } else if (c === BACKSLASH && types && i + 1 < end && text[i + 1] !== "\n" && text[i + 1] !== "\r") {
          edits.push([i, "__"]);
          i++;
        }
      }
    }
    return edits.length ? overwrite(text, edits) : undefined;
  };
}

const AMP = 38;
const BACKSLASH = 92;

/** Start and end offsets of the top-most ERROR nodes. */
function errorRanges(root: Node): [number, number][] {
  const out: [number, number][] = [];
  eachTopError(root, (node) => {
    if (node.isError) out.push([node.startIndex, node.endIndex]);
  });
  return out;
}
