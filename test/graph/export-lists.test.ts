/**
 * A file's own export list, `export { glob, helper as aid, other }` (no `from`), declares what the file exports:
 * it is no use of those names. tinyglobby's `glob` had been "used by 1: tinyglobby.mjs:307 (top level)", the line
 * `export { convertPathToPattern, escapePath, glob, globSync, isDynamicPattern };`.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

describe("a file's own export list", () => {
  it("is no use of the names it exports (JS); they stay exported and keep their real uses", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "a.mjs": ["function glob(x) {", "  return x + 1;", "}", "function helper(y) {", "  return glob(y);", "}", "const other = 3;", "export { glob, helper as aid, other };", ""].join("\n"),
        "b.mjs": ["import { glob, aid } from './a.mjs';", "export function run() {", "  return glob(2) + aid(3);", "}", ""].join("\n"),
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const report = flat(await lens.moduleReport("a.mjs"));
    const uses = (name: string) => (report.get(name)?.usedBy ?? []).map((u) => [u.file, u.symbol, u.line]);
    expect(uses("glob")).toEqual([["b.mjs", "run", 3], ["a.mjs", "helper", 5]]);
    expect(uses("helper")).toEqual([["b.mjs", "run", 3]]);
    expect(uses("other")).toEqual([]);
    expect(["glob", "helper", "other"].map((n) => report.get(n)?.exported)).toEqual([true, true, true]);
    expect(report.get("helper")?.exportedAs).toEqual(["aid"]);
  });

  it("is no use in TypeScript either, `export type { … }` included", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/m.ts": ["interface Opts {", "  n: number;", "}", "function make(o: Opts): number {", "  return o.n;", "}", "export { make };", "export type { Opts };", ""].join("\n"),
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const report = flat(await lens.moduleReport("src/m.ts"));
    expect((report.get("make")?.usedBy ?? []).map((u) => [u.symbol, u.line])).toEqual([]);
    expect((report.get("Opts")?.usedBy ?? []).map((u) => [u.symbol, u.line])).toEqual([["make", 4]]);
    expect(report.get("make")?.exported).toBe(true);
  });

  it("nor are the values its own export statements name: `export default main;`, `export = Foo;`, `module.exports = { a, b: b }`, `module.exports.c = c`, `module.exports = run`", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "a.js": ["function alpha(x) {", "  return x + 1;", "}", "function beta(y) {", "  return alpha(y);", "}", "function gamma() {}", "module.exports = { alpha, beta: beta };", "module.exports.gamma = gamma;", ""].join("\n"),
        "b.mjs": ["function main(x) {", "  return x;", "}", "export default main;", ""].join("\n"),
        "c.js": ["const { alpha } = require('./a');", "function run() {", "  return alpha(1);", "}", "module.exports = run;", ""].join("\n"),
        "d.mjs": ["import main from './b.mjs';", "export const z = main(2);", ""].join("\n"),
        "src/e.ts": ["class Foo {", "  n = 1;", "}", "export = Foo;", ""].join("\n"),
        // (A name the file imports and hands on is a barrel's re-export: that line stays its use.)
        "f.js": ["const run = require('./c');", "module.exports.run = run;", ""].join("\n"),
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const uses = async (file: string, name: string) => (flat(await lens.moduleReport(file, { detail: "full" })).get(name)?.usedBy ?? []).map((u) => [u.file, u.symbol, u.line]);
    expect(await uses("a.js", "alpha")).toEqual([["c.js", "run", 3], ["a.js", "beta", 5]]);
    expect(await uses("a.js", "beta")).toEqual([]);
    expect(await uses("a.js", "gamma")).toEqual([]);
    expect(await uses("b.mjs", "main")).toEqual([["d.mjs", "z", 2]]);
    expect(await uses("src/e.ts", "Foo")).toEqual([]);
    expect((await uses("c.js", "run")).map((u) => u[0])).toEqual(["f.js"]);
    const a = flat(await lens.moduleReport("a.js"));
    expect(["alpha", "beta", "gamma"].map((n) => a.get(n)?.exported)).toEqual([true, true, true]);
  });
});
