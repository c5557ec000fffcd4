/**
 * `#` subpath imports (`import x from "#internal/util.js"`): the private mappings of the package's own
 * package.json `"imports"` field — internal to the package, not a package name. Resolved as Node and
 * TypeScript do: the nearest package.json (the package scope), an exact key or the most specific `*`
 * pattern, then its target — a string, a fallback array, or a conditions object read in its own key
 * order, taking the first key the importing file matches.
 */
import { readFileSync, statSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";

export interface PackageScope {
  /** The folder of the package.json. */
  dir: string;
  /** Its `"type"` (`module` / `commonjs`), when a string. */
  type?: string;
  /** Its `"imports"` map, when an object. */
  imports?: Record<string, unknown>;
}

/**
 * Parsed package.json files by path, each kept while its mtime and size are unchanged: read once per
 * version for the process (a long-lived host sees an edit at the next import that needs it — one stat).
 */
const parsed = new Map<string, { m: number; s: number; scope: PackageScope | null }>();

function statOf(p: string): Stats | undefined {
  try {
    return statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function readScope(p: string, st: Stats): PackageScope | null {
  const hit = parsed.get(p);
  if (hit && hit.m === st.mtimeMs && hit.s === st.size) return hit.scope;
  let scope: PackageScope | null = null;
  try {
    const pkg: unknown = JSON.parse(readFileSync(p, "utf8"));
    if (pkg && typeof pkg === "object" && !Array.isArray(pkg)) {
      const { type, imports } = pkg as Record<string, unknown>;
      scope = { dir: dirname(p) };
      if (typeof type === "string") scope.type = type;
      if (imports && typeof imports === "object" && !Array.isArray(imports)) scope.imports = imports as Record<string, unknown>;
    }
  } catch {
    /* unreadable or not JSON: no scope to resolve in */
  }
  if (parsed.size > 2000) parsed.clear();
  parsed.set(p, { m: st.mtimeMs, s: st.size, scope });
  return scope;
}

/**
 * The package scope of a file in `fromDir`: the nearest package.json at or above it, up to the project
 * root (and never past a `node_modules` folder). Looked up afresh each time (a stat per folder, only for
 * files with `#` imports), so a package.json an agent creates counts at once.
 */
export function packageScope(fromDir: string, root: string): PackageScope | undefined {
  for (let d = fromDir; basename(d) !== "node_modules"; ) {
    const p = join(d, "package.json");
    const st = statOf(p);
    if (st?.isFile()) return readScope(p, st) ?? undefined;
    const up = dirname(d);
    if (d === root || up === d) break;
    d = up;
  }
  return undefined;
}

/**
 * The conditions a file matches, as TypeScript (with `types`) or Node would resolve its imports: `import`
 * from an ES module (`.mjs`/`.mts`, or any script in a `"type": "module"` package), `require` from
 * `.cjs`/`.cts`; a `.js`/`.ts` file elsewhere may be either (a bundler's ESM or CommonJS), so both.
 */
export function conditionsFor(path: string, typescript: boolean, scope: PackageScope): Set<string> {
  const out = new Set(["node", "default"]);
  if (typescript) out.add("types");
  if (/\.c[jt]s$/.test(path)) out.add("require");
  else if (/\.m[jt]s$/.test(path) || scope.type === "module") out.add("import");
  else out.add("import").add("require");
  return out;
}

/** Exact key first; else the `*` keys, most specific first (Node's PATTERN_KEY_COMPARE). */
function match(spec: string, map: Record<string, unknown>): { target: unknown; star: string } | undefined {
  if (!spec.includes("*") && Object.hasOwn(map, spec)) return { target: map[spec], star: "" };
  const keys = Object.keys(map)
    .filter((k) => k.indexOf("*") >= 0 && k.indexOf("*") === k.lastIndexOf("*"))
    .sort((a, b) => b.indexOf("*") - a.indexOf("*") || b.length - a.length);
  for (const k of keys) {
    const star = k.indexOf("*");
    const head = k.slice(0, star);
    const trail = k.slice(star + 1);
    if (spec.startsWith(head) && spec !== head && spec.endsWith(trail) && spec.length >= k.length) {
      return { target: map[k], star: spec.slice(head.length, spec.length - trail.length) };
    }
  }
  return undefined;
}

/**
 * Where `spec` (`#…`) leads in `scope`: `exists(abs)` turns a candidate target path into a project file
 * (the pack's twin rules: `./x.mjs` may be x.mts or x.d.mts), or undefined to try the next fallback.
 * Undefined when no key matches or no target resolves.
 */
export function resolveSubpath(
  spec: string,
  scope: PackageScope,
  conditions: ReadonlySet<string>,
  exists: (abs: string) => string | undefined,
): { resolved?: string; external?: true } | undefined {
  const m = scope.imports && match(spec, scope.imports);
  if (!m) return undefined;
  const pick = (t: unknown): { resolved?: string; external?: true } | undefined => {
    if (typeof t === "string") {
      if (t.startsWith("./")) {
        const resolved = exists(join(scope.dir, t.replaceAll("*", m.star)));
        return resolved ? { resolved } : undefined;
      }
      // A bare package name (not a path, not a URL): the import is that package's.
      return t.startsWith("../") || t.startsWith("/") || /^[a-z][a-z\d+.-]*:/i.test(t) ? undefined : { external: true };
    }
    if (Array.isArray(t)) {
      for (const x of t) {
        const r = pick(x);
        if (r) return r;
      }
      return undefined;
    }
    if (t && typeof t === "object") {
      for (const [k, v] of Object.entries(t)) {
        if (!conditions.has(k)) continue;
        const r = pick(v);
        if (r) return r;
      }
    }
    return undefined;
  };
  return pick(m.target);
}
