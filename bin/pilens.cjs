#!/usr/bin/env node
// Entry point of the `pilens` command; the code is compiled to dist/ by `npm install` (prepare), and
// bundled into dist/bundle/ (scripts/build.mjs): a few CommonJS chunks that dist/bundle/loader.cjs
// (hosts/cli/bundle-loader.ts) runs with a V8 code cache. This file is CommonJS too: an ES module
// entry costs Node ~9 ms more to start, and importing the loader as one ~5 ms. A bundle older than
// dist/ (tsc run alone) is stale: then dist/ runs directly, as ES modules.
"use strict";
const { statSync } = require("node:fs");
const { join } = require("node:path");

const ONE_SHOT = new Set(["report", "read", "enclosing", "view", "search"]);
// The commands whose run makes the code cache when it is missing.
const CACHING = new Set([...ONE_SHOT, "index", "mcp"]);

const dist = join(__dirname, "..", "dist");
const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = mtime(join(dist, "bundle", "cli.cjs")) >= mtime(join(dist, "hosts", "cli", "main.js")) && mtime(join(dist, "bundle", "loader.cjs")) >= 0;

async function run(argv) {
  let main;
  if (bundled) {
    const loader = require("../dist/bundle/loader.cjs");
    // A run that does its work makes the code cache when it is missing (`--help` compiles little), and a
    // report's remakes one another command made.
    const cache = { save: CACHING.has(argv[0] ?? "") && !argv.includes("--help") && !argv.includes("-h"), full: argv[0] === "report" };
    // First the grammars of the files named (compiled in the background while the rest loads).
    loader.bundleModule("warm", cache).prewarm(argv);
    // One turn of the event loop before the rest loads: V8 starts compiling a grammar only in a task
    // of this thread (after decoding it in the background), and the runtime's start-up is queued here.
    await new Promise((resolve) => setImmediate(resolve));
    ({ main } = loader.bundleModule("cli"));
    // A server is often stopped by a signal, never exiting normally: its caches are written then too, and 20 s in.
    if (argv[0] === "mcp") loader.saveCachesWhileServing(20_000);
  } else {
    (await import("../dist/hosts/cli/warm.js")).prewarm(argv);
    ({ main } = await import("../dist/hosts/cli/main.js"));
  }

  // A closed pipe (`pilens report … | head`) ends the output, not the process with a stack trace.
  process.stdout.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });

  const code = await main(argv);
  process.exitCode = code;
  // A one-shot command is done once its output is out: exit now rather than after Node's teardown of
  // the environment (~10 ms of a one-file report). Not `mcp` (its server goes on after main returns)
  // nor `index` (its worker threads wind down on their own).
  if (ONE_SHOT.has(argv[0] ?? "")) {
    const flushed = (s) => (s.writableLength ? new Promise((r) => s.once("drain", r)) : undefined);
    await flushed(process.stdout);
    await flushed(process.stderr);
    process.exit(code);
  }
}

run(process.argv.slice(2)).catch((e) => {
  // As an ES module's top-level failure: the error, exit code 1.
  console.error(e);
  process.exitCode = 1;
});
