/**
 * What a JS/TS file of the project exports, read by a cheap scan of its text — no parse: one pass of
 * line-anchored patterns (a line's first letter picks the few that can match) for its top-level
 * declarations, its `export { a as b } [from]` lists, `export * [as ns] from`, named imports, and
 * CommonJS' `exports.a = …`, `Object.defineProperty(exports, "a", …)` and tsc's / esbuild's whole-module
 * re-exports. Cached per file by mtime and size. Used for the kind of a re-export (reexport-kinds.ts) and
 * the names an `export *` hands on (star-exports.ts).
 */
import { readFileSync, statSync } from "node:fs";
import type { SymbolKind } from "../../core/types.js";
import { fileChecksEpoch } from "../../core/imports.js";
import { FUNCTION_WRAPPERS } from "./bindings.js";

export interface FileIndex {
  /** Top-level declarations (column 0, exported or not): name → kinds, in source order. */
  decls: Map<string, SymbolKind[]>;
  /** The line of each name's first declaration (1-based). */
  lines: Map<string, number>;
  /** Names the file's own `export` declarations export (`export const a`, `export declare function f`; not `export default`), in source order. */
  own: Set<string>;
  /** `export default class X`/`function`: its kind; `export default X`: X. */
  defaultKind?: SymbolKind;
  defaultAs?: string;
  /** `export { a as b }`, `export { a }` (no source): b → a, a → a. */
  localAs: Map<string, string>;
  /** `export { a as b } from "x"`: b → { x, a }; also tsc's `Object.defineProperty(exports, "b", { get: … return x_1.a })`. */
  reexports: Map<string, { from: string; name: string }>;
  /** `import { a as b } from "x"`: b → { x, a }; `var x_1 = require("x")`: x_1 → { x, * }. */
  imports: Map<string, { from: string; name: string }>;
  /** `export * from "x"`, `export type * from "x"`, tsc's `__exportStar(require("x"), exports)`: x, in source order. */
  stars: { from: string; typeOnly: boolean }[];
  /** `export * as ns from "x"`: ns → x. */
  namespaces: Map<string, string>;
  /** CommonJS: `exports.a = …`, `Object.defineProperty(exports, "a", …)` — a → its kind when the value says (`= function`, `= a` of a declaration). */
  cjs?: Map<string, { kind?: SymbolKind; local?: string; line: number }>;
}

const cache = new Map<string, { stamp: string; epoch: number; idx: FileIndex | null }>();
/** Larger files are not scanned (a bundle's declarations are in its own report). */
export const MAX_SCAN_BYTES = 4 << 20;

/** The version of `file` its cached index was read from (files.ts fileStamp's form), undefined when none was. */
export function scannedStamp(file: string): string | undefined {
  return cache.get(file)?.stamp;
}

