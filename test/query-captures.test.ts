/** The node types a query's text writes for a capture (core/query-captures.ts), read from real packs' queries. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { capturedTypes } from "../core/query-captures.js";

const scm = (p: string) => readFileSync(new URL(`../language-packs/${p}`, import.meta.url), "utf8");

describe("capturedTypes", () => {
  it("Ruby's tags: the types written before `@name`, in alternations too; a wildcard `(_)` none", () => {
    expect(capturedTypes(scm("generic/queries/ruby/tags.scm"), "name").sort()).toEqual(["constant", "simple_symbol"]);
  });

  it("Swift's tags: an alternation's node types, not its literals (`\"==\"`); a capture of another name is not read", () => {
    const t = capturedTypes(scm("swift/queries/tags.scm"), "name");
    expect(t).toContain("custom_operator");
    expect(t).not.toContain("==");
    expect(capturedTypes(scm("swift/queries/tags.scm"), "definition.function")).not.toContain("custom_operator");
  });

  it("comments and strings hold no patterns; several captures on one node and a quantifier between are read", () => {
    const text = `; (comment_node) @name\n((pair key: (word) @other @name) (#eq? @name "(fake) @name"))\n(list (symbol)* @name)`;
    expect(capturedTypes(text, "name")).toEqual(["word", "symbol"]);
  });
});
