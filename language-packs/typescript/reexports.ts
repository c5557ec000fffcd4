/**
 * Re-export specifiers (`export { a as b } [from "x"]`): an exported local, or an entry of their own;
 * and tsc's CommonJS re-exports, `Object.defineProperty(exports, "X", { get: function () { return m_1.X; } })`.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, endLineOf, MAX_SIGNATURE, signatureOf, type Resolved } from "../../core/extract.js";
import { unquote } from "../../core/imports.js";
import { clip } from "../../core/text.js";
import { memberOf } from "./assignments.js";
import { dottedPrototypeOwner } from "./dotted-owners.js";
import { calleeText } from "./defined-properties.js";
import { noteReexport } from "./reexport-kinds.js";

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
        if (!specifiers.has(target)) specifiers.set(target, r.node);
      }
      continue;
    }
    // (`export { type X as X }` is `export { type X }`: a self-alias says nothing.)
    const spec = ctx.text(r.node).replace(/^((?:type\s+)?)([\w$]+)\s+as\s+\2$/, "$1$2");
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
    r.signature = clip(r.signature, MAX_SIGNATURE);
    if (source) r.reexport = true;
    // (Its kind, where the module it names is a file of the project: reexport-kinds.ts.)
    if (source && localName) noteReexport(ctx, r, unquote(ctx.text(source)), ctx.text(localName));
    else if (imported && imported.name !== "*") noteReexport(ctx, r, unquote(imported.from), imported.name);
    out.push(r);
  }
  return out;
}

/** The `export { … }` specifier that exports a local (first one): a doc may be written on it (docs.ts). */
export const specifiers = new WeakMap<SymbolRecord, Node>();

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

/**
 * `Object.defineProperty(target, "name", { get: function () {…} })`: the accessor is the property
 * `name`, not a method `get`. On `exports` (tsc's re-exports: `get: function () { return m_1.X; }`) an
 * exported constant; on another target a method, attached to it (`Foo.prototype` → `Foo`). A second
 * accessor of the same statement (`set`) is not listed again. Returns false to drop the record.
 */
export function nameDefinedProperty(r: SymbolRecord, ctx: FileContext, defined: Set<number>): boolean {
  const args = r.node?.parent?.parent;
  const call = args?.parent;
  if (args?.type !== "arguments" || call?.type !== "call_expression" || r.node?.parent?.id !== args.namedChild(2)?.id) return true;
  const callee = call.childForFieldName("function");
  const target = args.namedChild(0);
  const name = args.namedChild(1);
  // (A well-known symbol's key, `Symbol.hasInstance` (koa's HttpError), names `[Symbol.hasInstance]`.)
  const key = name?.type === "string" ? unquote(ctx.text(name)) : name?.type === "member_expression" && /^Symbol\.\w+$/.test(ctx.text(name)) ? `[${ctx.text(name)}]` : undefined;
  if (!callee || !target || !key || calleeText(callee, ctx) !== "Object.defineProperty") return true;
  const on = ctx.text(target).replace(/\s+/g, "");
  const onExports = on === "exports" || on === "module.exports" || (on === "module" && key === "exports");
  if (defined.has(call.id)) return false;
  // `{ value: { a: 1 } }`: the statement is the constant's record (defined-properties.ts), not the pair.
  const value = r.node!.type === "pair" ? r.node!.childForFieldName("value") : null;
  if (value && ctx.text(r.node!.childForFieldName("key") ?? value) === "value" && !/function|arrow_function|class/.test(value.type)) return false;
  defined.add(call.id);
  r.name = key;
  r.members = [];
  if (onExports) {
    r.kind = "constant";
    r.exported = true;
    // tsc's re-export `get: function () { return auth_1.X; }` with `const auth_1 = require("./auth")`:
    // said as what it is (the pack's rank tap scores `export { … }` lines of a barrel 0).
    const from = reexportSource(r.node!, ctx);
    // (The getter's body cut from the head; the lines are the call's, `Object.defineProperty(exports, 'version', {` to `})`.)
    const fn = r.node!.type === "pair" ? r.node!.childForFieldName("value") : r.node;
    const as = from && from.imported !== r.name ? `${from.imported} as ${r.name}` : r.name;
    r.signature = from ? `export { ${as} } from ${from.spec}` : signatureOf(ctx, call, fn?.childForFieldName("body") ?? null, []) || r.signature;
    r.startLine = call.startPosition.row + 1;
    r.endLine = endLineOf(call);
  } else {
    // One method entry for the statement, its accessors in the signature (mongoose's `isNew`: a getter
    // and a setter of one property, one doc above the call, one read).
    // (Also a path's prototype, pixi's `Object.defineProperty(PIXI.Sprite.prototype, …)`: PIXI.Sprite's.)
    const base = /^([\w$]+)(?:\.prototype)?$/.exec(on)?.[1] ?? dottedPrototypeOwner(on);
    if (base && base !== "this") memberOf(r, base); // (as public as its owner, as `Foo.prototype.x = function` members are)
    const accessors = accessorHeads(r.node!.parent!, ctx);
    r.signature = clip(`${ctx.text(callee).replace(/\s+/g, "")}(${on}, ${ctx.text(name!)}, { ${accessors.join(", ") || r.signature || ""} })`, MAX_SIGNATURE);
    r.startLine = call.startPosition.row + 1;
    r.endLine = endLineOf(call);
  }
  // (The statement is the record's node: the doc above the call is the property's — unless the
  // accessor has its own, web-streams-polyfill's `/** Returns the high water mark … */ get: function`.)
  if (call.parent?.type === "expression_statement" && r.node!.previousSibling?.type !== "comment") r.node = call.parent;
  return true;
}

