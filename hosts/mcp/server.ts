/**
 * The MCP server: the shared tool table over stdio with the official SDK. stdout is the protocol, so
 * logs go to stderr. A broken `.pilensrc` does not kill the server: every tool answers with the
 * config error until it is fixed (the client sees why instead of a dead server); each call after a
 * failed load reads the config again. An edited config applies at the next call, a broken edit is said
 * in the answers while the last good one serves (live-config.ts). Files changing while it runs are
 * re-indexed (watch.ts).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { z } from "zod";
import { errorMessage, type Lens } from "../../core/engine.js";
import { ViewSession } from "../../core/view/index.js";
import { TOOLS, runTool, type ToolOutput } from "../shared/index.js";
import { errorOutput } from "../shared/tool.js";
import { pathSpelling } from "../shared/path-spelling.js";
import { LiveConfig, type Served } from "../shared/live-config.js";
import { watchProject, type ProjectWatcher } from "../shared/watch.js";
import { PILENS_VERSION } from "../shared/version.js";
import { laterWatchdog, type Watchdog } from "./watchdog.js";

export const MCP_PREFIX = "pilens_";

/** MCP's `cwd`, for the tools that take a path: what it is relative for, said per tool. */
function cwdParam(spec: (typeof TOOLS)[number]) {
  if ("file" in spec.params) return z.string().optional().describe("Folder the file path is relative to (inside the project)");
  if ("paths" in spec.params) return z.string().optional().describe("Folder `paths` are relative to (inside the project; default the project root)");
  return undefined;
}

/** An answer as MCP content; host warnings (a `.pilensrc` edit not applied) in a text of their own after it, so a JSON body stays one. */
function toResult(out: ToolOutput, warnings: string[] = []) {
  // An error's summary is its message's first line (`read_symbol error: not found: x in a.ts`): the body
  // goes on from there, not saying it again (pi shows the body alone: it keeps the whole message).
  const nl = out.body.indexOf("\n");
  const first = nl < 0 ? out.body : out.body.slice(0, nl);
  const body = out.isError && out.summary.endsWith(`: ${first}`) ? (nl < 0 ? "" : out.body.slice(nl + 1)) : out.body;
  const said = warnings.map((w) => ({ type: "text" as const, text: `! ${w}` }));
  return { content: [{ type: "text" as const, text: body ? `${out.summary}\n${body}` : out.summary }, ...said], ...(out.isError ? { isError: true } : {}) };
}

