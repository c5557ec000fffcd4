/**
 * tsc's compiled enums and namespaces: `var Token; (function (Token) { Token.None = …; function is(v)
 * {…} Token.is = is; })(Token || (exports.Token = Token = {}));`. An enum's members are its constants
 * (compiledEnumMembers); a namespace's are what its function's body declares and assigns onto it —
 * `Token.None` a property, `is` the function (public: `Token.is = is` puts it on the namespace), a
 * function it does not assign an internal member, a namespace or enum compiled inside it a nested one
 * (nestCompiledNamespaces). vscode-jsonrpc's lib had listed 26 of its 27 namespaces empty (`ErrorCodes`'
 * 17 constants none) and 22 of their functions at the module's top level, as private functions.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolKind, SymbolRecord } from "../../core/types.js";
import { clip, collapse } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/heads.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { unquote } from "../../core/imports.js";
import { assignmentOf } from "./assignments.js";
import { unparenthesized } from "./iife.js";

/**
 * tsc's output for `export enum Color {…}` / `namespace N {…}`: `var Color;` followed by
 * `(function (Color) { Color["Red"] = "red"; … })(Color || (exports.Color = Color = {}));` — an enum
 * when the function only assigns `Color[…]`, else a namespace; exported when it assigns `exports.Color`.
 * Also one nested in a namespace's body, `let Inner; (function (Inner) {…})(Inner = Outer.Inner ||
 * (Outer.Inner = {}))`, public (as a member of Outer) when it is assigned onto Outer. `param` is the
 * function's parameter (tsc renames it, `Token_1`, when the body declares the name), `scope` its body.
 */
export function compiledEnum(ctx: FileContext, name: string, next: Node | null): Compiled | undefined {
  // (Babel's CommonJS form puts `exports.Kind = Kind;` between: graphql's language/kinds.js.)
  const babel = next?.type === "expression_statement" && new RegExp(`^(?:module\\.)?exports\\.${name.replace(/\$/g, "\\$")}\\s*=\\s*${name.replace(/\$/g, "\\$")}\\s*;?$`).test(ctx.text(next));
  if (babel) next = next!.nextNamedSibling;
  const c = next ? compiledCall(ctx, next) : undefined;
  if (!c || c.name !== name) return undefined;
  // (Comments between the members, which tsc keeps, count for nothing.)
  const members = c.scope.namedChildren.filter((s) => s?.type !== "comment");
  const isEnum = members.length > 0 && members.every((s) => s?.type === "expression_statement" && ctx.text(s).startsWith(`${c.param}[`));
  return { ...c, kind: isEnum ? "enum" : "namespace", exported: c.exported || babel, body: isEnum ? (members as Node[]) : [] };
}

/** The statement `(function (N) {…})(N || (N = {}))` (NAMESPACE_ARG's forms): its name, parameter, body. */
function compiledCall(ctx: FileContext, stmt: Node): Omit<Compiled, "kind" | "body"> & { name: string } | undefined {
  const call = stmt.type === "expression_statement" ? stmt.namedChild(0) : null;
  if (call?.type !== "call_expression") return undefined;
  const fn = call.childForFieldName("function");
  const inner = fn?.type === "parenthesized_expression" ? fn.namedChild(0) : null;
  // (esbuild's is an arrow, `((Util2) => { Util2.parse = parse; })(Util || (Util = {}))`.)
  if (inner?.type !== "function_expression" && inner?.type !== "arrow_function") return undefined;
  const arg = ctx.text(call.childForFieldName("arguments")?.namedChild(0) ?? call).replace(/\s+/g, "");
  const m = NAMESPACE_ARG.exec(arg);
  const name = m?.[1] ?? m?.[2];
  if (!m || !name || (m[1] ? m[2] !== m[4] || !m[2]!.endsWith(`.${name}`) : m[4] !== name)) return undefined;
  const param = onlyParameter(inner);
  const scope = inner.childForFieldName("body");
  if (param?.type !== "identifier" || scope?.type !== "statement_block") return undefined;
  return { name, endLine: stmt.endPosition.row + 1, exported: !!m[3] || !!m[1], param: param.text, scope };
}

