/**
 * Objective-C for the heuristic pack: methods named by their selector, their heads on one line.
 */
import type { Node } from "web-tree-sitter";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip, collapseHead } from "../../core/text.js";
import type { FileContext } from "../../core/types.js";

/** `- (void)foo:(int)a bar:(id)b` → `foo:bar:`; `- (void)reset` → `reset`. */
export function selectorOf(node: Node, ctx: FileContext): string | undefined {
  if (node.type !== "method_declaration" && node.type !== "method_definition") return undefined;
  const parts: string[] = [];
  let keyword: string | undefined;
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (c.type === "identifier") {
      if (keyword !== undefined) parts.push(keyword);
      keyword = ctx.text(c);
    } else if (c.type === "method_parameter") {
      parts.push(`${keyword ?? ""}:`);
      keyword = undefined;
    } else if (c.type === "compound_statement") break;
  }
  if (!parts.length) return keyword;
  return parts.join("");
}

/** A method's whole head, however many lines its selector takes (the body or the `;` ends it). */
export function objcSignature(node: Node, ctx: FileContext): string | undefined {
  if (node.type !== "method_declaration" && node.type !== "method_definition") return undefined;
  const body = node.namedChildren.find((c) => c?.type === "compound_statement");
  const end = body ? body.startIndex : node.endIndex;
  const head = ctx.source.slice(node.startIndex, end).replace(/\s*;\s*$/, "");
  return clip(collapseHead(head), MAX_SIGNATURE);
}
