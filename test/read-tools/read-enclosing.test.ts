/** read_enclosing on real parsed fixtures: smallest container, kinds, oversize modes, lines outside symbols. */
import { join } from "node:path";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { Lens } from "../../core/engine.js";
import { describe, expect, it } from "vitest";
import { lensAt, repoRoot } from "../helpers.js";
import { formatReadEnclosing, windowAround } from "../../core/read-enclosing.js";

const dir = join(repoRoot, "test", "read-tools", "fixtures");
const ts = join(dir, "server.ts");
const py = join(dir, "shop.py");
const java = join(dir, "Shop.java");
const lines = (f: string, s: number, e: number) => readFileSync(f, "utf8").split("\n").slice(s - 1, e).join("\n");

describe("read_enclosing", async () => {
  const lens = await lensAt(repoRoot);

  it("returns the smallest symbol containing the line, doc comment included, with its parent chain", async () => {
    const r = await lens.readEnclosing(ts, 32);
    expect(r).toMatchObject({ found: true, name: "Outer.Inner.deepMethod", kind: "method", startLine: 30, endLine: 34, parentChain: ["Outer", "Inner"] });
    expect(r.source).toBe(lines(ts, 30, 34));
    // A line on the doc comment belongs to the symbol it documents.
    expect(await lens.readEnclosing(ts, 3)).toMatchObject({ found: true, name: "attached", startLine: 3 });
  });

  it("a line inside a callback returns the callback; kinds=function still does (callbacks are functions); kinds=method skips it", async () => {
    expect(await lens.readEnclosing(ts, 43)).toMatchObject({ found: true, name: "this.events.on@42", parentChain: ["Server", "start"] });
    expect(await lens.readEnclosing(ts, 43, { kinds: ["function"] })).toMatchObject({ found: true, name: "this.events.on@42" });
    expect(await lens.readEnclosing(ts, 43, { kinds: ["method"] })).toMatchObject({ found: true, name: "Server.start", startLine: 41, endLine: 45 });
  });

  it("a column picks among symbols side by side on a short line too (a one-line class and its methods; it had been used only in minified files)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-enclosing-column-"));
    const file = join(d, "k.ts");
    writeFileSync(file, ["export class K { a(): number { return 1; } b(): number { return 2; } }", "function f(){return 1}function g(){return 2}", ""].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    expect(await l.readEnclosing(file, 1, { column: 50 })).toMatchObject({ found: true, name: "K.b" });
    expect(await l.readEnclosing(file, 1, { column: 20 })).toMatchObject({ found: true, name: "K.a" });
    expect(await l.readEnclosing(file, 1, { column: 10 })).toMatchObject({ found: true, name: "K" });
    expect(await l.readEnclosing(file, 2, { column: 35 })).toMatchObject({ found: true, name: "g" });
    // Without a column: the first, with the note that says to pass one.
    expect((await l.readEnclosing(file, 2)).name).toBe("f");
    // The read is still the whole line (a short line is not cut to the symbol's characters).
    expect((await l.readSymbol(file, "K.b")).source).toBe("export class K { a(): number { return 1; } b(): number { return 2; } }");
  });

  it("kinds=method takes a constructor (a class's method to whoever asks for methods), not the class around it", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-enclosing-ctor-"));
    const file = join(d, "box.ts");
    writeFileSync(file, ["export class Box {", "  constructor(private n: number) {", "    this.n = n * 2;", "  }", "  get(): number {", "    return this.n;", "  }", "}", ""].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    expect(await l.readEnclosing(file, 3, { kinds: ["method"] })).toMatchObject({ found: true, name: "Box.constructor", kind: "constructor", startLine: 2, endLine: 4 });
    expect(await l.readEnclosing(file, 3, { kinds: ["constructor"] })).toMatchObject({ found: true, name: "Box.constructor" });
    expect(await l.readEnclosing(file, 3, { kinds: ["class"] })).toMatchObject({ found: true, name: "Box", kind: "class" });
  });

  it("a column past the end of its line answers for the line, with a warning that says the line's width (a stack trace's column is often off; it had been an error, before that accepted silently); one past the last character is a position", async () => {
    const width = readFileSync(ts, "utf8").split("\n")[31]!.length;
    const past = await lens.readEnclosing(ts, 32, { column: width + 5 });
    const plain = await lens.readEnclosing(ts, 32);
    expect(past).toMatchObject({ found: true, name: "Outer.Inner.deepMethod", startLine: plain.startLine, endLine: plain.endLine, source: plain.source });
    expect(past.error).toBeUndefined();
    expect(past.warnings).toEqual([`column ${width + 5} is past the end of line 32 (${width} characters): answered for the line, the column left out`]);
    expect(formatReadEnclosing(past).split("\n")).toContain(`# ! column ${width + 5} is past the end of line 32 (${width} characters): answered for the line, the column left out`);
    expect(await lens.readEnclosing(ts, 32, { column: width + 1 })).toMatchObject({ found: true, name: "Outer.Inner.deepMethod" });
  });

  it("kinds=type climbs to the class; kinds filter the candidates", async () => {
    const r = await lens.readEnclosing(ts, 50, { kinds: ["type"] });
    expect(r).toMatchObject({ found: true, name: "Server", kind: "class", startLine: 38, endLine: 74 });
    expect(await lens.readEnclosing(ts, 32, { kinds: ["type"] })).toMatchObject({ name: "Outer.Inner", kind: "class" });
    expect(await lens.readEnclosing(ts, 32, { kinds: ["namespace"] })).toMatchObject({ name: "Outer", kind: "namespace" });
  });

  it("oversize by default: a slice around the line, and the note names the outline", async () => {
    const r = await lens.readEnclosing(ts, 60, { maxLines: 10, aroundLine: 9 });
    expect(r).toMatchObject({ found: true, name: "Server.handleRequest", oversize: { lines: 27, maxLines: 10, mode: "slice" }, partial: { startLine: 56, endLine: 64 } });
    expect(r.source).toBe(lines(ts, 56, 64));
    expect(r.note).toBe(`partial: lines 56-64 of Server.handleRequest (47-73, 27 lines); onOversize "outline" lists its nested symbols`);
  });

  it("oversize error: metadata, no body, a note on how to get it", async () => {
    const r = await lens.readEnclosing(ts, 60, { maxLines: 10, onOversize: "error" });
    expect(r).toMatchObject({ found: true, name: "Server.handleRequest", startLine: 47, endLine: 73, oversize: { lines: 27, maxLines: 10, mode: "error" } });
    expect(r.source).toBeUndefined();
    expect(r.note).toMatch(/slice.*outline/);
  });

  it("oversize slice: a centred window of aroundLine lines, clamped to the symbol, marked partial", async () => {
    const r = await lens.readEnclosing(ts, 60, { maxLines: 10, onOversize: "slice", aroundLine: 9 });
    expect(r.partial).toEqual({ startLine: 56, endLine: 64 });
    expect(r.source).toBe(lines(ts, 56, 64));
    const edge = await lens.readEnclosing(ts, 48, { maxLines: 10, onOversize: "slice", aroundLine: 9 });
    expect(edge.partial).toEqual({ startLine: 47, endLine: 55 });
    const dflt = await lens.readEnclosing(ts, 60, { maxLines: 10, onOversize: "slice" });
    expect(dflt.partial).toEqual({ startLine: 47, endLine: 73 }); // 80 lines clamped to the 27-line method
    expect(windowAround(100, 80, 1, 1000)).toEqual([61, 140]);
  });

  it("oversize outline: nested symbols and callbacks with ranges, not filtered by kinds", async () => {
    const r = await lens.readEnclosing(ts, 40, { kinds: ["class"], maxLines: 10, onOversize: "outline" });
    expect(r).toMatchObject({ found: true, name: "Server", oversize: { mode: "outline" } });
    expect(r.source).toBeUndefined();
    expect(r.outline!.map((o) => [o.name, o.kind, o.startLine, o.endLine, o.depth])).toEqual([
      ["Server.events", "property", 39, 39, 1],
      ["Server.start", "method", 41, 45, 1],
      ["this.events.on@42", "event_handler", 42, 44, 2],
      ["Server.handleRequest", "method", 47, 73, 1],
    ]);
  });

  it("oversize outline of a body that declares nothing is a slice (not an empty outline), and says so", async () => {
    const r = await lens.readEnclosing(ts, 60, { kinds: ["method"], maxLines: 10, onOversize: "outline", aroundLine: 5 });
    expect(r).toMatchObject({ found: true, name: "Server.handleRequest", partial: { startLine: 58, endLine: 62 } });
    expect(r.outline).toBeUndefined();
    expect(r.source).toBe(lines(ts, 58, 62));
    expect(r.note).toMatch(/it declares nothing nested to outline$/);
  });

  it("a line outside every symbol answers with the nearest symbols and the line", async () => {
    const imp = await lens.readEnclosing(ts, 1);
    expect(imp).toMatchObject({ found: false, lineText: 'import { EventEmitter } from "node:events";' });
    expect(imp.nearest?.after).toMatchObject({ name: "attached", startLine: 3 });
    expect(imp.nearest?.before).toBeUndefined();
    const tail = await lens.readEnclosing(ts, 76);
    expect(tail.nearest?.before).toMatchObject({ name: "Server", startLine: 38, endLine: 74 });
    expect(tail.note).toMatch(/outside every symbol/);
    const blank = await lens.readEnclosing(ts, 9);
    expect(blank.nearest).toMatchObject({ before: { name: "attached" }, after: { name: "detached" } });
  });

  it("a kinds filter that nothing satisfies names what does contain the line", async () => {
    const r = await lens.readEnclosing(ts, 5, { kinds: ["class"] });
    expect(r.found).toBe(false);
    expect(r.nearest?.containing).toMatchObject({ name: "attached", kind: "function" });
  });

  it("Python: a line in a nested method, and a line in top-level code", async () => {
    expect(await lens.readEnclosing(py, 21)).toMatchObject({ found: true, name: "Outer.Inner.deep", startLine: 20, endLine: 22 });
    expect(await lens.readEnclosing(py, 26)).toMatchObject({ found: true, name: "Outer.method" });
    const main = await lens.readEnclosing(py, 40);
    expect(main.found).toBe(false);
    expect(main.nearest?.before?.name).toBe("duplicated");
  });

  it("Java: method, lambda, nested class, a line between members", async () => {
    expect(await lens.readEnclosing(java, 11)).toMatchObject({ found: true, name: "Shop.total", startLine: 7, endLine: 14 });
    expect(await lens.readEnclosing(java, 40)).toMatchObject({ found: true, name: "wrapped@39", parentChain: ["Shop", "listen"] });
    expect(await lens.readEnclosing(java, 40, { kinds: ["method"] })).toMatchObject({ found: true, name: "Shop.listen", startLine: 38, endLine: 43 });
    expect(await lens.readEnclosing(java, 33, { kinds: ["type"] })).toMatchObject({ found: true, name: "Shop.Outer.Inner" });
    // Line 16 is the detached comment: inside class Shop, outside its methods.
    expect(await lens.readEnclosing(java, 16)).toMatchObject({ found: true, name: "Shop", kind: "class" });
    const o = await lens.readEnclosing(java, 16, { maxLines: 10, onOversize: "outline" });
    expect(o.outline?.map((x) => x.name)).toContain("Shop.Outer.Inner.deep");
  });

  it("bad lines are errors", async () => {
    expect((await lens.readEnclosing(ts, 0)).error).toMatch(/≥ 1/);
    expect((await lens.readEnclosing(ts, 999)).error).toMatch(/past the end/);
    expect((await lens.readEnclosing(ts, 5, { onOversize: "nope" as never })).error).toMatch(/onOversize/);
  });

  it("a line of minified code holding many functions: ambiguous without a column, the function around the character with one (stack traces' line:column)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-enclosing-min-"));
    const fns = Array.from({ length: 40 }, (_, i) => `function f${i}(a){if(a>${i}){return a*${i}+g(a)}return a-${i}}`);
    const src = `"use strict";${fns.join("")}var z=1;\n// end\n`;
    const file = join(d, "bundle.min.js");
    writeFileSync(file, src);
    const l = await Lens.create({ cwd: d, root: d });
    const plain = await l.readEnclosing(file, 1);
    expect(plain.found).toBe(true);
    expect(plain.ambiguous).toEqual({ count: 41 }); // and `var z`
    expect(plain.name).toBe("f0"); // the first, as the note says (it had said "the last": QA round X)
    expect(plain.note).toMatch(/^line 1 holds 41 symbols side by side: this is one of them \(the first\); pass column/);
    const col = src.indexOf("function f17(") + 20;
    const at = await l.readEnclosing(file, 1, { column: col });
    expect([at.found, at.name, at.ambiguous, at.source]).toEqual([true, "f17", undefined, fns[17]]);
    // A column outside every function: nothing encloses that character.
    expect((await l.readEnclosing(file, 1, { column: 3 })).found).toBe(false);
    expect((await l.readEnclosing(file, 1, { column: 0 })).error).toMatch(/column must be a whole number/);
    // The CLI takes the stack trace's form.
    const out = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "enclosing", file, `1:${col}`, "--json"], { cwd: d, encoding: "utf8" });
    expect(JSON.parse(out.stdout)).toMatchObject({ found: true, name: "f17" });
  });

  it("a symbol exported under another name is one symbol on its lines, not two side by side (`export default function app`, `export { main as run }`)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-enclosing-alias-"));
    const file = join(d, "app.ts");
    writeFileSync(file, ["export default function app(): number {", "  const x = 1;", "  return x;", "}", "function main() {", "  return 1;", "}", "export { main as run };", ""].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    const app = await l.readEnclosing(file, 3);
    expect([app.found, app.name, app.startLine, app.endLine, app.ambiguous, app.note]).toEqual([true, "app", 1, 4, undefined, undefined]);
    const main = await l.readEnclosing(file, 6);
    expect([main.found, main.name, main.startLine, main.endLine, main.ambiguous, main.note]).toEqual([true, "main", 5, 7, undefined, undefined]);
    // (read still finds it by the name it is exported by.)
    expect(await l.readSymbol(file, "run")).toMatchObject({ found: true, startLine: 5, endLine: 7 });
  });

  it("a method whose body is one lambda with its very lines (Kotlin `fun definition() = ModuleDefinition {`) is no second symbol side by side below its first line", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-enclosing-same-lines-"));
    const file = join(d, "M.kt");
    const src = ["class M : Module() {", "  override fun definition() = ModuleDefinition {", "    Name(\"M\")", "", "    // a comment between calls", "    Events(\"a\")", "  }", "}", ""];
    writeFileSync(file, src.join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    for (const line of [3, 5, 7]) {
      const r = await l.readEnclosing(file, line);
      expect([r.found, r.name, r.startLine, r.endLine, r.ambiguous, r.note]).toEqual([true, "ModuleDefinition@2", 2, 7, undefined, undefined]);
      expect(r.parentChain).toEqual(["M", "definition"]);
    }
    // On the head's line a column does pick one of the two: still said there.
    const head = await l.readEnclosing(file, 2);
    expect([head.name, head.ambiguous]).toEqual(["ModuleDefinition@2", { count: 2 }]);
    expect(head.note).toMatch(/^line 2 holds 2 symbols side by side/);
    expect((await l.readEnclosing(file, 2, { column: 5 })).name).toBe("M.definition");
  });

  it("a callback the report leaves out past maxCallbacks is still the smallest around its lines, and read by its handle (it had been its container, all of it)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-enclosing-unlisted-"));
    const file = join(d, "M.kt");
    const src = ["class M : Module() {", "  override fun definition() = ModuleDefinition {", "    AsyncFunction(\"a\") {", "      step(1)", "      step(2)", "      step(3)", "    }", "    AsyncFunction(\"b\") {", "      step(4)", "      step(5)", "    }", "    Function(\"c\") {", "      step(6)", "    }", "  }", "}", ""];
    writeFileSync(file, src.join("\n"));
    const l = await Lens.create({ cwd: d, root: d, settings: { maxCallbacks: 2 } });
    const report = await l.moduleReport(file);
    const listed = (report.callbacks ?? []).map((c) => c.name);
    expect(listed).toHaveLength(2);
    expect(listed).not.toContain('Function("c")@12');
    expect(report.warnings?.join(" ")).toMatch(/callbacks: 4 found, the 2 highest-ranked are listed/);
    const r = await l.readEnclosing(file, 13);
    expect([r.found, r.name, r.kind, r.startLine, r.endLine, r.parentChain]).toEqual([true, 'Function("c")@12', "lambda", 12, 14, ["M", "definition"]]);
    expect(r.source).toBe(src.slice(11, 14).join("\n"));
    expect(await l.readSymbol(file, 'Function("c")@12')).toMatchObject({ found: true, startLine: 12, endLine: 14 });
  });
});
