/**
 * A build stopped under way (ProjectGraph.stopBuild: a host going away, Ctrl-C on `pilens index`)
 * commits what it parsed, says what it lacks, and the next build finishes it — into the same graph a
 * build from scratch makes.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { cacheDirFor } from "../../core/graph/store.js";
import { repoRoot } from "../helpers.js";
import { APP, copyTree, tempCache, tempProject } from "./project.js";

tempCache();
const REAL_TS = join(repoRoot, "node_modules", "openai", "src");

/** The committed graph: every file's persisted entry and refs record (mtimes left out), and the meta. */
function committed(root: string) {
  const dir = cacheDirFor(root);
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as { fileCount: number; unfinished?: number; shards: { files: string[]; refs: string[] } };
  const read = (names: string[]) => Object.assign({}, ...names.map((n) => JSON.parse(readFileSync(join(dir, n), "utf8")))) as Record<string, Record<string, unknown>>;
  const files = read(meta.shards.files);
  for (const e of Object.values(files)) delete e.m;
  return { meta, files, refs: read(meta.shards.refs) };
}

describe.skipIf(!existsSync(REAL_TS))("stopping an index build", () => {
  it("in this thread: what was parsed is committed and said; the next build completes the same graph as a full one", async () => {
    const dir = tempProject(APP);
    copyTree(REAL_TS, join(dir, "vendored-openai"));
    const lens = await Lens.create({ cwd: dir });
    let asked = false;
    const r = await lens.index({
      workers: 0,
      onProgress: (done) => {
        if (done >= 128 && !asked) {
          asked = true;
          void lens.stopIndex();
        }
      },
    });
    expect(asked).toBe(true);
    expect(r.unfinished).toBeGreaterThan(50);
    expect(r.parsed + r.unfinished!).toBe(231); // 225 openai files and APP's 6
    expect(r.files).toBe(r.parsed);
    expect(r.warnings.join("\n")).toMatch(/project graph unfinished: its build was stopped with \d+ file\(s\) not parsed yet/);
    const partial = committed(dir);
    expect([partial.meta.fileCount, partial.meta.unfinished]).toEqual([r.files, r.unfinished]);

    // Reports and search say the graph lacks files.
    const unparsed = await firstUnparsed(lens, partial.files);
    expect(unparsed).toBeDefined();
    const rep = await lens.moduleReport(unparsed!);
    expect(rep.warnings?.join("\n")).toMatch(/project graph unfinished/);
    expect(rep.warnings?.join("\n")).toMatch(/is not in the project graph/);
    const hit = await lens.symbolSearch("slugify");
    expect(hit.available && hit.warnings?.join("\n")).toMatch(/project graph unfinished/);

    // The next build (a new process: the graph loaded from disk) parses the rest, and nothing more.
    const next = await Lens.create({ cwd: dir });
    const again = await next.index({ workers: 0 });
    expect([again.parsed, again.unfinished, again.files]).toEqual([r.unfinished, undefined, 231]);
    const resumed = committed(dir);
    expect(resumed.meta.unfinished).toBeUndefined();
    expect((await next.moduleReport(unparsed!)).warnings?.join("\n") ?? "").not.toMatch(/unfinished|not in the project graph/);
    // The same graph as a build from scratch.
    await next.index({ workers: 0, rebuild: true });
    const full = committed(dir);
    expect(resumed.files).toEqual(full.files);
    expect(resumed.refs).toEqual(full.refs);
  }, 120_000);

  it("`pilens index` on worker threads, stopped by Ctrl-C: batches under way are dropped, the rest committed; the next build completes it", async () => {
    // (Through the CLI: worker threads run the built dist/, which the tests' TypeScript sources do not have.)
    const dir = tempProject(APP);
    for (const copy of ["a", "b", "c", "d"]) copyTree(REAL_TS, join(dir, copy)); // 906 files: the worker path
    const cli = (signalAfterLockMs?: number) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "index", "--cwd", dir], { env: { ...process.env, PILENS_INDEX_WORKERS: "2" } });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d));
        child.stderr.on("data", (d: Buffer) => (out += d));
        child.on("exit", (code) => resolve({ code, out }));
        if (signalAfterLockMs === undefined) return;
        const lock = join(cacheDirFor(dir), "lock");
        const poll = setInterval(() => {
          if (!existsSync(lock)) return;
          clearInterval(poll);
          setTimeout(() => child.kill("SIGINT"), signalAfterLockMs);
        }, 20);
        child.on("exit", () => clearInterval(poll));
      });
    const stopped = await cli(2500);
    expect(stopped.code).toBe(130);
    const m = /stopped: indexed (\d+) files in .* \((\d+) parsed, (\d+) left for the next pilens index\)/.exec(stopped.out);
    expect(m, stopped.out).not.toBeNull();
    const [parsed, left] = [Number(m![2]), Number(m![3])];
    expect(parsed + left).toBe(906);
    // (Stopped before a batch came back, nothing was committed; at 2.5 s in, batches have come back here.)
    if (parsed) expect(committed(dir).meta.unfinished).toBe(left);
    else expect(existsSync(join(cacheDirFor(dir), "meta.json"))).toBe(false);
    const again = await cli();
    expect(again.code).toBe(0);
    expect(again.out).toContain(`indexed 906 files in ${dir} (${left} parsed, ${parsed} unchanged, 0 removed)`);
    expect(committed(dir).meta.unfinished).toBeUndefined();
  }, 120_000);
});

