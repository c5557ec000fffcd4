/**
 * module_report's warning for a file the project graph does not hold says why and what helps: a file no
 * build indexes (under dist/, .gitignore'd) is not sent to `pilens index`, which would leave it out again.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

async function indexed(files: Record<string, string>): Promise<{ dir: string; lens: Lens }> {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  expect((await lens.index()).warnings).toEqual([]);
  return { dir, lens };
}

describe("a file the index leaves out", () => {
  it("says so, not 'run `pilens index`' (which would leave it out again: rxjs' dist/ bundles, QA session 45)", async () => {
    const { dir, lens } = await indexed({ "src/a.ts": "export const a = 1;\n", ".gitignore": "gen/\n" });
    writeFileSync(join(dir, "src/b.ts"), "export const b = 2;\n");
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist/bundle.js"), "export function bundled() {\n  return 1;\n}\n");
    mkdirSync(join(dir, "gen"));
    writeFileSync(join(dir, "gen/out.ts"), "export const generated = 1;\n");
    for (const f of ["dist/bundle.js", "gen/out.ts"]) {
      const w = (await lens.moduleReport(f)).warnings?.join("\n");
      expect(w, f).toMatch(new RegExp(`${f.replace(".", "\\.")} is not indexed: it is under a folder the index skips \\(a dot-folder, build output or dependencies such as dist/ or node_modules/\\) or \\.gitignore'd — usedBy unknown, and symbol_search does not see it`));
      expect(w, f).not.toMatch(/pilens index/);
    }
    // A new file where a build would index it: the index takes it.
    expect((await lens.moduleReport("src/b.ts")).warnings?.join("\n")).toMatch(/src\/b\.ts is not in the project graph \(new since the last `pilens index`/);
    // A package whose only code is its dist/: the graph holds dist/, so a new file there is one it takes.
    const built = tempProject({ "dist/lib.js": "export function lib() {\n  return 1;\n}\n" });
    const builtLens = await Lens.create({ cwd: built });
    expect((await builtLens.index()).warnings.join("\n")).toMatch(/no source outside dist\/: indexed it/);
    writeFileSync(join(built, "dist/extra.js"), "export function extra() {\n  return 2;\n}\n");
    expect((await builtLens.moduleReport("dist/extra.js")).warnings?.join("\n")).toMatch(/dist\/extra\.js is not in the project graph \(new since the last `pilens index`/);
  });
});
