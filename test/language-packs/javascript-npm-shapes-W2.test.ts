/** The JS/TS pack on shapes found in unseen npm packages (session 31, QA round W: Closure, AMD, mixins, docs). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, dir } = await tsProject();

const shape = (r: Awaited<ReturnType<typeof report>>) =>
  [...flat(r)].map(([k, e]) => `${k} ${e.kind} ${e.startLine}-${e.endLine}${e.exported ? " exported" : ""}`);

describe("Closure modules (D3): goog.module's `exports = …`, goog.provide's namespaces", () => {
  it("goog.module's `exports = Heap;` exports Heap, `exports = {A, B}` its names, `exports = {K: 1}` a constant `exports` holding the keys (closure-library's goog.module files read 0 exported)", async () => {
    const heap = await report("goog-heap.js", [
      "goog.module('goog.structs.Heap');",
      "goog.module.declareLegacyNamespace();",
      "const Node = goog.require('goog.structs.Node');",
      "/** A binary heap. */",
      "class Heap {",
      "  /** Inserts a value. */",
      "  insert(key, value) { return new Node(key, value); }",
      "}",
      "function helper() {}",
      "exports = Heap;",
      "",
    ].join("\n"));
    expect(shape(heap)).toEqual(["Heap class 5-8 exported", "Heap.insert method 7-7 exported", "helper function 9-9"]);

    const pair = await report("goog-pair.js", [
      "goog.module('goog.pair');",
      "class A {}",
      "function b() {}",
      "const c = 1;",
      "exports = {A, b};",
      "",
    ].join("\n"));
    expect(shape(pair)).toEqual(["A class 2-2 exported", "b function 3-3 exported", "c constant 4-4"]);

    const data = await report("goog-data.js", [
      "goog.module('goog.events.BrowserFeature');",
      "/** Enum of browser capabilities. */",
      "exports = {",
      "  /** Whether touch is enabled. */",
      "  TOUCH_ENABLED: ('ontouchstart' in goog.global),",
      "  POINTER_EVENTS: false,",
      "};",
      "",
    ].join("\n"));
    expect(shape(data)).toEqual(["exports constant 3-7 exported", "exports.TOUCH_ENABLED property 5-5 exported", "exports.POINTER_EVENTS property 6-6 exported"]);
    expect(flat(data).get("exports")?.doc).toBe("Enum of browser capabilities.");
  });

  it("`exports = X` outside a goog.module (a CommonJS file rebinding its local `exports`) exports nothing", async () => {
    const cjs = await report("rebind.js", ["function Heap() {}", "exports = Heap;", ""].join("\n"));
    expect(shape(cjs)).toEqual(["Heap function 1-1"]);
  });

  it("goog.provide'd namespaces are the file's public API: `goog.structs.Map = function`, its prototype methods and statics, `goog.structs.getCount = function` under a provided `goog.structs` — not a path outside them", async () => {
    const map = await report("goog-map.js", [
      "goog.provide('goog.structs.Map');",
      "goog.require('goog.iter');",
      "/** A map. @constructor */",
      "goog.structs.Map = function() { this.map_ = {}; };",
      "/** Gets a value. */",
      "goog.structs.Map.prototype.get = function(key) { return this.map_[key]; };",
      "goog.structs.Map.defaultEquals = function(a, b) { return a === b; };",
      "goog.structs.helper_ = function() {};",
      "",
    ].join("\n"));
    expect(shape(map)).toEqual([
      "Map function 4-4 exported",
      "Map.map_ property 4-4 exported",
      "Map.get method 6-6 exported",
      "Map.defaultEquals function 7-7 exported",
      "helper_ function 8-8",
    ]);

    const ns = await report("goog-structs.js", [
      "goog.provide('goog.structs');",
      "",
      "/** Returns the number of values. */",
      "goog.structs.getCount = function(col) { return col.length; };",
      "goog.structs.isEmpty = function(col) { return !col.length; };",
      "",
    ].join("\n"));
    expect(shape(ns)).toEqual(["getCount function 4-4 exported", "isEmpty function 5-5 exported"]);
  });
});

