/**
 * `node.parent`, answered from a memo. web-tree-sitter 0.25 finds a parent by walking down from the
 * root through each ancestor's children: O(the node's depth, plus the children before its path). Two
 * kinds of tree make that add up:
 * - a large source (≥ PARENT_MEMO_MIN characters): in a file of 8,000 top-level statements every
 *   `.parent` inside one walked thousands of siblings, and the packs ask for the same parents over and
 *   over (a declaration's wrappers, its statement, its owner). Those parents are memoized as asked.
 * - a deeply nested source (brackets DEEP levels deep or more, `deeplyNested`): there every node asks
 *   for a different parent, each one as far from the root as the nesting is deep — 10,000 nested
 *   functions or object literals took 20–57 s. For such a tree the whole child → parent map is built
 *   once, in one walk of a tree cursor (O(nodes)), the first time a parent is asked for.
 * Off for the rest: the memo's bookkeeping cost the 190-file batch ~3%. The mode is the last parse's
 * (`parse` sets it); a tree parsed before the last one may be read either way — the answer is the same.
 */
import type { Node, Tree } from "web-tree-sitter";

/** Sources from this many characters on have their parents memoized as asked. */
const PARENT_MEMO_MIN = 50_000;
/** Bracket nesting from which a tree's parents are mapped in one walk. */
const DEEP = 128;

type Mode = "off" | "asked" | "walked";
let mode: Mode = "off";
/** What web-tree-sitter's own answers have cost since the last parse (estimated from a sample), and what a walk would (ms). */
let spent = 0;
let walkCost = 0;
let slowCalls = 0;
/** One slow answer in SAMPLE is timed. */
const SAMPLE = 32;
/** A walk's cost per character of source (ms): ~2 µs a node, measured on TypeScript's 9 MB typescript.js. */
const WALK_PER_CHAR = 0.0005;

/** Chooses the memo for the tree of `source`, just parsed. */
export function chooseParentMemo(source: string): void {
  mode = deeplyNested(source) ? "walked" : source.length >= PARENT_MEMO_MIN ? "asked" : "off";
  spent = 0;
  slowCalls = 0;
  walkCost = source.length * WALK_PER_CHAR;
}

/** The memo in use (the tests read it). */
export function parentMode(): Mode {
  return mode;
}

/**
 * web-tree-sitter's own answer, sampled: once its answers have cost what one walk would — a tree deep
 * without brackets (`() => () => …`, a 10,000-link chain) — the tree is walked from then on. At
 * worst twice the cheaper of the two.
 */
function slow(get: (this: Node) => Node | null, node: Node): Node | null {
  if (++slowCalls % SAMPLE !== 0) return get.call(node);
  const t = process.hrtime(); // not performance.now(): the first use of that global loads perf_hooks (~1 ms)
  const p = get.call(node);
  const [sec, ns] = process.hrtime(t);
  spent += (sec * 1e3 + ns / 1e6) * SAMPLE;
  if (spent > walkCost) mode = "walked";
  return p;
}

/**
 * Whether `( [ {` nest DEEP levels deep somewhere in the source: a character scan (~1 ms per MB),
 * strings and comments not told apart — a proxy for the tree's depth, which no API gives.
 */
export function deeplyNested(source: string): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth >= DEEP) return true;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}

/** A tree's nodes, mapped in one walk: each node's parent and its index among the parent's children. */
type Walked = { parents: Map<number, Node>; index: Map<number, number>; children: Map<number, Node[]> };

/**
 * Replaces Node's `parent` getter with the memoized one, and — for a walked tree — its sibling getters
 * with ones that read the parent's children (web-tree-sitter's ask the parent the slow way first).
 * Once per runtime.
 */
export function memoizeParents(NodeClass: typeof Node): void {
  const proto = NodeClass.prototype;
  const getter = (name: string) => Object.getOwnPropertyDescriptor(proto, name)?.get as ((this: Node) => Node | null) | undefined;
  const original = getter("parent");
  if (!original || (original as { memoized?: true }).memoized) return;
  const asked = new WeakMap<Tree, Map<number, Node | null>>();
  const walked = new WeakMap<Tree, Walked>();
  const walkedOf = (tree: Tree): Walked => {
    let w = walked.get(tree);
    if (!w) walked.set(tree, (w = walk(tree)));
    return w;
  };
  const get = function (this: Node): Node | null {
    if (mode === "off") return slow(original, this);
    // (Not in the map: the root — asked the slow way, which answers null at once.)
    if (mode === "walked") return walkedOf(this.tree).parents.get(this.id) ?? original.call(this);
    let parents = asked.get(this.tree);
    if (!parents) asked.set(this.tree, (parents = new Map()));
    let p = parents.get(this.id);
    if (p === undefined) parents.set(this.id, (p = slow(original, this)));
    return p;
  };
  (get as { memoized?: true }).memoized = true;
  define(proto, "parent", get);

  /** The sibling `step` (±1) away, the next named one if `named`; undefined: ask web-tree-sitter. */
  const sibling = (node: Node, step: number, named: boolean): Node | null | undefined => {
    const w = walkedOf(node.tree);
    const p = w.parents.get(node.id);
    const at = w.index.get(node.id);
    if (!p || at === undefined) return undefined;
    let kids = w.children.get(p.id);
    if (!kids) w.children.set(p.id, (kids = p.children as Node[]));
    for (let i = at + step; i >= 0 && i < kids.length; i += step) if (!named || kids[i]!.isNamed) return kids[i]!;
    return null;
  };
  for (const [name, step, named] of [["nextSibling", 1, false], ["previousSibling", -1, false], ["nextNamedSibling", 1, true], ["previousNamedSibling", -1, true]] as const) {
    const own = getter(name);
    if (!own) continue;
    define(proto, name, function (this: Node) {
      if (mode !== "walked") return slow(own, this);
      const s = sibling(this, step, named);
      return s === undefined ? own.call(this) : s;
    });
  }
}

function define(proto: object, name: string, get: () => unknown): void {
  Object.defineProperty(proto, name, { ...Object.getOwnPropertyDescriptor(proto, name), get });
}

/** Every node's parent and index, by node id, in one cursor walk: a Node object is made for each inner node only. */
function walk(tree: Tree): Walked {
  const w: Walked = { parents: new Map(), index: new Map(), children: new Map() };
  const cursor = tree.walk();
  const stack: Node[] = [];
  const at: number[] = [];
  const note = () => {
    w.parents.set(cursor.nodeId, stack[stack.length - 1]!);
    w.index.set(cursor.nodeId, at[at.length - 1]!);
  };
  try {
    for (;;) {
      if (cursor.gotoFirstChild()) {
        cursor.gotoParent();
        stack.push(cursor.currentNode);
        cursor.gotoFirstChild();
        at.push(0);
        note();
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return w;
        stack.pop();
        at.pop();
      }
      at[at.length - 1]!++;
      note();
    }
  } finally {
    cursor.delete();
  }
}
