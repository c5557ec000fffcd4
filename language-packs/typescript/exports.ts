/**
 * What a JS/TS module exports: ESM export lists and re-exports, CommonJS (`module.exports`,
 * `exports.x`, `Object.assign`; TS `export =`), and the shapes tsc and bundlers emit (`exports.x = x;`,
 * `Object.defineProperty(exports, …)`, compiled enums). Export contexts (.d.ts, `declare …`): ambient.ts.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { unquote } from "../../core/imports.js";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip, collapse } from "../../core/text.js";
import { assignmentOf } from "./assignments.js";
import { sequenceItems } from "./sequences.js";
import { innermostValue, namesValue } from "./named-values.js";

export { namesValue };
import { isBundle, moduleStatements, returnsFromUmdFactory, unparenthesized } from "./iife.js";
import { exportedByExporter, umdExportsAliases } from "./umd-exports.js";
import { esbuildGetterMaps } from "./esbuild-exports.js";
import { calleeText, declaredTypes } from "./defined-properties.js";
import { svelteProps } from "./svelte-props.js";
import { isModuleExportsTarget } from "./closure.js";
import { chainValue } from "./var-chains.js";

const FOLDED: Record<string, string> = { object: "{…}", array: "[…]", arrow_function: "() => …", function_expression: "function …", class: "class …", template_string: "`…`" };

/**
 * A module's exported value as a one-line head with its literals folded: `defineComponent({…})`,
 * `new Router([…], "x")`, `{…} satisfies Config`. Arguments longer than a name fold to `…`.
 */
export function foldedValue(node: Node, ctx: FileContext): string {
  const fold = (n: Node, depth: number): string => {
    const folded = FOLDED[n.type];
    if (folded) return folded;
    if (depth < 3 && (n.type === "call_expression" || n.type === "new_expression")) {
      const callee = n.childForFieldName(n.type === "call_expression" ? "function" : "constructor");
      const args = n.childForFieldName("arguments");
      if (callee && args?.type === "arguments") {
        const list = args.namedChildren.filter((a): a is Node => !!a && a.type !== "comment").map((a) => fold(a, depth + 1));
        return `${n.type === "new_expression" ? "new " : ""}${fold(callee, depth + 1)}(${list.join(", ")})`;
      }
    }
    const inner = depth < 3 ? n.namedChild(0) : null;
    if (inner && (n.type === "as_expression" || n.type === "satisfies_expression")) return `${fold(inner, depth + 1)} ${collapse(ctx.source.slice(inner.endIndex, n.endIndex))}`;
    if (inner && n.type === "parenthesized_expression") return `(${fold(inner, depth + 1)})`;
    if (inner && n.type === "await_expression") return `await ${fold(inner, depth + 1)}`;
    // `isSupported && function (config) {…}` (axios's xhr adapter): the operands folded.
    const [left, right] = depth < 3 && n.type === "binary_expression" ? [n.childForFieldName("left"), n.childForFieldName("right")] : [];
    if (left && right) return `${fold(left, depth + 1)} ${collapse(ctx.source.slice(left.endIndex, right.startIndex))} ${fold(right, depth + 1)}`;
    const text = collapse(ctx.text(n));
    return depth && text.length > 40 ? "…" : text;
  };
  return clip(fold(node, 0), MAX_SIGNATURE - 20);
}

/**
 * Names exported by `export { a, b as c }`, `export default a`, and CommonJS `module.exports = …`;
 * `aliases` gets the public names CommonJS gives a local under another name (`module.exports = {
 * parse: decode }`, `exports.stringify = encode`: decode → parse), which read_symbol finds it by.
 */
