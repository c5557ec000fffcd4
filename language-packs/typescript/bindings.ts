/**
 * Records the TS pack reads off statements rather than query matches (a query pattern per shape costs
 * milliseconds of analysis on every cold start): module- and namespace-level `const`/`let`/`var`
 * bindings, a default export's value (`export default defineComponent({…})`), `export * as ns from`,
 * constructor parameter properties; and the function wrappers (`memo`, `debounce`, …) whose anonymous
 * function a binding names.
 */
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../../core/plugin.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { unquote } from "../../core/imports.js";
import { buildRecord, MAX_SIGNATURE, extraction as resolvedExtraction, type Resolved } from "../../core/extract.js";
import { clip, collapse, collapseHead, lineTest } from "../../core/text.js";
import { withoutBodyOpener } from "../../core/heads.js";
import { foldedValue, namesValue } from "./exports.js";
import { compiledEnum, compiledMembers, valuedEnum } from "./compiled-namespaces.js";
import { factoryReturn, holdsBundleModules, isBundle, moduleStatementsWithIifes } from "./iife.js";
import { iifeObjects } from "./module-pattern.js";
import { chainValue } from "./var-chains.js";
import { importedDefault } from "./reexports.js";

/** `#x`, or a `private` / `protected` member (accessibility modifier): not the class's API. */
export function isPrivateMember(r: SymbolRecord, ctx: FileContext): boolean {
  if (r.name.startsWith("#")) return true;
  const n = r.node;
  if (!n) return false;
  for (const c of n.children) {
    if (c?.type === "accessibility_modifier") return /^(private|protected)$/.test(ctx.text(c));
  }
  return false;
}

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "generator_function", "function", "class"]);

/** `const`/`let`/`var` bindings directly in a namespace or module body (function values are tags already). */
export function namespaceBindings(ns: Node, ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  // (A `global { … }` inside a module is its block: namespace-members.ts nestedGlobals.)
  const body = ns.type === "statement_block" ? ns : (ns.childForFieldName("body") ?? (ns.type === "ambient_declaration" ? ns.namedChildren.find((c) => c?.type === "statement_block") : null));
  for (let stmt = body?.firstNamedChild ?? null; stmt; stmt = stmt.nextNamedSibling) {
    const decl = stmt.type === "export_statement" ? stmt.childForFieldName("declaration") : stmt;
    const alias = decl?.type === "import_alias" ? exportedImportAlias(ctx, resolvedExtraction(spec), stmt) : null;
    if (alias) out.push(alias);
    if (!decl || (decl.type !== "lexical_declaration" && decl.type !== "variable_declaration")) continue;
    for (let d = decl.firstNamedChild; d; d = d.nextNamedSibling) {
      const name = d.type === "variable_declarator" ? d.childForFieldName("name") : null;
      const value = d.childForFieldName("value");
      if (!name || name.type !== "identifier" || (value && (FUNCTION_VALUES.has(value.type) || parenthesizedFunction(value)))) continue;
      out.push(buildRecord(ctx, resolvedExtraction(spec), decl, decl.type === "variable_declaration" ? "variable" : "constant", ctx.text(name), name));
    }
  }
  return out;
}

/** The function or class at the end of an assignment chain a binding holds (`a = ns.a = function () {}`). */
function chainedDefinition(value: Node | null): Node | null {
  if (value?.type !== "assignment_expression") return null;
  while (value?.type === "assignment_expression") value = value.childForFieldName("right");
  return value && BINDING_VALUES.has(value.type) ? value : null;
}

/** `(function runInContext(context) {…})`: a value the tags query lists as the function it holds (a comment in the parentheses too: headlessui's `useEvent`). */
function parenthesizedFunction(value: Node): boolean {
  return value.type === "parenthesized_expression" && value.namedChildren.filter((c) => c?.type !== "comment").map((c) => c!.type).join() === "function_expression";
}

const BINDING_VALUES = new Set(["arrow_function", "function_expression", "generator_function", "class"]);

