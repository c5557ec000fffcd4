/**
 * usedBy of an inherited member: `d.speak()` with `d: Dog` and `this.speak()` inside Dog are Animal's
 * `speak` when `Dog extends Animal` and Dog declares none — the supertypes a declaration's head names
 * (FileEntry.ft `T.\tS` rows, core/graph/supertypes.ts), each as the declaring file sees it, up the
 * hierarchy. A member only another library's supertype can give (`Bus extends EventEmitter`:
 * `b.emit()`) links nothing, where the member by name had taken any project `emit`.
 */
import { describe, expect, it } from "vitest";
import { supertypesIn } from "../../core/graph/supertypes.js";
import { tempCache, usedBy } from "./project.js";

tempCache();

describe("TypeScript: an inherited member", () => {
  it("is the superclass's — on a typed value, through `this.`, two levels up, through an interface's `extends`; one only another library's class gives links nothing", async () => {
    const animal = "export class Animal {\n  speak(): string { return ''; }\n  get legs(): number { return 4; }\n}\n";
    const dog = [
      "import { Animal } from './animal';",
      "import { EventEmitter } from 'node:events';",
      "export class Dog extends Animal {",
      "  bark() { return this.speak(); }",
      "}",
      "export class Puppy extends Dog {}",
      "export class Bus extends EventEmitter {}",
      "export interface Named { label(): string }",
      "export interface Tagged extends Named { tag: string }",
      "",
    ].join("\n");
    const app = [
      "import { Puppy, Bus, Tagged } from './dog';",
      "export function walk(p: Puppy, b: Bus, t: Tagged) {",
      "  b.emit('x');",
      "  t.label();",
      "  return p.legs;",
      "}",
      "export class Local {\n  emit() {}\n}",
      "",
    ].join("\n");
    const u = await usedBy({ "animal.ts": animal, "dog.ts": dog, "app.ts": app });
    expect({
      speak: u("animal.ts", "Animal.speak"),
      legs: u("animal.ts", "Animal.legs"),
      label: u("dog.ts", "Named.label"),
      localEmit: u("app.ts", "Local.emit"),
    }).toEqual({ speak: ["dog.ts"], legs: ["app.ts"], label: ["app.ts"], localEmit: [] });
  });
});

describe("TypeScript and Java: two steps down through an inherited field", () => {
  it("`this._client.post()` in a subclass is the member of the type the base class's field declares", async () => {
    const ts = await usedBy({
      "client.ts": "export class Client {\n  post(path: string): string { return path; }\n}\nexport class Other {\n  post(path: string): string { return path; }\n}\n",
      "resource.ts": 'import { Client } from "./client";\nimport { WebSocket } from "ws";\nexport class APIResource {\n  protected _client: Client;\n  protected _ws: WebSocket;\n  constructor(c: Client, w: WebSocket) { this._client = c; this._ws = w; }\n}\n',
      "files.ts": 'import { APIResource } from "./resource";\nexport class Files extends APIResource {\n  create(): string {\n    return this._client.post("/files");\n  }\n  close(): void {\n    this._ws.send("bye");\n  }\n}\n',
      // (A field of a type imported from another library: not the project's WebSocket, whose `send` it is not.)
      "socket.ts": "export class WebSocket {\n  send(m: string): string { return m; }\n}\n",
    });
    const java = await usedBy({
      "acme/Client.java": "package acme;\n\npublic class Client {\n  public void post(String p) {}\n}\n",
      "acme/Other.java": "package acme;\n\npublic class Other {\n  public void post(String p) {}\n}\n",
      "acme/Resource.java": "package acme;\n\npublic class Resource {\n  protected Client client;\n}\n",
      "acme/Files.java": "package acme;\n\npublic class Files extends Resource {\n  void create() { this.client.post(\"/files\"); }\n}\n",
    });
    expect({
      ts: ts("client.ts", "Client.post"),
      tsOther: ts("client.ts", "Other.post"),
      wsSend: ts("socket.ts", "WebSocket.send"),
      java: java("acme/Client.java", "Client.post"),
      javaOther: java("acme/Other.java", "Other.post"),
    }).toEqual({ ts: ["files.ts"], tsOther: [], wsSend: [], java: ["acme/Files.java"], javaOther: [] });
  });
});

describe("Java: an inherited member", () => {
  it("is the superclass's (another file's, a generic one), through `this.` and by its bare name (not a pattern variable of that name); `extends Thread` gives `start` from another library: no link", async () => {
    const base = "package acme;\n\npublic abstract class Base<T> {\n  public Base() {}\n  public void close() {}\n  protected void log(String s) {}\n}\n";
    const worker = [
      "package acme;",
      "",
      "public class Worker extends Base<String> implements Runnable {",
      "  public void run() { this.log(\"run\"); }",
      "  void again() { log(\"again\"); }",
      "  void check(Object o) { if (o instanceof String log) { System.out.println(log); } }",
      "}",
      "",
    ].join("\n");
    const job = "package acme;\n\npublic class Job extends Thread {\n}\n";
    const other = "package acme;\n\npublic class Engine {\n  public void start() {}\n}\n";
    const app = [
      "package acme;",
      "",
      "public class App {",
      "  void go(Worker w, Job j) {",
      "    w.close();",
      "    j.start();",
      "  }",
      "}",
      "",
    ].join("\n");
    const u = await usedBy({ "acme/Base.java": base, "acme/Worker.java": worker, "acme/Job.java": job, "acme/Engine.java": other, "acme/App.java": app });
    expect({ ctor: u("acme/Base.java", "Base.Base"), close: u("acme/Base.java", "Base.close"), log: u("acme/Base.java", "Base.log"), start: u("acme/Engine.java", "Engine.start") }).toEqual({
      // (`extends Base<String>` names the class, not its constructor: no constructor is inherited.)
      ctor: [],
      close: ["acme/App.java"],
      log: ["acme/Worker.java", "acme/Worker.java"],
      start: [],
    });
  });
});

