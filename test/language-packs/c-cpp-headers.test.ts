/**
 * C/C++ packs on the shapes libstdc++ and C headers are written in: annotation macros after doc
 * comments, conditionals splitting a declaration, out-of-class definitions and their declarations,
 * access under `#if`, include guards with a value, function-pointer returns, macro signatures.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { ModuleReport } from "../../core/types.js";
import { fixtures, flat, lensAt, repoRoot, entryAt } from "../helpers.js";
import { maskMacros } from "../../language-packs/c/macros.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-cfam-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

const get = entryAt;
async function reportOf(name: string, text: string): Promise<ModuleReport> {
  writeFileSync(join(dir, name), text);
  return lens.moduleReport(join(dir, name));
}

describe("libstdc++-style class bodies", () => {
  it("a class keeps its members: macro lines after doc comments, #if inside a head, member comparisons, __try", async () => {
    const repo = await lensAt(repoRoot);
    const r = await repo.moduleReport(join(fixtures, "cpp/small_vector.h"));
    expect(r.warnings?.filter((w) => /syntax error|one configuration/.test(w)) ?? []).toEqual([]);
    expect(get(r, "std.small_vector")).toMatchObject({ kind: "class", startLine: 13, endLine: 74 });
    expect(get(r, "std")).toMatchObject({ endLine: 77 });
    expect(get(r, "std").members?.map((m) => m.name)).toEqual(["small_vector"]);
    expect(get(r, "std.small_vector.size")).toMatchObject({ kind: "method", doc: "Returns the number of elements." });
    expect(get(r, "std.small_vector.small_vector").doc).toBe("Creates a vector with no elements."); // Doxygen's % escape left out
    expect(get(r, "std.small_vector.emplace_back").signature).toBe("template <typename... _Args> _Tp& emplace_back(_Args&&... __args)");
    expect(get(r, "std.small_vector.clear").kind).toBe("method");
    expect(get(r, "std.small_vector.~small_vector").kind).toBe("method");
    expect(get(r, "std.small_vector._M_finish").exported).toBe(false);
    expect(flat(r).has("_SMALL_VECTOR_H")).toBe(false); // include guard with a value
    const read = await repo.readSymbol(join(fixtures, "cpp/small_vector.h"), "std.small_vector.size");
    expect(read.found).toBe(true);
  });

  it("masks what the grammar trips on, offsets kept, code left alone", () => {
    const src = [
      "/** Doc. */",
      "_GLIBCXX20_CONSTEXPR",
      "explicit _GLIBCXX20_CONSTEXPR X(int a) { while (p->l != 0) __x = p->l; if (a) __top->r = 0; }",
      "inline void swap(A& a) _GLIBCXX_NOEXCEPT_IF(noexcept(a.swap(a))) { __try { } __catch(...) { } }",
      "bool lt() { return a.b < c.d || (a.e < c.f); }",
      "#define GUS(chn, p1)\t_GUS_CMD(chn, 0, _GUS_X, (p1), 0)",
      "/* c */",
      "NSPR_API( PRStatus )",
      "PR_Open(int x);",
      "  _GLIBCXX17_INLINE constexpr syntax_option_type icase = static_cast<syntax_option_type>(1);",
    ].join("\n");
    const out = maskMacros(src);
    expect(out.length).toBe(src.length);
    const lines = out.split("\n");
    expect(lines[1]!.trim()).toBe("");
    expect(lines[2]).toMatch(/^explicit {22}X\(int a\) \{ while \(p->l != 0\) __x = p->l; if \(a\) __top->r = 0; \}$/);
    expect(lines[3]).not.toContain("_GLIBCXX");
    expect(lines[3]).toContain("  try {");
    expect(lines[4]).toBe("bool lt() { return a.b - c.d || (a.e - c.f); }");
    expect(lines[5]).toContain("_GUS_CMD(chn"); // a macro's body is not a declaration's tail
    expect(lines[7]).toContain("NSPR_API"); // a return type, not an annotation
    expect(lines[9]).toMatch(/^ {20}constexpr syntax_option_type icase = /); // regex_constants.h: an annotation before a constant
  });
});