/**
 * Module-level `const` / `let` / `var` bindings (also under `export`), one record per declarator (per
 * name a destructuring declarator binds, its range the declaration's), as the core builds tag records: constant for lexical declarations, variable for `var`. A binding whose
 * value is a function or class is left to the tags query, which names it a function or class.
 */
export function moduleBindings(ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const x = resolvedExtraction(spec);
  const bundled = isBundle(ctx);
  for (const stmt of moduleStatementsWithIifes(ctx.tree.rootNode, bundled)) {
    // `declare global { interface Window {…} }`: a module `global`, its declarations nested in it.
    if (stmt.type === "ambient_declaration" && /^declare\s+global\b/.test(ctx.text(stmt).slice(0, 20))) {
      const r = buildRecord(ctx, x, stmt, "module", "global");
      r.signature = "declare global";
      out.push(r);
      continue;
    }
    let decl: Node | null = stmt;
    if (stmt.type === "ambient_declaration") decl = stmt.namedChild(0); // `declare var process: Process;`
    else if (stmt.type === "export_statement") {
      // `export * as utils from "./utils"`: a namespace of another module's exports, under a name.
      const ns = stmt.namedChildren.find((c) => c?.type === "namespace_export");
      const nsName = ns?.namedChild(0);
      if (ns && nsName) {
        const r = buildRecord(ctx, x, ns, "namespace", unquote(ctx.text(nsName)), nsName, { exported: "true" });
        r.signature = clip(collapse(ctx.text(stmt)).replace(/\s*;$/, ""), MAX_SIGNATURE);
        out.push(r);
        continue;
      }
      const assigned = exportAssignment(ctx, x, stmt);
      if (assigned !== undefined) {
        if (assigned) out.push(assigned);
        continue;
      }
      const value = stmt.childForFieldName("value");
      const reexported = value ? importedDefault(ctx, x, stmt, value) : null;
      if (reexported) {
        out.push(reexported);
        continue;
      }
      if (value && !BINDING_VALUES.has(value.type) && !namesValue(value, ctx)) {
        const r = defaultExport(ctx, x, stmt, value);
        if (r) out.push(r);
        continue;
      }
      const signature = anonymousDefaultSignature(ctx, x, stmt) ?? exportedImportAlias(ctx, x, stmt);
      if (signature) {
        out.push(signature);
        continue;
      }
      decl = null;
      for (let c = stmt.firstNamedChild; c; c = c.nextNamedSibling) {
        if (c.type === "lexical_declaration" || c.type === "variable_declaration") decl = c;
        else if (c.type === "ambient_declaration") decl = c.namedChild(0); // `export declare const VERSION: string;`
      }
    }
    if (!decl || (decl.type !== "lexical_declaration" && decl.type !== "variable_declaration")) continue;
    const kind = decl.type === "lexical_declaration" ? "constant" : "variable";
    for (let d = decl.firstNamedChild; d; d = d.nextNamedSibling) {
      if (d.type !== "variable_declarator") continue;
      const name = d.childForFieldName("name");
      const value = d.childForFieldName("value");
      if (name?.type === "object_pattern" || name?.type === "array_pattern") {
        // `export const { host, port } = config`, `let [first, second] = list`: one binding per name (a
        // `require()` / `import()` destructured is an import, dropped with the others by the pack).
        for (const id of patternNames(name)) out.push(buildRecord(ctx, x, decl, kind, ctx.text(id), id, undefined, undefined, true));
        continue;
      }
      if (name?.type !== "identifier" || (value && (BINDING_VALUES.has(value.type) || parenthesizedFunction(value)))) continue;
      // (webpack's `var __webpack_modules__ = ({ "./src/a.js": (…) => {…} })`: plumbing whose modules are scopes of their own.)
      if (bundled && holdsBundleModules(value)) continue;
      // `var Widget = ns.Widget = function (options) {…}`: the function (or class) at the chain's end, as
      // the tags query lists `var Widget = function`; its head keeps the chain.
      const held = chainedDefinition(chainValue(value));
      if (held) {
        out.push(buildRecord(ctx, x, decl, held.type === "class" ? "class" : "function", ctx.text(name), name));
        continue;
      }
      const compiled = value ? valuedEnum(ctx, value) : compiledEnum(ctx, ctx.text(name), stmt.nextNamedSibling);
      if (compiled) {
        const r = buildRecord(ctx, x, decl, compiled.kind, ctx.text(name), name);
        r.exported = compiled.exported;
        r.members = compiledMembers(ctx, x, r, compiled);
        for (const m of r.members) m.exported = r.exported;
        out.push(r);
        continue;
      }
      out.push(buildRecord(ctx, x, decl, kind, ctx.text(name), name, undefined, undefined, true));
      if (value) out.push(...iifeObjects(ctx, x, value));
    }
  }
  return out;
}

