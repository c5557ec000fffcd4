/**
 * C/C++ leftovers of QA round 46 (docs/measurements.md, session 46): googletest's mock methods, curl's
 * enumerator macros, Boost's `BOOST_DEDUCED_TYPENAME` and `BOOST_WORKAROUND(…)` in `#if`, Abseil's
 * thread-safety annotations after fields, `->*` member-pointer calls — shapes from the real headers,
 * reduced, parsed with the real grammars.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { ModuleReport } from "../../core/types.js";
import { lensAt, entryAt as get, rows, syntaxNotes } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-leftovers-47-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

async function reportOf(name: string, lines: string[]): Promise<ModuleReport> {
  writeFileSync(join(dir, name), lines.join("\n") + "\n");
  return lens.moduleReport(join(dir, name));
}

describe("47-1: googletest's mock methods", () => {
  const mock = [
    "class MockFoo : public FooInterface {",
    " public:",
    "  MockFoo() {}",
    "  MOCK_METHOD(void, VoidReturning, (int n));  // NOLINT",
    "  MOCK_METHOD(int, Nullary, ());",
    "  MOCK_METHOD((std::map<int, std::string>), ReturnTypeWithComma, (int),",
    "              (const));",
    "  MOCK_METHOD(int, Decimal,",
    "              (bool, char,  // NOLINT",
    "               const std::string& str),",
    "              (override));",
    "  MOCK_METHOD(int, TypeWithComma, ((const std::map<int, std::string>&)));",
    "  MOCK_METHOD(int (*)(bool), ReturnsFunctionPointer, (int), ());",
    "  MOCK_METHOD(int, RefQualified, (), (const, ref(&&), override));",
    "  MOCK_METHOD1(Unary, bool(int));",
    "  MOCK_CONST_METHOD1(Lookup, std::map<int, std::string>(int key));",
    "  MOCK_METHOD1_WITH_CALLTYPE(STDMETHODCALLTYPE, CTUnary, bool(int));",
    "  int after_;",
    "};",
  ];

  it("each is a method of the mock, named and headed by the macro's arguments, the macro its decorator", async () => {
    const r = await reportOf("mock_foo.cc", mock);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "class MockFoo 1-19",
      "constructor MockFoo.MockFoo 3-3",
      "method MockFoo.VoidReturning 4-4",
      "method MockFoo.Nullary 5-5",
      "method MockFoo.ReturnTypeWithComma 6-7",
      "method MockFoo.Decimal 8-11",
      "method MockFoo.TypeWithComma 12-12",
      "method MockFoo.ReturnsFunctionPointer 13-13",
      "method MockFoo.RefQualified 14-14",
      "method MockFoo.Unary 15-15",
      "method MockFoo.Lookup 16-16",
      "method MockFoo.CTUnary 17-17",
      "field MockFoo.after_ 18-18",
    ]);
    const heads = ["VoidReturning", "ReturnTypeWithComma", "Decimal", "TypeWithComma", "ReturnsFunctionPointer", "RefQualified", "Unary", "Lookup", "CTUnary"].map((n) => get(r, `MockFoo.${n}`).signature);
    expect(heads).toEqual([
      "void VoidReturning(int n)",
      "std::map<int, std::string> ReturnTypeWithComma(int) const",
      "int Decimal(bool, char, const std::string& str) override",
      "int TypeWithComma(const std::map<int, std::string>&)",
      "auto ReturnsFunctionPointer(int) -> int (*)(bool)",
      "int RefQualified() const&& override",
      "bool Unary(int)",
      "std::map<int, std::string> Lookup(int key) const",
      "bool CTUnary(int)",
    ]);
    expect(get(r, "MockFoo.Decimal").decorators).toEqual(["MOCK_METHOD"]);
    expect(get(r, "MockFoo.Lookup").decorators).toEqual(["MOCK_CONST_METHOD1"]);
  });

  it("reads back as the macro call, verbatim", async () => {
    await reportOf("mock_foo2.cc", mock);
    const read = await lens.readSymbol(join(dir, "mock_foo2.cc"), "MockFoo.Decimal");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 8, 11]);
    expect(read.source).toContain("MOCK_METHOD(int, Decimal,");
    expect(read.source).toContain("(override));");
  });

  it("a #define of a mock macro and a mock in a function body stay as they were", async () => {
    const r = await reportOf("mock_defs.h", [
      "#define MOCK_METHOD(...) GMOCK_INTERNAL_MOCK_METHOD(__VA_ARGS__)",
      "void f() {",
      "  EXPECT_CALL(foo, MOCK_METHOD(int, X, ()));",
      "}",
    ]);
    expect(rows(r)).toEqual(["macro MOCK_METHOD 1-1", "function f 2-4"]);
  });
});

describe("47-1b: a mock's arguments with comments", () => {
  it("a parameter list of commented parameters (40), and a comment inside and after one, a run of 30, is the mock's head, comments left out", async () => {
    // (The arguments' trim had been a pattern anchored at the end whose lazy comments tried every pairing of
    // `/*` and `*/`: exponential in the comments of one argument; and it read `/* in */ … /* trailing */` as one
    // comment, the parameter list cut to `(int a`, so the mock `Two` had been no entry.)
    const params = Array.from({ length: 40 }, (_, i) => `int /*p${i}*/`).join(", ");
    const r = await reportOf("mock_comments.cc", [
      "class M : public I {",
      `  MOCK_METHOD(void, Many, (${params}), (override));`,
      "  MOCK_METHOD(int, Two, (int a /* in */, /* out */ int* b)  /* trailing */ , (const));",
      `  MOCK_METHOD(int, Three, (int x ${"/**/ ".repeat(30)}));`,
      "};",
    ]);
    expect(rows(r)).toEqual(["class M 1-5", "method M.Many 2-2", "method M.Two 3-3", "method M.Three 4-4"]);
    expect(get(r, "M.Three").signature).toBe("int Three(int x)");
    expect(get(r, "M.Many").signature).toBe(`void Many(${Array.from({ length: 40 }, () => "int").join(", ")}) override`);
    expect(get(r, "M.Two").signature).toBe("int Two(int a, int* b) const");
  });
});

describe("47-2: macros in enum bodies (curl.h, glib, glibc)", () => {
  const curl = [
    "#define CURLOPT(na,t,nu) na = t + nu",
    "#define CURLOPTDEPRECATED(na,t,nu,v,m) na CURL_DEPRECATED(v,m) = t + nu",
    "typedef enum {",
    "  CURLSSLBACKEND_NONE = 0,",
    "  CURLSSLBACKEND_POLARSSL               CURL_DEPRECATED(7.69.0, \"\") = 6,",
    "  CURLSSLBACKEND_WOLFSSL = 7",
    "} curl_sslbackend;",
    "typedef enum {",
    "  /* This is the FILE * or void * the regular output should be written to. */",
    "  CURLOPT(CURLOPT_WRITEDATA, CURLOPTTYPE_CBPOINT, 1),",
    "  CURLOPTDEPRECATED(CURLOPT_PROGRESSFUNCTION, CURLOPTTYPE_FUNCTIONPOINT, 56,",
    "                    7.32.0, \"Use CURLOPT_XFERINFOFUNCTION\"),",
    "  CURLOPT(CURLOPT_XFERINFODATA, CURLOPTTYPE_CBPOINT, 57),",
    "#define CURLOPT_PROGRESSDATA CURLOPT_XFERINFODATA",
    "",
    "  /* We want the referrer field set automatically when following locations */",
    "  CURLOPT(CURLOPT_AUTOREFERER, CURLOPTTYPE_LONG, 58),",
    "  CURLFORM_CONTENTLEN  /* added in 7.46.0, provide a curl_off_t length */",
    "                           CURL_DEPRECATED(7.56.0, \"Use curl_mime_data()\"),",
    "  CURLOPT_LASTENTRY /* the last unused */",
    "} CURLoption;",
    "CURL_EXTERN CURLcode curl_easy_setopt(CURL *curl, CURLoption option, size_t MAX_LEN, ...);",
  ];

  it("parse clean; each enumerator listed once, a macro call's head its expansion, the #define between them a macro", async () => {
    const r = await reportOf("curl.h", curl);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "macro CURLOPT 1-1",
      "macro CURLOPTDEPRECATED 2-2",
      "enum curl_sslbackend 3-7",
      "constant curl_sslbackend.CURLSSLBACKEND_NONE 4-4",
      "constant curl_sslbackend.CURLSSLBACKEND_POLARSSL 5-5",
      "constant curl_sslbackend.CURLSSLBACKEND_WOLFSSL 6-6",
      "enum CURLoption 8-21",
      "constant CURLoption.CURLOPT_WRITEDATA 10-10",
      "constant CURLoption.CURLOPT_PROGRESSFUNCTION 11-11",
      "constant CURLoption.CURLOPT_XFERINFODATA 13-13",
      "constant CURLoption.CURLOPT_AUTOREFERER 17-17",
      "constant CURLoption.CURLFORM_CONTENTLEN 18-18",
      "constant CURLoption.CURLOPT_LASTENTRY 20-20",
      "macro CURLOPT_PROGRESSDATA 14-14",
      "function curl_easy_setopt 22-22",
    ]);
    expect(get(r, "CURLoption.CURLOPT_WRITEDATA").signature).toBe("CURLOPT_WRITEDATA = CURLOPTTYPE_CBPOINT + 1");
    expect(get(r, "CURLoption.CURLOPT_PROGRESSFUNCTION").signature).toBe('CURLOPT_PROGRESSFUNCTION CURL_DEPRECATED(7.32.0,"Use CURLOPT_XFERINFOFUNCTION") = CURLOPTTYPE_FUNCTIONPOINT + 56');
    expect(get(r, "curl_sslbackend.CURLSSLBACKEND_POLARSSL").signature).toBe('CURLSSLBACKEND_POLARSSL CURL_DEPRECATED(7.69.0, "") = 6');
    expect(get(r, "CURLOPT_PROGRESSDATA").signature).toBe("#define CURLOPT_PROGRESSDATA CURLOPT_XFERINFODATA");
    expect(get(r, "curl_easy_setopt").signature).toContain("size_t MAX_LEN, ...");
  });

  it("an enum of thousands of enumerators each with its #define (glibc's shape, generated): every macro listed beside the enum, in line order, inside a namespace too", async () => {
    // (Each macro had been placed by a search over every record listed so far: quadratic; bench/shapes.mjs.)
    const n = 3000;
    const lines = ["namespace ns {", "enum E {"];
    for (let i = 0; i < n; i++) lines.push(`  E${i} = ${i},`, `#define E${i} E${i}`);
    lines.push("};", "}");
    const r = await reportOf("many_defines.hpp", lines);
    const all = rows(r);
    expect(all.filter((x) => x.startsWith("macro "))).toEqual(Array.from({ length: n }, (_, i) => `macro ns.E${i} ${4 + 2 * i}-${4 + 2 * i}`));
    expect(all.filter((x) => x.startsWith("constant "))).toHaveLength(n);
    expect(all.indexOf("enum ns.E 2-" + (3 + 2 * n))).toBeLessThan(all.indexOf("macro ns.E0 4-4"));
  });

  it("glib's availability macros after enumerators, glibc's #define of each enumerator in an anonymous enum (C++ too)", async () => {
    const lines = [
      "typedef enum {",
      "  G_IO_FLAG_APPEND = 1 << 0,",
      "  G_IO_FLAG_NONE GLIB_AVAILABLE_ENUMERATOR_IN_2_74 = 0,",
      "  G_IO_FLAG_MASK = (1 << 5) - 1",
      "} GIOFlags;",
      "enum",
      "  {",
      "    TFD_TIMER_ABSTIME = 1 << 0,",
      "#define TFD_TIMER_ABSTIME TFD_TIMER_ABSTIME",
      "    TFD_TIMER_CANCEL_ON_SET = 1 << 1",
      "#define TFD_TIMER_CANCEL_ON_SET TFD_TIMER_CANCEL_ON_SET",
      "  };",
    ];
    for (const name of ["giochannel.h", "timerfd.hpp"]) {
      const r = await reportOf(name, lines);
      expect(syntaxNotes(r.warnings)).toEqual([]);
      expect(rows(r)).toEqual([
        "enum GIOFlags 1-5",
        "constant GIOFlags.G_IO_FLAG_APPEND 2-2",
        "constant GIOFlags.G_IO_FLAG_NONE 3-3",
        "constant GIOFlags.G_IO_FLAG_MASK 4-4",
        "constant TFD_TIMER_ABSTIME 8-8",
        "macro TFD_TIMER_ABSTIME 9-9",
        "constant TFD_TIMER_CANCEL_ON_SET 10-10",
        "macro TFD_TIMER_CANCEL_ON_SET 11-11",
      ]);
    }
  });
});

