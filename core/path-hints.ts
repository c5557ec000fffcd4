/**
 * A path that names no file, told what it likely meant: `app.js:6` (a position, as stack traces,
 * `grep -n` and tsc print it) when `app.js` exists.
 */
import { existsSync, statSync } from "node:fs";
import { relative, sep } from "node:path";
import { PilensError } from "./files.js";

/** `file:line` or `file:line:column` at the end of a path; undefined when it has no such suffix. */
export function positionOf(path: string): { file: string; line: number; column?: number } | undefined {
  const m = /^(.*?[^:]):(\d+)(?::(\d+))?:?$/.exec(path);
  if (!m) return undefined;
  const line = Number(m[2]);
  const column = m[3] === undefined ? undefined : Number(m[3]);
  if (line < 1 || (column !== undefined && column < 1)) return undefined;
  return { file: m[1]!, line, ...(column !== undefined ? { column } : {}) };
}

/**
 * The file and position a missing `abs` names as `file:line[:column]`: only when `abs` itself is no
 * file (a real file whose name holds a colon wins) and the part before the position is one.
 */
export function positionInMissing(abs: string): { file: string; line: number; column?: number } | undefined {
  if (existsSync(abs)) return undefined;
  const pos = positionOf(abs);
  return pos && isFile(pos.file) ? pos : undefined;
}

/** `e` with a did-you-mean added when it is a "file not found" for `abs` and a likely file exists. */
export function withPathHint(e: unknown, abs: string, cwd: string): unknown {
  if (!(e instanceof PilensError) || e.code !== "not_found") return e;
  const hint = missingFileHint(abs, cwd);
  return hint ? new PilensError(`${e.message} — ${hint}`, e.code) : e;
}

/** "did you mean app.js (line 6)?" for a missing `abs`, or undefined when nothing close exists. */
export function missingFileHint(abs: string, cwd: string): string | undefined {
  const show = (p: string) => {
    const rel = relative(cwd, p);
    return (rel.startsWith("..") || rel === "" ? p : rel).split(sep).join("/");
  };
  const pos = positionInMissing(abs);
  if (pos) return `did you mean ${show(pos.file)} (line ${pos.line}${pos.column ? `, column ${pos.column}` : ""})? read_enclosing reads the symbol around a line`;
  return undefined;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
