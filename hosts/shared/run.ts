/**
 * Run one tool from the shared table for a host: validate arguments with the tool's zod shape,
 * resolve `file` (and the MCP `cwd`) inside the project root, and turn every failure into an
 * `isError` output with a clear message. Never throws.
 */
import { existsSync, statSync } from "node:fs";
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import { z } from "zod";
import { errorMessage, type Lens } from "../../core/engine.js";
import { errorOutput, type ToolContext, type ToolOutput, type ToolSpec } from "./tool.js";
import { notePath, notePaths, showPaths } from "./shown-paths.js";

export interface RunOptions {
  /** Folder relative paths resolve against (MCP `cwd` argument); confined to the project root. */
  cwd?: string;
  /** The conversation's read-tier session (see ToolContext). */
  session?: ToolContext["session"];
}

export async function runTool(spec: ToolSpec<any>, lens: Lens, rawArgs: unknown, opts: RunOptions = {}): Promise<ToolOutput> {
  const parsed = z.object(spec.params).safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`).join("; ");
    return errorOutput(spec.name, `bad arguments: ${msg}`);
  }
  const args = { ...parsed.data } as Record<string, unknown>;
  const long = longArgument(opts.cwd === undefined ? args : { ...args, cwd: opts.cwd });
  if (long) return errorOutput(spec.name, `bad arguments: ${long[0]}: ${long[1].toLocaleString("en")} characters long (at most ${ARG_CHARS.toLocaleString("en")})`);
  // Paths holding a control character (a newline in a file name), shown escaped in the text: as given,
  // absolute, and those the result names (shown-paths.ts). They had split the one-line summary in two.
  const paths = notePath(opts.cwd, notePath(args.file, new Set()));
  const out = await run(spec, lens, args, opts, paths);
  notePaths(out.details, paths);
  if (!paths.size) return out;
  // (An error's summary is its message's first line: taken again from the message shown.)
  if (out.isError) return { ...errorOutput(spec.name, showPaths(out.body, paths), out.details), shown: out.shown };
  return { ...out, summary: showPaths(out.summary, paths), body: showPaths(out.body, paths) };
}

async function run(spec: ToolSpec<any>, lens: Lens, args: Record<string, unknown>, opts: RunOptions, paths: Set<string>): Promise<ToolOutput> {
  try {
    // A `cwd` outside the project is refused by every tool, with or without a file argument.
    const cwd = opts.cwd ? lens.resolvePath(opts.cwd) : undefined;
    // (A cwd that is no folder: said so — it had read "file not found: <cwd>/<file>", or no search hit.)
    const kind = cwd === undefined ? "folder" : folderKind(cwd);
    if (kind !== "folder") return errorOutput(spec.name, `bad arguments: cwd: ${kind}: ${cwd} — pass a folder of the project (or leave cwd out: the project root)`);
    // `paths` (symbol_search) are root-relative folders or globs; under a `cwd`, relative to it.
    const under = cwd ? relative(lens.root, cwd).split(sep).join("/") : "";
    if (typeof args.paths === "string") args.paths = [args.paths]; // (one path for a list of one)
    if (under && Array.isArray(args.paths)) args.paths = (args.paths as string[]).map((p) => posix.join(under, p));
    if (typeof args.file === "string") {
      // An empty path would resolve to the working folder ("… is a directory"): say what is wrong.
      if (!args.file.trim()) return errorOutput(spec.name, "bad arguments: file: empty path — pass a file path");
      const base = cwd ?? lens.cwd;
      const abs = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
      // Models sometimes write "@src/a.ts" (pi's own tools strip the "@"); a real "@x" path still wins.
      const file = args.file.startsWith("@") && !existsSync(abs(args.file)) ? args.file.slice(1) : args.file;
      notePath(abs(file), paths);
      args.file = lens.resolvePath(abs(file));
      notePath(args.file, paths); // (its real path: a link's target)
    }
    return await lens.serve(() => spec.run(lens, args, { session: opts.session }));
  } catch (e) {
    return errorOutput(spec.name, errorMessage(e));
  }
}

/** Longest string argument taken (Linux's PATH_MAX), but for those said back clipped where said: query, focus, symbol (read_symbol's own limit). */
const ARG_CHARS = 4096;
const CLIPPED = new Set(["query", "focus", "symbol"]);

/** An argument too long to be one — a path, kind, view, lang or glob of 50,000 characters had come back whole in its error. */
function longArgument(args: Record<string, unknown>): [string, number] | undefined {
  for (const [key, v] of Object.entries(args)) {
    if (CLIPPED.has(key)) continue;
    const n = Math.max(0, ...(Array.isArray(v) ? v : [v]).map((x) => (typeof x === "string" ? x.length : 0)));
    if (n > ARG_CHARS) return [key, n];
  }
  return undefined;
}

/** "folder", or what the path is instead. */
function folderKind(abs: string): string {
  try {
    return statSync(abs).isDirectory() ? "folder" : "not a folder";
  } catch {
    return "no such folder";
  }
}
