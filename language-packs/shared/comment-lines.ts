/**
 * Doc comments found from the text rather than the tree, for grammars that file comments inside a
 * neighbouring node (the bundled Kotlin grammar puts a KDoc into the preceding import list or
 * statement, so it is no sibling of the declaration it documents).
 */
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { stripCommentMarkers } from "../../core/text.js";

/**
 * The comment block ending on the line directly above `line` (1-based): a `/* … *\/` block that
 * starts its own line, or a run of `//` lines. A blank line or code in between detaches it.
 */
export function commentBlockAbove(lines: string[], line: number): { text: string; startLine: number } | undefined {
  let i = line - 2;
  if (i < 0) return undefined;
  const last = lines[i]!.trim();
  if (last.endsWith("*/")) {
    let j = i;
    while (j >= 0 && !lines[j]!.includes("/*")) j--;
    if (j < 0 || !lines[j]!.trim().startsWith("/*")) return undefined;
    return { text: lines.slice(j, i + 1).join("\n"), startLine: j + 1 };
  }
  if (!last.startsWith("//")) return undefined;
  while (i >= 0 && lines[i]!.trim().startsWith("//")) i--;
  return { text: lines.slice(i + 1, line - 1).join("\n"), startLine: i + 2 };
}

/**
 * A doc tap body: the text doc of `record` unless one was found already. `lead`: text that may stand
 * before the record's node on its line and still be its own (Kotlin's `fun` of a `fun interface`,
 * masked before parsing).
 */
export function textDoc(doc: string | undefined, record: SymbolRecord, ctx: FileContext, accept: (raw: string) => boolean = () => true, lead?: RegExp): string | undefined {
  if (doc !== undefined) return doc;
  // Only a declaration that starts its line owns the comment above (not `val x` inside `class A(val x)`).
  const n = record.node;
  const before = n && n.startPosition.row + 1 === record.startLine ? ctx.lines[record.startLine - 1]!.slice(0, n.startPosition.column).trim() : "";
  if (before && !lead?.test(before)) return undefined;
  const c = commentBlockAbove(ctx.lines, record.startLine);
  if (!c || !accept(c.text) || /^\s*\/\/\s*(?:MARK|TODO|FIXME|swiftlint|ktlint|noinspection|(?:end)?region)\b/.test(c.text)) return undefined;
  const text = stripCommentMarkers(c.text);
  if (!text) return undefined;
  record.docStartLine = c.startLine;
  return text;
}

/**
 * The doc-comment lines of a doc read above a record (`///` lines, `/** … *\/` blocks), for a language
 * whose plain `//` and `/* *\/` comments are no docs (Swift): "" when none, and `docStartLine` moved to
 * the first of them. A doc without `docStartLine` is returned as it is.
 */
export function docCommentsOnly(doc: string | undefined, record: SymbolRecord, ctx: FileContext): string | undefined {
  if (!doc || record.docStartLine === undefined) return doc;
  const kept: string[] = [];
  let first = 0;
  let block: boolean | undefined; // inside a block comment: whether it is a doc block
  // (Through the comments from docStartLine: a doc may stand between attributes and the declaration.)
  for (let i = record.docStartLine; i <= ctx.lines.length; i++) {
    const line = ctx.lines[i - 1]!;
    const t = line.trim();
    if (block === undefined && t && !t.startsWith("/")) break;
    let keep: boolean;
    if (block === undefined && t.startsWith("/*")) {
      block = keep = /^\/\*\*(?![*/])/.test(t);
      if (t.indexOf("*/", 2) >= 0) block = undefined;
    } else if (block === undefined) keep = /^\/\/\/(?!\/)/.test(t);
    else {
      keep = block;
      if (t.includes("*/")) block = undefined;
    }
    if (!keep) continue;
    if (!kept.length) first = i;
    kept.push(line);
  }
  if (!kept.length) {
    delete record.docStartLine;
    return "";
  }
  record.docStartLine = first;
  return stripCommentMarkers(kept.join("\n"));
}
