/**
 * A third-party pack whose taps return values of the wrong shape, through the real CLI (robustness round,
 * session 48): lines NaN, inverted, fractional or past the end; a null member, a record that is its own
 * member; optional fields of the wrong type; null import and callback items; a flag with a line break; a
 * rank tap returning Infinity. Each is named (hook, tap, item) and the file is served by the next pack
 * claiming it (the built-in PHP pack); the batch goes on — a null import item had ended it with nothing
 * printed for the files after it, NaN lines had made `NaN-NaN` rows and an empty read that exited 0.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const bin = join(repoRoot, "bin", "pilens.cjs");
const PHP = "<?php\n/** Doc. */\nfunction f($a) { return array_map(fn($x) => $x, $a); }\nclass K { public function m() {} }\n";
const TAGS = "(function_definition name: (name) @name) @definition.function (class_declaration name: (name) @name) @definition.class (method_declaration name: (name) @name) @definition.method";

/** The junk each file's extract, imports, callbacks or flags tap returns, chosen by the file's name. */
const PACK = `const mode = (ctx) => ctx.relPath.replace(/\\.php$/, "");
const junk = {
  nan: (rs) => rs.map((r) => ({ ...r, startLine: NaN, endLine: NaN })),
  inverted: (rs) => rs.map((r) => ({ ...r, startLine: r.endLine + 2, endLine: r.startLine })),
  fraction: (rs) => rs.map((r) => ({ ...r, startLine: 1.5 })),
  past: (rs) => rs.map((r) => ({ ...r, endLine: 400 })),
  "member-null": (rs) => rs.map((r) => ({ ...r, members: [null] })),
  cycle: (rs) => { rs[0].members = [rs[0]]; return rs; },
  aliases: (rs) => rs.map((r) => ({ ...r, aliases: 5 })),
  exported: (rs) => rs.map((r) => ({ ...r, exported: "yes" })),
};
export default {
  meta: { name: "junk", version: "1" },
  languages: [{ id: "php-x", extensions: [".php"], grammar: "php", queries: { tags: '${TAGS}' } }],
  apply(hooks) {
    hooks.extract.for("php-x").tap("junk", (rs, ctx) => junk[mode(ctx)]?.(rs));
    hooks.imports.for("php-x").tap("junk", (is, ctx) => (mode(ctx) === "imports-null" ? [null] : undefined));
    hooks.callbacks.for("php-x").tap("junk", (cs, ctx) => (mode(ctx) === "callbacks-null" ? [null] : undefined));
    hooks.flags.for("php-x").tap("junk", (fs, r, ctx) => (mode(ctx) === "flags-newline" ? ["a\\nb"] : undefined));
    if (process.env.JUNK_RANK === "throw") hooks.rank.tap("junk", () => { throw new Error("rank boom"); });
    else if (process.env.JUNK_RANK) hooks.rank.tap("junk", () => Infinity);
  },
};
`;

const EXPECTED: [string, RegExp][] = [
  ["nan", /extract tap "junk" returned a record \(item 0, f\) with lines NaN-NaN \(lines are whole numbers\)/],
  ["inverted", /extract tap "junk" returned a record \(item 0, f\) with endLine 3 before its startLine 5/],
  ["fraction", /extract tap "junk" returned a record \(item 0, f\) with lines 1\.5-3 \(lines are whole numbers\)/],
  ["past", /extract tap "junk" returned a record \(item 0, f\) with endLine 400 past the file's last line \(4\)/],
  ["member-null", /extract tap "junk" returned an array whose item 0, f → member item 0 is null; expected records/],
  ["cycle", /extract tap "junk" returned a record \(item 0, f → member item 0, f\) that is its own member \(a cycle\)/],
  ["aliases", /extract tap "junk" returned a record \(item 0, f\) with aliases number 5 \(an array of strings\)/],
  ["exported", /extract tap "junk" returned a record \(item 0, f\) with exported "yes" \(a boolean\)/],
  ["imports-null", /imports tap "junk" returned an array whose item 0 is null; expected import records/],
  ["callbacks-null", /callbacks tap "junk" returned an array whose item 0 is null; expected callback records/],
  ["flags-newline", /flags tap "junk" returned an array \("a\\nb"\); expected an array of flag strings \(non-empty, one line each\)/],
];

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "pilens-badpack-"));
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "pack"));
  writeFileSync(join(root, "pack", "index.mjs"), PACK);
  writeFileSync(join(root, ".pilensrc.json"), JSON.stringify({ packs: ["./pack/index.mjs"] }));
  for (const name of [...EXPECTED.map(([n]) => n), "ok"]) writeFileSync(join(root, `${name}.php`), PHP);
  return root;
}

