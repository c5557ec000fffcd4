/**
 * The `macro_rules!` another file of the crate writes that a file's item-level calls name: winapi's
 * `DEFINE_GUID!`, `FN!`, `DECLARE_HANDLE!` live in src/macros.rs (`#[macro_use] mod macros;` in lib.rs) and
 * are called in hundreds of its files, whose constants and types had been in no outline. Rust scopes such a
 * macro textually: a module sees the macros its parent modules define, and those of a `#[macro_use] mod x;`
 * they declare. So the files read are the module chain from the file up to the crate root — its parent
 * module file (`a/mod.rs` or `a.rs` for `a/b.rs`), that one's, …, `lib.rs`/`main.rs` — each for its own
 * `macro_rules!` and for those of the modules it (or the file itself) declares `#[macro_use]` (one level
 * further down too: petgraph's `#[macro_use] pub mod visit;` holding `#[macro_use] mod macros;`). Nearest
 * first; a name's first definition in a file wins. Not followed: the order of a definition and the `mod`
 * declarations (a macro defined below a module is taken as visible in it), `#[macro_export]`ed macros of a
 * file outside that chain, and other crates' macros — their calls stay in the file's warning.
 *
 * Cost: nothing for a file whose item-level calls all name its own macros. Otherwise each file of the
 * chain is stat'ed, and read once per version of it (mtime and size) for its `#[macro_use] mod` lines and
 * its `macro_rules!` — only the definitions of a name called are parsed, once, the tree kept while the
 * file is unchanged. The outline of a file thus depends on those files: they are its FileContext.inputs, so the
 * Lens's analysis cache (a long-lived host's) reads it again when one changes. The project graph does not
 * know it (an edit of macros.rs alone leaves the graph's entries of the files calling its macros as they
 * were until they change).
 */
import { readFileSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";
import type { Tree } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { parse } from "../../core/runtime.js";
import { fileStamp } from "../../core/files.js";
import { chooseParentMemo } from "../../core/parents.js";
import { definitions, type Rule } from "./macro-expansions.js";

interface Source {
  stamp: string;
  /** The files of the modules it declares `#[macro_use]`. */
  macroUse: string[];
  /** Its `macro_rules!` definitions' text by name (a name defined twice — under `#[cfg]` — once per definition). */
  texts: Map<string, string>;
  /** A name's rules, parsed on first use (only that name's definitions: winapi's macros.rs holds 35). */
  defs: Map<string, Rule[] | undefined>;
  trees: Tree[];
}

/** Larger files are not read for macros. */
const MAX_BYTES = 2 << 20;
const MAX_CACHED = 64;
/** Module files up the chain, at most. */
const MAX_DEPTH = 12;
const cache = new Map<string, Source | null>();

function stampOf(path: string): string | undefined {
  const stamp = fileStamp(path);
  return stamp && Number(stamp.slice(stamp.indexOf(":") + 1)) <= MAX_BYTES ? stamp : undefined;
}

/** The module file whose module folder is `dir` (`dir/mod.rs`, `dir/lib.rs`, `dir/main.rs`, or `dir.rs`). */
function moduleFileOf(dir: string): string | undefined {
  return [join(dir, "mod.rs"), join(dir, "lib.rs"), join(dir, "main.rs"), `${dir}.rs`].find((p) => stampOf(p) !== undefined);
}

/** The folder a module file's child modules are in (`src/` for lib.rs, `src/a/` for `src/a.rs`). */
function childDir(file: string): string {
  const stem = basename(file, ".rs");
  return ["mod", "lib", "main"].includes(stem) ? dirname(file) : join(dirname(file), stem);
}

const isRoot = (file: string) => /^(?:lib|main)\.rs$/.test(basename(file));

/** The `#[macro_use] mod x;` targets of `text` (a file at `file`), `#[path]` followed. */
function macroUseMods(text: string, file: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/#\[\s*macro_use\s*\]((?:\s*(?:#\[[^\]\n]*\]|\/\/[^\n]*))*)\s*(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+([A-Za-z_]\w*)\s*;/g)) {
    const path = /#\[\s*path\s*=\s*"([^"]+)"\s*\]/.exec(m[1]!)?.[1];
    const dir = childDir(file);
    const target = path ? join(isRoot(file) || basename(file) === "mod.rs" ? dirname(file) : dir, path) : [join(dir, `${m[2]}.rs`), join(dir, m[2]!, "mod.rs")].find((p) => stampOf(p) !== undefined);
    if (target) out.push(target);
  }
  return out;
}

