/**
 * pilens' `read` for pi: pi's read tool name and parameters (`path`, `offset`, `limit`) plus `mode`, so
 * agents use the read tiers without being told. It replaces pi's built-in read (an extension tool with
 * a built-in's name wins in pi's registry; pi's renderer is inherited because we set none).
 *
 * Served by the engine (`lens.view`): text files inside the project. Everything else goes to pi's own
 * read, unchanged: images, directories, files outside the project or over maxFileBytes, windows the
 * engine refuses — and every read when `.pilensrc` says `piRead: builtin`. A binary file inside the
 * project (NUL bytes in its first 8 KB, not an image) is an error: pi's read would send its bytes as
 * text (35 KB of /bin/true, QA session 45); so is a FIFO, device or socket anywhere (a FIFO had blocked pi).
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { createReadToolDefinition, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, type ExtensionContext, type ToolDefinition } from "@mariozechner/pi-coding-agent";
import { Type, type Static } from "typebox";
import type { Lens } from "../../core/engine.js";
import { utf16Of } from "../../core/files.js";
import { sizeAndReason, VIEW_MODES, type ViewMode, type ViewResult, type ViewSession } from "../../core/view/index.js";
import type { PiReadGuard } from "./read-guard-wiring.js";
import { toAbs } from "./read-guard-wiring.js";
import { contextFileStub } from "./context-files.js";
import { spelledPath } from "../shared/path-spelling.js";
import type { Served } from "../shared/live-config.js";
import { notePath, notePaths, showPaths, shownPath } from "../shared/shown-paths.js";

/** Formats pi's read turns into images (it sniffs the content; the extension list avoids reading megabytes to find out). */
const IMAGE = /\.(?:png|jpe?g|gif|webp|bmp|ico|tiff?|avif|heic)$/i;

export interface ReadToolDeps {
  /** The folder's lens and config, as of its .pilensrc now (live-config.ts), and warnings for the answer. */
  servedFor(cwd: string): Promise<Served>;
  session: ViewSession;
  guard: PiReadGuard;
}

/** `details` of a read the engine served (the read-guard wiring skips these: execute recorded them). */
export interface PilensReadDetails {
  pilens: true;
  summary: string;
  result: ViewResult;
}

export function isPilensRead(details: unknown): details is PilensReadDetails {
  return !!details && typeof details === "object" && (details as { pilens?: unknown }).pilens === true;
}

const builtinDescription = createReadToolDefinition(process.cwd()).description;

const parameters = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
  // (An enum, not a union of literals: a wrong value is refused naming the allowed ones once.)
  mode: Type.Optional(Type.Unsafe<ViewMode>({
    type: "string",
    enum: [...VIEW_MODES],
    description: "auto (default): large source files as signatures or a map with line ranges; full: every line; signatures; map",
  })),
});

export function piReadTool(deps: ReadToolDeps): ToolDefinition<typeof parameters, unknown> {
  return {
    name: "read",
    label: "read",
    description: `${builtinDescription} Source files over ~2,000 tokens come as signatures or a map with line ranges (mode auto); read the lines you need with offset/limit, or pass mode "full". An unchanged re-read returns a one-line note, a changed one a diff.`,
    promptSnippet: "Read file contents (large source files as an outline unless mode full)",
    promptGuidelines: [
      "Use read to examine files instead of cat or sed.",
      "read shows large source files as signatures or a map with line ranges: jump to a body with offset/limit, or pass mode \"full\" when you need every line.",
    ],
    parameters,
    // (`file` / `file_path`, as MCP's tools and Claude Code's Read spell it, read as `path`.)
    prepareArguments: (args) => spelledPath<Static<typeof parameters>>(args, "path"),
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      // (A FIFO, a device or a socket, in the project or not: opening a FIFO waited for a writer with pi's
      // whole process blocked, and pi's read of /dev/zero never ends.)
      const special = specialFile(toAbs(ctx.cwd, params.path.replace(/^~(?=\/|$)/, process.env.HOME ?? "~")));
      if (special) throw new Error(`not a regular file: ${shownPath(params.path)} is ${special} — not read: its reading would wait for a writer or never end`);
      // (A window that is no window — `offset: 1.5`, `-5`, `limit: 0` —: pi's read had served it, "978.5 more lines".)
      const bad = badWindow(params.offset, params.limit);
      if (bad) throw new Error(bad);
      const builtin = () => createReadToolDefinition(ctx.cwd).execute(toolCallId, { path: params.path, offset: params.offset, limit: params.limit }, signal, onUpdate, ctx);
      // (pi's read takes offset 0 as the first line — models send it —, where the engine wants ≥ 1; a later
      // stub cites the call as the model made it: `read offset=0`.)
      const served = await serve(deps, params.offset === 0 ? { ...params, offset: 1, askedOffset: 0 } : params, ctx);
      if (!served) return builtin();
      return served;
    },
  };
}

