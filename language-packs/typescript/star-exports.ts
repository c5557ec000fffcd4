/**
 * The names an `export * from "./x"` hands on, listed as the file's own exported entries: a package's
 * index.ts of `export * from "./schemas.js"` lines had read "0 exported" and a warning to go and read
 * those files. When the specifier (relative or `#`) resolves to a project file, the names that file
 * exports — its own exported declarations, its export lists, its named re-exports, `export * as ns`, its
 * own `export *` modules, followed up to MAX_STAR_DEPTH modules deep (cycle-safe), reading at most
 * MAX_STAR_FILES files — are read by the text scan of export-scan.ts (no parse), each an entry of the
 * kind its declaration has, its range the `export *` statement's lines, its head that statement, as a
 * named re-export's is its specifier's. As ES modules resolve them: `export *` hands on no `default`;
 * a name the file itself exports wins over a star one; a name two stars hand on from different
 * declarations is ambiguous and exported by neither (said in a warning). Also tsc's and esbuild's
 * CommonJS `__exportStar(require("./x"), exports)` / `__reExport(…, require("./x"), …)`.
 *
 * What cannot be listed — a package (never read), a specifier no file answers, a file not scanned, a
 * module past the depth or the file cap — is said in a warning, naming it. A report's analysis only
 * (FileContext.lean: the project graph follows `export *` on its own, core/graph/parse-file.ts); the files
 * read are the analysis's inputs (a change to one lists again).
 */
import { dirname, join, relative } from "node:path";
import type { Node } from "web-tree-sitter";
import type { FileContext, ImportRecord, SymbolKind, SymbolRecord } from "../../core/types.js";
import { fileStamp } from "../../core/files.js";
import { unquote } from "../../core/imports.js";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip } from "../../core/text.js";
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";
import { callImports, isStarExport, resolveImports } from "./import-scan.js";
import { indexOf, MAX_SCAN_BYTES, scannedStamp, type FileIndex } from "./export-scan.js";
import { follow, originOf, pickKind } from "./reexport-kinds.js";

/** Files one report's listing reads at most (a barrel of barrels of 300 files stops there, said). */
export const MAX_STAR_FILES = 64;
const PACKAGE = "a package (never read)";
const NO_FILE = "no project file answers the specifier";
const CAPPED = `past the cap of ${MAX_STAR_FILES} files read`;
/** `export *` modules followed below the file's own at most. */
export const MAX_STAR_DEPTH = 8;

/** A name a module exports: its declaration's kinds, identity (file#name: two stars of one declaration agree) and place. */
interface Named {
  kinds: SymbolKind[];
  key: string;
  file?: string;
  /** Its name in `file`, when another (`export { a as b }`). */
  name?: string;
  line?: number;
  typeOnly?: boolean;
}
/** name → what it names; null: ambiguous (two `export *` modules hand on different declarations). */
type Table = Map<string, Named | null>;

/** One `export *` of the file: its specifier, lines, head, and where it resolves. */
interface Star {
  source: string;
  line: number;
  startLine: number;
  endLine: number;
  head: string;
  typeOnly: boolean;
  resolved?: string;
}

/** The star lines a report listed or said, per analysis: the imports tap marks their records (ImportRecord.reexportListed). */
const handled = new WeakMap<FileContext, Set<number>>();

class Listing {
  /** Files the star walk read (capped), and every file any lookup read (the analysis's inputs). */
  readonly starFiles = new Set<string>();
  readonly touched = new Set<string>();
  /** What could not be listed, by why: "a package, never read" → [`"lodash"`, `./a.ts: "pkg"`]. */
  readonly notes = new Map<string, string[]>();
  readonly memo = new Map<string, Table>();
  constructor(readonly ctx: FileContext) {}

  read = (file: string): FileIndex | null => {
    this.touched.add(file);
    return indexOf(file);
  };

  shown(file: string): string {
    const rel = relative(dirname(this.ctx.path), file).replaceAll("\\", "/");
    return rel.startsWith(".") ? rel : `./${rel}`;
  }

  note(file: string, what: string, why: string): void {
    const item = file === this.ctx.path ? what : `${this.shown(file)}: ${what}`;
    const items = this.notes.get(why) ?? this.notes.set(why, []).get(why)!;
    if (!items.includes(item)) items.push(item);
  }

