/**
 * A C# field or event declaration of several declarators (`Func<int, int> a = x => x, b = y => y;`,
 * `private int p = 1, q = 2;`, `event EventHandler e1, e2;`): each entry is its own declarator — the
 * declaration's modifiers and type, then its name and its initialiser folded as one declarator's is
 * (`public Action<string> second = …`) — with its own lines and body, not the whole statement.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { endLineOf, findBody, headOf, MAX_SIGNATURE, signatureOf, type Resolved } from "../../core/extract.js";
import { clip, collapseHead } from "../../core/text.js";

const DECLARATIONS = new Set(["field_declaration", "event_field_declaration"]);

export function ownDeclarator(r: SymbolRecord, ctx: FileContext, x: Resolved): void {
  const n = r.node;
  if (!n || !DECLARATIONS.has(n.type)) return;
  const d = r.nameNode?.parent;
  const decl = d?.parent;
  if (d?.type !== "variable_declarator" || decl?.type !== "variable_declaration") return;
  const all = decl.namedChildren.filter((c): c is Node => c?.type === "variable_declarator");
  if (all.length < 2) return;
  const type = decl.childForFieldName("type");
  const head = n.children.find((c) => c && c.type !== "attribute_list" && c.type !== "comment");
  if (!type || !head) return;
  const prefix = collapseHead(ctx.source.slice(head.startIndex, type.endIndex));
  if (d.id !== all[0]!.id) r.startLine = d.startPosition.row + 1;
  if (d.id !== all[all.length - 1]!.id) r.endLine = Math.max(r.startLine, endLineOf(d));
  if (r.bodyNode && (r.bodyNode.startIndex < d.startIndex || r.bodyNode.endIndex > d.endIndex)) r.bodyNode = findBody(d, x);
  r.signature = clip(headOf(r.kind, `${prefix} ${signatureOf(ctx, d, null, [])}`), MAX_SIGNATURE) || r.signature;
}
