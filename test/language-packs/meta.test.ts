/**
 * Meta-test over every built-in pack (typescript-eslint's docs test idea): a doc page per pack,
 * manifests that agree with the loaded pack, well-formed metadata, no extension claimed twice
 * without content detection, and every query compiling against its grammar.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinPacks } from "../../language-packs/index.js";
import { Lens } from "../../core/engine.js";
import { grammarPath } from "../../core/runtime.js";
import { repoRoot } from "../helpers.js";

describe("built-in packs", () => {
  it("ids are unique", () => {
    const ids = builtinPacks.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const manifest of builtinPacks) {
    describe(manifest.id, () => {
      it("has docs/packs/<id>.md naming every language and extension", () => {
        const page = join(repoRoot, "docs", "packs", `${manifest.id}.md`);
        expect(existsSync(page), `missing ${page}`).toBe(true);
        const text = readFileSync(page, "utf8");
        for (const l of manifest.languages) {
          for (const e of l.extensions) expect(text, `${page} does not mention ${e}`).toContain(e);
        }
      });

      it("manifest matches the loaded pack; metadata is well formed", async () => {
        const pack = await manifest.load();
        expect(pack.meta.name).toMatch(/^[a-z0-9@/._-]+$/);
        expect(pack.meta.version).toMatch(/^\d+\.\d+\.\d+/);
        expect(pack.languages.map((l) => l.id)).toEqual(manifest.languages.map((l) => l.id));
        for (const [i, l] of pack.languages.entries()) {
          expect(l.extensions).toEqual(manifest.languages[i]!.extensions);
          for (const e of l.extensions) expect(e).toMatch(/^\.[A-Za-z0-9+_.-]+$/);
          expect(l.callbackSupport === "tuned" || l.callbackSupport === "generic").toBe(true);
          // The CLI compiles a manifest's grammar before the pack loads (hosts/cli/warm.ts): it must be
          // the grammar the pack loads, or the early work is wasted and the real load starts over.
          const named = manifest.languages[i]!.grammar;
          if (named && !/[\\/]|\.wasm$/.test(named)) expect(grammarPath(l.grammar), `${l.id} manifest grammar`).toBe(grammarPath(named));
        }
        if (manifest.id !== "generic") expect(manifest.languages.every((l) => l.grammar), "tuned packs name their grammars").toBe(true);
      });

      it("every language's grammar loads and queries compile", async () => {
        const lens = await Lens.create({ cwd: repoRoot, packs: [manifest] });
        for (const l of manifest.languages) {
          const loaded = await lens.registry.load(manifest, l.id);
          expect(loaded.language).toBeTruthy();
          // A language without queries is served by node-kind heuristics, and must say it is generic.
          if (!loaded.queries.names.length) expect(loaded.spec.callbackSupport, `${l.id} declares no queries`).toBe("generic");
        }
      });
    });
  }

  it("an extension claimed by two languages is told apart by content detection", () => {
    const claims = new Map<string, string[]>();
    for (const m of builtinPacks) for (const l of m.languages) for (const e of l.extensions) claims.set(e, [...(claims.get(e) ?? []), `${m.id}/${l.id}`]);
    for (const [ext, who] of claims) {
      if (who.length < 2) continue;
      const detectors = builtinPacks.flatMap((m) => m.languages.filter((l) => l.extensions.includes(ext) && l.detect));
      expect(detectors.length, `${ext} is claimed by ${who.join(", ")} without detect()`).toBeGreaterThan(0);
    }
  });
});
