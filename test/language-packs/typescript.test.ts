/** The JS/TS pack's rules, asserted one by one on real parsed code. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat, repoRoot } from "../helpers.js";
import { spawnSync } from "node:child_process";
import type { ModuleReport } from "../../core/types.js";
import { foldedRow } from "../../renderers/compact-rows.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("exported", () => {
  it("export keyword, export default, export lists with aliases, private members", async () => {
    const r = await report("exp.ts", [
      "export function a() {}",
      "function b() {}",
      "function c() {}",
      "export { b, c as see };",
      "export default class D { private p = 1; protected q = 2; #r = 3; s = 4; m() {} }",
      "const internal = 5;",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("a")?.exported).toBe(true);
    expect(e.get("b")?.exported).toBe(true);
    expect(e.get("c")?.exported).toBe(true);
    expect(e.get("internal")?.exported).toBe(false);
    expect(e.get("D")?.exported).toBe(true);
    expect(e.get("D.p")?.exported).toBe(false);
    expect(e.get("D.q")?.exported).toBe(false);
    expect(e.get("D.#r")?.exported).toBe(false);
    expect(e.get("D.s")?.exported).toBe(true);
    expect(e.get("D.m")?.exported).toBe(true);
    expect(r.api?.map((x) => x.name)).toEqual(["a", "b", "c", "D"]);
  });

  it("CommonJS: module.exports object, exports.x, prototype methods nest under their constructor", async () => {
    const r = await report("cjs.js", [
      "function Foo() {}",
      "Foo.prototype.bar = function (x) { return x; };",
      "exports.helper = function () {};",
      "exports.LIMIT = { max: 3 };",
      "function util() {}",
      "module.exports = { Foo, util };",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Foo")?.exported).toBe(true);
    expect(e.get("Foo.bar")?.kind).toBe("method");
    expect(e.get("helper")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("LIMIT")).toMatchObject({ kind: "constant", exported: true });
    expect(e.get("util")?.exported).toBe(true);
    // An exported constructor's prototype methods are its API; an internal one's are not.
    expect(e.get("Foo.bar")?.exported).toBe(true);
    const internal = flat(await report("cjs-internal.js", ["function Bar() {}", "Bar.prototype.go = function () {};", "module.exports = {};"].join("\n")));
    expect(internal.get("Bar.go")?.exported).toBe(false);
  });

  it("CommonJS: an assignment chain through module.exports exports its value and the binding that holds it", async () => {
    // express: `exports = module.exports = createApplication`, `var app = exports = module.exports = {}`.
    const chain = flat(await report("chain.js", ["function createApplication() {}", "exports = module.exports = createApplication;"].join("\n")));
    expect(chain.get("createApplication")?.exported).toBe(true);
    const app = flat(await report("app.js", ["var app = exports = module.exports = {};", "app.init = function init() {};", "app.use = function use(fn) {};", "function helper() {}"].join("\n")));
    expect(app.get("app")?.exported).toBe(true);
    expect(app.get("app.init")).toMatchObject({ kind: "method", exported: true });
    expect(app.get("app.use")?.exported).toBe(true);
    expect(app.get("helper")?.exported).toBe(false);
    const plain = flat(await report("plain.js", ["const api = module.exports = { a: 1 };", "api.run = function () {};"].join("\n")));
    expect(plain.get("api")?.exported).toBe(true);
  });

  it("a function assigned through a chain or a wrapper call is its target's (tapable's Hook, util.deprecate)", async () => {
    const r = flat(await report("hook.js", [
      "function Hook(args) { this.args = args; }",
      "Hook.prototype.tap = util.deprecate(function tap(options, fn) {",
      "  const local = () => fn;",
      "  const plain = 1;",
      "}, \"use tapAsync\");",
      "Hook.prototype.call = Hook.prototype.callAsync = function call(...args) {",
      "  return this._call(args);",
      "};",
      "exports.a = exports.b = function shared() {};",
      "var lib = (function () {",
      "  function Container(x) { this.x = x; }",
      "  Container.prototype.append = function (y) { return this.x + y; };",
      "  return Container;",
      "})();",
      "module.exports = Hook;",
    ].join("\n")));
    expect(r.get("Hook.tap")).toMatchObject({ kind: "method", startLine: 2, endLine: 5, exported: true });
    // Its body is a function body, as with `= function tap`: a nested function an entry, a value not.
    expect(r.get("Hook.tap")?.members?.map((m) => m.name)).toEqual(["local"]);
    expect(r.get("Hook.call")).toMatchObject({ kind: "method", startLine: 6, endLine: 8, exported: true });
    expect([...r.keys()].filter((k) => /(^|\.)(tap|call|shared)$/.test(k)).sort()).toEqual(["Hook.call", "Hook.tap"]);
    expect(r.get("a")).toMatchObject({ kind: "function", exported: true });
    // Inside an IIFE too, a prototype method nests under its constructor.
    expect(r.get("lib.Container.append")).toMatchObject({ kind: "method", startLine: 12 });
    // The chain's other targets find the same declaration.
    const alias = await lens.readSymbol(join(dir, "hook.js"), "callAsync");
    expect([alias.found, alias.name, alias.startLine, alias.note]).toEqual([true, "Hook.call", 6, "also assigned to callAsync; declared as Hook.call"]);
    expect((await lens.readSymbol(join(dir, "hook.js"), "b")).name).toBe("a");
  });

  it("a comma sequence of assignments is read as the statements it joins (Babel's helpers); a wrapper is not any call", async () => {
    const r = flat(await report("seq.js", [
      "function Gen(e) { this.e = e; }",
      "Gen.prototype.next = function (v) {",
      "  return this.e.next(v);",
      "}, Gen.prototype.close = function () {",
      "  return this.e.close();",
      "}, Gen.prototype[\"throw\"] = function (e) {",
      "  return this.e.throw(e);",
      "};",
      "Gen.prototype['return'] = function (v) { return v; };",
      "function C(sock) {",
      "  this.timer = setTimeout(function () { sock.end(); }, 100);",
      "  this.server = http.createServer(function (req, res) { res.end(); });",
      "  this.onData = debounce(function (d) { return d; }, 10);",
      "}",
      "exports.Schema = z.string().refine((v) => v.length > 0);",
      "module.exports = Gen, module.exports.__esModule = true, module.exports[\"default\"] = module.exports;",
    ].join("\n")));
    expect(r.get("Gen")?.exported).toBe(true);
    expect(r.get("Gen.next")).toMatchObject({ kind: "method", startLine: 2, endLine: 4, exported: true });
    expect(r.get("Gen.close")).toMatchObject({ kind: "method", startLine: 4, endLine: 6, exported: true });
    // A reserved word as a string key (regenerator's, Babel's output), in a sequence or a statement.
    expect(r.get("Gen.throw")).toMatchObject({ kind: "method", startLine: 6, endLine: 8, exported: true });
    expect(r.get("Gen.return")).toMatchObject({ kind: "method", startLine: 9 });
    expect(r.has("__esModule")).toBe(false); // the interop marker is no API
    // A timer handle and a server are values (data properties of the instances); a debounced handler is a method.
    expect([...r.keys()].filter((k) => k.startsWith("C.")).map((k) => [k, r.get(k)!.kind])).toEqual([["C.timer", "property"], ["C.server", "property"], ["C.onData", "method"]]);
    expect(r.get("Schema")).toMatchObject({ kind: "constant", exported: true });
  });

  it("a class held by a static property (webpack's `Dep.Template = class … extends (…) {…}`) nests under its owner with its methods", async () => {
    const file = "ConstDependency.js";
    const r = flat(await report(file, [
      "class ConstDependency extends NullDependency {",
      "  serialize(context) {}",
      "}",
      "/** Renders the dependency. */",
      "ConstDependency.Template = class ConstDependencyTemplate extends (",
      "\tNullDependency.Template",
      ") {",
      "  apply(dependency, source) {}",
      "};",
      "function local() {",
      "  this.Inner = class { m() {} };",
      "}",
      "module.exports = ConstDependency;",
    ].join("\n")));
    expect(r.get("ConstDependency.Template")).toMatchObject({ kind: "class", startLine: 5, endLine: 9, exported: true, doc: "Renders the dependency." });
    expect(r.get("ConstDependency.Template")?.signature).toBe("ConstDependency.Template = class ConstDependencyTemplate extends (NullDependency.Template)");
    expect(r.get("ConstDependency.Template.apply")).toMatchObject({ kind: "method", startLine: 8 });
    expect([...r.keys()].filter((k) => k.includes("Inner"))).toEqual([]);
    const read = await lens.readSymbol(join(dir, file), "ConstDependency.Template.apply");
    expect(read).toMatchObject({ found: true, startLine: 8, endLine: 8 });
  });

  it("a prototype member assigned a value: an alias of another member is a method (knex's select = columns), other values properties; not .constructor", async () => {
    const file = "aliases.js";
    const src = [
      "function Builder() {}",
      "/** The columns to select. */",
      "Builder.prototype.columns = function columns(cols) {",
      "  return cols;",
      "};",
      "Builder.prototype.select = Builder.prototype.columns;",
      "Builder.prototype.andWhere = helpers.where;",
      "Builder.prototype.whereLocal = where;",
      "Builder.prototype.kind = 'query';",
      "Builder.prototype.a = Builder.prototype.b = 0;",
      "Builder.prototype.constructor = Builder;",
      "Builder.prototype.gone = void 0;",
      "function where() {}",
      "module.exports = Builder;",
    ].join("\n");
    const r = flat(await report(file, src));
    expect(r.get("Builder.select")).toMatchObject({ kind: "method", startLine: 6, endLine: 6, signature: "Builder.prototype.select = Builder.prototype.columns" });
    expect(r.get("Builder.andWhere")).toMatchObject({ kind: "method", startLine: 7 });
    // A function of this file assigned: a method of Builder too (the outline shows Builder's whole
    // prototype); read_symbol reads the declaration by the member's name, the assignment by its kind.
    expect(r.get("Builder.whereLocal")).toMatchObject({ kind: "method", startLine: 8, endLine: 8, signature: "Builder.prototype.whereLocal = where" });
    expect(await lens.readSymbol(join(dir, file), "Builder.whereLocal")).toMatchObject({ found: true, startLine: 13 });
    expect(await lens.readSymbol(join(dir, file), "Builder.whereLocal", { kind: "method" })).toMatchObject({ found: true, startLine: 8 });
    const own = await lens.readSymbol(join(dir, file), "where");
    expect([own.found, own.startLine, own.ambiguous]).toEqual([true, 13, undefined]);
    expect(r.get("Builder.kind")).toMatchObject({ kind: "property", startLine: 9, signature: "Builder.prototype.kind = 'query'" });
    expect(r.get("Builder.a")).toMatchObject({ kind: "property", startLine: 10 });
    expect(r.has("Builder.constructor")).toBe(false);
    expect(r.get("Builder.gone")).toMatchObject({ kind: "property", startLine: 12 }); // (a field declared undefined, as mongoose's)
    expect((await lens.readSymbol(join(dir, file), "Builder.select")).source).toBe("Builder.prototype.select = Builder.prototype.columns;");
  });

  it("a prototype member under a computed key is named as a class's computed method is", async () => {
    const file = "computed.js";
    const r = flat(await report(file, [
      "function Stream(opts) { this.opts = opts; }",
      "/** Iterate the chunks. */",
      "Stream.prototype[Symbol.asyncIterator] = async function* () {",
      "  yield 1;",
      "};",
      "Stream.prototype[kDestroy] = function (err) { return err; };",
      "Stream.prototype[Symbol.toStringTag] = \"Stream\";",
      "Stream.prototype[a.b.c] = function () {};",
      "module.exports = Stream;",
    ].join("\n")));
    expect(r.get("Stream.[Symbol.asyncIterator]")).toMatchObject({ kind: "method", startLine: 3, endLine: 5, exported: true, doc: "Iterate the chunks." });
    expect(r.get("Stream.[kDestroy]")).toMatchObject({ kind: "method", startLine: 6 });
    // A value under a computed key is no method; a key that is not a name or Symbol.x is not named.
    expect([...r.keys()].sort()).toEqual(["Stream", "Stream.[Symbol.asyncIterator]", "Stream.[kDestroy]", "Stream.opts"]);
    const read = await lens.readSymbol(join(dir, file), "Stream.[Symbol.asyncIterator]");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 2, 5]);
  });

  it("CommonJS: a local exported under another name is found by that name; exports in a top-level if count", async () => {
    const file = "ini.js";
    const r = flat(await report(file, [
      "/** Decode an ini string. */",
      "function decode(str) { return str }",
      "function encode(obj) { return String(obj) }",
      "function debug() {}",
      "module.exports = { parse: decode, decode }",
      "exports.stringify = encode",
      "if (process.env.DEBUG) {",
      "  exports.debug = debug",
      "}",
    ].join("\n")));
    expect([r.get("decode")?.exported, r.get("encode")?.exported, r.get("debug")?.exported]).toEqual([true, true, true]);
    const parse = await lens.readSymbol(join(dir, file), "parse");
    expect([parse.found, parse.name, parse.startLine, parse.note]).toEqual([true, "decode", 1, "exported as parse; declared as decode"]);
    expect((await lens.readSymbol(join(dir, file), "stringify")).name).toBe("encode");
    // The source's spelling of a prototype method names it too.
    await report("queue.js", ["function Queue() {}", "Queue.prototype.push = function (job) {};", "module.exports = Queue;"].join("\n"));
    const push = await lens.readSymbol(join(dir, "queue.js"), "Queue.prototype.push");
    expect([push.found, push.name, push.startLine]).toEqual([true, "Queue.push", 2]);
  });

  it("CommonJS re-exports through require() are exported entries; interop-wrapped requires are imports, not entries", async () => {
    const r = flat(await report("reexp.js", [
      "const Fetcher = require('./util')",
      "const { helper } = require('./util')",
      "module.exports.Node = require('./node')",
      "exports.Edge = require('./edge').Edge",
      "const tarball = (spec) => spec",
      "module.exports.Fetcher = Fetcher",
      "module.exports.tarball = tarball",
    ].join("\n")));
    expect([...r.keys()].sort()).toEqual(["Edge", "Fetcher", "Node", "tarball"]);
    // `module.exports = Object.assign(module.exports, { … })` exports what the object names.
    const assigned = flat(await report("assign.js", ["const Git = require('./git')", "function local() {}", "module.exports = Object.assign(module.exports, { Git, local })"].join("\n")));
    expect([assigned.get("Git")?.exported, assigned.get("local")?.exported]).toEqual([true, true]);
    expect(r.get("Node")).toMatchObject({ kind: "constant", exported: true });
    expect(r.get("Fetcher")).toMatchObject({ kind: "constant", exported: true, startLine: 1 });
    const tsc = flat(await report("tscimp.js", [
      "// tar -t",
      'const node_fs_1 = __importDefault(require("node:fs"));',
      'const path_1 = require("path");',
      "function list() { return node_fs_1.default.readdirSync(path_1.sep); }",
      "exports.list = list;",
    ].join("\n")));
    expect([...tsc.keys()]).toEqual(["list"]);
  });

  it("esbuild's CommonJS bundle: the export getter map's targets are exported, the getters no entries", async () => {
    const file = "esb.cjs";
    const r = await report(file, [
      "var __export = (target, all) => {",
      "  for (var name in all) __defProp(target, name, { get: all[name], enumerable: true });",
      "};",
      "var lib_exports = {};",
      "__export(lib_exports, {",
      "  runMain: () => runMain,",
      "  version: () => VERSION",
      "});",
      "module.exports = __toCommonJS(lib_exports);",
      'var VERSION = "1.0";',
      "/** Run the CLI. */",
      "async function runMain(argv) {",
      "  return argv;",
      "}",
      "function helper() {}",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("runMain")).toMatchObject({ kind: "function", startLine: 12, exported: true, doc: "Run the CLI." });
    expect(e.get("VERSION")?.exported).toBe(true);
    expect(e.get("helper")?.exported).toBe(false);
    expect([...e.values()].filter((x) => x.kind === "method")).toEqual([]);
    expect(r.callbacks.filter((c) => c.startLine >= 5 && c.startLine <= 8)).toEqual([]);
    const read = await lens.readSymbol(join(dir, file), "runMain");
    expect([read.found, read.startLine, read.ambiguous]).toEqual([true, 11, undefined]);
    expect((await lens.readSymbol(join(dir, file), "version")).name).toBe("VERSION");
  });

  it("TypeScript's CommonJS forms: export = X exports X; import x = require(…) is an import", async () => {
    const src = ['import fs = require("fs");', 'import util = require("./util");', "class App {", "  run(): void {}", "}", "export = App;", ""].join("\n");
    const r = await report("cjs-ts/app.ts", src);
    expect(flat(r).get("App")).toMatchObject({ kind: "class", exported: true });
    expect(flat(r).get("App.run")?.exported).toBe(true);
    expect(r.imports.external).toContain("fs");
    expect(r.summary?.imports).toBe(2);
  });

  it("constructor parameter properties (private readonly db: Db) are the class's properties", async () => {
    const src = [
      "@Injectable()",
      "export class UserService {",
      "  constructor(",
      "    private readonly db: Db,",
      "    public name = \"x\",",
      "    readonly limit: number,",
      "    protected override log?: Logger,",
      "    plain: number,",
      "  ) {}",
      "}",
      "",
    ].join("\n");
    const r = await report("user.service.ts", src);
    const e = flat(r);
    expect(e.get("UserService.db")).toMatchObject({ kind: "property", startLine: 4, endLine: 4, exported: false, signature: "private readonly db: Db" });
    expect(e.get("UserService.name")).toMatchObject({ kind: "property", startLine: 5, exported: true });
    expect(e.get("UserService.limit")).toMatchObject({ kind: "property", exported: true, signature: "readonly limit: number" });
    expect(e.get("UserService.log")).toMatchObject({ kind: "property", exported: false });
    // A plain parameter declares nothing; the constructor keeps its whole head.
    expect(e.has("UserService.plain")).toBe(false);
    expect(r.api[0]!.members!.map((m) => m.name)).toEqual(["constructor", "db", "name", "limit", "log"]);
    const read = await lens.readSymbol(join(dir, "user.service.ts"), "UserService.db");
    expect(read).toMatchObject({ found: true, kind: "property", startLine: 4, endLine: 4 });
    expect(read.source).toContain("private readonly db: Db");
  });

  it("functions a class's constructor assigns to this (a compiled class field) are the class's methods", async () => {
    const src = [
      "export class LineCounter {",
      "  constructor() {",
      "    this.lineStarts = [];",
      "    /** Should be called in ascending order. */",
      "    this.addNewLine = (offset) => this.lineStarts.push(offset);",
      "    this.linePos = function (offset) {",
      "      return offset;",
      "    };",
      "    if (this.lineStarts) this.late = () => 1;",
      "  }",
      "  reset() {",
      "    this.onDone = () => {};",
      "  }",
      "}",
      "",
    ].join("\n");
    const r = await report("line-counter.js", src);
    const e = flat(r);
    expect(e.get("LineCounter.addNewLine")).toMatchObject({ kind: "method", startLine: 5, endLine: 5, exported: true, doc: "Should be called in ascending order." });
    expect(e.get("LineCounter.linePos")).toMatchObject({ kind: "method", startLine: 6, endLine: 8 });
    expect(r.api[0]!.members!.map((m) => m.name)).toEqual(["constructor", "lineStarts", "addNewLine", "linePos", "reset"]);
    // Data the constructor gives instances is a property (three.js's `this.visible = true`); a
    // conditional assignment and one in another method stay what they were (a callback).
    expect(e.get("LineCounter.lineStarts")).toMatchObject({ kind: "property", startLine: 3, exported: true, signature: "this.lineStarts = []" });
    expect(e.has("LineCounter.late") || e.has("LineCounter.constructor.late") || e.has("LineCounter.constructor.lineStarts")).toBe(false);
    expect(r.callbacks.map((c) => c.name)).toContain("this.onDone@12");
  });

  it("a constructor's documented `this.x = …` is a property of the class, once, readable by name (three.js's Object3D)", async () => {
    const src = [
      "class Object3D extends EventDispatcher {",
      "  /** The name. */",
      "  name = '';",
      "  constructor() {",
      "    super();",
      "    /**",
      "     * When set to `true`, the 3D object gets rendered.",
      "     * @type {boolean}",
      "     */",
      "    this.visible = true;",
      "    this.name = 'object';",
      "    this.visible = false;",
      "    this.parent.child = 2;",
      "  }",
      "}",
      "export { Object3D };",
      "",
    ].join("\n");
    const r = await report("Object3D.js", src);
    const e = flat(r);
    expect(e.get("Object3D.visible")).toMatchObject({ kind: "property", startLine: 10, endLine: 10, exported: true, doc: "When set to `true`, the 3D object gets rendered." });
    // The declared field keeps its name; a second assignment and `this.a.b = …` are no entries.
    expect(r.api[0]!.members!.map((m) => [m.name, m.startLine])).toEqual([["name", 3], ["constructor", 4], ["visible", 10]]);
    expect(await lens.readSymbol(join(dir, "Object3D.js"), "Object3D.visible")).toMatchObject({ found: true, startLine: 6, endLine: 10 });
  });

  it("a class field holding a function (handleClick = (e) => {…}) is a method with a method's head", async () => {
    const src = ["export class Btn {", "  state = { n: 0 };", "  @bound() handleClick = async (e: Event): Promise<void> => {", "    if (e) { go(); }", "  };", "}", ""].join("\n");
    for (const name of ["Btn.tsx", "btn.jsx"]) {
      const e = flat(await report(name, name.endsWith(".jsx") ? src.replace(": Promise<void>", "").replace("(e: Event)", "(e)") : src));
      expect(e.get("Btn.handleClick")).toMatchObject({ kind: "method", startLine: 3, endLine: 5, complexity: 2, flags: ["async"] });
      expect(e.get("Btn.handleClick")?.signature).toMatch(/^handleClick = async \(e/);
      expect(e.get("Btn.state")?.kind).toBe("property");
    }
    // Its body is a function's: an object's arrow inside is a callback, as in a method (tiptap's
    // `handlePositionUpdate = () => { this.renderer.updateProps({ getPos: () => … }) }`), no member.
    const view = await report("view.ts", "export class View {\n  private handle = () => {\n    this.r.update({ getPos: () => this.getPos() });\n  };\n  update() {\n    this.r.update({ getPos: () => this.getPos() });\n  }\n}\n");
    expect([...flat(view).keys()]).toEqual(["View", "View.handle", "View.update"]);
    expect(view.callbacks.map((c) => c.name)).toEqual(["getPos@3", "getPos@6"]);
  });

  it("auto-accessor fields (accessor count = 0): their names, their heads, and no syntax error (the grammar predates the keyword)", async () => {
    const src = ["export class A {", "  @property() accessor count = 0;", "  static accessor x: number;", "  run() {}", "  accessor = 1;", "  accessor plain = 2;", "}", ""].join("\n");
    const r = await report("acc.ts", src);
    const e = flat(r);
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect(e.get("A.count")?.signature).toBe("accessor count = 0");
    expect(e.get("A.x")?.signature).toBe("static accessor x: number");
    expect(e.get("A.plain")?.signature).toBe("accessor plain = 2"); // (undecorated: the parse's field starts after the keyword)
    expect(e.get("A.accessor")).toMatchObject({ kind: "property", startLine: 5 }); // a field named accessor
    const read = await lens.readSymbol(join(dir, "acc.ts"), "A.count");
    expect(read.source).toBe("  @property() accessor count = 0;");
    expect(e.get("A.count")).toMatchObject({ kind: "property", startLine: 2, decorators: ["@property()"] });
    expect(e.get("A.x")?.kind).toBe("property");
    expect(e.get("A.run")?.kind).toBe("method");
  });

  it("export type * from (TS 5.0): a re-export and its import, no syntax error (the grammar predates the form)", async () => {
    const r = await report("ts5.ts", ['export type * from "./x";', 'export type * as ns from "./y";', "export const a = 1;"].join("\n"));
    expect(r.warnings ?? []).not.toContainEqual(expect.stringMatching(/syntax error/));
    expect(flat(r).get("ns")).toMatchObject({ exported: true, signature: 'export type * as ns from "./y"' });
    expect(r.summary.imports).toBe(2);
  });

  it("declare global { … } is a module `global` holding its declarations", async () => {
    const src = ["declare global {", "  interface Window { myApp: string; }", "  var __DEV__: boolean;", "}", "export {};", ""].join("\n");
    const e = flat(await report("globals.ts", src));
    expect(e.get("global")).toMatchObject({ kind: "module", exported: true, startLine: 1, endLine: 4, signature: "declare global" });
    expect(e.get("global.Window")?.kind).toBe("interface");
    expect(e.get("global.__DEV__")?.kind).toBe("variable");

    // Declaration files: an ambient module's declarations and a script's globals are API.
    const d = flat(await report("types/fs.d.ts", ['declare module "fs" {', "  export function rename(a: string): void;", "}", ""].join("\n")));
    expect(d.get("fs")).toMatchObject({ kind: "module", exported: true });
    expect(d.get("fs.rename")?.exported).toBe(true);
    const g = flat(await report("types/globals.d.ts", ["declare var process: { env: Record<string, string> };", "interface ErrorConstructor { captureStackTrace(o: object): void }", ""].join("\n")));
    expect(g.get("process")?.exported).toBe(true);
    expect(g.get("ErrorConstructor")?.exported).toBe(true);
    const m = flat(await report("types/mod.d.ts", ["import type { X } from './x';", "interface Local {}", "export declare function f(x: X): Local;", ""].join("\n")));
    // A declaration file is an export context (TypeScript's binder; tsc compiles `import { Local }`)…
    expect(m.get("Local")?.exported).toBe(true);
    expect(m.get("f")?.exported).toBe(true);
    // …unless it has an export declaration or assignment: then it exports what it says.
    const off = flat(await report("types/off.d.ts", ["interface Local {}", "declare function g(): Local;", "export declare function f(): Local;", "export {};", ""].join("\n")));
    expect([off.get("Local")?.exported, off.get("g")?.exported, off.get("f")?.exported]).toEqual([false, false, true]);
    // So is an ambient module's body: `export = lib` / `export {}` in it export only what they name.
    const amb = flat(await report("types/amb.d.ts", [
      'declare module "lib" {',
      "  type Helper = (x: number) => void;",
      "  function lib(o: Helper): void;",
      "  namespace lib { interface Result { ok: boolean } }",
      "  export = lib;",
      "}",
      'declare module "x" { interface A { a: number } export function g(): void; export {}; }',
      'declare module "y" { interface B { b: number } export function h(): void; }',
      "",
    ].join("\n")));
    expect([amb.get("lib.Helper")?.exported, amb.get("lib.lib")?.exported, amb.get("lib.lib.Result")?.exported]).toEqual([false, true, true]);
    expect([amb.get("x.A")?.exported, amb.get("x.g")?.exported, amb.get("y.B")?.exported, amb.get("y.h")?.exported]).toEqual([false, true, true, true]);
    const k = flat(await report("types/k.d.ts", ["export declare const VERSION: string;", "declare const local: number;", "export declare class A {", "  constructor(x: number);", "  run(): void;", "}", ""].join("\n")));
    expect(k.get("VERSION")).toMatchObject({ kind: "constant", exported: true, startLine: 1 });
    expect(k.get("local")).toMatchObject({ kind: "constant", exported: true }); // (tsc compiles `import { local }`)
    expect(k.get("A.constructor")).toMatchObject({ kind: "constructor", startLine: 4 });
    const b = flat(await report("types/b.d.ts", ["export interface BufferConstructor {", "  new (size: number): Buffer;", "  from(x: string): Buffer;", "}", ""].join("\n")));
    expect(b.get("BufferConstructor.new")).toMatchObject({ kind: "constructor", startLine: 2, signature: "new (size: number): Buffer" });
    // `global { … }` inside a module (@types/node's timers, process, events): a module `global` there,
    // and no syntax error (the grammar knows `global` only after a top-level `declare`).
    const src2 = ['declare module "timers" {', "  global {", "    namespace NodeJS {", "      interface Timeout { ref(): this }", "    }", "    function setTimeout(cb: () => void): NodeJS.Timeout;", "  }", "  export function clear(): void;", "}", ""];
    const t = await report("types/timers.d.ts", src2.join("\n"));
    expect((t.warnings ?? []).filter((w) => /syntax/.test(w))).toEqual([]);
    const te = flat(t);
    expect(te.get("timers.global")).toMatchObject({ kind: "module", exported: true, startLine: 2, endLine: 7, signature: "global" });
    expect(te.get("timers.global.NodeJS.Timeout.ref")?.kind).toBe("method");
    expect(te.get("timers.global.setTimeout")).toMatchObject({ kind: "function", startLine: 6 });
    expect(te.get("timers.clear")?.startLine).toBe(8);
  });

  it("call and index signatures are members (`()`, `[]`); a bodiless declared object type's properties too", async () => {
    const file = "types/sig.d.ts";
    const r = await report(file, [
      "export interface ExpectStatic { (val: any, message?: string): Assertion; fail(message?: string): never; }",
      "export interface Dict<T> { [key: string]: T | undefined; }",
      "export declare class Arr { readonly [index: number]: string; length: number; }",
      "declare var Event: { prototype: Event; new(type: string): Event; readonly NONE: 0; };",
      "export type Fn = { (x: number): string; name: string };",
      "export function f(opts: { a: number }): void;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("ExpectStatic.()")).toMatchObject({ kind: "method", startLine: 1, exported: true, signature: "(val: any, message?: string): Assertion" });
    expect(e.get("Dict.[]")).toMatchObject({ kind: "property", signature: "[key: string]: T | undefined" });
    expect(e.get("Arr.[]")?.kind).toBe("property");
    expect(e.get("Fn.()")?.kind).toBe("method");
    expect([e.get("Event.prototype")?.kind, e.get("Event.NONE")?.kind, e.get("Event.new")?.kind]).toEqual(["property", "property", "constructor"]);
    expect(e.has("f.a")).toBe(false); // a parameter's object type declares nothing
    const read = await lens.readSymbol(join(dir, file), "Event.NONE");
    expect([read.found, read.kind, read.startLine]).toEqual([true, "property", 4]);
    // A quoted module's name is one segment: `debounce` is the function in it, not the module.
    await report("types/k1.d.ts", ['declare module "lodash.debounce" {', "  function debounce(fn: () => void): () => void;", "  export = debounce;", "}", ""].join("\n"));
    const fn = await lens.readSymbol(join(dir, "types/k1.d.ts"), "debounce");
    expect([fn.found, fn.kind, fn.startLine, fn.ambiguous]).toEqual([true, "function", 2, undefined]);
    expect((await lens.readSymbol(join(dir, "types/k1.d.ts"), "lodash.debounce")).kind).toBe("module");
    // The compact head of a call signature is its signature; `--detail full` lists data members with their types.
    const text = lens.render(r, "compact", { detail: "full" });
    expect(text).toMatch(/method +\(val: any, message\?: string\): Assertion/);
    expect(text).toMatch(/prop +length: number/);
  });

  it("property signatures of interfaces and object type aliases (read off the body); a method in a property's type is that property's member", async () => {
    const r = await report("types/opts.ts", [
      "/** Options. */",
      "export interface MoveOptions {",
      "  /** Force it. */",
      "  force?: boolean; 'aria-label': string",
      "  animation?: {",
      "    duration?: number",
      "    easing?(t: number): number",
      "  }",
      "}",
      "type Local = { a: number; b(): void; nested: { deep: string } };",
      "export type NotABody = Partial<{ x: number }>;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()].filter((k) => /^(MoveOptions|Local|NotABody)\./.test(k))).toEqual([
      // (A wrapper's object argument is the alias's body too, as its method signatures had always been listed: session 24.)
      "MoveOptions.force", "MoveOptions.aria-label", "MoveOptions.animation", "MoveOptions.animation.easing", "NotABody.x", "Local.a", "Local.b", "Local.nested",
    ]);
    expect(e.get("MoveOptions.force")).toMatchObject({ kind: "property", startLine: 4, exported: true, doc: "Force it.", signature: "force?: boolean" });
    expect(e.get("MoveOptions.animation")).toMatchObject({ startLine: 5, endLine: 8 });
    expect(e.get("MoveOptions.animation.easing")).toMatchObject({ kind: "method", startLine: 7 });
    expect(e.get("Local.a")).toMatchObject({ kind: "property", exported: false });
  });

  it("import types in a type alias's value and a constraint parse; their modules are imports", async () => {
    const r = await report("types/walker.d.ts", [
      "export declare class WalkerBase {",
      '  replace<P extends import("estree").Node>(parent: P | null, node: Node): void;',
      "  remove(): void;",
      "}",
      "export type Node = import('estree').Node;",
      'export type U = A | import("./local").B<string>;',
      'type N = typeof import("fs");',
      "",
    ].join("\n"));
    expect((r.warnings ?? []).filter((w) => /syntax/.test(w))).toEqual([]);
    const e = flat(r);
    expect(e.get("Node")?.signature).toBe("type Node = import('estree').Node");
    expect(e.get("U")?.signature).toBe('type U = A | import("./local").B<string>');
    expect(e.get("WalkerBase.remove")?.startLine).toBe(3);
    expect(r.imports.external.sort()).toEqual(["estree", "fs"]);
    expect(r.imports.internal.length).toBe(1);
  });

  it("a curried arrow's head runs through its arrows; a module's functions share an `fns` row", async () => {
    const e = flat(await report("curry.js", ["const curry = (a) => (b) => {", "  return a + b;", "};", "const hyphenReplace = incPr => ($0, from, fM) => {", "  return from;", "};", "module.exports = { curry, hyphenReplace };"].join("\n")));
    expect(e.get("curry")).toMatchObject({ kind: "function", signature: "const curry = (a) => (b)" });
    expect(e.get("hyphenReplace")?.signature).toBe("const hyphenReplace = incPr => ($0, from, fM)");
    const m = flat(await report("types/m.d.ts", ['declare module "m" {', "  export type T0 = string;", "  export function op1(path: string): void;", "  export function op2(): void;", "}", ""].join("\n")));
    const members = ["m.T0", "m.op1", "m.op2"].map((k) => m.get(k)!);
    expect(foldedRow(members, 1).kind).toBe("fns");
    expect(foldedRow([{ ...members[0]!, kind: "property" }, { ...members[1]!, kind: "method" }, { ...members[2]!, kind: "method" }], 1).kind).toBe("methods");
  });

  it("re-exports from other modules are API entries", async () => {
    const r = await report("barrel.ts", 'export { Lens as L } from "./engine.js";\nexport type { Hooks } from "./hooks.js";\n');
    const e = flat(r);
    expect(e.get("L")).toMatchObject({ kind: "constant", exported: true });
    expect(e.get("Hooks")).toMatchObject({ kind: "type", exported: true, signature: 'export type { Hooks } from "./hooks.js"' });
    // `export * as ns from`: a namespace entry under its name (a barrel recommends none of them).
    const ns = await report("ns.ts", 'export * as utils from "./utils";\nexport * from "./all";\n');
    expect(flat(ns).get("utils")).toMatchObject({ kind: "namespace", startLine: 1, exported: true, signature: 'export * as utils from "./utils"' });
    expect(ns.recommendedReads).toEqual([]);
  });

  it("enum members are constants of their enum (bare, assigned, string-named), exported with it", async () => {
    const e = flat(await report("color.ts", 'export enum Color {\n  /** The red one. */\n  Red = "r",\n  Green,\n  "blue-x" = 3,\n}\nconst enum Dir { Up, Down }\n'));
    expect(e.get("Color.Red")).toMatchObject({ kind: "constant", startLine: 3, exported: true, signature: 'Red = "r"', doc: "The red one." });
    expect(e.get("Color.Green")).toMatchObject({ kind: "constant", startLine: 4, exported: true });
    expect(e.get("Color.blue-x")).toMatchObject({ kind: "constant", startLine: 5, signature: '"blue-x" = 3' });
    expect(e.get("Dir.Up")).toMatchObject({ kind: "constant", exported: false });
  });
});

describe("shapes", () => {
  it("kinds: overloads, interfaces with members, enums, namespaces, getters, abstract classes, generators", async () => {
    const r = await report("shapes.ts", [
      "export function over(a: string): void;",
      "export function over(a: number): void;",
      "export function over(a: any) {}",
      "export interface Shape { area(): number; name?: string }",
      "export enum Color { Red, Green }",
      "export namespace Geo { export const PI = 3.14; }",
      "export abstract class Base { abstract run(): void; get size(): number { return 1; } }",
      "export function* gen() { yield 1; }",
      "export type Pair<T> = [T, T];",
    ].join("\n"));
    const e = flat(r);
    expect(r.api?.filter((x) => x.name === "over").length).toBe(3);
    expect(e.get("Shape")?.kind).toBe("interface");
    expect(e.get("Shape.area")?.kind).toBe("method");
    expect(e.get("Shape.name")?.kind).toBe("property");
    expect(e.get("Color")?.kind).toBe("enum");
    expect(e.get("Geo")?.kind).toBe("namespace");
    expect(e.get("Geo.PI")?.exported).toBe(true);
    expect(e.get("Base.run")?.kind).toBe("method");
    expect(e.get("Base.size")?.signature).toBe("get size(): number");
    expect(e.get("gen")?.kind).toBe("function");
    expect(e.get("Pair")).toMatchObject({ kind: "type", signature: "type Pair<T> = [T, T]" });
  });

  it("plain locals inside function bodies are not entries; nested named functions are (both forms)", async () => {
    const r = await report("locals.ts", "export function outer() {\n  const local = () => 1;\n  let x = 2;\n  const o = { a: 1 };\n  function inner() {}\n  type Action = 'up' | 'down';\n  interface Box { w: number }\n  return local() + x;\n}\n");
    const e = flat(r);
    expect(e.get("outer.Action")).toMatchObject({ kind: "type", startLine: 6, exported: false });
    expect(e.get("outer.Box")?.kind).toBe("interface");
    expect(e.has("outer.Box.w")).toBe(true);
    expect(e.get("outer.inner")?.kind).toBe("function");
    expect(e.get("outer.local")).toMatchObject({ kind: "function", startLine: 2, endLine: 2, exported: false });
    expect(e.get("outer.inner")?.exported).toBe(false);
    expect(e.get("outer")?.exported).toBe(true);
    expect(e.has("outer.x")).toBe(false);
    expect(e.has("outer.o")).toBe(false);
  });

  it("factory functions: prototype methods and named function expressions inside are nested entries", async () => {
    const src = [
      "function plugin(fork) {",
      "  var Path = function Path(value) { this.value = value; };",
      "  var Pp = Path.prototype;",
      "  Pp.each = function each(callback) {",
      "    return callback(this.value);",
      "  };",
      "  Path.prototype.size = function () { return 1; };",
      "  fork.onReady = function () {};",
      "  this.other = function named() {};",
      "  return Path;",
      "}",
      "function json(options) {",
      "  return function jsonParser(req, res, next) {",
      "    next();",
      "  };",
      "}",
      "defineGetter(req, 'host', function host() {",
      "  return this.get('Host');",
      "});",
      "emitter.on('close', function onClose() {",
      "  cleanup();",
      "});",
      "emitter.on('open', function () {",
      "  start();",
      "});",
      "function Holder(cls) {",
      "  return class Holder extends cls {",
      "    toString() { return ''; }",
      "  };",
      "}",
      "Formatter.prototype.Section = wrap(class Section {",
      "  format() {}",
      "});",
      "",
    ].join("\n");
    const r = await report("factory.js", src);
    const e = flat(r);
    expect(e.get("plugin.Path")?.kind).toBe("function");
    // A prototype method moves into its constructor function declared beside it, as at top level —
    // also through the block's alias of its prototype (`var Pp = Path.prototype`).
    expect(e.get("plugin.Path.each")).toMatchObject({ kind: "method", startLine: 4, endLine: 6, exported: false });
    expect(e.get("plugin.Path.size")).toMatchObject({ kind: "method", startLine: 7 });
    expect(e.has("plugin.onReady")).toBe(false); // an anonymous function on another member: a callback
    expect(e.has("plugin.named") || e.has("plugin.other")).toBe(false); // `this.x = …`: not a declaration
    expect(e.get("json.jsonParser")).toMatchObject({ kind: "function", startLine: 13, endLine: 15 });
    expect(e.get("host")).toMatchObject({ kind: "function", startLine: 17, endLine: 19 });
    expect(e.get("onClose")).toMatchObject({ kind: "function", startLine: 20 });
    // A named event handler stays a callback too (its kind says more); a plain named callback does not.
    const cbs = r.callbacks.map((c) => `${c.kind} ${c.startLine}`);
    expect(cbs).toContain("event_handler 20");
    expect(cbs).toContain("event_handler 23");
    expect(cbs.some((c) => c.endsWith(" 17"))).toBe(false);
    // Named class expressions returned or passed on are entries too, also out of a member assignment.
    expect(e.get("Holder.Holder")).toMatchObject({ kind: "class", startLine: 27, endLine: 29 });
    expect(e.get("Holder.Holder.toString")?.kind).toBe("method");
    expect(e.get("Section")).toMatchObject({ kind: "class", startLine: 31, endLine: 33 });
    expect(e.get("Section.format")?.kind).toBe("method");
    // A mixin: an arrow whose body is a class expression (`module.exports = cls => class Reifier extends cls {…}`).
    const mixin = flat(await report("reify.js", "module.exports = cls => class Reifier extends cls {\n  async reify () {\n    return 1\n  }\n}\n"));
    expect(mixin.get("exports.Reifier")).toMatchObject({ kind: "class", startLine: 1, endLine: 5, signature: "class Reifier extends cls" });
    expect(mixin.get("exports.Reifier.reify")).toMatchObject({ kind: "method", startLine: 2, endLine: 4, flags: ["async"] });
  });

  it("heads read as written on one line: a formatter's breaks and trailing commas go, and comments that are no part of the line", async () => {
    const src = [
      "export function diff(",
      "  oldStr: string,",
      "  newStr: string, // Type below is not accurate",
      "  options = {},",
      "): Change[] {",
      "  return [];",
      "}",
      "export type Page = {",
      "  /**",
      "   * The page's items.",
      "   */",
      "  items: Item[];",
      "};",
      "export function insert(arg: Arg, unique: true /* __uks */): void {}",
      "",
    ].join("\n");
    const e = flat(await report("heads.ts", src));
    expect(e.get("diff")?.signature).toBe("function diff(oldStr: string, newStr: string, options = {}): Change[]");
    expect(e.get("Page")?.signature).toBe("type Page = { items: Item[]; }");
    expect(e.get("insert")?.signature).toBe("function insert(arg: Arg, unique: true /* __uks */): void");
    const py = flat(await report("heads.py", ["def f(", "    a: int,  # the count", "    b: str,", ") -> None:", "    pass", ""].join("\n")));
    expect(py.get("f")?.signature).toBe("def f(a: int, b: str) -> None");
  });

  it("heads leave out bundler annotations (/*@__PURE__*/) and keep other one-line block comments", async () => {
    const e = flat(await report("pure.ts", ["export const uuid4: RegExp = /*@__PURE__*/ uuid(4);", "export const b = /* #__PURE__ */ make();", "export type T = true_type /* __uks */;"].join("\n")));
    expect(e.get("uuid4")?.signature).toBe("const uuid4: RegExp = uuid(4)");
    expect(e.get("b")?.signature).toBe("const b = make()");
    expect(e.get("T")?.signature).toBe("type T = true_type /* __uks */");
  });

  it("anonymous class expressions: a mixin's methods are its function's; one handed to a call is a class named by the call", async () => {
    const src = [
      'customElements.define("x-counter", class extends HTMLElement {', // 1
      "  static observedAttributes = ['count'];",
      "  connectedCallback() {",
      "    this.render();",
      "  }",
      "  render() {}", // 6
      "});",
      "export const Timestamped = <T extends Ctor>(Base: T) => class extends Base {", // 8
      "  stamp(): number {",
      "    return Date.now();",
      "  }",
      "};",
      "export function Tagged(Base: Ctor) {", // 13
      "  registry.add(class extends Base { tag() {} });",
      "  return (class extends Base {",
      "    tagged() { return true; }",
      "  });",
      "}",
    ].join("\n");
    const r = await report("elements.ts", src);
    const e = flat(r);
    // The custom element's methods were module-level functions: now a class, named as a callback there would be.
    expect(r.internal.map((x) => x.name)).toEqual(["customElements.define@1"]);
    expect(e.get("customElements.define@1")).toMatchObject({ kind: "class", startLine: 1, endLine: 7, signature: "class extends HTMLElement" });
    expect([...e.keys()].filter((k) => k.startsWith("customElements.define@1."))).toEqual(
      ["observedAttributes", "connectedCallback", "render"].map((m) => `customElements.define@1.${m}`),
    );
    // A mixin's methods were dropped as locals: they are the function's, as a returned object's are.
    expect(e.get("Timestamped.stamp")).toMatchObject({ kind: "method", startLine: 9, endLine: 11 });
    expect(e.get("Tagged.tagged")).toMatchObject({ kind: "method", startLine: 16 });
    expect(e.get("Tagged.registry.add@14.tag")).toMatchObject({ kind: "method", startLine: 14 });
    // The compact view shows the handle (what read_symbol takes) before the head; read_symbol resolves it and its members.
    expect(lens.render(r, "compact", { detail: "full" })).toMatch(/^1-7 +class +customElements\.define@1 {2}class extends HTMLElement$/m);
    const read = await lens.readSymbol(join(dir, "elements.ts"), "customElements.define@1.connectedCallback");
    expect(read).toMatchObject({ found: true, kind: "method", startLine: 3, endLine: 5 });
  });

  it("factory functions: the methods of the object a function returns are its nested methods; other local objects stay locals", async () => {
    const src = [
      "function createExtensionAPI(runtime) {",
      "  const api = {",
      "    on(event, handler) {",
      "      runtime.add(event, handler);",
      "    },",
      "    registerTool: (tool) => {",
      "      runtime.tools.push(tool);",
      "    },",
      "  };",
      "  const scratch = { tmp() { return 1; } };",
      "  return api;",
      "}",
      "function createStore() {",
      "  return {",
      "    get: function () { return 1; },",
      "    set(v) {},",
      "  };",
      "}",
      "",
    ].join("\n");
    const r = await report("factory-api.js", src);
    const e = flat(r);
    expect(e.get("createExtensionAPI.on")).toMatchObject({ kind: "method", startLine: 3, endLine: 5, exported: false });
    expect(e.get("createExtensionAPI.registerTool")).toMatchObject({ kind: "method", startLine: 6, endLine: 8 });
    expect(e.get("createStore.get")).toMatchObject({ kind: "method", startLine: 15 });
    expect(e.get("createStore.set")).toMatchObject({ kind: "method", startLine: 16 });
    // An object the function does not return is local; its functions stay callbacks.
    expect(e.has("createExtensionAPI.tmp")).toBe(false);
    expect(r.callbacks.map((c) => c.name)).toEqual(["tmp@10"]);
  });

  it("a binding of a wrapped function of its own name is one function entry (forwardRef, memo, wrap)", async () => {
    const src = [
      "export const Button = forwardRef(function Button(props: Props, ref: Ref) {",
      "  return null;",
      "});",
      "const Other = memo(function Inner() { return 1; });",
      "export default memo(function Card() {",
      "  return null;",
      "});",
      "",
    ].join("\n");
    const r = await report("wrapped.tsx", src);
    const e = flat(r);
    expect(e.get("Card")).toMatchObject({ kind: "function", startLine: 5, endLine: 7, exported: true });
    // The members of a default-exported object literal (Vue's options objects) are the default export's.
    const vue = flat(await report("widget.js", "export default defineComponent({\n  data() {\n    return {};\n  },\n  methods: {\n    save() {},\n  },\n});\n"));
    expect(vue.get("default")).toMatchObject({ kind: "constant", startLine: 1, endLine: 8, exported: true, signature: "export default defineComponent({…})" });
    expect(vue.get("default.data")).toMatchObject({ kind: "method", exported: true });
    expect(vue.get("default.methods.save")?.exported).toBe(true);
    expect(vue.has("data")).toBe(false);
    expect(e.get("Button")).toMatchObject({ kind: "function", startLine: 1, endLine: 3, exported: true });
    expect(e.get("Button")?.signature).toContain("forwardRef(function Button(props: Props, ref: Ref)");
    expect(e.has("Button.Button")).toBe(false);
    // A wrapped function of another name is the binding's function too (round 10: tldraw's `forwardRef(function Slider…)`).
    expect(e.get("Other")).toMatchObject({ kind: "function", signature: "const Other = memo(function Inner() …)", exported: false });
    expect(e.has("Other.Inner")).toBe(false);
    expect(r.callbacks.some((c) => c.startLine === 1)).toBe(false);
  });

  it("a default export or module.exports of a value is one exported constant holding what its object declares", async () => {
    const src = [
      'import { defineConfig } from "vite";',
      "export default defineConfig({",
      "  server: { port: 3000 },",
      "  resolve() { return null; },",
      "});",
      "",
    ].join("\n");
    const cfg = flat(await report("vite.config.ts", src));
    expect(cfg.get("default")).toMatchObject({ kind: "constant", startLine: 2, endLine: 5, exported: true, signature: "export default defineConfig({…})" });
    expect(cfg.get("default.server")).toMatchObject({ kind: "property", exported: true });
    expect(cfg.get("default.resolve")).toMatchObject({ kind: "method", exported: true });
    expect(cfg.has("server") || cfg.has("resolve")).toBe(false);
    // A plain object, `satisfies`: the same container.
    const plain = flat(await report("opts.ts", "export default {\n  name: 'x',\n  data() { return {}; },\n} satisfies Options;\n"));
    expect(plain.get("default")?.signature).toBe("export default {…} satisfies Options");
    expect(plain.get("default.data")?.kind).toBe("method");
    // An anonymous function through a wrapper is a function `default`, as `export const X = memo(…)` is one.
    const comp = flat(await report("Panel.tsx", "export default observer((props: Props) => {\n  if (props.a) return null;\n  return <div />;\n});\n"));
    expect(comp.get("default")).toMatchObject({ kind: "function", startLine: 1, endLine: 4, exported: true, signature: "export default observer((props: Props)" });
    expect(comp.get("default")?.complexity).toBe(2);
    // A name under `as` is the export of that declaration, not a second entry.
    const named = await report("eq.ts", "function equal(a: unknown, b: unknown) { return a === b; }\nexport default equal as Equal;\n");
    expect(named.api.map((e) => e.name)).toEqual(["equal"]);
    // CommonJS: a call's value is the constant `exports`; the interop alias and a chain naming a class are not.
    const cjs = flat(await report("comp.js", "module.exports = defineComponent({\n  methods: { save() { return 1; } },\n  mounted() { this.save(); },\n});\n"));
    expect(cjs.get("exports")).toMatchObject({ kind: "constant", startLine: 1, endLine: 4, exported: true, signature: "module.exports = defineComponent({…})" });
    expect(cjs.get("exports.methods.save")?.exported).toBe(true);
    expect(cjs.get("exports.mounted")?.kind).toBe("method");
    const yaml = flat(await report("int.js", "var Type = require('../type');\nmodule.exports = new Type('tag:yaml.org,2002:int', {\n  kind: 'scalar',\n  construct: function (data) { return +data; },\n});\n"));
    expect(yaml.get("exports")?.signature).toBe("module.exports = new Type('tag:yaml.org,2002:int', {…})");
    expect(yaml.get("exports.construct")?.kind).toBe("method");
    const interop = await report("nl.cjs", "class Ajv {}\nexports.default = Ajv;\nmodule.exports = exports = Ajv;\nmodule.exports = exports.default;\n");
    expect(interop.api.map((e) => `${e.kind} ${e.name}`)).toEqual(["class Ajv"]);
  });

  it("CommonJS: module.exports = { … } functions and namespace-object functions are entries", async () => {
    const src = [
      "const ns = { util: {} };",
      "ns.util.pad = function (s, n) {",
      "  return s.padStart(n);",
      "};",
      "function helper() {}",
      "module.exports = {",
      "  helper,",
      "  run (x) { return x; },",
      "  stop: () => 0,",
      "  limit: 3,",
      "  formatters: {",
      "    RFC1738: function (value) { return value; },",
      "  },",
      "  plain: { a: 1 },",
      "};",
      "",
    ].join("\n");
    const r = await report("cjs.js", src);
    const e = flat(r);
    // (Nested under what its path names: the object the file declares.)
    expect(e.get("ns.util.pad")).toMatchObject({ kind: "function", startLine: 2, endLine: 4 });
    expect(e.get("ns.util.pad")?.signature).toContain("ns.util.pad = function (s, n)");
    expect(e.get("run")).toMatchObject({ kind: "function", exported: true, startLine: 8 });
    expect(e.get("stop")).toMatchObject({ kind: "function", exported: true, startLine: 9 });
    expect(e.get("helper")?.exported).toBe(true);
    // An object of functions in the exported object is an exported namespace; its data keys are the
    // members of an exported constant `exports` (a constants module was "no declarations found").
    expect(e.get("formatters")).toMatchObject({ kind: "constant", exported: true, startLine: 11, endLine: 13, signature: "formatters: {…}" });
    expect(e.get("formatters.RFC1738")).toMatchObject({ kind: "method", exported: true, startLine: 12 });
    expect(e.get("exports")).toMatchObject({ kind: "constant", exported: true, startLine: 6, endLine: 15, signature: "module.exports = {…}" });
    expect(e.get("exports")!.members!.map((m) => [m.name, m.kind, m.startLine, m.exported])).toEqual([
      ["limit", "property", 10, true],
      ["plain", "property", 14, true],
    ]);
    expect(e.has("limit") || e.has("plain")).toBe(false);
    // Data members are read in the outline: no recommended read (functions and the namespace are).
    expect(r.recommendedReads?.map((x) => x.symbol)).not.toContain("exports.limit");
    const consts = await report("constants.js", 'function parse() {}\nmodule.exports = {\n  PORT: 3000,\n  "content-type": "json",\n  retry: { max: 3 },\n  parse: parse,\n  other: elsewhere,\n};\n');
    // (`parse: parse` exports the declaration: no data key.)
    expect(flat(consts).get("exports")!.members!.map((m) => m.name)).toEqual(["PORT", "content-type", "retry", "other"]);
    expect(flat(consts).get("parse")?.exported).toBe(true);
    expect(consts.recommendedReads?.map((x) => x.symbol)).toEqual(["parse", "exports"]); // no data key
  });

  it("an object of functions on a member, functions assigned to declared names, one declaration of several bindings", async () => {
    // escodegen's code generator (`CodeGenerator.Statement = { BlockStatement: function … }`), json-bigint's
    // parser (`var at, ch, error = function (m) {…}, next = function (c) {…}` in one `var`).
    const src = [
      "function Gen() {}",
      "Gen.Statement = {",
      "  Block: function (stmt) {",
      "    return stmt;",
      "  },",
      "  Empty: function () {},",
      "};",
      "Gen.data = { x: 1 };",
      "var x, y;",
      "x = function (c) { return c; };",
      "onmessage = function (e) { return e; };",
      "w = function named() {};",
      "function parser(text) {",
      "  var at, ch,",
      "    error = function (m) {",
      "      throw m;",
      "    },",
      "    next = function (c) {",
      "      if (c && c !== ch) error(c);",
      "      return ch;",
      "    };",
      "  value = () => next();",
      "  return value;",
      "}",
      "const a = () => 1, b = (n) => n * 2;",
      "class Builder {",
      "  build() {",
      "    let Ref;",
      "    return (Ref = class extends Base {",
      "      run() {}",
      "    });",
      "  }",
      "}",
      `var short = 1, long = function (${Array.from({ length: 40 }, (_, i) => `parameter${i}`).join(",")}) {};`,
      "",
    ].join("\n");
    const r = await report("cjs-shapes.js", src);
    const e = flat(r);
    expect(e.get("Gen.Statement")).toMatchObject({ kind: "property", startLine: 2, endLine: 7 });
    expect(e.get("Gen.Statement.Block")).toMatchObject({ kind: "method", startLine: 3, endLine: 5 });
    expect(e.get("Gen.Statement.Empty")).toMatchObject({ kind: "method", startLine: 6 });
    // An object without functions is data: Gen's static property, not an object of methods.
    expect(e.get("Gen.data")).toMatchObject({ kind: "property", startLine: 8 });
    expect(e.has("data")).toBe(false);
    // `X.prototype = {…}`: the methods are X's, as with `X.prototype.m = function`.
    const proto = flat(await report("proto.js", "function Widget(el) { this.el = el; }\nWidget.prototype = {\n  constructor: Widget,\n  render: function () { return this.el; },\n};\n"));
    expect(proto.get("Widget.render")).toMatchObject({ kind: "method", startLine: 4, exported: false });
    expect(proto.has("Widget.prototype")).toBe(false);
    // As public as their exported owner, as `X.prototype.m = function` members are.
    const exp = flat(await report("proto-exp.js", "function Widget(el) { this.el = el; }\nWidget.prototype = {\n  render: function () { return this.el; },\n};\nWidget.prototype.hide = function () {};\nmodule.exports = Widget;\n"));
    expect([exp.get("Widget.render")?.exported, exp.get("Widget.hide")?.exported]).toEqual([true, true]);
    expect(r.callbacks?.map((c) => c.name)).not.toContain("Block@3");
    // `var x` declared the name the function is then assigned to: one entry, the function.
    expect((r.internal ?? []).filter((v) => v.name === "x").map((v) => [v.kind, v.startLine, v.signature])).toEqual([["function", 10, "x = function (c)"]]);
    expect(e.get("y")).toMatchObject({ kind: "variable", signature: "var y" });
    expect(e.has("onmessage")).toBe(false); // a handler
    expect(e.get("named")).toMatchObject({ kind: "function", startLine: 12 }); // listed by its own name, once
    expect(e.has("w")).toBe(false);
    // Each binding of the one `var` has its own lines, head and body.
    expect(e.get("parser.error")).toMatchObject({ kind: "function", startLine: 15, endLine: 17, signature: "var error = function (m)" });
    expect(e.get("parser.next")).toMatchObject({ kind: "function", startLine: 18, endLine: 21, signature: "var next = function (c)" });
    expect(e.get("parser.next")?.complexity).toBe(3);
    expect(e.get("parser.value")).toMatchObject({ kind: "function", startLine: 22 });
    expect(e.get("a")).toMatchObject({ kind: "function", startLine: 25, endLine: 25, signature: "const a = ()" });
    expect(e.get("b")).toMatchObject({ kind: "function", startLine: 25, endLine: 25, signature: "const b = (n)" });
    // A class assigned to a local (compiled SDK builders) is a class of that name, nested where it stands.
    expect(e.get("Builder.build.Ref")).toMatchObject({ kind: "class", startLine: 29, endLine: 31 });
    expect(e.get("Builder.build.Ref.run")).toMatchObject({ kind: "method", startLine: 30 });
    // The keyword joins the declarator's head within the signature limit (160).
    expect(e.get("long")?.signature).toMatch(/^var long = function \(parameter0,parameter1,.*…$/);
    expect(e.get("long")!.signature!.length).toBeLessThanOrEqual(160);
    const read = await lens.readSymbol(join(dir, "cjs-shapes.js"), "parser.next");
    expect(read.source).toBe("    next = function (c) {\n      if (c && c !== ch) error(c);\n      return ch;\n    };");
  });

  it("a function bound in a declaration of several bindings counts only its own branches", async () => {
    const e = flat(await report("multi.js", [
      "var a = x ? 1 : 2,",
      "  handler = function () {",
      "    doIt();",
      "  },",
      "  b = y || (z && w);",
      "var solo = function (q) {",
      "  return q ? q : null;",
      "};",
    ].join("\n")));
    expect(e.get("handler")).toMatchObject({ kind: "function", complexity: 1 });
    expect(e.get("solo")?.complexity).toBe(2);
    // The members of one binding's object are that binding's (jose's `JWE = { dir: … }, contentOps`).
    const m = flat(await report("multi-members.ts", "export const A = {\n  run() {\n    return 1;\n  },\n}, B = 2;\n"));
    expect([...m.keys()]).toEqual(["A", "A.run", "B"]);
  });

  it("React through its namespace and wrapped components through casts, parentheses and nested wrappers (TanStack's style)", async () => {
    const src = [
      "import * as React from 'react';",
      "export function useLinkProps() {",
      "  const mergedRef = React.useCallback((el: HTMLElement) => { ref(el); }, []);",
      "  React.useLayoutEffect(() => { measure(); }, []);",
      "  return mergedRef;",
      "}",
      "export const Link = React.memo(React.forwardRef((props: LinkProps, ref) => {",
      "  return <a ref={ref} />;",
      "}), areLinkPropsEqual) as any;",
      "export const Field = (<T,>({ children }: FieldProps<T>) => {",
      "  return children;",
      "}) satisfies FunctionComponent<FieldProps<any>>;",
      "export const G = (() => { function h2() {} return h2; });",
      "",
    ].join("\n");
    const r = await report("link.tsx", src);
    const e = flat(r);
    expect(e.get("useLinkProps.mergedRef")).toMatchObject({ kind: "function", startLine: 3, exported: false });
    expect(r.callbacks.map((c) => [c.name, c.kind, c.flags])).toEqual([["React.useLayoutEffect@4", "event_handler", ["lifecycle"]]]);
    expect(e.get("Link")).toMatchObject({ kind: "function", startLine: 7, endLine: 9, exported: true, signature: "const Link = React.memo(React.forwardRef((props: LinkProps, ref) …))" });
    expect(e.get("Field")).toMatchObject({ kind: "function", startLine: 10, endLine: 12 });
    expect(e.get("G.h2")).toMatchObject({ kind: "function", exported: false });
    expect(await lens.readSymbol(join(dir, "link.tsx"), "mergedRef")).toMatchObject({ found: true, startLine: 3, endLine: 3 });
  });

  it("a parenthesized function value is the function it holds (lodash's `var runInContext = (function runInContext(context) {…})` in its IIFE)", async () => {
    const src = [
      ";(function() {",
      "  /** Create a pristine `lodash` function. */",
      "  var runInContext = (function runInContext(context) {",
      "    function debounce(func, wait) { return func; }",
      "    function lodash() {}",
      "    lodash.debounce = debounce;",
      "    return lodash;",
      "  });",
      "  var _ = runInContext();",
      "}.call(this));",
      "const top = (function () { return 1; });",
      "",
    ].join("\n");
    const r = await report("lodash.js", src);
    const e = flat(r);
    expect(e.get("runInContext")).toMatchObject({ kind: "function", startLine: 3, endLine: 8, doc: "Create a pristine `lodash` function." });
    expect(e.get("runInContext")?.signature).toBe("var runInContext = (function runInContext(context) …)");
    expect(e.get("runInContext.debounce")).toMatchObject({ kind: "function", startLine: 4 });
    // One entry, not also a variable binding; at module level the same. (`_` is a binding of the IIFE's
    // body, the module's scope — `(function () {…}.call(this))` is read as `(function () {…}).call(this)` is.)
    expect([...e.keys()].filter((k) => !k.includes("."))).toEqual(["runInContext", "_", "top"]);
    expect(e.get("top")?.kind).toBe("function");
    expect(await lens.readSymbol(join(dir, "lodash.js"), "runInContext.debounce")).toMatchObject({ found: true, startLine: 4 });
  });

  it("a binding of a function wrapper's anonymous function is a function (memo, forwardRef, useCallback, debounce)", async () => {
    const src = [
      "import React, { memo, useState } from 'react';",
      "/** A card. */",
      "export const Card = memo((props: { title: string }) => {",
      "  const [open] = useState(false);",
      "  function label() { return props.title; }",
      "  return <div>{open ? label() : null}</div>;",
      "});",
      "export const Input = React.forwardRef<HTMLInputElement, {}>(function (props, ref) {",
      "  return <input ref={ref} />;",
      "});",
      "const save = debounce(() => fetch('/save'), 300);",
      "const server = http.createServer((req, res) => res.end());",
      "export function Form() {",
      "  const onSubmit = useCallback(async (e: Event) => {",
      "    e.preventDefault();",
      "  }, []);",
      "  const Row = memo(Other);",
      "  const later = _.throttle<() => number>(function () { return 1; }, 10); // once, memo(x)",
      "  let n = once(() => 1);",
      "  return <form onSubmit={onSubmit} />;",
      "}",
      "",
    ].join("\n");
    const r = await report("Card.tsx", src);
    const e = flat(r);
    expect(e.get("Card")).toMatchObject({ kind: "function", exported: true, startLine: 3, endLine: 7, doc: "A card." });
    // The head closes the wrapper's call it stops in (it had read as cut: `memo((props: …)`).
    expect(e.get("Card")?.signature).toBe("const Card = memo((props: { title: string }) …)");
    expect(e.get("Card.label")).toMatchObject({ kind: "function", exported: false });
    expect(e.get("Input")).toMatchObject({ kind: "function", exported: true, startLine: 8 });
    expect(e.get("save")?.kind).toBe("function");
    expect(e.get("server")?.kind).toBe("constant"); // createServer returns a server, not the function
    // The wrapped function is the symbol, not also a callback.
    expect(r.callbacks.filter((c) => /^(memo|React\.forwardRef|debounce|useCallback)@/.test(c.name))).toEqual([]);
    // Inside a component too: a handler wrapped in useCallback is a nested function, `memo(Other)` a local.
    expect(e.get("Form.onSubmit")).toMatchObject({ kind: "function", exported: false, startLine: 14, endLine: 16 });
    expect(e.get("Form.onSubmit")?.signature).toBe("const onSubmit = useCallback(async (e: Event) …)");
    expect(e.get("Form.onSubmit")?.flags).toContain("async");
    expect(e.has("Form.Row")).toBe(false);
    // A member callee and type arguments too, a `let` too; the words in a comment are no calls.
    expect(e.get("Form.later")).toMatchObject({ kind: "function", startLine: 18, endLine: 18 });
    expect(e.get("Form.n")).toMatchObject({ kind: "function", startLine: 19 });
    expect([...e.keys()].filter((k) => k.startsWith("Form."))).toEqual(["Form.onSubmit", "Form.later", "Form.n"]);
  });

  it("a head with an unclosed quote and a run of backslashes (minified code) is read in one pass", () => {
    // The string-skipping regex of closeOpenCall backtracked exponentially here (joi's browser bundle hung):
    // run in a child process, so a regression fails on its timeout instead of hanging the suite.
    writeFileSync(join(dir, "backslashes.js"), [`exports.parse = wrap(/'/, "${"\\\\".repeat(40)}", function parse(s) {`, "  return s;", "});", ""].join("\n"));
    const out = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "report", "backslashes.js", "--detail", "full"], { cwd: dir, encoding: "utf8", timeout: 30_000 });
    expect(out.status).toBe(0);
    const parse = (JSON.parse(out.stdout) as ModuleReport).api.find((e) => e.name === "parse");
    expect(parse).toMatchObject({ kind: "function", startLine: 1, endLine: 3 });
    expect(parse?.signature).toMatch(/^exports\.parse = wrap\(\/'\/, "(\\\\)+/);
  });

  it("Object.defineProperty data values on a class the file declares are its constants (ws's WebSocket.OPEN)", async () => {
    const r = await report("ws.js", [
      "class WebSocket {",
      "  get readyState() { return this._readyState; }",
      "}",
      "/** Connecting. */",
      "Object.defineProperty(WebSocket, 'CONNECTING', {",
      "  enumerable: true,",
      "  value: readyStates.indexOf('CONNECTING')",
      "});",
      "Object.defineProperty(WebSocket.prototype, 'CONNECTING', { enumerable: true, value: 0 });",
      "Object.defineProperty(WebSocket.prototype, 'OPEN', { value: 1 });",
      "Object.defineProperty(Imported, 'X', { value: 1 });",
      "Object.defineProperty(WebSocket, 'fn', { value: function () {} });",
      "module.exports = WebSocket;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("WebSocket.CONNECTING")).toMatchObject({ kind: "constant", startLine: 5, endLine: 8, exported: true, doc: "Connecting." });
    expect(e.get("WebSocket.OPEN")).toMatchObject({ kind: "constant", startLine: 10 });
    // One entry per key (the prototype's mirror of a static constant is not listed again); an owner the
    // file does not declare gets none.
    expect([...e.keys()].filter((k) => /CONNECTING|OPEN|X$/.test(k))).toEqual(["WebSocket.CONNECTING", "WebSocket.OPEN"]);
    const read = await lens.readSymbol(join(dir, "ws.js"), "WebSocket.CONNECTING");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 4, 8]);
  });

  it("esbuild's lowered private methods: functions assigned in a top-level comma sequence are functions", async () => {
    const r = await report("lowered.js", [
      "var __privateGet = (obj, member) => member.get(obj), _url, _EventSource_instances, connect_fn, scheduleReconnect_fn;",
      "class EventSource {",
      "  constructor(url) { __privateAdd(this, _EventSource_instances); }",
      "}",
      "_url = /* @__PURE__ */ new WeakMap(), _EventSource_instances = /* @__PURE__ */ new WeakSet(),",
      "connect_fn = function() {",
      "  this.open();",
      "}, scheduleReconnect_fn = function(message, code) {",
      "  setTimeout(() => this.connect(), 10);",
      "}, onTick = 5;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("connect_fn")).toMatchObject({ kind: "function", startLine: 6, endLine: 8, signature: "connect_fn = function()" });
    expect(e.get("scheduleReconnect_fn")).toMatchObject({ kind: "function", startLine: 8, endLine: 10 });
    // The bare `var` bindings the functions are assigned to are not listed again; a data binding stays one.
    expect([...e.keys()].filter((k) => k === "connect_fn" || k === "_url")).toEqual(["_url", "connect_fn"]);
  });

  it("a prototype method with a comment before its `;` (Babel's output) has its head, not its body", async () => {
    const r = await report("babel-proto.js", [
      "var Dayjs = function () {",
      "  function Dayjs(cfg) { this.init(); }",
      "  var _proto = Dayjs.prototype;",
      "  _proto.init = function init() {",
      "    var $d = this.$d;",
      "    this.$y = $d.getFullYear();",
      "  } // eslint-disable-next-line class-methods-use-this",
      "  ;",
      "  _proto.$utils = function $utils() {",
      "    return Utils;",
      "  };",
      "  return Dayjs;",
      "}();",
      "",
    ].join("\n"));
    const init = [...flat(r).entries()].find(([k]) => k.endsWith("init"))?.[1];
    // (It ends with its function: the comment and the lone `;` after it are none of it — gsap puts
    // commented-out methods there.)
    expect(init).toMatchObject({ kind: "method", startLine: 4, endLine: 7 });
    expect(init?.signature).toBe("_proto.init = function init()");
  });

  it("CommonJS: a function whose body calls require, an anonymous module.exports, named functions assigned to locals", async () => {
    const src = [
      "const Buffer = require('safer-buffer').Buffer;",
      "module.exports.getCodec = function getCodec (encoding) {",
      "  var raw = require('../encodings');",
      "  return raw[encoding];",
      "};",
      "module.exports.enable = function enable (m) {",
      "  var streams = require('./streams')(m);",
      "  module.exports.encodeStream = function encodeStream (enc) {",
      "    return new streams.Encoder(enc);",
      "  };",
      "};",
      "function listen (type) {",
      "  let wrapper;",
      "  if (type === 'close') {",
      "    wrapper = function onClose (code) {",
      "      return code;",
      "    };",
      "  }",
      "  return wrapper;",
      "}",
      "const debug = require('debug')('codec');",
      "",
    ].join("\n");
    const e = flat(await report("codec.js", src));
    expect(e.has("Buffer")).toBe(false); // an import binding, not a declaration
    expect(e.has("debug")).toBe(false); // require("debug")("codec"): still the import's value
    expect(e.get("getCodec")).toMatchObject({ kind: "function", exported: true, startLine: 2, endLine: 5 });
    expect(e.get("enable.encodeStream")).toMatchObject({ kind: "function", exported: true, startLine: 8, endLine: 10 });
    expect(e.get("listen.onClose")).toMatchObject({ kind: "function", exported: false, startLine: 15, endLine: 17 });
    expect(e.has("listen.wrapper")).toBe(false);

    const factory = [
      "module.exports = function (streamModule) {",
      "  function EncoderStream (conv) {",
      "    this.conv = conv;",
      "  }",
      "  EncoderStream.prototype._flush = function (done) {",
      "    done();",
      "  };",
      "  streamModule.hook({",
      "    pause () {},",
      "  });",
      "  return { EncoderStream: EncoderStream };",
      "};",
      "",
    ].join("\n");
    const r = await report("streams.js", factory);
    const f = flat(r);
    // What require() returns: named `exports`, as Universal Ctags names it; not a callback.
    expect(f.get("exports")).toMatchObject({ kind: "function", exported: true, startLine: 1, endLine: 12 });
    expect(f.get("exports.EncoderStream")).toMatchObject({ kind: "function", exported: false });
    expect(f.get("exports.EncoderStream._flush")).toMatchObject({ kind: "method", startLine: 5, endLine: 7 });
    expect(f.has("exports.pause")).toBe(false); // an object literal's method inside the body: a local
    expect(r.callbacks.map((c) => c.name)).not.toContain("module.exports@1");
  });

  it("pre-class constructor functions: this.push = function in a capitalised function is its method", async () => {
    const src = [
      "function Queue(limit) {",
      "  this.items = [];",
      "  this.push = function (x) {",
      "    this.items.push(x);",
      "  };",
      "}",
      "var Stack = function () {",
      "  this.pop = function pop() { return 1; };",
      "};",
      "function helper() {",
      "  this.onclick = function () { go(); };",
      "}",
      "",
    ].join("\n");
    const r = await report("queue.js", src);
    const e = flat(r);
    expect(e.get("Queue.push")).toMatchObject({ kind: "method", startLine: 3, endLine: 5 });
    expect(e.get("Stack.pop")).toMatchObject({ kind: "method", startLine: 8 });
    expect(e.get("Queue.items")).toMatchObject({ kind: "property", startLine: 2 }); // what instances hold
    expect(e.has("helper.onclick")).toBe(false); // not a constructor: a callback assignment
    expect(r.callbacks.map((c) => c.name)).toEqual(["this.onclick@11"]);
  });

  it("a browser script's globals: window.X = {…} / globalThis.x = function are its exported API", async () => {
    const src = [
      ";(function ($, window) {",
      "  function Plugin(el) { this.el = el; }",
      "  window.MyLib = { version: '1.0', start: function () { return new Plugin(1); } };",
      "})(jQuery, window);",
      "globalThis.helper = () => 1;",
      "window.onload = function () { go(); };",
      "window.title = 'x';",
      "",
    ].join("\n");
    const e = flat(await report("browser.js", src));
    expect(e.get("MyLib")).toMatchObject({ kind: "constant", exported: true, startLine: 3 });
    expect(e.get("MyLib.start")).toMatchObject({ kind: "method", exported: true });
    expect(e.get("helper")).toMatchObject({ kind: "function", exported: true });
    expect(e.get("onload")?.exported).toBe(false); // a handler, not API
    expect(e.has("title")).toBe(false);
    expect(e.get("Plugin")?.exported).toBe(false);
  });

  it("CommonJS as tsc and bundlers emit it: exports.x = x marks the declaration, the void-0 preamble is no entry", async () => {
    const src = [
      "\"use strict\";",
      "Object.defineProperty(exports, \"__esModule\", { value: true });",
      "exports.AuthClient = exports.DEFAULT_UNIVERSE = exports.parse = void 0;",
      "exports.DEFAULT_UNIVERSE = 'googleapis.com';",
      "class AuthClient {",
      "  fetch(url) { return url; }",
      "}",
      "exports.AuthClient = AuthClient;",
      "const parse = (s) => JSON.parse(s);",
      "function helper() {}",
      "exports.parse = parse;",
      "exports.default = helper;",
      "",
    ].join("\n");
    const r = await report("authclient.js", src);
    const e = flat(r);
    expect(e.get("AuthClient")).toMatchObject({ kind: "class", exported: true, startLine: 5 });
    expect(e.get("AuthClient.fetch")?.exported).toBe(true);
    expect(e.get("parse")).toMatchObject({ kind: "function", exported: true, startLine: 9 });
    expect(e.get("helper")?.exported).toBe(true); // exported under another name

    const assigned = flat(await report("assign.js", ["function a() {}", "const c = () => 1;", "function d() {}", "Object.assign(module.exports, { a, b: c });", ""].join("\n")));
    expect([assigned.get("a")?.exported, assigned.get("c")?.exported, assigned.get("d")?.exported]).toEqual([true, true, false]);
    expect(e.get("DEFAULT_UNIVERSE")).toMatchObject({ kind: "constant", exported: true, startLine: 4 });
    // One entry per name: no constant for the preamble nor for the `exports.x = x` lines.
    const names = [...r.api, ...r.internal].map((x) => x.name).sort();
    expect(names).toEqual(["AuthClient", "DEFAULT_UNIVERSE", "helper", "parse"]);

    // tsc's re-exports and accessors defined with Object.defineProperty: named by their property.
    const barrel = [
      "const googleauth_1 = require(\"./auth/googleauth\");",
      "Object.defineProperty(exports, \"GoogleAuth\", { enumerable: true, get: function () { return googleauth_1.GoogleAuth; } });",
      "function Foo() {}",
      "Object.defineProperty(Foo.prototype, \"size\", {",
      "  get: function () { return this._n; },",
      "  set: function (v) { this._n = v; },",
      "});",
      "Object.defineProperty(exports, 'version', { get () { return '1' } });",
      "",
    ].join("\n");
    const b = await report("barrel.js", barrel);
    // A getter written as a method (`get () {…}`) names its property as `get: function` does.
    expect(flat(b).get("version")).toMatchObject({ kind: "constant", exported: true, startLine: 8 });
    const fb = flat(b);
    expect(fb.get("GoogleAuth")).toMatchObject({ kind: "constant", exported: true, startLine: 2, signature: 'export { GoogleAuth } from "./auth/googleauth"' });
    expect(fb.has("get") || fb.has("set")).toBe(false);
    const size = (b.internal.find((x) => x.name === "Foo")?.members ?? []).filter((m) => m.name === "size");
    expect(size.map((m) => [m.kind, m.startLine, m.endLine, m.signature])).toEqual([["method", 4, 7, 'Object.defineProperty(Foo.prototype, "size", { get: function (), set: function (v) })']]);
    expect(b.callbacks.map((c) => c.name)).toEqual([]);

    // A data descriptor on exports is the export of its value (`exports.beta = 42`); an identifier
    // value exports that local under the key; tsc's `__esModule` marker and other targets are neither.
    const values = [
      "Object.defineProperty(exports, \"__esModule\", { value: true });",
      "function decode(s) { return s; }",
      "Object.defineProperty(exports, \"beta\", { value: 42 });",
      "Object.defineProperty(exports, \"parse\", { enumerable: true, value: decode });",
      "Object.defineProperty(module.exports, \"config\", {",
      "  enumerable: true,",
      "  value: { a: 1, b: 2 },",
      "});",
      "const local = {};",
      "Object.defineProperty(local, \"hidden\", { value: 3 });",
      "",
    ].join("\n");
    const v = await report("values.js", values);
    const fv = flat(v);
    expect(fv.get("beta")).toMatchObject({ kind: "constant", exported: true, startLine: 3, endLine: 3 });
    expect(fv.get("config")).toMatchObject({ kind: "constant", exported: true, startLine: 5, endLine: 8 });
    expect(fv.get("decode")).toMatchObject({ exported: true });
    expect([...fv.keys()].sort()).toEqual(["beta", "config", "decode", "local"]);
    const parse = await lens.readSymbol(join(dir, "values.js"), "parse");
    expect(parse).toMatchObject({ found: true, name: "decode", startLine: 2 });

    // A doc comment longer than the head's 2,000-character reading is no part of the signature (half of
    // it had been read as code: `fetch?: FetchLike; /** *…`), nor does it use up the reading: the
    // head goes on after it (comments do not count).
    const longDoc = `export type TransportOptions = {\n    requestInit?: RequestInit;\n    /**\n     * ${"Each redirect hop is checked against the origin. ".repeat(50)}\n     */\n    redirectPolicy?: "same-origin" | "follow";\n};\n`;
    const ld = await report("long-doc.d.mts", longDoc);
    expect(flat(ld).get("TransportOptions")!.signature).toBe('type TransportOptions = { requestInit?: RequestInit; redirectPolicy?: "same-origin" | "follow"; }');
    // effect's overloaded APIs: 150 lines of examples open the type, the head is its first overload.
    const dual = `export const provide: {\n  /**\n${"   * const layer = Layer.succeed(Database, { query: (sql) => Effect.succeed(sql) })\n".repeat(40)}   */\n  <RIn, E, ROut>(that: Layer<ROut, E, RIn>): <RIn2>(self: Layer<RIn2>) => Layer<RIn2>\n} = dual(2, (self, that) => self)\n`;
    const pd = await report("provide.ts", dual);
    expect(flat(pd).get("provide")!.signature).toBe("const provide: { <RIn, E, ROut>(that: Layer<ROut, E, RIn>): <RIn2>(self: Layer<RIn2>) => Layer<RIn2> } = dual(2, (self, that) => self)");

    // tsc's __createBinding: the descriptor's `get` sits in a function inside the helper's value — a
    // callback, no member (it was recommended as `__createBinding.get`); an ES5 class's IIFE keeps its members.
    const helpers = [
      "var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {",
      "    if (k2 === undefined) k2 = k;",
      "    var desc = Object.getOwnPropertyDescriptor(m, k);",
      "    if (!desc) { desc = { enumerable: true, get: function() { return m[k]; } }; }",
      "    Object.defineProperty(o, k2, desc);",
      "}) : (function(o, m, k, k2) { o[k2] = m[k]; }));",
      "var Delay = /** @class */ (function () {",
      "    function Delay(options) { this.options = options; }",
      "    Object.defineProperty(Delay.prototype, \"delay\", { get: function () { return 1; }, enumerable: false, configurable: true });",
      "    return Delay;",
      "}());",
      "var api = (function () { return { start: function () { return 1; } }; })();",
      "exports.Delay = Delay;",
      "",
    ].join("\n");
    const hb = await report("helpers.js", helpers);
    const fh = flat(hb);
    expect(fh.get("__createBinding")!.members ?? []).toEqual([]);
    expect(hb.callbacks.map((c) => [c.name, c.kind])).toContainEqual(["get@4", "object_property_callback"]);
    // (`Delay.prototype` in its body is evidence of a compiled class: the getter is the class's.)
    expect([...fh.keys()].filter((k) => k.endsWith(".delay"))).toEqual(["Delay.delay"]);
    expect(fh.get("api")!.members?.map((m) => m.name)).toEqual(["start"]);

    // tsc's enums and namespaces: `var X;` and the function that fills it, one entry.
    const compiled = [
      "var Color;",
      "(function (Color) {",
      "    Color[\"Red\"] = \"red\";",
      "    Color[Color[\"Up\"] = 1] = \"Up\";",
      "})(Color || (exports.Color = Color = {}));",
      "var Util;",
      "(function (Util) {",
      "    function pad(s) { return s; }",
      "    Util.pad = pad;",
      "})(Util || (Util = {}));",
      "var plain;",
      "var FlushMode;",
      "(function (FlushMode) {",
      "    /** The flush occurs only on commit. */",
      "    FlushMode[\"COMMIT\"] = \"commit\";",
      "    // auto",
      "    FlushMode[\"AUTO\"] = \"auto\";",
      "})(FlushMode || (exports.FlushMode = FlushMode = {}));",
      "",
    ].join("\n");
    const c = flat(await report("enums.js", compiled));
    // Comments between the members (mikro-orm's FlushMode, Cascade) leave it an enum.
    expect(c.get("FlushMode")).toMatchObject({ kind: "enum", exported: true, startLine: 12, endLine: 18 });
    expect(c.get("Color")).toMatchObject({ kind: "enum", exported: true, startLine: 1, endLine: 5, signature: "enum Color" });
    expect(c.get("Util")).toMatchObject({ kind: "namespace", exported: false, startLine: 6, endLine: 10 });
    expect(c.get("plain")).toMatchObject({ kind: "variable", startLine: 11, endLine: 11 });
  });

  it("an arrow function with one bare parameter reads `(value)` in its head, not like an assignment of `value` (solid, xstate, recharts)", async () => {
    const src = ["export const setter = value => {", "  return value;", "};", "export const m = {", "  createAction: fn => fn,", "  other: async x => { await x; },", "};", "export class C {", "  handler = e => {", "    console.log(e);", "  };", "}", "export const two = (a, b) => a + b;", ""].join("\n");
    const e = flat(await report("bare-arrow.js", src));
    expect(["setter", "m.createAction", "m.other", "C.handler", "two"].map((n) => e.get(n)?.signature)).toEqual([
      "const setter = (value)", "createAction: (fn)", "other: async (x)", "handler = (e)", "const two = (a, b)",
    ]);
  });

  it("a top-level IIFE's bindings are the module's (a CDN bundle's scope): an object's methods nest under it; tsc's namespace IIFE stays one entry", async () => {
    const src = ["(() => {", "var helpers = {", "  lastWeek: function lastWeek(date) {", "    return 1;", "  },", "  next() { return 2; }", "};", "function top() {}", "})();", "var NS;", "(function (NS) {", "    const registry = new Map();", "    function get(k) { return registry.get(k); }", "    NS.get = get;", "})(NS || (NS = {}));", ""].join("\n");
    const r = await report("cdn.js", src);
    const e = flat(r);
    expect(e.get("helpers")).toMatchObject({ kind: "variable", startLine: 2, endLine: 7 });
    expect([...e.keys()].filter((k) => k.startsWith("helpers."))).toEqual(["helpers.lastWeek", "helpers.next"]);
    expect(r.internal.map((x) => x.name)).not.toContain("lastWeek");
    expect(e.get("top")?.kind).toBe("function");
    expect(e.get("NS")?.kind).toBe("namespace");
    expect(e.has("registry")).toBe(false);
  });

  it("an object returned per element by a map callback is no member of the enclosing method (xstate's StateNode.invoke); a store's or hook's returned object still is", async () => {
    const src = ["export class StateNode {", "  get invoke() {", "    return memo(this, 'invoke', () => list.map((cfg, i) => {", "      return { id: i, toJSON() { return cfg; } };", "    }));", "  }", "}", "export const createStore = () => create((set) => {", "  return { addNode() { set(1); } };", "});", ""].join("\n");
    const r = await report("ret.js", src);
    const e = flat(r);
    expect(e.has("StateNode.invoke.toJSON")).toBe(false);
    expect(r.callbacks.map((c) => c.name)).toContain("toJSON@4");
    expect(e.get("createStore.addNode")?.kind).toBe("method");
  });

  it("a class and the namespace merged with it are one recommended read, not two", async () => {
    const src = ["export class Beta {", "  run(x: number) { return x > 1 ? x : 0; }", "}", "export namespace Beta {", "  export type Options = { a: string };", "}", ""].join("\n");
    const r = await report("merged.ts", src);
    const names = (r.recommendedReads ?? []).map((x) => x.symbol);
    expect(names.filter((n) => n === "Beta")).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });

  it("a container is not recommended after its own member: reading it would read that member again", async () => {
    // pi-lens's runners: `const eslintRunner: RunnerDefinition = { id, async run(…) {…} }; export default
    // eslintRunner` recommended `eslintRunner.run`, then `eslintRunner`.
    const src = [
      "const runner: Def = {",
      '  id: "lint",',
      "  async run(files: string[]) {",
      '    for (const f of files) if (f.endsWith(".ts")) { if (f.length > 3) return f; } else if (f) continue;',
      "    return undefined;",
      "  },",
      "};",
      "function helper(x: number) { return x > 1 ? x : 0; }",
      "export default runner;",
      "",
    ].join("\n");
    const r = await report("runner.ts", src);
    expect(r.recommendedReads.map((x) => x.symbol)).toEqual(["runner.run", "helper"]);
    // Nor the namespace merged with it (openai's `export declare namespace Content { … }` under `class Content`).
    const merged = await report("content.ts", [
      "export class Content {",
      "  retrieve(id: string) {",
      "    if (id) return 1;",
      "    return 2;",
      "  }",
      "}",
      "export interface ContentParams { a: string }",
      "export declare namespace Content {",
      "  export { type ContentParams as ContentParams };",
      "}",
      "",
    ].join("\n"));
    expect(merged.recommendedReads.map((x) => x.symbol)).toEqual(["Content.retrieve", "ContentParams"]);
    // A class its member is a small part of stays: the class is the read (Java's `EmptyStackException`, its two-line constructor).
    const small = await report("small.ts", ["/** Thrown when empty. */", "export class Empty extends Error {", "  code = 1;", "  name = \"Empty\";", "  /** Makes one. */", "  constructor() {", "    super(\"empty\");", "  }", "  other = 2;", "  more = 3;", "}", ""].join("\n"));
    expect(small.recommendedReads.map((x) => x.symbol)).toContain("Empty");
  });

  it("functions inside a decorator's arguments are the decorator's, not members of what it decorates", async () => {
    const r = await report("ng.ts", [
      "@Component({",
      "  selector: \"app-x\",",
      "  providers: [{ provide: X, useFactory: () => new X() }],",
      "})",
      "export class XComponent {",
      "  @Input({ transform: (v: string) => v.trim() }) name = \"\";",
      "  @Field(() => [String], { resolve: function (x) { return x; } })",
      "  tags?: string[];",
      "  ngOnInit(): void {}",
      "}",
    ].join("\n"));
    const e = flat(r);
    expect([...e.keys()].sort()).toEqual(["XComponent", "XComponent.name", "XComponent.ngOnInit", "XComponent.tags"]);
    expect(r.recommendedReads.map((x) => x.symbol)).not.toContain("XComponent.useFactory");
    // Still inline callbacks of the file.
    expect(r.callbacks.map((c) => c.name)).toEqual(expect.arrayContaining(["useFactory@3", "transform@6"]));
  });

  it("signatures are the whole head: generics, params, return type, heritage", async () => {
    const r = await report("sig.ts", [
      "export class Store<T extends object> extends Base<T> implements Iterable<T> {",
      "  async load<K extends keyof T>(key: K, opts: { fresh?: boolean } = {}): Promise<T[K]> { return null as any; }",
      "}",
      "export const handler = async (req: Request): Promise<Response> => new Response();",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Store")?.signature).toBe("class Store<T extends object> extends Base<T> implements Iterable<T>");
    expect(e.get("Store.load")?.signature).toBe("async load<K extends keyof T>(key: K, opts: { fresh?: boolean } = {}): Promise<T[K]>");
    expect(e.get("Store.load")?.flags).toContain("async");
    expect(e.get("handler")?.signature).toBe("const handler = async (req: Request): Promise<Response>");
  });
});

describe("doc", () => {
  it("a JSDoc block one blank line above a declaration attaches when its @params are the declaration's parameters (mongoose, express, commander)", async () => {
    const file = "sep.js";
    const r = await report(file, [
      "/**",
      " * Saves this document.",
      " *",
      " * @param {Object} [options] options",
      " * @param {Function} [fn] callback",
      " * @return {Promise}",
      " */",
      "",
      "Model.prototype.save = async function save(options, fn) {",
      "  return 1;",
      "};",
      "",
      "/**",
      " * About a type the compiler removed.",
      " * @param {string} gone",
      " */",
      "",
      "function other(a) {}",
      "",
      "/** Types only, no params. */",
      "",
      "class Thing {}",
      "",
      "/**",
      " * Two blank lines.",
      " * @param a first",
      " */",
      "",
      "",
      "function far(a) {}",
      "function Model() {}",
      "module.exports = { Model, other, Thing, far };",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Model.save")?.doc).toBe("Saves this document.");
    expect(e.get("other")?.doc).toBeUndefined();
    expect(e.get("Thing")?.doc).toBeUndefined();
    expect(e.get("far")?.doc).toBeUndefined();
    const read = await lens.readSymbol(join(dir, file), "Model.save");
    expect([read.startLine, read.endLine]).toEqual([1, 11]);
  });

  it("JSDoc first sentence; decorators between comment and declaration; a blank line detaches", async () => {
    const r = await report("doc.ts", [
      "/** Loads the thing. Then more text. */",
      "export function load() {}",
      "",
      "/** Detached by the blank line. */",
      "",
      "export function bare() {}",
      "class Svc {",
      "  /**",
      "   * Handles a request, e.g. a GET.",
      "   * @param x the input",
      "   */",
      "  @Get('/x')",
      "  @Auth()",
      "  handle(x: string) {}",
      "}",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("load")?.doc).toBe("Loads the thing.");
    expect(e.get("bare")?.doc).toBeUndefined();
    expect(e.get("Svc.handle")?.doc).toBe("Handles a request, e.g. a GET.");
    expect(e.get("Svc.handle")?.decorators).toEqual(["@Get('/x')", "@Auth()"]);
    expect(e.get("Svc.handle")?.startLine).toBe(12);
  });

  it("a doc block of tags only has no doc: a tag's continuation lines and an @example's code are the tag's", async () => {
    const e = flat(await report("tags.ts", [
      "export declare class Client {",
      "    /**",
      "     * @return A promise that resolves with the current access token",
      "     *   response. If the current credential is expired, a new one is retrieved.",
      "     */",
      "    getAccessToken(): Promise<string>;",
      "}",
      "/**",
      " * @example",
      " * foo()",
      " */",
      "export class V {}",
      "/**",
      " * @internal",
      " * Resets the cache.",
      " */",
      "export function reset() {}",
      "/**",
      " * @see {@link https://hono.dev/docs/api/context#event}",
      " * The FetchEvent of the current request.",
      " */",
      "export const event = 1;",
      "/**",
      " * @description `serveStatic()` is for advanced mode.",
      " */",
      "export const serveStatic = 2;",
    ].join("\n")));
    expect(e.get("Client.getAccessToken")?.doc).toBeUndefined();
    expect(e.get("V")?.doc).toBeUndefined();
    expect(e.get("reset")?.doc).toBe("Resets the cache."); // after a modifier tag, the prose is the description
    expect(e.get("event")?.doc).toBe("The FetchEvent of the current request."); // a one-line tag's next line is prose
    expect(e.get("serveStatic")?.doc).toBe("`serveStatic()` is for advanced mode.");
  });

  it("a function assigned to a declared name by its own name keeps the doc above the assignment (rollup's wrappers)", async () => {
    const src = ["var every;", "/**", " * Returns true when fn holds for all.", " */", "every = function every(obj, fn) {", "  return true;", "};", ""].join("\n");
    const r = await report("every.js", src);
    expect((r.internal ?? []).map((e) => [e.name, e.kind, e.startLine, e.doc, e.members])).toEqual([["every", "function", 5, "Returns true when fn holds for all.", undefined]]);
    expect((await lens.readSymbol(join(dir, "every.js"), "every")).startLine).toBe(2);
  });

  it("a file's header block is not the doc of the first declaration when a nearer comment is", async () => {
    const src = ["/**", " * Parallel Tool Calls Client", " */", "// Command line args processing", "const args = process.argv.slice(2);", "", "/** Runs it. */", "// NOTE: kept for the CLI", "export function run() {}", ""].join("\n");
    const e = flat(await report("header.js", src));
    expect(e.get("args")?.doc).toBe("Command line args processing");
    expect(e.get("run")?.doc).toBe("Runs it."); // a doc block above a note still is the doc
  });

  it("a @deprecated block tag flags its symbol (JSDoc, Javadoc, Doxygen's \\deprecated); the word in prose does not", async () => {
    const e = flat(await report("dep.ts", [
      "/**", " * Old way.", " * @deprecated use next()", " */", "export function old() {}",
      "/** @deprecated */", "export const x = () => 1;",
      "/** Mentions that deprecated is a word. */", "export function ok() {}",
    ].join("\n")));
    expect(e.get("old")).toMatchObject({ doc: "Old way.", flags: ["deprecated"] });
    expect(e.get("x")?.flags).toEqual(["deprecated"]);
    expect(e.get("ok")?.flags).toBeUndefined();
    const java = flat(await report("A.java", ["class A {", "  /**", "   * Gone.", "   * @deprecated since 9", "   */", "  public void m() {}", "}"].join("\n")));
    expect(java.get("A.m")).toMatchObject({ doc: "Gone.", flags: ["deprecated"] });
    const c = flat(await report("d.h", ["/// Old.", "/// \\deprecated use g", "int f(void);"].join("\n")));
    expect(c.get("f")).toMatchObject({ doc: "Old.", flags: ["deprecated"] });
  });

  it("members of an exported ambient namespace are exported without the keyword (tsc's .d.ts output)", async () => {
    const src = ["export declare namespace Scalar {", "  interface Parsed { range: number }", "  type Type = 'A' | 'B';", "}", "export declare namespace Mixed {", "  export type Shown = 1;", "  type Hidden = 2;", "}", ""].join("\n");
    const e = flat(await report("scalar.d.ts", src));
    expect([e.get("Scalar.Parsed")?.exported, e.get("Scalar.Type")?.exported]).toEqual([true, true]);
    // An `export` keyword on a member leaves the others exported (tsc compiles `Mixed.Hidden`; an
    // export declaration in a `declare module` body turns that off: the .d.ts test above).
    expect([e.get("Mixed.Shown")?.exported, e.get("Mixed.Hidden")?.exported]).toEqual([true, true]);
    // Outside an ambient context the keyword decides, as before.
    const plain = flat(await report("ns.ts", "export namespace N {\n  const hidden = 1;\n  export const shown = 2;\n}\n"));
    expect([plain.get("N.hidden")?.exported, plain.get("N.shown")?.exported]).toEqual([false, true]);
  });

  it("docs: bundler annotations and lint directives are skipped, licence headers and banners are no docs", async () => {
    const src = [
      "// Copyright 2019 Google LLC",
      "//",
      "// Licensed under the Apache License, Version 2.0 (the \"License\");",
      "const binding = 1;",
      "/**",
      " * Returns the global configuration.",
      " */",
      "/* @__NO_SIDE_EFFECTS__ */",
      "function getGlobalConfig() {}",
      "/** The token characters. */",
      "// eslint-disable-next-line no-control-regex",
      "const tokenChars = /x/;",
      "/* @__NO_SIDE_EFFECTS__ */",
      "function array() {}",
      "/*! formdata-polyfill. MIT License. */",
      "const formdataEscape = (s) => s;",
      "// ...",
      "function trim() {}",
      "// src/node/environment.ts",
      "/** Creates per-environment state. */",
      "function perEnvironmentState() {}",
      "/** Request options. */",
      "/** @ts-ignore For users with undici */ /* prettier-ignore */",
      "const Init = globalThis.RequestInit;",
      "",
    ].join("\n");
    const r = await report("bundle.js", src);
    const e = flat(r);
    expect(e.get("binding")?.doc).toBeUndefined();
    expect(e.get("getGlobalConfig")?.doc).toBe("Returns the global configuration.");
    expect(e.get("tokenChars")?.doc).toBe("The token characters.");
    expect(e.get("array")?.doc).toBeUndefined();
    expect(e.get("formdataEscape")?.doc).toBeUndefined();
    expect(e.get("trim")?.doc).toBeUndefined();
    // A JSDoc block is the whole doc: a bundler's `// src/…` marker above it is not part of it.
    expect(e.get("perEnvironmentState")?.doc).toBe("Creates per-environment state.");
    expect((await lens.readSymbol(join(dir, "bundle.js"), "perEnvironmentState")).startLine).toBe(20);
    // …while a directive between a doc and its declaration is skipped, `/** @ts-ignore */` too.
    expect(e.get("Init")?.doc).toBe("Request options.");
    // read_symbol's range starts at the doc (annotation included), never at a licence header.
    const read = await lens.readSymbol(join(dir, "bundle.js"), "getGlobalConfig");
    expect(read).toMatchObject({ startLine: 5, endLine: 9 });
    expect((await lens.readSymbol(join(dir, "bundle.js"), "binding")).startLine).toBe(4);
  });
});

describe("single-file components", () => {
  it("Vue with <script lang=\"tsx\"> (or jsx): read with the TSX grammar, its JSX no syntax error", async () => {
    const src = [
      "<template><div /></template>",
      '<script setup lang="tsx">',
      "/** Renders the badge. */",
      "function Badge(props: { n: number }) {",
      '  return <span class="badge">{props.n}</span>;',
      "}",
      "const Row = () => <li>{Badge({ n: 1 })}</li>;",
      "</script>",
      "",
    ].join("\n");
    const r = await report("Jsx.vue", src);
    expect(r.language).toBe("vue-tsx");
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    const e = flat(r);
    expect(e.get("Badge")).toMatchObject({ kind: "function", startLine: 4, endLine: 6, doc: "Renders the badge." });
    expect(e.get("Row")).toMatchObject({ kind: "function", startLine: 7 });
    // The same component in TypeScript stays with the TS grammar.
    expect((await report("Ts.vue", src.replace('lang="tsx"', 'lang="ts"').replace(/<span.*span>/, "props.n").replace(/<li>.*<\/li>/, "1"))).language).toBe("vue");
  });

  it("Vue and Svelte: the <script> blocks are read with the TS grammar at their real lines; the rest is masked", async () => {
    const vue = [
      "<template>",
      '  <div @click="go">{{ msg }} import x from "y"</div>',
      "</template>",
      '<script setup lang="ts">',
      'import { ref, onMounted } from "vue";',
      'import Child from "./Child.vue";',
      "/** The greeting. */",
      'const msg = ref("hi");',
      "function go(): void {",
      "  if (msg.value) msg.value = 'x';",
      "}",
      "onMounted(() => {",
      "  go();",
      "});",
      "</script>",
      "<style scoped>div { color: red; } function notCode() {}</style>",
      "",
    ].join("\n");
    writeFileSync(join(dir, "Child.vue"), "<template><div/></template>\n");
    const r = await report("Comp.vue", vue);
    expect(r.language).toBe("vue");
    const e = flat(r);
    expect(e.get("msg")).toMatchObject({ kind: "constant", startLine: 8, doc: "The greeting." });
    expect(e.get("go")).toMatchObject({ kind: "function", startLine: 9, endLine: 11, complexity: 2 });
    expect(e.has("notCode")).toBe(false);
    expect(r.imports.external).toEqual(["vue"]);
    expect(r.imports.internal).toEqual(["Child.vue"]);
    expect(r.callbacks.map((c) => [c.name, c.kind, c.flags])).toEqual([["onMounted@12", "event_handler", ["lifecycle"]]]);
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect((await lens.readSymbol(join(dir, "Comp.vue"), "go")).source).toBe("function go(): void {\n  if (msg.value) msg.value = 'x';\n}");

    const svelte = [
      '<script context="module" lang="ts">',
      "  export const prerender = true;",
      "</script>",
      '<script lang="ts">',
      "  export let start: number = 0;",
      "  let count = start;",
      "  function increment() {",
      "    count += 1;",
      "  }",
      "</script>",
      "<button on:click={increment}>{count}</button>",
      "{#if count > 3}<p>big</p>{/if}",
      "",
    ].join("\n");
    const s = flat(await report("Counter.svelte", svelte));
    expect(s.get("prerender")).toMatchObject({ exported: true, startLine: 2 });
    expect(s.get("start")).toMatchObject({ exported: true, startLine: 5 });
    expect(s.get("increment")).toMatchObject({ kind: "function", startLine: 7, endLine: 9 });

    const astro = [
      "---",
      "interface Props { title: string }",
      "export async function getStaticPaths() {",
      "  return [];",
      "}",
      "---",
      "<h1>{title} function markup() {}</h1>",
      "<script>",
      "  function onLoad() { console.log('x'); }",
      "</script>",
      "",
    ].join("\n");
    const a = await report("Page.astro", astro);
    const fa = flat(a);
    expect(fa.get("Props")?.kind).toBe("interface");
    expect(fa.get("getStaticPaths")).toMatchObject({ exported: true, startLine: 3, endLine: 5, flags: ["async"] });
    expect(fa.get("onLoad")?.startLine).toBe(9);
    expect(fa.has("markup")).toBe(false);
    expect(a.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
  });
});
