/**
 * An MCP client going away while the server's background index builds (SDK client over stdio): the
 * client ends stdin, waits 2 s, then SIGTERMs. The server stops the build, commits what it parsed and
 * exits by itself; the build had gone on and was lost to the SIGTERM.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { shortHash } from "../../core/hash.js";
import { APP, copyTree, tempProject } from "../graph/project.js";
import { repoRoot } from "../helpers.js";
import { connectMcp, toolText } from "./project.js";

const REAL_TS = join(repoRoot, "node_modules", "openai", "src");

it.skipIf(!existsSync(REAL_TS))("a client ending stdin mid-build: the server commits what it parsed and exits before the SIGTERM", async () => {
  const dir = tempProject(APP);
  for (const copy of ["a", "b", "c", "d"]) copyTree(REAL_TS, join(dir, copy)); // 906 files: seconds of building
  const cache = mkdtempSync(join(tmpdir(), "pilens-cache-"));
  const client = await connectMcp(dir, "pilens-stop-test", cache);
  const r = await client.callTool({ name: "pilens_module_report", arguments: { file: "src/lib/strings.ts", view: "compact" } });
  expect(toolText(r)).toContain("slugify");
  // Batches of the build come back meanwhile: wait until some are in (search says how many), not a fixed
  // time — on a loaded machine 1.5 s had passed before the first file was parsed, and nothing was committed.
  for (const t0 = Date.now(); Date.now() - t0 < 30_000; await new Promise((res) => setTimeout(res, 100))) {
    const s = toolText(await client.callTool({ name: "pilens_symbol_search", arguments: { query: "slugify" } }));
    const done = /being built \((\d+)\/\d+ files\)/.exec(s)?.[1];
    if ((done && Number(done) >= 64) || !/being built/.test(s)) break;
  }
  const t0 = Date.now();
  await client.close(); // ends stdin; SIGTERM after 2 s if the server still runs
  const closeMs = Date.now() - t0;
  expect(closeMs).toBeLessThan(1900);
  const meta = join(cache, shortHash(resolve(dir)), "meta.json");
  expect(existsSync(meta)).toBe(true);
  const m = JSON.parse(readFileSync(meta, "utf8")) as { fileCount: number; unfinished?: number };
  expect(m.unfinished).toBeGreaterThan(0);
  expect(m.fileCount + m.unfinished!).toBe(906);
}, 60_000);
