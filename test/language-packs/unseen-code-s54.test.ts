/**
 * Session 54: the C/C++, Ruby, PHP, C#, Kotlin and Swift packs on code no other test uses —
 * /usr/include, Ruby's and PHP's libraries, react-native / expo / react-native-windows sources.
 * Shapes each pack got wrong there, real parses.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inlineReport as inline, entryAt as get, lensAt } from "../helpers.js";

const syntaxWarnings = (r: { warnings?: string[] }) => r.warnings?.filter((w) => /syntax error/.test(w)) ?? [];

describe("kotlin: a primary constructor on the line after the class name", () => {
  it("with its annotation on a line of its own keeps the class body (react-native ReactTextViewManager)", async () => {
    const r = await inline(
      "ReactTextViewManager.kt",
      [
        "/** View manager for `<Text>` nodes. */",
        "@ReactModule(name = ReactTextViewManager.REACT_CLASS)",
        "public open class ReactTextViewManager",
        "@JvmOverloads",
        "public constructor(",
        "    protected var reactTextViewManagerCallback: ReactTextViewManagerCallback? = null,",
        ") :",
        "    BaseViewManager<ReactTextView, LayoutShadowNode>(),",
        "    IViewManagerWithChildren {",
        "  override fun getName(): String = REACT_CLASS",
        "",
        "  public companion object {",
        "    public const val REACT_CLASS: String = \"RCTText\"",
        "  }",
        "}",
        "",
        "fun after() {}",
        "",
      ].join("\n"),
    );
    expect(syntaxWarnings(r)).toEqual([]);
    const c = get(r, "ReactTextViewManager");
    expect([c.startLine, c.endLine]).toEqual([2, 15]);
    expect(get(r, "ReactTextViewManager.getName").kind).toBe("method");
    expect(get(r, "ReactTextViewManager.Companion.REACT_CLASS").kind).toBe("constant");
    expect(get(r, "after").kind).toBe("function");
  });
  it("with a line comment between keeps the class body (react-native DynamicFromMap)", async () => {
    const r = await inline(
      "DynamicFromMap.kt",
      [
        "/** Implementation of Dynamic wrapping a ReadableMap. */",
        "internal class DynamicFromMap",
        "// This is a pools object. Hide the constructor.",
        "private constructor() : Dynamic {",
        "  private var map: ReadableMap? = null",
        "",
        "  override fun recycle() {",
        "    map = null",
        "  }",
        "}",
        "",
        "fun after() {}",
        "",
      ].join("\n"),
    );
    expect(syntaxWarnings(r)).toEqual([]);
    const c = get(r, "DynamicFromMap");
    expect([c.startLine, c.endLine, c.exported]).toEqual([2, 10, false]);
    expect(get(r, "DynamicFromMap.recycle").kind).toBe("method");
    expect(get(r, "after").kind).toBe("function");
  });
});

describe("kotlin: a `where` alone on its line, its constraints on the next", () => {
  it("keeps a class's body and a function's, the clause in their signatures (react-native MaintainVisibleScrollPositionHelper)", async () => {
    const r = await inline(
      "Helper.kt",
      [
        "internal class Helper<ScrollViewT>(",
        "    private val scrollView: ScrollViewT,",
        ") : UIManagerListener",
        "    where",
        "        ScrollViewT : HasScrollEventThrottle?,",
        "        ScrollViewT : ViewGroup? {",
        "  fun start() {}",
        "}",
        "",
        "fun <T> pick(v: T): Int",
        "    where",
        "        T : A,",
        "        T : B {",
        "  return 1",
        "}",
        "",
      ].join("\n"),
    );
    expect(syntaxWarnings(r)).toEqual([]);
    const c = get(r, "Helper");
    expect([c.startLine, c.endLine]).toEqual([1, 8]);
    expect(c.signature).toBe("internal class Helper<…>(private val scrollView: ScrollViewT) : UIManagerListener where ScrollViewT : HasScrollEventThrottle?, ScrollViewT : ViewGroup?");
    expect(get(r, "Helper.start").kind).toBe("method");
    const f = get(r, "pick");
    expect([f.kind, f.startLine, f.endLine]).toEqual(["function", 10, 15]);
    expect(f.signature).toBe("fun <T> pick(v: T): Int where T : A, T : B");
  });
});

