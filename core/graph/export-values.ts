/**
 * JS/TS: the names a file's own top-level export statement hands on as its exports' values — `export default
 * main;`, TypeScript's `export = Foo;`, CommonJS `module.exports = run`, `module.exports = { alpha, beta: beta }`,
 * `module.exports.gamma = gamma` / `exports.gamma = gamma`. collect.ts keys those of the file's own top-level
 * declarations (no use), as it keys an `export { a, b }` list's: the statement exports the declaration, it does
 * not use it — `alpha` had read "used by a.js (top level)" for the line exporting it, beside its real users.
 * A name the file imports stays a use there (a barrel's `module.exports.Pool = Pool`: the re-export's link).
 */
import type { Node } from "web-tree-sitter";

/** `module.exports`, `exports`, or one of their members (`module.exports.x`, `exports.x`). */
function isCjsExport(n: Node | null, src: string): boolean {
  if (!n) return false;
  const text = src.slice(n.startIndex, n.endIndex).replace(/\s+/g, "");
  return /^(?:module\.exports|exports)(?:\.[\w$]+)?$/.test(text);
}

/** An identifier's start and name, pushed to `out`. */
function pushName(n: Node | null | undefined, src: string, out: [number, string][]): void {
  if (n && (n.type === "identifier" || n.type === "shorthand_property_identifier")) out.push([n.startIndex, src.slice(n.startIndex, n.endIndex)]);
}

/** The value names of one top-level statement (see above): their start offsets and names. */
export function exportValueNames(stmt: Node, src: string, out: [number, string][]): void {
  if (stmt.type === "export_statement") {
    // (`export default x;` has the field `value`; `export = x;` an identifier child; `export default function f` neither.)
    if (stmt.childForFieldName("declaration") || stmt.childForFieldName("source")) return;
    const value = stmt.childForFieldName("value") ?? (stmt.children.some((c) => c?.type === "=") ? stmt.namedChildren.find((c) => c?.type === "identifier") : null);
    pushName(value, src, out);
    return;
  }
  if (stmt.type !== "expression_statement") return;
  let a = stmt.namedChildren[0];
  // (`module.exports = exports = x`: the value at the chain's end.)
  while (a?.type === "assignment_expression" && isCjsExport(a.childForFieldName("left"), src)) {
    const right = a.childForFieldName("right");
    if (right?.type === "object") {
      for (const p of right.namedChildren) {
        if (p?.type === "shorthand_property_identifier") pushName(p, src, out);
        else if (p?.type === "pair") pushName(p.childForFieldName("value"), src, out);
      }
      return;
    }
    if (right?.type !== "assignment_expression") return pushName(right, src, out);
    a = right;
  }
}
