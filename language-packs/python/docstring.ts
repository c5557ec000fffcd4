/**
 * Python docstrings: the string that is the first statement of a class/function body (PEP 257), and
 * attribute docstrings (a string statement right after a module/class assignment).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";

const STRING_TYPES = new Set(["string", "concatenated_string"]);

function stringStatement(node: Node | null | undefined): Node | undefined {
  if (node?.type !== "expression_statement" || node.namedChildCount !== 1) return undefined;
  const s = node.namedChild(0);
  return s && STRING_TYPES.has(s.type) ? s : undefined;
}

/**
 * The literal's text without prefixes and quotes; adjacent literals are joined. Outside a raw string a
 * backslash-newline joins lines and `\\`, `\'`, `\"` are the character (`ending in '\\'` had read
 * `'\\'`, platformdirs' `C:\\ProgramData`); other escapes (`\n`) stay as written, readable.
 */
function literalText(ctx: FileContext, s: Node): string {
  const parts = s.type === "concatenated_string" ? s.namedChildren.filter((c): c is Node => !!c && c.type === "string") : [s];
  return parts
    .map((p) => {
      // (Or a docstring being typed, its closing quotes not there yet: core/run-on.ts read it as closed.)
      const m = /^([rRuUbBfF]{0,2})("""|'''|"|')([\s\S]*)\2$/.exec(ctx.text(p)) ?? /^([rRuUbBfF]{0,2})("""|'''|"|')([\s\S]*)$/.exec(ctx.text(p));
      if (!m) return ctx.text(p);
      return /r/i.test(m[1]!) ? m[3]! : m[3]!.replace(/\\(\r?\n|[\\'"])/g, (_, c: string) => (c.endsWith("\n") ? "" : c));
    })
    .join("");
}

/** The first paragraph of a docstring, cleaned like inspect.cleandoc (leading blank lines dropped). */
export function firstParagraph(raw: string): string {
  const lines = raw.split(/\r?\n/).map((l) => l.trim());
  while (lines.length && !lines[0]) lines.shift();
  const end = lines.indexOf("");
  return (end < 0 ? lines : lines.slice(0, end)).join(" ").trim();
}

/** The docstring of a class/function record, or of a binding (the string statement after it). */
export function docstringOf(ctx: FileContext, r: SymbolRecord): string | undefined {
  const node = r.node;
  if (!node) return undefined;
  let s: Node | undefined;
  if (node.type === "class_definition" || node.type === "function_definition") {
    const body = node.childForFieldName("body");
    const first = body?.namedChildren.find((c) => c && c.type !== "comment");
    s = stringStatement(first);
  } else if (node.type === "expression_statement") {
    let next = node.nextNamedSibling;
    while (next?.type === "comment") next = next.nextNamedSibling;
    // Only when it is the very next statement; a docstring of the enclosing block is not ours.
    if (next && next.startPosition.row <= node.endPosition.row + 1) s = stringStatement(next);
  }
  if (!s) return undefined;
  return firstParagraph(literalText(ctx, s)) || undefined;
}
