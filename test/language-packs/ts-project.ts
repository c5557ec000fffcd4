/** A scratch project for the JS/TS pack's tests: write a file, report it with a real Lens. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { Lens } from "../../core/engine.js";
import type { ModuleReport } from "../../core/types.js";

export interface TsProject {
  dir: string;
  lens: Lens;
  /** Write `src` to `name` in the project and report it (asserting the report is available). */
  report(name: string, src: string): Promise<ModuleReport>;
}

export async function tsProject(): Promise<TsProject> {
  const dir = mkdtempSync(join(tmpdir(), "pilens-ts-"));
  writeFileSync(join(dir, "package.json"), "{}");
  const lens = await Lens.create({ cwd: dir });
  return {
    dir,
    lens,
    async report(name, src) {
      const p = join(dir, name);
      mkdirSync(join(p, ".."), { recursive: true });
      writeFileSync(p, src);
      const r = await lens.moduleReport(p);
      expect(r.available, r.error).toBe(true);
      return r;
    },
  };
}
