/** Small helpers shared by the graph modules (kept apart so the module_report path loads little). */
import { statSync } from "node:fs";
import { posix } from "node:path";
import type { Def, FileEntry, GraphMeta } from "./types.js";
import { gitHead } from "./store.js";
import { shownPath } from "../text.js";
/**
 * Shards per family for a project of `files` files: ~32 files each, so one edit rewrites little (a
 * one-file update writes one files shard and usually one refs shard).
 */
/** Definition kinds that hold members (a class's methods, an impl's functions): a member's owner. */
export const TYPE_KINDS: ReadonlySet<string> = new Set(["class", "struct", "interface", "trait", "enum", "object", "protocol", "extension", "impl", "type"]);

/** Of a name's callable definition and its other one (-1: none), the one a use means: a call's the callable. */
export function prefer(callable: number, other: number, call: boolean): number {
  const [first, second] = call ? [callable, other] : [other, callable];
  return first >= 0 ? first : second;
}

/** Of `d`'s definitions that `match`, the first callable and the first other one, by `prefer` (-1: none). */
export function preferredMatch(d: Def[], match: (x: Def, i: number) => boolean, call: boolean, callable: ReadonlySet<string>): number {
  let [fn, data] = [-1, -1];
  d.forEach((x, i) => {
    if (!match(x, i)) return;
    if (callable.has(x[2])) fn = fn < 0 ? i : fn;
    else data = data < 0 ? i : data;
  });
  return prefer(fn, data, call);
}

export function shardCountFor(files: number): number {
  return Math.max(16, Math.min(2048, Math.ceil(files / 32)));
}

export function shardOf(rel: string, shards: number): number {
  let h = 2166136261;
  for (let i = 0; i < rel.length; i++) h = Math.imul(h ^ rel.charCodeAt(i), 16777619);
  return (h >>> 0) % shards;
}

export function overCapWarning(over: number, cap: number): string {
  return `project has ${over} more source file(s) than the index cap of ${cap}; they are not in the graph (raise index.maxFiles in .pilensrc)`;
}

const BUILT_ONLY = "no source outside ";

/** The build folders a graph indexed as the project's only code (scanWarnings' note, kept in meta.warnings). */
export function builtOnlyDirs(warnings: string[] | undefined): string[] {
  const w = warnings?.find((x) => x.startsWith(BUILT_ONLY));
  return w ? w.slice(BUILT_ONLY.length, w.indexOf(": indexed")).split(", ").map((d) => d.replace(/\/$/, "")) : [];
}

/** What a scan says about the files it found (scan.ts): over the cap, only build output, folders it could not read. */
export function scanWarnings(scan: { overCap: number; builtOnly?: string[]; unreadable?: string[] }, maxFiles: number): string[] {
  const out: string[] = [];
  if (scan.overCap) out.push(overCapWarning(scan.overCap, maxFiles));
  if (scan.builtOnly) out.push(`${BUILT_ONLY}${scan.builtOnly.map((d) => `${d}/`).join(", ")}: indexed ${scan.builtOnly.length > 1 ? "those" : "it"} (build output is skipped otherwise)`);
  if (scan.unreadable?.length) out.push(unreadableWarning(scan.unreadable));
  return out;
}

/** Files whose parse failed: how many, the first and why (its path, in both, as text shows a path: shownPath). */
export function noOutlineWarning(n: number, first: string, error: string, root: string): string {
  const abs = posix.join(root, first);
  return `${n} file(s) have no outline in the graph (first: ${shownPath(first)}: ${error.split(abs).join(shownPath(abs))})`;
}

export function unreadableWarning(folders: string[]): string {
  return `${folders.length}${folders.length >= 20 ? "+" : ""} folder(s) could not be read (first: ${folders[0]}): their files are not in the graph — usedBy and search do not see them (check their permissions)`;
}

/**
 * What a search says of the graph it read: a refresh under way, then (as reports say them) files a cap,
 * a stop or permissions left out, and a checkout since the build.
 */
