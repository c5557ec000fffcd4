/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 23). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

describe("JS/TS shapes from npm packages, round 4", () => {
  it("a namespace the module builds from `{}` declares its data members by assignment: documented constants and enums (node-forge's tls.js)", async () => {
    const r = await report("tls.js", [
      "var forge = require('./forge');",
      "var tls = module.exports = forge.tls = forge.tls || {};",
      "",
      "/** Versions we speak. */",
      "tls.Versions = {",
      "  TLS_1_0: {major: 3, minor: 1},",
      "  TLS_1_1: {major: 3, minor: 2}",
      "};",
      "/** Maximum fragment size. */",
      "tls.MaxFragment = 16384 - 1024;",
      "tls.Version = tls.Versions.TLS_1_0;",
      "tls.handle = function (c) {",
      "  tls.ready = true;",
      "  return c;",
      "};",
      "tls.unset = void 0;",
      "if (process.env.X) { tls.flag = true; }",
      "(function () {",
      "  var util = {};",
      "  util.LIMIT = 3;",
      "  var cfg = { port: 1 };",
      "  cfg.port = 2;",
      "  cfg.host = 'x';",
      "  window.util = util;",
      "})();",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("tls.Versions")).toMatchObject({ kind: "property", startLine: 5, endLine: 8, exported: true, doc: "Versions we speak." });
    expect(e.get("tls.MaxFragment")).toMatchObject({ kind: "property", startLine: 10, exported: true, doc: "Maximum fragment size.", signature: "tls.MaxFragment = 16384 - 1024" });
    expect(e.get("tls.Version")).toMatchObject({ kind: "property", startLine: 11 });
    expect(e.get("tls.handle")).toMatchObject({ kind: "method", startLine: 12 });
    // A key set inside a function or a block is no declaration (acorn's bin.js sets options by flag); `void 0` declares nothing.
    expect([e.has("tls.ready"), e.has("tls.flag"), e.has("tls.unset")]).toEqual([false, false, false]);
    // A module-scope IIFE's namespace too; an object literal with keys declares its own (`cfg.host` sets one).
    expect(e.get("util.LIMIT")).toMatchObject({ kind: "property", startLine: 20 });
    expect([...e.keys()].filter((k) => k.startsWith("cfg."))).toEqual([]);
  });

  it("CoffeeScript's `exports.Base = Base = (function () { class Base … }).call(this)` is the exported class with its prototype members, also ones naming a helper of the IIFE's scope (coffeescript's nodes.js)", async () => {
    const r = await report("nodes.js", [
      "(function() {",
      "  var Base, NO;",
      "",
      "  NO = function() {",
      "    return false;",
      "  };",
      "",
      "  exports.Base = Base = (function() {",
      "    class Base {",
      "      compile(o) {",
      "        return 1;",
      "      }",
      "    };",
      "",
      "    Base.prototype.children = [];",
      "",
      "    Base.prototype.isAssignable = NO;",
      "",
      "    return Base;",
      "",
      "  }).call(this);",
      "",
      "}).call(this);",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Base")).toMatchObject({ kind: "class", startLine: 9, exported: true });
    expect(e.get("Base.compile")).toMatchObject({ kind: "method", startLine: 10 });
    expect(e.get("Base.children")).toMatchObject({ kind: "property", startLine: 15 });
    expect(e.get("Base.isAssignable")).toMatchObject({ kind: "method", startLine: 17, signature: "Base.prototype.isAssignable = NO" });
    // No constant holding the class, no bare `var Base` beside it.
    expect(r.api.map((x) => `${x.kind} ${x.name}`)).toEqual(["class Base"]);
    expect(r.internal.map((x) => `${x.kind} ${x.name}`)).toEqual(["function NO"]);
  });

  it("a browserify bundle's module functions are each a module's scope: their objects and methods are entries, not callbacks (jszip's dist/jszip.js)", async () => {
    const r = await report("bundle.js", [
      "(function(f){if(typeof exports===\"object\"&&typeof module!==\"undefined\"){module.exports=f()}else{window.JSZip=f()}})(function(){var define,module,exports;return (function(){function r(e,n,t){return e}return r})()({1:[function(require,module,exports){",
      "'use strict';",
      "var utils = require('./utils');",
      "",
      "var helper = {",
      "    /** Runs a step. */",
      "    run: function(a) {",
      "        return a;",
      "    },",
      "    stop: function() {}",
      "};",
      "module.exports = helper;",
      "},{\"./utils\":2}],2:[function(require,module,exports){",
      "'use strict';",
      "var table = { isNode: function () { return true; } };",
      "exports.later = function (cb) { return cb; };",
      "var Worker = require('./worker');",
      "},{}],3:[function(require,module,exports){",
      "function Worker() {}",
      "Worker.prototype.go = function () {};",
      "module.exports = Worker;",
      "},{}]},{},[1])(1)",
      "});",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("helper")).toMatchObject({ startLine: 5, endLine: 11, exported: true });
    expect(e.get("helper.run")).toMatchObject({ kind: "method", startLine: 7, doc: "Runs a step." });
    expect(e.get("helper.stop")).toMatchObject({ kind: "method", startLine: 10 });
    expect(e.get("table.isNode")).toMatchObject({ kind: "method", startLine: 15 });
    expect(e.get("later")).toMatchObject({ kind: "function", exported: true });
    expect(r.callbacks.map((c) => c.name)).not.toContain("run@7");
    // One module's require() of what another exports is no re-export of it: the declaration holds its methods.
    expect(e.get("Worker")).toMatchObject({ kind: "function", startLine: 19, exported: true });
    expect(e.get("Worker.go")).toMatchObject({ kind: "method", startLine: 20 });
  });

  it("a webpack bundle's module functions and an AMD module's factory are module scopes; what the factory returns is exported", async () => {
    const webpack = await report("webpack-bundle.js", [
      "/******/ (() => { // webpackBootstrap",
      "/******/ \tvar __webpack_modules__ = ({",
      "/***/ \"./src/a.js\":",
      "/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {",
      "\"use strict\";",
      "const Syntax = {",
      "    AssignmentExpression: 'AssignmentExpression',",
      "    parse: function (code) { return code; }",
      "};",
      "/***/ })",
      "/******/ \t});",
      "/******/ })()",
      ";",
      "",
    ].join("\n"));
    expect(flat(webpack).get("Syntax.parse")).toMatchObject({ kind: "method", startLine: 8 });
    const amd = await report("amd.js", [
      "define(['./dep'], function (dep) {",
      "  'use strict';",
      "  var Regex = {",
      "    NonAsciiIdentifierStart: /x/,",
      "    test: function (s) { return s; }",
      "  };",
      "  function Scanner(code) {",
      "    this.code = code;",
      "  }",
      "  Scanner.prototype.next = function () {",
      "    return 1;",
      "  };",
      "  return Scanner;",
      "});",
      "",
    ].join("\n"));
    const a = flat(amd);
    expect(a.get("Regex.test")).toMatchObject({ kind: "method", startLine: 5 });
    expect(a.get("Scanner")).toMatchObject({ kind: "function", startLine: 7, exported: true });
    expect(a.get("Scanner.next")).toMatchObject({ kind: "method", startLine: 10 });
  });

  it("an object's quoted key holding an object is a member as a plain key is (nodemailer's services table, less's deprecations, response schemas' `'2xx'`)", async () => {
    const r = await report("services.js", [
      "exports.services = {",
      '    "126": {',
      '        "host": "smtp.126.com"',
      "    },",
      "    AOL: {",
      '        "host": "smtp.aol.com"',
      "    },",
      "    '1und1': { host: 'smtp.1und1.de' },",
      '    "": { host: "none" },',
      "    plain: 1",
      "};",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("services.126")).toMatchObject({ kind: "property", startLine: 2, endLine: 4, exported: true });
    expect(e.get("services.AOL")).toMatchObject({ kind: "property", startLine: 5, endLine: 7 });
    expect(e.get("services.1und1")).toMatchObject({ kind: "property", startLine: 8 });
    // An empty key names nothing.
    expect([...e.keys()].filter((k) => k.startsWith("services.")).sort()).toEqual(["services.126", "services.1und1", "services.AOL"]);
  });

  it("a factory's `var P = BigNumber.prototype = {…}` makes `P.x = function` methods of the constructor it declares (bignumber.js's whole instance API)", async () => {
    const r = await report("bignumber.js", [
      "function clone(configObject) {",
      "  var div,",
      "    P = BigNumber.prototype = { constructor: BigNumber, toString: null, valueOf: null };",
      "",
      "  function BigNumber(v, b) {",
      "    this.c = v;",
      "  }",
      "",
      "  /** Return a new BigNumber whose value is the absolute value of this BigNumber. */",
      "  P.absoluteValue = P.abs = function () {",
      "    return this;",
      "  };",
      "",
      "  P.comparedTo = function (y, b) {",
      "    return 0;",
      "  };",
      "",
      "  function helper() {",
      "    var P = {};",
      "    P.local = function () {};",
      "    return 1;",
      "  }",
      "  return BigNumber;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("clone.BigNumber.absoluteValue")).toMatchObject({ kind: "method", startLine: 10, endLine: 12, doc: "Return a new BigNumber whose value is the absolute value of this BigNumber." });
    expect(e.get("clone.BigNumber.comparedTo")).toMatchObject({ kind: "method", startLine: 14 });
    // Another block's `P` is its own.
    expect([...e.keys()].filter((k) => k.endsWith(".local"))).toEqual([]);
  });

  it("exports by bracket key and through an object binding handed to module.exports export what they name (sprintf-js, json5, he)", async () => {
    const bracket = flat(await report("sprintf.js", [
      "!function () {",
      "  'use strict';",
      "  function sprintf(key) { return key; }",
      "  function vsprintf(fmt, argv) { return fmt; }",
      "  function helper() {}",
      "  if (typeof exports !== 'undefined') {",
      "    exports['sprintf'] = sprintf;",
      '    exports["vsprintf"] = vsprintf;',
      "  }",
      "}();",
      "",
    ].join("\n")));
    expect([bracket.get("sprintf")?.exported, bracket.get("vsprintf")?.exported, bracket.get("helper")?.exported]).toEqual([true, true, false]);
    const object = flat(await report("he.js", [
      "function encode(s) { return s; }",
      "function decode(s) { return s; }",
      "function internal() {}",
      "const he = {",
      "  version: '1.2.0',",
      "  encode,",
      "  unescape: decode,",
      "};",
      "module.exports = he;",
      "",
    ].join("\n")));
    expect([object.get("encode")?.exported, object.get("decode")?.exported, object.get("internal")?.exported]).toEqual([true, true, false]);
    expect(object.get("decode")?.exportedAs).toEqual(["unescape"]);
  });
});
