/**
 * usedBy through a value's declared type. Java: `m.put(k, v)` with `HashMap<K, V> m` (a local, a
 * parameter, a field, `var x = new T()`) is HashMap's member, and nothing when HashMap is another
 * library's (core/graph/typed-scope.ts). Go two steps down a chain: `c.server.Shutdown()` is the member of the type of the field
 * `server` of c's type (the receiver's or a typed local's), as the field's declaring file sees that type
 * (core/graph/go-package.ts goFieldMember); a field of another module's type links nothing; several
 * typed values on one line each get their link.
 */
import { describe, expect, it } from "vitest";
import { TypedScopes } from "../../core/graph/typed-scope.js";
import { tempCache, usedBy } from "./project.js";

tempCache();

const WEB = [
  "package web",
  "",
  "import \"sync\"",
  "",
  "type Server struct{ Handler string }",
  "",
  "func (s *Server) Shutdown() error { return nil }",
  "",
  "type Client struct{ Name string }",
  "",
  "func (c *Client) Shutdown() error { return nil }",
  "",
  "type Locker struct{}",
  "",
  "func (l *Locker) Lock() {}",
  "",
  "type conn struct {",
  "\tserver *Server",
  "\tpeer   *Client",
  "\tmu     sync.Mutex",
  "}",
  "",
  "func (c *conn) serve() string {",
  "\tc.mu.Lock()",
  "\tc.server.Shutdown()",
  "\treturn c.server.Handler",
  "}",
  "",
  "func run(k *conn) { k.peer.Shutdown() }",
  "",
  "func both(k *conn, p *Client) { k.server.Shutdown(); p.Shutdown() }",
  "",
].join("\n");

const APP = [
  "package main",
  "",
  "import \"example.com/m/web\"",
  "",
  "type app struct{ srv *web.Server }",
  "",
  "func (a *app) stop() { a.srv.Shutdown() }",
  "",
].join("\n");

describe("Go: a member two steps down a chain", () => {
  it("is the member of the field's type — the receiver's field, a typed local's, another package's type; another module's type links nothing; two typed values on a line each link", async () => {
    const u = await usedBy({ "go.mod": "module example.com/m\n\ngo 1.19\n", "web/web.go": WEB, "app/main.go": APP });
    expect({
      serverShutdown: u("web/web.go", "Server.Shutdown"),
      clientShutdown: u("web/web.go", "Client.Shutdown"),
      handler: u("web/web.go", "Server.Handler"),
      lock: u("web/web.go", "Locker.Lock"),
    }).toEqual({
      serverShutdown: ["app/main.go", "conn.serve", "both"],
      clientShutdown: ["run", "both"],
      handler: ["conn.serve"],
      lock: [],
    });
  });
});

const STORE = `package com.acme;

public class Store {
    public void put(String k, String v) {}
    public String get(String k) { return k; }
}
`;
const CACHE = `package com.acme;

public class Cache {
    public void put(String k, String v) {}
    public String get(String k) { return k; }
    public void reset() {}
}
`;
const LOG = `package com.acme;

public class Log {
    public void clear() {}
}
`;
const JAVA_APP = `package com.acme;

import java.util.HashMap;
import java.util.List;

public class App {
    private Store store;
    private List<String> names;

    public void run(Cache cache, String key) {
        HashMap<String, String> local = new HashMap<>();
        local.put(key, key);
        store.put(key, key);
        cache.put(key, key);
        var fresh = new Cache();
        fresh.reset();
        names.clear();
        for (Store s : stores()) { s.get(key); }
    }

    private List<Store> stores() { return null; }
}
`;

