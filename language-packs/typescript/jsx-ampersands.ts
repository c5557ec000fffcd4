/**
 * A bare `&` in JSX text or in a JSX attribute string (`Tom & Jerry`, `href="/s?a=1&b=2"`) is valid
 * JSX — only a well-formed character reference is decoded — but the bundled JavaScript and TSX grammars
 * accept `&` there only as the start of a reference, and read an ERROR. Nothing is lost around it,
 * yet the report warned of syntax errors that were not there, and a large region could swallow the
 * elements after it.
 *
 * The repair (LanguageSpec.repair): inside the parse's error regions, every `&` that does not start a
 * character reference reads as `|`, which is valid in each place an `&` can be — JSX text, an attribute
 * string, a string or regex literal, a bitwise or logical operator (`&&` → `||`), an intersection type
 * (→ a union). The pipeline keeps the repaired parse only when its error regions are smaller; records,
 * signatures and docs still read the real source.
 */
import type { Node, Tree } from "web-tree-sitter";
import { overwrite } from "./grammar-masks.js";

/** `&name;`, `&#123;`, `&#x1F;`: what JSX decodes, and what the grammars parse. */
const REFERENCE = /&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);/y;

/** The text with each bare `&` inside the tree's error regions read as `|`; undefined when none. */
export function maskJsxAmpersands(text: string, tree: Tree): string | undefined {
  if (!text.includes("&")) return undefined;
  const edits: [number, string][] = [];
  for (const [start, end] of errorRanges(tree.rootNode)) {
    for (let i = text.indexOf("&", start); i !== -1 && i < end; i = text.indexOf("&", i + 1)) {
      REFERENCE.lastIndex = i;
      if (!REFERENCE.test(text)) edits.push([i, "|"]);
    }
  }
  return edits.length ? overwrite(text, edits) : undefined;
}

/** Start and end offsets of the top-most ERROR nodes. */
function errorRanges(root: Node): [number, number][] {
  const out: [number, number][] = [];
  const cursor = root.walk();
  try {
    let descend = true;
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError) out.push([node.startIndex, node.endIndex]);
      else if (descend && node.hasError && cursor.gotoFirstChild()) continue;
      if (cursor.gotoNextSibling()) {
        descend = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descend = false;
    }
  } finally {
    cursor.delete();
  }
  return out;
}
