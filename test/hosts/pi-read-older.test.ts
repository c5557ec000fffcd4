/**
 * A long pi session (session 50): the agent reads a file whole, edits it with pi's edit, then reads a
 * window of it, or reads a function an edit above it moved; or writes a file, edits it and reads it. Each
 * had been sent whole again though the agent held the text (a window read where its lines now stand, a
 * window after its own edit, its own file after an edit). pi itself, headless, with its scripted faux model.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
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

const call = (id: string, tool: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" });
const edit = (id: string, path: string, oldText: string, newText: string) => call(id, "edit", { path, edits: [{ oldText, newText }] });
const ok = fauxAssistantMessage(fauxText("ok"));
const view = (d: Done) => (d.details as { result: ViewResult }).result;

/** 12 functions of 12 distinct lines each. */
const FNS = Array.from({ length: 12 }, (_, i) => [
  `export function step${i}(input: number): number {`,
  ...Array.from({ length: 10 }, (_, k) => `  input = transform(input, "function ${i} step ${k}", ${i * 10 + k});`),
  "}",
  "",
]).flat();

beforeAll(() => {
  project = makeProject({ ".pilensrc": "readGuard: block\n", "src/steps.ts": FNS.join("\n") });
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-older-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi: text the agent holds of the file before its own edit", () => {
  it("whole read, edit, a window of it: the diff against the whole read; read_symbol moved by the edit: a stub; a window where lines now stand: a stub", async () => {
    const pi = await openPiSession(project.root, faux);
    const [whole] = await pi.prompt([call("o01", "read", { path: "src/steps.ts", mode: "full" }), ok]);
    expect(view(whole!).served).toBe("full");
    const [e] = await pi.prompt([edit("o02", "src/steps.ts", '"function 3 step 4", 34);', '"function 3 step 4", 34);\n  input += 1;'), ok]);
    expect(e!.isError, e!.text).toBe(false);
    const [win, sym, there] = await pi.prompt([
      call("o03", "read", { path: "src/steps.ts", offset: 40, limit: 30 }),
      call("o04", "read_symbol", { path: "src/steps.ts", symbol: "step9" }),
      call("o05", "read", { path: "src/steps.ts", offset: 122, limit: 24 }),
      ok,
    ]);
    expect(view(win!).served).toBe("diff");
    expect(win!.text).toBe(`[pilens: src/steps.ts lines 40-69 changed since your read mode=full — diff for lines 1-156, the lines it sent as 1-155 (file now 156 lines); unchanged lines omitted]\n@@ old after 45 → new 46\n+46:   input += 1;`);
    // The diff brought the whole file up to date: step9 (now lines 119-130) is held.
    expect(sym!.text).toMatch(/^read_symbol function step9 {2}src\/steps\.ts:119-130 · 12 lines\n\[pilens: src\/steps\.ts lines 119-130 unchanged since your read offset=40 limit=30 \(a diff of lines 1-156, ~\d+ tokens\)/);
    expect(view(there!).served).toBe("stub");
    pi.session.dispose();
  });

  it("a write, an edit, a read: the diff against the write", async () => {
    const pi = await openPiSession(project.root, faux);
    const body = FNS.slice(0, 48).join("\n") + "\n";
    const [w, r1, e, r2] = await pi.prompt([
      call("w01", "write", { path: "src/mine.ts", content: body }),
      call("w02", "read", { path: "src/mine.ts" }),
      edit("w03", "src/mine.ts", "export function step2(", "/** Step two. */\nexport function step2("),
      call("w04", "read", { path: "src/mine.ts" }),
      ok,
    ]);
    expect([w!.isError, e!.isError], e!.text).toEqual([false, false]);
    expect(r1!.text).toMatch(/^\[pilens: src\/mine\.ts lines 1-48 unchanged since your write \(~\d+ tokens\)/);
    expect(view(r2!).served).toBe("diff");
    expect(r2!.text).toBe("[pilens: src/mine.ts lines 1-49 changed since your write — diff for lines 1-49, the lines it sent as 1-48 (file now 49 lines); unchanged lines omitted]\n@@ old after 26 → new 27\n+27: /** Step two. */");
    pi.session.dispose();
  });
});
