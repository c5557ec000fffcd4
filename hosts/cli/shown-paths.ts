/**
 * Paths in the command line's text, shown so a control character in a file name cannot break a line: a
 * newline in `x⏎y.ts` had split the compact view's header, a read's header, an error and a batch's lines
 * in two, the second half reading as a line of its own. A path holding one (a C0/C1 control, U+2028/2029) is
 * shown as a JSON string, quoted and escaped (`"x\ny.ts"`); other paths as they are. JSON output already
 * escapes them. main.ts wraps the command's output: the paths it knows — the command's arguments, as given
 * and absolute, and the paths in the results a command notes (notePaths) — are replaced wherever the text
 * holds them, warnings and errors too.
 */
import { resolve } from "node:path";
import type { Io } from "./command.js";

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Keys whose string values (or lists of them) are paths in the results the commands print. */
const PATH_KEYS: ReadonlySet<string> = new Set(["path", "file", "files", "root", "resolved", "internal", "target"]);

/** A path as text shows it: JSON-quoted when it holds a control character. */
export function shownPath(p: string): string {
  return CONTROL.test(p) ? JSON.stringify(p) : p;
}

/** Output that shows each path of `paths` holding a control character escaped (shownPath). */
export function shownIo(io: Io, paths: Set<string>): Io {
  const show = (s: string) => {
    if (!paths.size) return s;
    // (Longest first: an absolute path before the relative one it ends with.)
    for (const p of [...paths].sort((a, b) => b.length - a.length)) if (s.includes(p)) s = s.split(p).join(shownPath(p));
    return s;
  };
  return { out: (s) => io.out(show(s)), err: (s) => io.err(show(s)), note: (r) => notePaths(r, paths) };
}

/** The command's arguments that hold a control character, as given and absolute (`--cwd` or the process's). */
export function argPaths(args: string[], paths: Set<string>): Set<string> {
  const cwdAt = args.indexOf("--cwd");
  const cwd = cwdAt >= 0 && args[cwdAt + 1] ? resolve(args[cwdAt + 1]!) : process.cwd();
  for (const a of args) if (CONTROL.test(a)) paths.add(a).add(resolve(cwd, a));
  return paths;
}

/** Adds the paths a result names (under PATH_KEYS, at any depth) that hold a control character. */
export function notePaths(value: unknown, paths: Set<string>, depth = 0): void {
  if (depth > 8 || !value || typeof value !== "object") return;
  for (const [k, v] of Object.entries(value)) {
    if (PATH_KEYS.has(k) && typeof v === "string") {
      if (CONTROL.test(v)) paths.add(v);
    } else if (PATH_KEYS.has(k) && Array.isArray(v)) {
      for (const x of v) if (typeof x === "string" && CONTROL.test(x)) paths.add(x);
      else notePaths(x, paths, depth + 1);
    } else if (typeof v === "object" && k !== "source") notePaths(v, paths, depth + 1);
  }
}
