/**
 * Runs the CLI's bundle (dist/bundle/: CommonJS chunks, scripts/build.mjs) with a V8 code cache.
 *
 * A one-file report spends ~40 ms of its main thread compiling JavaScript: V8 parses the ~550 KB of
 * chunks a report loads, then compiles each function the first time it runs (~1,300 functions,
 * most of them the report's own passes, after the grammar is ready: on the critical path). Node 20
 * caches neither for ES modules, so the bundle is CommonJS, each chunk compiled as a `vm.Script`
 * with the bytes V8 produced for it on an earlier run. Those bytes are made at the end of the run
 * that found none (`createCachedData` after the work, so they hold every function that run
 * compiled, not just the top level) and kept in `<cache>/v8/` (core/cache-base.ts).
 *
 * V8 takes a cache only under the V8 version and flags it was made with, and checks a source by
 * its length only: the cache folder is named by Node's version, the platform, the flags (pinned
 * before the first chunk compiles, core/v8-flags.ts) and the bundle's folder (one per install), and
 * each file by its chunk's name, size and mtime, so a rebuilt chunk never meets another build's
 * bytes. A cache V8 rejects anyway is rewritten at exit. Writing is best-effort and silent (a
 * read-only home still reports); `PILENS_CODE_CACHE=0` turns the cache off (the bundle still runs as
 * CommonJS).
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { cacheBase } from "../../core/cache-base.js";
import { setImporter } from "../../core/esm-import.js";
import { shortHash } from "../../core/hash.js";
import { pinFlags, processFlags } from "../../core/v8-flags.js";

const BUNDLE = fileURLToPath(new URL("../../bundle/", import.meta.url));
const WRAPPER = ["(function (exports, require, module, __filename, __dirname) { ", "\n});"];

interface Loaded {
  exports: Record<string, unknown>;
}
/** A chunk compiled without a cache V8 took: its cache is written at exit (main thread only). */
interface Unsaved {
  script: vm.Script;
  file: string;
}

const loaded = new Map<string, Loaded>();
const unsaved: Unsaved[] = [];
/** The cache files this run read or wrote. */
const used = new Set<string>();
let cacheDir: string | undefined;
let writes = false;

/** A chunk of the bundle, by name. */
export const bundlePath = (name: string) => join(BUNDLE, `${name}.cjs`);

/**
 * One of the bundle's entries (`warm`, `cli`), loaded with the chunks it requires. The first call
 * pins the process's V8 flags and hands the bundle Node's `import()` for `.pilensrc` plugins.
 * `saveCache`: write the caches that were missing when the process exits with 0 (the main thread of a
 * command that parses; a report lane's worker reads them only).
 */
export function bundleModule<T>(name: string, saveCache: boolean): T {
  if (cacheDir === undefined) start();
  if (saveCache && !writes && cacheDir) {
    writes = true;
    // Only a run that did its work: a usage error or `--help` compiles little beyond the top level,
    // and a cache, once taken, is never remade from a fuller run.
    process.once("exit", (code) => {
      if (code === 0) saveCaches();
    });
  }
  return load(bundlePath(name)) as T;
}

function start(): void {
  const flags = processFlags();
  pinFlags(flags);
  setImporter((specifier) => import(specifier));
  cacheDir = "";
  if (process.env.PILENS_CODE_CACHE === "0") return;
  // execArgv and NODE_OPTIONS can set V8 flags of their own: a cache made under them is theirs. And each
  // install of pilens has its own folder: the pruning below keeps only its own bundle's chunks.
  const key = [flags.join(" "), process.execArgv.join(" "), process.env.NODE_OPTIONS ?? "", BUNDLE].join("\0");
  cacheDir = join(cacheBase(), "v8", `${process.version}-${process.platform}-${process.arch}-${shortHash(key)}`);
}

function load(file: string): Record<string, unknown> {
  const known = loaded.get(file);
  if (known) return known.exports;
  const mod: Loaded = { exports: {} };
  loaded.set(file, mod); // before running: chunks require each other in cycles
  const { source, cacheFile } = readChunk(file);
  let cachedData: Buffer | undefined;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // none yet
    }
  }
  const script = new vm.Script(WRAPPER[0] + source + WRAPPER[1], { filename: file, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) unsaved.push({ script, file: cacheFile });
  const dir = dirname(file);
  const nodeRequire = createRequire(file);
  const require = (id: string): unknown =>
    id.startsWith("./") ? load(join(dir, id)) : id === "web-tree-sitter" ? load(nodeRequire.resolve(id)) : nodeRequire(id);
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, require, mod, file, dir);
  return mod.exports;
}

/** A cache file's name: the chunk's, its size and its mtime. */
const cacheName = (chunk: string, st: { size: number; mtimeMs: number }) => `${chunk}.${st.size}.${Math.round(st.mtimeMs)}.v8`;

/** A chunk's source, and the file its cache lives in (by name, size and mtime). */
function readChunk(file: string): { source: string; cacheFile?: string } {
  const fd = openSync(file, "r");
  try {
    const st = fstatSync(fd);
    const source = readFileSync(fd, "utf8");
    if (!cacheDir) return { source };
    const name = cacheName(basename(file), st);
    used.add(name);
    return { source, cacheFile: join(cacheDir, name) };
  } finally {
    closeSync(fd);
  }
}

/**
 * At exit: each missing cache written (atomically: a rename), and the caches of chunks this bundle no
 * longer has (an earlier build's) removed.
 */
function saveCaches(): void {
  if (!unsaved.length || !cacheDir) return;
  try {
    mkdirSync(cacheDir, { recursive: true });
    for (const { script, file } of unsaved) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, file);
    }
    // Kept: this run's caches (web-tree-sitter's among them) and those of the bundle's other chunks.
    const current = new Set(readdirSync(BUNDLE).filter((n) => n.endsWith(".cjs")).map((n) => cacheName(n, statSync(join(BUNDLE, n)))));
    for (const n of readdirSync(cacheDir)) if (n.endsWith(".v8") && !current.has(n) && !used.has(n)) rmSync(join(cacheDir, n), { force: true });
  } catch {
    // A cache is an optimisation: a folder that cannot be written leaves the run as it was.
  }
}
