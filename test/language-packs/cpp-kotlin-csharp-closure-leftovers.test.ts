/**
 * QA leftovers on real parses: C++ conversion operators named with their declarator (`operator Value*`,
 * as Universal Ctags names them); the members of a Kotlin property's anonymous object (`val l = object :
 * Listener { … }`); Kotlin annotation runs before an indented type (a function body's local class); a C#
 * field declaration of several declarators, each entry its own declarator's signature and lines; a literal
 * a goog.provide'd path holds (`goog.DEBUG = true`), an exported constant.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat, lensAt } from "../helpers.js";

async function fileIn(name: string, src: string) {
  const dir = mkdtempSync(join(tmpdir(), "pilens-left-"));
  const path = join(dir, name);
  writeFileSync(path, src);
  const lens = await lensAt(dir);
  return { lens, path, report: await lens.moduleReport(path) };
}

describe("C++ conversion operators", () => {
  const src = [
    "struct Value {};",
    "class Holder {",
    "public:",
    "  operator Value*() const { return p; }",
    "  operator Value&() { return *p; }",
    "  operator const char *() const;",
    "  operator bool() const;",
    "  template <class T> operator T&&();",
    "  operator std::vector<int> &();",
    "  operator Foo<A, B>*();",
    "  operator unsigned   long();",
    "private:",
    "  Value *p;",
    "};",
    "Holder::operator const char*() const { return \"\"; }",
    "",
  ].join("\n");

  it("keep the pointer/reference declarator in their name, spelled as Universal Ctags spells it", async () => {
    const { report } = await fileIn("conv.cpp", src);
    const names = [...flat(report).keys()].filter((k) => k.includes("operator"));
    expect(names).toEqual([
      "Holder.operator Value*",
      "Holder.operator Value&",
      "Holder.operator bool",
      "Holder.operator T&&",
      "Holder.operator std::vector<int>&",
      "Holder.operator Foo<A,B>*",
      "Holder.operator unsigned long",
      "Holder.operator const char*",
    ]);
    expect(flat(report).get("Holder.operator const char*")).toMatchObject({ kind: "method", startLine: 15 });
  });

  it("read_symbol finds them by their qualified name", async () => {
    const { lens, path } = await fileIn("conv.cpp", src);
    const ptr = await lens.readSymbol(path, "Holder::operator Value*");
    expect(ptr).toMatchObject({ found: true, startLine: 4 });
    const ref = await lens.readSymbol(path, "Holder.operator Value&");
    expect(ref).toMatchObject({ found: true, startLine: 5 });
    expect(await lens.readSymbol(path, "Holder::operator std::vector<int>&")).toMatchObject({ found: true, startLine: 9 });
    expect(await lens.readSymbol(path, "operator Value *")).toMatchObject({ found: true, startLine: 4 });
  });
});

describe("Kotlin: a property's anonymous object", () => {
  const src = [
    "package x",
    "",
    "val topListener = object : Listener {",
    "    override fun onEvent() {}",
    "    val count = 1",
    "}",
    "",
    "class Screen {",
    "    private val listener = object : Listener, Other {",
    "        override fun onEvent() {",
    "            fun local() {}",
    "        }",
    "        fun helper(): Int = 1",
    "    }",
    "    val callback: Callback = object : Callback() {",
    "        override fun done(x: Int) {}",
    "    }",
    "    val lazyOne by lazy {",
    "        object : Listener { override fun onEvent() {} }",
    "    }",
    "    fun f() {",
    "        val local = object : Listener { override fun onEvent() {} }",
    "    }",
    "}",
    "",
  ].join("\n");

  it("lists its members under the property; a lambda's or a function's anonymous object stays out", async () => {
    const { report } = await fileIn("a.kt", src);
    const k = flat(report);
    expect(k.get("topListener.onEvent")).toMatchObject({ kind: "method", startLine: 4, exported: true });
    expect(k.get("topListener.count")).toMatchObject({ kind: "property", startLine: 5, exported: true });
    expect(k.get("Screen.listener.onEvent")).toMatchObject({ kind: "method", startLine: 10, endLine: 12, exported: false });
    expect(k.get("Screen.listener.helper")).toMatchObject({ kind: "method", exported: false });
    expect(k.get("Screen.callback.done")).toMatchObject({ kind: "method", startLine: 16, exported: true });
    expect([...k.keys()].filter((n) => n.startsWith("Screen.lazyOne.") || n.startsWith("Screen.f."))).toEqual([]);
    expect(k.has("Screen.listener.onEvent.local")).toBe(true);
  });
});

describe("Kotlin: a run of annotations before an indented type", () => {
  const src = [
    "package x",
    "",
    "class Outer {",
    "    @Suppress(\"x\")",
    "    @OptIn(P::class)",
    "    internal object Mapper {",
    "        fun map(a: Int): Int = a",
    "    }",
    "    fun f() {",
    "        @Suppress(\"x\")",
    "        @OptIn(P::class)",
    "        class Local { fun l() {} }",
    "        run {",
    "            @A",
    "            @B(1)",
    "            data class InLambda(val a: Int)",
    "        }",
    "    }",
    "    fun after() {}",
    "}",
    "",
  ].join("\n");

  it("keeps the type (a class body's as before, a function body's local too), its annotations as decorators", async () => {
    const { report } = await fileIn("n.kt", src);
    const k = flat(report);
    expect(k.get("Outer.Mapper")).toMatchObject({ kind: "object", startLine: 4, endLine: 8, decorators: ['@Suppress("x")', "@OptIn(P::class)"] });
    expect(k.get("Outer.Mapper.map")?.kind).toBe("method");
    expect(k.get("Outer.f.Local")).toMatchObject({ kind: "class", startLine: 10, endLine: 12, exported: false, decorators: ['@Suppress("x")', "@OptIn(P::class)"] });
    expect(k.get("Outer.f.Local.l")?.kind).toBe("method");
    expect(k.has("Outer.f.l")).toBe(false);
    expect(k.get("Outer.after")?.kind).toBe("method");
    expect(report.warnings?.some((w) => /syntax error/.test(w))).toBeFalsy();
  });
});

describe("C#: a field declaration of several declarators", () => {
  const src = [
    "using System;",
    "namespace N {",
    "  public class C {",
    "    public static Func<int, int> a = x => x, b = y => y;",
    "    private int p = 1, q = 2;",
    "    public Action<string> first = s => {",
    "        Console.WriteLine(s);",
    "    }, second = s => Console.WriteLine(s + \"!\");",
    "    [Obsolete] event EventHandler e1, e2;",
    "    const int K1 = 1, K2 = 2;",
    "    public Action<string> single = s => {",
    "        Console.WriteLine(s);",
    "    };",
    "  }",
    "}",
    "",
  ].join("\n");

  it("gives each entry its own declarator: modifiers, type, name and its folded initialiser", async () => {
    const { report } = await fileIn("a.cs", src);
    const k = flat(report);
    const sig = (n: string) => k.get(`N.C.${n}`)?.signature;
    expect(sig("a")).toBe("public static Func<int, int> a = x => x");
    expect(sig("b")).toBe("public static Func<int, int> b = y => y");
    expect(sig("p")).toBe("private int p = 1");
    expect(sig("q")).toBe("private int q = 2");
    expect(sig("single")).toBe("public Action<string> single = …");
    expect(sig("first")).toBe(sig("single")!.replace("single", "first"));
    expect(sig("second")).toBe("public Action<string> second = …");
    expect(sig("e1")).toBe("event EventHandler e1");
    expect(sig("e2")).toBe("event EventHandler e2");
    expect(k.get("N.C.e2")?.decorators).toEqual(["[Obsolete]"]);
    expect(sig("K2")).toBe("const int K2 = 2");
    expect(k.get("N.C.first")).toMatchObject({ startLine: 6, endLine: 8 });
    expect(k.get("N.C.second")).toMatchObject({ startLine: 8, endLine: 8 });
  });
});

describe("Closure: a literal on a goog.provide'd path", () => {
  const src = [
    "goog.provide('goog.DEBUG');",
    "goog.provide('my.ns');",
    "goog.provide('my.Widget');",
    "",
    "/**",
    " * Whether debugging is on.",
    " * @define {boolean}",
    " */",
    "goog.DEBUG = true;",
    "",
    "/** The version. */",
    "my.ns.VERSION = '1.2.3';",
    "my.ns.TIMEOUT = 3 * 1000;",
    "my.ns.COLORS = ['red', 'green'];",
    "my.ns.FLAG = goog.define('my.ns.FLAG', false);",
    "my.ns.computed = compute();",
    "my.ns.alias = other.thing;",
    "other.ns.X = 5;",
    "",
    "/** @constructor */",
    "my.Widget = function () {};",
    "my.Widget.EVENT = 'widgetevent';",
    "",
    "function f() {",
    "  my.ns.inner = 3;",
    "}",
    "",
  ].join("\n");

  it("is an exported constant named by the path's last segment, under what the path names when the file declares it", async () => {
    const { lens, path, report } = await fileIn("base.js", src);
    const k = flat(report);
    expect(k.get("DEBUG")).toMatchObject({ kind: "constant", exported: true, startLine: 9, signature: "goog.DEBUG = true", doc: "Whether debugging is on." });
    expect(k.get("VERSION")).toMatchObject({ kind: "constant", exported: true, signature: "my.ns.VERSION = '1.2.3'" });
    expect(k.get("TIMEOUT")).toMatchObject({ kind: "constant", exported: true });
    expect(k.get("COLORS")).toMatchObject({ kind: "constant", exported: true });
    expect(k.get("FLAG")).toMatchObject({ kind: "constant", exported: true });
    expect(k.get("Widget.EVENT")).toMatchObject({ kind: "constant", exported: true, startLine: 22 });
    for (const n of ["computed", "alias", "X", "inner", "f.inner"]) expect(k.has(n)).toBe(false);
    expect(await lens.readSymbol(path, "goog.DEBUG")).toMatchObject({ found: true, startLine: 5 });
    expect(await lens.readSymbol(path, "my.Widget.EVENT")).toMatchObject({ found: true, startLine: 22 });
  });
});
