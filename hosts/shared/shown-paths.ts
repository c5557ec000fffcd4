/**
 * Paths in the hosts' text, shown so a control character in a file name cannot break a line: a newline in
 * `x⏎y.ts` had split the CLI's compact header, an MCP result's or a pi tool row's one-line summary, a
 * read's header, an error and a search's rows in two, the second half reading as a line of its own. A path
 * holding one (a C0/C1 control, U+2028/2029) is shown as a JSON string, quoted and escaped (`"x\ny.ts"`);
 * other paths as they are. JSON output and structured results (MCP structured content, pi `details`)
 * already escape them. Each host collects the paths it knows — a call's arguments, as given and absolute,
 * and the paths its result names (notePaths) — and replaces them wherever its text holds them (showPaths):
 * the CLI (hosts/cli/shown-paths.ts), runTool for both agent hosts (run.ts), pi's read (hosts/pi/read-tool.ts).
 * (The core's warnings that name a file show it so themselves: core/text.ts shownPath, e.g. a pack's fallback.)
 */
import { hasControl, shownPath } from "../../core/text.js";

export { hasControl, shownPath };

/** Keys whose string values (or lists of them) are paths in the results the hosts print. */
const PATH_KEYS: ReadonlySet<string> = new Set(["path", "file", "files", "root", "resolved", "internal", "target"]);

/** `text` with each path of `paths` (those holding a control character) shown escaped (shownPath). */
export function showPaths(text: string, paths: ReadonlySet<string>): string {
  if (!paths.size || !text) return text;
  // (Longest first: an absolute path before the relative one it ends with.)
  for (const p of [...paths].sort((a, b) => b.length - a.length)) if (text.includes(p)) text = text.split(p).join(shownPath(p));
  return text;
}

/** Adds `p` to `paths` when it is a string holding a control character. */
export function notePath(p: unknown, paths: Set<string>): Set<string> {
  if (typeof p === "string" && hasControl(p)) paths.add(p);
  return paths;
}

/** Adds the paths a result names (under PATH_KEYS, at any depth) that hold a control character. */
export function notePaths(value: unknown, paths: Set<string>, depth = 0): void {
  if (depth > 8 || !value || typeof value !== "object") return;
  for (const [k, v] of Object.entries(value)) {
    if (PATH_KEYS.has(k) && typeof v === "string") {
      if (hasControl(v)) paths.add(v);
    } else if (PATH_KEYS.has(k) && Array.isArray(v)) {
      for (const x of v) if (typeof x === "string" && hasControl(x)) paths.add(x);
      else notePaths(x, paths, depth + 1);
    } else if (typeof v === "object" && k !== "source") notePaths(v, paths, depth + 1);
  }
}