describe("Java: a member selected on a typed value", () => {
  it("is its declared type's — a field, a parameter, `var x = new T()`, a for-each variable; another library's type (HashMap, List) links nothing", async () => {
    const u = await usedBy({ "src/com/acme/Store.java": STORE, "src/com/acme/Cache.java": CACHE, "src/com/acme/Log.java": LOG, "src/com/acme/App.java": JAVA_APP });
    expect({
      storePut: u("src/com/acme/Store.java", "Store.put"),
      storeGet: u("src/com/acme/Store.java", "Store.get"),
      cachePut: u("src/com/acme/Cache.java", "Cache.put"),
      cacheGet: u("src/com/acme/Cache.java", "Cache.get"),
      cacheReset: u("src/com/acme/Cache.java", "Cache.reset"),
      logClear: u("src/com/acme/Log.java", "Log.clear"),
    }).toEqual({
      storePut: ["src/com/acme/App.java"],
      storeGet: ["src/com/acme/App.java"],
      cachePut: ["src/com/acme/App.java"],
      cacheGet: [],
      cacheReset: ["src/com/acme/App.java"],
      // (`names.clear()` on a java.util.List: no project class's.)
      logClear: [],
    });
  });
});

describe("C#: a member selected on a typed value", () => {
  it("is its declared type's — a parameter, a field, a local, `var x = new T()`, a foreach variable; another library's type links nothing", async () => {
    const store = "namespace Acme {\n  public class Store {\n    public void Put(string k) {}\n    public void Clear() {}\n  }\n}\n";
    const cache = "namespace Acme {\n  public class Cache {\n    public void Put(string k) {}\n    public void Reset() {}\n  }\n}\n";
    const log = "namespace Acme {\n  public class Log {\n    public void Flush() {}\n  }\n}\n";
    const app = [
      "using System.Collections.Generic;",
      "namespace Acme {",
      "  public class App {",
      "    private Store store;",
      "    public void Run(Cache cache, string key) {",
      "      store.Put(key);",
      "      cache.Put(key);",
      "      var fresh = new Cache();",
      "      fresh.Reset();",
      "      List<string> names = new List<string>();",
      "      names.Flush();",
      "      foreach (Store s in Stores()) { s.Clear(); }",
      "    }",
      "    private List<Store> Stores() { return null; }",
      "  }",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "Store.cs": store, "Cache.cs": cache, "Log.cs": log, "App.cs": app });
    expect({
      storePut: u("Store.cs", "Acme.Store.Put"),
      storeClear: u("Store.cs", "Acme.Store.Clear"),
      cachePut: u("Cache.cs", "Acme.Cache.Put"),
      cacheReset: u("Cache.cs", "Acme.Cache.Reset"),
      logFlush: u("Log.cs", "Acme.Log.Flush"),
    }).toEqual({ storePut: ["App.cs"], storeClear: ["App.cs"], cachePut: ["App.cs"], cacheReset: ["App.cs"], logFlush: [] });
  });
});

describe("TypeScript and JavaScript: a member selected on a typed value", () => {
  it("is its declared type's when the project declares the type (a parameter, `new T()`), else the member by name; a file of top-level code only is still read", async () => {
    const store = "export class Store {\n  get(k: string) { return k; }\n}\n";
    const cache = "export class Cache {\n  get(k: string) { return k; }\n}\n";
    const app = [
      "import { Store } from './store';",
      "import { Cache } from './cache';",
      "export function read(s: Store, key: string) {",
      "  return s.get(key);",
      "}",
      "export function fill(key: string) {",
      "  const c = new Cache();",
      "  return c.get(key);",
      "}",
      "",
    ].join("\n");
    // (Top-level code: the module is a scope too.)
    const top = "import { Store } from './store';\nconst u: Store = new Store();\nexport const v = u.get('k');\n";
    const u = await usedBy({ "store.ts": store, "cache.ts": cache, "app.ts": app, "top.ts": top });
    expect({ store: u("store.ts", "Store.get"), cache: u("cache.ts", "Cache.get"), top: u("top.ts", "v") }).toEqual({
      store: ["app.ts", "top.ts"],
      cache: ["app.ts"],
      top: [],
    });
  });
});

