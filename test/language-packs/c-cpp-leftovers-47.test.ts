/**
 * C/C++ leftovers of QA round 46 (docs/measurements.md, session 46): googletest's mock methods, curl's
 * enumerator macros, Boost's `BOOST_DEDUCED_TYPENAME` and `BOOST_WORKAROUND(…)` in `#if`, Abseil's
 * thread-safety annotations after fields, `->*` member-pointer calls — shapes from the real headers,
 * reduced, parsed with the real grammars.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { ModuleReport } from "../../core/types.js";
import { lensAt, entryAt as get, rows, syntaxNotes } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-leftovers-47-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

async function reportOf(name: string, lines: string[]): Promise<ModuleReport> {
  writeFileSync(join(dir, name), lines.join("\n") + "\n");
  return lens.moduleReport(join(dir, name));
}

describe("47-1: googletest's mock methods", () => {
  const mock = [
    "class MockFoo : public FooInterface {",
    " public:",
    "  MockFoo() {}",
    "  MOCK_METHOD(void, VoidReturning, (int n));  // NOLINT",
    "  MOCK_METHOD(int, Nullary, ());",
    "  MOCK_METHOD((std::map<int, std::string>), ReturnTypeWithComma, (int),",
    "              (const));",
    "  MOCK_METHOD(int, Decimal,",
    "              (bool, char,  // NOLINT",
    "               const std::string& str),",
    "              (override));",
    "  MOCK_METHOD(int, TypeWithComma, ((const std::map<int, std::string>&)));",
    "  MOCK_METHOD(int (*)(bool), ReturnsFunctionPointer, (int), ());",
    "  MOCK_METHOD(int, RefQualified, (), (const, ref(&&), override));",
    "  MOCK_METHOD1(Unary, bool(int));",
    "  MOCK_CONST_METHOD1(Lookup, std::map<int, std::string>(int key));",
    "  MOCK_METHOD1_WITH_CALLTYPE(STDMETHODCALLTYPE, CTUnary, bool(int));",
    "  int after_;",
    "};",
  ];

  it("each is a method of the mock, named and headed by the macro's arguments, the macro its decorator", async () => {
    const r = await reportOf("mock_foo.cc", mock);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "class MockFoo 1-19",
      "constructor MockFoo.MockFoo 3-3",
      "method MockFoo.VoidReturning 4-4",
      "method MockFoo.Nullary 5-5",
      "method MockFoo.ReturnTypeWithComma 6-7",
      "method MockFoo.Decimal 8-11",
      "method MockFoo.TypeWithComma 12-12",
      "method MockFoo.ReturnsFunctionPointer 13-13",
      "method MockFoo.RefQualified 14-14",
      "method MockFoo.Unary 15-15",
      "method MockFoo.Lookup 16-16",
      "method MockFoo.CTUnary 17-17",
      "field MockFoo.after_ 18-18",
    ]);
    const heads = ["VoidReturning", "ReturnTypeWithComma", "Decimal", "TypeWithComma", "ReturnsFunctionPointer", "RefQualified", "Unary", "Lookup", "CTUnary"].map((n) => get(r, `MockFoo.${n}`).signature);
    expect(heads).toEqual([
      "void VoidReturning(int n)",
      "std::map<int, std::string> ReturnTypeWithComma(int) const",
      "int Decimal(bool, char, const std::string& str) override",
      "int TypeWithComma(const std::map<int, std::string>&)",
      "auto ReturnsFunctionPointer(int) -> int (*)(bool)",
      "int RefQualified() const&& override",
      "bool Unary(int)",
      "std::map<int, std::string> Lookup(int key) const",
      "bool CTUnary(int)",
    ]);
    expect(get(r, "MockFoo.Decimal").decorators).toEqual(["MOCK_METHOD"]);
    expect(get(r, "MockFoo.Lookup").decorators).toEqual(["MOCK_CONST_METHOD1"]);
  });

  it("reads back as the macro call, verbatim", async () => {
    await reportOf("mock_foo2.cc", mock);
    const read = await lens.readSymbol(join(dir, "mock_foo2.cc"), "MockFoo.Decimal");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 8, 11]);
    expect(read.source).toContain("MOCK_METHOD(int, Decimal,");
    expect(read.source).toContain("(override));");
  });

  it("a #define of a mock macro and a mock in a function body stay as they were", async () => {
    const r = await reportOf("mock_defs.h", [
      "#define MOCK_METHOD(...) GMOCK_INTERNAL_MOCK_METHOD(__VA_ARGS__)",
      "void f() {",
      "  EXPECT_CALL(foo, MOCK_METHOD(int, X, ()));",
      "}",
    ]);
    expect(rows(r)).toEqual(["macro MOCK_METHOD 1-1", "function f 2-4"]);
  });
});
