/**
 * CommonJS whole-module re-exports link as `export * from` does: tsc's `tslib_1.__exportStar(require("./a"),
 * exports)` and esbuild's `__reExport(x_exports, require("./a"), module.exports)` hand on every export of
 * "./a", so an importer of the barrel uses a.js's names — not, by a unique name's guess, some other file's.
 */
import { describe, expect, it } from "vitest";
import { usedBy } from "./project.js";
import { tempCache } from "./project.js";

tempCache();

const TSC_ESM_MARK = 'Object.defineProperty(exports, "__esModule", { value: true });';
const FN = (name: string, value: number) => ['"use strict";', TSC_ESM_MARK, `exports.${name} = ${name};`, `function ${name}() {`, `    return ${value};`, "}", ""].join("\n");

describe("CommonJS whole-module re-exports in the project graph", () => {
  it("tsc's `__exportStar(require(\"./a\"), exports)` in a barrel with an export of its own: the importer's call links to a.js's `run`, not c.js's namesake", async () => {
    const uses = await usedBy({
      "lib/a.js": FN("run", 1),
      "lib/c.js": FN("run", 3),
      "lib/api.js": ['"use strict";', TSC_ESM_MARK, "exports.VERSION = void 0;", 'const tslib_1 = require("tslib");', 'exports.VERSION = "1.0";', 'tslib_1.__exportStar(require("./a"), exports);', ""].join("\n"),
      "main.js": ['"use strict";', 'const { run } = require("./lib/api");', "function go() {", "    return run();", "}", "module.exports = { go };", ""].join("\n"),
    });
    expect(uses("lib/a.js", "run")).toEqual(["main.js"]);
    expect(uses("lib/c.js", "run")).toEqual([]);
  });

  it("esbuild's `__reExport(src_exports, require(\"./a\"), module.exports)` the same", async () => {
    const uses = await usedBy({
      "lib/a.js": FN("run", 1),
      "lib/c.js": FN("run", 3),
      "lib/api.js": [
        '"use strict";',
        "var src_exports = {};",
        '__export(src_exports, { VERSION: () => VERSION });',
        "module.exports = __toCommonJS(src_exports);",
        'const VERSION = "1.0";',
        '__reExport(src_exports, require("./a"), module.exports);',
        "",
      ].join("\n"),
      "main.js": ['"use strict";', 'const api = require("./lib/api");', "function go() {", "    return api.run();", "}", "module.exports = { go };", ""].join("\n"),
    });
    expect(uses("lib/a.js", "run")).toEqual(["main.js"]);
    expect(uses("lib/c.js", "run")).toEqual([]);
  });
});
