/**
 * The node types definitions are named by are names (graph/name-types.ts: the tags query's `@name` types in
 * every file, a file's own definitions' in that file; a third-party pack's `variable_name`) — but not a type node: a Rust `impl Bound for char`
 * is named by its `primitive_type`, and learning it had made every `-> char`, `: u8`, `use std::char;` of
 * every later file a use, linked name-only to a method named `char` (regex-syntax's `ParserI::char`:
 * 6 wrong links from 3 files).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const FILES: Record<string, string> = {
  "Cargo.toml": `[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2018"\n`,
  "src/lib.rs": `mod a_bound;\nmod parse;\nmod z_range;\n`,
  "src/a_bound.rs": `pub trait Bound {
    fn min_value() -> Self;
}

impl Bound for char {
    fn min_value() -> Self {
        '\\x00'
    }
}

impl Bound for u8 {
    fn min_value() -> Self {
        0
    }
}
`,
  "src/parse.rs": `pub struct Parser {
    pos: usize,
}

impl Parser {
    fn char(&self) -> char {
        'a'
    }

    pub fn bump(&self) -> bool {
        self.char() == 'b'
    }
}
`,
  "src/z_range.rs": `use std::char;

pub struct Range {
    start: char,
    end: char,
}

impl Range {
    pub fn lower(&self) -> char {
        self.start
    }

    pub fn width(&self) -> u32 {
        self.end as u32 - self.start as u32
    }
}
`,
};

describe("names learned from definitions", () => {
  it("a primitive type an impl is named by is no name: `-> char` in another file is no use of a method `char`", async () => {
    const uses = await usedBy(FILES);
    expect(uses("src/parse.rs", "Parser.char")).toEqual(["Parser.bump"]);
    // (The impls are still uses of the trait, each named by its self type.)
    expect(uses("src/a_bound.rs", "Bound")).toEqual(["char", "u8"]);
  });
});

describe("names learned from other files' definitions", () => {
  it("Ruby: `Foo.new` in a file declaring no class is a use of Foo (its `constant` learned from the class's file)", async () => {
    const uses = await usedBy({
      "a.rb": "class Foo\n  def bar\n  end\nend\n",
      "b.rb": "def use_it\n  Foo.new.bar\nend\n",
    });
    expect(uses("a.rb", "Foo")).toEqual(["b.rb"]);
  });
});

describe("an operator's name is learned by no file", () => {
  it("Swift's `static func !=` (a custom_operator): a `!=` in another file is no use of it, whether parsed before or after it", async () => {
    const use = "extension Dyn {\n    func same(a: Dyn, b: Dyn) -> Bool {\n        return a != b\n    }\n}\n";
    const uses = await usedBy({
      "0-before.swift": use,
      "a.swift": "struct Dyn {\n    static func != (lhs: Dyn, rhs: Dyn) -> Bool {\n        return false\n    }\n}\n",
      "b-after.swift": use,
    });
    expect(uses("a.swift", "Dyn.!=").filter((u) => u.endsWith(".swift"))).toEqual([]);
  });
});
