/**
 * A Rust path's module (`de::Error`, `fmt::Error`, `std::io::Error`): collect.ts keeps the segment before the
 * name and the path's first segment (FileEntry.gt `@%de`, `@%std/io`), and link.ts asks here which file's
 * definition the path names. serde's `private/de.rs` writes `de::Error` 106 times: the name had gone to the
 * first imported file exporting an `Error` (de/value.rs's struct), and `fmt::Error` (core's) to a project
 * `Error`. A module an import of the file reaches (`use de::{self, …}`, `mod fmt;`) is that file's; a path
 * through the standard library (`std::`, `core::`, `alloc::`, or a std module heading it — `fmt::`, `io::` —
 * that neither the file nor a file it imports declares) is another crate's: no project definition.
 */
import type { GraphModel } from "./model.js";
import type { FileEntry } from "./types.js";

/** The standard library's crates and modules, as a path's first segment (`fmt::Error`, `io::Result`). */
const STD_ROOTS = new Set(["std", "core", "alloc"]);
const STD_MODULES = new Set([
  "any", "array", "ascii", "borrow", "boxed", "cell", "char", "cmp", "collections", "convert", "env", "error",
  "ffi", "fmt", "fs", "future", "hash", "hint", "io", "iter", "marker", "mem", "net", "num", "ops", "option",
  "os", "panic", "path", "pin", "process", "ptr", "rc", "result", "slice", "str", "string", "sync", "task",
  "thread", "time", "vec",
]);

/**
 * collect.ts: the qualifier a name after `::` gets — `%seg` when the segment before it heads the path,
 * `%root/seg` when the path starts further left (`std::io::Error`: `%std/io`); none for a capitalized
 * segment (a type's member: qualified.ts) or `self`/`Self` heads of another shape.
 */
export function rustPathQualifier(src: string, w: number, end: number): string | undefined {
  const seg = src.slice(w, end);
  if (!/^[a-z_][a-z0-9_]*$/.test(seg)) return undefined;
  let r = w;
  while (src[r - 1] === ":" && src[r - 2] === ":") {
    let s = r - 2;
    while (s > 0 && /\w/.test(src[s - 1]!)) s--;
    if (s === r - 2) break;
    r = s;
  }
  const root = src.slice(r, /\w*/.exec(src.slice(r))![0].length + r);
  return r === w ? `%${seg}` : `%${root}/${seg}`;
}

/** `src/de/mod.rs` → `de`, `src/de.rs` → `de`, `lib.rs` → `lib`. */
function moduleName(rel: string): string {
  const m = /(?:^|\/)([^/]+)\/mod\.rs$/.exec(rel) ?? /(?:^|\/)([^/]+)\.rs$/.exec(rel);
  return m ? m[1]! : "";
}

/**
 * The definition a Rust path names (`[file, def index]`), null when it is another crate's (the standard
 * library's), undefined when this cannot tell (the name is resolved as before).
 */
export function rustPathTarget(g: GraphModel, rel: string, e: FileEntry, q: string | undefined, name: string): [string, number] | null | undefined {
  if (!q?.startsWith("@%")) return undefined;
  const [root, seg] = q.includes("/") ? (q.slice(2).split("/") as [string, string]) : [q.slice(2), q.slice(2)];
  if (STD_ROOTS.has(root)) return null;
  const files = seg === "self" && root === seg ? [rel] : e.i.filter((f) => f.endsWith(".rs") && moduleName(f) === seg);
  for (const f of files) {
    const idx = g.exportsOf.get(f)?.get(name);
    if (idx !== undefined) return [f, idx];
  }
  if (files.length || root !== seg || !STD_MODULES.has(seg)) return undefined;
  // (A module of that name the file declares itself, `mod fmt { … }`, is the project's; so may be one a file it
  // imports declares — syn's `error::new2` in ty.rs, through `use super::*` of lib.rs's `mod error;`.)
  if (e.d.some((d) => d[0] === seg && d[2] === "module")) return undefined;
  // (Not this file itself: in serde's ser/fmt.rs, which ser/mod.rs declares, `fmt::Error` is core's.)
  return e.i.some((f) => g.files.get(f)?.i.some((m) => m !== rel && m.endsWith(".rs") && moduleName(m) === seg)) ? undefined : null;
}
