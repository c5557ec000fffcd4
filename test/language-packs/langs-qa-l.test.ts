/** QA round L (Go, Java, Rust, Kotlin, C#, Swift, C++): each case a defect found on unseen real code. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry, ModuleReport } from "../../core/types.js";
import { flat, lensAt } from "../helpers.js";

/** One file of `src` in a fresh folder, reported by a lens there. */
async function inline(name: string, src: string): Promise<ModuleReport> {
  const dir = mkdtempSync(join(tmpdir(), "pilens-qal-"));
  writeFileSync(join(dir, name), src);
  return (await lensAt(dir)).moduleReport(join(dir, name));
}
function get(r: ModuleReport, key: string): Entry {
  const e = flat(r).get(key);
  if (!e) throw new Error(`no entry ${key}; have ${[...flat(r).keys()].join(", ")}`);
  return e;
}

describe("kotlin: a top-level type under two or more annotations", () => {
  it("is a type, its members nested (the grammar read `@A @B internal object X {…}` as a prefix expression)", async () => {
    const src = [
      "/** Maps configurations. */",
      '@Suppress("x")',
      "@OptIn(Preview::class)",
      "internal object Mapper {",
      "  fun map(): Int {",
      "  }",
      "}",
      "private const val LIMIT = 8",
      "",
      "@Deprecated(\"old\") @OptIn(",
      "  Preview::class,",
      ")",
      "@Keep",
      "class Old {",
      "  fun run() {",
      "  }",
      "}",
      "",
    ].join("\n");
    const r = await inline("Mapper.kt", src);
    expect([...flat(r).keys()].sort()).toEqual(["LIMIT", "Mapper", "Mapper.map", "Old", "Old.run"]);
    const m = get(r, "Mapper");
    expect([m.kind, m.exported, m.startLine, m.endLine]).toEqual(["object", false, 2, 7]);
    expect(m.decorators).toEqual(['@Suppress("x")', "@OptIn(Preview::class)"]);
    expect(m.doc).toBe("Maps configurations.");
    expect(get(r, "Mapper.map").exported).toBe(false);
    const old = get(r, "Old");
    expect(old.kind).toBe("class");
    expect(old.decorators).toEqual(['@Deprecated("old")', "@OptIn( Preview::class, )", "@Keep"]);
    expect(old.flags).toContain("deprecated");
    expect((r.warnings ?? []).filter((w) => /syntax/.test(w))).toEqual([]);
  });
});
