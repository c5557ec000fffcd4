/**
 * A second lane for a large `pilens report` batch: a worker thread reports files of the batch while
 * the main thread reports others. Both take the next file from one shared counter, so files are
 * taken in order and the two lanes finish together; the worker posts each file's output (the JSON
 * line, error lines) back, and the main thread writes every file's output in the order the files were
 * given. The output is the same as one thread's, byte for byte (test/hosts/cli-lanes.test.ts).
 *
 * Started by bin/pilens.cjs's prewarm (hosts/cli/warm.ts) before the rest of the CLI loads, so the
 * worker's start-up (its own V8 isolate, modules, grammar and query compilation, ~250 ms here)
 * overlaps the main thread's. Worth it only for a batch that takes longer than that: ≥ 16 files and
 * ≥ 320 KB (190 TypeScript files, 770 KB: 1.13 → 0.96 s on 2 cores with the CLI's JIT budget, warm.ts
 * tuneJit; 350 KB 0.77 → 0.72 s; 250 KB was slower, 300 KB level — docs/measurements.md, session 19).
 * The lanes take files JSON-only: a text view says a warning shared by several files once, on the first
 * file written that has it, so the main thread reports a text view's file when it is its turn to be
 * written. `PILENS_REPORT_WORKERS=0` turns the lane off.
 *
 * The worker failing (it cannot start, it runs out of memory on a huge file) costs nothing but time:
 * the main thread reports every file the worker took and did not answer.
 */
import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { MessagePort, Worker } from "node:worker_threads";

/** node:worker_threads, loaded for a lane only (~3 ms of every other command's start). */
type WorkerThreads = typeof import("node:worker_threads");

/** The report command's options (hosts/cli/commands/report.ts uses these; the lane parses argv as it does). */
export const REPORT_OPTIONS = {
  cwd: { type: "string" },
  help: { type: "boolean", short: "h" },
  view: { type: "string" },
  detail: { type: "string" },
  focus: { type: "string" },
  offset: { type: "string" },
  "max-bytes": { type: "string" },
  "max-refs": { type: "string" },
  "blast-radius": { type: "boolean" },
  depth: { type: "string" },
} as const;

/** What one file of a batch prints, in order, and whether it counts as failed. */
export interface FileOutput {
  lines: [stream: "out" | "err", text: string][];
  failed: boolean;
  /** An error that ends the batch (as it would in one thread): a usage error, or another. */
  fatal?: { message: string; usage: boolean };
  /**
   * Not reported: the view is not JSON (a lane reports JSON only); the main thread reports it when it
   * is its turn to be written. A text view says a warning shared by several files once, on the first
   * file written that has it: only files reported in the order written say it on the same file.
   */
  mainOnly?: boolean;
}

export const LANE_MIN_FILES = 16;
export const LANE_MIN_BYTES = 320 * 1024;

interface Lane {
  wt: WorkerThreads;
  counter: Int32Array;
  port: MessagePort;
  worker: Worker;
  results: Map<number, FileOutput>;
  gone: boolean;
}

/** The lane started, under the parsed arguments it was started for (the command's own must be the same). */
let started: { key: string; lane: Promise<Lane | undefined> } | undefined;
/** This thread is a lane's worker (it starts no lane of its own). */
let laneWorkerThread = false;
export function markLaneWorker(): void {
  laneWorkerThread = true;
}

/** Whether a `report` with these arguments (argv after `report`) gets a worker lane. */
export function wantsLane(args: string[]): boolean {
  return laneKey(args) !== undefined;
}

async function runLanesHere(files: number, one: Reporter, emit: (o: FileOutput) => void): Promise<number> {
  for (let i = 0; i < files; i++) emit(await one(i, false));
  return 0;
}

/** Report file i; `jsonOnly`: a file whose view is not JSON comes back `mainOnly`, unreported. */
export type Reporter = (i: number, jsonOnly: boolean) => Promise<FileOutput>;

function keyOf(values: Record<string, unknown>, positionals: string[]): string {
  return JSON.stringify([values, positionals]);
}

/** The lane's key for these arguments, or undefined when the batch gets no lane. */
function laneKey(args: string[]): string | undefined {
  const env = process.env.PILENS_REPORT_WORKERS;
  if (env === "0" || laneWorkerThread || args.length < LANE_MIN_FILES || availableParallelism() < 2) return undefined;
  let parsed;
  try {
    parsed = parseArgs({ args, options: REPORT_OPTIONS, allowPositionals: true, strict: true });
  } catch {
    return undefined; // the command itself says what is wrong
  }
  const { values, positionals } = parsed;
  if (values.help || (values.view !== undefined && values.view !== "json") || positionals.length < LANE_MIN_FILES) return undefined;
  const cwd = resolve((values.cwd as string | undefined) ?? process.cwd());
  let bytes = 0;
  for (const p of positionals) {
    bytes += statSync(resolve(cwd, p), { throwIfNoEntry: false })?.size ?? 0;
    if (bytes >= LANE_MIN_BYTES) return keyOf(values, positionals);
  }
  return undefined;
}

/**
 * Start the worker lane for `report <args>` when the batch is worth it (report-worker.ts; `script`:
 * another worker script, for tests).
 */
