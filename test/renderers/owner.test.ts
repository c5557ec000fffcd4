/**
 * A member declared outside its type's body, whose type the file does not hold (a Go method on a type of
 * another file of the package, C++ `Widget::size` in a .cpp, `Editor.prototype = {…}` for an Editor of
 * another file): every view says whose member it is — json's `owner`, `Widget.size` in compact and
 * summary rows and in recommendedReads — where it had been a bare `size`.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Entry } from "../../core/types.js";
import { tsProject } from "../language-packs/ts-project.js";

// (A scratch project: the helper writes any file, whatever its language.)
const { report, lens, dir } = await tsProject();

const GO = `package server

// Start starts the server.
func (s *Server) Start(port int) error {
	return nil
}

func (s *Server) Stop() {}

type Local struct{}

func (l Local) Run() {}
`;

const CPP = `#include "widget.h"

int Widget::size() const {
  return n_;
}

void Widget::draw(int x) {
  paint(x);
}

namespace fs {
class path {
 public:
  path& assign(const char* s);
};
inline path& path::assign(const char* s) { return *this; }
}
`;

const JS = `(function () {
  'use strict';

  MediumEditor.prototype = {
    /** Set it up. */
    setup: function (opts) {
      return opts;
    },
    destroy: function () {
    }
  };

  Other.prototype.run = function (x) {
    return x;
  };
}());
`;

function byName(entries: Entry[] | undefined): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const go = (list: Entry[] | undefined) => {
    for (const e of list ?? []) {
      out.set(e.name, e);
      go(e.members);
    }
  };
  go(entries);
  return out;
}

describe("a member of a type the file does not hold", () => {
  it("Go: a method on a type of another file has its owner; one on the file's own type is nested, no owner", async () => {
    const r = await report("server.go", GO);
    const all = byName([...(r.api ?? []), ...(r.internal ?? [])]);
    expect(all.get("Start")?.owner).toBe("Server");
    expect(all.get("Stop")?.owner).toBe("Server");
    expect(r.api?.find((e) => e.name === "Local")?.members?.map((m) => m.name)).toEqual(["Run"]);
    expect(all.get("Run")?.owner).toBeUndefined();
    expect(r.recommendedReads.map((x) => x.symbol)).toContain("Server.Start");
    // The json view (budgeted) keeps it: it is whose member this is, not detail.
    const json = JSON.parse(lens.render(r, "json")) as { api: Entry[] };
    expect(json.api.filter((e) => e.owner === "Server").map((e) => e.name)).toEqual(["Start", "Stop"]);
    const compact = lens.render(r, "compact");
    expect(compact).toMatch(/Server\.Start, Server\.Stop|func \(s \*Server\) Start/);
    expect(compact).not.toMatch(/methods\s+Start, Stop/);
    const summary = JSON.parse(lens.render(r, "summary")) as { api: (Entry & { names?: string[] })[] };
    expect(summary.api.flatMap((e) => e.names ?? [e.name])).toEqual(expect.arrayContaining(["Server.Start", "Server.Stop"]));
    // And read_symbol takes the name the views give.
    const read = await lens.readSymbol(join(dir, "server.go"), "Server.Start");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 3, 6]);
  });

  it("C++: out-of-class definitions in a .cpp are Widget's; one whose class the file declares nests under it", async () => {
    const r = await report("widget.cpp", CPP);
    const all = byName([...(r.api ?? []), ...(r.internal ?? [])]);
    expect(all.get("size")?.owner).toBe("Widget");
    expect(all.get("draw")?.owner).toBe("Widget");
    expect(all.get("assign")?.owner).toBeUndefined();
    const compact = lens.render(r, "compact");
    expect(compact).toMatch(/\s(?:methods|fns)\s+Widget\.size, Widget\.draw/);
    const full = lens.render(r, "compact", { detail: "full" });
    // (The head names the class already: no second `Widget.` before it.)
    expect(full).toMatch(/method\s+int Widget::size\(\) const/);
    expect(full).not.toMatch(/Widget\.int/);
  });

  it("JS: an object assigned to the prototype of a constructor of another file names its methods by it", async () => {
    const r = await report("editor.js", JS);
    const all = byName([...(r.api ?? []), ...(r.internal ?? [])]);
    expect(all.get("setup")?.owner).toBe("MediumEditor");
    expect(all.get("destroy")?.owner).toBe("MediumEditor");
    expect(all.get("run")?.owner).toBe("Other");
    expect(lens.render(r, "compact")).toMatch(/methods\s+MediumEditor\.setup, MediumEditor\.destroy, Other\.run/);
    const full = lens.render(r, "compact", { detail: "full" });
    // The object literal's key does not say the owner: the row does; the prototype path does.
    expect(full).toMatch(/method\s+MediumEditor\.setup: function \(opts\)\s+— Set it up\./);
    expect(full).toMatch(/method\s+Other\.prototype\.run = function \(x\)/);
    const read = await lens.readSymbol(join(dir, "editor.js"), "MediumEditor.setup");
    expect([read.found, read.startLine, read.endLine]).toEqual([true, 5, 8]);
  });

  it("a member a container holds is the container's, whatever the call names first: no owner (paper.js' `Base.extend(Emitter, {…})` had read `Emitter.initialize` under PaperScopeItem)", async () => {
    const src = [
      "var paper = function(self, undefined) {",
      "var Emitter = { on: function(type, func) { return this; } };",
      "var Item = Base.extend(Emitter, {",
      "  initialize: function(a) {",
      "    this.a = a;",
      "  },",
      "  run: function() { return 1; }",
      "});",
      "return paper;",
      "}.call(this, typeof self === 'object' ? self : null);",
      "",
    ].join("\n");
    const r = await report("scope.js", src);
    const item = byName(r.internal).get("Item");
    expect(item?.members?.map((m) => [m.name, m.owner])).toEqual([["initialize", undefined], ["run", undefined]]);
    expect(lens.render(r, "compact", { detail: "full" })).not.toMatch(/Emitter\.initialize/);
  });

  it("a macro-confused C++ parse makes no owner of a return type", async () => {
    const src = "namespace std {\ntemplate <typename _It>\ninline _GLIBCXX14_CONSTEXPR typename iterator_traits<_It>::difference_type\n__distance(_It __first, _It __last) { return 0; }\n}\n";
    const r = await report("dist.h", src);
    const owners = [...byName([...(r.api ?? []), ...(r.internal ?? [])]).values()].map((e) => e.owner).filter(Boolean);
    expect(owners.filter((o) => /typename|\s/.test(o!))).toEqual([]);
  });
});
