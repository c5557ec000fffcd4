/**
 * The CLI's V8 code cache (hosts/cli/bundle-loader.ts): made by the first run, taken by the next ones
 * unchanged, remade when V8 rejects it or the chunk changes, never a reason for a different answer or
 * a failed run. Real processes: `bin/pilens.cjs` on its bundle, with its own cache folder.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot, serverEnv } from "../helpers.js";

const TS = "/** Adds. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport class Box {\n  constructor(private v: number) {}\n  get value(): number {\n    return this.v;\n  }\n}\n";

function workdir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pilens-codecache-"));
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, "a.ts"), TS);
  return dir;
}

function run(bin: string, cwd: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [bin, "report", "a.ts", "--view", "compact"], { cwd, encoding: "utf8", env: serverEnv(env) });
}

/** The cache files (name → inode and size) in the one folder the loader keys by Node, platform and flags. */
function cacheFiles(cache: string): Map<string, { ino: number; size: number }> {
  const out = new Map<string, { ino: number; size: number }>();
  const v8 = join(cache, "v8");
  if (!existsSync(v8)) return out;
  const folders = readdirSync(v8);
  expect(folders).toHaveLength(1);
  const dir = join(v8, folders[0]!);
  for (const n of readdirSync(dir)) {
    const st = statSync(join(dir, n));
    out.set(n, { ino: st.ino, size: st.size });
  }
  return out;
}

/** A second install of the built CLI (its bin, dist/ and package.json; the repository's node_modules). */
function copyInstall(): string {
  const copy = mkdtempSync(join(tmpdir(), "pilens-codecache-copy-"));
  // Timestamps kept: bin/pilens.cjs runs the bundle only when it is not older than dist/.
  cpSync(join(repoRoot, "bin"), join(copy, "bin"), { recursive: true, preserveTimestamps: true });
  cpSync(join(repoRoot, "dist"), join(copy, "dist"), { recursive: true, preserveTimestamps: true });
  cpSync(join(repoRoot, "package.json"), join(copy, "package.json"));
  symlinkSync(join(repoRoot, "node_modules"), join(copy, "node_modules"));
  return copy;
}

const chunkOf = (files: Map<string, unknown>, prefix: string) => [...files.keys()].find((n) => n.startsWith(prefix));