describe("out-of-class definitions", () => {
  it("inherit the access and doc of their declaration in the class", async () => {
    const r = await reportOf(
      "shapes.hpp",
      [
        "#pragma once",
        "class Circle {",
        " public:",
        "  /// Computes the area.",
        "  double area() const;",
        "  /// Scales by a double.",
        "  void scale(double f);",
        "  void scale(int f);",
        " private:",
        "  /// Recomputes the cache.",
        "  void recompute();",
        "  double r_;",
        "};",
        "double Circle::area() const { return r_ * r_; }",
        "/// Own doc wins.",
        "void Circle::scale(double f) { r_ *= f; }",
        "void Circle::scale(int f) { r_ *= f; }",
        "void Circle::recompute() {}",
        "",
      ].join("\n"),
    );
    const members = get(r, "Circle").members!;
    expect(members.find((m) => m.name === "area")).toMatchObject({ startLine: 14, exported: true, doc: "Computes the area." });
    expect(members.filter((m) => m.name === "scale").map((m) => [m.startLine, m.exported, m.doc])).toEqual([
      [16, true, "Own doc wins."],
      [17, true, undefined],
    ]);
    expect(members.find((m) => m.name === "recompute")).toMatchObject({ startLine: 18, exported: false, doc: "Recomputes the cache." });
  });
});

describe("access under #if", () => {
  it("an access specifier inside a conditional applies to what follows it", async () => {
    const r = await reportOf(
      "engine.hpp",
      ["#pragma once", "class Engine {", " public:", "  void start();", "#if ENGINE_DEBUG", " private:", "  void dump_state();", "#endif", "};", ""].join("\n"),
    );
    expect(get(r, "Engine.start").exported).toBe(true);
    expect(get(r, "Engine.dump_state").exported).toBe(false);
  });
});

describe("c declarations", () => {
  it("functions returning function pointers, arrays of pointers; guards and macro heads", async () => {
    const r = await reportOf(
      "handlers.c",
      [
        "/** Returns the handler for an opcode. */",
        "int (*get_handler(int op))(int, int) {",
        "  return 0;",
        "}",
        "int (*lookup(const char *name))(int, int);",
        "const char *names[] = {\"add\", \"sub\"};",
        "char **argv_copy;",
        "int table[10];",
        "",
      ].join("\n"),
    );
    expect(get(r, "get_handler")).toMatchObject({ kind: "function", startLine: 2, doc: "Returns the handler for an opcode." });
    expect(get(r, "get_handler").signature).toBe("int (*get_handler(int op))(int, int)");
    expect(get(r, "lookup").kind).toBe("function");
    expect(get(r, "names").startLine).toBe(6);
    expect(get(r, "argv_copy").startLine).toBe(7);
    expect(get(r, "table").startLine).toBe(8);
    const sym = await lens.readSymbol(join(dir, "handlers.c"), "get_handler");
    expect(sym.found).toBe(true);

    const h = await reportOf(
      "str.h",
      [
        "/* Licence. */",
        "#ifndef _STR_H",
        "#define _STR_H 1",
        "#ifndef STR_MAX",
        "#define STR_MAX 4096",
        "#endif",
        "# define strdupa(s) \\",
        "  (__extension__ \\",
        "    ({ const char *__old = (s); \\",
        "       __old; }))",
        "#endif",
        "",
      ].join("\n"),
    );
    expect(flat(h).has("_STR_H")).toBe(false);
    expect(get(h, "STR_MAX").signature).toBe("#define STR_MAX 4096"); // a default, not a guard
    expect(get(h, "strdupa").signature).toBe("# define strdupa(s) (__extension__ ({ const char *__old = (s); __old; }))");
  });
});

describe("signatures view", () => {
  it("a declaration of several fields is shown once", async () => {
    const body = Array.from({ length: 30 }, (_, i) => `  int f${i}(int a, int b) { return a + b * ${i}; }`);
    writeFileSync(join(dir, "point.hpp"), ["#pragma once", "struct Point {", "  double x, y;", ...body, "};", ""].join("\n"));
    const v = await lens.view(join(dir, "point.hpp"), { mode: "signatures" });
    expect(v.text).toMatch(/^ {2}3 {2}double x; double y$/m); // (each field its own head: `double x, y;` on one row)
  });
});

