/**
 * What an AMD (or UMD) factory returns is the module's export (iife.ts returnsFromUmdFactory): dojo's
 * `define([…], function (declare, Base) { return declare("dojo.store.Memory", Base, {…}); })` — the
 * class the module is — and a factory returning an object literal, whose functions are the module's API
 * as those of `module.exports = {…}` are.
 */
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, MAX_SIGNATURE, type Resolved } from "../../core/extract.js";
import { clip } from "../../core/text.js";
import { foldedValue } from "./exports.js";
import { isBundle, moduleStatementsWithIifes, returnsFromUmdFactory, unparenthesized } from "./iife.js";

/** dojo's class system: `declare(…)`, the legacy global `dojo.declare(…)`. */
const DECLARE = /^(?:dojo\.)?declare$/;
const DECLARE_CALL = /\bdeclare\s*\(/;

/**
 * `return declare("dojo.store.Memory", base, { get: function … })` as a statement of an AMD factory's
 * body: a class, exported (the module's value), named as jQuery UI's `$.widget("ui.dialog", {…})` is, by
 * the declared name's last segment (`Memory`; read_symbol finds it by `dojo.store.Memory` too), or
 * `default` when it has none (`return declare(null, {…})`, `declare([Base], {…})`: the module's
 * anonymous value, as an anonymous `export default class {}` is) — its object's functions its methods
 * (they had been callbacks of the call: dojo's 22 class modules read "0 symbols").
 */
export function amdClasses(ctx: FileContext, x: Resolved): SymbolRecord[] {
  // (A call: TypeScript's `declare` keyword, in every .d.ts, is none.)
  if (!DECLARE_CALL.test(ctx.source)) return [];
  const out: SymbolRecord[] = [];
  for (const stmt of moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx))) {
    if (stmt.type !== "return_statement") continue;
    const call = unparenthesized(stmt.namedChild(0));
    const args = call?.type === "call_expression" && DECLARE.test(call.childForFieldName("function")?.text ?? "") ? call.childForFieldName("arguments")?.namedChildren ?? [] : [];
    if (!args.some((a) => a?.type === "object") || !returnsFromUmdFactory(stmt)) continue;
    const declared = args[0]?.type === "string" ? args[0].text.slice(1, -1) : "";
    const name = /([\w$]+)$/.exec(declared)?.[1] ?? "default";
    const r = buildRecord(ctx, x, call!, "class", name, undefined, { exported: "true" });
    r.signature = clip(`return ${foldedValue(call!, ctx)}`, MAX_SIGNATURE); // `return declare("dojo.store.Memory", base, {…})`
    if (declared && declared !== name) r.aliases = [declared];
    out.push(r);
  }
  return out;
}

/**
 * A function of the object literal an AMD or UMD factory returns, `define([…], function () { return {
 * get: function (id) {…} }; })` (`r` a top-level record): the module's API, as `module.exports = { get:
 * function … }` makes it — an exported function (an object of functions in it an exported constant).
 */
export function factoryReturnedMember(r: SymbolRecord): boolean {
  const object = r.node?.type === "pair" || r.node?.type === "method_definition" ? r.node.parent : null;
  const ret = object?.type === "object" ? object.parent : null;
  if (ret?.type !== "return_statement" || !returnsFromUmdFactory(ret)) return false;
  if (r.kind === "method") r.kind = "function";
  else if (r.kind === "property" && r.members.some((m) => m.kind === "method")) r.kind = "constant";
  else return false;
  r.exported = true;
  return true;
}
