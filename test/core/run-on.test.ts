/**
 * A string left open (core/run-on.ts): a docstring or a template literal being typed runs on over the
 * code after it, to the next quote of its kind, and the quotes after it pair wrongly to the end of the
 * file. The string is read as closed at the end of its line, the rest of the file keeps its outline, the
 * guess is a warning, and `read` still gives the source verbatim. Real engine, real parser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { linesProject, rows, syntaxNotes } from "../helpers.js";

let lens: Lens;
let file: (name: string, lines: string[]) => string;

beforeAll(async () => {
  ({ lens, file } = await linesProject("pilens-run-on-"));
});

const note = (line: number) => `syntax error: the string opened on line ${line} runs on over the code after it: read as closed at the end of its line`;

describe("a Python docstring left open", () => {
  it("the defs after it keep their outline and docs; the def it opens reads verbatim", async () => {
    const one = ["def one(a):", '    """Left open.', "    return a + 1"];
    const path = file("left_open.py", [
      '"""The module\'s own docstring."""', // 1
      "import os",
      "",
      ...one, // 4
      "",
      "",
      "def two(b):", // 9
      '    """Second doc."""',
      "    return b",
      "",
      "",
      "class Three:", // 14
      '    """Third doc."""',
      "",
      "    def m(self):", // 17
      '        """M doc."""',
      "        return 1",
      "",
      "",
      "def four():", // 22
      '    """Four doc."""',
      "    return 4",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function one 4-6", "function two 9-11", "class Three 14-19", "method Three.m 17-19", "function four 22-24"]);
    expect(r.api?.find((e) => e.name === "two")?.doc).toBe("Second doc.");
    expect(r.api?.find((e) => e.name === "four")?.doc).toBe("Four doc.");
    // (The docstring being typed is read as far as its line goes, without its opening quotes.)
    expect(r.api?.find((e) => e.name === "one")?.doc).toBe("Left open.");
    expect(syntaxNotes(r.warnings)).toEqual([note(5)]);
    const read = await lens.readSymbol(path, "one");
    expect(read.source?.split("\n")).toEqual(one);
  });

  it("the string left open is found past the docstrings that are closed (the module's, the class's) and one its quote closed on a line of its own", async () => {
    const path = file("deep.py", [
      '"""Module docstring,', // 1
      "on two lines.",
      '"""',
      "",
      "",
      "class Decoder:", // 6
      '    """',
      "    Decodes input in steps.",
      '    """',
      "",
      "    def __init__(self, errors='strict'):", // 11
      '        """Doc being typed',
      '        """',
      "        Create a decoder.",
      '        """',
      "        self.errors = errors",
      "",
      "    def decode(self, data):", // 18
      '        """',
      "        Decode the data.",
      '        """',
      "        raise NotImplementedError",
      "",
      "    def reset(self):", // 24
      '        """Reset the decoder."""',
      "",
      "",
      "def lookup(name):", // 28
      '    """Look a codec up."""',
      "    return name",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["class Decoder 6-25", "constructor Decoder.__init__ 11-16", "method Decoder.decode 18-22", "method Decoder.reset 24-25", "function lookup 28-30"]);
    expect(syntaxNotes(r.warnings)).toEqual([note(12)]);
    expect(r.api?.find((e) => e.name === "lookup")?.doc).toBe("Look a codec up.");
  });

  it("strings of code closed where they should be are not read as left open where the grammar reads the whole file as one error", async () => {
    // (CPython's test_compile.py reduced by delta debugging to what still shows it: the grammar reads
    // the file as one ERROR, and the strings of code read as closed at their line's end broke it into
    // many regions — the outline lost nine in ten of its 192 entries.)
    const path = file("code_strings.py", [
      "    def test_imported_load_method(self):",
      "        sources = [",
      '            """\\',
      "            def foo():",
      "            def foo(x):",
      '            """,',
      "        def call():",
      "    def test_weird_attribute_position_regressions(self):",
      "        def f():",
      "        ))",
      "            )",
      "    @support.cpython_only",
      "    def test_column_offset_deduplication(self):",
      "    def test_try_except_star_qualified(self):",
      '        snippet = """',
      "                c",
      '            """',
      "    def test_try_except_star_finally(self):",
    ]);
    const r = await lens.moduleReport(path);
    expect(syntaxNotes(r.warnings).some((w) => w.includes("runs on"))).toBe(false);
    expect(r.api?.map((e) => e.name)).toEqual(expect.arrayContaining(["test_imported_load_method", "test_column_offset_deduplication", "test_try_except_star_qualified", "test_try_except_star_finally"]));
  });
});

describe("a template literal left open", () => {
  it("no backtick after it: the declarations after it keep their outline", async () => {
    const path = file("tpl.ts", [
      'import { x } from "./x";',
      "",
      "const s = `left open ${x}", // 3
      "export function one(a: number): number {",
      "  return a + 1;",
      "}",
      "",
      "export class Two {", // 8
      "  m(): void {}",
      "}",
      "",
      "export function three() {", // 12
      "  return 3;",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["constant s 3-3", "function one 4-6", "class Two 8-10", "method Two.m 9-9", "function three 12-14"]);
    expect(r.api?.map((e) => e.name)).toEqual(["one", "Two", "three"]);
    // (The string keeps its line: the head, read from the source, shows it.)
    expect(r.internal?.find((e) => e.name === "s")?.signature).toBe("const s = `left open ${x}");
    expect(syntaxNotes(r.warnings)).toEqual([note(3)]);
  });

  it("later templates pair with it wrongly; closed, the call it opens is then left to the bracket guesses", async () => {
    const path = file("calls.ts", [
      'import { log } from "./log";',
      "log(`value: ${v}", // 2
      "",
      "export function plural(count: number, one: string, many: string): string {", // 4
      "  return count === 1 ? one : many;",
      "}",
      "",
      "export function describe(issue: { expected: string; received: string }): string {", // 8
      "  return `Expected ${issue.expected}, received ${issue.received}`;",
      "}",
      "",
      "export function message(name: string): string {", // 12
      "  const greeting = `Hello, ${name}`;",
      "  return `${greeting}!`;",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(r.api?.map((e) => e.name)).toEqual(["plural", "describe", "message"]);
    expect(rows(r)).toEqual(["function plural 4-6", "function describe 8-10", "function message 12-15"]);
    const notes = syntaxNotes(r.warnings);
    expect(notes[0]).toBe(note(2));
    expect(notes.slice(1).join("\n")).toMatch(/the `\(` on line 2 is not closed/);
  });
});

describe("strings that span lines in Go, Rust, Kotlin and Swift", () => {
  it("Go: a raw string left open at the top level", async () => {
    const path = file("store.go", [
      "package store",
      "",
      'import "fmt"',
      "",
      "var query = `select * from", // 5
      "// Open opens the store.",
      "func Open(name string) (*Store, error) {", // 7
      "\treturn &Store{name: name}, nil",
      "}",
      "",
      "// Store holds rows.",
      "type Store struct {", // 12
      "\tname string",
      "}",
      "",
      "// Get reads one row.",
      "func (s *Store) Get(id int) string {", // 17
      "\treturn fmt.Sprintf(`row %d`, id)",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(r.api?.map((e) => e.name)).toEqual(["Open", "Store"]);
    expect(rows(r)).toEqual(expect.arrayContaining(["function Open 7-9", "struct Store 12-14", "method Store.Get 17-19"]));
    expect(r.api?.find((e) => e.name === "Store")?.doc).toBe("Store holds rows.");
    expect(syntaxNotes(r.warnings)).toEqual([note(5)]);
  });

  it("Rust: a string left open in a const runs to the next quote", async () => {
    const path = file("lib.rs", [
      "use std::fmt;",
      "",
      'const GREETING: &str = "hello;', // 3
      "",
      "/// The first.",
      "pub fn one(a: u32) -> u32 {", // 6
      "    a + 1",
      "}",
      "",
      "/// Second.",
      "pub fn two(b: &str) -> String {", // 11
      '    format!("{} two", b)',
      "}",
      "",
      "pub struct Three {", // 15
      "    name: String,",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(r.api?.map((e) => e.name)).toEqual(["one", "two", "Three"]);
    // (`one`'s doc is lost: the const, read as `""` with its `;` still missing, runs into it.)
    expect(r.api?.find((e) => e.name === "two")?.doc).toBe("Second.");
    expect(syntaxNotes(r.warnings)[0]).toBe(note(3));
  });

  it("Kotlin: a raw string left open at the top level (its `\"\"\"` is no node of its own; the head shows the line)", async () => {
    const path = file("Store.kt", [
      "package demo",
      "",
      'val banner = """welcome', // 3
      "",
      "class Store(private val name: String) {", // 5
      '    fun query(): String = "select"',
      "",
      "    fun close() {", // 8
      '        println("closed")',
      "    }",
      "}",
      "",
      "/** Opens a store. */",
      "fun open(name: String): Store = Store(name)", // 14
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["property banner 3-3", "class Store 5-11", "property Store.name 5-5", "method Store.query 6-6", "method Store.close 8-10", "function open 14-14"]);
    expect(r.api?.find((e) => e.name === "banner")?.signature).toBe('val banner = """welcome');
    expect(r.api?.find((e) => e.name === "open")?.doc).toBe("Opens a store.");
    expect(syntaxNotes(r.warnings)).toEqual([note(3)]);
  });

  it("Swift: a `\"` string left open runs over lines in this grammar; its init keeps its end, the methods after it their class", async () => {
    const path = file("Store.swift", [
      "import Foundation",
      "",
      "public class Store {", // 3
      "    let name: String",
      "",
      "    public init(name: String) {", // 6
      "        self.name = name",
      '        let greeting = "hello',
      "    }",
      "",
      "    public func close() {", // 11
      '        print("closed")',
      "    }",
      "}",
      "",
      "/// Opens a store.",
      "public func open(name: String) -> Store {", // 17
      "    return Store(name: name)",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["class Store 3-14", "property Store.name 4-4", "constructor Store.init 6-9", "method Store.close 11-13", "function open 17-19"]);
    expect(syntaxNotes(r.warnings)).toEqual([note(8)]);
  });
});
