/**
 * Kotlin imports resolved to project files (language-packs/kotlin/imports.ts), and a name another file
 * of the same Java/Kotlin package or C# namespace declares linked `exact` (core/graph/same-package.ts) —
 * QA session 49, helper 7: Kotlin projects had no import links at all, and same-package uses read
 * "references (name-only)", or nothing when the name was declared in two packages.
 */
import { describe, expect, it } from "vitest";
import type { Entry } from "../../core/types.js";
import { flat } from "../helpers.js";
import { indexedReports, tempCache } from "./project.js";

tempCache();

/** Each file's report after one index: imports, and `symbol → [file or symbol, confidence]` of its usedBy. */
async function graph(files: Record<string, string>) {
  const reports = await indexedReports(files, { detail: "full", blastRadius: true, blastRadiusDepth: 1 });
  const uses = (file: string, symbol: string) => {
    const e: Entry | undefined = flat(reports.get(file)!).get(symbol);
    return (e?.usedBy ?? []).map((u) => `${u.file === file ? u.symbol : u.file} ${u.confidence}`).sort();
  };
  return { uses, imports: (file: string) => reports.get(file)!.imports, blast: (file: string) => reports.get(file)!.blastRadius };
}

const SRC = "android/src/main/java/com/acme/app";

describe("Kotlin imports resolve to the project's files", () => {
  const files = {
    [`${SRC}/core/Store.kt`]: "package com.acme.app.core\n\nclass Store {\n  fun load(key: String): String = key\n}\n",
    [`${SRC}/core/Helpers.kt`]: "package com.acme.app.core\n\nfun formatKey(k: String): String = k.trim()\n\nfun Store.reset() {}\n\nprivate fun hidden() {}\n",
    [`${SRC}/core/Legacy.java`]: "package com.acme.app.core;\n\npublic class Legacy {\n  public static int version() { return 1; }\n}\n",
    [`${SRC}/ui/Screen.kt`]: [
      "package com.acme.app.ui",
      "",
      "import com.acme.app.core.Store",
      "import com.acme.app.core.formatKey",
      "import com.acme.app.core.Legacy as Old",
      "import com.acme.app.core.*",
      "import kotlinx.coroutines.launch",
      "",
      "class Screen(private val store: Store) {",
      "  fun show(): String = formatKey(store.load(\"k\")) + Old.version()",
      "}",
      "",
    ].join("\n"),
  };
  it("names the declaring file of a class, a top-level function and a Java class under an alias; a star import is internal", async () => {
    const g = await graph(files);
    expect(g.imports(`${SRC}/ui/Screen.kt`)).toEqual({
      internal: [`${SRC}/core/Store.kt`, `${SRC}/core/Helpers.kt`, `${SRC}/core/Legacy.java`, "com.acme.app.core"],
      external: ["kotlinx.coroutines.launch"],
    });
    // (The uses through the imports: `import` confidence, where every one had been name-only.)
    // (Helpers.kt's `fun Store.reset()`: the same package's, no import; Screen.kt's constructor — the import line adds
    // nothing beside a use. Before session 52 the constructor's line, the one after the import list and the blank
    // line it holds, was read as an import statement's: two uses, the constructor's with relation `import`.)
    expect(g.uses(`${SRC}/core/Store.kt`, "Store")).toEqual([`${SRC}/core/Helpers.kt exact`, `${SRC}/ui/Screen.kt import`]);
    expect(g.uses(`${SRC}/core/Helpers.kt`, "formatKey")).toEqual([`${SRC}/ui/Screen.kt import`]);
    expect(g.blast(`${SRC}/core/Helpers.kt`)?.files.map((f) => [f.file, f.relations])).toEqual([[`${SRC}/ui/Screen.kt`, ["imports"]]]);
  });
});

describe("Kotlin imports across source sets, and a file whose package is not its folder", () => {
  it("finds the class in src/main from src/fabric; resolves nothing from a misplaced file", async () => {
    const g = await graph({
      "android/src/main/java/com/acme/app/core/Store.kt": "package com.acme.app.core\n\nclass Store\n",
      "android/src/fabric/java/com/acme/app/fabric/View.kt": "package com.acme.app.fabric\n\nimport com.acme.app.core.Store\n\nclass View(val s: Store)\n",
      "android/src/main/java/com/acme/app/misc/Odd.kt": "package com.acme.app.elsewhere\n\nimport com.acme.app.core.Store\n\nclass Odd(val s: Store)\n",
    });
    expect(g.imports("android/src/fabric/java/com/acme/app/fabric/View.kt").internal).toEqual(["android/src/main/java/com/acme/app/core/Store.kt"]);
    // (Internal by its package's first two segments, as before — but no file named: where its root is, is unknown.)
    expect(g.imports("android/src/main/java/com/acme/app/misc/Odd.kt").internal).toEqual(["com.acme.app.core.Store"]);
  });
});

