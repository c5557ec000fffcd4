/**
 * Symbol names that are no identifiers — C++'s `operator++`, `operator()`, `operator[]` — in the
 * patterns read_symbol and the recommended reads build from names: unescaped, `operator ++` made an
 * invalid RegExp, and the report of any file recommending one of two same-named operators failed
 * ("report failed: Invalid regular expression"), as did `read FILE operator++`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { lensAt } from "../helpers.js";

let lens: Lens;
let file: string;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "pilens-operators-"));
  writeFileSync(join(dir, "package.json"), "{}");
  file = join(dir, "iter.hpp");
  writeFileSync(
    file,
    [
      "struct Iter {",
      "  Iter& operator++() { ++p; return *this; }",
      "  Iter operator++(int) { Iter t = *this; ++p; return t; }",
      "  int& operator[](int i) { if (i < 0) { return p[0]; } else if (i > 9) { return p[9]; } return p[i]; }",
      "  const int& operator[](int i) const { if (i < 0) { return p[0]; } return p[i]; }",
      "  int operator()(int a) { return a; }",
      "  int operator()(int a, int b) { return a + b; }",
      "  int* p;",
      "};",
      "",
    ].join("\n"),
  );
  lens = await lensAt(dir);
});

describe("operator names in read_symbol and recommended reads", () => {
  it("the report of a file with same-named operators is made, its recommended reads each readable", async () => {
    const r = await lens.moduleReport(file);
    expect(r.available, r.error).toBe(true);
    const members = r.api.concat(r.internal).flatMap((e) => e.members ?? []).map((m) => `${m.name}@${m.startLine}`);
    expect(members).toEqual(expect.arrayContaining(["operator ++@2", "operator ++@3", "operator []@4", "operator []@5", "operator ()@6", "operator ()@7"]));
    expect(r.recommendedReads.length).toBeGreaterThan(0);
    for (const rec of r.recommendedReads) {
      const read = await lens.readSymbol(file, rec.symbol);
      expect(read.found, rec.symbol).toBe(true);
      expect([read.startLine, read.endLine], rec.symbol).toEqual([rec.startLine, rec.endLine]);
    }
  });

  it("reads an overloaded operator by its name, saying the others", async () => {
    for (const [q, line] of [["operator++", 2], ["Iter.operator[]", 4], ["operator()", 6]] as const) {
      const read = await lens.readSymbol(file, q);
      expect(read.error, q).toBeUndefined();
      expect(read.found, q).toBe(true);
      expect(read.startLine, q).toBe(line);
      expect(read.ambiguous?.count ?? 0, q).toBeGreaterThanOrEqual(2);
    }
  });
});
