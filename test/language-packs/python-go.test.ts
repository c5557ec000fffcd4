/**
 * The Python and Go packs' rules, asserted one by one on real parsed fixtures (test/fixtures/python,
 * test/fixtures/go) and on small temporary projects for what needs a project layout (go.mod, __all__).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import type { Entry, ModuleReport } from "../../core/types.js";
import { fixtures, flat, lensAt, repoRoot } from "../helpers.js";

const py = (f: string) => join(fixtures, "python", "shop", f);
const goFile = join(fixtures, "go", "server.go");

function entry(report: ModuleReport, path: string): Entry {
  const e = flat(report).get(path);
  if (!e) throw new Error(`no entry ${path} in ${[...flat(report).keys()].join(", ")}`);
  return e;
}

/** A throwaway project (its own root) with the given files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pilens-pygo-"));
  mkdirSync(join(dir, ".git"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  temps.push(dir);
  return dir;
}
const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe("python pack", async () => {
  const lens = await lensAt(repoRoot);
  const orders = await lens.moduleReport(py("orders.py"));
  const util = await lens.moduleReport(py("util.py"));

  it("lists classes, nested classes, methods once each, and maps kinds (property, constructor)", () => {
    expect(entry(orders, "Order").kind).toBe("class");
    expect(entry(orders, "Order.Line").kind).toBe("class");
    expect(entry(orders, "Order.__init__").kind).toBe("constructor");
    expect(entry(orders, "Order._flagged").kind).toBe("method");
    const order = entry(orders, "Order");
    const props = order.members!.filter((m) => m.name === "is_big");
    // getter and setter are two definitions, both properties; no method is listed twice
    expect(props.map((p) => [p.kind, p.startLine])).toEqual([["property", 34], ["property", 39]]);
    const names = order.members!.filter((m) => m.kind === "method" || m.kind === "constructor").map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("starts a decorated definition at its first decorator and lists the decorators", () => {
    const o = entry(orders, "Order");
    expect(o.startLine).toBe(17);
    expect(o.decorators).toEqual(["@dataclass(frozen=True)"]);
    expect(entry(orders, "Order.parse")).toMatchObject({ startLine: 49, decorators: ["@staticmethod"] });
  });

  it("flags async def and computes complexity over if/for/except/boolean/conditional/comprehension-if", () => {
    const p = entry(orders, "place_order");
    expect(p.flags).toContain("async");
    expect(p.signature).toBe("async def place_order(order: Order, retries: int = 3) -> bool");
    // for + if + `or` + except + `x if c else y` = 5 decision points
    expect(p.complexity).toBe(6);
    expect(entry(orders, "_private_helper").complexity).toBe(2);
  });

  it("uses the docstring's first sentence as doc, not the comment above it, and keeps the range at the def", async () => {
    expect(entry(orders, "Order").doc).toBe("An order of one customer.");
    expect(entry(orders, "Order.parse").doc).toBe("Parse an order from text.");
    expect(entry(util, "money").doc).toBe("Format cents as money.");
    expect(entry(util, "Registry").doc).toBe("Registry of handlers."); // r''' … ''' with a leading blank line
    expect(entry(orders, "Order.STATUS_NEW").doc).toBe("Status of a fresh order."); // attribute docstring
    // a docstring is inside the range: read_symbol starts at the decorator, not at a comment above
    const read = await lens.readSymbol(py("orders.py"), "Order.parse");
    expect(read).toMatchObject({ found: true, startLine: 49 });
    expect(read.source!.split("\n")[0]).toBe("    @staticmethod");
  });

  it("keeps module constants and type aliases, drops plain module variables, keeps nested defs in functions", () => {
    expect(entry(orders, "MAX_ITEMS").kind).toBe("constant");
    expect(entry(orders, "Price").kind).toBe("type"); // X: TypeAlias = …
    expect(entry(orders, "T").kind).toBe("type"); // TypeVar
    expect(entry(orders, "Lines").kind).toBe("type"); // CapWords = A | B
    expect(flat(orders).has("_cache")).toBe(false);
    expect(entry(orders, "schedule.on_done")).toMatchObject({ kind: "function", exported: false });
    expect(entry(orders, "schedule.Local.run").kind).toBe("method");
    expect(flat(orders).has("schedule.items")).toBe(false); // a local
  });

  it("a package's `from .x import *` lines are said to be its API (asyncio's __init__.py read as 0 exported, QA round A)", async () => {
    const dir = project({ "__init__.py": "import sys\nfrom .base_events import *\nfrom .events import *\n\n__all__ = (base_events.__all__ + events.__all__)\n" });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "__init__.py"));
    expect(r.warnings).toContain("re-exports everything public of 2 modules (.base_events, .events) by `from … import *`: their reports list these names");
  });

  it("a package's __all__ of names it imports is said to be its API (jwt's __init__.py read as 0 symbols, no declarations; QA session 51)", async () => {
    const init = [
      "from .api_jwk import PyJWK, PyJWKSet",
      "from .api_jws import (",
      "    PyJWS,",
      "    get_unverified_header as header,",
      ")",
      "try:",
      "    from .fast import speedup",
      "except ImportError:",
      "    pass",
      "from .helpers import _private",
      "",
      "VERSION = 2",
      "",
      '__all__ = ["PyJWK", "PyJWKSet", "PyJWS", "header", "speedup", "VERSION", "missing"]',
      "",
    ].join("\n");
    const dir = project({ "__init__.py": init });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "__init__.py"));
    expect(r.warnings).toContain("re-exports 5 names of __all__ it imports (PyJWK, PyJWKSet, PyJWS, … from .api_jwk, .api_jws, .fast): their modules' reports list them; read_symbol here says where each is from");
    // A name it declares is its own entry, not said as imported.
    expect(entry(r, "VERSION").exported).toBe(true);
    // No __all__: nothing said (the names it imports may be its own helpers).
    const plain = project({ "__init__.py": "from .api_jwk import PyJWK\n" });
    const p = await (await lensAt(plain)).moduleReport(join(plain, "__init__.py"));
    expect((p.warnings ?? []).filter((w) => w.includes("__all__"))).toEqual([]);
  });

  it("a plain module binding that spans lines (a table, a config dict) is an entry; a one-line one is not", async () => {
    const dir = project({ "tables.py": ["log = get_logger()", "topics = {", ...Array.from({ length: 12 }, (_, i) => `    "k${i}": "v${i}",`), "}", "small = {", '    "a": 1,', "}", ""].join("\n") });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "tables.py"));
    expect(entry(r, "topics")).toMatchObject({ kind: "variable", startLine: 2, endLine: 15, exported: true });
    expect(flat(r).has("log")).toBe(false);
    expect(flat(r).has("small")).toBe(false);
  });

  it("a public alias by name or dotted name is an entry (jwt's `encode = _jwt_global_obj.encode`, bisect's `bisect = bisect_right`); a private one or a call is not", async () => {
    const src = ["class PyJWT:", "    def encode(self): pass", "", "_obj = PyJWT()", "encode = _obj.encode", "bisect = bisect_right", "decode_complete = _jwt_global_obj.decode_complete", "_hidden = PyJWT", "log = get_logger()", "flag = None", ""];
    const dir = project({ "api.py": src.join("\n") });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "api.py"));
    expect(entry(r, "encode")).toMatchObject({ kind: "variable", startLine: 5, exported: true, signature: "encode = _obj.encode" });
    expect(entry(r, "bisect")).toMatchObject({ kind: "variable", startLine: 6, signature: "bisect = bisect_right" });
    // (An alias's value is what it says, not cut as a data value is.)
    expect(entry(r, "decode_complete").signature).toBe("decode_complete = _jwt_global_obj.decode_complete");
    for (const name of ["_obj", "_hidden", "log", "flag"]) expect(flat(r).has(name)).toBe(false);
  });

  it("a chained assignment (`X = Y = 0`) is one entry that every name it binds finds", async () => {
    const dir = project({ "chain.py": ['MAX = LIMIT = 10', "class K:", "    p = q = 0", ""].join("\n") });
    const l = await lensAt(dir);
    expect(entry(await l.moduleReport(join(dir, "chain.py")), "MAX")).toMatchObject({ kind: "constant", startLine: 1 });
    const limit = await l.readSymbol(join(dir, "chain.py"), "LIMIT");
    expect([limit.found, limit.name, limit.note]).toEqual([true, "MAX", "also assigned to LIMIT; declared as MAX"]);
    expect((await l.readSymbol(join(dir, "chain.py"), "K.q")).name).toBe("K.p");
  });

  it("`__all__: list[str]` with no value is no list of exports (numpy's stubs): the underscore rule, and a warning", async () => {
    const dir = project({ "stub.pyi": "__all__: list[str]\nclass ndarray:\n    def sum(self) -> int: ...\ndef zeros(shape: int) -> ndarray: ...\ndef _hidden() -> None: ...\n" });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "stub.pyi"));
    expect([entry(r, "ndarray").exported, entry(r, "zeros").exported, entry(r, "_hidden").exported]).toEqual([true, true, false]);
    expect(r.warnings).toContain("__all__ is declared without a value: exports follow the underscore rule");
  });

  it("class-level dunders are members; a dotted setter is a property; a type alias keeps its value", async () => {
    const src = [
      "from typing import TypeVar, Union, Mapping, List, Tuple",
      "Headers = Union[Mapping[str, str], List[Tuple[str, str]]]",
      "A = TypeVar('A', bound='BaseModelWithALongName')",
      "class Base:",
      "    @property",
      "    def content(self):",
      "        return 1",
      "class NotModified(Base):",
      "    @Base.content.setter",
      "    def content(self, value):",
      "        pass",
      "class Lazy:",
      "    __eq__ = staticmethod(lambda a, b: a is b)",
      "    __tablename__ = 'users'",
      "    name = models.CharField(max_length=30, verbose_name='name')",
      "    meta = storage_backends.DefaultMetadataStore()",
      "",
    ].join("\n");
    const dir = project({ "m.py": src });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "m.py"));
    expect(entry(r, "Headers").signature).toBe("Headers = Union[Mapping[str, str], List[Tuple[str, str]]]");
    expect(entry(r, "A").signature).toBe("A = TypeVar('A', bound='BaseModelWithALongName')");
    expect(entry(r, "NotModified.content").kind).toBe("property");
    expect(entry(r, "Lazy.__eq__").startLine).toBe(13);
    expect(entry(r, "Lazy.__tablename__").kind).toBe("field");
    expect(entry(r, "Lazy.name").signature).toBe("name = models.CharField(…)"); // what the value is, not `…`
    expect(entry(r, "Lazy.meta").signature).toBe("meta = storage_backends.DefaultMetadataStore()"); // no arguments: no `(…)`
  });

  it("comments are no part of a head or a decorator (`# type: ignore` inside a def's head, after a decorator)", async () => {
    const src = ["class Item:", "    @classmethod", "    def from_parent(  # type: ignore", "        cls,", "        name: str,", '    ) -> "Item":', "        # incompatible signature", "        return cls()", "", "    @property  # type: ignore[override]", "    def encoder(self):", "        return None", ""].join("\n");
    const dir = project({ "item.py": src });
    const r = await (await lensAt(dir)).moduleReport(join(dir, "item.py"));
    expect(entry(r, "Item.from_parent").signature).toBe('def from_parent(cls, name: str) -> "Item"');
    expect(entry(r, "Item.encoder").decorators).toEqual(["@property"]);
  });

  it("exports: underscore rule without __all__; exactly __all__ when defined; members follow their class", async () => {
    expect(entry(orders, "Order").exported).toBe(true);
    expect(entry(orders, "_private_helper").exported).toBe(false);
    expect(entry(orders, "Order._flagged").exported).toBe(false);
    expect(entry(orders, "Order.__eq__").exported).toBe(true); // dunder counts as public
    expect(entry(util, "money").exported).toBe(true);
    expect(entry(util, "unlisted").exported).toBe(false); // public name, not in __all__
    expect(entry(util, "Registry.register").exported).toBe(true);
    const init = await lens.moduleReport(py("__init__.py"));
    expect(entry(init, "VERSION").exported).toBe(true); // added with __all__ += [...]
    expect(flat(init).has("helper_name")).toBe(false);
  });

  it("a computed __all__ is named in warnings; its literal names still count", async () => {
    const dir = project({ "m.py": "__all__ = ['a'] + _extra()\n\ndef a():\n    pass\n\ndef b():\n    pass\n" });
    const lens2 = await Lens.create({ cwd: dir });
    const r = await lens2.moduleReport(join(dir, "m.py"));
    expect(entry(r, "a").exported).toBe(true);
    expect(entry(r, "b").exported).toBe(false);
    expect(r.warnings?.some((w) => w.includes("__all__"))).toBe(true);
  });

  it("reads __all__ written as a bare tuple (`__all__ = 'A', 'B',`, asyncio's base_events.py)", async () => {
    const dir = project({ "m.py": "__all__ = 'A', 'b',\n\nclass A:\n    pass\n\ndef b():\n    pass\n\ndef c():\n    pass\n" });
    const r = await (await Lens.create({ cwd: dir })).moduleReport(join(dir, "m.py"));
    expect([entry(r, "A").exported, entry(r, "b").exported, entry(r, "c").exported]).toEqual([true, true, false]);
    expect(r.warnings?.some((w) => w.includes("__all__"))).toBe(false);
  });

  it("resolves relative and package-local imports to files; the rest is external", async () => {
    expect(orders.imports!.internal).toEqual(["test/fixtures/python/shop/util.py"]);
    expect(orders.imports!.external).toEqual(["asyncio", "threading", "dataclasses", "typing"]);
    const init = await lens.moduleReport(py("__init__.py"));
    // `from . import util, missing_sub`: util is a submodule; missing_sub is an attribute of the package itself
    expect(init.imports!.internal).toEqual(["test/fixtures/python/shop/orders.py", "test/fixtures/python/shop/util.py"]);
  });

  it("tunes callbacks: timers detached, done-callbacks, nested defs at their own lines, threads, lambdas", () => {
    const cb = new Map(orders.callbacks!.map((c) => [c.name, c]));
    expect(cb.get("loop.call_later@65")).toMatchObject({ kind: "timer_callback", flags: ["detached timer"], parentChain: ["place_order"] });
    expect(cb.get("loop.call_soon@76")).toMatchObject({ kind: "timer_callback", flags: ["detached timer"] });
    expect(cb.get("threading.Timer@77")).toMatchObject({ kind: "timer_callback", flags: ["detached timer"] });
    expect(cb.get("fut.add_done_callback@72")).toMatchObject({ kind: "future_callback", startLine: 72, endLine: 73 });
    expect(cb.get("threading.Thread@78")?.kind).toBe("task");
    expect(cb.get("sorted@79")?.kind).toBe("lambda");
    expect(util.callbacks!.map((c) => [c.kind, c.name])).toEqual([["assigned_callback", "self.on_change@24"]]);
    expect(orders.callbackSupport).toBe("tuned");
  });

  it("reads .pyi stubs: overloads are separate entries", async () => {
    const r = await lens.moduleReport(py("stubs.pyi"));
    expect(r.language).toBe("python");
    expect(entry(r, "Client").members!.filter((m) => m.name === "fetch")).toHaveLength(2);
  });
});

describe("go pack", async () => {
  const lens = await lensAt(repoRoot);
  const r = await lens.moduleReport(goFile);

  it("nests methods under their receiver type (pointer and generic receivers) with the receiver in the signature", () => {
    expect(entry(r, "Server.Start")).toMatchObject({ kind: "method", signature: "func (s *Server[T]) Start(ctx context.Context) error" });
    expect(entry(r, "Server.stop").kind).toBe("method");
    // receiver type declared elsewhere: stays top level
    expect(entry(r, "Close")).toMatchObject({ kind: "method", signature: "func (c *Conn) Close() error" });
  });

  it("lists struct fields (embedded ones by type) and interface method specs as members", () => {
    const s = entry(r, "Server");
    expect(s.kind).toBe("struct");
    expect(s.members!.filter((m) => m.kind === "field").map((m) => m.name)).toEqual(["Addr", "handlers", "Mutex", "Server"]);
    expect(entry(r, "Handler").members!.map((m) => [m.kind, m.name])).toEqual([["method", "Serve"], ["method", "close"]]);
    expect(entry(r, "pair").members!.map((m) => m.name)).toEqual(["a", "b"]);
  });

  it("lists type definitions, aliases and every name of package-level const/var specs (never `_`)", () => {
    expect(entry(r, "Level")).toMatchObject({ kind: "type", signature: "type Level int" });
    expect(entry(r, "ID")).toMatchObject({ kind: "type", signature: "type ID = string" });
    expect(entry(r, "Opt").kind).toBe("type");
    expect(["MaxConns", "Debug", "Info", "warn", "err"].map((n) => entry(r, n).kind)).toEqual(Array(5).fill("constant"));
    expect(entry(r, "ErrClosed").kind).toBe("variable");
    expect(flat(r).has("_")).toBe(false);
  });

  it("exported = capitalised first letter, for members too", () => {
    const want: Record<string, boolean> = {
      MaxConns: true, warn: false, mu: false, Server: true, "Server.Addr": true, "Server.handlers": false,
      "Server.stop": false, "Handler.close": false, "Handler.Serve": true, pair: false, NewServer: true, counter: false,
    };
    for (const [k, v] of Object.entries(want)) expect(entry(r, k).exported, k).toBe(v);
  });

  it("doc is the // block right above (directives dropped); single declarations span from the keyword", () => {
    expect(entry(r, "MaxConns")).toMatchObject({ startLine: 15, doc: "MaxConns bounds concurrent connections." });
    expect(entry(r, "Server")).toMatchObject({ startLine: 41, endLine: 47, doc: "Server serves HTTP.", flags: ["deprecated"] });
    expect(entry(r, "Server.Start").doc).toBe("Start runs the server until ctx is done.");
    expect(entry(r, "Debug").doc).toBe("Debug is the noisiest level."); // a spec in a group
    expect(entry(r, "Server.Addr").doc).toBe("Addr is the listen address.");
  });

  it("complexity counts if/for/case/select cases/&&/||", () => {
    // for + if + && + || + case + select case = 6 decision points (default adds none)
    expect(entry(r, "Server.Start").complexity).toBe(7);
  });

  it("callbacks: goroutines, deferred funcs, timers, handlers, assigned and returned func literals", () => {
    const cb = new Map(r.callbacks!.map((c) => [c.name, c]));
    expect(cb.get("go@67")).toMatchObject({ kind: "goroutine", startLine: 67, endLine: 69, parentChain: ["Server", "Start"] });
    expect(cb.get("defer@68")?.kind).toBe("deferred_callback");
    expect(cb.get("g.Go@66")?.kind).toBe("goroutine");
    expect(cb.get("time.AfterFunc@70")).toMatchObject({ kind: "timer_callback", flags: ["detached timer"] });
    expect(cb.get("http.HandleFunc@71")?.kind).toBe("event_handler");
    expect(cb.get("sort.Slice@72")?.kind).toBe("callback");
    expect(cb.get("onErr@73")?.kind).toBe("assigned_callback");
    expect(cb.get("return@102")?.kind).toBe("closure");
  });

  it("callbacks: gin/echo/chi routes (a path first) are event handlers flagged route", async () => {
    const dir = project({
      "main.go": ["package main", "", "func main() {", "\tr.GET(\"/users/:id\", func(c *gin.Context) {", "\t\tc.JSON(200, nil)", "\t})", "\tcache.Get(key, func() int {", "\t\treturn 1", "\t})", "}", ""].join("\n"),
    });
    const l = await Lens.create({ cwd: dir });
    const rr = await l.moduleReport(join(dir, "main.go"));
    const cb = new Map(rr.callbacks!.map((c) => [c.name, c]));
    expect(cb.get("r.GET@4")).toMatchObject({ kind: "event_handler", flags: ["route"] });
    expect(cb.get("cache.Get@7")?.kind).toBe("callback");
  });

  it("imports: standard library and other modules external, this module's packages internal and resolved", async () => {
    const dir = project({
      "go.mod": "module example.com/app\n\ngo 1.21\n",
      "internal/store/store.go": "package store\n",
      "cmd/app/main.go":
        'package main\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"example.com/app/internal/store"\n\t"example.com/app/missing"\n\t"github.com/x/y"\n)\n\nfunc main() {}\n',
    });
    const lens2 = await Lens.create({ cwd: dir });
    const m = await lens2.moduleReport(join(dir, "cmd/app/main.go"));
    expect(m.imports!.internal).toEqual(["internal/store", "example.com/app/missing"]);
    expect(m.imports!.external).toEqual(["fmt", "net/http", "github.com/x/y"]);
    // without a go.mod every path is external
    expect(r.imports!.internal).toEqual([]);
  });
});
