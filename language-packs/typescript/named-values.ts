/** What an exported value names (exports.ts): another declaration, a global, or the module's export object. */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";

/**
 * An exported value that only names another: an identifier the file binds (not a global named nowhere else, es-errors'
 * `module.exports = EvalError;`: a value, as `Math.abs` is), also under `as`/`satisfies`/parentheses (`export default
 * equal as Equal`), or the module's own export object (`module.exports = exports.default`, compilers' interop line).
 */
export function namesValue(value: Node, ctx: FileContext): boolean {
  const inner = innermostValue(value);
  return (inner.type === "identifier" && namedTwice(ctx, inner.text)) || /^(?:module\.)?exports\s*(?:\.|\[|$)/.test(ctx.text(inner).slice(0, 20));
}

const namedTwiceIn = new WeakMap<FileContext, Map<string, boolean>>();
/** Whether the file's text names `name` twice or more (a binding and its use; a global named nowhere else, once): one scan per name and file, stopping at the second. */
function namedTwice(ctx: FileContext, name: string): boolean {
  let seen = namedTwiceIn.get(ctx);
  if (!seen) namedTwiceIn.set(ctx, (seen = new Map()));
  let hit = seen.get(name);
  if (hit === undefined) {
    const re = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
    let n = 0;
    while (n < 2 && re.exec(ctx.source)) n++;
    seen.set(name, (hit = n > 1));
  }
  return hit;
}

const WRAPPERS = new Set(["as_expression", "satisfies_expression", "parenthesized_expression"]);

/** The value under `as` / `satisfies` / parentheses / an assignment chain. */
export function innermostValue(value: Node): Node {
  let v = value;
  for (;;) {
    // (`module.exports = exports = Ajv`: the last value of an assignment chain.)
    const next = v.type === "assignment_expression" ? v.childForFieldName("right") : WRAPPERS.has(v.type) ? v.namedChild(0) : null;
    if (!next) return v;
    v = next;
  }
}
