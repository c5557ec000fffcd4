/** firstSentence reads only the head of a long doc: it must agree with collapsing the whole text. Also shortHash, withoutBodyOpener. */
import { describe, expect, it } from "vitest";
import { shortHash } from "../../core/hash.js";
import { withoutBodyOpener } from "../../core/heads.js";
import { ABBREVIATIONS, clip, LONE_DOTS, collapse, collapseHead, firstSentence, LEAD_BULLET, PARAGRAPH_BREAK, stripCommentMarkers } from "../../core/text.js";

/** The definition: the first sentence of the first paragraph (one with words), collapsed. */
function reference(text: string, max = 120): string {
  const paragraph = text.trimStart().split(PARAGRAPH_BREAK)[0]!;
  const source = /[\p{L}\p{N}]/u.test(paragraph) ? paragraph : text;
  const flat = collapse(source).replace(LEAD_BULLET, "");
  const re = /[.!?。](?=\s|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(flat))) {
    const head = flat.slice(0, m.index + 1);
    if (m[0] === "." && LONE_DOTS.test(head)) continue;
    if (m[0] === "." && ABBREVIATIONS.test(head)) {
      const list = /:\s*\d{1,2}\.$/.exec(head);
      if (list) return clip(head.slice(0, list.index + 1), max);
      continue;
    }
    const item = /\s(\d{1,2})\.$/.exec(head);
    if (item && new RegExp(`\\n[ \\t]*${item[1]}\\.\\s`).test(source)) return clip(head.slice(0, item.index), max);
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

  it("ends at a paragraph's end when the summary has no full stop", () => {
    expect(firstSentence("Converts a thing into another thing\n\n# Examples\nlet x = 1;")).toBe("Converts a thing into another thing");
    // A list item's number ends no sentence; a list after a colon ends the one leading to it.
    expect(firstSentence("3. clone everything else, making sure we use columns.")).toBe("3. clone everything else, making sure we use columns.");
    expect(firstSentence("Uses three iterators in the default case:\n    1. execute_sql()\n    2. results_iter()")).toBe("Uses three iterators in the default case:");
    expect(firstSentence("Loads the thing\n \n- Parameter x: value")).toBe("Loads the thing");
    // A list opening a line after its lead (@types/node's `events.EventEmitter` / `1. change`).
    expect(firstSentence("events.EventEmitter\n  1. change\n  2. close")).toBe("events.EventEmitter");
    // A doc that is only an example has no summary; a leading markdown bullet is no part of one.
    expect(firstSentence("```js\nsetMaxListeners(5);\n```")).toBe("");
    expect(firstSentence("* Extends `stream.Writable`\n\nInstances are created by createWriteStream.")).toBe("Extends `stream.Writable`");
    expect(firstSentence("Wraps a line\nover two lines\n\nMore.")).toBe("Wraps a line over two lines");
    // A first paragraph of no words is not the summary.
    expect(firstSentence("---\n\nParses it. More.")).toBe("--- Parses it.");
  });

  it("cuts at the first sentence and clips long ones", () => {
    expect(firstSentence("Parses the file.  Then more.")).toBe("Parses the file.");
    expect(firstSentence("Uses e.g. a cache. Then more.")).toBe("Uses e.g. a cache.");
    // A one-letter type ends a sentence; an initial after a name and "a.k.a." do not.
    expect(firstSentence("A Pointer is an atomic pointer of type *T. The zero value is a nil *T.")).toBe("A Pointer is an atomic pointer of type *T.");
    expect(firstSentence("Returns a T. Then more.")).toBe("Returns a T.");
    expect(firstSentence("Named for John F. Kennedy. More.")).toBe("Named for John F. Kennedy.");
    expect(firstSentence("Special typing form to define literal types (a.k.a. value types). More.")).toBe("Special typing form to define literal types (a.k.a. value types).");
    // Written without the inner dot too (viem's `for tokens (ie. Maker) that use bytes32`).
    expect(firstSentence("ERC-20 for tokens (ie. Maker) that use bytes32. More.")).toBe("ERC-20 for tokens (ie. Maker) that use bytes32.");
    expect(firstSentence("Any hook, eg. a timer. More.")).toBe("Any hook, eg. a timer.");
    expect(firstSentence("word ".repeat(100)).length).toBeLessThanOrEqual(120);
  });

  it("sums up a doc that opens with an example by its prose; a doc that is only code has no summary", () => {
    const doc = "```js\nimport { on } from 'node:events';\nfor await (const e of on(ee, 'foo')) {}\n```\n\nReturns an `AsyncIterator` that iterates `eventName` events. It will throw.";
    expect(firstSentence(doc)).toBe("Returns an `AsyncIterator` that iterates `eventName` events.");
    expect(firstSentence("Parses it:\n```ts\nparse(x)\n```\nThen more.")).toBe("Parses it: Then more.");
    expect(firstSentence("```ts\nparse(x)\n```")).toBe("");
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

  it("members of a brace written one per line without separators get a `;` (prosemirror: `{ schema: Schema plugins?: … }` read as one member)", () => {
    expect(collapseHead("static fromJSON(config: {\n    schema: Schema\n    plugins?: readonly Plugin[]\n  }, json: any)")).toBe("static fromJSON(config: { schema: Schema; plugins?: readonly Plugin[] }, json: any)");
    expect(collapseHead("type A = {\n  nodeName?: string\n  [attribute: string]: string | undefined\n}")).toBe("type A = { nodeName?: string; [attribute: string]: string | undefined }");
    // Separated already, or broken inside a member: unchanged.
    expect(collapseHead("g(x: {\n  a: number;\n  b: string,\n  c: Map<string,\n    number>\n})")).toBe("g(x: { a: number; b: string, c: Map<string, number> })");
    expect(collapseHead("h(o: {\n  a: A |\n    B\n  b: keyof\n    T\n})")).toBe("h(o: { a: A | B; b: keyof T })");
    // A lambda's arrow (Kotlin's `{ _, old, new ->`, an `=>`) is no member's end.
    expect(collapseHead("var n: Int by observable(0) { _, old, new ->\n  println(old)\n}")).toBe("var n: Int by observable(0) { _, old, new -> println(old) }");
  });
});

describe("stripCommentMarkers", () => {
  it("reads Doxygen's @brief / \\brief as the summary and stops at its block tags", () => {
    const c = "/**\n * @brief Opens a file.\n * @param path where\n * @return a handle\n */";
    expect(firstSentence(stripCommentMarkers(c))).toBe("Opens a file.");
    const cpp = "///\n/// \\brief Removes the last element\n///\n/// \\param x unused\n/// Long details.";
    expect(firstSentence(stripCommentMarkers(cpp))).toBe("Removes the last element");
    // libstdc++: a brief over two lines, then details after a blank line.
    const std = "/**\n *  @brief  Inserts an object in %vector before specified\n *  iterator.\n *\n *  This function will insert.\n *  @param  __position  A const_iterator.\n */";
    expect(firstSentence(stripCommentMarkers(std))).toBe("Inserts an object in %vector before specified iterator.");
    // A section heading between rules names no declaration; the doc under it does.
    expect(stripCommentMarkers("/////// REFINES //////////")).toBe("");
    // A run of slashes is all marker; a line comment keeps a leading `**bold**` (only a block's lines lose a `*`).
    expect(stripCommentMarkers("//// packet ordering")).toBe("packet ordering");
    expect(stripCommentMarkers("// **Note** read twice.")).toBe("**Note** read twice.");
    // SQLite's blocks open their lines with `**`; a block line's `**bold**` after its `*` stays.
    expect(firstSentence(stripCommentMarkers("/*\n** Close a database connection.\n**\n** More.\n*/"))).toBe("Close a database connection.");
    expect(stripCommentMarkers("/**\n * **Note** read twice.\n */")).toBe("**Note** read twice.");
    expect(stripCommentMarkers("// ===== Parsing =====\n// Parses the input.")).toBe("Parses the input.");
    // JSDoc as before: a block tag after prose ends the text.
    expect(stripCommentMarkers("/**\n * Parses.\n * @param x it\n */")).toBe("Parses.");
    // Javadoc links read as their label, else as the member they name; (* … *) comments (OCaml, TLA+).
    expect(stripCommentMarkers("/** Orders as by {@link #compareToIgnoreCase(String) compareToIgnoreCase}. */")).toBe("Orders as by compareToIgnoreCase.");
    expect(stripCommentMarkers("/** See {@link List#add} and {@linkplain #size()}; {@code x < y}. */")).toBe("See List.add and size(); x < y.");
    // TSDoc's `{@link target | label}` (puppeteer: 421 in src/) reads as the label, with or without spaces.
    expect(stripCommentMarkers("/** Captures this {@link Page | page}, the {@link Binary|ffmpeg} and {@link https://x.dev/a | a tab}. */")).toBe("Captures this page, the ffmpeg and a tab.");
    expect(stripCommentMarkers("/** Uses {@linkcode Map} and {@link Foo.bar}. */")).toBe("Uses Map and Foo.bar.");
    expect(stripCommentMarkers("(* Increment the counter. *)")).toBe("Increment the counter.");
    expect(stripCommentMarkers("(** Doc of\n    an OCaml value. *)")).toBe("Doc of\nan OCaml value.");
  });
});

describe("doc text from npm packages (session 20 QA)", () => {
  it("a first sentence runs past `ex.` and a `.` standing alone (graphql-js, @effect/platform)", () => {
    expect(firstSentence("Given a string containing a GraphQL value (ex. `[42]`), parse the AST. More.")).toBe("Given a string containing a GraphQL value (ex. `[42]`), parse the AST.");
    expect(firstSentence("Resolves . and .. elements in a path. Then more.")).toBe("Resolves . and .. elements in a path.");
  });
  it("JSDoc's [label]{@link target} reads as the label; an HTML tag inside a code span stays (async's docs, tiptap)", () => {
    expect(stripCommentMarkers("/** The same as [`every`]{@link module:Collections.every} but limited. */")).toBe("The same as `every` but limited.");
    expect(stripCommentMarkers("/** Wraps text in `<p>` tags, <b>bold</b>. */")).toBe("Wraps text in `<p>` tags, bold.");
  });
  it("a Leafdoc tag line (`// @method setPrefix(p): this`, `@option`, `@event`) is its own line: the prose after it is the doc (Leaflet)", () => {
    expect(stripCommentMarkers("// @method setPrefix(prefix: String|false): this\n// The HTML text shown before the attributions.")).toBe("The HTML text shown before the attributions.");
    expect(stripCommentMarkers("/* @option position: String = 'topright'\n * The position of the control. */")).toBe("The position of the control.");
  });
});

describe("shortHash (names the project's cache folder)", () => {
  it("is 16 hex characters, stable, and tells 100k similar paths apart", () => {
    expect(shortHash("/work/main")).toMatch(/^[0-9a-f]{16}$/);
    expect(shortHash("/work/main")).toBe(shortHash("/work/main"));
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(shortHash(`/home/user/projects/app-${i}`));
    expect(seen.size).toBe(100_000);
    expect(shortHash("/a/b")).not.toBe(shortHash("/b/a"));
  });
});

describe("withoutBodyOpener (the end of a signature)", () => {
  it("drops the token that opens the body, and keeps == as an operator name", () => {
    expect(withoutBodyOpener("Helper(x) ==")).toBe("Helper(x)");
    expect(withoutBodyOpener("let x =")).toBe("let x");
    expect(withoutBodyOpener("function f(a) {")).toBe("function f(a)");
    expect(withoutBodyOpener("const f = (a) =>")).toBe("const f = (a)");
    expect(withoutBodyOpener("bool operator==")).toBe("bool operator==");
    expect(withoutBodyOpener("fn f() where")).toBe("fn f()");
  });
});
