#!/usr/bin/env node
// Entry point of the `pilens` command; the code is compiled to dist/ by `npm install` (prepare).
import { main } from "../dist/hosts/cli/main.js";

const code = await main(process.argv.slice(2));
process.exitCode = code;