describe("AMD and Closure dependencies are imports (D4)", () => {
  it("`define([…], fn)`, `define(\"id\", […], fn)` and `require([…], fn)` dependency arrays: bare ids external, relative ones internal and resolved; `require`/`exports`/`module` are no modules; a loader plugin's resource is its own import (dijit read 0 imports)", async () => {
    writeFileSync(join(dir, "_WidgetBase.js"), "define([], function () { return {}; });\n");
    writeFileSync(join(dir, "Toolbar.html"), "<div></div>\n");
    const amd = await report("amd-deps.js", [
      'define(["require", "exports", "module", "dojo/_base/declare", "./_WidgetBase", "dojo/text!./Toolbar.html"], function (require, exports, module, declare, _WidgetBase, template) {',
      '  return declare("dijit.Toolbar", [_WidgetBase], {',
      "    postCreate: function () {}",
      "  });",
      "});",
      "",
    ].join("\n"));
    expect(amd.imports).toEqual({ external: ["dojo/_base/declare", "dojo/text"], internal: ["_WidgetBase.js", "Toolbar.html"] });

    const named = await report("amd-named.js", ['define("app/main", ["dojo/dom", "./_WidgetBase"], function (dom, W) {});', 'require(["dojo/ready", "./missing"], function (ready) {});', ""].join("\n"));
    expect(named.imports).toEqual({ external: ["dojo/dom", "dojo/ready"], internal: ["_WidgetBase.js", "./missing"] });

    // A bundle of named modules (ace's builds): a module the file defines is no import, also named relative to the module.
    const bundle = await report("amd-bundle.js", ['define("app/a", ["require", "exports", "app/b", "./c", "dojo/dom"], function (require, exports) {});', 'define("app/b", [], function () {});', 'define("app/c", ["require"], function (require) {});', ""].join("\n"));
    expect(bundle.imports).toEqual({ external: ["dojo/dom"], internal: [] });
  });

  it("`goog.require('x')`, `const X = goog.require('x')`, `goog.requireType`, `goog.forwardDeclare` are imports, and a binding of one is no constant entry (as a require() binding is not)", async () => {
    const r = await report("goog-deps.js", [
      "goog.module('goog.structs.PriorityQueue');",
      "const Heap = goog.require('goog.structs.Heap');",
      "const {assert} = goog.require('goog.asserts');",
      "const Node = goog.requireType('goog.structs.Node');",
      "goog.require('goog.iter');",
      "goog.forwardDeclare('goog.events.Event');",
      "class PriorityQueue extends Heap {}",
      "exports = PriorityQueue;",
      "",
    ].join("\n"));
    expect(r.imports).toEqual({ external: ["goog.structs.Heap", "goog.asserts", "goog.structs.Node", "goog.iter", "goog.events.Event"], internal: [] });
    expect(shape(r)).toEqual(["PriorityQueue class 7-7 exported"]);
  });
});

describe("a mixin class inside a call argument (D1)", () => {
  const src = [
    "import { createAbility } from './ability.js';",
    "export const controllable = createAbility((Class) => class extends Class {",
    "    connectedCallback() {",
    "        this.setAttribute('data-catalyst', '');",
    "    }",
    "    attachShadow(...args) {",
    "        return super.attachShadow(...args);",
    "    }",
    "});",
    "",
  ].join("\n");
  for (const ext of ["js", "ts"]) {
    it(`\`export const c = createAbility((Class) => class extends Class {…})\` holds the class's methods, as the unwrapped mixin does (.${ext}; @github/catalyst's 7 methods)`, async () => {
      const r = await report(`mixin-in-call.${ext}`, src);
      expect(shape(r)).toEqual(["controllable constant 2-9 exported", "controllable.connectedCallback method 3-5 exported", "controllable.attachShadow method 6-8 exported"]);
    });
  }

  it("a function's own mixin class inside a call stays that function's (no members of the constant from a nested function's body)", async () => {
    const r = await report("mixin-local.js", [
      "export const x = make(function () {",
      "  const inner = wrap((B) => class extends B { m() {} });",
      "  return inner;",
      "});",
      "",
    ].join("\n"));
    expect(flat(r).has("x.m")).toBe(false);
  });
});

describe("a `//` block running into a licence line (D8)", () => {
  it("the doc is the prose above the line naming a licence (sammy's `Simple JavaScript Templating` / `John Resig - http://ejohn.org/ - MIT Licensed`), a full sentence before one unchanged", async () => {
    const r = await report("doc-licence-lines.js", [
      "(function ($) {",
      "  // Simple JavaScript Templating",
      "  // John Resig - http://ejohn.org/ - MIT Licensed",
      "  // adapted from: http://ejohn.org/blog/javascript-micro-templating/",
      "  var srender_cache = {};",
      "  $.srender = srender_cache;",
      "  // Renders a template. Copyright notice kept below.",
      "  // Copyright 2009 someone",
      "  function render(t) { return t; }",
      "})(jQuery);",
      "",
    ].join("\n"));
    expect(flat(r).get("srender_cache")?.doc).toBe("Simple JavaScript Templating");
    expect(flat(r).get("render")?.doc).toBe("Renders a template.");
  });
});

describe("an exported object's key holding a function that builds objects", () => {
  it("the functions of an object inside a key's function are that function's locals, not exported functions of the module (`P: purify(function () { defineProperty({}, 'passive', { get: function … }) })`, closure's browserfeature.js)", async () => {
    const r = await report("cjs-nested.js", [
      "module.exports = {",
      "  A: 1,",
      "  P: purify(function() {",
      "    const o = Object.defineProperty({}, 'passive', {",
      "      get: function() { return 1; }",
      "    });",
      "    return o;",
      "  }),",
      "};",
      "",
    ].join("\n"));
    expect(shape(r)).toEqual(["exports constant 1-9 exported", "exports.A property 2-2 exported", "exports.P property 3-8 exported"]);
  });
});
