/**
 * The MCP server: the shared tool table over stdio with the official SDK. stdout is the protocol, so
 * logs go to stderr. A broken `.pilensrc` does not kill the server: every tool answers with the
 * config error until it is fixed (the client sees why instead of a dead server).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { z } from "zod";
import { createLens } from "../../config/index.js";
import { errorMessage, type Lens } from "../../core/engine.js";
import { ViewSession } from "../../core/view/index.js";
import { TOOLS, runTool, type ToolOutput } from "../shared/index.js";
import { errorOutput } from "../shared/tool.js";

export const MCP_PREFIX = "pilens_";
const VERSION = "0.1.0";

const cwdParam = z.string().optional().describe("Folder the file path is relative to (inside the project)");

function toResult(out: ToolOutput) {
  return { content: [{ type: "text" as const, text: `${out.summary}\n${out.body}` }], ...(out.isError ? { isError: true } : {}) };
}

/** Build the server for a project folder (not yet connected). */
export function createMcpServer(opts: { cwd: string; log?: (s: string) => void; noIndex?: boolean }): McpServer {
  const log = opts.log ?? ((s: string) => process.stderr.write(`pilens mcp: ${s}\n`));
  const lens: Promise<Lens> = createLens({ cwd: opts.cwd });
  lens.then(
    (l) => {
      log(`serving ${l.root}`);
      // The project graph and word index build in the background (single-flight, incremental); calls
      // never wait for it: symbol_search says "not ready" and reports say the graph is cold meanwhile.
      if (!opts.noIndex) {
        l.index({ background: true }).then(
          (r) => log(`index ready (${JSON.stringify(r).slice(0, 160)})`),
          (e) => log(`index failed: ${errorMessage(e)}`),
        );
      }
    },
    (e) => log(`config error: ${errorMessage(e)}`),
  );
  const server = new McpServer({ name: "pilens", version: VERSION });
  // One read-tier session per connection (a server serves one client): stubs never cross connections.
  const session = new ViewSession();
  for (const spec of TOOLS) {
    const name = MCP_PREFIX + spec.name;
    server.registerTool(
      name,
      { title: spec.title, description: spec.description, inputSchema: { ...spec.params, cwd: cwdParam }, annotations: { readOnlyHint: true } },
      async (args: Record<string, unknown>) => {
        let l: Lens;
        try {
          l = await lens;
        } catch (e) {
          return toResult(errorOutput(spec.name, errorMessage(e)));
        }
        const { cwd, ...rest } = args;
        return toResult(await runTool(spec, l, rest, { cwd: cwd as string | undefined, session }));
      },
    );
  }
  return server;
}

/** Serve on stdio until the client closes the stream. */
export async function serveStdio(opts: { cwd: string }, transport: Transport = new StdioServerTransport()): Promise<void> {
  const server = createMcpServer(opts);
  await server.connect(transport);
}
