/**
 * Runs the CLI's bundle (dist/bundle/: CommonJS chunks, scripts/build.mjs) with a V8 code cache.
 * Built on its own as dist/bundle/loader.cjs, which bin/pilens.cjs and the report lane's worker require.
 *
 * A one-file report spends ~40 ms of its main thread compiling JavaScript: V8 parses the ~550 KB of
 * chunks a report loads, then compiles each function the first time it runs (~1,300 functions,
 * most of them the report's own passes, after the grammar is ready: on the critical path). Node 20
 * caches neither for ES modules, so the bundle is CommonJS, each chunk compiled as a `vm.Script`
 * with the bytes V8 produced for it on an earlier run. Those bytes are made at the end of a run that
 * found none (`createCachedData` after the work, so they hold every function that run compiled, not
 * just the top level) and kept in `<cache>/v8/` (core/cache-base.ts).
 *
 * What makes a cache safe to take (V8 itself checks its version and flags, and a source by its length
 * only):
 * - the folder is named by Node's version, the platform, the V8 flags (pinned before the first chunk
 *   compiles, core/v8-flags.ts; execArgv and NODE_OPTIONS too) and the bundle's folder (one per install);
 * - a chunk's file by the build's id, a hash of every chunk's content that scripts/build.mjs writes into
 *   this file (never by size and mtime: an npm tarball gives every file the same mtime), and
 *   web-tree-sitter's by its package version, size and mtime;
 * - V8 checksums each cache (`--verify-snapshot-checksum`): a torn or corrupted file is rejected and
 *   remade instead of crashing the deserializer;
 * - a cache folder another user owns, or one others may write to, is not used (its files would be code
 *   this process runs).
 * Writing is best-effort and silent: a read-only or full disk still reports. `PILENS_CODE_CACHE=0` (or
 * `false`, `off`, `no`) turns the cache off; the bundle still runs as CommonJS.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { cacheBase } from "../../core/cache-base.js";
import { setImporter } from "../../core/esm-import.js";
import { shortHash } from "../../core/hash.js";
import { pinFlags, processFlags } from "../../core/v8-flags.js";

/** Replaced in dist/bundle/loader.cjs by the build (a hash of the chunks); unbuilt, no cache is used. */
const BUILD_ID: string = "__PILENS_BUILD_ID__";
const BUNDLE = fileURLToPath(new URL("../../bundle/", import.meta.url));
const WRAPPER = ["(function (exports, require, module, __filename, __dirname) { ", "\n});"];
/** Each cache file starts with this, then one byte: whether a `report` run made it (`FULL`), then V8's bytes. */
const MAGIC = 0x31434c50; // "PLC1"
const HEADER = 8;
const FULL = 1;
/** Sibling cache folders (other Node versions, flags, installs) unused this long are removed. */
const STALE_FOLDER_MS = 30 * 24 * 3600_000;
/** A cache is not written with less free space than this in its file system. */
const MIN_FREE_BYTES = 64 << 20;

interface Loaded {
  exports: Record<string, unknown>;
}
/** A chunk whose cache is (re)written when the run ends (the main thread only). */
interface Unsaved {
  script: vm.Script;
  file: string;
}

export interface LoadOptions {
  /** Write the caches that were missing or rejected, when the process exits with 0 or 1. */
  save: boolean;
  /** A `report` run: its caches hold what a report compiles, and it remakes caches other commands made. */
  full: boolean;
}

const loaded = new Map<string, Loaded>();
const unsaved: Unsaved[] = [];
/** The cache files this run read or wrote. */
const used = new Set<string>();
let cacheDir: string | undefined;
let options: LoadOptions = { save: false, full: false };

/** A chunk of the bundle, by name. */
export const bundlePath = (name: string) => join(BUNDLE, `${name}.cjs`);

/**
 * One of the bundle's entries (`warm`, `cli`), loaded with the chunks it requires. The first call
 * pins the process's V8 flags, hands the bundle Node's `import()` for `.pilensrc` plugins and sets
 * what this run does with the cache (`opts`; a report lane's worker reads caches only).
 */
export function bundleModule<T>(name: string, opts?: LoadOptions): T {
  if (cacheDir === undefined) start(opts);
  return load(bundlePath(name)) as T;
}

/**
 * For a long-lived server, which is often stopped rather than left to exit (an MCP client closing stdin
 * waits 2 s, then sends SIGTERM, and the server lives on while its background index builds): also
 * write the caches `ms` from now, and on SIGTERM or SIGINT before the signal takes its default course
 * (it is raised again once the caches are written, so the process ends as it would have).
 */
