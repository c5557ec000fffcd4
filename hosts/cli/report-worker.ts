/**
 * The worker lane of a large `pilens report` batch (report-lanes.ts): parses the same arguments,
 * reports files by the shared counter and posts each file's output to the main thread.
 */
import { parseArgs } from "node:util";
import { workerData, type MessagePort } from "node:worker_threads";
import { prewarm } from "./warm.js";
import { REPORT_OPTIONS, laneWorker, markLaneWorker, type FileOutput } from "./report-lanes.js";

const { args, counter, port } = workerData as { args: string[]; counter: Int32Array; port: MessagePort };
markLaneWorker();
// The grammars compile on V8's background threads while the rest loads (as on the main thread).
prewarm(["report", ...args]);
const { reporter, fatalOf } = await import("./commands/report.js");
const { values, positionals } = parseArgs({ args, options: REPORT_OPTIONS, allowPositionals: true, strict: true });
let one: ((file: string) => Promise<FileOutput>) | undefined;
await laneWorker(counter, port, positionals.length, async (i) => {
  try {
    one ??= reporter(values, positionals, true);
    return await one(positionals[i]!);
  } catch (e) {
    return fatalOf(e);
  }
});
