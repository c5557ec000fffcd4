/**
 * A key whose value is a call handing it an object of methods: npm's config definitions,
 * `access: new Definition('access', { type: …, flatten (key, obj, flatOptions) {…} })`, a registry's
 * `build: command({ handler (argv) {…} })`. The key is a property holding those methods, as a key whose
 * value is the object itself (`plain: { flatten () {…} }`, the tags query's pair pattern) is: they had
 * nested in the outer object, 53 rows of `flatten` under npm's `definitions` that no key told apart, and
 * `definitions.flatten` was 53-way ambiguous — now `definitions.access.flatten`. Found by a text scan (as
 * wrapped-pairs.ts' keys are: a query pattern on `pair`'s call value costs cold-start analysis); in a
 * function's body the core drops such a property, as it does the query's.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";

/** `key: call(`, `key: new X(`, `'key': a.b(`. */
const KEYED_CALL = /:\s*(?:new\s+)?[\w$][\w$.]*\s*\(/g;
const CALLS = new Set(["call_expression", "new_expression"]);
const FUNCTIONS = new Set(["arrow_function", "function_expression", "generator_function"]);

/** The property records of the keys whose call value hands on an object literal holding a method. */
export function keyedCallOwners(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const root = ctx.tree.rootNode;
  for (const m of ctx.source.matchAll(KEYED_CALL)) {
    const colon = root.descendantForIndex(m.index, m.index + 1);
    const pair = colon?.type === ":" ? colon.parent : null;
    const call = pair?.type === "pair" ? pair.childForFieldName("value") : null;
    if (!call || !CALLS.has(call.type) || pair!.parent?.type !== "object") continue;
    if (!call.childForFieldName("arguments")?.namedChildren.some((a) => a?.type === "object" && holdsMethod(a))) continue;
    const key = pair!.childForFieldName("key");
    const nameNode = key?.type === "string" ? key.firstNamedChild : key?.type === "property_identifier" ? key : null;
    if (!nameNode || nameNode.type !== (key!.type === "string" ? "string_fragment" : "property_identifier") || key!.namedChildCount > 1) continue;
    out.push(buildRecord(ctx, x, pair!, "property", nameNode.text, nameNode));
  }
  return out;
}

/** An object literal with a method among its members: `{ flatten () {…} }`, `{ run: (a) => … }`. */
function holdsMethod(object: Node): boolean {
  return object.namedChildren.some((p) => p?.type === "method_definition" || (p?.type === "pair" && FUNCTIONS.has(p.childForFieldName("value")?.type ?? "")));
}
