/** esbuild's CommonJS export plumbing: `__export(lib_exports, { name: () => local, … })`. */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { unquote } from "../../core/imports.js";

/**
 * esbuild's export getter maps: `__export(lib_exports, { runMain: () => runMain, … })`, by the map's
 * name: [public name, local name] pairs. The arrows are plumbing, no entries (isExportGetter).
 */
export function esbuildGetterMaps(ctx: FileContext): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  for (const stmt of ctx.tree.rootNode.namedChildren) {
    const call = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
    if (call?.type !== "call_expression" || ctx.text(call.childForFieldName("function") ?? call) !== "__export") continue;
    const [target, object] = call.childForFieldName("arguments")?.namedChildren ?? [];
    if (target?.type !== "identifier" || object?.type !== "object") continue;
    const pairs: [string, string][] = [];
    for (const p of object.namedChildren) {
      const key = p?.type === "pair" ? p.childForFieldName("key") : null;
      const body = p?.childForFieldName("value")?.childForFieldName("body");
      if (key && body?.type === "identifier") pairs.push([unquote(ctx.text(key)), ctx.text(body)]);
    }
    out.set(ctx.text(target), pairs);
  }
  return out;
}

/** A getter of an esbuild export map (`runMain: () => runMain` in `__export(x, {…})`). */
export function isExportGetter(node: Node | undefined): boolean {
  if (node?.type !== "pair" || node.childForFieldName("value")?.type !== "arrow_function") return false;
  const call = node.parent?.parent?.parent;
  return call?.type === "call_expression" && call.childForFieldName("function")?.text === "__export";
}

/**
 * An esbuild CommonJS module, `var require_oop = __commonJS({ "node_modules/x/oop.js"(exports, module)
 * {…} })`: the method the bundle's `__commonJS` map holds, whose body is that module's scope (iife.ts
 * bundleModules), as a webpack or browserify module function's is. Named by its path without quotes.
 */
export function isEsbuildModule(node: Node | null | undefined): boolean {
  if (node?.type !== "method_definition" || node.parent?.type !== "object") return false;
  const call = node.parent.parent?.type === "arguments" ? node.parent.parent.parent : null;
  return call?.type === "call_expression" && call.childForFieldName("function")?.text === "__commonJS";
}

/** A statement directly in an esbuild CommonJS module's body (isEsbuildModule): a module-scope statement, kept in that "function". */
export function inEsbuildModule(statement: Node | undefined): boolean {
  // (The text first: asked of every record inside a function, and a parent is a walk from the root.)
  if (!statement || !/^(?:var|let|const|exports\.|module\.exports)\b/.test(statement.text.slice(0, 16))) return false;
  const block = statement.parent;
  return block?.type === "statement_block" && isEsbuildModule(block.parent);
}
