/**
 * A quoted key with an escape, `"\\bigl": {…}`, `'\\ce{(...)}': function …`: named by the whole key, not
 * the string's first piece — the tags query names a quoted key by its first named child (`name-child`),
 * which for such a string is the escape `\\` or the fragment before it (katex's 16 `delimiterSizes` had all
 * been named `\\`, `"a\\b"` was `a`).
 */
import type { SymbolRecord } from "../../core/types.js";

/**
 * Rename `r` when its name is a piece of a string holding escapes: the string's value where an escape
 * stands for a character that reads as itself (`\\`, `\"`, `\'`), any other escape as written (`\n`,
 * `\u0301`: a name is no place for a line break or a combining mark) — `\bigl`, `a\b`, `a\u0301b`.
 */
export function unescapeKeyName(r: SymbolRecord): void {
  const piece = r.nameNode;
  const str = piece?.parent;
  if (str?.type !== "string" || (piece!.type !== "escape_sequence" && str.namedChildCount < 2)) return;
  const value = str.text.slice(1, -1).replace(/\\(["'\\])/g, "$1");
  if (value && r.name === piece!.text) r.name = value;
}