  /** What `file` exports by name (its `export *` modules' names included), or undefined when it could not be read (noted). */
  tableOf(file: string, depth: number, stack: Set<string>): Table | undefined {
    const memo = this.memo.get(file);
    if (memo) return memo;
    this.starFiles.add(file);
    const idx = this.read(file);
    if (!idx) return void this.note(this.ctx.path, this.shown(file), `not scanned (unreadable, or over ${MAX_SCAN_BYTES >> 20} MB)`);
    const table: Table = new Map();
    for (const name of idx.own) table.set(name, { kinds: idx.decls.get(name)!, key: `${file}#${name}`, file, line: idx.lines.get(name) });
    for (const names of [idx.localAs.keys(), idx.reexports.keys(), idx.namespaces.keys(), idx.cjs?.keys() ?? []]) {
      for (const name of names) if (name !== "default" && !table.has(name)) table.set(name, this.named(file, idx, name));
    }
    let cyclic = false;
    const starred: Table = new Map();
    for (const star of idx.stars) {
      const target = this.target(file, star.from, depth);
      if (!target) continue;
      if (stack.has(target)) {
        cyclic = true; // (ES: a module already on the way adds nothing)
        continue;
      }
      stack.add(target);
      const sub = this.tableOf(target, depth + 1, stack);
      stack.delete(target);
      if (sub) merge(starred, sub, table, star.typeOnly);
    }
    for (const [name, n] of starred) table.set(name, n);
    if (!cyclic) this.memo.set(file, table);
    return table;
  }

