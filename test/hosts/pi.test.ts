/**
 * The pi extension end to end: pi itself, headless, with its scripted faux model. The model calls
 * module_report and read_symbol, then edits lines it read (allowed) and lines it never read (blocked
 * by the read-guard, with a message naming what to read).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { makeProject, type TempProject } from "./project.js";
import { openPiSession, type Done, type Script } from "./pi-session.js";

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;

/** One fresh pi session: the scripted turn's finished tool calls, in call order. */
async function runSession(script: Script): Promise<Done[]> {
  const pi = await openPiSession(project.root, faux);
  try {
    return await pi.prompt(script, "look at src/service.ts");
  } finally {
    pi.session.dispose();
  }
}

beforeAll(() => {
  project = makeProject({ ".pilensrc": "readGuard: block\n" });
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi extension", () => {
  it("serves module_report and read_symbol to the model, and the read-guard blocks an edit of unread lines", async () => {
    const file = join(project.root, "src", "service.ts");
    const done = await runSession([
      fauxAssistantMessage([
        fauxToolCall("module_report", { path: "src/service.ts", view: "compact", detail: "full" }, { id: "t01" }),
        fauxToolCall("read_symbol", { path: "src/service.ts", symbol: "ConfigStore.load" }, { id: "t02" }),
      ], { stopReason: "toolUse" }),
      // Lines 9-15 were read through read_symbol: allowed.
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/service.ts", edits: [{ oldText: "    return helper(text);", newText: "    return helper(text).toString();" }] }, { id: "t03" }), { stopReason: "toolUse" }),
      // parsePort (22-26) was never read: blocked.
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/service.ts", edits: [{ oldText: 'throw new Error("bad port")', newText: 'throw new RangeError("bad port")' }] }, { id: "t04" }), { stopReason: "toolUse" }),
      // After reading the lines the read-guard names, the same edit goes through.
      fauxAssistantMessage(fauxToolCall("read", { path: "src/service.ts", offset: 22, limit: 5 }, { id: "t05" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/service.ts", edits: [{ oldText: 'throw new Error("bad port")', newText: 'throw new RangeError("bad port")' }] }, { id: "t06" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("done")),
    ]);

    expect(done.map((d) => [d.toolName, d.isError])).toEqual([
      ["module_report", false],
      ["read_symbol", false],
      ["edit", false],
      ["edit", true],
      ["read", false],
      ["edit", false],
    ]);
    const [report, read, , blocked] = done;
    expect(report!.text.split("\n")[0]).toBe("module_report src/service.ts  6 symbols · 2 exported · 1 callback");
    expect(report!.text).toMatch(/\n\s*5-20\s+class\s+ConfigStore/);
    expect((report!.details as { result: { api: { name: string }[] } }).result.api.map((e) => e.name)).toEqual(["ConfigStore", "parsePort"]);
    expect(read!.text.split("\n").slice(0, 3)).toEqual([
      "read_symbol method ConfigStore.load  src/service.ts:8-15 · 8 lines",
      "  /** Read one file, cached. */",
      "  async load(path: string): Promise<string> {",
    ]);
    expect(blocked!.text).toMatch(/pilens read-guard: src\/service\.ts not read in this session|line 24 was not read/);
    expect(blocked!.text).toMatch(/read src\/service\.ts line 24 first/);
    const after = readFileSync(file, "utf8");
    expect(after).toContain("return helper(text).toString();");
    expect(after).toContain('throw new RangeError("bad port")');
  });

  it("its tools' whole-number parameters are `integer`s with an upper bound only where one is set (not 2^53−1 on each: tokens of every request)", async () => {
    const pi = await openPiSession(project.root, faux);
    try {
      const ours = pi.session.getAllTools().filter((t) => ["module_report", "read_symbol", "read_enclosing", "symbol_search"].includes(t.name));
      expect(ours).toHaveLength(4);
      const ints = ours.flatMap((t) => Object.entries((t.parameters as { properties: Record<string, { type?: string; maximum?: number }> }).properties).filter(([, p]) => p.type === "integer").map(([k, p]) => [`${t.name}.${k}`, p.maximum] as const));
      expect(ints.map(([k]) => k)).toEqual(expect.arrayContaining(["read_enclosing.line", "module_report.blastRadiusDepth", "symbol_search.limit"]));
      for (const [k, max] of ints) expect(max ?? 0, k).toBeLessThan(1000);
    } finally {
      pi.session.dispose();
    }
  });

  it("the read tools' notes name pi's tools: `read offset/limit` (pi has no `view`), no CLI command", async () => {
    const pi = await openPiSession(project.root, faux);
    try {
      const [outline, miss] = await pi.prompt([
        fauxAssistantMessage([
          fauxToolCall("read_symbol", { path: "src/service.ts", symbol: "ConfigStore", maxLines: 2 }, { id: "h01" }),
          fauxToolCall("read_symbol", { path: "src/service.ts", symbol: "zzzqqq" }, { id: "h02" }),
        ], { stopReason: "toolUse" }),
        fauxAssistantMessage(fauxText("ok")),
      ]);
      expect(outline!.text).toMatch(/or a window with read offset\/limit/);
      expect(outline!.text).not.toMatch(/\bview offset/);
      expect([miss!.isError, miss!.text]).toEqual([true, expect.stringMatching(/list its symbols with module_report, or find it in other files with symbol_search$/)]);
    } finally {
      pi.session.dispose();
    }
  });

  it("reports tool errors to the model; in warn mode an unread edit goes through with a note", async () => {
    writeFileSync(join(project.root, ".pilensrc"), "readGuard: warn\n");
    const done = await runSession([
      fauxAssistantMessage([
        fauxToolCall("read_symbol", { path: "src/service.ts", symbol: "parsePrt" }, { id: "t07" }),
        fauxToolCall("module_report", { path: "../secret.ts" }, { id: "t08" }),
      ], { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxToolCall("edit", { path: "src/util.ts", edits: [{ oldText: "s.trim()", newText: "s.trimEnd()" }] }, { id: "t09" }), { stopReason: "toolUse" }),
      fauxAssistantMessage(fauxText("ok")),
    ]);
    expect(done.map((d) => [d.toolName, d.isError])).toEqual([["read_symbol", true], ["module_report", true], ["edit", false]]);
    expect(done[0]!.text).toMatch(/did you mean parsePort/);
    expect(done[1]!.text).toMatch(/outside the project root/);
    expect(done[2]!.text).toMatch(/pilens read-guard: src\/util\.ts not read in this session.*\(edit applied; readGuard is "warn"\)/);
    expect(readFileSync(join(project.root, "src", "util.ts"), "utf8")).toContain("s.trimEnd()");
  });

  it("a file written outside pi's own tools reaches symbol_search once the project is indexed (it is watched)", async () => {
    const pi = await openPiSession(project.root, faux);
    let n = 0;
    const search = async (query: string) => {
      const id = `s${String(n++).padStart(3, "0")}`;
      const [d] = await pi.prompt([fauxAssistantMessage(fauxToolCall("symbol_search", { query }, { id }), { stopReason: "toolUse" }), fauxAssistantMessage(fauxText("ok"))]);
      return d!.text;
    };
    const until = async (query: string, ok: (t: string) => boolean) => {
      let t = "";
      for (let i = 0; i < 100 && !ok((t = await search(query))); i++) await new Promise((res) => setTimeout(res, 50));
      return t;
    };
    try {
      await until("parsePort", (t) => /function parsePort/.test(t));
      await new Promise((res) => setTimeout(res, 300)); // the watches and their catch-up pass
      writeFileSync(join(project.root, "src", "shellMade.ts"), "export function shellMadeThing(): number {\n  return 7;\n}\n");
      expect(await until("shellMadeThing", (t) => t.includes("src/shellMade.ts"))).toMatch(/src\/shellMade\.ts/);
    } finally {
      pi.session.dispose();
    }
  });

  it("after pi's write, the next call's report and search see the new file (QA round X: 'pi's edit and write re-index their file at once')", async () => {
    const pi = await openPiSession(project.root, faux);
    const call = async (id: string, tool: string, args: Record<string, unknown>) => (await pi.prompt([fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" }), fauxAssistantMessage(fauxText("ok"))]))[0]!;
    try {
      for (let i = 0; i < 100 && !/function parsePort/.test((await call(`w${i}`, "symbol_search", { query: "parsePort" })).text); i++) await new Promise((res) => setTimeout(res, 50));
      const wrote = await call("x01", "write", { path: "src/fresh.ts", content: "export function freshThing(): number {\n  return 1;\n}\n" });
      expect(wrote.isError, wrote.text).toBe(false);
      const report = await call("x02", "module_report", { path: "src/fresh.ts" });
      expect(report.text).not.toMatch(/not in the project graph/);
      // A file the graph does not hold yet, in a host that follows the files: no command to run.
      writeFileSync(join(project.root, "src", "later.ts"), "export const later = 1;\n");
      const later = await call("x04", "module_report", { path: "src/later.ts" });
      if (/not in the project graph/.test(later.text)) expect(later.text).toMatch(/this host's watcher adds it within seconds/);
      expect(later.text).not.toMatch(/run `pilens index`/);
      expect((await call("x03", "symbol_search", { query: "freshThing" })).text).toMatch(/src\/fresh\.ts:1-3\s+function freshThing/);
      // A list of one sent as a string (models do): pi's validation had refused it ("must be array").
      const inSrc = await call("x05", "symbol_search", { query: "freshThing", paths: "src" });
      expect([inSrc.isError, inSrc.text]).toEqual([false, expect.stringMatching(/src\/fresh\.ts:1-3\s+function freshThing/)]);
      const fn = await call("x06", "read_enclosing", { path: "src/fresh.ts", line: 2, kinds: "function" });
      expect([fn.isError, fn.text.split("\n")[0]]).toEqual([false, "read_enclosing function freshThing  src/fresh.ts:1-3"]);
    } finally {
      pi.session.dispose();
    }
  });

  it("a session begun with a broken .pilensrc builds its index once a call finds the file fixed (QA round X)", async () => {
    // (A project of its own: no graph on disk from the other tests.)
    const own = makeProject({ ".pilensrc": "defaultVeiw: compact\n" });
    const rc = join(own.root, ".pilensrc");
    const before = "readGuard: block\n";
    const pi = await openPiSession(own.root, faux);
    let n = 0;
    const search = async () => (await pi.prompt([fauxAssistantMessage(fauxToolCall("symbol_search", { query: "parsePort" }, { id: `c${String(n++).padStart(3, "0")}` }), { stopReason: "toolUse" }), fauxAssistantMessage(fauxText("ok"))]))[0]!;
    try {
      const broken = await search();
      expect([broken.isError, broken.text]).toEqual([true, expect.stringMatching(/defaultVeiw/)]);
      writeFileSync(rc, before);
      let t = "";
      for (let i = 0; i < 100 && !/function parsePort/.test((t = (await search()).text)); i++) await new Promise((res) => setTimeout(res, 50));
      expect(t).toMatch(/src\/service\.ts:\d+-\d+\s+function parsePort/);
    } finally {
      pi.session.dispose();
      writeFileSync(rc, before);
    }
  });
});
