/** A `focus` that names nothing is said in the report's warnings, not silently ignored (usability QA P14). */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { repoRoot } from "../helpers.js";

const SHELL = `class Shell {
  exec(cmd, opts) {
    const isDryRun = opts.dry;
    return isDryRun ? null : run(cmd);
  }

  /** Run quietly. */
  quiet() {
    return 0;
  }
}

function run(cmd) {
  return cmd;
}

module.exports = Shell;
`;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pilens-focus-"));
  writeFileSync(join(dir, "package.json"), "{}\n");
  writeFileSync(join(dir, "shell.js"), SHELL);
});

describe("focus that matches no symbol", () => {
  it("is a warning naming the term, and where the word is when a body holds it", async () => {
    const lens = await Lens.create({ cwd: dir });
    const focusWarnings = async (focus?: string) => ((await lens.moduleReport("shell.js", { focus })).warnings ?? []).filter((w) => w.startsWith("focus "));
    expect(await focusWarnings("zzzqqq")).toEqual(['focus "zzzqqq" matched no symbol']);
    expect(await focusWarnings("isDryRun")).toEqual(['focus "isDryRun" matched no symbol (it occurs inside Shell.exec, line 3)']);
    // A name, a qualified name's part or a doc word matches: nothing said; of two terms, only the missing one.
    for (const ok of [undefined, "exec", "Shell", "quietly", "RUN"]) expect(await focusWarnings(ok), ok).toEqual([]);
    expect(await focusWarnings("exec, zzzqqq")).toEqual(['focus "zzzqqq" matched no symbol']);
    const compact = lens.render(await lens.moduleReport("shell.js", { focus: "zzzqqq" }), "compact", { focus: "zzzqqq" });
    expect(compact).toContain('! focus "zzzqqq" matched no symbol');
  });

  it("the CLI prints it", () => {
    const r = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.mjs"), "report", "shell.js", "--view", "compact", "--focus", "zzzqqq"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('! focus "zzzqqq" matched no symbol');
  });
});
