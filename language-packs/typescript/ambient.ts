/**
 * TypeScript's export contexts: a declaration file, and the body of `declare module "x" {…}`, `declare
 * namespace N {…}` and `declare global {…}`, where declarations are exported without the keyword unless
 * the body has an export declaration or assignment (TypeScript's binder, NodeFlags.ExportContext).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";

/** `declare module "fs" {…}` / `declare global {…}`: declarations every importer of the package sees. */
export function isAmbientModule(r: SymbolRecord): boolean {
  if (r.kind !== "module" || !r.node) return false;
  return r.node.type === "ambient_declaration" || r.node.childForFieldName("name")?.type === "string";
}

/** An export declaration or assignment in a module body: what turns its implicit exports off. */
export function exportContextOff(body: Node): boolean {
  return body.namedChildren.some((c) => c?.type === "export_statement" && !c.childForFieldName("declaration") &&
    (!!c.childForFieldName("source") || !!c.childForFieldName("value") || c.namedChildren.some((x) => x?.type === "export_clause") || /^export\s*=/.test(c.text)));
}

/** Which names an ambient namespace or module exports without the keyword (none when it is not ambient). */
const ambientCache = new WeakMap<SymbolRecord, (name: string) => boolean>();
export function ambientExports(ns: SymbolRecord, ctx: FileContext): (name: string) => boolean {
  let f = ambientCache.get(ns);
  if (f) return f;
  const node = ns.node;
  let ambient = /\.d\.[cm]?ts$/.test(ctx.path);
  for (let p: Node | null = node ?? null; p && !ambient; p = p.parent) if (p.type === "ambient_declaration") ambient = true;
  // (`declare global {…}` is an ambient declaration holding its block; a nested `global {…}`, the block.)
  const body = !node ? null : node.type === "statement_block" ? node : node.type === "ambient_declaration"
    ? (node.namedChildren.find((c) => c?.type === "internal_module" || c?.type === "module")?.childForFieldName("body") ?? node.namedChildren.find((c) => c?.type === "statement_block")) : node.childForFieldName("body");
  if (!ambient || !body) f = () => false;
  else if (!exportContextOff(body)) f = () => true;
  else {
    // `export { a as b }`, `export = lib`, `export default x` name what the body exports.
    const named = new Set<string>();
    for (const c of body.namedChildren) {
      if (c?.type !== "export_statement" || c.childForFieldName("source")) continue;
      const clause = c.namedChildren.find((x) => x?.type === "export_clause");
      for (const spec of clause?.namedChildren ?? []) if (spec?.childForFieldName("name")) named.add(spec.childForFieldName("name")!.text);
      const value = c.childForFieldName("value") ?? (/^export\s*=/.test(c.text) ? c.namedChild(0) : null);
      if (value?.type === "identifier") named.add(value.text);
    }
    f = (name) => named.has(name);
  }
  ambientCache.set(ns, f);
  return f;
}
