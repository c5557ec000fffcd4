/**
 * `var scale = API.scale = function (n) {…}` in a function's body (jspdf's factory, which returns `API`):
 * the binding and the member it installs are one function — a method of the factory when the member is
 * on an object its body declares or returns, as `API.setId = function` there is; else a nested function.
 * The declaration had been no entry (only an assigned callback `API.scale@6`): jspdf lost 63 public methods.
 * Module-level chains are moduleBindings' (bindings.ts).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { blockDeclares, FUNCTION_VALUES } from "./in-function.js";
import { isBundle, moduleStatementsWithIifes } from "./iife.js";

const VAR_CHAIN = /\b(?:var|let|const)\s+[\w$]+\s*=\s*(?:\(\s*)*[\w$]+(?:\s*\.\s*[\w$]+)+\s*=(?!=)/g;

/**
 * A binding's value read as a chain: `const X = (module.exports = function …)` — prettier's parentheses
 * around an assignment used as a value, which change nothing at runtime — as `const X = module.exports
 * = function …` (the assignment inside them). Any other value as it is. pg's native `Client` and
 * `NativeQuery` had read as internal constants, their bodies assigned callbacks, the module "0 exported".
 */
export function chainValue(value: Node | null): Node | null {
  let v = value;
  while (v?.type === "parenthesized_expression" && v.namedChildCount === 1) v = v.namedChild(0);
  return v?.type === "assignment_expression" ? v : value;
}

export function varChainFunctions(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const root = ctx.tree.rootNode;
  let moduleScope: Set<number> | undefined;
  for (const m of ctx.source.matchAll(VAR_CHAIN)) {
    const decl = root.descendantForIndex(m.index, m.index + 3)?.parent;
    if ((decl?.type !== "variable_declaration" && decl?.type !== "lexical_declaration") || decl.startIndex !== m.index) continue;
    if (decl.parent?.type !== "statement_block" || decl.namedChildCount !== 1) continue;
    const d = decl.firstNamedChild!;
    const name = d.childForFieldName("name");
    const first = chainValue(d.childForFieldName("value"));
    if (name?.type !== "identifier" || first?.type !== "assignment_expression") continue;
    let end: Node | null = first;
    while (end?.type === "assignment_expression") end = end.childForFieldName("right");
    if (!end || !FUNCTION_VALUES.has(end.type)) continue;
    moduleScope ??= new Set([...moduleStatementsWithIifes(root, isBundle(ctx))].map((s) => s.id));
    if (moduleScope.has(decl.id)) continue;
    const object = first.childForFieldName("left")?.childForFieldName("object");
    const method = object?.type === "identifier" && blockDeclares(decl.parent, object.text);
    out.push(buildRecord(ctx, x, decl, method ? "method" : "function", name.text, name, method ? { "chain-method": "true" } : undefined));
  }
  return out;
}
