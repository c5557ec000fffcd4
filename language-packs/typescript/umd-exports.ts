/** The parameters of a UMD factory that stand for the module's export object (iife.ts umdFactory finds the factory). */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { signatureOf } from "../../core/heads.js";
import { esbuildRenamedParams } from "./esbuild-exports.js";
import { exportsValue, umdFactory, unparenthesized } from "./iife.js";

const exportsAliasesOf = new WeakMap<FileContext, Set<string>>();
/**
 * The factory parameters a UMD wrapper hands `exports` to: backbone's `(function (factory) { … factory(root,
 * exports, _, $) … })(function (root, Backbone, _, $) { … Backbone.Model = … })` — `Backbone.X = …`
 * in its body is `exports.X = …`.
 */
export function umdExportsAliases(ctx: FileContext): Set<string> {
  let out = exportsAliasesOf.get(ctx);
  if (out) return out;
  exportsAliasesOf.set(ctx, (out = new Set(esbuildRenamedParams(ctx).exports))); // (esbuild's `"path"(exports2) {…}`)
  if (!ctx.source.includes("exports") && !/=\s*\{\s*\}/.test(ctx.source)) return out;
  for (let stmt = ctx.tree.rootNode.firstNamedChild; stmt; stmt = stmt.nextNamedSibling) {
    let call = stmt.type === "expression_statement" ? stmt.firstNamedChild : null;
    if (call?.type === "unary_expression") call = call.childForFieldName("argument");
    call = unparenthesized(call);
    if (call?.type !== "call_expression") continue;
    // `(function (sax) { sax.parser = … })(typeof exports === 'undefined' ? (this.sax = {}) : exports)`:
    // the parameter handed the export object is it.
    const fn = umdFactory(call) ? null : unparenthesized(call.childForFieldName("function"));
    if (fn?.type === "function_expression" || fn?.type === "arrow_function") {
      const params = fn.childForFieldName("parameters")?.namedChildren ?? [];
      call.childForFieldName("arguments")?.namedChildren.forEach((a, i) => {
        const pick = a?.type === "ternary_expression" ? [a.childForFieldName("consequence"), a.childForFieldName("alternative")] : [a];
        const p = params[i];
        if (pick.some(exportsValue) && p?.type === "identifier" && p.text !== "exports") out.add(p.text);
      });
      continue;
    }
    if (!umdFactory(call)) continue;
    const wrapper = unparenthesized(call.childForFieldName("function"))!;
    const factory = unparenthesized(call.childForFieldName("arguments")!.lastNamedChild)!;
    const name = wrapper.childForFieldName("parameters")?.lastNamedChild?.text;
    if (!name) continue;
    const params = factory.childForFieldName("parameters")?.namedChildren ?? [];
    // (And the parameter the factory returns, moment-timezone's `function (moment) { … moment.tz = tz; return moment; }`.)
    const returned = factory.childForFieldName("body")?.namedChildren.find((st) => st?.type === "return_statement")?.namedChild(0);
    if (returned?.type === "identifier" && params.some((p) => p?.type === "identifier" && p.text === returned.text)) out.add(returned.text);
    // (Also a global the wrapper installs for the factory to fill, `factory((root.Foo = {}))`: what the factory
    // puts on it is the script's API, as `window.Foo = {…}`'s is.)
    for (const c of wrapper.descendantsOfType("call_expression")) {
      if (c?.childForFieldName("function")?.text !== name) continue;
      const i = c.childForFieldName("arguments")?.namedChildren.findIndex((a) => exportsValue(a) || installsGlobal(a)) ?? -1;
      const p = i >= 0 ? params[i] : null;
      if (p?.type === "identifier" && p.text !== "exports") out.add(p.text);
    }
  }
  return out;
}

const exportersOf = new WeakMap<FileContext, Set<string>>();
/**
 * tslib's exporter: a UMD factory's parameter the wrapper hands a function it builds on the export object,
 * `(function (factory) { … factory(createExporter(root, createExporter(module.exports))); … })(function
 * (exporter) { … exporter("__extends", __extends); })` — its calls `exporter("name", value)` in the factory's
 * body are `exports.name = value` (exportedNames). tslib.js had read "60 symbols, 0 exported".
 */
