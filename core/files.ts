/**
 * File access with honest errors: project root discovery, root confinement, and reading a source
 * file with checks for missing, directory, binary, oversized, minified and invalid UTF-8 input.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

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
    // (A link inside the project that leads out of it says where it leads: the path itself is inside.)
    const via = real !== abs && relative(realRoot, abs).split(/[\\/]/)[0] !== ".." ? ` (a link to ${real})` : "";
    throw new PilensError(`path is outside the project root ${root}: ${path}${via}`, "outside_root");
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
export function safeReal(p: string): string {
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
  /** Read a minified or generated file too (read_symbol / read_enclosing: one function's own characters). */
  minified?: boolean;
}

/**
 * A minified or generated file too big to outline: over 1 MB, a line over 5,000 characters, and over
 * 1,000 bytes a line on average (docs/reading.md). Its outline would take seconds and tens of
 * thousands of tokens of mangled names; module_report and the view tiers refuse it, read_symbol /
 * read_enclosing read it (a symbol's own characters), view a window. A smaller one is outlined (a
 * bundle's class and method names survive minifying), its report pointing at its source map.
 */
export const MINIFIED = { bytes: 1_000_000, longestLine: 5_000, bytesPerLine: 1_000 } as const;
/** A source map comment on a file's last line: `//# sourceMappingURL=x.js.map`, `/*# … *\/`. */
const SOURCE_MAP_COMMENT = /(?:^|[\n\r])[ \t]*\/[/*][#@][ \t]*sourceMappingURL=[ \t]*([^\s"'`*]+)[^\n\r]*\s*$/;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf8Lossy = new TextDecoder("utf-8");

/** The encoding a UTF-16 byte-order mark names (FF FE, FE FF), else undefined (UTF-8). */
export function utf16Of(buf: Uint8Array): "utf-16le" | "utf-16be" | undefined {
  return buf[0] === 0xff && buf[1] === 0xfe ? "utf-16le" : buf[0] === 0xfe && buf[1] === 0xff ? "utf-16be" : undefined;
}

/**
 * A file's bytes as text: UTF-8 (invalid bytes replaced, said), or UTF-16 when a byte-order mark says so
 * (Windows tools write it: it had been refused as "binary file (NUL bytes)"); the mark dropped. NUL
 * characters in the first 8 KB of text are a binary file's (UTF-32 and UTF-16 without a mark among them).
 */
export function decodeText(buf: Uint8Array, abs: string): { source: string; warnings: string[] } {
  const wide = utf16Of(buf);
  const warnings: string[] = [];
  let source: string;
  if (!wide && buf.subarray(0, 8192).includes(0)) throw new PilensError(`binary file (NUL bytes): ${abs}`, "binary");
  try {
    source = (wide ? new TextDecoder(wide, { fatal: true }) : utf8).decode(buf);
  } catch {
    source = (wide ? new TextDecoder(wide) : utf8Lossy).decode(buf);
    warnings.push(`file is not valid ${wide ? "UTF-16" : "UTF-8"}; invalid bytes were replaced with U+FFFD`);
  }
  if (wide && source.slice(0, 4096).includes("\0")) throw new PilensError(`binary file (NUL characters in its ${wide.toUpperCase()} text): ${abs}`, "binary");
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  if (wide) warnings.push(`file is ${wide.toUpperCase()} text (byte-order mark): read decoded, lines and text as in the file — shown here as UTF-8`);
  return { source, warnings };
}

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
  if (st.isDirectory()) throw new PilensError(`is a directory, not a file: ${abs} — pass a file inside it`, "directory");
  if (!st.isFile()) throw new PilensError(`not a regular file: ${abs}`, "not_file");
  if (st.size > limits.maxFileBytes) {
    throw new PilensError(
      `file is ${byteSize(st.size)}, over the ${byteSize(limits.maxFileBytes)} limit — read a window of it instead (raise maxFileBytes in .pilensrc to outline it)`,
      "too_large",
    );
  }
  const buf = readFileSync(abs);
  const { source, warnings } = decodeText(buf, abs);
  const longest = longestLine(source);
  if (!limits.minified && buf.length > MINIFIED.bytes && longest > MINIFIED.longestLine && buf.length / Math.max(1, countLines(source)) > MINIFIED.bytesPerLine) {
    const map = sourceMapOf(abs, source);
    // Only advice that works on it: a window's long line comes cut to one read.
    const ways = `read_symbol or read_enclosing read one function of it (its own characters), view offset/limit a window (a line longer than one read is cut)`;
    throw new PilensError(
      `minified or generated file (${byteSize(buf.length)}, longest line ${longest.toLocaleString("en-US")} chars): too big to outline — ${map ? `read its source map (${map}); ${ways}` : `${ways}; it names no source map`}`,
      "minified",
    );
  }
  return { source, bytes: buf.length, mtimeMs: st.mtimeMs, warnings };
}

/**
 * The source map a generated file names: `//# sourceMappingURL=…` on its last line (not one inside a
 * string literal: @effect/platform embeds a bundle that ends so; not an inline `data:` map), or a
 * `x.js.map` beside it.
 */
