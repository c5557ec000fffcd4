#!/usr/bin/env node
// Entry point of the `pilens` command; the code is compiled to dist/ by `npm install` (prepare).
import { main } from "../dist/hosts/cli/main.js";

// A closed pipe (`pilens report … | head`) ends the output, not the process with a stack trace.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

const code = await main(process.argv.slice(2));
process.exitCode = code;