describe("Python: an inherited member", () => {
  it("is the base class's — `self.x()` in a subclass, a typed value; a base named through its module (`models.Model`), `Generic[T]` skipped; `__init__` is inherited too (`Item.__init__(self)`)", async () => {
    const base = "class Base:\n    def __init__(self):\n        pass\n\n    def save(self):\n        pass\n";
    const app = [
      "from typing import Generic, TypeVar",
      "import base",
      "",
      "T = TypeVar('T')",
      "",
      "class Item(Generic[T], base.Base):",
      "    def store(self):",
      "        self.save()",
      "",
      "def keep(i: Item):",
      "    i.save()",
      "",
      "class Leaf(Item):",
      "    def __init__(self):",
      "        Item.__init__(self)",
      "",
    ].join("\n");
    const u = await usedBy({ "base.py": base, "app.py": app });
    expect({ save: u("base.py", "Base.save"), init: u("base.py", "Base.__init__") }).toEqual({ save: ["app.py", "app.py"], init: ["app.py"] });
  });
});

describe("C#, Kotlin, Swift, C++, PHP, Ruby, Scala, Dart: an inherited member", () => {
  it("is the base's — C#'s base list, Kotlin's `: Base()`, Swift's class inheritance, C++'s base class clause, PHP's `extends`; by its bare name in Ruby's `< App::Base`, Scala's `extends … with`, Dart's `extends Base<int>`", async () => {
    const cs = {
      "Base.cs": "namespace Acme {\n  public class Base {\n    public void Flush() {}\n  }\n}\n",
      "App.cs": "namespace Acme {\n  public class Pipe : Base, IDisposable {\n    public void Dispose() {}\n  }\n  public class App {\n    void Run(Pipe p) { p.Flush(); }\n  }\n}\n",
    };
    const kt = {
      "Base.kt": "package acme\n\nopen class Base {\n    fun flush() {}\n}\n",
      "App.kt": "package acme\n\nclass Pipe : Base(), Runnable {\n    override fun run() {}\n}\n\nfun use(p: Pipe) {\n    p.flush()\n}\n",
    };
    const swift = {
      "Base.swift": "class Base {\n    func flush() {}\n}\n",
      "App.swift": "class Pipe: Base, Codable {\n}\n\nfunc use(p: Pipe) {\n    p.flush()\n}\n",
    };
    const cpp = {
      "base.h": "class Base {\n public:\n  void flush();\n};\n",
      "pipe.h": '#include "base.h"\n\nclass Pipe : public Base {\n public:\n  void run() { this->flush(); }\n};\n',
    };
    const php = {
      "Base.php": "<?php\nnamespace App;\n\nclass Base {\n    public function flush() {}\n}\n",
      "Pipe.php": "<?php\nnamespace App;\n\nclass Pipe extends \\App\\Base implements \\Countable {\n    public function run() { $this->flush(); }\n}\n",
    };
    const ruby = {
      "base.rb": "module App\n  class Base\n    def flush; end\n  end\nend\n",
      "pipe.rb": "class Pipe < App::Base\n  def run\n    flush\n  end\nend\n",
    };
    const scala = {
      "Base.scala": "package acme\n\nclass Base {\n  def flush(): Unit = {}\n}\n",
      "Pipe.scala": "package acme\n\nclass Pipe extends acme.Base with Runnable {\n  def run(): Unit = flush()\n}\n",
    };
    const dart = {
      "base.dart": "class Base<T> {\n  void flush() {}\n}\n",
      "pipe.dart": "import 'base.dart';\n\nclass Pipe extends Base<int> implements Comparable {\n  void run() { flush(); }\n}\n",
    };
    const [c, k, s, p, h, r, sc, da] = await Promise.all([usedBy(cs), usedBy(kt), usedBy(swift), usedBy(cpp), usedBy(php), usedBy(ruby), usedBy(scala), usedBy(dart)]);
    expect({
      cs: c("Base.cs", "Acme.Base.Flush"),
      kt: k("Base.kt", "Base.flush"),
      swift: s("Base.swift", "Base.flush"),
      cpp: p("base.h", "Base.flush"),
      php: h("Base.php", "Base.flush"),
      ruby: r("base.rb", "App.Base.flush"),
      scala: sc("Base.scala", "Base.flush"),
      dart: da("base.dart", "Base.flush"),
    }).toEqual({ cs: ["App.cs"], kt: ["App.kt"], swift: ["App.swift"], cpp: ["pipe.h"], php: ["Pipe.php"], ruby: ["pipe.rb"], scala: ["Pipe.scala"], dart: ["pipe.dart"] });
  });
});

describe("supertypesIn", () => {
  it("reads a type's `T.\\tS` rows only — not another type's whose name ends alike, not a field's", () => {
    const ft = "Dog.\tAnimal\nHotDog.\tFood\nDog.name\tstring\nDog.\tPet";
    expect(supertypesIn(ft, "Dog")).toEqual(["Animal", "Pet"]);
    expect(supertypesIn(ft, "HotDog")).toEqual(["Food"]);
    expect(supertypesIn(undefined, "Dog")).toEqual([]);
  });
});
