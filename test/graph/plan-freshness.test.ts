/**
 * What a build and a host's file update take as up to date (QA round Y): an entry the size cap made
 * follows a changed cap, a failed parse is tried again, and a host's update keeps to the size cap and to
 * the files a build would index — each graph equal to a build from scratch.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { watchProject } from "../../hosts/shared/watch.js";
import { cacheDirFor } from "../../core/graph/store.js";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { createLens, loadConfig } from "../../config/index.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const A = "export function alpha(x: number) {\n  return x + 1;\n}\n";
const B = 'import { alpha } from "./a";\nexport function beta() {\n  return alpha(3);\n}\n';

/** A Lens reading the project's .pilensrc as it is now (the loader caches per process). */
const open = async (dir: string) => createLens({ cwd: dir, loaded: await loadConfig(dir, { fresh: true }) });

/** The graph's entry of `rel` as search and usedBy see it: its definitions' names, or its error. */
async function defsOf(lens: Lens, query: string): Promise<string[]> {
  const r = await lens.symbolSearch(query);
  return r.available ? r.hits.map((h) => `${h.file}:${h.symbol ?? "mention"}`) : [`unavailable: ${r.reason}`];
}

describe("what a build takes as up to date", () => {
  it("raising or lowering index.maxFileBytes parses, or stamps, files whose mtime did not change", async () => {
    const dir = tempProject({ "src/a.ts": A, "src/b.ts": B, ".pilensrc": "index:\n  maxFileBytes: 60\n" });
    let lens = await open(dir);
    expect((await lens.index()).warnings.join("\n")).toMatch(/1 file\(s\) over 60 bytes were not parsed/);
    expect(await defsOf(lens, "beta")).not.toContain("src/b.ts:beta");
    writeFileSync(join(dir, ".pilensrc"), "index:\n  maxFileBytes: 5000000\n");
    lens = await open(dir);
    const raised = await lens.index();
    expect(raised.parsed).toBe(1);
    expect(raised.warnings.join("\n")).not.toMatch(/not parsed/);
    expect(await defsOf(lens, "beta")).toContain("src/b.ts:beta");
    writeFileSync(join(dir, ".pilensrc"), "index:\n  maxFileBytes: 60\n");
    lens = await open(dir);
    expect((await lens.index()).warnings.join("\n")).toMatch(/1 file\(s\) over 60 bytes were not parsed/);
    expect(await defsOf(lens, "beta")).not.toContain("src/b.ts:beta");
  });

  it("a file whose parse failed is tried again though its mtime and size are the same", async () => {
    const dir = tempProject({ "src/a.ts": A, "src/b.ts": B });
    const b = join(dir, "src", "b.ts");
    const { atime, mtime } = statSync(b);
    // Binary when indexed (a NUL), then its text back with the same size and mtime (as chmod 000 then 644).
    writeFileSync(b, B.replace("beta", "be\0a"));
    utimesSync(b, atime, mtime);
    const lens = await open(dir);
    expect((await lens.index()).warnings.join("\n")).toMatch(/1 file\(s\) have no outline in the graph \(first: src\/b\.ts/);
    writeFileSync(b, B);
    utimesSync(b, atime, mtime);
    const again = await lens.index();
    expect(again.parsed).toBe(1);
    expect(await defsOf(lens, "beta")).toContain("src/b.ts:beta");
  });
});

describe("a host's file update (Lens.updateFiles: pi after a write, the MCP watcher)", () => {
  it("keeps to the size cap and to the files a build would index", async () => {
    const dir = tempProject({ "src/a.ts": A, ".gitignore": "gen/\n", ".pilensrc": "ignore: [\"scratch/**\"]\nindex:\n  maxFileBytes: 200\n" });
    const lens = await open(dir);
    await lens.index();
    const files = {
      "src/big.ts": `export function bigOne() {\n  return ${JSON.stringify("x".repeat(300))};\n}\n`,
      "dist/bundle.js": "export function bundled() { return 1; }\n",
      "gen/made.ts": "export function generated() { return 1; }\n",
      "scratch/try.ts": "export function tried() { return 1; }\n",
      ".hidden/h.ts": "export function hidden() { return 1; }\n",
      "src/c.ts": "export function kept() { return 1; }\n",
    };
    for (const [rel, text] of Object.entries(files)) {
      const abs = join(dir, rel);
      mkdirSync(join(abs, ".."), { recursive: true });
      writeFileSync(abs, text);
    }
    await lens.updateFiles(Object.keys(files).map((rel) => join(dir, rel)));
    for (const name of ["bigOne", "bundled", "generated", "tried", "hidden"]) expect(await defsOf(lens, name), name).not.toContain(expect.stringMatching(new RegExp(`:${name}$`)));
    expect(await defsOf(lens, "kept")).toContain("src/c.ts:kept");
    // The same graph as a build from scratch.
    const updated = await defsOf(lens, "bigOne");
    await lens.index({ rebuild: true });
    expect(await defsOf(lens, "bigOne")).toEqual(updated);
  });
});

describe("a host's edit while another process holds the build lock (QA round Y: the MCP server forgot it)", () => {
  it("is kept in memory, and applied again over the graph that process commits", async () => {
    const dir = tempProject({ "src/a.ts": A, "src/b.ts": "export function beta() {\n  return 1;\n}\n", "src/c.ts": "export const c = 1;\n" });
    const host = await open(dir);
    await host.index();
    const other = await open(dir);
    await other.index();
    // Another process builds: its lock (a live pid that is not ours).
    const sleeper = spawn("sleep", ["30"]);
    const lock = join(cacheDirFor(dir), "lock");
    writeFileSync(lock, `${sleeper.pid} ${Date.now()}`);
    try {
      writeFileSync(join(dir, "src", "b.ts"), B);
      await host.updateFiles([join(dir, "src", "b.ts")]);
      expect((await host.moduleReport(join(dir, "src", "a.ts"))).api?.[0]?.usedBy?.map((u) => u.file)).toEqual(["src/b.ts"]);
    } finally {
      sleeper.kill();
      rmSync(lock, { force: true });
    }
    // That process commits a graph made before the edit (b.ts as it was); the host loads it.
    writeFileSync(join(dir, "src", "c.ts"), "export const c = 2;\n");
    await other.updateFiles([join(dir, "src", "c.ts")]);
    let used: string[] | undefined;
    for (let i = 0; i < 50 && !used?.length; i++) {
      used = (await host.moduleReport(join(dir, "src", "a.ts"))).api?.[0]?.usedBy?.map((u) => u.file);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(used).toEqual(["src/b.ts"]);
    // And it is on disk: a new process sees it.
    expect((await (await open(dir)).moduleReport(join(dir, "src", "a.ts"))).api?.[0]?.usedBy?.map((u) => u.file)).toEqual(["src/b.ts"]);
  });
});

describe("search says what reports say about the graph (QA round Y)", () => {
  it("files the index.maxFiles cap left out, and a checkout since the build", async () => {
    const dir = tempProject({ "src/a.ts": A, "src/b.ts": B, "src/c.ts": "export const gamma = 1;\n", ".pilensrc": "index:\n  maxFiles: 2\n" });
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: dir });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "one");
    const lens = await open(dir);
    await lens.index();
    const r = await lens.symbolSearch("alpha");
    expect(r.available && r.warnings?.join("\n")).toMatch(/project has 1 more source file\(s\) than the index cap of 2; they are not in the graph/);
    git("commit", "-q", "--allow-empty", "-m", "two");
    const moved = await lens.symbolSearch("alpha");
    expect(moved.available && moved.warnings?.join("\n")).toMatch(/the index was built at commit [0-9a-f]{8}, HEAD is now [0-9a-f]{8} — run `pilens index`/);
    expect((await lens.moduleReport(join(dir, "src", "a.ts"))).warnings?.join("\n")).toMatch(/project graph was built at commit [0-9a-f]{8}, HEAD is now [0-9a-f]{8} — run `pilens index`/);
    // A host following the files (its watcher keeps the graph to the working tree): HEAD says nothing
    // more — that commit changed no file, and the warning had stayed until the next full build.
    const watcher = watchProject(lens, { log: () => undefined, debounceMs: 20 });
    try {
      await watcher.listed();
      expect(JSON.stringify((await lens.symbolSearch("alpha")).warnings)).not.toMatch(/HEAD is now/);
      const report = await lens.moduleReport(join(dir, "src", "a.ts"));
      expect(report.warnings?.join("\n")).not.toMatch(/HEAD is now/);
      expect(report.staleness).not.toBe("stale");
    } finally {
      watcher.close();
    }
  });
});

