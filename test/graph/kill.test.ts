/**
 * kill -9 in the middle of `pilens index` leaves a usable index: the previous generation stays
 * committed, the dead build's lock is taken over, and the next index completes.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { cacheDirFor } from "../../core/graph/store.js";
import { repoRoot } from "../helpers.js";
import { APP, copyTree, tempCache, tempProject } from "./project.js";

const CACHE = tempCache();

const REAL_TS = join(repoRoot, "node_modules", "openai", "src");

it.skipIf(!existsSync(REAL_TS))("kill -9 during `pilens index` keeps the previous index usable", async () => {
  const dir = tempProject(APP);
  const lens = await Lens.create({ cwd: dir });
  expect((await lens.index()).files).toBe(6);
  const cache = cacheDirFor(dir);
  const before = readFileSync(join(cache, "meta.json"), "utf8");
  // Now make it a larger project (≈200 real TS files) and start a build we will kill.
  copyTree(REAL_TS, join(dir, "vendored-openai"));
  const child = spawn(process.execPath, [join(repoRoot, "bin", "pilens.cjs"), "index", "--cwd", dir], {
    env: { ...process.env, PILENS_CACHE_DIR: CACHE },
    stdio: "ignore",
  });
  const lock = join(cache, "lock");
  const t0 = Date.now();
  while (!existsSync(lock) && Date.now() - t0 < 20_000 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 400)); // into the parse
  expect(child.exitCode).toBeNull(); // still building: the kill lands mid-build
  expect(readFileSync(lock, "utf8").split(" ")[0]).toBe(String(child.pid));
  child.kill("SIGKILL");
  await new Promise((r) => child.once("exit", r));

  // The committed generation is the previous one, complete and readable.
  expect(readFileSync(join(cache, "meta.json"), "utf8")).toBe(before);
  const reader = await Lens.create({ cwd: dir });
  const hit = await reader.symbolSearch("slugify");
  expect(hit.available && hit.hits[0]?.file).toBe("src/lib/strings.ts");
  const rep = await reader.moduleReport("src/lib/strings.ts");
  expect(rep.staleness).toBe("fresh");
  expect(rep.api?.find((e) => e.name === "slugify")?.usedBy?.length).toBeGreaterThan(0);

  // The next build takes over the dead build's lock and finishes; its leftovers are collected.
  const again = await reader.index();
  expect(again.files).toBeGreaterThan(150);
  expect(again.parsed).toBe(again.files - 6);
  const meta = JSON.parse(readFileSync(join(cache, "meta.json"), "utf8"));
  // (words.bin: the word index kept between processes, written whole by whoever stores it.)
  const live = new Set([...meta.shards.files, ...meta.shards.refs, "meta.json", "words.bin"]);
  expect(readdirSync(cache).filter((n) => !live.has(n))).toEqual([]);
  const found = await reader.symbolSearch("toFile");
  expect(found.available && found.hits[0]?.file).toMatch(/^vendored-openai\//);
}, 120_000);
