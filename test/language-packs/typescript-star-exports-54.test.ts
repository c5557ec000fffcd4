/**
 * The JS/TS pack: the names an `export * from "./x"` hands on, listed as the barrel's exported entries
 * (session 54: zod's v4/classic/external.ts had read "33 exported" of 247, v3/external.ts "0 exported").
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";
import type { ModuleReport } from "../../core/types.js";

const { dir, lens, report } = await tsProject();

/** Write the files (path → lines) of one case. */
function put(files: Record<string, string[]>): void {
  for (const [name, lines] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), lines.join("\n") + "\n");
  }
}

const exported = (r: ModuleReport) => (r.api ?? []).filter((e) => e.exported).map((e) => e.name).sort();
const starWarning = (r: ModuleReport) => r.warnings?.find((w) => w.includes("`export *`"));

describe("`export * from` names, session 54", () => {
  it("a barrel lists what each module exports — declarations, export lists, named re-exports, namespaces, nested `export *` — with their kinds, at the statement's line, no `default`, nothing unexported", async () => {
    put({
      "p1/shapes.ts": [
        "export class Circle {}",
        "export function area(c: Circle): number { return 0; }",
        "export interface Options { r: number }",
        "export type Unit = 'cm' | 'in';",
        "export const enum Mode { A, B }",
        "export default function main() {}",
        "function helper() {}",
        "const internal = 1;",
        "export { helper as publicHelper };",
        "export * as geometry from './geometry';",
      ],
      "p1/geometry.ts": ["export const PI = 3.14;"],
      "p1/more.ts": ["export * from './deep';", "export { Circle as Round } from './shapes';", "export let counter = 0;"],
      "p1/deep.ts": ["export namespace Deep { export const x = 1; }", "export abstract class Base {}"],
    });
    const r = await report("p1/index.ts", ["// the package's API", "export * from './shapes';", "export * from './more';", "export const version = '1.0';", ""].join("\n"));
    expect(exported(r)).toEqual(["Base", "Circle", "Deep", "Mode", "Options", "Round", "Unit", "area", "counter", "geometry", "publicHelper", "version"]);
    expect(r.summary.exports).toBe(12);
    const f = flat(r);
    const kinds = Object.fromEntries(["Circle", "area", "Options", "Unit", "Mode", "publicHelper", "geometry", "Deep", "Base", "Round", "counter"].map((n) => [n, f.get(n)?.kind]));
    expect(kinds).toEqual({ Circle: "class", area: "function", Options: "interface", Unit: "type", Mode: "enum", publicHelper: "function", geometry: "namespace", Deep: "namespace", Base: "class", Round: "class", counter: "variable" });
    // The statement's line and head, as a named re-export's are its specifier's; no doc from the comment above it.
    expect(f.get("Circle")).toMatchObject({ startLine: 2, endLine: 2, exported: true, signature: "export * from './shapes'" });
    expect(f.get("Circle")?.doc).toBeUndefined();
    expect(f.get("Base")).toMatchObject({ startLine: 3, signature: "export * from './more'" });
    expect(starWarning(r)).toBeUndefined();
    // The compact view folds them into its rows of names (`data`, here with `version` beside them).
    expect(lens.render(r, "compact")).toMatch(/^2-4 data Circle, area, Options, Unit, Mode, publicHelper, geometry, counter, Round, Deep, Base, version {2}\(12\)$/m);
  });

  it("a name the barrel exports itself wins over a star one; one declaration reached by two stars is listed once; two declarations of a name are ambiguous — neither listed, said", async () => {
    put({
      "p2/a.ts": ["export const shared = 1;", "export const dup = 1;", "export function mine() {}"],
      "p2/b.ts": ["export * from './a';", "export const onlyB = 2;"],
      "p2/c.ts": ["export const dup = 2;"],
    });
    const r = await report("p2/index.ts", ["export * from './a';", "export * from './b';", "export * from './c';", "export function mine(x: number) { return x; }", ""].join("\n"));
    expect(exported(r)).toEqual(["mine", "onlyB", "shared"]);
    const f = flat(r);
    expect(f.get("mine")).toMatchObject({ kind: "function", startLine: 4 });
    expect(f.get("shared")?.startLine).toBe(1);
    expect(r.warnings).toContain("1 name two `export *` modules hand on from different declarations is ambiguous, so not exported (ES modules; TypeScript errors on importing one): dup (\"./a\", \"./c\")");
  });

  it("what cannot be listed is said by name and why: a package, a specifier no file answers, a module past the depth cut — the rest listed", async () => {
    const chain: Record<string, string[]> = {};
    for (let i = 0; i < 12; i++) chain[`p3/d${i}.ts`] = [`export * from './d${i + 1}';`, `export const level${i} = ${i};`];
    put(chain);
    const r = await report("p3/index.ts", ["export * from 'lodash';", "export * from './gone';", "export * from './d0';", ""].join("\n"));
    expect(exported(r)).toEqual(["level0", "level1", "level2", "level3", "level4", "level5", "level6", "level7"]);
    expect(starWarning(r)).toBe(
      '`export *` modules whose names are not listed here nor counted as exported — a package (never read): "lodash"; no project file answers the specifier: "./gone"; past 8 `export *` modules deep: ./d7.ts: "./d8": read those modules for them',
    );
  });

  it("a barrel of barrels reads at most 64 files: the modules past the cap are named, the ones read listed", async () => {
    const files: Record<string, string[]> = {};
    for (let m = 0; m < 10; m++) {
      files[`p4/mid${m}.ts`] = Array.from({ length: 10 }, (_, l) => `export * from './leaf${m}_${l}';`);
      for (let l = 0; l < 10; l++) files[`p4/leaf${m}_${l}.ts`] = [`export const v${m}_${l} = 1;`];
    }
    put(files);
    const r = await report("p4/index.ts", Array.from({ length: 10 }, (_, m) => `export * from './mid${m}';`).join("\n") + "\n");
    // (Each mid barrel and its ten leaves: 11 files — five and a part of the sixth fit in 64.)
    expect(r.summary.exports).toBe(58);
    expect(starWarning(r)).toMatch(/^`export \*` modules whose names are not listed here nor counted as exported — past the cap of 64 files read: \.\/mid5\.ts: "\.\/leaf5_8", \.\/mid5\.ts: "\.\/leaf5_9", "\.\/mid6", "\.\/mid7", "\.\/mid8", "\.\/mid9": read those modules for them$/);
  });

  it("modules that re-export each other (a cycle) list each name once and end", async () => {
    put({ "p5/a.ts": ["export * from './b';", "export const fromA = 1;"], "p5/b.ts": ["export * from './a';", "export const fromB = 2;"] });
    const r = await report("p5/index.ts", "export * from './a';\n");
    expect(exported(r)).toEqual(["fromA", "fromB"]);
    expect(starWarning(r)).toBeUndefined();
    // (A re-export's row, as an `export { … } from` specifier's.)
    expect(lens.render(r, "compact")).toMatch(/^1 re-export fromA\n1 re-export fromB$/m);
  });

  it("the summary view names one statement's names bare in its groups (`A`, not `A@1`: the line is the statement's, whatever lies between them in the list)", async () => {
    put({ "p11/parts.ts": ["export class A {}", "export const x = 1;", "export class B {}", "export const y = 2;", "export interface I {}", "export const z = 3;", "export interface J {}"] });
    const r = await report("p11/index.ts", "export * from './parts';\n");
    const summary = JSON.parse(lens.render(r, "summary")) as { api: { names?: string[]; kind: string }[] };
    expect(summary.api.map((g) => [g.kind, g.names])).toEqual([["class", ["A", "B"]], ["constant", ["x", "y", "z"]], ["interface", ["I", "J"]]]);
  });

  it("`export type * from` hands on types: a name declared as a type and a value is listed with the type's kind", async () => {
    put({ "p6/model.ts": ["export interface Model { id: string }", "export const Model = { create() {} };", "export function make() {}"] });
    const r = await report("p6/types.ts", "export type * from './model';\n");
    const f = flat(r);
    expect([f.get("Model")?.kind, f.get("make")?.kind]).toEqual(["interface", "function"]);
    expect(f.get("Model")?.signature).toBe("export type * from './model'");
    // (A value barrel takes the value's kind, as `export { Model } from` does.)
    expect(flat(await report("p6/index.ts", "export * from './model';\n")).get("Model")?.kind).toBe("constant");
  });

  it("a `#` subpath specifier resolves through package.json's imports", async () => {
    put({ "p7/package.json": ['{ "name": "p7", "imports": { "#internal/*": "./src/internal/*.ts" } }'], "p7/src/internal/util.ts": ["export function clamp(x: number) { return x; }"] });
    const r = await report("p7/src/index.ts", "export * from '#internal/util';\n");
    expect(flat(r).get("clamp")).toMatchObject({ kind: "function", exported: true, startLine: 1 });
  });

  it("tsc's CommonJS barrel, `tslib_1.__exportStar(require(\"./x\"), exports)`, lists x.js's exports: `exports.a = a`, hoisted function exports, tsc's getter re-exports", async () => {
    put({
      "p8/lib/errors.js": [
        '"use strict";',
        'Object.defineProperty(exports, "__esModule", { value: true });',
        "exports.NotFound = exports.fail = exports.retry = void 0;",
        "exports.fail = fail;",
        'var util_1 = require("./util");',
        'Object.defineProperty(exports, "retry", { enumerable: true, get: function () { return util_1.retry; } });',
        "class NotFound extends Error {",
        "}",
        "exports.NotFound = NotFound;",
        "function fail() { throw new NotFound(); }",
        "exports.LIMIT = 3;",
      ],
      "p8/lib/util.js": ['"use strict";', "exports.retry = retry;", "function retry() {}"],
    });
    const r = await report("p8/lib/index.js", ['"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });', 'const tslib_1 = require("tslib");', 'tslib_1.__exportStar(require("./errors"), exports);', ""].join("\n"));
    const f = flat(r);
    expect(exported(r)).toEqual(["LIMIT", "NotFound", "fail", "retry"]);
    expect(Object.fromEntries(["NotFound", "fail", "retry", "LIMIT"].map((n) => [n, f.get(n)?.kind]))).toEqual({ NotFound: "class", fail: "function", retry: "function", LIMIT: "constant" });
    expect(f.get("fail")).toMatchObject({ startLine: 4, signature: 'tslib_1.__exportStar(require("./errors"), exports)' });
    expect(starWarning(r)).toBeUndefined();
    expect(r.warnings?.some((w) => w.startsWith("re-exports all of"))).toBe(false);
  });

  it("read_symbol of a star-exported name reads the statement and says where it is declared; read_enclosing of that line is no symbol of its", async () => {
    put({ "p9/impl/schemas.ts": ["// schemas", "export interface ZodString { kind: 'string' }", "export const ZodString = {};", "const stringImpl = () => ({});", "export { stringImpl as string };"], "p9/impl/index.ts": ["export * from './schemas';"] });
    const barrel = join(dir, "p9/external.ts");
    writeFileSync(barrel, "export const version = 1;\nexport * from './impl/index';\n");
    const read = await lens.readSymbol(barrel, "ZodString");
    expect(read).toMatchObject({ found: true, startLine: 2, endLine: 2 });
    expect(read.note).toBe("ZodString is re-exported at line 2 by `export * from './impl/index'`, defined in p9/impl/schemas.ts:2 — read it in p9/impl/schemas.ts (CLI: pilens read p9/impl/schemas.ts ZodString)");
    const renamed = await lens.readSymbol(barrel, "string");
    expect(renamed.note).toBe("string is re-exported at line 2 by `export * from './impl/index'`, defined in p9/impl/schemas.ts:4 (as stringImpl there) — read it in p9/impl/schemas.ts (CLI: pilens read p9/impl/schemas.ts stringImpl)");
    const at = await lens.readEnclosing(barrel, 2);
    expect(at.found).toBe(false);
    expect(at.note).toMatch(/^line 2 is outside every symbol \(an import\)/);
  });

  it("a module the barrel lists is one of its analysis's inputs: an edit there lists again; the project graph's analysis lists nothing", async () => {
    put({ "p10/a.ts": ["export const one = 1;"] });
    const barrel = join(dir, "p10/index.ts");
    writeFileSync(barrel, "export * from './a';\n");
    expect(exported(await lens.moduleReport(barrel))).toEqual(["one"]);
    // (A later mtime: the same second may not show one. A scan is trusted for a second unchecked: the report right
    // after the edit may list the old names — then the next one, past that second, must not.)
    writeFileSync(join(dir, "p10/a.ts"), "export const one = 1;\nexport const two = 2;\n");
    utimesSync(join(dir, "p10/a.ts"), new Date(), new Date(Date.now() + 5000));
    await lens.moduleReport(barrel);
    await new Promise((done) => setTimeout(done, 1100));
    expect(exported(await lens.moduleReport(barrel))).toEqual(["one", "two"]);
    const lean = await lens.analyze(barrel, { lean: true });
    expect(lean.symbols).toEqual([]);
    expect(lean.imports[0]).toMatchObject({ reexportAll: true, resolved: "p10/a.ts" });
  });
  it("the json view lists a barrel's star names by kind as `name@line` handles beside its own entries (627 entries had cost zod's 15-line core/index.ts 17k tokens); read_symbol takes the handle; `detail full` keeps every entry", async () => {
    const decls = Array.from({ length: 40 }, (_, i) => (i % 2 ? `export class Widget${i} {}` : `export function make${i}(): void {}`));
    put({ "p9/widgets.ts": decls });
    const r = await report("p9/index.ts", ["export * from './widgets';", "export const version = '1.0';", ""].join("\n"));
    expect(r.summary.exports).toBe(41);
    const json = JSON.parse(lens.render(r, "json")) as ModuleReport & { apiNames?: Record<string, string[]> };
    expect(json.apiNames?.class).toHaveLength(20);
    expect(json.apiNames?.function).toHaveLength(20);
    expect(json.apiNames?.class).toContain("Widget1@1");
    expect(json.apiNames?.function).toContain("make0@1");
    // (Its own declaration stays an entry.)
    expect(json.api?.map((e) => e.name)).toEqual(["version"]);
    const read = await lens.readSymbol(join(dir, "p9/index.ts"), "Widget1@1");
    expect(read).toMatchObject({ found: true, name: "Widget1", startLine: 1 });
    const full = JSON.parse(lens.render(r, "json", { detail: "full" })) as ModuleReport & { apiNames?: unknown };
    expect(full.apiNames).toBeUndefined();
    expect(full.api).toHaveLength(41);
  });

  it("the compact view counts a statement's names on its row when it hands on more than a few (`{40 names}`; the view says it is trimmed); focus names one of them, `detail full` lists them all", async () => {
    const r = await report("p9/index.ts", ["export * from './widgets';", "export const version = '1.0';", ""].join("\n"));
    const text = lens.render(r, "compact");
    expect(text).toMatch(/^1 re-exports \* from '\.\/widgets' {2}\{40 names\}\n2 const version$/m);
    expect(text).toMatch(/^\(trimmed/m);
    expect(text).not.toMatch(/Widget1\b/);
    const focused = lens.render(r, "compact", { focus: "Widget7" });
    expect(focused).toMatch(/\bWidget7\b/);
    expect(focused).toMatch(/\{39 names\}/);
    const full = lens.render(r, "compact", { detail: "full" });
    expect(full).toMatch(/\bmake38\b/);
    expect(full).not.toMatch(/names\}/);
  });
  it("read_symbol of `export * as ns from \"./x\"`'s name says ns is the module x and points to its outline (it had said to read `ns` in x, which declares no such name)", async () => {
    put({ "p10/util.ts": ["export function clamp(x: number) { return x; }"] });
    await report("p10/index.ts", "export * as util from './util';\n");
    const read = await lens.readSymbol(join(dir, "p10/index.ts"), "util");
    expect(read).toMatchObject({ found: true, kind: "namespace", startLine: 1 });
    expect(read.note).toBe("util is the module ./util (p10/util.ts), re-exported whole as a namespace at line 1 — outline p10/util.ts with module_report (CLI: pilens report p10/util.ts --view compact)");
  });
});