describe("Python: a member selected on a typed value", () => {
  it("is its class's — an annotated parameter (Optional too), a value made by calling the class; an unknown type falls back to the name", async () => {
    const store = "class Store:\n    def get(self, k):\n        return k\n";
    const cache = "class Cache:\n    def get(self, k):\n        return k\n";
    const app = [
      "from typing import Optional",
      "from store import Store",
      "from cache import Cache",
      "",
      "def read(s: Optional[Store], key):",
      "    return s.get(key)",
      "",
      "def fill(key):",
      "    c = Cache()",
      "    return c.get(key)",
      "",
    ].join("\n");
    const u = await usedBy({ "store.py": store, "cache.py": cache, "app.py": app });
    expect({ store: u("store.py", "Store.get"), cache: u("cache.py", "Cache.get") }).toEqual({ store: ["app.py"], cache: ["app.py"] });
  });
});

describe("Rust: a method called on a typed value", () => {
  it("is its type's — a parameter through & and Box, `T::new()`, a struct literal; std's Vec links nothing; `Self::new()` keeps the name", async () => {
    const lib = [
      "pub struct Store { pub n: u32 }",
      "impl Store {",
      "    pub fn new() -> Self { Store { n: 0 } }",
      "    pub fn push(&mut self, x: u32) { self.n += x; }",
      "}",
      "pub struct Cache;",
      "impl Cache {",
      "    pub fn push(&self, _x: u32) {}",
      "    pub fn reset(&self) { let again = Self::new_one(); again.touch(); }",
      "    fn new_one() -> Self { Cache }",
      "    fn touch(&self) {}",
      "}",
      "pub fn fill(s: &mut Store, b: Box<Cache>) {",
      "    s.push(1);",
      "    b.push(2);",
      "    let mut t = Store::new();",
      "    t.push(3);",
      "    let v: Vec<u32> = Vec::new();",
      "    v.len();",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "src/lib.rs": lib });
    expect({ storePush: u("src/lib.rs", "Store.push"), cachePush: u("src/lib.rs", "Cache.push"), touch: u("src/lib.rs", "Cache.touch") }).toEqual({
      storePush: ["fill"],
      cachePush: ["fill"],
      touch: ["Cache.reset"],
    });
  });
});

describe("Kotlin: a member selected on a typed value", () => {
  it("is its type's — a parameter, a nullable one through `?.`, a constructor property, `val c = Cache()`; another library's type links nothing", async () => {
    const store = "package acme\n\nclass Store {\n    fun put(k: String) {}\n}\n";
    const cache = "package acme\n\nclass Cache {\n    fun put(k: String) {}\n    fun reset() {}\n}\n";
    const log = "package acme\n\nclass Log {\n    fun clear() {}\n}\n";
    const app = [
      "package acme",
      "",
      "class App(private val store: Store) {",
      "    fun run(cache: Cache?, key: String, names: MutableList<String>) {",
      "        store.put(key)",
      "        cache?.put(key)",
      "        val fresh = Cache()",
      "        fresh.reset()",
      "        names.clear()",
      "    }",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "Store.kt": store, "Cache.kt": cache, "Log.kt": log, "App.kt": app });
    expect({ storePut: u("Store.kt", "Store.put"), cachePut: u("Cache.kt", "Cache.put"), reset: u("Cache.kt", "Cache.reset"), logClear: u("Log.kt", "Log.clear") }).toEqual({
      storePut: ["App.kt"],
      cachePut: ["App.kt"],
      reset: ["App.kt"],
      logClear: [],
    });
  });
});

describe("a member selected on a field through `this.` / `self.`", () => {
  it("is the field's declared type's: TS fields and parameter properties, Python's `self.x = T()`", async () => {
    const store = "export class Store {\n  get(k: string) { return k; }\n}\n";
    const cache = "export class Cache {\n  get(k: string) { return k; }\n}\n";
    const svc = [
      "import { Store } from './store';",
      "import { Cache } from './cache';",
      "export class Service {",
      "  private cache = new Cache();",
      "  constructor(private readonly store: Store) {}",
      "  read(key: string) {",
      "    return this.store.get(key) + this.cache.get(key);",
      "  }",
      "}",
      "",
    ].join("\n");
    const pyStore = "class Store:\n    def get(self, k):\n        return k\n";
    const pyCache = "class Cache:\n    def get(self, k):\n        return k\n";
    const pySvc = "from store import Store\n\nclass Service:\n    def __init__(self):\n        self.store = Store()\n\n    def read(self, key):\n        return self.store.get(key)\n";
    const u = await usedBy({ "store.ts": store, "cache.ts": cache, "service.ts": svc, "store.py": pyStore, "cache.py": pyCache, "service.py": pySvc });
    expect({
      ts: [u("store.ts", "Store.get"), u("cache.ts", "Cache.get")],
      py: [u("store.py", "Store.get"), u("cache.py", "Cache.get")],
    }).toEqual({ ts: [["service.ts"], ["service.ts"]], py: [["service.py"], []] });
  });
});

