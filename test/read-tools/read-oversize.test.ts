/**
 * read_symbol's size guard on a real class: _pydecimal.py's Decimal (over 3,000 lines, ~28k tokens in
 * one answer before) is answered by its outline within maxLines, its first lines (slice) or its
 * metadata (error); a member, or a larger maxLines, reads in full.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { formatReadSymbol } from "../../core/read-format.js";

const root = mkdtempSync(join(tmpdir(), "pilens-oversize-"));
mkdirSync(join(root, ".git"));
const file = join(root, "_pydecimal.py");
copyFileSync("/usr/lib/python3.11/_pydecimal.py", file);
const lines = readFileSync(file, "utf8").split("\n");

describe("read_symbol over maxLines", async () => {
  const lens = await Lens.create({ cwd: root, root });

  it("answers a class over 1,000 lines with its outline, naming a member to read next", async () => {
    const r = await lens.readSymbol(file, "Decimal");
    const size = r.endLine! - r.startLine! + 1;
    expect(size).toBeGreaterThan(3000);
    expect(r).toMatchObject({ found: true, kind: "class", oversize: { lines: size, maxLines: 1000, mode: "outline" } });
    expect(r.source).toBeUndefined();
    expect(r.outline!.length).toBeGreaterThan(100);
    expect(r.outline!.length).toBeLessThanOrEqual(1000);
    expect(r.outline!.map((o) => o.name)).toContain("Decimal.__new__");
    expect(r.note).toMatch(new RegExp(`^Decimal is ${size.toLocaleString("en-US")} lines, over maxLines 1000: outline of \\d+ nested symbol\\(s\\); bodies not shown — read one with read_symbol \\(Decimal\\.__new__\\)`));
    const text = formatReadSymbol(r);
    expect(text.length).toBeLessThan(lines.slice(r.startLine! - 1, r.endLine!).join("\n").length / 10);
    expect(text).toMatch(/^  \d+-\d+  method  __new__  def __new__\(cls, value="0", context=None\)$/m);
    // The member it names reads whole.
    const member = await lens.readSymbol(file, "Decimal.__new__");
    expect(member.oversize).toBeUndefined();
    expect(member.source!.split("\n")[0]).toMatch(/def __new__/);
  });

  it("an outline answer still carries the symbol's doc comment, verbatim (its usage example), before the head", async () => {
    const ts = join(root, "client.ts");
    const methods = Array.from({ length: 400 }, (_, i) => `  step${i}(a: number): number {\n    return a + ${i};\n  }`).join("\n");
    const doc = "/**\n * `QueryClient` is used to interact with a cache.\n * @example\n * ```ts\n * const c = new QueryClient()\n * ```\n */";
    writeFileSync(ts, `${doc}\nexport class QueryClient {\n${methods}\n}\n`);
    const r = await lens.readSymbol(ts, "QueryClient");
    expect(r.oversize?.mode).toBe("outline");
    expect(r.docComment).toBe(doc);
    expect(formatReadSymbol(r).split("\n").slice(2, 10).join("\n")).toBe(`${doc}\n# class QueryClient`);
    // A slice holds the doc comment among its lines already.
    expect((await lens.readSymbol(ts, "QueryClient", { onOversize: "slice" })).docComment).toBeUndefined();
  });

  it("slice: the first maxLines lines verbatim, and where the rest is; error: the metadata alone; a larger maxLines: all", async () => {
    const slice = await lens.readSymbol(file, "Decimal", { onOversize: "slice", maxLines: 40 });
    expect(slice.partial).toEqual({ startLine: slice.startLine, endLine: slice.startLine! + 39 });
    expect(slice.source).toBe(lines.slice(slice.startLine! - 1, slice.startLine! + 39).join("\n"));
    expect(slice.note).toMatch(new RegExp(`the rest with view offset=${slice.startLine! + 40} limit=\\d+`));
    expect(formatReadSymbol(slice).split("\n")[0]).toBe(`class Decimal  _pydecimal.py:${slice.startLine}-${slice.startLine! + 39} (of ${slice.startLine}-${slice.endLine})`);
    const error = await lens.readSymbol(file, "Decimal", { onOversize: "error" });
    expect([error.source, error.outline, error.signature]).toEqual([undefined, undefined, "class Decimal(object)"]);
    expect(error.note).toMatch(/body not shown — pass onOversize "outline"/);
    const whole = await lens.readSymbol(file, "Decimal", { maxLines: 10_000 });
    expect(whole.oversize).toBeUndefined();
    expect(whole.source).toBe(lines.slice(whole.startLine! - 1, whole.endLine!).join("\n"));
    expect((await lens.readSymbol(file, "Decimal", { maxLines: 0 })).error).toMatch(/maxLines must be a whole number ≥ 1/);
  });

  it("an outline of a body that declares nothing is its first lines", async () => {
    const r = await lens.readSymbol(file, "Decimal.__new__", { maxLines: 20 });
    expect(r.partial).toEqual({ startLine: r.startLine, endLine: r.startLine! + 19 });
    expect(r.note).toMatch(/it declares nothing nested to outline/);
  });

  it("stays within one read (maxBytes) in every mode: outline rows, slices and a minified line stop where the read is full", async () => {
    const cap = 8 * 1024;
    const size = (r: Awaited<ReturnType<typeof lens.readSymbol>>) => Buffer.byteLength(formatReadSymbol(r));
    // Under maxLines 10,000 the class would come whole (~130 KB): over the read it is an outline.
    const outline = await lens.readSymbol(file, "Decimal", { maxLines: 10_000, maxBytes: cap });
    expect(outline.oversize).toMatchObject({ mode: "outline" });
    expect(size(outline)).toBeLessThanOrEqual(cap);
    const next = outline.note!.match(/the rest from line (\d+): view offset=(\d+) mode signatures/);
    expect(next?.[1]).toBe(next?.[2]);
    expect(outline.outline!.at(-1)!.startLine).toBeLessThan(Number(next![1]));
    expect(outline.note).toContain("over one read (8 KB)");
    expect(outline.note).not.toContain("larger maxLines");
    const slice = await lens.readSymbol(file, "Decimal", { onOversize: "slice", maxBytes: cap });
    expect(size(slice)).toBeLessThanOrEqual(cap);
    expect(slice.source).toBe(lines.slice(slice.partial!.startLine - 1, slice.partial!.endLine).join("\n"));
    expect(slice.partial!.endLine - slice.partial!.startLine).toBeGreaterThan(50);
    // A member that fits reads whole, as without a cap.
    expect((await lens.readSymbol(file, "Decimal.__new__", { maxBytes: cap })).oversize).toBeUndefined();

    // Minified: one line, one 30 KB function.
    const min = join(root, "min.js");
    writeFileSync(min, `function big(){return [${Array.from({ length: 6000 }, (_, i) => i).join(",")}]}\n`);
    const cut = await lens.readSymbol(min, "big", { maxBytes: cap });
    expect(size(cut)).toBeLessThanOrEqual(cap);
    expect(cut.source!.startsWith("function big(){return [0,1,2,")).toBe(true);
    expect(cut.note).toMatch(/line 1 is longer than one read \(8 KB\): its first [\d,]+ of [\d,]+ characters shown/);
  });
});