const cli = (root: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: join(root, ".cache"), ...env } });

describe("CLI: a pack's taps returning junk", () => {
  const root = project();

  it("each file of the batch gets its line: the hook, the tap and the bad item named, served by the next pack; the files after it still reported", () => {
    const files = [...EXPECTED.map(([n]) => `${n}.php`), "ok.php"];
    const r = cli(root, ["report", ...files, "--view", "json"]);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { path: string; available: boolean; warnings?: string[]; api?: { name: string; startLine: number; endLine: number }[] });
    expect(lines.map((l) => l.path)).toEqual(files);
    for (const [i, [name, said]] of EXPECTED.entries()) {
      const l = lines[i]!;
      expect(l.available, name).toBe(true);
      expect(l.warnings?.join("\n"), name).toMatch(new RegExp(`analysis failed in pack junk \\(\\./pack/index\\.mjs\\) \\(php-x\\): ${said.source} — served by pack generic instead`));
      // (The built-in pack's outline: lines as declared.)
      expect(l.api?.find((e) => e.name === "f"), name).toMatchObject({ startLine: 3, endLine: 3 });
    }
    expect(lines.at(-1)!.warnings?.join("\n") ?? "").not.toMatch(/analysis failed/);
    expect(r.status).toBe(0);
  });

  it("a read of a file whose records have no valid lines reads the next pack's record, not an empty NaN-NaN read", () => {
    const r = cli(root, ["read", "nan.php", "f"]);
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("function f  nan.php:2-3");
    expect(r.stdout).toContain("function f($a) { return array_map(fn($x) => $x, $a); }");
    expect(r.stdout).toMatch(/with lines NaN-NaN \(lines are whole numbers\) — served by pack generic instead/);
  });

  it("a rank tap returning Infinity or throwing: said once per report, the ranking made without it, the batch whole", () => {
    type Line = { available: boolean; warnings?: string[]; recommendedReads?: { symbol: string }[] };
    const run = (env: Record<string, string>) => cli(root, ["report", "ok.php", "fraction.php", "ok.php", "--view", "json"], env).stdout.trim().split("\n").map((l) => JSON.parse(l) as Line);
    const [plain, junk] = [run({}), run({ JUNK_RANK: "1" })];
    expect(junk.map((l) => l.available)).toEqual([true, true, true]);
    for (const [i, l] of junk.entries()) {
      expect(l.warnings?.filter((w) => w.includes('rank tap "junk"'))).toEqual(['rank tap "junk" returned number Infinity; expected a finite number — recommendedReads ranked without that tap']);
      expect(l.recommendedReads).toEqual(plain[i]!.recommendedReads);
    }
    // (fraction.php is served by the built-in pack: its exported symbols are recommended.)
    expect(junk[1]!.recommendedReads?.map((x) => x.symbol)).toContain("f");
    // A rank tap that throws had ended the batch with nothing printed.
    const threw = run({ JUNK_RANK: "throw" });
    expect(threw.map((l) => l.available)).toEqual([true, true, true]);
    expect(threw[1]!.warnings).toContainEqual(expect.stringMatching(/^rank tap "junk" threw: rank boom \(\S*pack\/index\.mjs:\d+\) — recommendedReads ranked without that tap$/));
    expect(threw[1]!.recommendedReads).toEqual(plain[1]!.recommendedReads);
  });
});
