/** The JS pack on shapes found in unseen npm packages (session 30, QA round J: JavaScript). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

const syntaxWarnings = (w: string[] | undefined) => (w ?? []).filter((x) => /syntax error/.test(x));
const names = (r: Awaited<ReturnType<typeof report>>) => [...flat(r).keys()];
const shape = (r: Awaited<ReturnType<typeof report>>) =>
  [...flat(r)].map(([k, e]) => `${k} ${e.kind} ${e.startLine}-${e.endLine}${e.exported ? " exported" : ""}`);

describe("JS shapes from npm packages, round J", () => {
  it("a key whose function goes through a wrapper, `create: Components.detect((context) => {…})` or `create: ((context) => {…})`, is the outline the bare function gives: its helpers nested, the returned visitor's methods no exported functions (eslint-plugin-react: 87 phantoms, 108 lost helpers)", async () => {
    const body = (open: string, close: string) => [
      "module.exports = {",
      "  meta: { type: 'suggestion' },",
      `  create: ${open}(context, components) => {`,
      "    function getPropKey(node) {",
      "      return node.key;",
      "    }",
      "    return {",
      "      MemberExpression(node) {",
      "        getPropKey(node);",
      "      },",
      "      'Program:exit'() {},",
      "    };",
      `  }${close},`,
      "};",
      "",
    ].join("\n");
    const expected = [
      "exports constant 1-14 exported",
      "exports.meta property 2-2 exported",
      "create function 3-13 exported",
      "create.getPropKey function 4-6",
      "create.MemberExpression method 8-10",
      "create.Program:exit method 11-11",
    ];
    const bare = await report("bare.js", body("", ""));
    expect(shape(bare)).toEqual(expected);
    const detect = await report("detect.js", body("Components.detect(", ")"));
    expect(shape(detect)).toEqual(expected);
    expect(flat(detect).get("create")?.signature).toBe("create: Components.detect((context, components) …)");
    const paren = await report("paren.js", body("(", ")"));
    expect(shape(paren)).toEqual(expected);
    const read = await lens.readSymbol(`${dir}/detect.js`, "create.getPropKey");
    expect(read.found && read.startLine).toBe(4);

    const handler = await report("handler.js", [
      "module.exports = {",
      "  handler: wrap(function (ctx) {",
      "    function helper(n) {",
      "      return n;",
      "    }",
      "    return {",
      "      start() {",
      "        helper(1);",
      "      },",
      "    };",
      "  }),",
      "  onClick: debounce(() => { go(); }, 10),",
      "};",
      "",
    ].join("\n"));
    expect(shape(handler)).toEqual(["exports constant 1-13 exported", "exports.onClick property 12-12 exported", "handler function 2-11 exported", "handler.helper function 3-5", "handler.start method 7-9"]);
  });

  it("webpack's markers, `/* harmony default export */`, `/* unused harmony export f */`, are no doc, nor are `/*#__PURE__*/` and `/* istanbul ignore next */`; a doc above a marker still attaches (react-bootstrap's dist: 176 docs read 'harmony default export')", async () => {
    const r = await report("webpack-out.js", [
      "function ThemeProvider(props) {",
      "  return props.children;",
      "}",
      "",
      "/* harmony default export */ const src_ThemeProvider = (ThemeProvider);",
      "/* unused harmony export useTheme */",
      "function useTheme() {}",
      "/* harmony export */ var Button = /*#__PURE__*/ makeButton();",
      "/* istanbul ignore next */",
      "function ignored() {}",
      "/** The provider's row. */",
      "/* harmony import */",
      "function row() {}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(["src_ThemeProvider", "useTheme", "Button", "ignored"].map((n) => e.get(n)?.doc)).toEqual([undefined, undefined, undefined, undefined]);
    expect(e.get("row")?.doc).toBe("The provider's row.");
  });

  it("a quoted key with an escape is named by the whole key, `\\bigl`, `a\\b` (katex's 16 delimiterSizes had all been named `\\\\`), and read by that name", async () => {
    const r = await report("katex.js", [
      "const delimiterSizes = {",
      '  "\\\\bigl": {',
      '    mclass: "mopen",',
      "    size: 1",
      "  },",
      '  "a\\\\b": { size: 2 },',
      "  '\\u0301': { size: 3 },",
      "  '\\\\ce{(...)}': function (buffer, m) { return m; },",
      "};",
      "",
    ].join("\n"));
    expect(names(r)).toEqual(["delimiterSizes", "delimiterSizes.\\bigl", "delimiterSizes.a\\b", "delimiterSizes.\\u0301", "delimiterSizes.\\ce{(...)}"]);
    const read = await lens.readSymbol(`${dir}/katex.js`, "delimiterSizes.\\bigl");
    expect(read.found && [read.startLine, read.endLine]).toEqual([2, 5]);
  });

  it("`var scale = API.scale = function …` in a factory returning API is its method, as `API.setId = function` is (jspdf had lost 63 public methods to assigned callbacks); a three-target chain's head stops at the body, with no callback beside it", async () => {
    const r = await report("factory.js", [
      "function makeDoc() {",
      "  var API = {};",
      "  API.setId = function (v) {",
      "    return v;",
      "  };",
      "  var scale = API.scale = function (n) {",
      "    return n * 2;",
      "  };",
      "  var round = API.round = API.__private__.round = function (n) {",
      "    return Math.round(n);",
      "  };",
      "  return API;",
      "}",
      "module.exports = makeDoc;",
      "",
    ].join("\n"));
    expect(shape(r)).toEqual(["makeDoc function 1-13 exported", "makeDoc.setId method 3-5", "makeDoc.scale method 6-8", "makeDoc.round method 9-11"]);
    expect(flat(r).get("makeDoc.round")?.signature).toBe("var round = API.round = API.__private__.round = function (n)");
    expect(r.callbacks ?? []).toEqual([]);
    const read = await lens.readSymbol(`${dir}/factory.js`, "makeDoc.scale");
    expect(read.found && [read.startLine, read.endLine]).toEqual([6, 8]);

    const chain = await report("chain3.js", [
      "(function (api) {",
      "  var processArabic = api.parser.processArabic = api.processArabic = function () {",
      "    var text = arguments[0];",
      "    return text;",
      "  };",
      "})(lib.API);",
      "",
    ].join("\n"));
    expect(shape(chain)).toEqual(["processArabic function 2-5"]);
    expect(flat(chain).get("processArabic")?.signature).toBe("var processArabic = api.parser.processArabic = api.processArabic = function ()");
    expect(chain.callbacks ?? []).toEqual([]);
  });

  it("a data entry's head folds the body of a function handed to a call, `codes.ERR_X = createError(\"ERR_X\", (request, reason) => {…})` (prettier, eslint-plugin-react: 30 heads had carried the body); a parenthesised function with a comment before it is one function, its head folded (headlessui's useEvent)", async () => {
    const r = await report("codes.js", [
      "const codes = {};",
      'codes.ERR_X = createError("ERR_X", (request, reason) => {',
      "  const msg = `Invalid ${request}`;",
      "  return msg + reason;",
      "});",
      "module.exports = {",
      "  handler: wrap(function (ctx) {",
      "    const n = ctx.n;",
      "    return n;",
      "  }),",
      "};",
      "codes.ERR_INVALID_ARG_TYPE = createError(",
      '  "ERR_INVALID_ARG_TYPE",',
      "  (name, expected, actual) => {",
      "  assert.ok(typeof name === 'string', \"'name' must be a string, not \" + typeof name + ' and long enough to clip the head');",
      "  return `The ${name} argument`;",
      "  },",
      "  TypeError",
      ");",
      "const table = {",
      "  CheckBox: {",
      "    create: function create() { return 1; },",
      "    /** Returns the On appearance. */",
      "    YesPushDown: function YesPushDown(formObject) { return 2; },",
      "  },",
      "};",
      "var useEvent = (",
      "  // TODO: a note",
      "  function useEvent2(cb) {",
      "    let cache = cb;",
      "    return cache;",
      "  }",
      ");",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("codes.ERR_X")?.signature).toBe('codes.ERR_X = createError("ERR_X", (request, reason) => {…})');
    expect(e.get("exports.handler")?.signature).toBe("handler: wrap(function (ctx) {…})");
    expect(e.get("codes.ERR_INVALID_ARG_TYPE")?.signature).toBe('codes.ERR_INVALID_ARG_TYPE = createError("ERR_INVALID_ARG_TYPE", (name, expected, actual) => {…}, TypeError)');
    expect(e.get("table.CheckBox")?.signature).toBe("CheckBox: { create: function create() {…}, YesPushDown: function YesPushDown(formObject) {…} }");
    expect(shape(r).filter((x) => x.startsWith("useEvent"))).toEqual(["useEvent function 27-33"]);
    expect(e.get("useEvent")?.signature).toBe("var useEvent = (function useEvent2(cb) …)");
  });

  it("a file with a Flow pragma whose annotations the JavaScript grammar cannot read says Flow is not supported; a stripped one, or one without the pragma, does not", async () => {
    const flow = await report("flow.js", [
      "/* @flow */",
      "import type { Options } from './types'",
      "",
      "function wrap(Component: React$Component, opts: Options = {}) {",
      "  return class Wrapped extends React.Component<Props> {",
      "    handler: ?Function",
      "  }",
      "}",
      "export default wrap",
      "",
    ].join("\n"));
    expect(flow.warnings).toContain("Flow type annotations are not supported; the outline may be wrong");
    const stripped = await report("stripped.js", ["// @flow", "function wrap(Component, opts = {}) {", "  return opts;", "}", ""].join("\n"));
    expect(stripped.warnings ?? []).not.toContain("Flow type annotations are not supported; the outline may be wrong");
    const plain = await report("plain.js", ["function wrap(Component: any) {", "  return opts;", "}", ""].join("\n"));
    expect(plain.warnings ?? []).not.toContain("Flow type annotations are not supported; the outline may be wrong");
    expect(syntaxWarnings(plain.warnings).length).toBe(1);
  });

  it("a tagged template's non-escape before a substitution, String.raw`\\u{${x}}`, is no syntax error (eslint-plugin-unicorn); an escaped backslash before it is left as it is", async () => {
    const r = await report("raw.js", [
      "function esc(codePoint) {",
      "  return String.raw`\\u{${codePoint.toString(16)}}` + `\\\\x${codePoint}`;",
      "}",
      "function after() {",
      "  return 1;",
      "}",
      "",
    ].join("\n"));
    expect(syntaxWarnings(r.warnings)).toEqual([]);
    expect(shape(r)).toEqual(["esc function 1-3", "after function 4-6"]);
  });
});
