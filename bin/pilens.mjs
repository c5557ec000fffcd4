#!/usr/bin/env node
// Entry point of the `pilens` command; the code is compiled to dist/ by `npm install` (prepare), and
// bundled into dist/bundle/ (scripts/build.mjs): the bundle loads in a fraction of the time of ~60
// modules. A bundle older than dist/ (tsc run alone) is stale: then dist/ runs directly.
import { statSync } from "node:fs";

const ONE_SHOT = new Set(["report", "read", "enclosing", "view", "search"]);

const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = mtime("../dist/bundle/cli.js") >= mtime("../dist/hosts/cli/main.js");
// First the grammars of the files named (compiled in the background while the rest loads).
const { prewarm } = await (bundled ? import("../dist/bundle/warm.js") : import("../dist/hosts/cli/warm.js"));
prewarm(process.argv.slice(2));
const { main } = await (bundled ? import("../dist/bundle/cli.js") : import("../dist/hosts/cli/main.js"));

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
