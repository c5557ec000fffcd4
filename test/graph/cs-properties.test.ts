/**
 * C#: members of what properties and indexers give — a library container's (`dict[k].Bar()` on
 * `Dictionary<string, Foo>`, `list[0].Bar()`, `task.Result.Bar()` on `Task<Foo>`, `it.Current`; Kotlin's
 * `map[k]?.bar()` alike) and a project class's property (`this.Child.Run()`, `f.Child.Run()`, `Child.Run()`
 * with `public Node Child { get; set; }`). Session 52: none linked (a capitalized property read as a
 * type's name, `:Child`).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usesWithConfidence as graph } from "./project.js";

tempCache();

describe("C#: properties and indexers", () => {
  it("a library container's indexer and property give its type argument; a project property its declared type; a namesake untouched", async () => {
    const uses = await graph({
      "s/Foo.cs": [
        "namespace S {",
        "  public class Foo {",
        "    public void Bar() {}",
        "    public Node Child { get; set; }",
        "  }",
        "  public class Node {",
        "    public void Run() {}",
        "  }",
        "  public class Other {",
        "    public void Bar() {}",
        "    public void Run() {}",
        "  }",
        "}",
        "",
      ].join("\n"),
      "s/App.cs": [
        "using System.Collections.Generic;",
        "using System.Threading.Tasks;",
        "namespace S {",
        "  public class App {",
        "    Dictionary<string, Foo> dict;",
        "    public Node Child { get; set; }",
        "    void A(string k) { dict[k].Bar(); }",
        "    void B(Task<Foo> task) { task.Result.Bar(); }",
        "    void C(List<Foo> list) { list[0].Bar(); }",
        "    void D() { this.Child.Run(); }",
        "    void E(Foo f) { f.Child.Run(); }",
        "    void F() { Child.Run(); }",
        "    void G(IEnumerator<Foo> it) { it.Current.Bar(); }",
        // (An array's indexer: no library container's — the member by its name, as before; Bar has two, no link.)
        "    void H(Foo[] all) { all[0].Bar(); }",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses("s/Foo.cs", "S.Foo.Bar")).toEqual(["s/App.cs:S.App.A receiver-type", "s/App.cs:S.App.B receiver-type", "s/App.cs:S.App.C receiver-type", "s/App.cs:S.App.G receiver-type"]);
    expect(uses("s/Foo.cs", "S.Node.Run")).toEqual(["s/App.cs:S.App.D receiver-type", "s/App.cs:S.App.E receiver-type", "s/App.cs:S.App.F receiver-type"]);
    expect(uses("s/Foo.cs", "S.Other.Bar")).toEqual([]);
    expect(uses("s/Foo.cs", "S.Other.Run")).toEqual([]);
  });

  it("Kotlin: `map[k]?.bar()` and `list[0].bar()` on a library container", async () => {
    const uses = await graph({
      "k/Foo.kt": "package k\n\nclass Foo {\n  fun bar() {}\n}\n\nclass Other {\n  fun bar() {}\n}\n",
      "k/App.kt": "package k\n\nclass App(private val map: Map<String, Foo>) {\n  fun a(k: String) { map[k]?.bar() }\n  fun b(list: List<Foo>) { list[0].bar() }\n}\n",
    });
    expect(uses("k/Foo.kt", "Foo.bar")).toEqual(["k/App.kt:App.a receiver-type", "k/App.kt:App.b receiver-type"]);
    expect(uses("k/Foo.kt", "Other.bar")).toEqual([]);
  });

  it("a partial class's property another part declares: its declared type's member, from outside the class and from another part", async () => {
    const uses = await graph({
      "s/Module.cs": ["namespace S {", "  public partial class Module {", "    public Dispatcher EventDispatcher { get; set; }", "  }", "}", ""].join("\n"),
      "s/Module.Run.cs": ["namespace S {", "  public partial class Module {", "    void Run() {", "      this.EventDispatcher.Dispatch();", "    }", "  }", "}", ""].join("\n"),
      "s/Dispatcher.cs": ["namespace S {", "  public class Dispatcher {", "    public void Dispatch() {}", "  }", "  public class Other {", "    public void Dispatch() {}", "  }", "}", ""].join("\n"),
      "s/App.cs": ["namespace S {", "  public class App {", "    void F(Module m) {", "      m.EventDispatcher.Dispatch();", "    }", "  }", "}", ""].join("\n"),
    });
    expect(uses("s/Dispatcher.cs", "S.Dispatcher.Dispatch")).toEqual(["s/App.cs:S.App.F receiver-type", "s/Module.Run.cs:S.Module.Run receiver-type"]);
    expect(uses("s/Dispatcher.cs", "S.Other.Dispatch")).toEqual([]);
  });
});