/** A function's or arrow's first parameter (`function (N)`, `(N2) =>`, `N2 =>`). */
function onlyParameter(fn: Node): Node | null | undefined {
  return fn.childForFieldName("parameters")?.firstNamedChild ?? (fn.type === "arrow_function" ? fn.childForFieldName("parameter") : null);
}

/**
 * A bundler's compiled enum, bound by the declaration itself: esbuild's `var LogLevel = /* @__PURE__ *\/
 * ((LogLevel2) => { LogLevel2[LogLevel2["Debug"] = 0] = "Debug"; return LogLevel2; })(LogLevel || {})`,
 * rolldown's and Babel's `var Kind = /* @__PURE__ *\/ function (Kind) { Kind["A"] = "a"; return Kind; }({})`
 * — a function that only assigns `P[…]` and returns P. An enum with those members (they had been a
 * variable holding nothing: tsup's and tsdown's dists, mobx-keystone's `UndoEventType`).
 */
export function valuedEnum(ctx: FileContext, value: Node): Compiled | undefined {
  const call = unparenthesized(value);
  if (call?.type !== "call_expression") return undefined;
  const fn = unparenthesized(call.childForFieldName("function"));
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return undefined;
  const args = call.childForFieldName("arguments");
  if (args?.namedChildCount !== 1 || !/^(?:\(*[\w$]+\|\|)?\{\}\)*$/.test(ctx.text(args.namedChild(0)!).replace(/\s+/g, ""))) return undefined;
  const param = onlyParameter(fn);
  const scope = fn.childForFieldName("body");
  if (param?.type !== "identifier" || scope?.type !== "statement_block") return undefined;
  const statements = scope.namedChildren.filter((s): s is Node => !!s && s.type !== "comment");
  const last = statements.pop();
  if (last?.type !== "return_statement" || last.namedChild(0)?.text !== param.text) return undefined;
  if (!statements.length || !statements.every((s) => s.type === "expression_statement" && ctx.text(s).startsWith(`${param.text}[`))) return undefined;
  return { kind: "enum", endLine: value.endPosition.row + 1, exported: false, body: statements, param: param.text, scope };
}

type Compiled = { kind: SymbolKind; endLine: number; exported: boolean; body: Node[]; param: string; scope: Node };
/** `N || (N = {})`, `N || (exports.N = N = {})`, nested `N = Outer.N || (Outer.N = {})` (spaces dropped). */
const NAMESPACE_ARG = /^(?:([\w$]+)=)?([\w$]+(?:\.[\w$]+)?)\|\|\(((?:module\.)?exports\.[\w$]+=)?([\w$]+(?:\.[\w$]+)?)=\{\}\)$/;

/**
 * A compiled enum's members, `Kind[Kind["NAME"] = 0] = "NAME";` (tsc's numeric), `Kind["NAME"] = "Name";`
 * (string): the constant `NAME`, its head `NAME = 0` as the TypeScript enum's member's is (graphql's
 * `Kind` had listed none of its 49).
 */
export function compiledEnumMembers(ctx: FileContext, x: Resolved, name: string, body: Node[]): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (const stmt of body) {
    let asg = stmt.namedChild(0);
    // (Numeric: the inner assignment, `Kind["NAME"] = 0`, inside the outer one's subscript.)
    const inner = asg?.childForFieldName("left")?.childForFieldName("index");
    if (inner?.type === "assignment_expression") asg = inner;
    const key = asg?.type === "assignment_expression" ? asg.childForFieldName("left")?.childForFieldName("index") : null;
    const value = asg?.childForFieldName("right");
    if (key?.type !== "string" || !value || asg!.childForFieldName("left")?.childForFieldName("object")?.text !== name) continue;
    const r = buildRecord(ctx, x, stmt, "constant", unquote(key.text), key);
    r.signature = clip(`${unquote(key.text)} = ${collapse(ctx.text(value))}`, MAX_SIGNATURE);
    out.push(r);
  }
  return out;
}

const scopes = new WeakMap<SymbolRecord, Compiled>();
const compiled = new WeakSet<SymbolRecord>();
/** Whether a member of a compiled namespace is on it (`Token.None = …`, `Token.is = is`): public as the namespace is; else internal. */
const onNamespace = new WeakMap<SymbolRecord, boolean>();

