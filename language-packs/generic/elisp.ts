/**
 * Emacs Lisp: names with `--` are private by convention (`pkg--helper`); docs are docstrings, the
 * string two places after the name (`(defun name (args) "doc" …)`, `(defvar name value "doc")`).
 */
import { unquote } from "../../core/imports.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

export function refineElisp(records: SymbolRecord[]): SymbolRecord[] {
  for (const r of records) {
    r.exported = !r.name.includes("--");
    // A Lisp form has no body node: its head is the first line.
    r.signature = r.signature?.length && r.node ? firstLine(r.node.text) : r.signature;
  }
  return records;
}

function firstLine(text: string): string {
  const line = (text.split("\n")[0] ?? "").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

export function elispDoc(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n) return undefined;
  const field = n.childForFieldName("docstring");
  if (field) return unquote(ctx.text(field)).replace(/\\"/g, '"');
  const kids = n.namedChildren.filter((c) => c && !c.type.includes("comment"));
  const i = kids.findIndex((c) => c!.id === r.nameNode?.id || (r.nameNode && c!.startIndex <= r.nameNode.startIndex && c!.endIndex >= r.nameNode.endIndex));
  const doc = i >= 0 ? kids[i + 2] : undefined;
  return doc?.type === "string" ? unquote(ctx.text(doc)).replace(/\\"/g, '"') : undefined;
}
