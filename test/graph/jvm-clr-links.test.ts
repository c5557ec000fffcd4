/**
 * usedBy on Java, Kotlin and C# as an agent asks it on unfamiliar code (QA session 49, helper 2):
 * C#'s partial types — one class in several files, each naming the others' members bare or through
 * `this` (core/graph/partial.ts).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

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
