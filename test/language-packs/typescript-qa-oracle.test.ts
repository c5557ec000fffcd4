/**
 * What a QA round against the TypeScript compiler's declarations found (986 files of node_modules:
 * .ts, .d.ts, .js): a compiled `#private` field's computed key as a member's name, a namespace binding's
 * methods listed under the namespace, and the `var`s of a `global { }` inside a module dropped.
 */
import { describe, expect, it } from "vitest";
import { inlineReport, lensAt, rows } from "../helpers.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

describe("TypeScript/JavaScript declarations the compiler lists", () => {
  it("a computed key that is a comma sequence (TypeScript's compiled #private fields) names the member by its last value", async () => {
    const src = [
      "var _S_items, _S_helper;",
      "class Stream {",
      "  constructor() { _S_items.set(this, []); }",
      "  [(_S_items = new WeakMap(), _S_helper = function _S_helper() {",
      "    return 1;",
      "  }, Symbol.asyncIterator)]() {",
      "    return null;",
      "  }",
      "}",
      "module.exports = { Stream };",
      "",
    ].join("\n");
    const dir = mkdtempSync(join(tmpdir(), "pilens-qa-oracle-"));
    writeFileSync(join(dir, "stream.js"), src);
    const lens = await lensAt(dir);
    expect(rows(await lens.moduleReport(join(dir, "stream.js")))).toContain("method Stream.[Symbol.asyncIterator] 4-8");
    const read = await lens.readSymbol(join(dir, "stream.js"), "Stream.[Symbol.asyncIterator]");
    expect(read).toMatchObject({ found: true, startLine: 4, endLine: 8 });
  });

  it("a namespace binding's methods and construct signature are the binding's, not the namespace's", async () => {
    const src = [
      "declare namespace Intl {",
      "    const Segmenter: {",
      "        prototype: Segmenter;",
      "        /** Creates one. */",
      "        new (locales?: string): Segmenter;",
      "        supportedLocalesOf(locales: string): string[];",
      "    };",
      "    function f(): void;",
      "    interface Segmenter { x: number }",
      "}",
      "",
    ].join("\n");
    expect(rows(await inlineReport("intl.d.ts", src))).toEqual([
      "namespace Intl 1-10",
      "constant Intl.Segmenter 2-7",
      "property Intl.Segmenter.prototype 3-3",
      "constructor Intl.Segmenter.new 5-5",
      "method Intl.Segmenter.supportedLocalesOf 6-6",
      "function Intl.f 8-8",
      "interface Intl.Segmenter 9-9",
      "property Intl.Segmenter.x 9-9",
    ]);
  });

  it("the `var`s of a `global { }` inside `declare module` are its members (@types/node's process, URL)", async () => {
    const src = ['declare module "url" {', "    class URL { href: string }", "    global {", "        interface URL {}", "        var URL: typeof import(\"url\").URL;", "        var Plain: string;", "    }", "}", ""].join("\n");
    const r = rows(await inlineReport("url.d.ts", src));
    expect(r).toContain("variable url.global.URL 5-5");
    expect(r).toContain("variable url.global.Plain 6-6");
  });

  it("what an exported namespace's export clause names is exported (postcss's `declare namespace X { export { X_ as default } }` + `export = X`)", async () => {
    const dts = ["declare namespace LazyResult {", "  export { LazyResult_ as default }", "}", "declare class LazyResult_ {", "  run(): void;", "}", "declare class LazyResult extends LazyResult_ {}", "export = LazyResult", ""].join("\n");
    const r = await inlineReport("lazy-result.d.ts", dts);
    expect(r.api.map((e) => e.name)).toEqual(["LazyResult", "LazyResult_", "LazyResult"]);
    expect(r.api[1]!.members?.[0]).toMatchObject({ name: "run", exported: true });
    const ts = await inlineReport("ns.ts", "export namespace N {\n  export { A as B }\n}\nclass A {}\nclass C {}\n");
    expect([ts.api.map((e) => e.name), ts.internal.map((e) => e.name)]).toEqual([["N", "A"], ["C"]]);
  });
});
