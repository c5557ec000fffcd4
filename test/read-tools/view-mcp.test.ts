/**
 * Read tiers through the MCP server (the SDK's Client over stdio, `pilens mcp`): an unchanged re-read is
 * ≤ 10% of the first read, a re-read after an edit is a diff with the changed line and ≤ 50% of the
 * file, and a second connection never gets a stub for what the first one read.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { repoRoot, serverEnv } from "../helpers.js";

type Text = { type: string; text: string };
const text = (r: unknown) => (r as { content: Text[] }).content[0]!.text;

const root = mkdtempSync(join(tmpdir(), "pilens-view-mcp-"));
mkdirSync(join(root, ".git"));
const file = join(root, "extract.ts");
copyFileSync(join(repoRoot, "core", "extract.ts"), file);

const clients: Client[] = [];
async function connect(): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(repoRoot, "bin", "pilens.cjs"), "mcp", "--cwd", root], env: serverEnv(), stderr: "pipe" });
  const c = new Client({ name: "pilens-view-test", version: "1.0.0" });
  await c.connect(transport);
  clients.push(c);
  return c;
}
afterAll(async () => {
  for (const c of clients) await c.close();
});

describe("pilens_view over MCP", () => {
  it("stubs unchanged re-reads, diffs edits, and keeps sessions per connection", async () => {
    const client = await connect();
    const call = (args: Record<string, unknown>) => client.callTool({ name: "pilens_view", arguments: { file: "extract.ts", ...args } });
    const first = text(await call({ mode: "full" }));
    expect(first.split("\n").slice(1).join("\n")).toBe(readFileSync(file, "utf8"));
    const again = text(await call({ mode: "full" }));
    expect(again).toMatch(/unchanged since your pilens_view mode=full \(~\d+ tokens\)/);
    expect(encode(again).length).toBeLessThanOrEqual(encode(first).length * 0.1);

    const lines = readFileSync(file, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes("export const MAX_DEPTH = 48;"));
    lines[at] = "export const MAX_DEPTH = 64;";
    writeFileSync(file, lines.join("\n"));
    const diff = text(await call({ mode: "full" }));
    expect(diff).toContain(`+${at + 1}: export const MAX_DEPTH = 64;`);
    expect(diff).toContain(`-${at + 1}: export const MAX_DEPTH = 48;`);
    expect(encode(diff).length).toBeLessThanOrEqual(encode(first).length * 0.5);

    // The agent holds every line (the full read and the diff): auto is their stub, not their outline.
    const auto = text(await call({ mode: "auto" }));
    expect(auto.split("\n")[0]).toMatch(/^view extract\.ts stub 1-\d+ of \d+ · ~\d+ of ~\d+ tokens \(auto: lines already sent verbatim\)/);
    expect(auto.split("\n")[1]).toMatch(/unchanged since your pilens_view mode=full \(a diff, ~\d+ tokens\)/);
    // On a connection that holds nothing, auto outlines it.
    const third = await connect();
    const outline = text(await third.callTool({ name: "pilens_view", arguments: { file: "extract.ts" } }));
    expect(outline.split("\n")[0]).toMatch(/^view extract\.ts signatures 1-\d+ of \d+ · ~\d+ of ~\d+ tokens \(auto: medium code/);

    const other = await connect();
    const fresh = text(await other.callTool({ name: "pilens_view", arguments: { file: "extract.ts", mode: "full" } }));
    expect(fresh.split("\n").slice(1).join("\n")).toBe(readFileSync(file, "utf8"));

    // The savings ledger is per connection too, and its numbers add up.
    const savings = async (c: Client) => {
      const r = await c.callTool({ name: "pilens_savings", arguments: {} });
      expect(r.isError).toBeFalsy();
      return text(r);
    };
    const mine = await savings(client);
    expect(mine).toMatch(/^savings: net \d+ tokens over 4 reads/);
    expect(mine).toContain("reads 4 (full 1, compressed 0, unchanged stubs 2, diffs 1, fallbacks 0)");
    const num = (re: RegExp) => Number(mine.match(re)![1]);
    expect(num(/net saved (\d+) tokens/)).toBe(num(/plain reads (\d+)/) - num(/sent (\d+)/));
    expect(await savings(other)).toContain("reads 1 (full 1, compressed 0");
  });

  it("a full window over 2000 lines / 50 KB is cut at a line boundary, with where to continue", async () => {
    const big = join(root, "big.ts");
    writeFileSync(big, Array.from({ length: 3000 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n");
    const client = await connect();
    const r = text(await client.callTool({ name: "pilens_view", arguments: { file: "big.ts", mode: "full" } }));
    const end = Number(/^view big\.ts full 1-(\d+) of 3000/.exec(r.split("\n")[0]!)?.[1]);
    expect(end).toBeGreaterThan(1500);
    expect(end).toBeLessThanOrEqual(2000);
    expect(Buffer.byteLength(r)).toBeLessThan(52 * 1024);
    expect(r).toContain(`continue with offset=${end + 1}`);
    const rest = text(await client.callTool({ name: "pilens_view", arguments: { file: "big.ts", mode: "full", offset: end + 1 } }));
    expect(rest.split("\n")[0]).toMatch(new RegExp(`^view big\\.ts full ${end + 1}-3000 of 3000`));
  });
});
