/**
 * Lua: what the tags query cannot say. `local` functions are private to the chunk; a function stored
 * in a table is exported when the table is global or is the table the chunk returns (`return M`);
 * a global function is exported.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";

/** Names declared `local` at the top level of the chunk. */
function topLocals(root: Node, ctx: FileContext): Set<string> {
  const out = new Set<string>();
  for (const s of root.namedChildren) {
    if (s?.type === "local_variable_declaration") {
      const list = s.namedChildren.find((c) => c?.type === "variable_list");
      for (const v of list?.namedChildren ?? []) if (v) out.add(ctx.text(v));
    } else if (s?.type === "local_function_definition_statement") {
      const n = s.childForFieldName("name");
      if (n) out.add(ctx.text(n));
    }
  }
  return out;
}

/** The table the chunk returns (`return M`), when it returns a plain name. */
function returnedName(root: Node, ctx: FileContext): string | undefined {
  const last = root.namedChildren.filter((c) => c && !c.type.includes("comment")).pop();
  if (last?.type !== "return_statement") return undefined;
  const text = ctx.text(last).replace(/^return\s*/, "").trim();
  return /^[A-Za-z_]\w*$/.test(text) ? text : undefined;
}

export function refineLua(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const root = ctx.tree.rootNode;
  const locals = topLocals(root, ctx);
  const returned = returnedName(root, ctx);
  for (const r of records) {
    const n = r.node;
    if (!n) continue;
    if (n.type === "field") {
      // Exported when the constructor is returned, or stored in a global / the returned table.
      let stmt = n.parent;
      while (stmt && stmt.parent && stmt.parent.type !== "chunk") stmt = stmt.parent;
      const target = stmt?.type === "return_statement" ? returned ?? "" : stmt ? ctx.text(stmt).match(/^(?:local\s+)?([A-Za-z_]\w*)/)?.[1] ?? "" : "";
      r.exported = stmt?.type === "return_statement" || (stmt?.type === "local_variable_declaration" ? target === returned : !locals.has(target) || target === returned);
      continue;
    }
    if (n.type === "local_function_definition_statement" || n.type === "local_variable_declaration") {
      r.exported = false;
      continue;
    }
    const table = r.name.split(/[.:]/)[0]!;
    r.exported = table === r.name ? !locals.has(table) : table === returned || !locals.has(table);
  }
  return records;
}
