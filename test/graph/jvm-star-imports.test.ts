/**
 * Java and Kotlin imports the graph had not followed (session 50): a test root's `import a.b.Foo;` of a
 * main root's class (language-packs/shared/source-roots.ts: the other source sets beside the file's), and
 * `import a.b.*` — the names the package's files declare are imported (core/graph/same-package.ts
 * starImportDef; FileEntry.ps), `import` confidence where they had been `name-only`, or nothing where the
 * name was declared twice in the project.
 */
import { describe, expect, it } from "vitest";
import type { Entry } from "../../core/types.js";
import { flat } from "../helpers.js";
import { indexedReports, tempCache } from "./project.js";

tempCache();

async function graph(files: Record<string, string>) {
  const reports = await indexedReports(files);
  const uses = (file: string, symbol: string) => {
    const e: Entry | undefined = flat(reports.get(file)!).get(symbol);
    expect(e, `${file} ${symbol}`).toBeDefined();
    return (e!.usedBy ?? []).map((u) => `${u.file} ${u.confidence}`).sort();
  };
  return { uses, imports: (file: string) => reports.get(file)!.imports };
}

describe("Java: a test root's import of a main root's class, and `import a.b.*`", () => {
  it("resolves src/test/java's import to src/main/java's file; a star import links the package's names `import`; two packages declaring the name link none", async () => {
    const g = await graph({
      "src/main/java/a/b/Foo.java": "package a.b;\n\npublic class Foo {\n  public void run() {}\n}\n",
      "src/main/java/a/b/Bar.java": "package a.b;\n\npublic class Bar {}\n",
      "src/main/java/d/Bar.java": "package d;\n\npublic class Bar {}\n",
      "src/main/java/c/User.java": "package c;\n\nimport a.b.*;\n\npublic class User {\n  Foo foo = new Foo();\n}\n",
      "src/main/java/c/Both.java": "package c;\n\nimport a.b.*;\nimport d.*;\n\npublic class Both {\n  Bar bar;\n}\n",
      "src/test/java/x/FooTest.java": "package x;\n\nimport a.b.Foo;\n\nclass FooTest {\n  void t() { new Foo().run(); }\n}\n",
    });
    expect(g.imports("src/test/java/x/FooTest.java").internal).toEqual(["src/main/java/a/b/Foo.java"]);
    expect(g.uses("src/main/java/a/b/Foo.java", "Foo")).toEqual(["src/main/java/c/User.java import", "src/test/java/x/FooTest.java import"]);
    // (`Bar` from either star import: ambiguous — javac says so too — no import link.)
    expect(g.uses("src/main/java/a/b/Bar.java", "Bar").filter((u) => u.endsWith("import"))).toEqual([]);
    expect(g.uses("src/main/java/d/Bar.java", "Bar").filter((u) => u.endsWith("import"))).toEqual([]);
  });
});

describe("Kotlin: `import a.b.*`", () => {
  it("links the package's top-level names `import`, a class and a function", async () => {
    const K = "android/src/main/java";
    const g = await graph({
      [`${K}/com/acme/core/Store.kt`]: "package com.acme.core\n\nclass Store\n\nfun makeStore(): Store = Store()\n",
      [`${K}/com/acme/other/Store.kt`]: "package com.acme.other\n\nclass Store\n\nfun makeStore(): Store = Store()\n",
      [`${K}/com/acme/ui/Screen.kt`]: "package com.acme.ui\n\nimport com.acme.core.*\n\nclass Screen {\n  val store: Store = makeStore()\n}\n",
    });
    expect(g.uses(`${K}/com/acme/core/Store.kt`, "Store")).toContain(`${K}/com/acme/ui/Screen.kt import`);
    expect(g.uses(`${K}/com/acme/core/Store.kt`, "makeStore")).toEqual([`${K}/com/acme/ui/Screen.kt import`]);
    expect(g.uses(`${K}/com/acme/other/Store.kt`, "makeStore")).toEqual([]);
  });
});
