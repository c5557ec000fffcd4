#!/usr/bin/env node
// Which files of a list get a warning matching a pattern, in one process (a recovery step must not fire
// on valid code): `node bench/warnings.mjs "is not closed before the code" LIST` — LIST a file of
// absolute paths, one a line (e.g. `find /usr/include -name '*.h' > /tmp/h.list`). Prints each file
// that matched with its warnings, any report that threw, then `files N matched M S s`. Needs a build.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [pattern, listFile] = process.argv.slice(2);
if (!pattern || !listFile) {
  console.error('usage: node bench/warnings.mjs "<regex>" <list of absolute paths>');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { Lens } = await import(join(root, "dist", "core", "engine.js"));
const re = new RegExp(pattern);
const list = readFileSync(listFile, "utf8").split("\n").filter(Boolean);
const lens = await Lens.create({ cwd: "/", root: "/" });
let n = 0;
let matched = 0;
const t = performance.now();
for (const f of list) {
  let r;
  try {
    r = await lens.moduleReport(f, { detail: "full" });
  } catch (e) {
    console.log("THREW", f, e instanceof Error ? e.message : e);
    continue;
  }
  if (!r.available) continue;
  n++;
  const w = (r.warnings ?? []).filter((x) => re.test(x));
  if (w.length) {
    matched++;
    console.log("MATCH", f, w.join(" | "));
  }
}
console.log(`files ${n} matched ${matched} ${((performance.now() - t) / 1000).toFixed(1)} s`);
