/** Top-level IIFEs: the scope of a CDN or UMD bundle, read as the module's (bindings.ts moduleBindings). */
import type { Node } from "web-tree-sitter";

/**
 * The program's statements, and those of a top-level IIFE's body in its place — `(() => { var hr = {
 * lastWeek: function … } … })()`, the scope of a CDN or UMD bundle (date-fns' locale/*\/cdn.js): its
 * bindings are the module's, and an object's methods nest under it (they had been listed without it).
 */
export function* moduleStatementsWithIifes(program: Node): Generator<Node> {
  for (let stmt = program.firstNamedChild; stmt; stmt = stmt.nextNamedSibling) {
    const body = stmt.type === "expression_statement" ? iifeBody(stmt.firstNamedChild) : null;
    if (!body) {
      yield stmt;
      continue;
    }
    for (let s = body.firstNamedChild; s; s = s.nextNamedSibling) yield s;
  }
}

/** The body of `(() => {…})()`, `(function () {…})()`, `(function () {…}).call(this)`, `!function () {…}()` (no arguments). */
function iifeBody(e: Node | null): Node | null {
  if (e?.type === "unary_expression") e = e.childForFieldName("argument");
  if (e?.type !== "call_expression") return null;
  let fn = e.childForFieldName("function");
  const args = e.childForFieldName("arguments")?.namedChildren ?? [];
  const call = fn?.type === "member_expression" && /^(?:call|apply)$/.test(fn.childForFieldName("property")?.text ?? "");
  // No arguments (`.call(this)` at most): tsc's `(function (NS) {…})(NS || (NS = {}))` is a namespace of its own.
  if (args.length > (call ? 1 : 0) || (call && args[0] && args[0].type !== "this")) return null;
  if (call) fn = fn!.childForFieldName("object");
  while (fn?.type === "parenthesized_expression") fn = fn.namedChild(0);
  if (fn?.type !== "arrow_function" && fn?.type !== "function_expression") return null;
  const body = fn.childForFieldName("body");
  return body?.type === "statement_block" ? body : null;
}
