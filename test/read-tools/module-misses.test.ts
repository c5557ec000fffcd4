/**
 * read_symbol misses that name what the file does hold (QA session 51, MCP on jwt, httplib2 and net/http):
 * a Python binding in a module-level `try:`/`if` block (jwt's `has_crypto`, which api_jws.py imports), and
 * the name of a module or package the file imports (`import os`, Go's `"net/textproto"`). Both had been
 * "not declared …; no similar names".
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";

function tempProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pilens-misses-"));
  mkdirSync(join(dir, ".git"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const ALGORITHMS = [
  "import hashlib",
  "import os.path",
  "",
  "try:",
  "    import cryptography.exceptions",
  "    has_crypto = True",
  "except ModuleNotFoundError:",
  "    has_crypto = False",
  "",
  'if hashlib.algorithms_available:',
  "    default_home = os.environ.get(",
  '        "HOME",',
  '        "/",',
  "    )",
  "",
  "settings = dict(",
  "    timeout=3,",
  ")",
  "",
  "def sign(msg):",
  "    if msg:",
  "        local_only = 1",
  "        return local_only",
  "",
  "class Algorithm:",
  "    kind = 1",
  "",
].join("\n");

describe("a Python binding in a module-level block", () => {
  it("is read by read_symbol, the first binding, through its open brackets", async () => {
    const dir = tempProject({ "algorithms.py": ALGORITHMS });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const crypto = await lens.readSymbol("algorithms.py", "has_crypto");
    expect(crypto).toMatchObject({ found: true, kind: "variable", startLine: 6, endLine: 6 });
    expect(crypto.source).toBe("    has_crypto = True");
    expect(crypto.note).toMatch(/^a module-level binding, not an outline entry/);
    const home = await lens.readSymbol("algorithms.py", "default_home");
    expect(home).toMatchObject({ found: true, startLine: 11, endLine: 14 });
  });

  it("is not found inside a function or as a keyword argument of a call", async () => {
    const dir = tempProject({ "algorithms.py": ALGORITHMS });
    const lens = await Lens.create({ cwd: dir, root: dir });
    for (const name of ["local_only", "timeout"]) {
      const r = await lens.readSymbol("algorithms.py", name);
      expect(r.found, name).toBe(false);
      expect(r.note, name).toMatch(/is not declared in algorithms\.py/);
    }
  });

  it("read_enclosing on its line says it is one read_symbol reads", async () => {
    const dir = tempProject({ "algorithms.py": ALGORITHMS });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const r = await lens.readEnclosing("algorithms.py", 6);
    expect(r.found).toBe(false);
    expect(r.note).toMatch(/^line 6 is outside every symbol \(a module-level binding of has_crypto, not an outline entry: read_symbol has_crypto reads it\)/);
    // The `except` branch's binding is not the first: its line is other top-level code.
    expect((await lens.readEnclosing("algorithms.py", 8)).note).toMatch(/\(top-level code/);
  });
});

describe("the name of an imported module or package", () => {
  it("Python: `import os` and `from . import auth` are modules, said so; a name a module holds is not", async () => {
    const dir = tempProject({
      "pkg/__init__.py": "",
      "pkg/auth.py": "def login():\n    return 1\n",
      "pkg/client.py": ["import ssl, os.path", "import json as js", "from . import auth", "from .auth import login", "", "def run():", "    return auth.login()", ""].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const note = async (name: string) => (await lens.readSymbol("pkg/client.py", name)).note ?? "";
    expect(await note("ssl")).toBe("ssl is a module imported at line 1, not a symbol of this file; outside the project");
    expect(await note("os")).toBe("os is a module imported at line 1 (os.path), not a symbol of this file; outside the project");
    expect(await note("js")).toBe("js is a module imported at line 2 (json), not a symbol of this file; outside the project");
    expect(await note("auth")).toBe("auth is a module imported at line 3 (.auth), not a symbol of this file — outline pkg/auth.py with module_report (CLI: pilens report pkg/auth.py --view compact)");
    // A function the file imports from a module is still read where it is defined.
    expect(await note("login")).toMatch(/^login is imported at line 4 from \.auth — read it in pkg\/auth\.py/);
    // `json` is bound as `js`: the name json is none of this file's.
    expect(await note("json")).toMatch(/^json is not declared in pkg\/client\.py/);
  });

  it("Go: an import's package name, by its path's last segment; an internal one by its folder", async () => {
    const dir = tempProject({
      "go.mod": "module example.com/app\n\ngo 1.21\n",
      "internal/store/store.go": "package store\n\nfunc Open() int { return 1 }\n",
      "main.go": [
        "package main",
        "",
        "import (",
        '\t"fmt"',
        '\t"net/textproto"',
        '\ttp "net/http/httptest"',
        '\t"github.com/x/yaml/v2"',
        '\t"example.com/app/internal/store"',
        ")",
        "",
        "func main() {",
        "\tfmt.Println(textproto.TrimString(\" x \"), tp.DefaultRemoteAddr, yaml.Marshal, store.Open())",
        "}",
        "",
      ].join("\n"),
    });
    const lens = await Lens.create({ cwd: dir, root: dir });
    const note = async (name: string) => (await lens.readSymbol("main.go", name)).note ?? "";
    expect(await note("fmt")).toBe("fmt is a package imported at line 4, not a symbol of this file; outside the project");
    expect(await note("textproto")).toBe("textproto is a package imported at line 5 (net/textproto), not a symbol of this file; outside the project");
    expect(await note("tp")).toBe("tp is a package imported at line 6 (net/http/httptest), not a symbol of this file; outside the project");
    expect(await note("yaml")).toBe("yaml is a package imported at line 7 (github.com/x/yaml/v2), not a symbol of this file; outside the project");
    expect(await note("store")).toBe("store is a package imported at line 8 (example.com/app/internal/store), not a symbol of this file — its files are in internal/store/ (module_report one of them)");
    // An aliased package is not bound by its own name.
    expect(await note("httptest")).toMatch(/^httptest is not declared in main\.go/);
  });
});
