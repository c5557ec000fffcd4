/**
 * The parse's second chances (core/pipeline.ts runs them in this order on a parse with errors): a pack's
 * local repair of what its grammar misreads (LanguageSpec.repair), its second reading of a file the
 * grammar lost its way in (LanguageSpec.reparse), and the recovery of a half-typed edit
 * (LanguageSpec.recoverBraces: core/brace-recovery.ts, then core/block-containment.ts). Each is kept only
 * when the error regions shrink; the trees not kept are freed.
 */
import type { Node, Tree } from "web-tree-sitter";
import type { LoadedLanguage } from "./registry.js";
import { parse } from "./runtime.js";
import { applyBraceEdits, braceEdits } from "./brace-recovery.js";
import { brokenBlock, closedBlocks } from "./block-containment.js";

/**
 * When a pack's second reading is tried (LanguageSpec.reparse): the first parse's error regions cover
 * at least this share of the file (the grammar lost its way, not a few lines); and the second is kept
 * when its regions cover under a quarter of what the first's did.
 */
export const REPARSE_MIN_ERROR_SHARE = 0.5;

/** The better of the first parse and the pack's second reading (the other tree is freed). */
export function reparse(lang: LoadedLanguage, second: (text: string) => string, text: string, first: Tree, known?: ErrorRegions): { tree: Tree; reparsed: boolean; regions?: ErrorRegions } {
  const lost = known ?? errorRegions(first.rootNode);
  if (lost.chars < text.length * REPARSE_MIN_ERROR_SHARE) return { tree: first, reparsed: false, regions: lost };
  const alt = second(text);
  if (alt.length !== text.length || alt === text) return { tree: first, reparsed: false, regions: lost };
  const tree = parse(lang.language, alt);
  const regions = tree.rootNode.hasError ? errorRegions(tree.rootNode) : NO_REGIONS;
  if (regions.chars * 4 < lost.chars) {
    first.delete();
    return { tree, reparsed: true, regions };
  }
  tree.delete();
  return { tree: first, reparsed: false, regions: lost };
}

/** A reading of a file with errors: the tree, the text parsed, the text the records read, and the guesses that made it. */
interface Reading {
  tree: Tree;
  text: string;
  read: string;
  regions: ErrorRegions;
  notes: string[];
  /** Offsets of the closers inserted into `read` (pipeline.ts maps offsets back through them). */
  inserted: number[];
}

/**
 * The parse with a half-typed edit's brackets read against the indentation (core/brace-recovery.ts),
 * then with a block the error still runs out of read as empty (core/block-containment.ts) — each step
 * kept when its error regions are smaller than the parse's; else the parse as it is. When the bracket
 * guesses alone leave errors, the blocks are tried on the parse as it was too (a block comment left
 * open hides a `}`, and the bracket count blames its `{`), and the better reading is kept.
 */
export function recoverBraces(lang: LoadedLanguage, text: string, read: string, tree: Tree, known?: ErrorRegions): Reading {
  const trees = [tree];
  const parseKept = (t: string) => {
    const next = parse(lang.language, t);
    trees.push(next);
    return next;
  };
  const start: Reading = { tree, text, read, regions: known ?? errorRegions(tree.rootNode), notes: [], inserted: [] };
  const braced = braceReading(start, parseKept);
  let best = braced ?? start;
  if (best.regions.count > 0) {
    best = contain(best, parseKept);
    const alone = braced ? contain(start, parseKept) : undefined;
    // Only a reading that contained a block competes (the parse as it was lost to the brackets' already),
    // and it wins with no more error left and more of the file read as code — nodes, not one comment
    // running over 90 lines (a `/* x` left open, whose `*/` the bracket count cannot see): a wrapper's
    // body read as empty has fewer.
    if (alone && alone !== start && alone.regions.chars <= best.regions.chars && alone.tree.rootNode.descendantCount > best.tree.rootNode.descendantCount) best = alone;
  }
  for (const t of trees) if (t !== best.tree) t.delete();
  return best;
}

/** The reading with the bracket guesses, when they shrink the error regions. */
function braceReading(from: Reading, parseKept: (text: string) => Tree): Reading | undefined {
  const edits = braceEdits(from.text, from.tree.rootNode);
  if (!edits) return undefined;
  const text = applyBraceEdits(from.text, edits, true);
  const tree = parseKept(text);
  const regions = tree.rootNode.hasError ? errorRegions(tree.rootNode) : NO_REGIONS;
  if (!shrinks(from.regions, regions)) return undefined;
  return {
    tree,
    text,
    read: applyBraceEdits(from.read, edits, false),
    regions,
    notes: [...edits.notes],
    // (Where each inserted closer stands in the recovered text.)
    inserted: edits.inserts.map(([at], i) => at + i),
  };
}

/** The reading with the blocks an error runs out of read as empty, a round each while the regions shrink. */
function contain(from: Reading, parseKept: (text: string) => Tree): Reading {
  let best = from;
  for (let round = 0; round < CONTAIN_ROUNDS && best.regions.count > 0; round++) {
    const block = brokenBlock(best.text, best.tree.rootNode);
    if (!block) break;
    const text = best.text.slice(0, block.from) + best.text.slice(block.from, block.to).replace(/[^\n\r]/g, " ") + best.text.slice(block.to);
    const tree = parseKept(text);
    const regions = tree.rootNode.hasError ? errorRegions(tree.rootNode) : NO_REGIONS;
    // (Not more code blanked than error taken away, unless more of the file is read as code: a small
    // error left in a wrapper's last lines is not worth its whole body, but a template left open that
    // ran as text over 260 lines is.)
    const worth = (best.regions.chars - regions.chars) * 2 >= block.to - block.from || tree.rootNode.descendantCount > best.tree.rootNode.descendantCount;
    if (!shrinks(best.regions, regions) || !worth || opensClosed(text, tree, block)) break;
    best = { ...best, tree, text, regions, notes: [...best.notes, block.note] };
  }
  return best;
}

