/**
 * A large `pilens report` batch on two lanes (hosts/cli/report-lanes.ts): a worker thread reports
 * files beside the main thread, and the output is what one thread writes — bytes, errors, exit code.
 * The lane modules are the built ones (dist/): the worker thread runs compiled JavaScript.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

type FileOutput = { lines: [string, string][]; failed: boolean; fatal?: { message: string; usage: boolean }; mainOnly?: boolean };
type Lanes = {
  REPORT_OPTIONS: Record<string, { type: "string" | "boolean"; short?: string }>;
  LANE_MIN_FILES: number;
  LANE_MIN_BYTES: number;
  wantsLane(args: string[]): boolean;
  startReportLane(args: string[], script?: URL): void;
  laneLoaded(ms: number): Promise<boolean>;
  runLanes(values: Record<string, unknown>, positionals: string[], one: (i: number, jsonOnly: boolean) => Promise<FileOutput>, emit: (o: FileOutput) => void): Promise<number>;
};
const dist = (p: string) => pathToFileURL(join(repoRoot, "dist", p)).href;
const BIN = join(repoRoot, "bin", "pilens.cjs");

/** A project of `n` TypeScript files of ~25 KB each (documented functions and a class). */
function bigProject(n: number): { dir: string; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "pilens-lanes-"));
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "src"));
  const files: string[] = [];
  for (let k = 0; k < n; k++) {
    const body = Array.from({ length: 110 }, (_, i) => `/**\n * Computes part ${i} of module ${k}: the input scaled, then offset by the module's number.\n * @param input the value to scale\n */\nexport function part${k}_${i}(input: number, scale = ${i}): number {\n  const scaled = input * scale;\n  return scaled + ${k};\n}\n`);
    const cls = `export class Store${k} {\n  private items = new Map<string, number>();\n  get(key: string): number | undefined { return this.items.get(key); }\n}\n`;
    const imports = k ? `import { part${k - 1}_0 } from "./m${k - 1}.js";\n` : "";
    const name = `src/m${k}.ts`;
    writeFileSync(join(dir, name), imports + body.join("\n") + cls);
    files.push(name);
  }
  return { dir, files };
}

