/**
 * What a read_symbol miss can still say or read. A name the file imports: where the import is and where
 * it leads, in one line, so the agent reads it there instead of searching — `Tabs.List = List` with `import { List } from "./list"`, or a
 * helper a module only re-uses. Found from the file's own import statements (their lines name it as a
 * whole word), so it needs no project graph. A module-level binding the outline does not list: its lines.
 */
import { join } from "node:path";
import type { FileAnalysis } from "./pipeline.js";
import { unquote } from "./imports.js";
import type { ReadSymbolResult, SymbolRecord } from "./types.js";

/** Lines an import's name list may span above or below its specifier's line. */
const MAX_IMPORT_LINES = 60;
/** A line of an import's name list (`  List,`, `  type Foo as Bar,`, `} from`, `)`). */
const NAME_LIST_LINE = /^[\s\w$,{}()*]*$/;
const STATEMENT_START = /^\s*(?:import|export|from)\b/;

/** A name the file imports: the import's line, its specifier, where it leads, and the name it has there (`List as TabList`). */
export interface ImportedName {
  name: string;
  line: number;
  source: string;
  resolved?: string;
  external?: boolean;
  /** The name its module declares, when imported under another (`join as joinPath`: join). */
  declaredAs?: string;
  /** The name is the module itself (Python's `import os`, `from . import auth`) or a Go package (`"net/textproto"`). */
  module?: "module" | "package";
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The name a whole-module import binds without an alias: Python's `import os.path` binds `os`; Go's
 * `"net/textproto"` its package name, the path's last segment (`textproto`; before a major version,
 * `…/v2`; `gopkg.in/yaml.v3`: yaml). An aliased import's alias is on its line, found by name.
 */
function boundModule(a: FileAnalysis, source: string, line: number): string | undefined {
  const text = (a.lines[line - 1] ?? "").trim();
  const src = escapeRe(source);
  if (a.language === "python") {
    if (!/^import\s/.test(text) || new RegExp(`(?:\\s|,)${src}\\s+as\\s`).test(text)) return undefined;
    return source.split(".")[0];
  }
  if (a.language !== "go" || !new RegExp(`^(?:import\\s+)?"${src}"`).test(text)) return undefined;
  const segs = source.split("/");
  let last = segs.pop() ?? "";
  if (/^v\d+$/.test(last) && segs.length) last = segs.pop()!;
  last = last.replace(/\.v\d+$/, "");
  return /^[A-Za-z_]\w*$/.test(last) ? last : undefined;
}

/** Whether `name`, found on import `source`'s statement at `line`, is a module: any Go import; Python's `import x as name`, `from pkg import sub` of a submodule. */
function namesModule(a: FileAnalysis, source: string, line: number, name: string): ImportedName["module"] {
  if (a.language === "go") return "package";
  if (a.language !== "python") return undefined;
  const text = (a.lines[line - 1] ?? "").trim();
  if (/^import\s/.test(text)) return "module";
  const from = /^from\s+(\S+)\s+import\b/.exec(text)?.[1];
  return from && source === (from.endsWith(".") ? from : from + ".") + name ? "module" : undefined;
}

