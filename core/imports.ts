/**
 * Imports: the generic pass over `@import.source` captures, and path resolution helpers packs use to
 * turn relative specifiers into project files.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { QueryMatch } from "web-tree-sitter";
import type { FileContext, ImportRecord } from "./types.js";

export function importsFromMatches(ctx: FileContext, matches: QueryMatch[]): ImportRecord[] {
  const out: ImportRecord[] = [];
  for (const m of matches) {
    for (const c of m.captures) {
      if (c.name !== "import.source") continue;
      const source = unquote(ctx.text(c.node));
      if (!source) continue;
      const props = m.setProperties as Record<string, string | null> | undefined;
      out.push({ source, line: c.node.startPosition.row + 1, external: props?.internal !== "true" && !/^[./]/.test(source) });
    }
  }
  return out;
}

export function unquote(s: string): string {
  const t = s.trim();
  const m = /^(?:[rbuf]{0,2})(["'`<])([\s\S]*)([>"'`])$/.exec(t);
  return (m ? m[2]! : t).trim();
}

/**
 * Which candidate paths are files: a batch resolves the same candidates over and over. Held for a second
 * at most (a long-lived host sees files an agent creates), and dropped by `forgetFileChecks` when the
 * project graph re-indexes.
 */
const fileCache = new Map<string, boolean>();
/** Folder listings: name → a file (true), a symbolic link (null: stat it), or something else (false). */
const folders = new Map<string, Map<string, boolean | null>>();
/** firstFile's answers per candidate list and key. */
const resolved = new Map<(base: string) => string[], Map<string, string | null>>();
let cacheBorn = 0;
const CACHE_MS = 1000;
/**
 * Listing a folder once answers every candidate in it (a stat per candidate was most of the cost of
 * resolving a batch's imports) — where names are case-sensitive and `/`-separated, so a listed name is
 * the path, and only for a one-shot command (holdFileChecks): a listing does not show a file created
 * after it, which a long-lived host would miss for a second.
 */
const CAN_LIST = sep === "/" && process.platform !== "darwin";
let listFolders = false;
/** A one-shot command (the CLI's report): files are taken not to change while it runs (folder listings). */
export function holdFileChecks(): void {
  listFolders = CAN_LIST;
}
export function forgetFileChecks(): void {
  fileCache.clear();
  folders.clear();
  resolved.clear();
  cacheBorn = Date.now();
  checksEpoch++;
}
let checksEpoch = 0;
/** The checks above, forgotten once they are a second old. */
function expireFileChecks(): void {
  if (Date.now() - cacheBorn > CACHE_MS) forgetFileChecks();
}
/**
 * A number that changes when the file checks above are forgotten (after a second, or on a re-index): a
 * cache of what another file says, stamped with it, needs no stat of that file again while it holds.
 */
export function fileChecksEpoch(): number {
  expireFileChecks();
  return checksEpoch;
}
function isFile(p: string): boolean {
  expireFileChecks();
  let hit = fileCache.get(p);
  if (hit === undefined) {
    hit = (listFolders ? listed(p) : null) ?? statFile(p);
    if (fileCache.size > 50_000) fileCache.clear();
    fileCache.set(p, hit);
  }
  return hit;
}

function statFile(p: string): boolean {
  try {
    // Most candidates are misses: no ENOENT exception (and its stack trace) per miss.
    return statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** Whether the folder listing has `p` as a file; null when it cannot say (a link, an unreadable folder). */
function listed(p: string): boolean | null {
  const cut = p.lastIndexOf("/");
  const dir = p.slice(0, cut) || "/";
  let names = folders.get(dir);
  if (!names) {
    names = new Map();
    try {
      for (const d of readdirSync(dir, { withFileTypes: true })) names.set(d.name, d.isFile() || (d.isSymbolicLink() ? null : false));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") return null;
    }
    if (folders.size > 5_000) folders.clear();
    folders.set(dir, names);
  }
  const hit = names.get(p.slice(cut + 1));
  return hit === undefined ? false : hit;
}

/**
 * Resolve `spec` relative to the importing file, trying `candidates(base)` in order
 * (e.g. `x.ts`, `x/index.ts`). Returns a root-relative `/`-separated path, or undefined.
 */
export function resolveRelative(ctx: FileContext, spec: string, candidates: (base: string) => string[]): string | undefined {
  const dir = dirname(ctx.path);
  const hit = firstFile(`${dir}\u0000${spec}`, () => resolve(dir, spec), candidates);
  return hit === null ? undefined : toRel(ctx.root, hit);
}

/** The first of `candidates(base)` (`base` absolute) that is a file, root-relative; or undefined. */
export function resolveAt(root: string, base: string, candidates: (base: string) => string[]): string | undefined {
  const hit = firstFile(base, () => base, candidates);
  return hit === null ? undefined : toRel(root, hit);
}

/**
 * The first of `candidates(base())` that is a file (absolute), or null; remembered by `key` per candidate
 * list. A batch resolves the same few specifiers over and over (`../core` from every file of a folder):
 * building ~12 candidate paths, and normalizing the paths, each time was most of the cost.
 */
function firstFile(key: string, base: () => string, candidates: (base: string) => string[]): string | null {
  expireFileChecks();
  let memo = resolved.get(candidates);
  if (!memo) {
    if (resolved.size > 100) resolved.clear(); // (a pack passing a new closure per call)
    resolved.set(candidates, (memo = new Map()));
  }
  let hit = memo.get(key);
  if (hit === undefined) {
    hit = candidates(base()).find(isFile) ?? null;
    if (memo.size > 50_000) memo.clear();
    memo.set(key, hit);
  }
  return hit;
}

export function toRel(root: string, abs: string): string {
  // (A file under the root, the common case, without path.relative's normalization of both paths.)
  if (sep === "/" && abs.startsWith(root) && abs[root.length] === "/" && !root.endsWith("/")) return abs.slice(root.length + 1);
  return relative(root, abs).split(sep).join("/");
}

export function existsIn(root: string, relPath: string): boolean {
  return existsSync(join(root, relPath));
}
