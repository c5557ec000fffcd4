/** The Lens keeps analyses for re-reads (mtime and size checked) unless told to keep none. */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { repoRoot } from "../helpers.js";

describe("analysis cache", () => {
  it("a second read of an unchanged file is served from the cache", async () => {
    const lens = await Lens.create({ cwd: repoRoot });
    const a = await lens.analyze("core/text.ts");
    expect(await lens.analyze("core/text.ts")).toBe(a);
  });

  it("cacheSize 0 (the CLI's report) parses every read again, with the same result", async () => {
    const lens = await Lens.create({ cwd: repoRoot, cacheSize: 0 });
    const a = await lens.analyze("core/text.ts");
    const b = await lens.analyze("core/text.ts");
    expect(b).not.toBe(a);
    expect(b.symbols.map((s) => s.name)).toEqual(a.symbols.map((s) => s.name));
  });

  it("a full cache drops the oldest analysis", async () => {
    const lens = await Lens.create({ cwd: repoRoot, cacheSize: 1 });
    const a = await lens.analyze("core/text.ts");
    await lens.analyze("core/stages.ts");
    expect(await lens.analyze("core/text.ts")).not.toBe(a);
  });
});
