/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 29, QA round H): multi-part dotted names and IIFE parameters resolved to the object the file declares. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

/** Every entry's qualified name, in a flat list (duplicates kept). */
function names(r: Awaited<ReturnType<typeof report>>): string[] {
  const out: string[] = [];
  const go = (entries: typeof r.api | undefined, prefix: string) => {
    for (const e of entries ?? []) {
      out.push(prefix + e.name);
      go(e.members, `${prefix}${e.name}.`);
    }
  };
  go(r.api, "");
  go(r.internal, "");
  return out;
}

describe("JS/TS shapes from npm packages, round 13", () => {
  it("a dotted owner's prototype object, `$.Widget.prototype = {…}`, gives `$.Widget` its methods, as `Plain.prototype = {…}` gives Plain (jquery-ui, hogan's `Hogan.Template`, pixi's `PIXI.X`): no `prototype` constant", async () => {
    // jquery-ui 1.14 ui/widget.js; hogan.js 3.0.2 lib/template.js; swig 1.4 lib/dateformatter.js (`exports.DateZ.prototype = {…}`).
    const src = [
      "var $ = {};",
      "$.Widget = function( options ) {};",
      "$.Widget.prototype = {",
      "\tdestroy: function() {",
      "\t\treturn 1;",
      "\t},",
      "\tenable: function() {},",
      "\tversion: '1.0'",
      "};",
      "function Plain() {}",
      "Plain.prototype = {",
      "\tgo: function() {}",
      "};",
      "",
    ].join("\n");
    const r = await report("widget.js", src);
    const e = flat(r);
    expect(e.get("$.Widget")).toMatchObject({ kind: "method", startLine: 2 });
    expect(e.get("$.Widget.destroy")).toMatchObject({ kind: "method", startLine: 4, endLine: 6 });
    expect(e.get("$.Widget.enable")).toMatchObject({ kind: "method", startLine: 7 });
    expect(e.get("Plain.go")).toMatchObject({ kind: "method", startLine: 12 });
    expect(names(r).filter((n) => /prototype/.test(n))).toEqual([]);
    expect(r.recommendedReads.map((x) => x.symbol)).not.toContain("prototype.destroy");
    const read = await lens.readSymbol(join(dir, "widget.js"), "$.Widget.destroy");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 4, 6]);

    // On an IIFE parameter handed the export object (hogan), and on an exported path (swig): exported with their owner.
    const hogan = [
      "var Hogan = {};",
      "(function (Hogan) {",
      "  Hogan.Template = function (codeObj, text) {",
      "    this.text = text;",
      "  };",
      "  Hogan.Template.prototype = {",
      "    r: function (context, partials, indent) { return ''; },",
      "    render: function render(context, partials, indent) {",
      "      return this.r(context, partials, indent);",
      "    }",
      "  };",
      "})(typeof exports !== 'undefined' ? exports : Hogan);",
      "",
    ].join("\n");
    const h = await report("template.js", hogan);
    const he = flat(h);
    expect(he.get("Template")).toMatchObject({ exported: true, startLine: 3 });
    expect(he.get("Template.render")).toMatchObject({ kind: "method", startLine: 8, endLine: 10, exported: true });
    expect(he.get("Template.r")).toMatchObject({ kind: "method", startLine: 7, exported: true });
    expect(names(h).filter((n) => /prototype/.test(n))).toEqual([]);
    const swig = ["var DateZ = function () {};", "exports.DateZ = DateZ;", "exports.DateZ.prototype = {", "  getDate: function () { return 1; }", "};", ""].join("\n");
    const s = flat(await report("dateformatter.js", swig));
    expect(s.get("DateZ.getDate")).toMatchObject({ kind: "method", startLine: 4, exported: true });
    expect([...s.keys()].filter((n) => /prototype/.test(n))).toEqual([]);
  });

  it("`Object.defineProperty(NS.Model.prototype, 'size', { get })` is an accessor of `NS.Model`, as `Object.defineProperty(Node.prototype, …)` is of Node (pixi's 124 accessors in p2 had been top-level methods owned by nothing); not on `this.x`", async () => {
    // p2 0.7 demos/js/pixi.js: `Object.defineProperty(PIXI.DisplayObject.prototype, 'interactive', { get: …, set: … })`.
    const src = [
      "var NS = {};",
      "NS.Model = function(attrs) {",
      "  this.attrs = attrs;",
      "};",
      "NS.Model.prototype.set = function(key, value) {",
      "  this.attrs[key] = value;",
      "};",
      "Object.defineProperty(NS.Model.prototype, 'size', {",
      "  get: function() { return 1; },",
      "  set: function(v) {}",
      "});",
      "function Node() {}",
      "Object.defineProperty(Node.prototype, 'depth', {",
      "  get: function() { return 0; }",
      "});",
      "function Holder() {",
      "  Object.defineProperty(this.keys, 'length', { get: function() { return 0; } });",
      "}",
      "",
    ].join("\n");
    const r = await report("model.js", src);
    const e = flat(r);
    expect(e.get("NS.Model.set")).toMatchObject({ kind: "method", startLine: 5 });
    expect(e.get("NS.Model.size")).toMatchObject({ kind: "method", startLine: 8, endLine: 11 });
    expect(names(r).filter((n) => n === "NS.Model.size")).toHaveLength(1); // the getter and the setter: one property, one entry
    expect(e.get("Node.depth")).toMatchObject({ kind: "method", startLine: 13 });
    expect(r.internal.map((x) => x.name)).toEqual(["NS", "Node", "Holder"]);
    const read = await lens.readSymbol(join(dir, "model.js"), "NS.Model.size");
    expect([read.found, read.startLine]).toEqual([true, 8]);
  });

  it("a constructor on a path named by an acronym, `KJUR.crypto.ECDSA = function () { this.sign = function … }`, keeps its `this.x` methods and properties, as `NS.sub.Foo` does (jsrsasign's whole KJUR API had lost them); a bare all-caps binding, CoffeeScript's `NEGATE = function () { this.negated = … }`, is still no constructor. Kinds follow the path: `A.B = function` a method, `A.B.C = function` a function", async () => {
    // jsrsasign 11 lib/jsrsasign.js: `KJUR.crypto.ECDSA = function(params) { … this.sign = function(hashHex, privHex) {…} … }`.
    const src = [
      "var KJUR = {};",
      "KJUR.crypto = {};",
      "KJUR.crypto.ECDSA = function(params) {",
      "  this.type = \"EC\";",
      "  this.getBigRandom = function(limit) {",
      "    return limit;",
      "  };",
      "  this.sign = function(hash, key) {",
      "    return hash + key;",
      "  };",
      "};",
      "KJUR.crypto.ECDSA.parseSigHex = function(sigHex) {",
      "  return sigHex;",
      "};",
      "KJUR.crypto.Mac = function(params) {",
      "  this.doFinal = function() { return 1; };",
      "};",
      "KJUR.DSA = function() {",
      "  this.verify = function() { return true; };",
      "};",
      "var NEGATE;",
      "NEGATE = function() {",
      "  this.negated = !this.negated;",
      "  return this;",
      "};",
      "",
    ].join("\n");
    const r = await report("jsrsasign.js", src);
    const e = flat(r);
    expect(e.get("KJUR.crypto.ECDSA")).toMatchObject({ kind: "function", startLine: 3, endLine: 11 });
    expect(e.get("KJUR.crypto.ECDSA.type")).toMatchObject({ kind: "property", startLine: 4 });
    expect(e.get("KJUR.crypto.ECDSA.getBigRandom")).toMatchObject({ kind: "method", startLine: 5, endLine: 7 });
    expect(e.get("KJUR.crypto.ECDSA.sign")).toMatchObject({ kind: "method", startLine: 8, endLine: 10 });
    expect(e.get("KJUR.crypto.ECDSA.parseSigHex")).toMatchObject({ kind: "function", startLine: 12 });
    expect(e.get("KJUR.crypto.Mac.doFinal")).toMatchObject({ kind: "method", startLine: 16 });
    expect(e.get("KJUR.DSA")).toMatchObject({ kind: "method", startLine: 18 });
    expect(e.get("KJUR.DSA.verify")).toMatchObject({ kind: "method", startLine: 19 });
    expect(e.get("NEGATE")?.members ?? []).toEqual([]);
    expect(r.callbacks.map((c) => c.name)).not.toContain("this.sign@8");
    const read = await lens.readSymbol(join(dir, "jsrsasign.js"), "KJUR.crypto.ECDSA.sign");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 8, 10]);
  });

  it("an IIFE parameter handed `module.exports`, `(function (nacl) { nacl.box = …; nacl.box.open = … })(module.exports)`: `open` is a member of the exported `box`, read by `nacl.box.open` (tweetnacl's public API had been internal, owned by `exports.box`)", async () => {
    // tweetnacl 1.0.3 nacl.js / nacl-fast.js.
    const src = [
      "(function(nacl) {",
      "nacl.box = function(msg) {",
      "  return msg;",
      "};",
      "nacl.box.open = function(box) {",
      "  return box;",
      "};",
      "nacl.box.keyPair = function() {",
      "  return 1;",
      "};",
      "})(typeof module !== 'undefined' ? module.exports : (self.nacl = self.nacl || {}));",
      "",
    ].join("\n");
    const r = await report("nacl.js", src);
    expect(r.internal).toEqual([]);
    const e = flat(r);
    expect(e.get("box")).toMatchObject({ kind: "function", exported: true, startLine: 2 });
    expect(e.get("box.open")).toMatchObject({ kind: "function", exported: true, startLine: 5, endLine: 7 });
    expect(e.get("box.keyPair")).toMatchObject({ kind: "function", exported: true, startLine: 8 });
    expect(e.get("box.open")?.owner).toBeUndefined();
    for (const name of ["nacl.box.open", "box.open"]) {
      const read = await lens.readSymbol(join(dir, "nacl.js"), name);
      expect([name, read.found, read.startLine, read.endLine]).toEqual([name, true, 5, 7]);
    }
  });

  it("a bundle whose modules each declare `function Line`: a module's `Line.prototype.raycast` is a member of its own module's Line, not of the first (p2's Line shape had lent its methods to poly-decomp's)", async () => {
    // p2 0.7.1 build/p2.js (browserify standalone: `function(_dereq_,module,exports)`).
    const src = [
      "(function e(t,n,r){function s(o,u){return n[o].exports}return s})({1:[function(_dereq_,module,exports){",
      "module.exports = Line;",
      "",
      "function Line(){};",
      "",
      "Line.lineInt = function(l1, l2){",
      "    return l1;",
      "};",
      "",
      "},{}],2:[function(_dereq_,module,exports){",
      "var Shape = _dereq_('./Shape');",
      "module.exports = Line;",
      "",
      "function Line(options){",
      "    this.length = options.length;",
      "}",
      "",
      "Line.prototype.raycast = function(result, ray){",
      "    return result;",
      "};",
      "",
      "},{\"./Shape\":3}]},{},[2]);",
      "",
    ].join("\n");
    const r = await report("bundle.js", src);
    const lines = [...r.api, ...r.internal].filter((x) => x.name === "Line");
    expect(lines.map((x) => [x.startLine, (x.members ?? []).map((m) => m.name)])).toEqual([
      [4, ["lineInt"]],
      [14, ["length", "raycast"]],
    ]);
  });
});