/** A compiled enum's or namespace's members: the enum's constants; a namespace's wait for nestCompiledNamespaces. */
export function compiledMembers(ctx: FileContext, x: Resolved, r: SymbolRecord, c: Compiled): SymbolRecord[] {
  r.endLine = c.endLine;
  r.signature = `${c.kind} ${r.name}`;
  compiled.add(r);
  if (c.kind === "enum") return compiledEnumMembers(ctx, x, c.param, c.body);
  scopes.set(r, c);
  return [];
}

/** The member's `exported` under a compiled namespace (its own `exported` for another record: undefined). */
export function compiledMemberExported(r: SymbolRecord, parent: SymbolRecord): boolean | undefined {
  const on = onNamespace.get(r);
  return on === undefined ? undefined : parent.exported && on;
}

/**
 * The top-level records inside a compiled namespace's function (its body's functions, `Token.create =
 * function`, `Token.None = …`) become its members: the nesting by range had left them at the top level,
 * the namespace's range being its `var Token;`.
 */
export function nestCompiledNamespaces(ctx: FileContext, x: Resolved, top: SymbolRecord[]): SymbolRecord[] {
  const owners = new Map(top.filter((r) => compiled.has(r)).map((r) => [r.name, r]));
  // (A namespace merged into a class or function, `class Point {…}` + `namespace Point { export function
  // origin() {…} }`: tsc's `(function (Point) { function origin() {…} Point.origin = origin; })(Point ||
  // (exports.Point = Point = {}))` with no `var`: its statics. `origin` had been a private top-level function.)
  const declared = new Map(top.filter((r) => (r.kind === "class" || r.kind === "function") && !r.props?.assignment).map((r) => [r.name, r]));
  if (!owners.size && !declared.size && !ON_EXPORTS.test(ctx.source)) return top;
  const taken = new Set<SymbolRecord>();
  const take = (owner: SymbolRecord, c: Compiled | ReturnType<typeof compiledCall>) => {
    const inside = top.filter((r) => r !== owner && within(r, c!.scope));
    for (const r of inside) taken.add(r);
    fill(ctx, x, owner, c!, inside);
  };
  for (const ns of owners.values()) if (scopes.has(ns)) take(ns, scopes.get(ns));
  // A namespace merged into a declaration before it, with no `var` of its own: vscode-jsonrpc's
  // `(function (Trace) { function fromString(value) {…} Trace.fromString = fromString; })(Trace || …)`
  // after the enum `Trace` (`enum Trace {…}` and `namespace Trace {…}` in its source).
  for (let s = ctx.tree.rootNode.firstNamedChild; s; s = s.nextNamedSibling) {
    const c = s.type === "expression_statement" && s.previousNamedSibling?.type !== "variable_declaration" ? compiledCall(ctx, s) : undefined;
    const merged = c && !owners.has(c.name) ? declared.get(c.name) : undefined;
    const owner = c ? owners.get(c.name) ?? merged ?? onExports(ctx, x, s, c, top, owners) : undefined;
    if (merged && c!.exported) merged.exported = true;
    if (owner && scopes.get(owner)?.scope.id !== c!.scope.id) take(owner, c);
  }
  return taken.size ? top.filter((r) => !taken.has(r)) : top;
}

