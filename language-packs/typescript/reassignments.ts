/**
 * A binding set again: a data export the module sets again under a condition, and a placeholder a
 * function is later assigned to (the pack's list pass, after classifyAssignment).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { assignmentOf } from "./assignments.js";

const HOLDERS = new Set(["variable", "constant", "property"]);

/**
 * debug's `exports.colors = [6, 2, …];` then, in a `try`/`if` block, `exports.colors = [20, 21, …];`: a
 * data export the module sets again under a condition is one entry, the first (a variable: it changes),
 * not two. A function set again (a fallback implementation) is still an entry of its own.
 */
export function dropReassignments(list: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const first = new Map<string, SymbolRecord>();
  const defined = new Set(list.filter((r) => r.props?.["plain-assignment"] && (r.kind === "function" || r.kind === "class")).map((r) => r.name));
  return list.filter((r) => {
    if (defined.size && defined.has(r.name) && placeholder(r)) return false;
    const left = r.props?.assignment && HOLDERS.has(r.kind) ? assignmentOf(r.node)?.childForFieldName("left") : null;
    if (!left || !r.node) return true;
    const target = ctx.text(left);
    const earlier = first.get(target);
    if (!earlier) return first.set(target, r), true;
    if (earlier.node?.parent?.type !== "program" || !HOLDERS.has(earlier.kind) || !inTopLevelBlock(r.node)) return true;
    if (earlier.kind === "constant") earlier.kind = "variable";
    return false;
  });
}

/**
 * bunyan's `var RotatingFileStream = null;` then, in an `if` block, `RotatingFileStream = function
 * RotatingFileStream(options) {…}`: the binding is a placeholder for the function, which is the entry
 * (the prototype members had gone to the placeholder, the `this.x` ones to the function).
 */
function placeholder(r: SymbolRecord): boolean {
  if ((r.kind !== "variable" && r.kind !== "constant") || r.props?.assignment || r.props?.["plain-assignment"] || !r.nameNode) return false;
  const d = r.nameNode.parent;
  const value = d?.type === "variable_declarator" ? d.childForFieldName("value") : undefined;
  return value === null || /^(?:null|undefined|void 0)$/.test(value?.text ?? "");
}

/** A statement in the program's own `if`/`try` blocks (not in a function, not the program's own). */
function inTopLevelBlock(stmt: Node): boolean {
  let n = stmt.parent;
  if (n?.type === "program") return false;
  while (n && /^(?:statement_block|if_statement|else_clause|try_statement|catch_clause|finally_clause)$/.test(n.type)) n = n.parent;
  return n?.type === "program";
}