/** The import of `want`'s last segment in the file's own import statements, or undefined. */
export function importedName(a: FileAnalysis, want: string): ImportedName | undefined {
  const name = want.split(/\.|::|#/).pop() ?? "";
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const n = name.replace(/\$/g, "\\$");
  const word = new RegExp(`(?<![\\w$.])${n}(?![\\w$])`);
  const renamed = new RegExp(`([A-Za-z_$][\\w$]*)\\s+as\\s+${n}(?![\\w$])`);
  const where = (imp: FileAnalysis["imports"][number]) => ({ source: imp.source, ...(imp.resolved ? { resolved: imp.resolved } : {}), ...(imp.external ? { external: true } : {}) });
  // The module itself, by the name its import binds (`import os`: os) or as spelled (`os.path`).
  for (const imp of a.imports) {
    const bound = boundModule(a, imp.source, imp.line);
    if (bound && (bound === want || (a.language === "python" && imp.source === want))) return { name: want, line: imp.line, ...where(imp), module: a.language === "go" ? "package" : "module" };
  }
  for (const [k, imp] of a.imports.entries()) {
    const at = imp.line - 1;
    const found = (i: number, text: string): ImportedName => {
      const declaredAs = renamed.exec(text)?.[1];
      // (`import json as js`: js is the module; `from m import a as b`: b is m's a.)
      const module = want === name ? namesModule(a, imp.source, imp.line, declaredAs ?? name) : undefined;
      return { name, line: i + 1, ...where(imp), ...(declaredAs && declaredAs !== name ? { declaredAs } : {}), ...(module ? { module } : {}) };
    };
    // The specifier itself (`from "./list"`) is no mention of the name.
    const own = (a.lines[at] ?? "").split(imp.source).join("");
    if (word.test(own)) return found(at, own);
    // Its name list: above the specifier (`import {\n  List,\n} from "./list"`) or below it (Python's
    // `from x import (\n    List,\n)`), up to the neighbouring imports.
    const prev = k > 0 ? a.imports[k - 1]!.line : 0;
    for (let i = at - 1; i >= Math.max(prev, at - MAX_IMPORT_LINES); i--) {
      const line = a.lines[i]!;
      const start = STATEMENT_START.test(line);
      if (!start && !NAME_LIST_LINE.test(line)) break;
      if (word.test(line)) return found(i, line);
      if (start) break;
    }
    const next = a.imports[k + 1]?.line ?? a.lines.length + 1;
    for (let i = at + 1; i < Math.min(next - 1, at + MAX_IMPORT_LINES, a.lines.length); i++) {
      const line = a.lines[i]!;
      // (Not into the next statement's list: `export {` below a one-line import.)
      if (!NAME_LIST_LINE.test(line) || STATEMENT_START.test(line)) break;
      if (word.test(line)) return found(i, line);
    }
  }
  return undefined;
}

export interface Definition {
  file: string;
  symbol: string;
  kind: string;
  startLine: number;
  endLine: number;
}

/**
 * An imported name's miss, in one line: where it is imported from and how to read it there — "e is
 * imported at line 1 from ./util.js — read it in util.js (CLI: pilens read util.js e)". With the project
 * graph's definitions, the one in the file the import leads to (else the only one): "…, defined in
 * lib/util.js:135-140 — read it in lib/util.js (…)". (It had said the same three times.)
 */
export function importedNote(imp: ImportedName, defined: Definition[] = [], verb = "imported"): string {
  if (imp.module) return moduleNote(imp);
  const at = `${imp.name} is ${verb} at line ${imp.line} from ${imp.source}`;
  if (imp.external) return `${at} (outside the project)`;
  const def = defined.find((d) => d.file === imp.resolved) ?? (defined.length === 1 ? defined[0] : undefined);
  const file = def?.file ?? imp.resolved;
  if (!file) return at;
  const read = imp.declaredAs ?? imp.name;
  const there = imp.declaredAs ? ` (as ${imp.declaredAs} there)` : "";
  const where = def && (def.file !== imp.resolved || !imp.declaredAs) ? `, defined in ${def.file}:${def.startLine}-${def.endLine}` : "";
  return `${at}${there}${where} — read ${imp.declaredAs ? read : "it"} in ${file} (CLI: pilens read ${file} ${read})`;
}

/**
 * A module's or package's name, no symbol of the file: where it is imported, and its file when the
 * project holds it — "os is a module imported at line 2, outside the project" (it had been "not declared
 * …; no similar names", as if the file never named it).
 */
function moduleNote(imp: ImportedName): string {
  const from = imp.source !== imp.name ? ` (${imp.source})` : "";
  const at = `${imp.name} is a ${imp.module} imported at line ${imp.line}${from}, not a symbol of this file`;
  if (imp.external || !imp.resolved) return `${at}${imp.external ? "; outside the project" : ""}`;
  // A Go import resolves to the package's folder.
  if (imp.module === "package") return `${at} — its files are in ${imp.resolved}/ (module_report one of them)`;
  return `${at} — outline ${imp.resolved} with module_report (CLI: pilens report ${imp.resolved} --view compact)`;
}

/**
 * The graph's definitions of an imported name, past a re-export in the file the import leads to (a
 * barrel's `export { e } from "./util.js"` is listed as a definition of `e`, but util.js holds it).
 */
export async function pastReexport(imp: ImportedName, defs: Definition[], root: string, analyze: (path: string) => Promise<FileAnalysis>): Promise<Definition[]> {
  if (!imp.resolved || defs.length < 2 || !defs.some((d) => d.file === imp.resolved)) return defs;
  const name = imp.declaredAs ?? imp.name;
  const barrel = await analyze(join(root, imp.resolved)).catch(() => undefined);
  const reexport = barrel?.symbols.some((r) => r.name === name && /^export\s+(?:type\s+)?\{[^}]*\}\s+from\s/.test(r.signature ?? ""));
  return reexport ? defs.filter((d) => d.file !== imp.resolved) : defs;
}

