/** Where a statement stands: the program, a module-scope IIFE's body, a function's (assignments.ts's scope tests). */
import type { Node } from "web-tree-sitter";
import { FUNCTION_VALUES } from "./assignments.js";
import { iifeBodies } from "./iife-sequences.js";

/** What the statement `node` is in (or stands for: an expression statement's or a `return`'s) stands in. */
export function statementParent(node: Node | undefined): Node | null | undefined {
  let stmt = node;
  while (stmt && stmt.type !== "expression_statement" && stmt.type !== "return_statement") stmt = stmt.parent ?? undefined; // (Uglify's `return a.b = …, …`)
  return stmt?.parent;
}

/**
 * A statement of the module's own (the program's, or a module-scope IIFE's body's): not one in a
 * block (`if (arg === "--locations") { options.locations = true; }` in acorn's bin.js sets a key).
 */
export function atModuleLevel(node: Node | undefined): boolean {
  const up = statementParent(node);
  return up?.type === "program" || (up?.type === "statement_block" && FUNCTION_VALUES.has(up.parent?.type ?? ""));
}

/** A statement of the program, or of a top-level IIFE's body (CoffeeScript's `(function () {…}).call(this)`): where `this` is the global object. */
export function moduleThis(node: Node | undefined): boolean {
  const up = statementParent(node);
  if (up?.type === "program") return true;
  const fn = up?.type === "statement_block" ? up.parent : null;
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return false;
  let stmt = fn.parent;
  for (let i = 0; i < 5 && stmt && stmt.parent?.type !== "program"; i++) stmt = stmt.parent;
  return stmt?.parent?.type === "program" && iifeBodies(stmt).some((b) => b.id === up!.id);
}
