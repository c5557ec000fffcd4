/**
 * Overloads of one callable in one file each keep the calls their parameter count takes (core/overloads.ts,
 * graph/call-arity.ts, graph/overload-keys.ts): Objects' three `requireNonNull` had each listed all 653 uses.
 * Where counts do not tell them apart (varargs, defaults, equal counts) the list stays shared, and a read says so.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { formatReadSymbol } from "../../core/read-format.js";
import { callArity } from "../../core/graph/call-arity.js";
import { INDEFINITE, paramCount } from "../../core/overloads.js";
import { tempCache, tempProject, usedBy } from "./project.js";
import { groupTags } from "../../renderers/compact-rows.js";

tempCache();

const UTIL = [
  "package acme;",
  "",
  "public final class Util {",
  "  public static String pad(String s) {",
  "    return pad(s, 1);",
  "  }",
  "  public static String pad(String s, int n) {",
  "    return s + n;",
  "  }",
  "  public static String pad(String s, int n, char c) {",
  "    return s + n + c;",
  "  }",
  "  public static String join(String... parts) {",
  "    return String.join(\",\", parts);",
  "  }",
  "  public static String join(java.util.List<String> parts) {",
  "    return parts.toString();",
  "  }",
  "}",
  "",
].join("\n");

const APP = [
  "package acme;",
  "",
  "import java.util.HashMap;",
  "",
  "public class App {",
  "  String one() { return Util.pad(\"a, b\"); }",
  "  String two() { return Util.pad(name(1, 2), 3); }",
  "  String twoTyped() { return Util.pad(keyOf(new HashMap<String, Integer>()), /* a, b */ 4); }",
  "  String three() {",
  "    return Util.pad(\"x\",",
  "        5, 'c');",
  "  }",
  "  String joined() { return Util.join(\"a\", \"b\"); }",
  "  String name(int a, int b) { return \"n\"; }",
  "  String keyOf(HashMap<String, Integer> m) { return \"k\"; }",
  "}",
  "",
].join("\n");

describe("Java overloads: each its calls by argument count", () => {
  it("lists a call under the overload taking that many arguments, one calling another too", async () => {
    const uses = await usedBy({ "src/acme/Util.java": UTIL, "src/acme/App.java": APP });
    expect(uses("src/acme/Util.java", "Util.pad@4")).toEqual(["src/acme/App.java"]);
    expect(uses("src/acme/Util.java", "Util.pad@7").sort()).toEqual(["Util.pad", "src/acme/App.java", "src/acme/App.java"]);
    expect(uses("src/acme/Util.java", "Util.pad@10")).toEqual(["src/acme/App.java"]);
    // (A varargs overload takes any count: the two share their uses.)
    expect(uses("src/acme/Util.java", "Util.join@13")).toEqual(["src/acme/App.java"]);
    expect(uses("src/acme/Util.java", "Util.join@16")).toEqual(["src/acme/App.java"]);
  });

  it("reads each overload's own callers, and says so where overloads share them", async () => {
    const cwd = tempProject({ "src/acme/Util.java": UTIL, "src/acme/App.java": APP });
    const lens = await Lens.create({ cwd });
    await lens.index();
    const two = await lens.readSymbol("src/acme/Util.java", "Util.pad@7");
    expect(two.usedBy?.map((u) => `${u.line} ${u.symbol}`).sort()).toEqual(["5 Util.pad", "7 App.two", "8 App.twoTyped"]);
    expect(two.usedByShared).toBeUndefined();
    const three = await lens.readSymbol("src/acme/Util.java", "Util.pad@10");
    expect(three.usedBy?.map((u) => `${u.line} ${u.symbol}`)).toEqual(["10 App.three"]);
    // A compact row folding the overloads (compact-rows.ts groupTags): each use once, the uses lists leave out counted per list.
    const report = await lens.moduleReport("src/acme/Util.java", { maxRefs: 1 });
    const members = report.api![0]!.members!;
    const folded = groupTags(members.filter((m) => m.name === "pad"));
    expect([folded.usedBy?.length, folded.usedByTotal]).toEqual([3, { refs: 5, files: 2 }]);
    const joins = groupTags(members.filter((m) => m.name === "join"));
    expect([joins.usedBy?.length, joins.usedByTotal]).toEqual([1, undefined]);
    const join = await lens.readSymbol("src/acme/Util.java", "Util.join@13");
    expect(join.usedByShared).toBe(1);
    expect(formatReadSymbol(join).split("\n")[1]).toBe("# used by 1 in 1 file, with another overload's uses (calls not told apart): src/acme/App.java:13 App.joined");
  });
});

