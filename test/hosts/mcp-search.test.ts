/**
 * symbol_search through the MCP server (SDK client over stdio): the server indexes the project in the
 * background after it starts; until then the tool answers `available:false` with a retry hint (not an
 * error), never blocking; then it ranks the defining file first.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot, serverEnv } from "../helpers.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";

let project: TempProject;
let client: Client;

beforeAll(async () => {
  project = makeProject();
  client = await connectMcp(project.root, "pilens-search-test");
});

afterAll(async () => {
  await client?.close();
});

it("symbol_search is listed and finds the defining file once the background index is ready", async () => {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain("pilens_symbol_search");
  let r = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort" } });
  for (let i = 0; i < 100 && /not available yet/.test(text(r)); i++) {
    expect(r.isError).toBeFalsy();
    // One message, no raw JSON repeating it.
    expect(text(r)).not.toMatch(/"available"|\n/);
    await new Promise((res) => setTimeout(res, 100));
    r = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort" } });
  }
  expect(r.isError, text(r)).toBeFalsy();
  const [summary, ...rows] = text(r).split("\n");
  expect(summary).toMatch(/^symbol_search "parsePort"  \d+ files?$/);
  expect(rows[0]).toMatch(/^src\/service\.ts:\d+-\d+  function parsePort .*→ read_symbol parsePort$/);
});

it("a misspelled name: the summary names the query searched instead, the body's warning why (QA F6)", async () => {
  let r = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsPort" } });
  for (let i = 0; i < 100 && /not available yet/.test(text(r)); i++) {
    await new Promise((res) => setTimeout(res, 100));
    r = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsPort" } });
  }
  const [summary, warning, first] = text(r).split("\n");
  expect(summary).toMatch(/^symbol_search "parsPort" → "parsePort"  \d+ files?$/);
  expect(warning).toMatch(/^! no indexed file defines or mentions "parsPort": these are the results for "parsePort"/);
  expect(first).toMatch(/^src\/service\.ts:\d+-\d+  function parsePort /);
});

it("a one-word query's files holding the word only inside longer names: left out, said — not told to search the same word again", async () => {
  // (`port` whole in one file; only inside longer names — `parsePort`, `aPort`… — in six others.)
  const own = makeProject({ "src/port.ts": "export const port = 8080;\n", ...Object.fromEntries(["a", "b", "c", "d", "e"].map((x) => [`src/${x}-port.ts`, `export const ${x}Port = 1;\n`])) });
  const c = await connectMcp(own.root, "pilens-search-words-test");
  let r = await c.callTool({ name: "pilens_symbol_search", arguments: { query: "port" } });
  for (let i = 0; i < 100 && /not available yet/.test(text(r)); i++) {
    await new Promise((res) => setTimeout(res, 100));
    r = await c.callTool({ name: "pilens_symbol_search", arguments: { query: "port" } });
  }
  await c.close();
  const [summary, warning, first] = text(r).split("\n");
  expect(summary).toBe('symbol_search "port"  4 files');
  expect(warning).toMatch(/^! 3 more file\(s\) that hold "port" only inside longer names are left out \(the last rows are the first few of them/);
  expect(warning).not.toContain('search the words, "port"');
  expect(first).toMatch(/^src\/port\.ts:1-1  \w+ port /);
});

it("bad arguments are an error result, and the server survives", async () => {
  const r = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "" } });
  expect(r.isError).toBe(true);
  // A blank query and a filter that can match nothing are errors or say so — never "no file mentions X".
  const blank = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "   " } });
  expect([blank.isError, text(blank)]).toEqual([true, expect.stringMatching(/query is empty/)]);
  const lang = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", lang: "klingon" } });
  expect([lang.isError, text(lang)]).toEqual([true, expect.stringMatching(/unknown language "klingon"; one of: typescript, tsx, javascript, .*\(or a file extension such as ts, py\)/)]);
  // An id in any case, or an extension, names its language.
  for (const l of ["TypeScript", "ts", ".ts"]) {
    const named = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", lang: l } });
    expect(text(named).split("\n")[1], l).toMatch(/^src\/service\.ts:\d+-\d+  function parsePort/);
  }
  const other = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", lang: "py" } });
  expect(text(other)).toMatch(/no file mentions "parsePort" among the files the filter keeps \(lang python\)/);
  // … and that no indexed file is of that language (the filter, not the name, is what finds nothing).
  expect(text(other)).toMatch(/! no indexed file is python \(the index holds typescript\)/);
  const paths = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", paths: ["no/such/dir"] } });
  expect(text(paths)).toMatch(/! no indexed file matches paths no\/such\/dir/);
  // Under a cwd, paths are relative to it.
  const under = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", cwd: "src", paths: ["service.ts"] } });
  expect(text(under).split("\n")[1]).toMatch(/^src\/service\.ts:\d+-\d+  function parsePort/);
  // One path as a string, as models send a list of one (it was "paths: expected array").
  const one = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", cwd: "src", paths: "service.ts" } });
  expect([one.isError, text(one).split("\n")[1]]).toEqual([undefined, expect.stringMatching(/^src\/service\.ts:\d+-\d+  function parsePort/)]);
  const none = await client.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort", paths: "no/such/dir" } });
  expect(text(none)).toMatch(/! no indexed file matches paths no\/such\/dir/);
  const ok = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/service.ts" } });
  expect(ok.isError).toBeFalsy();
});

it("the first symbol_search of a server whose index is built on disk answers (waits for the load, not 'being built')", async () => {
  const p = makeProject({ "src/extra.ts": 'import { parsePort } from "./service.js";\nexport const port = parsePort("80");\n' });
  const cache = mkdtempSync(join(tmpdir(), "pilens-cache-"));
  execFileSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "index"], { cwd: p.root, env: serverEnv({ PILENS_CACHE_DIR: cache }) });
  for (let round = 0; round < 3; round++) {
    const c = await connectMcp(p.root, "pilens-search-first", cache);
    try {
      const r = await c.callTool({ name: "pilens_symbol_search", arguments: { query: "parsePort" } });
      expect(text(r), `round ${round}`).not.toMatch(/not available|being built/);
      expect(text(r).split("\n")[1]).toMatch(/^src\/service\.ts:\d+-\d+  function parsePort/);
    } finally {
      await c.close();
    }
  }
});

it("a very long query is said back clipped, in the MCP answer and the CLI's (robustness round, session 48: 20,000 characters came back whole, twice)", async () => {
  const query = "q".repeat(20_000);
  let r = await client.callTool({ name: "pilens_symbol_search", arguments: { query } });
  for (let i = 0; i < 100 && /not available yet/.test(text(r)); i++) {
    await new Promise((res) => setTimeout(res, 100));
    r = await client.callTool({ name: "pilens_symbol_search", arguments: { query } });
  }
  expect(r.isError, text(r).slice(0, 300)).toBeFalsy();
  expect(text(r).length).toBeLessThan(600);
  expect(text(r)).toMatch(/^symbol_search "q{100,119}…"  0 files\nno file mentions "q{100,119}…"$/);
  const cli = spawnSync(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "search", query], { cwd: project.root, encoding: "utf8", env: serverEnv({ PILENS_CACHE_DIR: mkdtempSync(join(tmpdir(), "pilens-cache-")) }) });
  expect(cli.status).toBe(1);
  expect(cli.stderr.length).toBeLessThan(600);
  expect(cli.stderr).toMatch(/pilens search: no identifier matches "q{100,119}…"/);
});
