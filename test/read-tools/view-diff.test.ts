/** The re-read diff: separate edits give separate hunks with real line numbers. */
import { describe, expect, it } from "vitest";
import { formatDiff, lineDiff } from "../../core/view/diff.js";

const file = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);

describe("lineDiff", () => {
  it("two distant edits are two hunks, not everything in between", () => {
    const b = [...file];
    b[4] = "line 5 changed";
    b.splice(30, 0, "inserted after 30");
    const d = lineDiff(file, b);
    expect(d.hunks).toHaveLength(2);
    expect(formatDiff(d)).toBe(["@@ old 5 → new 5", "-5: line 5", "+5: line 5 changed", "@@ old after 30 → new 31", "+31: inserted after 30"].join("\n"));
  });

  it("deletions carry old numbers; windows carry their base line", () => {
    const b = file.filter((_, i) => i !== 9 && i !== 10);
    expect(formatDiff(lineDiff(file, b, 101))).toBe(["@@ old 110-111 → new after 109", "-110: line 10", "-111: line 11"].join("\n"));
  });

  it("identical lines: no hunks, said plainly", () => {
    expect(lineDiff(file, [...file]).hunks).toEqual([]);
    expect(formatDiff(lineDiff(file, [...file]))).toMatch(/no line changed/);
  });
});
