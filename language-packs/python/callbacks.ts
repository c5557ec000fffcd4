/**
 * Nested defs passed to calls: `def on_done(f): …` then `fut.add_done_callback(on_done)` inside the same
 * function. The def stays an outline entry (a named local function, as ctags lists it); the callback
 * entry points at the def's lines under the callee's handle, with the kind the callee implies.
 */
import type { Node } from "web-tree-sitter";
import type { CallbackRecord, FileContext, SymbolRecord } from "../../core/types.js";
import { walk } from "../../core/extract.js";
import { FUNCTION_KINDS } from "../../core/types.js";
import { clip, collapse } from "../../core/text.js";

/** Callee (last dotted part or full text) → callback kind and flags; first match wins. */
const CALLEES: [RegExp, string, string[]][] = [
  [/(?:^|\.)(?:call_later|call_soon|call_at|call_soon_threadsafe|Timer)$/, "timer_callback", ["detached timer"]],
  [/(?:^|\.)add_done_callback$/, "future_callback", []],
  [/(?:^|\.)(?:Thread|Process|submit|run_in_executor|apply_async|start_new_thread|to_thread)$/, "task", []],
  [/(?:^|\.)(?:signal\.signal|add_signal_handler|atexit\.register|connect|bind|add_listener|on)$/, "event_handler", []],
];

function kindFor(callee: string): [string, string[]] {
  for (const [re, kind, flags] of CALLEES) if (re.test(callee)) return [kind, flags];
  return ["callback", []];
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
