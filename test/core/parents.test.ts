/**
 * core/parents.ts: a deep tree's parents and siblings come from one walk, and they are the very nodes
 * web-tree-sitter's own (slow) getters give — checked node by node on real parses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Language, Node, Tree } from "web-tree-sitter";
import { loadLanguage, parse } from "../../core/runtime.js";
import { chooseParentMemo, deeplyNested, parentMode } from "../../core/parents.js";

let ts: Language;
beforeAll(async () => {
  ts = await loadLanguage("typescript");
});

/** Every node of the tree, by a cursor (no parent or sibling getter used). */
function allNodes(tree: Tree): Node[] {
  const out: Node[] = [];
  const c = tree.walk();
  for (;;) {
    out.push(c.currentNode);
    if (c.gotoFirstChild()) continue;
    while (!c.gotoNextSibling()) if (!c.gotoParent()) return c.delete(), out;
  }
}

const id = (n: Node | null) => n?.id ?? null;
const answers = (nodes: Node[]) => nodes.map((n) => [id(n.parent), id(n.nextSibling), id(n.previousSibling), id(n.nextNamedSibling), id(n.previousNamedSibling)]);

describe("parent memo", () => {
  it("a deeply nested source is walked once, and every parent and sibling is the one web-tree-sitter gives", () => {
    // 200 levels of object literals and functions, named and anonymous children, comments between.
    const src = `export const x = ${"{ a: 1, /* c */ b() { return [f(1, ".repeat(100)}0${")] } }".repeat(100)};\nexport function after() {}\n`;
    expect(deeplyNested(src)).toBe(true);
    const tree = parse(ts, src);
    try {
      expect(parentMode()).toBe("walked");
      const nodes = allNodes(tree);
      expect(nodes.length).toBeGreaterThan(2000);
      const walked = answers(nodes);
      chooseParentMemo(""); // web-tree-sitter's own getters from here on
      expect(parentMode()).toBe("off");
      expect(walked).toEqual(answers(nodes));
      expect(walked.filter(([p]) => p === null)).toHaveLength(1); // the root only
    } finally {
      tree.delete();
    }
  });

  it("an ordinary source keeps web-tree-sitter's getters; brackets in balance do not count as depth", () => {
    expect(deeplyNested("f(a)(b)(c);\n".repeat(500))).toBe(false);
    const tree = parse(ts, "export function f(a: number) { return [a, { b: a }]; }\n");
    try {
      expect(parentMode()).toBe("off");
    } finally {
      tree.delete();
    }
  });

  it("a tree deep without brackets (`() => () => …`) switches to the walk once its parents have cost what one walk would", () => {
    const src = `export const f = ${"() => ".repeat(3000)}1;\n`;
    expect(deeplyNested(src)).toBe(false);
    const tree = parse(ts, src);
    try {
      expect(parentMode()).toBe("off");
      const nodes = allNodes(tree);
      // Each of the deepest nodes' parents walks ~2,500 levels down from the root; the sample sees that soon.
      const before = nodes.slice(-400).map((n) => id(n.parent));
      expect(parentMode()).toBe("walked");
      const after = nodes.slice(-400).map((n) => id(n.parent));
      expect(after).toEqual(before);
    } finally {
      tree.delete();
    }
  });
});
