/**
 * C/C++ outline defects from QA round C (/tmp/qaOutline/findings.md): shapes from git's contrib,
 * libstdc++, ncurses and zlib's examples, reduced, parsed with the real grammars.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { ModuleReport } from "../../core/types.js";
import { flat, lensAt, entryAt as get, rows } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-qa-c-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

async function reportOf(name: string, lines: string[]): Promise<ModuleReport> {
  writeFileSync(join(dir, name), lines.join("\n") + "\n");
  return lens.moduleReport(join(dir, name));
}

describe("C-1: a continued #define whose lines carry comments", () => {
  it("is one macro of its own name; its body's words are no entries; the function below is kept", async () => {
    const r = await reportOf("keychain.c", [
      "#define ITEM(x) (x ? strlen(x) : 0), x",
      "#define ARGS \\",
      "\tNULL, /* default keychain */ \\",
      "\tITEM(host), \\",
      "\t0, NULL, /* account domain */ \\",
      "\tport, \\",
      "\tprotocol",
      "",
      "static void write_item(const char *what, int len)",
      "{",
      '\tprintf("%s=", what);',
      "}",
    ]);
    expect(rows(r)).toEqual(["macro ITEM 1-1", "macro ARGS 2-7", "function write_item 9-12"]);
    expect(get(r, "ARGS").signature).toBe("#define ARGS NULL, ITEM(host), 0, NULL, port, protocol");
  });
});

describe("C++-1: a GNU attribute after a parameter's name", () => {
  it("leaves the method a method (allocator_traits::construct), with no phantom `noexcept` method", async () => {
    const r = await reportOf("alloc_traits.hpp", [
      "template<typename _Tp> struct traits {",
      "  template<typename _Up, typename... _Args>",
      "    static _GLIBCXX20_CONSTEXPR void",
      "    construct(allocator_type& __a __attribute__((__unused__)), _Up* __p,",
      "              _Args&&... __args)",
      "    noexcept(std::is_nothrow_constructible<_Up, _Args...>::value)",
      "    {",
      "      std::construct_at(__p, std::forward<_Args>(__args)...);",
      "    }",
      "  template<typename _Up>",
      "    static void",
      "    destroy(allocator_type& __a __attribute__((__unused__)), _Up* __p)",
      "    noexcept(is_nothrow_destructible<_Up>::value)",
      "    { std::destroy_at(__p); }",
      "};",
    ]);
    expect(rows(r)).toEqual(["struct traits 1-15", "method traits.construct 2-9", "method traits.destroy 10-14"]);
    expect(get(r, "traits.construct").signature).toContain("construct(allocator_type& __a __attribute__((__unused__)), _Up* __p,");
  });
});

describe("C++-2: an annotation macro before a `typename X<…>::y` return type", () => {
  it("is masked: std::distance is a function named distance, not a method `difference_type distance`", async () => {
    const r = await reportOf("distance.hpp", [
      "namespace std {",
      "  template<typename _It>",
      "    _GLIBCXX_NODISCARD",
      "    inline _GLIBCXX17_CONSTEXPR",
      "    typename iterator_traits<_It>::difference_type",
      "    distance(_It __first, _It __last)",
      "    { return __last - __first; }",
      "}",
    ]);
    expect(rows(r)).toEqual(["namespace std 1-8", "function std.distance 2-7"]);
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
  });
});

