/** esbuild's CommonJS export plumbing: `__export(lib_exports, { name: () => local, … })`. */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { unquote } from "../../core/imports.js";
import { moduleStatements } from "./iife.js";

/**
 * esbuild's export getter maps: `__export(lib_exports, { runMain: () => runMain, … })`, by the map's
 * name: [public name, local name] pairs. The arrows are plumbing, no entries (isExportGetter).
 */
export function esbuildGetterMaps(ctx: FileContext): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  // (Also in a UMD factory's body: @jridgewell's `(function (global, factory) { … factory(module); … })(this,
  // (function (module) { … __export(sourcemap_codec_exports, {…}); module.exports = __toCommonJS(…); … }))`.)
  for (const stmt of moduleStatements(ctx.tree.rootNode)) {
    const call = stmt.type === "expression_statement" ? stmt.namedChild(0) : null;
    if (call?.type !== "call_expression" || ctx.text(call.childForFieldName("function") ?? call) !== "__export") continue;
    const [target, object] = call.childForFieldName("arguments")?.namedChildren ?? [];
    if (target?.type !== "identifier" || object?.type !== "object") continue;
    const pairs: [string, string][] = [];
    for (const p of object.namedChildren) {
      const key = p?.type === "pair" ? p.childForFieldName("key") : null;
      const body = p?.childForFieldName("value")?.childForFieldName("body");
      if (key && body?.type === "identifier") pairs.push([unquote(ctx.text(key)), ctx.text(body)]);
    }
    out.set(ctx.text(target), pairs);
  }
  return out;
}

/** A getter of an esbuild export map (`runMain: () => runMain` in `__export(x, {…})`). */
export function isExportGetter(node: Node | undefined): boolean {
  if (node?.type !== "pair" || node.childForFieldName("value")?.type !== "arrow_function") return false;
  const call = node.parent?.parent?.parent;
  return call?.type === "call_expression" && call.childForFieldName("function")?.text === "__export";
}

/**
 * An esbuild CommonJS module, `var require_oop = __commonJS({ "node_modules/x/oop.js"(exports, module)
 * {…} })`: the method the bundle's `__commonJS` map holds, whose body is that module's scope (iife.ts
 * bundleModules), as a webpack or browserify module function's is. Named by its path without quotes.
 */
export function isEsbuildModule(node: Node | null | undefined): boolean {
  if (node?.type !== "method_definition" || node.parent?.type !== "object") return false;
  const call = node.parent.parent?.type === "arguments" ? node.parent.parent.parent : null;
  return call?.type === "call_expression" && call.childForFieldName("function")?.text === "__commonJS";
}

/**
 * A statement directly in an esbuild CommonJS module's body (isEsbuildModule): a module-scope statement, kept in that "function".
 * (`exports2.x = …`, `module2.exports = …` where esbuild renamed the module function's parameters, a nested
 * `exports` shadowing them: by the function's own parameters, the first its `exports`, the second its `module`.)
 */
export function inEsbuildModule(statement: Node | undefined): boolean {
  // (The text first: asked of every record inside a function, and a parent is a walk from the root.)
  const m = statement ? /^(?:var|let|const|(exports\d*)\.|(module\d*)\.exports)\b/.exec(statement.text.slice(0, 16)) : null;
  if (!m) return false;
  const block = statement!.parent;
  if (block?.type !== "statement_block" || !isEsbuildModule(block.parent)) return false;
  const params = block.parent!.childForFieldName("parameters")?.namedChildren ?? [];
  return m[1] ? params[0]?.text === m[1] : m[2] ? params[1]?.text === m[2] : true;
}

const paramsOf = new WeakMap<FileContext, { exports: Set<string>; module: Set<string> }>();
/**
 * The names esbuild gave its CommonJS module functions' parameters where a nested `exports` made it
 * rename them (`"path"(exports2, module2) {…}`; ace's worker-xml.js, 65 modules): the first is the
 * module's `exports`, the second its `module` (iife.ts umdExportsAliases, closure.ts isModuleExportsTarget).
 */
export function esbuildRenamedParams(ctx: FileContext): { exports: Set<string>; module: Set<string> } {
  let out = paramsOf.get(ctx);
  if (out) return out;
  paramsOf.set(ctx, (out = { exports: new Set(), module: new Set() }));
  if (!ctx.source.includes("__commonJS(")) return out;
  for (const m of ctx.source.matchAll(/\b__commonJS\(\{\s*"[^"\n]*"\(\s*(exports\d*)(?:\s*,\s*(module\d*))?\s*\)\s*\{/g)) {
    if (m[1] !== "exports") out.exports.add(m[1]!);
    if (m[2] && m[2] !== "module") out.module.add(m[2]);
  }
  return out;
}
