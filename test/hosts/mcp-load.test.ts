/**
 * Many concurrent calls through the SDK's own client (robustness round, session 48): every call answered,
 * and no "possible EventEmitter memory leak" warning on the server's stderr — the SDK's transport waits
 * for one `drain` per answer written while stdout is full, and 11 queued answers had printed it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot, serverEnv } from "../helpers.js";

describe("MCP server under many concurrent calls", () => {
  it("answers each, and says no listener leak while its answers wait for stdout to drain", async () => {
    const root = mkdtempSync(join(tmpdir(), "pilens-load-"));
    mkdirSync(join(root, ".git"));
    const big = Array.from({ length: 600 }, (_, i) => `/** Doc ${i}. */\nexport function f${i}(a: number, b: string): Promise<Map<string, number>> {\n  return g(a, b, ${i});\n}\n`).join("");
    writeFileSync(join(root, "big.ts"), big);
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(repoRoot, "bin", "pilens.cjs"), "mcp", "--cwd", root], env: serverEnv({ PILENS_CACHE_DIR: join(root, ".cache") }), stderr: "pipe" });
    let err = "";
    const client = new Client({ name: "load-test", version: "1.0.0" });
    await client.connect(transport);
    transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const calls = Array.from({ length: 60 }, (_, i) => client.callTool({ name: i % 2 ? "pilens_view" : "pilens_module_report", arguments: i % 2 ? { file: "big.ts", mode: "full" } : { file: "big.ts", view: "json", detail: "full" } }));
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.isError).map((a) => JSON.stringify(a).slice(0, 200))).toEqual([]);
    await client.close();
    expect(err).not.toMatch(/MaxListenersExceededWarning|memory leak/);
  }, 60_000);
});