/** The engine's answer, or undefined when pi's own read should answer. */
async function serve(deps: ReadToolDeps, params: { path: string; offset?: number; askedOffset?: number; limit?: number; mode?: ViewMode }, ctx: ExtensionContext) {
  let lens: Lens;
  let warnings: string[];
  try {
    const served = await deps.servedFor(ctx.cwd);
    if (served.loaded.config.piRead === "builtin") return undefined;
    ({ lens, warnings } = served);
  } catch {
    return undefined; // a broken .pilensrc must not stop the agent from reading; the other tools report it
  }
  const abs = toAbs(ctx.cwd, params.path.replace(/^~(?=\/|$)/, process.env.HOME ?? "~"));
  if (IMAGE.test(abs)) return undefined;
  try {
    lens.resolvePath(abs); // throws outside the project root
  } catch {
    return undefined;
  }
  // Ahead of the background index, as the other tools' calls (runTool).
  let r: ViewResult | undefined;
  // A whole read of a project context file pi put in the system prompt, unchanged: where it is.
  if (params.offset === undefined && params.limit === undefined && params.mode !== "map" && params.mode !== "signatures") {
    r = contextFileStub(abs, lens.displayPath(abs), ctx, deps.session);
  }
  try {
    r ??= await lens.serve(() =>
      lens.view(abs, {
        mode: params.mode, offset: params.offset, askedOffset: params.askedOffset, limit: params.limit, session: deps.session,
        maxFull: { lines: DEFAULT_MAX_LINES, bytes: DEFAULT_MAX_BYTES },
      }),
    );
  } catch {
    return undefined; // an engine failure must not cost the agent its read: pi's answers
  }
  if (r.error) {
    if (binaryHead(abs)) throw new Error(`binary file (NUL bytes): ${shownPath(params.path)} — not shown: its bytes are no text (look at it with bash: \`file\`, \`xxd | head\`)`);
    // Missing file, directory, too large, minified, bad window: pi's read says it its own way.
    return undefined;
  }
  let text = r.note ? `[pilens: ${r.note}]\n${r.text}` : r.text;
  // pi's read tells where a limited window stops; keep that for served lines (its lines end without a
  // line break, then a blank line and the hint).
  if (r.served === "full" && params.limit !== undefined && r.endLine < r.totalLines && !/continue with offset=/.test(r.note ?? "")) {
    text = `${text.replace(/\r?\n$/, "")}\n\n[${r.totalLines - r.endLine} more lines in file. Use offset=${r.endLine + 1} to continue.]`;
  }
  // The lines the agent holds verbatim (a full window, a diff's lines, a stub of either) — not a line
  // longer than one read, of which it saw the start only, nor a stub of an outline.
  if (r.held && !r.cutLine) deps.guard.recordShown(abs, r.held);
  else if (r.served !== "full") deps.guard.recordOutline(abs);
  // (In module_report's measure, as auto's reason says the window's size: one number for one file, said once.)
  const summary = `read ${r.path} ${r.served} ${r.startLine}-${r.endLine} of ${r.totalLines}${sizeAndReason(r, r.requested === "auto" && r.served !== "full")}`;
  // (A path holding a newline shown escaped, as the other tools show it: hosts/shared/shown-paths.ts.)
  const paths = notePath(abs, notePath(params.path, new Set()));
  notePaths(r, paths);
  const details: PilensReadDetails = { pilens: true, summary: showPaths(summary, paths), result: r };
  // (A .pilensrc edit not applied: said after the text, in a text of its own.)
  return { content: [{ type: "text" as const, text: showPaths(text, paths) }, ...warnings.map((w) => ({ type: "text" as const, text: `! ${w}` }))], details };
}

/** Why an offset or limit names no window (offset 0 is the first line, as pi's read takes it), or undefined. */
function badWindow(offset: number | undefined, limit: number | undefined): string | undefined {
  if (offset !== undefined && (!Number.isInteger(offset) || offset < 0)) return `offset: ${offset} is no line number — pass a whole number (1 is the first line)`;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) return `limit: ${limit} is no number of lines — pass a whole number ≥ 1`;
  return undefined;
}

/** What a path that is no regular file nor folder is (followed through links): "a FIFO", "a device"…; else undefined. */
function specialFile(abs: string): string | undefined {
  let st;
  try {
    st = statSync(abs);
  } catch {
    return undefined; // missing, unreadable: pi's read says so
  }
  if (st.isFile() || st.isDirectory()) return undefined;
  return st.isFIFO() ? "a FIFO (named pipe)" : st.isSocket() ? "a socket" : st.isCharacterDevice() ? "a character device" : st.isBlockDevice() ? "a block device" : "no regular file";
}

/** A regular file whose first 8 KB hold a NUL byte and no UTF-16 byte-order mark (as core/files.ts tells a binary file). */
function binaryHead(abs: string): boolean {
  let fd: number | undefined;
  try {
    if (!statSync(abs).isFile()) return false; // (opening a FIFO would wait for a writer)
    fd = openSync(abs, "r");
    const head = Buffer.alloc(8192);
    const read = head.subarray(0, readSync(fd, head, 0, head.length, 0));
    return !utf16Of(read) && read.includes(0);
  } catch {
    return false; // missing, a directory, unreadable: pi's read says so
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