describe("swift: raw strings", () => {
  const src = [
    "func errorCode(_ str: String) -> String {",
    "  let name = str.replacingOccurrences(of: #\"(Error|Exception)?(<.*>)?$\"#, with: \"\", options: .regularExpression)",
    "  return name",
    "}",
    "",
    "let quoted = #\"say \"hi\" to me\"#",
    "let fenced = ##\"\"\"",
    "  a \"\"\" b \\#(x)",
    "  \"\"\"##",
    "",
    "public struct Codec {",
    "  public func decode() -> Int { 1 }",
    "}",
    "",
  ].join("\n");

  it("parse in every file a process reads, not in its first alone (the grammar's scanner kept their state: expo CodedError)", async () => {
    // The grammar read raw strings in the first parse of a process only: the second file is the test.
    for (const name of ["First.swift", "Second.swift"]) {
      const r = await inline(name, src);
      expect(syntaxWarnings(r)).toEqual([]);
      expect(get(r, "Codec.decode").kind).toBe("method");
      expect(get(r, "quoted").signature).toContain('#"say "hi" to me"#');
    }
  });
});

describe("c: an attribute macro after a prototype's parameters", () => {
  it("a lowercase `x__` before `((` keeps the prototype (OpenSSL bio.h's ossl_bio__attr__)", async () => {
    const r = await inline(
      "bio.h",
      [
        "#define ossl_bio__attr__ __attribute__",
        "#define ossl_bio__printf__ __gnu_printf__",
        "int BIO_printf(BIO *bio, const char *format, ...)",
        "    ossl_bio__attr__((__format__(ossl_bio__printf__, 2, 3)));",
        "int BIO_vprintf(BIO *bio, const char *format, va_list args)",
        "    ossl_bio__attr__((__format__(ossl_bio__printf__, 2, 0)));",
        "BIO_METHOD *BIO_meth_new(int type, const char *name);",
        "",
      ].join("\n"),
    );
    expect(syntaxWarnings(r)).toEqual([]);
    const p = get(r, "BIO_printf");
    expect([p.kind, p.startLine, p.endLine]).toEqual(["function", 3, 4]);
    expect(p.signature).toContain("int BIO_printf(BIO *bio, const char *format, ...)");
    expect(get(r, "BIO_vprintf").kind).toBe("function");
    expect(get(r, "BIO_meth_new").kind).toBe("function");
  });
});

describe("c: a lone macro line with a lowercase suffix", () => {
  it("is masked like an ALL_CAPS one: the prototypes around it stay (OpenSSL ts.h, cms.h)", async () => {
    const r = await inline(
      "ts.h",
      [
        "typedef struct TS_req_st TS_REQ;",
        "DECLARE_ASN1_ALLOC_FUNCTIONS(TS_REQ)",
        "DECLARE_ASN1_ENCODE_FUNCTIONS_only(TS_REQ, TS_REQ)",
        "DECLARE_ASN1_DUP_FUNCTION_name_attr(OSSL_DEPRECATEDIN_3_0, DH, DHparams)",
        "int TS_REQ_set_version(TS_REQ *a, long version);",
        "DECLARE_PEM_rw(CMS, CMS_ContentInfo)",
        "long TS_REQ_get_version(const TS_REQ *a);",
        "",
      ].join("\n"),
    );
    expect(syntaxWarnings(r)).toEqual([]);
    expect(get(r, "TS_REQ_set_version").kind).toBe("function");
    const g = get(r, "TS_REQ_get_version");
    expect([g.kind, g.startLine, g.endLine]).toEqual(["function", 7, 7]);
  });
});

describe("ruby: an operator method's compact row", () => {
  it("`def [](name)` reads `[](name)` as `def []=(…)` reads `[]=(…)` (pstore.rb)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-s54-rb-"));
    const file = join(dir, "pstore.rb");
    writeFileSync(file, ["class PStore", "  # Retrieves a value by _name_.", "  def [](name)", "    @table[name]", "  end", "", "  def []=(name, value)", "    @table[name] = value", "  end", "end", ""].join("\n"));
    const lens = await lensAt(dir);
    const text = lens.render(await lens.moduleReport(file), "compact", { detail: "full" });
    const rows = text.split("\n").filter((l) => /method/.test(l));
    expect(rows.map((l) => l.replace(/\s+—.*$/, "").trim())).toEqual(["3-5 method [](name)", "7-9 method []=(name, value)"]);
  });
});