/** The heads of a descriptor's accessors, `get: function()`, `set(v)`. */
function accessorHeads(descriptor: Node, ctx: FileContext): string[] {
  const out: string[] = [];
  for (let c = descriptor.firstNamedChild; c; c = c.nextNamedSibling) {
    const key = c.type === "pair" || c.type === "method_definition" ? ctx.text(c.childForFieldName(c.type === "pair" ? "key" : "name") ?? c) : "";
    if (key !== "get" && key !== "set") continue;
    const fn = c.type === "pair" ? c.childForFieldName("value") : c;
    out.push(signatureOf(ctx, c, fn?.childForFieldName("body") ?? null, []) || key);
  }
  return out;
}

/** `get: function () { return m_1.X; }` where the file binds `m_1 = require("spec")`: the quoted spec. */
function reexportSource(pair: Node, ctx: FileContext): { spec: string; imported: string } | undefined {
  const fn = pair.childForFieldName("value");
  const body = fn?.childForFieldName("body");
  const ret = body?.type === "statement_block" ? body.namedChild(0) : body;
  const value = ret?.type === "return_statement" ? ret.namedChild(0) : ret;
  let object = value?.type === "member_expression" ? value.childForFieldName("object") : undefined;
  // `return __importDefault(unesc_1).default;` (tsc's esModuleInterop): the module's default export.
  if (object?.type === "call_expression" && /^__import(?:Default|Star)$/.test(ctx.text(object.childForFieldName("function") ?? object))) {
    object = object.childForFieldName("arguments")?.namedChild(0) ?? undefined;
  }
  const spec = object?.type === "identifier" ? requireBindings(ctx).get(ctx.text(object)) : undefined;
  return spec ? { spec, imported: ctx.text(value!.childForFieldName("property") ?? value!) } : undefined;
}

const requireCache = new WeakMap<FileContext, Map<string, string>>();

/** Top-level `const|var|let x = require("spec")` of the file: name → the quoted spec. */
function requireBindings(ctx: FileContext): Map<string, string> {
  let m = requireCache.get(ctx);
  if (m) return m;
  m = new Map();
  for (const stmt of ctx.tree.rootNode.namedChildren) {
    if (stmt?.type !== "lexical_declaration" && stmt?.type !== "variable_declaration") continue;
    for (const d of stmt.namedChildren) {
      const name = d?.childForFieldName("name");
      const value = d?.childForFieldName("value");
      if (name?.type !== "identifier" || value?.type !== "call_expression") continue;
      const arg = value.childForFieldName("arguments")?.namedChild(0);
      if (value.childForFieldName("function")?.text === "require" && arg?.type === "string") m.set(ctx.text(name), ctx.text(arg));
    }
  }
  requireCache.set(ctx, m);
  return m;
}
