/**
 * A default import binds the module's default value under a name of its own — pacote's `const Fetcher =
 * require('./fetcher.js')` (fetcher.js: `module.exports = FetcherBase`), `import MyStore from "./store.js"` —
 * and an alias export (`export { h as createElement }`) is another name of its declaration: the uses are
 * the declaration's. FetcherBase had read "used by" its own file only, with five classes extending it.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

describe("uses through a default import or an alias export", () => {
  it("CommonJS: a require bound to another name is the module.exports class, `extends` and `new` included", async () => {
    const used = await usedBy({
      "lib/fetcher.js": "class FetcherBase {\n  tarball () { return 1 }\n}\nmodule.exports = FetcherBase\n",
      "lib/remote.js": "const Fetcher = require('./fetcher.js')\nclass RemoteFetcher extends Fetcher {\n  x () { return 2 }\n}\nmodule.exports = RemoteFetcher\n",
      "lib/make.js": "const Base = require('./fetcher.js')\nmodule.exports = function make () {\n  return new Base()\n}\n",
      // (A require of one member, `require('./fetcher.js').x`, binds no default: no link by the binding's name.)
      "lib/ext.js": "const npa = require('npm-package-arg')\nrequire('./remote.js')\nmodule.exports = function parse (spec) {\n  return npa(spec)\n}\n",
      "lib/member.js": "const Other = require('./fetcher.js').tarball\nmodule.exports = function m () {\n  return Other\n}\n",
    });
    expect(used("lib/fetcher.js", "FetcherBase")).toEqual(expect.arrayContaining(["lib/remote.js", "lib/make.js"]));
    expect(used("lib/fetcher.js", "FetcherBase")).not.toContain("lib/member.js");
    // (Another library's default, `const npa = require('npm-package-arg')`, is not the project file required
    // next: arborist's `npa(resolved)` calls had read as uses of relpath.js's `relpath`.)
    expect(used("lib/remote.js", "RemoteFetcher")).not.toContain("lib/ext.js");
  });

  it("CommonJS: a module exporting an object of several names has no default to link a binding to", async () => {
    const used = await usedBy({
      "lib/util.js": "function alpha () { return 1 }\nfunction beta () { return 2 }\nmodule.exports = { alpha, beta }\n",
      "lib/use.js": "const Util = require('./util.js')\nmodule.exports = function use () {\n  return Util\n}\n",
    });
    expect(used("lib/util.js", "alpha")).not.toContain("lib/use.js");
    expect(used("lib/util.js", "beta")).not.toContain("lib/use.js");
  });

  it("ESM: `import MyStore from` is the file's `export default class Store`; a named import of another name is not", async () => {
    const used = await usedBy({
      "src/store.ts": "export default class Store {\n  get(): number {\n    return 1;\n  }\n}\nexport function helper(): number {\n  return 2;\n}\n",
      "src/b.ts": 'import MyStore from "./store.js";\nexport const s = new MyStore();\n',
      "src/c.ts": 'import MyStore2, { helper } from "./store.js";\nexport const t = [new MyStore2(), helper()];\n',
      "src/d.ts": 'import { Missing } from "./store.js";\nexport const u = Missing;\n',
    });
    expect(used("src/store.ts", "Store").sort()).toEqual(["src/b.ts", "src/c.ts"]);
    expect(used("src/store.ts", "helper")).toEqual(["src/c.ts"]);
  });

  it("an alias export's importers are its declaration's uses (`export { h as createElement }`)", async () => {
    const used = await usedBy({
      "src/h.ts": "function h(): number {\n  return 1;\n}\nexport { h as createElement };\n",
      "src/i.ts": 'import { createElement } from "./h.js";\nexport const v = createElement();\n',
    });
    expect(used("src/h.ts", "h")).toContain("src/i.ts");
  });

  it("an alias's public name is no local of its own file, nor a global's use elsewhere (the Anthropic SDK's `export type { _RequestInit as RequestInit }`)", async () => {
    const used = await usedBy({
      "src/builtin.ts": "type _RequestInit = RequestInit;\nexport type Fetch = (init?: RequestInit) => void;\nexport type { _RequestInit as RequestInit };\n",
      "src/client.ts": 'import type { RequestInit } from "./builtin.js";\nexport function send(init: RequestInit): void {}\n',
      "src/other.ts": "export function plain(init: RequestInit): void {}\n",
    });
    // (The export clause naming it, line 3, is its export's declaration, no use: export-lists.test.ts.)
    expect(used("src/builtin.ts", "_RequestInit")).toEqual(["src/client.ts"]);
  });

  it("in a function binding a local of the imported name, the name is the local's (arborist's `const realpath = spec.fetchSpec`)", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "lib/realpath.js": "const realpathCached = (p) => p\nmodule.exports = realpathCached\n",
        "lib/use.js": "const realpath = require('./realpath.js')\nexports.load = function load (p) {\n  return realpath(p)\n}\nexports.pick = function pick (spec) {\n  const realpath = spec.fetchSpec\n  return realpath\n}\n",
      }),
    });
    await lens.index();
    const uses = (flat(await lens.moduleReport("lib/realpath.js", { detail: "full" })).get("realpathCached")?.usedBy ?? []).filter((u) => u.file === "lib/use.js");
    expect(uses.map((u) => [u.symbol, u.line, u.relation])).toEqual([["load", 3, "call"]]);
  });
});