describe("a damaged refs shard (QA round Y: only --rebuild had repaired it)", () => {
  it("missing or unreadable, the next pilens index writes it again, as the report's warning says", async () => {
    const dir = tempProject({ "src/a.ts": A, "src/b.ts": B });
    const lens = await open(dir);
    await lens.index();
    const cache = cacheDirFor(dir);
    const usedBy = async () => {
      const r = await (await open(dir)).moduleReport(join(dir, "src", "a.ts"));
      return { users: r.api?.[0]?.usedBy?.map((u) => u.file), warned: /unreadable/.test(r.warnings?.join("\n") ?? "") };
    };
    expect(await usedBy()).toEqual({ users: ["src/b.ts"], warned: false });
    for (const damage of [(f: string) => rmSync(f), (f: string) => writeFileSync(f, "{\"src")]) {
      const shard = readdirSync(cache).find((n) => n.startsWith("refs-") && readFileSync(join(cache, n), "utf8").includes('"src/a.ts"'))!;
      damage(join(cache, shard));
      expect((await usedBy()).warned).toBe(true);
      await (await open(dir)).index();
      expect(await usedBy()).toEqual({ users: ["src/b.ts"], warned: false });
    }
  });
});

describe("a scan over index.maxFiles (QA round Y)", () => {
  it("reaches a folder's tests, examples, docs and fixtures after its other folders: generated examples do not crowd out src/", async () => {
    const files: Record<string, string> = { "src/core.ts": "export function coreApi() {\n  return 1;\n}\n", ".pilensrc": "index:\n  maxFiles: 20\n" };
    for (let i = 0; i < 30; i++) files[`examples/gen/e${i}.ts`] = `export const example${i} = ${i};\n`;
    const lens = await open(tempProject(files));
    expect((await lens.index()).warnings.join("\n")).toMatch(/project has 11 more source file\(s\) than the index cap of 20/);
    expect(await defsOf(lens, "coreApi")).toContain("src/core.ts:coreApi");
  });
});

