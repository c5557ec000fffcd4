/**
 * usedBy beyond JS/TS's scope rules (QA round A, core/graph/visibility.ts and builtin-members.ts): a
 * member named without `this` inside its type (Java, C#, C++, Kotlin, Swift, Ruby), a member used from
 * another block of its type (Rust impls, Swift extensions), C# and C++ namespaces, Java package-private
 * classes used from the package's other files — and no name-only link from a builtin method call
 * (Python's `bytes.decode`) to the one project class declaring that name.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const JAVA: Record<string, string> = {
  "src/main/java/com/acme/Pool.java": `package com.acme;

public class Pool {
    private int size;

    public Pool(int size) {
        this.size = size;
    }

    public void execute(Runnable r) {
        if (!addWorker(r)) reject(r);
    }

    private boolean addWorker(Runnable r) {
        return size > 0;
    }

    private void reject(Runnable r) {
        throw new IllegalStateException();
    }

    void resize(int size) {
        int n = size;
    }

    static final class Worker {
        void run() { helper(); }
        void helper() {}
        void owner(Pool p) {}
    }

    Worker spawn() { return new Worker(); }
}
`,
  "src/main/java/com/acme/Filter.java": `package com.acme;

class Filter {
    static final int LIMIT = 5;
    boolean accept(String s) { return s.length() < LIMIT; }
}
`,
  "src/main/java/com/acme/Client.java": `package com.acme;

public class Client {
    private final Filter filter = new Filter();
    public boolean run(String s) {
        new Pool(2).execute(null);
        return filter.accept(s);
    }
}
`,
};

describe("members named without `this`, and types without an import", () => {
  it("Java: sibling calls and fields inside the class and its nested class; a package-private class used from its package", async () => {
    const u = await usedBy(JAVA);
    const pool = "src/main/java/com/acme/Pool.java";
    expect(u(pool, "Pool.addWorker")).toEqual(["Pool.execute"]);
    expect(u(pool, "Pool.reject")).toEqual(["Pool.execute"]);
    expect(u(pool, "Pool.size")).toEqual(expect.arrayContaining(["Pool.Pool", "Pool.addWorker"]));
    // A parameter named as the field is the parameter in its method (Java's binding marks).
    expect(u(pool, "Pool.size")).not.toContain("Pool.resize");
    expect(u(pool, "Pool.Worker.helper")).toEqual(["Pool.Worker.run"]);
    expect(u(pool, "Pool.Worker")).toEqual(["Pool.spawn"]);
    // The nested class's `Pool p` is the type's use, not a call of its constructor.
    expect(u(pool, "Pool.Pool")).toEqual([]);
    expect(u(pool, "Pool")).toContain("Pool.Worker.owner");
    expect(u("src/main/java/com/acme/Filter.java", "Filter")).toEqual(["src/main/java/com/acme/Client.java"]);
    expect(u("src/main/java/com/acme/Filter.java", "Filter.LIMIT")).toEqual(["Filter.accept"]);
    // `s.length()` is String's: no name-only link to a project `length` (none here), and no self-use.
    expect(u("src/main/java/com/acme/Filter.java", "Filter.accept")).toEqual(["src/main/java/com/acme/Client.java"]);
  });

  it("C#: types in a file-scoped and a block namespace, used in their file and from another file by `using`", async () => {
    const u = await usedBy({
      "A.cs": "namespace Shop.Orders;\n\npublic record Order(int Id);\n\npublic class Processor\n{\n    public void Enqueue(Order o) { Check(o); }\n    private static bool Check(Order o) => o.Id > 0;\n}\n",
      "B.cs": "namespace Shop.Billing\n{\n    public record Invoice(int Id);\n\n    public class Biller\n    {\n        public Invoice Make() => new Invoice(1);\n    }\n}\n",
      "C.cs": "using Shop.Orders;\npublic class Client { public void Run(Processor p) { p.Enqueue(new Order(1)); } }\n",
    });
    expect(u("A.cs", "Shop.Orders.Order")).toEqual(["Shop.Orders.Processor.Enqueue", "Shop.Orders.Processor.Check", "C.cs"]);
    expect(u("A.cs", "Shop.Orders.Processor")).toEqual(["C.cs"]);
    expect(u("A.cs", "Shop.Orders.Processor.Check")).toEqual(["Shop.Orders.Processor.Enqueue"]);
    expect(u("B.cs", "Shop.Billing.Invoice")).toEqual(["Shop.Billing.Biller.Make"]);
  });

  it("C++: a member called bare in its class, and namespace members named by another file", async () => {
    const u = await usedBy({
      "shapes.hpp": "#pragma once\nnamespace geo {\n\nclass Point {\npublic:\n  double x;\n};\n\nclass Circle {\npublic:\n  explicit Circle(Point c, double r) : c_(c), r_(r) {}\n  double area() const { return scale() * r_ * r_; }\nprivate:\n  double scale() const { return 3.14159; }\n  Point c_;\n  double r_;\n};\n\n}  // namespace geo\n",
      "main.cpp": '#include "shapes.hpp"\nint main() {\n  geo::Circle c(geo::Point{}, 2.0);\n  return (int)c.area();\n}\n',
    });
    expect(u("shapes.hpp", "geo.Circle.scale")).toEqual(["geo.Circle.area"]);
    expect(u("shapes.hpp", "geo.Circle.r_")).toEqual(expect.arrayContaining(["geo.Circle.Circle", "geo.Circle.area"]));
    expect(u("shapes.hpp", "geo.Circle")).toEqual(["main.cpp"]);
    expect(u("shapes.hpp", "geo.Point")).toEqual(expect.arrayContaining(["geo.Circle.Circle", "main.cpp"]));
  });

  it("Swift and Rust: a type whose extension or impl is in another file is still the one definition of its name", async () => {
    const u = await usedBy({
      "Sources/Transaction.swift": "public struct Transaction {\n    public let amount: Double\n}\n",
      "Sources/Extensions.swift": "extension Transaction: CustomStringConvertible {\n    public var description: String { \"\\(amount)\" }\n}\n",
      "Sources/Account.swift": "public final class Account {\n    var history: [Transaction] = []\n}\n",
      "src/store.rs": "pub struct Store {\n    pub n: u8,\n}\n",
      "src/store_impl.rs": "impl Store {\n    pub fn bump(&mut self) {\n        self.n += 1;\n    }\n}\n",
      "src/main.rs": "mod store;\nmod store_impl;\n\nfn make() -> store::Store {\n    store::Store { n: 0 }\n}\n",
    });
    expect({ swift: u("Sources/Transaction.swift", "Transaction"), rust: u("src/store.rs", "Store") }).toEqual({ swift: ["Sources/Account.swift"], rust: ["src/main.rs"] });
  });

  it("C++: a member named bare (or `this->x`) in a method defined out of its class, in a file including the class's header", async () => {
    const u = await usedBy({
      "buf.h": "#pragma once\n#include <vector>\n\nclass Buffer {\n public:\n  void Push(int v);\n  int Size() const;\n  void Clear();\n private:\n  int size_;\n  std::vector<int> data_;\n};\n",
      "buf.cc": '#include "buf.h"\n\nvoid Buffer::Push(int v) {\n  data_.push_back(v);\n  ++size_;\n}\n\nint Buffer::Size() const { return this->size_; }\n\nvoid Buffer::Clear() {\n  int size_ = 0;\n  (void)size_;\n}\n\nint Free(int size_) { return size_; }\n',
    });
    expect({ size: u("buf.h", "Buffer.size_"), data: u("buf.h", "Buffer.data_") }).toEqual({ size: ["buf.cc", "buf.cc"], data: ["buf.cc"] });
  });

  it("C#: a partial class's parts in two files are one type: its uses from a third file are listed (no name-only link had been made: the name was defined twice)", async () => {
    const u = await usedBy({
      "Inventory.cs": "namespace Shop;\n\npublic partial class Inventory\n{\n    public int Count;\n}\n",
      "Inventory.Ops.cs": "namespace Shop;\n\npublic partial class Inventory\n{\n    public void Add() { Count++; }\n}\n",
      "Store.cs": "namespace Shop;\n\npublic class Store\n{\n    private readonly Inventory stock = new Inventory();\n}\n",
    });
    expect(u("Inventory.cs", "Shop.Inventory")).toEqual(["Store.cs"]);
  });

  it("C and C++: a declaration of a function (an in-class overload, a destructor, a prototype) is no call of it", async () => {
    const u = await usedBy({
      "vec.hpp": "class Vec {\npublic:\n  int insert(int at, int v) { return at + v; }\n  int insert(int v);\n  ~Vec();\n  int grow() { return insert(1); }\n};\n\nint clamp(int v);\n\nstruct Grow { ~Grow(); };\n",
      "util.c": "int helper(int v);\n\nint helper(int v) { return v; }\n\nint twice(int v) { return helper(v) * 2; }\n",
    });
    expect({ insert: u("vec.hpp", "Vec.insert@3"), grow: u("vec.hpp", "Grow"), helper: u("util.c", "helper") }).toEqual({ insert: ["Vec.grow"], grow: [], helper: ["twice"] });
  });

  it("Kotlin, Swift and Ruby: a property or method named bare in its class (and in a Swift extension)", async () => {
    const u = await usedBy({
      "Repo.kt": "package app\n\nclass UserRepo(private val api: Api) {\n    private val cache = mutableMapOf<Long, User>()\n\n    fun load(id: Long): User {\n        val u = api.fetch(id)\n        cache[id] = u\n        return u\n    }\n\n    fun warm(cache: Map<Long, User>) {\n        println(cache)\n    }\n}\n",
      "Cache.swift": "public final class Cache {\n    private var store: [String: Int] = [:]\n\n    public func value(for key: String) -> Int? {\n        return store[key]\n    }\n}\n\nextension Cache {\n    public func purge() { store.removeAll() }\n}\n",
      "ledger.rb": "class Account\n  def deposit(amount)\n    audit(amount)\n  end\n\n  def report\n    audit = 1\n    audit\n  end\n\n  private\n\n  def audit(amount)\n    amount\n  end\nend\n",
    });
    // (A parameter or local named as the member is that binding in its function: `warm`, `report`.)
    expect(u("Repo.kt", "UserRepo.cache")).toEqual(["UserRepo.load"]);
    expect(u("Cache.swift", "Cache.store")).toEqual(expect.arrayContaining(["Cache.value", "Cache.purge"]));
    expect(u("ledger.rb", "Account.audit")).toEqual(["Account.deposit"]);
  });

  it("C#, C++, Swift, Scala and Dart: a parameter or local named as a member is that binding in its function, not a use of the member", async () => {
    const u = await usedBy({
      "Pool.cs": "public class Pool\n{\n    private int size;\n\n    public void Grow() { size++; }\n\n    public void Resize(int size) { Use(size); }\n\n    public void Scan(object o)\n    {\n        foreach (var size in Sizes()) { Use(size); }\n        if (o is Pool size2) { }\n    }\n\n    private void Use(int n) { }\n    private int[] Sizes() => new int[0];\n}\n",
      "pool.hpp": "class Pool {\npublic:\n  void grow() { size_ += 1; }\n  void resize(int size_) { use(size_); }\n  void scan() {\n    for (auto& size_ : sizes()) use(size_);\n    int *size2 = nullptr, size_ = 0;\n    use(size_);\n  }\nprivate:\n  void use(int n) {}\n  int* sizes() { return nullptr; }\n  int size_;\n};\n",
      "Pool.swift": "final class Pool {\n    private var size = 0\n\n    func grow() {\n        size += 1\n    }\n\n    func resize(to size: Int) {\n        use(size)\n    }\n\n    func scan() {\n        let size = 2\n        use(size)\n    }\n\n    private func use(_ n: Int) {}\n}\n",
      "Pool.scala": "class Pool {\n  private var size = 0\n\n  def grow(): Unit = {\n    size += 1\n  }\n\n  def resize(size: Int): Unit = {\n    use(size)\n  }\n\n  def scan(): Unit = {\n    val size = 2\n    use(size)\n  }\n\n  private def use(n: Int): Unit = {}\n}\n",
      "pool.dart": "class Pool {\n  int size = 0;\n\n  void grow() {\n    size += 1;\n  }\n\n  void resize(int size) {\n    use(size);\n  }\n\n  void scan() {\n    var size = 2;\n    use(size);\n  }\n\n  void use(int n) {}\n}\n",
    });
    const sizes = { cs: u("Pool.cs", "Pool.size"), cpp: u("pool.hpp", "Pool.size_"), swift: u("Pool.swift", "Pool.size"), scala: u("Pool.scala", "Pool.size"), dart: u("pool.dart", "Pool.size") };
    expect(sizes).toEqual({ cs: ["Pool.Grow"], cpp: ["Pool.grow"], swift: ["Pool.grow"], scala: ["Pool.grow"], dart: ["Pool.grow"] });
    // (The member's own calls still link: `use` is called from each.)
    expect(u("Pool.cs", "Pool.Use")).toEqual(["Pool.Resize", "Pool.Scan"]);
    expect(u("pool.hpp", "Pool.use")).toEqual(["Pool.resize", "Pool.scan"]);
  });

  it("Go: the receiver's fields (any receiver name) link; the receiver and `package main` are no uses", async () => {
    const u = await usedBy({
      "main.go": "// Command srv serves things.\npackage main\n\ntype Server struct {\n\tln   int\n\taddr string\n}\n\nfunc (s *Server) Start() { s.ln = 1; s.listen() }\nfunc (s *Server) listen() { _ = s.addr }\nfunc (s *Server) Stop()   { s.ln = 0 }\n\nfunc main() {\n\tsrv := &Server{}\n\tsrv.Start()\n}\n",
    });
    expect(u("main.go", "Server")).toEqual(["main"]);
    expect(u("main.go", "Server.ln")).toEqual(["Server.Start", "Server.Stop"]);
    expect(u("main.go", "main")).toEqual([]);
  });

  it("Go: a method's receiver type declared in another file of its package — its fields and methods link there (any length of name)", async () => {
    const u = await usedBy({
      "srv/server.go": "package srv\n\n// Server serves.\ntype Server struct {\n\tln   int\n\taddr string\n}\n\nfunc (s *Server) listen() { _ = s.addr }\n",
      "srv/handler.go": "package srv\n\nfunc (s *Server) Start() {\n\ts.ln = 1\n\ts.listen()\n}\n\nfunc (s *Server) Stop() { s.ln = 0; s.Start() }\n",
      // Another package's type of the same name: not the receiver's.
      "other/server.go": "package other\n\ntype Server struct {\n\tln int\n}\n",
      // Build-tag twins: a _unix file's method is the _unix type's.
      "srv/conn_plan9.go": "package srv\n\ntype conn struct {\n\tfd int\n}\n",
      "srv/conn_unix.go": "package srv\n\ntype conn struct {\n\tfd int\n}\n",
      "srv/close_unix.go": "package srv\n\nfunc (c *conn) Close() { c.fd = -1 }\n",
      "srv/util.go": "package srv\n\nfunc newHelper() int { return 1 }\n\n// Make makes.\nfunc Make() int { return 2 }\n",
      "srv/use.go": "package srv\n\nfunc use() int { return newHelper() + Make() }\n",
      "other/make.go": "package other\n\n// Make makes too.\nfunc Make() int { return 3 }\n",
      "srv/mux.go": "package srv\n\ntype Mux struct {\n\tm map[string]int\n}\n\nfunc (x *Mux) Add(k string) { x.m[k] = 1 }\n",
      "srv/mux_add.go": "package srv\n\nfunc (x *Mux) Len() int { return len(x.m) }\n",
    });
    expect({ unix: u("srv/conn_unix.go", "conn.fd"), plan9: u("srv/conn_plan9.go", "conn.fd") }).toEqual({ unix: ["srv/close_unix.go"], plan9: [] });
    // A package-level name of another file of the package, exported or not, over a same-named one elsewhere.
    expect({ helper: u("srv/util.go", "newHelper"), make: u("srv/util.go", "Make"), other: u("other/make.go", "Make") }).toEqual({ helper: ["srv/use.go"], make: ["srv/use.go"], other: [] });
    // A one-letter field on the receiver (one-letter names are otherwise not kept).
    expect(u("srv/mux.go", "Mux.m")).toEqual(["Mux.Add", "srv/mux_add.go"]);
    const got = { ln: u("srv/server.go", "Server.ln"), listen: u("srv/server.go", "Server.listen"), start: u("srv/handler.go", "Start"), other: u("other/server.go", "Server.ln") };
    expect(got).toEqual({ ln: ["srv/handler.go", "srv/handler.go"], listen: ["srv/handler.go"], start: ["Server.Stop"], other: [] });
  });

  it("Go: `x.M()` on a value other than the receiver is not the receiver type's method; `err.Error()` is no use of a package function `Error`; `pkg.F` is the imported project package's", async () => {
    const u = await usedBy({
      "go.mod": "module example.com/m\n\ngo 1.19\n",
      "srv/server.go": "package srv\n\nimport \"net\"\n\ntype Server struct{}\n\nfunc (s *Server) Close() error { return nil }\n\nfunc (s *Server) Serve(lis net.Listener) error {\n\tdefer lis.Close()\n\treturn s.Close()\n}\n\nfunc (s *Server) Drop(l net.Listener) { l.Close() }\n\n// Error replies with an error.\nfunc Error(msg string) {}\n",
      "other/x.go": "package other\n\nimport \"errors\"\n\nfunc Describe() string { return errors.New(\"z\").Error() }\n\nfunc Wrap(err error) string { return err.Error() }\n\ntype Conn struct{}\n\nfunc (c *Conn) Close() error { return nil }\n",
      "app/main.go": "package main\n\nimport (\n\t\"errors\"\n\n\t\"example.com/m/srv\"\n)\n\nfunc run() {\n\terr := errors.New(\"x\")\n\t_ = err.Error()\n\tsrv.Error(\"y\")\n}\n",
    });
    expect({ close: u("srv/server.go", "Server.Close"), error: u("srv/server.go", "Error") }).toEqual({ close: ["Server.Serve"], error: ["app/main.go"] });
  });

  it("Go: a value whose function declares its type (parameter, var, `&T{}`, `NewT()`, an aliased package's type) is that type's: `r.URL` is Request.URL though URL is no unique member name; a value of another module's type links nothing", async () => {
    const web = [
      "package web",
      "",
      "type Request struct {",
      "\tURL    string",
      "\tHeader map[string]string",
      "}",
      "",
      "func (r *Request) Close() error { return nil }",
      "",
      "type Response struct {",
      "\tURL string",
      "}",
      "",
      "func (r *Response) Close() error { return nil }",
      "",
      "func NewRequest(u string) (*Request, error) { return &Request{URL: u}, nil }",
      "",
      "func handle(w *Response, r *Request) string {",
      "\tu := r.URL",
      "\treturn u + w.URL",
      "}",
      "",
    ].join("\n");
    const app = [
      "package main",
      "",
      "import (",
      "\t\"bytes\"",
      "\th \"example.com/m/web\"",
      ")",
      "",
      "func fetch(req *h.Request) string { return req.URL }",
      "",
      "func build() {",
      "\tres := &h.Response{}",
      "\t_ = res.URL",
      "\tvar keep h.Request",
      "\t_ = keep.Header",
      "\tnext, _ := h.NewRequest(\"x\")",
      "\tnext.Close()",
      "\tvar b bytes.Buffer",
      "\tb.Close()",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "go.mod": "module example.com/m\n\ngo 1.19\n", "web/web.go": web, "app/main.go": app });
    expect({
      reqURL: u("web/web.go", "Request.URL"),
      resURL: u("web/web.go", "Response.URL"),
      header: u("web/web.go", "Request.Header"),
      reqClose: u("web/web.go", "Request.Close"),
      resClose: u("web/web.go", "Response.Close"),
    }).toEqual({ reqURL: ["app/main.go", "handle"], resURL: ["app/main.go", "handle"], header: ["app/main.go"], reqClose: ["app/main.go"], resClose: [] });
  });

  it("Go: `pkg.Name` is the project package of that name's, and nothing when no project package has that name (`reflect.Slice` is no use of sort.Slice); a local named as a package is a value from its declaration on", async () => {
    const u = await usedBy({
      "sort/sort.go": "package sort\n\n// Slice sorts.\nfunc Slice(x any, less func(i, j int) bool) {}\n",
      "enc/enc.go": "package enc\n\nimport (\n\t\"reflect\"\n\t\"sort\"\n)\n\nfunc kind(v reflect.Value) bool {\n\tswitch v.Kind() {\n\tcase reflect.Slice:\n\t\treturn true\n\t}\n\treturn false\n}\n\nfunc order(xs []int) {\n\tsort.Slice(xs, nil)\n}\n\nfunc shadow() {\n\tsort, err := sort.Slice, error(nil)\n\t_ = err\n\t_ = sort\n}\n",
    });
    // (enc.go's lines: `sort.Slice(xs, nil)` in order, and the right side of shadow's `sort, err := sort.Slice` — the package until the line after.)
    expect(u("sort/sort.go", "Slice")).toEqual(["enc/enc.go", "enc/enc.go"]);
  });

  it("a member named through its type or namespace links to that type's member though other files declare the name: Java `Util.parse`, Rust `A::helper` and `Level::from_usize`, C# `Shapes.Area`, C++ `Store::get`, Python `Config.load`; a library type's (`Vec::new()`, `Math.max`) links nothing", async () => {
    const u = await usedBy({
      "src/p/Util.java": "package p;\n\npublic class Util {\n  public static int parse(String s) { return 1; }\n  public static int max(int a, int b) { return a; }\n}\n",
      "src/q/Other.java": "package q;\n\npublic class Other {\n  public static int parse(String s) { return 2; }\n}\n",
      "src/p/Main.java": "package p;\n\nimport q.Other;\n\npublic class Main {\n  int run() {\n    return Util.parse(\"1\") + Other.parse(\"2\") + Math.max(1, 2);\n  }\n}\n",
      "src/lib.rs": "pub struct A;\nimpl A {\n    fn helper(x: u8) -> u8 { x }\n    pub fn run(&self) -> u8 { A::helper(1) }\n    pub fn new() -> A { A }\n}\npub enum Level { Info }\nimpl Level {\n    fn from_usize(u: usize) -> Option<Level> { None }\n}\npub fn make() -> Vec<u8> { let _ = Level::from_usize(1); Vec::new() }\n",
      "src/other.rs": "pub struct C;\nimpl C {\n    fn helper(x: u8) -> u8 { x }\n    pub fn new() -> C { C }\n    fn from_usize(u: usize) -> u8 { 0 }\n}\n",
      "Shapes.cs": "namespace Geo {\n  public static class Shapes {\n    public static double Area(double r) { return r; }\n  }\n  public class Box {\n    public double Area(double r) {\n      return Shapes.Area(r);\n    }\n  }\n}\n",
      "store.hpp": "class Store {\n public:\n  static int get(int k);\n};\nclass Cache {\n public:\n  int get(int k) {\n    return Store::get(k);\n  }\n};\n",
      "config.py": "class Config:\n    @classmethod\n    def load(cls):\n        return cls()\n\n\nclass Other:\n    def load(self):\n        return Config.load()\n",
    });
    expect({
      utilParse: u("src/p/Util.java", "Util.parse"),
      otherParse: u("src/q/Other.java", "Other.parse"),
      utilMax: u("src/p/Util.java", "Util.max"),
      aHelper: u("src/lib.rs", "A.helper"),
      cHelper: u("src/other.rs", "C.helper"),
      levelFrom: u("src/lib.rs", "Level.from_usize"),
      aNew: u("src/lib.rs", "A.new"),
      cNew: u("src/other.rs", "C.new"),
      area: u("Shapes.cs", "Geo.Shapes.Area"),
      storeGet: u("store.hpp", "Store.get"),
      load: u("config.py", "Config.load"),
    }).toEqual({ utilParse: ["src/p/Main.java"], otherParse: ["src/p/Main.java"], utilMax: [], aHelper: ["A.run"], cHelper: [], levelFrom: ["make"], aNew: [], cNew: [], area: ["Geo.Box.Area"], storeGet: ["Cache.get"], load: ["Other.load"] });
  });

  it("Go: a struct literal's key is the struct's field, not a type or function of that name; a map literal's key stays a use", async () => {
    const u = await usedBy({
      "web/client.go": "package web\n\n// Transport carries requests.\ntype Transport struct{}\n\n// Client sends.\ntype Client struct {\n\tTransport *Transport\n}\n\n// Limit caps.\nconst Limit = 3\n",
      "app/main.go": "package main\n\nimport \"example.com/m/web\"\n\nfunc build() *web.Client {\n\treturn &web.Client{Transport: nil}\n}\n\nfunc caps() map[int]string {\n\treturn map[int]string{web.Limit: \"x\"}\n}\n",
      "go.mod": "module example.com/m\n\ngo 1.19\n",
    });
    expect({ type: u("web/client.go", "Transport"), field: u("web/client.go", "Client.Transport"), limit: u("web/client.go", "Limit") }).toEqual({ type: [], field: ["app/main.go"], limit: ["app/main.go"] });
  });

  it("Java: a static import's path that resolves to no file links nothing by name alone (it had made a class or its constructor used)", async () => {
    const u = await usedBy({
      // (Its folder is not its package's: the import does not resolve to it, as in a partial checkout.)
      "lib/Filter.java": "package p;\n\npublic class Filter {\n    public Filter() {}\n    public static final int LIMIT = 1;\n}\n",
      "src/q/B.java": "package q;\n\nimport static p.Filter.LIMIT;\n\nclass B {\n    int x() { return 2; }\n}\n",
    });
    expect(u("lib/Filter.java", "Filter")).toEqual([]);
    expect(u("lib/Filter.java", "Filter.Filter")).toEqual([]);
  });

  it("a field and a method of one name: `this.request = r` is the field's use, `request(r)` the method's, each listed apart", async () => {
    const u = await usedBy({
      "RedirectFilter.java": "class RedirectFilter {\n    private Object request;\n\n    Object request(Object r) {\n        this.request = r;\n        return r;\n    }\n\n    Object response(Object r) {\n        return request(r);\n    }\n\n    void reset() {\n        request = null;\n    }\n}\n",
    });
    expect(u("RedirectFilter.java", "RedirectFilter.request@4")).toEqual(["RedirectFilter.response"]);
    // Each keeps its own uses (they had shared one list under the qualified name).
    expect(u("RedirectFilter.java", "RedirectFilter.request@2")).toEqual(["RedirectFilter.request", "RedirectFilter.reset"]);
  });

  it("Rust: `self.m()` in another impl block of the same type", async () => {
    const u = await usedBy({
      "src/store.rs": "pub struct Store {\n    map: Vec<u8>,\n}\n\nimpl Store {\n    fn compact(&mut self) {\n        self.map.clear();\n    }\n}\n\npub trait Backend {\n    fn flush(&mut self);\n}\n\nimpl Backend for Store {\n    fn flush(&mut self) {\n        self.compact();\n    }\n}\n",
    });
    expect(u("src/store.rs", "Store.compact")).toEqual(["Store.flush"]);
  });

  it("Rust: an impl block of a type in the same file does not repeat the type's usedBy (QA: each of OnceRef's 4 impls listed the struct's)", async () => {
    const dir = tempProject({
      "src/store.rs": "pub struct Store {\n    map: Vec<u8>,\n}\n\nimpl Store {\n    pub fn new() -> Store {\n        Store { map: Vec::new() }\n    }\n}\n",
      "src/main.rs": "use crate::store::Store;\n\nfn main() {\n    let s: Store = Store::new();\n}\n",
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.moduleReport("src/store.rs", { detail: "full" });
    const [type, block] = [r.api!.find((e) => e.kind === "struct")!, r.api!.find((e) => e.kind === "impl")!];
    expect(type.usedBy?.map((x) => x.file)).toContain("src/main.rs");
    expect(block.usedBy).toBeUndefined();
    expect(block.members![0]!.usedBy?.map((x) => x.file)).toEqual(["src/main.rs"]);
  });
});

describe("search takes a language's own qualifier", () => {
  it("`Store::get` (Rust, C++), `Account#deposit` (Ruby) find the definition as `Store.get` does", async () => {
    const dir = tempProject({
      "src/store.rs": "pub struct Store {}\n\nimpl Store {\n    pub fn get(&self, key: &str) -> Option<u8> {\n        None\n    }\n}\n",
      "ledger.rb": "class Account\n  def deposit(amount)\n    amount\n  end\nend\n",
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const first = async (q: string) => {
      const r = await lens.symbolSearch(q, { limit: 1 });
      return r.available ? `${r.hits[0]?.file}:${r.hits[0]?.symbol}` : r.reason;
    };
    expect(await first("Store.get")).toBe("src/store.rs:Store.get");
    expect(await first("Store::get")).toBe("src/store.rs:Store.get");
    expect(await first("Account#deposit")).toBe("ledger.rb:Account.deposit");
  });
});

describe("search rows (QA round A)", () => {
  it("name the file's other definitions of the name (one row per file had hidden them); a C definition before its header's prototype; a Rust type before its impl", async () => {
    const dir = tempProject({
      "buf.h": "int buf_append(char *b, const char *p, int n);\nint buf_len(const char *b);\n",
      "buf.c": '#include "buf.h"\n\nint buf_append(char *b, const char *p, int n) {\n  return n + buf_len(b);\n}\n',
      "policy.py": "class Policy:\n    def fold(self, name, value):\n        return name\n\n\nclass Compat32(Policy):\n    def fold(self, name, value):\n        return value\n",
      "src/store.rs": "pub struct Store {\n    map: Vec<u8>,\n}\n\nimpl Store {\n    pub fn new() -> Self {\n        Store { map: Vec::new() }\n    }\n\n    pub fn len(&self) -> usize {\n        self.map.len()\n    }\n}\n",
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const fold = await lens.symbolSearch("fold", { limit: 1 });
    expect(fold.available && fold.hits[0]).toMatchObject({ file: "policy.py", symbol: "Policy.fold", also: ["Compat32.fold@7"] });
    const proto = await lens.symbolSearch("buf_append", { limit: 2 });
    expect(proto.available && proto.hits.map((h) => `${h.file}:${h.startLine}`)).toEqual(["buf.c:3", "buf.h:1"]);
    const store = await lens.symbolSearch("Store", { limit: 1 });
    expect(store.available && store.hits[0]).toMatchObject({ file: "src/store.rs", symbol: "Store", kind: "struct" });
  });
});

describe("a small file's compact report", () => {
  it("says how many symbols' uses it does not show (its reader cannot see who uses them)", async () => {
    const dir = tempProject(JAVA);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.moduleReport("src/main/java/com/acme/Filter.java");
    const text = lens.render(r, "compact");
    expect(text).toMatch(/small file: read it directly/);
    // (In the tools' terms here; the CLI says `--focus Filter; --detail full for all`.)
    expect(text).toMatch(/\(usages of 2 symbols left out: focus "Filter"; detail "full"\)/);
    expect(lens.render(r, "compact", { detail: "full" })).toMatch(/class\s+Filter\s+\[used by Client\.java\]/);
  });
});

describe("no name-only link from a builtin method call", () => {
  it("Python: `raw.decode()` is bytes', not the one project class's `decode`; a project-only name still links", async () => {
    const u = await usedBy({
      "codec.py": 'class Decoder:\n    def decode(self, s):\n        """Decode a document."""\n        return s\n\n    def reticulate(self, s):\n        return s\n',
      "net.py": 'def host_name(raw: bytes) -> str:\n    return raw.decode("idna")\n\ndef spline(d):\n    return d.reticulate(1)\n',
    });
    expect(u("codec.py", "Decoder.decode")).toEqual([]);
    expect(u("codec.py", "Decoder.reticulate")).toEqual(["net.py"]);
  });
});