/** `})(exports.N || …`: a namespace built on the export object itself (onExports), a cheap test before the walk. */
const ON_EXPORTS = /\}\s*\)\s*\(\s*exports\.[\w$]+\s*\|\|/;

/**
 * `exports.InvokeStore = void 0; (function (InvokeStore) {…})(exports.InvokeStore || (exports.InvokeStore
 * = {}))` (@aws/lambda-invoke-store's dist-cjs: no `var` of its own): the exported namespace, added to
 * the top level (its `getInstanceAsync` had been a private function there).
 */
function onExports(ctx: FileContext, x: Resolved, stmt: Node, c: NonNullable<ReturnType<typeof compiledCall>>, top: SymbolRecord[], owners: Map<string, SymbolRecord>): SymbolRecord | undefined {
  const name = /^exports\.([\w$]+)$/.exec(c.name)?.[1];
  if (!name) return undefined;
  const r = buildRecord(ctx, x, stmt, "namespace", name, stmt.namedChild(0)?.childForFieldName("function")?.namedChild(0)?.childForFieldName("parameters")?.firstNamedChild ?? undefined);
  r.exported = true;
  r.signature = `namespace ${name}`;
  compiled.add(r);
  owners.set(c.name, r);
  const at = top.findIndex((t) => t.startLine > r.startLine);
  top.splice(at < 0 ? top.length : at, 0, r);
  return r;
}

function within(r: SymbolRecord, scope: Node): boolean {
  return !!r.node && r.node.startIndex >= scope.startIndex && r.node.endIndex <= scope.endIndex;
}

function fill(ctx: FileContext, x: Resolved, ns: SymbolRecord, c: Pick<Compiled, "scope" | "param">, inside: SymbolRecord[]): void {
  // Namespaces and enums compiled inside it: `let Inner; (function (Inner) {…})(Inner = Outer.Inner || (Outer.Inner = {}))`.
  const nested: SymbolRecord[] = [];
  let rest = inside;
  for (let s = c.scope.firstNamedChild; s; s = s.nextNamedSibling) {
    if ((s.type !== "lexical_declaration" && s.type !== "variable_declaration") || s.namedChildCount !== 1) continue;
    const d = s.firstNamedChild!;
    const name = d.type === "variable_declarator" && !d.childForFieldName("value") ? d.childForFieldName("name") : null;
    const inner = name?.type === "identifier" ? compiledEnum(ctx, name.text, s.nextNamedSibling) : undefined;
    if (!inner) continue;
    const r = buildRecord(ctx, x, s, inner.kind, name!.text, name!);
    r.members = compiledMembers(ctx, x, r, inner);
    onNamespace.set(r, inner.exported);
    nested.push(r);
    if (inner.kind !== "namespace") continue;
    const mine = rest.filter((m) => within(m, inner.scope));
    rest = rest.filter((m) => !within(m, inner.scope));
    fill(ctx, x, r, inner, mine);
  }
  // `Token.is = is` naming a function or class the body declares: that declaration is the public member
  // (read as `Token.is`), the assignment no entry of its own.
  const declared = new Map(rest.filter((r) => !r.props?.assignment && r.node?.parent?.id === c.scope.id).map((r) => [r.name, r]));
  const members: SymbolRecord[] = [];
  for (const r of rest) {
    const asg = r.props?.assignment ? assignmentOf(r.node) : null;
    const key = asg ? memberKey(asg.childForFieldName("left"), c.param) : undefined;
    const right = unparenthesized(asg?.childForFieldName("right") ?? null);
    if (key && right?.type === "identifier" && right.text === key && declared.has(key)) {
      onNamespace.set(declared.get(key)!, true);
      continue;
    }
    if (!onNamespace.has(r)) onNamespace.set(r, !!key);
    members.push(r);
  }
  ns.members = [...ns.members, ...members, ...nested].sort((a, b) => a.startLine - b.startLine);
}

/** `Token.None` (the namespace's parameter, a member): `None`. */
function memberKey(left: Node | null, param: string): string | undefined {
  if (left?.type !== "member_expression" || left.childForFieldName("object")?.text !== param) return undefined;
  return left.childForFieldName("property")?.text;
}

/**
 * Whether a statement is directly in the function of a compiled namespace whose parameter is `owner`
 * (`Token.None = Object.freeze(…)`): a property of it, as a static value of a declared class is (assignments.ts).
 */
export function inCompiledNamespace(node: Node | undefined, owner: string): boolean {
  const stmt = node?.type === "expression_statement" ? node : node?.parent;
  const fn = stmt?.parent?.type === "statement_block" ? stmt.parent.parent : null;
  if ((fn?.type !== "function_expression" && fn?.type !== "arrow_function") || onlyParameter(fn)?.text !== owner) return false;
  let callee: Node = fn;
  while (callee.parent?.type === "parenthesized_expression") callee = callee.parent;
  const call = callee.parent;
  const arg = call?.type === "call_expression" ? call.childForFieldName("arguments")?.firstNamedChild : null;
  return !!arg && NAMESPACE_ARG.test(arg.text.replace(/\s+/g, ""));
}
