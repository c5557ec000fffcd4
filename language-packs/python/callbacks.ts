/**
 * Nested defs passed to calls: `def on_done(f): …` then `fut.add_done_callback(on_done)` inside the same
 * function. The def stays an outline entry (a named local function, as ctags lists it); the callback
 * entry points at the def's lines under the callee's handle, with the kind the callee implies.
 */
import type { Node } from "web-tree-sitter";
import type { CallbackRule } from "../../core/plugin.js";
import type { CallbackRecord, FileContext, SymbolRecord } from "../../core/types.js";
import { walk } from "../../core/extract.js";
import { FUNCTION_KINDS } from "../../core/types.js";
import { clip, collapse } from "../../core/text.js";

/** Callee → callback kind, first match wins: the pack's `callbackRules` and the code below share it. */
export const CALLBACK_RULES: CallbackRule[] = [
  { callee: /(?:^|\.)(?:call_later|call_soon|call_at|call_soon_threadsafe|Timer)$/, kind: "timer_callback", flags: ["detached timer"] },
  { callee: /(?:^|\.)add_done_callback$/, kind: "future_callback" },
  { callee: /(?:^|\.)(?:Thread|Process|submit|run_in_executor|apply_async|start_new_thread|to_thread)$/, kind: "task" },
  { callee: /(?:^|\.)(?:signal\.signal|add_signal_handler|atexit\.register|connect|bind|add_listener|on)$/, kind: "event_handler" },
];
/** Lambdas passed to any other call. */
const LAMBDA_RULE: CallbackRule = { callee: /(?:)/, kind: "lambda" };
export const LAMBDA_RULES: CallbackRule[] = [...CALLBACK_RULES, LAMBDA_RULE];

function kindFor(callee: string): [string, string[]] {
  for (const r of CALLBACK_RULES) if (r.callee.test(callee)) return [r.kind, r.flags ?? []];
  return ["callback", []];
}

/** Which positional argument is the callback: `call_later(delay, cb)`, `Timer(t, cb)`, `call_soon(cb)`. */
function callbackPosition(callee: string): number {
  return /(?:^|\.)(?:call_later|call_at|Timer)$/.test(callee) ? 1 : 0;
}

/** The last name of a callee the reference callbacks are passed to (CALLBACK_RULES' timers and done-callbacks). */
const REFERENCE_CALLEE = /^(?:call_soon|call_soon_threadsafe|call_later|call_at|Timer|add_done_callback)$/;

/**
 * References passed to timers / done-callbacks (`loop.call_later(5, self._tick)`): `@ref.arg` is a name
 * or attribute first or second among a call's arguments; it is one when the call's callee ends in such
 * a name and the argument is at the callee's callback position.
 */
export function referenceCallbacks(ctx: FileContext): CallbackRecord[] {
  const out: CallbackRecord[] = [];
  for (const m of ctx.matches.callbacks ?? []) {
    const arg = m.captures.find((c) => c.name === "ref.arg")?.node;
    const call = arg?.parent?.parent;
    if (!arg || call?.type !== "call") continue;
    const callee = call.childForFieldName("function");
    const last = callee?.type === "attribute" ? callee.childForFieldName("attribute") : callee?.type === "identifier" ? callee : null;
    if (!callee || !last || !REFERENCE_CALLEE.test(ctx.text(last))) continue;
    const base = clip(collapse(ctx.text(callee)).replace(/\s+/g, ""), 60);
    const args = arg.parent!.namedChildren.filter((c) => c && c.type !== "comment");
    if (args[callbackPosition(base)]?.id !== arg.id) continue;
    const [kind, flags] = kindFor(base);
    const line = arg.startPosition.row + 1;
    out.push({ name: `${base}@${line}`, kind, startLine: line, endLine: arg.endPosition.row + 1, signature: clip(collapse(ctx.text(arg)), 80), flags: flags.length ? [...flags] : undefined, node: arg });
  }
  return out;
}

function argumentNodes(call: Node): Node[] {
  const out: Node[] = [];
  for (const a of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (!a) continue;
    if (a.type === "identifier") out.push(a);
    else if (a.type === "keyword_argument") {
      const v = a.childForFieldName("value");
      if (v?.type === "identifier") out.push(v);
    }
  }
  return out;
}

function calls(node: Node, out: Node[]): void {
  for (const c of node.namedChildren) {
    if (!c) continue;
    // Do not descend into other defs' bodies: a name there may be shadowed.
    if (c.type === "function_definition" || c.type === "class_definition") continue;
    if (c.type === "call") out.push(c);
    calls(c, out);
  }
}

export function nestedDefCallbacks(ctx: FileContext, symbols: SymbolRecord[], existing: CallbackRecord[]): CallbackRecord[] {
  const out: CallbackRecord[] = [];
  const byArg = new Map<number, number>();
  existing.forEach((c, i) => c.node && byArg.set(c.node.id, i));
  for (const [fn] of walk(symbols)) {
    if (!FUNCTION_KINDS.has(fn.kind) || !fn.bodyNode) continue;
    const nested = new Map<string, SymbolRecord>();
    for (const m of fn.members) if (m.kind === "function" && m.node?.type === "function_definition") nested.set(m.name, m);
    if (!nested.size) continue;
    const found: Node[] = [];
    calls(fn.bodyNode, found);
    for (const call of found) {
      const callee = call.childForFieldName("function");
      if (!callee) continue;
      for (const arg of argumentNodes(call)) {
        const def = nested.get(ctx.text(arg));
        if (!def) continue;
        const base = clip(collapse(ctx.text(callee)).replace(/\s+/g, ""), 60);
        const [kind, flags] = kindFor(base);
        const rec: CallbackRecord = {
          name: `${base}@${def.startLine}`,
          kind,
          startLine: def.startLine,
          endLine: def.endLine,
          signature: def.signature,
          flags: [...(def.signature?.startsWith("async ") ? ["async"] : []), ...flags],
          node: arg,
        };
        if (!rec.flags!.length) delete rec.flags;
        // A reference the callbacks query already matched (timers, done-callbacks) gets the def's lines.
        const prev = byArg.get(arg.id);
        if (prev !== undefined) existing[prev] = { ...rec, kind: existing[prev]!.kind, flags: existing[prev]!.flags ?? rec.flags };
        else out.push(rec);
      }
    }
  }
  return out;
}
