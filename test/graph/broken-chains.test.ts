/**
 * A chain broken over lines keeps its head: `z\n  .string()` (prettier's style for long chains),
 * `this\n  .store`, Java's builders, Go's `s.\n\tm()` (Go breaks after the dot). The head had been lost
 * at the line break, so the member fell to a link by name alone, or to none.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

describe("usedBy: a chain broken before or after its dot", () => {
  it("TS: a namespace import's member on the next line is the module's export, not a class member so named", async () => {
    const u = await usedBy({
      "lib.ts": "export function string(): string { return 's'; }\n",
      "mocker.ts": "export class Mocker {\n  string(): string { return 'm'; }\n}\n",
      "a.ts": 'import * as z from "./lib";\nexport const schema = z\n  .string();\n',
    });
    expect({ module: u("lib.ts", "string"), member: u("mocker.ts", "Mocker.string") }).toEqual({ module: ["a.ts"], member: [] });
  });

  it("TS: `this` on the line above is the class's own member", async () => {
    const u = await usedBy({
      "store.ts": "export class Store {\n  load(): number { return 1; }\n  run(): number {\n    return this\n      .load();\n  }\n}\n",
      "other.ts": "export class Other {\n  load(): number { return 2; }\n}\n",
    });
    expect({ own: u("store.ts", "Store.load"), other: u("other.ts", "Other.load") }).toEqual({ own: ["Store.run"], other: [] });
  });

  it("Java: a typed value on the line above selects its type's member", async () => {
    const u = await usedBy({
      "Builder.java": "class Builder {\n  Builder name(String n) { return this; }\n}\n",
      "Other.java": "class Other {\n  Other name(String n) { return this; }\n}\n",
      "Use.java": 'class Use {\n  void make(Builder b) {\n    b\n      .name("x");\n  }\n}\n',
    });
    expect({ builder: u("Builder.java", "Builder.name"), other: u("Other.java", "Other.name") }).toEqual({ builder: ["Use.java"], other: [] });
  });

  it("Go: a selector broken after its dot is the receiver's member", async () => {
    const u = await usedBy({
      "go.mod": "module example.com/m\n\ngo 1.21\n",
      "s.go": "package m\n\ntype S struct{}\n\nfunc (s *S) Load() int { return 1 }\n\nfunc (s *S) Run() int {\n\treturn s.\n\t\tLoad()\n}\n",
      "t.go": "package m\n\ntype T struct{}\n\nfunc (t *T) Load() int { return 2 }\n",
    });
    expect({ own: u("s.go", "S.Load"), other: u("t.go", "T.Load") }).toEqual({ own: ["S.Run"], other: [] });
  });

  it("Go: a comment's full stop is no selector's dot (the name starting the next line is a bare name)", async () => {
    const u = await usedBy({
      "go.mod": "module example.com/m\n\ngo 1.21\n",
      "run.go": "package m\n\nfunc Run() {\n\t// Load first.\n\tLoad()\n}\n\nfunc Load() {}\n",
      "t.go": "package m\n\ntype T struct{}\n\nfunc (t *T) Load() {}\n",
    });
    expect({ fn: u("run.go", "Load"), member: u("t.go", "T.Load") }).toEqual({ fn: ["Run"], member: [] });
  });
});
