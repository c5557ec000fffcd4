/**
 * The path parameter under another tool's spelling, through the MCP server (SDK client over stdio) and pi
 * itself (headless, scripted faux model): MCP's tools take `file`, pi's `path`, and agents send `path`,
 * `file_path` (Claude Code's Read) or `filePath` — each read as the host's own; two spellings naming
 * different files are an error naming both, never one picked silently (hosts/shared/path-spelling.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";
import { openPiSession } from "./pi-session.js";

let project: TempProject;
let client: Client;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;

beforeAll(async () => {
  project = makeProject();
  client = await connectMcp(project.root, "pilens-path-spelling-test");
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-spell-home-"));
  faux = registerFauxProvider();
});

afterAll(async () => {
  await client?.close();
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("the path parameter as other tools spell it", () => {
  it("MCP: `path`, `file_path` and `filePath` are read as `file`; two different files are an error", async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await client.callTool({ name: `pilens_${name}`, arguments: args })) as { isError?: boolean };
      return { isError: r.isError === true, first: text(r).split("\n")[0]! };
    };
    const read = "read_symbol function parsePort  src/service.ts:22-26 · 5 lines";
    expect(await call("read_symbol", { file: "src/service.ts", symbol: "parsePort" })).toEqual({ isError: false, first: read });
    expect(await call("read_symbol", { path: "src/service.ts", symbol: "parsePort" })).toEqual({ isError: false, first: read });
    expect(await call("read_symbol", { file_path: "src/service.ts", symbol: "parsePort" })).toEqual({ isError: false, first: read });
    expect(await call("read_symbol", { filePath: "src/service.ts", symbol: "parsePort" })).toEqual({ isError: false, first: read });
    // The same file under two spellings is that file.
    expect(await call("read_symbol", { file: "src/service.ts", path: "src/service.ts", symbol: "parsePort" })).toEqual({ isError: false, first: read });
    expect((await call("module_report", { file_path: "src/util.ts", view: "compact" })).first).toMatch(/^module_report src\/util\.ts  /);
    expect((await call("read_enclosing", { path: "src/util.ts", line: 2 })).first).toMatch(/^read_enclosing function helper  src\/util\.ts:1-3/);
    expect((await call("view", { file_path: "src/util.ts" })).first).toMatch(/^view src\/util\.ts full 1-3 of 3/);
    // Two files: which one was meant is unknown — said, naming both and the parameter to use.
    const two = await call("read_symbol", { file: "src/service.ts", path: "src/util.ts", symbol: "helper" });
    expect(two).toEqual({ isError: true, first: 'read_symbol error: bad arguments: file "src/service.ts", path "src/util.ts" name different files — pass one path, as `file`' });
    // The server goes on.
    expect((await call("read_symbol", { path: "src/util.ts", symbol: "helper" })).first).toMatch(/^read_symbol function helper  src\/util\.ts:1-3/);
  });

  it("pi: `file` and `file_path` are read as `path`, by pilens' tools and its read; two different files are an error", async () => {
    const pi = await openPiSession(project.root, faux);
    const call = (id: string, tool: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" });
    const done = await pi.prompt([
      call("c01", "read_symbol", { file: "src/service.ts", symbol: "parsePort" }),
      call("c02", "module_report", { file_path: "src/util.ts", view: "compact" }),
      call("c03", "read", { file_path: "src/util.ts" }),
      call("c04", "read", { file: "src/util.ts", path: "src/service.ts" }),
      call("c05", "read_enclosing", { path: "src/util.ts", file: "src/service.ts", line: 2 }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    const [symbol, report, read, twoRead, twoEnclosing] = done;
    expect([symbol!.isError, symbol!.text.split("\n")[0]]).toEqual([false, "read_symbol function parsePort  src/service.ts:22-26 · 5 lines"]);
    expect([report!.isError, report!.text.split("\n")[0]]).toEqual([false, expect.stringMatching(/^module_report src\/util\.ts  /)]);
    expect([read!.isError, read!.text]).toEqual([false, expect.stringContaining("export function helper(s: string): string {")]);
    expect([twoRead!.isError, twoRead!.text]).toEqual([true, 'bad arguments: path "src/service.ts", file "src/util.ts" name different files — pass one path, as `path`']);
    expect([twoEnclosing!.isError, twoEnclosing!.text]).toEqual([true, 'bad arguments: path "src/util.ts", file "src/service.ts" name different files — pass one path, as `path`']);
    pi.session.dispose();
  });
});
