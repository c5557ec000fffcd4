#!/usr/bin/env node
// `npm run bench`: what pilens saves and what it costs, as ratios against baselines measured in the
// same run (the machine is noisy; absolute numbers are printed for context only).
//
//  1. Token economy (o200k): reading the files vs the json / compact / summary views, per language.
//  2. Cold CLI time: one file and a ~190-file TS batch in fresh processes, vs `node -e 0` and ctags.
//  3. A mixed-language batch in one process vs the sum of per-language processes (V8 tier-up trap).
//  4. The benches teammates own (bench/*.mjs other than this one), when present.
//
// `--speed` runs sections 2 and 3 only (cold-process speed); `--tokens` section 1 only.
//
// Corpora are real code found on this machine (node_modules, Python's stdlib, /usr/include, Go/JDK
// sources when installed); a language with no corpus here is listed as skipped, never as zero.
// More with `--corpus NAME=DIR:.ext[,.ext]` (repeatable), e.g. `--corpus csharp=/tmp/corpus/cs:.cs`
// (Debian ships no C# or Kotlin sources).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "pilens.cjs");
const { Lens } = await import(join(root, "dist", "core", "engine.js"));

const SKIP_DIR = /(^|\/)(test|tests|__tests__|vendor|examples?|fixtures?|docs?|dist-cjs|\.git)(\/|$)/;

/** Files under `dir` with one of `exts`, sorted, at most `max`, each under 200 KB. */
function files(dir, exts, max) {
  const out = [];
  const walk = (d) => {
    if (out.length >= max * 4 || d === join(root, "node_modules") || d === join(root, "dist")) return;
    let names;
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      let st;
      try {
        st = statSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIP_DIR.test(p.slice(dir.length))) walk(p);
      } else if (exts.some((e) => n.endsWith(e)) && !n.endsWith(".d.ts") && !n.includes(".min.") && st.size < 200_000 && st.size > 200) out.push(p);
    }
  };
  walk(dir);
  // Deterministic spread over the tree rather than the first folder only.
  const step = Math.max(1, Math.floor(out.length / max));
  return out.filter((_, i) => i % step === 0).slice(0, max);
}

function firstExisting(...dirs) {
  return dirs.find((d) => existsSync(d));
}

const nm = join(root, "node_modules");
const corpora = {
  "pilens (TS)": [root, [".ts"]],
  "zod (TS)": [firstExisting(join(nm, "zod", "src", "v3"), join(nm, "zod", "src")), [".ts"]],
  typescript: [firstExisting(join(nm, "openai", "src"), join(nm, "zod", "src")), [".ts"]],
  javascript: [firstExisting(join(nm, "undici", "lib"), join(nm, "ajv", "dist")), [".js"]],
  "pi-ai (JS)": [firstExisting(join(nm, "@mariozechner", "pi-ai", "dist")), [".js"]],
  python: [firstExisting("/usr/lib/python3.11", "/usr/lib/python3"), [".py"]],
  go: [firstExisting("/usr/lib/go/src", "/usr/share/go/src", ...globGo()), [".go"]],
  java: [firstExisting("/tmp/corpus/jdk/java.base", "/tmp/corpus/jdk"), [".java"]],
  rust: [firstExisting("/usr/share/cargo/registry", "/usr/lib/rustlib/src/rust/library"), [".rs"]],
  c: [firstExisting("/usr/include"), [".h"]],
  cpp: [firstExisting("/usr/include/c++/12"), [".h", ".tcc", ".hpp"]],
};

for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] !== "--corpus") continue;
  const m = /^([^=]+)=(.+):(\.[\w.,]+)$/.exec(process.argv[++i] ?? "");
  if (!m) throw new Error("--corpus takes NAME=DIR:.ext[,.ext]");
  corpora[m[1]] = [existsSync(m[2]) ? m[2] : undefined, m[3].split(",")];
}

function globGo() {
  try {
    return readdirSync("/usr/lib").filter((n) => /^go-1\./.test(n)).map((n) => `/usr/lib/${n}/src`);
  } catch {
    return [];
  }
}

function pad(s, n) {
  return String(s).padEnd(n);
}
function ratio(a, b) {
  return b ? (a / b).toFixed(1) + "×" : "n/a";
}

