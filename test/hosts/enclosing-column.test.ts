/**
 * read_enclosing at a column past its line's end (a stack trace's, of a source-mapped or reformatted file) answers
 * for the line with a warning in every host — CLI, MCP, pi — alike (it had been an error: gaxios.js:150:20 →
 * "column 20 is past the end of line 150 (13 characters)").
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { connectMcp, makeProject, SERVICE_TS, toolText, type TempProject } from "./project.js";
import { openPiSession } from "./pi-session.js";
import { repoRoot } from "../helpers.js";

let project: TempProject;
let faux: FauxProviderRegistration;
const savedHome = process.env.HOME;
const LINE = 12; // `    const text = await readFile(path, "utf8");` in ConfigStore.load
const width = SERVICE_TS.split("\n")[LINE - 1]!.length;
const warning = `! column 200 is past the end of line ${LINE} (${width} characters): answered for the line, the column left out`;

beforeAll(() => {
  project = makeProject();
  process.env.HOME = mkdtempSync(join(tmpdir(), "pilens-pi-home-"));
  faux = registerFauxProvider();
});

afterAll(() => {
  faux?.unregister();
  process.env.HOME = savedHome;
});

describe("read_enclosing with a column past the line's end", () => {
  it("CLI, MCP and pi answer for the line, the same text, with the same warning", async () => {
    expect(SERVICE_TS.split("\n")[LINE - 1]).toBe('    const text = await readFile(path, "utf8");');
    const cache = mkdtempSync(join(tmpdir(), "pilens-cache-"));
    const cli = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "enclosing", `src/service.ts:${LINE}:200`, "--cwd", project.root], { encoding: "utf8", env: { ...process.env, PILENS_CACHE_DIR: cache } });
    expect([cli.status, cli.stderr]).toEqual([0, ""]);

    const client = await connectMcp(project.root);
    const mcp = await client.callTool({ name: "pilens_read_enclosing", arguments: { file: `src/service.ts:${LINE}:200` } });
    await client.close();
    expect(mcp.isError, toolText(mcp)).toBeFalsy();

    const pi = await openPiSession(project.root, faux);
    let done;
    try {
      done = await pi.prompt([
        fauxAssistantMessage(fauxToolCall("read_enclosing", { path: "src/service.ts", line: LINE, column: 200 }, { id: "c01" }), { stopReason: "toolUse" }),
        fauxAssistantMessage(fauxText("done")),
      ], "read it");
    } finally {
      pi.session.dispose();
    }
    expect(done.map((d) => [d.toolName, d.isError])).toEqual([["read_enclosing", false]]);

    const texts = { cli: cli.stdout.trimEnd(), mcp: toolText(mcp).replace(/^read_enclosing /, ""), pi: done[0]!.text.replace(/^read_enclosing /, "") };
    for (const [host, text] of Object.entries(texts)) {
      const lines = text.split("\n");
      expect(lines[0], host).toBe("method ConfigStore.load  src/service.ts:8-15");
      expect(lines, host).toContain(`# ${warning}`);
      expect(lines, host).toContain('    const text = await readFile(path, "utf8");');
    }
    expect(texts.mcp).toBe(texts.cli);
    expect(texts.pi).toBe(texts.cli);
  });
});
