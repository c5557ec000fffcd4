/**
 * Read tools on real parsed files: windows of files over maxFileBytes, windowed re-read diffs in the
 * new file's terms, kind misses and kind names, operator names, and which duplicate is shown.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { readLineWindow } from "../../core/files.js";
import { splitLines } from "../../core/text.js";
import { ViewSession } from "../../core/view/index.js";
import { SYMBOL_KINDS } from "../../core/types.js";
import { canonicalKind } from "../../core/symbol-kinds.js";
import { shortKind } from "../../renderers/compact-rows.js";

function tempProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pilens-qa-"));
  mkdirSync(join(dir, ".git"));
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(dir, rel), text);
  return dir;
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `const v${i + 1} = ${i + 1};`).join("\n") + "\n";

describe("windows of files over maxFileBytes", () => {
  it("serves offset/limit verbatim from a streamed read; a whole read is still refused", async () => {
    const dir = tempProject({ "big.ts": numbered(400) });
    const lens = await Lens.create({ cwd: dir, root: dir, settings: { maxFileBytes: 2000 } });
    const whole = await lens.view("big.ts", { mode: "full" });
    expect(whole.error).toMatch(/over the 2 KB limit — read a window/);
    const r = await lens.view("big.ts", { offset: 300, limit: 3 });
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ served: "full", startLine: 300, endLine: 302, totalLines: 400 });
    expect(r.text).toBe("const v300 = 300;\nconst v301 = 301;\nconst v302 = 302;\n");
    // A small window auto would serve in full anyway: no note about outlines (QA round X); a tier asked for is said.
    expect(r.note).toBeUndefined();
    expect((await lens.view("big.ts", { offset: 300, limit: 3, mode: "map" })).note).toMatch(/no map view of this file/);
    // A window larger than one read ends at a line and says where to continue.
    const long = await lens.view("big.ts", { offset: 1, limit: 400, mode: "full" });
    expect(long.endLine).toBeLessThan(400);
    expect(long.note).toMatch(new RegExp(`continue with offset=${long.endLine + 1}`));
    expect(Buffer.byteLength(long.text)).toBeLessThanOrEqual(2000);
  });

  it("readLineWindow cuts lines as splitLines does (\\n, \\r\\n, lone \\r, final break or not)", async () => {
    const dir = tempProject({});
    for (const text of ["a\nb\r\nc\rd", "a\r\n\r\nb\r\n", "\n", "x", "", "a\n\nb\n\n", "\ufeffa\nb"]) {
      const f = join(dir, "t.txt");
      writeFileSync(f, text);
      const all = splitLines(text.replace(/^\ufeff/, ""));
      for (let from = 1; from <= all.length; from++) {
        for (let to = from; to <= all.length + 1; to++) {
          const w = await readLineWindow(f, from, to, 1 << 20);
          expect(w.totalLines, JSON.stringify(text)).toBe(all.length);
          expect(w.lines, `${JSON.stringify(text)} ${from}-${to}`).toEqual(all.slice(from - 1, to));
        }
      }
    }
  });
});

describe("windowed re-read diffs", () => {
  it("a line inserted inside the window is the only change: the line pushed past the window is no deletion", async () => {
    const dir = tempProject({ "w.ts": numbered(60) });
    const f = join(dir, "w.ts");
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession();
    await lens.view(f, { mode: "full", offset: 10, limit: 20, session: s });
    const lines = splitLines(numbered(60));
    lines.splice(17, 0, "// edited");
    writeFileSync(f, lines.join("\n") + "\n");
    const r = await lens.view(f, { mode: "full", offset: 10, limit: 20, session: s });
    expect(r.served).toBe("diff");
    expect(r.text).toContain("+18: // edited");
    expect(r.text).not.toMatch(/^-/m);
  });

  it("an edit above the window moves the lines read: no line of them is reported changed", async () => {
    const dir = tempProject({ "w.ts": numbered(60) });
    const f = join(dir, "w.ts");
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession();
    await lens.view(f, { mode: "full", offset: 20, limit: 20, session: s });
    const lines = splitLines(numbered(60));
    lines.splice(2, 0, "// one", "// two");
    writeFileSync(f, lines.join("\n") + "\n");
    const r = await lens.view(f, { mode: "full", offset: 20, limit: 20, session: s });
    expect(r.text).toMatch(/^\[pilens: w\.ts lines 20-39 as your view offset=20 limit=20 mode=full sent them are unchanged and now lines 22-41 \(lines were inserted or deleted above them/);
    expect(r.text).not.toMatch(/^[-+]\d/m);
    expect(r.text).not.toMatch(/line endings/);
    // Reading them where they are now is a stub: that text is in context (QA F9: it came whole again).
    const there = await lens.view(f, { mode: "full", offset: 22, limit: 20, session: s });
    expect([there.served, there.text]).toEqual(["stub", expect.stringMatching(/^\[pilens: w\.ts lines 22-41 unchanged since your view offset=20 limit=20 mode=full \(a diff, /)]);
    // The lines above them, never read, come whole.
    expect((await lens.view(f, { mode: "full", offset: 20, limit: 5, session: s })).served).toBe("full");
  });

  it("a move in repetitive code is found as the whole block, not aligned with look-alike lines", async () => {
    // Blocks that differ only in a number: an alignment pairs look-alike lines and reports false edits.
    const rep = Array.from({ length: 500 }, (_, i) => `/** Doc ${i}. */\nexport function fn${i}(a: number, b: string): number {\n  const x = a + ${i};\n  return x * 2;\n}\n`).join("\n");
    const dir = tempProject({ "rep.ts": rep });
    const f = join(dir, "rep.ts");
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession();
    await lens.view(f, { mode: "full", offset: 1001, limit: 200, session: s });
    const lines = splitLines(rep);
    lines.splice(10, 0, "// a", "// b", "// c");
    writeFileSync(f, lines.join("\n") + "\n");
    const r = await lens.view(f, { mode: "full", offset: 1001, limit: 200, session: s });
    expect(r.text).toMatch(/are unchanged and now lines 1004-1203/);
    expect(r.text).not.toMatch(/^[-+]\d/m);
  });

  it("a replaced first line of the window is still a change", async () => {
    const dir = tempProject({ "w.ts": numbered(60) });
    const f = join(dir, "w.ts");
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession();
    await lens.view(f, { mode: "full", offset: 10, limit: 20, session: s });
    writeFileSync(f, numbered(60).replace("const v10 = 10;", "const v10 = 1000;"));
    const r = await lens.view(f, { mode: "full", offset: 10, limit: 20, session: s });
    expect(r.text).toContain("-10: const v10 = 10;");
    expect(r.text).toContain("+10: const v10 = 1000;");
  });
});

describe("read_symbol and read_enclosing: kinds, operators, duplicates", () => {
  const SRC = `export function config(): void {}\n\nexport class Store {\n  get(): number {\n    return 1;\n  }\n}\n`;

  it("a kind miss of a name declared in this file says so, not that the symbol is elsewhere", async () => {
    const dir = tempProject({ "mod.ts": SRC, "other.ts": "export class config {}\nexport function elsewhereOnly(): void {}\n" });
    const lens = await Lens.create({ cwd: dir, root: dir });
    await lens.index();
    const r = await lens.readSymbol("mod.ts", "config", { kind: "interface" });
    expect(r.found).toBe(false);
    expect(r.note).toMatch(/^no interface named config in mod\.ts; config is declared as function in this file \(function 1-1\)/);
    expect(r.suggestions).toEqual(["config"]);
    const c = await lens.readSymbol("mod.ts", "config", { kind: "class" });
    expect(c.note).toMatch(/^no class named config in mod\.ts; config is declared as function in this file/);
    expect(c.note).toMatch(/a class `config` is defined in other\.ts:1-1$/);
    // A name not in the file at all still points to where it is.
    expect((await lens.readSymbol("mod.ts", "elsewhereOnly")).note).toMatch(/^not in mod\.ts — `elsewhereOnly` is defined in other\.ts:2-2/);
  });

  it("compact-view kind labels work as kind and kinds; an unknown kind is an error listing the kinds", async () => {
    const dir = tempProject({ "mod.ts": SRC });
    const lens = await Lens.create({ cwd: dir, root: dir });
    expect(await lens.readSymbol("mod.ts", "config", { kind: "fn" })).toMatchObject({ found: true, kind: "function" });
    expect(await lens.readEnclosing("mod.ts", 5, { kinds: ["method"] })).toMatchObject({ found: true, name: "Store.get" });
    expect(await lens.readEnclosing("mod.ts", 5, { kinds: ["class"] })).toMatchObject({ found: true, name: "Store" });
    expect(await lens.readEnclosing("mod.ts", 1, { kinds: ["fn"] })).toMatchObject({ found: true, name: "config" });
    const bad = await lens.readEnclosing("mod.ts", 5, { kinds: ["bogus"] });
    expect(bad.found).toBe(false);
    expect(bad.error).toMatch(/^unknown kind "bogus" — kinds: function, method, constructor, class/);
    expect((await lens.readSymbol("mod.ts", "config", { kind: "bogus" })).error).toMatch(/^unknown kind "bogus"/);
    // Every label the compact view prints names its kind, and every kind names itself (`constructor` is
    // also a property of every object: it was looked up there once, and read_symbol --kind constructor broke).
    for (const k of SYMBOL_KINDS) {
      expect(canonicalKind(shortKind(k))).toBe(k);
      expect(canonicalKind(k)).toBe(k);
    }
    for (const k of ["toString", "valueOf", "__proto__"]) expect(canonicalKind(k)).toBe(k.toLowerCase());
    const withCtor = tempProject({ "c.ts": "export class Box {\n  constructor(public n: number) {}\n}\n" });
    const l2 = await Lens.create({ cwd: withCtor, root: withCtor });
    expect(await l2.readSymbol("c.ts", "Box.constructor", { kind: "constructor" })).toMatchObject({ found: true, kind: "constructor", startLine: 2 });
  });

  it("C# operator names match with or without a space after `operator`", async () => {
    const cs = "public struct Vec {\n  public int X;\n  public static Vec operator +(Vec a, Vec b) { return a; }\n}\n";
    const dir = tempProject({ "Vec.cs": cs });
    const lens = await Lens.create({ cwd: dir, root: dir });
    for (const q of ["operator+", "operator +", "Vec.operator+", "Vec::operator +"]) {
      expect(await lens.readSymbol("Vec.cs", q), q).toMatchObject({ found: true, startLine: 3 });
    }
  });

  it("C++ operator names match with or without a space after `operator`", async () => {
    const cpp = "struct Vec {\n  int x;\n  Vec operator+(const Vec& o) const { return o; }\n  bool operator==(const Vec& o) const { return true; }\n};\n";
    const dir = tempProject({ "vec.cpp": cpp });
    const lens = await Lens.create({ cwd: dir, root: dir });
    for (const q of ["operator+", "operator +", "Vec::operator +"]) {
      expect(await lens.readSymbol("vec.cpp", q), q).toMatchObject({ found: true, startLine: 3 });
    }
    expect(await lens.readSymbol("vec.cpp", "operator ==")).toMatchObject({ found: true, startLine: 4 });
  });

  it("the ambiguity note says which duplicate it shows: the whole-name match, even when a method comes first", async () => {
    const py = "class TextWrapper:\n    def wrap(self, text):\n        return [text]\n\n\ndef wrap(text, width=70):\n    return TextWrapper().wrap(text)\n";
    const dir = tempProject({ "tw.py": py, "dup.py": "def f():\n    pass\n\n\ndef f():\n    pass\n" });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const r = await lens.readSymbol("tw.py", "wrap");
    expect(r).toMatchObject({ found: true, name: "wrap", startLine: 6, ambiguous: { count: 2 } });
    expect(r.note).not.toMatch(/first in source order/);
    expect(r.note).toMatch(/showing wrap function 6-7, whose whole name is wrap/);
    const d = await lens.readSymbol("dup.py", "f");
    expect(d).toMatchObject({ found: true, startLine: 1 });
    expect(d.note).toMatch(/showing the first in source order/);
  });

  it("an interface's overloads read as one group, as a declared class's do; a getter and its setter are one read, with bodies or as signatures", async () => {
    const ts = [
      "export interface Emitter {",
      '  on(e: "a", f: () => void): this;',
      '  on(e: "b", f: (x: number) => void): this;',
      "  off(): void;",
      "}",
      "export class Box {",
      "  private _v = 0;",
      "  /** The value. */",
      "  get v(): number {",
      "    return this._v;",
      "  }",
      "  set v(x: number) {",
      "    this._v = x;",
      "  }",
      "}",
      "",
    ].join("\n");
    const dts = ["export declare class Nav {", "  get onerror(): Handler;", "  set onerror(h: Handler);", "  go(): void;", "}", "type Handler = () => void;", ""].join("\n");
    const dir = tempProject({ "emitter.ts": ts, "nav.d.ts": dts });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const on = await lens.readSymbol("emitter.ts", "Emitter.on");
    expect(on).toMatchObject({ found: true, startLine: 2, endLine: 3 });
    expect(on.ambiguous).toBeUndefined();
    expect(on.note).toMatch(/2 overload signatures/);
    expect(await lens.readSymbol("emitter.ts", "Emitter.off")).toMatchObject({ found: true, startLine: 4, endLine: 4 });
    const v = await lens.readSymbol("emitter.ts", "Box.v");
    expect(v).toMatchObject({ found: true, startLine: 8, endLine: 14, note: "the getter and its setter" });
    expect(v.ambiguous).toBeUndefined();
    const nav = await lens.readSymbol("nav.d.ts", "Nav.onerror");
    expect(nav).toMatchObject({ found: true, startLine: 2, endLine: 3, note: "the getter and its setter" });
  });

  it("Python's @property with its @x.setter and @x.deleter is one read, as a TS getter/setter pair (QA round Z: it read as two symbols)", async () => {
    const py = ["class C:", "    @property", "    def prop(self):", '        """The prop."""', "        return self._p", "", "    @prop.setter", "    def prop(self, v):", "        self._p = v", "", "    @prop.deleter", "    def prop(self):", "        del self._p", "", "    def other(self):", "        return 1", ""].join("\n");
    const two = py.split("\n").slice(0, 10).join("\n") + "\n";
    const dir = tempProject({ "c.py": py, "two.py": two });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const three = await lens.readSymbol("c.py", "prop");
    expect(three).toMatchObject({ found: true, startLine: 2, endLine: 13, note: "the getter, its setter and its deleter" });
    expect(three.ambiguous).toBeUndefined();
    expect(await lens.readSymbol("two.py", "C.prop")).toMatchObject({ found: true, startLine: 2, endLine: 9, note: "the getter and its setter" });
  });
});

describe("a file of documentation only (QA round 44: Go's doc.go, Java's package-info.java)", () => {
  const doc = ["// Copyright 2011 The Go Authors.", "", "/*", ...Array.from({ length: 400 }, (_, i) => `Package template implements data-driven templates, paragraph ${i}.`), "*/", "package template", ""].join("\n");
  it("auto reads its lines in full and says why; a tier asked for says there is nothing to outline and what reads it", async () => {
    const dir = tempProject({ "doc.go": doc });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const auto = await lens.view("doc.go", {});
    expect(auto).toMatchObject({ served: "full", startLine: 1, endLine: 405 });
    expect(auto.text).toBe(doc);
    expect(auto.note).toMatch(/no declarations in this file \(documentation or top-level code\); showing the lines in full/);
    for (const mode of ["map", "signatures"] as const) {
      const r = await lens.view("doc.go", { mode });
      expect(r.served).toBe(mode);
      expect(r.note, mode).toMatch(/no declarations in this file \(documentation or top-level code\): mode full reads them/);
    }
    // A window of a file with declarations elsewhere: that window is said.
    const mixed = tempProject({ "m.go": doc + "func A() int {\n\treturn 1\n}\n" });
    const w = await (await Lens.create({ cwd: mixed, root: mixed })).view("m.go", { mode: "map", offset: 10, limit: 300 });
    expect(w.note).toMatch(/no declarations in lines 10-309/);
  });
});

describe("names as other tools spell them (QA round 44, MCP D9)", () => {
  it("Rust: `Type::next` reads the method, not the field of the same name; the note says which and why", async () => {
    const dir = tempProject({
      "n.rs": ["pub struct Neighbors {", "    next: usize,", "}", "", "impl Iterator for Neighbors {", "    type Item = usize;", "    fn next(&mut self) -> Option<usize> {", "        Some(self.next)", "    }", "}", ""].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const r = await lens.readSymbol("n.rs", "Neighbors::next");
    expect([r.kind, r.startLine, r.endLine]).toEqual(["method", 7, 9]);
    expect(r.note).toMatch(/the method \(Neighbors\.next field 2-2 is a field\)/);
    expect((await lens.readSymbol("n.rs", "Neighbors::next", { kind: "field" })).startLine).toBe(2);
  });

  it("Rust: a trait impl is named by its trait in the compact outline (`Clone for Graph`, not a third `Graph`), and read_symbol takes that name", async () => {
    const dir = tempProject({
      "g.rs": [
        "pub struct Graph<N> {", "    nodes: Vec<N>,", "}", "",
        "impl<N: Clone> Clone for Graph<N> {", "    fn clone(&self) -> Self {", "        Graph { nodes: self.nodes.clone() }", "    }", "}", "",
        "impl<N> fmt::Debug for Graph<N> {", "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {", "        Ok(())", "    }", "}", "",
        "impl<N> Graph<N> {", "    pub fn new() -> Self {", "        Graph { nodes: Vec::new() }", "    }", "}", "",
      ].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const text = lens.render(await lens.moduleReport(join(dir, "g.rs")), "compact");
    expect(text).toMatch(/Clone for Graph/);
    expect(text).toMatch(/fmt::Debug for Graph/);
    const clone = await lens.readSymbol("g.rs", "Clone for Graph");
    expect([clone.found, clone.startLine, clone.endLine]).toEqual([true, 5, 9]);
    expect((await lens.readSymbol("g.rs", "Debug for Graph")).startLine).toBe(11);
    expect((await lens.readSymbol("g.rs", "Display for Graph")).found).toBe(false);
  });

  it("Go: a method as a stack trace spells it (`text/template.(*state).evalBool`, `(*state).evalBool`, `(T).m`)", async () => {
    const dir = tempProject({
      "exec.go": ["package template", "", "type state struct{}", "", "func (s *state) evalBool(x int) bool {", "\treturn x > 0", "}", "", "type T struct{}", "", "func (T) m() {}", ""].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    for (const name of ["text/template.(*state).evalBool", "(*state).evalBool", "state.evalBool"]) {
      const r = await lens.readSymbol("exec.go", name);
      expect([r.found, r.name, r.startLine], name).toEqual([true, "state.evalBool", 5]);
    }
    expect((await lens.readSymbol("exec.go", "(T).m")).startLine).toBe(11);
  });
});

describe("reading a large class by name (QA round 44, MCP D4 and D10)", () => {
  it("a Java class is one symbol, not one of its constructors' matches; over maxLines its outline is its direct members when the nested ones are over 250 rows", async () => {
    const nested = Array.from({ length: 30 }, (_, i) => [`    static final class Part${i} {`, ...Array.from({ length: 10 }, (_, j) => `        int f${j}() { return ${j}; }`), "    }"]).flat();
    const dir = tempProject({
      "Big.java": ["public class Big {", "    public Big() {", "    }", "", "    public Big(int n) {", "    }", "", ...nested, ...Array.from({ length: 700 }, (_, i) => `    // filler ${i}`), "}", ""].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const r = await lens.readSymbol("Big.java", "Big");
    expect([r.found, r.kind, r.startLine]).toEqual([true, "class", 1]);
    expect(r.note ?? "").not.toMatch(/symbols match/);
    // 30 nested classes of 10 methods and 2 constructors: 332 nested rows, over the outline's 250 — the 32 direct members.
    expect(r.outline?.length).toBe(32);
    expect(r.note).toMatch(/outline of 32 nested symbol\(s\) — 300 deeper ones left out/);
    // Its constructors are still read by kind.
    const ctor = await lens.readSymbol("Big.java", "Big", { kind: "constructor" });
    expect([ctor.kind, ctor.startLine]).toEqual(["constructor", 2]);
    expect(ctor.note).toMatch(/2 symbols match Big/);
  });
});