/**
 * A read_symbol miss, told where the symbol lives instead (from the project graph's definitions):
 * "not in a.ts — `Foo.bar` is defined in src/y.ts:40-52". With a `kind`, only definitions of that kind
 * count. When the name is declared in this file with another kind (`declaredHere`), the note keeps
 * saying so first and adds where a definition of the wanted kind is. Without hits the note is unchanged.
 * A name the file imports (`imported`) is said in one line (importedNote).
 */
export function definedElsewhereNote(r: ReadSymbolResult, elsewhere: Definition[], declaredHere = false, imported?: ImportedName): string | undefined {
  const hits = r.kind ? elsewhere.filter((h) => h.kind === r.kind) : elsewhere;
  if (imported && !declaredHere) return importedNote(imported, hits);
  if (!hits.length) return r.note;
  const [first, ...more] = hits;
  const also = more.length ? ` (also ${more.map((h) => `${h.file}:${h.startLine}`).join(", ")})` : "";
  const where = `${first!.file}:${first!.startLine}-${first!.endLine}${also}`;
  if (declaredHere) return `${r.note ?? ""}; a ${r.kind} \`${first!.symbol}\` is defined in ${where}`;
  return `not in ${r.path} — \`${first!.symbol}\` is defined in ${where}` + (r.note ? `; ${r.note}` : "");
}

/**
 * A binding at the start of its line, of `name` (a pattern; by default any name, captured): `log =
 * getLogger()`, `const x = …`, `pub static X: T = …`.
 */
export function bindingLine(name = "([A-Za-z_$][\\w$]*)"): RegExp {
  return new RegExp(`^(?:(?:export|const|let|var|val|static|final|pub|public|private|local)\\s+)*${name}\\s*(?::[^=\\n]{0,120})?=(?![=>])`);
}

/**
 * Where a top-level assignment binds `name` (at column 0: `app = Flask(__name__)`, `const log = …`,
 * `var x int = 3`; in Python also in a module-level block: `try:` ⏎ `    has_crypto = True`), through the
 * lines its brackets stay open (at most 200): the first one in the file.
 */
export function moduleBinding(a: FileAnalysis, name: string): { startLine: number; endLine: number } | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const re = bindingLine(name.replace(/\$/g, "\\$"));
  const python = a.language === "python";
  const i = a.lines.findIndex((l, k) => re.test(l) || (python && /^\s/.test(l) && re.test(l.trimStart()) && inModuleBlock(a.lines, k)));
  if (i < 0) return undefined;
  let depth = 0;
  let end = i;
  for (let j = i; j < a.lines.length && j < i + 200; j++) {
    for (const ch of a.lines[j]!) depth += ch === "(" || ch === "[" || ch === "{" ? 1 : ch === ")" || ch === "]" || ch === "}" ? -1 : 0;
    end = j;
    if (depth <= 0) break;
  }
  return { startLine: i + 1, endLine: end + 1 };
}