/** Build the server for a project folder (not yet connected). */
export function createMcpServer(opts: { cwd: string; log?: (s: string) => void; noIndex?: boolean; watchdog?: Watchdog }): McpServer {
  const log = opts.log ?? ((s: string) => process.stderr.write(`pilens mcp: ${s}\n`));
  // The lens follows `.pilensrc` (live-config.ts): made at start and on the first call after a failed load (a
  // broken config: each call reads it again, so fixing or deleting the file recovers the server), and made
  // again when a call finds the config edited — the index moves to it.
  let watcher: ProjectWatcher | undefined;
  let closed = false;
  const startIndex = (l: Lens, previous: Lens | undefined) => {
    log(previous ? `config changed: serving ${l.root} with it` : `serving ${l.root}`);
    if (opts.noIndex) return;
    watcher?.close();
    watcher = undefined;
    // (The old lens's build stops first: it commits what it parsed, and the new one's build takes it from there.)
    const stopped = previous ? previous.stopIndex().catch(() => undefined) : Promise.resolve(undefined);
    void stopped.then(() => {
      if (closed || live.lens !== l) return;
      // The project graph and word index build in the background (single-flight, incremental); calls
      // never wait for it: symbol_search says "not ready" and reports say the graph is cold meanwhile.
      // Files that change while the server runs are re-indexed (debounced), so reports and search
      // follow edits made by the agent, its shell or the user. The watches start once the first
      // build is done (listing every folder is start-up work the first call should not wait on);
      // a file changed meanwhile is refreshed by the build's own scan or by module_report.
      const watchAfter = () => {
        if (!closed && live.lens === l) watcher = watchProject(l, { log });
      };
      l.index({ background: true }).then(
        // (Its warnings whole: a pack that failed to load is why the graph has the generic pack's entries.)
        (r) => (log(`index ${r.unfinished ? "stopped" : "ready"} (${JSON.stringify({ ...r, warnings: undefined }).slice(0, 160)})`), r.warnings.forEach((w) => log(`index warning: ${w}`)), watchAfter()),
        (e) => (log(`index failed: ${errorMessage(e)}`), watchAfter()),
      );
    });
  };
  const live = new LiveConfig(opts.cwd, { onLens: startIndex, onBroken: (m) => log(`config edit not applied: ${m}`) });
  live.get().catch((e) => log(`config error: ${errorMessage(e)}`));
  const server = new McpServer({ name: "pilens", version: PILENS_VERSION });
  // One read-tier session per connection (a server serves one client): stubs never cross connections.
  const session = new ViewSession({ tools: { view: "view", prefix: MCP_PREFIX } });
  for (const spec of TOOLS) {
    const name = MCP_PREFIX + spec.name;
    server.registerTool(
      name,
      { title: spec.title, description: spec.description, inputSchema: cwdParam(spec) ? { ...spec.params, cwd: cwdParam(spec)! } : spec.params, annotations: { readOnlyHint: true } },
      async (args: Record<string, unknown>) => {
        let served: Served;
        try {
          served = await live.get();
        } catch (e) {
          return toResult(errorOutput(spec.name, errorMessage(e)));
        }
        const { cwd, ...rest } = args;
        // (What the watchdog names if this call never returns.)
        const on = rest.file ?? rest.query;
        opts.watchdog?.running(`${name}${typeof on === "string" ? ` (${on.slice(0, 200)})` : ""}`);
        try {
          return toResult(await runTool(spec, served.lens, rest, { cwd: cwd as string | undefined, session }), served.warnings);
        } finally {
          opts.watchdog?.running(undefined);
        }
      },
    );
  }
  // `path` / `file_path` for `file`, read before the SDK checks the arguments (pathSpellings).
  const fileTools = new Set(TOOLS.filter((t) => "file" in t.params).map((t) => MCP_PREFIX + t.name));
  const connect = server.connect.bind(server);
  server.connect = (transport) => (pathSpellings(transport, fileTools), connect(transport));
  const onclose = server.server.onclose;
  server.server.onclose = () => {
    closed = true;
    watcher?.close();
    opts.watchdog?.stop();
    // No call can come: an index build under way stops and commits what it parsed, and the next start
    // parses the rest. (Clients SIGTERM a server 2 s after ending its stdin: the build was lost.)
    live.lens?.stopIndex().catch(() => undefined);
    onclose?.();
  };
  return server;
}

/**
 * A tools/call of a tool taking `file` with the path under another spelling (`path`, `file_path`) renamed
 * before the SDK validates it (its own error had been a generic "file: Required"); one naming two different
 * files answered with the error here. Installed as the server starts the transport (after the SDK set its
 * message handler, before any message is read).
 */
function pathSpellings(transport: Transport, tools: ReadonlySet<string>): void {
  const start = transport.start.bind(transport);
  transport.start = () => {
    const onmessage = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const m = message as { id?: string | number; method?: string; params?: { name?: unknown; arguments?: unknown } };
      if (m.method === "tools/call" && m.params && tools.has(m.params.name as string)) {
        const spelled = pathSpelling(m.params.arguments, "file");
        if ("error" in spelled) {
          if (m.id !== undefined) void transport.send({ jsonrpc: "2.0", id: m.id, result: toResult(errorOutput((m.params.name as string).slice(MCP_PREFIX.length), spelled.error)) });
          return;
        }
        if (spelled.args !== m.params.arguments) message = { ...message, params: { ...m.params, arguments: spelled.args } } as typeof message;
      }
      onmessage?.(message, extra);
    };
    return start();
  };
}

/** Serve on stdio until the client ends the stream (the SDK's transport does not watch for that: closed here). */
export async function serveStdio(opts: { cwd: string }, transport: Transport = new StdioServerTransport()): Promise<void> {
  // (A call stuck in a pack's endless loop said on stderr; the server of a client that is gone ends: watchdog.ts.)
  const server = createMcpServer({ ...opts, watchdog: transport instanceof StdioServerTransport ? laterWatchdog() : undefined });
  await server.connect(transport);
  // (The SDK's transport waits for one `drain` per answer written while stdout is full: 11 answers of
  // concurrent calls queued behind a slow reader printed Node's "possible EventEmitter memory leak".)
  if (transport instanceof StdioServerTransport) process.stdout.setMaxListeners(0);
  if (transport instanceof StdioServerTransport) process.stdin.once("end", () => void server.close());
}
