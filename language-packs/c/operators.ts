/** C++ operator names: `operator ==` and conversion operators (`operator Value*`), as Universal Ctags spells them. */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { collapse } from "../../core/text.js";

/** `operator==` → `operator ==`: one space, the Universal Ctags spelling, so tag-based tools agree. */
export function operatorName(seg: string): string {
  const m = /^(~?)operator\s*(.+)$/.exec(seg);
  if (!m || /^[A-Za-z_]/.test(m[2]!) && !/^(?:new|delete)\b/.test(m[2]!)) return seg;
  return `${m[1]}operator ${m[2]!.replace(/\s+/g, "")}`;
}

/**
 * Operator conversion functions are named by their target type with its declarator, as Universal Ctags
 * spells them: `operator bool`, `operator Value*`, `operator const char*`, `operator T&&`,
 * `operator Foo<A,B>*` (a space only between two words).
 */
export function operatorCastName(node: Node, ctx: FileContext): string {
  let d: Node | null = node;
  while (d && d.type !== "abstract_function_declarator") d = d.childForFieldName("declarator") ?? d.namedChildren.find((c) => c?.type.startsWith("abstract_")) ?? null;
  if (!d) {
    const t = node.childForFieldName("type");
    return `operator ${t ? collapse(ctx.text(t)) : ""}`.trim();
  }
  const head = ctx.source.slice(node.startIndex, d.startIndex).replace(/^operator\b/, "").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, " ");
  const tokens = head.match(/[A-Za-z_$]\w*|\S/g) ?? [];
  let out = "";
  for (const t of tokens) out += out && /\w$/.test(out) && /^\w/.test(t) ? ` ${t}` : t;
  return `operator ${out}`.trim();
}
