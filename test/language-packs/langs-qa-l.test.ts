/** QA round L (Go, Java, Rust, Kotlin, C#, Swift, C++): each case a defect found on unseen real code. */
import { describe, expect, it } from "vitest";
import { flat, inlineReport, entryAt } from "../helpers.js";

const inline = inlineReport;
const get = entryAt;

describe("kotlin: a top-level type under two or more annotations", () => {
  it("is a type, its members nested (the grammar read `@A @B internal object X {…}` as a prefix expression)", async () => {
    const src = [
      "/** Maps configurations. */",
      '@Suppress("x")',
      "@OptIn(Preview::class)",
      "internal object Mapper {",
      "  fun map(): Int {",
      "  }",
      "}",
      "private const val LIMIT = 8",
      "",
      "@Deprecated(\"old\") @OptIn(",
      "  Preview::class,",
      ")",
      "@Keep",
      "class Old {",
      "  fun run() {",
      "  }",
      "}",
      "",
    ].join("\n");
    const r = await inline("Mapper.kt", src);
    expect([...flat(r).keys()].sort()).toEqual(["LIMIT", "Mapper", "Mapper.map", "Old", "Old.run"]);
    const m = get(r, "Mapper");
    expect([m.kind, m.exported, m.startLine, m.endLine]).toEqual(["object", false, 2, 7]);
    expect(m.decorators).toEqual(['@Suppress("x")', "@OptIn(Preview::class)"]);
    expect(m.doc).toBe("Maps configurations.");
    expect(get(r, "Mapper.map").exported).toBe(false);
    const old = get(r, "Old");
    expect(old.kind).toBe("class");
    expect(old.decorators).toEqual(['@Deprecated("old")', "@OptIn( Preview::class, )", "@Keep"]);
    expect(old.flags).toContain("deprecated");
    expect((r.warnings ?? []).filter((w) => /syntax/.test(w))).toEqual([]);
  });
});

describe("docs: plain comments and tooling markers are no docs", () => {
  it("swift: only `///` lines and `/** */` blocks (a plain `//` note, swiftlint, MARK are none)", async () => {
    const r = await inline("A.swift", [
      "// swiftlint:disable:next type_body_length",
      "public final class ImageView {",
      "  // MARK: - Properties",
      "  private var isInitialized: Bool = false",
      "  // just a note about x.",
      "  public var x = 1",
      "  /// The width.",
      "  // swiftlint:disable:next identifier_name",
      "  public var w = 2",
      "  /** The height. */",
      "  public var h = 3",
      "  @MainActor",
      "  /// Runs on main.",
      "  public func run() {}",
      "  /**",
      "   * Stops.",
      "   */",
      "  // swiftlint:disable:next x",
      "  @objc public func stop() {}",
      "}",
      "",
    ].join("\n"));
    expect(get(r, "ImageView").doc).toBeUndefined();
    expect(get(r, "ImageView.isInitialized").doc).toBeUndefined();
    expect(get(r, "ImageView.x").doc).toBeUndefined();
    expect(get(r, "ImageView.w").doc).toBe("The width.");
    expect(get(r, "ImageView.h").doc).toBe("The height.");
    expect(get(r, "ImageView.run").doc).toBe("Runs on main.");
    expect(get(r, "ImageView.stop").doc).toBe("Stops.");
  });

  it("kotlin: `//region` / `//endregion` markers", async () => {
    const r = await inline("S.kt", "class Service {\n  //region private\n  private fun build(): Int = 1\n  //endregion\n  fun run() {}\n  // region public\n  /** Runs it. */\n  fun go() {}\n}\n");
    expect(get(r, "Service.build").doc).toBeUndefined();
    expect(get(r, "Service.run").doc).toBeUndefined();
    expect(get(r, "Service.go").doc).toBe("Runs it.");
  });

  it("go: a `//go:noinline` directive alone is no doc (the directive-only doc fell back to the core's)", async () => {
    const r = await inline("g.go", "package main\n\ntype T int\n\n//go:noinline\nfunc (T) M() {}\n\n//nolint:errcheck\nfunc F() {}\n\n// G does g.\n//\n//go:noinline\nfunc G() {}\n");
    expect(get(r, "T.M").doc).toBeUndefined();
    expect(get(r, "F").doc).toBeUndefined();
    expect(get(r, "G").doc).toBe("G does g.");
  });
});