/** The text of each `macro_rules! name { … }` of `src` by name, a name's definitions joined: what is parsed for it. */
function macroRulesTexts(src: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /macro_rules!\s*([A-Za-z_]\w*)\s*([{([])/g;
  for (let m; (m = re.exec(src)); ) {
    const open = m.index + m[0].length - 1;
    const close = matching(src, open);
    if (close < 0) continue;
    const text = src.slice(m.index, close + 1) + (m[2] === "{" ? "" : ";");
    out.set(m[1]!, out.has(m[1]!) ? `${out.get(m[1]!)}\n${text}` : text);
    re.lastIndex = close + 1;
  }
  return out;
}

/** The index of the bracket closing the one at `open` (strings, chars and comments skipped), or -1. */
function matching(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (c === "/" && src[i + 1] === "/") i = src.indexOf("\n", i) < 0 ? src.length : src.indexOf("\n", i);
    else if (c === "/" && src[i + 1] === "*") i = src.indexOf("*/", i + 2) < 0 ? src.length : src.indexOf("*/", i + 2) + 1;
    else if (c === '"') for (i++; i < src.length && src[i] !== '"'; i++) i += src[i] === "\\" ? 1 : 0;
    else if (c === "'") {
      if (src[i + 1] === "\\") i = Math.max(i, src.indexOf("'", i + 2));
      else if (src[i + 2] === "'") i += 2;
    } else if (c === "{" || c === "(" || c === "[") depth++;
    else if ((c === "}" || c === ")" || c === "]") && --depth === 0) return i;
  }
  return -1;
}

/** A file read for its macros, once per version of it; null when it cannot be read. */
function sourceOf(file: string): Source | null {
  const stamp = stampOf(file);
  const hit = cache.get(file);
  if (hit !== undefined && (hit === null ? stamp === undefined : hit.stamp === stamp)) return hit;
  for (const t of hit?.trees ?? []) t.delete();
  let src: Source | null = null;
  if (stamp !== undefined) {
    try {
      const text = readFileSync(file, "utf8");
      const texts = text.includes("macro_rules") ? macroRulesTexts(text) : new Map<string, string>();
      src = { stamp, macroUse: text.includes("macro_use") ? macroUseMods(text, file) : [], texts, defs: new Map(), trees: [] };
    } catch {
      src = null;
    }
  }
  if (cache.size >= MAX_CACHED) {
    for (const s of cache.values()) for (const t of s?.trees ?? []) t.delete();
    cache.clear();
  }
  cache.set(file, src);
  return src;
}

/** A name's rules in a source, its definitions parsed on first use (the file being analysed keeps its parent memo). */
function rulesOf(src: Source, name: string, ctx: FileContext): Rule[] | undefined {
  if (src.defs.has(name)) return src.defs.get(name);
  const text = src.texts.get(name)!;
  let rules: Rule[] | undefined;
  try {
    const tree = parse(ctx.tree.language, text);
    src.trees.push(tree);
    rules = definitions(tree.rootNode, (n) => text.slice(n.startIndex, n.endIndex)).get(name);
  } catch {
    rules = undefined;
  } finally {
    chooseParentMemo(ctx.source);
  }
  src.defs.set(name, rules);
  return rules;
}

/** The files whose macros `ctx`'s file sees, nearest first (the file itself left out: its own are read already). */
export function macroFiles(ctx: FileContext): string[] {
  const out: string[] = [];
  // (depth 0: a module file of the chain; 1: a `#[macro_use]` module of one; 2: one of that one's.)
  // (Inside the project root only: a root set inside a crate reads nothing above it.)
  const inRoot = (f: string) => f.startsWith(ctx.root.endsWith(sep) ? ctx.root : ctx.root + sep);
  const add = (f: string, depth: number) => {
    if (out.includes(f) || f === ctx.path || !inRoot(f)) return;
    out.push(f);
    (ctx.inputs ??= []).push({ path: f, stamp: fileStamp(f) });
    if (depth < 2) for (const m of sourceOf(f)?.macroUse ?? []) add(m, depth + 1);
  };
  for (const m of sourceOf(ctx.path)?.macroUse ?? []) add(m, 1);
  let file = ctx.path;
  for (let k = 0; k < MAX_DEPTH && !isRoot(file); k++) {
    const dir = basename(file) === "mod.rs" ? dirname(dirname(file)) : dirname(file);
    const parent = moduleFileOf(dir);
    if (!parent || parent === file || !inRoot(parent)) break;
    add(parent, 0);
    file = parent;
  }
  return out;
}

/** The rules of `name`'s macro as the nearest file of the chain defines it, or undefined. */
export function macroElsewhere(name: string, ctx: FileContext, files: string[]): Rule[] | undefined {
  for (const f of files) {
    const src = sourceOf(f);
    const rules = src?.texts.has(name) ? rulesOf(src, name, ctx) : undefined;
    if (rules) return rules;
  }
  return undefined;
}