export function exportedNames(ctx: FileContext, aliases?: Map<string, string[]>): Set<string> {
  const names = new AliasingSet(aliases);
  const root = ctx.tree.rootNode;
  const cjs = ctx.source.includes("module.exports");
  const getterMaps = ctx.source.includes("__export(") ? esbuildGetterMaps(ctx) : undefined;
  /** Bindings of the module's export object (`var util = module.exports = {}`). */
  const objects = new Set<string>();
  /** `var entry_default = Fuse` (esbuild's default export): the binding another name aliases. */
  const aliasOf = new Map<string, string>();
  const callables = new Set<string>();
  const clauseAliases = new Map<string, string>();
  for (const prop of svelteProps(ctx)) names.add(prop); // (a Svelte 5 component's `$props()`)
  for (const stmt of moduleStatements(root, isBundle(ctx))) {
    if (stmt.type === "export_statement") {
      const clause = stmt.namedChildren.find((c) => c?.type === "export_clause");
      if (clause && !stmt.childForFieldName("source")) {
        for (const spec of clause.namedChildren) {
          const n = spec?.childForFieldName("name");
          if (n) names.add(ctx.text(n));
          const alias = n && spec!.childForFieldName("alias");
          if (alias) clauseAliases.set(ctx.text(n!), ctx.text(alias));
        }
      }
      const value = stmt.childForFieldName("value");
      const named = value && innermostValue(value);
      // (`export default Tiptap`, `export default function EmojiPicker`: read_symbol finds it as `default`
      // too — what an importer's `import Picker from "./x"` knows.)
      if (named?.type === "identifier") names.add(ctx.text(named), "default");
      // `export default { isString, forEach, each: forEach }` (axios' utils): as `module.exports = {…}`.
      else if (named?.type === "object") objectValueNames(named, ctx, names);
      const declared = !value && stmt.childForFieldName("declaration");
      const declaredName = declared && /^export\s+default\b/.test(ctx.text(stmt)) ? declared.childForFieldName("name") : null;
      if (declaredName) names.add(ctx.text(declaredName), "default");
      // TypeScript's `export = App;` / `export = { parse, Parser }` / `export = class Client {…}`: as `module.exports = …`.
      const only = stmt.namedChild(0);
      if (!value && only && /^export\s*=/.test(ctx.text(stmt))) moduleExportValue(innermostValue(only), ctx, names);
    } else if (stmt.type === "expression_statement" || (stmt.type === "return_statement" && stmt.namedChild(0)?.type === "sequence_expression")) {
      // (Babel's helpers: `module.exports = f, module.exports.__esModule = true, …;`, one sequence; Uglify's in a `return`.)
      const first = stmt.namedChild(0);
      for (const asg of first?.type === "sequence_expression" ? sequenceItems(first) : [first]) exportedBy(asg, ctx, names, getterMaps, objects);
      // (A minified UMD factory's `return l.parse, l.getParser, l;`, bowser's: its value, the last item, is the export.)
      if (stmt.type === "return_statement" && returnsFromUmdFactory(stmt)) moduleExportValue(innermostValue(sequenceItems(first!).at(-1)!), ctx, names);
    } else if (stmt.type === "function_declaration" || stmt.type === "generator_function_declaration" || stmt.type === "class_declaration") {
      const name = stmt.childForFieldName("name");
      if (name) callables.add(ctx.text(name));
    } else if (stmt.type === "lexical_declaration" || stmt.type === "variable_declaration") {
      for (const d of stmt.namedChildren) {
        const value = d?.type === "variable_declarator" ? chainValue(d.childForFieldName("value")) : null;
        const name = value && d!.childForFieldName("name");
        if (name?.type === "identifier" && value && (value.type === "class" || value.type === "function_expression" || value.type === "arrow_function")) callables.add(ctx.text(name));
        // `var utils = exports;`, `var api = module.exports;` (elliptic): another name of the export object.
        if (cjsObject(value, ctx) && name?.type === "identifier") for (const set of [names, objects]) set.add(ctx.text(name));
        if (value?.type === "identifier" && name?.type === "identifier") aliasOf.set(ctx.text(name), ctx.text(value));
        if (value?.type !== "assignment_expression") continue;
        // `const h = exports.h = function (…)`: h is exported as h (`const h = (exports.h = …)` too: chainValue);
        // Babel's `var _default = exports.default = Long;`: Long too, by that name.
        const prop = name?.type === "identifier" ? chainedExport(value, ctx) : undefined;
        if (prop) for (const n of [name!, innermostValue(value)]) if (n.type === "identifier") names.add(ctx.text(n), prop);
        // `var app = exports = module.exports = {}`: `app` is the module's export object.
        if (!cjs || !chainSetsModuleExports(value, ctx)) continue;
        if (name?.type === "identifier") names.add(ctx.text(name));
        if (name?.type === "identifier") objects.add(ctx.text(name));
        for (const t of chainTargets(value, ctx)) objects.add(t);
        moduleExportValue(innermostValue(value), ctx, names);
      }
    } else if (stmt.type === "return_statement" && returnsFromUmdFactory(stmt) && stmt.namedChild(0)) {
      moduleExportValue(innermostValue(stmt.namedChild(0)!), ctx, names); // moment's `return hooks;`: its module.exports
    }
  }
  // `declare namespace LazyResult { export { LazyResult_ as default } }` with the namespace exported
  // (`export = LazyResult`: postcss's typings): what its export clause names is reachable through it.
  if (ctx.source.includes("namespace")) for (const stmt of root.namedChildren) namespaceClauseNames(stmt, ctx, names);
  // `var entry_default = Fuse; export { entry_default as default }` (esbuild), `const lib = Fuse;
  // module.exports = lib`: what the exported alias names is exported, by the alias's public name.
  // (A class or function: `export var SEMRESATTRS_X = TMP_X` hands on a value, no declaration to read.)
  for (const [alias, target] of aliasOf) {
    if (!names.has(alias) || names.has(target) || !callables.has(target)) continue;
    const publicName = clauseAliases.get(alias) ?? aliases?.get(alias)?.[0];
    names.add(target, publicName ?? alias);
  }
  return names;
}

