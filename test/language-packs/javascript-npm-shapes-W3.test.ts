/** The JS pack on shapes found in unseen npm packages (session 31, QA round W, gaps left: Closure enums, esbuild's renamed `exports2`). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

const shape = (r: Awaited<ReturnType<typeof report>>) =>
  [...flat(r)].map(([k, e]) => `${k} ${e.kind} ${e.startLine}-${e.endLine}${e.exported ? " exported" : ""}`);
const callbacks = (r: Awaited<ReturnType<typeof report>>) => (r.callbacks ?? []).map((c) => `${c.kind} ${c.name}`);

describe("JS shapes from npm packages, round W (3)", () => {
  it("Closure's enums, data a goog.provide'd path holds (`goog.events.EventType = { CLICK: 'click' }`, `goog.ui.Component.EventType = {…}` under a provided `goog.ui.Component`): an exported constant whose keys are its members — not `a.b.c = {…}` outside the provided paths (closure-library's eventtype.js listed nothing)", async () => {
    const r = await report("goog-eventtype.js", [
      "goog.provide('goog.events.EventType');",
      "",
      "/**",
      " * Constants for event names.",
      " * @enum {string}",
      " */",
      "goog.events.EventType = {",
      "  // Mouse events",
      "  CLICK: 'click',",
      "  /** Right click. */",
      "  RIGHTCLICK: 'rightclick',",
      "};",
      "goog.other.Thing = { Y: 2 };",
      "a.b.c = { X: 1 };",
      "",
    ].join("\n"));
    expect(shape(r)).toEqual(["EventType constant 7-12 exported", "EventType.CLICK property 9-9 exported", "EventType.RIGHTCLICK property 11-11 exported"]);
    const e = flat(r).get("EventType");
    expect(e?.doc).toBe("Constants for event names.");
    expect(e?.signature).toBe("goog.events.EventType = {…}");
    expect(flat(r).get("EventType.RIGHTCLICK")?.doc).toBe("Right click.");

    const c = await report("goog-component.js", [
      "goog.provide('goog.ui.Component');",
      "goog.provide('goog.ui.Component.Error');",
      "goog.ui.Component = function(opt_domHelper) {",
      "  this.dom_ = opt_domHelper;",
      "};",
      "/** Common events fired by components. */",
      "goog.ui.Component.EventType = {",
      "  BEFORE_SHOW: 'beforeshow',",
      "  SHOW: 'show',",
      "};",
      "goog.ui.Component.Error = {",
      "  NOT_SUPPORTED: 'Method not supported',",
      "};",
      "goog.ui.Component.prototype.getId = function() { return this.id_; };",
      "",
    ].join("\n"));
    expect(shape(c)).toEqual([
      "Component function 3-5 exported",
      "Component.dom_ property 4-4 exported",
      "Component.EventType constant 7-10 exported",
      "Component.EventType.BEFORE_SHOW property 8-8 exported",
      "Component.EventType.SHOW property 9-9 exported",
      "Component.Error constant 11-13 exported",
      "Component.Error.NOT_SUPPORTED property 12-12 exported",
      "Component.getId method 14-14 exported",
    ]);
  });

  it("an esbuild module whose parameters esbuild renamed, `\"path\"(exports2, module2) {…}` (a nested `exports` shadowed them): `exports2.x = function` an exported function, `exports2.X = X` exports X, `module2.exports = {…}` as `module.exports = {…}` (ace's worker-xml.js: 65 modules)", async () => {
    const r = await report("esbuild-renamed.js", [
      "var require_lang = __commonJS({",
      '  "node_modules/ace-code/src/lib/lang.js"(exports2) {',
      "    exports2.last = function(a) {",
      "      return a[a.length - 1];",
      "    };",
      "    function helper() {}",
      "    exports2.helper = helper;",
      "  }",
      "});",
      "var require_x = __commonJS({",
      '  "node_modules/x/index.js"(exports2, module2) {',
      "    function isAny() { return true; }",
      "    module2.exports = {",
      "      isAny,",
      "      KEY: 1,",
      "    };",
      "  }",
      "});",
      "",
    ].join("\n"));
    const s = shape(r);
    expect(s).toContain("require_lang.node_modules/ace-code/src/lib/lang.js.last function 3-5 exported");
    expect(s).toContain("require_lang.node_modules/ace-code/src/lib/lang.js.helper function 6-6 exported");
    expect(s).toContain("require_x.node_modules/x/index.js.isAny function 12-12 exported");
    expect(s).toContain("require_x.node_modules/x/index.js.exports constant 13-16 exported");
    expect(s).toContain("require_x.node_modules/x/index.js.exports.KEY property 15-15 exported");
    expect(callbacks(r).filter((x) => /last|exports/.test(x))).toEqual([]);
    // (`exports2.helper = helper` exports the function, and is no constant of its own: as `exports.x = x` at the top level.)
    const lang = flat(r).get("require_lang.node_modules/ace-code/src/lib/lang.js");
    expect(lang?.members?.filter((m) => m.name === "helper").map((m) => `${m.kind} ${m.startLine}`)).toEqual(["function 6"]);
  });
});
