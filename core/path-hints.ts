/**
 * A path that names no file, told what it likely meant: `app.js:6` (a position, as stack traces,
 * `grep -n` and tsc print it) when `app.js` exists; a near-miss of its name in its folder (`circut.js`,
 * `Circuit.js`: case, or an edit or two), its folder fixed the same way; or the same relative path from
 * a folder above the current one, inside the project (`lib/x.js` asked from `lib/`).
 */
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { distance } from "fastest-levenshtein";
import { isFile, isDir, PilensError } from "./files.js";
import { SKIP_DIRS } from "./graph/scan.js";

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

/** Where a hint looks (the project root bounds it) and what its paths are shown relative to. */
export interface HintPlace {
  root: string;
  cwd: string;
}

/** `e` with a did-you-mean added when it is a "file not found" for `abs` and a likely file exists. */
export function withPathHint(e: unknown, abs: string, place: HintPlace): unknown {
  if (!(e instanceof PilensError) || e.code !== "not_found") return e;
  const hint = missingFileHint(abs, place);
  return hint ? new PilensError(`${e.message} — ${hint}`, e.code) : e;
}

/** "did you mean lib/circuit.js?" for a missing `abs`, or undefined when nothing close exists. */
export function missingFileHint(abs: string, { root, cwd }: HintPlace): string | undefined {
  const show = (p: string) => {
    const rel = relative(cwd, p);
    return (rel.startsWith("..") || rel === "" ? p : rel).split(sep).join("/");
  };
  const pos = positionInMissing(abs);
  if (pos) return `did you mean ${show(pos.file)} (line ${pos.line}${pos.column ? `, column ${pos.column}` : ""})? read_enclosing reads the symbol around a line`;
  const inside = (p: string) => !relative(root, p).startsWith("..");
  if (!inside(abs)) return undefined;
  const near = nearMiss(abs, root, 0);
  if (near.length) return `did you mean ${near.map(show).join(" or ")}?`;
  // The path as written, from a folder between the current one and the project root.
  const written = relative(resolve(cwd), abs);
  if (written.startsWith("..")) return undefined;
  for (let dir = dirname(resolve(cwd)); inside(dir); dir = dirname(dir)) {
    const there = join(dir, written);
    if (isFile(there)) return `did you mean ${show(there)}?`;
    if (dirname(dir) === dir) break;
  }
  // …or from a folder below the root (`circuit.js` asked for lib/circuit.js).
  const below = findBelow(root, written);
  return below.length ? `did you mean ${below.map(show).join(" or ")}?` : undefined;
}

/**
 * `rel` under folders of the project, breadth first (dot-folders and the index's skipped folders left
 * out), looking in at most `maxDirs` folders: at most 3 files.
 */
function findBelow(root: string, rel: string, maxDirs = 2000): string[] {
  const out: string[] = [];
  const queue = [root];
  for (let i = 0; i < queue.length && i < maxDirs && out.length < 3; i++) {
    const dir = queue[i]!;
    if (isFile(join(dir, rel))) out.push(join(dir, rel));
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith(".") && !SKIP_DIRS.has(e.name)) queue.push(join(dir, e.name));
  }
  return out;
}

/**
 * Existing paths one near-miss away from `abs`: a name in its folder that differs only in case or by
 * an edit or two (one for a name of 4 characters or fewer), its folder found the same way when it is
 * missing too. Files for the last component, folders above; at most 3, the closest first.
 */
function nearMiss(abs: string, root: string, depth: number): string[] {
  const dir = dirname(abs);
  if (depth > 3 || dir === abs || relative(root, dir).startsWith("..")) return [];
  const dirs = existsSync(dir) ? [dir] : nearMiss(dir, root, depth + 1);
  const lower = basename(abs).toLowerCase();
  const scored: { path: string; d: number }[] = [];
  for (const d of dirs) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    // (A folder of thousands of entries: only a change of case is looked for.)
    const far = names.length > 5000;
    for (const n of names) {
      const l = n.toLowerCase();
      const dist = l === lower ? 0 : far ? Infinity : distance(l, lower);
      if (dist > (lower.length <= 4 ? 1 : 2)) continue;
      const path = join(d, n);
      if (depth === 0 ? isFile(path) : isDir(path)) scored.push({ path, d: dist });
    }
  }
  scored.sort((a, b) => a.d - b.d || a.path.localeCompare(b.path));
  return scored.slice(0, 3).map((s) => s.path);
}

