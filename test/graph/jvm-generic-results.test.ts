/**
 * Java, C#, Kotlin: a member of what a library container's method gives, by the type arguments the
 * value's declaration writes (generic-results.ts: `m.get(k).bar()` on `Map<String, Foo> m` is Foo's
 * `bar`), and locals made by calls followed a few locals up (`var a = x.getA(); var b = a.getB();
 * b.run()`, collect.ts calledOf). Session 51: both linked nothing.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import type { Entry } from "../../core/types.js";
import { flat } from "../helpers.js";
import { tempCache, usesWithConfidence } from "./project.js";

tempCache();

const graph = usesWithConfidence;

describe("Java: a library container's method gives its type argument", () => {
  it("Map.get / computeIfAbsent, Optional.orElseThrow, List.get on a field, a parameter, a local, through an iterator or a stream; a type variable's none", async () => {
    const uses = await graph({
      "j/Foo.java": "package j;\n\npublic class Foo {\n  public void bar() {}\n}\n",
      // (A namesake: `bar` by its name alone links neither.)
      "j/Other.java": "package j;\n\npublic class Other {\n  public void bar() {}\n}\n",
      "j/App.java": [
        "package j;",
        "",
        "import java.util.*;",
        "",
        "public class App<T> {",
        "  private final Map<String, Foo> cache = new HashMap<>();",
        "  private List<T> items;",
        "",
        "  void field(String k) { cache.computeIfAbsent(k, x -> new Foo()).bar(); }",
        "  void param(List<Foo> list) { list.get(0).bar(); }",
        "  void local() {",
        "    Optional<Foo> o = Optional.empty();",
        "    o.orElseThrow().bar();",
        "  }",
        "  void viaLocal(String k) {",
        "    var f = cache.get(k);",
        "    f.bar();",
        "  }",
        "  void variable() { items.get(0).bar(); }",
        "  void viaIterator(Queue<Foo> queue) {",
        "    var it = queue.iterator();",
        "    var f = it.next();",
        "    f.bar();",
        "  }",
        "  void viaStream(String k) { cache.values().stream().findFirst().orElseThrow().bar(); }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses("j/Foo.java", "Foo.bar")).toEqual(["j/App.java:App.field receiver-type", "j/App.java:App.local receiver-type", "j/App.java:App.param receiver-type", "j/App.java:App.viaIterator receiver-type", "j/App.java:App.viaLocal receiver-type", "j/App.java:App.viaStream receiver-type"]);
    expect(uses("j/Other.java", "Other.bar")).toEqual([]);
  });
});

describe("C# and Kotlin: a library container's method gives its type argument", () => {
  it("ConcurrentDictionary.GetOrAdd, List.First (C#); MutableMap.getValue, List.first (Kotlin)", async () => {
    const cs = await graph({
      "s/Foo.cs": "namespace S {\n  public class Foo {\n    public void Bar() {}\n  }\n  public class Other {\n    public void Bar() {}\n  }\n}\n",
      "s/App.cs": [
        "using System.Collections.Concurrent;",
        "using System.Collections.Generic;",
        "namespace S {",
        "  public class App {",
        "    static readonly ConcurrentDictionary<string, Foo> s_all = new ConcurrentDictionary<string, Foo>();",
        "    void Add(string k) { s_all.GetOrAdd(k, _ => new Foo()).Bar(); }",
        "    void Head(List<Foo> list) { list.First().Bar(); }",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    const kt = await graph({
      "k/Foo.kt": "package k\n\nclass Foo {\n  fun bar() {}\n}\n\nclass Other {\n  fun bar() {}\n}\n",
      "k/App.kt": [
        "package k",
        "",
        "class App(private val all: MutableMap<String, Foo>) {",
        "  fun byKey(k: String) { all.getValue(k).bar() }",
        "  fun head(list: List<out Foo>) { list.first().bar() }",
        "}",
        "",
      ].join("\n"),
    });
    expect(cs("s/Foo.cs", "S.Foo.Bar")).toEqual(["s/App.cs:S.App.Add receiver-type", "s/App.cs:S.App.Head receiver-type"]);
    expect(cs("s/Foo.cs", "S.Other.Bar")).toEqual([]);
    expect(kt("k/Foo.kt", "Foo.bar")).toEqual(["k/App.kt:App.byKey receiver-type", "k/App.kt:App.head receiver-type"]);
    expect(kt("k/Foo.kt", "Other.bar")).toEqual([]);
  });
});

describe("Java, C#, Kotlin: locals made by calls, followed a few locals up", () => {
  it("`var a = c.getA(); var b = a.getB(); b.run()`: the type getB returns", async () => {
    const java = await graph({
      "j/Parts.java": "package j;\n\npublic class Parts {\n  public Engine getB() { return null; }\n}\n",
      "j/Engine.java": "package j;\n\npublic class Engine {\n  public void run() {}\n}\n",
      "j/Other.java": "package j;\n\npublic class Other {\n  public void run() {}\n}\n",
      "j/Client.java": "package j;\n\npublic class Client {\n  public Parts getA() { return null; }\n}\n",
      "j/App.java": "package j;\n\npublic class App {\n  void go(Client c) {\n    var a = c.getA();\n    var b = a.getB();\n    b.run();\n  }\n}\n",
    });
    const cs = await graph({
      "s/Parts.cs": "namespace S {\n  public class Parts {\n    public Engine GetB() { return null; }\n  }\n  public class Engine {\n    public void Run() {}\n  }\n  public class Other {\n    public void Run() {}\n  }\n}\n",
      "s/App.cs": "namespace S {\n  public class App {\n    Parts GetA() { return null; }\n    void Go() {\n      var a = GetA();\n      var b = a.GetB();\n      b.Run();\n    }\n  }\n}\n",
    });
    const kt = await graph({
      "k/Parts.kt": "package k\n\nclass Parts {\n  fun getB(): Engine = Engine()\n}\n\nclass Engine {\n  fun run() {}\n}\n\nclass Other {\n  fun run() {}\n}\n",
      "k/App.kt": "package k\n\nclass App {\n  fun getA(): Parts = Parts()\n  fun go() {\n    val a = getA()\n    val b = a.getB()\n    b.run()\n  }\n}\n",
    });
    expect(java("j/Engine.java", "Engine.run")).toEqual(["j/App.java:App.go receiver-type"]);
    expect(java("j/Other.java", "Other.run")).toEqual([]);
    expect(cs("s/Parts.cs", "S.Engine.Run")).toEqual(["s/App.cs:S.App.Go receiver-type"]);
    expect(cs("s/Parts.cs", "S.Other.Run")).toEqual([]);
    expect(kt("k/Parts.kt", "Engine.run")).toEqual(["k/App.kt:App.go receiver-type"]);
    expect(kt("k/Parts.kt", "Other.run")).toEqual([]);
  });
});

describe("Kotlin: a companion's function and the class's own of one name", () => {
  it("`Module.store(url)` through the class is the companion's, `module.store(url)` on a value the class's own — whichever is declared first; `Module.Gone` the nested object, not the companion's `Gone()`", async () => {
    const uses = await graph({
      "k/Module.kt": [
        "package k",
        "",
        "class Module {",
        "  fun store(url: String) {}",
        "  object Gone",
        "",
        "  companion object {",
        "    fun store(url: String) {}",
        "    fun Gone(): Module = Module()",
        "  }",
        "}",
        "",
      ].join("\n"),
      // (The companion above the class's own: the first declared is no answer either way.)
      "k/Early.kt": "package k\n\nclass Early {\n  companion object {\n    fun keep(n: Int) {}\n  }\n\n  fun keep(n: Int) {}\n}\n",
      "k/Use.kt": [
        "package k",
        "",
        "class Use {",
        "  fun statically() { Module.store(\"a\") }",
        "  fun onValue(m: Module) { m.store(\"b\") }",
        "  fun early() { Early.keep(1) }",
        "  fun earlyValue(e: Early) { e.keep(2) }",
        "  fun nested(): Any = Module.Gone",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses("k/Module.kt", "Module.Companion.store")).toEqual(["k/Use.kt:Use.statically receiver-type"]);
    expect(uses("k/Module.kt", "Module.store")).toEqual(["k/Use.kt:Use.onValue receiver-type"]);
    // (Named through the class, not called: the nested object, not the companion's function of its name.)
    expect(uses("k/Module.kt", "Module.Gone")).toEqual(["k/Use.kt:Use.nested receiver-type"]);
    expect(uses("k/Module.kt", "Module.Companion.Gone")).toEqual([]);
    expect(uses("k/Early.kt", "Early.Companion.keep")).toEqual(["k/Use.kt:Use.early receiver-type"]);
    expect(uses("k/Early.kt", "Early.keep")).toEqual(["k/Use.kt:Use.earlyValue receiver-type"]);
  });
});
