/**
 * A file whose name holds a newline: the command line's text shows it quoted and escaped (`"x\ny.ts"`,
 * hosts/cli/shown-paths.ts) — it had split the compact header, a read's header, errors and a batch's
 * lines in two. JSON output is left as it is (JSON escapes it).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../hosts/cli/main.js";

const NAMED = "x\ny.ts";
const SHOWN = JSON.stringify(NAMED);

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (s) => (out += s + "\n"), err: (s) => (err += s + "\n") });
  return { code, out, err };
}

describe("CLI text: a path with a newline in its name", () => {
  const dir = mkdtempSync(join(tmpdir(), "pilens-ctl-"));
  process.env.PILENS_CACHE_DIR = mkdtempSync(join(tmpdir(), "pilens-ctl-cache-"));
  writeFileSync(join(dir, "package.json"), "{}");
  writeFileSync(join(dir, "lib.ts"), "export function format(n: number): string {\n  return String(n);\n}\n");
  writeFileSync(join(dir, NAMED), "import { format } from './lib'\nexport function show(n: number) {\n  return format(n);\n}\n");

  it("headers, batch lines, reads and errors keep the path on one line", async () => {
    const one = await run(["report", join(dir, NAMED), "--view", "compact", "--cwd", dir]);
    expect(one.code).toBe(0);
    expect(one.out.split("\n")[0]).toMatch(new RegExp(`^${SHOWN.replace(/\\/g, "\\\\")} typescript 4L`));
    const batch = await run(["report", join(dir, NAMED), join(dir, "lib.ts"), "--view", "compact", "--cwd", dir]);
    expect(batch.out).toContain(`${SHOWN} typescript`);
    expect(batch.out).not.toContain(NAMED);
    const read = await run(["read", join(dir, NAMED), "show", "--cwd", dir]);
    expect(read.out.split("\n")[0]).toBe(`function show  ${SHOWN}:2-4`);
    const miss = await run(["read", join(dir, NAMED), "nosuch", "--cwd", dir]);
    expect(miss.code).toBe(1);
    expect(miss.err).toContain(`not found: nosuch in ${SHOWN}`);
    expect(miss.err).not.toContain(NAMED);
    const gone = await run(["report", join(dir, "gone\nz.ts"), "--view", "compact", "--cwd", dir]);
    expect(gone.err.split("\n")[0]).toBe(`pilens: ${JSON.stringify(join(dir, "gone\nz.ts"))}: file not found: ${JSON.stringify(join(dir, "gone\nz.ts"))}`);
  });

  it("paths from the graph too: a use, a search hit; JSON as it was", async () => {
    expect((await run(["index", "--cwd", dir])).code).toBe(0);
    const lib = await run(["report", join(dir, "lib.ts"), "--view", "compact", "--detail", "full", "--cwd", dir]);
    expect(lib.out).toContain(`used by ${SHOWN}`);
    expect(lib.out).not.toContain(NAMED);
    const read = await run(["read", join(dir, "lib.ts"), "format", "--cwd", dir]);
    expect(read.out.split("\n")[1]).toBe(`# used by 1 in 1 file: ${SHOWN}:3 show`);
    const hits = await run(["search", "show", "--cwd", dir]);
    expect(hits.out).toContain(`${SHOWN}:2-4  function show`);
    const json = await run(["report", join(dir, NAMED), "--view", "json", "--cwd", dir]);
    expect((JSON.parse(json.out) as { path: string }).path).toBe(NAMED);
  });

  it("index warnings naming a file (a pack that failed on it, a binary file) keep it on one line", async () => {
    const root = mkdtempSync(join(tmpdir(), "pilens-ctl-pack-"));
    mkdirSync(join(root, ".git"));
    mkdirSync(join(root, "pack"));
    writeFileSync(join(root, "pack", "index.mjs"), `export default {
  meta: { name: "boom", version: "1" },
  languages: [{ id: "php-x", extensions: [".php"], grammar: "php", queries: { tags: '(function_definition name: (name) @name) @definition.function' } }],
  apply(hooks) { hooks.extract.for("php-x").tap("boom", () => { throw new Error("boom"); }); },
};
`);
    writeFileSync(join(root, ".pilensrc.json"), JSON.stringify({ packs: ["./pack/index.mjs"] }));
    writeFileSync(join(root, "x\ny.php"), "<?php\nfunction fmt() {}\n");
    // (A NUL: binary, no outline in the graph — said naming the file.)
    writeFileSync(join(root, "bi\nn.ts"), "export const a = 1;\0\n");
    const index = await run(["index", "--cwd", root]);
    expect(index.code).toBe(0);
    const warning = index.err.split("\n").find((l) => l.includes("pack boom"));
    expect(warning).toMatch(/threw: boom .*— 1 file \(first: "x\\ny\.php"\) served by pack generic instead$/);
    expect(index.err).not.toContain("x\ny.php");
    expect(index.err).toMatch(/pilens index: warning: 1 file\(s\) have no outline in the graph \(first: "bi\\nn\.ts": .+\)$/m);
    expect(index.err).not.toContain("bi\nn.ts");
    const json = JSON.parse((await run(["index", "--rebuild", "--json", "--cwd", root])).out) as { warnings: string[] };
    expect(json.warnings.join("\n")).toContain(`(first: ${JSON.stringify("x\ny.php")})`);
  });
});
