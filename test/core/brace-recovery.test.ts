/**
 * A half-typed edit (core/brace-recovery.ts): the outline of the rest of the file survives a missing
 * `}`, a deleted `{` or an unclosed parameter list, read against the indentation, with a warning per
 * guess; `read` still gives the source verbatim. Real engine, real parser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { entryAt, linesProject, rows, syntaxNotes } from "../helpers.js";

let lens: Lens;
let file: (name: string, lines: string[]) => string;

beforeAll(async () => {
  ({ lens, file } = await linesProject("pilens-braces-"));
});

describe("a half-typed edit", () => {
  it("a block's missing `}`: what follows is not nested in the function, and the guess is a warning", async () => {
    const path = file("missing.ts", [
      "export function a(x: boolean) {", // 1
      "  if (x) {",
      "    foo();",
      "", // 4: the `}` of the `if` is gone
      "}",
      "",
      "export function b(): number {", // 7
      "  return 1;",
      "}",
      "",
      "export class C {", // 11
      "  m(): void {}",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function a 1-5", "function b 7-9", "class C 11-13", "method C.m 12-12"]);
    expect(r.api?.map((e) => e.name)).toEqual(["a", "b", "C"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: no `}` closes the `{` on line 2: read as closed on line 3, by the indentation"]);
    // The records read the source: no inserted `}` in what `read` gives.
    const read = await lens.readSymbol(path, "a");
    expect(read.source?.split("\n")).toEqual(["export function a(x: boolean) {", "  if (x) {", "    foo();", "", "}"]);
  });

  it("a class's missing `}`: its last member stays its own, the next class is top level", async () => {
    const path = file("class.ts", [
      "export class A {",
      "  m(): void {}",
      "  /** Last. */",
      "  n(): number {",
      "    return 1;",
      "  }",
      "", // 7: the class's `}` is gone
      "export class B {",
      "  k(): void {}",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["class A 1-6", "method A.m 2-2", "method A.n 4-6", "class B 8-10", "method B.k 9-9"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: no `}` closes the `{` on line 1: read as closed on line 6, by the indentation"]);
  });

  it("an unclosed parameter list: closed before its `{`, and the rest of the file is read", async () => {
    const path = file("params.js", [
      "function before() { return 1; }",
      "function broken(a, b {",
      "  return a;",
      "}",
      "class K {",
      "  m() { return 2; }",
      "}",
      "function after() { return 3; }",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function before 1-1", "function broken 2-4", "class K 5-7", "method K.m 6-6", "function after 8-8"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: no `)` closes the `(` on line 2: read as closed before its line's `{`"]);
  });

  it("a deleted `{`: the `}` left at the body's indentation does not end the function", async () => {
    const path = file("deleted.ts", [
      "export function f(x: number): number {",
      "  if (x > 1)", // the `{` is gone
      "    x++;",
      "  }",
      "  const local = x * 2;",
      "  return local;",
      "}",
      "",
      "export const g = (): number => 2;",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function f 1-7", "function g 9-9"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: no `{` opens the block the `}` on line 4 closes: read as opened at the end of line 2, by the indentation"]);
  });

  it("a method whose head line is gone: its body is read as blank, the class and its other members stay", async () => {
    const path = file("head.ts", [
      "export class Store {",
      "  get(k: string): number {",
      "    return 1;",
      "  }",
      "",
      "  /** Drop what is stale. */",
      "    if (this.dead < 10) return;", // the head `prune(): void {` is gone
      "    this.dead = 0;",
      "  }",
      "",
      "  set(k: string): void {}",
      "}",
      "",
      "export const after = 1;",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["class Store 1-12", "method Store.get 2-4", "method Store.set 11-11", "constant after 14-14"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the `}` on line 9 ends a block whose head is gone: read without lines 7–9"]);
  });

  it("a half-typed call left open: its lines are read as blank", async () => {
    const path = file("call.ts", [
      "export class Cache {",
      "  read<T>(name: string): T {",
      "    try {",
      "      const raw = load(name,", // the `)` is not typed yet
      "      return JSON.parse(raw) as T;",
      "    } catch (e) {",
      "      throw new Error(`bad ${name}`);",
      "    }",
      "  }",
      "",
      "  write(name: string): void {}",
      "}",
      "",
      "export function load(name: string): string {",
      "  return name;",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["class Cache 1-12", "method Cache.read 2-9", "method Cache.write 11-11", "function load 14-16"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the `(` on line 4 is not closed: read without line 4"]);
  });

  it("an unindented wrapper body and a template at column 0 are not read as unclosed blocks", async () => {
    const path = file("wrapper.js", [
      "(function () {",
      "'use strict';", // at the wrapper's `{` indentation: its body is not indented
      "function a(x) {",
      "  if (x) {",
      "    foo();",
      "", // the `if`'s `}` is gone
      "}",
      "function b() {",
      "  return `",
      "SELECT 1", // inside the template
      "`;",
      "}",
      "function c() { return 3; }",
      "})();",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function a 3-7", "function b 8-12", "function c 13-13"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: no `}` closes the `{` on line 4: read as closed on line 5, by the indentation"]);
  });

  it("a parse the indentation cannot mend keeps its own reading and its error warning", async () => {
    const path = file("hopeless.ts", ["export function a() {", "  return 1 +;", "}", "export function b() {}"]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function a 1-3", "function b 4-4"]);
    expect(syntaxNotes(r.warnings)).toEqual(["1 syntax error region(s) (line 2): symbols inside them may be missing"]);
  });

  it("other brace languages: Go's missing `}`, Java's deleted `{`, Rust's half-typed `fn`", async () => {
    const go = await lens.moduleReport(file("a.go", [
      "package a",
      "",
      "func First(x int) int {",
      "\tif x > 1 {",
      "\t\treturn 2",
      "", // the `if`'s `}` is gone
      "\treturn x",
      "}",
      "",
      "func Second() {}",
    ]));
    expect(rows(go)).toEqual(["function First 3-8", "function Second 10-10"]);
    expect(syntaxNotes(go.warnings)).toEqual(["syntax error: no `}` closes the `{` on line 4: read as closed on line 5, by the indentation"]);
    const java = await lens.moduleReport(file("A.java", [
      "public class A {",
      "    public int get(int x)", // its `{` is gone
      "        return x;",
      "    }",
      "",
      "    public void set(int x) {}",
      "}",
    ]));
    expect(rows(java)).toEqual(["class A 1-7", "method A.get 2-4", "method A.set 6-6"]);
    const rust = await lens.moduleReport(file("a.rs", [
      "pub fn first() -> u32 {",
      "    fn helper(",
      "    1",
      "}",
      "",
      "pub struct Second {",
      "    pub a: u32,",
      "}",
    ]));
    expect(rows(rust).filter((r) => !r.includes("helper"))).toEqual(["function first 1-4", "struct Second 6-8", "field Second.a 7-7"]);
  });

  it("the next declaration's doc is not the body of the block left open, nor part of a call's blanked lines", async () => {
    const cls = await lens.moduleReport(file("doc.ts", [
      "export class Cache {",
      "  get(key: string) {",
      "    if (!key) {",
      "      return undefined;",
      "    }",
      "    return this.map.get(key);",
      "", // the method's `}` is gone
      "  /**",
      "   * Stores a value.",
      "   */",
      "  set(key: string, value: number) {",
      "    this.map.set(key, value);",
      "  }",
      "}",
    ]));
    expect(rows(cls)).toEqual(["class Cache 1-14", "method Cache.get 2-6", "method Cache.set 11-13"]);
    expect(entryAt(cls, "Cache.set").doc).toBe("Stores a value.");
    expect(syntaxNotes(cls.warnings)).toEqual(["syntax error: no `}` closes the `{` on line 2: read as closed on line 6, by the indentation"]);
    const call = await lens.moduleReport(file("call-doc.ts", ["export function a() {", "  return 1;", "}", "", "console.log(", "", "/**", " * Doc for b.", " */", "export function b() {", "  return 2;", "}"]));
    expect(entryAt(call, "b").doc).toBe("Doc for b.");
    expect(syntaxNotes(call.warnings)).toEqual(["syntax error: the `(` on line 5 is not closed: read without it"]);
  });

  it("a callback's body and its call left open: `})` read after its last line (`items.forEach((x) => {`)", async () => {
    const r = await lens.moduleReport(file("each.ts", [
      "export class Handler {",
      "  finish() {",
      "    items.forEach((x) => {",
      "      use(x);",
      "    if (this.a) {",
      "      return;",
      "    }",
      "    this.cleanup();",
      "  }",
      "",
      "  cleanup() {",
      "    return 1;",
      "  }",
      "}",
    ]));
    expect(rows(r)).toEqual(["class Handler 1-14", "method Handler.finish 2-9", "method Handler.cleanup 11-13"]);
    expect(syntaxNotes(r.warnings)).toEqual([
      "syntax error: no `}` closes the `{` on line 3: read as closed on line 4, by the indentation",
      "syntax error: no `)` closes the `(` on line 3: read as closed after the `}` read on line 4",
    ]);
  });

  it("valid code a grammar misreads is balanced: no guesses about its brackets (rustc's attributes, a badly indented module)", async () => {
    const r = await lens.moduleReport(file("attr.rs", [
      "#![doc(html_root_url = \"https://doc.rust-lang.org/nightly/\",",
      "       test(attr(deny(warnings))))]",
      "",
      "mod issue_2620 {",
      "    #[derive(Debug)]",
      "#[structopt(about = \"Display information\")]",
      "pub struct Params {",
      "  server: String,",
      "}",
      "}",
      "",
      "pub fn after() {}",
    ]));
    expect(syntaxNotes(r.warnings).filter((w) => w.startsWith("syntax error:"))).toEqual([]);
    expect(rows(r)).toContain("module issue_2620 4-10");
  });

  it("a `}` too many after a method: it closes nothing, said so", async () => {
    const r = await lens.moduleReport(file("extra.ts", ["export class A {", "  one() {", "    return 1;", "  }", "  }", "", "  two() {", "    return 2;", "  }", "}"]));
    expect(rows(r)).toEqual(["class A 1-10", "method A.one 2-4", "method A.two 7-9"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the `}` on line 5 closes nothing: read without it"]);
  });

  it("a literal's `{` typed with no body yet is the one left open, not the function around it (Go's `x := T{`)", async () => {
    const r = await lens.moduleReport(file("lit.go", [
      "package p",
      "",
      "type Builder struct{ buf []byte }",
      "",
      "func (b *Builder) Write(p []byte) (int, error) {",
      "\tx := T{",
      "\tb.buf = append(b.buf, p...)",
      "\treturn len(p), nil",
      "}",
      "",
      "func (b *Builder) WriteRune(r rune) (int, error) {",
      "\treturn 1, nil",
      "}",
    ]));
    expect(rows(r).filter((x) => x.startsWith("method"))).toEqual(["method Builder.Write 5-9", "method Builder.WriteRune 11-13"]);
    expect(syntaxNotes(r.warnings)).toEqual(["syntax error: the `{` on line 6 is not closed: read without line 6"]);
  });
});
