import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliHints } from "../../hosts/cli/hints.js";
import { repoRoot } from "../helpers.js";

const bin = join(repoRoot, "bin", "pilens.cjs");
const fixture = "test/read-tools/fixtures/server.ts";
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: "utf8" });

describe("CLI output: hints, exit codes, a closed pipe", () => {
  it("a read over --max-lines names the CLI's options and commands, not the agent tools' parameters", () => {
    const r = cli("read", fixture, "Server", "--max-lines", "3");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/over --max-lines 3: outline of \d+ nested symbol/);
    expect(r.stdout).toContain(`read one with pilens read ${fixture} Server.`);
    expect(r.stdout).toContain(`pilens view ${fixture} --offset N --limit N`);
    expect(r.stdout).not.toMatch(/maxLines|read_symbol|onOversize|view offset/);
    // The same in --json (a script reads the note too).
    const json = JSON.parse(cli("read", fixture, "Server", "--max-lines", "3", "--json").stdout) as { note: string };
    expect(json.note).toContain("--max-lines 3");
  });

  it("--on-oversize error: the symbol is not read, exit 1, the note on stderr", () => {
    const r = cli("read", fixture, "Server", "--max-lines", "3", "--on-oversize", "error");
    expect([r.status, r.stdout]).toEqual([1, ""]);
    expect(r.stderr).toContain("pass --on-oversize outline (its nested symbols) or --on-oversize slice (its first lines)");
    const e = cli("enclosing", fixture, "60", "--max-lines", "3", "--on-oversize", "error");
    expect([e.status, e.stdout]).toEqual([1, ""]);
    expect(e.stderr).toMatch(/Server\.handleRequest is \d+ lines, over --max-lines 3/);
    // read_enclosing's default is a slice around the line, and the note names the outline as an option.
    const d = cli("enclosing", fixture, "60", "--max-lines", "3");
    expect(d.status).toBe(0);
    expect(d.stdout).toMatch(/partial: lines \d+-\d+ of Server\.handleRequest .*; --on-oversize outline lists its nested symbols/);
  });

  it("a slice's and a capped report's notes are in CLI terms; a line outside every symbol is a miss on stderr (QA round Z F8, F9)", () => {
    const r = cli("read", fixture, "Server", "--max-lines", "1", "--on-oversize", "slice");
    expect(r.stdout).toContain(`the rest with pilens view ${fixture} --offset 39 --limit 36`);
    const big = cli("report", "core/engine.ts", "--view", "compact", "--max-bytes", "800");
    expect(big.stdout).toMatch(/continue with --offset \d+ — or --focus <names>, pilens read or pilens search/);
    const e = cli("enclosing", fixture, "1");
    expect([e.status, e.stdout]).toEqual([1, ""]);
    expect(e.stderr).toMatch(/^pilens: not enclosed: /);
  });

  it("read --help and enclosing --help say what the arguments mean and their defaults", () => {
    const read = cli("read", "--help");
    expect(read.status).toBe(0);
    for (const s of ["name@line", "events.on@164", "(default 1000)", "outline (default", "slice", "error (not printed; exit 1)", "constructor, class"]) expect(read.stdout, s).toContain(s);
    const enc = cli("enclosing", "--help");
    expect(enc.status).toBe(0);
    for (const s of ["(default 300)", "slice (default", "default 80", "outline", "function (functions, methods, constructors, callbacks)", "app.js:6:10"]) expect(enc.stdout, s).toContain(s);
  });

  it("--version says package.json's version, and the top-level help names it", () => {
    const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
    const r = cli("--version");
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(version);
    expect(cli("--help").stdout).toContain("pilens --version");
  });

  it("report, view, search and index --help say what each option means and its default, as read's does", () => {
    const expected: Record<string, string[]> = {
      report: ["--view VIEW", "json (default", "--detail MODE", "--focus TEXT", "--offset LINE", "--max-bytes N", "(default none)", "--max-refs N", "(default 10", "--blast-radius", "--depth N", "(default 3, at most 6)"],
      view: ["--mode MODE", "auto (default", "--offset N", "--limit N", "--json"],
      search: ["<query>", "--limit N", "(default 20)", "--paths GLOB", "leading !", "--lang ID|EXT", "--json"],
      index: ["--rebuild", "--json", "Ctrl-C"],
    };
    for (const [command, strings] of Object.entries(expected)) {
      const r = cli(command, "--help");
      expect(r.status, command).toBe(0);
      for (const s of strings) expect(r.stdout, `${command}: ${s}`).toContain(s);
    }
  });

  it("a file that cannot be reported says what to run instead in CLI terms", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-min-"));
    writeFileSync(join(dir, "bundle.min.js"), `var a=${JSON.stringify("x".repeat(1_100_000))};function f(){return a}\n`);
    const r = spawnSync(process.execPath, [bin, "report", "bundle.min.js"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("too big to outline — pilens read or pilens enclosing read one function of it");
    expect(r.stderr).toContain("pilens view bundle.min.js --offset N --limit N a window");
    expect((JSON.parse(r.stdout) as { error: string }).error).not.toMatch(/read_symbol|view offset/);
  });

  it("rewrites each hint form, quoting a path the shell would split", () => {
    expect(cliHints("read one with read_symbol (A.b) or a window with view offset/limit", "my dir/a.ts")).toBe(
      "read one with pilens read 'my dir/a.ts' A.b or a window with pilens view 'my dir/a.ts' --offset N --limit N",
    );
    expect(cliHints("the rest from line 158: view offset=158 mode signatures", "a.ts")).toBe("the rest from line 158: pilens view a.ts --offset 158 --mode signatures");
    expect(cliHints("list its symbols with module_report (CLI: pilens report a.ts --view compact)", "a.ts")).toBe("list its symbols with pilens report a.ts --view compact");
    expect(cliHints("continue with offset=41 — or focus <names>, read_symbol or symbol_search", "a.ts")).toBe("continue with --offset 41 — or --focus <names>, pilens read or pilens search");
  });

  it("a batch whose output pipe closes stops there (`| head -c 1`), not after its last file", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-pipe-"));
    writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
    const missing = Array.from({ length: 3000 }, (_, i) => `missing-${i}.ts`);
    writeFileSync(join(dir, "list"), ["a.ts", ...missing].join("\n"));
    // Each missing file is a line on stderr as it is reached: the count says how far the batch went.
    const r = spawnSync("sh", ["-c", `xargs -a list "${process.execPath}" "${bin}" report 2>err | head -c 1 >/dev/null; wc -l < err`], { cwd: dir, encoding: "utf8" });
    // (Well short of the 3,000 a batch deaf to the closed pipe reaches; not a tight bound: each missing file costs a
    // stat, and on a loaded machine — helpers' suites running side by side — ~100 had been passed before the EPIPE came.)
    expect(Number(r.stdout.trim())).toBeLessThan(1000);
  });

  it("--cwd naming no folder (or a file) is an error naming it, exit 1 — not an empty project (index 0 files, search no matches, an MCP server serving nothing)", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-cwd-"));
    writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
    const missing = join(dir, "nope");
    const env = { ...process.env, PILENS_CACHE_DIR: join(dir, ".cache") };
    const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: "utf8", env, input: "" });
    for (const args of [["index"], ["search", "a"], ["report", "a.ts"], ["read", "a.ts", "a"], ["enclosing", "a.ts", "1"], ["view", "a.ts"], ["mcp"]]) {
      const r = run(...args, "--cwd", missing);
      expect([r.status, r.stdout, r.stderr.trim()], args[0]).toEqual([1, "", `pilens ${args[0]}: --cwd ${missing}: no such folder (${missing})`]);
    }
    const file = run("index", "--cwd", join(dir, "a.ts"));
    expect([file.status, file.stderr.trim()]).toEqual([1, `pilens index: --cwd ${join(dir, "a.ts")}: is a file, not a folder (${join(dir, "a.ts")})`]);
    expect(run("report", "a.ts", "--cwd", ".", "--view", "compact").status).toBe(0);
  });

  it("--max-bytes under the report's own fields: said so, not \"line 1 alone declares more than fits\" (robustness round, session 48)", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-cap-"));
    writeFileSync(join(dir, "a.ts"), "export function foo(x: number): number {\n  return x + 1;\n}\nexport class Bar {\n  baz() { return foo(2); }\n}\n");
    const run = (...args: string[]) => spawnSync(process.execPath, [bin, "report", "a.ts", ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: join(dir, ".cache") } });
    const tiny = JSON.parse(run("--max-bytes", "400").stdout) as { api: unknown[]; warnings: string[] };
    expect(tiny.api).toEqual([]);
    expect(tiny.warnings.at(-1)).toMatch(/^outline capped at one read \(400 bytes\): the report's own fields take [\d,]+ — no symbol fits under the cap at all; raise it$/);
    expect(tiny.warnings.join("\n")).not.toMatch(/alone declares/);
    // A cap the whole report fits in: no note.
    expect((JSON.parse(run("--max-bytes", "5000").stdout) as { warnings: string[] }).warnings.join("\n")).not.toMatch(/capped/);
  });

  it("index: a FIFO or a link to /dev/zero named x.js in a lib/ beside src/ is no file to read (robustness round, session 48: the FIFO blocked the index for ever, the link read until memory ran out)", () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-special-"));
    mkdirSync(join(dir, ".git"));
    mkdirSync(join(dir, "src"));
    mkdirSync(join(dir, "lib"));
    writeFileSync(join(dir, "src", "a.ts"), "export const a = 1;\n");
    execFileSync("mkfifo", [join(dir, "lib", "pipe.js")]);
    symlinkSync("/dev/zero", join(dir, "lib", "zero.js"));
    const r = spawnSync(process.execPath, [bin, "index"], { cwd: dir, encoding: "utf8", timeout: 20_000, killSignal: "SIGKILL", env: { ...process.env, PILENS_CACHE_DIR: join(dir, ".cache") } });
    expect([r.signal, r.status], r.stderr).toEqual([null, 0]);
    expect(r.stdout).toMatch(/^indexed 1 file in /);
  });
});
