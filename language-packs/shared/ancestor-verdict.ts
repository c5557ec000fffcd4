/**
 * A yes/no question about a node's ancestors, answered by the nearest ancestor that decides it, with
 * each ancestor's answer kept per tree. Asked for every callback of a 3,000-call chain, a plain walk up
 * read each of thousands of ancestors' types again per callback — quadratic, seconds (a Kotlin chain
 * of 3,000 trailing lambdas: ~5 s of `inDelegation`).
 */
import type { Node } from "web-tree-sitter";

/**
 * `decide(ancestor)`: true or false when this ancestor settles it, undefined to look further up. The
 * answer when no ancestor decides is `false`. Ancestors start at the node's parent.
 */
export function ancestorVerdict(decide: (ancestor: Node) => boolean | undefined): (node: Node | null | undefined) => boolean {
  const byTree = new WeakMap<object, Map<number, boolean>>();
  return (node) => {
    const start = node?.parent;
    if (!start) return false;
    let known = byTree.get(start.tree);
    if (!known) byTree.set(start.tree, (known = new Map()));
    const path: number[] = [];
    let answer = false;
    for (let p: Node | null = start; p; p = p.parent) {
      const k = known.get(p.id);
      if (k !== undefined) {
        answer = k;
        break;
      }
      path.push(p.id);
      const d = decide(p);
      if (d !== undefined) {
        answer = d;
        break;
      }
    }
    for (const id of path) known.set(id, answer);
    return answer;
  };
}
