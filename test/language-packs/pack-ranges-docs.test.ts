/**
 * Ranges, heads, docs and export flags that black-box QA found wrong, on real parses: Kotlin property
 * accessors and secondary-constructor heads, Go field types with type literals, Rust attributes with a
 * plain comment among them, Python/Ruby comments opening a body, Swift extension export.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { Entry } from "../../core/types.js";
import { flat, lensAt } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-qa-"));
  lens = await lensAt(dir);
});

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

async function entries(path: string): Promise<Map<string, Entry>> {
  return flat(await lens.moduleReport(path));
}

describe("kotlin", () => {
  const kt = `package com.example.cart

class Counter(private val inner: Int) {
    var count = 0
        private set

    /** Twice the count, plus the seed. */
    val total: Int
        get() {
            val t = count * 2
            return t + inner
        }

    constructor(inner: Int, warm: Boolean) : this(inner) { if (warm) println("warm") }

    fun bump() {
        count++
    }
}

val Counter.isEmpty: Boolean
    get() = count == 0
`;

  it("a property's range covers its accessors; declarations inside an accessor are not entries", async () => {
    const path = file("Counter.kt", kt);
    const e = await entries(path);
    expect(e.get("Counter.count")).toMatchObject({ startLine: 4, endLine: 5 });
    expect(e.get("Counter.total")).toMatchObject({ startLine: 8, endLine: 12, doc: "Twice the count, plus the seed." });
    expect(e.get("isEmpty")).toMatchObject({ startLine: 21, endLine: 22 });
    expect(e.has("Counter.t")).toBe(false);
    expect(e.get("Counter.bump")).toMatchObject({ kind: "method", startLine: 16, endLine: 18 });
    const read = await lens.readSymbol(path, "Counter.total");
    expect([read.startLine, read.endLine]).toEqual([7, 12]);
    const enclosing = await lens.readEnclosing(path, 10);
    expect(enclosing).toMatchObject({ name: "Counter.total", endLine: 12 });
  });

  it("a secondary constructor's head stops before its body", async () => {
    const e = await entries(file("Counter2.kt", kt));
    expect(e.get("Counter.constructor")?.signature).toBe("constructor(inner: Int, warm: Boolean) : this(inner)");
  });
});

describe("go", () => {
  it("a field's type literal stays in its signature; a field typed by a struct stops at its brace", async () => {
    const path = file("server.go", `package srv

type Server struct {
	doneChan  chan struct{}
	listeners map[*Listener]struct{}
	hooks     []func(c interface{ Close() error }) error
	TLS       struct {
		Cert string
	}
	Addr string \`json:"addr"\`
}

type Listener interface {
	Accept(done chan struct{}) error
}
`);
    const e = await entries(path);
    expect(e.get("Server.doneChan")?.signature).toBe("doneChan chan struct{}");
    expect(e.get("Server.listeners")?.signature).toBe("listeners map[*Listener]struct{}");
    expect(e.get("Server.hooks")?.signature).toBe("hooks []func(c interface{ Close() error }) error");
    expect(e.get("Server.TLS")?.signature).toBe("TLS struct");
    expect(e.get("Server.TLS.Cert")?.signature).toBe("Cert string");
    expect(e.get("Server.Addr")?.signature).toBe('Addr string `json:"addr"`');
    expect(e.get("Listener.Accept")?.signature).toBe("Accept(done chan struct{}) error");
  });
});

describe("rust", () => {
  it("a plain comment between attributes and the item keeps the doc and the attributes", async () => {
    const path = file("rc.rs", `pub struct Rc<T> {
    ptr: T,
}

impl<T> Rc<T> {
    /// Constructs a new \`Rc\` with uninitialized contents, returning an error
    /// if the allocation fails
    #[unstable(feature = "allocator_api", issue = "32838")]
    // #[unstable(feature = "new_uninit", issue = "63291")]
    pub fn try_new_uninit() -> Result<Rc<T>, ()> {
        todo!()
    }

    // SAFETY: a plain comment alone is no doc.
    pub fn plain(&self) {}
}

/// Doc.
#[inline]
// note
fn commented() {}

#[cfg(unix)]
// Only where signals exist.
fn gated() {}
`);
    const e = await entries(path);
    // The range opens at the item's first attribute, a plain comment between them or not (session 26: it
    // had opened at the run right above the item, leaving a listed attribute outside); the doc above is
    // read from the doc block's start.
    expect(e.get("Rc.try_new_uninit")).toMatchObject({
      startLine: 8,
      decorators: ['#[unstable(feature = "allocator_api", issue = "32838")]'],
      doc: "Constructs a new `Rc` with uninitialized contents, returning an error if the allocation fails",
    });
    expect(e.get("commented")).toMatchObject({ startLine: 19, endLine: 21, decorators: ["#[inline]"], doc: "Doc." });
    expect(e.get("gated")).toMatchObject({ startLine: 23, decorators: ["#[cfg(unix)]"] });
    expect(e.get("Rc.plain")).toMatchObject({ startLine: 15 });
    expect(e.get("Rc.plain")?.doc).toBeUndefined();
    const read = await lens.readSymbol(path, "commented");
    expect([read.startLine, read.endLine]).toEqual([18, 21]);
    expect((await lens.readSymbol(path, "Rc.try_new_uninit")).startLine).toBe(6);
    const gated = await lens.readSymbol(path, "gated");
    expect([gated.startLine, gated.endLine]).toEqual([23, 25]);
  });
});

