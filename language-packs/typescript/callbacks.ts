/**
 * Callback candidates from the `@function` captures of callbacks.scm, placed by the function's parent
 * (what four query patterns said before, at a fraction of their compile cost):
 *
 *   foo(() => {}) / new Promise(function () {})  → `call`, base = the callee (callbackRules classify it)
 *   it("parses arrays", () => {})                → the same, flagged `test`, its head `it("parses arrays")`
 *   el.onclick = () => {}                        → `assigned_callback`, base = the member expression
 *   { onMessage: () => {} } / { execute() {} }   → `object_property_callback`, base = the key
 *   <button onClick={() => save()}>              → `event_handler` (an `on…` prop; any other prop with a
 *                                                  block body: `object_property_callback`), `button.onClick`
 */
import type { Node } from "web-tree-sitter";
import type { CallbackCandidate } from "../../core/callbacks.js";
import type { FileContext } from "../../core/types.js";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip, collapse } from "../../core/text.js";
import { isExportGetter } from "./esbuild-exports.js";
import { calleeText, MIXIN_CALLEE } from "./defined-properties.js";
import { moduleThis } from "./statement-scope.js";

/** Test cases and their hooks; `.each(…)`, `.only`, `.skip`, `.concurrent`, `.todo` forms too. */
const CASES = "it|test|bench|beforeEach|afterEach|beforeAll|afterAll";
const FORMS = String.raw`(?:\.(?:each|only|skip|concurrent|todo)\b.*)?$`;
/** Test-framework calls (vitest, jest, mocha, node:test): their callbacks are test cases and hooks. */
export const TEST_CALLS = new RegExp(`^(?:describe|suite|${CASES})${FORMS}`);
/** Test cases and their hooks — not `describe`, whose body declares the helpers its tests share. */
const TEST_CASE = new RegExp(`^(?:${CASES})${FORMS}`);
/** A call of one in the source (not `re.test(s)`): files without one skip the search. */
const TEST_CASE_CALL = new RegExp(String.raw`(?<![.\w$])(?:${CASES})\s*(?:\.\s*[\w$]+\s*)*\(`);

/**
 * Where the functions test cases and hooks run lie (`[start, end)` source offsets): what is declared in
 * them is the test's own, no declaration of the module — `const rand = (n) => …` inside an `it(…)`
 * was a module-level function (and its "largest symbol"). Empty for a file that calls none.
 */
export function testCaseBodies(ctx: FileContext): [number, number][] {
  if (!TEST_CASE_CALL.test(ctx.source)) return [];
  const out: [number, number][] = [];
  for (const m of ctx.matches.callbacks ?? []) {
    const fn = m.captures.find((c) => c.name === "function")?.node;
    if (!fn || fn.type === "method_definition" || fn.parent?.type !== "arguments") continue;
    const call = fn.parent.parent;
    const callee = call?.type === "call_expression" ? call.childForFieldName("function") : null;
    if (callee && TEST_CASE.test(ctx.text(callee).replace(/\s+/g, ""))) out.push([fn.startIndex, fn.endIndex]);
  }
  return out;
}

