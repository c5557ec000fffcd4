#!/usr/bin/env node
// The `pilens` command's entry until session 32; package.json now names bin/pilens.cjs. Kept because
// `npx pilens` in a checkout links the bin into npm's npx cache once and never relinks it: a checkout
// updated from an earlier version still runs this file. It runs the CommonJS entry, as it is.
import { createRequire } from "node:module";

createRequire(import.meta.url)("./pilens.cjs");
