/**
 * The read-guard in pi: coverage comes from read_symbol / read_enclosing (their shown lines), pi's own
 * `read` (the window it returned) and `write` (the agent wrote it); an `edit` whose old text lies on
 * lines never read, or read before the file changed, is blocked (`block`), annotated (`warn`) or let
 * through (`off`). The agent's own successful edits carry coverage forward. Everything is inline in
 * tool results and tool_call block reasons (custom messages would break pi's parallel tool batches).
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { ReadGuard, rangesOfText, type LineRange } from "../../core/read-guard.js";
import { shownPath } from "../../core/text.js";

export type GuardMode = "off" | "warn" | "block";

function readText(abs: string): string | undefined {
  try {
    return existsSync(abs) ? readFileSync(abs, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

/** pi's own path convention: relative to the session cwd, an optional leading "@". */
export function toAbs(cwd: string, path: string): string {
  const p = path.replace(/^@/, "");
  return isAbsolute(p) ? p : resolve(cwd, p);
}

interface EditInput {
  path?: string;
  edits?: { oldText?: string }[];
  oldText?: string;
}

export class PiReadGuard {
  readonly guard = new ReadGuard();
  /** Text before an edit ran, by tool call id (to carry coverage forward). */
  private readonly before = new Map<string, { abs: string; text: string }>();
  /** `warn` notes to append to an edit's result, by tool call id. */
  private readonly notes = new Map<string, string>();

  constructor(private readonly mode: () => Promise<GuardMode>) {}

  recordOutline(abs: string): void {
    this.guard.recordOutline(abs);
  }

  recordShown(abs: string, range: LineRange): void {
    const text = readText(abs);
    if (text !== undefined) this.guard.recordRead(abs, text, range);
  }

  /** pi's `read` returned lines offset.. (the count it actually showed when truncated). */
  recordPiRead(abs: string, input: { offset?: number; limit?: number }, details: unknown): void {
    const text = readText(abs);
    if (text === undefined) return;
    const start = Math.max(1, Math.floor(input.offset ?? 1));
    const trunc = (details as { truncation?: { truncated?: boolean; outputLines?: number; firstLineExceedsLimit?: boolean } } | undefined)?.truncation;
    if (trunc?.firstLineExceedsLimit) return;
    let end = Number.MAX_SAFE_INTEGER;
    if (trunc?.truncated && trunc.outputLines !== undefined) end = start + trunc.outputLines - 1;
    else if (input.limit !== undefined) end = start + Math.floor(input.limit) - 1;
    if (input.offset === undefined && end === Number.MAX_SAFE_INTEGER) this.guard.recordRead(abs, text);
    else this.guard.recordRead(abs, text, { startLine: start, endLine: end });
  }

  /** tool_call of `edit`: the block reason, or undefined to let it run. */
  async checkEdit(toolCallId: string, cwd: string, input: EditInput): Promise<string | undefined> {
    if (!input.path) return undefined;
    const abs = toAbs(cwd, input.path);
    const text = readText(abs);
    if (text === undefined) return undefined;
    this.before.set(toolCallId, { abs, text });
    const mode = await this.mode();
    if (mode === "off") return undefined;
    const olds = [...(input.edits ?? []).map((e) => e?.oldText), input.oldText].filter((t): t is string => typeof t === "string" && t.length > 0);
    const problems: string[] = [];
    for (const old of olds) {
      const at = rangesOfText(text, old);
      if (at.length !== 1) continue; // no unique match: pi's edit reports that itself
      const check = this.guard.checkEdit(abs, text, at[0]!);
      if (!check.allowed) {
        // (The path as the agent wrote it, as text shows a path: a newline in it had split the note.)
        const said = shownPath(input.path);
        problems.push(`${check.reason.replaceAll(abs, said)}; ${check.hint.replaceAll(abs, said)}`);
      }
    }
    if (!problems.length) return undefined;
    const message = `pilens read-guard: ${problems.join(" | ")}`;
    if (mode === "block") {
      this.before.delete(toolCallId);
      return `${message}. The edit was not applied; read those lines, then retry.`;
    }
    this.notes.set(toolCallId, `${message} (edit applied; readGuard is "warn")`);
    return undefined;
  }

  /** tool_result of `edit` / `write`: keep coverage in step with the agent's own changes. */
  afterWrite(toolCallId: string, cwd: string, toolName: string, input: { path?: string }, isError: boolean): string | undefined {
    const note = this.notes.get(toolCallId);
    this.notes.delete(toolCallId);
    const before = this.before.get(toolCallId);
    this.before.delete(toolCallId);
    if (isError || !input.path) return note;
    const abs = toAbs(cwd, input.path);
    const after = readText(abs);
    if (after === undefined) return note;
    if (toolName === "write") this.guard.recordRead(abs, after);
    else if (before) this.guard.recordEdit(abs, before.text, after);
    return note;
  }

  clear(): void {
    this.guard.clear();
    this.before.clear();
    this.notes.clear();
  }
}