describe("the CLI's code cache", () => {
  const bin = join(repoRoot, "bin", "pilens.cjs");
  let expected: string;
  beforeAll(() => {
    const r = run(bin, workdir(), { PILENS_CODE_CACHE: "0", PILENS_CACHE_DIR: mkdtempSync(join(tmpdir(), "pilens-codecache-off-")) });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("add");
    expected = r.stdout;
  });

  it("is made by the first run and taken unchanged by the next; the answer is the same with and without it", () => {
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-c-"));
    const first = run(bin, dir, { PILENS_CACHE_DIR: cache });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(expected);
    expect(first.stderr).toBe("");
    const made = cacheFiles(cache);
    // The entries, the report chunk and web-tree-sitter's module: each with the bytes V8 produced.
    for (const prefix of ["warm.cjs.", "cli.cjs.", "report-", "tree-sitter.cjs."]) expect(chunkOf(made, prefix), prefix).toBeDefined();
    expect(made.get(chunkOf(made, "report-")!)!.size).toBeGreaterThan(100_000); // the functions the run compiled, not just the top level
    const second = run(bin, dir, { PILENS_CACHE_DIR: cache });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(expected);
    // Taken, not rewritten: a rejected cache is replaced at exit (a rename: a new inode).
    expect(cacheFiles(cache)).toEqual(made);
  });

  it("a cache V8 rejects (a truncated file) is remade, and the run answers as before", () => {
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-t-"));
    expect(run(bin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    const made = cacheFiles(cache);
    const report = chunkOf(made, "report-")!;
    const folder = join(cache, "v8", readdirSync(join(cache, "v8"))[0]!);
    truncateSync(join(folder, report), 1000);
    const r = run(bin, dir, { PILENS_CACHE_DIR: cache });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected);
    const after = cacheFiles(cache);
    expect(after.get(report)!.size).toBeGreaterThan(100_000);
    expect(after.get(report)!.ino).not.toBe(made.get(report)!.ino);
    // The others were taken as they were.
    for (const [n, f] of made) if (n !== report) expect(after.get(n), n).toEqual(f);
  });

  it("a cache folder that cannot be written leaves the run as it was; PILENS_CODE_CACHE=0 writes none, nor does a run that failed", () => {
    const dir = workdir();
    const notDir = join(mkdtempSync(join(tmpdir(), "pilens-codecache-f-")), "file");
    writeFileSync(notDir, "not a folder\n");
    const r = run(bin, dir, { PILENS_CACHE_DIR: notDir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected);
    expect(r.stderr).toBe("");
    const off = mkdtempSync(join(tmpdir(), "pilens-codecache-o-"));
    expect(run(bin, dir, { PILENS_CACHE_DIR: off, PILENS_CODE_CACHE: "0" }).status).toBe(0);
    expect(existsSync(join(off, "v8"))).toBe(false);
    // Nor does a run that did no work (`--help`, a usage error, a missing file): the next, real run makes it.
    const idle = mkdtempSync(join(tmpdir(), "pilens-codecache-i-"));
    const env = serverEnv({ PILENS_CACHE_DIR: idle });
    expect(spawnSync(process.execPath, [bin, "--help"], { cwd: dir, encoding: "utf8", env }).status).toBe(0);
    expect(spawnSync(process.execPath, [bin, "report", "--nope"], { cwd: dir, encoding: "utf8", env }).status).toBe(2);
    expect(spawnSync(process.execPath, [bin, "report", "missing.ts"], { cwd: dir, encoding: "utf8", env }).status).toBe(1);
    expect(existsSync(join(idle, "v8"))).toBe(false);
    expect(run(bin, dir, { PILENS_CACHE_DIR: idle }).status).toBe(0);
    expect(chunkOf(cacheFiles(idle), "report-")).toBeDefined();
  });

  it("a rebuilt chunk never meets the old build's cache: its own is made, the old one removed", () => {
    // A copy of the built CLI, whose report chunk is then changed as a rebuild would change it.
    const copy = copyInstall();
    const copyBin = join(copy, "bin", "pilens.cjs");
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-r-"));
    expect(run(copyBin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    const before = cacheFiles(cache);
    const oldName = chunkOf(before, "report-")!;
    expect(oldName).toBeDefined(); // the copy ran its bundle
    const chunk = readdirSync(join(copy, "dist", "bundle")).find((n) => n.startsWith("report-"))!;
    appendFileSync(join(copy, "dist", "bundle", chunk), "\n;globalThis.__pilensRebuilt = 1;\n");
    const r = run(copyBin, dir, { PILENS_CACHE_DIR: cache });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected);
    const after = cacheFiles(cache);
    const newName = chunkOf(after, "report-")!;
    expect(newName).not.toBe(oldName);
    expect(after.has(oldName)).toBe(false);
    for (const [n, f] of before) if (n !== oldName) expect(after.get(n), n).toEqual(f);
  });

  it("two installs sharing one cache folder keep a cache each: neither removes nor remakes the other's", () => {
    const other = join(copyInstall(), "bin", "pilens.cjs");
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-2-"));
    const folders = () => readdirSync(join(cache, "v8")).sort();
    const files = () => new Map(folders().flatMap((f) => readdirSync(join(cache, "v8", f)).map((n) => [`${f}/${n}`, statSync(join(cache, "v8", f, n)).ino] as const)));
    for (const b of [bin, other]) expect(run(b, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    expect(folders()).toHaveLength(2);
    const made = files();
    for (const b of [bin, other, bin]) {
      const r = run(b, dir, { PILENS_CACHE_DIR: cache });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(expected);
    }
    expect(files()).toEqual(made);
  });
});
