import { spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

// `npx pilens` in this checkout links the package's bin into npm's npx cache once, by path, and never
// relinks it: a checkout whose entry was bin/pilens.mjs (before session 32) keeps that link after an
// update, and `npx pilens` then failed with "pilens: not found" (CI of stop 40). Every entry file the
// package ever named must go on running the CLI.
const entries = ["pilens.cjs", "pilens.mjs"];
const run = (entry: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, "bin", entry), ...args], { cwd: repoRoot, encoding: "utf8" });

describe("bin entries", () => {
  it("package.json names bin/pilens.cjs", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ pilens: "./bin/pilens.cjs" });
  });

  it.each(entries)("bin/%s is an executable node script", (entry) => {
    const path = join(repoRoot, "bin", entry);
    expect(() => accessSync(path, constants.X_OK)).not.toThrow();
    expect(readFileSync(path, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  it("bin/pilens.mjs, an earlier entry, prints what bin/pilens.cjs prints, with its exit codes", () => {
    const cases = [
      ["report", "core/engine.ts", "--view", "compact", "--focus", "analyze"],
      ["read", "core/engine.ts", "Lens.analyze"],
      ["report", "no/such/file.ts"],
      ["bogus-command"],
    ];
    for (const args of cases) {
      const [now, before] = entries.map((e) => run(e, ...args));
      expect([before!.status, before!.stdout, before!.stderr]).toEqual([now!.status, now!.stdout, now!.stderr]);
    }
    // The cases are not all alike: a report, a read, a missing file, a usage error.
    expect(run("pilens.cjs", "read", "core/engine.ts", "Lens.analyze").stdout).toContain("analyze(");
    expect(run("pilens.cjs", "report", "no/such/file.ts").status).toBe(1);
    expect(run("pilens.cjs", "bogus-command").status).toBe(2);
  });
});
