/**
 * Imports: the generic pass over `@import.source` captures, and path resolution helpers packs use to
 * turn relative specifiers into project files.
 */
import { existsSync, statSync } from "node:fs";
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
 * stat() results per path: a batch resolves the same candidates over and over. Held for a second at
 * most (a long-lived host sees files an agent creates), and dropped by `forgetFileChecks` when the
 * project graph re-indexes.
 */
const fileCache = new Map<string, boolean>();
let cacheBorn = 0;
const CACHE_MS = 1000;
export function forgetFileChecks(): void {
  fileCache.clear();
  cacheBorn = Date.now();
}
function isFile(p: string): boolean {
  if (Date.now() - cacheBorn > CACHE_MS) forgetFileChecks();
  let hit = fileCache.get(p);
  if (hit === undefined) {
    try {
      // Most candidates are misses: no ENOENT exception (and its stack trace) per miss.
      hit = statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
    } catch {
      hit = false;
    }
    if (fileCache.size > 50_000) fileCache.clear();
    fileCache.set(p, hit);
  }
  return hit;
}

/**
 * Resolve `spec` relative to the importing file, trying `candidates(base)` in order
 * (e.g. `x.ts`, `x/index.ts`). Returns a root-relative `/`-separated path, or undefined.
 */
export function resolveRelative(ctx: FileContext, spec: string, candidates: (base: string) => string[]): string | undefined {
  return resolveAt(ctx.root, resolve(dirname(ctx.path), spec), candidates);
}

/** The first of `candidates(base)` (`base` absolute) that is a file, root-relative; or undefined. */
export function resolveAt(root: string, base: string, candidates: (base: string) => string[]): string | undefined {
  for (const c of candidates(base)) {
    if (isFile(c)) return toRel(root, c);
  }
  return undefined;
}

export function toRel(root: string, abs: string): string {
  return relative(root, abs).split(sep).join("/");
}

export function existsIn(root: string, relPath: string): boolean {
  return existsSync(join(root, relPath));
}
