/** JS/TS import resolution: declaration-file twins, which twin wins by importer. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { tsProject } from "./ts-project.js";

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

describe("relative imports and declaration files", () => {
  it("from a declaration file, ./x.mjs / ./x.js / ./x.cjs resolve to x.d.mts / x.d.ts / x.d.cts", async () => {
    const { dir, report } = await tsProject();
    write(dir, {
      "shape.d.mts": "export interface Shape { w: number }\n",
      "shape2.d.ts": "export interface Shape2 { w: number }\n",
      "shape3.d.cts": "export interface Shape3 { w: number }\n",
      "alt.d.mts": "export interface Shape { h: number }\n",
    });
    const src = [
      'import type { Shape } from "./shape.mjs";',
      'import type { Shape2 } from "./shape2.js";',
      'import type { Shape3 } from "./shape3.cjs";',
      "export declare function area(s: Shape, t: Shape2, u: Shape3): number;",
      "",
    ].join("\n");
    expect((await report("use.d.mts", src)).imports.internal).toEqual(["shape.d.mts", "shape2.d.ts", "shape3.d.cts"]);
    // The same from TS sources of each module kind.
    expect((await report("use.mts", src.replace("declare ", "").replace(": number;", ": number { return 0; }"))).imports.internal).toEqual(["shape.d.mts", "shape2.d.ts", "shape3.d.cts"]);
    expect((await report("use2.ts", src)).imports.internal).toEqual(["shape.d.mts", "shape2.d.ts", "shape3.d.cts"]);
  });

  it("from TypeScript the TS source wins, then the declaration, then the JS; from JavaScript the JS file wins", async () => {
    const { dir, report } = await tsProject();
    write(dir, {
      // a published package's shape: implementation + declaration side by side
      "shape.mjs": "export const w = 1;\n",
      "shape.d.mts": "export declare const w: number;\n",
      "lib.js": "exports.x = 1;\n",
      "lib.d.ts": "export declare const x: number;\n",
      "c.cjs": "exports.c = 1;\n",
      "c.d.cts": "export declare const c: number;\n",
      // a source next to its compiled output and declaration
      "src.mts": "export const s = 1;\n",
      "src.mjs": "export const s = 1;\n",
      "src.d.mts": "export declare const s: number;\n",
      // only a declaration
      "only.d.mts": "export declare const o: number;\n",
    });
    const imports = ['import { w } from "./shape.mjs";', 'import { x } from "./lib.js";', 'import { c } from "./c.cjs";', 'import { s } from "./src.mjs";', 'import { o } from "./only.mjs";', ""].join("\n");
    expect((await report("types.d.mts", imports + "export declare const all: number;\n")).imports.internal).toEqual(["shape.d.mts", "lib.d.ts", "c.d.cts", "src.mts", "only.d.mts"]);
    expect((await report("app.ts", imports + "export const all = w + x + c + s + o;\n")).imports.internal).toEqual(["shape.d.mts", "lib.d.ts", "c.d.cts", "src.mts", "only.d.mts"]);
    // JavaScript importing JavaScript: unchanged; a missing JS file falls back to its TS source, then its declaration.
    expect((await report("app.mjs", imports + "export const all = w + x + c + s + o;\n")).imports.internal).toEqual(["shape.mjs", "lib.js", "c.cjs", "src.mjs", "only.d.mts"]);
    const cjs = ['const { c } = require("./c.cjs");', 'const { x } = require("./lib");', 'const { y } = require("./gone.js");', "module.exports = { c, x, y };", ""].join("\n");
    write(dir, { "gone.d.ts": "export declare const y: number;\n" });
    expect((await report("app.cjs", cjs)).imports.internal).toEqual(["c.cjs", "lib.js", "gone.d.ts"]);
  });
});