describe("read_enclosing outside every symbol says what the line is (QA round 44, MCP D10.6)", () => {
  it("an import, a comment, a blank line, a module-level binding read_symbol reads, other top-level code", async () => {
    const dir = tempProject({
      "base.py": ["import logging", "", "# Shared helpers.", "log = logging.getLogger(__name__)", "", "def run():", "    return 1", "", "print('x')", ""].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const note = async (line: number) => (await lens.readEnclosing("base.py", line)).note ?? "";
    expect(await note(1)).toMatch(/^line 1 is outside every symbol \(an import\)/);
    expect(await note(2)).toMatch(/^line 2 is outside every symbol \(a blank line\)/);
    expect(await note(3)).toMatch(/^line 3 is outside every symbol \(a comment\)/);
    expect(await note(4)).toMatch(/^line 4 is outside every symbol \(a module-level binding of log, not an outline entry: read_symbol log reads it\)/);
    expect((await lens.readSymbol("base.py", "log")).startLine).toBe(4);
    expect(await note(9)).toMatch(/^line 9 is outside every symbol \(top-level code, a docstring or a comment\)/);
  });
});

describe("did-you-mean offers each symbol once (QA round 44, MCP D10.3)", () => {
  it("a member is offered by its best name, not also by its bare one", async () => {
    const dir = tempProject({
      "immer.ts": ["export class Immer {", "  createDraft(base: object) {", "    return base;", "  }", "  finishDraft(d: object) {", "    return d;", "  }", "}", ""].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const r = await lens.readSymbol("immer.ts", "Immer.creatDraft");
    expect(r.found).toBe(false);
    expect(r.suggestions?.[0]).toBe("Immer.createDraft");
    expect(r.suggestions).not.toContain("createDraft");
  });
});
