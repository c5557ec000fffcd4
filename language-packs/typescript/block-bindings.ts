/**
 * What a block binds, read once per block: whether a member assignment's object is a local object
 * literal (`var Utils = {}; Utils.extend = function …` inside a function).
 */
import type { Node } from "web-tree-sitter";
import { perNode } from "../../core/siblings.js";

/** `X.m = …` where the block it stands in binds `X` to an object literal (`var Utils = {}`). */
export function onLocalObject(statement: Node | undefined): boolean {
  const left = statement?.type === "expression_statement" ? statement.namedChild(0)?.childForFieldName("left") : null;
  const owner = left?.type === "member_expression" ? left.childForFieldName("object") : null;
  const block = owner?.type === "identifier" ? statement!.parent : null;
  if (!block) return false;
  return blockObjects(block).get(owner!.text) ?? false;
}

/**
 * A block's `var`/`let`/`const` names → whether the first binding of each is an object literal, read
 * once per block (by its children array: a `nextNamedSibling` walk costs the sibling's position, and
 * per assignment that was cubic — 2,000 `exports.x = …` lines took 10 s).
 */
function blockObjects(block: Node): Map<string, boolean> {
  return blockNames(block, () => {
    const names = new Map<string, boolean>();
    for (const s of block.namedChildren) {
      if (s?.type !== "variable_declaration" && s?.type !== "lexical_declaration") continue;
      for (const d of s.namedChildren) {
        const name = d?.type === "variable_declarator" ? d.childForFieldName("name")?.text : undefined;
        if (name !== undefined && !names.has(name)) names.set(name, d!.childForFieldName("value")?.type === "object");
      }
    }
    return names;
  });
}
const blockNames = perNode<Map<string, boolean>>();
