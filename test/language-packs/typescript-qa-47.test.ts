/** The JS/TS pack on shapes of npm packages no earlier round used (session 47 QA over MCP: typedi, … ). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { lens, dir, report } = await tsProject();

describe("JS/TS shapes of session 47's packages", () => {
  it("tsc's ES5 class IIFE with only statics or only a constructor is a class (its `/** @class */` mark), its data statics properties", async () => {
    // typedi's esm5/container.class.js and token.class.js.
    const src = [
      "/** Service container. */",
      "var Container = /** @class */ (function () {",
      "    function Container() {",
      "    }",
      "    /** Gets a container. */",
      "    Container.of = function (id) {",
      "        return id;",
      "    };",
      "    /** All handlers. */",
      "    Container.handlers = [];",
      "    return Container;",
      "}());",
      "export { Container };",
      "var Token = /** @class */ (function () {",
      "    function Token(name) {",
      "        this.name = name;",
      "    }",
      "    return Token;",
      "}());",
      "export { Token };",
      "function makeCache() {",
      "    function helper() {}",
      "    helper.cache = {};",
      "    return helper.cache;",
      "}",
    ].join("\n");
    const r = flat(await report("container.class.js", src));
    expect(r.get("Container")).toMatchObject({ kind: "class", startLine: 2, endLine: 12, exported: true });
    expect([...r.keys()].filter((k) => k.startsWith("Container."))).toEqual(["Container.constructor", "Container.of", "Container.handlers"]);
    expect(r.get("Container.of")).toMatchObject({ kind: "method", startLine: 6, endLine: 8, exported: true, doc: "Gets a container." });
    expect(r.get("Container.handlers")).toMatchObject({ kind: "property", startLine: 10, exported: true, doc: "All handlers." });
    expect(r.get("Token")).toMatchObject({ kind: "class", exported: true });
    expect(r.get("Token.constructor")).toMatchObject({ kind: "constructor", startLine: 15, endLine: 17 });
    // (Data put on a helper a function does not return stays a local.)
    expect([...r.keys()].filter((k) => k.startsWith("makeCache."))).toEqual(["makeCache.helper"]);
    const read = await lens.readSymbol(`${dir}/container.class.js`, "Container.of");
    expect(read).toMatchObject({ found: true, name: "Container.of", kind: "method" });
    expect(read.source).toContain("Container.of = function (id)");
  });

  it("a JavaScript constructor's bare `this.x` under a JSDoc `@type` declares a property of the class; an untyped one, or one elsewhere, does not", async () => {
    // vfile's lib/index.js (checkJs style: the field declared in the constructor, set later).
    const r = flat(await report("vfile.js", [
      "export class VFile {",
      "  constructor(value) {",
      "    /**",
      "     * Raw value.",
      "     *",
      "     * @type {Value}",
      "     */",
      "    this.value",
      "    /** @type {boolean} */",
      "    this.stored;",
      "    this.data = {}",
      "    this.offsetWidth",
      "  }",
      "  get path() {",
      "    /** @type {string} */",
      "    this.history",
      "    return ''",
      "  }",
      "}",
      "function Legacy() {",
      "  /** Last error. @type {Error | undefined} */",
      "  this.error",
      "}",
      "module.exports.Legacy = Legacy",
    ].join("\n")));
    expect([...r.keys()].filter((k) => k.startsWith("VFile."))).toEqual(["VFile.constructor", "VFile.value", "VFile.stored", "VFile.data", "VFile.path"]);
    expect(r.get("VFile.value")).toMatchObject({ kind: "property", startLine: 8, endLine: 8, exported: true, doc: "Raw value." });
    expect(r.get("VFile.stored")).toMatchObject({ kind: "property", startLine: 10, exported: true });
    expect(r.get("Legacy.error")).toMatchObject({ kind: "property", startLine: 22, doc: "Last error." });
    const read = await lens.readSymbol(`${dir}/vfile.js`, "VFile.value");
    expect(read.source).toContain("Raw value.");
    expect(read.source).toContain("this.value");
  });

  it("esbuild's, rolldown's and Babel's compiled enums bound by their declaration are enums with their members; esbuild's arrow namespace is a namespace", async () => {
    // tsup/esbuild and tsdown/rolldown dists: mobx-keystone's dist `UndoEventType` and 11 more enums had been variables holding nothing.
    const r = flat(await report("compiled-enums.js", [
      "/** Undo event type. */",
      "var UndoEventType = /* @__PURE__ */ function(UndoEventType) {",
      '\tUndoEventType["Single"] = "single";',
      '\tUndoEventType["Group"] = "group";',
      "\treturn UndoEventType;",
      "}({});",
      "var LogLevel = /* @__PURE__ */ ((LogLevel2) => {",
      '  LogLevel2[LogLevel2["Debug"] = 0] = "Debug";',
      '  LogLevel2[LogLevel2["Info"] = 1] = "Info";',
      "  return LogLevel2;",
      "})(LogLevel || {});",
      "var Util;",
      "((Util2) => {",
      '  Util2.VERSION = "1";',
      "  /** Parses. */",
      "  function parse(s) {",
      "    return s;",
      "  }",
      "  Util2.parse = parse;",
      "  function hidden() {}",
      "})(Util || (Util = {}));",
      "var cache = (function (c) { c.size = 0; return c; })({});",
      "export { UndoEventType, LogLevel, Util, cache };",
    ].join("\n")));
    expect(r.get("UndoEventType")).toMatchObject({ kind: "enum", startLine: 2, endLine: 6, exported: true, doc: "Undo event type." });
    expect(r.get("UndoEventType.Single")).toMatchObject({ kind: "constant", startLine: 3, signature: 'Single = "single"', exported: true });
    expect(r.get("LogLevel")).toMatchObject({ kind: "enum", startLine: 7, endLine: 11 });
    expect([...r.keys()].filter((k) => k.startsWith("LogLevel."))).toEqual(["LogLevel.Debug", "LogLevel.Info"]);
    expect(r.get("LogLevel.Info")?.signature).toBe("Info = 1");
    expect(r.get("Util")).toMatchObject({ kind: "namespace", startLine: 12, endLine: 21, exported: true });
    expect(r.get("Util.parse")).toMatchObject({ kind: "function", exported: true, doc: "Parses." });
    expect(r.get("Util.hidden")).toMatchObject({ kind: "function", exported: false });
    expect(r.get("Util.VERSION")).toMatchObject({ kind: "property", exported: true });
    expect(r.has("parse")).toBe(false);
    // (An IIFE that sets members by name is no enum.)
    expect(r.get("cache")?.kind).toBe("variable");
  });

  it("esbuild's __publicField and Babel's _defineProperty(this, …) class fields are the class's properties (a function value a method); esbuild's __name(fn) binding is a function", async () => {
    // tsup's output for an ES2020 target; Babel's class-properties transform.
    const r = flat(await report("compiled-fields.js", [
      "var Store = class {",
      "  constructor(name) {",
      '    __publicField(this, "items", []);',
      '    __publicField(this, "name");',
      "    this.name = name;",
      "  }",
      "  add(x) {",
      "    this.items.push(x);",
      "  }",
      "};",
      '__publicField(Store, "VERSION", "1.0");',
      'var double = /* @__PURE__ */ __name((x) => x * 2, "double");',
      "export class Panel extends Base {",
      "  constructor(props) {",
      "    super(props);",
      "    _defineProperty(",
      "      this,",
      "      /** Changed when the items change. */",
      '      "atom",',
      '      createAtom("chunk")',
      "    );",
      '    _defineProperty(this, "toggle", () => {',
      "      this.setState({ open: true });",
      "    });",
      "  }",
      "}",
      '_defineProperty(Panel, "defaultProps", { a: 1 });',
      "function setup(o) {",
      '  __publicField(o, "x", 1);',
      "}",
      "export { Store, double };",
    ].join("\n")));
    expect([...r.keys()].filter((k) => k.startsWith("Store."))).toEqual(["Store.constructor", "Store.items", "Store.name", "Store.add", "Store.VERSION"]);
    expect(r.get("Store.items")).toMatchObject({ kind: "property", startLine: 3, exported: true });
    expect(r.get("Store.name")).toMatchObject({ kind: "property", startLine: 4 });
    expect(r.get("Store.VERSION")).toMatchObject({ kind: "property", startLine: 11, exported: true });
    expect(r.get("Panel.toggle")).toMatchObject({ kind: "method", startLine: 22, endLine: 24, exported: true });
    // (A comment before the key, mobx-keystone's dist.)
    expect(r.get("Panel.atom")).toMatchObject({ kind: "property", startLine: 16, endLine: 21 });
    expect(r.get("double")).toMatchObject({ kind: "function", startLine: 12, exported: true });
    // (A Babel static of an exported class is as public as it.)
    expect(r.get("Panel.defaultProps")).toMatchObject({ kind: "property", startLine: 27, exported: true });
    expect([...r.keys()].some((k) => k.endsWith(".x") || k === "x")).toBe(false);
  });

  it("a bundled module's marker at the root — `// package.json`, rolldown's `// \\0rolldown/runtime.js` — is no doc, as `// src/util.ts` is none", async () => {
    // unplugin's dist/index.mjs (tsdown).
    const r = flat(await report("bundle-markers.js", [
      "// \\0rolldown/runtime.js",
      "var __require = /* #__PURE__ */ (() => createRequire(import.meta.url))();",
      "// package.json",
      'var version = "3.7.0";',
      "// src/esbuild/utils.ts",
      "const ExtToLoader = { a: 1 };",
      "// Loads the config.",
      "function load() {}",
      "export { version, load };",
    ].join("\n")));
    expect(r.get("__require")?.doc).toBeUndefined();
    expect(r.get("version")?.doc).toBeUndefined();
    expect(r.get("ExtToLoader")?.doc).toBeUndefined();
    expect(r.get("load")?.doc).toBe("Loads the config.");
  });

  it("tsc's compiled decorators: a decorated field is a property of the class, the decorators the member's and the class's, `exports.User = User = __decorate(…)` no entry", async () => {
    // tsc's CommonJS output of a TypeORM entity (NestJS, class-validator dists alike).
    const r = await report("user.entity.js", [
      '"use strict";',
      "var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) { return desc; };",
      "var __metadata = (this && this.__metadata) || function (k, v) { return v; };",
      'Object.defineProperty(exports, "__esModule", { value: true });',
      "exports.User = void 0;",
      'const typeorm_1 = require("typeorm");',
      "let User = class User {",
      "    greet() {",
      '        return "hi " + this.name;',
      "    }",
      "};",
      "exports.User = User;",
      "__decorate([",
      "    (0, typeorm_1.Column)({ length: 100 }),",
      '    __metadata("design:type", String)',
      '], User.prototype, "name", void 0);',
      "__decorate([",
      "    (0, typeorm_1.BeforeInsert)(),",
      '    __metadata("design:type", Function)',
      '], User.prototype, "greet", null);',
      '__decorate([(0, typeorm_1.Column)()], User, "count", void 0);',
      "exports.User = User = __decorate([",
      '    (0, typeorm_1.Entity)("users")',
      "], User);",
    ].join("\n"));
    expect(r.api.filter((s) => s.name === "User")).toHaveLength(1);
    const e = flat(r);
    expect(e.get("User")).toMatchObject({ kind: "class", exported: true, decorators: ['@Entity("users")'] });
    expect([...e.keys()].filter((k) => k.startsWith("User."))).toEqual(["User.greet", "User.name", "User.count"]);
    expect(e.get("User.name")).toMatchObject({ kind: "property", startLine: 13, endLine: 16, exported: true, signature: "name: String", decorators: ["@Column({ length: 100 })"] });
    expect(e.get("User.greet")).toMatchObject({ kind: "method", decorators: ["@BeforeInsert()"] });
    expect(e.get("User.count")).toMatchObject({ signature: "static count", decorators: ["@Column()"] });
  });

  it("SWC's ES5 classes (snake_case helpers `_class_call_check`, `_create_class`, `_define_property`) are classes as Babel's: methods by their keys, fields and statics", async () => {
    // SWC's output (Next.js and library ES5 builds): the methods had all been named `value`, under the inner function.
    const r = flat(await report("swc-class.js", [
      "import { _ as _class_call_check } from \"@swc/helpers/_/_class_call_check\";",
      "import { _ as _create_class } from \"@swc/helpers/_/_create_class\";",
      "import { _ as _define_property } from \"@swc/helpers/_/_define_property\";",
      "import { _ as _inherits } from \"@swc/helpers/_/_inherits\";",
      "import { _ as _create_super } from \"@swc/helpers/_/_create_super\";",
      "/** A store. */",
      "export var Store = /*#__PURE__*/ function() {",
      "    \"use strict\";",
      "    function Store(name) {",
      "        _class_call_check(this, Store);",
      "        _define_property(this, \"items\", []);",
      "        this.name = name;",
      "    }",
      "    _create_class(Store, [",
      "        {",
      "            /** Adds one. */",
      "            key: \"add\",",
      "            value: function add(x) {",
      "                this.items.push(x);",
      "            }",
      "        },",
      "        {",
      "            key: \"size\",",
      "            get: function get() {",
      "                return this.items.length;",
      "            }",
      "        }",
      "    ], [",
      "        {",
      "            key: \"create\",",
      "            value: function create() {",
      "                return new Store(\"x\");",
      "            }",
      "        }",
      "    ]);",
      "    return Store;",
      "}();",
      "_define_property(Store, \"VERSION\", \"1\");",
      "export var Child = /*#__PURE__*/ function(Store) {",
      "    \"use strict\";",
      "    _inherits(Child, Store);",
      "    var _super = _create_super(Child);",
      "    function Child() {",
      "        _class_call_check(this, Child);",
      "        return _super.apply(this, arguments);",
      "    }",
      "    return Child;",
      "}(Store);",
    ].join("\n")));
    expect(r.get("Store")).toMatchObject({ kind: "class", startLine: 7, endLine: 37, exported: true, doc: "A store." });
    expect([...r.keys()].filter((k) => k.startsWith("Store."))).toEqual(["Store.constructor", "Store.items", "Store.name", "Store.add", "Store.size", "Store.create", "Store.VERSION"]);
    expect(r.get("Store.add")).toMatchObject({ kind: "method", signature: "add(x)", doc: "Adds one.", exported: true });
    expect(r.get("Store.size")?.signature).toBe("get size()");
    expect(r.get("Store.create")?.signature).toBe("static create()");
    expect(r.get("Store.items")).toMatchObject({ kind: "property", startLine: 11, exported: true });
    expect(r.get("Store.VERSION")).toMatchObject({ kind: "property", startLine: 38, exported: true });
    expect(r.get("Child")).toMatchObject({ kind: "class" });
  });

  it("tsc's namespace merged into a class or a function (no `var` of its own) holds its functions as that declaration's members, public when put on it", async () => {
    // loopback-context's dist/binding-decorator.js: `injectable.provider` had been a private top-level function.
    const r = flat(await report("ns-merge.js", [
      "\"use strict\";",
      "Object.defineProperty(exports, \"__esModule\", { value: true });",
      "exports.Getter = exports.Point = void 0;",
      "class Point {",
      "    constructor(x) {",
      "        this.x = x;",
      "    }",
      "}",
      "exports.Point = Point;",
      "(function (Point) {",
      "    /** The origin. */",
      "    function origin() {",
      "        return new Point(0);",
      "    }",
      "    Point.origin = origin;",
      "    Point.ZERO = 0;",
      "})(Point || (exports.Point = Point = {}));",
      "function Getter() { return 1; }",
      "(function (Getter) {",
      "    /** From a value. */",
      "    function fromValue(v) {",
      "        return () => v;",
      "    }",
      "    Getter.fromValue = fromValue;",
      "})(Getter || (exports.Getter = Getter = {}));",
    ].join("\n")));
    expect([...r.keys()].filter((k) => k.startsWith("Point."))).toEqual(["Point.constructor", "Point.x", "Point.origin", "Point.ZERO"]);
    expect(r.get("Point.origin")).toMatchObject({ startLine: 12, endLine: 14, exported: true, doc: "The origin." });
    expect(r.get("Getter")).toMatchObject({ kind: "function", exported: true });
    expect(r.get("Getter.fromValue")).toMatchObject({ startLine: 21, exported: true, doc: "From a value." });
    expect(r.has("origin")).toBe(false);
    expect(r.has("fromValue")).toBe(false);
  });

  it("tsc's __decorate calls by the thousand: each field once, in line order, a second __decorate of a field adding to its decorators (a descendant search from the root and a members' sort per call had been quadratic: bench/shapes.mjs)", async () => {
    const n = 6000;
    const src = ["let X = class X {", "    m0() {}", "};"];
    for (let i = 0; i < n; i++) src.push(`__decorate([Prop(${i}), __metadata("design:type", String)], X.prototype, "f${i}", void 0);`);
    src.push('__decorate([Extra()], X.prototype, "f7", void 0);', '__decorate([Again()], X.prototype, "m0", null);', "X = __decorate([Entity()], X);");
    const e = flat(await report("many-decorated.js", src.join("\n")));
    const members = [...e.keys()].filter((k) => k.startsWith("X."));
    expect(members).toEqual(["X.m0", ...Array.from({ length: n }, (_, i) => `X.f${i}`)]);
    expect(e.get("X.f4321")).toMatchObject({ kind: "property", startLine: 4 + 4321, signature: "f4321: String", decorators: ["@Prop(4321)"] });
    expect(e.get("X.f7")?.decorators).toEqual(["@Prop(7)", "@Extra()"]);
    expect(e.get("X.m0")?.decorators).toEqual(["@Again()"]);
    expect(e.get("X")?.decorators).toEqual(["@Entity()"]);
  });

  it("field helpers after a run of comments: each comment to its own `*/` (a lazy match had paired a `/*` with a later call's `*/`, that call's field lost, and tried every pairing of a run: exponential)", async () => {
    const r = flat(await report("field-comments.js", [
      "class A {",
      "    constructor() {",
      `        __publicField(this, ${"/**/ ".repeat(30)}x);`,
      "        __publicField(this, /* a */ y, 0);",
      '        __publicField(this, /** The key. */ "k", 1);',
      "    }",
      "}",
    ].join("\n")));
    expect([...r.keys()].filter((k) => k.startsWith("A."))).toEqual(["A.constructor", "A.k"]);
    expect(r.get("A.k")).toMatchObject({ kind: "property", startLine: 5 });
  });

  it("Babel's statics by the thousand on one class: each a property, in order (the scope's names read once, not per static)", async () => {
    const n = 3000;
    const src = ["class X {}"];
    for (let i = 0; i < n; i++) src.push(`_defineProperty(X, "s${i}", ${i});`);
    const e = flat(await report("many-statics.js", src.join("\n")));
    expect([...e.keys()].filter((k) => k.startsWith("X."))).toEqual(Array.from({ length: n }, (_, i) => `X.s${i}`));
    expect(e.get("X.s1234")).toMatchObject({ kind: "property", startLine: 1236 });
  });
});
