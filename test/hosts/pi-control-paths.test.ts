/**
 * A file whose name holds a newline, through pi itself (headless, scripted faux model, our extension): the
 * tools' results and pi's read show it quoted and escaped (`"src/x\ny.ts"`, hosts/shared/shown-paths.ts) as
 * the CLI does — it had split the one-line result row (the summary), a read's header and a stub in two.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { makeProject, type TempProject } from "./project.js";
import { openPiSession } from "./pi-session.js";

const NAMED = "src/x\ny.ts";
const SHOWN = JSON.stringify(NAMED);

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;

const call = (id: string, tool: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" });
const ok = fauxAssistantMessage(fauxText("ok"));
const summaryOf = (details: unknown) => (details as { summary: string }).summary;

beforeAll(() => {
  // (Long enough that a stub of it is shorter than its text.)
  const tail = Array.from({ length: 30 }, (_, i) => `export const setting${i} = helper("setting number ${i} of the module");`);
  project = makeProject({ "src/ed\nit.ts": "export const limit = 10;\n", [NAMED]: ["import { helper } from './util.js'", "export function show(s: string) {", "  return helper(s);", "}", ...tail, ""].join("\n") });
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-ctl-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("pi: a path with a newline in its name", () => {
  it("tool rows, a read's summary and a stub keep the path on one line; an error too", async () => {
    const pi = await openPiSession(project.root, faux);
    const [report, sym, miss] = await pi.prompt([
      call("c01", "module_report", { path: NAMED, view: "compact" }),
      call("c02", "read_symbol", { path: NAMED, symbol: "show" }),
      call("c03", "read_symbol", { path: NAMED, symbol: "nosuch" }),
      ok,
    ]);
    expect(summaryOf(report!.details)).toBe(`module_report ${SHOWN}  31 symbols · 31 exported · 0 callbacks`);
    expect(report!.text).not.toContain(NAMED);
    expect(sym!.text.split("\n")[0]).toBe(`read_symbol function show  ${SHOWN}:2-4 · 3 lines`);
    expect(miss!.isError).toBe(true);
    expect(miss!.text).toContain(`not found: nosuch in ${SHOWN}`);
    expect(miss!.text).not.toContain(NAMED);
    const [first] = await pi.prompt([call("c04", "read", { path: NAMED, mode: "full" }), ok]);
    const [again] = await pi.prompt([call("c05", "read", { path: NAMED, mode: "full" }), ok]);
    expect(summaryOf(first!.details)).toBe(`read ${SHOWN} full 1-34 of 34`);
    expect(again!.text).toMatch(/^\[pilens: "src\/x\\ny\.ts" lines 1-34 unchanged since your read mode=full/);
    expect(again!.text).not.toContain(NAMED);
    pi.session.dispose();
  });

  it("the read-guard's note on an edit of lines not read names the file quoted", async () => {
    const pi = await openPiSession(project.root, faux);
    const [edit] = await pi.prompt([call("c06", "edit", { path: "src/ed\nit.ts", edits: [{ oldText: "limit = 10", newText: "limit = 20" }] }), ok]);
    expect(edit!.isError, edit!.text).toBe(false);
    // (pi's own line before it names the path as it is: pi's text, not ours.)
    expect(edit!.text.split("\n").at(-1)).toMatch(/^pilens read-guard: "src\/ed\\nit\.ts" not read in this session; read "src\/ed\\nit\.ts" line 1 first .*\(edit applied; readGuard is "warn"\)$/);
    pi.session.dispose();
  });
});
