/**
 * C/C++ outline defects from QA round 46 (/tmp/s46/qa-c/findings.md): shapes from Boost (container,
 * intrusive, move), Qt 5's QtCore, Abseil, RE2, googletest, spdlog and curl, reduced, parsed with the real
 * grammars.
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
  dir = mkdtempSync(join(tmpdir(), "pilens-qa-46c-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

async function reportOf(name: string, lines: string[]): Promise<ModuleReport> {
  writeFileSync(join(dir, name), lines.join("\n") + "\n");
  return lens.moduleReport(join(dir, name));
}

describe("46-1: exception macros (BOOST_TRY / BOOST_CATCH, QT_TRY / QT_CATCH)", () => {
  it("read as plain blocks: no error regions in the method, the members after it kept", async () => {
    const r = await reportOf("circular_list_algorithms.hpp", [
      "template<class NodeTraits>",
      "class circular_list_algorithms",
      "{",
      "   public:",
      "   static void stable_partition(node_ptr beg, node_ptr end)",
      "   {",
      "      while(beg != end){",
      "         BOOST_TRY{",
      "            while(beg != end){",
      "               beg = next(beg);",
      "            }",
      "         }",
      "         BOOST_CATCH(...){",
      "            set_next(beg, end);",
      "            BOOST_RETHROW;",
      "         }",
      "         BOOST_CATCH_END",
      "      }",
      "   }",
      "   static void swap_prev(node_ptr a, node_ptr b)",
      "   {",
      "      QT_TRY {",
      "         a = b;",
      "      } QT_CATCH(const std::bad_alloc &) {",
      "         a = 0;",
      "      }",
      "   }",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "class circular_list_algorithms 1-28",
      "method circular_list_algorithms.stable_partition 5-19",
      "method circular_list_algorithms.swap_prev 20-27",
    ]);
  });
});

describe("46-2: Boost.Move's reference macros in parameters", () => {
  it("BOOST_RV_REF(T) / BOOST_FWD_REF(T) / BOOST_COPY_ASSIGN_REF(T) read as reference types: the class keeps its members", async () => {
    const r = await reportOf("tree.hpp", [
      "namespace n {",
      "template <class T>",
      "class tree",
      "{",
      "   public:",
      "   tree(BOOST_RV_REF(tree) x)",
      "   {}",
      "   tree& operator=(BOOST_RV_REF(tree) x)",
      "   { return *this; }",
      "   tree& operator=(BOOST_COPY_ASSIGN_REF(tree) x)",
      "   { return *this; }",
      "   template<class K, class M>",
      "   int insert_or_assign(BOOST_FWD_REF(K) key, BOOST_FWD_REF(M) obj)",
      "   { return 0; }",
      "   void swap(BOOST_RV_REF_BEG tree<T> BOOST_RV_REF_END x) {}",
      "   int begin() { return 1; }",
      "};",
      "}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace n 1-18",
      "class n.tree 2-17",
      "constructor n.tree.tree 6-7",
      "method n.tree.operator = 8-9",
      "method n.tree.operator = 10-11",
      "method n.tree.insert_or_assign 12-14",
      "method n.tree.swap 15-15",
      "method n.tree.begin 16-16",
    ]);
    // Heads read the real text.
    expect(get(r, "n.tree.insert_or_assign").signature).toBe("template <class K, class M> int insert_or_assign(BOOST_FWD_REF(K) key, BOOST_FWD_REF(M) obj)");
  });
});

describe("46-3: a member compared with a character literal, `i->hi < 'A'`", () => {
  it("is no template argument list: re2's compile.cc had been one error region over the whole file", async () => {
    const r = await reportOf("compile.cc", [
      "namespace re2 {",
      "struct R { int lo, hi; };",
      "int Walk(R* i, bool foldascii) {",
      "  bool fold = foldascii;",
      "  if ((i->lo <= 'A' && 'z' <= i->hi) || i->hi < 'A' || 'z' < i->lo ||",
      "      ('Z' < i->lo && i->hi < 'a'))",
      "    fold = false;",
      "  return fold;",
      "}",
      "int After() { return 1; }",
      "}  // namespace re2",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["namespace re2 1-11", "struct re2.R 2-2", "field re2.R.lo 2-2", "field re2.R.hi 2-2", "function re2.Walk 3-9", "function re2.After 10-10"]);
  });
});

describe("46-4: lone macro lines", () => {
  it("a macro named with a trailing `_` and arguments is masked (absl's X-macro expansion in a class and a switch)", async () => {
    const r = await reportOf("extension.h", [
      "namespace n {",
      "class Conv {",
      " public:",
      "#define X_VAL(id) static constexpr int id = 1;",
      "  ABSL_INTERNAL_CONVERSION_CHARS_EXPAND_(X_VAL, )",
      "#undef X_VAL",
      "  static constexpr int kNone = 0;",
      "};",
      "inline int FromChar(char c) {",
      "  switch (c) {",
      "#define X_VAL(id) case #id[0]: return 1;",
      "    ABSL_INTERNAL_CONVERSION_CHARS_EXPAND_(X_VAL, )",
      "#undef X_VAL",
      "  }",
      "  return 0;",
      "}",
      "constexpr bool Contains(int set, char c) { return set == c; }",
      "}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r).filter((x) => !x.startsWith("macro"))).toEqual([
      "namespace n 1-18",
      "class n.Conv 2-8",
      "field n.Conv.kNone 7-7",
      "function n.FromChar 9-16",
      "function n.Contains 17-17",
    ]);
  });

  it("a lone macro the next line goes on from (`GTEST_CHECK_(x)` / `<< \"message\";`) is a statement, not masked", async () => {
    const r = await reportOf("port.cc", [
      "void Join(int phase) {",
      "  switch (phase) {",
      "    default:",
      "      GTEST_CHECK_(false)",
      "          << \"Unexpected value \"",
      "          << \"while joining.\";",
      "  }",
      "}",
      "void After() {}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["function Join 1-8", "function After 9-9"]);
  });
});

describe("46-5: specifiers before an out-of-class conversion operator", () => {
  it("`inline Boolean::operator bool() const` is the method `operator bool`, not a function `bool` (napi-inl.h)", async () => {
    const r = await reportOf("napi-inl.cc", [
      "inline Boolean::operator bool() const {",
      "  return Value();",
      "}",
      "template <typename T> inline Reference<T>::operator T*() const { return 0; }",
      "inline bool Boolean::operator==(const Boolean& o) const { return true; }",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["method operator bool 1-3", "method operator T* 4-4", "method operator == 5-5"]);
    expect(get(r, "operator bool").signature).toBe("Boolean::operator bool() const");
  });
});

describe("46-6: annotation macros after a `template <…>` on the same line", () => {
  it("are masked: `template <typename T> static Q_ALWAYS_INLINE` / `T load(…)` (qgenericatomic.h)", async () => {
    const r = await reportOf("qgenericatomic.h", [
      "template <typename BaseClass> struct QGenericAtomicOps",
      "{",
      "    template <typename T> static Q_ALWAYS_INLINE",
      "    T load(const T &_q_value) noexcept",
      "    {",
      "        return _q_value;",
      "    }",
      "    template <typename T> inline Q_DECL_CONSTEXPR T qToLittleEndian(T source)",
      "    { return source; }",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["struct QGenericAtomicOps 1-10", "method QGenericAtomicOps.load 3-7", "method QGenericAtomicOps.qToLittleEndian 8-9"]);
    expect(get(r, "QGenericAtomicOps.qToLittleEndian").signature).toBe("template <typename T> inline Q_DECL_CONSTEXPR T qToLittleEndian(T source)");
  });
});

describe("46-7: annotation macros before an out-of-class member of a class template", () => {
  it("`SPDLOG_INLINE X<M>::X(…)`, `Q_INLINE_TEMPLATE QSet<T> &QSet<T>::unite(…)`: constructors and methods, no error regions", async () => {
    const r = await reportOf("sink-inl.h", [
      "namespace spdlog {",
      "template<typename Mutex>",
      "SPDLOG_INLINE rotating_file_sink<Mutex>::rotating_file_sink(filename_t base_filename)",
      "    : base_filename_(std::move(base_filename))",
      "{",
      "}",
      "template<typename Mutex>",
      "SPDLOG_INLINE void rotating_file_sink<Mutex>::flush_()",
      "{",
      "    file_helper_.flush();",
      "}",
      "}",
      "template <class T>",
      "Q_INLINE_TEMPLATE QSet<T> &QSet<T>::unite(const QSet<T> &other)",
      "{ return *this; }",
      "template <class T, int Prealloc>",
      "Q_INLINE_TEMPLATE QVarLengthArray<T, Prealloc>::QVarLengthArray(int asize)",
      "    : s(asize) {}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace spdlog 1-12",
      "constructor spdlog.rotating_file_sink 2-6",
      "method spdlog.flush_ 7-11",
      "method unite 13-15",
      "constructor QVarLengthArray 16-18",
    ]);
  });
});

describe("46-8: nullability qualifiers (clang's _Nonnull, Abseil's absl_nonnull / absl_nullable)", () => {
  it("are masked in C and C++: no error regions, the heads keep them", async () => {
    const cc = await reportOf("span.h", [
      "namespace absl {",
      "void EnableDebugLog(const char* absl_nullable name);",
      "template <typename T>",
      "Span<const T> MakeConstSpan(T* absl_nullable begin, T* absl_nullable end) noexcept {",
      "  return Span<const T>(begin, end - begin);",
      "}",
      "void Register(void (*absl_nonnull fn)(void* absl_nullability_unknown), void* absl_nullability_unknown arg);",
      "}",
    ]);
    expect(syntaxNotes(cc.warnings)).toEqual([]);
    expect(rows(cc)).toEqual(["namespace absl 1-8", "function absl.EnableDebugLog 2-2", "function absl.MakeConstSpan 3-6", "function absl.Register 7-7"]);
    expect(get(cc, "absl.EnableDebugLog").signature).toBe("void EnableDebugLog(const char* absl_nullable name)");
    const c = await reportOf("nn.c", ["void f(const char * _Nonnull p, int * _Nullable q);", "char * _Nullable h(void) { return 0; }"]);
    expect(syntaxNotes(c.warnings)).toEqual([]);
    expect(rows(c)).toEqual(["function f 1-1", "function h 2-2"]);
  });

  it("leaves the directive that defines one as it is", async () => {
    const r = await reportOf("nullability.h", ["#define absl_nonnull _Nonnull", "#define absl_nullable _Nullable"]);
    expect(rows(r)).toEqual(["macro absl_nonnull 1-1", "macro absl_nullable 2-2"]);
  });
});

describe("46-9: annotation macros after `override`, `final` or `noexcept`", () => {
  it("are masked: no methods named for the macro, the method with a body is listed", async () => {
    const r = await reportOf("flag.h", [
      "class Flag {",
      " public:",
      "  void Read(void* dst) const override ABSL_LOCKS_EXCLUDED(DataGuard());",
      "  pointer data() noexcept ABSL_ATTRIBUTE_LIFETIME_BOUND {",
      "    return p_;",
      "  }",
      "  ~Flag() override GTEST_LOCK_EXCLUDED_(g_gmock_mutex) {",
      "  }",
      " private:",
      "  pointer p_;",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["class Flag 1-11", "method Flag.Read 3-3", "method Flag.data 4-6", "method Flag.~Flag 7-8", "field Flag.p_ 10-10"]);
    expect(get(r, "Flag.Read").signature).toBe("void Read(void* dst) const override ABSL_LOCKS_EXCLUDED(DataGuard())");
  });
});

describe("46-10: a lone macro line with calls in its arguments", () => {
  it("is masked (Q_STATIC_ASSERT, Q_PRIVATE_SLOT; as an if's body its `;` stays), not one holding a lambda", async () => {
    const r = await reportOf("qjsonvalue.h", [
      "class QJsonValue {",
      "public:",
      "    Q_STATIC_ASSERT(sizeof(QExplicitlySharedDataPointer<QCborContainerPrivate>) == sizeof(void *));",
      "    int size() const;",
      "private:",
      "    Q_PRIVATE_SLOT(d_func(), void _q_fileChanged(const QString &path, bool removed))",
      "    int n;",
      "};",
      "void f() {",
      "  EXPECT_THAT(Run([&] { go(); }), IsOk());",
      "  if (x)",
      "    EXPECT_TRUE(m.contains(2));",
      "}",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["class QJsonValue 1-8", "method QJsonValue.size 4-4", "field QJsonValue.n 7-7", "function f 9-13"]);
    expect(r.callbacks.map((c) => `${c.kind} ${c.startLine}`)).toEqual(["lambda 10"]);
  });
});

describe("46-11: a C header whose comments, strings or directives hold `A::b`", () => {
  it("stays C (gtk-doc's `#GDBusProxy::g-properties-changed`, `\"standard::type\"`, `[[gnu::always_inline]]` in a #define)", async () => {
    const r = await reportOf("gdbusproxy.h", [
      "/**",
      " * GDBusProxyClass:",
      " * @g_properties_changed: Signal class handler for the #GDBusProxy::g-properties-changed signal.",
      " */",
      '#define G_FILE_ATTRIBUTE_STANDARD_TYPE "standard::type"',
      "#define G_ALWAYS_INLINE [[gnu::always_inline]]",
      "typedef struct _GDBusProxyClass GDBusProxyClass;",
      "void g_dbus_proxy_new (int flags, void *new);",
    ]);
    expect(r.language).toBe("c");
    expect(rows(r)).toContain("function g_dbus_proxy_new 8-8");
  });

  it("a header with `A::b` in its code, or a C++ standard include, is still C++", async () => {
    expect((await reportOf("a.h", ["// C++ helpers", "inline int f() { return std::max(1, 2); }"])).language).toBe("cpp");
    expect((await reportOf("b.h", ["#include <vector>", "int g(void);"])).language).toBe("cpp");
  });
});

