/**
 * A Svelte 5 component's props (runes mode): `let { title, count = 0, value = $bindable() }: Props =
 * $props()`, `let props = $props()` — the names a module-level declaration binds to `$props()`, which
 * exportedNames marks exported as Svelte 4's `export let` props are (bits-ui's 224 runes components had
 * read "0 exported", every prop an internal variable). A rest element (`...restProps`) names no prop a
 * parent passes, and `$props.id()` is an id: neither is one.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext } from "../../core/types.js";
import { patternNames } from "./bindings.js";

export function svelteProps(ctx: FileContext): string[] {
  if (ctx.language !== "svelte" || !ctx.source.includes("$props")) return [];
  const out: string[] = [];
  for (const stmt of ctx.tree.rootNode.namedChildren) {
    if (stmt?.type !== "lexical_declaration" && stmt?.type !== "variable_declaration") continue;
    for (const d of stmt.namedChildren) {
      if (d?.type !== "variable_declarator" || !callsProps(d.childForFieldName("value"), ctx)) continue;
      const name = d.childForFieldName("name");
      if (name?.type === "identifier") out.push(ctx.text(name));
      else if (name) for (const id of propNames(name)) out.push(ctx.text(id));
    }
  }
  return out;
}

/** `$props()` (also with type arguments), not `$props.id()`. */
function callsProps(value: Node | null, ctx: FileContext): boolean {
  const callee = value?.type === "call_expression" ? value.childForFieldName("function") : null;
  return callee?.type === "identifier" && ctx.text(callee) === "$props";
}

/** The names a pattern binds but its top-level rest element (a nested one's are a prop's: `{ a: [b, ...c] }`). */
function propNames(pattern: Node): Node[] {
  if (pattern.type !== "object_pattern") return patternNames(pattern);
  return pattern.namedChildren.flatMap((c) => (c && c.type !== "rest_pattern" ? patternNames(c) : []));
}
