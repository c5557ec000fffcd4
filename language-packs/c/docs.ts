/**
 * The C/C++ doc of a record beyond the comment above it: its in-class declaration's (an out-of-class
 * definition), the one above annotation-macro lines the pack masked, a member's comment on its own line.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { stripCommentMarkers } from "../../core/text.js";
import { declarationFor } from "./cfamily.js";

/**
 * The C/C++ doc of a record: the comment above it, else its in-class declaration's (an out-of-class
 * definition), else the one above the annotation-macro lines the pack masked; Doxygen's `%` escape
 * (`%Vector move constructor.`, which only stops Doxygen linking the word) left out.
 */
export function cDoc(doc: string | undefined, r: SymbolRecord, ctx: FileContext, again: (decl: SymbolRecord) => string | undefined): string | undefined {
  const decl = doc === undefined ? declarationFor(r) : undefined;
  const text = doc ?? (decl ? again(decl) : (docOverMacros(r, ctx) ?? trailingDoc(r, ctx)));
  return text?.replace(DOXYGEN_ESCAPE, "$1");
}

/**
 * A field's or enumerator's comment on its own line after it (`int host;  // server host`,
 * `Fixed = 1,  // A fixed width field`, Doxygen's `///<`): C headers document their members so. Only
 * for data members, and only a comment that starts on the line the member ends on.
 */
function trailingDoc(r: SymbolRecord, ctx: FileContext): string | undefined {
  if (!TRAILING_DOC_KINDS.has(r.kind) || !r.node) return undefined;
  let n: Node | null = r.node;
  // (An enumerator's comma comes between it and its comment.)
  let next = n.nextSibling;
  if (next?.type === "," && next.startPosition.row === n.endPosition.row) (n = next), (next = next.nextSibling);
  if (next?.type !== "comment" || next.startPosition.row !== n.endPosition.row || next.endPosition.row !== next.startPosition.row) return undefined;
  return stripCommentMarkers(ctx.text(next).replace(/^\/\/\/?<|^\/\*[*!]?</, (m) => m.slice(0, -1))) || undefined;
}
const TRAILING_DOC_KINDS = new Set(["field", "constant", "variable", "property"]);
const DOXYGEN_ESCAPE = /(^|[\s(])%(?=[A-Za-z_])/g;

/**
 * The doc above annotation-macro lines the pack masked (`/** Returns the size. *\/`,
 * `_GLIBCXX20_CONSTEXPR`, then the declaration): the grammar sees a gap where the macro was.
 */
function docOverMacros(r: SymbolRecord, ctx: FileContext): string | undefined {
  let n = r.node;
  while (n?.parent?.type === "template_declaration") n = n.parent;
  let prev = n?.previousSibling;
  if (!n || prev?.type !== "comment") return undefined;
  // A comment trailing the code before it (`int host;  // server host`) is that code's, not the next
  // declaration's: zlib's z_stream fields had each other's docs, off by one.
  // (A directive's node ends after its newline, at column 0 of the comment's own row.)
  const code = prev.previousSibling;
  if (code && code.type !== "comment" && code.endPosition.column > 0 && code.endPosition.row === prev.startPosition.row) return undefined;
  for (let l = prev.endPosition.row + 1; l < n.startPosition.row; l++) if (!MACRO_LINE.test(ctx.lines[l] ?? "")) return undefined;
  const parts: Node[] = [];
  for (let next = n; prev?.type === "comment" && prev.endPosition.row >= next.startPosition.row - (parts.length ? 1 : Infinity); prev = prev.previousSibling) {
    parts.unshift(prev);
    next = prev;
    // A `/** … */` block is the whole doc: a `// [23.2.4.2] capacity` section line above it is not part of it.
    if (/^\/\*[*!]/.test(ctx.text(prev))) break;
  }
  r.docStartLine = parts[0]!.startPosition.row + 1;
  return stripCommentMarkers(parts.map((c) => ctx.text(c)).join("\n")) || undefined;
}
const MACRO_LINE = /^\s*(?:\[\[[^\]]*\]\]\s*)*(?:[A-Z][A-Z0-9]*)?_[A-Z0-9_]*[A-Z0-9](?:\s*\(.*\))?(?:\s+[A-Z_][A-Z0-9_]*)*\s*$/;
