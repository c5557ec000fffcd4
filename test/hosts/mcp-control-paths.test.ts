/**
 * A file whose name holds a newline, through the MCP server (SDK client over stdio): the text results show
 * it quoted and escaped (`"src/x\ny.ts"`, hosts/shared/shown-paths.ts) as the CLI does — it had split the
 * one-line summary, the compact header, a read's header, an error and a search row in two.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";

const NAMED = "src/x\ny.ts";
const SHOWN = JSON.stringify(NAMED);

let project: TempProject;
let client: Client;

beforeAll(async () => {
  project = makeProject({ [NAMED]: "import { helper } from './util.js'\nexport function show(s: string) {\n  return helper(s);\n}\n" });
  client = await connectMcp(project.root, "pilens-control-paths-test");
});

afterAll(async () => {
  await client?.close();
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name: `pilens_${name}`, arguments: args });

describe("MCP text: a path with a newline in its name", () => {
  it("summaries, the compact outline, reads and errors keep the path on one line", async () => {
    const report = text(await call("module_report", { file: NAMED, view: "compact" }));
    expect(report.split("\n")[0]).toMatch(/^module_report "src\/x\\ny\.ts" {2}1 symbol · 1 exported/);
    expect(report).not.toContain(NAMED);
    const read = text(await call("read_symbol", { file: NAMED, symbol: "show" }));
    expect(read.split("\n")[0]).toBe(`read_symbol function show  ${SHOWN}:2-4 · 3 lines`);
    const miss = await call("read_symbol", { file: NAMED, symbol: "nosuch" });
    expect(miss.isError).toBe(true);
    expect(text(miss).split("\n")[0]).toContain(`not found: nosuch in ${SHOWN}`);
    expect(text(miss)).not.toContain(NAMED);
    const enclosing = text(await call("read_enclosing", { file: NAMED, line: 3 }));
    expect(enclosing.split("\n")[0]).toBe(`read_enclosing function show  ${SHOWN}:2-4`);
    const view = text(await call("view", { file: NAMED, mode: "full" }));
    expect(view.split("\n")[0]).toMatch(/^view "src\/x\\ny\.ts" full 1-4 of 4/);
    const gone = await call("module_report", { file: "src/gone\nz.ts" });
    expect(gone.isError).toBe(true);
    expect(text(gone).split("\n")[0]).toBe(`module_report error: file not found: ${JSON.stringify(`${project.root}/src/gone\nz.ts`)}`);
  });

  it("paths from the graph too: a search row, a use", async () => {
    let r = await call("symbol_search", { query: "show" });
    for (let i = 0; i < 150 && /not available yet/.test(text(r)); i++) {
      await new Promise((res) => setTimeout(res, 100));
      r = await call("symbol_search", { query: "show" });
    }
    expect(text(r)).toContain(`${SHOWN}:2-4  function show`);
    expect(text(r)).not.toContain(NAMED);
    const helper = text(await call("read_symbol", { file: "src/util.ts", symbol: "helper" }));
    expect(helper.split("\n")[1]).toMatch(new RegExp(`^# used by .*${SHOWN.replace(/\\/g, "\\\\")}:3 show`));
    expect(helper).not.toContain(NAMED);
  });
});
