/**
 * Swift operator functions — `static func ==` of an Equatable conformance, `static prefix func !`, a custom
 * `<=>`, a protocol's operator requirement, a top-level `func <` — are entries named by their operator (the
 * grammar gives the name as a token of its own: `==`, `bang`, `custom_operator`); they had not been listed.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entryAt as get, lensAt, rows } from "../helpers.js";

const SRC = [
  "public struct Money: Equatable, Comparable {",
  "  public var cents: Int",
  "  /// Equal when the amounts are.",
  "  public static func == (lhs: Money, rhs: Money) -> Bool { lhs.cents == rhs.cents }",
  "  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }",
  "  public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }",
  "  public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }",
  "  static prefix func ! (m: Money) -> Bool { m.cents == 0 }",
  "  static func <=> (a: Money, b: Money) -> Int { a.cents - b.cents }",
  "}",
  "protocol Ordered {",
  "  static func == (a: Self, b: Self) -> Bool",
  "}",
  "func < (a: Ordered, b: Ordered) -> Bool { true }",
  "",
].join("\n");

describe("swift operator functions", () => {
  it("are entries named by their operator, with their heads and docs; each one reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-swift-ops-"));
    const file = join(dir, "Money.swift");
    writeFileSync(file, SRC);
    const lens = await lensAt(dir);
    const r = await lens.moduleReport(file);
    expect(rows(r)).toEqual([
      "struct Money 1-10",
      "property Money.cents 2-2",
      "method Money.== 4-4",
      "method Money.< 5-5",
      "method Money.+ 6-6",
      "method Money.+= 7-7",
      "method Money.! 8-8",
      "method Money.<=> 9-9",
      "protocol Ordered 11-13",
      "method Ordered.== 12-12",
      "function < 14-14",
    ]);
    const eq = get(r, "Money.==");
    expect(eq.signature).toBe("public static func == (lhs: Money, rhs: Money) -> Bool");
    expect(eq.doc).toBe("Equal when the amounts are.");
    expect(eq.exported).toBe(true);
    for (const [q, start] of [["Money.==", 3], ["Money.<=>", 9], ["Money.!", 8], ["Ordered.==", 12]] as const) {
      const read = await lens.readSymbol(file, q);
      expect(read.found, q).toBe(true);
      expect(read.startLine, q).toBe(start);
    }
  });
});
