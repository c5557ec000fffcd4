/**
 * Functions held by a class field or a binding, also under a cast: `handleClick = (e) => {…}`, `h =
 * ((x: number) => x) as Fn`, `const f = ((x) => x) satisfies Fn` (blocknote's `getExtension`,
 * solid-router's `Link`). A cast function is the function; its head shows the cast after the function's
 * own when the function is parenthesized, `h = ((x: number) …) as Fn`.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { headOf, MAX_SIGNATURE, signatureOf } from "../../core/extract.js";
import { clip, collapseHead } from "../../core/text.js";

const FUNCTIONS = new Set(["arrow_function", "function_expression"]);
const CASTS = new Set(["as_expression", "satisfies_expression"]);

/** The function a value is: itself, or under casts (`as`, `satisfies`) and parentheses. */
export function fieldFunction(value: Node | null | undefined): Node | null {
  let v = value;
  for (let i = 0; v && i < 6 && (CASTS.has(v.type) || v.type === "parenthesized_expression"); i++) v = v.namedChild(0);
  return v && FUNCTIONS.has(v.type) && (v.id === value!.id || CASTS.has(value!.type)) ? v : null;
}

/**
 * `handleClick = (e) => {…}` in a class body: a method (bound per instance), with a method's head —
 * React class components and event-heavy classes define their handlers this way.
 */
export function functionField(r: SymbolRecord, ctx: FileContext): void {
  const value = r.node!.childForFieldName("value");
  const fn = fieldFunction(value);
  if (!fn) return;
  r.kind = "method";
  r.bodyNode = fn.childForFieldName("body");
  const decorators = r.node!.namedChildren.filter((c): c is Node => c?.type === "decorator");
  r.signature = castHead(ctx, value!, fn, signatureOf(ctx, r.node!, r.bodyNode, decorators)) || r.signature;
}

/** A binding's value (its first declarator's) or a field's. */
export function valueOf(node: Node): Node | null {
  const decl = node.type === "lexical_declaration" || node.type === "variable_declaration" ? node.namedChild(0) : node;
  return decl?.childForFieldName("value") ?? null;
}

/**
 * `head` (what signatureOf reads up to `fn`'s body) with the cast `value` puts `fn` under after it: ` as
 * Fn` after a parenthesized function's `((x: number) …)`, which read as cut before the cast.
 * Any other value (a wrapper's call under the cast: `memo((x) => x) as Fn`) keeps the head, as does a
 * head the cast would take over the signature's length.
 */
export function castHead(ctx: FileContext, value: Node | null, fn: Node, head: string): string {
  if (!value || !CASTS.has(value.type) || !head) return head;
  let inner = value;
  while (CASTS.has(inner.type) && inner.namedChild(0)) inner = inner.namedChild(0)!;
  let bare = inner;
  while (bare.type === "parenthesized_expression" && bare.namedChild(0)) bare = bare.namedChild(0)!;
  if (bare.id !== fn.id) return head;
  // (A bare one's head is a function's own, `const computed = function computed(arg1)` (mobx's `… as any`): kept.)
  if (bare.id === inner.id) return head;
  const cast = collapseHead(ctx.source.slice(inner.endIndex, value.endIndex));
  // (A head already cut, or one the cast would cut, stays as it is: `…(extension: string) => | (Ext extends…`.)
  const whole = `${head} ${cast}`;
  return whole.length <= MAX_SIGNATURE && !head.endsWith("…") ? whole : head;
}

/** `const f = (a) => (b) => …` (curried arrows): the head runs to the innermost arrow's body. */
export const CURRIED = /=>\s*(?:async\s+)?(?:\([^()]*\)|[\w$]+)\s*(?::[^=]*)?=>/;

export function curriedHead(r: SymbolRecord, ctx: FileContext): void {
  let body = r.bodyNode!;
  for (let i = 0; i < 3 && body.type === "arrow_function"; i++) body = body.childForFieldName("body") ?? body;
  if (body.id !== r.bodyNode!.id) r.signature = clip(headOf(r.kind, signatureOf(ctx, r.node!, body, [])), MAX_SIGNATURE) || r.signature;
}