  /** Where a star's specifier written in `file` leads, when it is to be followed; else undefined, noted why. */
  target(file: string, spec: string, depth: number): string | undefined {
    const target = follow(file, spec, this.ctx.root);
    if (!target) this.note(file, `"${spec}"`, /^[.#]/.test(spec) ? NO_FILE : PACKAGE);
    else if (depth >= MAX_STAR_DEPTH) this.note(file, `"${spec}"`, `past ${MAX_STAR_DEPTH} \`export *\` modules deep`);
    else if (!this.starFiles.has(target) && this.starFiles.size >= MAX_STAR_FILES) this.note(file, `"${spec}"`, CAPPED);
    else return target;
    return undefined;
  }

  /** A name `file` exports by an export list, a named re-export, a namespace or CommonJS: the declaration it stands for. */
  named(file: string, idx: FileIndex, name: string): Named {
    const o = originOf(file, name, this.ctx.root, new Set(), this.read);
    if (o) return { kinds: o.kinds, key: `${o.file}#${o.name}`, file: o.file, line: o.line, ...(o.name !== name && o.name !== "*" ? { name: o.name } : {}) };
    // (Not found so — a package's name, a local the scan missed: its own identity, a binding.)
    const re = idx.reexports.get(name);
    const pkg = re && !/^[.#]/.test(re.from);
    return { kinds: ["constant"], key: pkg ? `${re!.from}#${re!.name}` : `${file}#${name}` };
  }
}

/** A star module's names into `starred`: not `default`, not one the module exports itself; two different declarations of a name: ambiguous. */
function merge(starred: Table, sub: Table, own: { has(name: string): boolean }, typeOnly: boolean): void {
  for (const [name, n] of sub) {
    if (name === "default" || own.has(name)) continue;
    const as = n && typeOnly ? { ...n, typeOnly } : n;
    if (!starred.has(name)) starred.set(name, as);
    else {
      const prev = starred.get(name);
      if (prev && (!n || prev.key !== n.key)) starred.set(name, null);
    }
  }
}

/** A CommonJS whole-module re-export's call (not esbuild's `__export(x_exports, {…})` getter map, in most of its bundles). */
const CJS_STAR = /__exportStar\(|__reExport\(|__export\(\s*require\(/;

/** The file's own `export *` statements (top level) and CommonJS whole-module re-exports. */
function starsOf(ctx: FileContext): Star[] {
  const out: Star[] = [];
  for (let s: Node | null = ctx.tree.rootNode.firstNamedChild; s; s = s.nextNamedSibling) {
    if (!isStarExport(s)) continue;
    const source = s.childForFieldName("source");
    const spec = source?.type === "string" ? unquote(ctx.text(source)) : "";
    if (!spec) continue;
    const head = ctx.text(s).replace(/\s+/g, " ").replace(/;$/, "");
    out.push({ source: spec, line: source!.startPosition.row + 1, startLine: s.startPosition.row + 1, endLine: s.endPosition.row + 1, head, typeOnly: /^export\s+type\b/.test(head) });
  }
  if (CJS_STAR.test(ctx.source)) {
    for (const i of callImports(ctx)) {
      if (!i.reexportAll) continue;
      const text = (ctx.lines[i.line - 1] ?? "").trim().replace(/;$/, "");
      out.push({ source: i.source, line: i.line, startLine: i.line, endLine: i.line, head: text, typeOnly: false });
    }
  }
  return out;
}

/**
 * The file's top-level records with the names its `export *` modules hand on added as exported entries
 * (each after the records above its statement), and a warning for what could not be listed.
 */
export function withStarExports(ctx: FileContext, top: SymbolRecord[]): SymbolRecord[] {
  if (ctx.lean || !(/\bexport\s+(?:type\s+)?\*/.test(ctx.source) || CJS_STAR.test(ctx.source))) return top;
  const stars = starsOf(ctx);
  if (!stars.length) return top;
  const records: ImportRecord[] = stars.map((s) => ({ source: s.source, line: s.line, external: !/^[./]/.test(s.source) }));
  resolveImports(records, ctx);
  const listing = new Listing(ctx);
  // (ES: a name the file exports itself — a declaration, its export lists, a named re-export — wins over a star one.)
  const own = new Set<string>(["default"]);
  for (const r of top) if (r.exported) for (const n of [r.name, ...(r.exportedAs ?? [])]) own.add(n);
  const starred: Table = new Map();
  const from = new Map<string, Star>();
  const by = new Map<string, Map<string, Star>>(); // (a name's declarations' stars, for an ambiguity's warning)
  stars.forEach((star, k) => {
    const { resolved, external } = records[k]!;
    if (!resolved) return listing.note(ctx.path, `"${star.source}"`, external ? PACKAGE : NO_FILE);
    const target = join(ctx.root, resolved);
    if (!listing.starFiles.has(target) && listing.starFiles.size >= MAX_STAR_FILES) return listing.note(ctx.path, `"${star.source}"`, CAPPED);
    const table = listing.tableOf(target, 1, new Set([ctx.path, target]));
    if (!table) return;
    for (const [name, n] of table) {
      // (The first star each declaration of a name comes through: those an ambiguity names.)
      const seen = own.has(name) ? undefined : (by.get(name) ?? by.set(name, new Map()).get(name)!);
      if (seen && !seen.has(n?.key ?? `?${star.line}`)) seen.set(n?.key ?? `?${star.line}`, star);
    }
    const before = new Set(starred.keys());
    merge(starred, table, own, star.typeOnly);
    for (const name of starred.keys()) if (!before.has(name)) from.set(name, star);
  });
  handled.set(ctx, new Set(stars.map((s) => s.line)));
  const added = new Map<Star, SymbolRecord[]>();
  const shown = new Map<string, string>();
  const rel = (file: string) => shown.get(file) ?? shown.set(file, relative(ctx.root, file).replaceAll("\\", "/")).get(file)!;
  const ambiguous: string[] = [];
  for (const [name, n] of starred) {
    if (!n) {
      ambiguous.push(`${name} (${[...new Set([...by.get(name)!.values()].map((s) => `"${s.source}"`))].join(", ")})`);
      continue;
    }
    const star = from.get(name)!;
    const r: SymbolRecord = {
      name,
      kind: pickKind(n.kinds, !!n.typeOnly) ?? "constant",
      startLine: star.startLine,
      endLine: star.endLine,
      exported: true,
      signature: clip(star.head, MAX_SIGNATURE),
      members: [],
      reexport: true,
      props: { "star-export": "true" },
    };
    if (n.file && n.file !== ctx.path) r.origin = { file: rel(n.file), ...(n.line ? { line: n.line } : {}), ...(n.name && n.name !== name ? { name: n.name } : {}) };
    (added.get(star) ?? added.set(star, []).get(star)!).push(r);
  }
  if (listing.notes.size) {
    const why = [...listing.notes].map(([reason, items]) => `${reason}: ${list(items, ", ")}`).join("; ");
    const one = [...listing.notes.values()].flat().length === 1;
    ctx.warnings.push(`\`export *\` modules whose names are not listed here nor counted as exported — ${why}: read ${one ? "that module" : "those modules"} for them`);
  }
  if (ambiguous.length) ctx.warnings.push(`${ambiguous.length} name${ambiguous.length === 1 ? "" : "s"} two \`export *\` modules hand on from different declarations ${ambiguous.length === 1 ? "is" : "are"} ambiguous, so not exported (ES modules; TypeScript errors on importing one): ${list(ambiguous)}`);
  // (The version each scan read — a scan is trusted for a second unchecked — so a later report sees a change it missed.)
  for (const f of listing.touched) (ctx.inputs ??= []).push({ path: f, stamp: scannedStamp(f) ?? fileStamp(f) });
  let out = top;
  for (const [star, rs] of added) {
    const at = out.findIndex((r) => r.startLine > star.startLine);
    out = at < 0 ? [...out, ...rs] : [...out.slice(0, at), ...rs, ...out.slice(at)];
  }
  return out;
}

/** Up to six items, then how many in all. */
function list(items: string[], sep = "; "): string {
  return items.length > 6 ? `${items.slice(0, 6).join(sep)}${sep}… (${items.length} in all)` : items.join(sep);
}

/** The import records of `export *` statements this file's report listed (or said why not): the core adds no warning of its own for them. */
export function markListedStars(ctx: FileContext, imports: ImportRecord[]): void {
  const lines = handled.get(ctx);
  if (!lines) return;
  handled.delete(ctx);
  for (const i of imports) if (i.reexportAll && lines.has(i.line)) i.reexportListed = true;
}

/** An `export *` entry takes no doc: a comment above the statement is about the statement, not each name it hands on. */
export function tapStarDocs(hooks: Hooks, id: string): void {
  hooks.doc.for(id).tap({ name: "pack:typescript:star-export-doc", stage: STAGE.CORE - 1 }, (doc, r) => (r.props?.["star-export"] ? "" : doc));
}
