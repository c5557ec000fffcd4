/**
 * Build dist/ once before the tests that spawn `bin/pilens.cjs` (MCP server, pi extension).
 * Skipped when dist/ is newer than every source file. A type error elsewhere in the tree does not stop
 * the run (tsc still emits); a missing entry point does.
 *
 * And one temporary folder for the whole run: TMPDIR points into it before the test processes start,
 * so every `mkdtempSync(join(tmpdir(), …))` of a test — and what the MCP server and pi write to theirs —
 * lands inside it, and the teardown removes it (a run left ~2,000 folders in /tmp before). The project
 * graphs the tests build go there too (XDG_CACHE_HOME): a graph of this checkout in the developer's own
 * cache (`pilens index` run here) changed what the fixture outlines say (usedBy, `high fanout`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const SOURCES = ["core", "language-packs", "renderers", "hosts", "config", "testing", "index.ts"];
const STAMP = join(root, "dist", ".build-stamp");

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return /\.(ts|scm)$/.test(path) ? st.mtimeMs : 0;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

export default function setup(): () => void {
  const scratch = mkdtempSync(join(tmpdir(), "pilens-test-run-"));
  process.env.TMPDIR = scratch;
  process.env.XDG_CACHE_HOME = join(scratch, "cache");
  build();
  return () => rmSync(scratch, { recursive: true, force: true });
}

function build(): void {
  const latest = Math.max(...SOURCES.map((s) => (existsSync(join(root, s)) ? newest(join(root, s)) : 0)));
  if (existsSync(STAMP) && statSync(STAMP).mtimeMs > latest) return;
  try {
    execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "pipe" });
  } catch (e) {
    const out = String((e as { stdout?: Buffer }).stdout ?? "");
    process.stderr.write(`global-setup: build reported errors (continuing with what tsc emitted):\n${out.slice(0, 2000)}\n`);
  }
  if (!existsSync(join(root, "dist", "hosts", "cli", "main.js"))) throw new Error("build produced no dist/hosts/cli/main.js");
  writeFileSync(STAMP, new Date().toISOString());
}
