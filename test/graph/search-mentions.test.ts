/**
 * symbol_search's mention rows point at a line read_enclosing can read: a use, never an import line —
 * whatever other files of the project hold (an ambient `declare module 'x'` once taught the identifier
 * pass string fragments, so every later file's module specifier became a mention on its import line),
 * for CommonJS `require` declarations too; a file that only imports the name says so.
 */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { Lens } from "../../core/engine.js";
import { runTool } from "../../hosts/shared/run.js";
import { symbolSearch } from "../../hosts/shared/tools/symbol-search.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

async function rows(files: Record<string, string>, query: string) {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  expect((await lens.index()).warnings).toEqual([]);
  const r = await lens.symbolSearch(query, { limit: 10 });
  if (!r.available) throw new Error(r.reason);
  return { dir, lens, hits: r.hits };
}

describe("search mention rows", () => {
  it("a `declare module 'node:http' { … }` elsewhere does not move other files' rows to their import line", async () => {
    const { hits } = await rows(
      {
        "src/agents.ts": "declare module 'node:http' {\n  interface Agent {\n    options?: number\n  }\n}\n",
        "src/emitAsync.ts": "export async function emitAsync(a: number) {\n  return a\n}\n",
        "src/use.ts": "import { emitAsync } from './emitAsync'\n\nexport function go() {\n  return emitAsync(1)\n}\n",
      },
      "emitAsync",
    );
    expect(hits.map((h) => [h.file, h.startLine, h.suggestedNext.tool])).toEqual([
      ["src/emitAsync.ts", 1, "read_symbol"],
      ["src/use.ts", 4, "read_enclosing"],
    ]);
  });

  it("a mention row carries its line's text, trimmed and clipped to 100 characters (a lookup without a second call)", async () => {
    const long = `  const offsets = { EST: -300, ${Array.from({ length: 20 }, (_, i) => `Z${i}: ${i}`).join(", ")} }`;
    const { hits } = await rows(
      {
        "src/tz.ts": "export const EST = -300\n",
        "src/table.ts": `import { EST } from './tz'\n\nexport function offsets() {\n${long}\n  return offsets\n}\n`,
      },
      "EST",
    );
    const row = hits.find((h) => h.file === "src/table.ts")!;
    expect(row.startLine).toBe(4);
    expect(row.text).toBe(`${long.trim().slice(0, 99)}…`);
    expect(hits.find((h) => h.file === "src/tz.ts")!.text).toBeUndefined(); // a definition row: read_symbol reads it
  });

  it("a CR-only file's mention row has its line and that line's text (lone CRs end lines, as in the outline)", async () => {
    const { hits } = await rows(
      {
        "src/tz.ts": "export const EST = -300\n",
        "src/table.ts": "import { EST } from './tz'\n\nexport function a() {\n  return EST + 1\n}\n\nexport function b() {\n  return EST + 2\n}\n",
        "src/mac.ts": "import { EST } from './tz'\r\rexport function c() {\r  return EST * 3\r}\r",
      },
      "EST",
    );
    const texts = hits.filter((h) => !h.symbol).map((h) => [h.file, h.startLine, h.text]);
    expect(texts).toEqual(expect.arrayContaining([
      ["src/table.ts", 4, "return EST + 1"],
      ["src/mac.ts", 4, "return EST * 3"],
    ]));
  });

  it("CommonJS `const { x } = require('./a')` (one line or several) is an import line: the row is the use, and read_enclosing reads it", async () => {
    const { dir, lens, hits } = await rows(
      {
        "src/a.js": "function emitThing(x) {\n  return x + 1\n}\nmodule.exports = { emitThing, other: 2 }\n",
        "src/c.js": "const { emitThing } = require('./a')\n\nfunction go() {\n  return emitThing(3)\n}\nmodule.exports = { go }\n",
        "src/d.js": "const {\n  other,\n  emitThing,\n} = require('./a'), path = require('node:path')\n\nfunction run() {\n  return emitThing(other)\n}\nmodule.exports = { run }\n",
      },
      "emitThing",
    );
    const mentions = hits.filter((h) => !h.symbol).map((h) => [h.file, h.startLine, h.suggestedNext.tool]);
    expect(mentions).toEqual([
      ["src/c.js", 4, "read_enclosing"],
      ["src/d.js", 7, "read_enclosing"],
    ]);
    expect((await lens.readEnclosing(join(dir, "src/c.js"), 4)).name).toBe("go");
  });

  it("a file that imports a name and uses it only in JSDoc is 'imported only (line N)', with no read_enclosing to fail", async () => {
    const files = {
      "src/marker.js": "export class ArraySearchMarker {\n  constructor (p) {\n    this.p = p\n  }\n}\n",
      "src/array.js": "import { ArraySearchMarker } from './marker.js'\n\n/**\n * @type {ArraySearchMarker|null}\n */\nexport let current = null\n\nexport function reset () {\n  current = null\n}\n",
    };
    const { hits } = await rows(files, "ArraySearchMarker");
    expect(hits[1]).toMatchObject({ file: "src/array.js", startLine: 1, importOnly: true, suggestedNext: { tool: "module_report", file: "src/array.js" } });
    const lens = await Lens.create({ cwd: tempProject(files) });
    await lens.index();
    const out = await runTool(symbolSearch, lens, { query: "ArraySearchMarker" });
    expect(out.body.split("\n")[1]).toMatch(/^src\/array\.js  imported only \(line 1\)  score [\d.]+  → module_report  \| import \{ ArraySearchMarker \} from '\.\/marker\.js'$/);
  });
});