/**
 * The names a destructuring pattern binds: `{ a, b: renamed, c = 1, d: { e }, ...rest }`, `[x, , y = 2,
 * [z], ...more]` (not the keys: `b`, `d`).
 */
export function patternNames(pattern: Node): Node[] {
  switch (pattern.type) {
    case "identifier":
    case "shorthand_property_identifier_pattern":
      return [pattern];
    case "object_pattern":
    case "array_pattern":
      return pattern.namedChildren.flatMap((c) => (c ? patternNames(c) : []));
    case "pair_pattern": {
      const value = pattern.childForFieldName("value");
      return value ? patternNames(value) : [];
    }
    case "object_assignment_pattern":
    case "assignment_pattern": {
      const left = pattern.childForFieldName("left");
      return left ? patternNames(left) : [];
    }
    case "rest_pattern":
      return pattern.namedChild(0) ? patternNames(pattern.namedChild(0)!) : [];
    default:
      return [];
  }
}

/**
 * `export default function (): T;` (.d.ts; sfc.ts masks it as a named signature for the parse, whose
 * name the tags query reads off the real source as blank and skips): the exported function `default`,
 * headed as written — as `export default function () {…}` is.
 */
function anonymousDefaultSignature(ctx: FileContext, x: Resolved, stmt: Node): SymbolRecord | null {
  const decl = stmt.childForFieldName("declaration");
  if (decl?.type !== "function_signature") return null;
  const m = /^export\s+default\s+(?=function\s*[(<])/.exec(ctx.text(stmt));
  if (!m) return null;
  const r = buildRecord(ctx, x, decl, "function", "default", undefined, { exported: "true" });
  r.signature = clip(withoutBodyOpener(collapseHead(ctx.source.slice(stmt.startIndex + m[0].length, decl.endIndex))), MAX_SIGNATURE);
  return r;
}

/**
 * `export import Get = Api.get;` (at the top level or in a namespace): an exported alias of another
 * declaration, listed as a constant `Get` (TypeScript's navigation bar lists it as an alias; the pack has
 * no such kind), its head the statement. An unexported `import X = N.Y` is a local name, as an import is.
 */
function exportedImportAlias(ctx: FileContext, x: Resolved, stmt: Node): SymbolRecord | null {
  const alias = stmt.type === "export_statement" ? stmt.childForFieldName("declaration") : null;
  const name = alias?.type === "import_alias" ? alias.namedChild(0) : null;
  if (name?.type !== "identifier") return null;
  const r = buildRecord(ctx, x, alias!, "constant", ctx.text(name), name, { exported: "true" });
  r.signature = clip(collapse(ctx.text(stmt)).replace(/\s*;$/, ""), MAX_SIGNATURE);
  return r;
}

/**
 * TypeScript's `export = <value>` (.cts/.ts; tsc emits `module.exports = <value>`), read as the `.cjs`
 * form is: `export = class Client {…}` / `function connect() {}` is that class / function (exported; its
 * members nested), an anonymous one named `exports`; any other value but a name or an object of names
 * (`export = { parse, Parser }`, which exportedNames marks exported) an exported constant `exports`
 * holding what it declares. Undefined for any other statement; null when `export =` needs no entry.
 */
function exportAssignment(ctx: FileContext, x: Resolved, stmt: Node): SymbolRecord | null | undefined {
  if (stmt.child(1)?.type !== "=" || stmt.child(0)?.type !== "export") return undefined;
  const value = stmt.namedChildren.find((c) => c?.type !== "comment");
  if (!value || namesValue(value, ctx)) return null;
  if (value.type === "class" || FUNCTION_VALUES.has(value.type)) {
    const name = value.childForFieldName("name");
    return buildRecord(ctx, x, value, value.type === "class" ? "class" : "function", name ? ctx.text(name) : "exports", name ?? undefined, { exported: "true" });
  }
  const names = (p: Node | null) => p?.type === "shorthand_property_identifier" || (p?.type === "pair" && p.childForFieldName("value")?.type === "identifier") || p?.type === "comment";
  if (value.type === "object" && value.namedChildren.every(names)) return null;
  const r = buildRecord(ctx, x, value, "constant", "exports", undefined, { exported: "true" });
  r.signature = `export = ${foldedValue(value, ctx)}`;
  return r;
}

/**
 * `export default {…}` / `export default defineComponent({…})` / `export default new Router()`: the
 * module's default export, an exported constant `default` holding what its object declares (a Vue
 * component's `methods`, `data()`, a config's sections) — they were listed as module-level exports.
 */
function defaultExport(ctx: FileContext, x: Resolved, stmt: Node, value: Node): SymbolRecord | null {
  // `export default memo(function Card() {…})`: the named function is the entry (the tags query's).
  const args = value.type === "call_expression" ? value.childForFieldName("arguments") : null;
  if (args?.namedChildren.some((a) => (a?.type === "function_expression" || a?.type === "class") && a.childForFieldName("name"))) return null;
  const wrapped = wrappedBy(value);
  const r = buildRecord(ctx, x, stmt, wrapped ? "function" : "constant", "default", undefined, { exported: "true" });
  if (wrapped) {
    // `export default observer((props) => {…})`: a function, as `export const Card = memo(…)` is.
    r.bodyNode = wrapped.childForFieldName("body");
    r.signature = clip(`export default ${collapse(ctx.source.slice(value.startIndex, r.bodyNode?.startIndex ?? value.endIndex))}`.replace(/\s*(?:=>|\{)\s*$/, ""), MAX_SIGNATURE);
  } else r.signature = `export default ${foldedValue(value, ctx)}`;
  return r;
}

/**
 * `customElements.define("x-counter", class extends HTMLElement {…})`, `registry.add(class {…})`: an
 * anonymous class handed to a call is a class, named as a callback handed there would be
 * (`customElements.define@3`) — its methods were listed as the module's own. The tags query's class
 * pattern matches it; the core drops a match without a name.
 */
export function anonymousClassArguments(ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (const m of ctx.matches.tags ?? []) {
    const cls = m.captures.find((c) => c.name === "definition.class")?.node;
    if (cls?.type !== "class" || cls.parent?.type !== "arguments" || cls.childForFieldName("name")) continue;
    const call = cls.parent.parent;
    const callee = call?.type === "call_expression" ? call.childForFieldName("function") : call?.type === "new_expression" ? call.childForFieldName("constructor") : null;
    if (!callee) continue;
    const base = clip(ctx.text(callee).replace(/^await\s+/, "").replace(/\s+/g, ""), 60);
    out.push(buildRecord(ctx, resolvedExtraction(spec), cls, "class", `${base}@${cls.startPosition.row + 1}`));
  }
  return out;
}

/**
 * TypeScript parameter properties (`constructor(private readonly db: Db, public name = "x")`): class
 * properties declared in the constructor's parameter list — how Angular and NestJS classes receive
 * their services. Each is a property of the class (private and protected ones are not API).
 */
export function parameterProperties(ctor: SymbolRecord, ctx: FileContext, x: Resolved, classExported: boolean): SymbolRecord[] {
  const params = ctor.node!.childForFieldName("parameters");
  const out: SymbolRecord[] = [];
  for (let p = params?.firstNamedChild; p; p = p.nextNamedSibling) {
    if (p.type !== "required_parameter" && p.type !== "optional_parameter") continue;
    let declares = false;
    for (let c = p.firstChild; c && !declares; c = c.nextSibling) declares = c.type === "accessibility_modifier" || c.type === "readonly";
    const name = p.childForFieldName("pattern");
    if (!declares || name?.type !== "identifier") continue;
    const r = buildRecord(ctx, x, p, "property", ctx.text(name), name);
    r.exported = classExported && !isPrivateMember(r, ctx);
    out.push(r);
  }
  return out;
}

/**
 * Calls that return the function they are given (or a component made of it): memo, forwardRef, debounce,
 * …; esbuild's `__name(fn, "name")` of its keepNames option, `var double = /* @__PURE__ *\/ __name((x) =>
 * x * 2, "double")` (it had been a variable).
 */
export const FUNCTION_WRAPPERS = new Set(["memo", "forwardRef", "observer", "useCallback", "useEvent", "useEffectEvent", "debounce", "throttle", "once", "memoize", "curry", "__name"]);

/**
 * `const Card = memo((props) => {…})` / `const save = debounce(function () {…}, 300)`: the anonymous
 * function handed to a function wrapper (`React.memo`, `_.debounce` too), for a binding of one — or a
 * named one, whatever its name (`const UiSlider = forwardRef(function Slider(props, ref) {…})`, tldraw).
 */
export function wrappedFunction(node: Node): Node | null {
  const decl = node.type === "lexical_declaration" || node.type === "variable_declaration" ? node.namedChild(0) : null;
  const value = decl?.type === "variable_declarator" ? decl.childForFieldName("value") : null;
  return value ? (wrappedBy(value, 0, true) ?? factoryReturn(value)) : null;
}

/**
 * The anonymous function a wrapper call is given (`memo((props) => {…})`), if `value` is one — through
 * casts, parentheses and nested wrappers: react-router's `Link = React.memo(React.forwardRef((props, ref)
 * => {…}), eq) as any`, TanStack Form's `Field = ((props) => {…}) satisfies FunctionComponent<…>`.
 */
export function wrappedBy(value: Node, depth = 0, named = false): Node | null {
  const v = uncast(value);
  // (A named one too: `const computed = function computed(a) {…} as any`, mobx's.)
  if (v.id !== value.id && (isAnonymousFunction(v) || v.type === "function_expression")) return v;
  if (v.type !== "call_expression" || depth > 3) return null;
  const callee = v.childForFieldName("function");
  const name = callee?.type === "member_expression" ? callee.childForFieldName("property") : callee;
  if (!name || !FUNCTION_WRAPPERS.has(name.text)) return null;
  const arg = v.childForFieldName("arguments")?.namedChild(0);
  if (!arg) return null;
  const fn = uncast(arg);
  return isAnonymousFunction(fn) || (named && fn.type === "function_expression") ? fn : fn.type === "call_expression" ? wrappedBy(fn, depth + 1, named) : null;
}

const isAnonymousFunction = (n: Node) => n.type === "arrow_function" || (n.type === "function_expression" && !n.childForFieldName("name"));

/** A value without the parentheses, `as T`, `satisfies T` and `!` around it. */
function uncast(n: Node): Node {
  let v = n;
  for (let i = 0; i < 6; i++) {
    if (v.type === "parenthesized_expression" || v.type === "as_expression" || v.type === "satisfies_expression" || v.type === "non_null_expression") {
      // (Past a JSDoc cast's comment, `(/** @type {any} */ (function (p) {…}))`: unified's callable-instance.js.)
      const inner = v.namedChild(0)?.type === "comment" ? v.namedChildren.find((c) => c?.type !== "comment") : v.namedChild(0);
      if (!inner) break;
      v = inner;
    } else break;
  }
  return v;
}

/**
 * `export const A = { run() {…} }, B = 2;`: the records of one declaration's bindings share its node, so
 * nesting by range gave every member to one of them (`B.run`); each member goes to the binding whose
 * declarator holds it.
 */
export function shareDeclarationMembers(list: SymbolRecord[]): void {
  let groups: Map<number, SymbolRecord[]> | undefined;
  for (const r of list) {
    const decl = r.node;
    if (!decl || (decl.type !== "lexical_declaration" && decl.type !== "variable_declaration") || decl.namedChildCount < 2) continue;
    const group = (groups ??= new Map()).get(decl.id);
    if (group) group.push(r);
    else groups.set(decl.id, [r]);
  }
  for (const group of groups?.values() ?? []) {
    if (group.length < 2 || !group.some((r) => r.members.length)) continue;
    const members = group.flatMap((r) => r.members);
    // Each declarator's range read once, sorted, and each member placed by a binary search: a minified
    // bundle's `var` of hundreds of bindings had asked the tree for every binding's declarator per
    // member per binding (bowser's 154 KB bundle never finished).
    const spans = group.map((r, i) => ({ d: r.nameNode?.parent, i })).filter((x) => !!x.d).map(({ d, i }) => ({ s: d!.startIndex, e: d!.endIndex, i }));
    spans.sort((x, y) => x.s - y.s);
    const lists: SymbolRecord[][] = group.map(() => []);
    for (const m of members) {
      const ms = m.node?.startIndex;
      let k = group.length - 1;
      if (ms !== undefined) {
        let lo = 0;
        let hi = spans.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (spans[mid]!.s <= ms) lo = mid;
          else hi = mid - 1;
        }
        const sp = spans[lo];
        if (sp && sp.s <= ms && m.node!.endIndex <= sp.e) k = sp.i;
      }
      lists[k]!.push(m);
    }
    group.forEach((r, i) => (r.members = lists[i]!));
  }
}

/**
 * A method of the anonymous class a function returns — a mixin, `(Base) => class extends Base {…}` or
 * `return class extends Base {…}`: the function's product, as a returned object's methods are (they
 * were dropped as locals). A named class there is an entry of its own.
 */
export function returnedClassMember(node: Node | undefined): boolean {
  const cls = node?.parent?.type === "class_body" ? node.parent.parent : null;
  if (cls?.type !== "class" || cls.childForFieldName("name")) return false;
  let holder = cls.parent;
  while (holder?.type === "parenthesized_expression") holder = holder.parent;
  return holder?.type === "return_statement" || holder?.type === "arrow_function";
}

const BARE_END = /[A-Za-z_$][\w$]*$/;
const ARROW = /=>/;

/**
 * `const setter = value => {…}`, `createAction: fn => fn` (solid, xstate): a head cut before its `=>`
 * read like an assignment of `value`. Its one bare parameter is written `(value)`.
 */
export function parenthesizeBareParameter(r: SymbolRecord, ctx: FileContext): void {
  let n = r.node;
  const sig = r.signature;
  // (Asked of the tree only for a head ending in a name whose line has `name =>`: most heads end in `)`.)
  const line = ctx.lines[r.startLine - 1] ?? "";
  const last = n && sig && lineTest(ctx.lines, ARROW, r.startLine) ? BARE_END.exec(sig)?.[0] : undefined;
  if (!n || !sig || !last || (!line.includes(`${last} =>`) && !line.includes(`${last}=>`))) return;
  if (n.type === "export_statement") n = n.childForFieldName("declaration") ?? n;
  if (n.type === "expression_statement") n = n.namedChild(0) ?? n; // (`api.restore = msg => {…}`, `exports.f = async y => …`)
  if (n.type === "lexical_declaration" || n.type === "variable_declaration") n = n.namedChildren.find((d) => d?.type === "variable_declarator" && ctx.text(d.childForFieldName("name") ?? d) === r.name) ?? n;
  const arrow = n.type === "arrow_function" ? n : n.childForFieldName("value") ?? (n.type === "assignment_expression" ? n.childForFieldName("right") : null);
  const param = arrow?.type === "arrow_function" ? arrow.childForFieldName("parameter") : null;
  if (param?.type !== "identifier") return;
  const name = ctx.text(param);
  if (sig.endsWith(name) && !/[\w$]/.test(sig[sig.length - name.length - 1] ?? "")) r.signature = `${sig.slice(0, sig.length - name.length)}(${name})`;
}

/** The names an interface's method signatures repeat (its overloads, `on(e: "a", …); on(e: "b", …)`), counted once per body. */
export function overloadedSignatures(members: SymbolRecord[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const m of members) if (m.node?.type === "method_signature") (seen.has(m.name) ? repeated : seen).add(m.name);
  return repeated;
}
