/** The JS pack and the report on npm's own CLI and its bundled dependencies (session 48, QA helper 1: minipass, lru-cache, jsonparse, npm's lib/npm.js). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
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

  it("a recommended read another same-named symbol would shadow is named apart: JS's bare-named `#load` as `Npm.#load`, a second `proto.onToken` by its line", async () => {
    // npm 11 lib/npm.js: `load ()` and `async #load ()`, which JS lists as `load` too (as Universal Ctags does).
    const npm = await report("npm.js", [
      "class Npm {",
      "  async load () {",
      "    return this.#load()",
      "  }",
      "",
      "  async #load () {",
      "    if (a) {",
      "      if (b) return 1",
      "      for (const x of y) if (x) return 2",
      "    } else if (c) {",
      "      while (d) if (e) break",
      "    }",
      "    return a && b ? c : d",
      "  }",
      "}",
      "module.exports = Npm",
      "",
    ].join("\n"));
    const rec = npm.recommendedReads.find((x) => x.startLine === 6);
    expect(rec?.symbol).toBe("Npm.#load");
    // Read by that name, the recommendation shows what it recommends (`Npm.load` read `load ()`, lines 2-4).
    const read = await lens.readSymbol(join(dir, "npm.js"), rec!.symbol);
    expect([read.startLine, read.endLine]).toEqual([6, 14]);
    // A misspelling of that name is offered the name as spelled (`Npm.#lod` had been offered `Npm.load` alone).
    const miss = await lens.readSymbol(join(dir, "npm.js"), "Npm.#lod");
    expect(miss.found).toBe(false);
    expect(miss.suggestions?.[0]).toBe("Npm.#load");
    expect(miss.suggestions).toContain("Npm.load");

    // jsonparse 1.3 jsonparse.js: `proto.onToken` stubbed, then defined again further down.
    const parser = await report("jsonparse.js", [
      "function Parser() {",
      "  this.state = 0",
      "}",
      "var proto = Parser.prototype;",
      "proto.onToken = function (token, value) {",
      "  // Override this to get events",
      "};",
      "proto.write = function (buffer) {",
      "  return buffer",
      "};",
      "proto.onToken = function (token, value) {",
      "  if (token === 1) {",
      "    if (value) return 1;",
      "  } else if (token === 2) {",
      "    while (value) if (token) break;",
      "  } else if (token === 3 && value || token === 4) {",
      "    return 3;",
      "  }",
      "};",
      "module.exports = Parser;",
      "",
    ].join("\n"));
    const second = parser.recommendedReads.find((x) => x.startLine === 11);
    expect(second?.symbol).toBe("Parser.onToken@11");
    const again = await lens.readSymbol(join(dir, "jsonparse.js"), second!.symbol);
    expect([again.startLine, again.endLine]).toEqual([11, 19]);
    // The default budgeted view gives the recommended one the row a recommendation gets (its boost had been lost with its name).
    const many = await report("jsonparse-full.js", [
      "function Parser() {",
      "  this.state = 0",
      "}",
      "var proto = Parser.prototype;",
      "proto.onToken = function (token, value) {",
      "  // Override this to get events",
      "};",
      ...Array.from({ length: 40 }, (_, i) => `proto.step${i} = function (buffer, offset, length) {\n  return this.stack.push({ value: buffer, key: offset + ${i}, mode: length })\n};`),
      "proto.onToken = function (token, value) {", // 128
      ...Array.from({ length: 12 }, (_, i) => `  if (token === ${i}) { if (value) return ${i}; }`),
      "};", // 141
      "module.exports = Parser;",
      "",
    ].join("\n"));
    expect(many.recommendedReads[0]).toMatchObject({ symbol: "Parser.onToken@128", startLine: 128, endLine: 141 });
    const compact = lens.render(many, "compact");
    expect(compact).toMatch(/trimmed/);
    expect(compact).toMatch(/^ +128-141 +method +\S/m);
    // … and its one-line RECOMMENDED list says it is on that row (`↑`), as for any other pick. (At the default
    // budget every pick has its row — step0 too, since rows cost less (session 53) —, and a tight view prints no
    // line then: a budget where one pick is not on a row, 1/16.)
    expect(compact).not.toMatch(/^RECOMMENDED:/m);
    const at16 = Object.create(lens) as typeof lens;
    Object.defineProperty(at16, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact: 16 } } });
    expect(at16.render(many, "compact")).toMatch(/^RECOMMENDED: Parser\.onToken@128 ↑, Parser ↑, Parser\.step0 8-10$/m);
    // Every recommendation of both files reads what it recommends.
    for (const [file, r] of [["npm.js", npm], ["jsonparse.js", parser]] as const)
      for (const x of r.recommendedReads) {
        const got = await lens.readSymbol(join(dir, file), x.symbol);
        expect(got.startLine! <= x.startLine && x.endLine <= got.endLine!, `${file} ${x.symbol}`).toBe(true);
      }
  });

  it("a budgeted compact view does not fold a `#private` method into its public namesake, nor a static into an instance member, as overloads", async () => {
    // npm 11 lib/npm.js (`load ()`, `async #load ()`), node-gyp 11 lib/find-python.js (`static findPython = …`, `async findPython ()`),
    // lru-cache 11 (`has(k)`, `#has(k)`): the folded row had shown `load ()` with `#load`'s `[async, high complexity …]`.
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    if (this.x === ${i}) return this.step(${i}, { retries: ${i % 3}, label: "step ${i}" })`);
    const r = await report("finder.js", [
      "class Finder {",
      "  static findPython = (...args) => new Finder(...args).findPython()",
      "",
      "  async findPython () {",
      ...body(12),
      "  }",
      "",
      "  load () {",
      "    return this.#load()",
      "  }",
      "",
      "  async #load () {",
      ...body(30),
      "  }",
      "",
      "  has (k) {",
      "    return this.#has(k)",
      "  }",
      "",
      "  #has (k) {",
      "    return this.map.has(k)",
      "  }",
      ...Array.from({ length: 30 }, (_, i) => `\n  method${i} (a, b) {\n    return a + b * ${i}\n  }`),
      "}",
      "module.exports = Finder",
      "",
    ].join("\n"));
    const budgeted = (compact: number) => {
      // (`budget.compact` divides the file's tokens: the view's budget.)
      const l = Object.create(lens) as Lens;
      Object.defineProperty(l, "settings", { value: { ...lens.settings, budget: { ...lens.settings.budget, compact } } });
      return l.render(r, "compact");
    };
    // (A budget at which the members get rows of their own, the rest counted: the view folds overloads.
    // At 7 and 8 the class's 36 names had been listed first — ahead of the recommended rows — and left
    // no room for them: more budget had shown fewer rows. core/budget.ts: the names go first only with room for those rows.)
    const text = budgeted(8);
    expect(text).toMatch(/trimmed/);
    expect(text).not.toMatch(/more definition|overload/);
    // Each on a row of its own, with its own head and tags.
    expect(text).toMatch(/^ +2 +method +static findPython = \(\.\.\.args\)$/m);
    expect(text).toMatch(/^ +4-17 +method +findPython \(\) +\[async, high complexity \d+\]$/m);
    expect(text).toMatch(/^ +19-21 +method +load \(\)$/m);
    expect(text).toMatch(/^ +23-54 +method +#load \(\) +\[async, high complexity \d+\]$/m);
    // (`has (k)` on its row; `#has (k)`, keyed apart from it since JS `#x` members are keyed `#x` — no boost
    // through the public name's key —, on its own row or counted with the rest, never folded into `has`.)
    expect(text).toMatch(/^ +56-58 +method +has \(k\)$/m);
    expect(budgeted(3)).toMatch(/^ +56-58 +method +has \(k\)\n +60-62 +method +#has \(k\)$/m);
    // More budget never takes a recommended pick's row away (`↑`: the pick is on its own row).
    const rowed = (t: string) => new Set([...(/^RECOMMENDED: (.*)$/m.exec(t)?.[1] ?? "").matchAll(/([^\s,]+) ↑/g)].map((m) => m[1]));
    let before = rowed(budgeted(9));
    expect(before.size).toBeGreaterThan(0);
    for (const compact of [8, 7, 6, 5]) {
      const now = rowed(budgeted(compact));
      for (const pick of before) expect(now, `budget.compact ${compact}: ${pick}`).toContain(pick);
      before = now;
    }
  });

  it("a key whose value is a call handed an object of methods is a property holding them (npm's `access: new Definition('access', { flatten () {…} })`), not 53 bare `flatten`s", async () => {
    // npm 11 @npmcli/config lib/definitions/definitions.js: 150 keys, 53 of them with their own `flatten`.
    const r = await report("definitions.js", [
      "const definitions = {",
      "  _auth: new Definition('_auth', {",
      "    default: null,",
      "    flatten,",
      "  }),",
      "  access: new Definition('access', {",
      "    default: null,",
      "    flatten (key, obj, flatOptions) {",
      "      flatOptions.access = obj[key]",
      "    },",
      "  }),",
      "  'cache-max': new Definition('cache-max', {",
      "    type: Number,",
      "    flatten: (key, obj, flatOptions) => {",
      "      flatOptions.cacheMax = obj[key]",
      "    },",
      "  }),",
      "  plain: {",
      "    flatten () {},",
      "  },",
      "}",
      "function inBody () {",
      "  return { local: wrap({ run (a) { return a } }) }",
      "}",
      "module.exports = definitions",
      "",
    ].join("\n"));
    const got = rows(r);
    expect([...got.keys()].filter((k) => k.startsWith("definitions."))).toEqual([
      "definitions.access@6", "definitions.access.flatten@8",
      "definitions.cache-max@12", "definitions.cache-max.flatten@14",
      "definitions.plain@18", "definitions.plain.flatten@19",
    ]);
    const access = r.api[0]!.members!.find((m) => m.name === "access")!;
    expect([access.kind, access.startLine, access.endLine, access.exported]).toEqual(["property", 6, 11, true]);
    // Its head folds the method's body, as an object literal's does.
    expect(access.signature).toBe("access: new Definition('access', { default: null, flatten (key, obj, flatOptions) {…} })");
    // Read by its path; `definitions.flatten` names no one of them now.
    const read = await lens.readSymbol(join(dir, "definitions.js"), "definitions.cache-max.flatten");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 14, 16]);
    // In a function's body such a key is no entry: its method stays a callback.
    expect([...got.keys()].some((k) => k.startsWith("inBody."))).toBe(false);
    expect(r.callbacks.map((c) => c.name)).toEqual(["run@23"]);
  });

  it("`module.exports` reads the declaration a CommonJS file hands on (`module.exports = Npm`), not a miss with no similar names", async () => {
    await report("npm-main.js", [
      "const Config = require('@npmcli/config')",
      "class Npm {",
      "  load () {",
      "    return new Config()",
      "  }",
      "}",
      "module.exports = Npm",
      "",
    ].join("\n"));
    const read = await lens.readSymbol(join(dir, "npm-main.js"), "module.exports");
    expect([read.found, read.name, read.kind, read.startLine, read.endLine]).toEqual([true, "Npm", "class", 2, 6]);
    // (`module.exports = function (…) {…}`, listed as `exports`, as before.)
    await report("reset.js", ["module.exports = tree => {", "  return tree", "}", ""].join("\n"));
    expect((await lens.readSymbol(join(dir, "reset.js"), "module.exports")).startLine).toBe(1);
  });

  it("a dotted query that picks the one the source assigns (`jQuery.filter = function`) still says the same-named others exist (`jQuery.fn.extend({ filter })`)", async () => {
    // jquery 3.6: the static `jQuery.filter` and the prototype's `filter`, which `jQuery.fn.extend({…})` makes jQuery's too.
    await report("jq.js", [
      "var jQuery = function (selector) {",
      "  return new jQuery.fn.init(selector)",
      "}",
      "jQuery.fn = jQuery.prototype = {}",
      "jQuery.filter = function (expr, elems, not) {",
      "  return elems",
      "}",
      "jQuery.fn.extend({",
      "  filter: function (selector) {",
      "    return this.pushStack(selector)",
      "  },",
      "})",
      "",
    ].join("\n"));
    const read = await lens.readSymbol(join(dir, "jq.js"), "jQuery.filter");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 5, 7]);
    expect(read.ambiguous).toEqual({ count: 2, kinds: ["method"] });
    expect(read.note).toMatch(/^2 symbols match jQuery\.filter; showing the one the source assigns to jQuery\.filter — others: jQuery\.filter@9 \(method 9-11: filter: function \(selector\)\); pass name@line/);
    const other = await lens.readSymbol(join(dir, "jq.js"), "jQuery.filter@9");
    expect([other.found, other.startLine, other.endLine]).toEqual([true, 9, 11]);
  });
});

