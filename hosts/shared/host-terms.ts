/**
 * A core note in a tool host's terms: the core says a next step by its tool and the CLI's command —
 * `list its symbols with module_report (CLI: pilens report a.ts --view compact)` — and the CLI keeps the
 * command (hosts/cli/hints.ts). An MCP or pi answer keeps the tool: the command in parentheses is a
 * shell line the agent pays for in every miss, of a CLI its host may not have installed.
 */
import type { ToolOutput } from "./tool.js";
import { errorOutput } from "./tool.js";

const MARK = " (CLI: ";

/** `text` without its ` (CLI: …)` parentheses (balanced: a command may hold parentheses of its own). */
export function withoutCliHints(text: string): string {
  let at = text.indexOf(MARK);
  if (at < 0) return text;
  let out = "";
  let from = 0;
  while (at >= 0) {
    let depth = 1;
    let i = at + MARK.length;
    for (; i < text.length && depth > 0 && text[i] !== "\n"; i++) depth += text[i] === "(" ? 1 : text[i] === ")" ? -1 : 0;
    if (depth > 0) break; // (unbalanced on its line: left as it is)
    out += text.slice(from, at);
    from = i;
    at = text.indexOf(MARK, from);
  }
  return out + text.slice(from);
}

/** A tool's output with the CLI's commands left out of its text (`details` keeps the core's result). */
export function inHostTerms(tool: string, out: ToolOutput): ToolOutput {
  if (!out.body.includes(MARK) && !out.summary.includes(MARK)) return out;
  if (out.isError) return { ...errorOutput(tool, withoutCliHints(out.body), out.details), shown: out.shown };
  return { ...out, summary: withoutCliHints(out.summary), body: withoutCliHints(out.body) };
}
