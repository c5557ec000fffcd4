/**
 * Paths in the command line's text, shown so a control character in a file name cannot break a line: a
 * newline in `x⏎y.ts` had split the compact view's header, a read's header, an error and a batch's lines
 * in two. A path holding one is shown as a JSON string (`"x\ny.ts"`; hosts/shared/shown-paths.ts, which the
 * MCP server and pi share); JSON output already escapes them. main.ts wraps the command's output: the paths
 * it knows — the command's arguments, as given and absolute, and the paths in the results a command notes
 * (notePaths) — are replaced wherever the text holds them, warnings and errors too.
 */
import { resolve } from "node:path";
import type { Io } from "./command.js";
import { hasControl, notePaths, showPaths } from "../shared/shown-paths.js";

export { notePaths, shownPath } from "../shared/shown-paths.js";

/** Output that shows each path of `paths` holding a control character escaped (shownPath). */
export function shownIo(io: Io, paths: Set<string>): Io {
  return { out: (s) => io.out(showPaths(s, paths)), err: (s) => io.err(showPaths(s, paths)), note: (r) => notePaths(r, paths) };
}

/** The command's arguments that hold a control character, as given and absolute (`--cwd` or the process's). */
export function argPaths(args: string[], paths: Set<string>): Set<string> {
  const cwdAt = args.indexOf("--cwd");
  const cwd = cwdAt >= 0 && args[cwdAt + 1] ? resolve(args[cwdAt + 1]!) : process.cwd();
  for (const a of args) if (hasControl(a)) paths.add(a).add(resolve(cwd, a));
  return paths;
}
