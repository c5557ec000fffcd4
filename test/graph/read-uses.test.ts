/**
 * read_symbol says who uses what it read (core/read-uses.ts): a line under the header with the uses' total
 * and the first five as `file:line symbol`, and `usedBy` / `usedByTotal` in the structured result — where
 * the project graph is built; nothing where it is not, or knows no use.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { formatReadSymbol } from "../../core/read-format.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const UTIL = "export function helper(n: number): number {\n  return n * 2;\n}\n\nexport class Box {\n  open(): void {}\n  unused(): void {}\n}\n";
const A = "import { helper, Box } from './util'\nexport function a1() { return helper(1) }\nexport function a2() { return helper(2) }\nexport function a3(b: Box) { b.open() }\n";
const B = Array.from({ length: 6 }, (_, i) => `export function b${i}() { return helper(${i}) }`).join("\n");

describe("read_symbol: who uses it", () => {
  it("names the uses under the header, and keeps them in the result", async () => {
    const cwd = tempProject({ "src/util.ts": UTIL, "src/a.ts": A, "src/b.ts": `import { helper } from './util'\n${B}\n` });
    const lens = await Lens.create({ cwd });
    expect((await lens.index()).warnings).toEqual([]);
    const r = await lens.readSymbol("src/util.ts", "helper");
    expect(r.found).toBe(true);
    expect(r.usedBy?.map((u) => `${u.file}:${u.line} ${u.symbol}`)).toEqual(expect.arrayContaining(["src/a.ts:2 a1", "src/b.ts:2 b0"]));
    const text = formatReadSymbol(r).split("\n");
    expect(text[0]).toBe("function helper  src/util.ts:1-3");
    expect(text[1]).toMatch(/^# used by 8 in 2 files: (src\/[ab]\.ts:\d \w+, ){4}src\/[ab]\.ts:\d \w+ \+3$/);
    expect(text[2]).toBe("export function helper(n: number): number {");
    // A member: its own uses (b.open()), not its class's.
    const open = await lens.readSymbol("src/util.ts", "Box.open");
    expect(formatReadSymbol(open).split("\n")[1]).toBe("# used by 1 in 1 file: src/a.ts:4 a3");
    // No use known: no line, no list (not an empty one).
    const unused = await lens.readSymbol("src/util.ts", "Box.unused");
    expect(unused.usedBy).toBeUndefined();
    expect(formatReadSymbol(unused).split("\n")[1]).toBe("  unused(): void {}");
  });

  it("says nothing of uses where the project has no graph", async () => {
    const cwd = tempProject({ "src/util.ts": UTIL, "src/a.ts": A });
    const r = await (await Lens.create({ cwd })).readSymbol("src/util.ts", "helper");
    expect(r.found).toBe(true);
    expect(r.usedBy).toBeUndefined();
    expect(formatReadSymbol(r).split("\n")[1]).toBe("export function helper(n: number): number {");
  });
});