describe("47-3: Boost's keyword macros, BOOST_WORKAROUND in #if, Abseil's thread-safety annotations, ->*", () => {
  it("typedef BOOST_DEDUCED_TYPENAME …, typename F::BOOST_NESTED_TEMPLATE apply<…>: types of the class, no error", async () => {
    const r = await reportOf("list_map_adaptor.hpp", [
      "namespace boost {",
      "template <class Base, class Iterator>",
      "class list_map_adaptor : public list_map_adaptor_base<Base, Iterator>::type",
      "{",
      "    typedef BOOST_DEDUCED_TYPENAME list_map_adaptor_base<",
      "        Base, Iterator",
      "    >::type base_;",
      "    typedef BOOST_DEDUCED_TYPENAME F::BOOST_NESTED_TEMPLATE apply<Base>::type applied;",
      "    public:",
      "    typedef BOOST_DEDUCED_TYPENAME Iterator::value_type::first_type key_type;",
      "    BOOST_DEDUCED_TYPENAME Base::size_type size() const { return 0; }",
      "};",
      "}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace boost 1-13",
      "class boost.list_map_adaptor 2-12",
      "type boost.list_map_adaptor.base_ 5-7",
      "type boost.list_map_adaptor.applied 8-8",
      "type boost.list_map_adaptor.key_type 10-10",
      "method boost.list_map_adaptor.size 11-11",
    ]);
    expect(get(r, "boost.list_map_adaptor.key_type").signature).toBe("typedef BOOST_DEDUCED_TYPENAME Iterator::value_type::first_type key_type");
  });

  it("BOOST_STATIC_CONSTANT(T, name = expr): a constant field named by its assignment, no method named for the macro; its #define left as it is", async () => {
    const r = await reportOf("has_op.hpp", [
      "#define BOOST_STATIC_CONSTANT(type, assignment) static const type assignment", // 1
      "namespace boost {",
      "template <class T> struct operator_returns_void {",
      "   BOOST_STATIC_CONSTANT(bool, value = (sizeof(yes_type)==sizeof(returns_void((make<T>(),returns_void_t())))));",
      "};",
      "template <class T> struct rank {", // 6
      "   BOOST_STATIC_CONSTANT(std::size_t,",
      "      value = (::boost::detail::rank_imp<T, 0>::value));",
      "   static const int other = 1;",
      "};",
      "}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "macro BOOST_STATIC_CONSTANT 1-1",
      "namespace boost 2-11",
      "struct boost.operator_returns_void 3-5",
      "field boost.operator_returns_void.value 4-4",
      "struct boost.rank 6-10",
      "field boost.rank.value 7-8",
      "field boost.rank.other 9-9",
    ]);
    expect(get(r, "boost.rank.value").signature).toBe("BOOST_STATIC_CONSTANT(std::size_t, value = (::boost::detail::rank_imp<T, 0>::value))");
  });

  it("#if BOOST_WORKAROUND(BOOST_MSVC, < 1930): no error region, both branches' members listed", async () => {
    const r = await reportOf("workaround.hpp", [
      "#ifndef BOOST_NO_MEMBER_TEMPLATE_KEYWORD",
      "#  define BOOST_NESTED_TEMPLATE template",
      "#else",
      "#  define BOOST_NESTED_TEMPLATE",
      "#endif",
      "struct S {",
      "#if BOOST_WORKAROUND(BOOST_MSVC, < 1930)",
      "  void old_msvc();",
      "#elif BOOST_WORKAROUND(__GNUC__, >= 4) && !defined(X)",
      "  void gcc();",
      "#elif BOOST_WORKAROUND(BOOST_BORLANDC, BOOST_TESTED_AT(0x564))",
      "  void borland();",
      "#endif",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["macro BOOST_NESTED_TEMPLATE 2-2", "struct S 6-14", "method S.old_msvc 8-8", "method S.gcc 10-10", "method S.borland 12-12"]);
  });

  it("ABSL_GUARDED_BY / ABSL_PT_GUARDED_BY after fields and variables: fields, no method named for the macro", async () => {
    const r = await reportOf("barrier.h", [
      "#define ABSL_GUARDED_BY(x) ABSL_INTERNAL_THREAD_ANNOTATION_ATTRIBUTE(guarded_by(x))",
      "class Barrier {",
      " public:",
      "  void Foo() ABSL_LOCKS_EXCLUDED(lock_);",
      " private:",
      "  Mutex lock_;",
      "  int num_to_block_ ABSL_GUARDED_BY(lock_);",
      "  int num_to_exit_ ABSL_GUARDED_BY(lock_) = 0;",
      "  std::vector<int>* items_ ABSL_PT_GUARDED_BY(lock_);",
      "  absl::flat_hash_map<std::string, int> map_ GUARDED_BY(lock_) ACQUIRED_AFTER(other_);",
      "};",
      "ABSL_CONST_INIT std::vector<VModuleInfo>* vmodule_info ABSL_GUARDED_BY(mutex)",
      "    ABSL_PT_GUARDED_BY(mutex){nullptr};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "macro ABSL_GUARDED_BY 1-1",
      "class Barrier 2-11",
      "method Barrier.Foo 4-4",
      "field Barrier.lock_ 6-6",
      "field Barrier.num_to_block_ 7-7",
      "field Barrier.num_to_exit_ 8-8",
      "field Barrier.items_ 9-9",
      "field Barrier.map_ 10-10",
      "variable vmodule_info 12-13",
    ]);
    expect(get(r, "Barrier.num_to_block_").signature).toBe("int num_to_block_ ABSL_GUARDED_BY(lock_)");
  });

  it("(obj->*pmf)(args) and p->*pm in bodies: no error region; operator->* stays an operator", async () => {
    const r = await reportOf("memfn.hpp", [
      "template <class T>",
      "struct Caller {",
      "  void call(T* obj, void (T::*p)(int)) {",
      "    (obj->*p)(1);",
      "    (this->*handler_)(2);",
      "  }",
      "  int get(T* obj, int T::*pm) { const auto &v = obj->*(T::access((T *)nullptr, pm)); return v; }",
      "  int& operator->*(int T::*pm) { return t_->*pm; }",
      "  T* t_;",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "struct Caller 1-10",
      "method Caller.call 3-6",
      "method Caller.get 7-7",
      "method Caller.operator ->* 8-8",
      "field Caller.t_ 9-9",
    ]);
  });
});

describe("47-5: masks on long runs of white space", () => {
  it("a C++ file of 2,000 blank lines of spaces around a struct is read in well under a second (had been ~27 s)", async () => {
    const blank = Array.from({ length: 2000 }, () => " ".repeat(120));
    const t = performance.now();
    const r = await reportOf("blanked.cpp", [...blank, "struct A {", "  int x{0};", "};", ...blank]);
    expect(rows(r)).toEqual(["struct A 2001-2003", "field A.x 2002-2002"]);
    expect(performance.now() - t).toBeLessThan(10_000);
  });
});

describe("a recommended read of C's `typedef struct X {…} X;` (glibc netipx/ipx.h)", () => {
  it("reads the typedef, whose lines hold its struct's, and says so", async () => {
    const r = await reportOf("ipx.h", [
      "typedef struct ipx_interface_definition",
      "  {",
      "    unsigned long ipx_network;",
      "    unsigned char ipx_device[16];",
      "#define IPX_FRAME_NONE\t\t0",
      "#define IPX_FRAME_SNAP\t\t1",
      "    unsigned char ipx_special;",
      "  }",
      "ipx_interface_definition;",
    ]);
    const rec = r.recommendedReads.find((x) => x.symbol.startsWith("ipx_interface_definition") && x.endLine === 9);
    expect(rec, JSON.stringify(r.recommendedReads)).toBeDefined();
    // The recommendation reads what it lists: the struct (1-8) had been shown, without the typedef's name line.
    const read = await lens.readSymbol(join(dir, "ipx.h"), rec!.symbol);
    expect([read.startLine, read.endLine, read.kind]).toEqual([1, 9, "type"]);
    expect(read.note).toContain("whose lines hold the others'");
    // The bare name keeps its rule (the first in source order) and says the other.
    const bare = await lens.readSymbol(join(dir, "ipx.h"), "ipx_interface_definition");
    expect([bare.startLine, bare.endLine, bare.ambiguous?.count]).toEqual([1, 8, 2]);
  });
});

describe("session 50: a head broken after a path's `::`", () => {
  it("joins libstdc++'s `vector<bool, _Alloc>::` ⏎ `_M_reallocate(…)` without a space after `::`", async () => {
    const r = await reportOf("vbool.tcc.cc", [
      "namespace std {",
      "  template<typename _Alloc>",
      "    void",
      "    vector<bool, _Alloc>::",
      "    _M_reallocate(size_type __n)",
      "    {",
      "      this->_M_deallocate();",
      "    }",
      "}",
    ]);
    const sigs = JSON.stringify(r).match(/"signature":"[^"]*_M_reallocate[^"]*"/g) ?? [];
    expect(sigs.length).toBeGreaterThan(0);
    for (const s of sigs) expect(s).toContain("vector<bool, _Alloc>::_M_reallocate(size_type __n)");
  });
});
