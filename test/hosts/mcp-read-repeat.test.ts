/**
 * QA V F4 over MCP (the SDK's client over stdio): in one connection a view window inside a full read,
 * read_symbol and read_enclosing of lines already sent are the unchanged-read stub, pilens_savings counts
 * them, the same call again right after its stub sends the text, and another connection gets the text.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";

let project: TempProject;
const clients: Client[] = [];

beforeAll(() => {
  const big = ["export function big(a: number) {", ...Array.from({ length: 60 }, (_, i) => `  a = a + ${i};`), "  return a;", "}", ""].join("\n");
  project = makeProject();
  writeFileSync(join(project.root, "src", "a.ts"), big);
});

afterAll(async () => {
  for (const c of clients) await c.close();
});

async function connect(): Promise<(name: string, args: Record<string, unknown>) => Promise<string>> {
  const client = await connectMcp(project.root);
  clients.push(client);
  return async (name, args) => {
    const r = await client.callTool({ name: `pilens_${name}`, arguments: args });
    expect(r.isError, text(r)).toBeFalsy();
    return text(r);
  };
}

describe("pilens mcp: re-reads of text already sent", () => {
  it("window, read_symbol and read_enclosing after a full view are stubs; the ledger counts them; asking again sends the text", async () => {
    const call = await connect();
    const full = await call("view", { file: "src/a.ts", mode: "full" });
    expect(full.split("\n")[0]).toBe("view src/a.ts full 1-63 of 63");
    const win = await call("view", { file: "src/a.ts", mode: "full", offset: 10, limit: 20 });
    expect(win).toMatch(/^view src\/a\.ts stub 10-29 of 63 .*\n\[pilens: src\/a\.ts lines 10-29 unchanged since your pilens_view mode=full \(lines 1-63, ~\d+ tokens\) — still in your context above \(if not, ask again\)\]$/);
    const sym = await call("read_symbol", { file: "src/a.ts", symbol: "big" });
    expect(sym).toMatch(/^read_symbol function big {2}src\/a\.ts:1-63 · 63 lines\n\[pilens: src\/a\.ts lines 1-63 unchanged since your pilens_view mode=full \(~\d+ tokens\) — still in your context above \(if not, ask again\)\]$/);
    expect(sym.length).toBeLessThan(full.length / 3);
    // The same call again: the agent lost the text (a compaction the server cannot see) — here it is.
    const again = await call("read_symbol", { file: "src/a.ts", symbol: "big" });
    expect(again.split("\n").slice(1).join("\n")).toBe(full.split("\n").slice(1, 64).join("\n"));
    const enc = await call("read_enclosing", { file: "src/a.ts", line: 30 });
    expect(enc).toMatch(/^read_enclosing function big {2}src\/a\.ts:1-63\n\[pilens: src\/a\.ts lines 1-63 unchanged since your pilens_read_symbol big \(~\d+ tokens\)/);
    const savings = await call("savings", {});
    expect(savings).toContain("reads 5 (full 2, compressed 0, unchanged stubs 3, diffs 0, fallbacks 0)");
    const num = (re: RegExp) => Number(savings.match(re)![1]);
    expect(num(/net saved (\d+) tokens/)).toBeGreaterThan(num(/plain reads (\d+)/) / 3);

    // Another connection is another agent context: the text.
    const other = await connect();
    expect(await other("read_symbol", { file: "src/a.ts", symbol: "big" })).toContain("  a = a + 59;");
  });
});
