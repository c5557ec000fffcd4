/**
 * Read tiers on real files (this repo's TypeScript, the Python standard library, a Kotlin service): full reproduces the
 * file, map ⊂ signatures ⊂ full in names and in size, auto never costs more than full, compressed
 * views that would not be smaller fall back to full and say so.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { Lens } from "../../core/engine.js";
import { main } from "../../hosts/cli/main.js";
import { tierNames } from "../../core/view/tiers.js";
import { lensAt, repoRoot } from "../helpers.js";

// Snapshots of this repo's own sources (copied: other work may be editing them while tests run).
const tsRoot = mkdtempSync(join(tmpdir(), "pilens-view-ts-"));
const tsFiles = ["core/extract.ts", "core/engine.ts", "core/read-enclosing.ts", "renderers/compact.ts", "renderers/json.ts"].map((f) => {
  const to = join(tsRoot, f.replace("/", "-"));
  copyFileSync(join(repoRoot, f), to);
  return to;
});
const pyDir = "/usr/lib/python3.11";
const pyNames = ["textwrap.py", "argparse.py", "shlex.py", "heapq.py"];
const realTokens = (s: string) => encode(s).length;

describe("read tiers", async () => {
  const lens = await Lens.create({ cwd: tsRoot, root: tsRoot });
  const repoLens = await lensAt(repoRoot);
  // Python stdlib files are outside the repo: copy them into a project folder of their own.
  const pyRoot = mkdtempSync(join(tmpdir(), "pilens-view-py-"));
  const pyFiles = existsSync(pyDir) ? pyNames.map((n) => (copyFileSync(join(pyDir, n), join(pyRoot, n)), join(pyRoot, n))) : [];
  const pyLens = await Lens.create({ cwd: pyRoot, root: pyRoot });
  // Kotlin: no Kotlin sources are installed on this machine; a realistic service file is the sample.
  const ktFile = join(tsRoot, "InventoryService.kt");
  copyFileSync(join(repoRoot, "test", "read-tools", "fixtures", "InventoryService.kt"), ktFile);
  const cases: [Lens, string][] = [...tsFiles.map((f): [Lens, string] => [lens, f]), ...pyFiles.map((f): [Lens, string] => [pyLens, f]), [lens, ktFile]];

  it("has real Python files and a Kotlin pack to test", async () => {
    expect(pyFiles.length).toBe(pyNames.length);
    expect((await lens.analyze(ktFile)).language).toBe("kotlin");
  });

  it("full reproduces the file byte for byte (engine and CLI)", async () => {
    for (const [l, f] of cases) {
      const r = await l.view(f, { mode: "full" });
      expect(r.text, f).toBe(readFileSync(f, "utf8"));
      expect(r).toMatchObject({ served: "full", startLine: 1, endLine: r.totalLines });
    }
    let out = "";
    const code = await main(["view", tsFiles[0]!, "--mode", "full"], { out: (s) => (out += s + "\n"), err: () => {} });
    expect(code).toBe(0);
    expect(out).toBe(readFileSync(tsFiles[0]!, "utf8"));
  });

  it("map ≤ signatures ≤ full, each tier keeps every name of the tier below, map has every top-level name", async () => {
    for (const [l, f] of cases) {
      const a = await l.analyze(f);
      const [map, sig, full] = await Promise.all(["map", "signatures", "full"].map((mode) => l.view(f, { mode: mode as "map" })));
      expect([map!.served, sig!.served], f).toEqual(["map", "signatures"]);
      expect(map!.tokens, f).toBeLessThanOrEqual(sig!.tokens);
      expect(sig!.tokens, f).toBeLessThanOrEqual(full!.tokens);
      expect(realTokens(map!.text), f).toBeLessThanOrEqual(realTokens(sig!.text));
      expect(realTokens(sig!.text), f).toBeLessThanOrEqual(realTokens(full!.text));
      const w = { startLine: 1, endLine: a.lines.length };
      const top = a.symbols.map((s) => s.name);
      for (const n of top) expect(map!.text, `${f}: ${n} in map`).toContain(n);
      for (const n of tierNames(a, "map", w)) expect(sig!.text, `${f}: ${n} in signatures`).toContain(n);
      // Case-insensitive: a pack may name an implicit declaration (Kotlin's `companion object` is `Companion`).
      for (const n of tierNames(a, "signatures", w)) expect(full!.text.toLowerCase(), `${f}: ${n} in full`).toContain(n.toLowerCase());
      // Real line numbers: every top-level symbol's range is printed.
      for (const s of a.symbols) expect(map!.text).toContain(`${s.startLine === s.endLine ? s.startLine : `${s.startLine}-${s.endLine}`}  `);
    }
  });

  it("map lists the members of a container that holds most of the file (a Java class), not its one line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-java-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const methods = Array.from({ length: 30 }, (_, i) => `  /** Step ${i}. */\n  public int step${i}(int x) {\n    int y = x * ${i};\n    return y + ${i};\n  }\n`).join("\n");
    const file = join(dir, "Steps.java");
    writeFileSync(file, `package demo;\n\nimport java.util.List;\n\npublic class Steps {\n  private final int base = 1;\n\n${methods}}\n`);
    const l = await lensAt(dir);
    const map = await l.view(file, { mode: "map" });
    expect(map.served).toBe("map");
    expect(map.text).toMatch(/^5-\d+  public class Steps$/m);
    expect(map.text).toMatch(/^  \d+-\d+  public int step29\(int x\)$/m);
    const a = await l.analyze(file);
    expect(tierNames(a, "map", { startLine: 1, endLine: a.lines.length })).toContain("step0");
  });

  it("signatures show a call or index signature as its head, not `(): <T>(value: T)` (mobx's observable factories)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-callsig-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const body = Array.from({ length: 40 }, (_, i) => `export function helper${i}(a: number): number {\n  const b = a * ${i};\n  return b + 1;\n}\n`).join("\n");
    const file = join(dir, "factory.ts");
    writeFileSync(file, `export interface Factory {\n  <T>(value: T, options?: Options): Box<T>\n  [key: string]: unknown\n}\n${body}`);
    const sig = await (await lensAt(dir)).view(file, { mode: "signatures" });
    expect(sig.served).toBe("signatures");
    expect(sig.text).toMatch(/^  2  <T>\(value: T, options\?: Options\): Box<T>$/m);
    expect(sig.text).toMatch(/^  3  \[key: string\]: unknown$/m);
    expect(sig.text).not.toMatch(/\(\): <T>/);
  });

  it("map and signatures say which top-level declarations a JS/TS file exports (its heads leave `export` out)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-export-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const fn = (name: string, exp: boolean) => `${exp ? "export " : ""}function ${name}(a: number): number {\n  const b = a * 2;\n  return b + 1;\n}\n`;
    const file = join(dir, "api.ts");
    const fillers = Array.from({ length: 30 }, (_, i) => fn(`filler${i}`, false)).join("\n");
    writeFileSync(file, [fn("open", true), fn("helper", false), "export class Store {\n  get(key: string): number {\n    return key.length;\n  }\n}\n", "const local = 1;\nexport { local as shared };\n", fillers, "declare global {\n  interface Window { store: Store }\n}\n", "(Store.prototype as any).size = function (): number {\n  return 0;\n};\n"].join("\n"));
    const l = await lensAt(dir);
    for (const mode of ["map", "signatures"] as const) {
      const rows = (await l.view(file, { mode })).text.split("\n");
      expect(rows, mode).toContain("1-4  export function open(a: number): number");
      expect(rows, mode).toContain("6-9  function helper(a: number): number");
      expect(rows, mode).toContain("11-15  export class Store");
    }
    // Only a head the keyword can stand before: not `declare global`, not an assignment (QA).
    const map = (await l.view(file, { mode: "map" })).text;
    expect(map).toMatch(/^\d+-\d+  declare global$/m);
    expect(map).not.toMatch(/export (declare|\(?Store)/);
    // Members are not marked: their parent's row says it.
    expect((await l.view(file, { mode: "signatures" })).text).toMatch(/^  12-14  get\(key: string\): number$/m);
  });

  it("map goes through a function wrapping such a container (a mixin: module.exports = cls => class … extends cls)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-mixin-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const methods = Array.from({ length: 30 }, (_, i) => `  async step${i} (x) {\n    const y = x * ${i}\n    return y + ${i}\n  }\n`).join("\n");
    const file = join(dir, "reify.js");
    writeFileSync(file, `'use strict'\nconst { dirname } = require('node:path')\n\nmodule.exports = cls => class Reifier extends cls {\n${methods}}\n`);
    const l = await lensAt(dir);
    const map = await l.view(file, { mode: "map" });
    expect(map.served).toBe("map");
    expect(map.text).toMatch(/^  4-\d+  class Reifier extends cls$/m);
    expect(map.text).toMatch(/^    \d+-\d+  async step29 \(x\)$/m);
    const a = await l.analyze(file);
    expect(tierNames(a, "map", { startLine: 1, endLine: a.lines.length })).toContain("step0");
  });

  it("an outline of a file with syntax errors says declarations may be missing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-err-"));
    writeFileSync(join(dir, "package.json"), "{}");
    const fns = Array.from({ length: 30 }, (_, i) => `def f${i}(a, b):\n    x = a + b\n    y = x * 2\n    return y\n`).join("\n");
    const file = join(dir, "se.py");
    writeFileSync(file, `${fns}\ndef broken(:\n    pass\n`);
    const l = await lensAt(dir);
    const r = await l.view(file, { mode: "signatures" });
    expect(r.served).toBe("signatures");
    expect(r.note).toMatch(/1 syntax error region\(s\) \(lines? [\d-]+\): declarations inside them may be missing/);
    writeFileSync(file, fns);
    expect((await l.view(file, { mode: "signatures" })).note).toBeUndefined();
  });

  it("auto never costs more than full, on whole files and on windows", async () => {
    for (const [l, f] of cases) {
      const full = await l.view(f, { mode: "full" });
      const auto = await l.view(f, { mode: "auto" });
      expect(auto.tokens, f).toBeLessThanOrEqual(full.tokens);
      expect(realTokens((auto.note ?? "") + auto.text), f).toBeLessThanOrEqual(realTokens(full.text) + 5);
      for (const [offset, limit] of [[1, 30], [20, 400], [5, 2000]] as const) {
        if (offset > full.totalLines) continue;
        const fw = await l.view(f, { mode: "full", offset, limit });
        const aw = await l.view(f, { mode: "auto", offset, limit });
        expect(aw.tokens, `${f} ${offset}+${limit}`).toBeLessThanOrEqual(fw.tokens);
      }
    }
  });

  it("auto: instruction files and non-code stay full; medium code → signatures; large → map; explicit windows full", async () => {
    const big = pyFiles.find((f) => basename(f) === "argparse.py")!;
    const bigView = await pyLens.view(big, { mode: "auto" });
    expect(bigView.served).toBe("map");
    // (The size the reason gives is module_report's estimate of the file, one number for one file.)
    expect(bigView.reason).toBe(`auto: large code (~${(await pyLens.moduleReport(big)).fileTokens} tokens)`);
    expect((await lens.view(tsFiles[0]!, { mode: "auto" })).served).toBe("signatures");
    // A small code file stays full (a snapshot of core/hash.ts: ~30 lines).
    const small = join(tsRoot, "core-hash.ts");
    copyFileSync(join(repoRoot, "core/hash.ts"), small);
    expect((await lens.view(small, { mode: "auto" })).served).toBe("full");
    expect((await lens.view(tsFiles[0]!, { mode: "auto", offset: 10, limit: 200 })).served).toBe("full");
    expect((await repoLens.view(join(repoRoot, "package.json"), { mode: "auto" })).reason).toMatch(/not code/);
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-md-"));
    const agents = join(dir, "AGENTS.md");
    writeFileSync(agents, "# Agents\n" + "Do the thing carefully.\n".repeat(2000));
    const ml = await Lens.create({ cwd: dir, root: dir });
    expect(await ml.view(agents, { mode: "auto" })).toMatchObject({ served: "full", reason: "auto: instruction file" });
    expect((await lens.view(tsFiles[0]!, { mode: "auto", diagnostics: true })).served).toBe("full");
  });

  it("auto: an extension-less header a pack claims by content (a `-*- C++ -*-` mode line) is code, not full text", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-noext-"));
    const header = join(dir, "widgets");
    const body = Array.from({ length: 400 }, (_, i) => `  /// Widget ${i}.\n  int widget${i}(int a, int b) const { return a + b + ${i}; }`).join("\n");
    writeFileSync(header, `// <widgets> -*- C++ -*-\n#pragma once\nnamespace ui {\nclass Panel {\n public:\n${body}\n};\n}  // namespace ui\n`);
    const l = await Lens.create({ cwd: dir, root: dir });
    const r = await l.view(header, { mode: "auto" });
    expect(r.served).not.toBe("full");
    expect(r.text).toContain("widget399");
    expect(r.tokens).toBeLessThan((await l.view(header, { mode: "full" })).tokens);
  });

  it("a compressed view that would not be smaller falls back to full and says so in one line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-tiny-"));
    const f = join(dir, "tiny.ts");
    writeFileSync(f, "export const a = 1;\nexport function b() {}\n");
    const l = await Lens.create({ cwd: dir, root: dir });
    const r = await l.view(f, { mode: "map" });
    expect(r).toMatchObject({ requested: "map", served: "full", text: readFileSync(f, "utf8") });
    expect(r.note).toMatch(/would not be smaller/);
    expect(r.note!.split("\n")).toHaveLength(1);
    const md = join(dir, "notes.md");
    writeFileSync(md, "# notes\n");
    expect((await l.view(md, { mode: "signatures" })).note).toMatch(/no signatures view \(no language pack/);
  });

  it("the map of a data wall folds each run of data declarations into one line; signatures keep every one", async () => {
    // gl.h: a map of 66 KB for an 80 KB file (a line per #define).
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-wall-"));
    const f = join(dir, "codes.h");
    const defs = Array.from({ length: 600 }, (_, i) => `#define CODE_${i} ${i}`).join("\n");
    writeFileSync(f, `#ifndef CODES_H\n#define CODES_H\n${defs}\nint code_name(int code, char *buf);\n#define LIMIT_A 1\n#define LIMIT_B 2\n#endif\n`);
    const l = await Lens.create({ cwd: dir, root: dir });
    const [map, sig] = await Promise.all([l.view(f, { mode: "map" }), l.view(f, { mode: "signatures" })]);
    expect(map.served).toBe("map");
    // 600 #defines (the include guard is none), folded by their first word, values left out.
    expect(map.text).toMatch(/^3-602 {2}#define ×600: CODE_\*×600$/m);
    expect(map.text).toMatch(/^603 {2}int code_name\(int code, char \*buf\)$/m);
    // A short run (two) keeps its lines.
    expect(map.text).toMatch(/^604 {2}#define LIMIT_A 1$/m);
    expect(map.tokens).toBeLessThan(sig.tokens / 5);
    for (let i = 0; i < 600; i += 37) expect(sig.text).toContain(`#define CODE_${i} ${i}`);
    // auto: medium code gets signatures — unless they cost nearly the lines (a data wall): its map.
    const auto = await l.view(f, { mode: "auto" });
    expect(auto).toMatchObject({ served: "map", reason: expect.stringMatching(/^auto: medium code \(~\d+ tokens\), but its signatures are ~\d+% of the lines$/) });
    expect(auto.text).toContain("3-602  #define ×600: CODE_*×600");
  });

  it("the map folds consecutive overloads of one callable to one row (×N, the group's lines); signatures keep each", async () => {
    // true-myth: 151 of 409 map lines were overload signatures, where compact says `map×3`.
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-overloads-"));
    const f = join(dir, "m.ts");
    const fn = (name: string) => [
      `/** ${name} doc */`,
      `export function ${name}<T, U>(fn: (t: T) => U, m: T[]): U[];`,
      `export function ${name}<T, U>(fn: (t: T) => U): (m: T[]) => U[];`,
      `export function ${name}<T, U>(fn: (t: T) => U, m?: T[]): U[] | ((m: T[]) => U[]) {`,
      "  return m ? m.map(fn) : (x: T[]) => x.map(fn);",
      "}",
      "",
    ];
    const stmts = Array.from({ length: 12 }, (_, i) => `    this.log.push("step ${i} of the box's work, written out at length");`);
    const cls = ["export class Box<T> {", "  get(): T;", "  get(k: string): T;", "  get(k?: string): T {", ...stmts, "    return this.v;", "  }", "  v!: T;", "  set(v: T): void {", ...stmts, "    this.v = v;", "  }", "  get size() {", "    return 1;", "  }", "  set size(n) {", "    this.v = n;", "  }", "}", ""];
    writeFileSync(f, [...fn("map"), ...fn("mapOr"), "export function map2(): void {}", ...cls, ...Array.from({ length: 40 }, (_, i) => `// padding ${i} ${"x".repeat(60)}`)].join("\n") + "\n");
    const l = await Lens.create({ cwd: dir, root: dir });
    const [map, sig, full] = await Promise.all(["map", "signatures", "full"].map((mode) => l.view(f, { mode: mode as "map" })));
    expect([map!.served, sig!.served]).toEqual(["map", "signatures"]);
    const body = map!.text.split("\n").slice(1);
    expect(body.slice(0, 4)).toEqual([
      "2-6  export function map<T, U>(fn: (t: T) => U, m: T[]): U[]  ×3",
      "9-13  export function mapOr<T, U>(fn: (t: T) => U, m: T[]): U[]  ×3",
      "15  export function map2(): void",
      "16-56  export class Box<T>",
    ]);
    expect(map!.text).not.toMatch(/^3 {2}export function map/m);
    // Signatures list each overload.
    expect(sig!.text).toMatch(/^3 {2}export function map<T, U>\(fn: \(t: T\) => U\): \(m: T\[\]\) => U\[\]$/m);
    expect(sig!.text).toMatch(/^ {2}18 {2}get\(k: string\): T/m);
    expect(map!.tokens).toBeLessThan(sig!.tokens);
    expect(sig!.tokens).toBeLessThan(full!.tokens);
    const a = await l.analyze(f);
    for (const n of tierNames(a, "map", { startLine: 1, endLine: a.lines.length })) expect(map!.text, n).toContain(n);
    // A class holding the window: its members' overloads fold too.
    // (A getter and its setter are no overloads: two rows.)
    const inClass = await l.view(f, { mode: "map", offset: 16, limit: 41 });
    expect(inClass.text.split("\n").slice(1)).toEqual(["16-56  export class Box<T>", "  17-33  get(): T  ×3", "  34  v!: T", "  35-49  set(v: T): void", "  50-52  get size()", "  53-55  set size(n)"]);
  });

  it("windows: offset/limit honoured in every tier; bad windows are errors", async () => {
    const f = tsFiles[0]!;
    const src = readFileSync(f, "utf8").split("\n");
    const r = await lens.view(f, { mode: "full", offset: 10, limit: 5 });
    expect(r.text).toBe(src.slice(9, 14).join("\n") + "\n");
    const s = await lens.view(f, { mode: "signatures", offset: 100, limit: 120 });
    for (const line of s.text.split("\n").slice(1)) {
      const m = line.trim().match(/^(\d+)(?:-(\d+))?\s/);
      if (m) expect(Number(m[2] ?? m[1])).toBeGreaterThanOrEqual(100);
    }
    expect((await lens.view(f, { offset: 99999 })).error).toMatch(/beyond end of file/);
    expect((await lens.view(f, { limit: 0 })).error).toMatch(/limit/);
    expect((await lens.view(join(tsRoot, "nope.ts"))).error).toMatch(/not found/);
  });

  it("maps a Go method or C++ out-of-class body where it is declared, not hidden in its type", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-ool-"));
    const go = join(dir, "d.go");
    // Bodies long enough that a map is smaller than the file (else it is served full).
    const body = (n: number) => Array.from({ length: n }, (_, i) => `\tt.n += ${i} // step ${i} of the computation`);
    writeFileSync(go, ["package d", "", "type T struct {", "\tn int", "}", "", "func New() *T { return &T{} }", "", "func (t *T) Get() int {", ...body(20), "\treturn t.n", "}", ""].join("\n"));
    const cpp = join(dir, "w.cpp");
    writeFileSync(cpp, ["class W {", "public:", "  int f();", "};", "", "int W::f() {", ...body(20).map((l) => l.replace("\tt.n", "  n")), "  return 1;", "}", ""].join("\n"));
    const l = await Lens.create({ cwd: dir, root: dir });
    const map = (await l.view(go, { mode: "map" })).text.split("\n").slice(1);
    expect(map).toEqual(["3-5  type T struct", "7  func New() *T", "9-31  func (t *T) Get() int"]);
    const cmap = (await l.view(cpp, { mode: "map" })).text;
    expect(cmap).toMatch(/\n6-28  int W::f\(\)/);
    const a = await l.analyze(go);
    expect(tierNames(a, "map", { startLine: 1, endLine: 32 })).toEqual(["T", "New", "Get"]);
    // A window inside such a body: signatures (a superset of the map) name it too, under its type —
    // they had said "no declarations in lines 20-29 (documentation or top-level code)" (encoding/json's
    // literalStore, QA session 45), where the map showed the method.
    const inside = { offset: 20, limit: 10 };
    expect((await l.view(go, { mode: "map", ...inside })).text.split("\n").slice(1)).toEqual(["9-31  func (t *T) Get() int"]);
    const sig = await l.view(go, { mode: "signatures", ...inside });
    expect(sig.text.split("\n").slice(1)).toEqual(["3-5  type T struct", "  9-31  func (t *T) Get() int"]);
    expect(tierNames(a, "signatures", { startLine: 20, endLine: 29 })).toEqual(["T", "Get"]);
    expect(tierNames(await l.analyze(cpp), "signatures", { startLine: 10, endLine: 20 })).toEqual(["W", "f"]);
  });

  it("signatures carry decorators: a Python getter and its setter are no two plain methods", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-view-deco-"));
    const py = join(dir, "q.py");
    const body = Array.from({ length: 12 }, (_, i) => `        self.step_${i} = compute(self, ${i})  # one step of the work`);
    writeFileSync(py, ["class QuerySet:", "    @property", "    def query(self):", ...body, "        return self._query", "", "    @query.setter", "    def query(self, value):", ...body, "        self._query = value", ""].join("\n"));
    const l = await Lens.create({ cwd: dir, root: dir });
    const sigs = (await l.view(py, { mode: "signatures" })).text.split("\n").slice(1);
    expect(sigs).toEqual(["1-32  class QuerySet", "  2-16  @property def query(self)", "  18-32  @query.setter def query(self, value)"]);
  });
});
