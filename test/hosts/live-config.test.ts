/**
 * A `.pilensrc` written, edited, broken and removed while a host runs, through the MCP server (SDK client over
 * stdio) and pi itself (headless, scripted faux model): each call after an edit is served with the new config —
 * its settings (`defaultView`) and packs (the example TOML pack answers, and answers no more once removed) —,
 * a broken edit is said in the answer's warnings while the last good config keeps serving, and fixing the file
 * applies it (hosts/shared/live-config.ts). Before, the config was read once: a user had to restart.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { connectMcp, makeProject, type TempProject } from "./project.js";
import { openPiSession } from "./pi-session.js";
import { repoRoot } from "../helpers.js";

const TOML_PACK = JSON.stringify(join(repoRoot, "examples", "pilens-pack-toml"));
const CARGO = '[package]\nname = "demo"\nversion = "0.1.0"\n';

let project: TempProject;
let client: Client;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;
const rc = () => join(project.root, ".pilensrc");

beforeAll(async () => {
  project = makeProject({ "Cargo.toml": CARGO });
  client = await connectMcp(project.root, "pilens-live-config-test");
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-live-home-"));
  faux = registerFauxProvider();
});

afterAll(async () => {
  await client?.close();
  faux?.unregister();
  process.env.HOME = savedHome;
});

/** An answer's texts: the answer, then a warning's own text when there is one. */
const texts = (r: unknown) => (r as { content: { text: string }[] }).content.map((c) => c.text);

describe("a .pilensrc edited while the host runs", () => {
  it("MCP: the next call is served with the edited config; a broken edit is a warning and the last good config serves", async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await client.callTool({ name: `pilens_${name}`, arguments: args })) as { isError?: boolean };
      return { isError: r.isError === true, texts: texts(r) };
    };
    const report = () => call("module_report", { file: "src/util.ts" });
    // No config: the json view; a .toml file has no pack.
    const before = await report();
    expect(before.texts).toHaveLength(1);
    expect(before.texts[0]!.split("\n")[1]).toMatch(/^\{"available":true/);
    expect((await call("module_report", { file: "Cargo.toml" })).isError).toBe(true);

    writeFileSync(rc(), `defaultView: compact\npacks:\n  - ${TOML_PACK}\n`);
    const compact = await report();
    expect(compact.texts).toHaveLength(1);
    expect(compact.texts[0]!.split("\n")[1]).toMatch(/^src\/util\.ts typescript 3L/);
    const toml = await call("module_report", { file: "Cargo.toml" });
    expect([toml.isError, toml.texts[0]!.split("\n")[0]]).toEqual([false, "module_report Cargo.toml  3 symbols · 1 exported · 0 callbacks"]);

    // Broken: said in a text of its own after the answer; the config that loaded last still serves.
    writeFileSync(rc(), "defaultView: compact\npacks: [\n");
    const broken = await report();
    expect(broken.isError).toBe(false);
    expect(broken.texts[0]!.split("\n")[1]).toMatch(/^src\/util\.ts typescript 3L/);
    expect(broken.texts[1]).toMatch(/^! the edited config was not applied: cannot load pilens config in .*\n\(still serving the configuration loaded from .*\.pilensrc; fixing the file applies it\)$/s);
    expect((await call("module_report", { file: "Cargo.toml" })).texts.slice(1)).toEqual([broken.texts[1]]);

    // Fixed: applied, no warning. Removed: the defaults again, and the removed pack answers no more.
    writeFileSync(rc(), "defaultView: summary\n");
    const fixed = await report();
    expect(fixed.texts).toHaveLength(1);
    expect(fixed.texts[0]!.split("\n")[1]).toMatch(/^\{"available":true,"path":"src\/util\.ts".*"omitted":/); // (the summary view)
    expect((await call("module_report", { file: "Cargo.toml" })).isError).toBe(true);
    rmSync(rc());
    expect((await report()).texts[0]!.split("\n")[1]).toMatch(/^\{"available":true/);
  });

  it("pi: the same, through pi's tools and its read", async () => {
    const pi = await openPiSession(project.root, faux);
    const call = (id: string, tool: string, args: Record<string, unknown>) => fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" });
    const turn = async (id: string, tool: string, args: Record<string, unknown>) => (await pi.prompt([call(id, tool, args), fauxAssistantMessage(fauxText("ok"))]))[0]!;
    writeFileSync(rc(), "defaultView: compact\n");
    expect((await turn("c01", "module_report", { path: "src/util.ts" })).text.split("\n")[1]).toMatch(/^src\/util\.ts typescript 3L/);
    writeFileSync(rc(), `defaultView: json\npacks:\n  - ${TOML_PACK}\n`);
    const toml = await turn("c02", "module_report", { path: "Cargo.toml", view: "compact" });
    expect([toml.isError, toml.text.split("\n")[0]]).toEqual([false, "module_report Cargo.toml  3 symbols · 1 exported · 0 callbacks"]);
    expect((await turn("c03", "module_report", { path: "src/util.ts" })).text.split("\n")[1]).toMatch(/^\{"available":true/);
    writeFileSync(rc(), "defaultView: [\n");
    const broken = await turn("c04", "module_report", { path: "src/util.ts" });
    expect(broken.isError).toBe(false);
    expect(broken.text.split("\n")[1]).toMatch(/^\{"available":true/);
    expect(broken.text).toMatch(/\n! the edited config was not applied: cannot load pilens config in .*\n\(still serving the configuration loaded from .*\.pilensrc; fixing the file applies it\)$/s);
    const read = await turn("c05", "read", { path: "src/util.ts" });
    expect(read.text).toMatch(/^export function helper[\s\S]*\n! the edited config was not applied: /);
    rmSync(rc());
    const gone = await turn("c06", "module_report", { path: "Cargo.toml" });
    expect(gone.isError).toBe(true);
    expect(gone.text).not.toMatch(/! the edited config/);
    pi.session.dispose();
  });
});
