/**
 * "Who extends / implements this?": a type named as a supertype in a declaration's head — a superclass,
 * an implemented interface, a protocol, a base, a Rust impl's trait or a supertrait — is used with relation
 * `extends`, the subclass or implementer as the use's symbol (core/graph/supertypes.ts heritageStarts,
 * OCC_EXTENDS, link.ts). A qualified supertype (`b.Base`, `ns::Base`) is one too; a type only mentioned in
 * a supertype's generic arguments (`Base<Foo>`) stays a `reference`.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { formatReadSymbol } from "../../core/read-format.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

/** `file → symbol → [using symbol, relation]` (other files' uses as `file:symbol`), after one index. */
async function uses(files: Record<string, string>): Promise<(file: string, symbol: string) => string[]> {
  const lens = await Lens.create({ cwd: tempProject(files) });
  await lens.index();
  const out = new Map<string, Map<string, string[]>>();
  for (const f of Object.keys(files)) {
    const r = await lens.moduleReport(f, { detail: "full" });
    out.set(f, new Map([...flat(r)].map(([k, e]) => [k, (e.usedBy ?? []).map((u) => `${u.file === f ? "" : `${u.file}:`}${u.symbol} ${u.relation}`)])));
  }
  return (file, symbol) => out.get(file)?.get(symbol) ?? [`no ${symbol} in ${file}`];
}

