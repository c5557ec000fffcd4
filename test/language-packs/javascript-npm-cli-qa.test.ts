/** The JS pack and the report on npm's own CLI and its bundled dependencies (session 48, QA helper 1: minipass, lru-cache, jsonparse, npm's lib/npm.js). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

/** Every entry as `qualified name@line` with its flags, in source order. */
function rows(r: Awaited<ReturnType<typeof report>>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const go = (entries: typeof r.api | undefined, prefix: string) => {
    for (const e of entries ?? []) {
      out.set(`${prefix}${e.name}@${e.startLine}`, e.flags ?? []);
      go(e.members, `${prefix}${e.name}.`);
    }
  };
  go(r.api, "");
  go(r.internal, "");
  return out;
}

describe("JS on npm's CLI and its dependencies", () => {
  it("a computed key that is only a string, minipass's `get ['async']()`, is named by the string and is no async method", async () => {
    // minipass 7 dist/commonjs/index.js: the getter and setter of a stream's `async` mode.
    const r = await report("minipass.js", [
      "class Minipass {",
      "  /** true if this is an async stream */",
      "  get ['async']() {",
      "    return this[ASYNC]",
      "  }",
      "  set [\"async\"](a) {",
      "    this[ASYNC] = this[ASYNC] || !!a",
      "  }",
      "  ['a b']() {}",
      "  [`t`]() {}",
      "  async() {}",
      "  async collect() {",
      "    return []",
      "  }",
      "  static async *lines() {}",
      "  async [Symbol.asyncIterator]() {}",
      "}",
      "const handlers = { text: async () => 1 }",
      "module.exports = { Minipass, handlers }",
      "",
    ].join("\n"));
    const got = rows(r);
    // Named as the quoted key `'async'() {}` would be (Universal Ctags: `async`); a key no name spells keeps its quotes.
    expect([...got.keys()]).toEqual(expect.arrayContaining(["Minipass.async@3", "Minipass.async@6", "Minipass.'a b'@9", "Minipass.[`t`]@10"]));
    // `async` the name is no `async` keyword; the keyword still flags what it makes async.
    expect(got.get("Minipass.async@3")).not.toContain("async");
    expect(got.get("Minipass.async@6")).not.toContain("async");
    expect(got.get("Minipass.async@11")).not.toContain("async");
    expect(got.get("Minipass.collect@12")).toContain("async");
    expect(got.get("Minipass.lines@15")).toContain("async");
    expect(got.get("Minipass.[Symbol.asyncIterator]@16")).toContain("async");
    // `Minipass.async` reads the getter with its setter (it had been a miss: "did you mean Minipass.['async']").
    const read = await lens.readSymbol(join(dir, "minipass.js"), "Minipass.async", { kind: "method" });
    expect(read.found).toBe(true);
    expect(read.source).toContain("get ['async']()");
  });

});