describe("C++-4 / C++-5: which files are C++", () => {
  it("a .h opening `namespace std _GLIBCXX_VISIBILITY(default)` with `{` on the next line is C++", async () => {
    const r = await reportOf("functexcept.h", [
      "#ifndef _FUNCTEXCEPT_H",
      "#define _FUNCTEXCEPT_H 1",
      "namespace std _GLIBCXX_VISIBILITY(default)",
      "{",
      "  void",
      "  __throw_bad_exception(void) __attribute__((__noreturn__));",
      "}",
      "#endif",
    ]);
    expect(r.language).toBe("cpp");
    expect(rows(r)).toEqual(["namespace std 3-7", "function std.__throw_bad_exception 5-6"]);
  });

  it("a file without an extension is C++ when its first line is a C++ mode line, else no language's", async () => {
    const r = await reportOf("vector", [
      "// <vector> -*- C++ -*-",
      "#ifndef _GLIBCXX_VECTOR",
      "#define _GLIBCXX_VECTOR 1",
      "#define __cpp_lib_erase_if 202002L",
      "namespace std _GLIBCXX_VISIBILITY(default)",
      "{",
      "  template<typename _Tp> class vector { public: void clear() noexcept; };",
      "}",
      "#endif",
    ]);
    expect(r.language).toBe("cpp");
    expect(get(r, "std.vector.clear").kind).toBe("method");
    expect(get(r, "__cpp_lib_erase_if").exported).toBe(true); // a header: its macros are its API
    const lower = await reportOf("valarray_after", ["/* -*- mode: c++ -*- */", "namespace a { int f(); }"]);
    expect(lower.language).toBe("cpp");
    writeFileSync(join(dir, "NOTES"), "C++ -*- notes, namespace std {\n");
    expect(await lens.moduleReport(join(dir, "NOTES"))).toMatchObject({ available: false, error: expect.stringMatching(/no language pack for .*NOTES \(no extension\)/) });
    writeFileSync(join(dir, "Changelog"), "2024-01-01  Someone\n\t* vector: -*- C++ -*- on line two.\n");
    expect(await lens.moduleReport(join(dir, "Changelog"))).toMatchObject({ available: false, error: expect.stringMatching(/no extension/) });
  });
});

describe("C++-4: a GNU attribute on its own line between the return type and the name", () => {
  it("leaves the name: `inline T` / `__attribute__((__always_inline__))` / `__f(…)` / `{` is the function __f", async () => {
    const r = await reportOf("atomicity.h", [
      "namespace __gnu_cxx _GLIBCXX_VISIBILITY(default)",
      "{",
      "  inline _Atomic_word",
      "  __attribute__((__always_inline__))",
      "  __exchange_and_add_single(_Atomic_word* __mem, int __val)",
      "  {",
      "    _Atomic_word __result = *__mem;",
      "    return __result;",
      "  }",
      "}",
      "extern int __f (int __x) __THROW",
      "     __nonnull ((1));",
    ]);
    expect(rows(r)).toEqual(["namespace __gnu_cxx 1-10", "function __gnu_cxx.__exchange_and_add_single 3-9", "function __f 11-12"]);
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
  });
});

describe("C++-3: ext/pointer.h's _Pointer_adapter", () => {
  it("`inline friend` operators, a pointer-to-member typedef and `typedef T& reference` keep the class and its members", async () => {
    const r = await reportOf("pointer.h", [
      "namespace __gnu_cxx _GLIBCXX_VISIBILITY(default)",
      "{",
      "  template<typename _Tp>",
      "    struct _Reference_type",
      "    { typedef _Tp& reference; };",
      "  template<typename _Storage_policy>",
      "    class _Pointer_adapter : public _Storage_policy",
      "    {",
      "    public:",
      "      typedef typename _Storage_policy::element_type element_type;",
      "      _Pointer_adapter(element_type* __arg = 0)",
      "      { _Storage_policy::set(__arg); }",
      "    private:",
      "      typedef element_type*(_Pointer_adapter::*__unspecified_bool_type)() const;",
      "    public:",
      "      operator __unspecified_bool_type() const",
      "      { return 0; }",
      "      inline friend std::ptrdiff_t",
      "      operator-(const _Pointer_adapter& __lhs, element_type* __rhs)",
      "      { return (__lhs.get() - __rhs); }",
      "      inline _Pointer_adapter& operator++()",
      "      { return *this; }",
      "    };",
      "}",
    ]);
    expect(rows(r)).toEqual([
      "namespace __gnu_cxx 1-24",
      "struct __gnu_cxx._Reference_type 3-5",
      "type __gnu_cxx._Reference_type.reference 5-5",
      "class __gnu_cxx._Pointer_adapter 6-23",
      "type __gnu_cxx._Pointer_adapter.element_type 10-10",
      "constructor __gnu_cxx._Pointer_adapter._Pointer_adapter 11-12",
      "method __gnu_cxx._Pointer_adapter.operator __unspecified_bool_type 16-17",
      "method __gnu_cxx._Pointer_adapter.operator - 18-20",
      "method __gnu_cxx._Pointer_adapter.operator ++ 21-22",
    ]);
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(get(r, "__gnu_cxx._Reference_type.reference").signature).toBe("typedef _Tp& reference");
  });
});

