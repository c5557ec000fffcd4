/**
 * The worker lane of a large `pilens report` batch (report-lanes.ts). Not bundled: it loads the bundle
 * when the bundle is fresh (bin/pilens.cjs's rule), so the bundle keeps its two entries and chunks.
 */
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { workerData } from "node:worker_threads";

type Warm = typeof import("./warm.js");
type Cli = typeof import("./main.js");
const mtime = (rel: string) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = mtime("../../bundle/cli.cjs") >= mtime("./main.js");
// The bundle through the same loader as the main thread (its CommonJS build), reading the code cache it writes.
const loader = bundled ? (createRequire(import.meta.url)("../../bundle/loader.cjs") as typeof import("./bundle-loader.js")) : undefined;

const { args } = workerData as { args: string[] };
const warm = loader ? loader.bundleModule<Warm>("warm") : ((await import("./warm.js")) as Warm);
warm.markLaneWorker();
// The grammars compile on V8's background threads while the rest loads (as on the main thread).
warm.prewarm(["report", ...args]);
const cli = loader ? loader.bundleModule<Cli>("cli") : ((await import("./main.js")) as Cli);
await cli.runLaneWorker(workerData);
