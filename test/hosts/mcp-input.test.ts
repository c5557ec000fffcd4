/**
 * MCP inputs as models write them, through the SDK's own Client over stdio: `file:line` paths,
 * numbers sent as strings, and the text around errors and reads (usability QA P5, P12, P16).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot, serverEnv } from "../helpers.js";
import { makeProject, type TempProject } from "./project.js";

type Text = { type: string; text: string };
const text = (r: unknown) => (r as { content: Text[] }).content[0]!.text;

let project: TempProject;
let client: Client;

beforeAll(async () => {
  project = makeProject();
  writeFileSync(join(project.root, "src", "app.js"), "function add(x, y) {\n  return x + y;\n}\n\nfunction mul(x, y) {\n  const p = x * y;\n  return p;\n}\n");
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(repoRoot, "bin", "pilens.mjs"), "mcp", "--cwd", project.root], env: serverEnv(), stderr: "pipe" });
  client = new Client({ name: "pilens-test", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name: `pilens_${name}`, arguments: args });

describe("pilens mcp: inputs as models write them", () => {
  it("read_enclosing takes file:line[:column] (with or without line)", async () => {
    for (const args of [{ file: "src/app.js:6" }, { file: "src/app.js:6:5" }, { file: "src/app.js:6", line: 6 }]) {
      const r = await call("read_enclosing", args);
      expect(r.isError, `${JSON.stringify(args)}: ${text(r)}`).toBeFalsy();
      expect(text(r)).toContain("  const p = x * y;");
      expect(text(r).split("\n")[0]).toMatch(/^read_enclosing .*mul  src\/app\.js:5-8/);
    }
    const none = await call("read_enclosing", { file: "src/app.js" });
    expect([none.isError, text(none)]).toEqual([true, expect.stringMatching(/line: required — pass line, or file as path:line/)]);
  });
});