export function saveCachesWhileServing(ms: number): void {
  if (!cacheDir || !options.save) return;
  setTimeout(saveCaches, ms).unref();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const onSignal = () => {
      saveCaches();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

function start(opts: LoadOptions | undefined): void {
  const flags = processFlags();
  pinFlags(flags);
  setImporter((specifier) => import(specifier));
  cacheDir = "";
  if (/^(0|false|off|no)$/i.test(process.env.PILENS_CODE_CACHE ?? "") || !/^[0-9a-f]{16}$/.test(BUILD_ID)) return;
  const key = [flags.join(" "), process.execArgv.join(" "), process.env.NODE_OPTIONS ?? "", BUNDLE].join("\0");
  const dir = join(cacheBase(), "v8", `${process.version}-${process.platform}-${process.arch}-${shortHash(key)}`);
  if (!trusted(dir)) return;
  cacheDir = dir;
  if (opts) options = opts;
  if (options.save) {
    // Exit 1 is a run that worked and met bad input (a file it cannot report); 2 is a usage error.
    process.once("exit", (code) => {
      if (code === 0 || code === 1) saveCaches();
    });
  }
}

/** A folder of ours that no one else may write to, or none yet. */
function trusted(dir: string): boolean {
  let st;
  try {
    st = statSync(dir, { throwIfNoEntry: false });
  } catch {
    return false; // a file where a folder should be (writing would fail too)
  }
  if (!st) return true;
  if (!st.isDirectory() || (st.mode & 0o022) !== 0) return false;
  return typeof process.getuid !== "function" || st.uid === process.getuid();
}

function load(file: string): Record<string, unknown> {
  const known = loaded.get(file);
  if (known) return known.exports;
  const mod: Loaded = { exports: {} };
  loaded.set(file, mod); // before running: chunks require each other in cycles
  const { source, cacheFile } = readChunk(file);
  let stored: Buffer | undefined;
  if (cacheFile) {
    try {
      stored = readFileSync(cacheFile);
    } catch {
      // none yet
    }
  }
  const ours = !!stored && stored.length > HEADER && stored.readUInt32LE(0) === MAGIC;
  const cachedData = ours ? stored!.subarray(HEADER) : undefined;
  const script = new vm.Script(WRAPPER[0] + source + WRAPPER[1], { filename: file, cachedData });
  const taken = !!cachedData && !script.cachedDataRejected;
  if (cacheFile && (!taken || (options.full && stored![4] !== FULL))) unsaved.push({ script, file: cacheFile });
  const dir = dirname(file);
  const nodeRequire = createRequire(file);
  const require = (id: string): unknown =>
    id.startsWith("./") ? load(join(dir, id)) : id === "web-tree-sitter" ? load(nodeRequire.resolve(id)) : nodeRequire(id);
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, require, mod, file, dir);
  return mod.exports;
}

/** A chunk's source, and the file its cache lives in. */
function readChunk(file: string): { source: string; cacheFile?: string } {
  const fd = openSync(file, "r");
  try {
    const st = fstatSync(fd);
    const source = readFileSync(fd, "utf8");
    if (!cacheDir) return { source };
    const name = file.startsWith(BUNDLE) ? `${basename(file)}.${BUILD_ID}.v8` : externalName(file, st);
    used.add(name);
    return { source, cacheFile: join(cacheDir, name) };
  } finally {
    closeSync(fd);
  }
}

/** A file outside the bundle (web-tree-sitter's): by its package's version, its size and its mtime. */
function externalName(file: string, st: { size: number; mtimeMs: number }): string {
  let version = "unknown";
  try {
    version = String((JSON.parse(readFileSync(join(dirname(file), "package.json"), "utf8")) as { version?: unknown }).version);
  } catch {
    // no package.json beside it: size and mtime only
  }
  return `${basename(file)}.${version.replace(/[^\w.-]/g, "_")}.${st.size}.${Math.round(st.mtimeMs)}.v8`;
}

/**
 * Write each cache of `unsaved` (to a temporary file, then a rename: a reader never sees half a file),
 * then remove what is no longer wanted: this folder's caches of an earlier build, temporary files
 * a killed or failed write left, and sibling folders unused for 30 days.
 */
function saveCaches(): void {
  const dir = cacheDir;
  if (!unsaved.length || !dir) return;
  const batch = unsaved.splice(0);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fs = statfsSync(dir);
    if (fs.bavail * fs.bsize < MIN_FREE_BYTES) return;
    for (const { script, file } of batch) {
      const data = script.createCachedData();
      const header = Buffer.alloc(HEADER);
      header.writeUInt32LE(MAGIC, 0);
      header[4] = options.full ? FULL : 0;
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, Buffer.concat([header, data]));
        renameSync(tmp, file);
      } catch (e) {
        rmSync(tmp, { force: true });
        throw e;
      }
    }
    prune(dir);
  } catch {
    // A cache is an optimisation: a folder that cannot be written leaves the run as it was.
  }
}

function prune(dir: string): void {
  const now = Date.now();
  for (const n of readdirSync(dir)) {
    const path = join(dir, n);
    if (n.endsWith(".v8") ? !used.has(n) && !n.endsWith(`.${BUILD_ID}.v8`) : n.endsWith(".tmp") && now - statSync(path).mtimeMs > 60_000) rmSync(path, { force: true });
  }
  const root = dirname(dir);
  for (const n of readdirSync(root)) {
    const path = join(root, n);
    if (path !== dir && now - statSync(path).mtimeMs > STALE_FOLDER_MS) rmSync(path, { recursive: true, force: true });
  }
}
