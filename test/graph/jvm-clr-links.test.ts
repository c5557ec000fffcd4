/**
 * usedBy on Java, Kotlin and C# as an agent asks it on unfamiliar code (QA session 49, helper 2):
 * C#'s partial types — one class in several files, each naming the others' members bare or through
 * `this` (core/graph/partial.ts); a Kotlin extension function called on a typed value
 * (kotlin-extensions.ts); each overload of a using method its own use (link.ts); a constructor's
 * uses, its class's construction calls (read-uses.ts).
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { formatReadSymbol } from "../../core/read-format.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

describe("C#: a partial class's parts in other files", () => {
  const generator = [
    "namespace Acme.CodeGen",
    "{",
    "  public partial class CodeGenerator",
    "  {",
    "    public string Generate(string assembly)",
    "    {",
    "      var modules = CreateModules(assembly);",
    "      return modules + this.CreateSerializers();",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
  const module = [
    "namespace Acme.CodeGen",
    "{",
    "  public partial class CodeGenerator",
    "  {",
    "    internal string CreateModules(string modules)",
    "    {",
    "      return modules + GetPackageBuilderArgument();",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
  const serializers = [
    "namespace Acme.CodeGen",
    "{",
    "  public partial class CodeGenerator",
    "  {",
    "    internal string CreateSerializers() => GetPackageBuilderArgument();",
    "    private string GetPackageBuilderArgument() => \"builder\";",
    "  }",
    "}",
    "",
  ].join("\n");
  // (Another namespace's class of the same name is another type: its bare call is its own.)
  const other = [
    "namespace Acme.Other",
    "{",
    "  public partial class CodeGenerator",
    "  {",
    "    public string Run() => CreateModules(\"x\");",
    "    private string CreateModules(string m) => m;",
    "  }",
    "}",
    "",
  ].join("\n");
  // (A generic namesake, no part of it: `OperationState` and `OperationState<T>` share a qualified name.)
  const generic = [
    "namespace Acme.CodeGen",
    "{",
    "  public class CodeGenerator<T>",
    "  {",
    "    internal string CreateModules(string modules) => modules;",
    "  }",
    "}",
    "",
  ].join("\n");
  const app = [
    "using Acme.CodeGen;",
    "namespace Acme.App",
    "{",
    "  public static class Program",
    "  {",
    "    public static string Main()",
    "    {",
    "      var codeGenerator = new CodeGenerator();",
    "      return codeGenerator.Generate(\"a\");",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");

  it("links a bare call and a `this.` call to the member another part declares, a private one too", async () => {
    const u = await usedBy({ "CodeGenerator.Generic.cs": generic, "CodeGenerator.cs": generator, "CodeGenerator.Module.cs": module, "CodeGenerator.Serializers.cs": serializers, "Other.cs": other, "Program.cs": app });
    expect({
      createModules: u("CodeGenerator.Module.cs", "Acme.CodeGen.CodeGenerator.CreateModules"),
      createSerializers: u("CodeGenerator.Serializers.cs", "Acme.CodeGen.CodeGenerator.CreateSerializers"),
      argument: u("CodeGenerator.Serializers.cs", "Acme.CodeGen.CodeGenerator.GetPackageBuilderArgument").sort(),
      generate: u("CodeGenerator.cs", "Acme.CodeGen.CodeGenerator.Generate"),
      otherModules: u("Other.cs", "Acme.Other.CodeGenerator.CreateModules"),
      genericModules: u("CodeGenerator.Generic.cs", "Acme.CodeGen.CodeGenerator.CreateModules"),
    }).toEqual({
      createModules: ["CodeGenerator.cs"],
      createSerializers: ["CodeGenerator.cs"],
      argument: ["Acme.CodeGen.CodeGenerator.CreateSerializers", "CodeGenerator.Module.cs"],
      generate: ["Program.cs"],
      otherModules: ["Acme.Other.CodeGenerator.Run"],
      genericModules: [],
    });
  });
});

describe("Kotlin: an extension function called on a typed value", () => {
  it("links to the extension declared on the value's type — another library's type too, of overloads the receiver's", async () => {
    const helper = [
      "package com.facebook.react.uimanager",
      "",
      "fun ReactStylesDiffMap.getBackingMap(): ReadableMap {",
      "  return ReactStylesDiffMapBackingFieldAccessor.getBackingMap(this)",
      "}",
      "",
    ].join("\n");
    const convert = [
      "package expo.types",
      "",
      "fun Record.toJSValue(): Any? = null",
      "",
      "inline fun <reified T> KType?.describe(): String = toString()",
      "",
    ].join("\n");
    // (The same name on another receiver, in another file: not the one a Record value calls.)
    const bundles = ["package expo.types", "", "fun <T> Collection<T>.toJSValue(): List<Any?> = map { it }", ""].join("\n");
    const wrapper = [
      "package expo.views",
      "",
      "import com.facebook.react.uimanager.ReactStylesDiffMap",
      "import com.facebook.react.uimanager.getBackingMap",
      "import expo.types.toJSValue",
      "",
      "class SimpleViewManagerWrapper {",
      "  fun updateProperties(props: ReactStylesDiffMap, record: Record, type: KType) {",
      "    val propsMap = props.getBackingMap()",
      "    val value = record.toJSValue()",
      "    val name = type.describe<Int>()",
      "  }",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "ReactStylesDiffMapHelper.kt": helper, "Convert.kt": convert, "Bundles.kt": bundles, "SimpleViewManagerWrapper.kt": wrapper });
    expect({
      backing: u("ReactStylesDiffMapHelper.kt", "getBackingMap"),
      record: u("Convert.kt", "toJSValue"),
      collection: u("Bundles.kt", "toJSValue"),
      describe: u("Convert.kt", "describe"),
    }).toEqual({ backing: ["SimpleViewManagerWrapper.kt"], record: ["SimpleViewManagerWrapper.kt"], collection: [], describe: ["SimpleViewManagerWrapper.kt"] });
  });
});

describe("Java: overloads that use a symbol", () => {
  it("are each a use, on its own line — `which overload calls it` has its answer, and the count is the overloads'", async () => {
    const sched = "package acme;\n\npublic class Scheduler {\n  public Scheduler(int n) {}\n  public Scheduler(int n, Object f) {}\n}\n";
    const executors = [
      "package acme;",
      "",
      "public class Executors {",
      "  public static Scheduler newScheduler(int n) {",
      "    return new Scheduler(n);",
      "  }",
      "",
      "  public static Scheduler newScheduler(int n, Object factory) {",
      "    return new Scheduler(n, factory);",
      "  }",
      "}",
      "",
    ].join("\n");
    const lens = await Lens.create({ cwd: tempProject({ "acme/Scheduler.java": sched, "acme/Executors.java": executors }) });
    await lens.index();
    const r = await lens.readSymbol("acme/Scheduler.java", "Scheduler", { kind: "class" });
    expect(r.usedBy?.map((u) => `${u.symbol}:${u.line}`)).toEqual(["Executors.newScheduler:5", "Executors.newScheduler:9"]);
  });
});

describe("Java: who calls a constructor", () => {
  it("read_symbol of a constructor names its class's construction calls, said so — not its type mentions", async () => {
    const pool = "package acme;\n\npublic class Pool {\n  public Pool(int n) {}\n  public Pool(int n, Object f) {}\n}\n";
    const executors = [
      "package acme;",
      "",
      "public class Executors {",
      "  public static Pool fixed(int n) {",
      "    return new Pool(n);",
      "  }",
      "",
      "  public static Pool named(int n, Object f) {",
      "    return new Pool(n, f);",
      "  }",
      "",
      "  public static boolean isPool(Object o) {",
      "    return o instanceof Pool;",
      "  }",
      "}",
      "",
    ].join("\n");
    const lens = await Lens.create({ cwd: tempProject({ "acme/Pool.java": pool, "acme/Executors.java": executors }) });
    await lens.index();
    const r = await lens.readSymbol("acme/Pool.java", "Pool.Pool");
    expect(r).toMatchObject({ found: true, kind: "constructor", startLine: 4, usedByOf: "class" });
    expect(r.usedBy?.map((u) => `${u.symbol}:${u.line}`)).toEqual(["Executors.fixed:5", "Executors.named:9"]);
    expect(formatReadSymbol(r).split("\n")[2]).toBe("# constructed by 2 in 1 file (calls of its class, any of its constructors): acme/Executors.java:5 Executors.fixed, acme/Executors.java:9 Executors.named");
    // (The class itself: every use, the type mention too.)
    const c = await lens.readSymbol("acme/Pool.java", "Pool", { kind: "class" });
    expect(c.usedByOf).toBeUndefined();
    expect(c.usedBy?.map((u) => u.line)).toEqual([5, 9, 13]);
  });
});