export function searchStateNotes(meta: GraphMeta | undefined, root: string, building: boolean): string[] {
  const out = building ? ["the index is being refreshed; results reflect the previous build"] : [];
  if (!meta) return out;
  out.push(...searchGraphWarnings(meta, root, followed(root)));
  const moved = headMoved(meta, root);
  if (moved) out.push(`the index was ${moved}`);
  return out;
}

/**
 * `built at commit X, HEAD is now Y — run \`pilens index\`` when HEAD moved since the graph was built and
 * no watcher here follows the files. A host's watcher keeps the graph to the working tree, which a
 * checkout changes file by file (each then fresh, or said changed by its own report): HEAD says nothing
 * more — and after a commit that changed no file (`--allow-empty`, the watcher does not watch .git) the
 * warning had stayed for good (QA round 45).
 */
export function headMoved(meta: GraphMeta, root: string): string | undefined {
  if (!meta.gitHead || followed(root)) return undefined;
  const head = gitHead(root);
  return head && head !== meta.gitHead ? `built at commit ${meta.gitHead.slice(0, 8)}, HEAD is now ${head.slice(0, 8)} — run \`pilens index\`` : undefined;
}

export function searchGraphWarnings(meta: GraphMeta, root: string, followed: boolean): string[] {
  const out: string[] = [];
  const large = largeFilesNow(meta, root);
  if (large) out.push(large);
  if (meta.unfinished) out.push(unfinishedWarning(meta.unfinished, followed));
  if (meta.overCap) out.push(overCapWarning(meta.overCap, meta.maxFiles));
  if (meta.unreadable?.length) out.push(unreadableWarning(meta.unreadable));
  return out;
}

/** How a graph a stopped build committed begins its warning (GraphMeta.unfinished). */
export const UNFINISHED = "project graph unfinished";

/** Watchers following each project root's files (hosts/shared/watch.ts): its reports then name no command to run. */
const followers = new Map<string, number>();
export function follow(root: string, delta: 1 | -1): void {
  const n = (followers.get(root) ?? 0) + delta;
  if (n > 0) followers.set(root, n);
  else followers.delete(root);
}
export function followed(root: string): boolean {
  return followers.has(root);
}

export function unfinishedWarning(n: number, followed = false): string {
  return `${UNFINISHED}: its build was stopped with ${n} file(s) not parsed yet — usedBy, blastRadius and search do not see them; ${followed ? "this host's background build parses them" : "the next `pilens index` (or a long-lived host's start) parses them"}`;
}

/**
 * The warning of the files over the size cap the graph was built with, but those deleted since (a removed
 * 2 MB file was still named until the index caught up: pi QA 45 D9); none when none is left.
 */
export function largeFilesNow(meta: GraphMeta, root: string): string | undefined {
  if (!meta.skippedLarge) return undefined;
  const large = meta.large?.filter((f) => {
    try {
      statSync(posix.join(root, f));
      return true;
    } catch {
      return false;
    }
  });
  const n = meta.skippedLarge - ((meta.large?.length ?? 0) - (large?.length ?? 0));
  return n > 0 ? largeFilesWarning(n, large) : undefined;
}

export function largeFilesWarning(n: number, large?: string[]): string {
  const which = large?.length ? ` (${large.slice(0, 3).join(", ")}${n > 3 ? ", …" : ""})` : "";
  return `${n} file(s) over the index size cap${which} were not parsed: usedBy, blastRadius and search do not see them (raise index.maxFileBytes in .pilensrc)`;
}

/** Entries of files over the index size cap (kept without links) carry this error. */
export const OVER_SIZE_CAP = "over the index size cap";

export function toRootRel(root: string, abs: string): string {
  const prefix = root.endsWith("/") ? root : root + "/";
  return (abs.startsWith(prefix) ? abs.slice(prefix.length) : abs).split("\\").join("/");
}

