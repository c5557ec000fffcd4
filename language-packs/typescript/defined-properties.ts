/**
 * Data properties defined by `Object.defineProperty` at the top level: on `exports`, an exported
 * constant; on a class or constructor function the file declares, a constant member of it. (Accessor
 * descriptors and function values are records of the tags query, named by nameDefinedProperty.)
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { definedValue, moduleStatements } from "./exports.js";

const NOT_DATA = /function|arrow_function|class/;
const OWNER = /^([\w$]+)(\.prototype)?$/;

/**
 * `Object.defineProperty(exports, "beta", { value: 42 })`: the exported constant `beta` (what
 * `exports.beta = 42` makes). A function value is a record already (the descriptor's pair, named by
 * nameDefinedProperty), and an identifier value exports that local under the key (exportedNames).
 * `Object.defineProperty(WebSocket, 'OPEN', { enumerable: true, value: 1 })` (ws): the constant `OPEN`
 * of `WebSocket`, attached to it when the file declares it at the top level — as public as it. The
 * same key defined on `WebSocket.prototype` too (ws mirrors each constant there) is not listed twice.
 */
export function definedProperties(ctx: FileContext, x: Resolved): SymbolRecord[] {
  if (!ctx.source.includes("defineProperty")) return [];
  const out: SymbolRecord[] = [];
  const members = new Set<string>();
  let owners: Set<string> | undefined;
  for (const stmt of moduleStatements(ctx.tree.rootNode)) {
    const call = stmt.type === "expression_statement" ? stmt.firstNamedChild : null;
    if (call?.type !== "call_expression") continue;
    const d = definedValue(call, ctx, /^(?:(?:module\.)?exports|[\w$]+(?:\.prototype)?)$/);
    if (!d || NOT_DATA.test(d.value.type)) continue;
    if (d.on === "exports" || d.on === "module.exports") {
      if (d.value.type !== "identifier") out.push(buildRecord(ctx, x, stmt, "constant", d.key, d.keyNode, { exported: "true" }));
      continue;
    }
    const owner = OWNER.exec(d.on)?.[1];
    if (!owner || owner === "module" || !(owners ??= topLevelTypes(ctx.tree.rootNode)).has(owner) || members.has(`${owner}.${d.key}`)) continue;
    members.add(`${owner}.${d.key}`);
    out.push(buildRecord(ctx, x, stmt, "constant", d.key, d.keyNode, { hoisted: "true" }, owner));
  }
  return out;
}

/** The names of the file's top-level classes and functions (declared, or a binding of one). */
function topLevelTypes(root: Node): Set<string> {
  const out = new Set<string>();
  for (let s = root.firstNamedChild; s; s = s.nextNamedSibling) {
    const d = s.type === "export_statement" ? s.childForFieldName("declaration") : s;
    const type = d?.type;
    if (type === "class_declaration" || type === "function_declaration" || type === "generator_function_declaration") {
      const name = d!.childForFieldName("name");
      if (name) out.add(name.text);
    } else if (type === "lexical_declaration" || type === "variable_declaration") {
      for (let v = d!.firstNamedChild; v; v = v.nextNamedSibling) {
        const name = v.type === "variable_declarator" ? v.childForFieldName("name") : null;
        if (name?.type === "identifier" && /class|function/.test(v.childForFieldName("value")?.type ?? "")) out.add(name.text);
      }
    }
  }
  return out;
}
