/**
 * Rust imports: `use` trees expanded to paths (`a::{b, c::D}` → `a::b`, `a::c::D`), `crate::` /
 * `super::` / `self::` and paths through this file's own modules are internal and resolved to files,
 * and every out-of-line `mod x;` is an internal import of `x.rs` / `x/mod.rs` (or its `#[path]`).
 */
import { basename, dirname, join, resolve } from "node:path";
import type { Node } from "web-tree-sitter";
import { toRel } from "../../core/imports.js";
import type { FileContext, ImportRecord } from "../../core/types.js";
import { isFile } from "../../core/files.js";
import { readFileSync, statSync } from "node:fs";

/** Expand one `use` tree into plain paths; `as` renames, `::*` globs and `self` items are folded. */
export function expandUseTree(text: string): string[] {
  const src = text.replace(/\s+as\s+[A-Za-z_]\w*/g, "").replace(/\s+/g, "");
  const out: string[] = [];
  const walk = (prefix: string, s: string) => {
    const open = s.indexOf("{");
    if (open < 0) {
      let p = s.replace(/::\*$/, "").replace(/::self$/, "");
      p = p === "self" ? prefix.replace(/::$/, "") : prefix + p;
      if (p && p !== "*") out.push(p.replace(/^::/, ""));
      return;
    }
    const head = prefix + s.slice(0, open);
    const inner = s.slice(open + 1, s.lastIndexOf("}"));
    for (const part of splitTop(inner)) walk(head, part);
  };
  walk("", src);
  return [...new Set(out)];
}

function splitTop(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "{") depth++;
    if (ch === "}") depth--;
    if (ch === "," && depth === 0) {
      if (cur) parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) parts.push(cur);
  return parts;
}

interface ModuleDirs {
  /** Folder of this file's child modules (`src/a/` for `src/a.rs` and `src/a/mod.rs`). */
  self: string;
  /** The crate's source root (folder of lib.rs/main.rs), when found. */
  crate?: string;
  /**
   * A Rust 2015 crate's (Cargo.toml says no later `edition`) root modules, each with its `#[path]` when it has one:
   * there `use ser::Serializer;` in any file is the crate's `ser` module (2018 writes `crate::ser`).
   */
  rootMods?: Map<string, string | undefined>;
}

/** Per crate root file: its mtime and the 2015 root modules (undefined: a later edition). */
const rootModCache = new Map<string, { mtime: number; mods: Map<string, string | undefined> | undefined }>();

