/**
 * The pi extension: the shared tool table as pi tools (`path` where the table says `file`), one-line
 * result rows, prompt guidance, and the read-guard on pi's `edit`.
 *
 *   pi -e ./node_modules/pilens/dist/hosts/pi/index.js      (or `pi install` with the package's "pi" key)
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Text } from "@mariozechner/pi-tui";
import { Type, type TSchema } from "typebox";
import { z } from "zod";
import type { LoadedConfig } from "../../config/index.js";
import type { Lens } from "../../core/engine.js";
import { formatLedger, ViewSession } from "../../core/view/index.js";
import { TOOLS, runTool, type ToolSpec } from "../shared/index.js";
import { spelledPath } from "../shared/path-spelling.js";
import { LiveConfig, type Served } from "../shared/live-config.js";
import { PiReadGuard, toAbs, type GuardMode } from "./read-guard-wiring.js";
import { isPilensRead, piReadTool } from "./read-tool.js";
import { watchProject, type ProjectWatcher } from "../shared/watch.js";

/** How long a turn waits after pi's edit/write for the project graph to take the file (a build under way can hold it longer). */
const WRITE_INDEX_WAIT_MS = 1500;

/** Default read-guard mode without `.pilensrc` `readGuard`: annotate, do not refuse. */
export const DEFAULT_GUARD_MODE: GuardMode = "warn";

const GENERAL_GUIDELINES = [
  "module_report, read_symbol and read_enclosing return line ranges; a read with offset/limit on those ranges is as precise. A plain read of the whole file is cheaper for short files (under ~150 lines) and for non-code files.",
];

/** The table's zod shape with `file` renamed `path`, as JSON Schema (pi validates plain JSON Schema). */
function piParameters(spec: ToolSpec<any>): TSchema {
  const { file, ...rest } = spec.params as Record<string, z.ZodType>;
  const shape = file ? { path: file, ...rest } : rest;
  const { $schema: _drop, ...schema } = z.toJSONSchema(z.object(shape)) as Record<string, unknown>;
  return Type.Unsafe(schema);
}

function firstSentence(s: string): string {
  return s.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? s;
}

