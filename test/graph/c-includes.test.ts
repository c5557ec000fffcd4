/**
 * C/C++ includes as a CMake project or a library's own tree writes them (language-packs/c/includes.ts): googletest's
 * `googletest/src/gtest.cc` includes `"gtest/gtest.h"` from `googletest/include`, googlemock's headers include it from
 * the sibling `googletest/include`, and libstdc++'s `bits/shared_ptr.h` includes `<bits/shared_ptr_base.h>` — all had
 * been unresolved (external), so a header's blast radius held name-only guesses instead of its includers.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { indexedReports, tempCache, tempProject } from "./project.js";

tempCache();

const FILES: Record<string, string> = {
  "googletest/include/gtest/gtest.h": `#pragma once\n#include "gtest/internal/port.h"\n#include <vector>\nnamespace testing {\nclass Test {\n public:\n  virtual void Run();\n};\n}\n`,
  "googletest/include/gtest/internal/port.h": `#pragma once\nnamespace testing {\nint Flags();\n}\n`,
  "googletest/src/gtest.cc": `#include "gtest/gtest.h"\nnamespace testing {\nvoid Test::Run() { Flags(); }\n}\n`,
  "googlemock/include/gmock/gmock.h": `#pragma once\n#include "gtest/gtest.h"\nnamespace testing {\nclass Mock : public Test {};\n}\n`,
  "bits/base.h": `namespace std {\ntemplate<typename T> class __shared {\n public:\n  T* get() const;\n};\n}\n`,
  "bits/shared.h": `#include <bits/base.h>\n#include <stdio.h>\nnamespace std {\ntemplate<typename T> class shared : public __shared<T> {};\n}\n`,
};

describe("C/C++ includes in a project's own include folders", () => {
  it("resolves a quoted include through a folder above's `include/`, and a sibling project's", async () => {
    const dir = tempProject(FILES);
    const lens = await Lens.create({ cwd: dir });
    const cc = await lens.moduleReport(join(dir, "googletest/src/gtest.cc"));
    expect(cc.imports.internal).toEqual(["googletest/include/gtest/gtest.h"]);
    const mock = await lens.moduleReport(join(dir, "googlemock/include/gmock/gmock.h"));
    expect(mock.imports.internal).toEqual(["googletest/include/gtest/gtest.h"]);
    const gtest = await lens.moduleReport(join(dir, "googletest/include/gtest/gtest.h"));
    expect(gtest.imports).toEqual({ external: ["vector"], internal: ["googletest/include/gtest/internal/port.h"] });
  });

  it("an angle include the project holds is its own header (internal); one it does not hold stays external", async () => {
    const dir = tempProject(FILES);
    const lens = await Lens.create({ cwd: dir });
    const r = await lens.moduleReport(join(dir, "bits/shared.h"));
    expect(r.imports).toEqual({ external: ["stdio.h"], internal: ["bits/base.h"] });
  });

  it("a header's blast radius names its includers as imports", async () => {
    const dir = tempProject(FILES);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.moduleReport(join(dir, "googletest/include/gtest/gtest.h"), { blastRadius: true, blastRadiusDepth: 1 });
    const files = r.blastRadius!.files.map((f) => [f.file, f.relations.join(",")]);
    expect(files).toEqual(expect.arrayContaining([["googletest/src/gtest.cc", expect.stringMatching(/imports/)], ["googlemock/include/gmock/gmock.h", expect.stringMatching(/imports/)]]));
  });

  it("the line after an `#include` is code, no import statement's: its calls are calls, a class's static member through `ns::Plain::run` is linked", async () => {
    // (tree-sitter's preproc_include ends at the next line's start: that line had read as the include's — session 52.)
    const reports = await indexedReports({
      "util.h": "int helper(void);\nnamespace lib {\nstruct Plain {\n  static int run(int t) { return t; }\n};\n}\n",
      "main.cc": '#include "util.h"\nint main() { return helper() + lib::Plain::run(1); }\n',
    });
    const util = reports.get("util.h")!;
    const helper = util.api.find((e) => e.name === "helper")!;
    expect(helper.usedBy?.map((u) => `${u.file}:${u.symbol}@${u.line} ${u.relation}`)).toEqual(["main.cc:main@2 call"]);
    const run = util.api.find((e) => e.name === "lib")!.members!.find((e) => e.name === "Plain")!.members!.find((e) => e.name === "run")!;
    expect(run.usedBy?.map((u) => `${u.file}:${u.symbol}@${u.line} ${u.relation}`)).toEqual(["main.cc:main@2 call"]);
  });
});
