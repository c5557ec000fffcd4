/**
 * A JavaScript `#x` member is listed as `x` (Ctags' convention, which the outline's `name` keeps) but is no public
 * `x`: its qualified name, read key and use key are `Class.#x`, as TypeScript's. gaxios' `fetch()` and `static #fetch`
 * had been one `Gaxios.fetch` ("2 symbols match"), `#prepareRequest` read and recommended as `Gaxios.prepareRequest`,
 * and in `Box` the `#size` used inside `size` was dropped as recursion, both listed as used by `Box.twice`.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const BOX = [
  "export class Box {",
  "  #size() {",
  "    if (this.a) return 1;",
  "    if (this.b) return 2;",
  "    return 3;",
  "  }",
  "  size() {",
  "    return this.#size();",
  "  }",
  "  twice() {",
  "    return this.size() * 2;",
  "  }",
  "  #only() {",
  "    return 2;",
  "  }",
  "}",
  "",
].join("\n");

describe("a JavaScript #private member's name", () => {
  it("keys its own uses apart from a public namesake's; listed by its bare name, its users named with the #", async () => {
    const lens = await Lens.create({ cwd: tempProject({ "src/box.js": BOX, "src/box-ts.ts": BOX }) });
    expect((await lens.index()).warnings).toEqual([]);
    for (const [file, hash] of [["src/box.js", ""], ["src/box-ts.ts", "#"]] as const) {
      const report = await lens.moduleReport(file, { detail: "full" });
      const members = report.api![0]!.members!.map((m) => [m.name, m.startLine, (m.usedBy ?? []).map((u) => u.symbol)]);
      expect(members, file).toEqual([[`${hash}size`, 2, ["Box.size"]], ["size", 7, ["Box.twice"]], ["twice", 10, []], [`${hash}only`, 13, []]]);
      expect(report.recommendedReads!.map((r) => r.symbol), file).toContain("Box.#size");
    }
    const fetched = await lens.moduleReport("src/box.js", { detail: "full" });
    expect(fetched.recommendedReads!.map((r) => r.symbol)).not.toContain("Box.size@2");
  });

  it("reads as Class.#x; a bare x is the public namesake (the private one named in the note) or, with none, the #x", async () => {
    const lens = await Lens.create({ cwd: tempProject({ "src/box.js": BOX }) });
    await lens.index();
    const hashed = await lens.readSymbol("src/box.js", "Box.#size");
    expect(hashed).toMatchObject({ found: true, name: "Box.#size", startLine: 2, endLine: 6 });
    expect(hashed.usedBy?.map((u) => u.symbol)).toEqual(["Box.size"]);
    const bare = await lens.readSymbol("src/box.js", "Box.size");
    expect(bare).toMatchObject({ found: true, name: "Box.size", startLine: 7, endLine: 9 });
    // (The private namesake said by its own name: it had been `others: Box.size@2`, the public one's name.)
    expect(bare.note).toMatch(/showing Box\.size method 7-9, the public one \(ask for #size for the private one\) — others: Box\.#size@2 \(method 2-6\)/);
    expect(await lens.readSymbol("src/box.js", "Box.only")).toMatchObject({ found: true, name: "Box.#only", startLine: 13 });
    expect(await lens.readEnclosing("src/box.js", 4)).toMatchObject({ found: true, name: "Box.#size" });
    const miss = await lens.readSymbol("src/box.js", "Box.onyl");
    expect(miss.found).toBe(false);
    expect(miss.suggestions ?? []).toContain("Box.#only");
  });
});
