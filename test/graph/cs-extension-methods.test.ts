/**
 * C#'s extension methods: `public static R M(this T x)` in a static class is called as a member of
 * T — `services.AddStore()`, `title.ToSlug()`, `xs.Sum2()` — mostly on another library's type (or a
 * predefined one), whose members had all been another library's: every such call went unlinked, and the
 * registration helpers a Startup calls read as used by nobody (session 53). Now by the receiver's type
 * (`receiver-type`), and on a value of another type or of no known type by name (`name-only`: a library's
 * `List<T>` may be the `IEnumerable<T>` the extension takes), not through a type the line names (`File.Exists(p)`);
 * a type's own member of that name still wins.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usesWithConfidence as graph } from "./project.js";

tempCache();

describe("C#: extension methods", () => {
  it("a call on the receiver's type links the extension; on another type by name; fluent chains too", async () => {
    const uses = await graph({
      "s/Ext.cs": [
        "using Microsoft.Extensions.DependencyInjection;",
        "namespace Acme.Util {",
        "  public static class StringExt {",
        "    public static string ToSlug(this string s) => s.ToLower();",
        "    public static int Sum2(this int[] xs) => 0;",
        "  }",
        "  public static class ServiceExt {",
        "    public static IServiceCollection AddStore(this IServiceCollection services) => services;",
        "    public static IServiceCollection AddCache(this IServiceCollection services) => services;",
        "    public static long CountLong<T>(this IEnumerable<T> items) => 0;",
        "    public static void Flush(this Widget w) {}",
        "    public static bool Exists(this FileInfo f) => true;",
        "  }",
        "  public class Widget {",
        "    public void Close() {}",
        "  }",
        "  public class Plain {",
        "    public static void Helper(string s) {}",
        "  }",
        "}",
        "",
      ].join("\n"),
      "s/App.cs": [
        "using System.Collections.Generic;",
        "using Microsoft.Extensions.DependencyInjection;",
        "using Acme.Util;",
        "namespace Acme.App {",
        "  public class Startup {",
        "    void Slug(string title) { title.ToSlug(); }",
        "    void Sum(int[] xs) { xs.Sum2(); }",
        "    void Services(IServiceCollection services) { services.AddStore().AddCache(); }",
        // (The value's type on a line of its own: a line writing the type, `File.Exists(p)`, may be a static call.)
        "    void Count(List<string> names) {",
        "      names.CountLong();",
        "    }",
        "    void Own(Widget w) { w.Flush(); w.Close(); }",
        // (A library type's member of a name no extension has: still another library's.)
        "    void Lib(List<string> names) { names.Clear(); }",
        // (A static call through a library's type the line names is that type's, whatever extensions share its name.)
        "    void Static(string p) { File.Exists(p); }",
        "    void Info(FileInfo f) { f.Exists(); }",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect(uses("s/Ext.cs", "Acme.Util.StringExt.ToSlug")).toEqual(["s/App.cs:Acme.App.Startup.Slug receiver-type"]);
    expect(uses("s/Ext.cs", "Acme.Util.StringExt.Sum2")).toEqual(["s/App.cs:Acme.App.Startup.Sum receiver-type"]);
    expect(uses("s/Ext.cs", "Acme.Util.ServiceExt.AddStore")).toEqual(["s/App.cs:Acme.App.Startup.Services receiver-type"]);
    // (What AddStore returns is a library's type no file declares: the next call by its name.)
    expect(uses("s/Ext.cs", "Acme.Util.ServiceExt.AddCache")).toEqual(["s/App.cs:Acme.App.Startup.Services name-only"]);
    expect(uses("s/Ext.cs", "Acme.Util.ServiceExt.CountLong")).toEqual(["s/App.cs:Acme.App.Startup.Count name-only"]);
    expect(uses("s/Ext.cs", "Acme.Util.ServiceExt.Flush")).toEqual(["s/App.cs:Acme.App.Startup.Own receiver-type"]);
    expect(uses("s/Ext.cs", "Acme.Util.Widget.Close")).toEqual(["s/App.cs:Acme.App.Startup.Own receiver-type"]);
    expect(uses("s/Ext.cs", "Acme.Util.ServiceExt.Exists")).toEqual(["s/App.cs:Acme.App.Startup.Info receiver-type"]);
  });

  it("namesakes on two receivers: each call its own; a static class's method without `this` is no extension", async () => {
    const uses = await graph({
      "s/A.cs": ["namespace S {", "  public static class AExt {", "    public static int Size(this Foo f) => 0;", "    public static int Norm(string s) => 0;", "  }", "  public class Foo {}", "}", ""].join("\n"),
      "s/B.cs": ["namespace S {", "  public static class BExt {", "    public static int Size(this Bar b) => 0;", "  }", "  public class Bar {}", "}", ""].join("\n"),
      "s/C.cs": ["namespace S {", "  public class C {", "    void F(Foo f) { f.Size(); }", "    void G(Bar b) { b.Size(); }", "    void H(string s) { s.Norm(); }", "  }", "}", ""].join("\n"),
    });
    expect(uses("s/A.cs", "S.AExt.Size")).toEqual(["s/C.cs:S.C.F receiver-type"]);
    expect(uses("s/B.cs", "S.BExt.Size")).toEqual(["s/C.cs:S.C.G receiver-type"]);
    expect(uses("s/A.cs", "S.AExt.Norm")).toEqual([]);
  });
});