export function umdExporters(ctx: FileContext): Set<string> {
  let out = exportersOf.get(ctx);
  if (out) return out;
  exportersOf.set(ctx, (out = new Set()));
  if (!/\bexports\b/.test(ctx.source)) return out;
  for (let stmt = ctx.tree.rootNode.firstNamedChild; stmt; stmt = stmt.nextNamedSibling) {
    const call = unparenthesized(stmt.type === "expression_statement" ? stmt.firstNamedChild : null);
    if (call?.type !== "call_expression" || !umdFactory(call)) continue;
    const wrapper = unparenthesized(call.childForFieldName("function"))!;
    const params = unparenthesized(call.childForFieldName("arguments")!.lastNamedChild)!.childForFieldName("parameters")?.namedChildren ?? [];
    const name = wrapper.childForFieldName("parameters")?.lastNamedChild?.text;
    for (const c of name ? wrapper.descendantsOfType("call_expression") : []) {
      if (c?.childForFieldName("function")?.text !== name) continue;
      c!.childForFieldName("arguments")?.namedChildren.forEach((a, i) => {
        const p = params[i];
        if (a?.type === "call_expression" && p?.type === "identifier" && buildsOnExports(a)) out!.add(p.text);
      });
    }
  }
  return out;
}

/** `exporter("__extends", __extends)` of an exporter (umdExporters): `__extends` exported under that key, true. */
export function exportedByExporter(call: Node, ctx: FileContext, names: { add(name: string, publicName?: string): unknown }): boolean {
  const callee = call.childForFieldName("function");
  if (callee?.type !== "identifier" || !umdExporters(ctx).has(callee.text)) return false;
  const [key, value] = call.childForFieldName("arguments")?.namedChildren ?? [];
  if (key?.type !== "string" || value?.type !== "identifier") return false;
  names.add(value.text, key.text.slice(1, -1));
  return true;
}

/** A call handed the export object, at any depth of its arguments: `createExporter(root, createExporter(exports))`. */
function buildsOnExports(call: Node): boolean {
  return (call.childForFieldName("arguments")?.namedChildren ?? []).some((a) => exportsValue(a) || (a?.type === "call_expression" && buildsOnExports(a)));
}

/** `root.Foo = {}` (also parenthesized): a global the wrapper creates empty, for its factory to fill. */
function installsGlobal(n: Node | null): boolean {
  const v = unparenthesized(n);
  return v?.type === "assignment_expression" && v.childForFieldName("left")?.type === "member_expression" && /^\{\s*\}$/.test(unparenthesized(v.childForFieldName("right"))?.text ?? "");
}

/**
 * pubsub-js's UMD wrapper builds the export object itself and hands it to the factory, which fills it:
 * `(function (root, factory) { var PubSub = {}; … factory(PubSub); … exports.PubSub = PubSub; … }(this,
 * function (PubSub) { PubSub.publish = function … }))`. The wrapper's `var PubSub = {…}` is what
 * `exports.PubSub = PubSub` exports: the record (a constant of that one line) is moved onto the
 * declaration — its lines, head and kind —, the factory's `PubSub.x = …` its members as before.
 * Only an object literal handed to the factory by that name (`factory(PubSub)`).
 */
export function umdWrapperBinding(r: SymbolRecord, right: Node, ctx: FileContext): void {
  let value: Node | null = unparenthesized(right);
  while (value?.type === "assignment_expression") value = unparenthesized(value.childForFieldName("right"));
  if (value?.type !== "identifier" || !r.node) return;
  let fn: Node | null = r.node.parent;
  while (fn && fn.type !== "function_expression" && fn.type !== "arrow_function" && fn.type !== "function_declaration" && fn.type !== "program") fn = fn.parent;
  let up = fn?.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  const call = up?.type === "arguments" ? null : up;
  if (call?.type !== "call_expression" || unparenthesized(call.childForFieldName("function"))?.id !== fn!.id || !umdFactory(call)) return;
  const factory = fn!.childForFieldName("parameters")?.lastNamedChild?.text;
  const name = value.text;
  if (!factory || !new RegExp(`\\b${factory.replace(/\$/g, "\\$")}\\(\\s*${name.replace(/\$/g, "\\$")}\\s*[,)]`).test(ctx.text(fn!))) return;
  for (const stmt of fn!.childForFieldName("body")?.namedChildren ?? []) {
    if (stmt?.type !== "variable_declaration" && stmt?.type !== "lexical_declaration") continue;
    const d = stmt.namedChildren.find((c) => c?.type === "variable_declarator" && c.childForFieldName("name")?.text === name);
    if (!d) continue;
    if (d.childForFieldName("value")?.type !== "object") return;
    r.node = stmt;
    r.nameNode = d.childForFieldName("name")!;
    r.kind = stmt.child(0)?.type === "const" ? "constant" : "variable";
    r.startLine = stmt.startPosition.row + 1;
    r.endLine = stmt.endPosition.row + 1;
    r.signature = signatureOf(ctx, stmt, null, []) || r.signature;
    return;
  }
}
