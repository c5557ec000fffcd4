/**
 * The kind of what a re-export names (`export { Feathers } from "./application"`, `import { Store }
 * from "./store"; export { Store }`): a barrel's entries had all read `constant`, whatever they were —
 * 3,498 of them in 524 files of one npm corpus, most of them classes, interfaces and functions.
 *
 * When the specifier resolves to a file of the project (the imports tap resolves them), that file's
 * text is scanned once — no parse: a pass of line-anchored patterns for its top-level declarations,
 * its `export { a as b }` lists, `export … from`, `export * from` and named imports (export-scan.ts) — and the name is
 * followed through re-exports up to a few files deep. A name not found that way keeps `constant` (or
 * `type`), the documented kind of a module binding; an external package is never read.
 */
import { dirname, join, resolve } from "node:path";
import type { FileContext, ImportRecord, SymbolRecord, SymbolKind } from "../../core/types.js";
import { resolveAt } from "../../core/imports.js";
import { candidates, jsCandidates } from "./import-scan.js";
import { indexOf, type FileIndex } from "./export-scan.js";
import { conditionsFor, packageScope, resolveSubpath } from "./subpath-imports.js";

/** Per file analysed: its re-export records, each with the (unquoted) specifier and the name it has there. */
const pending = new WeakMap<FileContext, { r: SymbolRecord; from: string; name: string }[]>();

/** Remember a re-export record for reexportKinds (called where the record is made). */
export function noteReexport(ctx: FileContext, r: SymbolRecord, from: string, name: string): void {
  if (!from.startsWith(".") && !from.startsWith("#")) return; // (a package's own module: never read)
  let list = pending.get(ctx);
  if (!list) pending.set(ctx, (list = []));
  list.push({ r, from, name });
}

/** Give each noted re-export the kind of the declaration it names, where the project file says it. */
export function reexportKinds(ctx: FileContext, imports: ImportRecord[]): void {
  const list = pending.get(ctx);
  if (!list) return;
  pending.delete(ctx);
  const resolved = new Map<string, string>();
  for (const i of imports) if (i.resolved && !resolved.has(i.source)) resolved.set(i.source, i.resolved);
  for (const { r, from, name } of list) {
    const rel = resolved.get(from);
    const typeOnly = r.kind === "type";
    const kind = rel && name !== "*" ? kindIn(join(ctx.root, rel), name, typeOnly, ctx.root, new Set()) : undefined;
    // (A type-only re-export of a value says the value's type: `type` stays.)
    if (kind && (!typeOnly || TYPE_KINDS.has(kind))) r.kind = kind;
  }
}

const TYPE_KINDS = new Set<SymbolKind>(["class", "interface", "type", "enum", "namespace", "module"]);
/** Files followed for one name (re-export chains, `export *` fan-out). */
const MAX_FILES = 24;

function kindIn(file: string, name: string, typeOnly: boolean, root: string, seen: Set<string>): SymbolKind | undefined {
  const o = originOf(file, name, root, seen);
  return o && pickKind(o.kinds, typeOnly);
}

/** Of the kinds a name is declared with, the one a re-export carries: a type's for a type-only one, else the value's. */
export function pickKind(kinds: SymbolKind[], typeOnly: boolean): SymbolKind | undefined {
  return kinds.find((k) => TYPE_KINDS.has(k) === typeOnly) ?? kinds[0];
}

/** Where a name a project file exports is declared: the file, its name there, its kinds and line (first declaration). */
export interface Origin {
  file: string;
  name: string;
  kinds: SymbolKind[];
  line?: number;
}

/**
 * The declaration `name` (as `file` exports it) stands for, followed through the file's re-exports, the
 * imports it hands on and its `export *` modules, up to MAX_FILES files (`seen`). Undefined: not found so.
 */
export function originOf(file: string, name: string, root: string, seen: Set<string>, index: (file: string) => FileIndex | null = indexOf): Origin | undefined {
  if (seen.has(file) || seen.size >= MAX_FILES) return undefined;
  seen.add(file);
  const idx = index(file);
  if (!idx) return undefined;
  if (name === "default" && idx.defaultKind) return { file, name, kinds: [idx.defaultKind] };
  const local = idx.localAs.get(name) ?? (name === "default" ? idx.defaultAs : name);
  if (!local) return undefined;
  // (A name declared as a type and as a value, `type LogLevel` and `const LogLevel`: the meaning the re-export carries.)
  const own = idx.decls.get(local);
  if (own) return { file, name: local, kinds: own, line: idx.lines.get(local) };
  const ns = idx.namespaces.get(name);
  if (ns) return { file: follow(file, ns, root) ?? `${file}\0${ns}`, name: "*", kinds: ["namespace"] };
  const cjs = idx.cjs?.get(name);
  if (cjs?.kind) return { file, name, kinds: [cjs.kind], line: cjs.line };
  const next = idx.reexports.get(name) ?? idx.imports.get(local);
  if (next) {
    const at = follow(file, next.from, root);
    const found = at ? originOf(at, next.name, root, seen, index) : undefined;
    if (found) return found;
  }
  if (cjs) return { file, name, kinds: ["constant"], line: cjs.line };
  if (name === "default") return undefined; // (`export *` hands on no default)
  for (const star of idx.stars) {
    const at = follow(file, star.from, root);
    const found = at ? originOf(at, name, root, seen, index) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Where `spec`, written in `file`, leads: a project file (absolute), or undefined (a package, no such file). */
export function follow(file: string, spec: string, root: string): string | undefined {
  const cands = /\.[mc]?jsx?$/.test(file) ? jsCandidates : candidates;
  let rel: string | undefined;
  if (spec.startsWith(".")) rel = resolveAt(root, resolve(dirname(file), spec), cands);
  else if (spec.startsWith("#")) {
    // (A package's own `#` subpath import, through its package.json's "imports": subpath-imports.ts.)
    const scope = packageScope(dirname(file), root);
    const r = scope && resolveSubpath(spec, scope, conditionsFor(file, cands === candidates, scope), (abs) => resolveAt(root, abs, cands));
    rel = r && !r.external ? r.resolved : undefined;
  }
  return rel === undefined ? undefined : join(root, rel);
}

