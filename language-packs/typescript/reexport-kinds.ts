/**
 * The kind of what a re-export names (`export { Feathers } from "./application"`, `import { Store }
 * from "./store"; export { Store }`): a barrel's entries had all read `constant`, whatever they were —
 * 3,498 of them in 524 files of one npm corpus, most of them classes, interfaces and functions.
 *
 * When the specifier resolves to a file of the project (the imports tap resolves them), that file's
 * text is scanned once — no parse: a pass of line-anchored patterns for its top-level declarations,
 * its `export { a as b }` lists, `export … from`, `export * from` and named imports — and the name is
 * followed through re-exports up to a few files deep. A name not found that way keeps `constant` (or
 * `type`), the documented kind of a module binding; an external package is never read.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { FileContext, ImportRecord, SymbolRecord, SymbolKind } from "../../core/types.js";
import { fileChecksEpoch, resolveAt } from "../../core/imports.js";
import { FUNCTION_WRAPPERS } from "./bindings.js";
import { candidates, jsCandidates } from "./import-scan.js";

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
  if (seen.has(file) || seen.size >= MAX_FILES) return undefined;
  seen.add(file);
  const idx = indexOf(file);
  if (!idx) return undefined;
  const local = idx.localAs.get(name) ?? (name === "default" ? idx.defaultAs : name);
  if (name === "default" && idx.defaultKind) return idx.defaultKind;
  if (!local) return undefined;
  // (A name declared as a type and as a value, `type LogLevel` and `const LogLevel`: the meaning the re-export carries.)
  const own = idx.decls.get(local);
  if (own) return own.find((k) => TYPE_KINDS.has(k) === typeOnly) ?? own[0];
  const next = idx.reexports.get(name) ?? idx.imports.get(local);
  if (next) {
    const at = follow(file, next.from, root);
    const kind = at ? kindIn(at, next.name, typeOnly, root, seen) : undefined;
    if (kind) return kind;
  }
  if (name === "default") return undefined; // (`export *` hands on no default)
  for (const star of idx.stars) {
    const at = follow(file, star, root);
    const kind = at ? kindIn(at, name, typeOnly, root, seen) : undefined;
    if (kind) return kind;
  }
  return undefined;
}

function follow(file: string, spec: string, root: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const rel = resolveAt(root, resolve(dirname(file), spec), /\.[mc]?jsx?$/.test(file) ? jsCandidates : candidates);
  return rel === undefined ? undefined : join(root, rel);
}

interface FileIndex {
  /** Top-level declarations (column 0, exported or not): name → kinds, in source order. */
  decls: Map<string, SymbolKind[]>;
  /** `export default class X`/`function`: its kind; `export default X`: X. */
  defaultKind?: SymbolKind;
  defaultAs?: string;
  /** `export { a as b }` (no source): b → a. */
  localAs: Map<string, string>;
  /** `export { a as b } from "x"`: b → { x, a }. */
  reexports: Map<string, { from: string; name: string }>;
  /** `import { a as b } from "x"`: b → { x, a }. */
  imports: Map<string, { from: string; name: string }>;
  stars: string[];
}

const cache = new Map<string, { stamp: string; epoch: number; idx: FileIndex | null }>();
/** Larger files are not scanned (a bundle's declarations are in its own report). */
const MAX_BYTES = 4 << 20;

function indexOf(file: string): FileIndex | null {
  const hit = cache.get(file);
  // (Checked once while the import resolver's file checks hold: a batch follows the same barrels from
  // file after file, and a stat per step was half the cost of this pass.)
  const epoch = fileChecksEpoch();
  if (hit?.epoch === epoch) return hit.idx;
  let stamp: string;
  try {
    const st = statSync(file);
    if (!st.isFile() || st.size > MAX_BYTES) return null;
    stamp = `${st.mtimeMs}:${st.size}`;
  } catch {
    return null;
  }
  if (hit?.stamp === stamp) {
    hit.epoch = epoch;
    return hit.idx;
  }
  let idx: FileIndex | null = null;
  try {
    idx = scan(readFileSync(file, "utf8"));
  } catch {
    idx = null;
  }
  if (cache.size > 2000) cache.clear();
  cache.set(file, { stamp, epoch, idx });
  return idx;
}

