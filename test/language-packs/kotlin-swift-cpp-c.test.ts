/**
 * Kotlin, Swift, C++ and C packs on real parses: kinds, names, nesting, exported, docs, flags,
 * callbacks, imports, `.h` language detection, and survival around the bundled grammars' ERROR nodes.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { fixtures, flat, lensAt, repoRoot, inlineReport, entryAt } from "../helpers.js";
import { looksLikeCpp } from "../../language-packs/cpp/languages.js";
import { maskMacros, oneConfiguration } from "../../language-packs/c/macros.js";

let lens: Lens;
beforeAll(async () => {
  lens = await lensAt(repoRoot);
});

const report = (rel: string) => lens.moduleReport(join(fixtures, rel));
const inline = inlineReport;
const get = entryAt;

describe("kotlin and swift: declarations in a function body", () => {
  it("local functions and types are nested entries, never API; Kotlin's anonymous-object overrides are not entries", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-local-"));
    const kt = join(dir, "a.kt");
    writeFileSync(kt, "fun outer() {\n    fun inner() {}\n    class Local { fun m() {} }\n    run(object : Runnable {\n        override fun run() {}\n    })\n}\n");
    const sw = join(dir, "a.swift");
    writeFileSync(sw, "public func outer() {\n    func inner() {}\n    struct Local { var x = 1 }\n}\n");
    const lens = await lensAt(dir);
    const k = flat(await lens.moduleReport(kt));
    expect(k.get("outer")?.exported).toBe(true);
    expect(k.get("outer.inner")).toMatchObject({ kind: "function", startLine: 2, exported: false });
    expect(k.get("outer.Local")).toMatchObject({ kind: "class", exported: false });
    expect(k.get("outer.Local.m")?.exported).toBe(false);
    expect([...k.keys()].some((n) => n.endsWith(".run"))).toBe(false);
    const s = flat(await lens.moduleReport(sw));
    expect(s.get("outer")?.exported).toBe(true);
    expect(s.get("outer.inner")).toMatchObject({ kind: "function", startLine: 2, exported: false });
    expect(s.get("outer.Local")).toMatchObject({ kind: "struct", exported: false });
  });
});

describe("kotlin", () => {
  it("kinds: data/sealed/enum/value/inner classes, objects, companions, interfaces, typealiases", async () => {
    const r = await report("kotlin/Repository.kt");
    expect(r.language).toBe("kotlin");
    expect(get(r, "OrderState").kind).toBe("enum");
    expect(get(r, "OrderState.CREATED").kind).toBe("constant");
    expect(get(r, "OrderState.Companion").kind).toBe("object");
    expect(get(r, "OrderState.Companion.parse").kind).toBe("method");
    expect(get(r, "RepoResult").kind).toBe("class");
    expect(get(r, "RepoResult.Success").signature).toContain("data class Success<T>(val value: T");
    expect(get(r, "RepoResult.NotFound").kind).toBe("object");
    expect(get(r, "PageToken").decorators).toEqual(["@JvmInline"]);
    expect(get(r, "OrderApi").kind).toBe("interface");
    expect(get(r, "OrderFilter").kind).toBe("interface"); // `fun interface`, masked for the grammar
    expect(get(r, "OrderRepository.Factory").kind).toBe("object"); // named companion
    expect(get(r, "OrderRepository.Stats").kind).toBe("class");
    expect(get(r, "OrderRepository.constructor").kind).toBe("constructor");
    expect(get(r, "OrderRepository").signature).toMatch(/^class OrderRepository\(private val api: OrderApi.*\{ Instant.now\(\) \}\)$/);
    expect(get(r, "OrderListener").kind).toBe("type");
    expect(get(r, "PAGE_SIZE").kind).toBe("constant");
  });

  it("extension functions keep the receiver in the signature; suspend is async; visibility", async () => {
    const r = await report("kotlin/Repository.kt");
    const ext = get(r, "toOrderId");
    expect(ext.kind).toBe("function");
    expect(ext.signature).toBe("fun String.toOrderId(): OrderId");
    expect(get(r, "OrderRepository.load").flags).toContain("async");
    expect(get(r, "OrderApi.fetch").flags).toContain("async");
    expect(get(r, "OrderRepository.transition").flags ?? []).not.toContain("async");
    expect(get(r, "idPattern").exported).toBe(false); // private
    expect(get(r, "requestCounter").exported).toBe(false); // internal
    expect(get(r, "OrderRepository.evictStale").exported).toBe(false);
    expect(get(r, "OrderRepository.Factory.TAG").exported).toBe(false);
    expect(get(r, "OrderRepository.load").exported).toBe(true);
    expect(get(r, "loadOrders").decorators).toEqual(['@Deprecated("Use OrderRepository.loadAll")']);
    expect(get(r, "loadOrders").flags).toEqual(expect.arrayContaining(["async", "deprecated"]));
    expect(get(r, "loadOrders").startLine).toBe(251); // the parked annotation line
  });

  it("KDoc first sentence, even where the grammar files the comment inside the import list", async () => {
    const r = await report("kotlin/Repository.kt");
    expect(get(r, "PAGE_SIZE").doc).toBe("Maximum number of orders fetched in one page.");
    expect(get(r, "CACHE_TTL").doc).toBe("How long a cached order stays fresh.");
    expect(get(r, "OrderState").doc).toBe("The lifecycle of an order.");
    expect(get(r, "OrderRepository.load").doc).toBe("Loads one order, from the cache when fresh.");
  });

  it("coroutine builders and lambdas are callbacks; imports split by package", async () => {
    const r = await report("kotlin/Repository.kt");
    expect(r.callbackSupport).toBe("tuned");
    const byName = new Map(r.callbacks!.map((c) => [c.name, c]));
    expect(byName.get("withContext@145")?.kind).toBe("coroutine");
    expect(byName.get("supervisorScope@159")?.kind).toBe("coroutine");
    expect(byName.get("scope.launch@178")?.kind).toBe("coroutine");
    expect(byName.get("scope.launch@178")?.parentChain).toEqual(["OrderRepository", "transition"]);
    expect(r.imports!.internal).toContain("com.example.store.model.Order");
    expect(r.imports!.external).toContain("kotlinx.coroutines.launch");
  });

  it("declarations around ERROR nodes (`when` with `is`, function types with receivers) are reported", async () => {
    const r = await report("kotlin/ViewModels.kt");
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(true);
    expect(get(r, "explain").endLine).toBe(220);
    expect(get(r, "toolbar").kind).toBe("function");
    expect(get(r, "Tab").kind).toBe("enum");
    expect(get(r, "lastOne").startLine).toBe(243);
    expect(r.callbacks!.find((c) => c.name === "root.setOnClickListener@125")?.kind).toBe("event_handler");
  });

  it("a `where` clause on a line of its own stays in the head; its body is no lambda", async () => {
    const r = await inline("where.kt", "package demo\n\nfun <T> copyWhenGreater(list: List<T>, threshold: T): List<String>\n    where T : CharSequence, T : Comparable<T> {\n    return list.filter { it > threshold }.map { it.toString() }\n}\n\nclass Box<T>(val item: T)\n    where T : Comparable<T>,\n          T : Any {\n    fun get(): T = item\n}\n\nfun after() = 1\n");
    expect(r.warnings.filter((w) => /syntax error/.test(w))).toEqual([]);
    const f = get(r, "copyWhenGreater");
    expect([f.startLine, f.endLine]).toEqual([3, 6]);
    expect(f.signature).toBe("fun <T> copyWhenGreater(list: List<T>, threshold: T): List<String> where T : CharSequence, T : Comparable<T>");
    expect(r.callbacks!.map((c) => c.name)).toEqual(["list.filter@5", "list.filter{…}.map@5"]);
    expect([get(r, "Box").startLine, get(r, "Box").endLine]).toEqual([8, 12]);
    expect(get(r, "Box.get").kind).toBe("method");
  });

  it("`fun interface` keeps `fun` in its signature", async () => {
    const r = await inline("sam.kt", "package demo\n\nfun interface Listener {\n    fun onEvent(e: String)\n}\npublic fun interface Op<T> {\n    fun run(t: T)\n}\n");
    expect(get(r, "Listener").signature).toBe("fun interface Listener");
    expect(get(r, "Op").signature).toBe("public fun interface Op<T>");
  });

  it("an enum entry's body holds its own members (the overrides were dropped as a constant's locals)", async () => {
    const r = await inline("status.kt", 'enum class Status(val code: Int) {\n    Ok(200),\n    NotFound(404) {\n        override fun describe() = "missing"\n    };\n\n    open fun describe(): String = "status $code"\n}\n');
    expect(get(r, "Status.NotFound.describe")).toMatchObject({ kind: "method", startLine: 4, exported: true });
    expect(get(r, "Status.describe").startLine).toBe(7);
  });
});

describe("swift", () => {
  it("kinds: struct, class, enum cases, protocol, extension (named after the type), actor, init/deinit, subscript", async () => {
    const r = await report("swift/Networking.swift");
    expect(r.language).toBe("swift");
    expect(get(r, "APIError").kind).toBe("enum");
    expect(get(r, "APIError.offline").kind).toBe("constant");
    expect(get(r, "APIError.timeout").kind).toBe("constant");
    expect(get(r, "Request").kind).toBe("struct");
    expect(get(r, "HTTPTransport").kind).toBe("protocol");
    expect(get(r, "HTTPTransport.send").kind).toBe("method");
    expect(get(r, "HTTPTransport.Token").kind).toBe("type");
    expect(get(r, "APIClient").kind).toBe("class");
    expect(get(r, "APIClient.init").kind).toBe("constructor");
    expect(get(r, "APIClient.deinit").kind).toBe("method");
    expect(get(r, "ResponseCache").kind).toBe("class"); // actor
    expect(get(r, "URLRequest").kind).toBe("extension");
    expect(get(r, "URLRequest.authorize").kind).toBe("method");
    expect(get(r, "Array").kind).toBe("extension"); // extension Array where Element == …
    expect(get(r, "Completion").kind).toBe("type");
    const s = await report("swift/Views.swift");
    expect(get(s, "FavouritesStore.subscript").signature).toBe("subscript(id: UUID) -> Bool { get set }");
  });

  it("exported = public/open; public extension members; async; /// docs; attributes", async () => {
    const r = await report("swift/Networking.swift");
    expect(get(r, "APIClient").exported).toBe(true); // open
    expect(get(r, "APIClient.log").exported).toBe(false); // private
    expect(get(r, "APIClient.decoder").exported).toBe(false); // internal by default
    expect(get(r, "APIClient.send").exported).toBe(true);
    expect(get(r, "Headers").exported).toBe(false);
    expect(get(r, "APIClient.staging").exported).toBe(true); // member of `public extension`
    expect(get(r, "APIClient.send").flags).toContain("async");
    expect(get(r, "APIClient.sendWithRetry").doc).toBe("Sends with retries and exponential backoff.");
    expect(get(r, "APIError").doc).toBe("Errors the API client reports.");
    expect(get(r, "measure").decorators).toEqual(["@discardableResult"]);
  });

  it("closures: [weak self] and strong self captures in escaping closures", async () => {
    const r = await report("swift/Networking.swift");
    const cbs = new Map(r.callbacks!.map((c) => [c.name, c]));
    expect(cbs.get("Task@131")?.kind).toBe("task");
    expect(cbs.get("Task@131")?.flags).toContain("weak self");
    expect(cbs.get("DispatchQueue.main.asyncAfter@163")?.kind).toBe("task");
    expect(cbs.get("DispatchQueue.main.asyncAfter@163")?.flags).toContain("captures self");
    expect(cbs.get("Timer.scheduledTimer@166")?.kind).toBe("timer_callback");
    expect(cbs.get("Timer.scheduledTimer@166")?.flags).toContain("weak self"); // [unowned self]
    expect([...cbs.keys()].some((k) => k.startsWith("defer@"))).toBe(false); // a statement, not a closure
    const v = await report("swift/Views.swift");
    const sorted = v.callbacks!.find((c) => c.name === "products.sorted@41");
    expect(sorted?.flags ?? []).not.toContain("captures self"); // non-escaping
    expect(r.imports!.external).toEqual(["Foundation", "Combine", "StoreKit"]);
  });

  it("declarations after a macro ERROR (#Preview) are reported", async () => {
    const r = await report("swift/Views.swift");
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(true);
    expect(get(r, "CatalogueModel.reloadAndWait").kind).toBe("method"); // extension member, after the macro
    expect(get(r, "catalogueVersion").exported).toBe(true);
    expect(get(r, "Filter").kind).toBe("enum");
  });

  it("an associated type with a default and a `where` clause keeps its protocol", async () => {
    const r = await inline("assoc.swift", "/// A reducer.\npublic protocol Reducer {\n    associatedtype State\n    associatedtype Body: Reducer = Self where Body.State == State\n\n    func reduce(into state: inout State)\n\n    var body: Body { get }\n}\n\npublic struct After {}\n");
    expect(r.warnings.filter((w) => /syntax error/.test(w))).toEqual([]);
    const p = get(r, "Reducer");
    expect([p.kind, p.startLine, p.endLine, p.exported, p.doc]).toEqual(["protocol", 2, 9, true, "A reducer."]);
    expect(p.members?.map((m) => m.name)).toEqual(["State", "Body", "reduce", "body"]);
    expect(get(r, "Reducer.Body").signature).toBe("associatedtype Body: Reducer = Self where Body.State == State");
    expect(get(r, "After").kind).toBe("struct");
  });
});

describe("c++", () => {
  it("namespaces, classes, unions as struct, enums, operators, templates, aliases, macros", async () => {
    const r = await report("cpp/widget.hpp");
    expect(r.language).toBe("cpp");
    expect(get(r, "ui").kind).toBe("namespace");
    expect(get(r, "ui.Widget").kind).toBe("class"); // `class V8_EXPORT Widget` (macro masked)
    expect(get(r, "ui.Widget").doc).toBe("A widget on screen.");
    expect(get(r, "ui.Widget.draw").doc).toBe("Draws the widget; the default draws nothing.");
    expect(get(r, "ui.Widget.name").signature).toBe("const std::string& name() const");
    expect(get(r, "ui.Widget.parent").kind).toBe("method");
    expect(get(r, "ui.Widget.operator <").kind).toBe("method");
    expect(get(r, "ui.Widget.operator bool").kind).toBe("method");
    expect(get(r, "ui.Widget.Widget").kind).toBe("constructor");
    expect(get(r, "ui.Widget.invalidate").exported).toBe(false); // protected
    expect(get(r, "ui.Widget.name_").exported).toBe(false); // private
    expect(get(r, "ui.Widget.draw").exported).toBe(true);
    expect(get(r, "ui.widget_count").doc).toBe("Counts widgets created so far.");
    expect(get(r, "ui.Handle").signature).toBe("template <typename T> class Handle");
    expect(get(r, "ui.Handle.get").exported).toBe(true);
    expect(get(r, "ui.Handle.ptr_").exported).toBe(false);
    expect(get(r, "ui.Value").kind).toBe("struct"); // union
    expect(get(r, "ui.Align").kind).toBe("enum");
    expect(get(r, "ui.Align.Center").kind).toBe("constant");
    expect(get(r, "ui.WidgetPtr").kind).toBe("type");
    expect(get(r, "ui.Callback").kind).toBe("type");
    expect(r.imports!.internal).toEqual(["shapes.h"]);
    expect(r.imports!.external).toEqual(["memory", "string"]);
  });

  it("out-of-class definitions nest under their class when it is in the file, else are named f with the owner kept", async () => {
    const r = await report("cpp/shapes.cpp");
    expect(get(r, "ns.A.A").kind).toBe("constructor");
    expect(get(r, "ns.A.~A").kind).toBe("method");
    expect(get(r, "ns.A.ptr").signature).toBe("int* A::ptr()");
    expect(get(r, "ns.g").kind).toBe("method");
    expect(get(r, "ns.g").signature).toMatch(/Outer::Inner::g\(/);
    expect(get(r, "ns.ref").signature).toBe("const std::string& ref(int a)");
    expect(get(r, "ns.hidden").exported).toBe(false); // anonymous namespace
    expect(get(r, "ns.sfun").exported).toBe(false); // static
    expect(get(r, "ns.operator +").kind).toBe("function");
    expect(get(r, "MAX").kind).toBe("macro");
    const w = await report("cpp/widget.cpp");
    expect(get(w, "flush").kind).toBe("method");
    expect(get(w, "flush").doc).toBe("Out-of-class definition of a class declared elsewhere.");
    // The owner declared elsewhere still qualifies the name for read_symbol.
    const lens = await lensAt(repoRoot);
    const sym = await lens.readSymbol(join(repoRoot, "test/fixtures/cpp/widget.cpp"), "Renderer::flush");
    expect(sym.found).toBe(true);
    expect(sym.kind).toBe("method");
    expect(get(w, "file_local").exported).toBe(false);
    expect(get(w, "ui.bump").exported).toBe(false);
    expect(w.imports!.internal).toEqual(["test/fixtures/cpp/widget.hpp"]); // resolved next to the file
  });

  it("lambdas: [&] captures by reference, std::thread / std::async tasks", async () => {
    const r = await report("cpp/widget.cpp");
    const cbs = new Map(r.callbacks!.map((c) => [c.name, c]));
    expect(cbs.get("redraw@18")?.kind).toBe("lambda");
    expect(cbs.get("std::thread@19")?.kind).toBe("task");
    expect(cbs.get("std::thread@19")?.flags).toContain("captures by reference");
    expect(cbs.get("std::async@21")?.kind).toBe("task");
    // Widget is declared in the header, so the definition keeps its qualified name here
    expect(cbs.get("std::async@21")?.parentChain).toEqual(["ui", "invalidate"]);
  });

  it("masks annotation macros without moving offsets", () => {
    const src = "class V8_EXPORT Foo {\n  void f() _GLIBCXX_NOEXCEPT {}\n};\n_GLIBCXX_BEGIN_NAMESPACE_VERSION\nenum { A,\n  LAST_VALUE\n};\n";
    const out = maskMacros(src);
    expect(out.length).toBe(src.length);
    expect(out.split("\n").length).toBe(src.split("\n").length);
    expect(out).toContain("class           Foo {");
    expect(out).not.toContain("_GLIBCXX");
    expect(out).toContain("LAST_VALUE"); // an enumerator, not a macro line
  });

  it("conditionals that split a declaration are read with one branch each (the file no longer needs a second reading)", async () => {
    // libstdc++'s way: an #else holding the whole class, #if around template heads and constructor heads.
    const r = await report("cpp/basic_thing.h");
    expect(r.warnings?.filter((w) => /syntax error|one configuration/.test(w)) ?? []).toEqual([]);
    expect(get(r, "std.basic_thing")).toMatchObject({ kind: "class", startLine: 11, endLine: 47, doc: "A sequence of things." });
    expect(r.api.map((e) => e.name)).toEqual(["std"]); // the members were top-level functions; THING_H is a guard
    expect(get(r, "std.basic_thing.size").kind).toBe("method");
    // The longer branch's head, without the directive lines the real source has in it.
    expect(get(r, "std.basic_thing").members?.filter((m) => m.kind === "constructor").map((m) => m.startLine)).toEqual([18, 27]);
    expect(get(r, "std.basic_thing").members?.find((m) => m.startLine === 27)?.signature).toMatch(/^basic_thing\(const basic_thing& __o, size_t __pos, const _Alloc& __a = _Alloc\(\)\) : _M_size/);
    // A file the grammar reads (its conditionals hold whole declarations) keeps both branches.
    const dir = mkdtempSync(join(tmpdir(), "pilens-cpp-"));
    writeFileSync(join(dir, "ok.hpp"), ["namespace io {", "#ifdef _WIN32", "int open_win(const wchar_t* p);", "#else", "int open_posix(const char* p);", "#endif", "}", ""].join("\n"));
    writeFileSync(join(dir, "package.json"), "{}");
    const ok = await (await lensAt(dir)).moduleReport(join(dir, "ok.hpp"));
    expect(ok.available, ok.error).toBe(true);
    expect((ok.warnings ?? []).some((w) => /one configuration/.test(w))).toBe(false);
    expect(ok.api[0]?.members?.map((m) => m.name)).toEqual(["open_win", "open_posix"]);
  });

  it("one configuration: the branch with the most code of each conditional (#if 0 none), offsets kept", () => {
    const src = ["#if 0", "dead();", "#endif", "#if A", "short();", "#elif B", "the_longest_branch(); of_all();", "#else", "x();", "#endif", "#define M(a) \\", "  (a)", "#ifdef C \\", "  && D", "kept();", "#endif"].join("\n");
    const out = oneConfiguration(src);
    expect(out.length).toBe(src.length);
    expect(out.split("\n").map((l) => l.trim())).toEqual(["", "", "", "", "", "", "the_longest_branch(); of_all();", "", "", "", "#define M(a) \\", "(a)", "", "", "kept();", ""]);
  });
});

describe("c", () => {
  it("functions incl. pointer-returning, structs, typedef'd anonymous structs, enums, prototypes, macros", async () => {
    const h = await report("c/list.h");
    expect(h.language).toBe("c");
    expect(get(h, "list_node").kind).toBe("struct");
    expect(get(h, "list_node.next").kind).toBe("field");
    expect(get(h, "list_t").kind).toBe("struct");
    expect(get(h, "list_t").signature).toBe("typedef struct {…} list_t");
    expect(get(h, "list_t").doc).toBe("An intrusive list with its length.");
    expect(get(h, "list_cmp").kind).toBe("type");
    expect(get(h, "list_status.LIST_NOMEM").kind).toBe("constant");
    expect(get(h, "list_new").kind).toBe("function"); // prototype
    expect(get(h, "list_new").doc).toBe("Allocates an empty list.");
    expect(get(h, "LIST_FOREACH").kind).toBe("macro");
    expect(get(h, "LIST_FOREACH").exported).toBe(true); // macros in headers are visible to includers
    expect(flat(h).has("LIST_H")).toBe(false); // include guard, no value
    const c = await report("c/list.c");
    expect(get(c, "node_new").signature).toBe("static struct list_node *node_new(void *data)");
    expect(get(c, "node_new").exported).toBe(false);
    expect(get(c, "node_new").startLine).toBe(9); // the prototype above is dropped for the definition
    expect([...flat(c).keys()].filter((k) => k === "node_new")).toHaveLength(1);
    expect(get(c, "list_pop").signature).toBe("void *list_pop(list_t *list)");
    expect(get(c, "list_pop").exported).toBe(true);
    expect(get(c, "allocations").exported).toBe(false);
    expect(get(c, "list_sort").complexity).toBe(4);
    expect(c.callbackSupport).toBe("tuned");
    expect(c.callbacks).toEqual([]);
    expect(c.imports!.internal).toEqual(["test/fixtures/c/list.h"]);
    expect(c.imports!.external).toEqual(["stdlib.h"]);
  });

  it(".h is C unless its content reads as C++", async () => {
    expect(looksLikeCpp("struct a { int b; };\nint f(void);\n", "x.h")).toBe(false);
    expect(looksLikeCpp("namespace ui {\nclass A {};\n}\n", "x.h")).toBe(true);
    expect(looksLikeCpp("template <typename T> T id(T x);\n", "x.h")).toBe(true);
    expect(looksLikeCpp("int x;", "x.cpp")).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), "pilens-h-"));
    writeFileSync(join(dir, "plain.h"), "struct point { int x, y; };\nint area(struct point p);\n");
    writeFileSync(join(dir, "klass.h"), "#pragma once\nnamespace geo {\nclass Point {\n public:\n  int x() const { return x_; }\n private:\n  int x_;\n};\n}\n");
    const l = await lensAt(dir);
    const plain = await l.moduleReport(join(dir, "plain.h"));
    const klass = await l.moduleReport(join(dir, "klass.h"));
    expect(plain.language).toBe("c");
    expect(klass.language).toBe("cpp");
    expect(get(klass, "geo.Point.x").kind).toBe("method");
  });

  it("export and calling-convention macros without an underscore (EGLAPI, APIENTRY) are masked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-egl-"));
    writeFileSync(
      join(dir, "egl.h"),
      "typedef unsigned int EGLBoolean;\nEGLAPI EGLBoolean EGLAPIENTRY eglChooseConfig (void *dpy, const int *attrib_list);\nGLAPI void APIENTRY glClear (unsigned int mask);\n",
    );
    const r = await (await lensAt(dir)).moduleReport(join(dir, "egl.h"));
    expect(get(r, "eglChooseConfig")).toMatchObject({ kind: "function", startLine: 2 });
    expect(get(r, "glClear")).toMatchObject({ kind: "function", startLine: 3 });
    expect(r.warnings?.some((w) => /syntax error/.test(w)) ?? false).toBe(false);
    // Types in capitals stay: only names ending like export/calling-convention macros are masked.
    expect(maskMacros("FILE *open_it(void);\n")).toBe("FILE *open_it(void);\n");
  });
});
