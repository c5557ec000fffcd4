/**
 * The shape of one agent tool, written once and served by both hosts (MCP server, pi extension).
 * Parameters are a zod shape using `file` for the path; the MCP host adds `cwd`, the pi host renames
 * `file` to `path` (pi's own tools say `path`). A tool returns a one-line summary, the body (compact
 * JSON or a text view) and structured details; errors are outputs with `isError`, never throws.
 */
import { z } from "zod";
import type { Lens } from "../../core/engine.js";
import type { ViewSession } from "../../core/view/index.js";

export interface ToolOutput {
  /** One line for humans: `module_report a.ts  11 symbols · 8 exported · 1 callback`. */
  summary: string;
  /** What the agent reads after the summary: compact JSON, a text view, or verbatim source. */
  body: string;
  /** The structured result (pi `details`, test assertions). */
  details: unknown;
  isError?: boolean;
  /** Verbatim lines this answer showed (absolute path), for the pi read-guard's coverage. */
  shown?: { file: string; startLine: number; endLine: number };
}

/** Per-conversation state a host passes to tools (one per MCP connection; per pi branch + compaction generation). */
export interface ToolContext {
  /** Read-tier session: unchanged re-read stubs, diffs, bounces, the savings ledger. */
  session?: ViewSession;
}

export interface ToolSpec<S extends z.ZodRawShape = z.ZodRawShape> {
  /** pi tool name; the MCP name is `pilens_<name>`. */
  name: string;
  title: string;
  /** Shared by both hosts; short: every word is paid for in every agent turn. */
  description: string;
  /** Parameters; the path parameter is always `file`. */
  params: S;
  /** Hosts that serve it (default both). pi's `read` carries the read tiers, so `view` is MCP-only. */
  hosts?: readonly ("mcp" | "pi")[];
  /** pi prompt guideline bullets (each names the tool: pi lists them without a prefix). */
  guidelines: string[];
  /** `args.file` is already resolved to an absolute path inside the project root. */
  run(lens: Lens, args: z.output<z.ZodObject<S>>, ctx: ToolContext): Promise<ToolOutput>;
}

/** Identity helper that keeps the argument types of `run` tied to `params`. */
export function defineTool<S extends z.ZodRawShape>(spec: ToolSpec<S>): ToolSpec<S> {
  return spec;
}

/** An error output: the summary names the tool and the problem; the body says what to do. */
export function errorOutput(tool: string, message: string, details: unknown = { error: message }): ToolOutput {
  return { summary: `${tool} error: ${message.split("\n")[0]}`, body: message, details, isError: true };
}

/** `11 symbols · 8 exported · 1 callback` style joiner (a plural `…s` word loses its `s` for 1). */
export function counts(parts: [number, string][]): string {
  return parts.map(([n, what]) => `${n} ${n === 1 && /[^s]s$/.test(what) ? what.slice(0, -1) : what}`).join(" · ");
}

/**
 * A whole-number parameter that also takes an integer-like string: models often send `line: "6"`, which
 * schema validation refused (-32602). Only such strings are read as numbers; `"abc"` or `"2.5"` still fail
 * as not a whole number. The JSON Schema the client sees is the number's (`integer`, its bounds — an upper one only where
 * the parameter has one).
 */
export function whole(min: number, max?: number) {
  // (Not `.int()`: its JSON Schema says `maximum: 9007199254740991` of every such parameter — 9 of them, ~80
  // o200k tokens of tool definitions, in every request of an agent's session.)
  const n = z.number().refine(Number.isInteger, "expected a whole number").min(min);
  return z.preprocess(integerLike, (max === undefined ? n : n.max(max)).meta({ type: "integer" }));
}

/**
 * A list-of-strings parameter that also takes one string: models send `kinds: "function"` for a list of
 * one, which validation refused ("must be array") — pi's and MCP clients' both. The schema says either;
 * `asList` gives the tool its list.
 */
export function stringList() {
  return z.union([z.array(z.string()), z.string()]);
}

export function asList(v: string | string[] | undefined): string[] | undefined {
  return typeof v === "string" ? [v] : v;
}

function integerLike(v: unknown): unknown {
  return typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : v;
}

/** A read's text after its header line (`<kind> <name>  <path>:<range>`), which the summary line says. */
export function withoutHeader(text: string): string {
  const nl = text.indexOf("\n");
  return nl < 0 ? "" : text.slice(nl + 1);
}
