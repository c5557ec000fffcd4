/**
 * name-only links and files that bind the name themselves (core/graph/bindings.ts): a `require` of a
 * package, an import from outside the project, a declaration, a parameter or a destructured local of
 * that name means the file's own binding, not another file's definition; an object key is no reference.
 * Real files in temp projects, parsed and linked for real.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject } from "./project.js";

const CACHE = tempCache();

async function usedBy(files: Record<string, string>, file: string, name: string, blast = false) {
  const lens = await Lens.create({ cwd: tempProject(files) });
  expect((await lens.index()).warnings).toEqual([]);
  const r = await lens.moduleReport(file, { blastRadius: blast, maxRefs: 100 });
  const used = flat(r).get(name)!.usedBy ?? [];
  return { used: used.map((u) => `${u.file}:${u.line} ${u.confidence}`).sort(), blast: r.blastRadius?.files.map((f) => f.file).sort() };
}

describe("no name-only link from a file binding the name itself", () => {
  it("JS: a require of a package, a destructured local, a parameter, an ES import from outside and object keys are not uses", async () => {
    const { used, blast } = await usedBy(
      {
        // The QA repro (npm-install-checks' `os()` was "used by 29").
        "env.js": "function os () {\n  return process.platform\n}\nmodule.exports = { os }\n",
        "log.js": "const os = require('node:os')\n\nfunction eol () {\n  return os.EOL\n}\nmodule.exports = { eol }\n",
        "check.js": "function check (opts) {\n  const { os } = opts\n  return { os }\n}\nmodule.exports = { check }\n",
        "param.js": "function platformOf (os) {\n  return os.name\n}\nmodule.exports = { platformOf }\n",
        "esm.mjs": "import os from 'node:os'\nexport const eol = os.EOL\n",
        "keys.js": "module.exports = {\n  os: { type: 'string' },\n  cpu: null,\n}\n",
        // Still uses: an importer (its require line binds `os` from a project file), and a file that
        // mentions the name without binding it (a script relying on it being in scope).
        "main.js": "const { os } = require('./env')\nconsole.log(os())\n",
        "script.js": "function report () {\n  return os()\n}\nmodule.exports = { report }\n",
      },
      "env.js",
      "os",
      true,
    );
    // (env.js's own `module.exports = { os }`, line 4, exports it: no use — export-lists.test.ts. It had been "env.js:4 exact".)
    expect(used).toEqual(["main.js:2 import", "script.js:2 name-only"]);
    expect(blast).toEqual(["main.js", "script.js"]);
  });

  it("JS/TS: a name imported from the project through two hops of re-exports is an import link (barrels of barrels followed)", async () => {
    const { used } = await usedBy(
      {
        "src/env.ts": "export function osName(): string {\n  return process.platform;\n}\n",
        "src/mid.ts": 'export * from "./env";\n',
        "src/index.ts": 'export * from "./mid";\n',
        "app.ts": 'import { osName } from "./src/index";\n\nexport const name = osName();\n',
      },
      "src/env.ts",
      "osName",
    );
    expect(used).toEqual(["app.ts:3 import"]);
  });

  it("Python: `import os`, a parameter and a keyword argument of that name are no uses; `from util import os` is", async () => {
    const files = {
        "pkg/__init__.py": "",
        "pkg/util.py": "def os():\n    return 'linux'\n\n\ndef check():\n    return True\n",
        "pkg/paths.py": "import os\n\n\ndef home():\n    return os.path.expanduser('~')\n",
        "pkg/run.py": "import subprocess\n\n\ndef go(os):\n    return subprocess.run(['ls'], check=True, env=os)\n",
        "pkg/app.py": "from pkg.util import os\n\n\ndef main():\n    return os()\n",
    };
    expect((await usedBy(files, "pkg/util.py", "os")).used).toEqual(["pkg/app.py:5 import"]);
    expect((await usedBy(files, "pkg/util.py", "check")).used).toEqual([]);
  });

  it("Go: a call within the package (no import to follow) links to the package's name, as a name of its own file (exact)", async () => {
    const { used } = await usedBy(
      {
        "go.mod": "module example.com/m\n\ngo 1.21\n",
        "env/env.go": 'package env\n\nimport "runtime"\n\nfunc Platform() string {\n\treturn runtime.GOOS\n}\n',
        "env/use.go": "package env\n\nfunc Describe() string {\n\treturn Platform()\n}\n",
      },
      "env/env.go",
      "Platform",
    );
    expect(used).toEqual(["env/use.go:4 exact"]);
  });
});

describe("CommonJS export keys", () => {
  it("`exports.init = init` is the file's own export, no use of another file's member `init` (QA: express's app.init was \"used by\" debug's node.js)", async () => {
    const { used } = await usedBy(
      {
        "app/application.js": "var app = exports = module.exports = {};\n\napp.init = function init() {\n  this.cache = {};\n};\n",
        "dbg/node.js": "exports.init = init;\nmodule.exports.again = init;\n\nfunction init(debug) {\n  debug.x = 1;\n}\n",
      },
      "app/application.js",
      "app.init",
    );
    // (It had been ["dbg/node.js:1 name-only"].)
    expect(used).toEqual([]);
  });
});

describe("a name used on many lines of one file", () => {
  it("every using symbol is linked, not just those on the first 8 lines (QA round U: opossum's STATE, used by 9 methods, showed 4)", async () => {
    const methods = Array.from({ length: 20 }, (_, i) => `  m${i}() { return this[STATE]; }`).join("\n");
    const src = `const STATE = Symbol('state');\nclass Door {\n  constructor() { this[STATE] = 'closed'; }\n${methods}\n}\nmodule.exports = Door;\n`;
    const { used } = await usedBy({ "door.js": src, "other.js": "module.exports = 1;\n" }, "door.js", "STATE");
    // The constructor's line 3 and each method's line, 4–23.
    expect(used).toEqual(Array.from({ length: 21 }, (_, i) => `door.js:${i + 3} exact`).sort());
  });

  it("past the lines kept per name, the report says its own uses of the name may be more (an empty usedBy had read as unused: QA's bufio Writer.buf)", async () => {
    const readers = Array.from({ length: 40 }, (_, i) => `func (b *Reader) M${i}() int { return len(b.buf) }`).join("\n");
    const src = `package bufio\n\ntype Reader struct {\n\tbuf []byte\n}\n\ntype Writer struct {\n\tbuf []byte\n}\n\n${readers}\n\nfunc (b *Writer) W() int { return len(b.buf) }\n`;
    const lens = await Lens.create({ cwd: tempProject({ "bufio.go": src }) });
    await lens.index();
    const r = await lens.moduleReport("bufio.go", { detail: "full" });
    // (Reader too: its 40 receivers name it.)
    expect(r.warnings).toContainEqual("usedBy from this file itself may miss uses of Reader, buf: it names each on more than 32 lines, and the project graph keeps the first 32");
    // (Below the cap, nothing is said.)
    const small = await Lens.create({ cwd: tempProject({ "door.go": "package door\n\ntype Door struct{ open bool }\n\nfunc (d *Door) Open() { d.open = true }\n" }) });
    await small.index();
    expect((await small.moduleReport("door.go", { detail: "full" })).warnings ?? []).not.toContainEqual(expect.stringMatching(/may miss uses/));
  });

  it("a definition another file names on more lines than kept: the report says its uses there may be more, also after that file grows past the cap in a refresh", async () => {
    const calls = (n: number) => Array.from({ length: n }, (_, i) => `export function c${i}() { return helper(${i}); }`).join("\n") + "\n";
    const dir = tempProject({ "lib.ts": "export function helper(n: number) {\n  return n;\n}\nexport function quiet() {}\n", "use.ts": `import { helper } from "./lib";\n${calls(31)}`, "few.ts": `import { helper, quiet } from "./lib";\nexport const x = helper(1) + quiet();\n` });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const note = /may miss uses/;
    const before = await lens.moduleReport("lib.ts", { maxRefs: 100 });
    // 32 lines name it in use.ts (the import and 31 calls, each listed): all kept, nothing to say.
    expect(before.warnings ?? []).not.toContainEqual(expect.stringMatching(note));
    expect(flat(before).get("helper")!.usedBy!.filter((u) => u.file === "use.ts")).toHaveLength(31);
    // Ten more calls: the links stay the first 32 lines, so only the cap tells the refs record to change.
    writeFileSync(join(dir, "use.ts"), `import { helper } from "./lib";\n${calls(41)}`);
    await lens.index();
    const after = await lens.moduleReport("lib.ts", { maxRefs: 100 });
    expect(after.warnings).toContainEqual("usedBy may miss uses of helper in use.ts: that file names it on more than 32 lines, and the project graph keeps the first 32 in each file");
    expect(flat(after).get("helper")!.usedBy!.filter((u) => u.file === "use.ts")).toHaveLength(31);
    // A fresh load of the committed graph says the same.
    const fresh = await Lens.create({ cwd: dir });
    expect((await fresh.moduleReport("lib.ts", { maxRefs: 100 })).warnings).toContainEqual(expect.stringMatching(/^usedBy may miss uses of helper in use\.ts:/));
  });
});
