/** JS/TS import resolution: declaration-file twins, which twin wins by importer, `#` subpath imports. */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { forgetFileChecks, holdFileChecks } from "../../core/imports.js";
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

describe("# subpath imports (package.json imports)", () => {
  const PKG = {
    name: "p",
    type: "module",
    imports: {
      "#db": "./src/db.mjs",
      "#util/*": "./src/util/*",
      "#util/special/*.js": "./src/special/*.js",
      "#cond": { types: "./src/cond.d.ts", import: "./src/cond.mjs", require: "./src/cond.cjs", default: "./src/cond.js" },
      "#fallback": ["./src/nowhere.js", "./src/fb.mjs"],
      "#dep": "some-package",
      "#off": null,
    },
  };

  it("are internal and resolve through the nearest package.json: exact keys, * patterns, conditions, twins", async () => {
    const { dir, report } = await tsProject();
    writeFileSync(join(dir, "package.json"), JSON.stringify(PKG));
    await report("src/db.mjs", "export const q = 1;\n");
    await report("src/db.d.mts", "export declare const q: number;\n");
    await report("src/util/h.mjs", "export function h(x) { return x; }\n");
    await report("src/special/s.js", "export const s = 1;\n");
    await report("src/util/special/s.js", "export const s = 1;\n"); // what the less specific `#util/*` would give
    await report("src/fb.mjs", "export const f = 1;\n");
    for (const f of ["cond.d.ts", "cond.mjs", "cond.cjs", "cond.js"]) await report(`src/${f}`, "export const k = 1;\n");
    const src = [
      'import { q } from "#db";',
      'import { h } from "#util/h.mjs";',
      'import { s } from "#util/special/s.js";',
      'import { k } from "#cond";',
      'import { f } from "#fallback";',
      'import dep from "#dep";',
      'import { off } from "#off";',
      'import { m } from "#missing";',
      'import fs from "node:fs";',
      "export const x = () => h(q);",
      "",
    ].join("\n");
    const js = await report("src/main.mjs", src);
    expect(js.imports.internal).toEqual(["src/db.mjs", "src/util/h.mjs", "src/special/s.js", "src/cond.mjs", "src/fb.mjs", "#off", "#missing"]);
    expect(js.imports.external).toEqual(["#dep", "node:fs"]);
    // From TypeScript: `types` first, and the target's declaration twin (./src/db.mjs → db.d.mts).
    const ts = await report("src/main.mts", src);
    expect(ts.imports.internal).toEqual(["src/db.d.mts", "src/util/h.mjs", "src/special/s.js", "src/cond.d.ts", "src/fb.mjs", "#off", "#missing"]);
    // CommonJS takes `require`.
    const cjs = await report("src/main.cjs", 'const { k } = require("#cond");\nmodule.exports = { k };\n');
    expect(cjs.imports.internal).toEqual(["src/cond.cjs"]);
  });

  it("use the nearest package.json, stay internal where none maps them, and see an edited map at once", async () => {
    const { dir, report } = await tsProject();
    writeFileSync(join(dir, "package.json"), JSON.stringify(PKG));
    await report("src/db.mjs", "export const q = 1;\n");
    write(dir, { "pkg/package.json": JSON.stringify({ name: "inner", imports: { "#db": "./lib/db.js" } }), "bare/package.json": "{}" });
    await report("pkg/lib/db.js", "exports.q = 1;\n");
    const inner = await report("pkg/lib/main.js", 'const { q } = require("#db");\nexports.q = q;\n');
    expect(inner.imports).toEqual({ external: [], internal: ["pkg/lib/db.js"] });
    // A package.json without `imports`: internal, unresolved.
    expect((await report("bare/x.mjs", 'import { q } from "#db";\nexport const y = q;\n')).imports).toEqual({ external: [], internal: ["#db"] });
    // The map edited while the Lens lives (an MCP server): the next file resolved follows it (package.json is
    // read again when its mtime or size changes; a report already made is cached by its own file's mtime).
    expect((await report("src/main.mjs", 'import { q } from "#db";\nexport const y = q;\n')).imports.internal).toEqual(["src/db.mjs"]);
    await report("src/other.mjs", "export const q = 2;\n");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...PKG, imports: { "#db": "./src/other.mjs" } }));
    expect((await report("src/main2.mjs", 'import { q } from "#db";\nexport const y = q;\n')).imports.internal).toEqual(["src/other.mjs"]);
  });
});

// Last in this file: holdFileChecks() holds for the rest of the module's life (as for the CLI's report).
describe("a one-shot batch (holdFileChecks: folder listings instead of a stat per candidate)", () => {
  it("resolves as the stat path does: twins, index files, symbolic links, missing files", async () => {
    const { dir, report } = await tsProject();
    write(dir, {
      "real/target.ts": "export const t = 1;\n",
      "pkg/index.ts": "export const p = 1;\n",
      "lib.js": "exports.x = 1;\n",
      "lib.d.ts": "export declare const x: number;\n",
      "shape.mts": "export const s = 1;\n",
    });
    symlinkSync(join(dir, "real", "target.ts"), join(dir, "linked.ts"));
    symlinkSync(join(dir, "real"), join(dir, "alias"));
    const src = [
      'import { t } from "./linked.js";',
      'import { t as u } from "./alias/target";',
      'import { p } from "./pkg";',
      'import { x } from "./lib.js";',
      'import { s } from "./shape.mjs";',
      'import { g } from "./gone.js";',
      "export const all = [t, u, p, x, s, g];",
      "",
    ].join("\n");
    const expected = ["linked.ts", "alias/target.ts", "pkg/index.ts", "lib.d.ts", "shape.mts", "./gone.js"];
    const internal = (r: { imports: { internal?: string[] } }) => r.imports.internal;
    expect(internal(await report("app.ts", src))).toEqual(expected);
    forgetFileChecks();
    holdFileChecks();
    expect(internal(await report("app2.ts", src))).toEqual(expected);
    // A file created after its folder was listed is found once the checks are dropped (a new batch).
    write(dir, { "gone.ts": "export const g = 1;\n" });
    forgetFileChecks();
    expect(internal(await report("app3.ts", src))).toEqual([...expected.slice(0, -1), "gone.ts"]);
  });
});
