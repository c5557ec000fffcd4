/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 44, QA on 27 unseen JS and TS packages). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const pick = (e: { kind: string; startLine: number; endLine: number; exported: boolean } | undefined) => (e ? [e.kind, e.startLine, e.endLine, e.exported] : undefined);

describe("JS/TS shapes from npm packages, session 44", () => {
  it("`const X = (module.exports = function …)`, prettier's parenthesised chain, reads as the chain does (pg's native `NativeQuery`)", async () => {
    const r = await report("native-query.js", [
      "const EventEmitter = require('events').EventEmitter",
      "",
      "/** A query run natively. */",
      "const NativeQuery = (module.exports = function (config, values) {",
      "  EventEmitter.call(this)",
      "  this.text = config.text",
      "})",
      "",
      "NativeQuery.prototype.then = function (onSuccess, onFailure) {",
      "  return this._getPromise().then(onSuccess, onFailure)",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("NativeQuery"))).toEqual(["function", 4, 7, true]);
    expect(e.get("NativeQuery")?.signature).toBe("const NativeQuery = (module.exports = function (config, values) …)");
    expect(e.get("NativeQuery")?.doc).toBe("A query run natively.");
    expect(pick(e.get("NativeQuery.then"))).toEqual(["method", 9, 11, true]);
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
    // `exports.h`, a namespace's member, a class: each as without the parentheses.
    const more = await report("more.js", [
      "const h = (exports.h = function (a) {",
      "  return a",
      "})",
      "var ns = {}",
      "const W = (ns.W = function (o) {",
      "  this.o = o",
      "})",
      "",
    ].join("\n"));
    const m = flat(more);
    expect(pick(m.get("h"))).toEqual(["function", 1, 3, true]);
    expect(pick(m.get("W"))).toEqual(["function", 5, 7, false]);
    expect(more.callbacks).toEqual([]);
    expect((await lens.readSymbol(`${dir}/more.js`, "ns.W")).startLine).toBe(5);
    const k = flat(await report("k.js", ["const K = (module.exports = class K {", "  m() {}", "})", ""].join("\n")));
    expect(pick(k.get("K"))).toEqual(["class", 1, 3, true]);
    expect(pick(k.get("K.m"))).toEqual(["method", 2, 2, true]);
    // In a function's body (jspdf's `var scale = API.scale = function`), a method of the factory.
    const f = flat(await report("factory.js", [
      "function jsPDF() {",
      "  var API = {};",
      "  var scale = (API.scale = function (n) {",
      "    return n;",
      "  });",
      "  return API;",
      "}",
      "module.exports = jsPDF;",
      "",
    ].join("\n")));
    expect(pick(f.get("jsPDF.scale"))).toEqual(["method", 3, 5, false]);
  });

  it("a function alias named `X_y` is a method: only a PascalCase name is a compound component (q's `Q.spread = Q_spread`)", async () => {
    const r = await report("q.js", [
      "module.exports = Q;",
      "function Q(value) {",
      "    return value;",
      "}",
      "",
      "/** Spreads the values of a promised array into the callback. */",
      "Q.spread = Q_spread;",
      "function Q_spread(value, fulfilled) {",
      "    return Q(value).spread(fulfilled);",
      "}",
      "",
      "Q.Promise = Promise;",
      "function Promise(resolver) {}",
      "Promise.all = Promise_all;",
      "function Promise_all(values) {}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Q.spread"))).toEqual(["method", 7, 7, true]);
    expect(e.get("Q.spread")?.doc).toBe("Spreads the values of a promised array into the callback.");
    expect(pick(e.get("Q.Promise"))).toEqual(["property", 12, 12, true]);
    expect(e.get("Promise.all")?.kind).toBe("method");
  });

  it("a prototype alias in a module factory is a method, as at the top level (restify's `Request.prototype.contentLength = Request.prototype.getContentLength`)", async () => {
    const r = await report("request.js", [
      "'use strict';",
      "",
      "module.exports = function patch(Request) {",
      "    /** Returns the content length. */",
      "    Request.prototype.getContentLength = function getContentLength() {",
      "        return this.header('content-length');",
      "    };",
      "",
      "    /** Alias of getContentLength. */",
      "    Request.prototype.contentLength = Request.prototype.getContentLength;",
      "",
      "    Request.prototype.redirect = redirect;",
      "    function redirect(url) {",
      "        return url;",
      "    }",
      "",
      "    Request.prototype.Helper = Helper;",
      "    class Helper {}",
      "    Request.prototype.other = something;",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("patch.contentLength"))).toEqual(["method", 10, 10, false]);
    expect(e.get("patch.contentLength")?.doc).toBe("Alias of getContentLength.");
    expect(pick(e.get("patch.redirect"))).toEqual(["method", 12, 12, false]);
    // (Not a class the factory declares, nor a name it does not: no method by another name.)
    expect([...e.keys()].filter((k) => /Helper|other/.test(k))).toEqual(["patch.Helper"]);
    expect(e.get("patch.Helper")?.kind).toBe("class");
    const read = await lens.readSymbol(`${dir}/request.js`, "Request.contentLength");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 9, 10]);
  });

  it("a function or class assigned to an object literal with keys is its member, as on `{}` (mustache's `mustache.escape = escapeHtml`)", async () => {
    const r = await report("mustache.js", [
      "function Writer () {",
      "  this.cache = {};",
      "}",
      "",
      "function escapeHtml (s) {",
      "  return s;",
      "}",
      "",
      "var mustache = {",
      "  name: 'mustache.js',",
      "  escape: undefined,",
      "  Writer: undefined,",
      "  port: 1,",
      "  handler: function () {}",
      "};",
      "",
      "mustache.escape = escapeHtml;",
      "mustache.Writer = Writer;",
      "mustache.port = 2;",
      "mustache.handler = escapeHtml;",
      "",
      "module.exports = mustache;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("mustache.escape"))).toEqual(["method", 17, 17, true]);
    expect(e.get("mustache.escape")?.signature).toBe("mustache.escape = escapeHtml");
    expect(pick(e.get("mustache.Writer"))).toEqual(["property", 18, 18, true]);
    // (Data sets a key the literal declares; a key it gives a function is its own member, listed once.)
    expect(e.get("mustache.port")).toBeUndefined();
    expect(r.api.flatMap((x) => x.members ?? []).filter((m) => m.name === "handler").map((m) => m.startLine)).toEqual([14]);
    const read = await lens.readSymbol(`${dir}/mustache.js`, "mustache.escape");
    expect([read.found, read.startLine]).toEqual([true, 5]);
  });

  it("in TypeScript a constructor function's `this.x = …` is no entry: it sets a declared field (preact-signals' `Signal`, rxjs's error classes)", async () => {
    const r = await report("signal.ts", [
      "declare class Signal<T = any> {",
      "\t/** @internal */",
      "\t_value: unknown;",
      "\tconstructor(value?: T);",
      "\tpeek(): T;",
      "}",
      "",
      "/** @internal */",
      "function Signal(this: Signal, value?: unknown) {",
      "\tthis._value = value;",
      "\tthis.push = function (x: number) { return x; };",
      "}",
      "",
      "export { Signal };",
      "",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.endsWith("_value"))).toEqual(["Signal._value"]);
    expect(e.get("Signal._value")?.startLine).toBe(3);
    const read = await lens.readSymbol(`${dir}/signal.ts`, "Signal._value");
    expect([read.found, read.startLine, read.ambiguous]).toEqual([true, 2, undefined]); // (from its doc)
    // (A method it gives instances stays; the same data in JavaScript is a property.)
    expect([...e.keys()].filter((k) => k.endsWith("push"))).toHaveLength(1);
    const js = flat(await report("queue.js", ["function Queue() {", "  this.items = [];", "}", "module.exports = Queue;", ""].join("\n")));
    expect(pick(js.get("Queue.items"))).toEqual(["property", 2, 2, true]);
  });

  it("a block comment between a JS method's name and its `(` keeps the method, with no syntax warning (objection's `debug /* istanbul ignore next */()`)", async () => {
    const src = [
      "class QueryBuilder {",
      "  debug /* istanbul ignore next */() {",
      "    this.debugging = true;",
      "    return this;",
      "  }",
      "",
      "  insert(rows) {",
      "    return rows;",
      "  }",
      "}",
      "",
      "module.exports = { QueryBuilder };",
      "",
    ].join("\n");
    const r = await report("builder.js", src);
    expect(r.warnings?.filter((w) => /syntax error/.test(w))).toEqual([]);
    const e = flat(r);
    expect(pick(e.get("QueryBuilder.debug"))).toEqual(["method", 2, 5, true]);
    expect(e.get("QueryBuilder.debug")?.signature).toBe("debug /* istanbul ignore next */()");
    expect(pick(e.get("QueryBuilder.insert"))).toEqual(["method", 7, 9, true]);
    const read = await lens.readSymbol(`${dir}/builder.js`, "QueryBuilder.debug");
    expect([read.kind, read.startLine, read.endLine]).toEqual(["method", 2, 5]);
  });

  it("a mapped type's key is no member, also beside an arm on a line of its own (tanstack-db's `RefBranch`)", async () => {
    const r = await report("ref.ts", [
      "export type Ref<T, V> = {",
      "  [K in keyof T]: T[K]",
      "} & Leaf<T> &",
      "  (V extends true ? Extra : {})",
      "",
      "export type Dict<T> = {",
      "  [key: string]: T",
      "} &",
      "  (T extends true ? Extra : {})",
      "",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()]).toEqual(["Ref", "Dict", "Dict.[]"]);
    expect(e.get("Dict.[]")?.signature).toBe("[key: string]: T");
  });

  it("a `//` comment after a conditional type's `?` in an object type puts no `;` in the head", async () => {
    const r = await report("cond.ts", [
      "export type B<T> = {",
      "  x: T extends string",
      "    ? // a string",
      "      number",
      "    : boolean",
      "  y?: T",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("B")?.signature).toBe("type B<T> = { x: T extends string ? number : boolean; y?: T }");
    expect(e.get("B.x")?.signature).toBe("x: T extends string ? number : boolean");
  });
});
