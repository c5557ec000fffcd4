/**
 * A project graph shard of valid JSON whose records have another shape, through the real CLI (robustness
 * round, session 48): `report` and `report --blast-radius` had thrown "Cannot convert undefined or null
 * to object" / "rec.imp is not iterable" and ended the whole batch. Now the report is made without the
 * graph and says why, the shard is dropped, and the next `pilens index` writes it again.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const bin = join(repoRoot, "bin", "pilens.cjs");

type Report = { path: string; available: boolean; warnings?: string[]; api?: { name: string; usedBy?: unknown[] }[]; blastRadius?: { files: { file: string }[] }; provenance?: { blastRadius?: string } };

function setup() {
  const root = mkdtempSync(join(tmpdir(), "pilens-badcache-"));
  const cache = join(root, ".cache");
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, "a.ts"), "export function foo(x: number): number {\n  return x + 1;\n}\n");
  writeFileSync(join(root, "use.ts"), 'import { foo } from "./a";\nexport const y = foo(1);\n');
  writeFileSync(join(root, "other.ts"), "export const z = 2;\n");
  const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: cache } });
  const reports = (...args: string[]) => cli("report", ...args, "--view", "json").stdout.trim().split("\n").map((l) => JSON.parse(l) as Report);
  /** Replace one file's record in the shard that holds it. */
  const spoil = (rel: string, value: unknown) => {
    const [dir] = readdirSync(cache).filter((d) => d !== "v8");
    for (const name of readdirSync(join(cache, dir!)).filter((n) => n.startsWith("refs-"))) {
      const shard = JSON.parse(readFileSync(join(cache, dir!, name), "utf8")) as Record<string, unknown>;
      if (rel in shard) return writeFileSync(join(cache, dir!, name), JSON.stringify({ ...shard, [rel]: value }));
    }
    throw new Error(`no shard holds ${rel}`);
  };
  return { cli, reports, spoil };
}

describe("CLI: a graph shard whose records have the wrong shape", () => {
  it("report: the file reported without the graph, saying why; the batch goes on; the next index repairs it", () => {
    const { cli, reports, spoil } = setup();
    expect(cli("index").status).toBe(0);
    spoil("a.ts", 5);
    const [a, other] = reports("a.ts", "other.ts");
    expect([a?.path, a?.available, other?.path, other?.available]).toEqual(["a.ts", true, "other.ts", true]);
    expect(a!.warnings?.join("\n")).toMatch(/project graph unreadable \(graph cache entry of a\.ts in refs-\S+ has a bad shape \(not an object\)\) — run `pilens index` to rebuild it/);
    expect(a!.api?.map((e) => e.name)).toEqual(["foo"]);
    expect(cli("index").status).toBe(0);
    // (In full: a 3-line file's budget leaves its one use as a count, usedByTotal, not a list.)
    const [again] = reports("a.ts", "--detail", "full");
    expect(again!.warnings?.join("\n") ?? "").not.toMatch(/unreadable/);
    expect(again!.api?.[0]?.usedBy).toHaveLength(1);
  });

  it("report --blast-radius: a dependent's bad record makes the blast radius unknown, said, not the report failed", () => {
    const { cli, reports, spoil } = setup();
    expect(cli("index").status).toBe(0);
    expect(reports("a.ts", "--blast-radius")[0]!.blastRadius?.files.map((f) => f.file)).toEqual(["use.ts"]);
    spoil("use.ts", { m: 1, s: 1, imp: null, ref: 5, u: {}, uc: {}, f: {} });
    const [a, other] = reports("a.ts", "other.ts", "--blast-radius");
    expect([a?.available, other?.available]).toEqual([true, true]);
    expect(a!.blastRadius).toBeUndefined();
    expect(a!.provenance?.blastRadius).toBe("unavailable: project graph unreadable");
    expect(a!.warnings?.join("\n")).toMatch(/blast radius unknown: project graph unreadable \(graph cache entry of use\.ts in refs-\S+ has a bad shape \(importers or referrers not lists of files\)\)/);
    expect(cli("index").status).toBe(0);
    expect(reports("a.ts", "--blast-radius")[0]!.blastRadius?.files.map((f) => f.file)).toEqual(["use.ts"]);
  });
});
