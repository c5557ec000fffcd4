/**
 * Session 47, helper 6: leftovers an agent would trip on — pubsub-js's UMD wrapper object, a JSDoc opening
 * with an unknown `@word` and prose, Ruby's scoped class inside a module, an Elixir function's clauses'
 * complexity. Real parses of inline sources.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entryAt, inlineReport as inline, lensAt, rows } from "../helpers.js";

/** A lens on a fresh folder holding `name`, and a reader of `name`'s symbols as `start-end` (or the miss). */
async function reader(name: string, src: string): Promise<(q: string) => Promise<string>> {
  const dir = mkdtempSync(join(tmpdir(), "pilens-l47-"));
  writeFileSync(join(dir, name), src);
  const lens = await lensAt(dir);
  return async (q) => {
    const r = await lens.readSymbol(join(dir, name), q);
    return r.found ? `${r.startLine}-${r.endLine}` : `miss: ${r.error ?? r.note ?? ""}`;
  };
}

describe("a UMD wrapper that builds the export object and hands it to its factory (pubsub-js)", () => {
  const src = [
    "(function (root, factory){",
    "    'use strict';",
    "",
    "    var PubSub = {};",
    "",
    "    if (root.PubSub) {",
    "        PubSub = root.PubSub;",
    "    } else {",
    "        root.PubSub = PubSub;",
    "        factory(PubSub);",
    "    }",
    "    if (typeof exports === 'object'){",
    "        if (module !== undefined && module.exports) {",
    "            exports = module.exports = PubSub;",
    "        }",
    "        exports.PubSub = PubSub;",
    "        module.exports = exports = PubSub;",
    "    }",
    "    else if (typeof define === 'function' && define.amd){",
    "        define(function() { return PubSub; });",
    "    }",
    "}(( typeof window === 'object' && window ) || this || global, function (PubSub){",
    "    'use strict';",
    "    var messages = {};",
    "",
    "    PubSub.publish = function( message, data ){",
    "        return messages[message];",
    "    };",
    "",
    "    PubSub.clearAllSubscriptions = function clearAllSubscriptions(){",
    "        messages = {};",
    "    };",
    "}));",
    "",
  ].join("\n");

  it("anchors PubSub at the wrapper's `var PubSub = {}`, not at `exports.PubSub = PubSub`; its methods under it", async () => {
    const r = await inline("pubsub.js", src);
    const e = entryAt(r, "PubSub");
    expect(`${e.kind} ${e.startLine}-${e.endLine} ${e.signature}`).toBe("variable 4-4 var PubSub = {}");
    expect(e.exported).toBe(true);
    expect(rows(r)).toEqual(expect.arrayContaining(["method PubSub.publish 26-28", "method PubSub.clearAllSubscriptions 30-32"]));
    const read = await reader("pubsub.js", src);
    expect(await read("PubSub")).toBe("4-4");
    expect(await read("PubSub.publish")).toBe("26-28");
  });

  it("leaves `exports.X = X` alone when the wrapper's X is not an object it hands the factory", async () => {
    const other = src.replace("var PubSub = {};", "var PubSub = makeIt();");
    const e = entryAt(await inline("pubsub.js", other), "PubSub");
    expect(`${e.kind} ${e.startLine}-${e.endLine}`).toBe("constant 16-16");
    const notHanded = src.replace("factory(PubSub);", "factory(root);");
    const f = entryAt(await inline("pubsub.js", notHanded), "PubSub");
    expect(`${f.kind} ${f.startLine}-${f.endLine}`).toBe("constant 16-16");
  });
});

describe("Ruby: a scoped class inside a module (bundler's `module Bundler; class CLI::List`)", () => {
  const src = [
    "module RSpec",
    "  class Core::Runner",
    "    def self.invoke",
    "      new.run",
    "    end",
    "",
    "    def run",
    "      0",
    "    end",
    "",
    "    class Opts::Parser",
    "      def parse; end",
    "    end",
    "  end",
    "end",
    "",
  ].join("\n");

  it("reads its members by the path as written (`RSpec::Core::Runner.invoke`, `Core::Runner.invoke`), and as listed", async () => {
    const read = await reader("runner.rb", src);
    expect(await read("RSpec::Core::Runner.invoke")).toBe("3-5");
    expect(await read("Core::Runner.invoke")).toBe("3-5");
    expect(await read("RSpec::Core::Runner#run")).toBe("7-9");
    expect(await read("RSpec.Runner.run")).toBe("7-9");
    expect(await read("Runner.run")).toBe("7-9");
    // (A scoped class in a scoped class: each owner as written.)
    expect(await read("RSpec::Core::Runner::Opts::Parser#parse")).toBe("12-12");
    expect(await read("Opts::Parser.parse")).toBe("12-12");
    expect(await read("RSpec::Core::Runner")).toBe("2-14");
  });

  it("still misses a path the file does not write", async () => {
    const read = await reader("runner.rb", src);
    expect(await read("RSpec::Other::Runner.invoke")).toMatch(/^miss/);
  });
});

