/**
 * What a stub cites, and text moved by an edit above it (session 50):
 *  - no tool result shows the model a read number or a time, so a stub citing "your read #3 at 15:10:04"
 *    pointed at nothing it could find: stubs cite the call that sent the text, as the agent made it;
 *  - a window, or a read_symbol, whose lines an earlier read sent, moved since by lines inserted above them
 *    (text unchanged), was sent whole again unless both reads were read tools (repeat.ts had remembered
 *    only read_symbol / read_enclosing answers by their text).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { ViewSession } from "../../core/view/index.js";

const fn = (name: string, n: number) => [`export function ${name}(a: number) {`, ...Array.from({ length: n }, (_, i) => `  a = a + ${i} * ${name.length} + ${name.charCodeAt(0)};`), "  return a;", "}", ""];
const SOURCE = [...fn("alpha", 20), ...fn("beta", 30), ...fn("gamma", 40)].join("\n");

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), "pilens-moved-"));
  mkdirSync(join(dir, ".git"));
  const file = join(dir, "a.ts");
  writeFileSync(file, SOURCE);
  const lens = await Lens.create({ cwd: dir, root: dir });
  return { file, lens, session: new ViewSession({ tools: { view: "read" } }) };
}

/** Three lines inserted inside `alpha` (above everything after its line 2). */
function insertAbove(file: string): void {
  const lines = readFileSync(file, "utf8").split("\n");
  lines.splice(2, 0, "  // one", "  // two", "  // three");
  writeFileSync(file, lines.join("\n"));
}

