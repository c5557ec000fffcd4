/**
 * C# callback candidates placed in code from the leaf matches of queries/callbacks.scm (each lambda,
 * anonymous method and assignment operator, in source order): what five patterns on invocation /
 * object creation / assignment / declarator said, at ~135 ms less query analysis per cold start.
 * The candidates come in the order the patterns' matches did (each completed on the node read here).
 */
import type { Node } from "web-tree-sitter";
import type { CallbackCandidate } from "../../core/callbacks.js";
import type { FileContext } from "../../core/types.js";

const THREAD_OR_TIMER = /^(System\.Threading\.)?(Thread|Timer)$/;

/** The field child of `parent` that is `node` (`childForFieldName` gives the first of the field). */
const isField = (parent: Node, field: string, node: Node) => parent.childForFieldName(field)?.id === node.id;

export function callbackCandidates(ctx: FileContext): CallbackCandidate[] {
  const out: CallbackCandidate[] = [];
  for (const m of ctx.matches.callbacks ?? []) {
    const n = m.captures[0]?.node;
    const parent = n?.parent;
    if (!n || !parent) continue;
    if (n.type === "assignment_operator") {
      // `x.E += …`: the whole assignment, classified in index.ts (a handler, or arithmetic).
      const left = parent.type === "assignment_expression" ? parent.childForFieldName("left") : null;
      if (left && ctx.text(n) === "+=") out.push({ fn: parent, kind: "subscription", base: left });
      continue;
    }
    if (parent.type === "argument") {
      // A lambda passed to a call (classified by callbackRules) or to `new Thread(…)` / `new Timer(…)`.
      const list = parent.parent;
      const call = list?.type === "argument_list" ? list.parent : null;
      if (!call || !isField(call, "arguments", list!)) continue;
      if (call.type === "invocation_expression") {
        const base = call.childForFieldName("function");
        if (base) out.push({ fn: n, kind: "call", base });
      } else if (call.type === "object_creation_expression") {
        const base = call.childForFieldName("type");
        if (base && THREAD_OR_TIMER.test(ctx.text(base))) out.push({ fn: n, kind: "task", base });
      }
    } else if (parent.type === "assignment_expression") {
      const base = parent.childForFieldName("left");
      if (base && isField(parent, "right", n)) out.push({ fn: n, kind: "lambda", base });
    } else if (parent.type === "equals_value_clause" && parent.parent?.type === "variable_declarator") {
      // `Func<int> f = () => …`: named by the declarator's identifier.
      for (const c of parent.parent.namedChildren) {
        if (c?.id === parent.id) break;
        if (c?.type === "identifier") out.push({ fn: n, kind: "lambda", base: c });
      }
    }
  }
  return out;
}
