/**
 * Batch parsing for the index: in this thread for small batches, on worker threads (≤ 2 here, one per
 * core) for large ones. Workers build their own Lens with the built-in packs and the same settings;
 * a Lens carrying other packs parses in-thread so third-party packs are honoured.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Lens } from "../engine.js";
import { parseFile } from "./parse-file.js";
import { makeJsResolver } from "./resolve-js.js";
import type { ScannedFile } from "./scan.js";
import type { FileEntry } from "./types.js";

export interface ParseOptions {
  /** Worker threads to use (0 = in-thread). Default: PILENS_INDEX_WORKERS or min(2, cores). */
  workers?: number;
  onProgress?: (done: number, total: number) => void;
  /** Each batch of entries as it arrives (a cold build adds them to the model while workers parse on). */
  onEntries?: (entries: [string, FileEntry][]) => void;
  /**
   * Stop early: no file is started after it aborts, and the files parsed so far are returned (workers'
   * batches under way are dropped). The caller tells a partial result by its size.
   */
  signal?: AbortSignal;
}

/**
 * Below this many files, worker start-up (module + grammar load per worker) costs more than it saves:
 * with lean analyses the break-even on 2 cores is ~500 TS files (225 files: 2.5 s in-thread, 3.1 s on
 * two workers; 1000 files: 5.2 s vs 4.1 s).
 */
export const WORKER_MIN_FILES = 500;
const BATCH = 64;
const workerUrl = new URL("./worker.js", import.meta.url);

export function defaultWorkers(): number {
  const env = process.env.PILENS_INDEX_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return Math.min(2, availableParallelism());
}

export async function parseMany(lens: Lens, jobs: ScannedFile[], builtinOnly: boolean, opts: ParseOptions = {}): Promise<Map<string, FileEntry>> {
  const workers = opts.workers ?? defaultWorkers();
  const canThread = builtinOnly && workers > 0 && jobs.length >= WORKER_MIN_FILES && existsSync(fileURLToPath(workerUrl));
  return canThread ? inWorkers(lens, jobs, workers, opts) : inThread(lens, jobs, opts);
}

async function inThread(lens: Lens, jobs: ScannedFile[], opts: ParseOptions): Promise<Map<string, FileEntry>> {
  const js = makeJsResolver(lens.root);
  const out = new Map<string, FileEntry>();
  let i = 0;
  for (const f of jobs) {
    if (opts.signal?.aborted) return out;
    out.set(f.rel, await parseFile(lens, f.abs, f.rel, { m: f.m, s: f.s }, js));
    if (++i % 16 === 0) opts.onProgress?.(i, jobs.length);
    // A host's call waits for one file at most, then has the thread until it is answered.
    await new Promise((r) => setImmediate(r));
    await lens.whenIdle();
  }
  opts.onProgress?.(jobs.length, jobs.length);
  return out;
}

/**
 * Worker heap limits: a worker's live data is small (grammar, queries, one file's analysis), so a small
 * young generation keeps each worker ~40 MB smaller with no measurable cost; the old-generation cap is
 * ~3x what a 1 MB file needs. A worker that dies anyway hands its batch back to this thread.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

function inWorkers(lens: Lens, jobs: ScannedFile[], n: number, opts: ParseOptions): Promise<Map<string, FileEntry>> {
  const out = new Map<string, FileEntry>();
  let next = 0;
  let done = 0;
  const batches: ScannedFile[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  return new Promise((resolve, reject) => {
    let live = 0;
    let fallbacks = 0;
    let settled = false;
    let stopped = false;
    const pool: Worker[] = [];
    const current = new Map<Worker, ScannedFile[]>();
    const take = (entries: [string, FileEntry][]) => {
      if (stopped) return; // (the result is out, and a cold build's model must hold only what it says)
      for (const [rel, e] of entries) out.set(rel, e);
      done += entries.length;
      opts.onProgress?.(done, jobs.length);
      opts.onEntries?.(entries);
    };
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      for (const x of pool) void x.terminate();
      reject(e);
    };
    const finish = () => {
      if (live === 0 && fallbacks === 0 && !settled) {
        settled = true;
        resolve(out);
      }
    };
    // Stopped: what is in so far (a batch a worker is on is dropped, not waited for).
    if (opts.signal?.aborted) return resolve(out);
    opts.signal?.addEventListener("abort", () => {
      if (settled) return;
      settled = stopped = true;
      for (const x of pool) void x.terminate();
      resolve(new Map(out));
    }, { once: true });
    /** Post the next batch; false when there is none. */
    const feed = (w: Worker): boolean => {
      const b = batches[next++];
      if (b) {
        current.set(w, b);
        w.postMessage(b);
      } else current.delete(w);
      return b !== undefined;
    };
    const retire = (w: Worker) => {
      void w.terminate();
      live--;
      finish();
    };
    for (let k = 0; k < Math.min(n, batches.length); k++) {
      const w = new Worker(workerUrl, { workerData: { root: lens.root, settings: lens.settings }, resourceLimits: WORKER_LIMITS });
      pool.push(w);
      live++;
      w.on("message", (msg: { entries: [string, FileEntry][] }) => {
        if (stopped) return;
        // The worker parses its next batch while this one is taken in — unless a host's call is being
        // answered: then it gets its next batch when the call is done (two workers on two cores slowed
        // the call by half).
        const next = () => {
          if (!feed(w)) retire(w);
        };
        if (lens.busy) void lens.whenIdle().then(next);
        else next();
        take(msg.entries);
      });
      w.on("error", () => {
        // Out of memory on a huge file, or a worker that cannot start: its batch (and, when it was the
        // last worker, the batches left) are parsed in this thread; an error there fails the build.
        const mine = current.get(w) ?? [];
        current.delete(w);
        live--;
        const rest = live === 0 ? batches.splice(next).flat() : [];
        fallbacks++;
        inThread(lens, [...mine, ...rest], { signal: opts.signal }).then(
          (m) => {
            fallbacks--;
            take([...m]);
            finish();
          },
          fail,
        );
      });
      if (!feed(w)) retire(w);
    }
  });
}
