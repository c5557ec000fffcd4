/**
 * The project's own packages imported by name: the root package itself (its tests and examples import
 * it as users do — zod's tests `import * as z from "zod/v4"`) and workspace packages, through their
 * `exports` map when they have one.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const SELF = {
  "package.json": JSON.stringify({
    name: "schemalib",
    exports: {
      ".": { "@schemalib/source": "./src/index.ts", types: "./index.d.cts", import: "./index.js" },
      "./mini": { types: "./mini/index.d.cts", import: "./mini/index.js" },
      "./locales/*": "./src/locales/*",
    },
  }),
  "src/index.ts": "export function parse(x: unknown): boolean { return !!x; }\n",
  // (Built output the exports name, not in the tree: `./mini/index.js` has no source twin, its declaration is all there is.)
  "mini/index.d.cts": "export declare function check(x: unknown): boolean;\n",
  "src/locales/en.ts": "export function message(): string { return 'en'; }\n",
  "tests/parse.test.ts":
    'import { parse } from "schemalib";\nimport { check } from "schemalib/mini";\nimport * as en from "schemalib/locales/en";\nexport function run() {\n  return parse(1) && check(2) && en.message() !== "";\n}\n',
};

describe("usedBy: a package of the project imported by its name", () => {
  it("the root package itself: `exports` conditions (a source before a declaration), subpaths and patterns", async () => {
    const u = await usedBy(SELF);
    expect({ parse: u("src/index.ts", "parse"), check: u("mini/index.d.cts", "check"), message: u("src/locales/en.ts", "message") }).toEqual({
      parse: ["tests/parse.test.ts"],
      check: ["tests/parse.test.ts"],
      message: ["tests/parse.test.ts"],
    });
  });

  it("a workspace package's subpath through its `exports`, to another path (built files not there: their sources)", async () => {
    const u = await usedBy({
      "package.json": JSON.stringify({ name: "monorepo", private: true, workspaces: ["packages/*"] }),
      "packages/util/package.json": JSON.stringify({ name: "@m/util", exports: { "./strings": { types: "./dist/text/strings.d.ts", import: "./dist/text/strings.js" } } }),
      "packages/util/src/text/strings.ts": "export function slug(s: string): string { return s.toLowerCase(); }\n",
      "packages/app/package.json": JSON.stringify({ name: "@m/app" }),
      "packages/app/src/main.ts": 'import { slug } from "@m/util/strings";\nexport const title = slug("A B");\n',
    });
    expect(u("packages/util/src/text/strings.ts", "slug")).toEqual(["packages/app/src/main.ts"]);
  });
});

describe("usedBy: a module's member is the module its chain's root imports", () => {
  it("`z.string()` beside `import * as zm` and a type import of another barrel: the file z's statement imports, whatever the others export", async () => {
    const u = await usedBy({
      "classic.ts": "export function string(): string { return 'c'; }\n",
      "mini.ts": "export function string(): string { return 'm'; }\n",
      "core/regexes.ts": "export const string = /s/;\n",
      "core/index.ts": 'export * as regexes from "./regexes";\nexport type Util = number;\n',
      "a.ts": 'import type { Util } from "./core/index";\nimport * as zm from "./mini";\nimport * as z from "./classic";\nexport const s = z.string();\nexport const t = zm\n  .string();\nexport type U = Util;\n',
    });
    expect({ classic: u("classic.ts", "string"), mini: u("mini.ts", "string"), regexes: u("core/regexes.ts", "string") }).toEqual({ classic: ["a.ts"], mini: ["a.ts"], regexes: [] });
    expect(u("classic.ts", "string@1")).toEqual(["a.ts"]);
  });

  it("CommonJS: `a.run()` of `const a = require(\"./a\")` is a.js's run, not b.js's", async () => {
    const u = await usedBy({
      "a.js": "exports.run = function run() { return 1; };\n",
      "b.js": "exports.run = function run() { return 2; };\n",
      "main.js": 'const b = require("./b");\nconst a = require("./a");\nmodule.exports = function main() {\n  return a.run() + b.version;\n};\n',
    });
    expect({ a: u("a.js", "run"), b: u("b.js", "run") }).toEqual({ a: ["main.js"], b: [] });
  });

  it("TS: `import a = require(\"./a\")` binds the module too", async () => {
    const u = await usedBy({
      "a.ts": "export function run(): number { return 1; }\n",
      "b.ts": "export function run(): number { return 2; }\nexport const version = 1;\n",
      "main.ts": 'import b = require("./b");\nimport a = require("./a");\nexport const total = a.run() + b.version;\n',
    });
    expect({ a: u("a.ts", "run"), b: u("b.ts", "run") }).toEqual({ a: ["main.ts"], b: [] });
  });

  it("a member of another library's module is no project export of that name (`fs.readFile()`)", async () => {
    const u = await usedBy({
      "files.ts": "export function readFile(p: string): string { return p; }\n",
      "util.ts": "export const sep = '/';\n",
      "a.ts": 'import * as fs from "node:fs";\nimport { sep } from "./util";\nexport const text = fs.readFile("x" + sep);\n',
    });
    expect(u("files.ts", "readFile")).toEqual([]);
  });
});
