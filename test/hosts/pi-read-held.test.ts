/**
 * What the agent holds after a read in pi, as a long session meets it (QA session 49): a diff whose lines
 * moved (lines inserted or deleted above the window) leaves the agent holding its earlier read at the
 * new lines — not the window, into which unread lines slid; and a stub of an outline is no read of the
 * lines. pi itself, headless, with its scripted faux model; the file changes behind pi's back between turns.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import type { ViewResult } from "../../core/view/index.js";
import { repoRoot } from "../helpers.js";
import { makeProject, type TempProject } from "./project.js";
import { openPiSession, type Done } from "./pi-session.js";

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;

const read = (id: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall("read", args, { id }), { stopReason: "toolUse" });
const edit = (id: string, path: string, oldText: string, newText: string) =>
  fauxAssistantMessage(fauxToolCall("edit", { path, edits: [{ oldText, newText }] }, { id }), { stopReason: "toolUse" });
const ok = fauxAssistantMessage(fauxText("ok"));
const view = (d: Done) => (d.details as { result: ViewResult }).result;

/** 400 distinct lines of JavaScript (a window of them is far larger than a stub). */
const LINES = Array.from({ length: 400 }, (_, i) => `export const value${i + 1} = computeSomethingLong(${i + 1}, "line ${i + 1} of the module");`);
const file = () => join(project.root, "src", "values.js");
const disk = () => readFileSync(file(), "utf8").split("\n");
/** Lines `from`-`to` of the file as it is now, as a read sends them (pi's hint aside). */
const linesNow = (from: number, to: number) => disk().slice(from - 1, to).join("\n");