describe("extends: a supertype's use", () => {
  it("TypeScript: `extends b.Base<Foo>` (a namespace import's class), `implements`, an interface's `extends`; Foo in the generic arguments a reference", async () => {
    const u = await uses({
      "base.ts": "export class Base<T> {\n  x?: T;\n}\nexport class Foo {}\nexport interface Shape {\n  area(): number;\n}\n",
      "sub.ts": [
        "import * as b from './base';",
        "import { Foo, Shape } from './base';",
        "export class Sub extends b.Base<Foo> implements Shape {",
        "  area(): number { return 1; }",
        "}",
        "export interface Named extends Shape {",
        "  name: string;",
        "}",
        "",
      ].join("\n"),
    });
    expect(u("base.ts", "Base")).toEqual(["sub.ts:Sub extends"]);
    expect(u("base.ts", "Shape")).toEqual(expect.arrayContaining(["sub.ts:Sub extends", "sub.ts:Named extends"]));
    expect(u("base.ts", "Foo")).toEqual(["sub.ts:Sub reference"]);
  });

  it("JavaScript: `extends Base`, in the same file and from an import; a class a mixin call is handed a reference", async () => {
    const u = await uses({
      "base.js": "export class Base {}\nexport class Foo {}\nexport class Local extends Base {}\n",
      "sub.js": "import { Base, Foo } from './base.js';\nimport { mix } from './mix.js';\nexport class Sub extends Base {}\nexport class Mixed extends mix(Foo) {}\n",
      "mix.js": "export function mix(c) {\n  return class extends c {};\n}\n",
    });
    expect(u("base.js", "Base")).toEqual(expect.arrayContaining(["Local extends", "sub.js:Sub extends"]));
    expect(u("base.js", "Foo")).toEqual(["sub.js:Mixed reference"]);
    expect(u("mix.js", "mix")).toEqual(["sub.js:Mixed call"]);
  });

  it("Python: `class Sub(base.Base[Foo], Mixin)` — a module's class, a subscripted one, a second base; `metaclass=` no supertype", async () => {
    const u = await uses({
      "pkg/__init__.py": "",
      "pkg/base.py": "class Base:\n    pass\n\n\nclass Foo:\n    pass\n\n\nclass Mixin:\n    pass\n\n\nclass Meta(type):\n    pass\n",
      "pkg/sub.py": "from pkg import base\nfrom pkg.base import Foo, Mixin, Meta\n\n\nclass Sub(base.Base[Foo], Mixin, metaclass=Meta):\n    def run(self):\n        return Foo()\n",
    });
    expect(u("pkg/base.py", "Base")).toEqual(["pkg/sub.py:Sub extends"]);
    expect(u("pkg/base.py", "Mixin")).toEqual(["pkg/sub.py:Sub extends"]);
    expect(u("pkg/base.py", "Foo")).toEqual(expect.arrayContaining(["pkg/sub.py:Sub reference", "pkg/sub.py:Sub.run call"]));
    expect(u("pkg/base.py", "Meta")).toEqual(["pkg/sub.py:Sub reference"]);
  });

  it("Java: `extends acme.Base<Foo> implements Shape`, an interface's `extends`", async () => {
    const u = await uses({
      "acme/Base.java": "package acme;\n\npublic class Base<T> {\n}\n",
      "acme/Foo.java": "package acme;\n\npublic class Foo {\n}\n",
      "acme/Shape.java": "package acme;\n\npublic interface Shape {\n  double area();\n}\n",
      "acme/Sub.java": "package acme;\n\npublic class Sub extends acme.Base<Foo> implements Shape {\n  public double area() { return 1; }\n}\n",
      "acme/Solid.java": "package acme;\n\npublic interface Solid extends Shape {\n}\n",
    });
    expect(u("acme/Base.java", "Base")).toEqual(["acme/Sub.java:Sub extends"]);
    expect(u("acme/Shape.java", "Shape")).toEqual(expect.arrayContaining(["acme/Sub.java:Sub extends", "acme/Solid.java:Solid extends"]));
    expect(u("acme/Foo.java", "Foo")).toEqual(["acme/Sub.java:Sub reference"]);
  });

  it("C#: a base_list — `Acme.Base<Foo>`, an interface", async () => {
    const u = await uses({
      "Base.cs": "namespace Acme\n{\n    public class Base<T> { }\n    public class Foo { }\n    public interface IShape { }\n}\n",
      "Sub.cs": "namespace Acme\n{\n    public class Sub : Acme.Base<Foo>, IShape\n    {\n    }\n}\n",
    });
    expect(u("Base.cs", "Acme.Base")).toEqual(["Sub.cs:Acme.Sub extends"]);
    expect(u("Base.cs", "Acme.IShape")).toEqual(["Sub.cs:Acme.Sub extends"]);
    expect(u("Base.cs", "Acme.Foo")).toEqual(["Sub.cs:Acme.Sub reference"]);
  });

  it("Kotlin: delegation specifiers — a constructor call `acme.Base<Foo>()`, an interface — the class the use's symbol, not its primary constructor's property", async () => {
    const u = await uses({
      "acme/Base.kt": "package acme\n\nopen class Base<T>\n\nclass Foo\n\ninterface Shape\n",
      "acme/Sub.kt": "package acme\n\nclass Sub(val size: Int) : acme.Base<Foo>(), Shape\n",
    });
    expect(u("acme/Base.kt", "Base")).toEqual(["acme/Sub.kt:Sub extends"]);
    expect(u("acme/Base.kt", "Shape")).toEqual(["acme/Sub.kt:Sub extends"]);
    // (Foo's reference is the innermost declaration's on its line, as every reference is: the property's.)
    expect(u("acme/Base.kt", "Foo").map((x) => x.split(" ")[1])).toEqual(["reference"]);
  });

  it("Swift: inheritance specifiers — a class, a protocol, an extension's conformance", async () => {
    const u = await uses({
      "Base.swift": "public class Base<T> {\n}\n\npublic class Foo {\n}\n\npublic protocol Shape {\n    func area() -> Double\n}\n",
      "Sub.swift": "class Sub: Base<Foo>, Shape {\n    func area() -> Double { return 1 }\n}\n\nstruct Dot {\n}\n\nextension Dot: Shape {\n    func area() -> Double { return 0 }\n}\n",
    });
    expect(u("Base.swift", "Base")).toEqual(["Sub.swift:Sub extends"]);
    expect(u("Base.swift", "Shape")).toEqual(expect.arrayContaining(["Sub.swift:Sub extends", "Sub.swift:Dot extends"]));
    expect(u("Base.swift", "Foo")).toEqual(["Sub.swift:Sub reference"]);
  });

  it("C++: a base_class_clause — `public ns::Base<Foo>`", async () => {
    const u = await uses({
      "base.h": "namespace ns {\ntemplate <typename T>\nclass Base {\n};\nclass Foo {\n};\n}\n",
      "sub.h": '#include "base.h"\n\nclass Sub : public ns::Base<ns::Foo> {\n};\n',
    });
    expect(u("base.h", "ns.Base")).toEqual(["sub.h:Sub extends"]);
    expect(u("base.h", "ns.Foo")).toEqual(["sub.h:Sub reference"]);
  });

  it("Rust: an impl's trait — `impl Shape for Circle`, `impl crate::shape::Shape for Dot` — and a supertrait; a trait's generic argument and a bound in the impl's parameters no supertype", async () => {
    const u = await uses({
      "Cargo.toml": '[package]\nname = "x"\nversion = "0.1.0"\n',
      "src/lib.rs": "pub mod shape;\npub mod circle;\n",
      "src/shape.rs": "pub trait Shape {\n    fn area(&self) -> f64;\n}\npub trait Convert<T> {\n    fn convert(&self) -> T;\n}\npub trait Named {\n    fn name(&self) -> String;\n}\npub struct Unit;\n",
      "src/circle.rs": [
        "use crate::shape::{Convert, Named, Shape, Unit};",
        "pub struct Circle {",
        "    r: f64,",
        "}",
        "impl Shape for Circle {",
        "    fn area(&self) -> f64 { self.r }",
        "}",
        "pub struct Dot;",
        "impl crate::shape::Shape for Dot {",
        "    fn area(&self) -> f64 { 0.0 }",
        "}",
        "impl Convert<Unit> for Dot {",
        "    fn convert(&self) -> Unit { Unit }",
        "}",
        "pub trait Solid: Shape {}",
        "pub struct Wrap<T>(T);",
        "impl<T: Named> Named for Wrap<T> {",
        "    fn name(&self) -> String { String::new() }",
        "}",
        "",
      ].join("\n"),
    });
    expect(u("src/shape.rs", "Shape")).toEqual(expect.arrayContaining(["src/circle.rs:Circle extends", "src/circle.rs:Dot extends", "src/circle.rs:Solid extends"]));
    expect(u("src/shape.rs", "Shape").every((x) => x.endsWith(" extends"))).toBe(true);
    expect(u("src/shape.rs", "Convert")).toEqual(["src/circle.rs:Dot extends"]);
    expect(u("src/shape.rs", "Unit")).toEqual(expect.arrayContaining(["src/circle.rs:Dot reference"]));
    expect(u("src/shape.rs", "Named")).toEqual(["src/circle.rs:Wrap extends"]);
  });
});

