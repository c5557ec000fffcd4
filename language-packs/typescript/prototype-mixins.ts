/**
 * ace's prototype mixin: `(function () { this.getNextLineIndent = function (…) {…}; this.$id = "…";
 * }).call(Mode.prototype)`. The function's `this` is the prototype it is called with, so what a
 * statement directly in its body sets on `this` is that prototype's member, as `Mode.prototype.x = …`
 * is (assignments.ts reads `this.x` there as `Mode.prototype.x`; the pack keeps it in the function).
 */
import type { Node } from "web-tree-sitter";

/**
 * The path whose prototype a statement's function is called with (`Mode`, `ace.Mode`) — the statement
 * directly in the body of a function expression (not an arrow: its `this` is not the argument) called
 * by `.call(X.prototype)` or `.apply(X.prototype, …)` — or undefined.
 */
export function prototypeMixinOwner(statement: Node | undefined): string | undefined {
  if (statement?.type !== "expression_statement") return undefined;
  const block = statement.parent;
  const fn = block?.type === "statement_block" ? block.parent : null;
  if (fn?.type !== "function_expression" && fn?.type !== "function") return undefined;
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  if (up?.type !== "member_expression" || !/^(?:call|apply)$/.test(up.childForFieldName("property")?.text ?? "")) return undefined;
  const call = up.parent;
  if (call?.type !== "call_expression" || call.childForFieldName("function")?.id !== up.id) return undefined;
  const arg = call.childForFieldName("arguments")?.namedChild(0);
  if (arg?.type !== "member_expression" || arg.childForFieldName("property")?.text !== "prototype") return undefined;
  const owner = arg.childForFieldName("object")?.text.replace(/\s+/g, "");
  return owner && /^[\w$]+(?:\.[\w$]+)*$/.test(owner) ? owner : undefined;
}