describe("macros that are names, not annotations (GNU as, zlib, nlohmann, Eigen, fmt)", () => {
  const names = (r: ModuleReport) => [...flat(r).keys()].sort();

  it("an ALL_CAPS function name on its own line, and a return-type macro on its own line, stay", async () => {
    const c = await reportOf(
      "caps_fn.c",
      [
        "valueT",
        "S_GET_VALUE (symbolS *s)",
        "{",
        "  return s->value;",
        "}",
        "int",
        "S_IS_EXTERNAL (symbolS *s)",
        "{",
        "  return 1;",
        "}",
        "_OBSTACK_SIZE_T",
        "_obstack_memory_used (struct obstack *h)",
        "{",
        "  _OBSTACK_SIZE_T nbytes = 0;",
        "  return nbytes;",
        "}",
        "",
      ].join("\n"),
    );
    expect(names(c)).toEqual(["S_GET_VALUE", "S_IS_EXTERNAL", "_obstack_memory_used"]);
    expect(get(c, "S_GET_VALUE")).toMatchObject({ kind: "function", startLine: 1, endLine: 5 });
    expect(get(c, "_obstack_memory_used")).toMatchObject({ kind: "function", startLine: 11, endLine: 16 });
    // A lone macro call is still masked.
    expect(maskMacros("int x;\nDECLARE_THING(foo)\nint y;\n")).toBe(`int x;\n${" ".repeat(18)}\nint y;\n`);
  });

  it("a macro between the return type and the name, or after a parameter's name, is masked; a return-type macro is not", async () => {
    const c = await reportOf(
      "zlib_macro.c",
      [
        "voidpf ZLIB_INTERNAL zcalloc (voidpf opaque, unsigned items, unsigned size)",
        "{",
        "    return calloc(items, size);",
        "}",
        "int ZEXPORT zlib_ok (void)",
        "{",
        "    return 1;",
        "}",
        "arelent *",
        "gen_reloc (asection *section ATTRIBUTE_UNUSED, fixS *fixP)",
        "{",
        "  arelent *reloc = make (fixP);",
        "  return reloc;",
        "}",
        "static int ATTRIBUTE_PRINTF_2",
        "objdump_sprintf (SFILE *f, const char *format, ...)",
        "{",
        "  return 0;",
        "}",
        "",
      ].join("\n"),
    );
    expect(names(c)).toEqual(["gen_reloc", "objdump_sprintf", "zcalloc", "zlib_ok"]);
    expect(get(c, "gen_reloc").signature).toBe("arelent * gen_reloc (asection *section ATTRIBUTE_UNUSED, fixS *fixP)");
    // `STACK_OF(X509) *f(…)`, `NCURSES_EXPORT(void) f(…)`: a macro with arguments there is the return type.
    for (const line of ["__owur STACK_OF(X509) *SSL_get_peer_cert_chain(const SSL *s);", "extern NCURSES_EXPORT(void) exit_terminfo(int);"])
      expect(maskMacros(line)).toContain(line.match(/[A-Z_]+\(\w+\)/)![0]);
  });

  it("old-style OF((…)) / PARAMS ((…)) prototypes are prototypes of their name", async () => {
    const c = await reportOf(
      "of_proto.c",
      [
        "int  stateCheck   OF((z_streamp strm));",
        "void slide_hash   OF((deflate_state *s));",
        "extern int foo PARAMS ((int (*f)(int), char *));",
        "typedef voidpf (*alloc_func) OF((voidpf opaque, uInt items, uInt size));",
        "",
      ].join("\n"),
    );
    expect(names(c)).toEqual(["alloc_func", "foo", "slide_hash", "stateCheck"]);
    expect(get(c, "stateCheck")).toMatchObject({ kind: "function", signature: expect.stringMatching(/^int +stateCheck +OF\(\(z_streamp strm\)\)$/) });
    expect(get(c, "alloc_func").kind).toBe("type");
  });

  it("zlib's `#define local static`, here or in an included header, gives internal linkage", async () => {
    writeFileSync(join(dir, "zutil.h"), ["#ifndef ZUTIL_H", "#  define local static", "#endif", ""].join("\n"));
    writeFileSync(join(dir, "deflate.h"), ['#include "zutil.h"', "typedef int block_state;", ""].join("\n"));
    const z = await reportOf(
      "deflate.c",
      [
        '#include "deflate.h"',
        "local int deflateStateCheck OF((z_streamp strm));",
        "",
        "/* Slides the hash. */",
        "local void slide_hash(deflate_state *s) {",
        "  s->n = 0;",
        "}",
        "",
        "int deflate(z_streamp strm, int flush) {",
        "  return deflateStateCheck(strm);",
        "}",
        "",
      ].join("\n"),
    );
    // (Masked only when the file defines it: prepareSource sees the text alone; the grammar recovers.)
    expect(get(z, "slide_hash")).toMatchObject({ kind: "function", startLine: 5, endLine: 7, exported: false, doc: "Slides the hash." });
    expect(get(z, "deflateStateCheck").exported).toBe(false);
    expect(get(z, "deflate").exported).toBe(true);
    // Defined in the file itself; a name that is defined as something else is no alias.
    const own = await reportOf("own.c", ["#define PRIVATE static", "#define PUBLIC", "PRIVATE int a(void) { return 0; }", "PUBLIC int b(void) { return 1; }", ""].join("\n"));
    expect([get(own, "a").exported, get(own, "b").exported]).toEqual([false, true]);
    expect(own.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(get(own, "a").signature).toBe("int a(void)");
  });

  it("a macro as an access specifier is that access; typename in an expression does not close the class", async () => {
    const r = await reportOf(
      "access_macro.hpp",
      [
        "class basic_json",
        "{",
        "  JSON_PRIVATE_UNLESS_TESTED:",
        "    /// Check the class invariants.",
        "    void assert_invariant(bool check_parents = true) const noexcept",
        "    {",
        "        push_back(typename object_t::value_type(std::move(key), 1));",
        "    }",
        "    /*!",
        "    @brief a JSON value",
        "    */",
        "    union json_value",
        "    {",
        "        int* object;",
        "    };",
        "",
        "  public:",
        "    int size() const noexcept { return 0; }",
        "};",
        "",
      ].join("\n"),
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(get(r, "basic_json.assert_invariant")).toMatchObject({ kind: "method", exported: false, doc: "Check the class invariants." });
    expect(get(r, "basic_json.json_value")).toMatchObject({ kind: "struct", exported: false });
    expect(get(r, "basic_json.size")).toMatchObject({ kind: "method", exported: true });
  });

  it("Eigen and fmt heads: macros before a constructor, around static, before a field", async () => {
    const r = await reportOf(
      "eigen_heads.hpp",
      [
        "template<typename T, int Rows> class Storage",
        "{",
        "    int m_a, m_b;",
        "    EIGEN_ALIGN_TO_BOUNDARY(8) T array[Rows];",
        "  public:",
        "    EIGEN_DEVICE_FUNC Storage() : m_a(0), m_b(0) {}",
        "    EIGEN_DEVICE_FUNC static EIGEN_CONSTEXPR Index rows(void) EIGEN_NOEXCEPT {return Rows;}",
        "};",
        "template <typename Context> class value {",
        " public:",
        "  template <typename T> FMT_CONSTEXPR FMT_INLINE value(T& val) {",
        "    custom = &val;",
        "  }",
        "  void* custom;",
        "};",
        "",
      ].join("\n"),
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(get(r, "Storage").members?.map((m) => `${m.kind} ${m.name}`)).toEqual([
      "field m_a",
      "field m_b",
      "field array",
      "constructor Storage",
      "method rows",
    ]);
    expect(get(r, "value").members?.map((m) => `${m.kind} ${m.name}`)).toEqual(["constructor value", "field custom"]);
  });

  it("extern template declarations and decltype(expr, true) do not break what follows", async () => {
    const r = await reportOf(
      "fmt_heads.hpp",
      [
        "namespace fmt {",
        "template <typename Char> auto sep_impl(int loc) -> Char;",
        "extern template auto sep_impl<char>(int loc)",
        "    -> char;",
        "template <typename Context, typename T>",
        "constexpr auto has_formatter(T*)",
        "    -> decltype(typename Context::template formatter_type<T>().format(",
        "                    std::declval<const T&>(), std::declval<Context&>()),",
        "                true) {",
        "  return true;",
        "}",
        "inline int after() { return 1; }",
        "}",
        "",
      ].join("\n"),
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(names(r)).toEqual(["fmt", "fmt.after", "fmt.has_formatter", "fmt.sep_impl"]);
    expect(get(r, "fmt.has_formatter")).toMatchObject({ kind: "function", startLine: 5, endLine: 11 });
  });
});

describe("docs that are not the declaration's (QA round A)", () => {
  it("a comment trailing a member's line is its doc, never the member's below (zlib's z_stream fields were off by one)", async () => {
    const r = await reportOf("trailing.hpp", "#pragma once\nstruct Conf {\n  int host;  // server host\n  int port;  // server port\n};\n");
    expect(get(r, "Conf.host").doc).toBe("server host");
    expect(get(r, "Conf.port").doc).toBe("server port");
    const c = await reportOf("buf.h", "typedef struct buf {\n    char *data;   /* bytes */\n    size_t len;\n} buf_t;\n/* Get stamp */\n#define STAMP 1\nenum Op {\n    Fixed = 1,  // A fixed width field.\n    VBR = 2,  ///< A VBR field.\n    Last\n};\n");
    expect(get(c, "buf.data").doc).toBe("bytes");
    expect(get(c, "buf.len").doc).toBeUndefined();
    expect(get(c, "STAMP").doc).toBe("Get stamp"); // (a directive's node ends on the next line's column 0)
    expect(get(c, "Op.Fixed").doc).toBe("A fixed width field.");
    expect(get(c, "Op.VBR").doc).toBe("A VBR field.");
    expect(get(c, "Op.Last").doc).toBeUndefined();
  });

  it("a parameter's note in words leaves the signature; a one-word one naming an unnamed parameter stays", async () => {
    const r = await reportOf("prep.h", "int sqlite3_prepare_v2(\n  sqlite3 *db,            /* Database handle */\n  const char *zSql,       /* SQL statement, UTF-8 encoded */\n  int nByte,              /* Maximum length of zSql in bytes. */\n  const char **pzTail     /* OUT: Pointer to unused portion of zSql */\n);\nextern char XkbToControl(char /* c */);\n");
    expect(get(r, "sqlite3_prepare_v2").signature).toBe("int sqlite3_prepare_v2(sqlite3 *db, const char *zSql, int nByte, const char **pzTail)");
    expect(get(r, "XkbToControl").signature).toBe("extern char XkbToControl(char /* c */)");
  });

  it("a `/** … */` block above annotation macros is the whole doc: a `//` section line above it is not part of it", async () => {
    const r = await reportOf("vec.hpp", "#pragma once\nclass Vec {\npublic:\n  // [23.2.4.2] capacity\n  /**  Returns the number of elements.  */\n  _GLIBCXX_NODISCARD _GLIBCXX20_CONSTEXPR\n  int\n  size() const { return n_; }\nprivate:\n  int n_ = 0;\n};\n");
    expect(get(r, "Vec.size").doc).toBe("Returns the number of elements.");
  });
});

describe("zlib's prototypes (QA round A)", () => {
  it("`ZEXTERN uLong ZEXPORT f OF((uLong, long))`, `Z_ARG((…))` and `OF((void))` are functions, not variables named after their types", async () => {
    const r = await reportOf(
      "zproto.h",
      "typedef unsigned long uLong;\ntypedef struct gzFile_s *gzFile;\nZEXTERN int ZEXPORT deflate OF((void *strm, int flush));\nZEXTERN uLong ZEXPORT adler32_combine64 OF((uLong, uLong, long));\nZEXTERN int ZEXPORTVA gzprintf Z_ARG((gzFile file, const char *format, ...));\nZEXTERN uLong ZEXPORT zlibCompileFlags OF((void));\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    for (const name of ["deflate", "adler32_combine64", "gzprintf", "zlibCompileFlags"]) expect(get(r, name)?.kind, name).toBe("function");
    expect([...flat(r).keys()].sort()).toEqual(["adler32_combine64", "deflate", "gzFile", "gzprintf", "uLong", "zlibCompileFlags"]);
  });
});

describe("several declarators in one declaration (QA round A)", () => {
  it("each has the type with its own declarator (`double x, y;` had shown two rows reading `double x, y`)", async () => {
    const r = await reportOf("comma.h", "struct P {\n  double x, y;\n  char *name, buf[8];\n};\nint g1, *g2;\n");
    expect(["P.x", "P.y", "P.name", "P.buf", "g1", "g2"].map((k) => get(r, k).signature)).toEqual(["double x", "double y", "char *name", "char buf[8]", "int g1", "int *g2"]);
  });
});
