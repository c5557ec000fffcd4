/**
 * Kotlin's `internal` in the project graph (core/graph/visibility.ts): visible in its whole module — the
 * project, as pilens has no module map — so other files' uses link to it (same package `exact`, through an
 * import `import`), though the outline keeps it out of the API (`exported: false`). `private` is the
 * file's alone (language-packs/kotlin: SymbolRecord.fileLocal), and so is everything inside a private type.
 * Session 50: expo-file-system's `internal class UnableToDeleteException`, thrown in FileSystemPath.kt,
 * had no usedBy at all.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import type { Entry } from "../../core/types.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const SRC = "android/src/main/java/com/acme/fs";

const FILES: Record<string, string> = {
  [`${SRC}/Exceptions.kt`]: [
    "package com.acme.fs",
    "",
    "internal class UnableToDeleteException(reason: String) : Exception(reason)",
    "",
    "internal fun describeFailure(code: Int): String = \"failed $code\"",
    "",
    "private fun scrubPath(p: String): String = p.trim()",
    "",
    "private class Scratch {",
    "  fun wipe() {}",
    "}",
    "",
    "class Report {",
    "  internal fun summary(): String = \"\"",
    "  private fun draft(): String = \"\"",
    "}",
    "",
  ].join("\n"),
  [`${SRC}/Path.kt`]: [
    "package com.acme.fs",
    "",
    "class Path(val uri: String) {",
    "  fun delete(report: Report) {",
    "    if (uri.isEmpty()) throw UnableToDeleteException(describeFailure(1))",
    "    report.summary()",
    "    report.draft()",
    "    scrubPath(uri)",
    "    Scratch().wipe()",
    "  }",
    "}",
    "",
  ].join("\n"),
  "android/src/main/java/com/acme/ui/Screen.kt": [
    "package com.acme.ui",
    "",
    "import com.acme.fs.describeFailure",
    "",
    "class Screen {",
    "  fun show(): String = describeFailure(2)",
    "}",
    "",
  ].join("\n"),
};

describe("Kotlin `internal` is the module's, `private` the file's", () => {
  it("links other files' uses of an internal class, function and member; none of a private one's; the outline's API stays public only", async () => {
    const dir = tempProject(FILES);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.moduleReport(`${SRC}/Exceptions.kt`, { detail: "full" });
    const all = flat(r);
    const uses = (symbol: string) => {
      const e: Entry | undefined = all.get(symbol);
      expect(e, symbol).toBeDefined();
      return (e!.usedBy ?? []).map((u) => `${u.file} ${u.confidence}`).sort();
    };
    expect(uses("UnableToDeleteException")).toEqual([`${SRC}/Path.kt exact`]);
    expect(uses("describeFailure")).toEqual([`${SRC}/Path.kt exact`, "android/src/main/java/com/acme/ui/Screen.kt import"]);
    expect(uses("Report.summary")).toEqual([`${SRC}/Path.kt receiver-type`]);
    // private: the file's alone — a call of the same name in another file is no use of it
    expect(uses("scrubPath")).toEqual([]);
    expect(uses("Scratch")).toEqual([]);
    expect(uses("Scratch.wipe")).toEqual([]);
    expect(uses("Report.draft")).toEqual([]);
    // (the outline: internal and private are no API)
    expect(r.api.map((e) => e.name)).toEqual(["Report"]);
  });
  it("an internal declaration is its Gradle module's: a folder with build.gradle.kts sees no other module's by name", async () => {
    const dir = tempProject({
      "android/src/main/java/com/acme/Log.kt": "package com.acme\n\ninternal val sharedLogger = Any()\n\nval publicLogger = Any()\n",
      "android/src/main/java/com/acme/Use.kt": "package com.acme.use\n\nfun use() {\n  sharedLogger.hashCode()\n  publicLogger.hashCode()\n}\n",
      "gradle-plugin/build.gradle.kts": "plugins {\n  kotlin(\"jvm\")\n}\n",
      "gradle-plugin/src/main/kotlin/com/acme/plugin/Plugin.kt": "package com.acme.plugin\n\nfun apply() {\n  sharedLogger.hashCode()\n  publicLogger.hashCode()\n}\n",
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const all = flat(await lens.moduleReport("android/src/main/java/com/acme/Log.kt", { detail: "full" }));
    const uses = (symbol: string) => (all.get(symbol)?.usedBy ?? []).map((u) => `${u.file} ${u.confidence}`).sort();
    expect(uses("sharedLogger")).toEqual(["android/src/main/java/com/acme/Use.kt name-only"]);
    expect(uses("publicLogger")).toEqual(["android/src/main/java/com/acme/Use.kt name-only", "gradle-plugin/src/main/kotlin/com/acme/plugin/Plugin.kt name-only"]);
  });
});
