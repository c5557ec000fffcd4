#!/usr/bin/env node
// Entry point of the `pilens` command; the code is compiled to dist/ by `npm install` (prepare), and
// bundled into dist/bundle/ (scripts/build.mjs): the bundle loads in a fraction of the time of ~60
// modules, and runs with a V8 code cache (dist/hosts/cli/bundle-loader.js). A bundle older than
// dist/ (tsc run alone) is stale: then dist/ runs directly.
import { statSync } from "node:fs";

const ONE_SHOT = new Set(["report", "read", "enclosing", "view", "search"]);
// The commands whose run makes the code cache (dist/hosts/cli/bundle-loader.js) when it is missing.
const CACHING = new Set([...ONE_SHOT, "index", "mcp"]);

const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = mtime("../dist/bundle/cli.cjs") >= mtime("../dist/hosts/cli/main.js");
const loader = bundled ? await import("../dist/hosts/cli/bundle-loader.js") : undefined;
const caching = CACHING.has(process.argv[2] ?? "");
// First the grammars of the files named (compiled in the background while the rest loads).
const { prewarm } = loader ? loader.bundleModule("warm", caching) : await import("../dist/hosts/cli/warm.js");
prewarm(process.argv.slice(2));
const { main } = loader ? loader.bundleModule("cli", caching) : await import("../dist/hosts/cli/main.js");

// A closed pipe (`pilens report … | head`) ends the output, not the process with a stack trace.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

const code = await main(process.argv.slice(2));
process.exitCode = code;
// A one-shot command is done once its output is out: exit now rather than after Node's teardown of
// the environment (~10 ms of a one-file report). Not `mcp` (its server goes on after main returns)
// nor `index` (its worker threads wind down on their own).
if (ONE_SHOT.has(process.argv[2] ?? "")) {
  const flushed = (s) => (s.writableLength ? new Promise((r) => s.once("drain", r)) : undefined);
  await flushed(process.stdout);
  await flushed(process.stderr);
  process.exit(code);
}
