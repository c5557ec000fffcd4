/** The JS/TS pack: session 48's leftovers (helper 3) — UMD globals, React displayName, docs inside helper calls. */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();
const pick = (e: { kind: string; startLine: number; endLine: number; exported: boolean } | undefined) => (e ? [e.kind, e.startLine, e.endLine, e.exported] : undefined);

describe("JS/TS leftovers, session 48 (helper 3)", () => {
  it("a UMD factory handed a global the wrapper installs, `factory((root.Foo = {}))`, exports what it puts on its parameter", async () => {
    const r = await report("umd-global.js", [
      "(function (root, factory) {",
      "  if (typeof define === 'function' && define.amd) define(['b'], function (b) { return factory({}, b); });",
      "  else factory((root.Foo = {}), root.b);",
      "})(this, function (api, b) {",
      "  /** Parse a string. */",
      "  api.parse = function (s) { return s.split(','); };",
      "  function helper(x) { return x; }",
      "  function hidden() {}",
      "  api.helper = helper;",
      "});",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("parse"))).toEqual(["function", 6, 6, true]);
    expect(e.get("parse")?.doc).toBe("Parse a string.");
    expect(pick(e.get("helper"))).toEqual(["function", 7, 7, true]);
    expect(e.get("hidden")?.exported).toBe(false);
    expect(r.summary.exports).toBe(2);
  });

  it("a factory handed a global set to something else than an empty object is no export object", async () => {
    const r = await report("umd-not.js", [
      "(function (root, factory) {",
      "  factory((root.Foo = makeThing()));",
      "})(this, function (api) {",
      "  api.parse = function (s) { return s; };",
      "});",
      "",
    ].join("\n"));
    expect(r.summary.exports).toBe(0);
  });

  it("`Button.displayName = \"Button\"` on a `forwardRef`/`memo` binding is a property of the component, as on a declared function", async () => {
    const r = await report("button.tsx", [
      "import * as React from 'react';",
      "/** A button. */",
      "const Button = React.forwardRef<HTMLButtonElement, Props>(({ className, ...props }, ref) => {",
      "  return <button ref={ref} className={className} {...props} />;",
      "});",
      "Button.displayName = 'Button';",
      "const Card = React.memo(function Card(props: Props) { return <div {...props} />; });",
      "if (process.env.NODE_ENV !== 'production') {",
      "  Card.displayName = 'Card';",
      "}",
      "Card.defaultProps = { size: 1 };",
      "const other = makeThing();",
      "other.displayName = 'x';",
      "export { Button, Card };",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Button"))).toEqual(["function", 3, 5, true]);
    expect(pick(e.get("Button.displayName"))).toEqual(["property", 6, 6, true]);
    expect(e.get("Button.displayName")?.signature).toBe("Button.displayName = 'Button'");
    expect(pick(e.get("Card.displayName"))).toEqual(["property", 9, 9, true]);
    expect(pick(e.get("Card.defaultProps"))).toEqual(["property", 11, 11, true]);
    // (A top-level symbol of its own neither, nor a member of what is no component.)
    expect(e.get("displayName")).toBeUndefined();
    expect([...e.keys()].filter((k) => k.startsWith("other."))).toEqual([]);
  });

  it("Babel's ES5 static `_defineProperty(Store, \"VERSION\", \"1\")` of an exported class, `var Store = exports.Store = /*#__PURE__*/function () {…}()`, is the class's member (it had been no entry)", async () => {
    // (@babel/preset-env 7 for IE 11 on `export class Store { /** … */ atom: string; static VERSION = "1"; run() {} }`.)
    const r = await report("babel-es5.js", [
      "var Store = exports.Store = /*#__PURE__*/function () {",
      "  function Store() {",
      "    _classCallCheck(this, Store);",
      "    /** Changed when the atom is set. */",
      "    _defineProperty(this, \"atom\", void 0);",
      "  }",
      "  return _createClass(Store, [{",
      "    key: \"run\",",
      "    value: /** Run it. */",
      "    function run() {}",
      "  }]);",
      "}();",
      "/** The version. */",
      "_defineProperty(Store, \"VERSION\", \"1\");",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Store"))).toEqual(["class", 1, 12, true]);
    expect(pick(e.get("Store.atom"))).toEqual(["property", 5, 5, true]);
    expect(pick(e.get("Store.VERSION"))).toEqual(["property", 14, 14, true]);
    expect(e.get("Store.VERSION")?.doc).toBe("The version.");
  });

  // (Its time — a copy of the class's members per field had made 40,000 fields ~24 s — is measured by
  // bench/shapes.mjs "JS n tsc __decorate'd fields", not here: a wall-clock limit failed under a loaded machine.)
  it("tsc's `__decorate`d fields on one class are all its members, each with its decorators", async () => {
    const fields = Array.from({ length: 4000 }, (_, i) => `__decorate([\n  Prop(), __metadata("design:type", String)\n], X.prototype, "f${i}", void 0);`);
    const r = await report("decorated.js", ["let X = class X {};", ...fields, ""].join("\n"));
    const x = flat(r).get("X");
    expect(x?.members.length).toBe(4000);
    expect(x?.members.at(-1)?.name).toBe("f3999");
    expect(x?.members.at(-1)?.decorators).toEqual(["@Prop()"]);
  }, 60_000);

  it("a compiled field's doc written inside its helper call, before the key or the value, is the field's doc (mobx-keystone's dist)", async () => {
    const r = await report("helper-docs.js", [
      "export class Panel extends Base {",
      "  constructor(props) {",
      "    super(props);",
      "    _defineProperty(",
      "      this,",
      "      /** Changed when the items change. */",
      "      \"atom\",",
      "      createAtom(\"chunk\")",
      "    );",
      "    _defineProperty(this, \"toggle\",",
      "    /** Toggle the state. */",
      "    () => { this.on = !this.on; });",
      "    _defineProperty(this, \"plain\", 1);",
      "  }",
      "}",
      "_defineProperty(Panel,",
      "  /** The defaults. */",
      "  \"defaultProps\", { a: 1 });",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Panel.atom")).toMatchObject({ kind: "property", startLine: 4, endLine: 9, doc: "Changed when the items change." });
    expect(e.get("Panel.toggle")).toMatchObject({ kind: "method", startLine: 10, endLine: 12, doc: "Toggle the state." });
    expect(e.get("Panel.plain")?.doc).toBeUndefined();
    expect(e.get("Panel.defaultProps")).toMatchObject({ kind: "property", startLine: 16, doc: "The defaults." });
  });

  // (Their time — 12 s and 9.5 s at 4,000 deep before the patterns were anchored and the function looked
  // up by its span — is measured by bench/shapes.mjs "JS IIFEs n deep, each with members", not by a wall-clock limit here.)
  it("IIFEs nested 4,000 deep, each setting a member, are reported", async () => {
    const n = 4000;
    const src = `${Array.from({ length: n }, (_, i) => `(function () {\n  ns.m${i} = ${i};\n  f${i} = function () {};`).join("\n")}\n${"})();\n".repeat(n)}`;
    const r = await report("nested-iifes.js", src);
    expect(r.available).toBe(true);
    expect(r.error).toBeUndefined();
  }, 120_000);
});
