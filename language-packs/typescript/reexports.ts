/** Re-export specifiers (`export { a as b } [from "x"]`): an exported local, or an entry of their own. */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";

/**
 * Re-export specifiers (`export { a, type B as C } from "x"`) become entries of kind `type` (type-only)
 * or `constant` (an ES module binding), unless they name a declaration of the same scope — then that
 * declaration is marked exported instead and the specifier is dropped.
 */
export function resolveReexports(list: SymbolRecord[], parent: SymbolRecord | undefined, ctx: FileContext): SymbolRecord[] {
  if (!list.some((r) => r.props?.reexport)) return list;
  // (Every declaration of the name: a function's overload signatures, an interface and its merged namespace.)
  const local = new Map<string, SymbolRecord[]>();
  for (const r of list) if (!r.props?.reexport) local.set(r.name, [...(local.get(r.name) ?? []), r]);
  const out: SymbolRecord[] = [];
  for (const r of list) {
    if (!r.props?.reexport || !r.node) {
      out.push(r);
      continue;
    }
    const stmt = r.node.parent?.parent;
    const source = stmt?.childForFieldName("source");
    const localName = r.node.childForFieldName("name");
    const targets = !source && localName ? local.get(ctx.text(localName)) : undefined;
    if (targets) {
      for (const target of targets) {
        target.exported = parent ? parent.exported : true;
        // `export { a as alpha }`: importers call it `alpha` (a bundle's chunk exports `__commonJSMin as ft`).
        if (r.name !== target.name && !target.aliases?.includes(r.name)) (target.aliases ??= []).push(r.name), (target.exportedAs ??= []).push(r.name);
      }
      continue;
    }
    const spec = ctx.text(r.node);
    const wholeTypeOnly = /^export\s+type\b/.test(stmt ? ctx.text(stmt) : ""); // `export type { A } from`
    // (`import type { Real } from "./x"; export { Real };`: a type, as `export type { Real }` would say.)
    // An imported name handed on (`import { A as InfiniteData } from "./chunk.js"; export { InfiniteData }`,
    // a bundle's .d.ts): a re-export of that module's binding, said as one.
    const imported = !source && localName ? importsOf(ctx).get(ctx.text(localName)) : undefined;
    r.kind = wholeTypeOnly || imported?.typeOnly || /^type\s/.test(spec) ? "type" : "constant";
    if (imported && imported.name !== "*") {
      const as = imported.name === r.name ? r.name : `${imported.name} as ${r.name}`;
      const typeWord = !wholeTypeOnly && !imported.typeOnly && /^type\s/.test(spec) ? "type " : ""; // (`export { type Child }`)
      r.signature = `export ${wholeTypeOnly || imported.typeOnly ? "type " : ""}{ ${typeWord}${as} } from ${imported.from}`;
      r.reexport = true;
    } else r.signature = `export ${wholeTypeOnly ? "type " : ""}{ ${spec} }${source ? ` from ${ctx.text(source)}` : ""}`;
    if (source) r.reexport = true;
    out.push(r);
  }
  return out;
}

/**
 * `import XMLBuilder from "fast-xml-builder"; export default XMLBuilder` (fast-xml-parser): the module's
 * default export is another module's binding — an entry `default`, said as the re-export it is
 * (`export { default } from "fast-xml-builder"`); there had been none. Null for a local name.
 */
export function importedDefault(ctx: FileContext, x: Resolved, stmt: Node, value: Node): SymbolRecord | null {
  const imported = value.type === "identifier" ? importsOf(ctx).get(ctx.text(value)) : undefined;
  if (!imported) return null;
  const r = buildRecord(ctx, x, stmt, imported.typeOnly ? "type" : "constant", "default", value, { exported: "true" });
  const as = imported.name === "default" ? "default" : `${imported.name} as default`;
  // (A namespace import handed on: `export * as default from "./ns"`.)
  r.signature = imported.name === "*" ? `export * as default from ${imported.from}` : `export { ${as} } from ${imported.from}`;
  r.reexport = true;
  return r;
}

const importCache = new WeakMap<FileContext, Map<string, { name: string; from: string; typeOnly: boolean }>>();

/**
 * The module's imports by local name: the imported name (`default`, `*` for a namespace), the quoted
 * source, and whether it is type-only (`import type { A, B as C }`, `import type D from`, `import { type E }`).
 */
function importsOf(ctx: FileContext): Map<string, { name: string; from: string; typeOnly: boolean }> {
  let out = importCache.get(ctx);
  if (out) return out;
  importCache.set(ctx, (out = new Map()));
  for (let s = ctx.tree.rootNode.firstNamedChild; s; s = s.nextNamedSibling) {
    const from = s.type === "import_statement" ? s.childForFieldName("source") : null;
    if (!from) continue;
    const text = ctx.text(s);
    const whole = /^import\s+type\b/.test(text);
    const clause = s.namedChildren.find((c) => c?.type === "import_clause");
    for (const c of clause?.namedChildren ?? []) {
      if (c?.type === "identifier") out.set(ctx.text(c), { name: "default", from: ctx.text(from), typeOnly: whole });
      else if (c?.type === "namespace_import") {
        const n = c.namedChildren.find((k) => k?.type === "identifier");
        if (n) out.set(ctx.text(n), { name: "*", from: ctx.text(from), typeOnly: whole });
      } else if (c?.type === "named_imports") {
        for (const spec of c.namedChildren) {
          const name = spec?.type === "import_specifier" ? spec.childForFieldName("name") : null;
          if (!name) continue;
          const local = spec!.childForFieldName("alias") ?? name;
          out.set(ctx.text(local), { name: ctx.text(name), from: ctx.text(from), typeOnly: whole || /^type\s/.test(ctx.text(spec!)) });
        }
      }
    }
  }
  return out;
}
