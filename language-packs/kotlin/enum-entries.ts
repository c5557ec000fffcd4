/**
 * An enum entry's body closed on the line where the enum's members go on (`GREEN(2) { override fun
 * toString() = "g" }; fun hex() = rgb`): the bundled grammar wants a separator after the body's last
 * member before its `}` — a line break gives one, a `;` too — and without it the whole enum was one
 * ERROR, its entries and members top-level entries (QA of session 52). The pack's repair (kept only when
 * the error regions shrink, core/reparse.ts) puts a `;` in the blank before such a `}`: same length, the
 * same code to Kotlin.
 */
import type { Tree } from "web-tree-sitter";

/** The blank before a `}` that a `;` follows on its line, after a member's last token (not `{`, `;`, `,`). */
const ENTRY_BODY_END = /(?<=[^\s{;,])[ \t](?=\}[ \t]*;)/g;

/** `text` with a `;` before each entry body's `}` on the lines of an error region (see the file comment), or undefined. */
export function repairEnumEntryBodies(text: string, tree: Tree): string | undefined {
  if (!tree.rootNode.hasError || !text.includes("enum")) return undefined;
  const rows = new Set<number>();
  for (const e of tree.rootNode.descendantsOfType("ERROR")) if (e) for (let r = e.startPosition.row; r <= e.endPosition.row; r++) rows.add(r);
  const lines = text.split("\n");
  let changed = false;
  for (const row of rows) {
    const line = lines[row];
    if (line === undefined || !/\}[ \t]*;/.test(line)) continue;
    const next = line.replace(ENTRY_BODY_END, ";");
    if (next !== line) {
      lines[row] = next;
      changed = true;
    }
  }
  return changed ? lines.join("\n") : undefined;
}