/** The top-level `mod x` of a 2015 crate's root file (and `#[path = "…"]` above one); undefined for a later edition. */
function rootModules(cargo: string, crate: string): Map<string, string | undefined> | undefined {
  const rootFile = [join(crate, "lib.rs"), join(crate, "main.rs")].find(isFile);
  if (!rootFile) return undefined;
  let mtime = 0;
  try {
    mtime = statSync(rootFile).mtimeMs + statSync(cargo).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = rootModCache.get(rootFile);
  if (cached?.mtime === mtime) return cached.mods;
  let mods: Map<string, string | undefined> | undefined;
  try {
    const manifest = readFileSync(cargo, "utf8");
    // (`edition.workspace = true`, `edition = { workspace = true }`: a workspace's, 2018 or later — inheriting came in 2022.)
    const edition = /^\s*edition\s*(?:\.\s*workspace\s*)?=\s*(?:["'](\d+)["']|(\S))/m.exec(manifest.split(/^\s*\[(?!package\])/m)[0] ?? "");
    if (!edition || edition[1] === "2015") {
      mods = new Map();
      const lines = readFileSync(rootFile, "utf8").split("\n");
      lines.forEach((line, i) => {
        const m = /^(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+([A-Za-z_]\w*)\s*[;{]/.exec(line);
        if (!m) return;
        let path: string | undefined;
        for (let k = i - 1; k >= 0 && k >= i - 4 && /^\s*#\[/.test(lines[k]!); k--) path ??= /^\s*#\[\s*path\s*=\s*"([^"]+)"\s*\]/.exec(lines[k]!)?.[1];
        mods!.set(m[1]!, path);
      });
    }
  } catch {
    mods = undefined;
  }
  rootModCache.set(rootFile, { mtime, mods });
  return mods;
}

function moduleDirs(ctx: FileContext): ModuleDirs {
  const dir = dirname(ctx.path);
  const name = basename(ctx.path, ".rs");
  const selfDir = ["mod", "lib", "main"].includes(name) ? dir : join(dir, name);
  let crate: string | undefined;
  let rootMods: ModuleDirs["rootMods"];
  for (let d = dir; ; d = dirname(d)) {
    if (isFile(join(d, "Cargo.toml"))) {
      crate = [join(d, "src"), d].find((s) => isFile(join(s, "lib.rs")) || isFile(join(s, "main.rs")));
      if (crate) rootMods = rootModules(join(d, "Cargo.toml"), crate);
      break;
    }
    if (isFile(join(d, "lib.rs")) && d !== dir) crate ??= d;
    if (d === ctx.root || dirname(d) === d) break;
  }
  if (!crate && (name === "lib" || name === "main")) crate = dir;
  return { self: selfDir, crate, rootMods };
}

/**
 * The file a module path resolves to: the longest prefix that names a module file, else the file of
 * the base module itself (`super::connect` names an item of the parent module's file).
 */
function resolvePath(base: string, segments: string[], ctx: FileContext): string | undefined {
  const f = resolveModule(base, segments, ctx);
  if (f) return f;
  for (const c of [join(base, "mod.rs"), `${base}.rs`, join(base, "lib.rs"), join(base, "main.rs")]) {
    if (isFile(c)) return toRel(ctx.root, c);
  }
  return undefined;
}

/** The file of `mod x;` (`x.rs` or `x/mod.rs`), or none: never the declaring file (a cfg-gated or generated module). */
function modFile(p: string, ctx: FileContext): string | undefined {
  for (const c of [`${p}.rs`, join(p, "mod.rs")]) if (isFile(c)) return toRel(ctx.root, c);
  return undefined;
}

/** `mod x;` declarations with the inline modules around them (`mod a { mod b; }` → a/b). */
function outOfLineMods(ctx: FileContext): { name: string; chain: string[]; path?: string; line: number }[] {
  const out: { name: string; chain: string[]; path?: string; line: number }[] = [];
  const visit = (list: Node, chain: string[]) => {
    for (const c of list.namedChildren) {
      if (c?.type !== "mod_item") continue;
      const name = c.childForFieldName("name")?.text;
      if (!name) continue;
      const body = c.childForFieldName("body");
      if (body) {
        visit(body, [...chain, name]);
        continue;
      }
      let path: string | undefined;
      for (let a = c.previousNamedSibling; a?.type === "attribute_item"; a = a.previousNamedSibling) {
        path ??= /^#\[\s*path\s*=\s*"([^"]+)"\s*\]$/.exec(a.text)?.[1];
      }
      out.push({ name, chain, path, line: c.startPosition.row + 1 });
    }
  };
  visit(ctx.tree.rootNode, []);
  return out;
}

/** Lines (1-based, first and last) of the inline modules, `mod tests { … }`, at any depth. */
function inlineModRanges(root: Node): [number, number][] {
  const out: [number, number][] = [];
  const visit = (list: Node) => {
    for (const c of list.namedChildren) {
      const body = c?.type === "mod_item" ? c.childForFieldName("body") : null;
      if (!c || !body) continue;
      out.push([c.startPosition.row + 1, c.endPosition.row + 1]);
      visit(body);
    }
  };
  visit(root);
  return out;
}

/** A 2015 path through a root module declared with `#[path = "private/mod.rs"]`: its submodules beside that file. */
function pushPathModule(out: ImportRecord[], path: string, line: number, file: string, rest: string[], ctx: FileContext): void {
  const dir = basename(file) === "mod.rs" ? dirname(file) : file.replace(/\.rs$/, "");
  const resolved = (rest.length ? resolveModule(dir, rest, ctx) : undefined) ?? (isFile(file) ? toRel(ctx.root, file) : undefined);
  out.push({ source: path, line, external: false, ...(resolved ? { resolved } : {}) });
}

/** The file of the longest prefix of `segments` that names a module file under `base`, if any. */
function resolveModule(base: string, segments: string[], ctx: FileContext): string | undefined {
  for (let n = segments.length; n >= 1; n--) {
    const f = modFile(join(base, ...segments.slice(0, n)), ctx);
    if (f) return f;
  }
  return undefined;
}

export function rustImports(records: ImportRecord[], ctx: FileContext): ImportRecord[] {
  const dirs = moduleDirs(ctx);
  const mods = outOfLineMods(ctx);
  const localMods = new Set<string>();
  for (const c of ctx.tree.rootNode.namedChildren) if (c?.type === "mod_item") localMods.add(c.childForFieldName("name")?.text ?? "");
  const inline = inlineModRanges(ctx.tree.rootNode);
  const out: ImportRecord[] = [];
  for (const rec of records) {
    // Inside `mod tests { … }` a `super::` is this file's module: its items, no file to import.
    const depth = inline.filter(([a, b]) => rec.line >= a && rec.line <= b).length;
    for (const path of expandUseTree(rec.source)) {
      const segs = path.split("::");
      const head = segs[0]!;
      let base: string | undefined;
      let rest = segs.slice(1);
      if (head === "crate") base = dirs.crate;
      else if (head === "self") base = dirs.self;
      else if (head === "super") {
        let ups = 1;
        while (rest[0] === "super") (ups++, (rest = rest.slice(1)));
        if (ups <= depth) continue;
        let d = dirs.self;
        for (let k = depth + 1; k < ups; k++) d = dirname(d);
        base = dirname(d);
      } else if (localMods.has(head)) {
        base = dirs.self;
        rest = segs;
      } else if (dirs.crate && dirs.rootMods?.has(head)) {
        // (Rust 2015: a path from the crate root, `use ser::Serializer;` in serde's ser/fmt.rs.)
        const at = dirs.rootMods.get(head);
        if (at) {
          pushPathModule(out, path, rec.line, resolve(dirs.crate, at), segs.slice(1), ctx);
          continue;
        }
        base = dirs.crate;
        rest = segs;
      }
      const internal = base !== undefined || ["crate", "self", "super"].includes(head);
      const resolved = base ? resolvePath(base, rest, ctx) : undefined;
      out.push({ source: path, line: rec.line, external: !internal, ...(resolved ? { resolved } : {}) });
    }
  }
  for (const m of mods) {
    const base = join(dirs.self, ...m.chain);
    const resolved = m.path
      ? (isFile(resolve(dirname(ctx.path), ...m.chain, m.path)) ? toRel(ctx.root, resolve(dirname(ctx.path), ...m.chain, m.path)) : undefined)
      : modFile(join(base, m.name), ctx);
    out.push({ source: `mod ${[...m.chain, m.name].join("::")}`, line: m.line, external: false, ...(resolved ? { resolved } : {}) });
  }
  return out.sort((a, b) => a.line - b.line);
}
