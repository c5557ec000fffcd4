/** The project graph links JS/TS imports by their resolved files: declaration files. */
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

  it("a declaration file's module base is its module's (an unresolved ./x.mjs waits for x.d.mts too)", () => {
    expect(["src/x.d.mts", "src/x.d.cts", "src/x.d.ts", "src/x.mjs", "src/x.mts"].map(moduleBase)).toEqual(Array(5).fill("src/x"));
  });
});
