/**
 * View sessions on real files: unchanged re-reads become stubs, edits become diffs, bounces escalate
 * the next auto read, fragmentation serves the whole file, a new generation sends content again, and
 * the ledger's numbers add up.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { ViewSession, type Ledger } from "../../core/view/index.js";
import { repoRoot } from "../helpers.js";

function project(files: string[]): { dir: string; paths: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "pilens-session-"));
  const paths = files.map((f, i) => {
    const to = join(dir, `${i}-${f.split("/").pop()}`);
    copyFileSync(join(repoRoot, f), to);
    return to;
  });
  return { dir, paths };
}

function checkLedger(l: Ledger): void {
  expect(l.grossSavedTokens).toBe(l.rawTokens - l.deliveredTokens);
  expect(l.netSavedTokens).toBe(l.grossSavedTokens - l.bounceTokens);
  expect(l.full + l.compressed + l.stubs + l.diffs + l.fallbacks).toBe(l.reads);
}

describe("view sessions", async () => {
  const clock = { t: Date.parse("2026-01-01T10:00:00Z") };
  const now = () => new Date((clock.t += 1000));

  it("an unchanged re-read is a short stub (≤ 10% of the first read) naming what was read and when", async () => {
    const { dir, paths } = project(["core/extract.ts"]);
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now });
    const first = await lens.view(paths[0]!, { mode: "full", session: s });
    const again = await lens.view(paths[0]!, { mode: "full", session: s });
    expect(again.served).toBe("stub");
    expect(again.tokens).toBeLessThanOrEqual(first.tokens * 0.1);
    expect(again.text).toMatch(/lines 1-\d+ unchanged since your view mode=full \(~\d+ tokens\)/);
    // Compressed reads are deduplicated the same way.
    const sig1 = await lens.view(paths[0]!, { mode: "signatures", session: s });
    const sig2 = await lens.view(paths[0]!, { mode: "signatures", session: s });
    expect([sig1.served, sig2.served]).toEqual(["signatures", "stub"]);
    checkLedger(s.ledger);
    expect(s.ledger.stubs).toBe(2);
  });

  it("after an edit the re-read is a diff with the changed line and real line numbers, ≤ 50% of the file", async () => {
    const { dir, paths } = project(["core/extract.ts"]);
    const f = paths[0]!;
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now });
    const first = await lens.view(f, { mode: "full", session: s });
    const lines = readFileSync(f, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes("export const MAX_DEPTH = 48;"));
    lines[at] = "export const MAX_DEPTH = 64;";
    writeFileSync(f, lines.join("\n"));
    const second = await lens.view(f, { mode: "full", session: s });
    expect(second.served).toBe("diff");
    expect(second.text).toContain(`-${at + 1}: export const MAX_DEPTH = 48;`);
    expect(second.text).toContain(`+${at + 1}: export const MAX_DEPTH = 64;`);
    expect(second.tokens).toBeLessThanOrEqual(first.tokens * 0.5);
    // The diff brought the agent up to date: the next read is a stub again, naming that read, a diff.
    const third = await lens.view(f, { mode: "full", session: s });
    expect(third.served).toBe("stub");
    expect(third.text).toMatch(/unchanged since your view mode=full \(a diff, ~\d+ tokens\)/);
    // A rewrite bigger than the window is sent whole, not as a diff.
    writeFileSync(f, lines.map((l) => l + " // x").join("\n"));
    expect((await lens.view(f, { mode: "full", session: s })).served).toBe("full");
    checkLedger(s.ledger);
  });

  it("a new generation (compaction, branch switch) sends content again; another session never stubs", async () => {
    const { dir, paths } = project(["core/extract.ts"]);
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now });
    await lens.view(paths[0]!, { mode: "full", session: s });
    s.newGeneration();
    expect((await lens.view(paths[0]!, { mode: "full", session: s })).served).toBe("full");
    expect((await lens.view(paths[0]!, { mode: "full", session: new ViewSession() })).served).toBe("full");
    expect((await lens.view(paths[0]!, { mode: "full" })).served).toBe("full");
  });

  it("a bounce (compressed then full) escalates the next auto read of the path and of its extension; waste is counted", async () => {
    const { dir, paths } = project(["core/extract.ts", "core/read-enclosing.ts", "core/engine.ts"]);
    const [a, b] = paths as [string, string];
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now });
    const auto1 = await lens.view(a, { mode: "auto", session: s });
    expect(auto1.served).toBe("signatures");
    const b1 = await lens.view(b, { mode: "auto", session: s, thresholds: { smallTokens: 100, mediumTokens: 1000 } });
    expect(b1.served).toBe("map");
    const full = await lens.view(a, { mode: "full", session: s });
    expect(full.bounce).toBe(true);
    expect(s.ledger).toMatchObject({ bounces: 1, wasteTokens: auto1.tokens, bounceTokens: auto1.rawTokens });
    expect(s.ledger.wasteBytes).toBe(Buffer.byteLength(auto1.text));
    // The path moves one step (signatures → full), the extension too (map → signatures for another .ts file).
    s.newGeneration();
    const auto2 = await lens.view(a, { mode: "auto", session: s });
    expect(auto2.served).toBe("full");
    expect(auto2.reason).toMatch(/1 step\(s\) up after bounces/);
    const b2 = await lens.view(b, { mode: "auto", session: s, thresholds: { smallTokens: 100, mediumTokens: 1000 } });
    expect(b2.served).toBe("signatures");
    // A targeted window after a map is the intended use, not a bounce.
    const s2 = new ViewSession({ now });
    await lens.view(a, { mode: "map", session: s2 });
    expect((await lens.view(a, { mode: "full", offset: 40, limit: 20, session: s2 })).bounce).toBeUndefined();
    expect(s2.ledger.bounces).toBe(0);
    checkLedger(s.ledger);
  });

  it("the ledger adds up: net = plain − sent − bounced raw; a lone bounce nets exactly −waste", async () => {
    const { dir, paths } = project(["core/extract.ts"]);
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now });
    const sig = await lens.view(paths[0]!, { mode: "signatures", session: s });
    const full = await lens.view(paths[0]!, { mode: "full", session: s });
    expect(full.bounce).toBe(true);
    expect(s.ledger.rawTokens).toBe(sig.rawTokens + full.rawTokens);
    expect(s.ledger.deliveredTokens).toBe(sig.tokens + full.tokens);
    expect(s.ledger.netSavedTokens).toBe(-s.ledger.wasteTokens);
    const stub = await lens.view(paths[0]!, { mode: "full", session: s });
    expect(s.ledger.netSavedTokens).toBe(-s.ledger.wasteTokens + full.rawTokens - stub.tokens);
    checkLedger(s.ledger);
  });

  it("fragmentation: past 60% of the file read in pieces, the next read serves the whole file", async () => {
    const { dir, paths } = project(["core/extract.ts"]);
    const f = paths[0]!;
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now });
    const a = await lens.analyze(f);
    const total = a.lines.length;
    // Read symbols one by one (largest first) until more than 60% of the file has been spent.
    const syms = [...a.symbols].sort((x, y) => y.endLine - y.startLine - (x.endLine - x.startLine));
    let spent = 0;
    const fileTokens = Math.ceil(a.source.length / 4);
    for (const sym of syms) {
      if (spent > fileTokens * 0.6) break;
      const r = await lens.readSymbol(f, sym.name, { session: s });
      spent += Math.ceil((r.source ?? "").length / 4);
    }
    expect(spent).toBeGreaterThan(fileTokens * 0.6);
    const next = await lens.view(f, { mode: "full", offset: 10, limit: 20, session: s });
    expect(next).toMatchObject({ served: "full", startLine: 1, endLine: total, reason: "fragmentation" });
    expect(next.note).toMatch(/already read in pieces/);
    expect(s.ledger.fragmentationServes).toBe(1);
    // Below the threshold a window is a window.
    const s2 = new ViewSession({ now });
    await lens.readEnclosing(f, 100, { session: s2 });
    expect((await lens.view(f, { mode: "full", offset: 10, limit: 20, session: s2 })).endLine).toBe(29);
  });

  it("Beta learning (opt-in): the extension's steps follow the posterior bounce rate", async () => {
    const { dir, paths } = project(["core/extract.ts", "core/engine.ts", "core/read-enclosing.ts"]);
    const lens = await Lens.create({ cwd: dir, root: dir });
    const s = new ViewSession({ now, learn: true });
    // Two compressed reads without bounces: rate (1+0)/(2+2) = 0.25 → no steps.
    await lens.view(paths[0]!, { mode: "signatures", session: s });
    await lens.view(paths[1]!, { mode: "signatures", session: s });
    expect(s.bounceRate(paths[2]!)).toBeCloseTo(0.25);
    expect(s.steps(paths[2]!)).toBe(0);
    await lens.view(paths[0]!, { mode: "full", session: s });
    await lens.view(paths[1]!, { mode: "full", session: s });
    // Two bounces out of two: (1+2)/(2+2) = 0.75 → two steps for every .ts file.
    expect(s.bounceRate(paths[2]!)).toBeCloseTo(0.75);
    expect(s.steps(paths[2]!)).toBe(2);
    expect(s.bounceStats().extensions[".ts"]).toMatchObject({ trials: 2, bounces: 2 });
  });
});
