/**
 * Whether a committed graph still describes the project's files, for a one-shot host (the CLI) that has
 * no watcher following them: a print of every file the graph holds (path, mtime, size), kept in its
 * meta at each commit, against the same print of a scan now. A file added, removed, edited or touched
 * since the build changes it. (An MCP or pi host's watcher re-parses edited files as they change.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Lens } from "../engine.js";
import { byteSize } from "../files.js";
import { gitHead } from "./store.js";
import type { ScannedFile } from "./scan.js";
import type { GraphMeta } from "./types.js";
import { age, followed } from "./util.js";

/**
 * The print of `(rel, mtime, size)` triples, in any order: their count, and the sum and the xor of their
 * FNV-1a hashes. Not for anything an adversary picks: a change it misses needs two files whose hashes
 * cancel out in both.
 */
export function filesPrint(files: Iterable<readonly [rel: string, m: number, s: number]>): string {
  let n = 0;
  let sum = 0;
  let xor = 0;
  for (const [rel, m, s] of files) {
    const text = `${rel}\u0000${m}\u0000${s}`;
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    sum = (sum + (h >>> 0)) % 0x1_0000_0000;
    xor = (xor ^ h) >>> 0;
    n++;
  }
  return `${n}:${sum.toString(16)}:${xor.toString(16)}`;
}

/** The print of a scan's files. */
export function scanPrint(files: ScannedFile[]): string {
  return filesPrint(files.map((f) => [f.rel, f.m, f.s] as const));
}

/**
 * How much a one-shot report or search re-parses before it answers: files (changed ones and the files
 * they affect: importers, re-exporters) and their bytes (a parse runs at ~1–1.5 MB/s here). More, and it
 * answers from the graph as built and says to run `pilens index`.
 */
export const CATCH_UP_MAX = 200;
export const CATCH_UP_MAX_BYTES = 3 * 1024 * 1024;

/** Beside meta.json: the scan print a catch-up found over the limits, so the next one says so without trying again. */
const BEHIND_FILE = "behind.json";

/**
 * Before a one-shot host (the CLI) answers from the project graph: bring the committed graph up to date
 * when the files changed since its build (an incremental index within CATCH_UP_MAX files and
 * CATCH_UP_MAX_BYTES), so that usedBy and search see an edit made a moment ago — they had answered from
 * the build as it was, saying nothing. Also when only git HEAD moved (a commit): the graph then records
 * the new HEAD, and reports stop saying it moved. Returns a warning when it could not: more changed, another
 * build held the lock, the build failed. Nothing to do without a committed graph or with an unreadable
 * one (the answer says what to run), nor when this process's watcher follows the project (a long-lived host).
 */
export async function catchUp(lens: Lens, max = CATCH_UP_MAX, maxBytes = CATCH_UP_MAX_BYTES): Promise<string | undefined> {
  const pg = await lens.project();
  if (followed(pg.root)) return undefined;
  let meta: GraphMeta | undefined;
  try {
    meta = pg.committedMeta();
  } catch {
    return undefined;
  }
  if (!meta) return undefined;
  let print: string | undefined;
  // (A graph written before the print: one incremental index writes it.)
  if (meta.print) {
    const { scanProject } = await import("./scan.js");
    const claims = (name: string) => lens.registry.lookup(name) !== undefined;
    print = scanPrint(scanProject(pg.root, claims, pg.limits.maxFiles, pg.limits.ignore).files);
    const head = meta.gitHead && gitHead(pg.root);
    if (print === meta.print && (!head || head === meta.gitHead)) return undefined;
  }
  const stale = `usedBy and search answer from the project graph built ${age(meta.builtAt)} ago, before those changes; run \`pilens index\``;
  const over = (files: number, bytes: number) => `${files} files to parse or drop (${byteSize(bytes)}) — added, changed or removed since the project graph was built, and files they affect —, more than a report brings up to date (${max} files, ${byteSize(maxBytes)}): ${stale}`;
  // Found over the limits already, the files as they are now: said again without loading the graph.
  const memo = join(pg.store.dir, BEHIND_FILE);
  const known = print && readBehind(memo);
  if (known && known.print === print && known.meta === meta.print) return over(known.files, known.bytes);
  try {
    const r = await lens.index({ maxChanges: max, maxChangeBytes: maxBytes, waitMs: 2000, warmSearch: false });
    if (r.over) {
      if (print) {
        try {
          pg.store.writeAtomic(BEHIND_FILE, JSON.stringify({ print, meta: meta.print, files: r.over, bytes: r.overBytes ?? 0 }));
        } catch {
          /* an unwritable cache: tried again next time */
        }
      }
      return over(r.over, r.overBytes ?? 0);
    }
  } catch (e) {
    return `files changed since the project graph was built, and it could not be brought up to date (${(e as Error).message ?? String(e)}) — ${stale}`;
  }
  return undefined;
}

function readBehind(path: string): { print: string; meta: string; files: number; bytes: number } | undefined {
  try {
    const b = JSON.parse(readFileSync(path, "utf8")) as { print?: unknown; meta?: unknown; files?: unknown; bytes?: unknown };
    return typeof b.print === "string" && typeof b.meta === "string" && typeof b.files === "number" && typeof b.bytes === "number" ? (b as { print: string; meta: string; files: number; bytes: number }) : undefined;
  } catch {
    return undefined;
  }
}