/**
 * Whether blanking a block's body leaves a block the parse had closed, outside it, unclosed: the class
 * around a method whose `try {` was blanked then ended early, its last methods top-level (a Java mutant).
 */
function opensClosed(text: string, tree: Tree, block: { from: number; to: number; closed: Set<number> }): boolean {
  const after = closedBlocks(text, tree.rootNode);
  for (const open of block.closed) if ((open < block.from || open >= block.to) && !after.has(open)) return true;
  return false;
}

/** Rounds of block containment: each may uncover the next broken block. */
const CONTAIN_ROUNDS = 3;

/**
 * Whether a recovered parse's error regions are smaller than the parse's — and more of them only when
 * much smaller: valid code with a grammar gap is not read into more regions of its own (rustfmt's
 * oddly indented tests).
 */
export function shrinks(before: ErrorRegions, after: ErrorRegions): boolean {
  return (after.chars < before.chars && (after.count <= before.count || after.chars * 2 <= before.chars)) || (after.chars === before.chars && after.count < before.count);
}

/** Rounds of a pack's local repair (LanguageSpec.repair): each may uncover regions the last one hid. */
const REPAIR_ROUNDS = 3;

/** The pack's repaired parse while each round shrinks the error regions (the trees left are freed). */
export function repair(lang: LoadedLanguage, fix: NonNullable<LoadedLanguage["spec"]["repair"]>, text: string, first: Tree): { tree: Tree; text: string; regions: ErrorRegions } {
  let tree = first;
  let regions = errorRegions(first.rootNode);
  for (let round = 0; round < REPAIR_ROUNDS && regions.count > 0; round++) {
    const alt = fix(text, tree);
    if (alt === undefined || alt.length !== text.length || alt === text) break;
    const next = parse(lang.language, alt);
    const after = next.rootNode.hasError ? errorRegions(next.rootNode) : NO_REGIONS;
    if (!(after.chars < regions.chars || (after.chars === regions.chars && after.count < regions.count))) {
      next.delete();
      break;
    }
    tree.delete();
    tree = next;
    text = alt;
    regions = after;
  }
  return { tree, text, regions };
}

/**
 * The parse of `alt`, `text` with its characters in [from, to) changed (same length): incremental, from
 * a copy of the tree told of the edit — the code before the change is not parsed again (in a 1.3 MB
 * file, three tries at a string left open had cost ~0.7 s as whole parses). The caller frees it.
 */
export function reparseEdited(lang: LoadedLanguage, tree: Tree, text: string, alt: string, from: number, to: number): Tree {
  const at = (index: number) => {
    let row = 0;
    let lineStart = 0;
    for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) {
      row++;
      lineStart = i + 1;
    }
    return { row, column: index - lineStart };
  };
  const start = at(from);
  const end = at(to);
  const copy = tree.copy();
  try {
    copy.edit({ startIndex: from, oldEndIndex: to, newEndIndex: to, startPosition: start, oldEndPosition: end, newEndPosition: end });
    return parse(lang.language, alt, copy);
  } finally {
    copy.delete();
  }
}

export const NO_REGIONS: ErrorRegions = { count: 0, chars: 0, lines: [] };

export interface ErrorRegions {
  count: number;
  chars: number;
  /** Line ranges of the first few regions (1-based). */
  lines: [number, number][];
}

/** Regions whose lines a warning names. */
const SHOWN_REGIONS = 3;

/** The top-most ERROR / MISSING regions: how many, and the characters they cover. */
export function errorRegions(root: Node): ErrorRegions {
  let n = 0;
  let chars = 0;
  const lines: [number, number][] = [];
  eachTopError(root, (node) => {
    n++;
    chars += node.endIndex - node.startIndex;
    if (lines.length < SHOWN_REGIONS) lines.push([node.startPosition.row + 1, Math.max(node.startPosition.row, node.endPosition.row - (node.endPosition.column === 0 ? 1 : 0)) + 1]);
  });
  return { count: n, chars, lines };
}

/**
 * Visit the top-most ERROR and MISSING nodes in document order (a region inside another is the same
 * region); only paths whose nodes have errors are walked.
 */
export function eachTopError(root: Node, visit: (node: Node) => void): void {
  preorder(root, (node) => {
    const isErr = node.isError || node.isMissing;
    if (isErr) visit(node);
    return !isErr && node.hasError;
  });
}

/** Walk a tree in document order with one cursor; `enter` says whether to go into a node's children. */
export function preorder(root: Node, enter: (node: Node) => boolean): void {
  const cursor = root.walk();
  try {
    for (;;) {
      if (enter(cursor.currentNode) && cursor.gotoFirstChild()) continue;
      if (cursor.gotoNextSibling()) continue;
      let climbed = false;
      while (cursor.gotoParent()) {
        if (cursor.gotoNextSibling()) {
          climbed = true;
          break;
        }
      }
      if (!climbed) break;
    }
  } finally {
    cursor.delete();
  }
}
