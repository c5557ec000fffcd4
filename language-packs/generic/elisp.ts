/**
 * Emacs Lisp: names with `--` are private by convention (`pkg--helper`); docs are docstrings, the
 * string two places after the name (`(defun name (args) "doc" …)`, `(defvar name value "doc")`) or
 * where the definer puts it (DOC_AFTER); `(defvar name)` alone declares another file's variable.
 */
import { unquote } from "../../core/imports.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";

export function refineElisp(records: SymbolRecord[]): SymbolRecord[] {
  const kept = records.filter((r) => !forwardDefvar(r));
  for (const r of kept) {
    r.exported = !r.name.includes("--");
    // A Lisp form has no body node: its head is the first line.
    r.signature = r.signature?.length && r.node ? firstLine(r.node.text) : r.signature;
    if (r.members?.length) r.members = refineElisp(r.members);
  }
  return kept;
}

/** `(defvar name)` with no value: a declaration of a variable another file defines (silences the byte compiler). */
function forwardDefvar(r: SymbolRecord): boolean {
  const n = r.node;
  return !!n && n.type === "special_form" && n.namedChildren.filter((c) => c && !c.type.includes("comment")).length === 1;
}

function firstLine(text: string): string {
  const line = (text.split("\n")[0] ?? "").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * How many forms after the name the docstring stands, by definer: `(defun f (args) "doc")` two,
 * `(define-minor-mode m "doc")` one, `(define-derived-mode m parent "Name" "doc")` three.
 */
const DOC_AFTER: Record<string, number> = {
  "define-minor-mode": 1,
  "cl-defstruct": 1,
  "define-error": 1,
  "define-derived-mode": 3,
  "define-globalized-minor-mode": 3,
  "define-global-minor-mode": 3,
  defclass: 3,
};

export function elispDoc(r: SymbolRecord, ctx: FileContext): string | undefined {
  const n = r.node;
  if (!n) return undefined;
  const field = n.childForFieldName("docstring");
  if (field) return docText(ctx.text(field));
  const kids = n.namedChildren.filter((c): c is NonNullable<typeof c> => !!c && !c.type.includes("comment"));
  let i = kids.findIndex((c) => c.id === r.nameNode?.id || (r.nameNode && c.startIndex <= r.nameNode.startIndex && c.endIndex >= r.nameNode.endIndex));
  if (i < 0) return undefined;
  const definer = kids[0]?.type === "symbol" ? ctx.text(kids[0]) : "";
  // `(cl-defmethod name :around (args) "doc")`: qualifiers stand between the name and the arguments.
  if (definer === "cl-defmethod") while (kids[i + 1]?.type === "symbol" && ctx.text(kids[i + 1]!).startsWith(":")) i++;
  // `(defvar-keymap name :doc "doc" …)`
  const kw = kids.findIndex((c, j) => j > i && c.type === "symbol" && ctx.text(c) === ":doc");
  const doc = kw > 0 ? kids[kw + 1] : kids[i + (DOC_AFTER[definer] ?? 2)];
  return doc?.type === "string" ? docText(ctx.text(doc)) : undefined;
}

/** A docstring's text: `\"` is a quote, `\\` a backslash (`` `\\n` `` reads `` `\n` ``). */
function docText(literal: string): string {
  return unquote(literal).replace(/\\(["\\])/g, "$1");
}
