/**
 * symbol_search's row for a re-export line (`export { GaxiosError } from './common.js'`) says it is a re-export and
 * of what, and points the next read at the declaration: gaxios' index.js:14 had read "class GaxiosError →
 * read_symbol GaxiosError", whose answer was that one line.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { runTool } from "../../hosts/shared/run.js";
import { symbolSearch } from "../../hosts/shared/tools/symbol-search.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const FILES = {
  "src/common.js": ["export class HttpError extends Error {", "  constructor(message) {", "    super(message);", "    this.status = 500;", "  }", "}", ""].join("\n"),
  "src/barrel.js": "export { HttpError } from './common.js';\n",
  "src/index.js": ["export { HttpError } from './barrel.js';", "export { pick } from 'some-package';", ""].join("\n"),
};

describe("search rows of re-exports", () => {
  it("a re-export row is kind re-export, names the declaration through barrels, and suggests reading that", async () => {
    const lens = await Lens.create({ cwd: tempProject(FILES) });
    expect((await lens.index()).warnings).toEqual([]);
    const r = await lens.symbolSearch("HttpError", { limit: 10 });
    if (!r.available) throw new Error(r.reason);
    const row = (file: string) => r.hits.find((h) => h.file === file);
    expect(row("src/common.js")).toMatchObject({ kind: "class", startLine: 1, endLine: 6, suggestedNext: { tool: "read_symbol", file: "src/common.js", symbol: "HttpError" } });
    const of = { file: "src/common.js", symbol: "HttpError", kind: "class", startLine: 1, endLine: 6 };
    for (const f of ["src/barrel.js", "src/index.js"]) {
      expect(row(f)).toMatchObject({ kind: "re-export", startLine: 1, reexportOf: of, suggestedNext: { tool: "read_symbol", file: "src/common.js", symbol: "HttpError" } });
    }
    const out = await runTool(symbolSearch, lens, { query: "HttpError" });
    const line = out.body.split("\n").find((l) => l.startsWith("src/barrel.js"));
    expect(line).toMatch(/^src\/barrel\.js:1-1  re-export HttpError \(of class HttpError, src\/common\.js:1-6\)  score [\d.]+  → read_symbol src\/common\.js HttpError$/);
  });

  it("a re-export of another package's name is still said a re-export, its next read the line (which says where from)", async () => {
    const lens = await Lens.create({ cwd: tempProject(FILES) });
    expect((await lens.index()).warnings).toEqual([]);
    const r = await lens.symbolSearch("pick", { limit: 10 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits.find((h) => h.file === "src/index.js")).toMatchObject({ kind: "re-export", startLine: 2, suggestedNext: { tool: "read_symbol", file: "src/index.js", symbol: "pick" } });
    expect(r.hits.find((h) => h.file === "src/index.js")?.reexportOf).toBeUndefined();
  });
});
