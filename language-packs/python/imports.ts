/**
 * Python imports: `import a.b`, `from a.b import c`, `from .x import y`, `from . import sub`.
 * Relative modules resolve against the importing file's package; absolute ones are internal when the
 * module exists in the project (under the root, `src/`, or the sys.path root of the file's package).
 */
import { dirname, join, resolve } from "node:path";
import type { Node } from "web-tree-sitter";
import type { FileContext, ImportRecord } from "../../core/types.js";
import { toRel } from "../../core/imports.js";
import { isFile } from "../../core/files.js";

/** `a/b` → `a/b.py`, `a/b.pyi`, `a/b/__init__.py`, `a/b/__init__.pyi`. */
function moduleFile(base: string): string | undefined {
  for (const c of [`${base}.py`, `${base}.pyi`, join(base, "__init__.py"), join(base, "__init__.pyi")]) if (isFile(c)) return c;
  return undefined;
}

/** Directories an absolute module may live under: the root, root/src, and the file's sys.path root. */
function searchRoots(ctx: FileContext): string[] {
  let dir = dirname(ctx.path);
  while (isFile(join(dir, "__init__.py")) && dirname(dir) !== dir && dir.startsWith(ctx.root)) dir = dirname(dir);
  return [...new Set([ctx.root, join(ctx.root, "src"), dir])];
}

function resolveAbsolute(ctx: FileContext, module: string, roots: string[]): string | undefined {
  const rel = module.split(".").join("/");
  for (const r of roots) {
    const f = moduleFile(join(r, rel));
    if (f) return toRel(ctx.root, f);
  }
  return undefined;
}

/** `from ..a.b import c`: the package directory `level` dots up, then the dotted path. */
function relativeBase(ctx: FileContext, dots: number, rest: string): string {
  let dir = dirname(ctx.path);
  for (let i = 1; i < dots; i++) dir = dirname(dir);
  return rest ? resolve(dir, rest.split(".").join("/")) : dir;
}

function importedNames(ctx: FileContext, stmt: Node): string[] {
  const out: string[] = [];
  for (const n of stmt.childrenForFieldName("name")) {
    if (!n) continue;
    const target = n.type === "aliased_import" ? n.childForFieldName("name") : n;
    if (target) out.push(ctx.text(target));
  }
  return out;
}

export function pythonImports(ctx: FileContext): ImportRecord[] {
  const out: ImportRecord[] = [];
  let roots: string[] | undefined;
  const absolute = (module: string, line: number) => {
    roots ??= searchRoots(ctx);
    const resolved = resolveAbsolute(ctx, module, roots);
    out.push(resolved ? { source: module, line, external: false, resolved } : { source: module, line, external: true });
  };
  for (const m of ctx.matches.imports ?? []) {
    for (const c of m.captures) {
      const line = c.node.startPosition.row + 1;
      if (c.name === "import.name") {
        const target = c.node.type === "aliased_import" ? c.node.childForFieldName("name") : c.node;
        if (target) absolute(ctx.text(target), line);
      } else if (c.name === "import.module") {
        const text = ctx.text(c.node).replace(/\s+/g, "");
        const dots = /^\.*/.exec(text)![0].length;
        const rest = text.slice(dots);
        let base: string;
        if (dots) base = relativeBase(ctx, dots, rest);
        else {
          roots ??= searchRoots(ctx);
          const pkg = resolveAbsolute(ctx, rest, roots);
          if (!pkg) {
            out.push({ source: text, line, external: true });
            continue;
          }
          base = join(ctx.root, pkg).replace(/[\\/]__init__\.pyi?$/, "").replace(/\.pyi?$/, "");
        }
        // `from pkg import sub` / `from . import a, b`: each name may be a submodule of its own.
        const subs = c.node.parent ? importedNames(ctx, c.node.parent).filter((n) => n !== "*") : [];
        const subFiles = subs.map((n) => [n, moduleFile(join(base, n))] as const).filter(([, f]) => f);
        for (const [n, f] of subFiles) out.push({ source: `${text}${rest ? "." : ""}${n}`, line, external: false, resolved: toRel(ctx.root, f!) });
        if (subFiles.length && subFiles.length === subs.length) continue;
        const f = moduleFile(base);
        if (f === ctx.path) continue; // `from . import x` in the package's own __init__: x is an attribute
        out.push({ source: text, line, external: false, resolved: f ? toRel(ctx.root, f) : undefined });
      }
    }
  }
  return out;
}