/**
 * What a relative JS/TS specifier or a file path names as a module: the path without a script
 * extension (`src/b.js`, `src/b.ts`, `src/b` → `src/b`), a folder's index as the folder.
 */
export function moduleBase(path: string): string {
  const p = posix.normalize(path).replace(/\.(?:[cm]?[jt]sx?|d\.[cm]?ts)$/, "");
  return p.endsWith("/index") ? p.slice(0, -"/index".length) : p === "index" ? "." : p;
}

/**
 * Files whose relative import one of `added` (root-relative files) may now answer: one that resolved
 * to no file (`u`) — and, with `shadowing` (files new on disk since the importers were parsed), one
 * that resolved to a file of the same module base the new one may take precedence over (`./dir` was
 * dir/index.ts until dir.ts came; `./x.js` was x.js until x.ts came).
 */
export function waitingImporters(files: ReadonlyMap<string, FileEntry>, added: string[], shadowing: string[] = added): string[] {
  if (!added.length && !shadowing.length) return [];
  const bases = new Set(added.map(moduleBase));
  const shadows = new Map<string, string[]>();
  for (const f of shadowing) shadows.set(moduleBase(f), [...(shadows.get(moduleBase(f)) ?? []), f]);
  // (An import resolved to that very file — parsed before it, after a stopped build — is taken by no other.)
  const other = (t: string) => shadows.get(moduleBase(t))?.some((f) => f !== t) ?? false;
  const out: string[] = [];
  for (const [rel, e] of files) if (e.u?.some((b) => bases.has(b)) || (shadows.size && e.i.some(other))) out.push(rel);
  return out;
}

/** The file at `abs` differs from what the graph parsed (`rec`: its mtime and size then), or is gone. */
export function changedSince(abs: string, rec: { m: number; s: number } | undefined): boolean {
  if (!rec) return false;
  try {
    const st = statSync(abs);
    return st.mtimeMs !== rec.m || st.size !== rec.s;
  } catch {
    return true;
  }
}

/** A file deleted since the index was built is no answer (its suggested read would fail): drop its hits; the warning, if any. */
export function dropDeleted(hits: { file: string }[], exists: (file: string) => boolean): string | undefined {
  const gone = [...new Set(hits.map((x) => x.file))].filter((f) => !exists(f));
  if (!gone.length) return undefined;
  hits.splice(0, hits.length, ...hits.filter((x) => !gone.includes(x.file)));
  return `${gone.length} indexed file${gone.length > 1 ? "s" : ""} no longer exist${gone.length > 1 ? "" : "s"} (${gone.slice(0, 3).join(", ")}${gone.length > 3 ? ", …" : ""}): left out — \`pilens index\` refreshes the index`;
}

/**
 * symbol_search hits whose file changed since it was indexed: their lines may have moved (a long-lived
 * host re-indexes on change; the CLI does not). Marks them `stale`; the warning saying so, if any.
 */
export function markStale(hits: { file: string; stale?: true }[], changed: (file: string) => boolean): string | undefined {
  const stale = [...new Set(hits.map((h) => h.file))].filter(changed);
  if (!stale.length) return undefined;
  for (const h of hits) if (stale.includes(h.file)) h.stale = true;
  return `${stale.length} of these files changed since they were indexed (their lines may have moved: ${stale.slice(0, 3).join(", ")}${stale.length > 3 ? ", …" : ""}) — \`pilens index\` refreshes them`;
}