describe("a host whose cache folder is deleted under it (QA round Y)", () => {
  it("builds the graph again on the next change its watcher sees (it had said 'no project graph' for the rest of the session)", async () => {
    const dir = tempProject({ "src/a.ts": A, "src/b.ts": B });
    const lens = await open(dir);
    await lens.index();
    const watcher = watchProject(lens, { log: () => undefined, debounceMs: 20 });
    try {
      await watcher.listed();
      await new Promise((r) => setTimeout(r, 400)); // its catch-up pass, done
      rmSync(cacheDirFor(dir), { recursive: true, force: true });
      expect(await defsOf(lens, "beta")).toEqual([expect.stringMatching(/^unavailable: no symbol index/)]);
      writeFileSync(join(dir, "src", "c.ts"), "export const c = 1;\n");
      let back = false;
      for (let i = 0; i < 100 && !back; i++) {
        await new Promise((r) => setTimeout(r, 50));
        back = existsSync(join(cacheDirFor(dir), "meta.json"));
      }
      expect(back).toBe(true);
      expect(await defsOf(lens, "beta")).toContain("src/b.ts:beta");
    } finally {
      watcher.close();
    }
  });
});

describe("a build that lost its lock while it stalled (QA round Y: its older graph overwrote the newer one)", () => {
  it("does not commit, and says why", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`src/f${i}.ts`] = `export const f${i} = ${i};\n`;
    const dir = tempProject(files);
    const lens = await open(dir);
    await lens.index();
    const meta = join(cacheDirFor(dir), "meta.json");
    const before = readFileSync(meta, "utf8");
    for (let i = 0; i < 20; i++) writeFileSync(join(dir, "src", `f${i}.ts`), `export const f${i} = ${i + 1};\n`);
    // Mid-build another process takes the lock (this one stalled past 30 s, as under SIGSTOP).
    const sleeper = spawn("sleep", ["30"]);
    try {
      let taken = false;
      const r = await lens.index({ workers: 0, onProgress: () => void (taken ||= (writeFileSync(join(cacheDirFor(dir), "lock"), `${sleeper.pid} ${Date.now()}`), true)) });
      expect(taken).toBe(true);
      expect(r.warnings).toContain("another pilens index took this build's lock while it stalled (over 30 s): its graph is kept, this build's is not committed");
      expect(readFileSync(meta, "utf8")).toBe(before);
    } finally {
      sleeper.kill();
    }
  });
});
