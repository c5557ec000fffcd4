/**
 * The MCP server's watchdog: a worker thread that sees when the main thread stops running — a call stuck
 * in a third-party pack's endless loop (JavaScript cannot interrupt it; nothing times a call out) — and
 * says so on stderr with the call's name after STUCK_MS. A server whose client is gone (its parent process
 * died: it was re-parented) while stuck exits: it had spun at 100% CPU for ever, an orphan no one would
 * stop (its stdin's end is seen only by the main thread). A stuck server with a live client stays: the
 * client's own timeout answers the call, and ending the server is the client's to do.
 */
import { Worker } from "node:worker_threads";

/** A main thread that has not run for this long is stuck (no pilens call holds it a minute). */
export const STUCK_MS = 60_000;
/** Orphaned and not run for this long: exit. */
const ORPHAN_MS = 2_000;
const LABEL_BYTES = 400;

/** The worker: reads the main thread's heartbeat and the call it runs from shared memory, once a second. */
const WORKER = `
const { workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const { beat, label, labelLength, ppid, stuckMs, orphanMs } = workerData;
const beatAt = new Float64Array(beat);
const text = new Uint8Array(label);
const length = new Int32Array(labelLength);
let said = 0;
setInterval(() => {
  const idle = Date.now() - beatAt[0];
  if (idle < orphanMs) return void (said = 0);
  const call = Buffer.from(text.subarray(0, Atomics.load(length, 0))).toString("utf8");
  const where = call ? "(last call started: " + call + ")" : "(no call under way: background work)";
  const secs = Math.round(idle / 1000);
  if (process.ppid !== ppid) {
    writeSync(2, "pilens mcp: the client is gone and the server has been stuck " + secs + " s " + where + " — exiting\\n");
    process.kill(process.pid, "SIGKILL");
  }
  if (idle >= stuckMs && !said) {
    said = 1;
    writeSync(2, "pilens mcp: stuck " + secs + " s " + where + " — a language pack in an endless loop? (.pilensrc packs; calls wait until it returns)\\n");
  }
}, 1000);
`;

export interface Watchdog {
  /** The call the main thread runs now (its tool and file), for the message. */
  running(label: string | undefined): void;
  stop(): void;
}

/**
 * The watchdog, its thread started `delayMs` after the server (or at the first call after that): a
 * thread starting with the server cost its first answer ~15–35 ms on 2 cores (its bootstrap beside the
 * server's). A call stuck before then is not watched.
 */
export function laterWatchdog(delayMs = 1000): Watchdog {
  let dog: Watchdog | undefined;
  let stopped = false;
  const due = Date.now() + delayMs;
  const start = () => (dog ??= stopped ? undefined : startWatchdog());
  const timer = setTimeout(start, delayMs);
  timer.unref();
  return {
    running(call) {
      if (!dog && Date.now() >= due) start();
      dog?.running(call);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      dog?.stop();
    },
  };
}

export function startWatchdog(stuckMs = Number(process.env.PILENS_STUCK_MS) || STUCK_MS): Watchdog {
  const beat = new SharedArrayBuffer(8);
  const label = new SharedArrayBuffer(LABEL_BYTES);
  const labelLength = new SharedArrayBuffer(4);
  const beatAt = new Float64Array(beat);
  beatAt[0] = Date.now();
  const timer = setInterval(() => (beatAt[0] = Date.now()), 500);
  timer.unref();
  const worker = new Worker(WORKER, { eval: true, workerData: { beat, label, labelLength, ppid: process.ppid, stuckMs, orphanMs: ORPHAN_MS } });
  worker.unref();
  worker.on("error", () => undefined); // (a watchdog that fails leaves the server as it was)
  const text = new Uint8Array(label);
  const length = new Int32Array(labelLength);
  const encoder = new TextEncoder();
  return {
    running(call) {
      beatAt[0] = Date.now();
      const { written } = encoder.encodeInto(call ?? "", text);
      Atomics.store(length, 0, written);
    },
    stop() {
      clearInterval(timer);
      void worker.terminate();
    },
  };
}
