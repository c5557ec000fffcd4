/**
 * The MCP server end to end: the SDK's own Client over stdio spawning `node bin/pilens.cjs mcp`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { repoRoot, serverEnv } from "../helpers.js";
import { DEFAULT_AROUND } from "../../core/read-enclosing.js";
import { makeProject, type TempProject } from "./project.js";

type Text = { type: string; text: string };
const text = (r: unknown) => ((r as { content: Text[] }).content[0]!.text);

let project: TempProject;
let client: Client;
let stderr = "";

beforeAll(async () => {
  project = makeProject();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(repoRoot, "bin", "pilens.cjs"), "mcp", "--cwd", project.root],
    env: serverEnv(),
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d) => (stderr += String(d)));
  client = new Client({ name: "pilens-test", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

describe("pilens mcp", () => {
  it("lists the shared tools, read-only, within the token budget", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["pilens_module_report", "pilens_read_symbol", "pilens_read_enclosing"]));
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint).toBe(true);
      // `cwd` where a path is relative to it, said for what: a file, or symbol_search's paths.
      const cwd = (t.inputSchema.properties as Record<string, { description?: string }> | undefined)?.cwd;
      if (t.name === "pilens_savings") expect(cwd, t.name).toBeUndefined();
      else expect(cwd?.description, t.name).toMatch(t.name === "pilens_symbol_search" ? /^Folder `paths` are relative to/ : /^Folder the file path is relative to/);
    }
    const depth = (tools.find((t) => t.name === "pilens_module_report")!.inputSchema.properties as Record<string, { maximum?: number }>).blastRadiusDepth;
    expect(depth?.maximum).toBe(6);
    // Whole numbers are `integer`s; an upper bound only where the parameter has one (not JavaScript's largest safe
    // integer on every one: ~80 tokens of every request).
    for (const t of tools) {
      for (const [name, p] of Object.entries((t.inputSchema.properties ?? {}) as Record<string, { type?: string; maximum?: number }>)) {
        if (p.type === "integer") expect(p.maximum ?? 0, `${t.name}.${name}`).toBeLessThan(1000);
      }
    }
    const report = tools.find((t) => t.name === "pilens_module_report")!;
    expect(report.inputSchema.required).toEqual(["file"]);
    // A size parameter says its unit and default (a model otherwise guesses: `aroundLine` had read "Window size for slice").
    const props = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { description?: string }>;
    expect(props("pilens_read_enclosing").aroundLine?.description).toMatch(new RegExp(`^Lines .*\\(default ${DEFAULT_AROUND}\\)`));
    expect(props("pilens_read_enclosing").maxLines?.description).toMatch(/in lines \(default 300\)/);
    expect(props("pilens_view").limit?.description).toMatch(/default to the end; one answer holds at most 2000 lines \/ 50 KB/);
    const tokens = encode(JSON.stringify(tools)).length;
    expect(tokens).toBeLessThanOrEqual(2500);
  });

  it("says the package's version in its handshake, as `pilens --version` does", () => {
    const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
    expect(client.getServerVersion()).toEqual({ name: "pilens", version });
  });

  it("module_report's view description is honest about json on small files and points at compact (QA V F5)", async () => {
    const { tools } = await client.listTools();
    const view = (tools.find((t) => t.name === "pilens_module_report")!.inputSchema.properties as Record<string, { description?: string }>).view!.description!;
    // The default json of a small file is larger than the file itself (measured here), and the description says so.
    const file = readFileSync(join(project.root, "src", "service.ts"), "utf8");
    const json = text(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts" } })).split("\n").slice(1).join("\n");
    const compact = text(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts", view: "compact" } }));
    expect(encode(json).length).toBeGreaterThan(encode(file).length);
    expect(encode(compact).length).toBeLessThan(encode(json).length);
    expect(view).toMatch(/^json \(default;[^|]*more than the file itself for most small ones\) \| compact \([^|]*use it for small files/);
    expect(view).not.toMatch(/~1\/6 to 2\/3 of the file on dense code/);
  });

  it("answers module_report with a summary line then compact JSON", async () => {
    const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts", detail: "full" } });
    expect(r.isError).toBeFalsy();
    const [summary, body] = [text(r).split("\n")[0]!, text(r).split("\n").slice(1).join("\n")];
    expect(summary).toBe("module_report src/service.ts  6 symbols · 2 exported · 1 callback");
    const report = JSON.parse(body);
    expect(report.available).toBe(true);
    expect(report.api.map((e: { name: string }) => e.name)).toEqual(["ConfigStore", "parsePort"]);
    const store = report.api[0];
    expect(store).toMatchObject({ kind: "class", startLine: 5, endLine: 20, doc: "Loads and caches configuration files." });
    expect(store.members.map((m: { name: string }) => m.name)).toEqual(["cache", "load", "clear"]);
    expect(report.internal.map((e: { name: string }) => e.name)).toEqual(["internalOnly"]);
    expect(report.imports).toEqual({ external: ["node:fs/promises"], internal: ["src/util.ts"] });
  });

  it("keeps module_report within its detail budget by default, and says so", async () => {
    const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts" } });
    const report = JSON.parse(text(r).split("\n").slice(1).join("\n"));
    expect(report.detail.more).toMatch(/detail "full"/);
    const names = [...report.api, ...report.internal].flatMap((e: { name?: string; names?: string[] }) => e.names ?? [e.name]);
    expect(names.sort()).toEqual(["ConfigStore", "internalOnly", "parsePort"]);
    expect(text(r).length).toBeLessThan(text(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts", detail: "full" } })).length);
  });

  it("caps module_report of a huge file at one read (50 KB) and continues from the offset it names", async () => {
    const src = Array.from({ length: 2500 }, (_, i) => `/** Option set ${i}. */\nexport interface Options${i} {\n  size: number;\n  label?: string;\n}\n`).join("\n");
    writeFileSync(join(project.root, "src", "huge.ts"), src);
    const first = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/huge.ts", detail: "full" } });
    expect(first.isError).toBeFalsy();
    const body = text(first).split("\n").slice(1).join("\n");
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(50 * 1024);
    const page = JSON.parse(body);
    expect(page.window.startLine).toBe(1);
    expect(page.warnings.at(-1)).toContain(`continue with offset=${page.window.next}`);
    const last = page.api.at(-1).name as string;
    const second = JSON.parse(text(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/huge.ts", detail: "full", offset: page.window.next } })).split("\n").slice(1).join("\n"));
    expect(second.window.startLine).toBe(page.window.next);
    expect(second.api[0].name).toBe(`Options${Number(last.slice("Options".length)) + 1}`);
  });

  it("answers read_symbol of a symbol over one read with an outline within it", async () => {
    const fns = Array.from({ length: 3000 }, (_, i) => `  /** Handler ${i}. */\n  export function handle${i}(event: string, weight = ${i}): boolean {\n    return event.length > ${i % 9};\n  }`);
    writeFileSync(join(project.root, "src", "bigns.ts"), `export namespace Handlers {\n${fns.join("\n")}\n}\n`);
    const r = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/bigns.ts", symbol: "Handlers", maxLines: 100_000 } });
    expect(r.isError).toBeFalsy();
    const body = text(r).split("\n").slice(1).join("\n");
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(50 * 1024);
    expect(body).toMatch(/^# Handlers is 12,002 lines, over one read \(50 KB\): outline of [\d,]+ nested symbol\(s\) — the first [\d,]+ of 3,000 rows fit one read/m);
  });

  it("points module_report of a non-code file at the read tool", async () => {
    writeFileSync(join(project.root, "NOTES.md"), "# Notes\n\nSome text.\n");
    const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "NOTES.md" } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/no language pack for \.md files .* — read it directly \(pilens_view\): non-code files come whole/);
  });

  it("serves the compact view and resolves `cwd`", async () => {
    const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "service.ts", cwd: "src", view: "compact", detail: "full" } });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain("API:");
    expect(text(r)).toMatch(/\n\s*5-20\s+class\s+ConfigStore/);
  });

  it("reads a symbol by qualified name", async () => {
    const r = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/service.ts", symbol: "ConfigStore.load" } });
    expect(r.isError).toBeFalsy();
    const lines = text(r).split("\n");
    // (The text's header line, `method ConfigStore.load  src/service.ts:8-15`, is the summary's.)
    expect(lines[0]).toBe("read_symbol method ConfigStore.load  src/service.ts:8-15 · 8 lines");
    expect(lines[1]).toBe("  /** Read one file, cached. */");
    expect(lines.at(-1)).toBe("  }");
  });

  it("reads an oversize symbol as its outline or its first lines, and says which in the summary", async () => {
    const call = (args: Record<string, unknown>) => client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/service.ts", ...args } });
    const outline = text(await call({ symbol: "ConfigStore", maxLines: 5 })).split("\n");
    expect(outline[0]).toBe("read_symbol class ConfigStore  src/service.ts:4-20 (outline only) · oversize 17 lines, outline");
    expect(outline[1]).toMatch(/^# ConfigStore is 17 lines, over maxLines 5: outline of 3 nested symbol\(s\); bodies not shown — read one with read_symbol \(ConfigStore\.load\)/);
    // The class's doc comment first (its usage notes), then its head and the members.
    expect(outline.slice(2)).toEqual(["/** Loads and caches configuration files. */", "# class ConfigStore", "  6-6  property  cache  private cache = …", expect.stringMatching(/^  8-15  method  load/), "  17-19  method  clear  clear(): void"]);
    // A body that declares nothing: its first lines, said as a slice.
    const slice = text(await call({ symbol: "parsePort", maxLines: 2 })).split("\n");
    expect(slice[0]).toBe("read_symbol function parsePort  src/service.ts:22-23 · oversize 5 lines, slice");
    expect(slice.slice(-2)).toEqual(["export function parsePort(value: string): number {", "  const n = Number(value);"]);
    const enclosing = await client.callTool({ name: "pilens_read_enclosing", arguments: { file: "src/service.ts", line: 24, maxLines: 2, aroundLine: 2, onOversize: "outline" } });
    expect(text(enclosing).split("\n")[0]).toBe("read_enclosing function parsePort  src/service.ts:24-25 · oversize 5 lines, slice");
    // Same-named symbols of one kind are picked by line, not by kind.
    writeFileSync(join(project.root, "src", "two.py"), "class A:\n    def __init__(self):\n        pass\n\n\nclass B:\n    def __init__(self):\n        pass\n");
    const amb = text(await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/two.py", symbol: "__init__" } }));
    // (The summary does not repeat the note under it, which says how many and how to pick: QA V F13.)
    expect(amb.split("\n").slice(0, 2)).toEqual([
      "read_symbol constructor A.__init__  src/two.py:2-3 · 2 lines",
      expect.stringMatching(/^# 2 symbols match __init__; showing .* — others: B\.__init__@7 \(constructor 7-8\); pass name@line \(as listed\) to pick one$/),
    ]);
  });

  it("reads the symbol enclosing a line", async () => {
    const r = await client.callTool({ name: "pilens_read_enclosing", arguments: { file: "src/service.ts", line: 24 } });
    expect(r.isError).toBeFalsy();
    const lines = text(r).split("\n");
    expect(lines[0]).toBe("read_enclosing function parsePort  src/service.ts:22-26");
    expect(lines).toContain('  if (!Number.isInteger(n) || n <= 0) throw new Error("bad port");');
    const bad = await client.callTool({ name: "pilens_read_enclosing", arguments: { file: "src/service.ts", line: 0 } });
    expect(bad.isError).toBe(true);
  });

  it("gives isError results, never a crash", async () => {
    const outside = await client.callTool({ name: "pilens_module_report", arguments: { file: project.outside } });
    expect(outside.isError).toBe(true);
    expect(text(outside)).toMatch(/outside the project root/);
    const escape = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "../secret.ts", symbol: "token" } });
    expect(escape.isError).toBe(true);
    expect(text(escape)).toMatch(/outside the project root/);
    // …and a cwd outside it, for a tool without a file argument too.
    const away = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", cwd: "/etc" } });
    expect([away.isError, text(away)]).toEqual([true, expect.stringMatching(/outside the project root/)]);
    const missing = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/nope.ts" } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/file not found/);
    for (const line of text(missing).split("\n")) expect(line.match(/nope\.ts/g)?.length ?? 0, line).toBeLessThanOrEqual(1); // the path said once a line
    const unknown = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/service.ts", symbol: "parsePrt" } });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/did you mean parsePort/);
    const bad = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/service.ts" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/symbol/);
    for (const args of [{ blastRadius: true, blastRadiusDepth: 50 }, { maxRefsPerSymbol: 2.5 }]) {
      const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts", ...args } });
      expect([r.isError, text(r)], JSON.stringify(args)).toEqual([true, expect.stringMatching(/(too big|expected int|whole number).*(blastRadiusDepth|maxRefsPerSymbol)/i)]);
    }
    const badView = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts", view: "fancy" } });
    expect(badView.isError).toBe(true);
    expect(text(badView)).toMatch(/unknown view "fancy"/);
    // Still serving after all of that.
    const ok = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/util.ts", symbol: "helper" } });
    expect(ok.isError).toBeFalsy();
  });

  it("answers 24 concurrent calls correctly", async () => {
    const calls = Array.from({ length: 24 }, (_, i) => {
      const kind = i % 3;
      if (kind === 0) return client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/service.ts", symbol: "parsePort" } });
      if (kind === 1) return client.callTool({ name: "pilens_read_symbol", arguments: { file: "src/util.ts", symbol: "helper" } });
      return client.callTool({ name: "pilens_module_report", arguments: { file: i % 2 ? "src/service.ts" : "src/util.ts", view: "summary" } });
    });
    const results = await Promise.all(calls);
    results.forEach((r, i) => {
      expect(r.isError, text(r)).toBeFalsy();
      const t = text(r);
      const kind = i % 3;
      if (kind === 0) expect(t.split("\n")[0]).toBe("read_symbol function parsePort  src/service.ts:22-26 · 5 lines");
      else if (kind === 1) expect(t.split("\n")[0]).toBe("read_symbol function helper  src/util.ts:1-3 · 3 lines");
      else {
        const file = i % 2 ? "src/service.ts" : "src/util.ts";
        expect(t.split("\n")[0]).toContain(`module_report ${file}`);
        expect(JSON.parse(t.split("\n").slice(1).join("\n")).path).toBe(file);
      }
    });
  });

  it("logs to stderr only", () => {
    expect(stderr).toContain("serving");
  });
});