/** The names an exported top-level namespace's (`export namespace N`, or named by `export =`) `export { a as b }` lists (no `from`): exported too. */
function namespaceClauseNames(stmt: Node | null, ctx: FileContext, names: Set<string>): void {
  const ns = stmt?.type === "ambient_declaration" || stmt?.type === "expression_statement" || stmt?.type === "export_statement" ? stmt.namedChildren.find((c) => c?.type === "internal_module") : stmt?.type === "internal_module" ? stmt : undefined;
  const name = ns?.childForFieldName("name");
  if (!ns || name?.type !== "identifier" || (stmt!.type !== "export_statement" && !names.has(ctx.text(name)))) return;
  for (let st = ns.childForFieldName("body")?.firstNamedChild ?? null; st; st = st.nextNamedSibling) {
    if (st.type !== "export_statement" || st.childForFieldName("source")) continue;
    for (const spec of st.namedChildren.find((c) => c?.type === "export_clause")?.namedChildren ?? []) {
      const n = spec?.type === "export_specifier" ? spec.childForFieldName("name") : null;
      if (n) names.add(ctx.text(n));
    }
  }
}

/**
 * `exports` here is a parameter of an IIFE handed another object (doctrine's `(function (exports) {…
 * exports.parse = parse; }(jsdoc = {}))`, or `(jsdoc)`): that object's member, not the module's export.
 */
function handedAnother(node: Node): boolean {
  for (let fn = node.parent; fn; fn = fn.parent) {
    if (fn.type !== "function_expression" && fn.type !== "arrow_function" && fn.type !== "function_declaration") continue;
    const i = (fn.childForFieldName("parameters")?.namedChildren ?? []).findIndex((p) => p?.type === "identifier" && p.text === "exports");
    if (i < 0) continue;
    let up = fn.parent;
    while (up?.type === "parenthesized_expression") up = up.parent;
    const viaCall = up?.type === "member_expression" && up.childForFieldName("property")?.text === "call";
    const call = viaCall ? up!.parent : up;
    if (call?.type !== "call_expression" || (!viaCall && unparenthesized(call.childForFieldName("function"))?.id !== fn.id)) return false;
    const arg = call.childForFieldName("arguments")?.namedChildren[viaCall ? i + 1 : i];
    const named = arg?.type === "assignment_expression" ? arg.childForFieldName("left") : arg;
    return named?.type === "identifier" && named.text !== "exports";
  }
  return false;
}

