/**
 * A package's entry points, for symbol_search: the files its package.json `main`, `module`, `types`,
 * `typings`, `source`, `browser` and `exports` (not `*` patterns) name — or, when those name build output
 * the index skips (`dist/cjs/index.js`, `dist/esm/index.d.ts`), the source file of the same path under
 * `src/` (`src/index.ts`). A definition there is the package's API as users call it: chrono's
 * `src/index.ts` `parseDate` had ranked after 18 locale copies and the method it wraps.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isBuildDir } from "./scan.js";

const FIELDS = ["main", "module", "types", "typings", "source", "browser", "exports"];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
const memo = new Map<string, { key: string; files: ReadonlySet<string> }>();

/**
 * Root-relative entry files of the package at `root` that `has` holds (the index's files). `version`
 * names the index's state (its commit): a set is kept while both it and package.json are unchanged, so
 * an entry file indexed later counts from the next commit on.
 */
export function entryFiles(root: string, has: (rel: string) => boolean, version: number | string): ReadonlySet<string> {
  const pkg = join(root, "package.json");
  let key: string;
  try {
    const st = statSync(pkg);
    key = `${st.mtimeMs}:${st.size}:${version}`;
  } catch {
    return new Set();
  }
  const hit = memo.get(root);
  if (hit?.key === key) return hit.files;
  const files = new Set<string>();
  try {
    const json = JSON.parse(readFileSync(pkg, "utf8")) as Record<string, unknown>;
    const targets: string[] = [];
    const collect = (v: unknown) => {
      if (typeof v === "string") targets.push(v);
      else if (v && typeof v === "object") for (const x of Object.values(v)) collect(x);
    };
    for (const f of FIELDS) collect(json[f]);
    for (const t of targets) {
      if (t.includes("*") || t.length > 300) continue;
      const rel = sourceOf(t.replace(/^\.\//, ""), has);
      if (rel) files.add(rel);
    }
  } catch {
    // unreadable or not JSON: no entry points
  }
  memo.set(root, { key, files });
  return files;
}

/** The indexed file a target names: itself, or its source twin (build folders dropped, under src/ or not). */
function sourceOf(target: string, has: (rel: string) => boolean): string | undefined {
  if (has(target)) return target;
  const segments = target.split("/");
  let i = 0;
  while (i < segments.length - 1 && (isBuildDir(segments[i]!) || segments[i] === "lib")) i++;
  const stem = segments.slice(i).join("/").replace(/(?:\.d)?\.[cm]?[jt]sx?$/, "");
  for (const base of [`src/${stem}`, stem]) for (const ext of EXTENSIONS) if (has(base + ext)) return base + ext;
  return undefined;
}
