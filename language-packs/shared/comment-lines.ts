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

/** A doc tap body: the text doc of `record` unless one was found already. */
export function textDoc(doc: string | undefined, record: SymbolRecord, ctx: FileContext, accept: (raw: string) => boolean = () => true): string | undefined {
  if (doc !== undefined) return doc;
  // Only a declaration that starts its line owns the comment above (not `val x` inside `class A(val x)`).
  const n = record.node;
  if (n && n.startPosition.row + 1 === record.startLine && ctx.lines[record.startLine - 1]!.slice(0, n.startPosition.column).trim()) return undefined;
  const c = commentBlockAbove(ctx.lines, record.startLine);
  if (!c || !accept(c.text) || /^\s*\/\/\s*(?:MARK|TODO|FIXME|swiftlint|ktlint|noinspection)\b/.test(c.text)) return undefined;
  const text = stripCommentMarkers(c.text);
  if (!text) return undefined;
  record.docStartLine = c.startLine;
  return text;
}
