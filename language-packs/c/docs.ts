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
  // ("" when the comments above were notes only: a tap's undefined keeps the core's doc.)
  const own = withoutNotes(doc, r, ctx);
  const decl = !own ? declarationFor(r) : undefined;
  const found = own || (decl ? again(decl) : (withoutNotes(docOverMacros(r, ctx), r, ctx) || trailingDoc(r, ctx))) || (own === "" ? "" : undefined);
  const text = found && GTK_DOC_NAME.test(found) ? gtkDoc(found, r, ctx) : found && VISIBILITY_MARK.test(found) ? found.replace(VISIBILITY_MARK, "") : found;
  // (Doxygen's `@c` before a symbol, `Check whether @c [__begin, __end) is sorted`, `Defines @c > for…`, leaves it too.)
  return text?.replace(DOXYGEN_ESCAPE, "$1").replace(DOXYGEN_BEFORE_BRACKET, "");
}
const DOXYGEN_BEFORE_BRACKET = /(?<![\w\\@])[\\@](?:[pcaeb]|em)\s+(?=[^\s\w])/g;

/**
 * gtk-doc's visibility markers, `/*< private >*\/` above a struct's first field, `/*< public >*\/`: no doc
 * (GObject's `parent_instance` had `< private >` for its doc).
 */
const VISIBILITY_MARK = /^<\s*(?:private|public|protected)\s*>\s*/;

/**
 * What the core's doc of a gtk-doc block reads (its `@param:` lines end a JSDoc-style description): the
 * `name:` line — also a class member's, a signal's or a property's, `GApplicationClass::local_command_line:`.
 */
const GTK_DOC_NAME = /^[A-Za-z_]\w*(?:::?[A-Za-z_][\w-]*)*:(?:\s*\([^)]*\))*\s*$/;

/**
 * A gtk-doc block's description: `/** encrypt_file: ⏎ @tmpl_file: the template. ⏎ … ⏎ ⏎ Encrypts
 * binary #data … *\/` — the symbol's name with a colon, its parameters, a blank line, then the
 * description (the doc), `#data` / `%NULL` / `func()` references read as words. The core's doc stops at
 * the first `@` tag, which left the name line: `encrypt_file:` was the doc. Unchanged when the name is
 * not the record's or no description follows.
 */
function gtkDoc(doc: string, r: SymbolRecord, ctx: FileContext): string {
  const name = doc.slice(0, doc.search(/:(?!:)(?<!::)(?=[\s(]|$)/));
  if (name.slice(name.lastIndexOf(":") + 1) !== r.name || r.docStartLine === undefined) return doc;
  const lines: string[] = [];
  for (let l = r.docStartLine; l < r.startLine; l++) {
    const t = ctx.lines[l - 1]!.replace(/^\s*(?:\/\*+|\*+\/|\*(?!\/))?/, "").replace(/\s*\*+\/\s*$/, "");
    lines.push(t);
    if (/\*\//.test(ctx.lines[l - 1]!)) break;
  }
  // The name line, then the `@param:` lines and their continuations, up to the first blank line.
  let i = lines.findIndex((t) => t.trim().startsWith(`${name}:`));
  if (i < 0) return doc;
  for (i++; i < lines.length && lines[i]!.trim() !== ""; i++);
  const description = lines.slice(i).join("\n").trim();
  return description ? description.replace(/(^|[\s(])[#%@](?=[A-Za-z_])/g, "$1") : doc;
}

/**
 * A `//` comment run above a declaration without the lines that are no doc: libstdc++'s `//
 * _GLIBCXX_RESOLVE_LIB_DEFECTS` and the defect's note lines after it (`// 2948. unique_ptr does not
 * define operator<<…`), vim fold markers (`// simd_abi::_Scalar {{{`, `// }}}`). Of what is left, a
 * `///` run directly above the declaration is its doc, the plain `//` lines above that are not
 * (`/// Stream output operator for unique_ptr` under the defect note). Unchanged when the comments are
 * not all `//` lines; "" when nothing is left.
 */
function withoutNotes(doc: string | undefined, r: SymbolRecord, ctx: FileContext): string | undefined {
  const from = r.docStartLine;
  if (doc === undefined || from === undefined || from >= r.startLine) return doc;
  // The doc's `//` lines (annotation-macro lines may follow them, docOverMacros); not a `/* … */` block.
  const lines: string[] = [];
  for (let l = from; l < r.startLine && ctx.lines[l - 1]!.trim().startsWith("//"); l++) lines.push(ctx.lines[l - 1]!.trim());
  if (!lines.length || /^\s*\/\*/.test(ctx.lines[from - 1 + lines.length] ?? "")) return doc;
  if (!NOTES.test(doc) && !(lines[lines.length - 1]!.startsWith("///") && lines.some((t) => !t.startsWith("///")))) return doc;
  let kept: number[] = [];
  let defect = false;
  lines.forEach((t, i) => {
    if (DEFECTS.test(t)) return void (defect = true);
    if (defect && !t.startsWith("///")) return;
    defect = false;
    if (!FOLD.test(t)) kept.push(i);
  });
  // The `///` run at the end, when plain `//` lines stand above it.
  let run = kept.length;
  while (run > 0 && lines[kept[run - 1]!]!.startsWith("///")) run--;
  if (run > 0 && run < kept.length) kept = kept.slice(run);
  if (kept.length === lines.length) return doc;
  if (!kept.length) {
    delete r.docStartLine;
    return "";
  }
  r.docStartLine = from + kept[0]!;
  return stripCommentMarkers(kept.map((i) => ctx.lines[from - 1 + i]!).join("\n")) || undefined;
}
const NOTES = /_GLIBCXX_RESOLVE_LIB_DEFECTS|\{\{\{|\}\}\}/;
const DEFECTS = /^\/\/\s*_GLIBCXX_RESOLVE_LIB_DEFECTS\b/;
const FOLD = /^\/\/[^\n]*(?:\{\{\{|\}\}\})\d?\s*$/;

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
