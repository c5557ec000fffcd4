/**
 * Containment of a syntax error in its block (LanguageSpec.recoverBraces, after the bracket guesses of
 * core/brace-recovery.ts). An error whose brackets balance — an unclosed JSX tag, an unterminated
 * template literal or block comment — can still carry the parse past the end of the block it is in:
 * the block's `{` is then closed by no `}` of the tree, and the declarations after it are lost in one
 * ERROR. By the indentation the block ends at the `}` that starts a line at its head's indentation; its
 * body is read as blank lines, so the declaration keeps its lines and head, and the rest of the file
 * parses. The innermost such block goes first, one a round (pipeline.ts); a round is kept only when the
 * error regions shrink, and each is a warning of the report.
 */
import type { Node } from "web-tree-sitter";
import { lineSpan, rowTable } from "./brace-recovery.js";

export interface BrokenBlock {
  /** The body's characters, line breaks included (the parse reads them as spaces, line breaks kept). */
  from: number;
  to: number;
  /** For the report's warnings. */
  note: string;
  /** The `{` offsets of the blocks the parse closes (closedBlocks), read on the way. */
  closed: Set<number>;
}

interface Block {
  /** Rows (0-based) of the head line ending in `{` and of the line starting with its `}`. */
  head: number;
  close: number;
  /** Offsets of the `{` and the `}`. */
  open: number;
  closeAt: number;
}

/** What may follow a block's `{` on its line: nothing but a comment. */
const AFTER_OPENER = /^\s*(?:\/\/.*|\/\*.*\*\/\s*)?$/;

/** The innermost block (first in the file) whose `{` no `}` of the parse closes, or undefined. */
export function brokenBlock(text: string, root: Node): BrokenBlock | undefined {
  const table = rowTable(text);
  if (!table) return undefined;
  const { starts, indent, next } = table;
  const blocks = indentedBlocks(text, starts, indent, next);
  const paired = blocks.map((b) => closedInTree(root, b));
  const broken = blocks.filter((_, i) => paired[i] === false);
  const inner = broken.filter((b) => !broken.some((o) => o !== b && o.head > b.head && o.close < b.close));
  const first = inner.sort((x, y) => x.head - y.head)[0];
  if (!first) return undefined;
  return {
    from: starts[first.head + 1]!,
    to: starts[first.close]!,
    note: `the block on ${lineSpan(first.head, first.close)} does not parse: its body (${lineSpan(first.head + 1, first.close - 1)}) read as empty, by the indentation`,
    closed: new Set(blocks.filter((_, i) => paired[i] === true).map((b) => b.open)),
  };
}

/** The `{` offsets of the blocks (by the indentation) the parse closes with their `}`. */
export function closedBlocks(text: string, root: Node): Set<number> {
  const table = rowTable(text);
  if (!table) return new Set();
  return new Set(indentedBlocks(text, table.starts, table.indent, table.next).filter((b) => closedInTree(root, b) === true).map((b) => b.open));
}

/** Blocks by the indentation: a line ending in `{` with deeper lines below it, up to the line that starts with `}` at its indentation. */
function indentedBlocks(text: string, starts: number[], indent: Int32Array, next: Int32Array): Block[] {
  const rows = starts.length;
  const blocks: Block[] = [];
  const open: { row: number; indent: number; at: number }[] = [];
  for (let r = 0; r < rows; r++) {
    const ind = indent[r]!;
    if (ind < 0) continue;
    const first = starts[r]! + ind;
    while (open.length && open.at(-1)!.indent >= ind) {
      const top = open.pop()!;
      if (top.indent === ind && text[first] === "}") blocks.push({ head: top.row, close: r, open: top.at, closeAt: first });
    }
    const end = r + 1 < rows ? starts[r + 1]! - 1 : text.length;
    const at = text.lastIndexOf("{", end - 1);
    if (at >= first && next[r]! > ind && AFTER_OPENER.test(text.slice(at + 1, end))) open.push({ row: r, indent: ind, at });
  }
  return blocks;
}

/**
 * Whether the parse closes the block's `{` with its `}`; undefined when that `{` is no bracket of the
 * parse (text inside a string, template or comment).
 */
function closedInTree(root: Node, b: Block): boolean | undefined {
  const brace = root.descendantForIndex(b.open, b.open + 1);
  if (!brace || brace.type !== "{" || brace.startIndex !== b.open) return undefined;
  const owner = brace.parent;
  const last = owner?.lastChild;
  return !!owner && owner.type !== "ERROR" && last?.type === "}" && last.startIndex === b.closeAt;
}
