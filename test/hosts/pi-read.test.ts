/**
 * pilens' `read` in pi, end to end: pi itself, headless, with its scripted faux model. The model calls
 * `read` exactly as it would call pi's built-in read (plus `mode`): re-reads become stubs, compaction and
 * a branch switch send content again, a bounce escalates the next auto read, the `/pilens-savings`
 * ledger adds up, images and files outside the project go to pi's own read, and `piRead: builtin`
 * leaves pi's read alone.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import type { ViewResult } from "../../core/view/index.js";
import { repoRoot } from "../helpers.js";
import { makeProject, SERVICE_TS, type TempProject } from "./project.js";
import { openPiSession, type Done, type PiSession } from "./pi-session.js";

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;

/** One pi session over the test project (see pi-session.ts). */
function openSession(): Promise<PiSession> {
  return openPiSession(project.root, faux);
}

const read = (id: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall("read", args, { id }), { stopReason: "toolUse" });
const view = (d: Done) => (d.details as { result: ViewResult }).result;

beforeAll(() => {
  project = makeProject({ ".pilensrc": "readGuard: block\n" });
  // Two medium TypeScript files (auto → signatures), snapshots of this repo's sources.
  copyFileSync(join(repoRoot, "core", "extract.ts"), join(project.root, "src", "extract.ts"));
  copyFileSync(join(repoRoot, "core", "engine.ts"), join(project.root, "src", "engine.ts"));
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-read-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi: pilens read", () => {
  it("read → unchanged re-read is a stub → compaction → full again; a branch switch too; the read-guard counts stubs", async () => {
    const pi = await openSession();
    const tools = pi.session.getAllTools().find((t) => t.name === "read")!;
    expect(tools.sourceInfo.source).not.toBe("builtin");
    expect(Object.keys((tools.parameters as { properties: object }).properties)).toEqual(["path", "offset", "limit", "mode"]);
    expect(pi.session.getActiveToolNames()).not.toContain("view");

    const [first, again] = await pi.prompt([read("r01", { path: "src/service.ts" }), read("r02", { path: "src/service.ts" }), fauxAssistantMessage(fauxText("ok"))]);
    expect(first!.isError).toBe(false);
    expect(first!.text).toBe(SERVICE_TS); // small file: verbatim, exactly like pi's read
    expect(view(first!).served).toBe("full");
    expect(view(again!).served).toBe("stub");
    expect(again!.text).toMatch(/^\[pilens: src\/service\.ts lines 1-32 unchanged since your read \(full, ~\d+ tokens\) — still in your context above/);
    expect(again!.text.length).toBeLessThan(first!.text.length * 0.2);

    // A changed window comes back as a diff; an edit after a stub is covered (readGuard: block).
    const [edit, diff] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/service.ts", edits: [{ oldText: 'throw new Error("bad port")', newText: 'throw new RangeError("bad port")' }] }, { id: "r03" }), { stopReason: "toolUse" }),
      read("r04", { path: "src/service.ts" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(edit!.isError, edit!.text).toBe(false);
    expect(view(diff!).served).toBe("diff");
    expect(diff!.text).toContain('+24:   if (!Number.isInteger(n) || n <= 0) throw new RangeError("bad port");');

    // Compaction: the agent no longer holds the text, so the next read sends it again.
    faux.setResponses([fauxAssistantMessage(fauxText("summary of the conversation so far"))]);
    await pi.session.compact();
    const [afterCompact] = await pi.prompt([read("r05", { path: "src/service.ts" }), fauxAssistantMessage(fauxText("ok"))]);
    expect(view(afterCompact!).served).toBe("full");
    expect(afterCompact!.text).toBe(readFileSync(join(project.root, "src", "service.ts"), "utf8"));
    const [stubAgain] = await pi.prompt([read("r06", { path: "src/service.ts" }), fauxAssistantMessage(fauxText("ok"))]);
    expect(view(stubAgain!).served).toBe("stub");

    // A branch switch (session tree navigation) is another context: full again.
    const firstUser = pi.session.sessionManager.getEntries().find((e) => e.type === "message")!;
    await pi.session.navigateTree(firstUser.id);
    const [afterTree] = await pi.prompt([read("r07", { path: "src/service.ts" }), fauxAssistantMessage(fauxText("ok"))]);
    expect(view(afterTree!).served).toBe("full");
    pi.session.dispose();
  });

  it("a bounce (auto outline, then full) escalates the next auto read; /pilens-savings adds up", async () => {
    const pi = await openSession();
    const done = await pi.prompt([
      read("b01", { path: "src/extract.ts" }),
      read("b02", { path: "src/extract.ts", mode: "full" }),
      read("b03", { path: "src/engine.ts" }),
      read("b04", { path: "src/extract.ts" }),
      read("b05", { path: "src/util.ts" }),
      read("b06", { path: "src/util.ts" }),
      read("b07", { path: "src/extract.ts", offset: 10, limit: 5 }),
      read("b08", { path: "src/extract.ts", offset: 10, limit: 5 }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(done.every((d) => !d.isError && d.toolName === "read")).toBe(true);
    const [outline, full, otherTs, sameAgain, , , windowedStub, windowed] = done.map(view);
    expect(outline).toMatchObject({ served: "signatures", reason: expect.stringMatching(/^auto: medium code/) });
    expect(done[0]!.text).toMatch(/^\[pilens signatures of src\/extract\.ts \(\d+ lines, auto: medium code/);
    expect(full).toMatchObject({ served: "full", bounce: true });
    expect(done[1]!.text).toBe(readFileSync(join(project.root, "src", "extract.ts"), "utf8"));
    // One bounce on .ts: the next auto read of a .ts file goes one step up (signatures → full).
    expect(otherTs).toMatchObject({ served: "full", reason: expect.stringMatching(/1 step\(s\) up after bounces/) });
    expect(sameAgain).toMatchObject({ served: "stub", reason: "auto: lines already sent verbatim" });
    // A window inside the full read b02 sent is a stub naming it; the same read again (the escape) sends it.
    expect(windowedStub).toMatchObject({ served: "stub", startLine: 10, endLine: 14 });
    expect(done[6]!.text).toMatch(/^\[pilens: src\/extract\.ts lines 10-14 unchanged since your read mode=full \(lines 1-\d+, ~\d+ tokens\)/);
    expect(windowed).toMatchObject({ served: "full", startLine: 10, endLine: 14 });
    expect(done[7]!.text).toMatch(/\n\n\[\d+ more lines in file\. Use offset=15 to continue\.\]$/);

    await pi.session.prompt("/pilens-savings");
    const l = ledgerOf(pi.notes.at(-1)!);
    const results = done.map(view);
    const raw = results.reduce((n, r) => n + r.rawTokens, 0);
    const sent = results.reduce((n, r) => n + r.tokens, 0);
    expect(l).toMatchObject({ reads: results.length, raw, sent, gross: raw - sent, bounces: 1 });
    // saved = Σ per-read savings − the raw cost of the bounced outline = Σ savings of reads that did not bounce − waste.
    expect(l.net).toBe(raw - sent - outline!.rawTokens);
    const notBounced = results.filter((r) => r !== outline);
    expect(l.net).toBe(notBounced.reduce((n, r) => n + r.rawTokens - r.tokens, 0) - l.waste);
    expect(l.waste).toBe(outline!.tokens);
    expect(pi.notes.at(-1)).toMatch(/bounced compressed reads by extension: \.ts 1\/1/);
    pi.session.dispose();
  });

  it("a long non-code file is cut where pi's read cuts it (2000 lines); the session remembers only what was shown", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${i + 1} of the log`);
    writeFileSync(join(project.root, "big.log"), lines.join("\n") + "\n");
    const pi = await openSession();
    const [head, headAgain, rest] = await pi.prompt([
      read("t01", { path: "big.log" }),
      read("t02", { path: "big.log" }),
      read("t03", { path: "big.log", offset: 2001 }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(view(head!)).toMatchObject({ served: "full", startLine: 1, endLine: 2000, totalLines: 3000 });
    expect(head!.text.split("\n")[0]).toBe("[pilens: showing lines 1-2000 of 3000 (one read holds 2000 lines / 50 KB); continue with offset=2001]");
    expect(head!.text.split("\n").slice(1).join("\n")).toBe(lines.slice(0, 2000).join("\n") + "\n");
    expect(headAgain!.text).toMatch(/big\.log lines 1-2000 unchanged since your read \(full, ~\d+ tokens\)/);
    expect(view(rest!)).toMatchObject({ served: "full", startLine: 2001, endLine: 3000 });
    expect(rest!.text).toBe(lines.slice(2000).join("\n") + "\n");
    pi.session.dispose();
  });

  it("a window of a file over maxFileBytes is served verbatim with pi's continuation hint (a small window: no note about outlines)", async () => {
    const lines = Array.from({ length: 120_000 }, (_, i) => `export const value${i} = ${i}; // padding to pass four megabytes`);
    writeFileSync(join(project.root, "huge.ts"), lines.join("\n") + "\n");
    const pi = await openSession();
    const [w] = await pi.prompt([read("t01", { path: "huge.ts", offset: 100_000, limit: 3 }), fauxAssistantMessage(fauxText("ok"))]);
    expect(view(w!)).toMatchObject({ served: "full", startLine: 100_000, endLine: 100_002 });
    expect(w!.text.startsWith(`${lines[99_999]}\n${lines[100_000]}\n`), w!.text.slice(0, 200)).toBe(true);
    expect(w!.text).toMatch(/\n\n\[19998 more lines in file\. Use offset=100003 to continue\.\]$/);
    pi.session.dispose();
  });

  it("an empty file reads as pi's read gives it; a window's hint follows its last line as pi's does; a minified file: auto is pi's short answer, full its cut line, not read for the guard (QA round X)", async () => {
    writeFileSync(join(project.root, "src", "__init__.py"), "");
    const min = Array.from({ length: 6000 }, (_, i) => `function f${i}(a){return a+${i}}`).join(";");
    writeFileSync(join(project.root, "src", "min.js"), min);
    const pi = await openSession();
    const [empty, win, auto, part, edit] = await pi.prompt([
      read("e01", { path: "src/__init__.py" }),
      read("e02", { path: "src/service.ts", offset: 1, limit: 2 }),
      read("e03", { path: "src/min.js" }),
      read("e04", { path: "src/min.js", mode: "full" }),
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/min.js", edits: [{ oldText: "function f5999(a){return a+5999}", newText: "function f5999(a){return a-5999}" }] }, { id: "e05" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect([empty!.isError, empty!.text]).toEqual([false, ""]);
    const serviceLines = SERVICE_TS.split("\n");
    expect(win!.text).toBe(`${serviceLines.slice(0, 2).join("\n")}\n\n[30 more lines in file. Use offset=3 to continue.]`);
    // Auto does not send 50 KB of minified code: pi's read answers (a line over its limit, what to do).
    expect((auto!.details as { pilens?: boolean } | undefined)?.pilens, auto!.text.slice(0, 300)).toBeUndefined();
    expect(auto!.text.length).toBeLessThan(300);
    expect(view(part!).cutLine).toBe(1);
    expect(part!.text.length).toBeLessThan(min.length);
    // (readGuard: block) the edit names text past what the read showed: blocked, nothing written.
    expect(edit!.isError, edit!.text).toBe(true);
    expect(readFileSync(join(project.root, "src", "min.js"), "utf8")).toBe(min);
    pi.session.dispose();
  });

  it("an edit refused after an outline read says the file was read as an outline; an unknown mode is refused once (QA round X)", async () => {
    const pi = await openSession();
    const [outline, edit, bad] = await pi.prompt([
      read("g01", { path: "src/extract.ts" }),
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/extract.ts", edits: [{ oldText: "export const MAX_DEPTH = 48;", newText: "export const MAX_DEPTH = 49;" }] }, { id: "g02" }), { stopReason: "toolUse" }),
      read("g03", { path: "src/extract.ts", mode: "outline" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(view(outline!).served).toBe("signatures");
    expect(edit!.isError).toBe(true);
    expect(edit!.text).toMatch(/src\/extract\.ts was read as an outline only \(signatures or map, no bodies\) in this session; read src\/extract\.ts line \d+ first \(read_enclosing src\/extract\.ts \d+,/);
    expect(bad!.isError).toBe(true);
    expect(bad!.text.match(/- mode:/g)).toHaveLength(1);
    pi.session.dispose();
  });

  it("images, directories and files outside the project go to pi's read, a binary is an error (not its bytes); piRead: builtin leaves it alone", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    writeFileSync(join(project.root, "dot.png"), png);
    writeFileSync(join(project.root, "blob.bin"), Buffer.from([1, 0, 2, 0, 3]));
    let pi = await openSession();
    const done = await pi.prompt([
      fauxAssistantMessage([
        fauxToolCall("read", { path: "dot.png" }, { id: "i01" }),
        fauxToolCall("read", { path: project.outside }, { id: "i02" }),
        fauxToolCall("read", { path: "src" }, { id: "i03" }),
        fauxToolCall("read", { path: "src/nope.ts" }, { id: "i04" }),
        fauxToolCall("read", { path: "src/service.ts", offset: 999 }, { id: "i05" }),
        fauxToolCall("read", { path: "blob.bin" }, { id: "i06" }),
        fauxToolCall("read", { path: "blob.bin", offset: 1, limit: 1 }, { id: "i07" }),
      ], { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(done.map((d) => [d.id, d.isError])).toEqual([["i01", false], ["i02", false], ["i03", true], ["i04", true], ["i05", true], ["i06", true], ["i07", true]]);
    // pi's read sent a binary's bytes as text (35 KB of /bin/true in QA session 45): one line instead.
    for (const d of done.slice(5)) expect(d.text).toBe("binary file (NUL bytes): blob.bin — not shown: its bytes are no text (look at it with bash: `file`, `xxd | head`)");
    expect(done[0]!.text).toMatch(/^Read image file \[image\/png\]/);
    expect(done[1]!.text).toBe("export const token = 'x';\n");
    expect(done[3]!.text).toMatch(/ENOENT/);
    expect(done[4]!.text).toMatch(/Offset 999 is beyond end of file/);
    for (const d of done) expect((d.details as { pilens?: boolean } | undefined)?.pilens).toBeUndefined();
    pi.session.dispose();

    writeFileSync(join(project.root, ".pilensrc"), "piRead: builtin\nreadGuard: block\n");
    pi = await openSession();
    // pi's read itself, with its own description and parameters: no promise of outlines (QA round X).
    const builtinRead = pi.session.getAllTools().find((t) => t.name === "read")!;
    expect(builtinRead.sourceInfo.source).toBe("builtin");
    expect(Object.keys((builtinRead.parameters as { properties: object }).properties)).toEqual(["path", "offset", "limit"]);
    const big = await pi.prompt([read("p01", { path: "src/extract.ts" }), read("p02", { path: "src/extract.ts" }), fauxAssistantMessage(fauxText("ok"))]);
    for (const d of big) {
      expect(d.text).toBe(readFileSync(join(project.root, "src", "extract.ts"), "utf8"));
      expect((d.details as { pilens?: boolean } | undefined)?.pilens).toBeUndefined();
    }
    // pi's own read still feeds the read-guard: an edit of lines it showed goes through.
    const [edit] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/extract.ts", edits: [{ oldText: "export const MAX_DEPTH = 48;", newText: "export const MAX_DEPTH = 49;" }] }, { id: "p03" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(edit!.isError, edit!.text).toBe(false);
    pi.session.dispose();
    writeFileSync(join(project.root, ".pilensrc"), "readGuard: block\n");
  });

  it("a FIFO or a device, in the project or not, is an error at once — opening a FIFO had blocked pi's whole process (robustness round, session 48)", async () => {
    execFileSync("mkfifo", [join(project.root, "pipe.ts")]);
    symlinkSync("/dev/zero", join(project.root, "zero.ts"));
    const pi = await openSession();
    const done = await pi.prompt([
      fauxAssistantMessage([
        fauxToolCall("read", { path: "pipe.ts" }, { id: "f01" }),
        fauxToolCall("read", { path: "zero.ts", offset: 1, limit: 2 }, { id: "f02" }),
        fauxToolCall("read", { path: "/dev/zero" }, { id: "f03" }),
        fauxToolCall("read", { path: "src/util.ts" }, { id: "f04" }),
      ], { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(done.map((d) => [d.id, d.isError, d.text])).toEqual([
      ["f01", true, "not a regular file: pipe.ts is a FIFO (named pipe) — not read: its reading would wait for a writer or never end"],
      ["f02", true, "not a regular file: zero.ts is a character device — not read: its reading would wait for a writer or never end"],
      ["f03", true, "not a regular file: /dev/zero is a character device — not read: its reading would wait for a writer or never end"],
      ["f04", false, expect.stringContaining("export function helper")],
    ]);
    pi.session.dispose();
  });

  it("an offset or limit that names no window is refused, as MCP's view refuses it — pi's read had served `offset: 1.5` as \"978.5 more lines\"", async () => {
    const pi = await openSession();
    const done = await pi.prompt([
      fauxAssistantMessage([
        fauxToolCall("read", { path: "src/service.ts", offset: 1.5, limit: 2 }, { id: "w01" }),
        fauxToolCall("read", { path: "src/service.ts", offset: -5, limit: 3 }, { id: "w02" }),
        fauxToolCall("read", { path: "src/service.ts", offset: 5, limit: 0 }, { id: "w03" }),
        fauxToolCall("read", { path: "src/service.ts", offset: 0, limit: 1 }, { id: "w04" }),
      ], { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(done.map((d) => [d.id, d.isError, d.text])).toEqual([
      ["w01", true, "offset: 1.5 is no line number — pass a whole number (1 is the first line)"],
      ["w02", true, "offset: -5 is no line number — pass a whole number (1 is the first line)"],
      ["w03", true, "limit: 0 is no number of lines — pass a whole number ≥ 1"],
      ["w04", false, expect.stringMatching(/^import \{ readFile \} from "node:fs\/promises";\n\n\[\d+ more lines in file\. Use offset=2 to continue\.\]$/)],
    ]);
    pi.session.dispose();
  });
});

/** Parse the `/pilens-savings` notification (formatLedger's lines). */
function ledgerOf(note: string): Promise<{ reads: number; raw: number; sent: number; gross: number; bounces: number; bounceTokens: number; waste: number; net: number }> {
  const num = (re: RegExp) => Number(note.match(re)?.[1] ?? NaN);
  return {
    reads: num(/reads (\d+)/),
    raw: num(/plain reads (\d+)/),
    sent: num(/sent (\d+)/),
    gross: num(/saved (-?\d+) gross/),
    bounces: num(/bounces (\d+):/),
    bounceTokens: num(/bounces \d+: −(\d+)/),
    waste: num(/waste (\d+) tokens/),
    net: num(/net saved (-?\d+) tokens/),
  };
}