describe("c++: Doxygen's inline commands", () => {
  it("`\\p N`, `\\c x`, `\\a`, `\\e`, `\\em`, `\\b`, `\\ref X`, `@p` leave their word (other languages' docs keep theirs)", async () => {
    const r = await inline("a.hpp", [
      "/// Drop the first \\p N elements of the array.",
      "void drop_front(int N);",
      "/// Returns \\c true when \\a x is \\e really \\em very \\b big, see \\ref grow and @p y.",
      "bool big(int x, int y);",
      "/// Return the sub-registers of \\p Reg, excluding \\p",
      "/// Reg.",
      "int subregs(int Reg);",
      "/// Extract a C string from \\a *offset_ptr.",
      "const char *getCStr(unsigned *offset_ptr);",
      "/// Mail a@b.org about \\\\p and C:\\path.",
      "void mail();",
      "",
    ].join("\n"));
    expect(get(r, "drop_front").doc).toBe("Drop the first N elements of the array.");
    expect(get(r, "big").doc).toBe("Returns true when x is really very big, see grow and y.");
    expect(get(r, "subregs").doc).toBe("Return the sub-registers of Reg, excluding Reg.");
    expect(get(r, "getCStr").doc).toBe("Extract a C string from *offset_ptr.");
    expect(get(r, "mail").doc).toBe("Mail a@b.org about \\\\p and C:\\path.");
    const ts = await inline("a.ts", "/** Drop the first \\p N elements. */\nexport function f() {}\n");
    expect(get(ts, "f").doc).toBe("Drop the first \\p N elements.");
  });
});

describe("c: Doxygen's inline commands too", () => {
  it("libyaml's `@c YAML_ALIAS_TOKEN` and z3's `\\c k` leave their word", async () => {
    const r = await inline("api.c", [
      "/** The alias (for @c YAML_ALIAS_TOKEN). */",
      "int alias;",
      "/** Add a Boolean parameter \\c k with value \\c v to the parameter set \\p p. */",
      "void Z3_params_set_bool(int p, int k, int v);",
      "",
    ].join("\n"));
    expect(get(r, "alias").doc).toBe("The alias (for YAML_ALIAS_TOKEN).");
    expect(get(r, "Z3_params_set_bool").doc).toBe("Add a Boolean parameter k with value v to the parameter set p.");
  });
});

describe("java: `//` lines between a Javadoc and its declaration", () => {
  it("a commented-out `//@Deprecated` sets no flag; the Javadoc above a `//` line is still the doc", async () => {
    const r = await inline("CommentedAnno.java", [
      "public class CommentedAnno {",
      "    /** Does list have elements? */",
      "    //@Deprecated",
      "    public boolean nonEmpty() { return true; }",
      "",
      "    /** Plain doc. */",
      "    // a note",
      "    public boolean other() { return true; }",
      "",
      "    // just a note",
      "    public boolean third() { return true; }",
      "",
      "    /**",
      "     * Old.",
      "     * @deprecated use other",
      "     */",
      "    // note",
      "    public boolean old() { return true; }",
      "}",
      "",
    ].join("\n"));
    expect([get(r, "CommentedAnno.nonEmpty").flags ?? [], get(r, "CommentedAnno.nonEmpty").doc]).toEqual([[], "Does list have elements?"]);
    expect(get(r, "CommentedAnno.other").doc).toBe("Plain doc.");
    expect(get(r, "CommentedAnno.third").doc).toBeUndefined();
    expect(get(r, "CommentedAnno.old").flags).toContain("deprecated");
  });
});

describe("property signatures fold their code blocks to `{…}`", () => {
  it("swift observers and accessors; kotlin `by lazy { … }` and a delegate's trailing lambda", async () => {
    const sw = await inline("V.swift", [
      "public class V {",
      "  public var title: String? {",
      "    didSet {",
      "      label.text = title",
      "    }",
      "  }",
      "  public var name: String = \"{x}\" { willSet { print(newValue) } }",
      "  public var count: Int { items.count }",
      "}",
      "",
    ].join("\n"));
    expect(get(sw, "V.title").signature).toBe("public var title: String? {…}");
    expect(get(sw, "V.name").signature).toBe("public var name: String = …");
    expect(get(sw, "V.count").signature).toBe("public var count: Int { get }");
    const kt = await inline("Cam.kt", [
      "class Cam {",
      "  private val listener by lazy {",
      "    object : Listener() {",
      "      override fun onChange(x: Int) { update(x) }",
      "    }",
      "  }",
      "  var level: Int by Delegates.observable(0) { _, old, new -> println(\"$old -> $new\") }",
      "  val plain = mapOf(1 to 2)",
      "  val tpl = \"{x}\".let { it + 1 }",
      "}",
      "",
    ].join("\n"));
    expect(get(kt, "Cam.listener").signature).toBe("private val listener by lazy {…}");
    expect(get(kt, "Cam.level").signature).toBe("var level: Int by Delegates.observable(0) {…}");
    expect(get(kt, "Cam.plain").signature).toBe("val plain = mapOf(1 to 2)");
    expect(get(kt, "Cam.tpl").signature).toBe('val tpl = "{x}".let {…}');
  });
});

