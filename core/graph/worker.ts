/** Worker thread of the index pool: parses batches of files with its own Lens, posts entries back. */
import { parentPort, workerData } from "node:worker_threads";
import { Lens } from "../engine.js";
import { parseFile } from "./parse-file.js";
import { makeJsResolver } from "./resolve-js.js";
import type { ScannedFile } from "./scan.js";

const { root, settings } = workerData as { root: string; settings: Lens["settings"] };
const lensP = Lens.create({ cwd: root, root, settings });
const js = makeJsResolver(root);

parentPort!.on("message", async (batch: ScannedFile[]) => {
  const lens = await lensP;
  const entries = [];
  for (const f of batch) entries.push([f.rel, await parseFile(lens, f.abs, f.rel, { m: f.m, s: f.s }, js)]);
  parentPort!.postMessage({ entries });
});
