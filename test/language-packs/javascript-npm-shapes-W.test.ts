/** The JS pack on shapes found in unseen npm packages (session 31, QA round W: ace, esbuild bundles, rivets, inputmask). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const shape = (r: Awaited<ReturnType<typeof report>>) =>
  [...flat(r)].map(([k, e]) => `${k} ${e.kind} ${e.startLine}-${e.endLine}${e.exported ? " exported" : ""}`);
const callbacks = (r: Awaited<ReturnType<typeof report>>) => (r.callbacks ?? []).map((c) => `${c.kind} ${c.name}`);

describe("JS shapes from npm packages, round W", () => {
  it("ace's prototype mixin, `(function () { this.m = function () {…}; }).call(Mode.prototype)`: each `this.m` is a member of Mode, as `Mode.prototype.m = function` is — at the top level and in an AMD factory (ace-builds: 154 methods had been callbacks or nothing)", async () => {
    const top = await report("mixin-top.js", [
      "function Mode() {",
      '    this.lineCommentStart = "//";',
      "}",
      "(function () {",
      "    this.getNextLineIndent = function (state, line, tab) {",
      "        return tab;",
      "    };",
      '    this.$id = "ace/mode/javascript";',
      "    this.getBase = this.getNextLineIndent;",
      "    var local = function () {};",
      "    if (local) {",
      "        this.guarded = function () {};",
      "    }",
      "}).call(Mode.prototype);",
      "module.exports = Mode;",
      "",
    ].join("\n"));
    expect(shape(top)).toEqual([
      "Mode function 1-3 exported",
      "Mode.lineCommentStart property 2-2 exported",
      "Mode.getNextLineIndent method 5-7 exported",
      "Mode.$id property 8-8 exported",
      "Mode.getBase method 9-9 exported",
      "local function 10-10",
    ]);
    expect(callbacks(top)).not.toContain("assigned_callback this.getNextLineIndent");

    const amd = await report("mixin-amd.js", [
      'define("ace/mode/javascript", ["require", "exports", "module"], function (require, exports, module) {',
      "var Mode = function () {",
      '    this.lineCommentStart = "//";',
      "};",
      "(function () {",
      "    this.getNextLineIndent = function (state, line, tab) {",
      "        return tab;",
      "    };",
      "    this.createWorker = function (session) {",
      "        return null;",
      "    };",
      "}).call(Mode.prototype);",
      "exports.Mode = Mode;",
      "});",
      "",
    ].join("\n"));
    const amdShape = shape(amd);
    expect(amdShape).toContain("Mode.getNextLineIndent method 6-8 exported");
    expect(amdShape).toContain("Mode.createWorker method 9-11 exported");
    expect(callbacks(amd).filter((c) => c.startsWith("assigned_callback"))).toEqual([]);

    // Not a function called with something else, nor an arrow (its `this` is not the argument).
    const other = await report("mixin-other.js", [
      "function Mode() {}",
      "(function () {",
      "    this.m = function () {};",
      "}).call(this);",
      "(() => {",
      "    this.n = function () {};",
      "}).call(Mode.prototype);",
      "",
    ].join("\n"));
    expect(shape(other).filter((s) => /\.(?:m|n) /.test(s))).toEqual([]);
  });

  it("an esbuild `__commonJS({ \"path/x.js\"(exports, module) {…} })` module is named by its path without quotes, as a shorthand `\"do-it\"(x) {}` is, and its body is a module's scope, as a webpack or browserify module function's is: `exports.x = function` an exported function, its bindings entries (ace's workers: 68 of 70 exports missing)", async () => {
    const r = await report("esbuild-bundle.js", [
      "var __commonJS = (cb, mod) => function __require() {",
      "  return mod || (0, cb[Object.keys(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;",
      "};",
      "var require_oop = __commonJS({",
      '  "node_modules/ace-code/src/lib/oop.js"(exports) {',
      "    exports.inherits = function(ctor, superCtor) {",
      "      ctor.super_ = superCtor;",
      "    };",
      "    function mixin(obj, mixin) {",
      "      return obj;",
      "    }",
      "    exports.mixin = mixin;",
      "    var helper = { run: function () {} };",
      "  }",
      "});",
      "var require_b = __commonJS({",
      '  "src/b.js"(exports, module) {',
      "    module.exports = function b() {}; var oop = require_oop(), lib = __toESM(require_oop());",
      "  }",
      "});",
      "var api = {",
      '  "do-it"(x) { return x; },',
      "};",
      "module.exports = api;",
      "",
    ].join("\n"));
    const s = shape(r);
    expect(s).toContain("require_oop.node_modules/ace-code/src/lib/oop.js method 5-14");
    expect(s).toContain("require_oop.node_modules/ace-code/src/lib/oop.js.inherits function 6-8 exported");
    expect(s).toContain("require_oop.node_modules/ace-code/src/lib/oop.js.mixin function 9-11 exported");
    // (tsc's output in such a module, `exports.sortBy = void 0; function sortBy(…) {…} exports.sortBy = sortBy;`: the function, exported, once.)
    const tsc = await report("esbuild-tsc.js", [
      "var require_utils = __commonJS({",
      '  "node_modules/chevrotain/lib/src/utils/utils.js"(exports) {',
      '    "use strict";',
      '    Object.defineProperty(exports, "__esModule", { value: true });',
      "    exports.peek = exports.sortBy = void 0;",
      "    function sortBy(arr, orderFunc) {",
      "      return arr;",
      "    }",
      "    exports.sortBy = sortBy;",
      "    function peek(arr) {",
      "      return arr;",
      "    }",
      "    exports.peek = peek;",
      "  }",
      "});",
      "",
    ].join("\n"));
    expect(shape(tsc)).toEqual([
      "require_utils variable 1-15",
      "require_utils.node_modules/chevrotain/lib/src/utils/utils.js method 2-14",
      "require_utils.node_modules/chevrotain/lib/src/utils/utils.js.sortBy function 6-8 exported",
      "require_utils.node_modules/chevrotain/lib/src/utils/utils.js.peek function 10-12 exported",
    ]);
    expect(s).toContain("require_oop.node_modules/ace-code/src/lib/oop.js.helper variable 13-13");
    expect(s).toContain("require_oop.node_modules/ace-code/src/lib/oop.js.helper.run method 13-13");
    expect(s).toContain("require_b.src/b.js.b function 18-18 exported");
    expect(s).toContain("api.do-it method 22-22 exported");
    expect(callbacks(r).filter((c) => /inherits|exports|run/.test(c))).toEqual([]);
    // (What a module requires of another, `var oop = require_oop()`, is an import, as webpack's `__webpack_require__(370)` is.)
    expect(s.filter((x) => /\.(?:oop|lib) /.test(x))).toEqual([]);
    for (const [name, line] of [["node_modules/ace-code/src/lib/oop.js", 5], ["node_modules/ace-code/src/lib/oop.js.inherits", 6], ["require_oop.node_modules/ace-code/src/lib/oop.js.mixin", 9]] as const) {
      const read = await lens.readSymbol(`${dir}/esbuild-bundle.js`, name);
      expect(read.found && read.startLine, name).toBe(line);
    }
  });

  it("a bracketed string key mid-path, `Rivets[\"public\"].binders.text = function`, reads as its dotted form `Rivets.public.binders.text` — at the top level and in an IIFE; `…binders[\"if\"] = { bind: function … }` holds its methods, no orphans (rivets: 6 binders lost, 19 orphan methods)", async () => {
    const dotted = await report("rivets-dotted.js", [
      "var Rivets = {",
      '  "public": {',
      "    binders: {}",
      "  }",
      "};",
      "",
      "Rivets.public.binders.text = function(el, value) {",
      "  return el.textContent = value;",
      "};",
      "",
      "Rivets.public.binders.if = {",
      "  bind: function(el) { return el; },",
      "  routine: function(el, value) { return value; }",
      "};",
      "",
      "module.exports = Rivets;",
      "",
    ].join("\n"));
    const bracketed = await report("rivets-top.js", [
      "var Rivets = {",
      '  "public": {',
      "    binders: {}",
      "  }",
      "};",
      "",
      'Rivets["public"].binders.text = function(el, value) {',
      "  return el.textContent = value;",
      "};",
      "",
      'Rivets["public"].binders["if"] = {',
      "  bind: function(el) { return el; },",
      "  routine: function(el, value) { return value; }",
      "};",
      "",
      "module.exports = Rivets;",
      "",
    ].join("\n"));
    const expected = shape(dotted);
    expect(expected).toContain("Rivets.public.binders.text function 7-9 exported");
    expect(shape(bracketed)).toEqual(expected);

    const iife = await report("rivets-iife.js", [
      "(function() {",
      '  var Rivets = { "public": { binders: {} } };',
      "",
      '  Rivets["public"].binders.text = function(el, value) {',
      "    return el.textContent = value;",
      "  };",
      "",
      '  Rivets["public"].binders["if"] = {',
      "    bind: function(el) { return el; },",
      "    routine: function(el, value) { return value; }",
      "  };",
      "",
      '  module.exports = Rivets["public"];',
      "}).call(this);",
      "",
    ].join("\n"));
    const s = shape(iife);
    expect(s).toContain("Rivets.public.binders.text function 4-6");
    expect(s.filter((x) => /^(?:bind|routine) /.test(x))).toEqual([]);
    expect(s.filter((x) => /^if\.(?:bind|routine) method/.test(x))).toHaveLength(2);
    expect(callbacks(iife).filter((c) => c.startsWith("assigned_callback"))).toEqual([]);
  });

  it("Uglify's sequence in a `return`, `return X.prototype = {…}, X.format = function …, window.X = X;`, is read as the same sequence as a statement: statics and prototype methods under X, X exported (jquery.inputmask: 9 statics lost, 13 methods un-nested)", async () => {
    const body = (ret: string) => [
      "!function($) {",
      "    function Inputmask(alias) {",
      "        this.alias = alias;",
      "    }",
      `    ${ret}Inputmask.prototype = {`,
      "        mask: function(elems) {",
      "            return elems;",
      "        }",
      "    }, Inputmask.format = function(value, options) {",
      "        return Inputmask(options).format(value);",
      "    }, Inputmask.remove = function(elems) {",
      "        return elems;",
      "    }, window.Inputmask = Inputmask;",
      "}(jQuery);",
      "",
    ].join("\n");
    const statement = await report("seq-statics.js", body(""));
    const expected = [
      "Inputmask function 2-4 exported",
      "Inputmask.alias property 3-3 exported",
      "Inputmask.mask method 6-8 exported",
      "Inputmask.format method 9-11 exported",
      "Inputmask.remove method 11-13 exported",
    ];
    expect(shape(statement)).toEqual(expected);
    const returned = await report("return-seq-statics.js", body("return "));
    expect(shape(returned)).toEqual(expected);
    expect(callbacks(returned).filter((c) => c.startsWith("assigned_callback"))).toEqual([]);
    // (The bundle itself: the IIFEs one comma sequence, `!function ($) {…}(jQuery), function ($, Inputmask) {…}(jQuery, Inputmask);`,
    // each a module scope as one IIFE is; the return sequence ending in the name.)
    const bundle = await report("inputmask.bundle.js", body("return ").replace("}, window.Inputmask = Inputmask;\n}(jQuery);", "}, window.Inputmask = Inputmask, Inputmask;\n}(jQuery), function($, Inputmask) {\n    return Inputmask;\n}(jQuery, Inputmask);"));
    expect(shape(bundle)).toEqual(expected);
  });
});
