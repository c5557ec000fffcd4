/**
 * Folders and cache folders the process may not touch, with the CLI as a user meets them: a folder it
 * cannot list is said (its files were dropped silently), and an unwritable cache folder gets its hint.
 *
 * The suite runs as root here, which reads and writes anything: as root each command runs under
 * `setpriv` with CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH out of its bounding set, so modes apply to it
 * as to any user (the checkout stays readable: root owns it). Without setpriv as root, the tests cannot
 * make a permission fail, and are skipped with that reason.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
import { tempProject } from "./project.js";

const BIN = join(repoRoot, "bin", "pilens.cjs");
const root = process.getuid?.() === 0;
const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p));
const canLimit = !root || setpriv !== undefined;

function pilens(cache: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const cmd = root ? [setpriv!, "--bounding-set=-dac_override,-dac_read_search", process.execPath, BIN, ...args] : [process.execPath, BIN, ...args];
  const r = spawnSync(cmd[0]!, cmd.slice(1), { encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: cache } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const locked: string[] = [];
afterEach(() => {
  for (const d of locked.splice(0)) chmodSync(d, 0o755); // so the temp folders can be removed
});

describe.skipIf(!canLimit)("permissions (skipped as root without setpriv: no permission can fail for root)", () => {
  it("a folder the scan cannot list is said by index, search and reports, and its files come back once it is readable", () => {
    const dir = tempProject({ "src/a.ts": "export function alphaOne() {}\n", "src/locked/b.ts": 'import { alphaOne } from "../a";\nexport function betaTwo() {\n  return alphaOne();\n}\n' });
    const cache = tempProject({});
    const sealed = join(dir, "src", "locked");
    chmodSync(sealed, 0o000);
    locked.push(sealed);
    const index = pilens(cache, "index", "--cwd", dir);
    expect(index.code).toBe(0);
    expect(index.out).toMatch(/indexed 1 file in/);
    expect(index.err).toMatch(/1 folder\(s\) could not be read \(first: src\/locked: EACCES\): their files are not in the graph/);
    const search = pilens(cache, "search", "betaTwo", "--cwd", dir);
    expect(search.err).toMatch(/folder\(s\) could not be read \(first: src\/locked: EACCES\)/);
    const report = pilens(cache, "report", "src/a.ts", "--view", "compact", "--cwd", dir);
    expect(report.out).toMatch(/! 1 folder\(s\) could not be read/);

    chmodSync(sealed, 0o755);
    const again = pilens(cache, "index", "--cwd", dir);
    expect(again.err).not.toMatch(/could not be read/);
    expect(again.out).toMatch(/indexed 2 files/);
    expect(pilens(cache, "search", "betaTwo", "--cwd", dir).out).toMatch(/src\/locked\/b\.ts:2-4\s+function betaTwo/);
    expect(pilens(cache, "report", "src/a.ts", "--view", "compact", "--cwd", dir).out).not.toMatch(/could not be read/);
  });

  it("a folder the scan cannot list whose name holds a newline: the warning shows it quoted, on one line", () => {
    const dir = tempProject({ "src/a.ts": "export function alphaOne() {}\n", "src/lo\nck/b.ts": "export function betaTwo() {}\n" });
    const cache = tempProject({});
    const sealed = join(dir, "src", "lo\nck");
    chmodSync(sealed, 0o000);
    locked.push(sealed);
    const index = pilens(cache, "index", "--cwd", dir);
    expect(index.code).toBe(0);
    expect(index.err).toMatch(/^pilens index: warning: 1 folder\(s\) could not be read \(first: "src\/lo\\nck": EACCES\): their files are not in the graph/m);
    expect(index.err).not.toContain("lo\nck");
  });

  it("an unwritable cache folder: index fails with the hint to set PILENS_CACHE_DIR, and reports still answer", () => {
    const dir = tempProject({ "src/a.ts": "export function alphaOne() {}\n" });
    const parent = tempProject({});
    mkdirSync(join(parent, "ro"));
    chmodSync(join(parent, "ro"), 0o555);
    locked.push(join(parent, "ro"));
    const cache = join(parent, "ro", "cache");
    const index = pilens(cache, "index", "--cwd", dir);
    expect(index.code).toBe(1);
    expect(index.err).toMatch(/EACCES: permission denied, mkdir .* — the cache folder is not writable here: set PILENS_CACHE_DIR to a folder that is/);
    const report = pilens(cache, "report", "src/a.ts", "--view", "compact", "--cwd", dir);
    expect(report.code).toBe(0);
    expect(report.out).toMatch(/fn\s+alphaOne/);
  });
});
