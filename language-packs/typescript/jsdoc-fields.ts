/**
 * A JavaScript class's field declared by a bare statement in its constructor under a JSDoc type,
 * `/** Place to store the value. @type {Value} *\/ this.value` — how checkJs code (vfile, unified and the
 * rest of wooorm's packages) declares a field it sets later, as TypeScript's binder reads it: a property
 * of the class, its doc the block's first sentence. vfile's `value`, `map`, `result` and `stored` had
 * been no entries, though `this.data = {}` beside them was one.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { inClassConstructor, inConstructorFunction, typed } from "./constructors.js";

/** `this.name` alone on its line, ended by `;` or the line (a statement, not a chain's part). */
const BARE_THIS = /^[ \t]*this\.([\w$]+)[ \t]*;?[ \t]*$/gm;
/** A JSDoc block declaring a type. */
const TYPED_DOC = /^\/\*\*[\s\S]*@type\b/;

export function jsdocFields(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  if (!ctx.source.includes("@type") || typed(ctx.tree.rootNode)) return out;
  const root = ctx.tree.rootNode;
  for (const m of ctx.source.matchAll(BARE_THIS)) {
    const at = m.index + m[0].indexOf("this");
    const statement = root.descendantForIndex(at, at + 4)?.parent?.parent;
    const member = statement?.firstNamedChild;
    if (statement?.type !== "expression_statement" || member?.type !== "member_expression" || member.startIndex !== at) continue;
    if (!typedDocBefore(statement) || !(inClassConstructor(statement) || inConstructorFunction(statement))) continue;
    const name = member.childForFieldName("property");
    if (name?.type !== "property_identifier") continue;
    out.push(buildRecord(ctx, x, statement, "property", name.text, name, { "declared-field": "true" }));
  }
  return out;
}

/** The comment right before the statement is a JSDoc block with `@type`. */
function typedDocBefore(statement: Node): boolean {
  const prev = statement.previousSibling;
  return prev?.type === "comment" && prev.endPosition.row >= statement.startPosition.row - 1 && TYPED_DOC.test(prev.text);
}
