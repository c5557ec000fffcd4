/** read_symbol on real parsed fixtures: doc attachment, qualified names, handles, duplicates, misses. */
import { join } from "node:path";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { Lens } from "../../core/engine.js";
import { describe, expect, it } from "vitest";
import { lensAt, repoRoot } from "../helpers.js";

const dir = join(repoRoot, "test", "read-tools", "fixtures");
const ts = join(dir, "server.ts");
const py = join(dir, "shop.py");
const java = join(dir, "Shop.java");
const lines = (f: string, s: number, e: number) => readFileSync(f, "utf8").split("\n").slice(s - 1, e).join("\n");

describe("read_symbol", async () => {
  const lens = await lensAt(repoRoot);

  it("includes an attached doc comment and returns exactly the lines", async () => {
    const r = await lens.readSymbol(ts, "attached");
    expect(r).toMatchObject({ found: true, kind: "function", startLine: 3, endLine: 6 });
    expect(r.source).toBe(lines(ts, 3, 6));
    expect(r.source!.startsWith("/** Attached doc")).toBe(true);
  });

  it("leaves out a comment separated by a blank line", async () => {
    const r = await lens.readSymbol(ts, "detached");
    expect(r).toMatchObject({ found: true, startLine: 10, endLine: 12 });
    expect(r.source).not.toContain("Detached comment");
  });

  it("Python: a # comment directly above is attached, a detached one is not; docstrings stay in the body", async () => {
    const h = await lens.readSymbol(py, "helper");
    expect(h).toMatchObject({ found: true, startLine: 5, endLine: 7 });
    expect(h.source).toBe(lines(py, 5, 7));
    const d = await lens.readSymbol(py, "detached");
    expect(d).toMatchObject({ found: true, startLine: 12, endLine: 13 });
    const deep = await lens.readSymbol(py, "Outer.Inner.deep");
    expect(deep).toMatchObject({ found: true, startLine: 20, endLine: 22, parentChain: ["Outer", "Inner"] });
    expect(deep.source).toContain('"""Deep docstring."""');
  });

  it("a miss in a file with syntax errors says a symbol may hide in them (the answer is not 'none')", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-err-"));
    const f = join(d, "b.rs");
    writeFileSync(f, "fn a() {}\nimpl<T> X for { broken\nfn b() {}\n");
    const l = await Lens.create({ cwd: d, root: d });
    const miss = await l.readSymbol(f, "zzz");
    expect(miss.found).toBe(false);
    expect(miss.warnings).toEqual(["1 syntax error region(s) in this file: a symbol inside one may be missing"]);
    expect((await l.readSymbol(f, "a")).warnings).toBeUndefined();
    expect((await l.readEnclosing(f, 99)).warnings?.[0]).toMatch(/syntax error region/);
  });

  it("name@line with a line inside the symbol reads that symbol and says so", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-at-"));
    const f = join(d, "g.ts");
    writeFileSync(f, "export function get(a: string): string;\nexport function get(a: number): number;\n/** Gets. */\nexport function get(a: unknown) {\n  const b = a;\n  return b;\n}\n");
    const l = await Lens.create({ cwd: d, root: d });
    const r = await l.readSymbol(f, "get@5");
    expect([r.found, r.startLine, r.endLine, r.note]).toEqual([true, 3, 7, "no get starts at line 5; showing the one whose lines hold it (get@4)"]);
    const miss = await l.readSymbol(f, "get@9");
    expect([miss.found, miss.suggestions]).toEqual([false, ["get"]]);
  });

  it("an overloaded name's note gives each other overload's head (QA: ArrayList's `add` read a private helper and listed `add@465` by line only)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-overloads-"));
    const f = join(d, "List.java");
    writeFileSync(f, "public class List<E> {\n  private void add(E e, Object[] data, int s) {\n  }\n  public boolean add(E e) {\n    return true;\n  }\n  public void add(int index, E element) {\n  }\n}\n");
    const l = await Lens.create({ cwd: d, root: d });
    const r = await l.readSymbol(f, "add");
    expect(r.startLine).toBe(2);
    expect(r.note).toContain("others: List.add@4 (method 4-6: public boolean add(E e)), List.add@7 (method 7-8: public void add(int index, E element))");
  });

  it("a definition beats a variable binding of the same name (a placeholder assigned above it)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-bind-"));
    const f = join(d, "e.py");
    writeFileSync(f, "__all__ = ['Enum', 'Flag']\nEnum = Flag = None\n\n\nclass Enum:\n    \"\"\"The enum.\"\"\"\n\n    x = 1\n");
    const l = await Lens.create({ cwd: d, root: d });
    const r = await l.readSymbol(f, "Enum");
    expect([r.found, r.kind, r.startLine, r.ambiguous]).toEqual([true, "class", 5, { count: 2, kinds: ["class", "variable"] }]);
    expect(r.note).toMatch(/a definition before the variable binding\(s\) of the name — others: Enum@2 \(variable 2-2\)/);
    expect((await l.readSymbol(f, "Enum", { kind: "variable" })).startLine).toBe(2);
  });

  it("Rust: a trait impl's method is found as Trait.method and Type.Trait.method; the note names the impls", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-trait-"));
    const f = join(d, "s.rs");
    writeFileSync(f, ["pub struct S;", "impl fmt::Display for S {", "    fn fmt(&self) {}", "}", "impl fmt::Debug for S {", "    fn fmt(&self) {}", "}", ""].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    expect((await l.readSymbol(f, "Debug.fmt")).startLine).toBe(6);
    expect((await l.readSymbol(f, "S::Debug::fmt")).startLine).toBe(6);
    const both = await l.readSymbol(f, "S.fmt");
    expect([both.startLine, both.note]).toEqual([3, "2 symbols match S.fmt; showing the first in source order (in impl Display) — others: S.fmt@6 (method 6-6 in impl Debug: fn fmt(&self)); pass name@line (as listed) to pick one"]);
  });

  it("JS: `req` prefers the public member over a #private one of the same bare name; `#req` picks the private", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-hash-"));
    const f = join(d, "c.js");
    writeFileSync(f, ["export class Context {", "  #req;", "  constructor(r) {", "    this.#req = r;", "  }", "  get req() {", "    return this.#req;", "  }", "}", ""].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    const pub = await l.readSymbol(f, "Context.req");
    expect([pub.kind, pub.startLine]).toEqual(["method", 6]);
    expect(pub.note).toMatch(/the public one \(ask for #req for the private one\)/);
    const priv = await l.readSymbol(f, "Context.#req");
    expect([priv.kind, priv.startLine, priv.ambiguous]).toEqual(["property", 2, undefined]);
  });

  it("JS: the public member declared before its `#private` namesake is read as the public one, said so (not \"the first in source order\")", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-hash-first-"));
    const f = join(d, "g.js");
    writeFileSync(f, ["class Gaxios {", "  async fetch(...args) {", "    return Gaxios.#fetch(args);", "  }", "", "  static async #fetch(opts) {", "    return opts;", "  }", "}", ""].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    for (const q of ["Gaxios.fetch", "fetch"]) {
      const r = await l.readSymbol(f, q);
      expect([r.kind, r.startLine, r.endLine], q).toEqual(["method", 2, 4]);
      expect(r.note, q).toMatch(/showing Gaxios\.fetch method 2-4, the public one \(ask for #fetch for the private one\) — others: Gaxios\.#fetch@6/);
      expect(r.note, q).not.toMatch(/first in source order/);
    }
    // Two public namesakes and a private one: source order still chose among the public ones, said so.
    const g = join(d, "h.js");
    writeFileSync(g, ["class A {", "  run() {}", "  #run() {}", "}", "class B {", "  run() {}", "}", ""].join("\n"));
    const both = await l.readSymbol(g, "run");
    expect([both.startLine, both.note]).toEqual([2, expect.stringMatching(/showing the first in source order/)]);
  });

  it("TS/JS: a symbol is found by the name an export list gives it (`export { a as alpha }`)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-alias-"));
    const f = join(d, "x.ts");
    writeFileSync(f, "const a = 1;\ntype T = number;\nexport { a as alpha };\nexport type { T as Tee };\n");
    const l = await Lens.create({ cwd: d, root: d });
    const r = await l.readSymbol(f, "alpha");
    expect([r.found, r.name, r.startLine, r.note]).toEqual([true, "a", 1, "exported as alpha; declared as a"]);
    expect((await l.readSymbol(f, "Tee")).source).toBe("type T = number;");
    expect((await l.readSymbol(f, "a")).note).toBeUndefined();
  });

  it("resolves qualified names three deep, with any separator and any suffix of the chain", async () => {
    for (const q of ["Outer.Inner.deepMethod", "Outer::Inner::deepMethod", "Inner.deepMethod", "deepMethod"]) {
      const r = await lens.readSymbol(ts, q);
      expect(r, q).toMatchObject({ found: true, name: "Outer.Inner.deepMethod", kind: "method", startLine: 30, endLine: 34, parentChain: ["Outer", "Inner"] });
    }
    expect((await lens.readSymbol(ts, "Server.start")).source).toBe(lines(ts, 41, 45));
  });

  it("Lua: a method named `Stack:push` is found as `push`, `Stack.push` and `Stack:push`", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-lua-"));
    const f = join(d, "stack.lua");
    writeFileSync(f, "local Stack = {}\nStack.__index = Stack\n\nfunction Stack.new()\n  return setmetatable({}, Stack)\nend\n\nfunction Stack:push(v)\n  table.insert(self, v)\nend\n\nreturn Stack\n");
    const l = await Lens.create({ cwd: d, root: d });
    for (const q of ["push", "Stack.push", "Stack:push"]) expect((await l.readSymbol(f, q)).startLine, q).toBe(8);
  });

  it("a plain module binding the outline does not list is read, and said to be one (Python's `app = Flask(…)`)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-binding-"));
    const f = join(d, "app.py");
    writeFileSync(f, "import logging\n\nlogger = logging.getLogger(__name__)\napp = Flask(\n    __name__,\n)\n\ndef run():\n    app = 1\n");
    const l = await Lens.create({ cwd: d, root: d });
    const r = await l.readSymbol(f, "app");
    expect([r.found, r.kind, r.startLine, r.endLine, r.source]).toEqual([true, "variable", 4, 6, "app = Flask(\n    __name__,\n)"]);
    expect(r.note).toMatch(/module-level binding, not an outline entry/);
    expect((await l.readSymbol(f, "missing")).found).toBe(false);
  });

  it("Python: @overload stubs and their implementation right after them are read together", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-overload-"));
    const f = join(d, "ov.py");
    writeFileSync(f, "from typing import overload\nclass Ctx:\n    @overload\n    def lookup(self, name: str) -> str: ...\n\n    @typing.overload\n    def lookup(self, name: int) -> int: ...\n\n    def lookup(self, name):\n        return name\n");
    const r = await (await Lens.create({ cwd: d, root: d })).readSymbol(f, "Ctx.lookup");
    expect([r.startLine, r.endLine, r.ambiguous?.count]).toEqual([3, 10, undefined]);
    expect(r.note).toBe("the implementation with its 2 overload signatures before it");
  });

  it("a callback is read with the doc comment above it, as a symbol is (an eslint rule's documented fix)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-cbdoc-"));
    const f = join(d, "rule.js");
    writeFileSync(f, [
      "module.exports = {",
      "  create(context) {",
      "    return {",
      "      Program(node) {",
      "        context.report({",
      "          node,",
      "          /**",
      "           * Replaces the node.",
      "           */",
      "          fix(fixer) {",
      "            return fixer.remove(node);",
      "          },",
      "",
      "          // detached by the blank line",
      "",
      "          suggest(fixer) {",
      "            return fixer.remove(node);",
      "          },",
      "        });",
      "      },",
      "    };",
      "  },",
      "};",
      "",
    ].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    const fix = await l.readSymbol(f, "fix@10");
    expect([fix.found, fix.kind, fix.startLine, fix.endLine, fix.source.split("\n")[1]]).toEqual([true, "object_property_callback", 7, 12, "           * Replaces the node."]);
    expect((await l.readEnclosing(f, 11)).startLine).toBe(7);
    expect((await l.readSymbol(f, "suggest@16")).startLine).toBe(16);
    // Same-named callbacks: the note lists each by its handle, which reads it (not `fix@10@10`).
    const g = join(d, "timers.ts");
    writeFileSync(g, "export function f() {\n  setTimeout(() => {\n    a();\n  }, 1);\n  setTimeout(() => {\n    b();\n  }, 2);\n}\n");
    const t = await l.readSymbol(g, "setTimeout");
    expect(t.note).toMatch(/others: setTimeout@5 \(timer_callback 5-7\);/);
    expect((await l.readSymbol(g, "setTimeout@5")).startLine).toBe(5);
  });

  it("a default export is read as `default` too (what an importer's `import Picker from './x'` knows)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-default-"));
    const files: Record<string, string> = {
      "picker.tsx": "export default function EmojiPicker() {\n  return null;\n}\n",
      "tiptap.tsx": "function Tiptap() {\n  return null;\n}\nexport default Tiptap;\n",
      "bar.ts": "export default class Bar {}\n",
    };
    const l = await Lens.create({ cwd: d, root: d });
    for (const [name, src] of Object.entries(files)) {
      writeFileSync(join(d, name), src);
      const r = await l.readSymbol(join(d, name), "default");
      expect([r.found, r.startLine, r.note], name).toEqual([true, 1, expect.stringMatching(/^exported as default; declared as (EmojiPicker|Tiptap|Bar)$/)]);
    }
  });

  it("a compound component or static member assigned a declaration of the file (`Tabs.List = List`, `Object.assign(Root, { Item })`) is read by that name", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-compound-"));
    const src = [
      "/** The tab list. */",
      "function List() {",
      "  return null;",
      "}",
      "const Tab = () => null;",
      "export function Tabs() {",
      "  return null;",
      "}",
      "Tabs.List = List;",
      "Tabs.Tab = Tab;",
      "Tabs.displayName = \"Tabs\";",
      "const Root = () => null;",
      "export const Menu = Object.assign(Root, { Item: Tab, List });",
      "function renderX() {}",
      "function X() {}",
      "X.prototype.render = renderX;",
      "Unknown.Thing = List;",
      "export { X as Widget };",
      "",
    ].join("\n");
    writeFileSync(join(d, "tabs.tsx"), src);
    const l = await Lens.create({ cwd: d, root: d });
    const f = join(d, "tabs.tsx");
    const list = await l.readSymbol(f, "Tabs.List");
    expect([list.found, list.name, list.kind, list.startLine, list.endLine, list.note, list.parentChain]).toEqual([true, "List", "function", 1, 4, "also assigned to Tabs.List; declared as List", undefined]);
    expect(list.source).toBe(src.split("\n").slice(0, 4).join("\n"));
    expect([(await l.readSymbol(f, "Menu.Item")).name, (await l.readSymbol(f, "Menu.List")).name, (await l.readSymbol(f, "X.render")).name, (await l.readSymbol(f, "Widget.render")).name]).toEqual(["Tab", "List", "renderX", "renderX"]);
    // The declaration's own name is one hit, not two; a data value and an owner the file does not declare are no aliases.
    const own = await l.readSymbol(f, "List");
    expect([own.found, own.ambiguous, own.note]).toEqual([true, undefined, undefined]);
    // (A data value is no alias: `Tabs.displayName` is Tabs' own static property, read as itself.)
    const data = await l.readSymbol(f, "Tabs.displayName");
    expect([data.found, data.kind, data.startLine, data.note]).toEqual([true, "property", 11, undefined]);
    expect((await l.readSymbol(f, "Unknown.Thing")).found).toBe(false);
    const typo = await l.readSymbol(f, "Tabs.Lst");
    expect(typo.suggestions?.[0]).toBe("Tabs.List");
    // With names to offer, no advice to search the typo elsewhere (it found noise); without, that advice.
    expect(typo.note).not.toMatch(/symbol_search/);
    expect((await l.readSymbol(f, "Zebra")).note).toMatch(/or find it in other files with symbol_search \(CLI: pilens search Zebra\)$/);
  });

  it("a miss for a name the file imports says where the import is and where it leads (no project graph needed)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-imported-"));
    writeFileSync(join(d, "list.tsx"), "export function List() {\n  return null;\n}\nexport const Alpha = 1;\n");
    writeFileSync(join(d, "util.py"), "def helper():\n    pass\n");
    const tabs = ["import {", "  Alpha,", "  List as TabList,", "} from \"./list\";", "const { Beta } = require(\"./list\");", "import { useState } from \"react\";", "export function Tabs() {", "  return null;", "}", "Tabs.List = TabList;", "const Gamma = [Alpha];", ""].join("\n");
    writeFileSync(join(d, "tabs.tsx"), tabs);
    writeFileSync(join(d, "m.py"), "from os.path import (\n    join,\n    exists,\n)\nfrom .util import helper\n\ndef f():\n    return join(\"a\")\n");
    const l = await Lens.create({ cwd: d, root: d });
    const note = async (f: string, s: string) => {
      const r = await l.readSymbol(join(d, f), s);
      expect(r.found, s).toBe(false);
      return r.note ?? "";
    };
    expect(await note("tabs.tsx", "Tabs.TabList")).toBe("TabList is imported at line 3 from ./list (as List there) — read List in list.tsx (CLI: pilens read list.tsx List)");
    expect(await note("tabs.tsx", "Alpha")).toBe("Alpha is imported at line 2 from ./list — read it in list.tsx (CLI: pilens read list.tsx Alpha)");
    expect(await note("tabs.tsx", "Beta")).toBe("Beta is imported at line 5 from ./list — read it in list.tsx (CLI: pilens read list.tsx Beta)");
    expect(await note("tabs.tsx", "useState")).toBe("useState is imported at line 6 from react (outside the project)");
    // A name the imports do not mention keeps the plain note.
    expect(await note("tabs.tsx", "Delta")).not.toMatch(/imported/);
    expect(await note("m.py", "exists")).toBe("exists is imported at line 3 from os.path (outside the project)");
    expect(await note("m.py", "helper")).toBe("helper is imported at line 5 from .util — read it in util.py (CLI: pilens read util.py helper)");
  });

  it("overload signatures with no implementation in the file (.d.ts) are read as one group", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-dts-"));
    const src = [
      "export declare class SelectQueryBuilder<T> {",
      "    /**",
      "     * Creates SELECT query.",
      "     */",
      "    select(): this;",
      "    /**",
      "     * Creates SELECT query and selects given data.",
      "     */",
      "    select(selection: string[]): this;",
      "    select(selection: string, alias?: string): this;",
      "    where(w: string): this;",
      "}",
      "export declare function parse(a: string): number;",
      "export declare function parse(a: number): number;",
      "",
    ].join("\n");
    writeFileSync(join(d, "qb.d.ts"), src);
    const l = await Lens.create({ cwd: d, root: d });
    const sel = await l.readSymbol(join(d, "qb.d.ts"), "SelectQueryBuilder.select");
    expect([sel.found, sel.startLine, sel.endLine, sel.ambiguous, sel.note]).toEqual([true, 2, 10, undefined, "3 overload signatures, no implementation in this file: all of them"]);
    expect(sel.source).toBe(src.split("\n").slice(1, 10).join("\n"));
    const p = await l.readSymbol(join(d, "qb.d.ts"), "parse");
    expect([p.startLine, p.endLine]).toEqual([13, 14]);
    // One signature is one read as before.
    expect((await l.readSymbol(join(d, "qb.d.ts"), "where")).note).toBeUndefined();
  });

  it("a quoted member is found by its bare name too (mikro-orm's '~options', JSX's \"aria-label\")", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-quoted-"));
    writeFileSync(join(d, "q.ts"), "export interface B {\n  '~options': number;\n  \"aria-label\"?: string;\n}\n");
    const l = await Lens.create({ cwd: d, root: d });
    for (const [q, line] of [["B.~options", 2], ["~options", 2], ["B.aria-label", 3], ["B.\"aria-label\"", 3]] as const) {
      const r = await l.readSymbol(join(d, "q.ts"), q);
      expect([r.found, r.startLine], q).toEqual([true, line]);
    }
  });

  it("accepts callback handles from module_report", async () => {
    const r = await lens.readSymbol(ts, "this.events.on@42");
    expect(r).toMatchObject({ found: true, kind: "event_handler", startLine: 42, endLine: 44, parentChain: ["Server", "start"] });
    expect(r.source).toBe(lines(ts, 42, 44));
  });

  it("a callback qualified by the symbols it lies in, as written (css-tree's createParser.parseWithFallback: QA round U P8)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-cb-qualified-"));
    const f = join(d, "fac.js");
    writeFileSync(f, "function createParser(config) {\n  const parser = Object.assign({}, config, {\n    parseWithFallback(consumer, fallback) {\n      return consumer() || fallback();\n    },\n    eat(type) {\n      return type;\n    },\n  });\n  return parser;\n}\nmodule.exports = createParser;\n");
    const l = await Lens.create({ cwd: d, root: d });
    expect(await l.readSymbol(f, "createParser.parseWithFallback")).toMatchObject({ found: true, kind: "object_property_callback", startLine: 3, endLine: 5 });
    expect(await l.readSymbol(f, "createParser.eat")).toMatchObject({ found: true, startLine: 6, endLine: 8 });
    // A qualifier the callback does not lie in is still a miss, with the handle suggested.
    const miss = await l.readSymbol(f, "other.eat");
    expect([miss.found, miss.suggestions]).toEqual([false, ["eat@6"]]);
  });

  it("an abstract method chosen over a nested interface's is called its own class's, not the implementation (QA round A)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-read-abstract-"));
    const f = join(d, "HttpClient.java");
    writeFileSync(f, "public abstract class HttpClient {\n    public interface Builder {\n        Builder followRedirects(int policy);\n    }\n\n    public abstract int followRedirects();\n}\n");
    const r = await (await Lens.create({ cwd: d, root: d })).readSymbol(f, "followRedirects");
    expect(r).toMatchObject({ found: true, startLine: 6, endLine: 6 });
    expect(r.note).toContain("HttpClient.followRedirects method 6-6, its own class's (HttpClient.Builder.followRedirects method 3-3 is a member of interface Builder)");
  });

  it("overloads: the implementation with the overload signatures right before it (rxjs's switchMap; puppeteer documents Page.screenshot above its first overload)", async () => {
    const r = await lens.readSymbol(ts, "pad");
    expect(r).toMatchObject({ found: true, startLine: 22, endLine: 26, note: "the implementation with its 2 overload signatures before it" });
    expect(r.ambiguous).toBeUndefined();
    expect(r.source.split("\n")[0]).toBe("export function pad(s: string): string;");
    // A class's overloaded method the same way (rxjs's Observable.pipe); an interface's member is no overload.
    const d = mkdtempSync(join(tmpdir(), "pilens-read-overload-ts-"));
    const f = join(d, "obs.ts");
    writeFileSync(f, "export interface Pipeable { pipe(): void }\nexport class Obs implements Pipeable {\n  pipe(): Obs;\n  pipe(op: number): Obs;\n  pipe(...ops: number[]): Obs {\n    return this;\n  }\n}\n");
    const l = await Lens.create({ cwd: d, root: d });
    expect(await l.readSymbol(f, "Obs.pipe")).toMatchObject({ startLine: 3, endLine: 7 });
    // Signatures apart from the implementation (not within 3 lines): the implementation, ambiguous, the others named.
    const g = join(d, "apart.ts");
    writeFileSync(g, "export function pick(a: string): string;\nexport function pick(a: number): number;\nconst x = 1;\nconst y = 2;\nconst z = 3;\nconst w = 4;\nexport function pick(a: any): any {\n  return a;\n}\n");
    const apart = await l.readSymbol(g, "pick");
    // (The two signatures side by side are one candidate: a run of overloads.)
    expect(apart).toMatchObject({ startLine: 7, endLine: 9, ambiguous: { count: 2, kinds: ["function"] } });
    expect(apart.note).toContain("the implementation (the others are overload signatures) — others: pick@1 (function 1-2: 2 overload signatures)");
    expect(await l.readSymbol(f, "Pipeable.pipe")).toMatchObject({ startLine: 1, endLine: 1 });
    expect(await l.readSymbol(f, "pipe@3")).toMatchObject({ startLine: 3, endLine: 3 });
    // name@line picks one of them.
    expect(await lens.readSymbol(ts, "pad@24")).toMatchObject({ found: true, startLine: 24, endLine: 26 });
    expect((await lens.readSymbol(ts, "pad@24")).ambiguous).toBeUndefined();
    expect(await lens.readSymbol(ts, "attached@3")).toMatchObject({ found: true, startLine: 3 }); // the doc line works too
    // A line inside one (not its first) reads that one, and says so.
    expect(await lens.readSymbol(ts, "pad@25")).toMatchObject({ found: true, startLine: 24, note: "no pad starts at line 25; showing the one whose lines hold it (pad@24)" });
    expect(await lens.readSymbol(ts, "pad@99")).toMatchObject({ found: false });
  });

  it("same-name interface and function: the value is read (the interface only declares a type), ambiguous with both kinds; kind picks one", async () => {
    const r = await lens.readSymbol(ts, "Shape");
    expect(r).toMatchObject({ found: true, kind: "function", startLine: 18, ambiguous: { count: 2, kinds: ["function", "interface"] } });
    expect(r.note).toMatch(/showing Shape function 18-20, the value \(Shape interface 14-16 declares a type\).*pass kind/);
    const i = await lens.readSymbol(ts, "Shape", { kind: "interface" });
    expect(i).toMatchObject({ found: true, kind: "interface", startLine: 14, endLine: 16 });
    expect(i.ambiguous).toBeUndefined();
    // TS declaration merging as effect writes schemas: the const, not the type after it nor a namespace of types.
    const d = mkdtempSync(join(tmpdir(), "pilens-read-merged-"));
    const f = join(d, "errors.ts");
    writeFileSync(f, "export const Errors = Schema.Union([A, B]);\nexport type Errors = typeof Errors.Type;\nexport declare namespace gen {\n  type Return = number;\n}\nexport const gen = (f: () => void) => f();\n");
    const l = await Lens.create({ cwd: d, root: d });
    const errors = await l.readSymbol(f, "Errors");
    expect([errors.kind, errors.startLine, errors.note]).toEqual(["constant", 1, expect.stringMatching(/showing the first in source order/)]);
    const gen = await l.readSymbol(f, "gen");
    expect([gen.kind, gen.startLine, gen.note]).toEqual(["function", 6, expect.stringMatching(/showing gen function 6-6, the value \(gen namespace 3-5 declares a type\)/)]);
  });

  it("a full qualified match beats a suffix match: `start` is the top-level function before Server.start", async () => {
    const r = await lens.readSymbol(ts, "start");
    expect(r).toMatchObject({ found: true, name: "start", startLine: 78, ambiguous: { count: 2 } });
    expect(r.note).toContain("Server.start@41 (method 41-45)");
  });

  it("Python duplicates: first definition, ambiguous", async () => {
    const r = await lens.readSymbol(py, "duplicated");
    expect(r).toMatchObject({ found: true, startLine: 31, endLine: 32, ambiguous: { count: 2 } });
  });

  it("a kind that matches none of the candidates is a miss, never a silent fallback", async () => {
    const r = await lens.readSymbol(ts, "attached", { kind: "class" });
    expect(r.found).toBe(false);
    expect(r.source).toBeUndefined();
    expect(r.suggestions).toEqual(["attached"]);
    expect(r.note).toMatch(/declared as function/);
    const u = await lens.readSymbol(ts, "attached", { kind: "gizmo" });
    expect(u.found).toBe(false);
    expect(u.error).toMatch(/^unknown kind "gizmo" — kinds: function, method, /);
  });

  it("a miss suggests similar names best first; a wildly wrong name gets none; the note says how to list symbols", async () => {
    const r = await lens.readSymbol(ts, "handleReqest");
    expect(r.found).toBe(false);
    expect(r.suggestions![0]).toBe("handleRequest");
    expect(r.suggestions!.length).toBeLessThanOrEqual(3);
    expect(r.note).toMatch(/module_report/);
    const q = await lens.readSymbol(ts, "Sever.start");
    expect(q.suggestions).toContain("Server.start");
    const wrongQualifier = await lens.readSymbol(ts, "Client.handleRequest");
    expect(wrongQualifier.suggestions).toContain("Server.handleRequest");
    const wild = await lens.readSymbol(ts, "zzqqxxvvkk");
    expect(wild).toMatchObject({ found: false, suggestions: [] });
    expect(wild.note).toMatch(/no similar names.*module_report/);
    // The agent may have the wrong file: the note points at symbol_search, with the last segment.
    expect(wild.note).toMatch(/or find it in other files with symbol_search \(CLI: pilens search zzqqxxvvkk\)$/);
    expect((await lens.readSymbol(ts, "Nowhere.zzqqxxvvkk")).note).toMatch(/pilens search zzqqxxvvkk\)$/);
  });

  it("Java: Javadoc attached or detached by a blank line, overloads ambiguous, nesting three deep, lambdas by handle", async () => {
    const t = await lens.readSymbol(java, "Shop.total");
    expect(t).toMatchObject({ found: true, kind: "method", startLine: 7, endLine: 14 });
    expect(t.source).toBe(lines(java, 7, 14));
    expect(await lens.readSymbol(java, "detached")).toMatchObject({ found: true, startLine: 18, endLine: 20 });
    const p = await lens.readSymbol(java, "price");
    expect(p).toMatchObject({ found: true, startLine: 22, endLine: 24, ambiguous: { count: 2, kinds: ["method"] } });
    expect(p.note).toContain("Shop.price@26");
    expect(await lens.readSymbol(java, "Shop.price@26")).toMatchObject({ found: true, startLine: 26, endLine: 28 });
    expect(await lens.readSymbol(java, "Shop.Outer.Inner.deep")).toMatchObject({ found: true, startLine: 32, endLine: 34, parentChain: ["Shop", "Outer", "Inner"] });
    expect(await lens.readSymbol(java, "Inner::deep")).toMatchObject({ found: true, startLine: 32 });
    const cb = await lens.readSymbol(java, "wrapped@39");
    expect(cb).toMatchObject({ found: true, kind: "lambda", startLine: 39, endLine: 41 });
    expect(await lens.readSymbol(java, "deep", { kind: "field" })).toMatchObject({ found: false, suggestions: ["Shop.Outer.Inner.deep"] });
    expect((await lens.readSymbol(java, "totl")).suggestions?.[0]).toBe("total");
  });

  it("a run of overload signatures and its implementation is one candidate in the ambiguity note (QA V F13: true-myth's `of`)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-overload-runs-"));
    const f = join(d, "maybe.ts");
    writeFileSync(f, [
      "class MaybeImpl<T> {",
      "  /** Create one. */",
      "  static of<F extends () => {}>(value: F): MaybeImpl<F>;",
      "  static of<T>(value: T | null): MaybeImpl<T>;",
      "  // the catch-all",
      "  static of(value: unknown): MaybeImpl<{}>;",
      "  static of<T>(value: T | null): MaybeImpl<T> {",
      "    return new MaybeImpl();",
      "  }",
      "}",
      "interface MaybeConstructor {",
      "  of: typeof MaybeImpl.of;",
      "}",
      "export const of = MaybeImpl.of;",
      "",
    ].join("\n"));
    const l = await Lens.create({ cwd: d, root: d });
    const r = await l.readSymbol(f, "of");
    expect(r).toMatchObject({ found: true, kind: "constant", startLine: 14, ambiguous: { count: 3 } });
    expect(r.note).toMatch(/^3 symbols match of; showing of constant 14-14, .* — others: MaybeImpl\.of \(method 3-9: 3 overload signatures and the implementation\), MaybeConstructor\.of@12 \(property 12-12\); pass kind/);
    // The name it gives reads the run whole.
    expect(await l.readSymbol(f, "MaybeImpl.of")).toMatchObject({ found: true, startLine: 2, endLine: 9 });
  });

  it("verbatim means verbatim: CRLF line breaks are kept", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-crlf-"));
    const f = join(d, "crlf.ts");
    writeFileSync(f, "/** Doc. */\r\nexport function a(): number {\r\n  return 1;\r\n}\r\n");
    const l = await Lens.create({ cwd: d, root: d });
    expect((await l.readSymbol(f, "a")).source).toBe("/** Doc. */\r\nexport function a(): number {\r\n  return 1;\r\n}");
    expect((await l.readEnclosing(f, 3)).source).toBe("/** Doc. */\r\nexport function a(): number {\r\n  return 1;\r\n}");
  });

  it("JS: a named function expression bound to a member is found by its own name too (stack traces use it)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-own-"));
    const f = join(d, "vlq.js");
    writeFileSync(f, "exports.encode = function base64VLQ_encode(v) {\n  return v;\n};\nfunction decode() {}\nexports.decode = function decode2() {};\n");
    const l = await Lens.create({ cwd: d, root: d });
    expect(await l.readSymbol(f, "encode")).toMatchObject({ found: true, startLine: 1, endLine: 3 });
    expect(await l.readSymbol(f, "base64VLQ_encode")).toMatchObject({ found: true, kind: "function", startLine: 1, endLine: 3 });
    expect(await l.readSymbol(f, "decode")).toMatchObject({ found: true, startLine: 4 }); // a real symbol of that name wins
    expect((await l.readSymbol(f, "decode2")).found).toBe(true);
    expect((await l.readEnclosing(f, 2)).name).toBe("encode");

    // An anonymous `module.exports = function` is listed as `exports`; `module.exports` names it too.
    const m = join(d, "main.js");
    writeFileSync(m, "module.exports = function (opts) {\n  return opts;\n};\n");
    expect(await l.readSymbol(m, "module.exports")).toMatchObject({ found: true, kind: "function", startLine: 1, endLine: 3 });
    expect((await l.readSymbol(m, "exports")).ambiguous).toBeUndefined();
  });

  it("minified code: a symbol's own characters, not the 84,000-character line it shares; the report says so", async () => {
    // protobufjs' own minified build (a dependency of the pi packages): its code is all on line 7.
    // (Copied into a project of its own: node_modules may be a link to outside the repo's root.)
    const tmp = mkdtempSync(join(tmpdir(), "pilens-min-"));
    writeFileSync(join(tmp, "package.json"), "{}");
    const min = join(tmp, "protobuf.min.js");
    copyFileSync(join(repoRoot, "node_modules", "protobufjs", "dist", "protobuf.min.js"), min);
    const tmpLens = await lensAt(tmp);
    const src = readFileSync(min, "utf8");
    const report = await tmpLens.moduleReport(min);
    expect(report.warnings?.some((w) => /^line 7 is [\d,]+ characters long/.test(w))).toBe(true);
    // 8 lines, but ~35k tokens: not a file to "read directly".
    expect(report.warnings?.some((w) => w.startsWith("small file"))).toBe(false);
    const fn = (report.internal ?? []).find((e) => e.kind === "function" && e.startLine === 7)!;
    const r = await tmpLens.readSymbol(min, `${fn.name}@7`);
    expect(r.found).toBe(true);
    expect(r.source!.length).toBeLessThan(src.length / 10);
    expect(r.source!.startsWith(`function ${fn.name}(`)).toBe(true);
    expect(src.includes(r.source!)).toBe(true); // verbatim characters
    expect(r.note).toMatch(/line 7 holds [\d,]+ characters \(minified or generated code\): showing .* own [\d,]+/);
    const enc = await tmpLens.readEnclosing(min, 7);
    expect(enc.found).toBe(true);
    expect(enc.source!.length).toBeLessThan(src.length / 10);
    // One binding of a declaration of several (marked.min.js's `var ye=…,Re=…`): its own declarator.
    const bindings = join(tmp, "bindings.min.js");
    writeFileSync(bindings, `var ye=(l,e)=>{for(var t in e)H(l,t,{get:e[t]})},Re=(l,e)=>{return ${"l+e+".repeat(300)}0},Ze=1,${Array.from({ length: 300 }, (_, i) => `v${i}=${i}`).join(",")};\n`);
    for (const [name, head] of [["ye", "ye=(l,e)=>{for"], ["Re", "Re=(l,e)=>{return l+e"]] as const) {
      const b = await tmpLens.readSymbol(bindings, name);
      expect(b.source!.startsWith(head), name).toBe(true);
      expect(b.source!.endsWith("}"), name).toBe(true);
    }
    // Ordinary code keeps whole lines and no note.
    const plain = await lens.readSymbol(ts, "attached");
    expect(plain.note).toBeUndefined();
  });

  it("an unreadable file is an error, not a crash", async () => {
    const r = await lens.readSymbol(join(dir, "missing.ts"), "x");
    expect(r.found).toBe(false);
    expect(r.error).toMatch(/not found/);
  });
});
