/** The project graph links JS/TS imports by their resolved files: declaration files and `#` subpath imports. */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { moduleBase } from "../../core/graph/util.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

async function blast(files: Record<string, string>, file: string) {
  const lens = await Lens.create({ cwd: tempProject(files) });
  expect((await lens.index()).warnings).toEqual([]);
  const r = await lens.moduleReport(file, { blastRadius: true });
  return r.blastRadius!.files.map((f) => ({ file: f.file, relations: f.relations }));
}

describe("graph: JS/TS imports by resolved file", () => {
  it("a declaration file's importers are its blast radius (./shape.mjs from a .d.mts is shape.d.mts, not shape.mjs)", async () => {
    const files = {
      "package.json": JSON.stringify({ name: "r", type: "module" }),
      "shape.mjs": "export const unit = 1;\n",
      "shape.d.mts": "export interface Shape { w: number }\nexport declare const unit: number;\n",
      "alt.d.mts": "export interface Shape { h: number }\n", // a second Shape: no name-only link to lean on
      "use.d.mts": 'import type { Shape } from "./shape.mjs";\nexport declare function area(s: Shape): number;\n',
    };
    expect(await blast(files, "shape.d.mts")).toEqual([{ file: "use.d.mts", relations: ["imports"] }]);
    expect(await blast(files, "shape.mjs")).toEqual([]);
  });

  it("a dependent's relations are to the file it was reached from, and name-only evidence says so (QA round X: zod's v3/types.ts read 'references, imports' of v4/core/util.ts)", async () => {
    const files = {
      "core/util.ts": "export function assertNever(x: never): never {\n  throw new Error(String(x));\n}\n",
      "v3/helper.ts": "export function helper(x: never) {\n  return assertNever(x);\n}\n",
      "v3/types.ts": 'import { helper } from "./helper";\nexport function f(x: never) {\n  helper(x);\n  return assertNever(x);\n}\n',
    };
    expect(await blast(files, "core/util.ts")).toEqual([
      { file: "v3/helper.ts", relations: ["references (name-only)"] },
      { file: "v3/types.ts", relations: ["references (name-only)"] },
    ]);
  });

  it("a direct importer is in a cut blast radius before files that only share its members' names (npm arborist: lib/index.js was cut from edge.js's twelve)", async () => {
    const files: Record<string, string> = {
      "lib/edge.js": "class Edge {\n  satisfiedBy (node) { return !!node }\n}\nmodule.exports = Edge\n",
      "lib/index.js": "module.exports.Edge = require('./edge.js')\n",
    };
    // Thirteen files naming only its member (name-only links), each with a dependent of its own.
    const names = Array.from({ length: 13 }, (_, i) => `lib/n${i}.js`);
    for (const [i, f] of names.entries()) files[f] = `module.exports = function check${i} (e, n) {\n  return e.satisfiedBy(n)\n}\n`;
    files["lib/user.js"] = names.map((f, i) => `const c${i} = require('./${f.slice(4)}')\n`).join("") + "module.exports = [" + names.map((_, i) => `c${i}`).join(", ") + "]\n";
    const radius = await blast(files, "lib/edge.js");
    expect(radius.length).toBe(12);
    expect(radius[0]).toEqual({ file: "lib/index.js", relations: ["imports"] });
    expect(radius.slice(1).every((f) => f.relations[0] === "references (name-only)")).toBe(true);
  });

  it("a # subpath import links its importer to the file package.json maps it to", async () => {
    const files = {
      "package.json": JSON.stringify({ name: "p", type: "module", imports: { "#db": "./src/db.mjs", "#util/*": "./src/util/*" } }),
      "src/db.mjs": "export const q = 1;\n",
      "src/util/h.mjs": "export function h(x) { return x; }\n",
      "src/main.mjs": 'import { q } from "#db";\nimport { h } from "#util/h.mjs";\nexport const x = () => h(q);\n',
    };
    expect(await blast(files, "src/db.mjs")).toEqual([{ file: "src/main.mjs", relations: ["imports"] }]);
    expect(await blast(files, "src/util/h.mjs")).toContainEqual({ file: "src/main.mjs", relations: expect.arrayContaining(["imports"]) });
  });

  it("a declaration file's module base is its module's (an unresolved ./x.mjs waits for x.d.mts too)", () => {
    expect(["src/x.d.mts", "src/x.d.cts", "src/x.d.ts", "src/x.mjs", "src/x.mts"].map(moduleBase)).toEqual(Array(5).fill("src/x"));
  });
});