/** The file's index, or null when it cannot be read or is over MAX_SCAN_BYTES. */
export function indexOf(file: string): FileIndex | null {
  const hit = cache.get(file);
  // (Checked once while the import resolver's file checks hold: a batch follows the same barrels from
  // file after file, and a stat per step was half the cost of this pass.)
  const epoch = fileChecksEpoch();
  if (hit?.epoch === epoch) return hit.idx;
  let stamp: string;
  try {
    const st = statSync(file);
    if (!st.isFile() || st.size > MAX_SCAN_BYTES) return null;
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
/** `export default …` and `export declare default` are no export of the declaration's own name. */
const DEFAULT_DECL = /^export[ \t]+(?:declare[ \t]+)?default\b/;
const EXPORT_LIST = /export[ \t]+(?:type[ \t]+)?\{([^}]*)\}[ \t]*(?:from[ \t]*(["'])([^"'\n]+)\2)?/y;
const DEFAULT = /export[ \t]+default[ \t]+(?:(?:abstract[ \t]+)?(?:async[ \t]+)?(class|function)\b|([\w$]+)[ \t]*;?[ \t]*$)/my;
const STAR = /export[ \t]+(type[ \t]+)?\*[ \t]*(?:as[ \t]+([\w$]+)[ \t]+)?from[ \t]*(["'])([^"'\n]+)\3/y;
const EXPORT_IMPORT = /export[ \t]+import[ \t]+([\w$]+)[ \t]*=/y;
const IMPORT = /import[ \t]+(?:type[ \t]+)?\{([^}]*)\}[ \t]*from[ \t]*(["'])([^"'\n]+)\2/y;
/** `var m_1 = require("./m")`, `const m = __importStar(require("./m"))` (tsc's CommonJS output). */
const REQUIRE = /(?:var|const|let)[ \t]+([\w$]+)[ \t]*=[ \t]*(?:[\w$.]+\()?require\((["'])([^"'\n]+)\2\)/y;
/** `exports.a = exports.b = …` / `module.exports.a = …`: one name of the chain at a time. */
const CJS_ASSIGN = /(?:module\.)?exports\.([\w$]+)[ \t]*=(?!=)[ \t]*/y;
const CJS_DEFINE = /Object\.defineProperty\(exports,[ \t]*(["'])([\w$]+)\1([^\n]*)/y;
/** tsc's `tslib_1.__exportStar(require("./x"), exports)`, older `__export(require("./x"))`, esbuild's `__reExport(x_exports, require("./x"), …)`. */
const CJS_STAR = /(?:[\w$]+\.)?(?:__exportStar\(require\((["'])([^"'\n]+)\1\),[ \t]*exports\)|__export\(require\((["'])([^"'\n]+)\3\)\)|__reExport\([\w$]+,[ \t]*(?:__toESM\()?require\((["'])([^"'\n]+)\5\))/y;
/** esbuild's getter map, `__export(src_exports, {` ⏎ `  a: () => a,` ⏎ `});`. */
const ESBUILD_MAP = /__export\([\w$]+,[ \t]*\{([^}]*)\}\)/y;
/** The first letters of the words a line the patterns match starts with (export, declare, class, Object, tslib_1, __exportStar, …). */
const FIRST = new Set([..."acdefilmntvO_"].map((c) => c.charCodeAt(0)));
/** A binding's value that is a function: `= async (`, `= function`, `= <T>(`, `= x =>`, `= memo((`. */
const FUNCTION_VALUE = /^\s*(?::[^=]*)?=\s*(?:async\b\s*)?(?:function\b|\(|<[^>]*>\s*\(|[\w$]+\s*=>)/;
const WRAPPED = /^\s*(?::[^=]*)?=\s*(?:[\w$]+\.)?([\w$]+)\(\s*(?:async\b\s*)?(?:function\b|\()/;
const CLASS_VALUE = /^\s*(?::[^=]*)?=\s*class\b/;

function at(re: RegExp, text: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(text);
}

function scan(text: string): FileIndex {
  const idx: FileIndex = { decls: new Map(), lines: new Map(), own: new Set(), localAs: new Map(), reexports: new Map(), imports: new Map(), stars: [], namespaces: new Map() };
  let sawDefault = false;
  let line = 1;
  for (let i = 0; i < text.length; line++) {
    const c = text.charCodeAt(i);
    if (c === 105 /* i */ && text.startsWith("import", i)) {
      const m = at(IMPORT, text, i);
      if (m) for (const [a, b] of specs(m[1]!)) idx.imports.set(b, { from: m[3]!, name: a });
    } else if (FIRST.has(c)) {
      if (c === 101 /* e */ && text.startsWith("export", i)) {
        if (text.startsWith("exports.", i)) commonJsLine(idx, text, i, line);
        else {
          exportLine(idx, text, i, line);
          if (!sawDefault) sawDefault = defaultAt(idx, text, i);
        }
      } else if (c === 79 /* O */ || c === 95 /* _ */ || (c === 109 /* m */ && text.startsWith("module.exports.", i)) || (c === 116 /* t */ && text.startsWith("tslib", i))) commonJsLine(idx, text, i, line);
      const m = at(DECL, text, i);
      if (m) {
        const [whole, word, name, rest] = m as unknown as [string, string, string, string];
        const kind = kindOf(word, rest);
        const known = idx.decls.get(name);
        if (!known) idx.decls.set(name, [kind]), idx.lines.set(name, line);
        else if (!known.includes(kind)) known.push(kind);
        if (c === 101 && whole.startsWith("export") && !DEFAULT_DECL.test(whole)) idx.own.add(name);
        else if (c === 118 /* v */ || c === 99 /* c */ || c === 108 /* l */) {
          const req = at(REQUIRE, text, i);
          if (req) idx.imports.set(req[1]!, { from: req[3]!, name: "*" });
        }
      }
    }
    const nl = text.indexOf("\n", i);
    if (nl < 0) break;
    i = nl + 1;
  }
  // (`exports.a = a` names a declaration the file may make below it: tsc hoists a function's export above it.)
  for (const e of idx.cjs?.values() ?? []) if (e.local && !e.kind) e.kind = idx.decls.get(e.local)?.find((k) => k !== "type" && k !== "interface");
  return idx;
}

/** `export default class X`/`function`/`X` at `i`: whether it is one (the file's first one counts). */
function defaultAt(idx: FileIndex, text: string, i: number): boolean {
  const d = at(DEFAULT, text, i);
  if (d?.[1]) idx.defaultKind = d[1] === "class" ? "class" : "function";
  else if (d?.[2]) idx.defaultAs = d[2];
  return !!d;
}

/** `export { a as b } [from "x"]`, `export [type] * [as ns] from "x"` and `export import X = …` at `i`. */
function exportLine(idx: FileIndex, text: string, i: number, line: number): void {
  const list = at(EXPORT_LIST, text, i);
  if (list) {
    for (const [a, b] of specs(list[1]!)) {
      if (list[3]) idx.reexports.set(b, { from: list[3], name: a });
      else idx.localAs.set(b, a);
    }
    return;
  }
  const star = at(STAR, text, i);
  if (star?.[2]) idx.namespaces.set(star[2], star[4]!);
  else if (star) idx.stars.push({ from: star[4]!, typeOnly: !!star[1] });
  const alias = !star && at(EXPORT_IMPORT, text, i);
  if (alias && !idx.decls.has(alias[1]!)) idx.decls.set(alias[1]!, ["constant"]), idx.lines.set(alias[1]!, line), idx.own.add(alias[1]!);
}

/** CommonJS' exports at `i`: `exports.a = …`, `Object.defineProperty(exports, "a", …)`, whole-module re-exports, esbuild's getter map. */
function commonJsLine(idx: FileIndex, text: string, i: number, line: number): void {
  const cjs = (idx.cjs ??= new Map());
  const star = at(CJS_STAR, text, i);
  if (star) {
    idx.stars.push({ from: (star[2] ?? star[4] ?? star[6])!, typeOnly: false });
    return;
  }
  const map = at(ESBUILD_MAP, text, i);
  if (map) {
    for (const m of map[1]!.matchAll(/([\w$]+)\s*:\s*\(\)\s*=>\s*([\w$]+)/g)) cjs.set(m[1]!, { local: m[2]!, line });
    return;
  }
  const define = at(CJS_DEFINE, text, i);
  if (define) {
    const [, , name, rest] = define as unknown as [string, string, string, string];
    // (tsc's re-export: `{ enumerable: true, get: function () { return m_1.X; } }` of `var m_1 = require("./m")`.)
    const via = /return\s+([\w$]+)\.([\w$]+)/.exec(rest);
    const from = via && idx.imports.get(via[1]!);
    if (from?.name === "*") idx.reexports.set(name, { from: from.from, name: via![2]! });
    else if (name !== "__esModule" && !cjs.has(name)) cjs.set(name, { line });
    return;
  }
  let j = i;
  const names: string[] = [];
  for (let m = at(CJS_ASSIGN, text, j); m; m = at(CJS_ASSIGN, text, j)) names.push(m[1]!), (j = CJS_ASSIGN.lastIndex);
  if (!names.length) return;
  const value = text.slice(j, text.indexOf("\n", j) >>> 0).trim();
  const kind: SymbolKind | undefined = /^(?:async\s+)?function\b/.test(value) ? "function" : /^class\b/.test(value) ? "class" : undefined;
  const local = kind ? undefined : /^([\w$]+)\s*;?$/.exec(value)?.[1];
  const req = /^require\((["'])([^"'\n]+)\1\)\.([\w$]+)\s*;?$/.exec(value);
  for (const name of names) {
    if (req) idx.reexports.set(name, { from: req[2]!, name: req[3]! });
    else if (value.startsWith("void 0")) {
      if (!cjs.has(name)) cjs.set(name, { line });
    } else cjs.set(name, { ...(kind ? { kind } : {}), ...(local && local !== "undefined" ? { local } : {}), line });
  }
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
