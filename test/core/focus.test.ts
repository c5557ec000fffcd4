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
    const r = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "report", "shell.js", "--view", "compact", "--focus", "zzzqqq"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('! focus "zzzqqq" matched no symbol');
  });

  it("a term some symbol is named exactly matches that symbol only, not a longer name it prefixes (QA V F13: `transact`, not `Transaction` and its members)", async () => {
    const fields = Array.from({ length: 12 }, (_, i) => `    /** field ${i} */\n    this.field${i} = ${i}`).join("\n");
    const others = Array.from({ length: 8 }, (_, i) => `export function other${i}(a) { return a + ${i} }`).join("\n");
    writeFileSync(join(dir, "t.js"), `/** A transaction. */\nexport class Transaction {\n  constructor() {\n${fields}\n  }\n}\n\n/** Run f in a transaction. */\nexport function transact(doc, f) {\n  return f(new Transaction())\n}\n${others}\n`);
    const lens = await Lens.create({ cwd: dir });
    const compact = async (focus: string) => lens.render(await lens.moduleReport("t.js", { focus }), "compact", { focus });
    const exact = await compact("transact");
    expect(exact).toContain("fn transact(doc, f)  — Run f in a transaction.");
    expect(exact).toMatch(/class Transaction {2}\{13 members\}/);
    expect(exact).not.toContain("field0");
    // A term no symbol is named: every symbol whose name, head or doc holds it, as before.
    const part = await compact("transac");
    expect(part).toContain("field0, field1");
    // A qualified name is exact too.
    expect(await compact("Transaction.constructor")).toMatch(/ctor constructor\(\)/);
  });
});
