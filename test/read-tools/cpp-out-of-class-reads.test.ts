/**
 * read_symbol of a C++ member defined out of its class inside a namespace, the class declared in another
 * file (googletest's `bool UnitTestImpl::RunAllTests()` inside `namespace testing { namespace internal {`
 * in gtest.cc): the outline lists it `testing.internal.UnitTestImpl.RunAllTests`, and the read's header,
 * an ambiguity's others and did-you-mean name it so — they had said `testing.internal.RunAllTests`, a path
 * the outline shows nowhere (and did-you-mean had offered the one member under both names).
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
  const dir = mkdtempSync(join(tmpdir(), "pilens-cpp-ooc-read-"));
  file = join(dir, "impl.cc");
  writeFileSync(file, [
    "namespace testing {",
    "namespace internal {",
    "bool UnitTestImpl::RunAllTests() {",
    "  return true;",
    "}",
    "void UnitTestImpl::Filter(int a) {",
    "}",
    "void UnitTestImpl::Filter(double a) {",
    "}",
    "}  // namespace internal",
    "}  // namespace testing",
    "",
  ].join("\n"));
  lens = await lensAt(dir);
});

describe("C++: an out-of-class member in a namespace is named as the outline lists it", () => {
  it("the read's header names its class, whichever way it is asked for", async () => {
    for (const q of ["UnitTestImpl::RunAllTests", "UnitTestImpl.RunAllTests", "testing::internal::UnitTestImpl::RunAllTests", "RunAllTests", "testing.internal.RunAllTests"]) {
      const read = await lens.readSymbol(file, q);
      expect([q, read.found, read.name, read.startLine, read.endLine, read.parentChain]).toEqual([q, true, "testing.internal.UnitTestImpl.RunAllTests", 3, 5, ["testing", "internal", "UnitTestImpl"]]);
    }
    // (The namespace path alone still finds it, said: it is listed by its class.)
    expect((await lens.readSymbol(file, "testing.internal.RunAllTests")).note).toBe("listed as testing.internal.UnitTestImpl.RunAllTests");
  });

  it("an ambiguity's others and did-you-mean give names that read back", async () => {
    const read = await lens.readSymbol(file, "UnitTestImpl::Filter");
    expect(read.ambiguous?.count).toBe(2);
    expect(read.note).toContain("others: testing.internal.UnitTestImpl.Filter@8 (method 8-9");
    expect((await lens.readSymbol(file, "testing.internal.UnitTestImpl.Filter@8")).startLine).toBe(8);
    const miss = await lens.readSymbol(file, "UnitTestImpl::RunAllTest");
    expect(miss.found).toBe(false);
    expect(miss.suggestions?.[0]).toBe("testing.internal.UnitTestImpl.RunAllTests");
    expect(miss.suggestions).not.toContain("testing.internal.RunAllTests");
    for (const s of miss.suggestions ?? []) expect((await lens.readSymbol(file, s)).found).toBe(true);
  });
});