/** `exports` or `module.exports` itself. */
function cjsObject(value: Node | null, ctx: FileContext): boolean {
  if (value?.type === "identifier") return ctx.text(value) === "exports";
  return value?.type === "member_expression" && ctx.text(value).replace(/\s+/g, "") === "module.exports";
}

/**
 * `Object.defineProperty(exports, "key", { enumerable: true, value: <value> })` (no accessor): the export
 * `key` and its value — or, with another `target` pattern, a property defined on another object. Not
 * tsc's `__esModule` marker. (An accessor descriptor is nameDefinedProperty's.)
 */
export function definedValue(call: Node, ctx: FileContext, target: RegExp = /^(?:module\.)?exports$/): { key: string; keyNode: Node; value: Node; on: string } | undefined {
  if (calleeText(call.childForFieldName("function") ?? call, ctx) !== "Object.defineProperty") return undefined;
  const [on, name, descriptor] = call.childForFieldName("arguments")?.namedChildren ?? [];
  const keyNode = name?.type === "string" ? name.namedChild(0) : null;
  const onText = on ? ctx.text(on).replace(/\s+/g, "") : "";
  if (!keyNode || descriptor?.type !== "object" || !target.test(onText)) return undefined;
  const key = ctx.text(keyNode);
  if (key === "__esModule") return undefined;
  let value: Node | undefined;
  for (const p of descriptor.namedChildren) {
    const k = p?.type === "pair" ? ctx.text(p.childForFieldName("key") ?? p) : p?.type === "method_definition" ? "get" : "";
    if (k === "get" || k === "set") return undefined;
    if (k === "value") value = p!.childForFieldName("value") ?? undefined;
  }
  return value ? { key, keyNode, value, on: onText } : undefined;
}