/** A Python block's head whose block binds in the scope around it (`if …:`, `try:`, `except E:`, `with … as f:`). */
const PY_BLOCK_HEAD = /^(?:if|elif|else|try|except|finally|with|for|while|async\s+(?:with|for))\b.*:\s*(?:#.*)?$/;

/**
 * Whether indented line `i` of a Python file lies in blocks of module-level statements only: the nearest
 * less indented line above it is an `if`/`try`/`with`/… head, at column 0 or itself in such a block
 * (a `def`'s or `class`'s body, a bracket's continuation line — `x = f(` ⏎ `    key=1,` — are not).
 */
function inModuleBlock(lines: string[], i: number): boolean {
  const indent = (l: string) => l.length - l.trimStart().length;
  let at = i;
  for (let depth = 0; depth < 20; depth++) {
    const own = indent(lines[at]!);
    let j = at - 1;
    while (j >= 0 && (!lines[j]!.trim() || lines[j]!.trimStart().startsWith("#") || indent(lines[j]!) >= own)) j--;
    if (j < 0 || !PY_BLOCK_HEAD.test(lines[j]!.trim())) return false;
    if (indent(lines[j]!) === 0) return true;
    at = j;
  }
  return false;
}

/**
 * The head of an entry a whole-module re-export hands on (`export * from "./x"`, tsc's `__exportStar(require("./x"), exports)`,
 * esbuild's `__reExport(…)`): one of many names on its statement's lines, no declaration there (read_enclosing skips them).
 */
export const STAR_REEXPORT = /^export\s+(?:type\s+)?\*\s*from\s|^(?:[\w$]+\.)?__(?:exportStar|export|reExport)\(/;

/** A re-export's head (`export { a, b as c } from "./x"`, `export * as ns from "x"`): the module it names. */
export const REEXPORT = /^export\s+(?:type\s+)?(?:\{[^}]*\}|\*\s+as\s+[\w$]+)\s+from\s+(\S+)$/;

/**
 * A read that found a re-export (`export { enablePatches } from "./plugins/patches"`): its line is all
 * the file holds — where the name is defined and how to read it there, as an imported name's miss says
 * (the graph's definition when there is one).
 */
export async function reexportNote(a: FileAnalysis, r: ReadSymbolResult, defined: (name: string) => Promise<Definition[]>, analyze: (path: string) => Promise<FileAnalysis>): Promise<string | undefined> {
  if (!r.found) return undefined;
  const star = a.symbols.find((s) => s.origin && s.name === r.name && s.startLine === r.startLine && s.signature === r.signature);
  if (star) return starNote(star.name, star.startLine, star.signature!, star.origin!, await defined(star.origin!.name ?? star.name));
  if (!REEXPORT.test(r.signature ?? "")) return undefined;
  const ns = namespaceNote(a, r);
  if (ns !== undefined) return ns || undefined;
  const imp = importedName(a, r.name);
  if (!imp || imp.external || imp.line < (r.startLine ?? 0) || imp.line > (r.endLine ?? 0)) return undefined;
  const defs = await defined(imp.declaredAs ?? imp.name);
  return importedNote(imp, await pastReexport(imp, defs, a.root, analyze), "re-exported");
}

/**
 * What `module.exports` names in a CommonJS file: `exports` when the outline lists `module.exports = function
 * (…) {…}` so, else the declaration a top-level `module.exports = Npm` hands on (npm's lib/npm.js, and most
 * CommonJS modules: the read had been a miss, "no similar names").
 */
export function moduleExportsName(a: FileAnalysis, cands: { name: string; depth: number; signature?: string; callback: boolean }[]): string | undefined {
  if (cands.some((c) => c.name === "exports" && !c.depth && /^module\.exports\s*=/.test(c.signature ?? ""))) return "exports";
  const named = a.lines.map((l) => /^module\.exports\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*$/.exec(l)?.[1]).filter(Boolean);
  const name = named[named.length - 1];
  return name && cands.some((c) => c.name === name && !c.depth && !c.callback) ? name : undefined;
}


/**
 * A read of `export * as ns from "./x"`'s name: ns is the module x itself, not a name declared in it (the note
 * had said to read `ns` in x) — its outline is the next step. Undefined: not such a statement; "": no project file.
 */
function namespaceNote(a: FileAnalysis, r: ReadSymbolResult): string | undefined {
  const sig = r.signature ?? "";
  const m = REEXPORT.exec(sig);
  if (!m || /^export\s+(?:type\s+)?\*\s+as\s+([\w$]+)\s/.exec(sig)?.[1] !== r.name) return undefined;
  const source = unquote(m[1]!.replace(/;$/, ""));
  const file = a.imports.find((i) => i.source === source && i.resolved)?.resolved;
  if (!file) return "";
  return `${r.name} is the module ${source} (${file}), re-exported whole as a namespace at line ${r.startLine} — outline ${file} with module_report (CLI: pilens report ${file} --view compact)`;
}

/**
 * A read of a name an `export *` hands on (its entry's lines are the statement's): where the pack found its
 * declaration and how to read it there — "ZodString is re-exported at line 2 by `export * from "./schemas.js"`,
 * defined in v4/classic/schemas.ts:412 — read it in …" (the graph's range when it has that definition).
 */
function starNote(name: string, line: number, head: string, origin: NonNullable<SymbolRecord["origin"]>, defs: Definition[]): string {
  const declared = origin.name ?? name;
  const def = defs.find((d) => d.file === origin.file);
  const at = def ? `${def.startLine}-${def.endLine}` : origin.line ? `${origin.line}` : "";
  const there = declared !== name ? ` (as ${declared} there)` : "";
  return `${name} is re-exported at line ${line} by \`${head}\`, defined in ${origin.file}${at ? `:${at}` : ""}${there} — read it in ${origin.file} (CLI: pilens read ${origin.file} ${declared})`;
}
