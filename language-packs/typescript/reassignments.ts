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
  const defined = new Set(list.filter((r) => (r.props?.["plain-assignment"] && (r.kind === "function" || r.kind === "class")) || builtInIife(r)).map((r) => r.name));
  // (Leaflet's `export var disableTextSelection;` then `disableTextSelection = function () {…}` in each
  // branch: the functions are what the module exports under that name.)
  const exportedPlaceholders = new Set<string>();
  const kept = list.filter((r) => {
    if (defined.size && defined.has(r.name) && placeholder(r)) {
      if (r.exported || r.nameNode?.parent?.parent?.parent?.type === "export_statement") exportedPlaceholders.add(r.name);
      return false;
    }
    const left = r.props?.assignment && HOLDERS.has(r.kind) ? assignmentOf(r.node)?.childForFieldName("left") : null;
    if (!left || !r.node) return true;
    const target = ctx.text(left);
    const earlier = first.get(target);
    if (!earlier) return first.set(target, r), true;
    if (earlier.node?.parent?.type !== "program" || !HOLDERS.has(earlier.kind) || !inTopLevelBlock(r.node)) return true;
    if (earlier.kind === "constant") earlier.kind = "variable";
    return false;
  });
  if (exportedPlaceholders.size) for (const r of kept) if (exportedPlaceholders.has(r.name) && r.props?.["plain-assignment"]) r.exported = true;
  return kept;
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
  if (value === null || /^(?:null|undefined|void 0)$/.test(value?.text ?? "")) return true;
  // (slick's `var Slick = window.Slick || {};`: what the global holds, else an empty object, until the
  // constructor is assigned.)
  const m = value?.type === "binary_expression" && value.childForFieldName("operator")?.type === "||" ? /^(?:(?:window|globalThis|global|self|this|root)\.)?([\w$]+)$/.exec(value.childForFieldName("left")?.text ?? "") : null;
  const empty = value?.childForFieldName("right");
  return !!m && m[1] === r.name && empty?.type === "object" && empty.namedChildCount === 0;
}

/**
 * slick's `Slick = (function () { var instanceUid = 0; function Slick(element, settings) {…} return
 * Slick; }());` at the module's level (after `var Slick = window.Slick || {}`): the function the IIFE
 * declares and returns is what the binding holds — the entry, holding its prototype's members.
 */
function builtInIife(r: SymbolRecord): boolean {
  if (r.kind !== "function" && r.kind !== "class") return false;
  const body = r.node?.type === "function_declaration" || r.node?.type === "class_declaration" ? r.node.parent : null;
  const fn = body?.type === "statement_block" ? body.parent : null;
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return false;
  let call: Node | null = fn.parent;
  while (call?.type === "parenthesized_expression") call = call.parent;
  // (Also `.call(this)`, and a base class handed in: CoffeeScript 1's `Snake = (function (superClass) {…})(Animal)`.)
  if (call?.type === "member_expression" && /^(?:call|apply)$/.test(call.childForFieldName("property")?.text ?? "")) call = call.parent;
  if (call?.type !== "call_expression" || !call.childForFieldName("arguments")?.namedChildren.every((a) => a?.type === "identifier" || a?.type === "member_expression" || a?.type === "this")) return false;
  let asg: Node | null = call.parent;
  while (asg?.type === "parenthesized_expression") asg = asg.parent;
  const last = body!.lastNamedChild;
  return asg?.type === "assignment_expression" && asg.parent?.type === "expression_statement" && asg.childForFieldName("left")?.text === r.name &&
    last?.type === "return_statement" && last.namedChild(0)?.text === r.name;
}

/** A statement in the program's own `if`/`try` blocks (not in a function, not the program's own). */
function inTopLevelBlock(stmt: Node): boolean {
  let n = stmt.parent;
  if (n?.type === "program") return false;
  while (n && /^(?:statement_block|if_statement|else_clause|try_statement|catch_clause|finally_clause)$/.test(n.type)) n = n.parent;
  return n?.type === "program";
}
