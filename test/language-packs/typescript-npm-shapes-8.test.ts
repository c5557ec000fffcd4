/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 26, third round). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

describe("JS/TS shapes from npm packages, round 8", () => {
  it("a callback's handle keeps the space between two words (`(window as any).showOpenFilePicker(opts).then`, react-dropzone; it had read `(windowasany)…`)", async () => {
    const r = await report("picker.ts", [
      "export function openPicker(opts: unknown) {",
      "  (window as any)",
      "    .showOpenFilePicker(opts)",
      "    .then((handles: any) => {",
      "      console.log(handles);",
      "    });",
      "  (navigator as Navigator).clipboard",
      "    .readText()",
      "    .then((t) => {",
      "      console.log(t);",
      "    });",
      "}",
      "",
    ].join("\n"));
    expect(r.callbacks.map((c) => c.name)).toEqual(["(window as any).showOpenFilePicker(opts).then@4", "(navigator as Navigator).clipboard.readText().then@9"]);
  });

  it("a constructor's `this.x` set in an `if`/`else` of its body is the class's property, once (knex's `Client.connectionSettings`)", async () => {
    const e = flat(await report("client.js", [
      "class Client {",
      "  constructor(config = {}) {",
      "    this.config = config;",
      "    if (config.version) {",
      "      this.version = config.version;",
      "    }",
      "    if (config.connection) {",
      "      this.connectionSettings = Object.assign({}, config.connection);",
      "    } else if (config.url) {",
      "      this.connectionSettings = { url: config.url };",
      "    } else {",
      "      this.connectionSettings = null;",
      "    }",
      "    for (const k of []) { this.loop = k; }",
      "  }",
      "}",
      "module.exports = Client;",
      "",
    ].join("\n")));
    expect(e.get("Client")!.members!.map((m) => `${m.name}@${m.startLine}`)).toEqual(["constructor@2", "config@3", "version@5", "connectionSettings@8"]);
  });

  it("a section label set after a rule of slashes or backslashes is no doc (downshift's `//\\\\\\\\ BUTTON` / `//////// LABEL`); a `///` doc still is", async () => {
    const e = flat(await report("labels.js", [
      "export class Downshift {",
      "  constructor() {",
      "    //\\\\\\\\\\\\\\\\\\\\ BUTTON",
      "    //////////////////// LABEL",
      "    this.getLabelProps = function (props) {",
      "      return props;",
      "    };",
      "  }",
      "}",
      "/// Logs a line.",
      "export function log() {}",
      "",
    ].join("\n")));
    expect(e.get("Downshift.getLabelProps")?.doc).toBeUndefined();
    expect(e.get("log")?.doc).toBe("Logs a line.");
  });

  it("a webpack module's `var listen = __webpack_require__(370)` is a require binding, not an export of the module that exports `listen` (clipboard's bundle)", async () => {
    const r = await report("bundle.js", [
      "var __webpack_modules__ = ({",
      "686: (function(module, __webpack_exports__, __webpack_require__) {",
      "var listen = __webpack_require__(370);",
      "function Clipboard() {}",
      "}),",
      "370: (function(module, exports, __webpack_require__) {",
      "function listen(target, type, callback) {",
      "  return target;",
      "}",
      "module.exports = listen;",
      "})",
      "});",
      "",
    ].join("\n"));
    expect([...r.api, ...r.internal].map((x) => `${x.name}@${x.startLine}`).sort()).toEqual(["Clipboard@4", "listen@7"]);
  });

  it("rollup's IIFE global build (`var Lib = (function (exports, vue) {… return exports; })({}, Vue)`) is the module's scope: `exports.X = X` exports X, and the var holds nothing (vue-router's `*.global.js` had read 0 exported)", async () => {
    const r = await report("lib.global.js", [
      "var Lib = (function(exports, vue) {",
      "\tconst RouterLink = (0, vue.defineComponent)({",
      "\t\tname: \"RouterLink\",",
      "\t\tsetup(props, { slots }) {",
      "\t\t\treturn () => null;",
      "\t\t},",
      "\t});",
      "\t/** Create a router. */",
      "\tfunction createRouter(options) {",
      "\t\treturn { options };",
      "\t}",
      "\tfunction helper() {}",
      "\texports.RouterLink = RouterLink;",
      "\texports.createRouter = createRouter;",
      "\treturn exports;",
      "})({}, Vue);",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(r.api.map((x) => x.name)).toEqual(["RouterLink", "createRouter"]);
    expect(e.get("RouterLink.setup")?.kind).toBe("method");
    expect(e.get("createRouter")).toMatchObject({ doc: "Create a router.", exported: true });
    expect(e.get("helper")?.exported).toBe(false);
    expect(e.has("Lib")).toBe(false);
  });
});