describe("the deprecated flag comes from a deprecation, not from a lint attribute naming it", () => {
  it("Rust `#[allow(deprecated)]` (allowing use of deprecated items) is no deprecation; `#[deprecated]`, C++ `[[deprecated]]`, Swift `@available(*, deprecated)` and Python `@deprecated` are", async () => {
    const rs = await inline("dep.rs", ["pub struct S;", "", "impl S {", "    #[allow(deprecated)]", "    pub fn uses_old(&self) -> u32 { old() }", "}", "", "#[expect(deprecated)]", "pub fn also_uses_old() {}", "", '#[deprecated(since = "1.0", note = "x")]', "pub fn old() -> u32 { 0 }", ""].join("\n"));
    expect({ usesOld: get(rs, "S.uses_old").flags ?? [], alsoUsesOld: get(rs, "also_uses_old").flags ?? [], old: get(rs, "old").flags }).toEqual({ usesOld: [], alsoUsesOld: [], old: ["deprecated"] });
    const cpp = await inline("dep.hpp", ["class W {", " public:", '  [[deprecated("use g")]] int f();', "  int g();", "};", ""].join("\n"));
    expect([get(cpp, "W.f").flags, get(cpp, "W.g").flags ?? []]).toEqual([["deprecated"], []]);
    const swift = await inline("dep.swift", ["struct P {", '    @available(*, deprecated, message: "use g")', "    func f() {}", "    @available(iOS 13, *)", "    func g() {}", "}", ""].join("\n"));
    expect([get(swift, "P.f").flags, get(swift, "P.g").flags ?? []]).toEqual([["deprecated"], []]);
    const py = await inline("dep.py", ["from typing_extensions import deprecated", "", '@deprecated("use g")', "def f():", "    pass", "", '@pytest.mark.filterwarnings("ignore::DeprecationWarning")', "def g():", "    pass", ""].join("\n"));
    expect([get(py, "f").flags, get(py, "g").flags ?? []]).toEqual([["deprecated"], []]);
  });
});

describe("docs and flags from QA round 37", () => {
  it("a markdown link in a doc is its text (Rust's `[partial equivalence relations](https://…)` spent the 120 characters on the address); Javadoc's inline HTML goes without a space (`binary name .` lost its sentence end)", async () => {
    const rs = await inline("md.rs", ["/// Trait for equality comparisons which are [partial equivalence", "/// relations](https://en.wikipedia.org/wiki/Partial_equivalence_relation).", "///", "/// more", '#[lang = "eq"]', "pub trait PartialEq {", "    fn eq(&self) -> bool;", "}", ""].join("\n"));
    expect(get(rs, "PartialEq").doc).toBe("Trait for equality comparisons which are partial equivalence relations.");
    const java = await inline("L.java", ["public class L {", "  /**", '   * Finds the class with the specified <a href="#binary-name">binary name</a>.', "   * This method should be overridden.", "   */", "  protected void findClass() {}", "  /** A constant holding the minimum value, -2<sup>63</sup>. More. */", "  public static final long MIN = 1;", "}", ""].join("\n"));
    expect([get(java, "L.findClass").doc, get(java, "L.MIN").doc]).toEqual(["Finds the class with the specified binary name.", "A constant holding the minimum value, -2^63."]);
  });

  it("Go: TestX, BenchmarkX, FuzzX and ExampleX in a _test.go file are tests; Testify and a helper are not", async () => {
    const r = await inline("once_test.go", ["package p", "", 'import "testing"', "", "func TestOnce(t *testing.T) {}", "", "func Testify() {}", "", "func BenchmarkX(b *testing.B) {}", "", "func Example() {}", "", "func helper() {}", ""].join("\n"));
    expect(["TestOnce", "Testify", "BenchmarkX", "Example", "helper"].map((n) => get(r, n).flags ?? [])).toEqual([["test"], [], ["test"], ["test"], []]);
    const plain = await inline("once.go", ["package p", "", "func TestOnce() {}", ""].join("\n"));
    expect(get(plain, "TestOnce").flags ?? []).toEqual([]);
  });
});

describe("java: record components", () => {
  it("are the record's fields, exported as its accessors are (QA: Http2Connection.PushContinuationState had no pushContDecoder, and read_symbol could not find it)", async () => {
    const r = await inline("H.java", ["public class H {", "  record PushState(HpackDecoder decoder, HeaderFrame frame) {", "    int size() { return 1; }", "  }", "  public record Point(int x, int y) {}", "}", ""].join("\n"));
    expect(["H.PushState.decoder", "H.PushState.frame", "H.Point.x", "H.Point.y"].map((n) => [get(r, n).kind, get(r, n).exported, get(r, n).signature])).toEqual([
      ["field", false, "HpackDecoder decoder"],
      ["field", false, "HeaderFrame frame"],
      ["field", true, "int x"],
      ["field", true, "int y"],
    ]);
  });
});

describe("python: comments after a body's last statement", () => {
  it("belong to what follows: the range ends at the last statement (asyncio's close ran into a note above the next method)", async () => {
    const r = await inline("tc.py", ["class A:", "    def close(self):", "        x = 1", "        return x", "", "        # a note about the next method", "", "    def other(self):", "        pass", "        # trailing note", ""].join("\n"));
    expect([get(r, "A.close").endLine, get(r, "A.other").endLine, get(r, "A").endLine]).toEqual([4, 9, 9]);
  });
});