describe("a name another file of the same package or namespace declares is `exact`", () => {
  it("Kotlin and Java: same package, no import; a namesake in another package does not make it ambiguous", async () => {
    const g = await graph({
      [`${SRC}/core/Queue.kt`]: "package com.acme.app.core\n\nclass Queue {\n  fun push(x: Int) {}\n}\n",
      [`${SRC}/core/Worker.kt`]: "package com.acme.app.core\n\nclass Worker {\n  private val queue = Queue()\n}\n",
      [`${SRC}/other/Queue.kt`]: "package com.acme.app.other\n\nclass Queue\n",
      "src/main/java/org/x/Pool.java": "package org.x;\n\nclass Pool {\n  void run() {}\n}\n",
      "src/main/java/org/x/Task.java": "package org.x;\n\nclass Task {\n  Pool pool = new Pool();\n}\n",
    });
    // (Before: no link at all — `Queue` is declared in two packages — and Pool's a name-only one.)
    expect(g.uses(`${SRC}/core/Queue.kt`, "Queue")).toEqual([`${SRC}/core/Worker.kt exact`]);
    expect(g.uses(`${SRC}/other/Queue.kt`, "Queue")).toEqual([]);
    expect(g.uses("src/main/java/org/x/Pool.java", "Pool")).toEqual(["src/main/java/org/x/Task.java exact"]);
  });
  it("a type parameter named like a class of the package is the parameter (Kotlin, Java, C#)", async () => {
    // (expo-modules-core's jni/JavaScriptFunction.kt: `class JavaScriptFunction<ReturnType : Any?>` beside the enum jni/ReturnType.kt.)
    const g = await graph({
      [`${SRC}/jni/ReturnType.kt`]: "package com.acme.app.jni\n\nenum class ReturnType { INT, LONG }\n",
      [`${SRC}/jni/JsFunction.kt`]: "package com.acme.app.jni\n\nclass JsFunction<ReturnType : Any?> {\n  fun call(): ReturnType? = null\n}\n",
      [`${SRC}/jni/JsValue.kt`]: "package com.acme.app.jni\n\nclass JsValue {\n  inline fun <reified ReturnType : Any?> get(): JsFunction<ReturnType> = JsFunction()\n}\n",
      [`${SRC}/jni/Uses.kt`]: "package com.acme.app.jni\n\nclass Uses {\n  val t = ReturnType.INT\n}\n",
      "src/main/java/org/x/Pool.java": "package org.x;\n\nclass Pool { }\n",
      "src/main/java/org/x/Box.java": "package org.x;\n\nclass Box<Pool> {\n  Pool item;\n}\n",
      "Lib/Item.cs": "namespace Acme\n{\n  public class Item { }\n}\n",
      "Lib/Bag.cs": "namespace Acme\n{\n  public class Bag<Item>\n  {\n    Item first;\n  }\n}\n",
    });
    expect(g.uses(`${SRC}/jni/ReturnType.kt`, "ReturnType")).toEqual([`${SRC}/jni/Uses.kt exact`]);
    expect(g.uses("src/main/java/org/x/Pool.java", "Pool")).toEqual([]);
    expect(g.uses("Lib/Item.cs", "Acme.Item")).toEqual([]);
  });
  it("C#: the file's own namespace only, not one around it (another assembly's, which a `using` may outrank)", async () => {
    const g = await graph({
      "Tool/Model/Callback.cs": "namespace Acme.Tool.Model\n{\n  public class Callback { }\n}\n",
      "Tool/Model/Event.cs": "namespace Acme.Tool.Model\n{\n  public class Event : Callback { }\n}\n",
      "Tool/Analyzer.cs": "using Acme.Tool.Model;\nnamespace Acme.Tool\n{\n  public class Analyzer\n  {\n    Callback c;\n  }\n}\n",
      "Lib/Callback.cs": "namespace Acme\n{\n  public delegate void Callback(int v);\n}\n",
    });
    expect(g.uses("Tool/Model/Callback.cs", "Acme.Tool.Model.Callback")).toEqual(["Tool/Model/Event.cs exact"]);
    expect(g.uses("Lib/Callback.cs", "Acme.Callback")).toEqual([]);
  });
});