describe("Swift: a member selected on a typed value", () => {
  it("is its type's — a parameter (optional too), a property with or without `self.`, `let a = Cache()`; another library's type links nothing", async () => {
    const store = "class Store {\n    func put(_ k: String) {}\n}\n";
    const cache = "class Cache {\n    func put(_ k: String) {}\n    func reset() {}\n}\n";
    const log = "class Log {\n    func removeAll() {}\n}\n";
    const app = [
      "class App {",
      "    let store: Store",
      "    init(store: Store) { self.store = store }",
      "    func run(c: Cache?, names: [String]) {",
      "        self.store.put(\"a\")",
      "        c?.put(\"b\")",
      "        let fresh = Cache()",
      "        fresh.reset()",
      "        var list = Array<String>()",
      "        list.removeAll()",
      "    }",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "Store.swift": store, "Cache.swift": cache, "Log.swift": log, "App.swift": app });
    expect({ storePut: u("Store.swift", "Store.put"), cachePut: u("Cache.swift", "Cache.put"), reset: u("Cache.swift", "Cache.reset"), removeAll: u("Log.swift", "Log.removeAll") }).toEqual({
      storePut: ["App.swift"],
      cachePut: ["App.swift"],
      reset: ["App.swift"],
      removeAll: [],
    });
  });
});

describe("a value of a builtin type (a primitive, an array)", () => {
  it("links no project member in a statically typed language: Java's `args.length`, Swift's `names.append`", async () => {
    const java = "package acme;\n\npublic class Ruler {\n    public int length;\n    public static int count(String[] args, int n) { return args.length + n; }\n}\n";
    const swift = "class Log {\n    func append(_ s: String) {}\n}\nfunc record(names: [String]) {\n    var more: [String] = []\n    more.append(\"x\")\n    _ = names\n}\n";
    const u = await usedBy({ "src/acme/Ruler.java": java, "Log.swift": swift });
    expect({ length: u("src/acme/Ruler.java", "Ruler.length"), append: u("Log.swift", "Log.append") }).toEqual({ length: [], append: [] });
  });
});

describe("Go: a member promoted from an embedded type", () => {
  it("is the embedded type's (`s.Close()` with `S` embedding `*Base`); one promoted from another module's type (`sync.Mutex`'s Lock) links nothing", async () => {
    const src = [
      "package p",
      "",
      "import \"sync\"",
      "",
      "type Base struct{}",
      "",
      "func (b *Base) Close() error { return nil }",
      "",
      "type Other struct{}",
      "",
      "func (o *Other) Close() error { return nil }",
      "",
      "type Locker struct{}",
      "",
      "func (l *Locker) Lock() {}",
      "",
      "type S struct {",
      "\tsync.Mutex",
      "\t*Base",
      "}",
      "",
      "func use(s *S) {",
      "\ts.Lock()",
      "\ts.Close()",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "go.mod": "module example.com/m\n\ngo 1.19\n", "p/p.go": src });
    expect({ base: u("p/p.go", "Base.Close"), other: u("p/p.go", "Other.Close"), lock: u("p/p.go", "Locker.Lock") }).toEqual({ base: ["use"], other: [], lock: [] });
  });
});

describe("TypedScopes", () => {
  it("a lookup in a file with no scope at all is unknown, not a throw (a throw had dropped the file's graph entry)", () => {
    expect(new TypedScopes("", "java").typeAt(0, "x")).toBeUndefined();
  });
});
