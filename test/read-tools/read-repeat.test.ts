/**
 * Text already sent, asked for again in one session (QA V F4): a view window inside an earlier full
 * read, and read_symbol / read_enclosing of lines a verbatim read sent, the file unchanged, are the
 * unchanged-read stub naming that read; the ledger counts them; the same request again right after its
 * stub sends the text (the escape for an agent that lost it); an edit or a new generation sends text.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { formatReadSymbol } from "../../core/read-format.js";
import { formatReadEnclosing } from "../../core/read-enclosing.js";
import { ViewSession, type Ledger } from "../../core/view/index.js";

const body = (name: string, n: number) => [`export function ${name}(a: number) {`, ...Array.from({ length: n }, (_, i) => `  a = a + ${i} * ${name.length};`), "  return a;", "}"];
const SOURCE = [...body("big", 60), "", "/** Small. */", ...body("other", 30), ""].join("\n");

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), "pilens-repeat-"));
  mkdirSync(join(dir, ".git"));
  const file = join(dir, "a.ts");
  writeFileSync(file, SOURCE);
  const lens = await Lens.create({ cwd: dir, root: dir });
  const clock = { t: Date.parse("2026-01-01T10:00:00Z") };
  const session = new ViewSession({ now: () => new Date((clock.t += 1000)) });
  return { file, lens, session };
}

function checkLedger(l: Ledger): void {
  expect(l.grossSavedTokens).toBe(l.rawTokens - l.deliveredTokens);
  expect(l.netSavedTokens).toBe(l.grossSavedTokens - l.bounceTokens);
  expect(l.full + l.compressed + l.stubs + l.diffs + l.fallbacks).toBe(l.reads);
}

describe("re-reads of text already sent (view windows, read_symbol, read_enclosing)", () => {
  it("a window inside a full read is a stub naming that read; asked again right after, the text; then a stub again", async () => {
    const { file, lens, session } = await setup();
    const whole = await lens.view(file, { mode: "full", session });
    expect(whole.served).toBe("full");
    const win = await lens.view(file, { mode: "full", offset: 10, limit: 20, session });
    expect(win.served).toBe("stub");
    expect(win.text).toBe("[pilens: a.ts lines 10-29 unchanged since your view mode=full (lines 1-98, ~" + whole.tokens + " tokens) — still in your context above (if not, ask again)]");
    const again = await lens.view(file, { mode: "full", offset: 10, limit: 20, session });
    expect(again.served).toBe("full");
    expect(again.text.split("\n")[0]).toBe("  a = a + 8 * 3;");
    const third = await lens.view(file, { mode: "full", offset: 10, limit: 20, session });
    expect(third.served).toBe("stub");
    expect(third.text).toMatch(/lines 10-29 unchanged since your view offset=10 limit=20 mode=full \(~\d+ tokens\)/);
    // The whole file again is the view's own unchanged re-read, with the same escape.
    expect((await lens.view(file, { mode: "full", session })).served).toBe("stub");
    expect((await lens.view(file, { mode: "full", session })).served).toBe("full");
    checkLedger(session.ledger);
    expect(session.ledger.stubs).toBe(3);
  });

  it("read_symbol and read_enclosing of lines a full view sent are stubs; the ledger counts them", async () => {
    const { file, lens, session } = await setup();
    const whole = await lens.view(file, { mode: "full", session });
    const sym = await lens.readSymbol(file, "big", { session });
    expect(sym.found).toBe(true);
    expect(sym.source).toBeUndefined();
    expect(sym.unchanged).toMatchObject({ by: "view mode=full" });
    expect(formatReadSymbol(sym)).toBe(`function big  a.ts:1-63\n[pilens: a.ts lines 1-63 unchanged since your view mode=full (lines 1-98, ~${whole.tokens} tokens) — still in your context above (if not, ask again)]`);
    const enc = await lens.readEnclosing(file, 70, { session });
    expect(enc).toMatchObject({ found: true, name: "other", startLine: 65, endLine: 98, unchanged: { by: "view mode=full" } });
    expect(formatReadEnclosing(enc)).toMatch(/^function other  a\.ts:65-98\n\[pilens: a\.ts lines 65-98 unchanged since your view mode=full \(lines 1-98,/);
    const l = session.ledger;
    expect(l).toMatchObject({ reads: 3, full: 1, stubs: 2 });
    expect(l.rawTokens).toBeGreaterThan(whole.rawTokens * 1.8);
    expect(l.grossSavedTokens).toBeGreaterThan(whole.rawTokens * 0.6);
    checkLedger(l);
  });

  it("read_symbol twice: the lines, then a stub; the same call once more (the escape) sends them; read_enclosing then names that read", async () => {
    const { file, lens, session } = await setup();
    const first = await lens.readSymbol(file, "big", { session });
    expect(first.source?.split("\n")).toHaveLength(63);
    // A window inside a read_symbol's lines is a stub too.
    expect((await lens.view(file, { mode: "full", offset: 5, limit: 30, session })).text).toMatch(/lines 5-34 unchanged since your read_symbol big \(lines 1-63, ~\d+ tokens\)/);
    const second = await lens.readSymbol(file, "big", { session });
    expect(second.unchanged?.text).toMatch(/lines 1-63 unchanged since your read_symbol big \(~\d+ tokens\)/);
    const third = await lens.readSymbol(file, "big", { session });
    expect(third.source).toBe(first.source);
    expect(third.unchanged).toBeUndefined();
    const enc = await lens.readEnclosing(file, 30, { session });
    expect(enc.unchanged?.text).toMatch(/lines 1-63 unchanged since your read_symbol big \(~\d+ tokens\)/);
    checkLedger(session.ledger);
    expect(session.ledger).toMatchObject({ reads: 5, full: 2, stubs: 3 });
  });

  it("lines only partly sent, an edited file, a new generation and another session all get the text", async () => {
    const { file, lens, session } = await setup();
    await lens.view(file, { mode: "full", offset: 1, limit: 30, session });
    // `big` runs to line 63: the window held only its first 30 lines.
    expect((await lens.readSymbol(file, "big", { session })).source).toBeDefined();
    expect((await lens.readSymbol(file, "big", { session })).unchanged).toBeDefined();
    writeFileSync(file, SOURCE.replace("a = a + 59 * 3;", "a = a + 59 * 4;"));
    expect((await lens.readSymbol(file, "big", { session })).source).toContain("a = a + 59 * 4;");
    // `other` did not change, but its file did: the text, not a stub of a read of other content.
    expect((await lens.readSymbol(file, "other", { session })).source).toBeDefined();
    session.newGeneration();
    expect((await lens.readSymbol(file, "other", { session })).source).toBeDefined();
    expect((await lens.readSymbol(file, "other", { session: new ViewSession() })).source).toBeDefined();
    expect((await lens.readSymbol(file, "other")).source).toBeDefined();
  });

  it("a symbol smaller than its stub is sent as it is", async () => {
    const { file, lens, session } = await setup();
    writeFileSync(file, "export const x = 1;\n" + SOURCE);
    await lens.view(file, { mode: "full", session });
    const r = await lens.readSymbol(file, "x", { session });
    expect(r.source).toBe("export const x = 1;");
    expect(session.ledger).toMatchObject({ reads: 2, stubs: 0 });
  });
});
