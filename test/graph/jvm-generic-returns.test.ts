/**
 * Java, C#, Kotlin: a member of what a library container's method gives on what a project method or
 * function returns, by the type arguments its declared return type writes (`Optional<Foo> findFoo()`:
 * `findFoo().orElseThrow().bar()` is Foo's `bar` — FileEntry.ft `Cls.findFoo(<` rows, qualified.ts
 * genericMember), and Java's `var q = new ArrayDeque<Foo>()`, whose type arguments the constructor call
 * writes. Session 52: each linked nothing.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usesWithConfidence as graph } from "./project.js";

tempCache();

describe("Java: generic returns and `var` made by `new X<T>()`", () => {
  it("a bare call, through a field, a typed local, a local a call made; `var q = new ArrayDeque<Foo>()`; a namesake untouched", async () => {
    const uses = await graph({
      "j/Foo.java": "package j;\n\npublic class Foo {\n  public void bar() {}\n}\n",
      "j/Other.java": "package j;\n\npublic class Other {\n  public void bar() {}\n}\n",
      "j/Repo.java": "package j;\n\nimport java.util.*;\n\npublic class Repo {\n  public Optional<Foo> findFoo() { return Optional.empty(); }\n  public List<Foo> all() { return null; }\n  public Map<String, Other> others() { return null; }\n}\n",
      "j/User.java": [
        "package j;",
        "",
        "import java.util.*;",
        "",
        "public class User {",
        "  Repo repo;",
        "  Optional<Foo> mine() { return null; }",
        "  void made() {",
        "    var q = new ArrayDeque<Foo>();",
        "    q.poll().bar();",
        "  }",
        "  void bare() { mine().orElseThrow().bar(); }",
        "  void field() { repo.all().get(0).bar(); }",
        "  void typed(Repo r) { r.findFoo().get().bar(); }",
        "  void local() {",
        "    var o = repo.findFoo();",
        "    o.orElse(null).bar();",
        "  }",
        // (The map's value type: Other's, not Foo's.)
        "  void map() { repo.others().get(\"k\").bar(); }",
        // (The list's own method: another library's, no link.)
        "  void own() { repo.all().size(); }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses("j/Foo.java", "Foo.bar")).toEqual(["j/User.java:User.bare receiver-type", "j/User.java:User.field receiver-type", "j/User.java:User.local receiver-type", "j/User.java:User.made receiver-type", "j/User.java:User.typed receiver-type"]);
    expect(uses("j/Other.java", "Other.bar")).toEqual(["j/User.java:User.map receiver-type"]);
  });
});

describe("C# and Kotlin: generic returns", () => {
  it("C#'s `repo.All().First().Bar()`, `Mine().First()`, `ByName().GetValueOrDefault(k)`; Kotlin's methods and a top-level function", async () => {
    const cs = await graph({
      "s/Foo.cs": "namespace S {\n  public class Foo {\n    public void Bar() {}\n  }\n  public class Other {\n    public void Bar() {}\n  }\n}\n",
      "s/Repo.cs": "using System.Collections.Generic;\nnamespace S {\n  public class Repo {\n    public List<Foo> All() { return null; }\n    public Dictionary<string, Foo> ByName() { return null; }\n  }\n}\n",
      "s/App.cs": [
        "using System.Collections.Generic;",
        "namespace S {",
        "  public class App {",
        "    Repo repo;",
        "    IEnumerable<Foo> Mine() { return null; }",
        "    void A() { repo.All().First().Bar(); }",
        "    void B() { Mine().First().Bar(); }",
        "    void C(Repo r) { r.ByName().GetValueOrDefault(\"x\").Bar(); }",
        "    void D() {",
        "      var x = repo.All();",
        "      x.Last().Bar();",
        "    }",
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
        "class Repo {",
        "  fun all(): List<Foo> = listOf()",
        "}",
        "",
        "fun top(): List<Foo> = listOf()",
        "",
        "class App(private val repo: Repo) {",
        "  fun mine(): MutableMap<String, Foo> = mutableMapOf()",
        "  fun a() { repo.all().first().bar() }",
        "  fun b() { mine().getValue(\"x\").bar() }",
        "  fun c() { top().first().bar() }",
        "}",
        "",
      ].join("\n"),
    });
    expect(cs("s/Foo.cs", "S.Foo.Bar")).toEqual(["s/App.cs:S.App.A receiver-type", "s/App.cs:S.App.B receiver-type", "s/App.cs:S.App.C receiver-type", "s/App.cs:S.App.D receiver-type"]);
    expect(cs("s/Foo.cs", "S.Other.Bar")).toEqual([]);
    expect(kt("k/Foo.kt", "Foo.bar")).toEqual(["k/App.kt:App.a receiver-type", "k/App.kt:App.b receiver-type", "k/App.kt:App.c receiver-type"]);
    expect(kt("k/Foo.kt", "Other.bar")).toEqual([]);
  });
});