describe("a stopped build resumed, small projects (QA round S33)", () => {
  const fillers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${String(i).padStart(2, "0")}.ts`, `export const f${i} = ${i};\n`]));
  /** index() in this thread, stopped at its first progress report (16 files in), as Ctrl-C would. */
  async function stoppedBuild(lens: Lens) {
    let asked = false;
    return lens.index({ workers: 0, onProgress: () => void (asked ||= (void lens.stopIndex(), true)) });
  }
  /** The graph the next build makes of `dir` in a new process (the graph loaded from disk), and one from scratch. */
  async function resumedAndScratch(dir: string) {
    const lens = await Lens.create({ cwd: dir });
    await lens.index({ workers: 0 });
    const resumed = committed(dir);
    await lens.index({ workers: 0, rebuild: true });
    return { resumed, scratch: committed(dir) };
  }

  it("a file linked before its import targets were parsed links as a fresh parse would (its import lines are kept)", async () => {
    // a.ts (parsed first) names BatchThing on the line importing ./x; the barrel m-idx.ts re-exports it too.
    const dir = tempProject({
      "a.ts": 'import * as API from "./m-idx";\nimport { BatchThing } from "./x";\nexport function useIt() { return BatchThing(); }\n',
      "m-idx.ts": 'export { BatchThing } from "./x";\n',
      "x.ts": "export function BatchThing() { return 1; }\n",
      ...fillers,
    });
    const lens = await Lens.create({ cwd: dir });
    expect((await stoppedBuild(lens)).unfinished).toBeGreaterThan(0);
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect(resumed.refs).toEqual(scratch.refs);
    expect(Object.keys(scratch.refs["x.ts"]!.u as object)).toEqual(["BatchThing"]);
  });

  it("an importer waiting for a new file, left behind by the stop, is parsed by the next build", async () => {
    const dir = tempProject({ "a.ts": 'import { NewThing } from "./b-new";\nexport function useIt() { return NewThing(); }\n', ...fillers });
    const lens = await Lens.create({ cwd: dir });
    await lens.index({ workers: 0 });
    // A refresh: b-new.ts appears (a.ts was waiting for it) and the fillers change; stopped 16 files in.
    writeFileSync(join(dir, "b-new.ts"), "export function NewThing() { return 1; }\n");
    for (const f of Object.keys(fillers)) writeFileSync(join(dir, f), "export const changed = 1;\n");
    const stopped = await stoppedBuild(lens);
    expect(stopped.unfinished).toBeGreaterThan(0);
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect(resumed.refs).toEqual(scratch.refs);
    expect(Object.keys(scratch.refs["b-new.ts"]!.u as object)).toEqual(["NewThing"]);
  });

  it("a file parsed before the stop whose import target, not parsed yet, is then deleted: parsed again", async () => {
    const dir = tempProject({ "a.ts": 'import { BatchThing } from "./x";\nexport function useIt() { return BatchThing(); }\n', ...fillers, "x.ts": "export function BatchThing() { return 1; }\n" });
    expect((await stoppedBuild(await Lens.create({ cwd: dir }))).unfinished).toBeGreaterThan(0);
    rmSync(join(dir, "x.ts"));
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect(scratch.files["a.ts"]!.u).toEqual(["x"]);
  });

  it("search of a graph a stop left mostly unparsed: no confident \"none\", and while a build completes it, the first build's retry (QA round 44)", async () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`w${String(i).padStart(2, "0")}.ts`, `export function widgetMaker${i}() { return ${i}; }\n`]));
    const dir = tempProject(many);
    const stopped = await stoppedBuild(await Lens.create({ cwd: dir }));
    const parsed = Object.keys(committed(dir).files);
    expect(stopped.unfinished).toBeGreaterThanOrEqual(parsed.length);
    const missing = Object.keys(many).find((f) => !parsed.includes(f))!;
    const name = `widgetMaker${Number(missing.slice(1, 3))}`;
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.symbolSearch(name);
    if (!r.available) throw new Error(r.reason);
    expect(r.unparsed).toBe(stopped.unfinished);
    expect(r.hits.some((h) => h.file.endsWith(missing))).toBe(false);
    // (The rows share its words; the note says where the name may be instead of "it does not exist here".)
    expect(r.warnings?.join("\n")).toContain(`it may be in one of the ${stopped.unfinished} file(s) a stopped build left unparsed`);
    expect(r.warnings?.join("\n")).not.toContain("does not exist here");
    // A build under way: not the few files parsed, but the retry a first build gives.
    const building = lens.index({ workers: 0 });
    const during = await lens.symbolSearch(name);
    expect(during.available).toBe(false);
    if (!during.available) expect(during.reason).toMatch(/is being completed \(a stopped build left \d+ file\(s\) not parsed\)/);
    await building;
    const after = await lens.symbolSearch(name);
    expect(after.available && after.hits[0]?.file.endsWith(missing)).toBe(true);
    expect(after.available && after.unparsed).toBeFalsy();
  });

  it("a stopped --rebuild keeps the complete graph it was rebuilding", async () => {
    const dir = tempProject({ "a.ts": "export const a = 1;\n", ...fillers });
    const lens = await Lens.create({ cwd: dir });
    await lens.index({ workers: 0 });
    const before = readFileSync(join(cacheDirFor(dir), "meta.json"), "utf8");
    let asked = false;
    const r = await lens.index({ workers: 0, rebuild: true, onProgress: () => void (asked ||= (void lens.stopIndex(), true)) });
    expect(r.unfinished).toBeGreaterThan(0);
    expect(r.warnings).toContain(`--rebuild stopped with ${r.unfinished} file(s) not parsed: the graph built before it is kept`);
    expect(readFileSync(join(cacheDirFor(dir), "meta.json"), "utf8")).toBe(before);
    expect((await lens.symbolSearch("f19")).available).toBe(true);
  });

  it("a new file that takes over an import resolved to another (dir.ts over dir/index.ts, x.ts over x.js): its importers follow", async () => {
    const dir = tempProject({
      "a.ts": 'import { foo } from "./dir";\nexport function useIt() { return foo(); }\n',
      "b.ts": 'import { bar } from "./x.js";\nexport function useB() { return bar(); }\n',
      "dir/index.ts": "export function foo() { return 1; }\n",
      "x.js": "export function bar() { return 1; }\n",
    });
    await (await Lens.create({ cwd: dir })).index({ workers: 0 });
    writeFileSync(join(dir, "dir.ts"), "export function foo() { return 2; }\n");
    writeFileSync(join(dir, "x.ts"), "export function bar() { return 2; }\n");
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect(resumed.refs).toEqual(scratch.refs);
    expect([scratch.files["a.ts"]!.i, scratch.files["b.ts"]!.i]).toEqual([["dir.ts"], ["x.ts"]]);
  });

  it("the same after a stop that left the file taken over from unparsed", async () => {
    const dir = tempProject({ "a.ts": 'import { foo } from "./dir";\nexport function useIt() { return foo(); }\n', ...fillers, "dir/index.ts": "export function foo() { return 1; }\n" });
    expect((await stoppedBuild(await Lens.create({ cwd: dir }))).unfinished).toBeGreaterThan(0);
    writeFileSync(join(dir, "dir.ts"), "export function foo() { return 2; }\n");
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect(scratch.files["a.ts"]!.i).toEqual(["dir.ts"]);
  });

  it("a re-export's kind follows the declaration it names through a chain of re-exports, when that changes", async () => {
    const dir = tempProject({ "a.ts": 'export { foo } from "./b";\n', "b.ts": 'export * from "./c";\n', "c.ts": "export function foo() { return 1; }\n" });
    await (await Lens.create({ cwd: dir })).index({ workers: 0 });
    writeFileSync(join(dir, "c.ts"), "export const foo = 1;\n");
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect((scratch.files["a.ts"]!.d as unknown[][])[0]![2]).toBe("constant");
    // And when the declaration's file goes.
    rmSync(join(dir, "c.ts"));
    const gone = await resumedAndScratch(dir);
    expect(gone.resumed.files).toEqual(gone.scratch.files);
  });

  it("a stop before the re-exports of a changed kind were parsed again: the next build parses them", async () => {
    const dir = tempProject({ "a.ts": 'export { foo } from "./c";\n', "c.ts": "export function foo() { return 1; }\n", ...fillers });
    const lens = await Lens.create({ cwd: dir });
    await lens.index({ workers: 0 });
    // c.ts (parsed first) changes foo's kind; the stop comes before a.ts's second round.
    writeFileSync(join(dir, "c.ts"), "export const foo = 1;\n");
    for (const f of Object.keys(fillers)) writeFileSync(join(dir, f), "export const changed = 1;\n");
    expect((await stoppedBuild(lens)).unfinished).toBeGreaterThan(0);
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files).toEqual(scratch.files);
    expect((scratch.files["a.ts"]!.d as unknown[][])[0]![2]).toBe("constant");
  });

  it("the importers of a removed file are parsed again: their import no longer resolves", async () => {
    const dir = tempProject({ "a.ts": 'import { BatchThing } from "./x";\nexport function useIt() { return BatchThing(); }\n', "x.ts": "export function BatchThing() { return 1; }\n" });
    const lens = await Lens.create({ cwd: dir });
    await lens.index({ workers: 0 });
    rmSync(join(dir, "x.ts"));
    const { resumed, scratch } = await resumedAndScratch(dir);
    expect(resumed.files["a.ts"]).toEqual(scratch.files["a.ts"]);
    expect(scratch.files["a.ts"]!.i).toEqual([]);
  });
});

it("Ctrl-C on a `pilens index` waiting for another process's build: exit 130, saying so", async () => {
  const dir = tempProject(APP);
  // The other build: this test process holds the lock (a live pid, a fresh lock).
  const lock = join(cacheDirFor(dir), "lock");
  mkdirSync(dirname(lock), { recursive: true });
  writeFileSync(lock, `${process.pid} ${Date.now()}`);
  const child = spawn(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "index", "--cwd", dir]);
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  await new Promise((r) => setTimeout(r, 1500)); // started, waiting for the lock
  child.kill("SIGINT");
  expect(await exited).toBe(130);
  expect(err).toContain("index stopped while waiting for another pilens index building this project");
  rmSync(lock);
}, 30_000);

/** A file of the project the committed graph does not hold. */
async function firstUnparsed(lens: Lens, files: Record<string, unknown>): Promise<string | undefined> {
  const { scanProject } = await import("../../core/graph/scan.js");
  return scanProject(lens.root, (n) => lens.registry.lookup(n) !== undefined, 100_000, []).files.map((f) => f.rel).find((rel) => !(rel in files));
}
