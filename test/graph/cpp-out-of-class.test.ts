/**
 * C++ members defined out of class in another file than their class (googletest's gtest.cc holds
 * `bool UnitTestImpl::RunAllTests()` inside `namespace testing { namespace internal {`, the class is in
 * gtest-internal-inl.h): the graph keys the definition by its class (`app.Runner.RunAll`, as the
 * declaration is keyed), and the uses linked to the declaration show on the definition too — a call
 * through a pointer, a qualified call, a bare call in another member; they had shown on the header only
 * (the definition keyed `app.RunAll`, its read and report row saying nothing).
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject, usedBy } from "./project.js";
import { MAX_LINES_PER_NAME } from "../../core/graph/types.js";

tempCache();

const FILES: Record<string, string> = {
  "runner.h": `#pragma once
namespace app {
class Runner {
 public:
  bool RunAll();
  int Count() const;
  static Runner* Get();
};
}  // namespace app
`,
  "runner.cc": `#include "runner.h"
namespace app {

bool Runner::RunAll() {
  return Count() > 0;
}

int Runner::Count() const { return 3; }

Runner* Runner::Get() { return nullptr; }

}  // namespace app
`,
  "main.cc": `#include "runner.h"
int Start(app::Runner* impl) {
  return impl->RunAll() ? 0 : 1;
}
int Again() {
  return app::Runner::Get()->Count();
}
`,
};

describe("C++ out-of-class definitions in another file than their class", () => {
  it("share the declaration's uses: a pointer's call, a qualified call, a bare call in another member", async () => {
    const u = await usedBy(FILES);
    expect({
      runAll: u("runner.cc", "app.RunAll"),
      count: u("runner.cc", "app.Count").sort(),
      get: u("runner.cc", "app.Get"),
      declared: u("runner.h", "app.Runner.RunAll"),
    }).toEqual({ runAll: ["main.cc"], count: ["app.Runner.RunAll", "main.cc"], get: ["main.cc"], declared: ["main.cc"] });
  });

  it("a bare call in one is its class's member, found by the class it is keyed by — past the lines the graph keeps of the class's name", async () => {
    // (googletest's gtest.cc names UnitTestImpl on more than MAX_LINES_PER_NAME lines: on the later definitions' first
    // lines only `UnitTestImpl::PostFlagParsingInit` was kept, and its bare `ConfigureXmlOutput()` found no class.)
    const n = MAX_LINES_PER_NAME + 2;
    const many = Array.from({ length: n }, (_, i) => i);
    const u = await usedBy({
      "runner.h": `#pragma once\nnamespace app {\nclass Runner {\n public:\n${many.map((i) => `  int M${i}() const;\n`).join("")}  int Count() const;\n  bool RunAll();\n};\n}  // namespace app\n`,
      "runner.cc": `#include "runner.h"\nnamespace app {\n${many.map((i) => `int Runner::M${i}() const { return ${i}; }\n`).join("")}int Runner::Count() const { return 3; }\nbool Runner::RunAll() {\n  return Count() > 0;\n}\n}  // namespace app\n`,
      "other.h": "#pragma once\nnamespace app {\nclass Other {\n public:\n  int Count() const;\n};\n}  // namespace app\n",
    });
    expect({ declared: u("runner.h", "app.Runner.Count"), defined: u("runner.cc", "app.Count"), other: u("other.h", "app.Other.Count") }).toEqual({ declared: ["runner.cc"], defined: ["app.Runner.RunAll"], other: [] });
  });

  it("a bare call in one is a sibling definition of its class in the file when no class of its key is found (libstdc++'s .tcc, the class in an inline namespace)", async () => {
    const u = await usedBy({
      "bits/facets.h": "namespace std {\ninline namespace __cxx11 {\ntemplate<typename C>\nclass time_get {\n public:\n  int do_get(int f) const;\n  int _M_extract(int f) const;\n};\n}\n}\n",
      "bits/facets.tcc": "namespace std {\ntemplate<typename C>\nint time_get<C>::_M_extract(int f) const { return f; }\n\ntemplate<typename C>\nint time_get<C>::do_get(int f) const {\n  return _M_extract(f) + 1;\n}\n}\n",
      "other.h": "namespace std {\nclass num_get {\n public:\n  int _M_extract(int f) const;\n};\n}\n",
    });
    expect({ sibling: u("bits/facets.tcc", "std._M_extract"), other: u("other.h", "std.num_get._M_extract") }).toEqual({ sibling: ["std.time_get.do_get"], other: [] });
  });

  it("a member call on a value of unknown type takes a member's overloads and its definition out of class as one (name-only)", async () => {
    const u = await usedBy({
      "re.h": "#pragma once\nnamespace re {\nclass Regex {\n public:\n  static bool FullMatch(const char* s, const Regex& r);\n  static bool FullMatch(const Regex& r) { return FullMatch(\"\", r); }\n  static bool FullMatch(int n, const Regex& r) { return n > 0; }\n};\n}\n",
      "re.cc": '#include "re.h"\nnamespace re {\nbool Regex::FullMatch(const char* s, const Regex& r) { return s != nullptr; }\n}\n',
      "use.cc": "template <typename M> bool Check(const M& m) {\n  return m.FullMatch(m);\n}\n",
    });
    expect({ declared: u("re.h", "re.Regex.FullMatch"), defined: u("re.cc", "re.FullMatch") }).toEqual({ declared: ["use.cc"], defined: ["use.cc"] });
  });

  it("one written under `using namespace x;` is the member of `x`'s class: the uses are shared (a class under none, or two, of the used namespaces: not)", async () => {
    const header = "#pragma once\nnamespace bridge {\nclass Executor {\n public:\n  int Init();\n  void Run();\n};\n}  // namespace bridge\n";
    const main = '#include "exec.h"\nint Start(bridge::Executor* e) {\n  return e->Init();\n}\n';
    const u = await usedBy({
      "exec.h": header,
      "exec.cc": '#include "exec.h"\nusing namespace std;\nusing namespace bridge;\n\nint Executor::Init() {\n  return 0;\n}\n\nvoid Executor::Run() {\n  Init();\n}\n',
      "main.cc": main,
    });
    expect({ declared: u("exec.h", "bridge.Executor.Init"), defined: u("exec.cc", "Init") }).toEqual({ declared: ["exec.cc", "main.cc"], defined: ["Executor.Run", "main.cc"] });
    // (Another used namespace declaring an Executor too: which one is meant is not known, each keeps its own uses.)
    const two = await usedBy({
      "exec.h": header,
      "other.h": "#pragma once\nnamespace other {\nclass Executor {\n public:\n  int Init();\n};\n}\n",
      "exec.cc": '#include "exec.h"\n#include "other.h"\nusing namespace bridge;\nusing namespace other;\nint Executor::Init() {\n  return 0;\n}\n',
      "main.cc": '#include "exec.h"\nint Start() {\n  return bridge::Executor::Init();\n}\n',
      "main2.cc": '#include "other.h"\nint Again() {\n  return other::Executor::Init();\n}\n',
    });
    expect([two("exec.h", "bridge.Executor.Init"), two("other.h", "other.Executor.Init"), two("exec.cc", "Init")]).toEqual([["main.cc"], ["main2.cc"], []]);
    // (A `using namespace` after the definition does not reach it.)
    const after = await usedBy({ "exec.h": header, "exec.cc": '#include "exec.h"\nint Executor::Init() {\n  return 0;\n}\nusing namespace bridge;\n', "main.cc": main });
    expect(after("exec.cc", "Init")).toEqual([]);
  });

  it("read_symbol of the definition says who uses it; symbol_search names it with its class", async () => {
    const dir = tempProject(FILES);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.readSymbol("runner.cc", "Runner::RunAll");
    expect(r.found && r.usedBy?.map((x) => `${x.file}:${x.line} ${x.symbol}`)).toEqual(["main.cc:3 Start"]);
    const s = await lens.symbolSearch("Runner.Count", { limit: 5 });
    if (!s.available) throw new Error(s.reason);
    expect(s.hits.map((h) => `${h.file}:${h.symbol}`)).toContain("runner.cc:app.Runner.Count");
  });

  it("the definition file's blast radius counts the files calling its methods through the class", async () => {
    const dir = tempProject({ "runner.h": FILES["runner.h"]!, "runner.cc": FILES["runner.cc"]!, "other.cc": '#include "runner.h"\nint Again() {\n  return app::Runner::Get() ? 1 : 0;\n}\n' });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const r = await lens.moduleReport("runner.cc", { blastRadius: true, blastRadiusDepth: 1 });
    expect(r.blastRadius?.files.map((f) => [f.file, f.relations.join(",")])).toEqual([["other.cc", "references"]]);
  });
});
