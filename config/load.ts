/**
 * Find and load `.pilensrc` with cosmiconfig (module name `pilens`), from the working folder up to
 * the project root. The walk is ours and cosmiconfig reads one folder at a time (strategy "none"):
 * its "project" strategy stops at the first package.json (a monorepo package, not the git root) and
 * its stopDir strategy also reads the user's global config folder. Neither cosmiconfig nor zod is
 * imported when no candidate file exists, so a project without config pays a few stat calls.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";
import { findProjectRoot, PilensError } from "../core/files.js";
import type { PilensConfig } from "./schema.js";

/** Where cosmiconfig looks in each folder, in precedence order (contract.md `.pilensrc`). */
export const SEARCH_PLACES = [
  "package.json",
  ".pilensrc",
  ".pilensrc.json",
  ".pilensrc.yaml",
  ".pilensrc.yml",
  ".pilensrc.js",
  ".pilensrc.mjs",
  ".pilensrc.cjs",
  "pilens.config.js",
  "pilens.config.mjs",
  "pilens.config.ts",
];

export interface LoadedConfig {
  config: PilensConfig;
  /** Absolute path of the file it came from; undefined when the project has none. */
  filepath?: string;
  root: string;
}

/** True when `dir` holds a file cosmiconfig would read (package.json only with a `pilens` key). */
function hasCandidate(dir: string): boolean {
  for (const place of SEARCH_PLACES) {
    const p = resolve(dir, place);
    if (!existsSync(p)) continue;
    if (place !== "package.json") return true;
    try {
      if (JSON.parse(readFileSync(p, "utf8"))?.pilens !== undefined) return true;
    } catch {
      /* an unparsable package.json is not our config */
    }
  }
  return false;
}

/** The folders searched: `cwd` and each parent up to and including `root` (only `root` when cwd is outside it). */
export function searchDirs(cwd: string, root: string): string[] {
  const rel = relative(root, cwd);
  if (rel.startsWith("..") || isAbsolute(rel)) return [root];
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dir === root || dirname(dir) === dir) break;
  }
  return dirs;
}

const cache = new Map<string, Promise<LoadedConfig>>();

/** Load the project config for `cwd` (cached per folder; `fresh` re-reads). Throws PilensError when invalid. */
export function loadConfig(cwd: string = process.cwd(), opts: { root?: string; fresh?: boolean } = {}): Promise<LoadedConfig> {
  const abs = resolve(cwd);
  const root = opts.root ?? findProjectRoot(abs);
  const key = `${abs}\u0000${root}`;
  let p = opts.fresh ? undefined : cache.get(key);
  if (!p) {
    p = search(abs, root);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

async function search(cwd: string, root: string): Promise<LoadedConfig> {
  const dirs = searchDirs(cwd, root).filter(hasCandidate);
  if (!dirs.length) return { config: {}, root };
  const { cosmiconfig, defaultLoaders } = await import("cosmiconfig");
  const { validateConfig } = await import("./schema.js");
  // `.pilensrc` is YAML or JSON: one written as JSON (it opens with `{` or `[`) that does not parse is a
  // JSON error, not the YAML parser's complaint about a flow collection.
  const noExt = (filepath: string, content: string) => {
    try {
      return defaultLoaders.noExt(filepath, content);
    } catch (e) {
      if (!/^\s*[[{]/.test(content)) throw e;
      return defaultLoaders[".json"](filepath, content);
    }
  };
  const explorer = cosmiconfig("pilens", { searchPlaces: SEARCH_PLACES, searchStrategy: "none", cache: false, loaders: { noExt } });
  for (const dir of dirs) {
    let found;
    try {
      found = await explorer.search(dir);
    } catch (e) {
      const msg = onceEachFrame((e as Error).message ?? String(e));
      throw new PilensError(`cannot load pilens config in ${dir}: ${msg}`, "config");
    }
    if (!found) continue;
    const shown = basename(found.filepath) === "package.json" ? `${found.filepath}#pilens` : found.filepath;
    return { config: validateConfig(found.config ?? {}, shown), filepath: found.filepath, root };
  }
  return { config: {}, root };
}

/** A parse error's message with each code frame once (cosmiconfig's JSON errors print theirs twice). */
function onceEachFrame(msg: string): string {
  const lines = msg.split("\n");
  const isFrame = (l: string) => /^\s*>?\s*\d+ \|/.test(l) || /^\s+\|/.test(l);
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!isFrame(lines[i]!)) {
      out.push(lines[i++]!);
      continue;
    }
    let j = i;
    while (j < lines.length && isFrame(lines[j]!)) j++;
    const block = lines.slice(i, j).join("\n");
    if (!seen.has(block)) seen.add(block), out.push(...lines.slice(i, j));
    i = j;
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}
