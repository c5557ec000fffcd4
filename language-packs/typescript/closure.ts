/**
 * Google Closure's module systems. A goog.module's `exports = Heap;` / `exports = {A, B}` is the module's
 * value, as CommonJS's `module.exports = …` is; a goog.provide'd namespace (`goog.provide('goog.structs.Map');
 * goog.structs.Map = function …`) is the file's public API, as `window.X = …` is; `goog.require('x')`,
 * `goog.requireType`, `goog.forwardDeclare` are imports (import-scan.ts), and a binding of one is no entry.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, headOf, MAX_SIGNATURE, signatureOf, type Resolved } from "../../core/extract.js";
import { clip } from "../../core/text.js";
import { esbuildRenamedParams } from "./esbuild-exports.js";

const GOOG_MODULE = /^[ \t]*goog\.module\(\s*['"]/m;
const PROVIDE = /^[ \t]*goog\.provide\(\s*(['"])([\w$]+(?:\.[\w$]+)*)\1\s*\)/gm;
/** The Closure calls that name a dependency: `goog.require('x')`, its type-only forms. */
export const GOOG_REQUIRE = /^goog\.(?:require|requireType|forwardDeclare)$/;

const cache = new WeakMap<FileContext, { module: boolean; provides: string[] }>();

function closureOf(ctx: FileContext): { module: boolean; provides: string[] } {
  let c = cache.get(ctx);
  if (!c) {
    const goog = ctx.source.includes("goog.");
    c = { module: goog && GOOG_MODULE.test(ctx.source), provides: goog ? [...ctx.source.matchAll(PROVIDE)].map((m) => m[2]!) : [] };
    cache.set(ctx, c);
  }
  return c;
}

/** A goog.module file (`goog.module('goog.structs.Heap');`): its `exports = …` is the module's value. */
export function isGoogModule(ctx: FileContext): boolean {
  return closureOf(ctx).module;
}

/**
 * `exports` in a goog.module file: the module's export object, as `module.exports` is elsewhere. (So is
 * `module2.exports` in an esbuild module function whose parameters esbuild renamed: esbuild-exports.ts.)
 */
export function isModuleExportsTarget(target: string, ctx: FileContext): boolean {
  return target === "module.exports" || (target === "exports" && isGoogModule(ctx)) || (target.endsWith(".exports") && esbuildRenamedParams(ctx).module.has(target.slice(0, -8)));
}

/**
 * A top-level assignment record whose path is a namespace the file's goog.provide calls name, or under
 * one: `goog.structs.Map = function` (provided `goog.structs.Map`), its `.prototype.get` and statics,
 * `goog.structs.getCount = function` (provided `goog.structs`) — not `goog.structs.helper_` beside a
 * provided `goog.structs.Map`.
 */
export function providedEntry(r: SymbolRecord, ctx: FileContext): boolean {
  const { provides } = closureOf(ctx);
  if (!provides.length || !r.props?.assignment) return false;
  const paths = [...(r.aliases ?? []), ...(r.attachTo ? [`${r.attachTo}.${r.name}`] : [])];
  return paths.some((p) => provides.some((ns) => p === ns || p.startsWith(`${ns}.`)));
}

/**
 * Data a goog.provide'd path holds at the top level, `goog.events.EventType = { CLICK: 'click' }` (provided
 * `goog.events.EventType`), `goog.ui.Component.EventType = {…}` (under a provided `goog.ui.Component`):
 * Closure's enums, the file's API (export-objects.ts makes it an exported constant, its keys the members).
 * Not `a.b.c = {…}` outside the provided namespaces, which is data and no entry.
 */
export function providedData(target: string, statement: Node | undefined, ctx: FileContext): boolean {
  const { provides } = closureOf(ctx);
  return provides.length > 0 && statement?.type === "expression_statement" && statement.parent?.type === "program" && /^[\w$]+(?:\.[\w$]+)+$/.test(target) && provides.some((ns) => target === ns || target.startsWith(`${ns}.`));
}

/** Values that are literals, or made of literals only (`3 * 1000`, `-10000`, `'a' + 'b'`, `[1, 2]`). */
const LITERALS = new Set(["string", "template_string", "number", "true", "false", "null", "regex", "array"]);
function literal(v: Node | null, depth = 0): boolean {
  if (!v || depth > 8) return false;
  if (v.type === "template_string") return !v.namedChildren.some((c) => c?.type === "template_substitution");
  if (LITERALS.has(v.type)) return true;
  if (v.type === "parenthesized_expression") return literal(v.firstNamedChild, depth + 1);
  if (v.type === "unary_expression") return /^[-+!~]/.test(v.text) && literal(v.childForFieldName("argument"), depth + 1);
  if (v.type === "binary_expression") return literal(v.childForFieldName("left"), depth + 1) && literal(v.childForFieldName("right"), depth + 1);
  // Closure's own: `goog.DEBUG = goog.define('goog.DEBUG', true)`, a flag the compiler may override.
  return v.type === "call_expression" && /^goog\.define$/.test(v.childForFieldName("function")?.text ?? "");
}

/**
 * A literal a goog.provide'd path holds at the top level, `goog.provide('goog.DEBUG'); goog.DEBUG = true`,
 * `goog.ui.Dialog.SELECT_EVENT = 'dialogselect'` under a provided `goog.ui.Dialog` (providedData's paths):
 * an exported constant named by the path's last segment, nested under what the path before it names when
 * the file declares that, read by its path too — as such a path's object literal is (export-objects.ts).
 * Not a value that names or computes something else (`a.b.c = x`, `= new Map()`, `= f()`).
 */
export function providedValue(r: SymbolRecord, target: string, value: Node, ctx: FileContext): boolean {
  if (!providedData(target, r.node, ctx) || !literal(value)) return false;
  r.name = target.slice(target.lastIndexOf(".") + 1);
  r.kind = "constant";
  r.exported = true;
  r.attachTo = target.slice(0, target.lastIndexOf("."));
  (r.aliases ??= []).push(target);
  if (r.node) r.signature = clip(headOf("constant", signatureOf(ctx, r.node, null, [])), MAX_SIGNATURE) || r.signature;
  return true;
}

/**
 * A goog.module's top-level `exports = {…}` (no member on the left, so no tags query capture): a record as
 * the query gives `module.exports = {…}`, which the assignment rules then read the same way
 * (export-objects.ts: its functions exported, its data keys a constant `exports`).
 */
export function googModuleExports(ctx: FileContext, x: Resolved): SymbolRecord[] {
  if (!isGoogModule(ctx)) return [];
  const out: SymbolRecord[] = [];
  for (const s of ctx.tree.rootNode.namedChildren) {
    const asg = s?.type === "expression_statement" ? s.firstNamedChild : null;
    const left = asg?.type === "assignment_expression" ? asg.childForFieldName("left") : null;
    if (left?.type !== "identifier" || left.text !== "exports" || asg!.childForFieldName("right")?.type !== "object") continue;
    out.push(buildRecord(ctx, x, s!, "constant", "exports", left, { assignment: "true" }));
  }
  return out;
}
