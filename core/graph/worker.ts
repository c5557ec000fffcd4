/** Worker thread of the index pool: parses batches of files with its own Lens, posts entries back. */
import { parentPort, workerData } from "node:worker_threads";
import { Lens } from "../engine.js";
import { parseFile } from "./parse-file.js";
import { makeJsResolver } from "./resolve-js.js";
import type { ScannedFile } from "./scan.js";
import type { FileEntry } from "./types.js";

const { root, settings } = workerData as { root: string; settings: Lens["settings"] };
const lensP = Lens.create({ cwd: root, root, settings });
const js = makeJsResolver(root);

// (Batches one after another: the pool posts the next before this one is answered.)
let queue: Promise<void> = Promise.resolve();
parentPort!.on("message", (batch: ScannedFile[]) => {
  queue = queue.then(() => run(batch));
});

async function run(batch: ScannedFile[]): Promise<void> {
  const lens = await lensP;
  const entries: [string, FileEntry][] = [];
  const buffers: ArrayBuffer[] = [];
  for (const f of batch) {
    const e = await parseFile(lens, f.abs, f.rel, { m: f.m, s: f.s }, js);
    entries.push([f.rel, e]);
    if (e.o.byteLength) buffers.push(e.o.buffer as ArrayBuffer);
  }
  // Occurrence arrays move to the main thread (transferred, not copied).
  parentPort!.postMessage({ entries }, buffers);
}