/** What one top-level expression exports: `module.exports = x`, `exports.a = a`, `Object.assign(module.exports, {…})`. */
function exportedBy(asg: Node | null, ctx: FileContext, names: AliasingSet, getterMaps?: Map<string, [string, string][]>, objects?: Set<string>): void {
  // `Object.assign(module.exports, { a, b: c })`; `Object.defineProperty(exports, "v", { value: x })`
  if (asg?.type === "call_expression") {
    const defined = definedValue(asg, ctx);
    if (!defined) return void (exportedByExporter(asg, ctx, names) || assignedToExports(asg, ctx, names));
    if (defined.value.type === "identifier") names.add(ctx.text(defined.value), defined.key);
    else names.add(defined.key);
    return;
  }
  if (asg?.type !== "assignment_expression") return;
  const left = asg.childForFieldName("left");
  const right = asg.childForFieldName("right");
  if (!left || !right) return;
  // (`exports['sprintf'] = sprintf` reads as `exports.sprintf = sprintf`: sprintf-js, Closure-safe code.)
  const target = ctx.text(left).replace(/\[(["'])([\w$]+)\1\]$/, ".$2");
  // `exports.x = x;` / `module.exports.x = x;` (what tsc and bundlers emit after the declaration)
  const own = /^(?:module\.)?exports\.([\w$]+)$/.exec(target) ?? aliasedExport(target, ctx);
  const prop = own && !(target.startsWith("exports.") && handedAnother(asg)) ? own : null;
  if (right.type === "identifier" && prop) names.add(ctx.text(right), prop[1]);
  // (`exports.CSSValue = CSSOM.CSSValue`, cssom's: the member of that path is exported, by that name. The
  // export stays an entry of its own too, in the API: the member's owner is no export.)
  else if (right.type === "member_expression" && prop && DOTTED.test(ctx.text(right))) names.add(ctx.text(right), prop[1]);
  // `window.Zepto = Zepto` (a browser library publishing its binding on the global object, at the
  // module's level: zepto, js-beautify's `window.js_beautify = js_beautify`): as `module.exports = Zepto`.
  // (Not `self` nor `root`: often `var self = this`. Not `window.onload = onLoad`-style handlers.)
  const global = !prop && right.type === "identifier" ? /^(?:window|globalThis|global)\.([\w$]+)$/.exec(target) : null;
  if (global && !/^on[a-z]/.test(global[1]!)) names.add(ctx.text(right), global[1]);
  // (CoffeeScript's `exports.Access = Access = (function () {…}).call(this)`: the binding it also assigns.)
  const also = prop && right.type === "assignment_expression" ? right.childForFieldName("left") : null;
  if (also?.type === "identifier") names.add(ctx.text(also), prop![1]);
  // (http-server's `exports.HttpServer = exports.HTTPServer = HttpServer`: the name at the chain's end, by each export name.)
  const named = also?.type === "member_expression" ? exportChainEnd(right, ctx) : null;
  if (named?.type === "identifier") for (const t of chainLefts(asg, ctx)) {
    const p = /^(?:module\.)?exports\.([\w$]+)$/.exec(t.replace(/\s+/g, ""));
    if (p) names.add(ctx.text(named), p[1]);
  }
  // `util.ByteStringBuffer = ByteStringBuffer` on the export object's binding (node-forge): the same;
  // and `forge.cipher.createCipher = function` where `module.exports = forge.cipher = …`: that path
  // (the function's alias).
  const onObject = !prop && objects?.size ? /^([\w$]+(?:\.[\w$]+)*)\.([\w$]+)$/.exec(target) : null;
  if (onObject && objects!.has(onObject[1]!)) {
    if (right.type === "identifier") names.add(ctx.text(right), onObject[2]);
    else if (onObject[1]!.includes(".")) names.add(target.replace(/\s+/g, ""));
  }
  // (lodash's `(freeModule.exports = _)._ = _`: the assignment inside.)
  const inner = left.type === "member_expression" ? unparenthesized(left.childForFieldName("object")) : null;
  if (inner?.type === "assignment_expression") exportedBy(inner, ctx, names, getterMaps, objects);
  // `module.exports = main`, also down a chain: `exports = module.exports = main` (express); UMD's
  // `freeModule.exports = he` (`var freeModule = typeof module == 'object' && module`: he, lodash).
  // (A goog.module's `exports = Heap;`: closure.ts.)
  if (isModuleExportsTarget(target, ctx) || chainSetsModuleExports(right, ctx) || (target.endsWith(".exports") && moduleAliases(ctx).has(target.slice(0, -8)))) {
    for (const t of chainTargets(asg, ctx)) objects?.add(t);
    moduleExportValue(innermostValue(right), ctx, names);
  }
  // esbuild's CommonJS output: `module.exports = __toCommonJS(lib_exports)` exports the getter map's targets.
  const map = getterMaps && target === "module.exports" && right.type === "call_expression" && ctx.text(right.childForFieldName("function") ?? right) === "__toCommonJS"
    ? getterMaps.get(ctx.text(right.childForFieldName("arguments")?.namedChild(0) ?? right)) : undefined;
  for (const [key, local] of map ?? []) names.add(local, key);
}

const aliasesOf = new WeakMap<FileContext, Set<string>>();
/** Names a UMD wrapper gives `module`: `var freeModule = freeExports && typeof module == 'object' && module;`. */
function moduleAliases(ctx: FileContext): Set<string> {
  let out = aliasesOf.get(ctx);
  if (!out) aliasesOf.set(ctx, (out = new Set([...ctx.source.matchAll(/\bvar\s+([\w$]+)\s*=[^;]*&&\s*module\s*;/g)].map((m) => m[1]!))));
  return out;
}

/** The targets of an assignment chain, as written, outermost first (`a = exports.b = x` → a, exports.b). */
function chainLefts(value: Node, ctx: FileContext): string[] {
  const out: string[] = [];
  for (let v: Node | null = value; v?.type === "assignment_expression"; v = v.childForFieldName("right")) out.push(ctx.text(v.childForFieldName("left") ?? v));
  return out;
}

/** `Backbone.Model` where a UMD factory's parameter `Backbone` receives `exports` (iife.ts umdExportsAliases): as `exports.Model`. */
function aliasedExport(target: string, ctx: FileContext): RegExpExecArray | null {
  const m = /^[\w$]+\.([\w$]+)$/.exec(target);
  return m && umdExportsAliases(ctx).has(target.slice(0, target.indexOf("."))) ? m : null;
}

/** The name an assignment chain exports its value by (`exports.h = module.exports.g = …`: h). */
function chainedExport(value: Node, ctx: FileContext): string | undefined {
  for (const t of chainLefts(value, ctx)) {
    const prop = /^(?:module\.)?exports\.([\w$]+)$/.exec(t) ?? aliasedExport(t, ctx);
    if (prop) return prop[1];
  }
  return undefined;
}

/** The other names a chain through `module.exports` gives the export object (`module.exports = forge.aes = …`: forge.aes). */
function chainTargets(value: Node, ctx: FileContext): string[] {
  return chainLefts(value, ctx).map((t) => t.replace(/\s+/g, "")).filter((t) => t !== "module.exports" && t !== "exports" && /^[\w$]+(?:\.[\w$]+)*$/.test(t));
}

/** An assignment chain one of whose targets is `module.exports` (`exports = module.exports = x`). */
function chainSetsModuleExports(value: Node, ctx: FileContext): boolean {
  return chainLefts(value, ctx).includes("module.exports");
}

/** `Object.assign(module.exports, { a, b: c })` (also as `module.exports = Object.assign(module.exports, {…})`): a, c. */
function assignedToExports(call: Node, ctx: FileContext, names: AliasingSet): void {
  if (!/^Object\.assign$/.test(ctx.text(call.childForFieldName("function") ?? call))) return;
  const args = call.childForFieldName("arguments");
  const target = args?.namedChild(0);
  if (!target || !/^(?:module\.)?exports$/.test(ctx.text(target))) return;
  for (let i = 1; i < (args?.namedChildCount ?? 0); i++) {
    const o = args!.namedChild(i);
    if (o?.type === "object") objectValueNames(o, ctx, names);
  }
}

/** The names `module.exports = <value>` exports: an identifier, an object literal's values, a named function or class. */
function moduleExportValue(value: Node, ctx: FileContext, names: AliasingSet): void {
  if (value.type === "call_expression") return assignedToExports(value, ctx, names);
  if (value.type === "identifier") {
    names.add(ctx.text(value));
    // `const JSON5 = { parse, stringify }; module.exports = JSON5` (json5, he): what the object names is
    // exported, as by `module.exports = { parse, stringify }`.
    const object = declaredObject(ctx, ctx.text(value));
    if (object) objectValueNames(object, ctx, names);
  }
  else if (value.type === "object") objectValueNames(value, ctx, names);
  // `module.exports = new Mongoose()` (mongoose): the instance's class, declared here, is the module's
  // API (an imported one is not re-exported: js-yaml's `module.exports = new Type(…)`).
  else if (value.type === "new_expression") {
    const ctor = value.childForFieldName("constructor");
    if (ctor?.type === "identifier" && declaredTypes(ctx).has(ctor.text)) names.add(ctor.text);
    // (joi's `module.exports = new internals.Base()`: the class a module object holds, by its path.)
    else if (ctor?.type === "member_expression" && /^[\w$]+\.[\w$]+$/.test(ctor.text) && declaredObject(ctx, ctor.text.split(".")[0]!)) names.add(ctor.text);
  }
  else if ((value.type === "function_expression" || value.type === "class") && value.childForFieldName("name")) {
    names.add(ctx.text(value.childForFieldName("name")!));
  }
}

/** The local names an exported object literal hands out: `{ a, b: c }` → a, c (c as b). */
function objectValueNames(object: Node, ctx: FileContext, names: AliasingSet): void {
  for (const p of object.namedChildren) {
    if (p?.type === "shorthand_property_identifier") names.add(ctx.text(p));
    else if (p?.type === "pair") {
      const v = p.childForFieldName("value");
      const key = p.childForFieldName("key");
      if (v?.type === "identifier") names.add(ctx.text(v), key && key.type !== "computed_property_name" ? unquote(ctx.text(key)) : undefined);
    }
  }
}

/** The object literal a top-level `const name = {…}` binds, if any. */
function declaredObject(ctx: FileContext, name: string): Node | undefined {
  for (const stmt of moduleStatements(ctx.tree.rootNode)) {
    if (stmt.type !== "lexical_declaration" && stmt.type !== "variable_declaration") continue;
    for (let d = stmt.firstNamedChild; d; d = d.nextNamedSibling) {
      const value = d.type === "variable_declarator" && d.childForFieldName("name")?.text === name ? d.childForFieldName("value") : null;
      if (value) return value.type === "object" ? value : undefined;
    }
  }
  return undefined;
}

/** The exported names, and the public name each is exported under when it differs (into `aliases`). */
class AliasingSet extends Set<string> {
  constructor(private readonly aliases?: Map<string, string[]>) {
    super();
  }
  override add(name: string, publicName?: string): this {
    if (publicName && publicName !== name && this.aliases) {
      const list = this.aliases.get(name) ?? [];
      if (!list.includes(publicName)) this.aliases.set(name, [...list, publicName]);
    }
    return super.add(name);
  }
}

export function hasExportWrapper(node: Node | undefined): boolean {
  for (let p = node?.parent; p; p = p.parent) {
    if (p.type === "export_statement") return true;
    if (p.type !== "ambient_declaration") return false;
  }
  return false;
}

/** Call wrappers a default export's value may sit in: `export default memo(function Card() {…})`. */
const VALUE_WRAPPERS = new Set(["arguments", "call_expression", "parenthesized_expression", "await_expression", "as_expression", "satisfies_expression"]);

/**
 * Part of the module's default export, through call wrappers: a function or class expression
 * (`export default memo(function Card() {…})`) or a member of an object literal (`export default {
 * data() {…} }`, `export default defineComponent({ setup() {…} })`).
 */
export function isWrappedDefaultExport(node: Node | undefined): boolean {
  let from: Node | null | undefined;
  if (node?.type === "function_expression" || node?.type === "class") from = node.parent;
  else if (node?.type === "method_definition" || node?.type === "pair") from = node.parent?.type === "object" ? node.parent.parent : undefined;
  for (let p = from; p; p = p.parent) {
    if (p.type === "export_statement") return true;
    if (!VALUE_WRAPPERS.has(p.type)) return false;
  }
  return false;
}

/**
 * `exports.parseBody = parseBody;` (tsc's and bundlers' CommonJS output) names a declaration of the
 * file: that declaration is the exported entry (exportedNames marks it), not a second constant of the
 * same name. Kept when the file declares no such name (`exports.x = require("y").x` is dropped earlier).
 */
export function dropExportAliases(list: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  const declared = new Set<string>();
  for (const r of list) if (!r.props?.assignment) declared.add(r.name);
  return list.filter((r) => {
    if (!r.props?.assignment || r.kind !== "constant") return true;
    // (Down a chain of export targets too: `exports.HttpServer = exports.HTTPServer = HttpServer`, http-server's.)
    const right = exportChainEnd(assignmentOf(r.node)?.childForFieldName("right"), ctx);
    return !(right?.type === "identifier" && declared.has(ctx.text(right)));
  });
}
const DOTTED = /^[\w$]+(?:\.[\w$]+)+$/;

/** The value of `exports.b = module.exports.c = X` past its export targets (X), or the value itself. */
function exportChainEnd(value: Node | null | undefined, ctx: FileContext): Node | null | undefined {
  let v = value;
  while (v?.type === "assignment_expression" && /^(?:module\.)?exports\.[\w$]+$/.test(ctx.text(v.childForFieldName("left") ?? v).replace(/\s+/g, ""))) v = v.childForFieldName("right");
  return v;
}
