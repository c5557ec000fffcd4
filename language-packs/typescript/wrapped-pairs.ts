/**
 * A key whose value is a function handed through a wrapper or parenthesised: eslint-plugin-react's
 * `create: Components.detect((context, components) => { function getPropKey… return { MemberExpression(node) {…} } })`,
 * `handler: wrap(function (ctx) {…})`, `create: ((context) => {…})`. Found by a text scan (as scanned-tags.ts'
 * shapes are: a query pattern on `pair`'s call value costs cold-start analysis).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { MAX_SIGNATURE, signatureOf } from "../../core/heads.js";
import { clip } from "../../core/text.js";
import { factoryHead, factoryReturn } from "./iife.js";

/** `key: wrap(` / `key: ((` followed by a function's start (`function`, `(a, b) =>`, `a =>`, `async …`). */
const WRAPPED_PAIR = /:\s*(?:[\w$][\w$.]*\s*)?\(\s*\(?\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)/g;
const FUNCTIONS = new Set(["arrow_function", "function_expression"]);
/** What makes such a function's body an outline of its own: a declaration, or a returned object. */
const DECLARES = new Set(["function_declaration", "generator_function_declaration", "class_declaration"]);

/**
 * The method a pair is when its value is a call whose one function argument (or a parenthesised
 * function) has a block body that declares functions or returns an object of functions: the same record, members
 * and all, as `create: (context) => {…}` without the wrapper gives. Before, the returned object's
 * methods had become the module's exported functions and the named helpers had been dropped (87
 * phantoms, 108 lost helpers in eslint-plugin-react). The head runs to the function's body:
 * `create: Components.detect((context, components) =>`.
 */
export function wrappedPairMethods(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const root = ctx.tree.rootNode;
  for (const m of ctx.source.matchAll(WRAPPED_PAIR)) {
    const colon = root.descendantForIndex(m.index, m.index + 1);
    const pair = colon?.type === ":" ? colon.parent : null;
    if (pair?.type !== "pair") continue;
    const key = pair.childForFieldName("key");
    const value = pair.childForFieldName("value");
    const name = !key ? "" : key.type === "property_identifier" ? key.text : key.type === "string" ? key.text.slice(1, -1) : "";
    if (!key || !name || name.includes(".")) continue;
    const nameNode = key.type === "string" ? (key.firstNamedChild ?? key) : key;
    // A closure factory called in place that returns the function (jquery-validation's `date: (function () {
    // var called = false; return function (value) {…}; }())`): the method, its head the factory's elided.
    const made = value && factoryReturn(value);
    if (made) {
      const r = buildRecord(ctx, x, pair, "method", name, nameNode);
      r.bodyNode = made.childForFieldName("body") ?? undefined;
      r.signature = factoryHead(ctx, pair, made) ?? r.signature;
      out.push(r);
      continue;
    }
    const fn = wrappedFunction(value);
    const body = fn?.childForFieldName("body");
    if (!fn || body?.type !== "statement_block" || !outlines(body)) continue;
    const r = buildRecord(ctx, x, pair, "method", name, nameNode);
    r.bodyNode = body;
    r.signature = clip(signatureOf(ctx, pair, body, []).replace(/\s*\{\s*$/, ""), MAX_SIGNATURE);
    out.push(r);
  }
  return out;
}

/** The function a pair's value hands on: `wrap(fn)` (the call's one function argument), `(fn)`. */
function wrappedFunction(value: Node | null): Node | null {
  if (value?.type === "parenthesized_expression") {
    const inner = value.firstNamedChild;
    return inner && FUNCTIONS.has(inner.type) && value.namedChildCount === 1 ? inner : null;
  }
  if (value?.type !== "call_expression") return null;
  const fns = value.childForFieldName("arguments")?.namedChildren.filter((a) => !!a && FUNCTIONS.has(a.type)) ?? [];
  return fns.length === 1 ? fns[0]! : null;
}

/** A body that declares a function or class, or returns an object literal holding functions. */
function outlines(body: Node): boolean {
  for (const s of body.namedChildren) {
    if (!s) continue;
    if (DECLARES.has(s.type)) return true;
    // (A returned object of functions: a visitor, not data — `choices: list.map((c) => { return { ...c } })` is none.)
    const object = s.type === "return_statement" ? s.firstNamedChild : null;
    if (object?.type === "object" && object.namedChildren.some((p) => p?.type === "method_definition" || (p?.type === "pair" && FUNCTIONS.has(p.childForFieldName("value")?.type ?? "")))) return true;
  }
  return false;
}
