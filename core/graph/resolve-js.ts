/**
 * JS/TS imports the pack cannot resolve from the file alone: tsconfig/jsconfig `compilerOptions.paths`
 * (+ `baseUrl`) at the project root, and the project's own packages imported by name — the workspaces
 * (`workspaces` in the root package.json) and the root package itself (a package's tests and examples
 * import it by name: zod's `import * as z from "zod/v4"`). A package's subpath is its `exports` entry
 * (a source file before a declaration file, `@zod/source` before `types`), else the file at that path.
 * Best-effort: an unresolvable specifier stays external.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { isFile } from "../files.js";

export interface JsResolver {
  resolve(fromAbs: string, spec: string): string | undefined;
}

const EXTS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs"];

function tryFile(base: string): string | undefined {
  const twin = base.match(/^(.*)\.(m|c)?jsx?$/);
  const cands = [base, ...(twin ? [`${twin[1]}.${twin[2] ?? ""}ts`, `${twin[1]}.${twin[2] ?? ""}tsx`] : []), ...EXTS.map((e) => base + e), ...EXTS.map((e) => join(base, "index" + e))];
  return cands.find(isFile);
}

/** JSON with comments and trailing commas (tsconfig). */
export function readJsonc(path: string): any {
  const text = readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\/|("(?:\\.|[^"\\])*")|\/\/[^\n]*/g, (_m, str) => str ?? "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(text);
}

export function makeJsResolver(root: string): JsResolver | undefined {
  const paths: { prefix: string; suffix: string; wildcard: boolean; targets: string[] }[] = [];
  for (const name of ["tsconfig.json", "jsconfig.json"]) {
    const p = join(root, name);
    if (!existsSync(p)) continue;
    try {
      const co = readJsonc(p)?.compilerOptions ?? {};
      const baseUrl = resolve(root, co.baseUrl ?? ".");
      for (const [pattern, targets] of Object.entries<string[]>(co.paths ?? {})) {
        const star = pattern.indexOf("*");
        paths.push({
          prefix: star < 0 ? pattern : pattern.slice(0, star),
          suffix: star < 0 ? "" : pattern.slice(star + 1),
          wildcard: star >= 0,
          targets: targets.map((t) => resolve(baseUrl, t)),
        });
      }
    } catch {
      /* an unreadable tsconfig only costs resolution */
    }
    break;
  }
  /** Package name → its folder and package.json. */
  const packages = new Map<string, { dir: string; pkg: Record<string, unknown> }>();
  const rootPkg = readPackage(root);
  if (rootPkg) {
    const w = rootPkg.workspaces as string[] | { packages?: string[] } | undefined;
    const globs: string[] = Array.isArray(w) ? w : (w?.packages ?? []);
    for (const g of globs) for (const dir of expandWorkspace(root, g)) {
      const pkg = readPackage(dir);
      if (typeof pkg?.name === "string") packages.set(pkg.name, { dir, pkg });
    }
    if (typeof rootPkg.name === "string" && !packages.has(rootPkg.name)) packages.set(rootPkg.name, { dir: root, pkg: rootPkg });
  }
  if (!paths.length && !packages.size) return undefined;
  const rel = (abs: string) => relative(root, abs).split(sep).join("/");
  return {
    resolve(_fromAbs, spec) {
      for (const p of paths) {
        if (p.wildcard ? spec.startsWith(p.prefix) && spec.endsWith(p.suffix) && spec.length >= p.prefix.length + p.suffix.length : spec === p.prefix) {
          const mid = p.wildcard ? spec.slice(p.prefix.length, spec.length - p.suffix.length) : "";
          for (const t of p.targets) {
            const hit = tryFile(t.replace("*", mid));
            if (hit) return rel(hit);
          }
        }
      }
      const m = /^((?:@[^/]+\/)?[^/]+)(?:\/(.*))?$/.exec(spec);
      const p = m && packages.get(m[1]!);
      if (p) {
        const sub = m![2];
        const hit = exported(p.dir, p.pkg.exports, sub) ?? (sub ? tryFile(join(p.dir, sub)) ?? tryFile(join(p.dir, "src", sub)) : entryOf(p.dir, p.pkg));
        // (Not a file outside the project: a target climbing out of its package, `"../../x.js"`.)
        if (hit && !rel(hit).startsWith("../")) return rel(hit);
      }
      return undefined;
    },
  };
}

function readPackage(dir: string): Record<string, unknown> | undefined {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return pkg && typeof pkg === "object" && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // none, or not JSON
  }
}

/** A built file's source: `dist/x.js` (also `lib/`, `build/`) → `src/x.ts` when that is a file. */
function fileOrSource(dir: string, f: string): string | undefined {
  return tryFile(resolve(dir, f)) ?? tryFile(resolve(dir, f.replace(/^(\.\/)?(dist|lib|build)\//, "$1src/")));
}

function entryOf(dir: string, pkg: Record<string, unknown>): string | undefined {
  for (const f of [pkg.source, pkg.types, pkg.module, pkg.main]) {
    const hit = typeof f === "string" ? fileOrSource(dir, f) : undefined;
    if (hit) return hit;
  }
  return tryFile(join(dir, "src", "index")) ?? tryFile(join(dir, "index"));
}

const DECLARATION_FILE = /\.d\.[mc]?ts$/;

/**
 * The file a package's `exports` gives for `sub` (undefined: the package itself): the entry's targets
 * in order, every condition's (`"@zod/source"`, `types`, `import`, …), the first that is a source file
 * — a declaration file only when none is.
 */
function exported(dir: string, exports: unknown, sub: string | undefined): string | undefined {
  if (!exports || typeof exports !== "object" && typeof exports !== "string") return undefined;
  const key = sub ? `./${sub}` : ".";
  const map = typeof exports === "object" && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith(".")) ? (exports as Record<string, unknown>) : { ".": exports };
  let entry = map[key];
  let star = "";
  if (entry === undefined) {
    // A pattern, `"./locales/*": "./src/locales/*"`: the longest prefix that matches.
    let best = -1;
    for (const [k, v] of Object.entries(map)) {
      const at = k.indexOf("*");
      if (at < 0 || at <= best || !key.startsWith(k.slice(0, at)) || !key.endsWith(k.slice(at + 1)) || key.length < k.length - 1) continue;
      [best, entry, star] = [at, v, key.slice(at, key.length - (k.length - at - 1))];
    }
  }
  let declaration: string | undefined;
  for (const target of targets(entry)) {
    const hit = fileOrSource(dir, target.replaceAll("*", star));
    if (hit && !DECLARATION_FILE.test(hit)) return hit;
    declaration ??= hit;
  }
  return declaration;
}

/** An exports entry's file paths, in order: a string, an array of them, conditions nested at any depth. */
function targets(entry: unknown, out: string[] = []): string[] {
  if (typeof entry === "string") out.push(entry);
  else if (Array.isArray(entry)) for (const e of entry) targets(e, out);
  else if (entry && typeof entry === "object") for (const v of Object.values(entry)) targets(v, out);
  return out;
}

/** `packages/*` and plain folders; deeper globs are rare in workspaces. */
function expandWorkspace(root: string, glob: string): string[] {
  const clean = glob.replace(/\/+$/, "");
  if (!clean.includes("*")) return [resolve(root, clean)];
  const parent = resolve(root, dirname(clean));
  try {
    return readdirSync(parent, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(parent, d.name));
  } catch {
    return [];
  }
}
