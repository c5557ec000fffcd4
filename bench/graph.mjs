#!/usr/bin/env node
/**
 * Project graph bench (issue 7). Needs `node scripts/build.mjs` first (runs dist/).
 *
 *   node bench/graph.mjs [--real DIR] [--files N] [--skip-real] [--skip-10k] [--json]
 *
 * 1. Real project (default: a copy of node_modules/openai/src, 225 real TS files):
 *    cold index, one-file re-index (fresh process, `pilens index`), symbol_search top-3 for every exported
 *    function, and usedBy coverage against the TypeScript language service (findReferences) as oracle.
 * 2. Generated project of N (10,000) files made of real TS from node_modules, copied with renamed
 *    identifiers: cold index time, one-file update, peak RSS, symbol_search p50/p95.
 * Each index runs in a fresh child process with its own cache folder.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync, utimesSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (p) => join(repo, "dist", p);
const args = process.argv.slice(2);
const flag = (name, def) => {
  const i = args.indexOf(name);
  return i < 0 ? def : args[i + 1];
};

if (args[0] === "--child") await child(args[1], args[2], args[3]);
else await main();

async function main() {
  if (!existsSync(dist("core/engine.js"))) throw new Error("run `node scripts/build.mjs` first");
  const out = { machine: { cores: (await import("node:os")).availableParallelism(), loadavg: (await import("node:os")).loadavg().map((x) => +x.toFixed(1)) } };
  if (!args.includes("--skip-real")) {
    const realDir = flag("--real") ?? prepareReal();
    out.real = await realProject(realDir);
    log(`real: ${JSON.stringify(out.real)}`);
  }
  if (!args.includes("--skip-10k")) {
    const n = Number(flag("--files", "10000"));
    const dir = generate(n);
    out.generated = runChild(dir, "full");
    log(`generated: ${JSON.stringify(out.generated)}`);
  }
  console.log(JSON.stringify(out, null, args.includes("--json") ? 0 : 2));
}

function log(s) {
  process.stderr.write(s + "\n");
}

function prepareReal() {
  const src = join(repo, "node_modules", "openai", "src");
  const dir = join(tmpdir(), "pilens-bench-real");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(src, join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-real", private: true }));
  return dir;
}

/** Index DIR in a fresh process; returns what the child measured. */
function runChild(dir, mode) {
  const cache = join(tmpdir(), `pilens-bench-cache-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const r = spawnSync(process.execPath, ["--liftoff-only", fileURLToPath(import.meta.url), "--child", dir, cache, mode], { encoding: "utf8", maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`child failed (${r.status})`);
  return { ...JSON.parse(r.stdout), cache };
}

async function child(dir, cache, mode) {
  process.env.PILENS_CACHE_DIR = cache;
  const { Lens } = await import(dist("core/engine.js"));
  const lens = await Lens.create({ cwd: dir });
  const t0 = performance.now();
  const idx = await lens.index();
  const coldMs = Math.round(performance.now() - t0);
  const res = { files: idx.files, coldIndexMs: coldMs, phases: idx.phases, warnings: idx.warnings, workers: process.env.PILENS_INDEX_WORKERS ?? "default" };
  const pg = await lens.project();
  const model = pg.model;
  // One-file update (what a long-lived host does after an edit): parse + relink + persist dirty shards.
  const files = [...model.files.keys()].filter((f) => model.files.get(f).d.length > 3);
  const upd = [];
  const inMem = [];
  const persist = [];
  for (let k = 0; k < 7; k++) {
    const rel = files[(k * 7919) % files.length];
    const abs = join(dir, rel);
    appendFileSync(abs, `\nexport function benchAdded${k}(): number {\n  return ${k};\n}\n`);
    const later = new Date(Date.now() + 1000 * (k + 1));
    utimesSync(abs, later, later);
    const t = performance.now();
    const u = await lens.updateFiles([abs]);
    upd.push(performance.now() - t);
    inMem.push(u.ms);
    persist.push(u.persistMs);
    if (u.parsed !== 1) throw new Error(`update parsed ${u.parsed}`);
  }
  // total = parse + relink (in memory, what the next call sees) + persisting the dirty shards.
  res.oneFileUpdateMs = { median: med(upd), parseAndRelinkMedian: med(inMem), persistMedian: med(persist), all: upd.map((x) => Math.round(x)) };
  // symbol_search latency over names the project defines (and a few two-word queries).
  const names = [];
  for (const rel of files) for (const d of model.files.get(rel).d) if (d[0].length > 3 && names.length < 4000) names.push(d[0]);
  const queries = [];
  for (let i = 0; i < 300; i++) queries.push(i % 10 === 9 ? `${names[(i * 31) % names.length]} ${names[(i * 17) % names.length]}` : names[(i * 7919) % names.length]);
  await lens.symbolSearch("warmup");
  const lat = [];
  for (const q of queries) {
    const t = performance.now();
    const r = await lens.symbolSearch(q);
    lat.push(performance.now() - t);
    if (!r.available) throw new Error(r.reason);
  }
  lat.sort((a, b) => a - b);
  res.searchMs = { p50: +lat[Math.floor(lat.length * 0.5)].toFixed(2), p95: +lat[Math.floor(lat.length * 0.95)].toFixed(2), n: lat.length };
  res.peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify(res));
}

function med(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]);
}

/** pilens index in a fresh process (the CLI), returns its wall ms. */
function cliIndex(dir, cache) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [join(repo, "bin", "pilens.cjs"), "index", "--cwd", dir, "--json"], { encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: cache } });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(r.stderr);
  return { wallMs: Math.round(wall), ...JSON.parse(r.stdout) };
}

async function realProject(dir) {
  const cache = join(tmpdir(), `pilens-bench-real-cache-${process.pid}`);
  rmSync(cache, { recursive: true, force: true });
  const cold = cliIndex(dir, cache);
  const again = cliIndex(dir, cache);
  // One-file change, fresh process.
  const files = readdirRec(dir).filter((f) => f.endsWith(".ts"));
  const victim = files[Math.floor(files.length / 2)];
  appendFileSync(victim, "\nexport function benchChanged(): void {}\n");
  const one = cliIndex(dir, cache);
  process.env.PILENS_CACHE_DIR = cache;
  const { Lens } = await import(dist("core/engine.js"));
  const lens = await Lens.create({ cwd: dir });
  const oracle = tsOracle(dir, files);
  // symbol_search: the defining file of each exported function in the top 3.
  let top3 = 0;
  const misses = [];
  for (const fn of oracle.exported) {
    const r = await lens.symbolSearch(fn.name, { limit: 3 });
    const defining = oracle.exported.filter((x) => x.name === fn.name).map((x) => x.file);
    if (r.available && r.hits.some((h) => defining.includes(h.file))) top3++;
    else misses.push(`${fn.name} (${fn.file})`);
  }
  // usedBy: exported functions the TS language service says other files use (outside import/export statements).
  let usedByOk = 0;
  const usedMisses = [];
  const reports = new Map();
  for (const fn of oracle.usedElsewhere) {
    let rep = reports.get(fn.file);
    if (!rep) reports.set(fn.file, (rep = await lens.moduleReport(fn.file)));
    const entry = rep.api?.find((e) => e.name === fn.name) ?? rep.internal?.find((e) => e.name === fn.name);
    if (entry?.usedBy?.some((u) => u.file !== fn.file)) usedByOk++;
    else usedMisses.push(`${fn.name} (${fn.file} ← ${fn.users.slice(0, 2).join(", ")})`);
  }
  return {
    dir,
    files: cold.files,
    coldIndexMs: cold.wallMs,
    coldIndexInProcessMs: cold.ms,
    unchangedReindexMs: again.wallMs,
    oneFileReindexMs: one.wallMs,
    oneFileReindexInProcessMs: one.ms,
    oneFilePhases: one.phases,
    coldPhases: cold.phases,
    oneFileParsed: one.parsed,
    // Wall clock of fresh `pilens index` processes (node start-up and module loading included, ~0.25 s
    // here), and the same for the indexing itself (the `ms` each run reports).
    oneFileRatio: +(one.wallMs / cold.wallMs).toFixed(3),
    oneFileRatioInProcess: +(one.ms / cold.ms).toFixed(3),
    exportedFunctions: oracle.exported.length,
    searchTop3: +(top3 / oracle.exported.length).toFixed(3),
    searchMisses: misses.slice(0, 10),
    calledFromOtherFiles: oracle.usedElsewhere.length,
    usedByPresent: +(usedByOk / oracle.usedElsewhere.length).toFixed(3),
    usedByMisses: usedMisses.slice(0, 10),
  };
}

function readdirRec(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...readdirRec(p));
    else out.push(p);
  }
  return out;
}

/** Exported top-level functions and, by findReferences, which of them other files use. */
function tsOracle(dir, files) {
  const ts = createRequire(import.meta.url)("typescript");
  const texts = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));
  const host = {
    getScriptFileNames: () => files,
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => (texts.has(f) || existsSync(f) ? ts.ScriptSnapshot.fromString(texts.get(f) ?? readFileSync(f, "utf8")) : undefined),
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => ({ target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowJs: false, noEmit: true }),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
  };
  const ls = ts.createLanguageService(host);
  const program = ls.getProgram();
  const exported = [];
  const usedElsewhere = [];
  const rel = (f) => relative(dir, f).split("\\").join("/");
  for (const f of files) {
    const sf = program.getSourceFile(f);
    if (!sf) continue;
    for (const st of sf.statements) {
      if (!ts.isFunctionDeclaration(st) || !st.name || !st.body) continue;
      if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const fn = { name: st.name.text, file: rel(f) };
      if (exported.some((x) => x.name === fn.name && x.file === fn.file)) continue; // overloads
      exported.push(fn);
      const users = new Set();
      for (const group of ls.findReferences(f, st.name.getStart(sf)) ?? []) {
        for (const ref of group.references) {
          if (ref.fileName === f || ref.isDefinition) continue;
          const rsf = program.getSourceFile(ref.fileName);
          if (rsf && !inImportOrExport(ts, rsf, ref.textSpan.start)) users.add(rel(ref.fileName));
        }
      }
      if (users.size) usedElsewhere.push({ ...fn, users: [...users] });
    }
  }
  return { exported, usedElsewhere };
}

function inImportOrExport(ts, sf, pos) {
  let node = sf;
  for (;;) {
    const next = node.getChildren(sf).find((c) => c.getStart(sf) <= pos && pos < c.getEnd());
    if (!next) return false;
    if (ts.isImportDeclaration(next) || ts.isExportDeclaration(next) || ts.isImportEqualsDeclaration(next)) return true;
    node = next;
  }
}

/**
 * N files of real TS from node_modules (.ts sources, not .d.ts), copied round after round with every
 * project-declared identifier renamed per round (`name` → `nameR2`), so the vocabulary grows like a
 * real monorepo instead of repeating. Import paths are left alone (strings are not renamed).
 */
function generate(n) {
  const dir = join(tmpdir(), `pilens-bench-gen-v2-${n}`); // v2: keywords are not renamed
  const stamp = join(dir, ".complete");
  if (existsSync(stamp)) return dir;
  rmSync(dir, { recursive: true, force: true });
  const nm = join(repo, "node_modules");
  const sources = readdirRec(nm).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && statSync(f).size < 200_000 && !/\/(test|tests|__tests__)\//.test(f));
  sources.sort();
  const declared = new Set();
  const texts = sources.map((f) => readFileSync(f, "utf8"));
  // The regex also sees comments ("a function for …", "const enum X"): keywords (reserved and
  // contextual, by TypeScript's scanner) are never renamed, or later rounds would be syntax soup.
  const ts = createRequire(import.meta.url)("typescript");
  const keyword = (w) => {
    const k = ts.stringToToken(w);
    return k !== undefined && k >= ts.SyntaxKind.FirstKeyword && k <= ts.SyntaxKind.LastKeyword;
  };
  for (const t of texts) for (const m of t.matchAll(/\b(?:function|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/g)) if (m[1].length > 2 && !keyword(m[1])) declared.add(m[1]);
  const token = /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|[A-Za-z_$][\w$]*/g;
  let written = 0;
  for (let round = 0; written < n; round++) {
    for (let i = 0; i < sources.length && written < n; i++) {
      const text = round === 0 ? texts[i] : texts[i].replace(token, (m, str) => (str || !declared.has(m) ? m : `${m}R${round}`));
      const target = join(dir, `r${round}`, relative(nm, sources[i]));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
      written++;
    }
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-generated", private: true }));
  writeFileSync(stamp, String(written));
  log(`generated ${written} files from ${sources.length} real TS sources in ${dir}`);
  return dir;
}
