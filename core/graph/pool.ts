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
const BATCH = 32;
/** The smallest batch the last files are handed out in (batchSize). */
const MIN_BATCH = 4;
/** Batches a worker holds at once: the next one is there when it posts a result (no wait for this thread to take it in). */
const IN_FLIGHT = 2;
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

/** Files in the next batch, `left` files left for `workers`: BATCH, then shrinking as they run out, down to MIN_BATCH. */
export function batchSize(left: number, workers: number): number {
  return Math.max(MIN_BATCH, Math.min(BATCH, Math.ceil(left / (4 * workers))));
}

/** A batch: files `jobs[start, start + files.length)`. */
type Batch = { start: number; files: ScannedFile[] };

/**
 * Workers get the files in scan order, in batches that shrink as the files run out (batchSize): the
 * workers end together — with 64-file batches one worker's last batch had left the other idle up to ~2 s
 * of effect's 20. Entries are handed on in scan order whichever worker answers first (a batch that
 * arrives early waits for the ones before it), so the model holds the files in the order a build in this
 * thread gives it: where several files declare a type, which one a link names had followed the race.
 */
function inWorkers(lens: Lens, jobs: ScannedFile[], n: number, opts: ParseOptions): Promise<Map<string, FileEntry>> {
  const out = new Map<string, FileEntry>();
  let next = 0;
  let done = 0;
  const takeBatch = (): Batch | undefined => {
    if (next >= jobs.length) return undefined;
    const start = next;
    next += batchSize(jobs.length - next, n);
    return { start, files: jobs.slice(start, next) };
  };
  /** Answered batches waiting for an earlier one, by start; the start of the next batch to hand on. */
  const early = new Map<number, { end: number; entries: [string, FileEntry][] }>();
  let handed = 0;
  return new Promise((resolve, reject) => {
    let live = 0;
    let fallbacks = 0;
    let settled = false;
    let stopped = false;
    const pool: Worker[] = [];
    /** Each worker's batches posted and not yet answered, oldest first. */
    const current = new Map<Worker, Batch[]>();
    const take = (entries: [string, FileEntry][]) => {
      if (stopped) return; // (the result is out, and a cold build's model must hold only what it says)
      for (const [rel, e] of entries) out.set(rel, e);
      done += entries.length;
      opts.onProgress?.(done, jobs.length);
      opts.onEntries?.(entries);
    };
    /** Batch `[start, end)` answered: handed on with the ones after it that wait, once the ones before it are. */
    const answered = (start: number, end: number, entries: [string, FileEntry][]) => {
      early.set(start, { end, entries });
      for (let b; (b = early.get(handed)); ) {
        early.delete(handed);
        handed = b.end;
        take(b.entries);
      }
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
    // Stopped: what is in so far (a batch a worker is on is dropped, not waited for; one answered early is kept).
    if (opts.signal?.aborted) return resolve(out);
    opts.signal?.addEventListener("abort", () => {
      if (settled) return;
      for (const start of [...early.keys()].sort((a, b) => a - b)) take(early.get(start)!.entries);
      early.clear();
      settled = stopped = true;
      for (const x of pool) void x.terminate();
      resolve(new Map(out));
    }, { once: true });
    /** Post batches until the worker holds IN_FLIGHT; false when it holds none (nothing left). */
    const feed = (w: Worker): boolean => {
      const held = current.get(w) ?? [];
      current.set(w, held);
      for (let b; held.length < IN_FLIGHT && (b = takeBatch()); ) {
        held.push(b);
        w.postMessage(b.files);
      }
      return held.length > 0;
    };
    const retire = (w: Worker) => {
      void w.terminate();
      live--;
      finish();
    };
    for (let k = 0; k < Math.min(n, Math.ceil(jobs.length / MIN_BATCH)); k++) {
      const w = new Worker(workerUrl, { workerData: { root: lens.root, settings: lens.settings }, resourceLimits: WORKER_LIMITS });
      pool.push(w);
      live++;
      w.on("message", (msg: { entries: [string, FileEntry][] }) => {
        if (stopped) return;
        const b = current.get(w)!.shift()!;
        // The worker parses its next batch while this one is taken in — unless a host's call is being
        // answered: then it gets its next batch when the call is done (two workers on two cores slowed
        // the call by half; it holds IN_FLIGHT × BATCH files at most, as many as one batch before).
        const next = () => {
          if (!feed(w)) retire(w);
        };
        if (lens.busy) void lens.whenIdle().then(next);
        else next();
        answered(b.start, b.start + b.files.length, msg.entries);
      });
      w.on("error", () => {
        // Out of memory on a huge file, or a worker that cannot start: its batches (and, when it was the
        // last worker, the batches left) are parsed in this thread; an error there fails the build.
        const mine = current.get(w) ?? [];
        current.delete(w);
        live--;
        if (live === 0 && next < jobs.length) mine.push({ start: next, files: jobs.slice(next) }), (next = jobs.length);
        fallbacks++;
        inThread(lens, mine.flatMap((b) => b.files), { signal: opts.signal }).then(
          (m) => {
            fallbacks--;
            for (const b of mine) answered(b.start, b.start + b.files.length, b.files.flatMap((f): [string, FileEntry][] => (m.has(f.rel) ? [[f.rel, m.get(f.rel)!]] : [])));
            finish();
          },
          fail,
        );
      });
      if (!feed(w)) retire(w);
    }
  });
}