export function startReportLane(args: string[], script = workerScript()): void {
  const key = started ? undefined : laneKey(args);
  if (key === undefined) return;
  started = { key, lane: import("node:worker_threads").then((wt) => spawn(wt, args, script)).catch(() => undefined) };
}

/**
 * Whether the started lane's worker has loaded and is taking files, waiting up to `ms` (tests: whether
 * the worker takes part depends on when it is ready, not on what it does).
 */
export async function laneLoaded(ms: number): Promise<boolean> {
  const lane = await started?.lane;
  for (const end = Date.now() + ms; lane && !lane.gone && Date.now() < end; await new Promise((r) => setTimeout(r, 10))) {
    if (Atomics.load(lane.counter, 1) === 1) return true;
  }
  return false;
}

function workerScript(): URL {
  return new URL("./report-worker.js", import.meta.url);
}

function spawn(wt: WorkerThreads, args: string[], script: URL): Lane {
  // [0]: the next file to take; [1]: set by the worker once loaded (laneLoaded); [2]: set by runLanes
  // when the worker may start reporting.
  const counter = new Int32Array(new SharedArrayBuffer(12));
  const { port1, port2 } = new wt.MessageChannel();
  const worker = new wt.Worker(script, { workerData: { args, counter, port: port2 }, transferList: [port2] });
  const lane: Lane = { wt, counter, port: port1, worker, results: new Map(), gone: false };
  const gone = () => {
    lane.gone = true;
  };
  worker.on("error", gone);
  worker.on("exit", gone);
  worker.unref();
  return lane;
}

/**
 * Report the files on both lanes: `one(i, jsonOnly)` reports file i on this thread (an error that ends
 * the batch comes back as `fatal`, for `emit` to throw in its place); `emit` writes a file's output, in
 * order. Files are taken JSON-only (a text view's file is reported when it is its turn to be written).
 * Without a lane started for these arguments (parsed as the command parsed them), every file here.
 * Returns how many files the worker reported.
 */
export async function runLanes(values: Record<string, unknown>, positionals: string[], one: Reporter, emit: (o: FileOutput) => void, notes: Record<string, string> = {}): Promise<number> {
  const files = positionals.length;
  const mine = started;
  started = undefined;
  const lane = await mine?.lane;
  if (lane && mine!.key !== keyOf(values, positionals)) {
    void lane.worker.terminate();
    return runLanesHere(files, one, emit);
  }
  if (!lane) return runLanesHere(files, one, emit);
  // The worker may report now: the caller has brought the project graphs up to date (report.ts; one
  // process, one build lock: the worker must not race that), and `notes` says, per project root, what
  // it could not — for the worker's reports to say as this thread's do.
  lane.port.postMessage({ notes });
  Atomics.store(lane.counter, 2, 1);
  Atomics.notify(lane.counter, 2);
  let byWorker = 0;
  const { results, counter, port } = lane;
  const taken = new Set<number>();
  let next = 0;
  const drain = () => {
    for (let m = lane.wt.receiveMessageOnPort(port); m; m = lane.wt.receiveMessageOnPort(port)) {
      const msg = m.message as { i: number; out: FileOutput } | { done: true } | { notes: Record<string, string> };
      if ("i" in msg) results.set(msg.i, msg.out);
    }
  };
  /**
   * Write what is ready, in order. A file the worker took and has not answered is waited for (when
   * `wait`), or reported here when the worker is gone or left it (`mainOnly`).
   */
  const flush = async (wait: boolean) => {
    while (next < files) {
      drain();
      let out = results.get(next);
      if (!out) {
        if (!wait) return;
        if (!lane.gone) {
          await new Promise((r) => setTimeout(r, 1));
          continue;
        }
        drain(); // (its last message was queued before it exited)
        out = results.get(next);
      }
      if (!out || out.mainOnly) out = await one(next, false);
      else if (!taken.has(next)) byWorker++;
      results.delete(next);
      next++;
      emit(out);
    }
  };
  try {
    for (;;) {
      const i = Atomics.add(counter, 0, 1);
      if (i >= files) break;
      taken.add(i);
      results.set(i, await one(i, true));
      await flush(false);
    }
    await flush(true);
    return byWorker;
  } finally {
    // Nothing left for the worker: it ends on its own; an error here must not wait for it.
    port.close();
    if (!lane.gone) void lane.worker.terminate();
  }
}

/** The worker's side: report files by the shared counter until none is left; post each file's output. */
export async function laneWorker(counter: Int32Array, port: MessagePort, files: number, one: Reporter, onNotes?: (notes: Record<string, string>) => void): Promise<void> {
  if (counter.length > 1) Atomics.store(counter, 1, 1);
  // Reports wait until the main thread has brought the project graphs up to date (runLanes says so, with
  // its notes on what it could not).
  while (counter.length > 2 && Atomics.load(counter, 2) === 0) Atomics.wait(counter, 2, 0, 50);
  if (onNotes) {
    const { receiveMessageOnPort } = await import("node:worker_threads");
    const m = receiveMessageOnPort(port)?.message as { notes?: Record<string, string> } | undefined;
    onNotes(m?.notes ?? {});
  }
  for (;;) {
    const i = Atomics.add(counter, 0, 1);
    if (i >= files) break;
    const out = await one(i, true);
    port.postMessage({ i, out });
    if (out.mainOnly || out.fatal) break;
  }
  port.postMessage({ done: true });
  port.close();
}