describe("an overload named on more lines than the graph keeps", () => {
  it("is said so in its file's report", async () => {
    const many = ["package acme;", "", "public class Many {", "  void run() {", ...Array.from({ length: 40 }, () => "    Util.pad(\"x\", 1);"), "  }", "}", ""].join("\n");
    const cwd = tempProject({ "src/acme/Util.java": UTIL, "src/acme/Many.java": many });
    const lens = await Lens.create({ cwd });
    await lens.index();
    const r = await lens.moduleReport("src/acme/Util.java");
    expect(r.warnings?.join("\n")).toMatch(/usedBy may miss uses of Util, Util\.pad in src\/acme\/Many\.java/);
  });
});

describe("TypeScript overload signatures", () => {
  const PARSE = [
    "export function parse(s: string): number;",
    "export function parse(s: string, radix: number): number;",
    "export function parse(s: string, radix?: number): number {",
    "  return Number.parseInt(s, radix ?? 10);",
    "}",
    "",
  ].join("\n");
  const USE = ["import { parse } from './parse'", "export function dec() { return parse('1') }", "export function hex() { return parse('f', 16) }", ""].join("\n");

  it("each signature its calls, the implementation every call", async () => {
    const uses = await usedBy({ "src/parse.ts": PARSE, "src/use.ts": USE });
    const cwd = tempProject({ "src/parse.ts": PARSE, "src/use.ts": USE });
    const lens = await Lens.create({ cwd });
    await lens.index();
    const at = async (s: string) => (await lens.readSymbol("src/parse.ts", s)).usedBy?.map((u) => u.symbol).sort();
    expect(await at("parse@1")).toEqual(["dec"]);
    expect(await at("parse@2")).toEqual(["hex"]);
    expect(await at("parse@3")).toEqual(["dec", "hex"]);
    expect(uses("src/parse.ts", "parse@3")).toEqual(["src/use.ts", "src/use.ts"]);
  });
});

describe("the counts", () => {
  it("a declaration's parameters: fixed, or indefinite", () => {
    expect(paramCount("public static <T> T requireNonNull(T obj, String message)", "requireNonNull")).toBe(2);
    expect(paramCount("void put(Map<K, V> m, int n)", "put")).toBe(2);
    expect(paramCount("int size()", "size")).toBe(0);
    expect(paramCount("int f(void)", "f")).toBe(0);
    expect(paramCount("run(cb: (a: number, b: number) => void): void", "run")).toBe(1);
    expect(paramCount("static String join(String... parts)", "join")).toBe(INDEFINITE);
    expect(paramCount("fun pad(s: String, n: Int = 1): String", "pad")).toBe(INDEFINITE);
    expect(paramCount("parse(s: string, radix?: number): number", "parse")).toBe(INDEFINITE);
    expect(paramCount("public static int Sum(params int[] xs)", "Sum")).toBe(INDEFINITE);
    expect(paramCount("public static int Count(this IList<int> xs)", "Count")).toBe(INDEFINITE);
    expect(paramCount("public void veryLongNameThatWasClipped(String a, int", "veryLongNameThatWasClipped")).toBe(INDEFINITE);
  });

  it("a call's arguments, read off the text", () => {
    const at = (src: string, language = "java") => callArity(src, src.indexOf("("), language);
    expect(at("f()")).toBe(0);
    expect(at('f("a, b", \'c\')')).toBe(2);
    expect(at("f(g(1, 2), new HashMap<String, Integer>(), a < b)")).toBe(3);
    expect(at("f(a, /* x, y */ b // c, d\n)")).toBe(2);
    expect(at("f(a, b,)", "typescript")).toBe(2);
    expect(at("f(...xs)", "typescript")).toBe(-1);
    expect(at("run(a) { it + 1 }", "kotlin")).toBe(2);
    expect(at("f(a, b")).toBe(-1);
  });
});
