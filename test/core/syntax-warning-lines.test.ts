/** The syntax-error warning names each line with an error region once (core/pipeline.ts). */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lensAt } from "../helpers.js";

describe("syntax error warning", () => {
  it("says a line holding two error regions once, and still counts both (`lines 2, 2` had said it twice)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-syntax-lines-"));
    writeFileSync(join(dir, "package.json"), "{}");
    writeFileSync(join(dir, "two.c"), "int ok(void);\nint a = 1 @ 2; int b = 3 @ 4;\nint fine(void);\n");
    writeFileSync(join(dir, "two.ts"), "const a = 1;\nlet x = (1 +) ; let y = (2 +);\nexport function f() {}\n");
    writeFileSync(join(dir, "apart.c"), "int a = 1 @ 2;\nint ok(void);\nint b = 3 @ 4;\n");
    const lens = await lensAt(dir);
    const warning = async (f: string) => (await lens.moduleReport(join(dir, f))).warnings?.find((w) => w.includes("syntax error region"));
    expect(await warning("two.c")).toBe("2 syntax error region(s) (line 2): symbols inside them may be missing");
    expect(await warning("two.ts")).toBe("2 syntax error region(s) (line 2): symbols inside them may be missing");
    // Regions on lines of their own keep each line.
    expect(await warning("apart.c")).toBe("2 syntax error region(s) (lines 1, 3): symbols inside them may be missing");
  });
});