export function callbackCandidates(ctx: FileContext): CallbackCandidate[] {
  const out: CallbackCandidate[] = [];
  for (const m of ctx.matches.callbacks ?? []) {
    const fn = m.captures.find((c) => c.name === "function")?.node;
    const parent = fn?.parent;
    if (!fn || !parent) continue;
    if (fn.type === "method_definition") {
      // `pi.registerTool({ async execute() {…} })`: a shorthand method of an object literal, as `{ execute: async () => {…} }` (not a class's).
      const key = fn.childForFieldName("name");
      if (parent.type === "object" && key && !descriptorAccessor(fn, ctx)) out.push({ fn, kind: "object_property_callback", base: key });
    } else if (parent.type === "arguments") {
      const call = parent.parent;
      const field = call?.type === "call_expression" ? "function" : call?.type === "new_expression" ? "constructor" : undefined;
      let base = field ? call!.childForFieldName(field) : null;
      // `await ctx.ui.custom<T>(fn)`: with type arguments the grammar makes `await ctx.ui.custom` the callee.
      if (base?.type === "await_expression") base = base.namedChild(0);
      // `(0, stream_1.pipeline)(…, fn)`: how tsc calls an imported function — the callee is the last of the sequence.
      if (base?.type === "parenthesized_expression" && base.namedChild(0)?.type === "sequence_expression") base = base.namedChild(0)!.lastNamedChild;
      if (!base?.isNamed || call!.childForFieldName("arguments")?.id !== parent.id) continue;
      // A test case (`it("parses arrays", () => {…})`): its title is its head, flagged `test`.
      const title = parent.namedChild(0);
      // (The callee's text only for a titled call: the k-th `.then` of a chain has the k − 1 before it as its callee.)
      const callee = title && title.id !== fn.id && (title.type === "string" || title.type === "template_string") ? ctx.text(base).replace(/\s+/g, "") : "";
      if (callee && TEST_CALLS.test(callee)) {
        out.push({ fn, kind: "call", base, flags: ["test"], signature: clip(`${callee}(${collapse(ctx.text(title!))})`, MAX_SIGNATURE) });
      } else out.push({ fn, kind: "call", base });
    } else if (parent.type === "assignment_expression") {
      const left = parent.childForFieldName("left");
      if (left?.type === "member_expression" && parent.childForFieldName("right")?.id === fn.id) out.push({ fn, kind: "assigned_callback", base: left });
    } else if (parent.type === "jsx_expression" && parent.parent?.type === "jsx_attribute") {
      const attr = parent.parent;
      const prop = attr.namedChild(0);
      const element = attr.parent?.childForFieldName("name");
      if (prop?.type !== "property_identifier" || !element) continue;
      const name = ctx.text(prop);
      const handler = /^on[A-Z]/.test(name);
      // (A one-expression render prop, `render={() => <Row />}`, is plumbing, as `.then((r) => r.json())` is.)
      if (!handler && fn.childForFieldName("body")?.type !== "statement_block") continue;
      out.push({ fn, kind: handler ? "event_handler" : "object_property_callback", label: `${ctx.text(element)}.${name}` });
    } else if (parent.type === "pair") {
      const key = parent.childForFieldName("key");
      // (esbuild's export getters, `__export(x, { run: () => run })`, are plumbing.)
      if (key?.isNamed && parent.childForFieldName("value")?.id === fn.id && !isExportGetter(parent) && !descriptorAccessor(parent, ctx)) out.push({ fn, kind: "object_property_callback", base: key });
    }
  }
  return out;
}

/**
 * A `get` / `set` of a property descriptor at the module's level, `Object.defineProperty(X.prototype,
 * "size", { get() {…}, set: function (v) {…} })`: part of the property's entry (reexports.ts
 * nameDefinedProperty, which names the callee the same way), no callback.
 */
function descriptorAccessor(member: Node, ctx: FileContext): boolean {
  const key = member.childForFieldName(member.type === "pair" ? "key" : "name")?.text;
  const args = member.parent?.parent;
  const call = args?.type === "arguments" ? args.parent : null;
  const callee = call?.type === "call_expression" ? call.childForFieldName("function") : null;
  // (At the module's level, where the property is an entry; in a function body, `Object.defineProperty(inst,
  // "message", { get() {…} })` (zod's errors) defines no entry, and its getter is a callback.)
  return (key === "get" || key === "set") && args!.namedChild(2)?.id === member.parent!.id && !!callee && calleeText(callee, ctx) === "Object.defineProperty" && call!.parent?.type === "expression_statement" && moduleThis(call!);
}

/**
 * Inside a function handed to a named call (`register(Headers.prototype, (desc, key) => { return { get:
 * () => value, set(v) {…} } })`, axios's AxiosHeaders; `app.use((req, res) => {…})`): an object literal's
 * functions there are the callback's plumbing, not the module's declarations. Not an AMD module's factory
 * (`define([…], function () {…})`), whose returned object is its API, nor a UMD wrapper's (its callee
 * is a function, not a name).
 */
export function inCallbackFunction(node: Node): boolean {
  for (let p = node.parent; p && p.type !== "program"; p = p.parent) {
    if (p.type !== "arrow_function" && p.type !== "function_expression") continue;
    let up = p.parent;
    while (up?.type === "parenthesized_expression") up = up.parent;
    const call = up?.type === "arguments" ? up.parent : null;
    const callee = call?.type === "call_expression" ? call.childForFieldName("function") : null;
    return !!callee && (callee.type === "identifier" || callee.type === "member_expression") && !/^(?:define|require|requirejs)$/.test(callee.text);
  }
  return false;
}

/**
 * A function (or an object of them) in an object literal handed to a call or `new` at the top level,
 * `numeral.register('format', 'bps', { format: function … })`, `Vue.component('x', { methods: {…} })`:
 * a callback of that call, as it is inside a function — not a loose method owned by nothing (numeral's
 * locales had listed six `format`s). Not a mixin's nor a property descriptor's (defined-properties.ts).
 */
export function inCallArgument(node: Node | undefined): boolean {
  for (let o = node?.parent; o?.type === "object"; ) {
    const up = o.parent;
    if (up?.type === "arguments") return !MIXIN_CALLEE.test(up.parent?.childForFieldName("function")?.text ?? "");
    if (up?.type !== "pair") return false;
    o = up.parent;
  }
  return false;
}