describe("C++-6: a `decltype(auto)` return type on the line above the name", () => {
  it("leaves the name (it had been masked as a tail macro after the `)`)", async () => {
    const r = await reportOf("simd_scalar.h", [
      "template <typename _Tp>",
      "  _GLIBCXX_SIMD_INTRINSIC constexpr decltype(auto)",
      "  __promote_preserving_unsigned(const _Tp& __x)",
      "  {",
      "    return __x;",
      "  }",
    ]);
    expect(rows(r)).toEqual(["function __promote_preserving_unsigned 1-6"]);
  });
});

describe("C++-9: an exception-specification macro without an underscore", () => {
  it("is masked after a parameter list: one destructor, no method named THROWS", async () => {
    const r = await reportOf("cursesw.h", [
      "class NCursesFramedPad : public NCursesPad",
      "{",
      "public:",
      "  virtual ~NCursesFramedPad() THROWS(NCursesException) {",
      "    delete getSubWindow();",
      "  }",
      "  virtual void err_handler(const char *) const THROWS(NCursesException);",
      "  void OnError(int err) const THROW2(NCursesException const, NCursesMenuException) {",
      "    if (err) THROW(new NCursesMenuException(this, err));",
      "  }",
      "};",
    ]);
    expect(rows(r)).toEqual([
      "class NCursesFramedPad 1-11",
      "method NCursesFramedPad.~NCursesFramedPad 4-6",
      "method NCursesFramedPad.err_handler 7-7",
      "method NCursesFramedPad.OnError 8-10",
    ]);
    expect(get(r, "NCursesFramedPad.~NCursesFramedPad").signature).toBe("virtual ~NCursesFramedPad() THROWS(NCursesException)");
  });
});

describe("C++-10: a constructor named like a macro (`_NFA`) with an initialiser list on the next line", () => {
  it("is the constructor, not a masked macro line leaving `method _NFA_base`", async () => {
    const r = await reportOf("regex_automaton.h", [
      "template<typename _TraitsT>",
      "  struct _NFA",
      "  : _NFA_base, _GLIBCXX_STD_C::vector<_State<typename _TraitsT::char_type>>",
      "  {",
      "    _NFA(const typename _TraitsT::locale_type& __loc, _FlagT __flags)",
      "    : _NFA_base(__flags)",
      "    { _M_traits.imbue(__loc); }",
      "    _NFA(const _NFA&) = delete;",
      "  };",
    ]);
    expect(rows(r)).toEqual(["struct _NFA 1-9", "constructor _NFA._NFA 5-7", "constructor _NFA._NFA 8-8"]);
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
  });
});

