/**
 * Objective-C and Objective-C++ masks at scale (QA 46f): each case a shape that had been superlinear —
 * a lookbehind read back over a long line or word at every offset, a regex whose arms could split the
 * blanks before a failing character (exponential), a string rebuilt per macro, a `{` scanned to the
 * file's end per open namespace. Real parses; the timeouts are what the old code blew far past.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { linesProject, rows } from "../helpers.js";

let lens: Lens;
let file: (name: string, lines: string[]) => string;

beforeAll(async () => {
  ({ lens, file } = await linesProject("pilens-objc-46f-"));
});

const syntaxErrors = (w: string[] | undefined) => (w ?? []).filter((x) => /syntax error/.test(x));

describe("objc masks on long lines and many macros", () => {
  it("a 200 KB line in a .m: `26_0` in an `#if` still read as digits, the method kept (the `#if` lookbehind took 55 s on a 162 KB line)", { timeout: 10_000 }, async () => {
    const r = await lens.moduleReport(file("Long.m", [
      "#import <UIKit/UIKit.h>", // 1
      "#if RNS_IPHONE_OS_VERSION_AVAILABLE(26_0)",
      "#define HAS_GLASS 1",
      "#endif",
      `static NSString *const kData = @"${"QUJD".repeat(50_000)}";`, // 5
      "@implementation Long",
      "- (void)run {}",
      "@end",
    ]));
    expect(rows(r)).toContain("method Long.run 7-7");
    expect(syntaxErrors(r.warnings)).toEqual([]);
  });

  it("a .mm with a 200 KB base64 string and a long run of blanks: references still masked (the reference lookbehind read back over the word at every offset: 7.5 s per 100 KB)", { timeout: 10_000 }, async () => {
    const r = await lens.moduleReport(file("Data.mm", [
      "#import <Foundation/Foundation.h>", // 1
      "namespace app {",
      "int twice(const int &v) { return v * 2; }",
      "}",
      `static NSString *const kData = @"${"QUJD".repeat(50_000)}";${" ".repeat(50_000)}`, // 5
      "@implementation Data",
      "- (void)run:(const std::string &)name {}",
      "@end",
    ]));
    expect(rows(r)).toEqual(expect.arrayContaining(["namespace app 2-4", "function app.twice 3-3", "method Data.run: 7-7"]));
    expect(syntaxErrors(r.warnings)).toEqual([]);
  });

  it("`[x]` followed by 32 `-> a` before a failing character: not a lambda, read at once (the lambda tail's regex was exponential: 80 s)", { timeout: 10_000 }, async () => {
    const r = await lens.moduleReport(file("Arrows.mm", [
      "namespace a { int x; }", // 1
      `auto f = [x]${" -> a".repeat(32)} ;`,
      "int g() { return 1; }",
    ]));
    expect(rows(r)).toEqual(["namespace a 1-1", "function g 3-3"]);
    // (The line is no C++ the grammar reads, and says so.)
    expect(syntaxErrors(r.warnings)).toEqual(["1 syntax error region(s) (line 2): symbols inside them may be missing"]);
  });

  // (Its growth is bench/shapes.mjs' "ObjC n RCT_EXPORT_METHODs": at 24,000 with a 12 s limit this case
  // had failed under the load of other suites, a timing test in all but name.)
  it("6,000 `RCT_EXPORT_METHOD`s: each a method (the source had been rebuilt per macro)", async () => {
    const n = 6_000;
    const lines = ["@implementation Bridge", "RCT_EXPORT_MODULE()"];
    for (let i = 0; i < n; i++) lines.push(`RCT_EXPORT_METHOD(m${i}:(NSString *)a)`, "{", "  [self f];", "}");
    const r = await lens.moduleReport(file("Bridge.m", [...lines, "@end"]));
    const methods = rows(r).filter((row) => row.startsWith("method Bridge."));
    expect(methods).toHaveLength(n);
    expect(methods[n - 1]).toBe(`method Bridge.m${n - 1}: ${4 * n - 1}-${4 * n + 2}`);
  });

  it("16,000 namespaces left open: no namespace entry, the error said (each `{` had been scanned to the file's end: 18 s)", { timeout: 10_000 }, async () => {
    const n = 16_000;
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(`namespace n${i} {`, `int v${i} = ${i};`);
    const r = await lens.moduleReport(file("Open.mm", lines));
    expect(r.available).toBe(true);
    expect(rows(r).some((row) => row.startsWith("namespace"))).toBe(false);
    expect(syntaxErrors(r.warnings)).toHaveLength(1);
  });
});
