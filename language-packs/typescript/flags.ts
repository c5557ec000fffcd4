/** The pack's flags: `async` (by the head) and `boundary wrapper` (a body that is one `try`). */
import type { Node } from "web-tree-sitter";
import type { SymbolRecord } from "../../core/types.js";

/** An async function or method, by its head: `async f()`, `= async (…)`, a wrapped `= useCallback(async (e)`. */
export function isAsync(r: SymbolRecord): boolean {
  const sig = r.signature ?? "";
  const head = sig.split("(")[0] ?? "";
  // The keyword stands before what it makes async: a name, `*`, `[`, `#` or `function` (`async f`,
  // `static async *g`, `async [Symbol.asyncIterator]`) — not a member named `async` (minipass's
  // `get ['async']()`, an `async()` method, `x.async = function`: flagged async, which they are not).
  // (`= async (…)`, a key's `k: async (…)`, and a wrapped one: `= useCallback(async (e)`)
  return /(?:^|\s)async\s+(?:function\b|[\w$#*[])/.test(head) || /[=:]\s*(?:[\w$.]+\()?async\b/.test(sig);
}

/** A function whose whole body is one try statement: an error boundary around other code. */
export function isBoundaryWrapper(r: SymbolRecord): boolean {
  const body = r.bodyNode;
  if (!body || body.type !== "statement_block") return false;
  // Stop at the second statement (materializing every statement of every body cost ~5 ms a batch).
  let only: Node | null = null;
  for (let i = 0, n = body.namedChildCount; i < n; i++) {
    const c = body.namedChild(i);
    if (!c || c.type.includes("comment")) continue;
    if (only) return false;
    only = c;
  }
  return only?.type === "try_statement";
}
