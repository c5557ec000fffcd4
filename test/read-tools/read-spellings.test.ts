/**
 * read_symbol given a name as a stack trace, a crash log or another tool spells it (core/read-spellings.ts):
 * a call's parameter list, type arguments, a JVM binary name, the file's own package — each read as the
 * outline lists it, and only when the name as written matches nothing.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lensAt } from "../helpers.js";

const files: Record<string, string> = {
  "Repo.kt": ["package com.example.data", "", "class Repo {", "  fun load(id: Int): String = \"\"", "  class Nested {", "    fun go() {}", "  }", "  companion object Factory {", "    fun create(): Repo = Repo()", "  }", "}", ""].join("\n"),
  "Shop.java": ["package com.example.shop;", "", "public class Shop {", "  static class Cart {", "    int total(int a) { return a; }", "  }", "}", ""].join("\n"),
  "Widget.cs": ["namespace Foo.Bar", "{", "    public class Widget<T>", "    {", "        public int Run(int a, string b) { return a; }", "    }", "}", ""].join("\n"),
  "Cache.swift": ["public class Cache<Key: Hashable, Value> {", "  public func evict(_ key: Key) -> Value? { nil }", "  public func put(key: Key, value: Value) {}", "  public init() {}", "  public init(capacity: Int, onEvict: (Key) -> Void) {}", "  convenience init?(_ other: Cache) { self.init() }", "}", ""].join("\n"),
  "call.cpp": ["struct Functor {", "  int operator()(int x) const { return x; }", "};", ""].join("\n"),
  "server.go": ["package http", "", "type conn struct{}", "", "func (c *conn) serve(ctx int) {", "\tgo func() {}()", "}", ""].join("\n"),
  "type.go": ["package atomic", "", "type Pointer[T any] struct{ v *T }", "", "func (x *Pointer[T]) Load() *T { return x.v }", "", "func Map[T, U any](xs []T, f func(T) U) []U {", "\treturn nil", "}", ""].join("\n"),
  "server.ts": ["export class Server {", "  start(): void {", "    this.on(() => {", "      go();", "    });", "  }", "}", ""].join("\n"),
};

describe("read_symbol: a name as a stack trace spells it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pilens-spellings-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const lens = await lensAt(dir);
  const read = async (file: string, q: string) => {
    const r = await lens.readSymbol(join(dir, file), q);
    return r.found ? `${r.name} ${r.startLine}-${r.endLine}` : `miss: ${(r.suggestions ?? []).join(", ")}`;
  };

  it("Kotlin and Java: the file's package, a binary name's `$`, a call's parentheses", async () => {
    expect(await read("Repo.kt", "com.example.data.Repo.load")).toBe("Repo.load 4-4");
    expect(await read("Repo.kt", "com.example.data.Repo$Nested.go()")).toBe("Repo.Nested.go 6-6");
    expect(await read("Repo.kt", "Repo$Factory.create")).toBe("Repo.Factory.create 9-9");
    expect(await read("Repo.kt", "Repo.load(Repo.kt:4)")).toBe("Repo.load 4-4");
    expect(await read("Shop.java", "com.example.shop.Shop$Cart.total(int)")).toBe("Shop.Cart.total 5-5");
    // Another package is not this file's: a miss, the member suggested.
    expect(await read("Repo.kt", "org.other.Repo.load")).toMatch(/^miss: Repo\.load/);
  });

  it("C# and Swift: type arguments, the CLR's arity, a parameter list, a selector", async () => {
    expect(await read("Widget.cs", "Foo.Bar.Widget`1.Run(Int32 a, String b)")).toBe("Foo.Bar.Widget.Run 5-5");
    expect(await read("Widget.cs", "Widget<T>.Run")).toBe("Foo.Bar.Widget.Run 5-5");
    expect(await read("Cache.swift", "Cache.evict(_:)")).toBe("Cache.evict 2-2");
    expect(await read("Cache.swift", "Cache<Key, Value>.put(key:value:)")).toBe("Cache.put 3-3");
    // A selector's labels pick one of overloads: each `init` by its own.
    expect(await read("Cache.swift", "Cache.init(capacity:onEvict:)")).toBe("Cache.init 5-5");
    expect(await read("Cache.swift", "Cache.init(_:)")).toBe("Cache.init 6-6");
    expect(await read("Cache.swift", "Cache.init()")).toBe("Cache.init 4-4");
    const none = await lens.readSymbol(join(dir, "Cache.swift"), "Cache.init(size:)");
    expect([none.found, none.startLine, none.ambiguous?.count]).toEqual([true, 4, 3]);
  });

  it("Go: a panic's frame — arguments, package, closure suffix; a miss suggests searching the name, not its arguments", async () => {
    expect(await read("server.go", "net/http.(*conn).serve(0xc0001b4000, {0x7a4f10, 0xc0000b2000})")).toBe("conn.serve 5-7");
    expect(await read("server.go", "net/http.(*conn).serve.func1()")).toBe("conn.serve 5-7");
    expect(await read("server.go", "http.conn.serve")).toBe("conn.serve 5-7");
    // A generic type's method and a generic function as Go 1.18+ print them, `[...]` for the type arguments.
    expect(await read("type.go", "sync/atomic.(*Pointer[...]).Load(0xc000012345)")).toBe("Pointer.Load 5-5");
    expect(await read("type.go", "(*Pointer[T]).Load")).toBe("Pointer.Load 5-5");
    expect(await read("type.go", "sync/atomic.Map[...]({0xc0000a0000, 0x3, 0x3}, 0x4a5b60)")).toBe("Map 7-9");
    const miss = await lens.readSymbol(join(dir, "server.go"), "net/http.(*conn).readRequest(0xc000, {0x1, 0x2})");
    expect(miss.found).toBe(false);
    expect(miss.note).toMatch(/with symbol_search \(CLI: pilens search readRequest\)$/);
  });

  it("names written with their parentheses stay theirs: C++'s operator(), a callback's handle", async () => {
    expect(await read("call.cpp", "Functor::operator()")).toBe("Functor.operator () 2-2");
    expect(await read("server.ts", "this.on@3")).toBe("this.on@3 3-5");
    expect(await read("server.ts", "Server.start()")).toBe("Server.start 2-6");
  });
});
