/**
 * What reached the top level only because no declaration holds it (index.ts drops it): the test
 * plumbing and locals' pieces no symbol encloses.
 */
import type { Node } from "web-tree-sitter";
import type { SymbolRecord } from "../../core/types.js";
import { inCallbackFunction, TEST_CALLS } from "./callbacks.js";

/**
 * What reached the top level only because no declaration holds it, and is no entry of the module: a
 * key of an object literal whose value is only data (`b: { c: [1] }` in `expect(x).toEqual({ b: { c:
 * [1] } })`, `options: { depth: 2 }` in a call's argument — test files listed hundreds), and an object
 * literal's function inside a test case (the test's plumbing). An object of functions
 * there stays (`jQuery.fn.extend({ filter: function … })` inside a UMD factory is the library's API),
 * and so does data mixed into a namespace (`jQuery.extend({ ajaxSettings: {…} })`, `Object.assign(…)`).
 */
export function strayEntry(r: SymbolRecord): boolean {
  // webpack's plumbing for an AMD module (iife.ts webpackAmdFactory): `var __WEBPACK_AMD_DEFINE_ARRAY__, __WEBPACK_AMD_DEFINE_RESULT__;`.
  if (r.kind === "variable" && /^__WEBPACK_AMD_DEFINE_[A-Z]+__$/.test(r.name)) return true;
  // A member of an object type in a function's body (`let mock: { getValue(): number }` in a test's
  // callback: tldraw's tests) is a local's type, not the module's.
  if (r.node?.type === "method_signature" && insideFunction(r.node)) return true;
  // So is a method of an object a local binds (`var gens = { brackets: function (e) {…} }` in a
  // browserify module's function): no binding holds it at the top level.
  if (r.kind === "method" && r.node?.parent?.type === "object" && r.node.parent.parent?.type === "variable_declarator" && insideFunction(r.node)) return true;
  // And of an object given a computed key (`styles[name] = { get() {…} }` in chalk's loop): no name holds it.
  if (r.kind === "method" && r.node?.parent?.type === "object" && computedTarget(r.node.parent)) return true;
  if (r.kind === "method" && r.node?.parent?.type === "object") return inTestCase(r.node) || inCallbackFunction(r.node);
  if (r.kind !== "property" || r.node?.type !== "pair" || holdsCode(r)) return false;
  const call = r.node.parent?.parent?.type === "arguments" ? r.node.parent.parent.parent : null;
  const callee = call?.type === "call_expression" ? call.childForFieldName("function") : null;
  return !(callee && /(?:^|\.)(?:extend|assign|mixin|merge|defineProperties)$/.test(callee.text));
}

/**
 * A key of an object literal that is an array's element (`const CASES = [{ url: "a", output: {…} }]`,
 * tldraw's `DEFAULT_EMBED_DEFINITIONS = [{ type: "figma", toEmbedUrl: (url) => {…} }, …]`): data, not a
 * declaration of what holds the array — its scalar keys were never listed, and each element's same
 * keys made one name of dozens (`CASES.output` ×33). Its functions are the file's callbacks
 * (`toEmbedUrl@20`), as an object's handed to a call are.
 */
export function arrayElementKey(r: SymbolRecord): boolean {
  if ((r.kind !== "property" && r.kind !== "method") || (r.node?.type !== "pair" && r.node?.type !== "method_definition")) return false;
  let up = r.node.parent?.type === "object" ? r.node.parent.parent : null;
  while (up && CASTS.has(up.type)) up = up.parent;
  // (Not an array handed to a call: Babel's class descriptors, `_createClass(Logger, [{ key: "add", value:
  // function add() {…} }])`, are the class's methods, jQuery UI's `$.widget("ui.x", [mixin, {…}])` the widget's.)
  return up?.type === "array" && up.parent?.type !== "arguments";
}
const CASTS = new Set(["parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression"]);

/**
 * Inside a test case's function (`test("x", () => { schema.refine({ error: (iss) => … }) })`): an
 * object literal's function there is the test's plumbing, not a declaration of the module (zod's tests
 * listed 400 such "methods" at the top level).
 */
export function inTestCase(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type !== "arguments") continue;
    const call = p.parent;
    const callee = call?.type === "call_expression" ? call.childForFieldName("function") : null;
    if (callee && TEST_CALLS.test(callee.text.replace(/\s+/g, ""))) return true;
  }
  return false;
}

/** An object assigned to a computed subscript (`styles[name] = {…}`; not a string key: `styles['blue']`). */
function computedTarget(object: Node): boolean {
  const asg = object.parent;
  const left = asg?.type === "assignment_expression" && asg.childForFieldName("right")?.id === object.id ? asg.childForFieldName("left") : null;
  return left?.type === "subscript_expression" && left.childForFieldName("index")?.type !== "string";
}

/** Inside a function's body (a callback's too). */
function insideFunction(node: Node): boolean {
  for (let p = node.parent; p && p.type !== "program"; p = p.parent) if (p.type === "statement_block" && FUNCTION_PARENTS.has(p.parent?.type ?? "")) return true;
  return false;
}
const FUNCTION_PARENTS = new Set(["arrow_function", "function_expression", "function_declaration", "method_definition", "generator_function", "generator_function_declaration"]);

/** A record that is code or holds some: anything but a data property of data properties. */
export const holdsCode = (m: SymbolRecord): boolean => m.kind !== "property" || m.members.some(holdsCode);
