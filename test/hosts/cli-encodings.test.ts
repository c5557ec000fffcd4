/**
 * UTF-16 files with a byte-order mark, through the real CLI (robustness round, session 48): they had been
 * refused as "binary file (NUL bytes)" by report, read, enclosing, view and the index. Now they are read
 * decoded (said in a warning), a window of a large one too, and a search's mention row shows their text.
 * A file of NUL bytes without a mark is still binary.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const bin = join(repoRoot, "bin", "pilens.cjs");
const SRC = "export function foo(x: number): number {\n  return x + 1;\n}\n// héllo ✓\nexport class Bar {\n  baz() { return foo(2); }\n}\n";

/** UTF-16 big-endian: each code unit's bytes swapped. */
const utf16be = (s: string) => Buffer.from(s, "utf16le").swap16();
const bom = { le: Buffer.from([0xff, 0xfe]), be: Buffer.from([0xfe, 0xff]) };

describe("CLI: UTF-16 files with a byte-order mark", () => {
  const root = mkdtempSync(join(tmpdir(), "pilens-utf16-"));
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, "le.ts"), Buffer.concat([bom.le, Buffer.from(SRC, "utf16le")]));
  writeFileSync(join(root, "be.ts"), Buffer.concat([bom.be, utf16be(SRC)]));
  writeFileSync(join(root, "nobom.ts"), Buffer.from(SRC, "utf16le"));
  writeFileSync(join(root, "mention.ts"), Buffer.concat([bom.le, Buffer.from("export const v = 1;\nconst w = foo(); // ✓\n", "utf16le")]));
  const big = Array.from({ length: 3000 }, (_, i) => `export function f${i}(a: number): number { return a + ${i}; }\n`).join("");
  mkdirSync(join(root, "big"));
  writeFileSync(join(root, "big", "wide.ts"), Buffer.concat([bom.le, Buffer.from(big, "utf16le")]));
  writeFileSync(join(root, "big", ".pilensrc.json"), JSON.stringify({ maxFileBytes: 100_000 }));
  mkdirSync(join(root, "big", ".git"));
  const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: join(root, ".cache") } });

  it("report: the symbols at their lines, the encoding said; read, enclosing and view give the text", () => {
    for (const [file, enc] of [["le.ts", "UTF-16LE"], ["be.ts", "UTF-16BE"]]) {
      const r = cli("report", file);
      expect(r.status, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as { lineCount: number; api: { name: string; startLine: number; endLine: number }[]; warnings: string[] };
      expect([report.lineCount, report.api.map((e) => [e.name, e.startLine, e.endLine])]).toEqual([7, [["foo", 1, 3], ["Bar", 5, 7]]]);
      expect(report.warnings).toContain(`file is ${enc} text (byte-order mark): read decoded, lines and text as in the file — shown here as UTF-8`);
      expect(cli("read", file, "Bar").stdout).toBe(`class Bar  ${file}:4-7\n// héllo ✓\nexport class Bar {\n  baz() { return foo(2); }\n}\n`);
      expect(cli("enclosing", file, "6").stdout).toContain("  baz() { return foo(2); }");
      expect(cli("view", file).stdout).toBe(SRC);
    }
  });

  it("a window of one over maxFileBytes is decoded too; without a byte-order mark it is still binary", () => {
    const w = cli("view", "big/wide.ts", "--offset", "2000", "--limit", "2");
    expect([w.status, w.stdout]).toEqual([0, "export function f1999(a: number): number { return a + 1999; }\nexport function f2000(a: number): number { return a + 2000; }\n"]);
    const n = cli("report", "nobom.ts");
    expect([n.status, n.stderr.trim()]).toEqual([1, `pilens: nobom.ts: binary file (NUL bytes): ${join(root, "nobom.ts")}`]);
  });

  it("indexed: search finds its definitions, and a mention row shows its line's text", () => {
    expect(cli("index").status).toBe(0);
    const hits = JSON.parse(cli("search", "Bar", "--json").stdout) as { file: string; symbol?: string; text?: string }[];
    expect(hits.find((h) => h.file === "le.ts" && h.symbol === "Bar")).toBeDefined();
    expect(hits.find((h) => h.file === "be.ts" && h.symbol === "Bar")).toBeDefined();
    const foo = JSON.parse(cli("search", "foo", "--json").stdout) as { file: string; symbol?: string; text?: string }[];
    expect(foo.find((h) => h.file === "mention.ts")).toMatchObject({ startLine: 2, text: "const w = foo(); // ✓" });
  });
});