describe("46-12: gtk-doc blocks of class members and visibility markers", () => {
  it("`GApplicationClass::local_command_line:` is documented by its description; `/*< private >*/` is no doc", async () => {
    const r = await reportOf("gapplication.h", [
      "typedef struct _GApplication GApplication;",
      "struct _GApplicationClass",
      "{",
      "  /*< private >*/",
      "  GObjectClass parent_class;",
      "",
      "  /**",
      "   * GApplicationClass::local_command_line:",
      "   * @application: a #GApplication",
      "   * @exit_status: (out): exit status to fill after processing the command line.",
      "   *",
      "   * This virtual function is always invoked in the local instance. It",
      "   * gets passed a pointer to a %NULL-terminated copy of @argv.",
      "   */",
      "  int (* local_command_line) (GApplication *application, int *exit_status);",
      "};",
    ]);
    expect(r.language).toBe("c");
    expect(get(r, "_GApplicationClass.parent_class").doc).toBeUndefined();
    expect(get(r, "_GApplicationClass.local_command_line").doc).toBe("This virtual function is always invoked in the local instance.");
  });
});

describe("46-13: Qt's access labels", () => {
  it("`public Q_SLOTS:`, `Q_SIGNALS:`, `private slots:`, `signals:` are access labels: the slots are listed, signals public", async () => {
    const r = await reportOf("qtimer.h", [
      "class Q_CORE_EXPORT QTimer : public QObject",
      "{",
      "    Q_OBJECT",
      "public:",
      "    explicit QTimer(QObject *parent = nullptr);",
      "public Q_SLOTS:",
      "    void start(int msec);",
      "    void start();",
      "Q_SIGNALS:",
      "    void timeout(QPrivateSignal);",
      "private slots:",
      "    void onTick();",
      "signals:",
      "    void fired();",
      "private:",
      "    int id;",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    const entries = r.api[0]!.members!.map((m) => `${m.name} ${m.startLine} ${m.exported ? "public" : "private"}`);
    expect(entries).toEqual(["QTimer 5 public", "start 7 public", "start 8 public", "timeout 10 public", "onTick 12 private", "fired 14 public", "id 16 private"]);
  });
});

describe("46-14: prototypes of other overloads beside a definition", () => {
  it("are kept: only a prototype with a definition's parameter types is its declaration", async () => {
    const r = await reportOf("qtimer2.h", [
      "class QTimer {",
      "public:",
      "    void start(int msec);",
      "    void start();",
      "    void stop();",
      "    void start(std::chrono::milliseconds value)",
      "    {",
      "        start(int(value.count()));",
      "    }",
      "    void stop() {}",
      "};",
    ]);
    expect(rows(r)).toEqual(["class QTimer 1-11", "method QTimer.start 3-3", "method QTimer.start 4-4", "method QTimer.start 6-9", "method QTimer.stop 10-10"]);
    const read = await lens.readSymbol(join(dir, "qtimer2.h"), "QTimer.start");
    expect(read.ambiguous?.count).toBe(3);
  });

  it("a C prototype and its definition stay one entry, also when several prototypes name it", async () => {
    const r = await reportOf("twice.c", ["#ifdef A", "int f(int x);", "#else", "int f(int y);", "#endif", "int f(int x) { return x; }"]);
    expect(rows(r)).toEqual(["function f 6-6"]);
  });
});

describe("46-15: `#if __has_include(<chrono>)`", () => {
  it("is no error region", async () => {
    const r = await reportOf("hi.h", ["#if __has_include(<chrono>) || defined(Q_QDOC)", "#  include <chrono>", "#endif", '#if __has_include("x/y.h")', "int a;", "#endif"]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["variable a 5-5"]);
  });
});

describe("46-16: read_symbol of an out-of-class member whose class is declared elsewhere", () => {
  it("finds it by the namespace path too: `spdlog::logger::flush_`, as by `logger::flush_`", async () => {
    writeFileSync(join(dir, "logger-inl.h"), ["namespace spdlog {", "SPDLOG_INLINE void logger::flush_()", "{", "    sink->flush();", "}", "}", ""].join("\n"));
    for (const q of ["spdlog::logger::flush_", "spdlog.logger.flush_", "logger::flush_", "flush_"]) {
      const read = await lens.readSymbol(join(dir, "logger-inl.h"), q);
      expect([q, read.found, read.startLine, read.endLine, read.ambiguous]).toEqual([q, true, 2, 5, undefined]);
    }
  });
});

describe("46-17: an amalgamation's shapes (sqlite3.c)", () => {
  it("`#if 0` is read without its code: a closing brace or a script under it no longer runs an error over the rest", async () => {
    // (Code enough around them that the error regions cover less than half the file: no second reading.)
    const filler = Array.from({ length: 30 }, (_, i) => `int f${i}(int x) { return x + ${i}; }`);
    const r = await reportOf("amalgamation.c", [
      ...filler,
      "#if 0",
      '}  /* End of the \'extern "C"\' block */',
      "#endif",
      "#if 0  /*****  Beginning of script ******/",
      "foreach c {d s g} {",
      '  puts "count: $mx"',
      "}",
      "#endif /***** End of script ********/",
      "int b(void) { return 2; }",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r).slice(-2)).toEqual(["function f29 30-30", "function b 39-39"]);
  });

  it("an empty macro after `static` (`static SQLITE_WSD struct X {…} x`) and an attribute before an initialiser are masked", async () => {
    const r = await reportOf("wsd.c", [
      "#define SQLITE_WSD",
      "static SQLITE_WSD struct sqlite3StatType {",
      "  int nowValue[10];",
      "} sqlite3Stat = { {0,} };",
      "static const int *columnNullValue(void){",
      "  static const int nullMem",
      "#if defined(SQLITE_DEBUG) && defined(__GNUC__)",
      "    __attribute__((aligned(8)))",
      "#endif",
      "    = 0;",
      "  return &nullMem;",
      "}",
      "int after(void) { return 0; }",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["struct sqlite3StatType 2-4", "field sqlite3StatType.nowValue 3-3", "variable sqlite3Stat 2-4", "function columnNullValue 5-12", "function after 13-13"]);
  });
});

describe("46-18: a file over 4 MB outlined when maxFileBytes allows it", () => {
  it("has its macros masked too (sqlite3.c, 9 MB: 34.5% of Universal Ctags' definitions found had been 99.7%)", async () => {
    const big = mkdtempSync(join(tmpdir(), "pilens-qa-46c-big-"));
    writeFileSync(join(big, "package.json"), "{}");
    writeFileSync(join(big, ".pilensrc"), JSON.stringify({ maxFileBytes: 8_000_000 }));
    const body = Array.from({ length: 70_000 }, (_, i) => `SQLITE_API int sqlite3_fn_${i}(int x){ return x + ${i}; }`);
    writeFileSync(join(big, "amalgamation.c"), ["#define SQLITE_API", ...body, ""].join("\n"));
    const r = await (await lensAt(big)).moduleReport(join(big, "amalgamation.c"));
    expect(r.available).toBe(true);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(r.summary?.symbols).toBe(70_000);
  }, 60_000);
});

describe("46-19: loop macros before a block (Q_FOREVER, forever, Q_FOREACH, BOOST_FOREACH)", () => {
  it("leave a plain block: the struct around them keeps its members", async () => {
    const r = await reportOf("qgenericatomic.h", [
      "template <typename BaseClass> struct QGenericAtomicOps",
      "{",
      "    template <typename T, typename X> static Q_ALWAYS_INLINE",
      "    T fetchAndStoreRelaxed(T &_q_value, X newValue) noexcept",
      "    {",
      "        Q_FOREVER {",
      "            T tmp = loadRelaxed(_q_value);",
      "            if (BaseClass::testAndSetRelaxed(_q_value, tmp, newValue))",
      "                return tmp;",
      "        }",
      "    }",
      "    void each(const QList<int> &xs)",
      "    {",
      "        Q_FOREACH (int x, xs) {",
      "            use(x);",
      "        }",
      "        BOOST_FOREACH(int y, xs) { use(y); }",
      "    }",
      "    static void after() {}",
      "};",
    ]);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "struct QGenericAtomicOps 1-20",
      "method QGenericAtomicOps.fetchAndStoreRelaxed 3-11",
      "method QGenericAtomicOps.each 12-18",
      "method QGenericAtomicOps.after 19-19",
    ]);
  });
});