const speedOnly = process.argv.includes("--speed");

// 1. Token economy
if (!speedOnly) {
  // (A cache folder of its own: a project graph left in the user's cache — stale after an upgrade, or
  // built — changes each report's warnings, and so the counts, by up to ~35 tokens a file.)
  const userCache = process.env.PILENS_CACHE_DIR;
  process.env.PILENS_CACHE_DIR = mkdtempSync(join(tmpdir(), "pilens-bench-cache-"));
  console.log("\n# 1. Token economy (o200k tokens): reading the files vs each view");
  console.log("   all files, then files of ≥ 300 lines (where an outline is the tool; smaller files are told to be read directly)");
  console.log("   batch: the compact reports of all files as one `pilens report --view compact` batch prints them (a warning repeated verbatim is said once)");
  console.log(`${pad("corpus", 12)} ${pad("files", 6)} ${pad("lines", 7)} ${pad("raw", 8)} ${pad("json", 8)} ${pad("compact", 8)} ${pad("summary", 8)} ${pad("raw/json", 9)} ${pad("raw/compact", 12)} ${pad("batch", 6)} | ${pad("≥300L files", 12)} ${pad("raw/json", 9)} raw/compact`);
  for (const [lang, [dir, exts]] of Object.entries(corpora)) {
    if (!dir) {
      console.log(`${pad(lang, 12)} skipped: no corpus on this machine`);
      continue;
    }
    // As an agent working in that code sees it: paths relative to the corpus folder (the project).
    const lens = await Lens.create({ cwd: dir, root: dir });
    const list = files(dir, exts, 60);
    const all = { raw: 0, json: 0, compact: 0, batch: 0, summary: 0, lines: 0, n: 0 };
    const said = new Set();
    const big = { raw: 0, json: 0, compact: 0, n: 0 };
    for (const f of list) {
      const r = await lens.moduleReport(f);
      if (!r.available) continue;
      const raw = countTokens(readFileSync(f, "utf8"));
      const json = countTokens(lens.render(r, "json"));
      const compact = countTokens(lens.render(r, "compact"));
      all.n++;
      all.lines += r.lineCount;
      all.raw += raw;
      all.json += json;
      all.compact += compact;
      all.batch += countTokens(lens.render(r, "compact", { said }));
      all.summary += countTokens(lens.render(r, "summary"));
      if (r.lineCount >= 300) {
        big.n++;
        big.raw += raw;
        big.json += json;
        big.compact += compact;
      }
    }
    if (!all.n) {
      console.log(`${pad(lang, 12)} skipped: no file could be reported under ${dir}`);
      continue;
    }
    console.log(
      `${pad(lang, 12)} ${pad(all.n, 6)} ${pad(all.lines, 7)} ${pad(all.raw, 8)} ${pad(all.json, 8)} ${pad(all.compact, 8)} ${pad(all.summary, 8)} ${pad(ratio(all.raw, all.json), 9)} ${pad(ratio(all.raw, all.compact), 12)} ${pad(ratio(all.raw, all.batch), 6)} | ` +
        `${pad(big.n, 12)} ${pad(ratio(big.raw, big.json), 9)} ${ratio(big.raw, big.compact)}`,
    );
  }

  rmSync(process.env.PILENS_CACHE_DIR, { recursive: true, force: true });
  if (userCache === undefined) delete process.env.PILENS_CACHE_DIR;
  else process.env.PILENS_CACHE_DIR = userCache;
}

if (process.argv.includes("--tokens")) process.exit(0);

