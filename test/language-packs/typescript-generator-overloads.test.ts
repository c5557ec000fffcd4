/**
 * A generator method after its overload signatures, `iterate(): Generator<T>` / `*iterate() {…}`: valid
 * TypeScript (the signature ends at the line break), but the bundled grammar reads no end there before a
 * `*` and puts a missing `;` — path-scurry's `PathScurryBase.iterateSync` made its report warn of a syntax
 * error that was not there. The pack's repair reads the indentation's last space before the `*` as `;`.
 */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();
const syntaxErrors = (r: { warnings?: string[] }) => (r.warnings ?? []).filter((w) => /syntax error/.test(w));

const SRC = [
  "export class Walker {",
  "  iterate(): Generator<string, void, void>",
  "  iterate(opts: { deep: boolean }): Generator<string | number, void, void>",
  "  *iterate(opts?: { deep: boolean }): Generator<string | number, void, void> {",
  "    yield opts?.deep ? 1 : 'a'",
  "  }",
  "  static keys(): Iterable<string>",
  "  static *keys(): Iterable<string> {",
  "    yield 'k'",
  "  }",
  "  after(): number {",
  "    return 2 * 3",
  "  }",
  "}",
  "",
].join("\n");

describe("a generator method after its overload signatures", () => {
  it("no syntax error; the implementation and the members after it keep their lines", async () => {
    const r = await report("walker.ts", SRC);
    expect(syntaxErrors(r)).toEqual([]);
    const walker = flat(r).get("Walker")!;
    const rows = (walker.members ?? []).map((m) => [m.name, m.startLine, m.endLine]);
    expect(rows).toEqual([
      ["iterate", 2, 2],
      ["iterate", 3, 3],
      ["iterate", 4, 6],
      ["keys", 7, 7],
      ["keys", 8, 10],
      ["after", 11, 13],
    ]);
  });

  it("read_symbol reads the generator's body verbatim, `*` and all", async () => {
    const read = await lens.readSymbol(`${dir}/walker.ts`, "Walker.iterate");
    expect(read.source).toContain("  *iterate(opts?: { deep: boolean }): Generator<string | number, void, void> {\n    yield opts?.deep ? 1 : 'a'\n  }");
  });
});
