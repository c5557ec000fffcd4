/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 24). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

describe("JS/TS shapes from npm packages, round 5", () => {
  it("an IIFE behind a guard, `CryptoJS.lib.Cipher || (function () {…}())`, is a module scope: its classes keep their methods (crypto-js's cipher-core.js)", async () => {
    const r = await report("cipher-core.js", [
      ";(function (root, factory) {",
      "  if (typeof exports === 'object') { module.exports = exports = factory(require('./core')); }",
      "  else { factory(root.CryptoJS); }",
      "}(this, function (CryptoJS) {",
      "  CryptoJS.lib.Cipher || (function (undefined) {",
      "    var C_lib = CryptoJS.lib;",
      "    /** Abstract base cipher template. */",
      "    var Cipher = C_lib.Cipher = C_lib.BufferedBlockAlgorithm.extend({",
      "      /** Creates this cipher in encryption mode. */",
      "      createEncryptor: function (key, cfg) {",
      "        return this.create(key, cfg);",
      "      }",
      "    });",
      "  }());",
      "  return CryptoJS.Cipher;",
      "}));",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Cipher")).toMatchObject({ kind: "variable", startLine: 8, endLine: 13, doc: "Abstract base cipher template." });
    expect(e.get("Cipher.createEncryptor")).toMatchObject({ kind: "method", startLine: 10, endLine: 12, doc: "Creates this cipher in encryption mode." });
    // (It had been a method of nothing, at the top level.)
    expect(e.has("createEncryptor")).toBe(false);
  });

  it("a chain of assignments ending in an object: `numeral.fn = Numeral.prototype = {…}` gives Numeral its methods, `numeral._ = _ = {…}` is a namespace as `numeral._ = {…}` is (numeral)", async () => {
    const r = await report("numeral.js", [
      "var numeral, _;",
      "function Numeral(input) { this._input = input; }",
      "numeral = function (input) { return new Numeral(input); };",
      "numeral._ = _ = {",
      "  toFixed: function (value, digits) { return value.toFixed(digits); }",
      "};",
      "numeral.fn = Numeral.prototype = {",
      "  /** A copy. */",
      "  clone: function () { return numeral(this); },",
      "  format: function (f) { return String(this._input); }",
      "};",
      "module.exports = numeral;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Numeral.clone")).toMatchObject({ kind: "method", startLine: 9, doc: "A copy." });
    expect(e.get("Numeral.format")).toMatchObject({ kind: "method", startLine: 10 });
    expect(e.get("numeral._")).toMatchObject({ kind: "property", startLine: 4, endLine: 6, exported: true });
    expect(e.get("numeral._.toFixed")).toMatchObject({ kind: "method", startLine: 5 });
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
  });

  it("`colorFunctions = {…}` after `let colorFunctions;` is an object of functions by that name (less's functions/color.js); a data object so assigned is no second entry", async () => {
    const r = await report("color.js", [
      "let colorFunctions;",
      "var DATA;",
      "/** Colour functions. */",
      "colorFunctions = {",
      "  /** An rgb colour. */",
      "  rgb: function (r, g, b) { return [r, g, b]; },",
      "  hsl(h, s, l) { return [h, s, l]; }",
      "};",
      "DATA = { a: 1 };",
      "export default colorFunctions;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("colorFunctions")).toMatchObject({ startLine: 4, endLine: 8, exported: true, doc: "Colour functions." });
    expect(e.get("colorFunctions.rgb")).toMatchObject({ kind: "method", startLine: 6, doc: "An rgb colour." });
    expect(e.get("colorFunctions.hsl")).toMatchObject({ kind: "method", startLine: 7 });
    expect(r.internal.map((x) => [x.name, x.startLine])).toEqual([["DATA", 2]]);
  });

  it("a module's own mixin helper, `mixin(Collection, {…})`, `extend(mock, {…})`, `ko.utils.extend(ko.bindingProvider.prototype, {…})`, gives the target its methods (immutable, sinon, knockout)", async () => {
    const r = await report("mixins.js", [
      "function mixin(ctor, methods) { Object.assign(ctor.prototype, methods); }",
      "class Collection {}",
      "mixin(Collection, {",
      "  /** To an array. */",
      "  toArray: function toArray() { return []; },",
      "  toJS() { return {}; }",
      "});",
      "var mock = {};",
      "extend(mock, {",
      "  create: function create(object) { return object; }",
      "});",
      "var ko = {};",
      "ko.bindingProvider = function () { this.cache = {}; };",
      "ko.utils.extend(ko.bindingProvider.prototype, {",
      "  getBindings: function (node) { return {}; }",
      "});",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Collection.toArray")).toMatchObject({ kind: "method", startLine: 5, doc: "To an array." });
    expect(e.get("Collection.toJS")).toMatchObject({ kind: "method", startLine: 6 });
    expect(e.get("mock.create")).toMatchObject({ kind: "method", startLine: 10 });
    expect(e.get("ko.bindingProvider.getBindings")).toMatchObject({ kind: "method", startLine: 15 });
    expect(r.internal.map((x) => x.name)).toEqual(["mixin", "Collection", "mock", "ko"]);
  });

  it("the functions of an object handed to a top-level call are its callbacks, not methods of nothing (numeral's `numeral.register('format', 'bps', {…})`, Vue 2's `Vue.component`)", async () => {
    const r = await report("register.js", [
      "var numeral = require('./numeral');",
      "numeral.register('format', 'bps', {",
      "  regexps: { format: /(BPS)/ },",
      "  format: function (value, format) { return String(value); },",
      "  unformat: function (string) { return Number(string); }",
      "});",
      "Vue.component('bar', {",
      "  methods: { go() { return 1; } }",
      "});",
      "Object.defineProperty(exports, 'version', { get: function () { return '1'; } });",
      "",
    ].join("\n"));
    expect(r.callbacks.map((c) => [c.name, c.kind])).toEqual([
      ["format@4", "object_property_callback"],
      ["unformat@5", "object_property_callback"],
      ["go@8", "object_property_callback"],
    ]);
    // A property descriptor still names what it defines.
    expect(r.api.map((x) => [x.name, x.startLine])).toEqual([["version", 10]]);
    expect(r.internal).toEqual([]);
  });

  it("functions written in place in an object mixed into the exports are the module's exported functions (`Object.assign(module.exports, {…})`; mz's `objectAssign(exports, readline, {…})`)", async () => {
    const r = await report("readline.js", [
      "var readline = require('readline');",
      "Object.assign(module.exports, {",
      "  /** Make one. */",
      "  createInterface: function (input) { return input; },",
      "  other() { return 1; }",
      "});",
      "objectAssign(exports, readline, {",
      "  promisified: function (input) { return input; }",
      "});",
      "",
    ].join("\n"));
    expect(r.api.map((x) => [x.name, x.kind, x.startLine, x.exported])).toEqual([
      ["createInterface", "function", 4, true],
      ["other", "function", 5, true],
      ["promisified", "function", 8, true],
    ]);
    expect(r.api[0]!.doc).toBe("Make one.");
    expect(r.callbacks).toEqual([]);
  });

  it("an accessor under a computed key of `Object.defineProperties(X.prototype, {…})` is X's method `[key]` (fastify's reply.js)", async () => {
    const r = await report("reply.js", [
      "const kRouteContext = Symbol('ctx');",
      "function Reply() {}",
      "Object.defineProperties(Reply.prototype, {",
      "  [kRouteContext]: {",
      "    get () {",
      "      return this.request[kRouteContext];",
      "    }",
      "  },",
      "  elapsedTime: { get () { return 0; } }",
      "});",
      "module.exports = Reply;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Reply.[kRouteContext]")).toMatchObject({ kind: "method", startLine: 5, endLine: 7, exported: true });
    expect(e.get("Reply.elapsedTime")).toMatchObject({ kind: "method", startLine: 9 });
    expect(e.has("get")).toBe(false);
    expect(r.callbacks).toEqual([]);
  });

  it("UMD's `freeModule.exports = he` (`var freeModule = typeof module == 'object' && module`) exports he; so does lodash's `(freeModule.exports = _)._ = _`", async () => {
    const he = await report("he.js", [
      ";(function (root) {",
      "  var freeExports = typeof exports == 'object' && exports;",
      "  var freeModule = typeof module == 'object' && module &&",
      "    module.exports == freeExports && module;",
      "  var he = {",
      "    'version': '1.2.0',",
      "    'decode': function (html) { return html; }",
      "  };",
      "  if (freeModule) {",
      "    freeModule.exports = he;",
      "  } else {",
      "    root.he = he;",
      "  }",
      "}(this));",
      "",
    ].join("\n"));
    expect(he.api.map((x) => [x.name, x.startLine])).toEqual([["he", 5]]);
    expect(flat(he).get("he.decode")).toMatchObject({ kind: "method", exported: true });
    const lodash = await report("core.js", [
      ";(function () {",
      "  var freeModule = freeExports && typeof module == 'object' && module && !module.nodeType && module;",
      "  function lodash(value) { return value; }",
      "  if (freeModule) {",
      "    (freeModule.exports = lodash)._ = lodash;",
      "  }",
      "}.call(this));",
      "",
    ].join("\n"));
    expect(lodash.api.map((x) => [x.name, x.startLine])).toEqual([["lodash", 3]]);
  });

  it("a static value of a function a module-scope IIFE declares is its property, as at the top level (he's `encode.options = {…}`)", async () => {
    const r = await report("he.js", [
      ";(function (root) {",
      "  var encode = function (s) { return s; };",
      "  /** The default options. */",
      "  encode.options = { strict: false };",
      "  encode.helper = function (x) { return x; };",
      "  root.encode = encode;",
      "}(this));",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("encode.options")).toMatchObject({ kind: "property", startLine: 4, doc: "The default options." });
    expect(e.get("encode.helper")).toMatchObject({ kind: "method", startLine: 5 });
  });

  it("`var proto = Moment.prototype; proto.add = add` in a UMD factory gives Moment its methods, as at the top level (moment.js: 83 methods had been no entry)", async () => {
    const r = await report("moment.js", [
      ";(function (global, factory) {",
      "  typeof exports === 'object' && typeof module !== 'undefined' ? module.exports = factory() : global.moment = factory();",
      "}(this, (function () { 'use strict';",
      "  function Moment(config) { this._d = config; }",
      "  function add(input) { return this; }",
      "  var proto = Moment.prototype;",
      "  proto.add = add;",
      "  proto.clone = function () { return new Moment(this); };",
      "  return Moment;",
      "})));",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Moment.add")).toMatchObject({ kind: "method", startLine: 7, exported: true });
    expect(e.get("Moment.clone")).toMatchObject({ kind: "method", startLine: 8, exported: true });
  });

  it("Babel's static fields, `_defineProperty(FunctionNode, \"fromJSON\", function (json) {…})`, are the class's members, also in a factory (mathjs' expression nodes)", async () => {
    const r = await report("FunctionNode.js", [
      "import _defineProperty from '@babel/runtime/helpers/defineProperty';",
      "export var createFunctionNode = factory(name, dependencies, (_ref) => {",
      "  class FunctionNode extends Node {",
      "    clone() { return new FunctionNode(this.fn); }",
      "  }",
      "  _defineProperty(FunctionNode, \"name\", name);",
      "  _defineProperty(FunctionNode, \"fromJSON\", function (json) {",
      "    return new FunctionNode(json.fn);",
      "  });",
      "  return FunctionNode;",
      "});",
      "class Top {}",
      "(0, _defineProperty2.default)(Top, \"kind\", 'top');",
      "_defineProperty(notDeclared, \"x\", 1);",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("createFunctionNode.FunctionNode.fromJSON")).toMatchObject({ kind: "method", startLine: 7, endLine: 9 });
    expect(e.get("createFunctionNode.FunctionNode.name")).toMatchObject({ kind: "property", startLine: 6 });
    expect(e.get("Top.kind")).toMatchObject({ kind: "property", startLine: 13 });
    expect([...e.keys()].filter((k) => k.endsWith(".x") || k === "x")).toEqual([]);
  });

  it("a factory assigned on what a call returns, `getJasmineRequireObj().AllOf = function (j$) {…}`, keeps its constructor's prototype methods (jasmine-core: 85 had been callbacks)", async () => {
    const r = await report("jasmine.js", [
      "getJasmineRequireObj().AllOf = function(j$) {",
      "  /** Matches when all expected values match. */",
      "  function AllOf() {",
      "    this.expectedValues = Array.from(arguments);",
      "  }",
      "  AllOf.prototype.asymmetricMatch = function(other, matchersUtil) {",
      "    return true;",
      "  };",
      "  return AllOf;",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("AllOf")).toMatchObject({ kind: "function", startLine: 1, endLine: 10 });
    expect(e.get("AllOf.AllOf.asymmetricMatch")).toMatchObject({ kind: "method", startLine: 6, endLine: 8 });
    expect(r.callbacks.map((c) => c.name)).toEqual([]);
  });

  it("a constructor function named with a `$` (angular's `$LocationProvider`) gives its `this.x = function` methods, with their docs", async () => {
    const r = await report("location.js", [
      "/** Configures deep linking. */",
      "function $LocationProvider() {",
      "  var hashPrefix = '!';",
      "  /** Sets the hash prefix. */",
      "  this.hashPrefix = function(prefix) {",
      "    hashPrefix = prefix;",
      "    return this;",
      "  };",
      "}",
      "",
    ].join("\n"));
    expect(flat(r).get("$LocationProvider.hashPrefix")).toMatchObject({ kind: "method", startLine: 5, endLine: 8, doc: "Sets the hash prefix." });
    expect(r.callbacks).toEqual([]);
  });

  it("an exported constructor function's `this.name = …` properties are public, as an exported class's are (restify, codemirror)", async () => {
    const r = await report("server.js", [
      "function Server(options) {",
      "  this.name = options.name;",
      "  this.log = function (m) { return m; };",
      "}",
      "Server.prototype.listen = function () {};",
      "function Helper() { this.x = 1; }",
      "module.exports = Server;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(["Server.name", "Server.log", "Server.listen"].map((k) => e.get(k)?.exported)).toEqual([true, true, true]);
    expect(e.get("Helper.x")?.exported).toBe(false);
  });

  it("a UMD factory's parameter that the wrapper hands `exports` (backbone's `factory(root, exports, _, $)`) is the export object: `Backbone.X = …` is exported", async () => {
    const r = await report("backbone.js", [
      "(function(factory) {",
      "  var root = this;",
      "  if (typeof define === 'function' && define.amd) {",
      "    define(['underscore', 'exports'], function(_, exports) { root.Backbone = factory(root, exports, _); });",
      "  } else if (typeof exports !== 'undefined') {",
      "    factory(root, exports, require('underscore'));",
      "  }",
      "})(function(root, Backbone, _) {",
      "  /** Creates a model. */",
      "  var Model = Backbone.Model = function(attrs) { this.attrs = attrs; };",
      "  Model.prototype.get = function(key) { return this.attrs[key]; };",
      "  /** Syncs to the server. */",
      "  Backbone.sync = function(method, model) {};",
      "  var local = function() {};",
      "  return Backbone;",
      "});",
      "",
    ].join("\n"));
    expect(r.api.map((x) => [x.name, x.startLine, x.exportedAs])).toEqual([["Model", 10, undefined], ["sync", 13, undefined]]);
    expect(flat(r).get("Model.get")?.exported).toBe(true);
    expect(r.internal.map((x) => x.name)).toEqual(["local"]);
  });

  it("TSDoc's `@internal` (and JSDoc's `@private`) flags a declaration `internal`, exported or not (mongodb's driver, trpc, bson)", async () => {
    const r = await report("session.ts", [
      "/** @internal */",
      "export function helper(): void {}",
      "",
      "export class Session {",
      "  /**",
      "   * The connection pool.",
      "   * @internal",
      "   */",
      "  pool: string[] = [];",
      "  /** Ends the session. @internal */",
      "  end(): void {}",
      "  /** Reads the @internal annotation of a symbol. */",
      "  read(): void {}",
      "  /** @private */",
      "  old(): void {}",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(["helper", "Session.pool", "Session.end", "Session.read", "Session.old"].map((k) => e.get(k)?.flags ?? [])).toEqual([["internal"], ["internal"], ["internal"], [], ["internal"]]);
    expect(e.get("helper")?.exported).toBe(true);
    expect(e.get("Session.pool")?.doc).toBe("The connection pool.");
    expect(e.get("Session.end")?.doc).toBe("Ends the session.");
  });

  it("a licence banner whose `@license` comes after its authors is no doc of the function below it (sortablejs' esm builds)", async () => {
    const r = await report("sortable.esm.js", [
      "/**!",
      " * Sortable 1.15.7",
      " * @author\tRubaXa   <trash@rubaxa.org>",
      " * @author\towenm    <owen23355@gmail.com>",
      " * @license MIT",
      " */",
      "function _arrayLikeToArray(r, a) {",
      "  return r.slice(0, a);",
      "}",
      "/**",
      " * Copies a range.",
      " * @param r the array",
      " */",
      "function copy(r) { return r; }",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("_arrayLikeToArray")).toMatchObject({ startLine: 7 });
    expect(e.get("_arrayLikeToArray")?.doc).toBeUndefined();
    expect(e.get("copy")?.doc).toBe("Copies a range.");
  });

  it("an assigned object's head elides its functions' bodies at any depth (quill's `Toolbar.DEFAULTS`)", async () => {
    const r = await report("toolbar.js", [
      "class Toolbar {}",
      "Toolbar.DEFAULTS = {",
      "  container: null,",
      "  handlers: {",
      "    clean() {",
      "      const range = this.quill.getSelection();",
      "      if (range == null) return;",
      "    },",
      "  },",
      "};",
      "export default Toolbar;",
      "",
    ].join("\n"));
    expect(flat(r).get("Toolbar.DEFAULTS")?.signature).toBe("Toolbar.DEFAULTS = { container: null, handlers: { clean() {…} } }");
  });

  it("an object of functions an IIFE declares and does not return is a member of the IIFE's variable, holding its methods (bson's and htmx's bundles)", async () => {
    const r = await report("bundle.js", [
      "var lib = (function () {",
      "  /** Node Buffer helpers. */",
      "  const nodeUtils = {",
      "    allocate(size) { return Buffer.alloc(size); },",
      "  };",
      "  var api = { run: function () { return nodeUtils.allocate(1); } };",
      "  return api;",
      "})();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("lib.nodeUtils")).toMatchObject({ kind: "constant", startLine: 3, endLine: 5, doc: "Node Buffer helpers." });
    expect(e.get("lib.nodeUtils.allocate")).toMatchObject({ kind: "method", startLine: 4 });
    // What it returns is the variable's own API, as before.
    expect(e.get("lib.run")).toMatchObject({ kind: "method", startLine: 6 });
    expect(e.has("lib.allocate") || e.has("lib.api")).toBe(false);
  });

  it("a prototype member naming another function, in a function that declares the class, is its method as at the top level (hapi's toolkit)", async () => {
    const r = await report("toolkit.js", [
      "exports.toolkit = function () {",
      "  const Toolkit = class {",
      "    response(result) { return result; }",
      "  };",
      "  Toolkit.prototype.abandon = exports.symbols.abandon;",
      "  Toolkit.prototype.close = exports.symbols.close;",
      "  Toolkit.prototype.limit = 3;",
      "  return Toolkit;",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("toolkit.Toolkit.abandon")).toMatchObject({ kind: "method", startLine: 5 });
    expect(e.get("toolkit.Toolkit.close")).toMatchObject({ kind: "method", startLine: 6 });
    // (Data set on the prototype of a class the function declares is the class's property, as at the top
    // level — http-errors' `ClientError.prototype.expose = true`; it had been left out as the function's business.)
    expect(e.get("toolkit.Toolkit.limit")).toMatchObject({ kind: "property", startLine: 7 });
  });

  it("`export default X` of an imported name is an entry `default`, the re-export it is (fast-xml-parser); of a local one it marks that exported", async () => {
    const r = await report("fxp.js", [
      "import XMLBuilder from 'fast-xml-builder';",
      "import { a as b } from './a.js';",
      "import * as ns from './ns.js';",
      "export default XMLBuilder;",
      "",
    ].join("\n"));
    expect(r.api.map((x) => [x.name, x.kind, x.startLine])).toEqual([["default", "constant", 4]]);
    const full = await report("fxp2.ts", ["import { a as b } from './a.js';", "export default b;", ""].join("\n"));
    expect(full.api[0]).toMatchObject({ name: "default", signature: "export { a as default } from './a.js'" });
    const ns = await report("fxp3.ts", ["import * as ns from './ns.js';", "export default ns;", ""].join("\n"));
    expect(ns.api[0]).toMatchObject({ name: "default", signature: "export * as default from './ns.js'" });
    const local = await report("local.js", ["function parse() {}", "export default parse;", ""].join("\n"));
    expect(local.api.map((x) => [x.name, x.exportedAs])).toEqual([["parse", ["default"]]]);
  });

  it("a `global {…}` augmentation in a `declare module` whose body has `export =` declares exported globals (@types/node's `NodeJS.Process`, `Buffer`: ~400)", async () => {
    const r = await report("events.d.ts", [
      "declare module \"node:events\" {",
      "    class EventEmitter {}",
      "    global {",
      "        namespace NodeJS {",
      "            interface EventEmitter {",
      "                on(name: string): this;",
      "            }",
      "        }",
      "    }",
      "    class Hidden {}",
      "    export = EventEmitter;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(["node:events.global", "node:events.global.NodeJS", "node:events.global.NodeJS.EventEmitter", "node:events.global.NodeJS.EventEmitter.on"].map((k) => e.get(k)?.exported)).toEqual([true, true, true, true]);
    expect(e.get("node:events.EventEmitter")?.exported).toBe(true);
    expect(e.get("node:events.Hidden")?.exported).toBe(false);
  });

  it("a type alias's object types are its members also as intersection or union arms and a wrapper's argument, properties as methods; a literal in a constraint or a parameter's type is none (kysely, RTK, @types/react)", async () => {
    const r = await report("types.ts", [
      "export interface Box<T extends { open(): void }> {",
      "  value: T;",
      "}",
      "export type Ref<C extends { new (props: any): object } | string> = C;",
      "export interface Options {",
      "  onEvent: (handler: { handle(e: Event): void }) => void;",
      "  nested: { close(): void };",
      "}",
      "export type Result = Promise<number> & {",
      "  arg: string;",
      "  unwrap(): Promise<number>;",
      "};",
      "export type NodeFactory = Readonly<{",
      "  kind: 'x';",
      "  is(node: unknown): boolean;",
      "}>;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()].filter((k) => k.includes("."))).toEqual(["Box.value", "Options.onEvent", "Options.nested", "Options.nested.close", "Result.arg", "Result.unwrap", "NodeFactory.kind", "NodeFactory.is"]);
  });

  it("`@internal` with text after it on its line flags the declaration too (trpc's `/** @internal used for testing */`)", async () => {
    const r = await report("links.ts", ["/**", " * @internal used for testing", " */", "export function dedupeLink(): void {}", "/** @internal Sets the column name. */", "export function setName(): void {}", "/** See @internalRemarks. */", "export function other(): void {}", ""].join("\n"));
    expect(r.api.map((x) => [x.name, x.flags ?? []])).toEqual([["dedupeLink", ["internal"]], ["setName", ["internal"]], ["other", []]]);
  });

  it("a bare class field the constructor makes a method (`on;` then `this.on = (path) => {…}`: hono) is that method once", async () => {
    const r = await report("hono-base.js", [
      "export class Hono {",
      "  on;",
      "  router = null;",
      "  constructor() {",
      "    this.on = (path) => {",
      "      return this;",
      "    };",
      "  }",
      "}",
      "",
    ].join("\n"));
    expect(r.api[0]!.members!.map((m) => [m.name, m.kind, m.startLine])).toEqual([["router", "property", 3], ["constructor", "constructor", 4], ["on", "method", 5]]);
  });
});
