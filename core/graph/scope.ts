/**
 * Whether a file new to the graph is one a build would index (scan.ts's rules, for one path): not under
 * a dot-folder or a skipped or build folder, not .gitignore'd (the chain of .gitignore files from the
 * root down) nor left out by `.pilensrc` `ignore`. A host's updateFiles asks before adding a file it was
 * told about (pi calls it after every write): a written `dist/` bundle or an ignored file stays out, as a
 * build from scratch leaves it out. A skipped folder the graph already holds files of (a package whose
 * only code is its `dist/`, scan.ts `builtOnly`) is in scope.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isIgnored, parseGitignore, type IgnoreRule } from "./gitignore.js";
import { isSkippedDir } from "./scan.js";

export function inScope(root: string, rel: string, ignore: string[], holds: (dirRel: string) => boolean): boolean {
  const parts = rel.split("/");
  let rules: IgnoreRule[] = parseGitignore(ignore.join("\n"), "");
  for (let i = 0; i < parts.length; i++) {
    const dirRel = parts.slice(0, i).join("/");
    try {
      rules = [...rules, ...parseGitignore(readFileSync(join(root, dirRel, ".gitignore"), "utf8"), dirRel)];
    } catch {
      /* no .gitignore here */
    }
    const name = parts[i]!;
    const here = parts.slice(0, i + 1).join("/");
    const isDir = i < parts.length - 1;
    if (isIgnored(rules, here, isDir)) return false;
    if (isDir && (name.startsWith(".") || isSkippedDir(name)) && !holds(here)) return false;
  }
  return true;
}
