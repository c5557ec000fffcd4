/** QA round 44 (Python, on dist-packages and site-packages): each case a defect found on unseen real code. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entryAt, flat, inlineReport, lensAt } from "../helpers.js";

describe("python: unpacking targets are bindings however spelled, at module level and in a class", () => {
  const src = [
    "(MODE_A,",
    " MODE_B) = range(2)",
    "[LIST_A, LIST_B] = 1, 2",
    "PLAIN_A, PLAIN_B = 3, 4",
    "",
    "",
    "class Progress:",
    "    VERSION_NONE, VERSION_NEWER = range(2)",
    "    current_cps = fetched_bytes = 0.0",
    '    __len__, __iter__ = make_sequence_methods("_items")',
    "",
    "    def run(self):",
    "        a, b = 1, 2",
    "        (c, d) = a, b",
    "",
  ].join("\n");

  it("lists `(A, B) =` and `[A, B] =` as `A, B =` is, and a class body's `A, B =` (apt's VERSION_*, x509's `__len__`)", async () => {
    const r = await inlineReport("targets.py", src);
    const rows = [...flat(r)].map(([k, e]) => `${e.kind} ${k} ${e.startLine}-${e.endLine}`);
    expect(rows.sort()).toEqual([
      "class Progress 7-14",
      "constant LIST_A 3-3",
      "constant LIST_B 3-3",
      "constant MODE_A 1-2",
      "constant MODE_B 1-2",
      "constant PLAIN_A 4-4",
      "constant PLAIN_B 4-4",
      "constant Progress.VERSION_NEWER 8-8",
      "constant Progress.VERSION_NONE 8-8",
      "field Progress.__iter__ 10-10",
      "field Progress.__len__ 10-10",
      "field Progress.current_cps 9-9",
      "method Progress.run 12-14",
    ]);
    expect(entryAt(r, "Progress.__len__")).toMatchObject({ exported: true, signature: "__len__, __iter__ = make_sequence_methods(…)" });
  });

  it("read finds them (it said `MODE_A is not declared`)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-py44-"));
    writeFileSync(join(dir, "targets.py"), src);
    const lens = await lensAt(dir);
    expect(await lens.readSymbol(join(dir, "targets.py"), "MODE_A")).toMatchObject({ found: true, startLine: 1, endLine: 2 });
    expect(await lens.readSymbol(join(dir, "targets.py"), "Progress.__iter__")).toMatchObject({ found: true, startLine: 10 });
  });
});

describe("python: a `#` comment directly above a block's first def is its doc, in any block", () => {
  it("the body of an if / try / except (gi.overrides' Gdk.Color, urllib3's _retry_on_intr), not a comment on the block's line", async () => {
    const r = await inlineReport("compat.py", [
      "import sys",
      "",
      'if sys.platform == "win32":',
      "    # Windows-only helper that reads the registry.",
      "    def helper():",
      "        return 1",
      "",
      "try:",
      "    # Loads the fast module.",
      "    def load():",
      "        import fast",
      "except ImportError:",
      "    # Pure-Python fallback for the fast module.",
      "    def helper2():",
      "        return 2",
      "",
      "if sys.version_info > (3,):  # py3 only",
      "    def helper3():",
      "        return 3",
      "",
    ].join("\n"));
    expect(entryAt(r, "helper").doc).toBe("Windows-only helper that reads the registry.");
    expect(entryAt(r, "load").doc).toBe("Loads the fast module.");
    expect(entryAt(r, "helper2").doc).toBe("Pure-Python fallback for the fast module.");
    expect(entryAt(r, "helper3").doc).toBeUndefined();
  });
});

describe("python: Sphinx's `#:` attribute comment is a doc without its marker", () => {
  it("drops each line's `:` (distro's NORMALIZED_OS_ID, dbus.service's SUPPORTS_MULTIPLE_CONNECTIONS)", async () => {
    const r = await inlineReport("sphinx.py", [
      '#: Translation table for normalizing the "ID" attribute',
      "#: defined in os-release files.",
      'NORMALIZED_OS_ID = {"ol": "oracle"}',
      "",
      "",
      "class Service:",
      "    #: If True, this object can be made available on more than one connection.",
      "    SUPPORTS_MULTIPLE_CONNECTIONS = False",
      "",
    ].join("\n"));
    expect(entryAt(r, "NORMALIZED_OS_ID").doc).toBe('Translation table for normalizing the "ID" attribute defined in os-release files.');
    expect(entryAt(r, "Service.SUPPORTS_MULTIPLE_CONNECTIONS").doc).toBe("If True, this object can be made available on more than one connection.");
  });
});

describe("python: a definition ends at its last statement, in a nested block too", () => {
  it("comments after the last statement of a nested if/except are the next definition's (setuptools' run_setup)", async () => {
    const r = await inlineReport("ends.py", [
      "def run(flag):",
      "    if flag:",
      "        work()",
      "        # trailing comment inside the nested block",
      "",
      "",
      "def setup():",
      "    try:",
      "        work()",
      "    except ValueError:",
      "        pass",
      "        # Ignored: not ours.",
      "    # Nor is this.",
      "",
      "",
      "class C:",
      "    def m(self):",
      "        for x in y:",
      "            if x:",
      "                return x",
      "            # next round",
      "    # a note on what follows",
      "",
      "",
      "def after():",
      "    pass",
      "",
    ].join("\n"));
    expect([entryAt(r, "run").endLine, entryAt(r, "setup").endLine, entryAt(r, "C").endLine, entryAt(r, "C.m").endLine]).toEqual([3, 11, 20, 20]);
  });
});

describe("python: a top-level dunder is not exported, a class's dunder is", () => {
  it("as `from m import *` takes names (pyparsing's `class __compat__`, a PEP 562 `__getattr__`)", async () => {
    const r = await inlineReport("dunders.py", [
      "class __compat__:",
      '    """Internal compat namespace."""',
      "    collect_all = True",
      "",
      "",
      "def __getattr__(name):",
      "    raise AttributeError(name)",
      "",
      "",
      "class Public:",
      "    def __eq__(self, other):",
      "        return True",
      "",
    ].join("\n"));
    expect(["__compat__", "__compat__.collect_all", "__getattr__", "Public", "Public.__eq__"].map((k) => entryAt(r, k).exported)).toEqual([false, false, false, true, true]);
  });
});

describe("python: a docstring's `\\\\` is one backslash, outside a raw string", () => {
  it("decodes `\\\\`, quotes and line continuations; keeps `\\n` as written and a raw string as is", async () => {
    const r = await inlineReport("esc.py", [
      "def join_lines(lines):",
      "    \"\"\"Joins a line ending in '\\\\' with the \\",
      "    previous line.\"\"\"",
      "",
      "def read_files(paths):",
      '    """Return the files joined by ``\\\\n``, or \\"none\\"."""',
      "",
      "def site_dir():",
      '    r"""Return C:\\\\ProgramData, raw."""',
      "",
    ].join("\n"));
    expect(entryAt(r, "join_lines").doc).toBe("Joins a line ending in '\\' with the previous line.");
    expect(entryAt(r, "read_files").doc).toBe('Return the files joined by ``\\n``, or "none".');
    expect(entryAt(r, "site_dir").doc).toBe("Return C:\\\\ProgramData, raw.");
  });
});