beforeAll(() => {
  project = makeProject({ ".pilensrc": "readGuard: block\n" });
  copyFileSync(join(repoRoot, "core", "extract.ts"), join(project.root, "src", "extract.ts"));
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-held-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi: what a read leaves the agent holding", () => {
  it("a diff whose lines moved: a window of lines that slid in is sent, not stubbed; the read-guard does not count them", async () => {
    writeFileSync(file(), LINES.join("\n") + "\n");
    const pi = await openPiSession(project.root, faux);
    const [first] = await pi.prompt([read("m01", { path: "src/values.js", offset: 200, limit: 60 }), ok]);
    expect(view(first!)).toMatchObject({ served: "full", startLine: 200, endLine: 259 });
    // Behind pi's back: two lines inserted at the top, one line inside the window changed.
    const l = disk();
    l.splice(10, 0, "// inserted A", "// inserted B");
    l[230] += " // changed";
    writeFileSync(file(), l.join("\n"));
    const [diff, slid] = await pi.prompt([read("m02", { path: "src/values.js", offset: 200, limit: 60 }), read("m03", { path: "src/values.js", offset: 200, limit: 31 }), ok]);
    expect(view(diff!).served).toBe("diff");
    expect(diff!.text).toMatch(/diff for lines 202-261 .*the lines you read are now lines 202-261/);
    expect(view(diff!).held).toEqual({ startLine: 202, endLine: 261 });
    // Lines 200-201 of the file now were never sent: the window comes whole, as it is on disk.
    expect(view(slid!).served).toBe("full");
    expect(slid!.text.startsWith(linesNow(200, 230))).toBe(true);

    // Lines deleted above a window read again: the same request after the "moved, unchanged" answer
    // sends the window (its last lines slid in unread), and a changed one is no diff against them.
    const [w] = await pi.prompt([read("m05", { path: "src/values.js", offset: 300, limit: 30 }), ok]);
    expect(view(w!).served).toBe("full");
    writeFileSync(file(), disk().filter((_, i) => i < 5 || i > 7).join("\n"));
    const [moved] = await pi.prompt([read("m06", { path: "src/values.js", offset: 300, limit: 30 }), ok]);
    expect(moved!.text).toMatch(/lines 300-329 as your read offset=300 limit=30 sent them are unchanged and now lines 297-326/);
    expect(view(moved!).held).toEqual({ startLine: 297, endLine: 326 });
    // Line 327 slid into the window unread (it was line 330): an edit of it is refused (readGuard block).
    const [slidEdit] = await pi.prompt([edit("m07", "src/values.js", disk()[326]!, `${disk()[326]} // edited`), ok]);
    expect(slidEdit!.isError, slidEdit!.text).toBe(true);
    expect(slidEdit!.text).toMatch(/line 327/);
    const [again, inside] = await pi.prompt([read("m08", { path: "src/values.js", offset: 300, limit: 30 }), read("m09", { path: "src/values.js", offset: 297, limit: 20 }), ok]);
    expect(view(again!).served).toBe("full");
    expect(again!.text.startsWith(linesNow(300, 329))).toBe(true);
    // The lines read are held at their new place: a read inside them is a stub.
    expect(view(inside!).served).toBe("stub");
    pi.session.dispose();
  });

  it("a pi edit above a window: the re-read after it shows what the agent holds, with the lines that slid in", async () => {
    writeFileSync(file(), LINES.join("\n") + "\n");
    const pi = await openPiSession(project.root, faux);
    const [, , diff] = await pi.prompt([
      read("p01", { path: "src/values.js", offset: 1, limit: 20 }),
      read("p02", { path: "src/values.js", offset: 100, limit: 60 }),
      edit("p03", "src/values.js", LINES[4]!, `${LINES[4]}\n// a new line\n// another`),
      ok,
    ]);
    const [reread, again] = await pi.prompt([read("p04", { path: "src/values.js", offset: 100, limit: 60 }), read("p05", { path: "src/values.js", offset: 100, limit: 60 }), ok]);
    expect(diff!.isError, diff!.text).toBe(false);
    expect(reread!.text).toMatch(/lines 100-159 as your read offset=100 limit=60 sent them are unchanged and now lines 102-161/);
    expect(view(again!).served).toBe("full");
    expect(again!.text.startsWith(linesNow(100, 159))).toBe(true);
    pi.session.dispose();
  });

  it("a fragmentation serve leaves out the lines the agent holds: one read_symbol of a big class, then a 3-line window", async () => {
    const head = Array.from({ length: 20 }, (_, i) => `SETTING_${i} = compute_setting(${i}, "module level value number ${i}")`);
    const methods = Array.from({ length: 40 }, (_, i) => [
      `    def method_${i}(self, value):`,
      `        """Method ${i} of the store."""`,
      `        checked = self.check(value, ${i})`,
      `        return self.items.setdefault("key ${i}", checked)`,
      "",
    ]).flat();
    const py = [...head, "", "", "class Store:", '    """The big class."""', "", ...methods, "", "def tail_helper(x):", "    return x * 2", ""].join("\n");
    writeFileSync(join(project.root, "src", "store.py"), py);
    const lines = py.split("\n");
    const classStart = lines.indexOf("class Store:") + 1;
    const pi = await openPiSession(project.root, faux);
    const [sym, win] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("read_symbol", { path: "src/store.py", symbol: "Store" }, { id: "f01" }), { stopReason: "toolUse" }),
      read("f02", { path: "src/store.py", offset: 5, limit: 3 }),
      ok,
    ]);
    expect(sym!.isError, sym!.text).toBe(false);
    const r = view(win!);
    expect(r).toMatchObject({ served: "full", startLine: 1, reason: "fragmentation" });
    const out = win!.text.split("\n");
    // The class (read by f01) is one line naming that read; every other line is there verbatim.
    const hole = out.find((l) => /^\[pilens: lines \d+-\d+ left out/.test(l))!;
    expect(hole).toMatch(new RegExp(`^\\[pilens: lines ${classStart}-\\d+ left out \\(\\d+ lines\\): unchanged since your read_symbol Store — still in your context above`));
    expect(win!.text).toContain(lines.slice(0, classStart - 1).join("\n"));
    expect(win!.text).toContain("def tail_helper(x):\n    return x * 2");
    expect(win!.text).not.toContain("def method_7(self, value):");
    expect(win!.text.length).toBeLessThan(py.length * 0.4);
    expect(r.held).toEqual({ startLine: 1, endLine: r.totalLines });
    pi.session.dispose();
  });

  it("read_symbol of a function an edit above it moved, unchanged: a stub naming the earlier read and the new lines; asked again, the text", async () => {
    const fns = (n: number) => Array.from({ length: n }, (_, i) => [
      `def fn_${i}(value):`,
      `    """Function ${i}."""`,
      ...Array.from({ length: 6 }, (_, k) => `    step_${k} = transform(value, "function ${i} step ${k}", weight=${i * 10 + k})`),
      `    total = value * ${i} + compute(value, "argument ${i}")`,
      `    return normalise(total, ${i})`,
      "",
      "",
    ]).flat();
    writeFileSync(join(project.root, "src", "fns.py"), [...fns(12), ""].join("\n"));
    const sym = (id: string, symbol: string) => fauxAssistantMessage(fauxToolCall("read_symbol", { path: "src/fns.py", symbol }, { id }), { stopReason: "toolUse" });
    const pi = await openPiSession(project.root, faux);
    const [a, b] = await pi.prompt([sym("y01", "fn_2"), sym("y02", "fn_9"), ok]);
    expect(b!.text).toMatch(/^read_symbol function fn_9 {2}src\/fns\.py:109-118 · 10 lines\ndef fn_9/);
    const [e] = await pi.prompt([edit("y03", "src/fns.py", '    return normalise(total, 2)', '    if total < 0:\n        total = 0\n    return normalise(total, 2)'), ok]);
    expect([a!.isError, e!.isError], e!.text).toEqual([false, false]);
    const [moved, again] = await pi.prompt([sym("y04", "fn_9"), sym("y05", "fn_9"), ok]);
    expect(moved!.text).toMatch(/^read_symbol function fn_9 {2}src\/fns\.py:111-120 · 10 lines\n\[pilens: src\/fns\.py lines 111-120 are the text your read_symbol fn_9 sent as lines 109-118 \(~\d+ tokens\), unchanged and moved by lines inserted or deleted above/);
    expect(again!.text).toContain("def fn_9(value):\n    \"\"\"Function 9.\"\"\"");
    // (The stub counts as a read of lines 57-60 for the read-guard, readGuard block: lines 111-120.)
    const [e2] = await pi.prompt([edit("y06", "src/fns.py", "    return normalise(total, 9)", "    return normalise(total, 99)"), ok]);
    expect(e2!.isError, e2!.text).toBe(false);
    pi.session.dispose();
  });

  it("offset 0 is the first line, as pi's read takes it: served (and stubbed, citing offset=0) by the tiers, not handed to pi's read", async () => {
    writeFileSync(file(), LINES.join("\n") + "\n");
    const pi = await openPiSession(project.root, faux);
    const [first, again] = await pi.prompt([read("o01", { path: "src/values.js", offset: 0, limit: 30 }), read("o02", { path: "src/values.js", offset: 0, limit: 30 }), ok]);
    expect(view(first!)).toMatchObject({ served: "full", startLine: 1, endLine: 30 });
    expect(first!.text).toBe(`${LINES.slice(0, 30).join("\n")}\n\n[370 more lines in file. Use offset=31 to continue.]`);
    expect(view(again!).served).toBe("stub");
    // (The stub cites the call as the model made it: offset=0, not the 1 the engine served it as.)
    expect(again!.text).toMatch(/^\[pilens: src\/values\.js lines 1-30 unchanged since your read offset=0 limit=30 /);
    pi.session.dispose();
  });

  it("auto after a full read of the unchanged file is the stub of that read, not an outline of lines the agent holds", async () => {
    const pi = await openPiSession(project.root, faux);
    const [full, auto, sigs] = await pi.prompt([read("h01", { path: "src/extract.ts", mode: "full" }), read("h02", { path: "src/extract.ts" }), read("h03", { path: "src/extract.ts", mode: "signatures" }), ok]);
    expect(view(full!).served).toBe("full");
    expect(view(auto!)).toMatchObject({ served: "stub", reason: "auto: lines already sent verbatim" });
    expect(auto!.text).toMatch(/^\[pilens: src\/extract\.ts lines 1-\d+ unchanged since your read mode=full \(~\d+ tokens\)/);
    // (An outline asked for by name is sent.)
    expect(view(sigs!).served).toBe("signatures");
    pi.session.dispose();
  });

  it("a read of a file the agent just wrote (pi's write) is a stub naming the write; asked again, the text; changed since, a diff", async () => {
    const body = LINES.slice(0, 80).join("\n") + "\n";
    const pi = await openPiSession(project.root, faux);
    const [w, r1, r2] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("write", { path: "src/written.js", content: body }, { id: "w01" }), { stopReason: "toolUse" }),
      read("w02", { path: "src/written.js" }),
      read("w03", { path: "src/written.js" }),
      ok,
    ]);
    expect(w!.isError, w!.text).toBe(false);
    expect(view(r1!)).toMatchObject({ served: "stub", held: { startLine: 1, endLine: 80 } });
    expect(r1!.text).toMatch(/^\[pilens: src\/written\.js lines 1-80 unchanged since your write \(~\d+ tokens\)/);
    expect(r2!.text).toBe(body);
    writeFileSync(join(project.root, "src", "written.js"), body.replace("value3 ", "value3b "));
    const [w2, r3] = await pi.prompt([
      fauxAssistantMessage(fauxToolCall("write", { path: "src/other.js", content: body }, { id: "w04" }), { stopReason: "toolUse" }),
      read("w05", { path: "src/written.js", offset: 1, limit: 5 }),
      ok,
    ]);
    expect(w2!.isError).toBe(false);
    // (Changed since: not a stub — the diff against the text the agent holds, whole read w03's.)
    expect(view(r3!).served).toBe("diff");
    expect(r3!.text).toMatch(/^\[pilens: src\/written\.js lines 1-5 changed since your read — diff for lines 1-80 \(file now 80 lines\); unchanged lines omitted\]\n@@ old 3 → new 3\n-3: export const value3 = .*\n\+3: export const value3b = /);
    pi.session.dispose();
  });

  it("a stub of an outline is no read of the lines: an edit after it is refused (readGuard: block)", async () => {
    const pi = await openPiSession(project.root, faux);
    const [outline, stub, refused] = await pi.prompt([
      read("s01", { path: "src/extract.ts" }),
      read("s02", { path: "src/extract.ts" }),
      edit("s03", "src/extract.ts", "export const MAX_DEPTH = 48;", "export const MAX_DEPTH = 49;"),
      ok,
    ]);
    expect(view(outline!).served).toBe("signatures");
    expect(view(stub!)).toMatchObject({ served: "stub" });
    expect(view(stub!).held).toBeUndefined();
    expect(refused!.isError).toBe(true);
    expect(refused!.text).toMatch(/read as an outline only/);
    pi.session.dispose();
  });
});
