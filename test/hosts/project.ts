/** A small temporary project the host tests serve (git root, TS sources, a file outside the root). */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot, serverEnv } from "../helpers.js";

export const SERVICE_TS = `import { readFile } from "node:fs/promises";
import { helper } from "./util.js";

/** Loads and caches configuration files. */
export class ConfigStore {
  private cache = new Map<string, string>();

  /** Read one file, cached. */
  async load(path: string): Promise<string> {
    const hit = this.cache.get(path);
    if (hit !== undefined) return hit;
    const text = await readFile(path, "utf8");
    this.cache.set(path, text);
    return helper(text);
  }

  clear(): void {
    this.cache.clear();
  }
}

export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error("bad port");
  return n;
}

function internalOnly(): void {
  process.on("exit", () => {
    console.error("bye");
  });
}
`;

export interface TempProject {
  root: string;
  outside: string;
}

export function makeProject(extra: Record<string, string> = {}): TempProject {
  const base = mkdtempSync(join(tmpdir(), "pilens-host-"));
  const root = join(base, "proj");
  mkdirSync(join(root, ".git"), { recursive: true });
  mkdirSync(join(root, "src", "nested"), { recursive: true });
  writeFileSync(join(root, "src", "service.ts"), SERVICE_TS);
  writeFileSync(join(root, "src", "util.ts"), "export function helper(s: string): string {\n  return s.trim();\n}\n");
  for (const [rel, text] of Object.entries(extra)) writeFileSync(join(root, rel), text);
  const outside = join(base, "secret.ts");
  writeFileSync(outside, "export const token = 'x';\n");
  return { root, outside };
}

/** The MCP server on `root` (`node bin/pilens.cjs mcp`), through the SDK's own client over stdio; a fresh cache of its own unless given one. */
export async function connectMcp(root: string, name = "pilens-test", cacheDir = mkdtempSync(join(tmpdir(), "pilens-cache-"))): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(repoRoot, "bin", "pilens.cjs"), "mcp", "--cwd", root],
    env: serverEnv({ PILENS_CACHE_DIR: cacheDir }),
    stderr: "pipe",
  });
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** A tool result's text. */
export const toolText = (r: unknown): string => (r as { content: { type: string; text: string }[] }).content[0]!.text;
