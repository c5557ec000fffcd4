/**
 * pilens' `read` in pi on a project context file (AGENTS.md): pi puts its whole text in the system
 * prompt, so a whole read of it, unchanged, is a stub saying so — an agent told to "read AGENTS.md first"
 * had paid its 8.8k tokens a second time (QA session 49). The same read again sends it; a changed file
 * is read as any other.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import type { ViewResult } from "../../core/view/index.js";
import { makeProject, type TempProject } from "./project.js";
import { openPiSession, type Done } from "./pi-session.js";

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;
const view = (d: Done) => (d.details as { result: ViewResult }).result;
const read = (id: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall("read", args, { id }), { stopReason: "toolUse" });
const ok = fauxAssistantMessage(fauxText("ok"));

const AGENTS = ["# Agents", "", ...Array.from({ length: 60 }, (_, i) => `- rule ${i + 1}: keep module ${i + 1} free of side effects at import time, and test it.`), ""].join("\n");

beforeAll(() => {
  project = makeProject({ ".pilensrc": "readGuard: block\n", "AGENTS.md": AGENTS });
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-context-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi: a project context file pi put in the system prompt", () => {
  it("a whole read of it is a stub naming the system prompt; the same read again, a window or a changed file send the text", async () => {
    const pi = await openPiSession(project.root, faux);
    const abs = join(project.root, "AGENTS.md");
    expect(pi.session.systemPrompt).toContain(`## ${abs}\n\n${AGENTS}\n\n`);
    // (A window first: after the whole text was sent, a window inside it is the unchanged-read stub.)
    const [win, stub, again] = await pi.prompt([read("a01", { path: "AGENTS.md", offset: 3, limit: 2 }), read("a02", { path: "AGENTS.md" }), read("a03", { path: "AGENTS.md" }), ok]);
    expect(stub!.text).toBe(`[pilens: AGENTS.md (62 lines) is in your system prompt, as pi loaded it (its "Project Context", under "## ${abs}"), unchanged since — read it there (if it is not, ask again)]`);
    expect(view(stub!)).toMatchObject({ served: "stub", held: { startLine: 1, endLine: 62 } });
    expect(again!.text).toBe(AGENTS);
    expect(win!.text).toMatch(/^- rule 1: .*\n- rule 2: /);
    // (The stub counts as a read: an edit goes through, readGuard block.)
    const [edit] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("edit", { path: "AGENTS.md", edits: [{ oldText: "- rule 40: keep module 40", newText: "- rule 40: keep module forty" }] }, { id: "a04" }), { stopReason: "toolUse" }),
      ok,
    ]);
    expect(edit!.isError, edit!.text).toBe(false);
    // Changed since pi loaded it: read as any file (here a diff against a03's full text).
    const [changed] = await pi.prompt([read("a05", { path: "AGENTS.md" }), ok]);
    expect(view(changed!).served).toBe("diff");
    expect(changed!.text).toContain("+42: - rule 40: keep module forty");
    expect(readFileSync(abs, "utf8")).toContain("module forty");
    pi.session.dispose();
  });
});
