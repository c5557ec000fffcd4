/**
 * Java, C# and Kotlin: a member of what a call gives is the member of the type the called method declares
 * it returns (typed-names.ts: FileEntry.ft `Client.registry(\tRegistry` rows; call-chains.ts: the call
 * a member follows) — `client().registerEvent()`, `getFoo().bar()`, `Foo.getInstance().run()`. Session
 * 50: such members linked by their name alone, or nothing where two types declare the name.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import type { Entry } from "../../core/types.js";
import { flat } from "../helpers.js";
import { tempCache, usesWithConfidence } from "./project.js";

tempCache();

const graph = usesWithConfidence;

describe("Java: a member of a method call's result", () => {
  it("is the declared return type's — a bare call of the class's method, a static method through its class, a typed value's, `this.`, two calls down; another library's type (List) links nothing", async () => {
    const J = "src/main/java/a";
    const uses = await graph({
      [`${J}/Registry.java`]: "package a;\n\npublic class Registry {\n  public void registerEvent(String n) {}\n}\n",
      [`${J}/Client.java`]: [
        "package a;",
        "",
        "public class Client {",
        "  public static Client getInstance() { return null; }",
        "  public Registry registry() { return null; }",
        "  public void run() {}",
        "  public java.util.List<String> names() { return null; }",
        "}",
        "",
      ].join("\n"),
      // (Namesakes: no member of these names is unique, so the name alone links nothing.)
      [`${J}/Other.java`]: "package a;\n\npublic class Other {\n  public void registerEvent(String n) {}\n  public void run() {}\n  public int size() { return 0; }\n  public Registry registry() { return null; }\n}\n",
      [`${J}/Sized.java`]: "package a;\n\npublic class Sized {\n  public int size() { return 0; }\n}\n",
      [`${J}/App.java`]: [
        "package a;",
        "",
        "public class App {",
        "  Client client() { return Client.getInstance(); }",
        "",
        "  void bare() { client().run(); }",
        "  void statics() { Client.getInstance().run(); }",
        "  void typed(Client c) { c.registry().registerEvent(\"b\"); }",
        "  void self() { this.client().run(); }",
        "  void twice() { client().registry().registerEvent(\"a\"); }",
        "  void foreign() { client().names().size(); }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses(`${J}/Client.java`, "Client.run")).toEqual([`${J}/App.java:App.bare receiver-type`, `${J}/App.java:App.self receiver-type`, `${J}/App.java:App.statics receiver-type`]);
    expect(uses(`${J}/Registry.java`, "Registry.registerEvent")).toEqual([`${J}/App.java:App.twice receiver-type`, `${J}/App.java:App.typed receiver-type`]);
    expect(uses(`${J}/Other.java`, "Other.run")).toEqual([]);
    expect(uses(`${J}/Other.java`, "Other.registerEvent")).toEqual([]);
    // (`names()` gives a java.util.List: its size() is none of the project's.)
    expect(uses(`${J}/Other.java`, "Other.size")).toEqual([]);
    expect(uses(`${J}/Sized.java`, "Sized.size")).toEqual([]);
  });
});

describe("C#: a member of a method call's result", () => {
  it("is the declared return type's — a bare call, a static method, a typed value's; a predefined type's none", async () => {
    const uses = await graph({
      "Shop/Registry.cs": "namespace Shop {\n  public class Registry {\n    public void RegisterEvent(string n) {}\n  }\n}\n",
      "Shop/Other.cs": "namespace Shop {\n  public class Other {\n    public void RegisterEvent(string n) {}\n    public void Run() {}\n  }\n}\n",
      "Shop/Client.cs": [
        "namespace Shop {",
        "  public class Client {",
        "    public static Client Instance() { return null; }",
        "    public Registry GetRegistry() { return null; }",
        "    public void Run() {}",
        "  }",
        "}",
        "",
      ].join("\n"),
      "Shop/App.cs": [
        "namespace Shop {",
        "  public class App {",
        "    Client GetClient() { return Client.Instance(); }",
        "    void Bare() { GetClient().Run(); }",
        "    void Statics() { Client.Instance().GetRegistry().RegisterEvent(\"a\"); }",
        "    void Typed(Client c) { c.GetRegistry()?.RegisterEvent(\"b\"); }",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses("Shop/Client.cs", "Shop.Client.Run")).toEqual(["Shop/App.cs:Shop.App.Bare receiver-type"]);
    expect(uses("Shop/Registry.cs", "Shop.Registry.RegisterEvent")).toEqual(["Shop/App.cs:Shop.App.Statics receiver-type", "Shop/App.cs:Shop.App.Typed receiver-type"]);
    expect(uses("Shop/Other.cs", "Shop.Other.RegisterEvent")).toEqual([]);
    expect(uses("Shop/Other.cs", "Shop.Other.Run")).toEqual([]);
  });
});

describe("Kotlin: a member of a function call's result", () => {
  it("is the declared return type's — a class's method, a companion's and an object's through their name, a top-level function, a constructor call, through `?.` and `!!.`", async () => {
    const K = "src/main/java/a";
    const uses = await graph({
      [`${K}/Registry.kt`]: "package a\n\nclass Registry {\n  fun registerEvent(n: String) {}\n}\n",
      [`${K}/Other.kt`]: "package a\n\nclass Other {\n  fun registerEvent(n: String) {}\n  fun run() {}\n}\n",
      [`${K}/Client.kt`]: [
        "package a",
        "",
        "class Client {",
        "  fun registry(): Registry? = null",
        "  fun run() {}",
        "",
        "  companion object {",
        "    fun getInstance(): Client = Client()",
        "  }",
        "}",
        "",
        "object Clients {",
        "  fun main(): Client = Client()",
        "}",
        "",
        "fun defaultClient(): Client = Client()",
        "",
      ].join("\n"),
      [`${K}/App.kt`]: [
        "package a",
        "",
        "class App {",
        "  fun client(): Client = Client.getInstance()",
        "  fun bare() { client().run() }",
        "  fun companion() { Client.getInstance().registry()?.registerEvent(\"a\") }",
        "  fun anObject() { Clients.main().run() }",
        "  fun topLevel() { defaultClient().registry()!!.registerEvent(\"b\") }",
        "  fun made() { Client().run() }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses(`${K}/Client.kt`, "Client.run")).toEqual([`${K}/App.kt:App.anObject receiver-type`, `${K}/App.kt:App.bare receiver-type`, `${K}/App.kt:App.made receiver-type`]);
    expect(uses(`${K}/Registry.kt`, "Registry.registerEvent")).toEqual([`${K}/App.kt:App.companion receiver-type`, `${K}/App.kt:App.topLevel receiver-type`]);
    expect(uses(`${K}/Other.kt`, "Other.run")).toEqual([]);
    expect(uses(`${K}/Other.kt`, "Other.registerEvent")).toEqual([]);
  });
});

describe("Java, C#, Kotlin: a local a call gave, its type not written", () => {
  it("`var r = c.registry(); r.registerEvent()` (Java, C#), `val r = client().registry()` (Kotlin): the member of the type the call returns", async () => {
    // (Three projects: one declaring `Registry` in each language would be three types of one name.)
    const java = await graph({
      "j/Registry.java": "package j;\n\npublic class Registry {\n  public void registerEvent(String n) {}\n}\n",
      "j/Other.java": "package j;\n\npublic class Other {\n  public void registerEvent(String n) {}\n}\n",
      "j/Client.java": "package j;\n\npublic class Client {\n  public Registry registry() { return null; }\n}\n",
      "j/App.java": "package j;\n\npublic class App {\n  void go(Client c) {\n    var r = c.registry();\n    r.registerEvent(\"a\");\n  }\n}\n",
    });
    const cs = await graph({
      "s/Registry.cs": "namespace S {\n  public class Registry {\n    public void RegisterEvent(string n) {}\n  }\n  public class Other {\n    public void RegisterEvent(string n) {}\n  }\n}\n",
      "s/App.cs": "namespace S {\n  public class App {\n    Registry GetRegistry() { return null; }\n    void Go() {\n      var r = GetRegistry();\n      r.RegisterEvent(\"a\");\n    }\n  }\n}\n",
    });
    const kotlin = await graph({
      "k/Registry.kt": "package k\n\nclass Registry {\n  fun registerEvent(n: String) {}\n}\n\nclass Other {\n  fun registerEvent(n: String) {}\n}\n",
      "k/App.kt": "package k\n\nclass App {\n  fun client(): Client = Client()\n  fun go() {\n    val r = client().registry()\n    r.registerEvent(\"a\")\n  }\n}\n\nclass Client {\n  fun registry(): Registry = Registry()\n}\n",
    });
    expect(java("j/Registry.java", "Registry.registerEvent")).toEqual(["j/App.java:App.go receiver-type"]);
    expect(java("j/Other.java", "Other.registerEvent")).toEqual([]);
    expect(cs("s/Registry.cs", "S.Registry.RegisterEvent")).toEqual(["s/App.cs:S.App.Go receiver-type"]);
    expect(cs("s/Registry.cs", "S.Other.RegisterEvent")).toEqual([]);
    expect(kotlin("k/Registry.kt", "Registry.registerEvent")).toEqual(["k/App.kt:App.go receiver-type"]);
    expect(kotlin("k/Registry.kt", "Other.registerEvent")).toEqual([]);
  });
});