// 2. Cold CLI time
function run(cmd, args, env) {
  const t = performance.now();
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 28, env: env && { ...process.env, ...env } });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.slice(0, 3).join(" ")} failed: ${r.stderr}`);
  return performance.now() - t;
}
function median(ts) {
  const s = [...ts].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(cmd, args, runs = 5) {
  return median(Array.from({ length: runs }, () => run(cmd, args)));
}
/** Medians of commands run in turn (A B C A B C …), so a noisy spell hits each of them alike. */
function interleaved(cmds, runs) {
  const ts = cmds.map(() => []);
  for (let i = 0; i < runs; i++) cmds.forEach(([cmd, args, env], j) => ts[j].push(run(cmd, args, env)));
  return ts.map(median);
}
const RUNS = 7;
console.log(`\n# 2. Cold CLI time (median of ${RUNS} fresh processes, run in turn with the \`node -e 0\` baseline)`);
const batch = corpora.typescript[0] ? files(corpora.typescript[0], [".ts"], 190) : [];
const bytes = batch.reduce((s, f) => s + statSync(f).size, 0);
// The goal's own shape: 190 files of ~770 KB. Of openai's and zod's sources sorted by size, the 190
// consecutive ones whose total is nearest 770 KB (typical files, neither the smallest nor the largest).
const goal = goalBatch([corpora.typescript[0], firstExisting(join(nm, "zod", "src"))], 190, 770 * 1024);
const goalBytes = goal.reduce((s, f) => s + statSync(f).size, 0);
// The batch also with V8's default JIT budget (hosts/cli/warm.ts tuneJit: the CLI raises it).
// The one file also without the CLI's V8 code cache (hosts/cli/bundle-loader.ts; the runs above it use the
// cache the first of them made, as every run after the first does).
const [nodeBase, one, oneNoCache, ...rest] = interleaved(
  [
    [process.execPath, ["-e", "0"]],
    [process.execPath, [bin, "report", join(root, "core", "engine.ts")]],
    [process.execPath, [bin, "report", join(root, "core", "engine.ts")], { PILENS_CODE_CACHE: "0" }],
    ...(batch.length
      ? [
          [process.execPath, [bin, "report", "--view", "json", ...batch]],
          [process.execPath, [bin, "report", "--view", "json", ...batch], { PILENS_TURBOFAN: "1" }],
        ]
      : []),
    ...(goal.length ? [[process.execPath, [bin, "report", "--view", "json", ...goal]]] : []),
  ],
  RUNS,
);
const [batchT, batchDefaultJit] = batch.length ? rest : [];
const goalT = goal.length ? rest[rest.length - 1] : undefined;
console.log(`one file (core/engine.ts): ${one.toFixed(0)} ms; node startup ${nodeBase.toFixed(0)} ms; pilens work = ${(one - nodeBase).toFixed(0)} ms (goal: one file ≤ 300 ms)`);
console.log(`  without the code cache (PILENS_CODE_CACHE=0): ${oneNoCache.toFixed(0)} ms (with/without ${(one / oneNoCache).toFixed(2)}×)`);
if (batch.length) {
  let ctags = "";
  try {
    execFileSync("ctags", ["--version"], { stdio: "ignore" });
    const c = time("ctags", ["--output-format=json", "--fields=+neKZ", "-f", "-", ...batch], 3);
    ctags = `; ctags ${c.toFixed(0)} ms (pilens/ctags ${ratio(batchT, c)})`;
  } catch {
    ctags = "; ctags not installed";
  }
  const kbs = (bytes / 1024 / ((batchT - nodeBase) / 1000)).toFixed(0);
  console.log(`batch: ${batch.length} TS files, ${(bytes / 1024).toFixed(0)} KB: ${batchT.toFixed(0)} ms (${kbs} KB/s after node startup)${ctags} (goal ≤ 1000 ms for ~190 files / 770 KB)`);
  console.log(`  the same batch with V8's default TurboFan budget (PILENS_TURBOFAN=1): ${batchDefaultJit.toFixed(0)} ms (tuned/default ${(batchT / batchDefaultJit).toFixed(2)}×)`);
}
if (goalT !== undefined) {
  console.log(`goal-sized batch: ${goal.length} TS files of openai and zod, ${(goalBytes / 1024).toFixed(0)} KB: ${goalT.toFixed(0)} ms (goal ≤ 1000 ms; node startup ${nodeBase.toFixed(0)} ms of it)`);
}