describe("a JSDoc opening with an unknown `@word`, a dash and prose (colyseus' `/** @patchOnly — mark a field … */`)", () => {
  it("is the doc, the tag word kept (TypeScript's hover shows the line as that tag's text)", async () => {
    const r = await inline("annotations.ts", [
      "/**",
      " * @patchOnly — mark a field as not persisted to snapshots (encodeAll /",
      " * encodeAllView). Fields are still emitted on patches.",
      " *",
      " * Orthogonal to @unreliable.",
      " */",
      "export function patchOnly<T>(target: T, field: string) {}",
      "",
      "/**",
      " * @param target - the schema",
      " * @returns — nothing",
      " */",
      "export function tagged<T>(target: T) {}",
      "",
      "/**",
      " * @deprecated - use patchOnly",
      " */",
      "export function old() {}",
      "",
      "/**",
      " * @fullStateOnly the field in full syncs only",
      " */",
      "export function fullStateOnly() {}",
      "",
    ].join("\n"));
    expect(entryAt(r, "patchOnly").doc).toBe("@patchOnly — mark a field as not persisted to snapshots (encodeAll / encodeAllView).");
    // Known tags stay tags; an unknown one without a dash is a tag as before.
    expect(entryAt(r, "tagged").doc).toBeUndefined();
    expect(entryAt(r, "old").doc).toBeUndefined();
    expect(entryAt(r, "fullStateOnly").doc).toBeUndefined();
  });

  it("after prose, such a line ends the description as any tag does", async () => {
    const r = await inline("geo.ts", ["/**", " * The stroke color.", " *", " * @platform — iOS: Supported", " */", "export const strokeColor = 1;", ""].join("\n"));
    expect(entryAt(r, "strokeColor").doc).toBe("The stroke color.");
  });
});

describe("Elixir complexity: every clause of a function, and the clauses of its case / cond / rescue", () => {
  const cx = (r: Awaited<ReturnType<typeof inline>>) => Object.fromEntries([...r.api, ...r.internal].flatMap((m) => m.members ?? []).map((e) => [e.name, e.complexity]));

  it("counts a case's, a cond's and a rescue's clauses as branches (the query had matched none)", async () => {
    const r = await inline("c.ex", [
      "defmodule C do",
      "  def g(x) do",
      "    case x do",
      "      1 -> :a",
      "      2 -> :b",
      "      _ -> :c",
      "    end",
      "  end",
      "",
      "  def h(x) do",
      "    cond do",
      "      x > 1 -> :a",
      "      true -> :b",
      "    end",
      "  end",
      "",
      "  def t(x) do",
      "    run(x)",
      "  rescue",
      "    e -> e",
      "  end",
      "",
      "  def s(xs), do: Enum.map(xs, fn 0 -> :z; n -> n end)",
      "end",
      "",
    ].join("\n"));
    expect(cx(r)).toEqual({ g: 4, h: 3, t: 2, s: 1 }); // (an `fn`'s clauses are no branch of the function)
  });

  it("a function of several clauses: each clause's branches, and each clause past the first one more path", async () => {
    const r = await inline("retry.ex", [
      "defmodule Retry do",
      "  defp retry(env, retries) when retries <= 1 do",
      "    run(env)",
      "  end",
      "",
      "  defp retry(env, retries) do",
      "    if retries > 5, do: :stop, else: run(env)",
      "  end",
      "",
      "  def one(x), do: x",
      "  def one(x, y), do: x + y",
      "end",
      "",
    ].join("\n"));
    expect(rows(r)).toEqual(["module Retry 1-12", "function Retry.retry 2-8", "function Retry.one 10-10", "function Retry.one 11-11"]);
    expect(cx(r)).toEqual({ retry: 3, one: 1 });
  });
});
