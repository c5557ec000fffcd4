/**
 * Lua (@tree-sitter-grammars/tree-sitter-lua): what the tags query cannot say. `local` functions are
 * private to the chunk; a function stored in a table is exported when the table is global or is the
 * table the chunk returns (`return M`, `return setmetatable(M, mt)`); a global function is exported; the
 * fields of a metatable (`setmetatable(t, { __call = function … end })`) are not. Heads stop at the parameter
 * list: the core finds no body through `f = function(a) … end`'s expression list, nor in an empty
 * function (`function f() end` has no body node). A `local` function the chunk returns (`return lookup`) or the
 * returned table holds by name (`return { dump = dump }`, `local M = { dump = dump }`, `M.dump = dump`, `return M`) is exported: the
 * module's export list, as JS's `export { dump }`.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { collapseHead } from "../../core/text.js";

/** `local …` statements: `variable_declaration`, and `function_declaration` led by the `local` keyword. */
const isLocal = (n: Node | null | undefined): boolean =>
  n?.type === "variable_declaration" || (n?.type === "function_declaration" && n.child(0)?.type === "local");

/** Names declared `local` at the top level of the chunk. */
function topLocals(root: Node, ctx: FileContext): Set<string> {
  const out = new Set<string>();
  for (const s of root.namedChildren) {
    if (!s || !isLocal(s)) continue;
    if (s.type === "function_declaration") {
      const n = s.childForFieldName("name");
      if (n) out.add(ctx.text(n));
      continue;
    }
    // `local a, b` (a variable_list) or `local a, b = …` (an assignment_statement around one).
    const list = s.namedChildren.find((c) => c?.type === "variable_list")
      ?? s.namedChildren.find((c) => c?.type === "assignment_statement")?.namedChildren.find((c) => c?.type === "variable_list");
    for (const v of list?.childrenForFieldName("name") ?? []) if (v) out.add(ctx.text(v));
  }
  return out;
}

/** The table the chunk returns (`return M`, `return setmetatable(M, { … })`), when it returns a plain name. */
function returnedName(root: Node, ctx: FileContext): string | undefined {
  const last = root.namedChildren.filter((c) => c && c.type !== "comment").pop();
  if (last?.type !== "return_statement") return undefined;
  const text = ctx.text(last).replace(/^return\s*/, "").trim();
  return /^[A-Za-z_]\w*$/.test(text) ? text : /^setmetatable\s*\(\s*([A-Za-z_]\w*)\s*,/.exec(text)?.[1];
}

/** The locals the chunk returns (`return lookup`) or its returned table holds by name: `return { load = load }`, and, when `M` is returned,
 * `local M = { load = load }` and `M.load = load` at the top level. */
function exportedLocals(root: Node, ctx: FileContext, returned: string | undefined): Set<string> {
  // (`return create_core`: the chunk's value is that function.)
  const out = new Set<string>(returned ? [returned] : []);
  const fieldsOf = (table: Node | null | undefined): void => {
    if (table?.type !== "table_constructor") return;
    for (const f of table.namedChildren) {
      const v = f?.type === "field" ? f.childForFieldName("value") : null;
      if (v?.type === "identifier") out.add(ctx.text(v));
    }
  };
  for (const s of root.namedChildren) {
    if (s?.type === "return_statement") fieldsOf(s.namedChildren.find((c) => c?.type === "expression_list")?.namedChildren[0] ?? s.namedChildren[0]);
    if (!returned) continue;
    const assign = s?.type === "variable_declaration" ? s.namedChildren.find((c) => c?.type === "assignment_statement") : s?.type === "assignment_statement" ? s : undefined;
    const target = assign?.namedChildren.find((c) => c?.type === "variable_list")?.namedChildren[0];
    const value = assign?.namedChildren.find((c) => c?.type === "expression_list")?.namedChildren[0];
    if (!target || !value) continue;
    const t = ctx.text(target);
    if (t === returned) fieldsOf(value);
    else if (value.type === "identifier" && target.type === "dot_index_expression" && ctx.text(target.childForFieldName("table") ?? target) === returned) out.add(ctx.text(value));
  }
  return out;
}

/** A field of a metatable: the table constructor handed to `setmetatable(t, { __call = … })` second. */
function inMetatable(field: Node, ctx: FileContext): boolean {
  const table = field.parent;
  const args = table?.parent;
  const call = args?.parent;
  if (table?.type !== "table_constructor" || args?.type !== "arguments" || call?.type !== "function_call") return false;
  const callee = call.childForFieldName("name");
  return !!callee && ctx.text(callee) === "setmetatable" && args.namedChildren[0]?.id !== table.id;
}

/** The head of a function record: from its start (with `local`) to the end of its parameter list. */
function headOf(n: Node, ctx: FileContext): string | undefined {
  let fn: Node | null | undefined = n;
  if (n.type === "assignment_statement") fn = n.namedChildren.find((c) => c?.type === "expression_list")?.childForFieldName("value");
  else if (n.type === "field") fn = n.childForFieldName("value");
  if (fn?.type === "binary_expression") fn = fn.childForFieldName("right"); // `x = y or function(…)`
  const params = fn?.childForFieldName("parameters");
  if (!params) return undefined;
  const start = n.parent?.type === "variable_declaration" ? n.parent.startIndex : n.startIndex;
  return collapseHead(ctx.source.slice(start, params.endIndex));
}

export function refineLua(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const root = ctx.tree.rootNode;
  const locals = topLocals(root, ctx);
  const returned = returnedName(root, ctx);
  const listed = exportedLocals(root, ctx, returned);
  for (const r of records) {
    const n = r.node;
    if (!n) continue;
    r.signature = headOf(n, ctx) ?? r.signature;
    if (n.type === "field") {
      // Exported when the constructor is returned, or stored in a global / the returned table.
      let stmt = n.parent;
      while (stmt && stmt.parent && stmt.parent.type !== "chunk") stmt = stmt.parent;
      const target = stmt?.type === "return_statement" ? returned ?? "" : stmt ? ctx.text(stmt).match(/^(?:local\s+)?([A-Za-z_]\w*)/)?.[1] ?? "" : "";
      r.exported = !inMetatable(n, ctx) && (stmt?.type === "return_statement" || (isLocal(stmt) ? target === returned : !locals.has(target) || target === returned));
      continue;
    }
    if (isLocal(n) || (n.type === "assignment_statement" && isLocal(n.parent))) {
      const top = (n.type === "assignment_statement" ? n.parent : n)?.parent?.type === "chunk";
      r.exported = top && listed.has(r.name);
      continue;
    }
    const table = r.name.split(/[.:[]/)[0]!;
    r.exported = table === r.name ? !locals.has(table) : table === returned || !locals.has(table);
  }
  return records;
}