export function sourceMapOf(abs: string, source: string): string | undefined {
  const named = SOURCE_MAP_COMMENT.exec(source.slice(-2000))?.[1];
  if (named) return named.startsWith("data:") ? undefined : named;
  return existsSync(`${abs}.map`) ? `${basename(abs)}.map` : undefined;
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


export interface LineWindow {
  /** Lines `from`..`to` (1-based, inclusive; fewer at the end of the file), without line breaks. */
  lines: string[];
  /** The same lines verbatim, line breaks included (the last line's too, when the file has one). */
  text: string;
  /** Lines in the whole file (counted as splitLines counts them). */
  totalLines: number;
  /** The window's first line alone was over `maxBytes`: only its start is in `lines`/`text`; its length. */
  cut?: { line: number; chars: number };
  bytes: number;
  mtimeMs: number;
}

/**
 * Lines `from`..`to` of a file of any size, streamed: only the window is kept in memory, the rest of
 * the file is only counted (line breaks as splitLines: \r\n, \r, \n). Refuses a binary file (NUL
 * bytes in its first 8 KB); a window holding more than `maxBytes` characters ends before the line that
 * crosses it.
 */
export async function readLineWindow(abs: string, from: number, to: number, maxBytes: number): Promise<LineWindow> {
  const { createReadStream } = await import("node:fs");
  const st = statSync(abs);
  let decoder = new TextDecoder("utf-8");
  const kept: string[] = [];
  let keptChars = 0;
  let line = 1; // the line the next character belongs to
  let cur = ""; // the current line so far, while inside the window
  let afterCR = false;
  let empty = true;
  let atLineStart = true;
  let cut: { line: number; chars: number } | undefined;
  const consume = (s: string) => {
    for (let i = 0; i < s.length; ) {
      if (afterCR) {
        afterCR = false;
        if (s.charCodeAt(i) === 10) {
          if (line - 1 >= from && line - 1 <= to) kept[kept.length - 1] += "\n";
          i++;
          continue;
        }
      }
      let j = i;
      for (let c = s.charCodeAt(j); j < s.length && c !== 10 && c !== 13; c = s.charCodeAt(++j));
      const inWin = line >= from && line <= to;
      if (j > i) {
        empty = atLineStart = false;
        if (cut?.line === line) cut.chars += j - i;
        else if (inWin) {
          cur += s.slice(i, j);
          keptChars += j - i;
          if (keptChars > maxBytes && line === from) {
            // The window's first line alone is over the limit: its start, and the window ends with it.
            cut = { line, chars: cur.length };
            cur = cutToBytes(cur, maxBytes);
            to = line;
          } else if (keptChars > maxBytes) {
            // The window stops before this line (the caller says where to continue).
            to = line - 1;
            cur = "";
          }
        }
      }
      if (j === s.length) break;
      afterCR = s.charCodeAt(j) === 13;
      if (inWin) kept.push(cut?.line === line ? cur : cur + (afterCR ? "\r" : "\n"));
      cur = "";
      empty = false;
      atLineStart = true;
      line++;
      i = j + 1;
    }
  };
  const stream = createReadStream(abs, { highWaterMark: 1 << 20 });
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // (A UTF-16 file, by its byte-order mark: decoded as such, as readSource decodes it.)
      const wide = first ? utf16Of(chunk) : undefined;
      if (wide) decoder = new TextDecoder(wide);
      else if (first && chunk.subarray(0, 8192).includes(0)) throw new PilensError(`binary file (NUL bytes): ${abs}`, "binary");
      first = false;
      consume(decoder.decode(chunk, { stream: true }));
    }
    consume(decoder.decode());
  } finally {
    stream.destroy();
  }
  if (!atLineStart && line >= from && line <= to) kept.push(cur);
  const totalLines = empty ? 0 : atLineStart ? line - 1 : line;
  let text = kept.join("");
  if (from === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text === "" ? [] : text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return { lines, text, totalLines, bytes: st.size, mtimeMs: st.mtimeMs, ...(cut ? { cut } : {}) };
}

/** The start of `s` within `maxBytes` UTF-8 bytes (a line longer than one read), whole characters only. */
export function cutToBytes(s: string, maxBytes: number): string {
  let t = s.length > maxBytes ? s.slice(0, maxBytes) : s;
  for (let b = Buffer.byteLength(t); b > maxBytes; b = Buffer.byteLength(t)) t = t.slice(0, Math.floor((t.length * maxBytes) / b));
  const last = t.charCodeAt(t.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? t.slice(0, -1) : t;
}

/** A file's version as an analysis read it (`mtimeMs:size`), undefined when it is missing or no file. */
export function fileStamp(p: string): string | undefined {
  try {
    const st = statSync(p);
    return st.isFile() ? `${st.mtimeMs}:${st.size}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the other files an analysis read (FileContext.inputs) are as it read them: its cached answer still holds. */
export function inputsUnchanged(a: { inputs?: { path: string; stamp: string | undefined }[] }): boolean {
  return !a.inputs || a.inputs.every((f) => fileStamp(f.path) === f.stamp);
}

/** Whether `p` is a file (following links); false when it is missing or unreadable. */
export function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Whether `p` is a folder (following links). */
export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** A size or limit in bytes as people read it: `800 bytes`, `50 KB`, `4.2 MB` (never "0 KB"). */
export function byteSize(n: number): string {
  if (n < 1024) return `${n} byte${n === 1 ? "" : "s"}`;
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`;
}

/** C/C++ header files: their declarations are mostly prototypes of definitions elsewhere (the C packs' linkage, search's ranking). */
export const C_HEADER = /\.(?:h|hh|hpp|hxx|h\+\+|ipp|tpp|tcc|inc)$/i;