/** How the packs and options a graph was built with differ from these ("" when they do not). */
export function analyzerChange(then: GraphMeta["analyzer"], now: NonNullable<GraphMeta["analyzer"]>): string {
  if (!then || !Array.isArray(then.packs)) return "built by an older pilens";
  const was = new Set(then.packs);
  const is = new Set(now.packs);
  const idOf = (p: string) => p.replace(/@[^@]*$/, "");
  const verOf = (p: string) => (p.includes("@") ? p.slice(p.lastIndexOf("@") + 1) : "none");
  const added = now.packs.filter((p) => !was.has(p));
  const gone = then.packs.filter((p) => !is.has(p));
  // A pack in both at another version is one change, said once per version step (a pilens upgrade
  // moves every built-in pack's revision: `11 packs 2026-01-01 → 2026-12-04`).
  const steps = new Map<string, string[]>();
  for (const p of added) {
    const old = gone.find((g) => idOf(g) === idOf(p));
    if (old) steps.set(`${verOf(old)} → ${verOf(p)}`, [...(steps.get(`${verOf(old)} → ${verOf(p)}`) ?? []), idOf(p)]);
  }
  const moved = new Set([...steps.values()].flat());
  const isNew = added.filter((p) => !moved.has(idOf(p)));
  const isGone = gone.filter((p) => !moved.has(idOf(p)));
  const parts = [
    ...[...steps].map(([step, ids]) => `${ids.length > 3 ? `${ids.length} packs` : ids.join(", ")} ${step}`),
    ...(isNew.length ? [`now also ${isNew.join(", ")}`] : []),
    ...(isGone.length ? [`no longer ${isGone.join(", ")}`] : []),
  ];
  if (then.options !== now.options) parts.push("pack options in .pilensrc changed");
  return parts.join("; ");
}

/** Files per language id, most first (meta.json: `pilens index` starts those grammars early). */
export function languageCounts(files: Map<string, FileEntry>): Record<string, number> {
  const n = new Map<string, number>();
  for (const e of files.values()) n.set(e.l, (n.get(e.l) ?? 0) + 1);
  return Object.fromEntries([...n].sort((a, b) => b[1] - a[1]));
}

/** The k-th largest value (k ≤ length): a size-k min-heap instead of sorting. */
export function kthLargest(xs: Float64Array, k: number): number {
  const heap = new Float64Array(k);
  let size = 0;
  for (const x of xs) {
    if (size < k) {
      let at = size++;
      while (at > 0 && heap[(at - 1) >> 1]! > x) {
        heap[at] = heap[(at - 1) >> 1]!;
        at = (at - 1) >> 1;
      }
      heap[at] = x;
    } else if (x > heap[0]!) {
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        let m = l;
        if (l >= k) break;
        if (l + 1 < k && heap[l + 1]! < heap[l]!) m = l + 1;
        if (heap[m]! >= x) break;
        heap[at] = heap[m]!;
        at = m;
      }
      heap[at] = x;
    }
  }
  return heap[0]!;
}

/** Parse time of one file before any is done (669 stdlib files took 6.3 s on 2 cores: ~9 ms each). */
const MS_PER_FILE = 10;

/**
 * When a build in progress should be done (ms from `now`), between 0.25 and 30 s: at the rate so far,
 * or — before the first file is done — at MS_PER_FILE a file (a flat 2 s said "retry in 2 s" to a
 * build of 669 files that took 6.3 s); 2 s while the files are still being listed.
 */
export function indexEta(p: { done: number; total: number; started: number }, now: number): number {
  const rate = p.done > 0 ? (now - p.started) / p.done : MS_PER_FILE;
  const eta = p.total > p.done ? Math.round(rate * (p.total - p.done)) : 2000;
  return Math.min(30_000, Math.max(250, eta));
}

/**
 * Poll `load` until it succeeds while `building` holds, at most `ms` (a host's background build loading the
 * committed graph); once the build is done, one last try.
 */
export async function waitForLoad(load: () => Promise<boolean>, building: () => boolean, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (building() && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 15));
    if (await load()) return true;
  }
  return building() ? false : load();
}

/** How long ago `ms` was, short: `42s`, `7m`, `3h`, `2d`. */
export function age(ms: number): string {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 90) return `${s}s`;
  if (s < 5400) return `${Math.round(s / 60)}m`;
  if (s < 172800) return `${Math.round(s / 3600)}h`;
  return `${Math.round(s / 86400)}d`;
}
