/**
 * Siblings without stepping: web-tree-sitter 0.25 finds a node's parent by walking down from the root,
 * and each `previousSibling`/`nextSibling` step through that parent, so a walk along n siblings costs
 * O(n²) wasm work, and one per member of a long list O(n³) (a C struct of 5,000 fields took 26 s).
 * These read a parent's children once per parent and syntax tree; perNode memoizes any per-node work.
 */
import type { Node } from "web-tree-sitter";

/** A node among its parent's children (all of them, named or not). */
export interface Siblings {
  list: (Node | null)[];
  index: number;
}

/** A parent's children and each one's index by node id (a scan per lookup was O(n²) on a 20,000-key object). */
interface ChildList {
  list: (Node | null)[];
  index: Map<number, number>;
}
const childLists = new WeakMap<object, Map<number, ChildList>>();

export function siblingsOf(node: Node, parent: Node | null): Siblings | undefined {
  if (!parent) return undefined;
  let lists = childLists.get(parent.tree);
  if (!lists) childLists.set(parent.tree, (lists = new Map()));
  let children = lists.get(parent.id);
  if (!children) {
    const list = parent.children;
    const index = new Map<number, number>();
    for (let i = 0; i < list.length; i++) if (list[i]) index.set(list[i]!.id, i);
    lists.set(parent.id, (children = { list, index }));
  }
  const i = children.index.get(node.id);
  return i === undefined ? undefined : { list: children.list, index: i };
}


/** Earlier siblings, nearest first (named ones unless `all`). */
export function* previousSiblings(node: Node, all = false): Generator<Node> {
  const s = siblingsOf(node, node.parent);
  if (!s) return;
  for (let i = s.index - 1; i >= 0; i--) {
    const n = s.list[i];
    if (n && (all || n.isNamed)) yield n;
  }
}

/**
 * What `pick` finds on the nearest earlier named sibling it finds anything on (`public:` above a C++
 * member, a bare `private` above a Ruby method), computed for all of a parent's children in one pass
 * and kept per `key`, parent and tree.
 */
export function nearestBefore<T>(node: Node, key: string, pick: (n: Node) => T | undefined): T | undefined {
  const parent = node.parent;
  const s = parent ? siblingsOf(node, parent) : undefined;
  if (!s || !parent) return undefined;
  let byKey = found.get(parent.tree);
  if (!byKey) found.set(parent.tree, (byKey = new Map()));
  const k = `${key}\0${parent.id}`;
  let before = byKey.get(k) as (T | undefined)[] | undefined;
  if (!before) {
    before = [];
    let cur: T | undefined;
    for (const n of s.list) {
      before.push(cur);
      const v = n?.isNamed ? pick(n) : undefined;
      if (v !== undefined) cur = v;
    }
    byKey.set(k, before);
  }
  return before[s.index];
}
const found = new WeakMap<object, Map<string, unknown[]>>();

/** A memo of what is worked out once per node of a syntax tree (by the tree, then the node's id). */
export function perNode<T>(): (node: Node, compute: () => T) => T {
  const byTree = new WeakMap<object, Map<number, T>>();
  return (node, compute) => {
    let memo = byTree.get(node.tree);
    if (!memo) byTree.set(node.tree, (memo = new Map()));
    if (memo.has(node.id)) return memo.get(node.id) as T;
    const value = compute();
    memo.set(node.id, value);
    return value;
  };
}
