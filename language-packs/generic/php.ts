/**
 * PHP: what the tags query cannot say. Top-level declarations are visible to every includer;
 * members are exported when public (the default without a modifier). Anonymous classes are named
 * `class@<line>`. Imports: a grouped `use` by each name it imports, a global function's or constant's not.
 */
import { walk } from "../../core/extract.js";
import type { Node } from "web-tree-sitter";
import type { FileContext, ImportRecord, SymbolRecord } from "../../core/types.js";

function visibility(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n) return undefined;
  for (const c of n.namedChildren) if (c?.type === "visibility_modifier") return ctx.text(c).toLowerCase();
  // an enum's constant the repair read as a case (php-enums.ts): its modifiers are in the real source
  if (n.type === "enum_case") return /^(?:#\[[^\]]*\]\s*)*(?:final\s+)?(public|protected|private)\b/i.exec(ctx.text(n))?.[1]?.toLowerCase();
  return undefined;
}

export function refinePhp(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  for (const [r, parents] of walk(records)) {
    if (r.name === "class@") r.name = `class@${r.startLine}`;
    const parent = parents[parents.length - 1];
    if (!parent || parent.kind === "namespace") r.exported = !r.name.startsWith("class@");
    else {
      const v = visibility(r, ctx);
      r.exported = parent.exported && (v === undefined || v === "public");
    }
  }
  return records;
}

/** The `use` declarations of a file: at its top level and in `namespace X { … }` bodies (nowhere else). */
function useDeclarations(ctx: FileContext): Node[] {
  const out: Node[] = [];
  for (const n of ctx.tree.rootNode.namedChildren) {
    if (n?.type === "namespace_use_declaration") out.push(n);
    else if (n?.type === "namespace_definition") {
      for (const c of n.childForFieldName("body")?.namedChildren ?? []) if (c?.type === "namespace_use_declaration") out.push(c);
    }
  }
  return out;
}

/**
 * PHP's `use` imports as the names they import. A group, `use A\{B, C as D, function f}`, is the
 * declarations `use A\B; use A\C as D; use function A\f;` (the query read its prefix, `A`): each member by
 * its whole name. `use function sprintf;` / `use const PHP_EOL;` (a name in the global namespace) names no
 * dependency — a style that spares the runtime a lookup of the builtin (php-cs-fixer's
 * `native_function_invocation`); doctrine's files list up to a dozen — and is left out.
 */
export function phpImports(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  if (!imports.length) return imports;
  const byLine = new Map<number, Node>();
  for (const d of useDeclarations(ctx)) byLine.set(d.startPosition.row + 1, d);
  if (!byLine.size) return imports;
  const out: ImportRecord[] = [];
  const done = new Set<Node["id"]>();
  for (const i of imports) {
    const decl = byLine.get(i.line);
    if (!decl) {
      out.push(i);
      continue;
    }
    const global = decl.children.some((c) => c?.type === "function" || c?.type === "const");
    const group = decl.namedChildren.find((c) => c?.type === "namespace_use_group");
    if (group) {
      if (done.has(decl.id)) continue;
      done.add(decl.id);
      const prefix = ctx.text(decl.namedChildren.find((c) => c?.type === "namespace_name")!).replace(/^\\/, "");
      for (const clause of group.namedChildren) {
        const name = clause?.namedChildren.find((c) => c?.type === "namespace_name" || c?.type === "name");
        if (name) out.push({ ...i, source: `${prefix}\\${ctx.text(name)}` });
      }
      continue;
    }
    // (`use function sprintf;`: the clause a bare name, not a qualified one.)
    if (global && decl.namedChildren.some((c) => c?.type === "namespace_use_clause" && c.namedChildren[0]?.type === "name" && ctx.text(c.namedChildren[0]) === i.source)) continue;
    out.push(i);
  }
  return out;
}
