/**
 * Names a C file gives the keyword `static` (`#define local static`, zlib's zutil.h): macros.ts masks
 * them where they open a declaration, cfamily.ts counts a declaration opened by one as `static`.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { FileContext } from "../../core/types.js";

/** `#define local static` (zlib), `#define STATIC static`: names a file gives the keyword `static`. */
const STATIC_ALIAS = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+static[ \t]*(?:\/[*/].*)?$/gm;

/** The names `source` #defines as `static` (none in most files: a quick test first). */
export function staticAliases(source: string): string[] {
  if (!/define[ \t]+\w+[ \t]+static\b/.test(source)) return [];
  return [...source.matchAll(STATIC_ALIAS)].map((m) => m[1]!).filter((n) => n !== "static");
}

/**
 * The file's names for `static`: its own `#define local static`, and those of the headers it includes
 * from its folder (zlib's deflate.c has `local` from zutil.h).
 */
const aliasCache = new WeakMap<FileContext, Set<string>>();
export function staticAliasesOf(ctx: FileContext): Set<string> {
  let s = aliasCache.get(ctx);
  if (s) return s;
  s = new Set<string>();
  // The file, then its folder's headers it includes, theirs, and theirs (deflate.c → deflate.h → zutil.h).
  const seen = new Set([ctx.path]);
  let level: Facts[] = [factsOf(ctx.path, ctx.source)];
  for (let depth = 0; depth < 4 && level.length; depth++) {
    const next: Facts[] = [];
    for (const f of level) {
      for (const n of f.aliases) s.add(n);
      for (const p of f.includes) {
        if (seen.has(p) || seen.size > 32) continue;
        seen.add(p);
        const h = headerFacts(p);
        if (h) next.push(h);
      }
    }
    level = next;
  }
  aliasCache.set(ctx, s);
  return s;
}

/** What a file says for staticAliasesOf: its static aliases and the quoted includes it names (resolved). */
interface Facts {
  aliases: string[];
  includes: string[];
}

function factsOf(path: string, text: string): Facts {
  return { aliases: staticAliases(text), includes: [...text.matchAll(/^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm)].map((m) => resolve(dirname(path), m[1]!)) };
}

/** A header's facts, read once per version of it (a batch's .c files include the same headers). */
const headers = new Map<string, { mtimeMs: number; size: number; facts: Facts }>();
function headerFacts(p: string): Facts | undefined {
  try {
    const st = statSync(p);
    if (st.size >= 1_000_000) return undefined;
    const known = headers.get(p);
    if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known.facts;
    const facts = factsOf(p, readFileSync(p, "utf8"));
    headers.set(p, { mtimeMs: st.mtimeMs, size: st.size, facts });
    return facts;
  } catch {
    return undefined; // an include that is not there (generated, elsewhere on the path): nothing to learn from it
  }
}
