/** firstSentence reads only the head of a long doc: it must agree with collapsing the whole text. */
import { describe, expect, it } from "vitest";
import { ABBREVIATIONS, clip, collapse, collapseHead, firstSentence } from "../../core/text.js";

/** The definition: the first sentence of the whole collapsed text. */
function reference(text: string, max = 120): string {
  const flat = collapse(text);
  const re = /[.!?。](?=\s|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(flat))) {
    const head = flat.slice(0, m.index + 1);
    if (m[0] === "." && ABBREVIATIONS.test(head)) continue;
    return clip(head, max);
  }
  return clip(flat, max);
}

describe("firstSentence", () => {
  it("matches the whole-text definition on long docs, whitespace runs and stops at every boundary", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ["word", "e.g.", "A.", "end.", "why?", "no!", "x", "。", ".", " ", "  ", "\n", "\n\n   ", "\t", "\u00a0", "etc.", "Mr."];
    for (let i = 0; i < 3000; i++) {
      let text = "";
      const n = rand(400);
      for (let k = 0; k < n; k++) text += pieces[rand(pieces.length)] + (rand(3) ? " " : "");
      if (rand(4) === 0) text = " ".repeat(rand(600)) + text;
      if (rand(4) === 0) text += " ".repeat(rand(600));
      const max = [20, 60, 120][rand(3)]!;
      expect(firstSentence(text, max), JSON.stringify(text)).toBe(reference(text, max));
    }
  });

  it("cuts at the first sentence and clips long ones", () => {
    expect(firstSentence("Parses the file.  Then more.")).toBe("Parses the file.");
    expect(firstSentence("Uses e.g. a cache. Then more.")).toBe("Uses e.g. a cache.");
    expect(firstSentence("word ".repeat(100)).length).toBeLessThanOrEqual(120);
  });

  it("sums up a doc that opens with an example by its prose; a doc that is only code keeps it", () => {
    const doc = "```js\nimport { on } from 'node:events';\nfor await (const e of on(ee, 'foo')) {}\n```\n\nReturns an `AsyncIterator` that iterates `eventName` events. It will throw.";
    expect(firstSentence(doc)).toBe("Returns an `AsyncIterator` that iterates `eventName` events.");
    expect(firstSentence("Parses it:\n```ts\nparse(x)\n```\nThen more.")).toBe("Parses it: Then more.");
    expect(firstSentence("```ts\nparse(x)\n```")).toBe("```ts parse(x) ```");
  });
});

describe("collapseHead", () => {
  it("joins a formatter's broken head as it would be written on one line, and leaves one-line heads alone", () => {
    expect(collapseHead("def f(\n    a: int,\n    b: str,\n) -> None")).toBe("def f(a: int, b: str) -> None");
    expect(collapseHead("function g<\n  T extends object,\n>(\n  a: T,\r\n): Promise<\n  T\n>")).toBe("function g<T extends object>(a: T): Promise<T>");
    expect(collapseHead("func Foo(\n\ta int,\n\tb string,\n) (int, error)")).toBe("func Foo(a int, b string) (int, error)");
    expect(collapseHead("fn f(\n    xs: &[\n        u8\n    ],\n)")).toBe("fn f(xs: &[u8])");
    expect(collapseHead("function extractDesc({\n  describe,\n  desc,\n}: Options)")).toBe("function extractDesc({ describe, desc }: Options)");
    // Only line breaks at brackets go: spaces written inside brackets and braces, a one-line trailing
    // comma (a one-element tuple), a comparison and an arrow stay.
    expect(collapseHead("f( a, b )")).toBe("f( a, b )");
    expect(collapseHead("g(x: { a: number;\n b: string })")).toBe("g(x: { a: number; b: string })");
    expect(collapseHead("t: tuple[int,] = (1,)")).toBe("t: tuple[int,] = (1,)");
    expect(collapseHead("f(a = b\n  >= c, d = (x)\n  => x)")).toBe("f(a = b >= c, d = (x) => x)");
  });
});
