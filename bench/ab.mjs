#!/usr/bin/env node
// A/B timing of whole commands on a noisy machine: each command run in turn, N rounds (env N, default
// 15), medians and first quartiles printed. Compare a build against another checkout of it, e.g.
//   git worktree add /tmp/wt0 <rev> && ln -s "$PWD/node_modules" /tmp/wt0/ && (cd /tmp/wt0 && node scripts/build.mjs)
//   N=21 node bench/ab.mjs "node /tmp/wt0/bin/pilens.cjs report core/engine.ts" "node bin/pilens.cjs report core/engine.ts" "node -e 0"
import { spawnSync } from "node:child_process";

const N = Number(process.env.N) || 15;
const cmds = process.argv.slice(2);
if (!cmds.length) {
  console.error('usage: N=15 node bench/ab.mjs "<command A>" "<command B>" …');
  process.exit(2);
}
const times = cmds.map(() => []);
for (let i = 0; i < N; i++) {
  cmds.forEach((c, j) => {
    const t = process.hrtime.bigint();
    spawnSync("sh", ["-c", c], { stdio: ["ignore", "ignore", "inherit"] });
    times[j].push(Number(process.hrtime.bigint() - t) / 1e6);
  });
}
cmds.forEach((c, j) => {
  const a = times[j].sort((x, y) => x - y);
  console.log(`${a[a.length >> 1].toFixed(1).padStart(8)} ms (p25 ${a[a.length >> 2].toFixed(1)})  ${c}`);
});
