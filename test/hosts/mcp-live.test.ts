/**
 * The MCP server over a project that changes while it runs (SDK client over stdio): blastRadius
 * parameters, new and edited files reaching the graph without `pilens index`, ignored folders staying
 * out, a broken `.pilensrc` recovering once fixed, and argument errors that name the problem.
 */
import { mkdirSync, mkdtempSync, writeFileSync, appendFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Lens } from "../../core/engine.js";
import { watchProject } from "../../hosts/shared/watch.js";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";

const body = (r: unknown) => JSON.parse(text(r).split("\n").slice(1).join("\n"));

const connect = (root: string) => connectMcp(root, "pilens-live-test");

/** Call until `ok` (the server indexes in the background), at most ~5 s. */
async function until(client: Client, name: string, args: Record<string, unknown>, ok: (r: unknown) => boolean): Promise<unknown> {
  let r: unknown;
  for (let i = 0; i < 100; i++) {
    r = await client.callTool({ name, arguments: args });
    if (ok(r)) return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  return r;
}

const found = (sym: string) => (r: unknown) => !(r as { isError?: boolean }).isError && text(r).includes(`function ${sym}`);

let project: TempProject;
let client: Client;

beforeAll(async () => {
  project = makeProject({ ".gitignore": "generated/\n" });
  client = await connect(project.root);
  await until(client, "pilens_symbol_search", { query: "parsePort" }, found("parsePort"));
});

afterAll(async () => {
  await client?.close();
});

it("module_report takes blastRadius and blastRadiusDepth, described in its schema", async () => {
  const { tools } = await client.listTools();
  const props = tools.find((t) => t.name === "pilens_module_report")!.inputSchema.properties as Record<string, { description?: string; type?: string }>;
  expect(props.blastRadius).toMatchObject({ type: "boolean" });
  expect(props.blastRadius!.description).toMatch(/files that may break/);
  expect(props.blastRadiusDepth!.description).toMatch(/default 3/);
  const r = body(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/util.ts", blastRadius: true, blastRadiusDepth: 1 } }));
  expect(r.blastRadius.maxDepth).toBe(1);
  expect(r.blastRadius.files.map((f: { file: string }) => f.file)).toContain("src/service.ts");
  expect(body(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/util.ts" } })).blastRadius).toBeUndefined();
});

it("files created while the server runs reach symbol_search; ignored folders stay out", async () => {
  mkdirSync(join(project.root, "node_modules", "dep"), { recursive: true });
  writeFileSync(join(project.root, "node_modules", "dep", "index.ts"), "export function ignoredDepThing(): void {}\n");
  mkdirSync(join(project.root, "generated"));
  writeFileSync(join(project.root, "generated", "gen.ts"), "export function ignoredGenThing(): void {}\n");
  writeFileSync(join(project.root, "src", "fresh.ts"), "export function brandNewThing(): number {\n  return 1;\n}\n");
  mkdirSync(join(project.root, "src", "later"));
  writeFileSync(join(project.root, "src", "later", "deep.ts"), "export function deepNewThing(): number {\n  return 2;\n}\n");
  expect(text(await until(client, "pilens_symbol_search", { query: "brandNewThing" }, found("brandNewThing")))).toContain("src/fresh.ts");
  expect(text(await until(client, "pilens_symbol_search", { query: "deepNewThing" }, found("deepNewThing")))).toContain("src/later/deep.ts");
  for (const q of ["ignoredDepThing", "ignoredGenThing"]) {
    expect(text(await client.callTool({ name: "pilens_symbol_search", arguments: { query: q } }))).not.toMatch(/function ignored/);
  }
});

it("a file edited while the server runs is re-indexed before its report: never \"run `pilens index`\"", async () => {
  appendFileSync(join(project.root, "src", "util.ts"), "\nexport function added(): string {\n  return helper(\" x \");\n}\n");
  const report = body(await client.callTool({ name: "pilens_module_report", arguments: { file: "src/util.ts", detail: "full" } }));
  expect(report.staleness).toBe("fresh");
  expect(JSON.stringify(report.warnings ?? [])).not.toMatch(/changed after|pilens index/);
  expect(report.api.find((e: { name: string }) => e.name === "helper").usedBy.map((u: { symbol: string }) => u.symbol)).toContain("added");
});

it("argument errors name the problem: an empty path, a folder given to view", async () => {
  const empty = await client.callTool({ name: "pilens_view", arguments: { file: "" } });
  expect(empty.isError).toBe(true);
  expect(text(empty)).toMatch(/file: empty path/);
  const folder = await client.callTool({ name: "pilens_read_symbol", arguments: { file: "src", symbol: "x" } });
  expect(text(folder)).toMatch(/is a directory, not a file: .*src — pass a file inside it/);
  expect(text(folder)).not.toMatch(/report/);
});

it("a broken .pilensrc fixed while the server runs takes effect without a restart", async () => {
  const broken = makeProject({ ".pilensrc": "defaultView: 3\n" });
  const c = await connect(broken.root);
  try {
    const bad = await c.callTool({ name: "pilens_module_report", arguments: { file: "src/util.ts" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/invalid pilens config .*\.pilensrc: defaultView/);
    writeFileSync(join(broken.root, ".pilensrc"), "defaultView: compact\n");
    const ok = await c.callTool({ name: "pilens_module_report", arguments: { file: "src/util.ts" } });
    expect(ok.isError, text(ok)).toBeFalsy();
    expect(text(ok)).toMatch(/fn\s+helper/);
  } finally {
    await c.close();
  }
});

it("once the watches stand, one incremental pass picks up what changed during the first build", async () => {
  // In process: the build is done, then a file appears that no watch saw (as during the first build).
  const p = makeProject({});
  const lens = await Lens.create({ cwd: p.root });
  await lens.index();
  writeFileSync(join(p.root, "src", "during.ts"), "export function duringBuildThing(): number {\n  return 6;\n}\n");
  const watcher = watchProject(lens, { log: () => undefined, debounceMs: 10 });
  try {
    let hit = false;
    for (let i = 0; i < 100 && !hit; i++) {
      await new Promise((res) => setTimeout(res, 30));
      const r = await lens.symbolSearch("duringBuildThing");
      hit = r.available && r.hits.some((h) => h.file.endsWith("src/during.ts") && h.symbol === "duringBuildThing");
    }
    expect(hit).toBe(true);
  } finally {
    watcher.close();
  }
});

it("a folder symlink created while watching is not followed out of the project", async () => {
  const p = makeProject({});
  const lens = await Lens.create({ cwd: p.root });
  await lens.index();
  const watcher = watchProject(lens, { log: () => undefined, debounceMs: 10 });
  try {
    await watcher.listed();
    const before = watcher.folders;
    expect(before).toBeGreaterThan(0);
    const outside = mkdtempSync(join(tmpdir(), "pilens-outside-"));
    for (const d of ["a", "b", "c/d"]) mkdirSync(join(outside, d), { recursive: true });
    symlinkSync(outside, join(p.root, "src", "linked"));
    mkdirSync(join(p.root, "src", "real"));
    // The real folder is watched; `ln -s /usr x` must not make the server watch /usr.
    for (let i = 0; i < 100 && watcher.folders === before; i++) await new Promise((res) => setTimeout(res, 20));
    await new Promise((res) => setTimeout(res, 100));
    expect(watcher.folders).toBe(before + 1);
  } finally {
    watcher.close();
  }
});
