/**
 * Files pi put in the system prompt: its project context files (AGENTS.md / CLAUDE.md of the agent folder,
 * the working folder and its ancestors), each as `## <absolute path>` and its whole text. A whole read of
 * one, unchanged since pi loaded it, sends it a second time — an agent told to "read AGENTS.md first"
 * paid 8.8k tokens for the text its system prompt held (QA session 49). Such a read is a stub saying
 * where the text is; the same read again (the escape, as for every stub) sends it.
 */
import { readFileSync } from "node:fs";
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { ViewResult, ViewSession } from "../../core/view/index.js";
import { estimateTokens } from "../../core/view/tokens.js";
import { recordRead } from "../../core/view/ledger.js";
import { splitLines } from "../../core/text.js";

/** The stub of a whole read of a context file in the system prompt, or undefined (read it). */
export function contextFileStub(abs: string, shown: string, ctx: ExtensionContext, session: ViewSession): ViewResult | undefined {
  let prompt: string;
  let text: string;
  try {
    prompt = ctx.getSystemPrompt();
    if (!prompt.includes(`## ${abs}\n\n`)) return undefined;
    text = readFileSync(abs, "utf8");
  } catch {
    return undefined;
  }
  // (Unchanged since pi loaded it: the text as it stands on disk, whole, under its heading.)
  if (!prompt.includes(`## ${abs}\n\n${text}\n\n`)) return undefined;
  if (session.askedAgain(`context\u0000${abs}`)) return undefined;
  const total = splitLines(text).length;
  const stub = `[pilens: ${shown} (${total} lines) is in your system prompt, as pi loaded it (its "Project Context", under "## ${abs}"), unchanged since — read it there (if it is not, ask again)]`;
  const rawTokens = estimateTokens(text);
  const tokens = estimateTokens(stub);
  if (tokens >= rawTokens) {
    session.answered(`context\u0000${abs}`);
    return undefined;
  }
  recordRead(session.ledger, "stub", rawTokens, tokens);
  return {
    path: shown, requested: "full", served: "stub", startLine: 1, endLine: total, totalLines: total, text: stub,
    reason: "in the system prompt", tokens, rawTokens, held: { startLine: 1, endLine: total },
  };
}
