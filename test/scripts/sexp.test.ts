/**
 * scripts/sexp.mjs, the syntax-tree printer the docs send query writers to: a grammar named by its
 * tree-sitter-wasms name is found from the script, so it runs from any folder (a pack's own checkout).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const script = join(repoRoot, "scripts", "sexp.mjs");

describe("scripts/sexp.mjs", () => {
  it("prints a file's syntax tree when run from a folder outside the checkout", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-sexp-"));
    writeFileSync(join(dir, "a.py"), "def f(x):\n    return x\n");
    const r = spawnSync(process.execPath, [script, "python", "a.py"], { cwd: dir, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n").slice(0, 3)).toEqual(["module [1-3]", "  function_definition [1-2]", '    name: identifier [1-1] "f"']);
  });

  it("says its usage, exit 2, without both arguments", () => {
    const r = spawnSync(process.execPath, [script, "python"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^usage: node scripts\/sexp\.mjs <grammar\|grammar\.wasm> <file>/);
  });
});
