/**
 * Module patterns: `var App = (function () {…})()` (also `function () {…}.call(this)`, paper.js) — which
 * declarations of the IIFE's body are the binding's members, and which of them are private to it.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { perNode } from "../../core/siblings.js";
import { chainEnd } from "./assignments.js";
import { invokedFunction, unparenthesized } from "./iife.js";

/**
 * `var lib = (function () { const nodeUtils = { allocate() {…} }; … return new Lib(); })()` (bson's and
 * htmx's bundles): an object of functions the IIFE declares and does not return — a member of `lib` as
 * its other declarations are, its methods its own (they had been `lib`'s, under duplicate names).
 */
export function iifeObjects(ctx: FileContext, x: Resolved, value: Node): SymbolRecord[] {
  const body = invokedFunction(value)?.childForFieldName("body");
  if (body?.type !== "statement_block") return [];
  const returned = body.namedChildren.find((s) => s?.type === "return_statement")?.namedChild(0);
  const out: SymbolRecord[] = [];
  // (Children arrays, not sibling steps: core/siblings.ts.)
  for (const s of body.namedChildren) {
    if (s?.type !== "lexical_declaration" && s?.type !== "variable_declaration") continue;
    for (const d of s.namedChildren) {
      if (!d) continue;
      const name = d.type === "variable_declarator" ? d.childForFieldName("name") : null;
      // (Also at a chain's end: paper.js's `var CanvasProvider = Base.exports.CanvasProvider = {…}`.)
      const value = d.childForFieldName("value");
      const object = value && chainEnd(value);
      // (Or one the body fills, `var Utils = {}; Utils.extend = function …` (select2's, tippy's): its
      // methods had been the IIFE binding's, under names it does not have.)
      const methods = object?.type === "object" ? holdsFunctions(object) || (object.namedChildCount === 0 && name?.type === "identifier" && fillsWithFunctions(body, name.text)) : builtObject(object);
      if (name?.type === "identifier" && methods && !(returned?.type === "identifier" && returned.text === name.text)) {
        out.push(buildRecord(ctx, x, s, s.type === "lexical_declaration" ? "constant" : "variable", name.text, name, undefined, undefined, true));
      }
    }
  }
  return out;
}

/** An object literal with a function in it (a method, `key: function …`, `key: () => …`). */
function holdsFunctions(object: Node): boolean {
  return object.namedChildren.some((c) => c?.type === "method_definition" || /function|arrow/.test(c?.childForFieldName("value")?.type ?? ""));
}

/**
 * A class or singleton a class system builds: paper.js's `var Point = Base.extend({ add: function … })`,
 * `Base.extend(Emitter, {…})`, dojo's `declare("my.Memory", Base, {…})` (a call handed an object of
 * functions), `var Numerical = new function () {…}` — at the top level a variable holding its methods;
 * in a module pattern's body the same, not methods of the pattern's binding under names it lacks.
 */
function builtObject(value: Node | null): boolean {
  if (value?.type === "new_expression") return unparenthesized(value.childForFieldName("constructor"))?.type === "function_expression";
  if (value?.type !== "call_expression") return false;
  // (`var Color = Base.extend(new function () {… return {…} })`: paper.js's classes with private helpers.)
  return !!value.childForFieldName("arguments")?.namedChildren.some((a) => (a?.type === "object" && holdsFunctions(a)) || (a?.type === "new_expression" && builtObject(a)));
}

/**
 * A statement of a module pattern's body handing an object of functions to a call, `var paper = function
 * () { Base.inject({ toString: function … }); … }.call(this)` (`r` a method or property in that object,
 * `parent` the pattern's binding): the call's callbacks, as at the top level (callbacks.ts
 * inCallArgument) — not methods of the binding under names it lacks (`paper.toString`).
 */
export function patternCallArgument(r: SymbolRecord, parent: SymbolRecord): boolean {
  if ((parent.kind !== "variable" && parent.kind !== "constant") || !parent.node || !r.node) return false;
  let o = r.node.parent;
  while (o?.type === "object" && o.parent?.type === "pair") o = o.parent.parent;
  const call = o?.type === "object" && o.parent?.type === "arguments" ? o.parent.parent : null;
  const stmt = call?.type === "call_expression" ? call.parent : null;
  const fn = stmt?.type === "expression_statement" && stmt.parent?.type === "statement_block" ? stmt.parent.parent : null;
  if (!fn || fn.startIndex < parent.node.startIndex || fn.endIndex > parent.node.endIndex) return false;
  const declarator = parent.node.type === "variable_declarator" ? parent.node : parent.node.namedChildren.find((d) => d?.type === "variable_declarator" && d.childForFieldName("name")?.text === parent.name);
  return invokedFunction(declarator?.childForFieldName("value") ?? null)?.id === fn.id;
}

/** A statement of `body` assigns a function to a member of `name` (`Utils.extend = function …`). */
function fillsWithFunctions(body: Node, name: string): boolean {
  for (const s of body.namedChildren) {
    const asg = s?.type === "expression_statement" ? s.firstNamedChild : null;
    const left = asg?.type === "assignment_expression" ? asg.childForFieldName("left") : null;
    if (left?.type === "member_expression" && left.childForFieldName("object")?.text === name && /function|arrow/.test(asg!.childForFieldName("right")?.type ?? "")) return true;
  }
  return false;
}

const DECLARATIONS = new Set(["function_declaration", "generator_function_declaration", "class_declaration", "lexical_declaration", "variable_declaration"]);
/**
 * A declaration of a module-pattern IIFE's body that what it returns does not name (prism's `var Prism =
 * (function () { var _ = {…}; function matchGrammar() {…} … return _; })()`): a helper of the closure,
 * not reachable from outside — its binding's member, never its API (prism's `matchGrammar`, `LinkedList`,
 * `addAfter` had read exported).
 */
export function privateToIife(r: SymbolRecord, parent: SymbolRecord): boolean {
  if ((parent.kind !== "variable" && parent.kind !== "constant") || !r.node || !DECLARATIONS.has(r.node.type)) return false;
  const body = r.node.parent;
  if (body?.type !== "statement_block" || !parent.node || body.startIndex < parent.node.startIndex || body.endIndex > parent.node.endIndex) return false;
  const fn = body.parent;
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return false;
  const ret = lastReturned(body);
  if (!ret) return false;
  if (ret.type === "identifier") return ret.text !== r.name;
  if (ret.type !== "object") return false;
  return !ret.namedChildren.some((p) => (p?.type === "shorthand_property_identifier" ? p : p?.type === "pair" ? p.childForFieldName("value") : null)?.text === r.name);
}

/** What a function body's last `return` with a value returns, read once per body (asked for each of its declarations). */
function lastReturned(body: Node): Node | null {
  return returns(body, () => {
    const list = body.namedChildren;
    let ret: Node | null = null;
    for (let i = list.length - 1; i >= 0 && !ret; i--) if (list[i]?.type === "return_statement") ret = unparenthesized(list[i]!.firstNamedChild) ?? null;
    return ret;
  });
}
const returns = perNode<Node | null>();
