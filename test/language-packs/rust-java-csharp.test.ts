/**
 * The Rust, Java and C# packs, rule by rule, on the fixtures under test/fixtures/<pack>/ with the real
 * grammars: kinds, `exported`, docs, decorators and ranges, signatures, flags, callbacks, imports, and
 * declarations around ERROR regions (syntax newer than the bundled grammars).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Callback, Entry, ModuleReport } from "../../core/types.js";
import { Lens } from "../../core/engine.js";
import { fixtures, flat, lensAt, repoRoot } from "../helpers.js";

let lens: Lens;
const reports = new Map<string, ModuleReport>();
async function report(rel: string): Promise<ModuleReport> {
  let r = reports.get(rel);
  if (!r) {
    r = await lens.moduleReport(join(fixtures, rel));
    expect(r.available, r.error).toBe(true);
    reports.set(rel, r);
  }
  return r;
}
function entry(r: ModuleReport, path: string): Entry {
  const e = flat(r).get(path);
  expect(e, `${path} in ${r.path}`).toBeDefined();
  return e!;
}
function callback(r: ModuleReport, name: string): Callback {
  const c = r.callbacks?.find((x) => x.name === name);
  expect(c, `callback ${name}; have ${r.callbacks?.map((x) => x.name).join(", ")}`).toBeDefined();
  return c!;
}

beforeAll(async () => {
  lens = await lensAt(repoRoot);
});

describe("rust pack", () => {
  const file = "rust/shapes.rs";

  it("maps items to kinds: struct fields, enum variants, union, trait items, impls, mods, macros", async () => {
    const r = await report(file);
    expect(r.language).toBe("rust");
    expect(r.callbackSupport).toBe("tuned");
    const kinds = Object.fromEntries([...flat(r)].map(([k, e]) => [k, e.kind]));
    expect(kinds).toMatchObject({
      Point: "struct", "Point.x": "field", "Point.y": "field",
      Shape: "enum", "Shape.Circle": "constant", "Shape.Circle.radius": "field", "Shape.Square": "constant",
      Bits: "struct", Area: "trait", "Area.Unit": "type", "Area.SIDES": "constant", "Area.area": "method",
      "Shape.area": "method", "Shape.fmt": "method",
      largest: "function", square: "macro", internal_only: "macro", Registry: "type", MAX_SHAPES: "constant",
      COUNTER: "variable", NAME: "constant", geometry: "module", "geometry.distance": "function", abs: "function",
      tests: "module", "tests.area_of_square": "function",
    });
    // An inherent impl is named after its type; methods nest inside the impl.
    expect(entry(r, "Point").members?.map((m) => m.name)).toEqual(["x", "y"]);
    const impls = r.api?.filter((e) => e.kind === "impl") ?? [];
    expect(impls.map((e) => e.name)).toEqual(["Point", "Shape", "Shape"]);
    expect(impls[1]?.signature).toMatch(/^impl Area for Shape/);
    expect(impls[2]?.signature).toMatch(/Display for Shape$/);
    expect(entry(r, "Point.new").kind).toBe("method"); // the first `Point` entry is the struct: the impl's method is reached via the impl
    expect(r.api?.find((e) => e.kind === "impl" && e.name === "Point")?.members?.map((m) => m.name)).toEqual(["new", "swap"]);
    // Items inside a fn body are items, lets are not.
    expect(entry(r, "helper").members?.map((m) => `${m.kind} ${m.name}`)).toEqual(["struct Local", "function inner"]);
  });

  it("exports every pub form, trait items of a pub trait, trait-impl items of a pub type, #[macro_export]", async () => {
    const r = await report(file);
    const exported = (p: string) => entry(r, p).exported;
    expect(exported("Point")).toBe(true);
    expect(exported("Shape")).toBe(true); // pub(crate)
    expect(exported("Point.x")).toBe(true);
    expect(exported("Point.y")).toBe(false);
    expect(exported("Shape.Square")).toBe(true); // variants follow their enum
    expect(exported("Bits")).toBe(false);
    expect(exported("Area.describe")).toBe(true); // trait items of a pub trait
    expect(r.api?.find((e) => e.kind === "impl" && /Area for Shape/.test(e.signature ?? ""))?.exported).toBe(true); // Shape is pub(crate)
    expect(exported("Shape.area")).toBe(true);
    expect(exported("Point.swap")).toBe(false);
    expect(exported("square")).toBe(true);
    expect(exported("internal_only")).toBe(false);
    expect(exported("COUNTER")).toBe(false);
    expect(exported("geometry.private_helper")).toBe(false);
  });

  it("items in a function body are nested entries but not API, `pub` or not (#[macro_export] still is)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-rust-"));
    const file = join(dir, "items.rs");
    writeFileSync(file, "pub fn outer() {\n    pub fn inner() {}\n    pub struct S;\n    #[macro_export]\n    macro_rules! m { () => {} }\n}\n");
    const r = await (await lensAt(dir)).moduleReport(file);
    const e = flat(r);
    expect(e.get("outer")?.exported).toBe(true);
    expect(e.get("outer.inner")).toMatchObject({ kind: "function", exported: false });
    expect(e.get("outer.S")).toMatchObject({ kind: "struct", exported: false });
    expect(e.get("outer.m")).toMatchObject({ kind: "macro", exported: true });
  });

  it("a /// doc keeps its own asterisks (`**(DEPRECATED)**`, rayon-core)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-rust-"));
    const file = join(dir, "bold.rs");
    writeFileSync(file, "pub struct B;\nimpl B {\n    /// **(DEPRECATED)** Suggest breadth-first execution.\n    pub fn breadth_first(self) -> Self { self }\n}\n");
    const r = await (await lensAt(dir)).moduleReport(file);
    expect(flat(r).get("B.breadth_first")?.doc).toBe("**(DEPRECATED)** Suggest breadth-first execution.");
  });

  it("docs come from ///, //! and #[doc], never from plain // comments; attributes are decorators", async () => {
    const r = await report(file);
    expect(entry(r, "Point").doc).toBe("A point in the plane.");
    expect(entry(r, "Point.x").doc).toBe("Horizontal position.");
    expect(entry(r, "Shape").doc).toBeUndefined(); // `// A plain comment is not a doc.`
    expect(entry(r, "largest").doc).toBe("Largest shape by area."); // #[doc = "…"]
    expect(entry(r, "largest").decorators).toBeUndefined(); // a doc attribute is not a decorator
    expect(entry(r, "geometry").doc).toBe("Nested geometry helpers."); // inner //! doc
    const point = entry(r, "Point");
    expect(point.decorators).toEqual(["#[derive(Debug, Clone, Copy, PartialEq)]"]);
    expect(point.startLine).toBe(9); // the range starts at the first attribute, not the doc comment
    expect(point.endLine).toBe(17);
  });

  it("signatures keep generics, return types and where clauses on one line", async () => {
    const r = await report(file);
    expect(entry(r, "largest").signature).toBe("pub fn largest<'a, S>(shapes: &'a [S]) -> Option<&'a S> where S: Area + fmt::Debug + Send + Sync + 'static");
    expect(entry(r, "Point").signature).toBe("pub struct Point<T> where T: Copy");
    expect(entry(r, "Shape.Square").signature).toBe("Square(f64)");
    expect(entry(r, "square").signature).toBe("macro_rules! square");
  });

  it("flags async, test and high complexity; counts match arms, loops, && || and ?", async () => {
    const r = await report(file);
    expect(entry(r, "load").flags).toContain("async");
    expect(entry(r, "tests.area_of_square").flags).toContain("test");
    expect(entry(r, "Shape.area").complexity).toBe(5); // 4 arms + 1
    expect(entry(r, "largest").complexity).toBe(5); // for, if, &&, ||
    expect(entry(r, "load").complexity).toBe(4); // ?, ?, ?
  });

  it("callbacks: spawn → task [spawned], move flagged, bound closures; iterator closures left out", async () => {
    const r = await report(file);
    expect(callback(r, "std::thread::spawn@90")).toMatchObject({ kind: "task", flags: ["spawned", "move"], parentChain: ["load"] });
    expect(callback(r, "tokio::spawn@91")).toMatchObject({ kind: "task", startLine: 91, endLine: 94 });
    expect(callback(r, "tokio::spawn@91").flags).toEqual(expect.arrayContaining(["async", "spawned", "move"]));
    expect(callback(r, "on_done@95").kind).toBe("closure");
    expect(r.callbacks?.some((c) => c.startLine === 81)).toBe(false); // `map_or(true, |b| …)` is plumbing
  });

  it("imports: use trees expanded; crate/self/super and mod x; resolve to files", async () => {
    const lib = await report("rust/crate/lib.rs");
    expect(lib.imports?.internal).toEqual([
      "test/fixtures/rust/crate/net/mod.rs", "test/fixtures/rust/crate/util.rs", "test/fixtures/rust/crate/net/tcp.rs",
    ]);
    expect(lib.imports?.external).toEqual(["serde::Serialize"]);
    const tcp = await report("rust/crate/net/tcp.rs");
    expect(tcp.imports?.internal).toEqual(["test/fixtures/rust/crate/util.rs", "test/fixtures/rust/crate/lib.rs"]);
    const shapes = await report(file);
    expect(shapes.imports?.external).toEqual(["std::collections::HashMap", "std::fmt", "std::fmt::Display", "std::sync::Arc"]);
  });

  it("`use super::*` inside an inline `mod tests { … }` is this file's module, no import of the crate root (QA round A)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-rust-super-"));
    mkdirSync(join(d, "src"));
    writeFileSync(join(d, "Cargo.toml"), "");
    writeFileSync(join(d, "src", "lib.rs"), "pub mod store;\npub mod util;\npub mod other;\n");
    writeFileSync(join(d, "src", "other.rs"), "pub fn o() {}\n");
    writeFileSync(join(d, "src", "util.rs"), "pub fn key() {}\n");
    writeFileSync(join(d, "src", "store.rs"), "use super::util::key;\n\npub fn get() { key() }\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    mod deep {\n        use super::super::get;\n        use super::super::super::other;\n    }\n}\n");
    const l = await Lens.create({ cwd: d, root: d });
    expect((await l.moduleReport(join(d, "src", "store.rs"))).imports?.internal).toEqual(["src/util.rs", "src/other.rs"]);
  });

  it("a `mod x;` whose file is missing (cfg-gated, generated) is no import of the declaring file itself (QA round Z F7)", async () => {
    const d = mkdtempSync(join(tmpdir(), "pilens-rust-mod-"));
    mkdirSync(join(d, "src"));
    writeFileSync(join(d, "Cargo.toml"), "");
    writeFileSync(join(d, "src", "main.rs"), "mod t;\nmod missing;\nfn main() {}\n");
    writeFileSync(join(d, "src", "t.rs"), "pub fn x() {}\n");
    const l = await Lens.create({ cwd: d, root: d });
    expect((await l.moduleReport(join(d, "src", "main.rs"))).imports?.internal).toEqual(["src/t.rs", "mod missing"]);
  });

  it("reports declarations around an async-closure ERROR region and flags the closure", async () => {
    const r = await report("rust/errors.rs");
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(true);
    expect([...flat(r).keys()]).toEqual(["before", "uses_async_closure", "After", "After.value", "After.get"]);
    expect(entry(r, "After").doc).toBe("After the error.");
    expect(callback(r, "fetch@10").flags).toEqual(expect.arrayContaining(["async", "move"]));
  });
});

describe("java pack", () => {
  const file = "java/com/example/app/Shapes.java";

  it("maps declarations to kinds; static final fields are constants", async () => {
    const r = await report(file);
    const kinds = Object.fromEntries([...flat(r)].map(([k, e]) => [k, e.kind]));
    expect(kinds).toMatchObject({
      Shapes: "class", "Shapes.MAX_SHAPES": "constant", "Shapes.NAME": "constant", "Shapes.count": "field",
      "Shapes.Shapes": "constructor", "Shapes.compareTo": "method", "Shapes.Visitor": "interface",
      "Shapes.Visitor.DEFAULT": "constant", "Shapes.Kind": "enum", "Shapes.Kind.CIRCLE": "constant",
      "Shapes.Kind.SQUARE.code": "method", "Shapes.Circle": "class", "Shapes.Circle.Circle": "constructor",
      "Shapes.Inner.touch": "method", "Shapes.ShapeType": "interface", "Shapes.ShapeType.value": "method",
    });
    expect(entry(r, "Shapes").members?.filter((m) => m.kind === "constructor")).toHaveLength(2);
    expect(entry(r, "Shapes.Kind").members?.map((m) => m.name)).toEqual(["CIRCLE", "SQUARE", "code", "Kind", "code"]);
  });

  it("exported = public, members only inside public types, interface members implicitly", async () => {
    const r = await report(file);
    const exported = (p: string) => entry(r, p).exported;
    expect(exported("Shapes")).toBe(true);
    expect(exported("Shapes.MAX_SHAPES")).toBe(true);
    expect(exported("Shapes.NAME")).toBe(false);
    expect(exported("Shapes.classify")).toBe(false); // protected
    expect(exported("Shapes.Visitor.visitCircle")).toBe(true); // implicitly public
    expect(exported("Shapes.Kind.CIRCLE")).toBe(true);
    expect(exported("Shapes.Hidden.notExported")).toBe(false); // public member of a package-private type
    expect(exported("PackagePrivate")).toBe(false);
    expect(exported("PackagePrivate.visibleButNotExported")).toBe(false);
  });

  it("doc is the Javadoc first sentence only; annotations are decorators", async () => {
    const r = await report(file);
    expect(entry(r, "Shapes").doc).toBe("Geometry shapes: the Java pack fixture.");
    expect(entry(r, "Shapes.compareTo").doc).toBe("Compares by count.");
    expect(entry(r, "Shapes.classify").doc).toBeUndefined(); // a `//` comment is not Javadoc
    expect(entry(r, "Shapes.compareTo").decorators).toEqual(["@Override"]);
    expect(entry(r, "Shapes").startLine).toBe(14); // the annotation line, not the Javadoc
    expect(entry(r, "Shapes.start").flags).toContain("deprecated");
  });

  it("complexity counts if/for/while/case/catch/?:/&&/||", async () => {
    const r = await report(file);
    expect(entry(r, "Shapes.classify")).toMatchObject({ complexity: 8, flags: ["high complexity"] });
    expect(entry(r, "Shapes.compareTo").complexity).toBe(3);
  });

  it("callbacks: executor/thread tasks, listeners, lambdas; stream lambdas left out", async () => {
    const r = await report(file);
    expect(callback(r, "executor.submit@62").kind).toBe("task");
    expect(callback(r, "button.addActionListener@63")).toMatchObject({ kind: "event_handler", flags: ["listener"], endLine: 68 });
    expect(callback(r, "Thread@69").kind).toBe("task");
    expect(callback(r, "task@72").kind).toBe("lambda");
    expect(r.callbacks?.some((c) => c.startLine === 76)).toBe(false);
  });

  it("imports under the source root are internal and resolved", async () => {
    const r = await report(file);
    expect(r.imports?.internal).toEqual(["test/fixtures/java/com/example/util/Strings.java", "com.example.util.*"]);
    expect(r.imports?.external).toEqual(["java.util.List", "java.util.concurrent.ExecutorService", "java.util.Objects.requireNonNull"]);
  });
});

describe("csharp pack", () => {
  const file = "csharp/Shapes.cs";

  it("maps declarations to kinds (record → class/struct, event → field/property, delegate → type)", async () => {
    const r = await report(file);
    const ns = "Geometry.Shapes";
    const kinds = Object.fromEntries([...flat(r)].map(([k, e]) => [k, e.kind]));
    expect(kinds).toMatchObject({
      [ns]: "namespace", [`${ns}.IShape`]: "interface", [`${ns}.Kind`]: "enum", [`${ns}.Kind.Square`]: "constant",
      [`${ns}.ShapeChanged`]: "type", [`${ns}.Circle`]: "class", [`${ns}.Circle.Tau`]: "constant",
      [`${ns}.Circle.Unit`]: "constant", [`${ns}.Circle._radius`]: "field", [`${ns}.Circle.Circle`]: "constructor",
      [`${ns}.Circle.~Circle`]: "method", [`${ns}.Circle.Radius`]: "property", [`${ns}.Circle.Changed`]: "field",
      [`${ns}.Circle.Resized`]: "property", [`${ns}.Circle.this[]`]: "property", [`${ns}.Circle.operator +`]: "method",
      [`${ns}.Circle.implicit operator double`]: "method", [`${ns}.Circle.Bounds`]: "struct",
      [`${ns}.Square`]: "class", [`${ns}.Size`]: "struct",
    });
    expect(flat(r).has(`${ns}.Circle.IComparable<Circle>.CompareTo`)).toBe(true); // explicit interface implementation
    // A local function is a nested entry of its method, never API.
    expect(flat(r).get(`${ns}.Circle.GrowAsync.Local`)).toMatchObject({ kind: "function", startLine: 63, endLine: 63, exported: false });
  });

  it("exported = public through the enclosing types; namespaces holding API are API", async () => {
    const r = await report(file);
    const ns = "Geometry.Shapes";
    const exported = (p: string) => entry(r, `${ns}${p}`).exported;
    expect(entry(r, ns).exported).toBe(true);
    expect(exported(".Circle")).toBe(true);
    expect(exported(".Circle._radius")).toBe(false);
    expect(exported(".Circle.GrowAsync")).toBe(false); // internal
    expect(exported(".IShape.Area")).toBe(true); // interface members are implicitly public
    expect(exported(".Hidden")).toBe(false);
    expect(exported(".Hidden.NotExported")).toBe(false);
  });

  it("doc is the <summary> first sentence of /// comments; attributes are decorators", async () => {
    const r = await report(file);
    const ns = "Geometry.Shapes";
    expect(entry(r, `${ns}.IShape`).doc).toBe("A shape with an area.");
    expect(entry(r, `${ns}.Circle`).doc).toBeUndefined(); // `//` is not XML doc
    expect(entry(r, `${ns}.Circle`)).toMatchObject({ decorators: ["[Serializable]", '[Obsolete("use Circle2")]'], startLine: 26 });
    expect(entry(r, `${ns}.Circle`).flags).toContain("deprecated");
    const fs = await report("csharp/FileScoped.cs");
    expect(entry(fs, "Geometry.Util.ShapeMath.Total").doc).toBe("Sum of areas."); // <param> is not the summary
  });

  it("flags async, counts complexity; signatures keep auto-property accessors", async () => {
    const r = await report(file);
    const grow = entry(r, "Geometry.Shapes.Circle.GrowAsync");
    expect(grow.flags).toContain("async");
    expect(grow.complexity).toBe(6); // for, if, &&, ||, ??
    expect(entry(r, "Geometry.Shapes.Circle.Radius").signature).toBe("public double Radius { get; private set; }");
  });

  it("callbacks: += handlers (lambda or handler-named method group), Task.Run/StartNew tasks, async lambdas", async () => {
    const r = await report(file);
    expect(callback(r, "Changed@47")).toMatchObject({ kind: "event_handler", parentChain: ["Geometry.Shapes", "Circle", "Resized"] });
    expect(callback(r, "Changed@72").kind).toBe("event_handler");
    expect(callback(r, "Changed@73")).toMatchObject({ kind: "event_handler", signature: "Changed += OnChanged" });
    expect(r.callbacks?.some((c) => c.startLine === 74)).toBe(false); // `total += steps` is arithmetic
    expect(callback(r, "Task.Run@75").kind).toBe("task");
    expect(callback(r, "Task.Factory.StartNew@76")).toMatchObject({ kind: "task", flags: ["async"] });
    expect(callback(r, "ForEach@78").kind).toBe("lambda");
  });

  it("file-scoped namespaces hold the rest of the file; usings of this project are internal", async () => {
    const r = await report("csharp/FileScoped.cs");
    const ns = entry(r, "Geometry.Util");
    expect(ns).toMatchObject({ kind: "namespace", startLine: 3, endLine: 18 });
    expect(ns.members?.map((m) => m.name)).toEqual(["ShapeMath", "Internal"]);
    const shapes = await report(file);
    expect(shapes.imports?.internal).toEqual(["Geometry.Util"]);
    expect(shapes.imports?.external).toContain("System.Collections.Generic");
  });

  it("reports declarations around primary-constructor and raw-string ERROR regions", async () => {
    const r = await report("csharp/Errors.cs");
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(true);
    const ns = "Geometry.Modern";
    for (const p of ["Before", "Before.Value", "Service", "Service.Log", "After", "After.Run"]) expect(flat(r).has(`${ns}.${p}`), p).toBe(true);
    expect(entry(r, `${ns}.After`).doc).toBe("After the errors.");
  });
});
