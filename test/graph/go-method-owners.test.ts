/**
 * Go methods declared in another file than their receiver type (text/template's exec.go holds
 * `func (t *Template) Execute`, template.go the type): the graph keys them by their owner
 * (`Template.Execute`), so callers in the package's other files link to them, the usedBy rows name
 * the calling method with its type, and symbol_search finds `Template.Execute` as the definition.
 * (They had no usedBy at all: the graph keyed them by the bare name and left them out of the package.)
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const PKG: Record<string, string> = {
  "tmpl/template.go": `package tmpl

// Template is a template.
type Template struct {
\tname string
}

// New allocates a template.
func New(name string) *Template { return &Template{name: name} }

// Run runs it.
func (t *Template) Run() error { return t.Execute(nil) }
`,
  "tmpl/exec.go": `package tmpl

import "io"

// Execute writes the template.
func (t *Template) Execute(wr io.Writer) error {
\treturn t.execute(wr)
}

func (t *Template) execute(wr io.Writer) error { return nil }
`,
  "tmpl/use.go": `package tmpl

func render(t *Template) error {
\treturn t.Execute(nil)
}
`,
};

describe("Go methods in another file than their type", () => {
  it("are linked from the package's other files, keyed and named by their type", async () => {
    const u = await usedBy(PKG);
    expect({
      execute: u("tmpl/exec.go", "Execute").sort(),
      inner: u("tmpl/exec.go", "execute"),
    }).toEqual({ execute: ["tmpl/template.go", "tmpl/use.go"], inner: ["Template.Execute"] });
  });

  it("symbol_search finds Template.Execute as the definition, named with its type", async () => {
    const dir = tempProject(PKG);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.symbolSearch("Template.Execute", { limit: 5 });
    if (!r.available) throw new Error(r.reason);
    expect(r.hits[0]).toMatchObject({ file: "tmpl/exec.go", symbol: "Template.Execute", kind: "method", startLine: 6 });
    expect(r.hits[0]!.otherOwner).toBeUndefined();
  });
});

describe("Go methods in another file than their type are members, not package-level names", () => {
  it("`tmpl.Execute()` on a value of unknown type links by name to the one Execute member; a bare `execute()` is no call of the method", async () => {
    const u = await usedBy({
      ...PKG,
      "tmpl/lookup.go": `package tmpl

func lookup(name string) error {
\ttmpl := New(name)
\treturn tmpl.Execute(nil)
}

func execute(x int) int { return x }

func run() int { return execute(1) }
`,
    });
    expect({ execute: u("tmpl/exec.go", "Execute").sort(), inner: u("tmpl/exec.go", "execute") }).toEqual({
      execute: ["tmpl/lookup.go", "tmpl/template.go", "tmpl/use.go"],
      inner: ["Template.Execute"],
    });
  });
});
