/**
 * What a JS/TS file imports, found in code rather than by query patterns (each pattern on call or
 * import statements costs milliseconds of query compilation on every cold start), and where a
 * relative specifier leads.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, ImportRecord, SymbolRecord } from "../../core/types.js";
import { dirname } from "node:path";
import { resolveAt, resolveRelative, unquote } from "../../core/imports.js";
import { conditionsFor, packageScope, resolveSubpath, type PackageScope } from "./subpath-imports.js";
import { GOOG_REQUIRE } from "./closure.js";
import { isBundle } from "./iife.js";

const TS_EXTS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"];

/** A JavaScript file's `require("./util")` is util.js at run time, not the util.d.ts beside it. */
const JS_EXTS = [".js", ".jsx", ".mjs", ".cjs", ".json", ".ts", ".tsx", ".mts", ".cts", ".d.ts"];

const SCRIPT = /^(.*)\.([mc]?[jt]sx?)$/;

/**
 * What TypeScript (moduleResolution node16/bundler) tries for a specifier's script extension, in its
 * order: the TS source, the declaration file, then the JavaScript itself — `./x.mjs` is x.mts, x.d.mts,
 * x.mjs; `./x.js` (or `./x.ts`) x.ts, x.tsx, x.d.ts, x.js, x.jsx.
 */
const TS_TWINS: Record<string, string[]> = {
  js: [".ts", ".tsx", ".d.ts", ".js", ".jsx"],
  jsx: [".tsx", ".ts", ".d.ts", ".jsx", ".js"],
  mjs: [".mts", ".d.mts", ".mjs"],
  cjs: [".cts", ".d.cts", ".cjs"],
};
/** From a JavaScript file the JavaScript file comes first; these only when it is missing. */
const JS_TWINS: Record<string, string[]> = {
  js: [".ts", ".tsx", ".d.ts"],
  jsx: [".ts", ".tsx", ".d.ts"],
  mjs: [".mts", ".d.mts"],
  cjs: [".cts", ".d.cts"],
};

function withExts(base: string, exts: string[]): string[] {
  return [...exts.map((e) => base + e), ...exts.map((e) => `${base}/index${e}`)];
}

/**
 * Where a relative specifier (`base`: resolved, absolute) leads from a TypeScript or declaration file:
 * for a script extension its TS source, then its declaration file, then the JS (a type import of
 * `./shape.mjs` beside shape.mjs and shape.d.mts means the declaration); otherwise the path as written;
 * then TypeScript extensions added and `index.*`.
 */
export function candidates(base: string): string[] {
  const m = SCRIPT.exec(base);
  const twins = m ? TS_TWINS[m[2]!.replace("t", "j")] : undefined;
  return [...(twins ? twins.map((e) => m![1] + e) : [base]), ...withExts(base, TS_EXTS)];
}

/** From a JavaScript file: the path as written first, then its TS and declaration twins, then JS extensions added. */
export function jsCandidates(base: string): string[] {
  const m = SCRIPT.exec(base);
  const twins = m ? JS_TWINS[m[2]!] : undefined;
  return [base, ...(twins ? twins.map((e) => m![1] + e) : []), ...withExts(base, JS_EXTS)];
}

/**
 * Classify and resolve a file's imports: `node:` is external; `#…` (package.json `"imports"`) is
 * internal, resolved through the nearest package.json's map (external when it maps to another package);
 * other internal (relative) specifiers resolve to files by `candidates` / `jsCandidates`.
 */
export function resolveImports(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  const js = ctx.language === "javascript";
  const cands = js ? jsCandidates : candidates;
  let scope: PackageScope | null | undefined;
  for (const i of imports) {
    if (i.source.startsWith("node:")) i.external = true;
    else if (i.source.startsWith("#")) {
      scope ??= packageScope(dirname(ctx.path), ctx.root) ?? null;
      const r = scope && resolveSubpath(i.source, scope, conditionsFor(ctx.path, !js, scope), (abs) => resolveAt(ctx.root, abs, cands));
      i.external = r?.external ?? false;
      if (r?.resolved) i.resolved = r.resolved;
    } else if (!i.external) i.resolved = resolveRelative(ctx, i.source, cands);
  }
  return imports;
}