// Each pattern is tried at the start of a line (sticky), and only of a line whose first letter can
// begin one: a pass per pattern over the whole text cost 4× as much, on a batch whose barrels lead into
// 2 MB of declarations (zod's and openai's 100–200 KB files).
const DECL = /(?:export[ \t]+)?(?:declare[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?(?:async[ \t]+)?(class|interface|type|enum|const[ \t]+enum|function[ \t]*\*?|namespace|module|const|let|var)[ \t]+([\w$]+)([^\n]{0,80})/y;
const EXPORT_LIST = /export[ \t]+(?:type[ \t]+)?\{([^}]*)\}[ \t]*(?:from[ \t]*(["'])([^"'\n]+)\2)?/y;
const DEFAULT = /export[ \t]+default[ \t]+(?:(?:abstract[ \t]+)?(?:async[ \t]+)?(class|function)\b|([\w$]+)[ \t]*;?[ \t]*$)/my;
const STAR = /export[ \t]+\*[ \t]+from[ \t]*(["'])([^"'\n]+)\1/y;
const IMPORT = /import[ \t]+(?:type[ \t]+)?\{([^}]*)\}[ \t]*from[ \t]*(["'])([^"'\n]+)\2/y;
/** The first letters of the words a line the patterns match starts with (export, declare, class, …). */
const FIRST = new Set([..."acdefilmntv"].map((c) => c.charCodeAt(0)));
/** A binding's value that is a function: `= async (`, `= function`, `= <T>(`, `= x =>`, `= memo((`. */
const FUNCTION_VALUE = /^\s*(?::[^=]*)?=\s*(?:async\b\s*)?(?:function\b|\(|<[^>]*>\s*\(|[\w$]+\s*=>)/;
const WRAPPED = /^\s*(?::[^=]*)?=\s*(?:[\w$]+\.)?([\w$]+)\(\s*(?:async\b\s*)?(?:function\b|\()/;
const CLASS_VALUE = /^\s*(?::[^=]*)?=\s*class\b/;

function at(re: RegExp, text: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(text);
}

function scan(text: string): FileIndex {
  const idx: FileIndex = { decls: new Map(), localAs: new Map(), reexports: new Map(), imports: new Map(), stars: [] };
  let sawDefault = false;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 105 /* i */ && text.startsWith("import", i)) {
      const m = at(IMPORT, text, i);
      if (m) for (const [a, b] of specs(m[1]!)) idx.imports.set(b, { from: m[3]!, name: a });
    } else if (FIRST.has(c)) {
      if (c === 101 /* e */ && text.startsWith("export", i)) {
        exportLine(idx, text, i);
        if (!sawDefault) sawDefault = defaultAt(idx, text, i);
      }
      const m = at(DECL, text, i);
      if (m) {
        const [, word, name, rest] = m as unknown as [string, string, string, string];
        const kind = kindOf(word, rest);
        const known = idx.decls.get(name);
        if (!known) idx.decls.set(name, [kind]);
        else if (!known.includes(kind)) known.push(kind);
      }
    }
    const nl = text.indexOf("\n", i);
    if (nl < 0) break;
    i = nl + 1;
  }
  return idx;
}

/** `export default class X`/`function`/`X` at `i`: whether it is one (the file's first one counts). */
function defaultAt(idx: FileIndex, text: string, i: number): boolean {
  const d = at(DEFAULT, text, i);
  if (d?.[1]) idx.defaultKind = d[1] === "class" ? "class" : "function";
  else if (d?.[2]) idx.defaultAs = d[2];
  return !!d;
}

/** `export { a as b } [from "x"]` and `export * from "x"` at `i`. */
function exportLine(idx: FileIndex, text: string, i: number): void {
  const list = at(EXPORT_LIST, text, i);
  if (list) {
    for (const [a, b] of specs(list[1]!)) {
      if (list[3]) idx.reexports.set(b, { from: list[3], name: a });
      else if (a !== b) idx.localAs.set(b, a);
    }
  }
  const star = at(STAR, text, i);
  if (star) idx.stars.push(star[2]!);
}

/** `a, type B as C, default as D` → [a, a], [B, C], [default, D]. */
function specs(list: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of list.split(",")) {
    const m = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ""));
    if (m) out.push([m[1]!, m[2] ?? m[1]!]);
  }
  return out;
}

function kindOf(word: string, rest: string): SymbolKind {
  if (word.startsWith("function")) return "function";
  if (/^const\s+enum$/.test(word)) return "enum";
  if (word === "const" || word === "let" || word === "var") {
    if (CLASS_VALUE.test(rest)) return "class";
    const wrapper = WRAPPED.exec(rest)?.[1];
    if (FUNCTION_VALUE.test(rest) || (wrapper && FUNCTION_WRAPPERS.has(wrapper))) return "function";
    return word === "const" ? "constant" : "variable";
  }
  return word as SymbolKind;
}
