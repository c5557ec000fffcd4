/**
 * The generic pack on its fixtures (test/fixtures/generic/): kinds, names, ranges, export rules and
 * `callbackSupport: "generic"` per language, the heuristic fallback, and the unknown-extension error.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry, ModuleReport } from "../../core/types.js";
import { guessKind } from "../../language-packs/generic/heuristic.js";
import { LANGUAGES } from "../../language-packs/generic/languages.js";
import { fixtures, flat, lensAt, repoRoot, inlineReport } from "../helpers.js";

const lens = await lensAt(repoRoot);
const report = (f: string) => lens.moduleReport(join(fixtures, "generic", f));

function entry(r: ModuleReport, key: string): Entry {
  const e = flat(r).get(key);
  if (!e) throw new Error(`no entry ${key} in ${r.path}: ${[...flat(r).keys()].join(", ")}`);
  return e;
}
const brief = (e: Entry) => [e.kind, e.startLine, e.endLine, e.exported];

describe("generic pack", () => {
  it("ruby: classes, modules, methods, visibility sections", async () => {
    const r = await report("ledger.rb");
    expect(r.language).toBe("ruby");
    expect(r.callbackSupport).toBe("generic");
    expect(brief(entry(r, "Ledger"))).toEqual(["module", 8, 97, true]);
    expect(brief(entry(r, "Ledger.Book"))).toEqual(["class", 20, 92, true]);
    expect(brief(entry(r, "Ledger.Money"))).toEqual(["class", 13, 17, true]);
    expect(entry(r, "Ledger.Money.to_s").kind).toBe("method");
    expect(brief(entry(r, "Ledger.Book.initialize"))).toEqual(["method", 27, 31, true]);
    expect(entry(r, "Ledger.Book.initialize").doc).toBe("Open a book named +name+.");
    expect(entry(r, "Ledger.Book.load").signature).toBe("def self.load(path)");
    expect(entry(r, "Ledger.Book.import").exported).toBe(false); // after `protected`
    expect(entry(r, "Ledger.Book.validate!").exported).toBe(false); // after `private`
    expect(entry(r, "Ledger.Book.to_h").exported).toBe(true); // after `public`
    expect(entry(r, "Ledger.Book.empty").exported).toBe(false); // private_class_method
    expect(entry(r, "Ledger.Book.entries").kind).toBe("property");
    expect(entry(r, "Ledger.VERSION").kind).toBe("constant");
    expect(entry(r, "Ledger.open").kind).toBe("method");
    expect(r.imports?.external).toEqual(expect.arrayContaining(["json", "set"]));
    // the frozen_string_literal magic comment is not a doc
    expect(entry(r, "Ledger").doc).toBe("Double-entry bookkeeping for small shops.");
  });

  it("php: types, members, visibility, constants, namespace", async () => {
    const r = await report("Router.php");
    expect(r.language).toBe("php");
    expect(brief(entry(r, "App\\Http"))).toEqual(["namespace", 5, 5, true]);
    expect(brief(entry(r, "Handler"))).toEqual(["interface", 16, 19, true]);
    expect(entry(r, "HasMiddleware").kind).toBe("trait");
    expect(entry(r, "Method").kind).toBe("enum");
    expect(entry(r, "Method.Get").kind).toBe("constant");
    expect(brief(entry(r, "Router"))).toEqual(["class", 47, 95, true]);
    expect(entry(r, "Router.__construct").kind).toBe("constructor");
    expect(entry(r, "Router.add").exported).toBe(true);
    expect(entry(r, "Router.match").exported).toBe(false);
    expect(entry(r, "Router.notFound").exported).toBe(false);
    expect(entry(r, "Router.CACHE_KEY").exported).toBe(false);
    expect(entry(r, "Router.prefix").kind).toBe("property");
    expect(brief(entry(r, "route"))).toEqual(["function", 97, 100, true]);
    expect(entry(r, "Router.match").complexity).toBeGreaterThanOrEqual(4);
  });

  it("lua: module functions, methods, locals", async () => {
    const r = await report("stack.lua");
    expect(r.language).toBe("lua");
    expect(brief(entry(r, "M.new"))).toEqual(["function", 20, 26, true]);
    expect(brief(entry(r, "M:push"))).toEqual(["method", 29, 37, true]);
    expect(entry(r, "M.peek").kind).toBe("function");
    expect(entry(r, "M.util.describe").exported).toBe(true);
    expect(entry(r, "clamp").exported).toBe(false);
    expect(entry(r, "snapshot").exported).toBe(false);
    expect(entry(r, "debug_dump").exported).toBe(true); // a global
    expect(entry(r, "M.new").doc).toBe("Create a new stack holding at most `size` items.");
    expect(r.imports?.external).toEqual(["pl.class", "pl.tablex"]);
  });

  it("lua: every parse in a process is right (tree-sitter-wasms' Lua grammar broke after the first)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-generic-"));
    const src = "local dir = {}\nfunction dir.x(a) return a end\nlocal pack = table.pack or function(...) end\nfunction g() end\nreturn dir\n";
    const lua = await lensAt(dir);
    await lua.moduleReport(join(fixtures, "generic", "stack.lua")); // not the process's first Lua parse
    for (let i = 0; i < 3; i++) {
      const file = join(dir, `m${i}.lua`);
      writeFileSync(file, src);
      const r = await lua.moduleReport(file);
      expect(r.warnings.filter((w) => /syntax error/.test(w))).toEqual([]);
      expect([...flat(r).keys()].sort()).toEqual(["dir.x", "g", "pack"]);
      expect(entry(r, "dir.x").exported).toBe(true);
      expect(entry(r, "pack").exported).toBe(false);
      expect(entry(r, "pack").signature).toBe("local pack = table.pack or function(...)");
      expect(entry(r, "g").signature).toBe("function g()"); // an empty function has no body node
    }
  });

  it("lua: nested named functions are entries in both forms, as in JS/TS", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-generic-"));
    const file = join(dir, "nested.lua");
    writeFileSync(file, "local M = {}\nfunction M.outer()\n  local function helper() return 1 end\n  local cb = function() return 2 end\n  return helper() + cb()\nend\nreturn M\n");
    const r = await (await lensAt(dir)).moduleReport(file);
    const names = [...flat(r).keys()];
    expect(names).toContain("M.outer.helper");
    expect(names).toContain("M.outer.cb");
  });

  it("scala: classes, objects, traits, defs, vals, private members", async () => {
    const r = await report("Shapes.scala");
    expect(entry(r, "Shape").kind).toBe("trait");
    expect(entry(r, "Circle").kind).toBe("class");
    expect(entry(r, "Circle.area").kind).toBe("method");
    expect(entry(r, "Canvas.this").kind).toBe("constructor");
    expect(entry(r, "Canvas.shapes").exported).toBe(false);
    expect(entry(r, "Canvas.largest").exported).toBe(false);
    expect(entry(r, "Canvas.totalArea").exported).toBe(true);
    expect(brief(flat(r).get("Canvas")!)).toEqual(["class", 23, 40, true]);
    expect(entry(r, "Canvas.Listener").kind).toBe("type");
  });

  it("bash: functions, both syntaxes, all exported; sourced files", async () => {
    const r = await report("deploy.sh");
    expect(r.language).toBe("bash");
    expect(brief(entry(r, "log"))).toEqual(["function", 12, 14, true]);
    expect(brief(entry(r, "check_deps"))).toEqual(["function", 22, 27, true]);
    expect(entry(r, "log").doc).toBe("Print a message with a timestamp.");
    expect([...flat(r).keys()]).toEqual(["log", "die", "check_deps", "build", "upload", "main"]);
    expect(r.imports?.internal.length).toBeGreaterThan(0);
  });

  it("bash: `case` and `[[ a == b ]]` are reported (the scanner's isalpha(), which the runtime lacks, is given by core/grammar-shims.ts)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-generic-"));
    const file = join(dir, "case.sh");
    writeFileSync(file, 'f() {\n  case "$1" in\n    a) echo a ;;\n  esac\n}\n');
    const eq = join(dir, "eq.sh");
    writeFileSync(eq, 'g() {\n  if [[ "$1" == x ]]; then echo x; fi\n}\n');
    const lens = await lensAt(dir);
    const r2 = await lens.moduleReport(eq);
    expect(r2.error).toBeUndefined();
    expect(brief(entry(r2, "g"))).toEqual(["function", 1, 3, true]);
    const r = await lens.moduleReport(file);
    expect(r.error).toBeUndefined();
    expect(brief(entry(r, "f"))).toEqual(["function", 1, 5, true]);
  });

  it("elixir: modules, def/defp, macros, protocols, @doc", async () => {
    const r = await report("cache.ex");
    expect(brief(entry(r, "MyApp.Cache"))).toEqual(["module", 1, 68, true]);
    expect(entry(r, "MyApp.Cache").doc).toBe("An ETS-backed cache with expiry.");
    expect(entry(r, "MyApp.Cache.get").doc).toBe("Fetches `key`, or `nil` when missing or expired.");
    expect(entry(r, "MyApp.Cache.expires_at").exported).toBe(false);
    expect(entry(r, "MyApp.Cache.put").signature).toBe("def put(key, value, ttl \\\\ @default_ttl)");
    expect(entry(r, "MyApp.Cache.cached").kind).toBe("macro");
    expect(entry(r, "MyApp.Cache.Keyable").kind).toBe("protocol");
    expect(entry(r, "MyApp.Cache.entry").exported).toBe(false);
  });

  it("heuristic languages get outlines from node kinds", async () => {
    const zig = await report("inventory.zig");
    expect(brief(entry(zig, "Bin"))).toEqual(["struct", 28, 55, true]);
    expect(brief(entry(zig, "Bin.add"))).toEqual(["method", 43, 47, true]);
    expect(entry(zig, "Bin.find").exported).toBe(false); // no `pub`
    expect(entry(zig, "Category").kind).toBe("enum");
    expect(entry(zig, "checksum").exported).toBe(false);

    const dart = await report("cart.dart");
    expect(brief(entry(dart, "Cart"))).toEqual(["class", 27, 69, true]);
    expect(brief(entry(dart, "Cart.add"))).toEqual(["method", 51, 58, true]); // body beside the signature
    expect(entry(dart, "Cart.Cart.guest").kind).toBe("constructor");
    expect(entry(dart, "Cart._clear").exported).toBe(false);
    expect(flat(dart).has("i")).toBe(false); // a loop variable is a local

    const ml = await report("queue.ml");
    expect(entry(ml, "push").kind).toBe("function");
    expect(entry(ml, "default_capacity").kind).toBe("constant");
    expect(entry(ml, "Printer.print").kind).toBe("function");
    expect(entry(ml, "counter.incr").kind).toBe("method");

    const sol = await report("Vault.sol");
    expect(entry(sol, "Vault").kind).toBe("class");
    expect(entry(sol, "Vault.withdraw").exported).toBe(true);
    expect(entry(sol, "Vault._freeze").exported).toBe(false);

    const objc = await report("Counter.m");
    expect(entry(objc, "Counter").kind).toBe("class");
    expect(entry(objc, "clampValue").exported).toBe(false);

    const el = await report("notes.el");
    expect(entry(el, "notes-open").doc).toBe("Open the note named TITLE, creating it when missing.");
    expect(entry(el, "notes--path").exported).toBe(false);

    const res = await report("Account.res");
    expect(entry(res, "make").kind).toBe("function");
    expect(entry(res, "Ledger.total").kind).toBe("function");
    for (const x of [zig, dart, ml, sol, el, res]) expect(x.callbackSupport).toBe("generic");
    // (Objective-C's blocks have a callbacks query: objc-mm.test.ts.)
    expect(objc.callbackSupport).toBe("tuned");
  });

  it("guesses kinds from node type names", () => {
    expect(guessKind("function_declaration")).toBe("function");
    expect(guessKind("class_definition")).toBe("class");
    expect(guessKind("struct_specifier")).toBe("struct");
    expect(guessKind("function_type")).toBeUndefined();
    expect(guessKind("call_expression")).toBeUndefined();
    expect(guessKind("import_declaration")).toBeUndefined();
  });

  it("an extension no pack claims is a clear error, not an empty outline", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-generic-"));
    const file = join(dir, "notes.xyz");
    writeFileSync(file, "whatever\n");
    const l = await lensAt(dir);
    const r = await l.moduleReport(file);
    expect(r.available).toBe(false);
    expect(r.error).toMatch(/no language pack for \.xyz/);
  });

  it("declares every language lazily, none of them markup", () => {
    expect(LANGUAGES.map((l) => l.id)).toEqual(expect.arrayContaining(["ruby", "php", "lua", "scala", "bash", "elixir", "zig", "dart", "ocaml"]));
    expect(LANGUAGES.flatMap((l) => l.extensions)).not.toEqual(expect.arrayContaining([".json"]));
  });
});

const inline = inlineReport;

describe("generic pack: shapes the grammars misread", () => {
  it("ruby: `def !=(other)` is a method named `!=`, and the class around it does not end early", async () => {
    const r = await inline("neq.rb", "class Box\n  def ==(other)\n    value == other.value\n  end\n\n  def !=(other)\n    !(self == other)\n  end\n\n  def value\n    @value\n  end\nend\n");
    expect(brief(entry(r, "Box"))).toEqual(["class", 1, 13, true]);
    expect(brief(entry(r, "Box.!="))).toEqual(["method", 6, 8, true]);
    expect(entry(r, "Box.!=").signature).toBe("def !=(other)");
    expect(brief(entry(r, "Box.value"))).toEqual(["method", 10, 12, true]);
    expect([...flat(r).keys()]).toEqual(["Box", "Box.==", "Box.!=", "Box.value"]);
  });

  it("lua: `return setmetatable(M, mt)` exports M's functions; a metatable's fields are not exported", async () => {
    const r = await inline("meta.lua", "local M = {\n  greet = function(name)\n    return name\n  end,\n}\n\nfunction M.shout(name)\n  return M.greet(name):upper()\nend\n\nlocal function helper() end\n\nreturn setmetatable(M, {\n  __call = function(_, name)\n    return M.greet(name)\n  end,\n})\n");
    expect(entry(r, "greet").exported).toBe(true);
    expect(entry(r, "M.shout").exported).toBe(true);
    expect(entry(r, "helper").exported).toBe(false);
    expect(entry(r, "__call").exported).toBe(false);
    const k = await inline("key.lua", "local inspect = {}\n\ninspect.KEY = setmetatable({}, { __tostring = function() return 'inspect.KEY' end })\n\nfunction inspect.inspect(root)\n  return tostring(root)\nend\n\nreturn inspect\n");
    expect(k.api?.map((e) => e.name)).toEqual(["inspect.inspect"]);
  });

  it("lua: the module's export list exports its locals — `return { dump = dump }`, `M.x = x`, `local M = { x = x }`, `return f`", async () => {
    // (lyaml's init.lua ends `return { dump = dump, load = load }`: it had read "0 exported".)
    const r = await inline("list.lua", "local function dump(d) return d end\n\nlocal load = function(s) return s end\n\nlocal function helper() end\n\nlocal function outer()\n  local function dump() end\n  return dump\nend\n\nreturn {\n  dump = dump,\n  load = load,\n  null = {},\n}\n");
    expect(entry(r, "dump").exported).toBe(true);
    expect(entry(r, "load").exported).toBe(true);
    expect(entry(r, "helper").exported).toBe(false);
    expect(entry(r, "outer").exported).toBe(false);
    expect(entry(r, "outer").members?.[0]?.exported).toBe(false);
    const m = await inline("m.lua", "local function isnull(x) return x == nil end\nlocal M = { isnull = isnull }\n\nlocal function setadd(a, b) return a end\nlocal function private() end\n\nM.__add = setadd\n\nreturn M\n");
    expect(m.api?.map((e) => e.name)).toEqual(["isnull", "setadd"]);
    const f = await inline("one.lua", "local function lookup(t, k) return t[k] end\n\nlocal function helper() end\n\nreturn lookup\n");
    expect(f.api?.map((e) => e.name)).toEqual(["lookup"]);
  });

  it("lua: a table field `f = f or function … end` is a function", async () => {
    const r = await inline("or.lua", "return {\n  getfenv = getfenv or function(f)\n    return _G\n  end,\n\n  exit = function(code)\n    os.exit(code)\n  end,\n}\n");
    expect(brief(entry(r, "getfenv"))).toEqual(["function", 2, 4, true]);
    expect(entry(r, "getfenv").signature).toBe("getfenv = getfenv or function(f)");
  });

  it("php: require/include strings are internal imports, in every spelling (QA round Z: none had been read)", async () => {
    const r = await inline("inc.php", "<?php\nrequire 'a.php';\nrequire_once __DIR__ . \"/lib/b.php\";\ninclude(\"c.php\");\ninclude_once(__DIR__ . '/d.php');\nuse App\\Thing;\nfunction f() {}\n");
    expect(r.imports).toEqual({ external: ["App\\Thing"], internal: ["a.php", "/lib/b.php", "c.php", "/d.php"] });
  });

  it("php: a `{@inheritdoc}` docblock is no doc", async () => {
    const r = await inline("inherit.php", "<?php\n\nclass NullOutput implements OutputInterface\n{\n    /**\n     * {@inheritdoc}\n     */\n    public function isQuiet(): bool\n    {\n        return true;\n    }\n\n    /** {@inheritDoc} */\n    public function isVerbose(): bool { return false; }\n\n    /**\n     * Writes nothing.\n     */\n    public function write(): void {}\n}\n");
    expect(entry(r, "NullOutput.isQuiet").doc).toBeUndefined();
    expect(entry(r, "NullOutput.isVerbose").doc).toBeUndefined();
    expect(entry(r, "NullOutput.write").doc).toBe("Writes nothing.");
  });

  it("php: an anonymous class's signature ends before its body", async () => {
    const r = await inline("anon.php", "<?php\n\n$logger = new class($path) implements LoggerInterface {\n    public function __construct(private string $path)\n    {\n    }\n\n    public function log(string $message): void\n    {\n        file_put_contents($this->path, $message, FILE_APPEND);\n    }\n};\n");
    expect(brief(entry(r, "class@3"))).toEqual(["class", 3, 12, false]);
    expect(entry(r, "class@3").signature).toBe("new class($path) implements LoggerInterface");
    expect(entry(r, "class@3.log").kind).toBe("method");
  });

  it("ruby: RDoc directives and headings are no doc sentence; `=begin … =end` without its markers", async () => {
    const r = await inline("rdoc.rb", "class Log\n  # :call-seq:\n  #   info(message)\n  #   info(progname, &block)\n  #\n  # Log an +INFO+ message. Returns true.\n  def info(progname = nil, &block)\n    add(1, nil, progname, &block)\n  end\n\n  # == Levels\n  #\n  # The levels, lowest first.\n  LEVELS = %w[debug info].freeze\n\n  # :method: warn\n  # Log a warning.\n  def warn_it; end\n\n  # :nodoc:\n  def internal; end\nend\n");
    expect(entry(r, "Log.info").doc).toBe("Log an +INFO+ message.");
    expect(entry(r, "Log.LEVELS").doc).toBe("The levels, lowest first.");
    expect(entry(r, "Log.warn_it").doc).toBe("Log a warning.");
    expect(entry(r, "Log.internal").doc).toBeUndefined();
    const b = await inline("begin.rb", "=begin\nHelpers for shapes.\n=end\nmodule Helper\n  def self.util; end\nend\n");
    expect(entry(b, "Helper").doc).toBe("Helpers for shapes.");
  });

  it("ruby: `private_class_method def self.x` is private", async () => {
    const r = await inline("pcm.rb", "class Factory\n  def self.build\n    new\n  end\n\n  private_class_method def self.cache\n    @cache ||= {}\n  end\n\n  public_class_method def self.open; end\n\n  private_class_method :new\nend\n");
    expect(brief(entry(r, "Factory.cache"))).toEqual(["method", 6, 8, false]);
    expect(entry(r, "Factory.build").exported).toBe(true);
    expect(entry(r, "Factory.open").exported).toBe(true);
  });

  it("ruby: alias / alias_method signatures are the line as written, a trailing `=` kept", async () => {
    const r = await inline("alias.rb", "class Store\n  def []=(k, v)\n    @h[k] = v\n  end\n  alias_method :store, :[]=\n  alias_method :name=, :title=\n  alias title= name=\nend\n");
    expect(entry(r, "Store.store").signature).toBe("alias_method :store, :[]=");
    expect(entry(r, "Store.name=").signature).toBe("alias_method :name=, :title=");
    expect(entry(r, "Store.title=").signature).toBe("alias title= name=");
  });
});
