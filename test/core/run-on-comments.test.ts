/**
 * A block comment left open (core/run-on-comments.ts): a doc comment being typed runs on over the code
 * below it to the next `*\/`. Where block comments do not nest that is a valid file, so no syntax error
 * told of it and the declarations between were silently missing. The comment is read as ending before
 * the first line that reads as code, the outline keeps those declarations, a warning says what was
 * guessed, and `read` gives the source verbatim. Commented-out code is left alone. Real engine, real parser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { linesProject, rows } from "../helpers.js";

let lens: Lens;
let file: (name: string, lines: string[]) => string;

beforeAll(async () => {
  ({ lens, file } = await linesProject("pilens-run-on-comments-"));
});

const runOn = (warnings: readonly string[] | undefined) => (warnings ?? []).filter((w) => w.startsWith("the comment opened on line"));

describe("a doc comment left open above declarations", () => {
  it("TypeScript: the function and class it ran over are entries again, the doc being typed is the function's, with one warning", async () => {
    const add = ["/**", " * Adds two numbers", "export function add(a: number, b: number): number {", "  return a + b;", "}"];
    const path = file("left-open.ts", [
      'import { x } from "./x";', // 1
      "",
      ...add, // 3-7
      "",
      "export class Box {", // 9
      "  size = 1;",
      "  open(): void {}",
      "}",
      "",
      "/** Subtracts. */", // 14
      "export function sub(a: number, b: number): number {",
      "  return a - b;",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function add 5-7", "class Box 9-12", "property Box.size 10-10", "method Box.open 11-11", "function sub 15-17"]);
    expect(r.api.find((e) => e.name === "add")?.doc).toBe("Adds two numbers");
    expect(r.api.find((e) => e.name === "sub")?.doc).toBe("Subtracts.");
    expect(runOn(r.warnings)).toEqual([
      "the comment opened on line 3 is not closed before the code below it: as written it runs on to the `*/` on line 14 (a comment opens inside it), hiding that code from the compiler — read as ending before line 5",
    ]);
    // (No syntax error is claimed: as written, the file compiles.)
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    const read = await lens.readSymbol(path, "add");
    expect(read.source?.split("\n")).toEqual(add);
  });

  it("Java: the members below a Javadoc left open, up to a `*/` inside a string, are entries again", async () => {
    const path = file("Uploader.java", [
      "public class Uploader {", // 1
      "    private int size;",
      "    /**",
      "     * Being typed",
      "    private String name;", // 5
      "",
      "    public void upload() {", // 7
      '        String type = "*/*";',
      "        send(type);",
      "    }",
      "",
      "    public int count() { return size; }", // 12
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual([
      "class Uploader 1-13",
      "field Uploader.size 2-2",
      "field Uploader.name 5-5",
      "method Uploader.upload 7-10",
      "method Uploader.count 12-12",
    ]);
    expect(runOn(r.warnings)).toEqual([
      "the comment opened on line 3 is not closed before the code below it: as written it runs on to the `*/` on line 8 (its `*/` is in a line comment, a string or a pattern), hiding that code from the compiler — read as ending before line 5",
    ]);
  });

  it("C: the macros a comment left open ran over are read with the pack's macro masks, down to one on the line its inner comment opens", async () => {
    const path = file("telnet.h", [
      "#define TELOPT_SGA 3 /* suppress go ahead */", // 1
      "/**",
      " * Being typed",
      "#define TELOPT_STATUS 5 /* give status */", // 4
      "#define TELOPT_TM 6 /* timing mark */",
      "int telnet_open(const char *host);", // 6
    ]);
    const r = await lens.moduleReport(path, { detail: "full" });
    const names = [...r.api, ...r.internal].map((e) => e.name).concat(r.apiNames ?? []);
    expect(names.some((n) => n.startsWith("TELOPT_STATUS"))).toBe(true);
    expect(names.some((n) => n.startsWith("TELOPT_TM"))).toBe(true);
    expect(rows(r)).toContain("function telnet_open 6-6");
    expect(runOn(r.warnings)).toHaveLength(1);
  });

  it("Go: a `/*` left open above a func, run on to another block comment, is read as ending before the func", async () => {
    const path = file("nodes.go", [
      "package nodes", // 1
      "",
      "/*",
      " Add being typed",
      "func Add(a int) int { return a }", // 5
      "",
      "type Box struct{ Size int }", // 7
      "",
      "/* Sub subtracts. */",
      "func Sub(a int) int { return a }", // 10
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function Add 5-5", "struct Box 7-7", "field Box.Size 7-7", "function Sub 10-10"]);
    expect(runOn(r.warnings)).toHaveLength(1);
  });
});

describe("the generic pack's languages whose comments do not nest", () => {
  it.each([
    ["a.php", ["<?php", "class A {", "    /**", "     * typing", "    public function a() {}", "", "    /** B. */", "    public function b() {}", "}"], ["class A 2-9", "method A.a 5-5", "method A.b 8-8"]],
    ["a.m", ['#import "x.h"', "", "/**", " * typing", "@implementation A", "- (void)run {}", "@end", "", "/** B. */", "@implementation B", "- (void)go {}", "@end"], ["class A 5-7", "method A.run 6-6", "class B 10-12", "method B.go 11-11"]],
    ["a.sol", ["pragma solidity ^0.8.0;", "", "contract A {", "    /**", "     * typing", "    function a() public {}", "", "    /** B. */", "    function b() public {}", "}"], ["class A 3-10", "method A.a 6-6", "method A.b 9-9"]],
  ])("%s: the declarations a doc comment left open ran over are entries again", async (name, lines, expected) => {
    const r = await lens.moduleReport(file(name, lines));
    expect(rows(r)).toEqual(expected);
    expect(runOn(r.warnings)).toHaveLength(1);
  });
});

describe("comments that are not left open", () => {
  it("commented-out code holding a comment of its own stays commented out (its stray `*/` is an error either way)", async () => {
    const path = file("old.ts", [
      "export function kept(): number {", // 1
      "  return 1;",
      "}",
      "/*",
      "export function removed(): number {", // 5
      "  /* legacy */",
      "  return 2;",
      "}",
      "*/",
      "export const after = 3;", // 10
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r).some((row) => row.includes("removed"))).toBe(false);
    expect(runOn(r.warnings)).toEqual([]);
  });

  it("a prose comment mentioning a `/*` glob, and doc comments that close, change nothing", async () => {
    const path = file("globs.ts", [
      "/*", // 1
      "  Matches src/*.ts files",
      "  and nothing else",
      "*/",
      "export function match(p: string): boolean {", // 5
      "  return /\\.ts$/.test(p);",
      "}",
      "/** Doc. */",
      "export const n = 1;", // 9
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function match 5-7", "constant n 9-9"]);
    expect(r.api.find((e) => e.name === "n")?.doc).toBe("Doc.");
    expect(runOn(r.warnings)).toEqual([]);
  });
});

describe("the cost of looking (QA 46f)", () => {
  it("600 blocks of commented-out code, each holding a `/*` and none closable before its code: every function kept, no warning, and a bounded number of parses (three per block had taken 21 s)", { timeout: 15_000 }, async () => {
    const lines = Array.from({ length: 600 }, (_, i) => [`/* note ${i}`, `x${i} = (`, "/* inner */", `function f${i}() { return ${i}; }`]).flat();
    const r = await lens.moduleReport(file("commented-out.js", lines));
    const names = new Set(rows(r).map((row) => row.split(" ")[1]));
    for (const i of [0, 299, 599]) expect(names.has(`f${i}`)).toBe(true);
    expect(names.size).toBe(600);
    expect(runOn(r.warnings)).toEqual([]);
  });

  it("a doc comment left open below a few failing blocks is still read as closed (the budget is the first nine tries)", async () => {
    const path = file("budget.ts", [
      "/* old", // 1
      "x = (",
      "/* inner */",
      "export function kept(): number { return 1; }",
      "/**", // 5
      " * Being typed",
      "export function hidden(): number { return 2; }",
      "/** Next. */",
      "export const n = 1;", // 9
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["function kept 4-4", "function hidden 7-7", "constant n 9-9"]);
    expect(runOn(r.warnings)).toHaveLength(1);
  });

});