describe("C-2 / C-3: C definitions the grammar has no rule for", () => {
  it("a function returning a function pointer with its name parenthesised is a function; its local is no entry", async () => {
    const r = await reportOf("libinit.c", [
      "struct ctx;",
      "// Gets the context function.",
      "void (*(get_ctx_fn(void)))(struct ctx*) {",
      "\tvoid (*ret)(struct ctx*);",
      "\tret = 0;",
      "\treturn ret;",
      "}",
    ]);
    expect(rows(r)).toEqual(["function get_ctx_fn 3-7"]);
    expect(get(r, "get_ctx_fn")).toMatchObject({ signature: "void (*(get_ctx_fn(void)))(struct ctx*)", doc: "Gets the context function." });
  });

  it("an old-style (K&R) definition runs to its body's end; its parameter declarations are no variables", async () => {
    const r = await reportOf("knr.c", [
      "void *myalloc(q, n, m)",
      "    void *q;",
      "    unsigned n, m;",
      "{",
      "    (void)q;",
      "    return calloc(n, m);",
      "}",
      "",
      "static char *strwinerror (error)",
      "     DWORD error;",
      "{",
      "    static char buf[1024];",
      "    return buf;",
      "}",
      "int after(void) { if (ready)",
      "    count = 1;",
      "  { return 0; } }",
    ]);
    expect(rows(r)).toEqual(["function myalloc 1-7", "function strwinerror 9-14", "function after 15-17"]);
    expect(get(r, "myalloc").signature).toBe("void *myalloc(q, n, m) void *q; unsigned n, m");
    expect(get(r, "strwinerror").exported).toBe(false);
  });
});

describe("C++-8: comments above a declaration that are no doc", () => {
  it("libstdc++'s defect notes and vim fold markers are left out; a `///` run under plain `//` lines is the doc", async () => {
    const r = await reportOf("notes.h", [
      "namespace std {",
      "  // _GLIBCXX_RESOLVE_LIB_DEFECTS",
      "  // 2948. unique_ptr does not define operator<< for stream output",
      "  /// Stream output operator for unique_ptr",
      "  /// @since C++20",
      "  template<typename _Tp>",
      "    inline int",
      "    operator<<(int __os, const _Tp& __p)",
      "    { return __os; }",
      "",
      "  // _GLIBCXX_RESOLVE_LIB_DEFECTS",
      "  // 438. Ambiguity in the \"do the right thing\" clause",
      "  // (not copy) the deleter",
      "  int dispatch(int __x);",
      "",
      "  // The standard requires that this operator must be defined, but",
      "  // defines its semantics only in terms of operator-.",
      "  /// Add position and offset.",
      "  int add(int __off);",
      "}",
      "// }}}",
      "// _CommonImplScalar {{{",
      "struct _CommonImplScalar",
      "{",
      "  // _S_store {{{2",
      "  template <typename _Tp>",
      "    _GLIBCXX_SIMD_INTRINSIC",
      "    static void _S_store(_Tp __v) noexcept",
      "    { }",
      "};",
      "",
      "// __promote{{{",
      "// work around crazy semantics of unsigned integers.",
      "int __promote(int __x);",
      "/// Check whether @c [__begin, __end) is sorted, @c > for arbitrary types.",
      "int __is_sorted(int __begin, int __end);",
    ]);
    const doc = (k: string) => get(r, k).doc;
    expect(doc("std.operator <<")).toBe("Stream output operator for unique_ptr");
    expect(doc("std.dispatch")).toBeUndefined();
    expect(doc("std.add")).toBe("Add position and offset.");
    expect(doc("_CommonImplScalar")).toBeUndefined();
    expect(doc("_CommonImplScalar._S_store")).toBeUndefined();
    expect(doc("__promote")).toBe("work around crazy semantics of unsigned integers.");
    expect(doc("__is_sorted")).toBe("Check whether [__begin, __end) is sorted, > for arbitrary types.");
  });
});

describe("C-4: a gtk-doc block", () => {
  it("documents with its description, not the `name:` line; another name's block or one without a description is left as it was", async () => {
    const r = await reportOf("gtk.c", [
      "/**",
      " * encrypt_file:",
      " * @tmpl_file:          the encryption template file name.",
      " * @key_file:           the Triple DES key file,",
      " *                      in PEM.",
      " *",
      " * Encrypts binary #data using template from #tmpl_file and DES key from",
      " * %key_file.",
      " *",
      " * Returns 0 on success.",
      " */",
      "int encrypt_file(const char *tmpl_file, const char *key_file) { return 0; }",
      "",
      "/**",
      " * GtkThing: (skip)",
      " * @x: the x.",
      " *",
      " * A thing with a position.",
      " */",
      "typedef struct { int x; } GtkThing;",
      "",
      "/**",
      " * other_name:",
      " * @a: an a.",
      " */",
      "int undocumented(int a);",
    ]);
    const doc = (n: string) => get(r, n).doc;
    expect(doc("encrypt_file")).toBe("Encrypts binary data using template from tmpl_file and DES key from key_file.");
    expect(doc("GtkThing")).toBe("A thing with a position.");
    expect(doc("undocumented")).toBe("other_name:");
  });
});