describe("report on two lanes", () => {
  it("writes what one thread writes: reports in argument order, a missing file, a directory and a binary file each on their own line", () => {
    const { dir, files } = bigProject(20);
    writeFileSync(join(dir, "blob.ts"), Buffer.from([0x65, 0, 0, 1, 2, 3]));
    const args = ["report", ...files.slice(0, 7), "src/missing.ts", ...files.slice(7, 14), "src", "blob.ts", ...files.slice(14)];
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });
    const one = run({ PILENS_REPORT_WORKERS: "0" });
    const two = run({});
    expect(one.status).toBe(1);
    expect(two.status).toBe(one.status);
    expect(two.stderr).toBe(one.stderr);
    expect(two.stdout).toBe(one.stdout);
    const lines = two.stdout.trim().split("\n").map((l) => JSON.parse(l) as { path?: string; available: boolean; error?: string });
    expect(lines).toHaveLength(args.length - 1);
    expect(lines.map((l) => l.available)).toEqual(args.slice(1).map((a) => !/missing|blob|^src$/.test(a)));
    expect(lines[7]!.error).toMatch(/file not found/);
    expect(lines.filter((l) => l.available).map((l) => l.path)).toEqual(files);
    expect(one.stderr.split("\n").filter(Boolean)).toHaveLength(3);
  });

  it("the worker reports files of a large JSON batch; a small one, a text view or PILENS_REPORT_WORKERS=0 gets no lane", async () => {
    const lanes = (await import(dist("hosts/cli/report-lanes.js"))) as Lanes;
    const { reporter, fatalOf } = (await import(dist("hosts/cli/commands/report.js"))) as {
      reporter(values: Record<string, unknown>, files: string[]): (file: string, jsonOnly: boolean) => Promise<FileOutput>;
      fatalOf(e: unknown): FileOutput;
    };
    const { dir, files } = bigProject(20);
    const args = ["--cwd", dir, ...files];
    // (The project is over both thresholds: the first test's batch gets a lane too.)
    expect(lanes.wantsLane(args)).toBe(true);
    expect(lanes.wantsLane(["--cwd", dir, ...files.slice(0, lanes.LANE_MIN_FILES - 1)])).toBe(false);
    expect(lanes.wantsLane(["--cwd", dir, "--view", "compact", ...files])).toBe(false);
    process.env.PILENS_REPORT_WORKERS = "0";
    try {
      expect(lanes.wantsLane(args)).toBe(false);
    } finally {
      delete process.env.PILENS_REPORT_WORKERS;
    }
    const { values, positionals } = parseArgs({ args, options: lanes.REPORT_OPTIONS, allowPositionals: true, strict: true });
    const run = async () => {
      const one = reporter(values, positionals);
      const out: FileOutput[] = [];
      const byWorker = await lanes.runLanes(values, positionals, (i, jsonOnly) => one(positionals[i]!, jsonOnly).catch(fatalOf), (o) => out.push(o));
      return { out, byWorker };
    };
    const alone = await run(); // no lane started: this thread only
    expect(alone.byWorker).toBe(0);
    lanes.startReportLane(args);
    // Once the worker is loaded it takes files beside this thread (under load it may load after this
    // thread has done all 20: the count would say nothing about the lane).
    expect(await lanes.laneLoaded(30_000)).toBe(true);
    const both = await run();
    expect(both.byWorker).toBeGreaterThan(0);
    expect(both.out).toEqual(alone.out);
    expect(both.out.map((o) => JSON.parse(o.lines[0]![1]).path)).toEqual(files);
  });

  it("a project whose default view is a text view: the worker leaves every file to the main thread (shared warnings said once)", () => {
    const { dir, files } = bigProject(20);
    writeFileSync(join(dir, ".pilensrc"), "defaultView: compact\n");
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [BIN, "report", ...files], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });
    const one = run({ PILENS_REPORT_WORKERS: "0" });
    const two = run({});
    expect(two.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stdout.match(/usedBy unknown until/g)).toHaveLength(1);
    expect(two.stdout.match(/^src\/m\d+\.ts typescript /gm)).toHaveLength(files.length);
  });

  it("a batch across projects, one of them with a text default view: the shared warnings fall on the same files as on one thread (QA)", () => {
    const json = bigProject(20);
    const text = bigProject(12);
    writeFileSync(join(text.dir, ".pilensrc"), "defaultView: compact\n");
    // Interleaved: both lanes meet text-view files, each of which must be reported in the order written.
    const files = json.files.flatMap((f, i) => [join(json.dir, f), ...(text.files[i] ? [join(text.dir, text.files[i]!)] : [])]);
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [BIN, "report", ...files], { cwd: json.dir, encoding: "utf8", env: { ...process.env, ...env } });
    const one = run({ PILENS_REPORT_WORKERS: "0" });
    expect(one.stdout.match(/usedBy unknown until .*for every file below/g)).toHaveLength(1);
    for (let k = 0; k < 3; k++) {
      const two = run({});
      expect(two.stderr).toBe(one.stderr);
      expect(two.stdout).toBe(one.stdout);
    }
  });

  it("a worker that dies leaves nothing unanswered: the files it took are reported by the main thread", async () => {
    const lanes = (await import(dist("hosts/cli/report-lanes.js"))) as Lanes;
    const { dir, files } = bigProject(20);
    // The worker takes two files, answers the first, then throws; it says when it has taken them.
    const script = join(dir, "dying-worker.mjs");
    writeFileSync(
      script,
      [
        'import { writeFileSync } from "node:fs";',
        'import { workerData } from "node:worker_threads";',
        "const { counter, port } = workerData;",
        "const a = Atomics.add(counter, 0, 1);",
        "const b = Atomics.add(counter, 0, 1);",
        'port.postMessage({ i: a, out: { lines: [["out", `worker ${a}`]], failed: false } });',
        `writeFileSync(${JSON.stringify(join(dir, "taken"))}, String(b));`,
        'throw new Error("worker died");',
      ].join("\n"),
    );
    const args = ["--cwd", dir, ...files];
    const { values, positionals } = parseArgs({ args, options: lanes.REPORT_OPTIONS, allowPositionals: true, strict: true });
    lanes.startReportLane(args, pathToFileURL(script));
    const out: string[] = [];
    const one = async (i: number): Promise<FileOutput> => {
      // The first file waits until the worker has taken its two (so the test does not race its start).
      for (let t = 0; i === 0 && !existsSync(join(dir, "taken")) && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
      return { lines: [["out", `main ${i}`]], failed: false };
    };
    const byWorker = await lanes.runLanes(values, positionals, one, (o) => out.push(o.lines[0]![1]));
    expect(byWorker).toBe(1);
    expect(out).toHaveLength(files.length);
    expect(out.map((l) => Number(l.split(" ")[1]))).toEqual(files.map((_, i) => i));
    // (This thread took file 0 first; the worker took the next two.)
    expect(out.filter((l) => l.startsWith("worker"))).toEqual(["worker 1"]);
    expect(out[2]).toBe("main 2");
  });
});
