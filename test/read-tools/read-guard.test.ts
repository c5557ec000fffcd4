/** The read-guard: coverage per content hash, edits checked against it, own edits carried forward. */
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ReadGuard, rangesOfText, uncovered, mergeRanges } from "../../core/read-guard.js";
import { lensAt, repoRoot } from "../helpers.js";

const file = join(repoRoot, "test", "read-tools", "fixtures", "server.ts");
const text = readFileSync(file, "utf8");

describe("read-guard", async () => {
  const lens = await lensAt(repoRoot);

  it("allows edits inside what read_symbol / read_enclosing returned, blocks the rest with what to read first", async () => {
    const g = new ReadGuard();
    const sym = await lens.readSymbol(file, "Server.start");
    g.recordRead(file, text, { startLine: sym.startLine!, endLine: sym.endLine! });
    expect(g.checkEdit(file, text, { startLine: 42, endLine: 44 })).toMatchObject({ allowed: true });
    const blocked = g.checkEdit(file, text, { startLine: 44, endLine: 50 });
    expect(blocked).toMatchObject({ allowed: false, readFirst: [{ startLine: 46, endLine: 50 }] });
    if (!blocked.allowed) expect(blocked.hint).toMatch(/lines 46-50.*read_enclosing/);
    const enc = await lens.readEnclosing(file, 50);
    g.recordRead(file, text, { startLine: enc.startLine!, endLine: enc.endLine! });
    expect(g.checkEdit(file, text, { startLine: 44, endLine: 50 })).toMatchObject({ allowed: false, readFirst: [{ startLine: 46, endLine: 46 }] });
  });

  it("a file never read is blocked; a full read covers everything", () => {
    const g = new ReadGuard();
    expect(g.checkEdit(file, text, { startLine: 1, endLine: 2 })).toMatchObject({ allowed: false, reason: expect.stringMatching(/not read/) });
    g.recordRead(file, text);
    expect(g.checkEdit(file, text, { startLine: 1, endLine: 76 })).toMatchObject({ allowed: true });
  });

  it("a change by someone else invalidates coverage", () => {
    const g = new ReadGuard();
    g.recordRead(file, text);
    const changed = text.replace("return 1;", "return 10;");
    expect(g.checkEdit(file, changed, { startLine: 4, endLine: 6 })).toMatchObject({ allowed: false, reason: expect.stringMatching(/changed since/) });
    expect(g.coverage(file, changed)).toEqual([]);
  });

  it("the agent's own edit carries coverage forward, shifted, with the written lines counted as read", () => {
    const g = new ReadGuard();
    g.recordRead(file, text, { startLine: 3, endLine: 6 });
    g.recordRead(file, text, { startLine: 47, endLine: 73 });
    const after = text.replace("  return 1;\n", "  const one = 1;\n  const two = one;\n  return two - one + one;\n");
    g.recordEdit(file, text, after);
    expect(g.coverage(file, after)).toEqual([{ startLine: 3, endLine: 8 }, { startLine: 49, endLine: 75 }]);
    expect(g.checkEdit(file, after, { startLine: 60, endLine: 62 })).toMatchObject({ allowed: true });
    expect(g.checkEdit(file, after, { startLine: 20, endLine: 20 })).toMatchObject({ allowed: false });
  });

  it("without coverage (an edit let through in warn mode) the lines the agent wrote count as read", () => {
    const g = new ReadGuard();
    const after = text.replace("  return 1;\n", "  const one = 1;\n  return one;\n");
    g.recordEdit(file, text, after);
    expect(g.coverage(file, after)).toEqual([{ startLine: 5, endLine: 6 }]);
    expect(g.checkEdit(file, after, { startLine: 5, endLine: 6 })).toMatchObject({ allowed: true });
    expect(g.checkEdit(file, after, { startLine: 20, endLine: 20 })).toMatchObject({ allowed: false });
  });

  it("finds old text as pi's edit does when it is not there exactly: CRLF, trailing spaces, typographic quotes", () => {
    const crlf = text.replace(/\n/g, "\r\n");
    expect(rangesOfText(crlf, "  start(): void {\n    this.events")).toEqual([{ startLine: 41, endLine: 42 }]);
    expect(rangesOfText(text, "  start(): void {   \n    this.events")).toEqual([{ startLine: 41, endLine: 42 }]);
    const quoted = "const s = \u201chello\u201d;\nconst t = 1;\n";
    expect(rangesOfText(quoted, 'const s = "hello";')).toEqual([{ startLine: 1, endLine: 1 }]);
    expect(rangesOfText(text, "no such text anywhere")).toEqual([]);
  });

  it("locates old text for edit tools that do not give lines; range helpers", () => {
    expect(rangesOfText(text, "  start(): void {\n    this.events")).toEqual([{ startLine: 41, endLine: 42 }]);
    expect(rangesOfText(text, "return").map((r) => r.startLine)).toEqual([5, 11, 19, 25, 33, 72]);
    expect(mergeRanges([{ startLine: 5, endLine: 9 }, { startLine: 1, endLine: 2 }, { startLine: 3, endLine: 4 }])).toEqual([{ startLine: 1, endLine: 9 }]);
    expect(uncovered({ startLine: 1, endLine: 10 }, [{ startLine: 3, endLine: 4 }, { startLine: 8, endLine: 20 }])).toEqual([
      { startLine: 1, endLine: 2 },
      { startLine: 5, endLine: 7 },
    ]);
  });
});
