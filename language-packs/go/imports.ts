/**
 * Go imports in three classes: the standard library (no dot in the first path element), this module
 * (the module path of the nearest go.mod above the file, up to the project root → internal, resolved to
 * the package directory), and external modules.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FileContext, ImportRecord } from "../../core/types.js";
import { toRel } from "../../core/imports.js";
import { isDir } from "../../core/files.js";

interface GoModule {
  dir: string;
  path: string;
}

/** go.mod contents by path, re-read when the file changes (long-lived hosts see edits). */
const modCache = new Map<string, { mtimeMs: number; module: string | undefined }>();

function readModule(file: string): string | undefined | null {
  let st;
  try {
    st = statSync(file);
  } catch {
    return null; // no go.mod here
  }
  const hit = modCache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs) return hit.module;
  let module: string | undefined;
  try {
    const m = /^\s*module\s+"?([^\s"]+)"?/m.exec(readFileSync(file, "utf8"));
    module = m?.[1];
  } catch {
    module = undefined;
  }
  modCache.set(file, { mtimeMs: st.mtimeMs, module });
  return module;
}

/** The module the file belongs to: the nearest go.mod from the file's folder up to the project root. */
export function moduleOf(ctx: FileContext): GoModule | undefined {
  for (let dir = dirname(ctx.path); ; dir = dirname(dir)) {
    const path = readModule(join(dir, "go.mod"));
    if (path) return { dir, path };
    if (path === undefined) return undefined; // a go.mod without a module line: stop, unknown
    if (dir === ctx.root || dirname(dir) === dir || !dir.startsWith(ctx.root)) return undefined;
  }
}

export function isStdlib(path: string): boolean {
  const first = path.split("/")[0] ?? "";
  return !first.includes(".");
}

export function classifyGoImports(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  const mod = moduleOf(ctx);
  for (const i of imports) {
    i.external = true;
    if (!mod) continue;
    let rest: string | undefined;
    if (i.source === mod.path) rest = "";
    else if (i.source.startsWith(`${mod.path}/`)) rest = i.source.slice(mod.path.length + 1);
    // Go's own tree is module "std": its packages are imported without the module prefix.
    else if (mod.path === "std" && isStdlib(i.source) && isDir(join(mod.dir, i.source))) rest = i.source;
    if (rest === undefined) continue;
    i.external = false;
    const dir = join(mod.dir, rest);
    if (isDir(dir)) i.resolved = toRel(ctx.root, dir) || ".";
  }
  return imports;
}
