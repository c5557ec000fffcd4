/**
 * QA leftovers on real parses: C++ conversion operators named with their declarator (`operator Value*`,
 * as Universal Ctags names them).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat, lensAt } from "../helpers.js";

async function fileIn(name: string, src: string) {
  const dir = mkdtempSync(join(tmpdir(), "pilens-left-"));
  const path = join(dir, name);
  writeFileSync(path, src);
  const lens = await lensAt(dir);
  return { lens, path, report: await lens.moduleReport(path) };
}

describe("C++ conversion operators", () => {
  const src = [
    "struct Value {};",
    "class Holder {",
    "public:",
    "  operator Value*() const { return p; }",
    "  operator Value&() { return *p; }",
    "  operator const char *() const;",
    "  operator bool() const;",
    "  template <class T> operator T&&();",
    "  operator std::vector<int> &();",
    "  operator Foo<A, B>*();",
    "  operator unsigned   long();",
    "private:",
    "  Value *p;",
    "};",
    "Holder::operator const char*() const { return \"\"; }",
    "",
  ].join("\n");

  it("keep the pointer/reference declarator in their name, spelled as Universal Ctags spells it", async () => {
    const { report } = await fileIn("conv.cpp", src);
    const names = [...flat(report).keys()].filter((k) => k.includes("operator"));
    expect(names).toEqual([
      "Holder.operator Value*",
      "Holder.operator Value&",
      "Holder.operator bool",
      "Holder.operator T&&",
      "Holder.operator std::vector<int>&",
      "Holder.operator Foo<A,B>*",
      "Holder.operator unsigned long",
      "Holder.operator const char*",
    ]);
    expect(flat(report).get("Holder.operator const char*")).toMatchObject({ kind: "method", startLine: 15 });
  });

  it("read_symbol finds them by their qualified name", async () => {
    const { lens, path } = await fileIn("conv.cpp", src);
    const ptr = await lens.readSymbol(path, "Holder::operator Value*");
    expect(ptr).toMatchObject({ found: true, startLine: 4 });
    const ref = await lens.readSymbol(path, "Holder.operator Value&");
    expect(ref).toMatchObject({ found: true, startLine: 5 });
    expect(await lens.readSymbol(path, "Holder::operator std::vector<int>&")).toMatchObject({ found: true, startLine: 9 });
    expect(await lens.readSymbol(path, "operator Value *")).toMatchObject({ found: true, startLine: 4 });
  });
});
