/**
 * File access with honest errors: project root discovery, root confinement, and reading a source
 * file with checks for missing, directory, binary, oversized, minified and invalid UTF-8 input.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** A user-facing error: hosts print its message and exit 1 / return isError, never a stack trace. */
export class PilensError extends Error {
  constructor(message: string, readonly code = "bad_input") {
    super(message);
    this.name = "PilensError";
  }
}

/** Markers in order of precedence: a git checkout wins over a nested package. */
const ROOT_MARKERS = [".git", ".pilensrc", "package.json"];

/**
 * The project root for `start`: the nearest folder at or above it holding `.git`; without one, the
 * nearest holding `.pilensrc`, then `package.json`; without any, `start` itself.
 */
export function findProjectRoot(start: string): string {
  return findMarkedRoot(start) ?? resolve(start);
}

/** The project root for `start` by its markers, or undefined when no folder above it has one. */
export function findMarkedRoot(start: string): string | undefined {
  const abs = resolve(start);
  for (const marker of ROOT_MARKERS) {
    for (let dir = abs; ; dir = dirname(dir)) {
      if (existsSync(join(dir, marker))) return dir;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** Resolve a user path against `cwd` and refuse it when it leaves `root` (symlinks resolved). */
export function confine(root: string, cwd: string, path: string): string {
  const abs = isAbsolute(path) ? path : resolve(cwd, path);
  const real = safeReal(abs); // a missing file is reported by readSource
  const realRoot = realFolder(root);
  const rel = relative(realRoot, real);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    throw new PilensError(`path is outside the project root ${root}: ${path}`, "outside_root");
  }
  return abs;
}

/** Project roots and working folders, resolved once per process (realpath lstat()s every component). */
const realFolders = new Map<string, string>();
function realFolder(p: string): string {
  let r = realFolders.get(p);
  if (r === undefined) realFolders.set(p, (r = safeReal(p)));
  return r;
}

/**
 * realpath, remembered for a second: a report resolves its file twice (confine, then the display
 * path). The native realpath is one system call; the JS one lstat()s every component of the path.
 */
const reals = new Map<string, string>();
let realsBorn = 0;
function safeReal(p: string): string {
  const now = Date.now();
  if (now - realsBorn > 1000 || reals.size > 10_000) {
    reals.clear();
    realsBorn = now;
  }
  let r = reals.get(p);
  if (r === undefined) {
    try {
      r = realpathSync.native(p);
    } catch {
      r = p;
    }
    reals.set(p, r);
  }
  return r;
}

export function relPath(root: string, abs: string): string {
  const rel = relative(realFolder(root), safeReal(abs));
  return (rel.startsWith("..") ? abs : rel).split(sep).join("/");
}

export interface SourceFile {
  source: string;
  bytes: number;
  mtimeMs: number;
  warnings: string[];
}

export interface ReadLimits {
  maxFileBytes: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf8Lossy = new TextDecoder("utf-8");

export async function readSource(abs: string, limits: ReadLimits): Promise<SourceFile> {
  let st;
  try {
    // Synchronous on purpose: source files are small, and an await per file cost a batch of 140
    // files ~200 ms of event-loop round trips (measured with --cpu-prof).
    st = statSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new PilensError(`file not found: ${abs}`, "not_found");
    if (code === "EACCES") throw new PilensError(`permission denied: ${abs}`, "unreadable");
    throw new PilensError(`cannot read ${abs}: ${(e as Error).message}`, "unreadable");
  }
  if (st.isDirectory()) throw new PilensError(`is a directory, not a file: ${abs} (report takes files; try a file inside it)`, "directory");
  if (!st.isFile()) throw new PilensError(`not a regular file: ${abs}`, "not_file");
  if (st.size > limits.maxFileBytes) {
    throw new PilensError(
      `file is ${mb(st.size)}, over the ${mb(limits.maxFileBytes)} limit — read a window of it instead (raise maxFileBytes in .pilensrc to outline it)`,
      "too_large",
    );
  }
  const buf = readFileSync(abs);
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) throw new PilensError(`binary file (NUL bytes): ${abs}`, "binary");
  const warnings: string[] = [];
  let source: string;
  try {
    source = utf8.decode(buf);
  } catch {
    source = utf8Lossy.decode(buf);
    warnings.push("file is not valid UTF-8; invalid bytes were replaced with U+FFFD");
  }
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  const longest = longestLine(source);
  if (buf.length > 200_000 && longest > 5_000 && buf.length / Math.max(1, countLines(source)) > 1_000) {
    throw new PilensError(
      `minified or generated file (${mb(buf.length)}, longest line ${longest} chars): no useful outline — read its source map or a window instead`,
      "minified",
    );
  }
  return { source, bytes: buf.length, mtimeMs: st.mtimeMs, warnings };
}

function longestLine(s: string): number {
  let max = 0;
  let last = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) {
    max = Math.max(max, i - last);
    last = i + 1;
  }
  return Math.max(max, s.length - last);
}

function countLines(s: string): number {
  let n = 1;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

function mb(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`;
}
