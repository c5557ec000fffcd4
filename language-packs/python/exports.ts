/**
 * Python's export rule: the names in `__all__` when the module defines it, otherwise top-level names
 * without a leading underscore. `__all__` may be built with `=`, `+=`, `.extend([...])`, `.append("x")`,
 * also inside module-level if/try blocks; only literal strings count.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { unquote } from "../../core/imports.js";

export interface AllNames {
  names: Set<string>;
  /** `__all__` is (partly) computed: the literal names are known, the rest is not. */
  dynamic: boolean;
}

function addStrings(ctx: FileContext, node: Node | null, out: AllNames): void {
  if (!node) return;
  if (node.type === "string") out.names.add(unquote(ctx.text(node)));
  else if (node.type === "list" || node.type === "tuple" || node.type === "parenthesized_expression" || node.type === "expression_list") {
    for (const c of node.namedChildren) addStrings(ctx, c, out);
  } else if (node.type === "binary_operator") {
    addStrings(ctx, node.childForFieldName("left"), out);
    addStrings(ctx, node.childForFieldName("right"), out);
  } else if (node.type !== "comment") out.dynamic = true;
}

function visit(ctx: FileContext, stmt: Node, out: { all: AllNames | null; declaredOnly?: boolean }): void {
  if (stmt.type === "expression_statement") {
    const e = stmt.namedChild(0);
    if (!e) return;
    // (`__all__: list[str]` with no value, numpy's stubs: it says nothing of which names — not "none".)
    if ((e.type === "assignment" || e.type === "augmented_assignment") && ctx.text(e.childForFieldName("left")!) === "__all__") {
      if (!e.childForFieldName("right")) {
        out.declaredOnly = true;
        return;
      }
      out.all ??= { names: new Set(), dynamic: false };
      addStrings(ctx, e.childForFieldName("right"), out.all);
    } else if (e.type === "call") {
      const f = e.childForFieldName("function");
      const m = f ? /^__all__\.(extend|append)$/.exec(ctx.text(f)) : null;
      if (m) {
        out.all ??= { names: new Set(), dynamic: false };
        for (const a of e.childForFieldName("arguments")?.namedChildren ?? []) addStrings(ctx, a, out.all);
      }
    }
    return;
  }
  // Module-level compound statements (if TYPE_CHECKING / try / else) may define __all__ too.
  if (/^(if_statement|try_statement|else_clause|elif_clause|except_clause|finally_clause|with_statement|block)$/.test(stmt.type)) {
    for (const c of stmt.namedChildren) if (c) visit(ctx, c, out);
  }
}

/**
 * The module's `__all__`, or null when it defines none — or only declares it (`__all__: list[str]`):
 * then the underscore rule applies, and `ctx.warnings` says so.
 */
export function allNames(ctx: FileContext): AllNames | null {
  const out: { all: AllNames | null; declaredOnly?: boolean } = { all: null };
  for (const stmt of ctx.tree.rootNode.namedChildren) if (stmt) visit(ctx, stmt, out);
  if (out.declaredOnly && !out.all) ctx.warnings.push("__all__ is declared without a value: exports follow the underscore rule");
  return out.all;
}

/**
 * The names of `__all__` the module imports rather than declares (a package's `__init__.py`: jwt's
 * `from .api_jws import PyJWS` ⏎ `__all__ = ["PyJWS", …]`), with the modules they come from, in order:
 * its API, which no entry of its own lists (its report had read "0 symbols · (no declarations found)").
 */
export function importedAll(ctx: FileContext, all: AllNames, declared: Set<string>): { names: string[]; modules: string[] } {
  const from = new Map<string, string>();
  const walk = (stmt: Node) => {
    if (stmt.type === "import_from_statement") {
      const mod = stmt.childForFieldName("module_name");
      for (const n of stmt.childrenForFieldName("name")) {
        const bound = n?.type === "aliased_import" ? n.childForFieldName("alias") : n;
        if (mod && bound && !from.has(ctx.text(bound))) from.set(ctx.text(bound), ctx.text(mod));
      }
    } else if (/^(if_statement|try_statement|else_clause|elif_clause|except_clause|finally_clause|with_statement|block)$/.test(stmt.type)) {
      for (const c of stmt.namedChildren) if (c) walk(c);
    }
  };
  for (const stmt of ctx.tree.rootNode.namedChildren) if (stmt) walk(stmt);
  const names = [...all.names].filter((n) => !declared.has(n) && from.has(n));
  return { names, modules: [...new Set(names.map((n) => from.get(n)!))] };
}
