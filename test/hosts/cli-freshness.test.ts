/**
 * A one-shot CLI answer from a project graph built before files changed (core/graph/freshness.ts): the
 * report or search brings the graph up to date first — usedBy and search had answered from the build as
 * it was, saying nothing of a file added or edited a moment ago. Over CATCH_UP_MAX changed files it
 * answers from the graph as built and says so. Real processes on the built CLI.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
import { tempProject } from "../graph/project.js";

const BIN = join(repoRoot, "bin", "pilens.cjs");

function pilens(dir: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: join(dir, ".cache-pilens") } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

type Report = { path: string; staleness?: string; warnings?: string[]; api: { name: string; usedBy?: { file: string }[] }[] };
const reports = (out: string) => out.trim().split("\n").map((l) => JSON.parse(l) as Report);
const users = (r: Report, name: string) => r.api.find((e) => e.name === name)?.usedBy?.map((u) => u.file) ?? [];
const metaOf = (dir: string) => {
  const base = join(dir, ".cache-pilens");
  const [key] = readdirSync(base).filter((k) => k !== "v8");
  return join(base, key!, "meta.json");
};

const A = "export function helperFn(a: number): number {\n  return a + 1;\n}\n";
const uses = (name: string, from = "./a.js") => `import { ${name} } from "${from}";\n\nexport const v = ${name}(1);\n`;

describe("a one-shot answer from a graph built before the files changed", () => {
  it("report and search see files added, edited and removed since `pilens index`; with nothing changed the graph is left as it is", () => {
    const dir = tempProject({ ".pilensrc": "{}\n", "a.ts": A, "b.ts": uses("helperFn") });
    writeFileSync(join(dir, ".gitignore"), ".cache-pilens/\n");
    expect(pilens(dir, "index").code).toBe(0);
    writeFileSync(join(dir, "c.ts"), uses("helperFn"));
    writeFileSync(join(dir, "d.ts"), "/** Added after the index. */\nexport function laterFn(): void {}\n");
    let r = reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!;
    expect(users(r, "helperFn")).toEqual(["b.ts", "c.ts"]);
    expect(r.warnings ?? []).not.toContainEqual(expect.stringMatching(/graph/));
    expect(pilens(dir, "search", "laterFn").out).toMatch(/^d\.ts:2 {2}function laterFn/);
    // Edited (another size) and removed.
    writeFileSync(join(dir, "b.ts"), "export const v = 2;\n");
    rmSync(join(dir, "c.ts"));
    r = reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!;
    expect(users(r, "helperFn")).toEqual([]);
    // Nothing changed since: no build, no commit.
    const before = statSync(metaOf(dir)).mtimeMs;
    r = reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!;
    expect(statSync(metaOf(dir)).mtimeMs).toBe(before);
    expect(r.warnings ?? []).not.toContainEqual(expect.stringMatching(/graph/));
  });

  it("more changed files than a report brings up to date: it answers from the graph as built and says so", () => {
    const dir = tempProject({ "a.ts": A, "b.ts": uses("helperFn") });
    writeFileSync(join(dir, ".gitignore"), ".cache-pilens/\n");
    expect(pilens(dir, "index").code).toBe(0);
    for (let i = 0; i < 201; i++) writeFileSync(join(dir, `u${i}.ts`), uses("helperFn"));
    const r = reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!;
    expect(users(r, "helperFn")).toEqual(["b.ts"]);
    const said = /^201 files to parse or drop \(\d+(\.\d)? KB\) — added, changed or removed since the project graph was built, and files they affect —, more than a report brings up to date \(200 files, 3\.0 MB\): .* run `pilens index`$/;
    expect(r.warnings).toContainEqual(expect.stringMatching(said));
    expect(r.staleness).toBe("stale");
    // Said again, the files as they are, from what the first report found (it had loaded the graph
    // and given up on every report until \`pilens index\`).
    expect(JSON.parse(readFileSync(join(dirname(metaOf(dir)), "behind.json"), "utf8"))).toMatchObject({ files: 201 });
    expect(reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!.warnings).toContainEqual(expect.stringMatching(said));
    expect(pilens(dir, "index").out).toMatch(/\(201 parsed, 2 unchanged, 0 removed\)/);
    expect(reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!.warnings ?? []).not.toContainEqual(expect.stringMatching(/graph/));
    // Over the bytes a report parses: four files of ~0.9 MB (under the 1 MB index cap) are over 3 MB.
    for (let i = 0; i < 4; i++) writeFileSync(join(dir, `big${i}.ts`), `export const big${i} = [${"1, ".repeat(300_000)}];\n`);
    expect(reports(pilens(dir, "report", "a.ts").out)[0]!.warnings).toContainEqual(expect.stringMatching(/^4 files to parse or drop \(3\.4 MB\)/));
  });

  it("a commit that changed no file: the graph records the new HEAD, and reports stop saying HEAD moved", () => {
    const dir = tempProject({ "a.ts": A, "b.ts": uses("helperFn") });
    writeFileSync(join(dir, ".gitignore"), ".cache-pilens/\n");
    const git = (...args: string[]) => spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: dir, encoding: "utf8" });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "one");
    expect(pilens(dir, "index").code).toBe(0);
    git("commit", "-q", "--allow-empty", "-m", "two");
    for (let k = 0; k < 2; k++) {
      const r = reports(pilens(dir, "report", "a.ts", "--detail", "full").out)[0]!;
      expect(r.warnings ?? []).not.toContainEqual(expect.stringMatching(/HEAD/));
      expect(r.staleness).toBe("fresh");
    }
  });

  it("a large JSON batch on two lanes: the worker thread reports from the graph brought up to date, as the main thread does", () => {
    const files: Record<string, string> = {};
    for (let k = 0; k < 20; k++) {
      const body = Array.from({ length: 110 }, (_, i) => `/**\n * Computes part ${i} of module ${k}: the input scaled, then offset by the module's number.\n */\nexport function part${k}_${i}(input: number, scale = ${i}): number {\n  return input * scale + ${k};\n}\n`);
      files[`src/m${k}.ts`] = body.join("\n");
    }
    const dir = tempProject(files);
    writeFileSync(join(dir, ".gitignore"), ".cache-pilens/\n");
    expect(pilens(dir, "index").code).toBe(0);
    const names = Object.keys(files);
    // (Enough changed files that bringing the graph up to date outlasts the worker's start: a worker that
    // did not wait for it reported from the graph as built.)
    for (let i = 0; i < 120; i++) writeFileSync(join(dir, `src/extra${i}.ts`), files["src/m0.ts"]!.replaceAll("part0_", `extra${i}_`));
    writeFileSync(join(dir, "src/late.ts"), names.map((_, k) => `import { part${k}_0 } from "./m${k}.js";\n`).join("") + `export const all = [${names.map((_, k) => `part${k}_0(1)`).join(", ")}];\n`);
    const out = reports(pilens(dir, "report", ...names, "--detail", "full").out);
    expect(out.map((r) => r.path)).toEqual(names);
    expect(out.map((r) => users(r, r.api[0]!.name))).toEqual(names.map(() => ["src/late.ts"]));
    // Over the cap: every report says so, whichever thread wrote it — as one thread writes it.
    for (let i = 0; i < 201; i++) writeFileSync(join(dir, `src/more${i}.ts`), `export const m${i} = ${i};\n`);
    const aged = (o: string) => o.replace(/built \d+[smhd] ago/g, "built … ago");
    const two = pilens(dir, "report", ...names);
    const one = spawnSync(process.execPath, [BIN, "report", ...names], { cwd: dir, encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: join(dir, ".cache-pilens"), PILENS_REPORT_WORKERS: "0" } });
    expect(aged(two.out)).toBe(aged(one.stdout));
    expect(reports(two.out).map((r) => r.warnings?.some((w) => w.startsWith("201 files to parse or drop")))).toEqual(names.map(() => true));
  });
});
