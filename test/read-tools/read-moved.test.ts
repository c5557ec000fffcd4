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
