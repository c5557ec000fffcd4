/**
 * Uglify's bundle of IIFEs as one statement, `!function ($) {…}(jQuery), function ($, Inputmask) {…}(jQuery,
 * Inputmask);` (jquery.inputmask's bundle): each IIFE's body a module scope, as one IIFE's is (iife.ts).
 */
import type { Node } from "web-tree-sitter";
import { iifeBody, iifeStatementBody } from "./iife.js";
import { sequenceItems } from "./sequences.js";

/** The module-scope bodies a statement is: an IIFE's (iifeStatementBody), or those of a comma sequence made only of IIFEs. */
export function iifeBodies(stmt: Node): Node[] {
  const one = iifeStatementBody(stmt);
  if (one) return [one];
  const seq = stmt.type === "expression_statement" ? stmt.firstNamedChild : null;
  if (seq?.type !== "sequence_expression") return [];
  const bodies = sequenceItems(seq).map((e) => iifeBody(e));
  return bodies.every((b) => !!b) ? (bodies as Node[]) : [];
}
