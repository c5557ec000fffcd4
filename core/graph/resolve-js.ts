/**
 * JS/TS imports the pack cannot resolve from the file alone: tsconfig/jsconfig `compilerOptions.paths`
 * (+ `baseUrl`) at the project root, and package workspaces (`workspaces` in the root package.json)
 * imported by package name. Best-effort: an unresolvable specifier stays external.
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
  const workspaces = new Map<string, string>();
  try {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const globs: string[] = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces?.packages ?? []);
    for (const g of globs) for (const dir of expandWorkspace(root, g)) {
      try {
        const name = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;
        if (typeof name === "string") workspaces.set(name, dir);
      } catch {
        /* not a package */
      }
    }
  } catch {
    /* no package.json */
  }
  if (!paths.length && !workspaces.size) return undefined;
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
      const dir = m && workspaces.get(m[1]!);
      if (dir) {
        const hit = m![2] ? tryFile(join(dir, m![2])) ?? tryFile(join(dir, "src", m![2])) : entryOf(dir);
        if (hit) return rel(hit);
      }
      return undefined;
    },
  };
}

function entryOf(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const f of [pkg.source, pkg.types, pkg.module, pkg.main].filter((x) => typeof x === "string")) {
      const hit = tryFile(resolve(dir, f)) ?? tryFile(resolve(dir, f.replace(/^(\.\/)?(dist|lib|build)\//, "$1src/")));
      if (hit) return hit;
    }
  } catch {
    /* fall through */
  }
  return tryFile(join(dir, "src", "index")) ?? tryFile(join(dir, "index"));
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
