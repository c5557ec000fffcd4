/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 20 QA). */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("JS/TS shapes from npm packages", () => {
  it("a quoted member is named by its value, as object keys and enum members are; a spaced or dotted one keeps its quotes", async () => {
    for (const file of ["quoted.ts", "quoted.js"]) {
      const ts = file.endsWith(".ts");
      const r = flat(await report(file, [
        "export class A {",
        `  'foo-bar'(x${ts ? ": number" : ""}) { return x }`,
        '  get "@@iterator"() { return 1 }',
        "  'a b'() {}",
        "  'a.b'() {}",
        "}",
        "export const o = { 'on-data'() {} };",
        ...(ts ? ["export interface I {", "  'content-type': string;", '  "x"(): void;', "}"] : []),
      ].join("\n")));
      expect([...r.keys()].filter((k) => k.includes(".")), file).toEqual([
        "A.foo-bar", "A.@@iterator", "A.'a b'", "A.'a.b'", "o.on-data", ...(ts ? ["I.content-type", "I.x"] : []),
      ]);
      // The head keeps the source's spelling; read_symbol takes either.
      expect(r.get("A.foo-bar")?.signature).toBe(`'foo-bar'(x${ts ? ": number" : ""})`);
      for (const q of ["A.foo-bar", "A.'foo-bar'", 'A."foo-bar"', "foo-bar"]) {
        expect((await lens.readSymbol(join(dir, file), q)).startLine, q).toBe(2);
      }
    }
  });

  it("a type literal's members written one a line read with `; ` between them, also after a nested `{ … }` and before a call signature (effect's dual overloads, tanstack's LoadFn)", async () => {
    const r = flat(await report("typelit.ts", [
      "export const set: {",
      "  /** Curried. */",
      "  (name: string): (self: number) => number",
      "  <T>(self: T, name: string): T",
      "} = null as any",
      "export type LoadFn = (opts?: {",
      "  sync?: boolean",
      "  action?: { type: string }",
      "  signal?: AbortSignal",
      "}) => Promise<void>",
    ].join("\n")));
    expect(r.get("set")?.signature).toBe("const set: { (name: string): (self: number) => number; <T>(self: T, name: string): T } = null as any");
    expect(r.get("LoadFn")?.signature).toBe("type LoadFn = (opts?: { sync?: boolean; action?: { type: string }; signal?: AbortSignal }) => Promise<void>");
  });

  it("a doc block one blank line above with a declaration's tag (@returns, @internal) and no @param attaches, as Babel leaves graphql-js's; an untagged one, a header's or one naming other parameters does not", async () => {
    const r = flat(await report("blank-docs.js", [
      "/**", " * @license MIT", " */", "",
      "function first() {}", "",
      "/**", " * Implements the spec.", " *", " * @internal", " */", "",
      "function executeOperation(ctx) {}", "",
      "class Command {",
      "  /**", "   * Customise the help.", "   *", "   * @return {Help}", "   */", "",
      "  createHelp() {}", "",
      "  /**", "   * Not this one's.", "   * @param {object} other", "   */", "",
      "  configureHelp(c) {}",
      "}", "",
      "/** Helpers */", "",
      "function helper() {}",
      "module.exports = { first, executeOperation, Command, helper };",
    ].join("\n")));
    expect(r.get("executeOperation")?.doc).toBe("Implements the spec.");
    expect(r.get("Command.createHelp")?.doc).toBe("Customise the help.");
    for (const k of ["first", "Command.configureHelp", "helper"]) expect(r.get(k)?.doc, k).toBeUndefined();
    // read_symbol reads from the doc, as the outline attaches it.
    expect((await lens.readSymbol(join(dir, "blank-docs.js"), "executeOperation")).startLine).toBe(7);
  });

  it("mixin helpers' objects are their target's methods: X.extend({…}) and jQuery.fn.extend({…}) as statements, _.extend(X.prototype, {…}); not the object of var View = Backbone.View.extend({…})", async () => {
    const r = await report("mixins.js", [
      "var jQuery = function (selector) { return new jQuery.fn.init(selector); };",
      "jQuery.fn = jQuery.prototype;",
      "jQuery.extend({",
      "  isPlainObject: function (obj) { return true; }",
      "});",
      "jQuery.fn.extend({",
      "  each: function (cb) { return this; }",
      "});",
      "function Model() {}",
      "_.extend(Model.prototype, {",
      "  save() {}",
      "});",
      "var View = Backbone.View.extend({",
      "  render: function () { return this; }",
      "});",
      "var made = jQuery.extend({ helper: function () {} });",
      "module.exports = { jQuery, Model, View };",
    ].join("\n"));
    const e = flat(r);
    for (const k of ["jQuery.isPlainObject", "jQuery.each", "Model.save", "View.render"]) expect(e.get(k), k).toMatchObject({ kind: "method", exported: true });
    expect(r.api.concat(r.internal).map((s) => s.name)).not.toContain("isPlainObject");
    expect(e.get("jQuery.helper")).toBeUndefined(); // a value's object, not a statement's: not jQuery's
  });

  it("a static method assigned beside its constructor inside a function body is the constructor's method (bluebird's module factory); a path's function is read by its path (acorn's prototypeAccessors)", async () => {
    const r = await report("statics.js", [
      "module.exports = function () {",
      "  function Promise(executor) {}",
      "  Promise.prototype.then = function (f) { return this; };",
      "  Promise.all = function (promises) { return new Promise(promises); };",
      "  options.callback = function () {};",
      "  return Promise;",
      "};",
      "var prototypeAccessors = { inFunction: { configurable: true }, canAwait: { configurable: true } };",
      "prototypeAccessors.inFunction.get = function () { return 1; };",
      "prototypeAccessors.canAwait.get = function () { return 2; };",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("exports.Promise.all")).toMatchObject({ kind: "method", startLine: 4 });
    expect(r.callbacks.map((c) => c.name)).toEqual(["options.callback@5"]);
    const f = join(dir, "statics.js");
    expect((await lens.readSymbol(f, "prototypeAccessors.canAwait.get")).startLine).toBe(10);
    expect((await lens.readSymbol(f, "inFunction.get")).startLine).toBe(9);
  });

  it("each declarator after a require() one is its own binding, also in an IIFE behind a condition (react-dom's builds: `\"production\" !== process.env.NODE_ENV && (function () {…})()`)", async () => {
    const r = await report("react-like.js", [
      '"production" !== process.env.NODE_ENV &&',
      "  (function () {",
      '    var React = require("react"),',
      "      Internals = {",
      "        d: { r: function () { throw Error(\"bad\"); } },",
      "      },",
      '      PORTAL_TYPE = Symbol.for("react.portal");',
      "    exports.Internals = Internals;",
      "  })();",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Internals")).toMatchObject({ kind: "variable", exported: true, startLine: 4 });
    expect(e.get("Internals.d.r")).toMatchObject({ kind: "method" });
    expect(e.get("PORTAL_TYPE")).toMatchObject({ kind: "variable", startLine: 7 });
    expect(e.get("React")).toBeUndefined(); // a module, an import
    expect(e.get("d")).toBeUndefined();
  });

  it("a UMD factory's `return hooks;` exports hooks, as module.exports = factory() does (moment's build had no exported entry); a plain IIFE's return exports nothing", async () => {
    const src = (wrapper: boolean) => [
      wrapper ? ";(function (global, factory) {" : ";(function () {",
      ...(wrapper ? ["  typeof exports === 'object' ? module.exports = factory() : global.moment = factory();", "}(this, (function () { 'use strict';"] : []),
      "  /** Create a moment. */",
      "  function hooks(input) { return createLocal(input); }",
      "  function createLocal(input) { return { input: input }; }",
      "  hooks.utc = function (input) { return createLocal(input); };",
      "  return hooks;",
      wrapper ? "})));" : "})();",
    ].join("\n");
    const umd = flat(await report("umd.js", src(true)));
    expect(umd.get("hooks")).toMatchObject({ exported: true, doc: "Create a moment." });
    expect(umd.get("hooks.utc")).toMatchObject({ kind: "method", exported: true });
    expect(umd.get("createLocal")?.exported).toBe(false);
    expect(flat(await report("iife.js", src(false))).get("hooks")?.exported).toBe(false);
  });

  it("a local's object type in a callback lists no top-level methods (tldraw's tests: `let mock: { getValue(): number }` in describe)", async () => {
    const r = await report("local-typelit.ts", [
      "describe('suite', () => {",
      "  let mock: {",
      "    value: number",
      "    getValue(): number",
      "  }",
      "})",
      "export let top: { m1(): void }",
    ].join("\n"));
    expect([...flat(r).keys()]).toEqual(["top", "top.m1"]);
  });

  it("a prototype assignment belongs to the class, not to the interface merged with it (tanstack router's Router)", async () => {
    const r = await report("merged.ts", [
      "export interface Router {",
      "  refresh: (() => void) | undefined",
      "}",
      "export class Router {",
      "  go() {}",
      "}",
      "Router.prototype.refresh = function () {}",
    ].join("\n"));
    expect(r.api.map((s) => [s.kind, (s.members ?? []).map((m) => m.name)])).toEqual([["interface", ["refresh"]], ["class", ["go", "refresh"]]]);
  });

  it("a named function expression an arrow returns is a nested function, as a returned one is (redux toolkit's buildGetDefaultMiddleware)", async () => {
    const e = flat(await report("arrow-named.ts", [
      "export const build = () =>",
      "  function getDefaultMiddleware(options: number) {",
      "    return options",
      "  }",
    ].join("\n")));
    expect(e.get("build.getDefaultMiddleware")).toMatchObject({ kind: "function", startLine: 2, endLine: 4, exported: false });
  });

  it("heads: a member named `is` ends no head; a comment before an arrow's body is the body's; a named function in a cast is a function; an object of functions reads with their bodies elided", async () => {
    const e = flat(await report("heads.ts", [
      "export const compareDefault = Object.is",
      "export const twice = (n: number) => /* doubled */ n * 2",
      "export const computed = function computed(arg1: number) {",
      "  return arg1",
      "} as any",
      "export const hooks = {",
      "  click: {",
      "    setup: function (data: unknown) {",
      "      return false",
      "    },",
      "  },",
      "  plain: { a: 1 },",
      "}",
    ].join("\n")));
    expect(e.get("compareDefault")?.signature).toBe("const compareDefault = Object.is");
    expect(e.get("twice")).toMatchObject({ kind: "function", signature: "const twice = (n: number)" });
    expect(e.get("computed")).toMatchObject({ kind: "function", signature: "const computed = function computed(arg1: number)" });
    expect(e.get("hooks.click")?.signature).toBe("click: { setup: function (data: unknown) {…} }");
    expect(e.get("hooks.plain")?.signature).toBe("plain: { a: 1 }");
    expect(e.get("hooks.click.setup")?.kind).toBe("method");
  });

  it("an object of functions mixed into a namespace is the namespace's member (jQuery.extend({ propHooks: { tabIndex: { get() {…} } } }))", async () => {
    const e = flat(await report("mixin-data.js", [
      "var jQuery = function () {};",
      "jQuery.extend({",
      "  propHooks: { tabIndex: { get: function (elem) { return -1; } } },",
      "  ajaxSettings: { url: '' },",
      "});",
    ].join("\n")));
    expect(e.get("jQuery.propHooks.tabIndex.get")?.kind).toBe("method");
  });

  it("a function under a string key of an object is its method (bluebird's P[\"finally\"]), and a chain's string-keyed target is an alias (P.prototype[\"catch\"])", async () => {
    const r = await report("string-keys.js", [
      "function P() {}",
      'P["finally"] = function (handler) { return handler; };',
      'P.prototype.caught = P.prototype["catch"] = function (fn) { return fn; };',
      'var data = {}; data["x"] = 1;',
      "module.exports = P;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("P.finally")).toMatchObject({ kind: "method", exported: true, startLine: 2 });
    expect((await lens.readSymbol(join(dir, "string-keys.js"), "P.catch")).startLine).toBe(3);
    expect(e.get("data.x")).toBeUndefined();
  });

  it("a TODO/FIXME note is no doc, and a jshint directive is skipped like an eslint one", async () => {
    const e = flat(await report("notes.js", [
      "// TODO: make it faster",
      "function a() {}",
      "/** Parses. */",
      "// jshint -W027",
      "function b() {}",
      "// FIXME broken",
      "// on windows",
      "function c() {}",
      "// jshint -W027",
      "function d() {}",
      "module.exports = { a, b, c, d };",
    ].join("\n")));
    expect([e.get("a")?.doc, e.get("b")?.doc, e.get("c")?.doc, e.get("d")?.doc]).toEqual([undefined, "Parses.", undefined, undefined]);
  });

  it("an object's methods belong to its own declarator, not to a function declared before it in the same var (jQuery.Callbacks' `var fire = function () {…}, self = {…}`)", async () => {
    const e = flat(await report("declarators.js", [
      "var helper = function () {},",
      "  api = {",
      "    get: function () {},",
      "    set: function (v) {}",
      "  };",
      "module.exports = { api };",
    ].join("\n")));
    expect([...e.keys()].sort()).toEqual(["api", "api.get", "api.set", "helper"]);
    expect(e.get("api.get")).toMatchObject({ kind: "method", exported: true });
  });

  it("Object.defineProperty(X, Symbol.hasInstance, { value (err) {…} }) names the method [Symbol.hasInstance], not `value` (koa)", async () => {
    const r = await report("symbol-key.js", [
      "function HttpError() {}",
      "Object.defineProperty(HttpError, Symbol.hasInstance, {",
      "  configurable: true,",
      "  value (err) { return err instanceof Error }",
      "})",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("HttpError.[Symbol.hasInstance]")).toMatchObject({ kind: "method", startLine: 2, endLine: 5 });
    expect([...e.keys()].some((k) => k.endsWith("value"))).toBe(false);
  });

  it("a member of an owner the file imports stays at the top level and is read by Owner.member too (Leaflet's plugins: Map.include({ addLayer … }))", async () => {
    const f = join(dir, "plugin.js");
    await report("plugin.js", [
      'import { Map } from "./map";',
      "Map.prototype.locate = function () {};",
      "Map.include({",
      "  addLayer: function (layer) { return this; }",
      "});",
    ].join("\n"));
    for (const [q, line] of [["Map.locate", 2], ["Map.addLayer", 4], ["addLayer", 4]] as const) {
      expect((await lens.readSymbol(f, q)).startLine, q).toBe(line);
    }
  });
});
