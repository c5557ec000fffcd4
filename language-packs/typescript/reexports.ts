/** Re-export specifiers (`export { a as b } [from "x"]`): an exported local, or an entry of their own. */
import type { FileContext, SymbolRecord } from "../../core/types.js";

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
    const importedType = !source && localName ? typeImports(ctx).has(ctx.text(localName)) : false;
    r.kind = wholeTypeOnly || importedType || /^type\s/.test(spec) ? "type" : "constant";
    r.signature = `export ${wholeTypeOnly ? "type " : ""}{ ${spec} }${source ? ` from ${ctx.text(source)}` : ""}`;
    if (source) r.reexport = true;
    out.push(r);
  }
  return out;
}

const typeOnly = new WeakMap<FileContext, Set<string>>();

/** The local names a module imports type-only: `import type { A, B as C }`, `import type D from`, `import { type E }`. */
function typeImports(ctx: FileContext): Set<string> {
  let out = typeOnly.get(ctx);
  if (out) return out;
  typeOnly.set(ctx, (out = new Set<string>()));
  for (let s = ctx.tree.rootNode.firstNamedChild; s; s = s.nextNamedSibling) {
    if (s.type !== "import_statement") continue;
    const text = ctx.text(s);
    const whole = /^import\s+type\s+(?:([\w$]+)|\{([^}]*)\})/.exec(text);
    if (whole?.[1]) out.add(whole[1]);
    const list = whole ? whole[2] : /\{([^}]*)\}/.exec(text)?.[1];
    for (const item of list?.split(",") ?? []) {
      const m = /^\s*(type\s+)?[\w$]+(?:\s+as\s+([\w$]+))?\s*$/.exec(item);
      const name = m && (whole || m[1]) ? (m[2] ?? item.trim().replace(/^type\s+/, "").split(/\s/)[0]) : undefined;
      if (name) out.add(name);
    }
  }
  return out;
}
