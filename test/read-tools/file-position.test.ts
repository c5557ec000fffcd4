/**
 * Paths as agents write them: `file:line[:column]` (stack traces, grep -n, tsc) and near-misses of a
 * file name — the usability QA's P5 and P11 (/tmp/qaU: r4-file-colon-line, r12-path-typo-no-suggestion).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { repoRoot } from "../helpers.js";

const bin = join(repoRoot, "bin", "pilens.cjs");
const APP = "const a = 1;\n\nfunction add(x, y) {\n  return x + y;\n}\n\nfunction mul(x, y) {\n  const p = x * y;\n  return p;\n}\n\nmodule.exports = { add, mul };\n";
let dir: string;
const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8" });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pilens-pos-"));
  writeFileSync(join(dir, "package.json"), "{}\n");
  writeFileSync(join(dir, "app.js"), APP);
  mkdirSync(join(dir, "lib"));
  writeFileSync(join(dir, "lib", "circuit.js"), "function fire(x) {\n  return x;\n}\nmodule.exports = { fire };\n");
});

describe("file:line[:column]", () => {
  it("enclosing app.js:8 and app.js:8:10 read the function around the line (CLI)", () => {
    for (const arg of ["app.js:8", "app.js:8:10"]) {
      const r = cli(dir, "enclosing", arg);
      expect([r.status, r.stderr], arg).toEqual([0, ""]);
      expect(r.stdout.split("\n")[0], arg).toBe("function mul  app.js:7-10");
    }
    const json = JSON.parse(cli(dir, "enclosing", "app.js:8:3", "--json").stdout) as { name: string; line: number };
    expect([json.name, json.line]).toEqual(["mul", 8]);
    // Still a usage error without any line.
    expect(cli(dir, "enclosing", "app.js").status).toBe(2);
  });

  it("readEnclosing of `app.js:8` reads app.js; a real file named with a colon still wins", async () => {
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.readEnclosing("app.js:8", 8);
    expect([r.found, r.name, r.path]).toEqual([true, "mul", "app.js"]);
    writeFileSync(join(dir, "odd.js:3"), "function odd() {\n  return 1;\n}\n");
    writeFileSync(join(dir, "odd.js"), "function notThis() {\n  return 2;\n}\n");
    // (It is the file read — no language claims a `.js:3` — not odd.js.)
    const real = await lens.readEnclosing("odd.js:3", 2);
    expect([real.found, real.error]).toEqual([false, "no language pack for .js:3 files (odd.js:3)"]);
  });

  it("report of `app.js:8` is app.js's, with a warning; read says which file was meant", async () => {
    const lens = await Lens.create({ cwd: dir });
    const rep = await lens.moduleReport("app.js:8");
    expect(rep.available).toBe(true);
    expect(rep.path).toBe("app.js");
    expect(rep.warnings?.[0]).toBe(`"app.js:8" read as app.js: ":8" is a position (the report covers the whole file)`);
    const read = await lens.readSymbol("app.js:8", "mul");
    expect(read.found).toBe(false);
    expect(read.error).toMatch(/^file not found: .*app\.js:8 — did you mean app\.js \(line 8\)\? read_enclosing reads the symbol around a line$/);
    expect((await lens.view("app.js:8")).error).toMatch(/— did you mean app\.js \(line 8\)\?/);
    // The CLI in its own terms.
    const r = cli(dir, "read", "app.js:8", "mul");
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("did you mean app.js (line 8)? pilens enclosing reads the symbol around a line");
    const rc = cli(dir, "report", "app.js:8", "--view", "compact");
    expect(rc.status).toBe(0);
    expect(rc.stdout).toContain(`! "app.js:8" read as app.js`);
  });
});

describe("file not found: did you mean", () => {
  it("a near-miss name in the same folder (an edit, or case), its folder fixed the same way", async () => {
    const lens = await Lens.create({ cwd: dir });
    for (const path of ["lib/circut.js", "lib/Circuit.js", "Lib/circuit.js", "lib/circuit.jss"]) {
      const r = await lens.readSymbol(path, "fire");
      expect(r.error, path).toMatch(/^file not found: .* — did you mean lib\/circuit\.js\?$/);
    }
    const rep = await lens.moduleReport("lib/Circuit.js");
    expect(rep.error).toMatch(/ — did you mean lib\/circuit\.js\?$/);
    // Nothing close: the plain message.
    expect((await lens.readSymbol("lib/zzzqqq.js", "fire")).error).toMatch(/^file not found: \S+zzzqqq\.js$/);
  });

  it("the same relative path from another folder of the project", async () => {
    const atRoot = await Lens.create({ cwd: dir });
    expect((await atRoot.readSymbol("circuit.js", "fire")).error).toMatch(/ — did you mean lib\/circuit\.js\?$/);
    const inLib = await Lens.create({ cwd: join(dir, "lib") });
    expect((await inLib.readSymbol("lib/circuit.js", "fire")).error).toMatch(/ — did you mean circuit\.js\?$/);
    // The CLI and the read tier say it too.
    const r = cli(dir, "read", "lib/circut.js", "fire");
    expect([r.status, r.stderr]).toEqual([1, expect.stringMatching(/did you mean lib\/circuit\.js\?\n$/)]);
    expect((await atRoot.view("lib/circut.js")).error).toMatch(/did you mean lib\/circuit\.js\?$/);
  });
});
