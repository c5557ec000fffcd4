/**
 * An error whose brackets balance but which runs out of its block (core/block-containment.ts): an
 * unclosed JSX tag, a block comment or a Go raw string left open. The block's body is read as empty by
 * the indentation, the rest of the file keeps its outline, the guess is a warning, and `read` still
 * gives the source verbatim. Real engine, real parser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { linesProject, rows, syntaxNotes } from "../helpers.js";

let lens: Lens;
let file: (name: string, lines: string[]) => string;

beforeAll(async () => {
  ({ lens, file } = await linesProject("pilens-contain-"));
});

describe("an error contained in its block", () => {
  it("unclosed JSX tags: the component's body reads as empty, the declarations after it stay", async () => {
    const header = [
      "export function Header({ title }: { title: string }) {", // 3
      "  return (",
      '    <div className="header">',
      "      <h1>{title}",
      "    <p>",
      "  );",
      "}",
    ];
    const path = file("page.tsx", [
      'import React from "react";',
      "",
      ...header,
      "",
      "export function Footer() {", // 11
      "  return <footer>bye</footer>;",
      "}",
      "",
      "export const Side = () => <aside />;", // 15
      "",
      "export class Panel extends React.Component {", // 17
      "  render() {",
      "    return <section />;",
      "  }",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function Header 3-9", "function Footer 11-13", "function Side 15-15", "class Panel 17-21", "method Panel.render 18-20"]);
    expect(r.api?.map((e) => e.name)).toEqual(["Header", "Footer", "Side", "Panel"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the block on lines 3–9 does not parse: its body (lines 4–8) read as empty, by the indentation"]);
    const read = await lens.readSymbol(path, "Header");
    expect(read.source?.split("\n")).toEqual(header);
  });

  it("a block comment left open in a method, run on to the next doc comment: read as ending before its code (core/run-on-comments.ts, before the blocks: the bracket count had blamed the class's `{`)", async () => {
    const path = file("store.js", [
      "class Store {",
      "  constructor() {",
      "    this.items = [];",
      "  }",
      "",
      "  add(item) {", // 6
      "    /* keep them sorted",
      "    this.items.push(item);",
      "  }",
      "",
      "  remove(item) {", // 11
      "    this.items = this.items.filter((x) => x !== item);",
      "  }",
      "}",
      "",
      "function helper(a) {", // 16
      "  return a + 1;",
      "}",
      "",
      "/** Make a store. */",
      "function makeStore() {", // 21
      "  return new Store();",
      "}",
      "",
      "module.exports = { Store, helper, makeStore };",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual([
      "class Store 1-14",
      "constructor Store.constructor 2-4",
      "property Store.items 3-3",
      "method Store.add 6-9",
      "method Store.remove 11-13",
      "function helper 16-18",
      "function makeStore 21-23",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(r.warnings).toContain(
      "the comment opened on line 7 is not closed before the code below it: as written it runs on to the `*/` on line 20 (a comment opens inside it), hiding that code from the compiler — read as ending before line 8",
    );
    expect(r.api.find((e) => e.name === "makeStore")?.doc).toBe("Make a store.");
  });

  it("a block comment left open in a type literal, run on to the next doc comment: read as ending before its member (the bracket count had blamed the `{`)", async () => {
    const path = file("vars.d.ts", [
      "export type Vars = {",
      "  /* x",
      "  nonce?: string;",
      "};",
      "export type Handler = (ctx: string) => string;",
      "interface Opts {",
      "  a?: string;",
      "}",
      "/**",
      " * Make it.",
      " */",
      "export declare const make: (o?: Opts) => Handler;",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["type Vars 1-4", "property Vars.nonce 3-3", "type Handler 5-5", "interface Opts 6-8", "property Opts.a 7-7", "constant make 12-12"]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(r.warnings?.filter((w) => w.startsWith("the comment opened on line 2 "))).toHaveLength(1);
    expect(r.api.find((e) => e.name === "make")?.doc).toBe("Make it.");
  });

  it("a template literal left open in a wrapper's function runs as text to the next backtick: read as closed at its line's end (core/run-on.ts, before the blocks), not the wrapper's body blanked", async () => {
    const body = (name: string) => [`  function ${name}(a) {`, "    return a + 1;", "  }", ""];
    const path = file("wrapped.js", [
      "(function () {",
      "  'use strict';",
      "",
      "  function broken(x) {", // 4
      "    var s = `half ${x}",
      "    return s;",
      "  }",
      "",
      ...body("one"), // 9
      ...body("two"), // 13
      "  module.exports = { broken: broken, one: one, two: two };",
      "  var later = `done`;",
      "}());",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function broken 4-7", "function one 9-11", "function two 13-15", "variable later 18-18"]);
    // (Its block had been read as empty, by the indentation; the string is the error, and said so.)
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the string opened on line 5 runs on over the code after it: read as closed at the end of its line"]);
  });

  it("Go: a raw string left open in a function", async () => {
    const path = file("a.go", [
      "package main",
      "",
      "func a() string {",
      "\ts := `raw",
      "\treturn s",
      "}",
      "",
      "// B does b.",
      "func B() int {",
      "\treturn 2",
      "}",
      "",
      "type T struct {",
      "\tX int",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function a 3-6", "function B 9-11", "struct T 13-15", "field T.X 14-14"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the block on lines 3–6 does not parse: its body (lines 4–5) read as empty, by the indentation"]);
  });

  it("a block is not blanked when that leaves a block the parse had closed unclosed (a Java `try {` body: the class had ended early, its last methods top-level)", async () => {
    const path = file("Svc.java", [
      "public abstract class Svc {",
      "    public int a(int n) {",
      "        return n;",
      "    }",
      "",
      "    public int b(int n) throws Exception {",
      "        int j = 0;",
      "        timedOut: try {",
      "            for (int i = 0; i < n; i++)",
      "                j++;",
      "",
      "            if (x {",
      "            for (int i = 0; i < n; i++) {",
      "                if (i > 2)",
      "                    break timedOut;",
      "                j += i;",
      "            }",
      "",
      "            for (; j < n; j++) {",
      "                if (j > 3) {",
      "                    try { j--; }",
      "                    catch (RuntimeException ignore) {}",
      "                }",
      "            }",
      "            return j;",
      "        } catch (Throwable t) {",
      "            j = 0;",
      "            throw t;",
      "        }",
      "    }",
      "",
      "    private static void cancelAll(int n) {",
      "    }",
      "",
      "    private static void cancelAll(int n, int j) {",
      "    }",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["class Svc 1-37", "method Svc.a 2-4", "method Svc.b 6-30", "method Svc.cancelAll 32-33", "method Svc.cancelAll 35-36"]);
    expect(syntaxNotes(r.warnings).filter((w) => /read as empty/.test(w))).toEqual([]);
  });

  it("an error the parse keeps inside its block is left to the parse: no guess", async () => {
    const path = file("local.ts", [
      "export function a(): number {",
      "  const x = ;",
      "  return 1;",
      "}",
      "",
      "export function b(): number {",
      "  return 2;",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function a 1-4", "function b 6-8"]);
    expect(syntaxNotes(r.warnings).filter((w) => /read as empty/.test(w))).toEqual([]);
    expect(r.warnings?.some((w) => /syntax error region/.test(w))).toBe(true);
  });
});