export default function pilens(pi: ExtensionAPI): void {
  // The config and lens of a folder follow its .pilensrc (live-config.ts): a call after an edit is served by a
  // lens of the new config (its index moves there: startIndex), a broken edit is said in the answers while the
  // last good config serves; a failed first load is the call's error, and the next call reads the file again.
  // (pi makes one extension instance per session: startup, new, resume, fork and reload read it anew anyway.)
  const lives = new Map<string, LiveConfig>();
  const servedFor = (cwd: string): Promise<Served> => {
    let live = lives.get(cwd);
    if (!live) {
      // (A session that began with a broken .pilensrc gets its index once a call finds the file fixed.)
      live = new LiveConfig(cwd, { onLens: (l, previous) => startIndex(l, previous) });
      lives.set(cwd, live);
    }
    return live.get();
  };
  const configFor = (cwd: string): Promise<LoadedConfig> => servedFor(cwd).then((s) => s.loaded);
  const lensFor = (cwd: string): Promise<Lens> => servedFor(cwd).then((s) => s.lens);
  let cwdSeen = process.cwd();
  // Read-tier session of the current branch + compaction generation (reset with the read-guard below).
  const session = new ViewSession({ tools: { view: "read" } });
  const guard = new PiReadGuard(async () => {
    try {
      return (await configFor(cwdSeen)).config.readGuard ?? DEFAULT_GUARD_MODE;
    } catch {
      return DEFAULT_GUARD_MODE; // an invalid .pilensrc is reported by the tools themselves
    }
  });

  // Our `read` replaces pi's (same name and parameters plus `mode`), registered when the session starts
  // and its .pilensrc is known: with `piRead: builtin` it is not, and the model gets pi's read and its
  // description, not a promise of outlines and stubs (a broken .pilensrc: ours, which falls back per call).
  let readRegistered = false;
  pi.on("session_start", async (_event, ctx) => {
    if (readRegistered) return;
    if (await configFor(ctx.cwd).then((c) => c.config.piRead === "builtin", () => false)) return;
    readRegistered = true;
    pi.registerTool(piReadTool({ servedFor, session, guard }));
  });

  TOOLS.filter((spec) => !spec.hosts || spec.hosts.includes("pi")).forEach((spec, i) => {
    pi.registerTool({
      name: spec.name,
      label: spec.title,
      description: spec.description,
      promptSnippet: firstSentence(spec.description),
      promptGuidelines: i === 0 ? [...spec.guidelines, ...GENERAL_GUIDELINES] : spec.guidelines,
      parameters: piParameters(spec),
      // (`file` / `file_path`, as MCP's tools and Claude Code's Read spell it, read as `path` before pi checks the schema.)
      prepareArguments: "file" in spec.params ? (args) => spelledPath(args, "path") : undefined,
      async execute(_id, params, _signal, _onUpdate, ctx) {
        cwdSeen = ctx.cwd;
        const { path, ...rest } = (params ?? {}) as Record<string, unknown>;
        const args = path === undefined ? rest : { file: path, ...rest };
        const served = await servedFor(ctx.cwd);
        const out = await runTool(spec, served.lens, args, { session });
        // (A .pilensrc edit not applied: said after the answer, in a text of its own — a JSON body stays one.)
        const said = served.warnings.map((w) => `! ${w}`);
        if (out.isError) throw new Error([out.body, ...said].join("\n"));
        if (out.shown) guard.recordShown(out.shown.file, out.shown);
        const content = [out.body ? `${out.summary}\n${out.body}` : out.summary, ...said].map((text) => ({ type: "text" as const, text }));
        return { content, details: { summary: out.summary, result: out.details, ...(said.length ? { warnings: served.warnings } : {}) } };
      },
      renderResult(result, _options, theme, context) {
        const details = result.details as { summary?: string } | undefined;
        const first = result.content.find((c) => c.type === "text")?.text.split("\n")[0] ?? "";
        const line = details?.summary ?? first;
        return new Text(context.isError ? theme.fg("error", line) : line, 0, 0);
      },
    });
  });

  pi.on("tool_call", async (event, ctx) => {
    cwdSeen = ctx.cwd;
    if (event.toolName !== "edit") return undefined;
    const reason = await guard.checkEdit(event.toolCallId, ctx.cwd, event.input as Record<string, never>);
    return reason ? { block: true, reason } : undefined;
  });

  pi.on("tool_result", async (event, ctx) => {
    const input = event.input as { path?: string; offset?: number; limit?: number };
    // Reads our engine served were recorded in execute (only the lines actually shown); pi's own read here.
    if (event.toolName === "read" && !event.isError && input.path && !isPilensRead(event.details)) {
      guard.recordPiRead(toAbs(ctx.cwd, input.path), input, event.details);
      return undefined;
    }
    if (event.toolName !== "edit" && event.toolName !== "write") return undefined;
    if (!event.isError && input.path) {
      // The project graph takes the file just written before the turn goes on (the next call's report
      // and search see it), waiting at most WRITE_INDEX_WAIT_MS: behind a build under way it lands later.
      const abs = toAbs(ctx.cwd, input.path);
      const update = lensFor(ctx.cwd).then((l) => l.updateFiles([abs])).catch(() => undefined);
      await Promise.race([update, new Promise((resolve) => setTimeout(resolve, WRITE_INDEX_WAIT_MS).unref())]);
    }
    // The agent holds what it wrote: a read of the file while it stands so is a stub (core/view/session.ts).
    const content = (event.input as { content?: unknown }).content;
    if (event.toolName === "write" && !event.isError && input.path && typeof content === "string") session.noteWritten(toAbs(ctx.cwd, input.path), content);
    const note = guard.afterWrite(event.toolCallId, ctx.cwd, event.toolName, input, event.isError);
    return note ? { content: [...event.content, { type: "text", text: `\n${note}` }] } : undefined;
  });

  // What the agent has read is per conversation: a new session, a compaction, a branch switch or a
  // fork means the text may no longer be in its context. The ledger and bounce counts stay.
  const forget = () => {
    guard.clear();
    session.newGeneration();
  };
  pi.on("session_start", forget);
  // The project graph and word index build in the background (single-flight, incremental, persisted):
  // symbol_search answers "not ready" until then, and reports say the graph is cold.
  // Once built it follows the files as the MCP server's does (hosts/shared/watch.ts): changes made through
  // bash or by the user reach symbol_search, not only pi's own edit and write.
  let watcher: ProjectWatcher | undefined;
  let watchGen = 0;
  let live = false;
  let indexing: Lens | undefined;
  let stopping: Promise<unknown> | undefined;
  /**
   * The background index and the watcher of a lens, once per session (a new lens calls it: the first, or
   * one for an edited .pilensrc — whose predecessor's build stops first, committing what it parsed).
   */
  function startIndex(l: Lens, previous?: Lens): void {
    if (previous) {
      watcher?.close();
      watcher = undefined;
      stopping = previous.stopIndex().catch(() => undefined);
    }
    if (!live || indexing === l) return;
    indexing = l;
    const gen = watchGen;
    void (async () => {
      await stopping;
      if (gen !== watchGen || indexing !== l) return;
      await l.index({ background: true }).catch(() => undefined);
      if (gen !== watchGen || indexing !== l) return; // the session ended meanwhile, or the config changed
      watcher?.close();
      watcher = watchProject(l, { log: () => undefined });
    })();
  }
  pi.on("session_start", async (_event, ctx) => {
    ++watchGen;
    live = true;
    indexing = undefined;
    lensFor(ctx.cwd).then((l) => startIndex(l), () => undefined);
  });
  pi.on("session_shutdown", async () => {
    watchGen++;
    live = false;
    watcher?.close();
    watcher = undefined;
    // A build under way stops and commits what it parsed; the next session's build parses the rest.
    await indexing?.stopIndex().catch(() => undefined);
  });
  pi.on("session_compact", forget);
  pi.on("session_tree", forget);
  // A fork or switch starts a new session (session_start "fork"/"new"/"resume") in a new runtime; forget on the way out too.
  pi.on("session_shutdown", forget);

  pi.registerCommand("pilens-savings", {
    description: "Tokens pilens' read saved in this session (stubs, diffs, outlines), net of bounces",
    handler: async (_args, ctx) => {
      const stats = session.bounceStats();
      const exts = Object.entries(stats.extensions).filter(([, s]) => s.bounces > 0).map(([ext, s]) => `${ext} ${s.bounces}/${s.trials}`);
      ctx.ui.notify(`pilens read savings\n${formatLedger(session.ledger)}${exts.length ? `\nbounced compressed reads by extension: ${exts.join(", ")}` : ""}`, "info");
    },
  });
}
