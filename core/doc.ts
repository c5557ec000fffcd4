/**
 * Doc attachment: the comment block directly above a declaration (decorators may stand between).
 * A blank line, or code on the comment's line, detaches it. Used by the core's `doc` tap and by
 * read_symbol, so the outline's `doc` and the fetched range always agree.
 */
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "./plugin.js";
import type { FileContext, SymbolRecord } from "./types.js";
import { extraction, isComment, partsOf } from "./extract.js";

export interface AttachedComment {
  text: string;
  startLine: number;
  nodes: Node[];
}

/** The comment block attached above `record`, or undefined. `accept` filters which comments are docs. */
export function commentAbove(ctx: FileContext, spec: LanguageSpec, record: SymbolRecord, accept?: (text: string) => boolean): AttachedComment | undefined {
  if (!record.node) return undefined;
  const x = extraction(spec);
  const { outer, decos } = partsOf(record, x);
  // Start from the first decorator that precedes the declaration as a sibling, else the outer node.
  let anchor: Node = outer;
  for (const d of decos) if (d.endIndex <= outer.startIndex && d.startIndex < anchor.startIndex) anchor = d;
  const nodes: Node[] = [];
  let nextStartRow = anchor.startPosition.row;
  // Some grammars (Go) keep line terminators as anonymous tokens between statements: not code.
  const prev = (n: Node) => {
    let p = n.previousSibling;
    while (p && !p.isNamed && !ctx.text(p).trim()) p = p.previousSibling;
    return p;
  };
  for (let sib = prev(anchor); sib; sib = prev(sib)) {
    if (!isComment(sib, x)) break;
    if (sib.endPosition.row < nextStartRow - 1) break; // blank line between: detached
    const before = prev(sib);
    if (before && before.endPosition.row === sib.startPosition.row && !isComment(before, x)) break; // trailing comment of code
    const text = ctx.text(sib);
    if (x.ignoreDoc.some((re) => re.test(text))) break;
    if (accept && !accept(text)) break;
    nodes.unshift(sib);
    nextStartRow = sib.startPosition.row;
  }
  // Comments that are the first children of the declaration itself (some grammars put them inside).
  if (!nodes.length) return undefined;
  return {
    text: nodes.map((n) => ctx.text(n)).join("\n"),
    startLine: nodes[0]!.startPosition.row + 1,
    nodes,
  };
}
