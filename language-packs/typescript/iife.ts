/** Top-level IIFEs: the scope of a CDN or UMD bundle, read as the module's (bindings.ts moduleBindings). */
import type { Node } from "web-tree-sitter";

/**
 * The program's statements, and those of a top-level IIFE's body in its place — `(() => { var hr = {
 * lastWeek: function … } … })()`, the scope of a CDN or UMD bundle (date-fns' locale/*\/cdn.js): its
 * bindings are the module's, and an object's methods nest under it (they had been listed without it).
 */
export function* moduleStatementsWithIifes(program: Node, depth = 0): Generator<Node> {
  for (let stmt = program.firstNamedChild; stmt; stmt = stmt.nextNamedSibling) {
    // (An IIFE inside one, to a depth of three: crypto-js's `(function (Math) {…}(Math))` in its UMD factory.)
    const body = depth < 3 ? iifeStatementBody(stmt) : null;
    if (!body) yield stmt;
    else yield* moduleStatementsWithIifes(body, depth + 1);
  }
}

/** The expression inside any parentheses around it (`(function () {…})` → the function). */
export function unparenthesized(e: Node | null): Node | null {
  while (e?.type === "parenthesized_expression") e = e.namedChild(0);
  return e;
}

/**
 * The body of the IIFE a statement is, if it is one (iifeBody); also behind a condition, `"production"
 * !== process.env.NODE_ENV && (function () {…})()` (React's development builds).
 */
export function iifeStatementBody(stmt: Node): Node | null {
  if (stmt.type !== "expression_statement") return null;
  let e = stmt.firstNamedChild;
  if (e?.type === "binary_expression" && e.childForFieldName("operator")?.type === "&&") e = e.childForFieldName("right");
  return iifeBody(e);
}

/**
 * The body of `(() => {…})()`, `(function () {…})()`, `(function () {…}())`, `(function () {…}).call(this)`,
 * `!function () {…}()`, or of a UMD wrapper's factory (umdFactory). Arguments that only name what the
 * body works on (`(function ($, window) {…})(jQuery, window)`, `(function (Math) {…}(Math))`) keep it a
 * module's scope.
 */
function iifeBody(e: Node | null): Node | null {
  if (e?.type === "unary_expression") e = e.childForFieldName("argument");
  e = unparenthesized(e);
  if (e?.type !== "call_expression") return null;
  const factory = umdFactory(e);
  if (factory) return factory;
  let fn = e.childForFieldName("function");
  const args = e.childForFieldName("arguments")?.namedChildren ?? [];
  const call = fn?.type === "member_expression" && /^(?:call|apply)$/.test(fn.childForFieldName("property")?.text ?? "");
  // Names as arguments at most (`.call(this)`): tsc's `(function (NS) {…})(NS || (NS = {}))` is a namespace of its own.
  if (call ? args.length > 1 || (args[0] && args[0].type !== "this") : !args.every(namesOnly)) return null;
  if (call) fn = fn!.childForFieldName("object");
  fn = unparenthesized(fn);
  if (fn?.type !== "arrow_function" && fn?.type !== "function_expression") return null;
  const body = fn.childForFieldName("body");
  return body?.type === "statement_block" ? body : null;
}

/**
 * `x`, `this`, `window.jQuery`: an argument that only names a value; also one picked by a test of what
 * is defined (bn.js's `(function (module, exports) {…})(typeof module === 'undefined' || module, this)`).
 */
function namesOnly(arg: Node | null): boolean {
  if (arg?.type === "identifier" || arg?.type === "this") return true;
  if (arg?.type === "binary_expression") {
    const op = arg.childForFieldName("operator")?.type ?? "";
    const left = arg.childForFieldName("left");
    if (op === "||" || op === "&&") return namesOnly(left) && namesOnly(arg.childForFieldName("right"));
    return /^[!=]==?$/.test(op) && left?.type === "unary_expression" && left.firstChild?.type === "typeof" && arg.childForFieldName("right")?.type === "string";
  }
  return arg?.type === "member_expression" && namesOnly(arg.childForFieldName("object"));
}

/**
 * A UMD wrapper's factory: `(function (global, factory) { typeof exports === 'object' ? factory(exports)
 * : define(['exports'], factory) … })(this, (function (exports) { 'use strict'; class ReadableStream …
 * exports.ReadableStream = ReadableStream; }))` (rollup's and umdjs's output: web-streams-polyfill's
 * builds). Its body is the bundle's module scope, and `exports.X = X` there exports X. The wrapper is
 * a function of two or more parameters whose last is the factory (named so, or handed to `define.amd`),
 * or of one that it hands to `define`.
 */
function umdFactory(call: Node): Node | null {
  const wrapper = unparenthesized(call.childForFieldName("function"));
  if (wrapper?.type !== "function_expression" && wrapper?.type !== "arrow_function") return null;
  const params = wrapper.childForFieldName("parameters");
  const args = call.childForFieldName("arguments");
  const factory = unparenthesized(args?.lastNamedChild ?? null);
  if (!params || params.namedChildCount < 1 || (factory?.type !== "function_expression" && factory?.type !== "arrow_function")) return null;
  // (Or of one, knockout's `(function (factory) { … define(['exports'], factory) … factory(module['exports'] || exports) … }(function (koExports) {…}))`.)
  if (!/factory/i.test(params.lastNamedChild?.text ?? "") && !/\bdefine(?:\.amd\b|\[["']amd["']\])/.test(wrapper.text)) return null;
  if (params.namedChildCount < 2 && !/\bdefine\b/.test(wrapper.text)) return null;
  const body = factory.childForFieldName("body");
  return body?.type === "statement_block" ? body : null;
}

/** Whether a `return` is a statement of a UMD factory's body: what the module exports. */
export function returnsFromUmdFactory(ret: Node): boolean {
  const fn = ret.parent?.parent;
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return false;
  let up = fn.parent;
  while (up?.type === "parenthesized_expression") up = up.parent;
  const call = up?.type === "arguments" ? up.parent : null;
  return call?.type === "call_expression" && umdFactory(call)?.id === ret.parent!.id;
}
