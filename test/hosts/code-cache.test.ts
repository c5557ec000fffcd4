/**
 * The CLI's V8 code cache (hosts/cli/bundle-loader.ts): made by the first run, taken by the next ones
 * unchanged, remade when V8 rejects it or the chunk changes, never a reason for a different answer or
 * a failed run. Real processes: `bin/pilens.cjs` on its bundle, with its own cache folder.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
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

  it("a cache folder that cannot be written leaves the run as it was; PILENS_CODE_CACHE=0 writes none, nor does a usage error", () => {
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
    // Nor does a run that did no work (`--help`, a usage error): the next run that works makes it — one that
    // met bad input too (exit 1: a file it cannot report).
    const idle = mkdtempSync(join(tmpdir(), "pilens-codecache-i-"));
    const env = serverEnv({ PILENS_CACHE_DIR: idle });
    expect(spawnSync(process.execPath, [bin, "--help"], { cwd: dir, encoding: "utf8", env }).status).toBe(0);
    expect(spawnSync(process.execPath, [bin, "report", "--help"], { cwd: dir, encoding: "utf8", env }).status).toBe(0);
    expect(spawnSync(process.execPath, [bin, "report", "--nope"], { cwd: dir, encoding: "utf8", env }).status).toBe(2);
    expect(existsSync(join(idle, "v8"))).toBe(false);
    expect(spawnSync(process.execPath, [bin, "report", "a.ts", "missing.ts"], { cwd: dir, encoding: "utf8", env }).status).toBe(1);
    expect(chunkOf(cacheFiles(idle), "report-")).toBeDefined();
  });

  it("a rebuilt bundle never meets the old build's caches — even with its chunks' sizes and mtimes unchanged; the old ones are removed", () => {
    // A copy of the built CLI, changed as a rebuild would change it: a chunk's content (same size, same
    // mtime, as two versions unpacked from npm tarballs are) and the build id the loader holds.
    const copy = copyInstall();
    const copyBin = join(copy, "bin", "pilens.cjs");
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-r-"));
    expect(run(copyBin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    const before = cacheFiles(cache);
    const oldName = chunkOf(before, "report-")!;
    expect(oldName).toBeDefined(); // the copy ran its bundle
    const bundle = join(copy, "dist", "bundle");
    const chunk = join(bundle, readdirSync(bundle).find((n) => n.startsWith("report-"))!);
    const st = statSync(chunk);
    const text = readFileSync(chunk, "utf8");
    const marker = "usedBy unknown until";
    expect(text).toContain(marker);
    writeFileSync(chunk, text.replaceAll(marker, "USEDBY UNKNOWN UNTIL"));
    utimesSync(chunk, st.atime, st.mtime);
    const loaderFile = join(bundle, "loader.cjs");
    const id = /BUILD_ID = "([0-9a-f]{16})"/.exec(readFileSync(loaderFile, "utf8"))![1]!;
    writeFileSync(loaderFile, readFileSync(loaderFile, "utf8").replace(id, "0123456789abcdef"));
    const r = run(copyBin, dir, { PILENS_CACHE_DIR: cache });
    expect(r.status, r.stderr).toBe(0);
    // The new build's code ran, not the old one's from the cache.
    expect(expected).toContain(marker);
    expect(r.stdout).toBe(expected.replaceAll(marker, "USEDBY UNKNOWN UNTIL"));
    const after = cacheFiles(cache);
    expect(chunkOf(after, "report-")).toBe(oldName.replace(id, "0123456789abcdef"));
    expect([...after.keys()].filter((n) => n.includes(id))).toEqual([]);
  });

  it("a cache whose bytes were damaged after its header (a torn write) is rejected and remade, not a crash", () => {
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-d-"));
    expect(run(bin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    const made = cacheFiles(cache);
    const report = chunkOf(made, "report-")!;
    const file = join(cache, "v8", readdirSync(join(cache, "v8"))[0]!, report);
    const bytes = readFileSync(file);
    bytes.fill(0, bytes.length >> 1);
    writeFileSync(file, bytes);
    for (let i = 0; i < 2; i++) {
      const r = run(bin, dir, { PILENS_CACHE_DIR: cache });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(expected);
    }
    expect(cacheFiles(cache).get(report)!.ino).not.toBe(made.get(report)!.ino);
  });

  it("a cache another command made is remade once by a report; a folder others may write to is not used; stale leftovers go", () => {
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-m-"));
    const env = serverEnv({ PILENS_CACHE_DIR: cache });
    expect(spawnSync(process.execPath, [bin, "read", "a.ts", "add"], { cwd: dir, encoding: "utf8", env }).status).toBe(0);
    const byRead = cacheFiles(cache);
    const report = chunkOf(byRead, "report-")!;
    // A report compiles more of that chunk than a read: it remakes the read's cache, once.
    expect(run(bin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    const byReport = cacheFiles(cache);
    expect(byReport.get(report)!.ino).not.toBe(byRead.get(report)!.ino);
    expect(byReport.get(report)!.size).toBeGreaterThan(byRead.get(report)!.size);
    expect(run(bin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0);
    expect(cacheFiles(cache)).toEqual(byReport);
    // Leftovers: a temporary file of a killed write (older than a minute) and a folder unused for 40 days.
    const folder = join(cache, "v8", readdirSync(join(cache, "v8"))[0]!);
    const old = new Date(Date.now() - 40 * 24 * 3600_000);
    writeFileSync(join(folder, `${report}.99999.tmp`), "half");
    utimesSync(join(folder, `${report}.99999.tmp`), old, old);
    mkdirSync(join(cache, "v8", "v0.0.0-gone"));
    utimesSync(join(cache, "v8", "v0.0.0-gone"), old, old);
    rmSync(join(folder, chunkOf(byReport, "cli.cjs.")!));
    expect(run(bin, dir, { PILENS_CACHE_DIR: cache }).status).toBe(0); // remakes cli.cjs's cache, then prunes
    expect(readdirSync(folder).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    expect(readdirSync(join(cache, "v8"))).toHaveLength(1);
    // A folder others may write to: its files would be code this process runs. Not read, not written.
    chmodSync(folder, 0o777);
    rmSync(join(folder, chunkOf(byReport, "cli.cjs.")!));
    const r = run(bin, dir, { PILENS_CACHE_DIR: cache });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(expected);
    expect(chunkOf(new Map(readdirSync(folder).map((n) => [n, 0])), "cli.cjs.")).toBeUndefined();
    chmodSync(folder, 0o700);
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

  it("an MCP server stopped by SIGTERM (as MCP clients stop one that lingers) writes its caches, then dies of the signal", async () => {
    const dir = workdir();
    const cache = mkdtempSync(join(tmpdir(), "pilens-codecache-s-"));
    const child = spawn(process.execPath, [bin, "mcp"], { cwd: dir, env: serverEnv({ PILENS_CACHE_DIR: cache }), stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (d: Buffer) => {
        err += String(d);
        if (err.includes("serving")) resolve();
      });
      child.on("exit", () => reject(new Error(`exited early: ${err}`)));
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGTERM");
    expect(await exited).toBe("SIGTERM");
    expect(chunkOf(cacheFiles(cache), "cli.cjs.")).toBeDefined();
  }, 30_000);
});