/** Of the dirs' files sorted by size, the `n` consecutive ones whose total is nearest `target` bytes. */
function goalBatch(dirs, n, target) {
  const all = [...new Set(dirs.filter(Boolean).flatMap((d) => files(d, [".ts"], 100_000)))]
    .map((f) => [f, statSync(f).size])
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  if (all.length < n) return all.map(([f]) => f);
  let sum = all.slice(0, n).reduce((s, [, b]) => s + b, 0);
  let best = [Math.abs(sum - target), 0];
  for (let i = n; i < all.length; i++) {
    sum += all[i][1] - all[i - n][1];
    if (Math.abs(sum - target) < best[0]) best = [Math.abs(sum - target), i - n + 1];
  }
  return all.slice(best[1], best[1] + n).map(([f]) => f);
}

// 2b. The MCP server's first call, as a client sees it: spawn, connect, the first module_report. Each run
// with an empty graph cache, so the server's background index of this repository runs as in a first
// session (the call must not wait behind it); in turn without and with the code cache a first session
// leaves (hosts/cli/bundle-loader.ts: written when the server exits), copied into the empty cache folder.
{
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const session = async (cache) => {
    const t0 = performance.now();
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", "--cwd", root], env: { ...process.env, XDG_CACHE_HOME: cache, PILENS_CACHE_DIR: "" }, stderr: "ignore" });
    const client = new Client({ name: "pilens-bench", version: "1.0.0" });
    await client.connect(transport);
    const t1 = performance.now();
    const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "core/engine.ts", view: "compact" } });
    const t2 = performance.now();
    await client.close();
    if (r.isError) throw new Error(`pilens_module_report failed: ${JSON.stringify(r.content).slice(0, 300)}`);
    return [t1 - t0, t2 - t1];
  };
  const first = mkdtempSync(join(tmpdir(), "pilens-bench-mcp-first-"));
  await session(first);
  const codeCache = join(first, "pilens", "v8");
  for (let waited = 0; waited < 5000 && !(existsSync(codeCache) && readdirSync(codeCache).length); waited += 100) await new Promise((r) => setTimeout(r, 100));
  const runs = { without: [[], []], with: [[], []] };
  for (let i = 0; i < 5; i++) {
    for (const kind of ["without", "with"]) {
      const cache = mkdtempSync(join(tmpdir(), "pilens-bench-mcp-"));
      if (kind === "with" && existsSync(codeCache)) cpSync(codeCache, join(cache, "pilens", "v8"), { recursive: true });
      const [c, f] = await session(cache);
      rmSync(cache, { recursive: true, force: true });
      runs[kind][0].push(c);
      runs[kind][1].push(f);
    }
  }
  rmSync(first, { recursive: true, force: true });
  for (const kind of ["without", "with"]) {
    const [c, f] = [median(runs[kind][0]), median(runs[kind][1])];
    console.log(`MCP server ${kind} a code cache (median of 5, background index of this repo running): connect ${c.toFixed(0)} ms, first module_report ${f.toFixed(0)} ms — spawn to first result ${(c + f).toFixed(0)} ms (${ratio(c + f, one)} the CLI's one file; upstream pi-lens: first call ~1.7 s)`);
  }
}

// 3. Mixed-language batch vs per-language processes
console.log("\n# 3. Mixed-language batch in one process vs the sum of one process per language");
const mixed = [];
let perLang = 0;
for (const [lang, [dir, exts]] of Object.entries(corpora)) {
  if (!dir) continue;
  const list = files(dir, exts, 8);
  if (!list.length) continue;
  perLang += time(process.execPath, [bin, "report", ...list], 1);
  mixed.push(...list);
}
if (mixed.length) {
  const t = time(process.execPath, [bin, "report", ...mixed], 1);
  console.log(`${mixed.length} files: mixed ${t.toFixed(0)} ms vs per-language sum ${perLang.toFixed(0)} ms (mixed/sum ${ratio(t, perLang)}; goal ≤ 1.0×)`);
}

// 4. Teammates' benches (not the tools that take a command or a file list: ab.mjs, warnings.mjs)
const TOOLS = new Set(["ab.mjs", "warnings.mjs"]);
for (const f of speedOnly ? [] : readdirSync(join(root, "bench")).sort()) {
  if (f === "run.mjs" || !f.endsWith(".mjs") || TOOLS.has(f)) continue;
  console.log(`\n# bench/${f}`);
  const r = spawnSync(process.execPath, [join(root, "bench", f)], { stdio: "inherit" });
  if (r.status) console.log(`bench/${f} exited ${r.status}`);
}