/**
 * `require("x")` / `import("x")`: a call of `require` or `import` whose first argument is a string.
 * Found by scanning the text for the callee and checking the node there (strings and comments that
 * mention `require(` are not calls) — a query pattern on call_expression costs ~5 ms of analysis
 * on every cold start, this a regex pass over the source.
 */
export function callImports(ctx: FileContext): ImportRecord[] {
  const out: ImportRecord[] = [];
  const re = /\b(?:require|import)\s*\(/g;
  let root: Node | undefined; // (the getter builds a new Node object on every read)
  for (let m = re.exec(ctx.source); m; m = re.exec(ctx.source)) {
    root ??= ctx.tree.rootNode;
    let callee = root.descendantForIndex(m.index);
    // An import type the pack masked for the grammar (sfc.ts maskAliasImportTypes): a type name there.
    // (Or `export import X = require("./x")`, masked the same way: shape-masks.ts maskExportImportRequire.)
    const masked = callee && callee.startIndex === m.index && /identifier/.test(callee.type) ? /^(?:import|require)\([ \t]*(["'])([^"'\n]+)\1[ \t]*\)$/.exec(ctx.text(callee)) : null;
    if (masked) {
      out.push({ source: masked[2]!, line: callee!.startPosition.row + 1, external: !/^[./]/.test(masked[2]!) });
      continue;
    }
    // `import(…)`: the keyword token sits inside the callee node `(import)`.
    if (callee?.type === "import" && !callee.isNamed) callee = callee.parent;
    if (!callee || (callee.type !== "import" && !(callee.type === "identifier" && ctx.text(callee) === "require"))) continue;
    const call = callee.parent;
    if (call?.type !== "call_expression" || call.childForFieldName("function")?.id !== callee.id) continue;
    const first = call.childForFieldName("arguments")?.firstNamedChild;
    if (first?.type !== "string") continue;
    const source = unquote(ctx.text(first));
    if (source) out.push({ source, line: first.startPosition.row + 1, external: !/^[./]/.test(source), ...(reexportsWhole(call) ? { reexportAll: true } : {}) });
  }
  return out;
}

/**
 * A `require()` whose every export the module hands on, as `export * from` does: tsc's CommonJS
 * `tslib_1.__exportStar(require("./x"), exports)` (also `__exportStar(…)`, tsc's older `__export(require("./x"))`),
 * esbuild's `__reExport(lib_exports, require("./x"), module.exports)` (also through `__toESM(…)`).
 */
function reexportsWhole(call: Node): boolean {
  let arg: Node = call;
  if (arg.parent?.type === "arguments" && /^__toESM$/.test(arg.parent.parent?.childForFieldName("function")?.text ?? "")) arg = arg.parent.parent!;
  const args = arg.parent?.type === "arguments" ? arg.parent : null;
  const callee = args?.parent?.childForFieldName("function")?.text.replace(/^[\w$]+\./, "") ?? "";
  const list = args?.namedChildren ?? [];
  const at = list.findIndex((a) => a?.id === arg.id);
  const last = list[list.length - 1]?.text.replace(/\s+/g, "");
  if (callee === "__exportStar") return at === 0 && list.length === 2 && last === "exports";
  if (callee === "__export") return at === 0 && list.length === 1;
  return callee === "__reExport" && at === 1 && (last === "module.exports" || list.length === 2);
}

/** `import … from "x"` / `export … from "x"` statements, at any depth (`declare module "m" { … }`). */
export function statementImports(ctx: FileContext): ImportRecord[] {
  const out: ImportRecord[] = [];
  const re = /\b(?:import|export)\b/g;
  let root: Node | undefined;
  for (let m = re.exec(ctx.source); m; m = re.exec(ctx.source)) {
    root ??= ctx.tree.rootNode;
    const stmt = root.descendantForIndex(m.index)?.parent;
    if ((stmt?.type !== "import_statement" && stmt?.type !== "export_statement") || stmt.startIndex !== m.index) continue;
    // `import fs = require("fs")`: the source is the require clause's
    const source = stmt.childForFieldName("source") ?? stmt.namedChildren.find((c) => c?.type === "import_require_clause")?.childForFieldName("source");
    if (source?.type !== "string") continue;
    const spec = unquote(ctx.text(source));
    if (!spec) continue;
    const record: ImportRecord = { source: spec, line: source.startPosition.row + 1, external: !/^[./]/.test(spec) };
    if (isStarExport(stmt)) record.reexportAll = true;
    out.push(record);
  }
  return out;
}

/**
 * `const x = require("y")`, `var B = require("y").B`, `exports.z = await import("y")`: imports, not
 * declarations. The bound value itself must be the call — a function whose body calls `require`
 * (`module.exports.getCodec = function () { require("../encodings") … }`) is a declaration.
 */
const INTEROP = /^_{1,2}(?:importDefault|importStar|toESM|interopRequire(?:Default|Wildcard)?)$/;

export function isRequireBinding(r: SymbolRecord, ctx: FileContext): boolean {
  if ((r.kind !== "constant" && r.kind !== "variable") || !r.node) return false;
  let n: Node | null = r.node;
  if (n.type === "export_statement") n = n.childForFieldName("declaration");
  if (n?.type === "lexical_declaration" || n?.type === "variable_declaration") {
    // The record's own declarator: `var React = require("react"), PORTAL_TYPE = Symbol.for(…)` binds
    // one module and one value (react-dom's builds had lost every declarator after the first).
    const own = n.namedChildCount > 1 ? r.nameNode?.parent : undefined;
    n = own?.type === "variable_declarator" && own.parent?.id === n.id ? own : n.namedChild(0);
  } else if (n?.type === "expression_statement") n = n.namedChild(0);
  let value = n?.type === "variable_declarator" ? n.childForFieldName("value")
    : n?.type === "assignment_expression" ? n.childForFieldName("right") : null;
  // Down the chain the value is built on: `require("debug")("app")`, `require("x").y.z()`.
  while (value) {
    if (value.type === "await_expression" || value.type === "parenthesized_expression") value = value.namedChild(0);
    else if (value.type === "member_expression") value = value.childForFieldName("object");
    else if (value.type === "call_expression") {
      const callee = value.childForFieldName("function");
      // (And a bundle's own loaders: webpack's `__webpack_require__(370)`, also as `n(370)` in no other form;
      // esbuild's `require_oop()` in a `__commonJS` bundle.)
      if (callee?.type === "import" || (callee?.type === "identifier" && (/^(?:require|__webpack_require__)$/.test(ctx.text(callee)) || (/^require_[\w$]+$/.test(ctx.text(callee)) && isBundle(ctx))))) return true;
      // (Closure's `const Heap = goog.require('goog.structs.Heap')`: closure.ts.)
      if (callee?.type === "member_expression" && GOOG_REQUIRE.test(ctx.text(callee).replace(/\s+/g, ""))) return true;
      // tsc's and Babel's interop wrappers: `__importDefault(require("node:fs"))`, `_interopRequireWildcard(require("x"))`.
      const arg = callee?.type === "identifier" && INTEROP.test(ctx.text(callee)) ? value.childForFieldName("arguments")?.namedChild(0) : null;
      value = arg ?? callee;
    } else return false;
  }
  return false;
}

/**
 * A require() binding or assignment the module exports (`exports.Edge = require("./edge").Edge`,
 * `module.exports = { Node }` of `const Node = require("./node")`, the whole module handed on:
 * `module.exports = require("./graph/Chunk")`, webpack's): marked an exported re-export constant (its
 * definition is in the required file), true; false when the module keeps it.
 */
export function requireReexport(r: SymbolRecord, exported: ReadonlySet<string>): boolean {
  const asg = r.props?.assignment && r.node ? (r.node.type === "assignment_expression" ? r.node : r.node.namedChild(0)) : null;
  const target = asg?.type === "assignment_expression" ? asg.childForFieldName("left")?.text.replace(/\s+/g, "") : undefined;
  // (`export const { version } = require("../package.json")`, an ES module's createRequire: csso's version.)
  if (!(target ? /^(?:module\.)?exports(?:\.[\w$]+)?$/.test(target) && target !== "exports" : exported.has(r.name) || r.node?.parent?.type === "export_statement")) return false;
  r.exported = true;
  r.kind = "constant";
  r.reexport = true;
  return true;
}

/** `export * from "x"` (not `export * as ns from "x"`: that is one name, the namespace). */
export function isStarExport(stmt: Node): boolean {
  return stmt.type === "export_statement" && stmt.children.some((c) => c?.type === "*") && !stmt.namedChildren.some((c) => c?.type === "namespace_export");
}