describe("extends: the other languages supertypes.ts reads", () => {
  it("PHP `extends \\App\\Base implements Shape` and Ruby `class Sub < Outer::RBase`; Ruby's `include Mixin` no supertype", async () => {
    const u = await uses({
      "base.php": "<?php\nnamespace App;\n\nclass Base {}\ninterface Shape {}\n",
      "sub.php": "<?php\nnamespace App;\n\nclass Sub extends \\App\\Base implements Shape {\n    public function f(): Base { return new Base(); }\n}\n",
      "base.rb": "class RBase\nend\n\nmodule Mixin\nend\n",
      "sub.rb": 'require_relative "base"\n\nclass Sub < RBase\n  include Mixin\nend\n\nclass Deep < Outer::RBase\nend\n',
    });
    expect(u("base.php", "Base")).toEqual(expect.arrayContaining(["sub.php:Sub extends", "sub.php:Sub.f call"]));
    expect(u("base.php", "Shape")).toEqual(["sub.php:Sub extends"]);
    expect(u("base.rb", "RBase")).toEqual(["sub.rb:Sub extends", "sub.rb:Deep extends"]);
    expect(u("base.rb", "Mixin")).toEqual(["sub.rb:Sub reference"]);
  });
});

describe("extends where agents look", () => {
  it("read_symbol's `# used by` line marks an implementer; the blast radius's relations say `extends`", async () => {
    const cwd = tempProject({
      "src/shape.ts": "export interface Shape {\n  area(): number;\n}\nexport function describe(s: Shape): string {\n  return String(s.area());\n}\n",
      "src/square.ts": "import { Shape } from './shape';\nexport class Square implements Shape {\n  area(): number { return 4; }\n}\n",
      "src/report.ts": "import { Shape, describe } from './shape';\nexport function show(s: Shape): string {\n  return describe(s);\n}\n",
    });
    const lens = await Lens.create({ cwd });
    await lens.index();
    const text = formatReadSymbol(await lens.readSymbol("src/shape.ts", "Shape")).split("\n");
    expect(text[1]).toBe("# used by 3 in 3 files (1 extends): src/square.ts:2 Square (extends), src/report.ts:2 show, src/shape.ts:4 describe");
    const r = await lens.moduleReport("src/shape.ts", { blastRadius: true });
    const files = new Map(r.blastRadius!.files.map((f) => [f.file, f.relations]));
    expect(files.get("src/square.ts")).toEqual(["imports", "extends"]);
    expect(files.get("src/report.ts")).toEqual(["imports"]);
  });

  it("compact names the subclasses on the type's row; a cut list says how many there are (usedByTotal.extends), the json keeps the count; a row without its head counts them", async () => {
    const impls = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`src/impl${i}.ts`, `import { Shape } from './shape';\nexport class Impl${i} implements Shape {\n  area(): number { return ${i}; }\n}\n`]));
    const subs = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`src/sub${i}.ts`, `import { Base } from './shape';\nexport class Sub${i} extends Base {}\nexport function make${i}(): Base { return new Sub${i}(); }\n`]));
    const cwd = tempProject({
      "src/shape.ts": "export interface Shape {\n  area(): number;\n}\nexport interface Plain {\n  x: number;\n}\nexport abstract class Base {\n  id = 0;\n}\n",
      "src/one.ts": "import { Plain } from './shape';\nexport class One {\n  p?: Plain;\n}\n",
      ...impls,
      ...subs,
    });
    const lens = await Lens.create({ cwd });
    await lens.index();
    const r = await lens.moduleReport("src/shape.ts", { detail: "full" });
    const shape = flat(r).get("Shape")!;
    expect(shape.usedByTotal).toEqual({ refs: 12, files: 12, extends: 12 });
    expect(shape.usedBy!.every((u) => u.relation === "extends")).toBe(true);
    const rows = lens.render(r, "compact", { detail: "full" }).split("\n");
    expect(rows.find((l) => /iface\s+Shape/.test(l))).toMatch(/\[extended by 12: Impl\d+, Impl\d+, Impl\d+ \+9, used by 12 in 12 files: /);
    // (A type no declaration names as a supertype: no such tag.)
    expect(rows.find((l) => /iface\s+Plain/.test(l))).toMatch(/\[used by one\.ts\]$/);
    // Within the default budget, a class's row without its head: its uses counted, and its subclasses among them.
    expect(lens.render(r, "compact").split("\n").find((l) => /class\s+Base/.test(l))).toMatch(/Base\s+\[used by 8 \(4 extends\)\]/);
    // The json view's too, where its budget leaves the list out: the totals count the subclasses.
    const json = JSON.parse(lens.render(r, "json")) as { api: { name: string; usedBy?: unknown; usedByTotal?: unknown }[] };
    const base = json.api.find((x) => x.name === "Base")!;
    expect([base.usedBy, base.usedByTotal]).toEqual([undefined, { refs: 8, files: 4, extends: 4 }]);
    // (Ranking counts a subclass as any use: recommendedReads' `used by 8` holds the 4 `extends`.)
    expect(r.recommendedReads.find((x) => x.symbol === "Base")?.reason).toMatch(/^used by 8\b/);
    // Complete lists: the names alone.
    const small = await Lens.create({ cwd: tempProject({ "src/shape.ts": "export interface Shape {\n  area(): number;\n}\n", "src/impl0.ts": impls["src/impl0.ts"]!, "src/impl1.ts": impls["src/impl1.ts"]! }) });
    await small.index();
    const row = small.render(await small.moduleReport("src/shape.ts", { detail: "full" }), "compact", { detail: "full" }).split("\n").find((l) => /iface\s+Shape/.test(l));
    expect(row).toMatch(/\[extended by Impl0, Impl1, used by impl0\.ts, impl1\.ts\]$/);
  });

  it("compact's `used by` does not name again the file's own subclasses `extended by` named or counted", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/nodes.ts": "export class Node {\n  next?: Node;\n}\nexport class A extends Node {}\nexport class B extends Node {}\nexport function link(n: Node): void {}\n",
        "src/use.ts": "import { Node } from './nodes';\nexport const n: Node | undefined = undefined;\n",
      }),
    });
    await lens.index();
    const row = lens.render(await lens.moduleReport("src/nodes.ts", { detail: "full" }), "compact", { detail: "full" }).split("\n").find((l) => /class\s+Node/.test(l));
    expect(row).toMatch(/\[extended by A, B, used by Node\.next, link, use\.ts\]$/);
  });
});