describe("comments that open a body (Python, Ruby)", () => {
  it("python: the comment above the first method of a class or nested function is its doc", async () => {
    const path = file("shop.py", `class Cart:
    # Adds one item.
    def add(self, item):
        self.items.append(item)

    # Empties the cart.
    def clear(self):
        self.items = []


class Plain:  # trailing note
    def keep(self):
        pass


def factory():
    # Builds the handler.
    def handler():
        pass
    return handler
`);
    const e = await entries(path);
    expect(e.get("Cart.add")?.doc).toBe("Adds one item.");
    expect(e.get("Cart.clear")?.doc).toBe("Empties the cart.");
    expect(e.get("factory.handler")?.doc).toBe("Builds the handler.");
    expect(e.get("Plain.keep")?.doc).toBeUndefined();
    const read = await lens.readSymbol(path, "Cart.add");
    expect([read.startLine, read.endLine]).toEqual([2, 4]);
  });

  it("ruby: the comment above a class's first class or method is its doc", async () => {
    const path = file("ledger.rb", `# Outer doc.
class Ledger
  # Entry doc.
  class Entry
    # Builds an entry.
    def initialize(amount)
      @amount = amount
    end
  end
end
`);
    const e = await entries(path);
    expect(e.get("Ledger")?.doc).toBe("Outer doc.");
    expect(e.get("Ledger.Entry")?.doc).toBe("Entry doc.");
    expect(e.get("Ledger.Entry.initialize")?.doc).toBe("Builds an entry.");
    const read = await lens.readSymbol(path, "Ledger.Entry");
    expect([read.startLine, read.endLine]).toEqual([3, 9]);
  });
});

describe("swift", () => {
  it("an extension with public members is exported; an internal type's extension exports nothing", async () => {
    const path = file("Shapes.swift", `public struct Circle {
    public var radius: Double
}

extension Circle: CustomStringConvertible {
    public var description: String { "circle \\(radius)" }
}

extension Circle {
    func area() -> Double { radius * radius * 3.14 }
}

struct Hidden {}

extension Hidden {
    public func leak() {}
}
`);
    const r = await lens.moduleReport(path);
    const exts = [...(r.api ?? []), ...(r.internal ?? [])].filter((x) => x.kind === "extension").sort((a, b) => a.startLine - b.startLine);
    expect(exts.map((x) => [x.name, x.startLine, x.exported])).toEqual([
      ["Circle", 5, true],
      ["Circle", 9, false],
      ["Hidden", 15, false],
    ]);
    expect(exts[0]!.members?.[0]).toMatchObject({ name: "description", exported: true });
    expect(exts[2]!.members?.[0]).toMatchObject({ name: "leak", exported: false });
  });
});

describe("comments that are no docs (QA: typeorm, typebox, remeda, vue bundles)", () => {
  it("a section header between banners, a bundler's source marker and commented-out code are no doc; a doc above an annotation still is", async () => {
    const e = await entries(file("docs-noise.js", [
      "class JoinAttribute {",
      "    // -------------------------------------------------------------------------",
      "    // Constructor",
      "    // -------------------------------------------------------------------------",
      "    constructor(dataSource) {",
      "        // this.database = DriverUtils.buildDriverOptions(this.options).database",
      "        this.database = dataSource.database;",
      "    }",
      "    // Returns whether the join selects.",
      "    get isSelected() {",
      "        return true;",
      "    }",
      "}",
      "// src/dropLast.ts",
      "function dropLast(xs) {",
      "  return xs.slice(0, -1);",
      "}",
      "/** Defines a component. */",
      "// @__NO_SIDE_EFFECTS__",
      "function defineComponent(options) {",
      "  return options;",
      "}",
      "",
    ].join("\n")));
    expect(e.get("JoinAttribute.constructor")?.doc).toBeUndefined();
    expect(e.get("JoinAttribute.database")?.doc).toBeUndefined();
    expect(e.get("JoinAttribute.isSelected")?.doc).toBe("Returns whether the join selects.");
    expect(e.get("dropLast")?.doc).toBeUndefined();
    expect(e.get("defineComponent")?.doc).toBe("Defines a component.");
    // Python's `#` banners too.
    const py = await entries(file("sections.py", "# ---------------------------------------------\n# Helpers\n# ---------------------------------------------\ndef helper():\n    pass\n\n# Computes the total.\ndef total():\n    pass\n"));
    expect(py.get("helper")?.doc).toBeUndefined();
    expect(py.get("total")?.doc).toBe("Computes the total.");
  });
});