describe("a stub cites the call that sent the text", () => {
  it("unchanged re-reads, windows inside a read, read tools and diffs name calls, never a read number or a time", async () => {
    const { file, lens, session } = await setup();
    const texts: string[] = [];
    const whole = await lens.view(file, { mode: "full", session });
    texts.push((await lens.view(file, { mode: "full", session })).text);
    const win = await lens.view(file, { offset: 30, limit: 20, session });
    expect(win.text).toBe(`[pilens: a.ts lines 30-49 unchanged since your read mode=full (lines 1-${whole.totalLines}, ~${whole.tokens} tokens) — still in your context above (if not, ask again)]`);
    texts.push(win.text);
    const sym = await lens.readSymbol(file, "gamma", { session });
    expect(sym.unchanged).toEqual({ by: "read mode=full", text: expect.stringContaining("unchanged since your read mode=full (lines 1-") });
    texts.push(sym.unchanged!.text);
    insertAbove(file);
    const diff = await lens.view(file, { mode: "full", session });
    expect(diff.served).toBe("diff");
    expect(diff.text.split("\n")[0]).toMatch(/^\[pilens: a\.ts changed since your read mode=full — diff for lines/);
    texts.push(diff.text.split("\n")[0]!);
    for (const t of texts) expect(t).not.toMatch(/#\d|\d\d:\d\d:\d\d/);
  });
});

describe("text moved by lines inserted above it, unchanged", () => {
  it("a window read again where its lines now stand is a stub naming the window's read, and counts as held", async () => {
    const { file, lens, session } = await setup();
    const first = await lens.view(file, { mode: "full", offset: 30, limit: 26, session });
    expect(first.served).toBe("full");
    insertAbove(file);
    const there = await lens.view(file, { mode: "full", offset: 33, limit: 26, session });
    expect([there.served, there.text]).toEqual(["stub", `[pilens: a.ts lines 33-58 are the text your read offset=30 limit=26 mode=full sent as lines 30-55 (~${first.tokens} tokens), unchanged and moved by lines inserted or deleted above — still in your context above (if not, ask again)]`]);
    expect(there.held).toEqual({ startLine: 33, endLine: 58 });
    // A window inside it is the unchanged-read stub now; the same request again (the escape) sends the lines.
    expect((await lens.view(file, { mode: "full", offset: 36, limit: 15, session })).served).toBe("stub");
    const again = await lens.view(file, { mode: "full", offset: 33, limit: 26, session });
    expect(again.served).toBe("full");
    expect(again.text).toBe(first.text);
  });

  it("a window of the lines a read_symbol sent, moved since, is a stub naming the read_symbol", async () => {
    const { file, lens, session } = await setup();
    const sym = await lens.readSymbol(file, "gamma", { session });
    expect(sym.source).toBeDefined();
    insertAbove(file);
    const win = await lens.view(file, { mode: "full", offset: sym.startLine! + 3, limit: sym.endLine! - sym.startLine! + 1, session });
    expect(win.served).toBe("stub");
    expect(win.text).toMatch(new RegExp(`^\\[pilens: a\\.ts lines ${sym.startLine! + 3}-${sym.endLine! + 3} are the text your read_symbol gamma sent as lines ${sym.startLine}-${sym.endLine} \\(`));
  });

  it("read_symbol of a function a whole-file read sent, moved since, is a stub naming that read and where the text stood in it", async () => {
    const { file, lens, session } = await setup();
    const whole = await lens.view(file, { mode: "full", session });
    const before = (await lens.readSymbol(file, "gamma")).startLine!;
    insertAbove(file);
    const sym = await lens.readSymbol(file, "gamma", { session });
    expect(sym.startLine).toBe(before + 3);
    expect(sym.source).toBeUndefined();
    expect(sym.unchanged).toEqual({ by: "read mode=full", text: expect.stringContaining(`are the text your read mode=full sent as lines ${before}-${sym.endLine! - 3} (~${whole.tokens} tokens), unchanged and moved`) });
    // The lines that did change (alpha's) are not held: alpha comes whole.
    expect((await lens.readSymbol(file, "alpha", { session })).source).toContain("  // two");
  });

  it("an auto read of a moved window the agent holds is its stub, not an outline", async () => {
    const { file, lens, session } = await setup();
    await lens.view(file, { mode: "full", session });
    insertAbove(file);
    const auto = await lens.view(file, { offset: 30, limit: 60, session });
    expect([auto.served, auto.reason]).toEqual(["stub", "auto: lines already sent verbatim"]);
  });
});

describe("lines the agent holds of an older content, read through another request", () => {
  it("a window after an edit, its lines sent by a whole-file read before it, is the diff against that read; a window inside it then a stub", async () => {
    const { file, lens, session } = await setup();
    const whole = await lens.view(file, { mode: "full", session });
    expect(whole.served).toBe("full");
    writeFileSync(file, SOURCE.replace("  a = a + 10 * 4 + 98;", "  a = a - 10;"));
    const win = await lens.view(file, { mode: "full", offset: 30, limit: 26, session });
    expect(win.served).toBe("diff");
    expect(win.text).toBe(`[pilens: a.ts lines 30-55 changed since your read mode=full — diff for lines 1-${whole.totalLines} (file now ${whole.totalLines} lines); unchanged lines omitted]\n@@ old 36 → new 36\n-36:   a = a + 10 * 4 + 98;\n+36:   a = a - 10;`);
    expect(win.tokens).toBeLessThan(win.rawTokens / 2);
    expect(win.held).toEqual({ startLine: 1, endLine: whole.totalLines });
    // The agent holds the file as it now is: any window of it is a stub.
    expect((await lens.view(file, { mode: "full", offset: 60, limit: 30, session })).served).toBe("stub");
    expect((await lens.readSymbol(file, "beta", { session })).unchanged?.text).toMatch(/unchanged since your read offset=30 limit=26 mode=full \(a diff of lines 1-/);
  });

  it("a file the agent wrote and then edited is read as the diff against the write", async () => {
    const { file, lens, session } = await setup();
    session.noteWritten(file, SOURCE);
    expect((await lens.view(file, { session })).served).toBe("stub");
    writeFileSync(file, SOURCE.replace("export function beta", "/** Beta. */\nexport function beta"));
    const r = await lens.view(file, { session });
    expect([r.served, r.text]).toEqual(["diff", `[pilens: a.ts lines 1-102 changed since your write — diff for lines 1-102, the lines it sent as 1-101 (file now 102 lines); unchanged lines omitted]\n@@ old after 24 → new 25\n+25: /** Beta. */`]);
  });

  it("a diff that does not hold the window, or is not smaller than it, leaves the window whole", async () => {
    const { file, lens, session } = await setup();
    await lens.view(file, { mode: "full", offset: 1, limit: 30, session });
    writeFileSync(file, SOURCE.replace("  a = a + 3 * 5 + 97;", "  a = 3;"));
    // Lines 20-59: the earlier read held lines 1-30 only.
    const r = await lens.view(file, { mode: "full", offset: 20, limit: 40, session });
    expect(r.served).toBe("full");
    // Every line rewritten: no diff is smaller.
    writeFileSync(file, SOURCE.replace(/a = a \+/g, "a = a -"));
    expect((await lens.view(file, { mode: "full", offset: 1, limit: 20, session })).served).toBe("full");
  });
});

describe("the escape from a stub is the same request of the same content", () => {
  it("read_symbol, its stub, an edit below it: the next read_symbol is a stub saying the file changed elsewhere, not the text", async () => {
    const { file, lens, session } = await setup();
    expect((await lens.readSymbol(file, "beta", { session })).source).toBeDefined();
    expect((await lens.readSymbol(file, "beta", { session })).unchanged).toBeDefined();
    writeFileSync(file, SOURCE.replace("export function gamma", "// a line above gamma\nexport function gamma"));
    const r = await lens.readSymbol(file, "beta", { session });
    expect(r.unchanged?.text).toMatch(/^\[pilens: a\.ts lines 25-57 are the text your read_symbol beta sent as lines 25-57 \(~\d+ tokens\), unchanged, the file changed elsewhere — /);
    // Asked again on this content: the text.
    expect((await lens.readSymbol(file, "beta", { session })).source).toContain("export function beta");
  });
});
