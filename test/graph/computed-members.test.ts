/**
 * A Symbol-keyed method, `[_loadTrees] () {…}`, is used as `this[_loadTrees](o)` — npm's arborist and pacote
 * hold 38 such methods, none of which had a use (the subscript's key linked only to the Symbol constant).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

describe("uses of a member named by a computed key", () => {
  it("this[key]() is the class's own [key] method; this[_.key]() through a module's key too; another value's is not linked by name", async () => {
    const used = await usedBy({
      "lib/protected.js": "module.exports = {\n  tarballFromResolved: Symbol('t'),\n}\n",
      "lib/fetcher.js": [
        "const _ = require('./protected.js')",
        "const _loadTrees = Symbol('loadTrees')",
        "class Fetcher {",
        "  [_loadTrees] (options) { return options }",
        "  [_.tarballFromResolved] () { return 1 }",
        "  run (options) {",
        "    this[_loadTrees](options)",
        "    return this[_.tarballFromResolved]()",
        "  }",
        "}",
        "class Other {",
        "  [_.tarballFromResolved] () { return 2 }",
        "  go (f) { return f[_.tarballFromResolved]() }",
        "}",
        "module.exports = { Fetcher, Other }",
        "",
      ].join("\n"),
    });
    expect(used("lib/fetcher.js", "Fetcher.[_loadTrees]")).toEqual(["Fetcher.run"]);
    expect(used("lib/fetcher.js", "Fetcher.[_.tarballFromResolved]")).toEqual(["Fetcher.run"]);
    // (`f` is of no known type: two classes declare the member, no link by its name.)
    expect(used("lib/fetcher.js", "Other.[_.tarballFromResolved]")).toEqual([]);
  });
});
