/**
 * The names a file's occurrences are collected as depend on that file and its pack alone, never on the
 * files parsed before it (graph/name-types.ts). They had: the node types other files' definitions were
 * named by (Ruby's `constant`) were learned for every later file, so a Ruby file using `Foo.new` and
 * declaring no class used Foo when parsed after Foo's file and not when parsed before it — two cold builds
 * of one project on worker threads gave different uses. Each project here is indexed in one thread, its
 * files in path order: the same code in both orders gives the same uses.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { definePack } from "../../core/plugin.js";
import type { Entry } from "../../core/types.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const CLASS = "class Foo\n  def bar\n  end\nend\n";
const USE = "def use_it\n  Foo.new.bar\nend\n";

describe("a file's names whatever the files parsed before it", () => {
  it("Ruby: `Foo.new` in a file declaring no class uses Foo, parsed before Foo's file or after it", async () => {
    // (Use first: nothing had been learned yet when it was collected.)
    const before = await usedBy({ "a_use.rb": USE, "b_foo.rb": CLASS });
    const after = await usedBy({ "a_foo.rb": CLASS, "b_use.rb": USE });
    expect(before("b_foo.rb", "Foo")).toEqual(["a_use.rb"]);
    expect(after("a_foo.rb", "Foo")).toEqual(["b_use.rb"]);
  });

  it("OCaml (the heuristic pack): `Helper.run ()` in a file declaring no module uses Helper, parsed before Helper's file or after it", async () => {
    const use = "let main () = Helper.run ()\n";
    const helper = "module Helper = struct\n  let run () = print_endline \"hi\"\nend\n";
    const before = await usedBy({ "a_use.ml": use, "b_helper.ml": helper });
    const after = await usedBy({ "a_helper.ml": helper, "b_use.ml": use });
    expect(before("b_helper.ml", "Helper")).toEqual(["a_use.ml"]);
    expect(after("a_helper.ml", "Helper")).toEqual(["b_use.ml"]);
  });

  it("OCaml: a label (`~groups`, `~groups:true`, `?anchored`) is no use of a type or value so named (re's `type groups` had been used by 9 of core.ml's functions through their `~groups` labels)", async () => {
    const core = [
      "type groups = int list",
      "let anchored = 1",
      "let exec_internal ?(groups = false) ~partial s = if partial then [String.length s] else []",
      "let exec ?pos s = exec_internal ~groups:true ~partial:false s",
      "let scan ~groups s = exec_internal ~groups ~partial:true s",
      "let count (g : groups) = List.length g",
      "",
    ].join("\n");
    const glob = ["let glob ?anchored s = String.length s", "let glob' ?anchored s = glob ?anchored s", "let top () = Core.anchored + 1", ""].join("\n");
    const used = await usedBy({ "re/core.ml": core, "re/glob.ml": glob });
    // (`(g : groups)` names the type; `Core.anchored` the value.)
    expect(used("re/core.ml", "groups")).toEqual(["count"]);
    expect(used("re/core.ml", "anchored")).toEqual(["re/glob.ml"]);
  });

  it("a third-party pack's names (`variable_name`, no identifier type) are names in a file declaring none", async () => {
    const pack = definePack({
      meta: { name: "pilens-pack-vars", version: "1.0.0" },
      languages: [{ id: "vars", extensions: [".vars"], grammar: "bash", queries: { tags: "((variable_assignment name: (variable_name) @name) @definition.variable (#set! exported \"true\"))" } }],
    } as never);
    const uses = async (files: Record<string, string>, def: string) => {
      const lens = await Lens.create({ cwd: tempProject(files), extraPacks: [pack] });
      await lens.index();
      const r = await lens.moduleReport(def, { detail: "full" });
      const e = [...(r.api ?? []), ...(r.internal ?? [])].find((x: Entry) => x.name === "GREETING");
      return (e?.usedBy ?? []).map((u) => u.file);
    };
    const use = "echo \"$GREETING world\"\nprintf '%s' $GREETING\n";
    expect(await uses({ "a_use.vars": use, "b_def.vars": "GREETING=hello\n" }, "b_def.vars")).toEqual(["a_use.vars"]);
    expect(await uses({ "a_def.vars": "GREETING=hello\n", "b_use.vars": use }, "a_def.vars")).toEqual(["b_use.vars"]);
  });
});
