/**
 * Session 52, helper 6: pack defects QA 52 (helper 4) found in Ruby, Kotlin, Swift and C# — real parses of
 * inline sources.
 */
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, rows, syntaxNotes } from "../helpers.js";

describe("ruby (generic/ruby.ts)", () => {
  const src = [
    "class Account",
    "  def initialize(owner)",
    "    @owner = owner",
    "  end",
    "",
    "  def initialize_copy(other) = super",
    "  def respond_to_missing?(name, all = false) = true",
    "  def self.initialize; end",
    "  def balance = 0",
    "  def touch(a, b = 1) end",
    "  def ping; pong; end",
    "  def backend",
    "    :x",
    "  end",
    "end",
    "",
  ].join("\n");

  it("`initialize_copy`, `respond_to_missing?` are private whatever the section; `initialize`, the constructor `new` calls, is API as its section says", async () => {
    const r = await inline("account.rb", src);
    const exported = (k: string) => get(r, k).exported;
    expect(exported("Account.initialize")).toBe(true);
    expect(exported("Account.initialize_copy")).toBe(false);
    expect(exported("Account.respond_to_missing?")).toBe(false);
    expect(exported("Account.balance")).toBe(true);
    expect(exported("Account.backend")).toBe(true);
    // (the singleton method: the `self.` one of the two entries named `initialize`)
    const self = get(r, "Account").members!.find((m) => m.name === "initialize" && m.startLine === 8)!;
    expect(self.exported).toBe(true);
  });

  it("a one-line method's signature leaves out the `end` that closes it, with or without a `;`", async () => {
    const r = await inline("account.rb", src);
    const sig = (line: number) => get(r, "Account").members!.find((m) => m.startLine === line)!.signature;
    expect(sig(10)).toBe("def touch(a, b = 1)");
    expect(sig(11)).toBe("def ping");
    expect(sig(9)).toBe("def balance");
    expect(sig(12)).toBe("def backend");
  });
});

describe("kotlin: a one-line enum whose entry has a body before `; members` (kotlin/enum-entries.ts)", () => {
  it.each([
    ['override fun toString() = "g"', "toString"],
    ['override fun toString(): String { return "g" }', "toString"],
    ["val z = 1", "z"],
  ])("entry body `{ %s }`", async (body, member) => {
    const r = await inline("Color.kt", `package p\n\nenum class Color(val rgb: Int) { RED(1), GREEN(2) { ${body} }; fun hex() = rgb }\n\nfun after() {}\n`);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "enum Color 3-3",
      "property Color.rgb 3-3",
      "constant Color.RED 3-3",
      "constant Color.GREEN 3-3",
      `${member === "z" ? "property" : "method"} Color.GREEN.${member} 3-3`,
      "method Color.hex 3-3",
      "function after 5-5",
    ]);
    // (the repair's `;` is not in what the entries say: signatures read the real source)
    expect(get(r, "Color.hex").signature).toBe("fun hex()");
  });
});

describe("swift: computed properties, subscripts and protocol requirements say their accessors", () => {
  it("`{ get }`, `{ get set }`, `{ get async throws }`; an observer block stays `{…}`", async () => {
    const r = await inline(
      "V.swift",
      [
        "protocol Store { var count: Int { get set }; var name: String { get } }",
        "public struct V {",
        "    public var body: some View {",
        '        Text("x")',
        "    }",
        "    public var total: Int {",
        "        get { 1 }",
        "        set { }",
        "    }",
        "    public var remote: Int {",
        "        get async throws { 1 }",
        "    }",
        "    public var watched: Int = 0 {",
        "        didSet { }",
        "    }",
        "    public var stored: Int = 0",
        "    public subscript(i: Int) -> Int { get { 1 } _modify { yield &q } }",
        "}",
        "",
      ].join("\n"),
    );
    const sig = (k: string) => get(r, k).signature;
    expect(sig("Store.count")).toBe("var count: Int { get set }");
    expect(sig("Store.name")).toBe("var name: String { get }");
    expect(sig("V.body")).toBe("public var body: some View { get }");
    expect(sig("V.total")).toBe("public var total: Int { get set }");
    expect(sig("V.remote")).toBe("public var remote: Int { get async throws }");
    expect(sig("V.watched")).toBe("public var watched: Int = 0 {…}");
    expect(sig("V.stored")).toBe("public var stored: Int = 0");
    expect(sig("V.subscript")).toBe("public subscript(i: Int) -> Int { get set }");
  });
});

describe("c#: C# 11's `file` modifier (csharp/shapes.ts maskCSharp)", () => {
  it("a `file` type keeps its kind and the namespace runs on past it", async () => {
    const r = await inline(
      "Types.cs",
      [
        "namespace N",
        "{",
        "    file class Hidden",
        "    {",
        "        public void M() { }",
        "    }",
        "",
        "    [Obsolete] file sealed record R(int A);",
        "",
        "    public class Visible",
        "    {",
        "        public void V() { }",
        "        void Use() { var file = 1; file = file + 1; }",
        "    }",
        "}",
        "",
      ].join("\n"),
    );
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace N 1-15",
      "class N.Hidden 3-6",
      "method N.Hidden.M 5-5",
      "class N.R 8-8",
      "property N.R.A 8-8",
      "class N.Visible 10-14",
      "method N.Visible.V 12-12",
      "method N.Visible.Use 13-13",
    ]);
    expect(get(r, "N.Hidden").signature).toBe("file class Hidden");
    expect(get(r, "N.R").signature).toBe("file sealed record R(int A)");
    expect(get(r, "N.Hidden").exported).toBe(false);
    expect(get(r, "N.Visible").exported).toBe(true);
  });
});