describe("C-QA45: a #define whose trailing block comment runs onto the next line", () => {
  it("signs as the define (elf.h's SHN_BEFORE), not with the comment's rest `(Solaris). */`", async () => {
    // The grammar ends the comment node at the line break; its second line had been read as code.
    const r = await reportOf("elf.h", [
      "#define SHN_LOPROC\t0xff00\t\t/* Start of processor-specific */",
      "#define SHN_BEFORE\t0xff00\t\t/* Order section before all others",
      "\t\t\t\t\t   (Solaris).  */",
      "#define SHF_OS_NONCONFORMING (1 << 8)\t/* Non-standard OS specific handling",
      "\t\t\t\t\t   required */",
      "#define SHN_HIPROC\t0xff1f\t\t/* End of processor-specific */",
    ]);
    expect(rows(r)).toEqual(["macro SHN_LOPROC 1-1", "macro SHN_BEFORE 2-3", "macro SHF_OS_NONCONFORMING 4-5", "macro SHN_HIPROC 6-6"]);
    expect(get(r, "SHN_BEFORE").signature).toBe("#define SHN_BEFORE 0xff00");
    expect(get(r, "SHF_OS_NONCONFORMING").signature).toBe("#define SHF_OS_NONCONFORMING (1 << 8)");
    expect(get(r, "SHN_HIPROC").signature).toBe("#define SHN_HIPROC 0xff1f");
  });
});

describe("C-QA45b: a name wrapped in a macro the file defines as its argument", () => {
  it("is the function's name (bzlib.h's `BZ_API(BZ2_bzCompress)` had made 24 functions named BZ_API)", async () => {
    const r = await reportOf("bzlib.h", [
      "#ifdef _WIN32",
      "#   define BZ_API(func) WINAPI func",
      "#else",
      "#   define BZ_API(func) func",
      "#   define BZ_EXTERN extern",
      "#endif",
      "",
      "BZ_EXTERN int BZ_API(BZ2_bzCompressInit) ( ",
      "      bz_stream* strm, ",
      "      int        blockSize100k ",
      "   );",
      "",
      "BZ_EXTERN const char * BZ_API(BZ2_bzlibVersion) (",
      "      void",
      "   );",
      "",
      "BZ_EXTERN BZFILE* BZ_API(BZ2_bzopen) (",
      "      const char *path,",
      "      const char *mode",
      "   );",
    ]);
    const fns = rows(r).filter((x) => x.startsWith("function"));
    expect(fns).toEqual(["function BZ2_bzCompressInit 8-11", "function BZ2_bzlibVersion 13-15", "function BZ2_bzopen 17-20"]);
    expect(get(r, "BZ2_bzopen").signature).toBe("BZFILE* BZ_API(BZ2_bzopen) (const char *path, const char *mode)");
    // A macro the file also defines by pasting (curses.h's `name##_sp` under `#if 1`) is not read as its argument.
    const c = await reportOf("sp.h", [
      "#if 1",
      "#define NCURSES_SP_NAME(name) name##_sp",
      "#else",
      "#define NCURSES_SP_NAME(name) name",
      "#endif",
      "extern int NCURSES_SP_NAME(baudrate) (SCREEN*);",
    ]);
    expect(rows(c).filter((x) => x.startsWith("function"))).not.toContain("function baudrate 6-6");
  });
});
