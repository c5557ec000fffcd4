/** What a build parses: the files a build from scratch would parse differently from the graph it starts from. */
import type { GraphModel } from "./model.js";
import { NO_OCCURRENCES } from "./occ.js";
import type { ScannedFile } from "./scan.js";
import { DEF_EXPORTED, DEF_REEXPORT, type FileEntry } from "./types.js";
import { OVER_SIZE_CAP, toRootRel, waitingImporters } from "./util.js";
import { inScope } from "./scope.js";
import { statSync, type Stats } from "node:fs";
import { join } from "node:path";

export interface BuildPlan {
  toParse: ScannedFile[];
  /** Files over the size cap: entries without an outline (never parsed). */
  large: Map<string, FileEntry>;
  /** Files of the graph no longer found. */
  removed: string[];
}

/**
 * The files to parse: new and changed ones (by mtime and size), ones whose entry the size cap or a
 * failure made (upToDate), and, parsed again as a build from scratch would parse them,
 * - files whose import resolved to no file and that a file added now answers — after a stopped build
 *   (`unfinished`) any file of the project may be that file: it was parsed, its waiting importer not —
 *   or to a file that a new one of the same module base may take over from (dir/index.ts → dir.ts);
 * - files importing a file that is gone: their import no longer resolves (a removed file's importers,
 *   and, after a stopped build, an importer parsed while its target was there and not yet parsed).
 */
export function planBuild(model: GraphModel, files: ScannedFile[], maxFileBytes: number, languageOf: (rel: string) => string, unfinished: { builtAt: number; scannedAt?: number } | undefined): BuildPlan {
  const seen = new Set<string>();
  const toParse: ScannedFile[] = [];
  const large = new Map<string, FileEntry>();
  for (const f of files) {
    seen.add(f.rel);
    const e = model.files.get(f.rel);
    if (e && e.m === f.m && e.s === f.s && upToDate(e, f.s, maxFileBytes)) continue;
    if (f.s > maxFileBytes) large.set(f.rel, overCapEntry(f, maxFileBytes, languageOf(f.rel)));
    else toParse.push(f);
  }
  const removed = [...model.files.keys()].filter((r) => !seen.has(r));
  const queued = new Set(toParse.map((f) => f.rel));
  const byRel = new Map(files.map((f) => [f.rel, f]));
  const fresh = toParse.filter((f) => !model.files.has(f.rel));
  const added = unfinished ? files.map((f) => f.rel) : fresh.map((f) => f.rel);
  // (After a stopped build a file it did not get to is not new on disk: its importers saw it. Only one
  // written since it listed the files may take over an import they resolved.)
  const since = unfinished ? (unfinished.scannedAt ?? unfinished.builtAt - 2000) : -Infinity;
  const shadowing = fresh.filter((f) => f.m >= since).map((f) => f.rel);
  // (An import of a file the scan never lists — data, ignored or generated files — is not gone: only a
  // file the graph held, or after a stopped build any file, since its target may not have been parsed.)
  const gone = (t: string) => !seen.has(t) && (unfinished || model.files.has(t));
  const orphaned: string[] = [];
  for (const [rel, e] of model.files) if (e.i.some(gone)) orphaned.push(rel);
  for (const rel of [...waitingImporters(model.files, added, shadowing), ...orphaned, ...inputReaders(model, [...queued, ...removed])]) {
    const f = byRel.get(rel);
    if (!f || queued.has(rel) || large.has(rel) || f.s > maxFileBytes) continue;
    toParse.push(f);
    queued.add(rel);
  }
  return { toParse, large, removed };
}

/** A file over the index size cap: an entry without an outline (never parsed), saying so. */
export function overCapEntry(f: { m: number; s: number }, maxFileBytes: number, language: string): FileEntry {
  return { m: f.m, s: f.s, l: language, d: [], i: [], ...NO_OCCURRENCES, e: `${OVER_SIZE_CAP} (${f.s} bytes > ${maxFileBytes})` };
}

/**
 * An unchanged file's entry stands as a build from scratch would make it: parsed under today's size cap
 * (a raised or lowered `index.maxFileBytes` parses it, or stamps it over the cap), and not a failure —
 * a file unreadable when it was indexed (chmod 000, say) is tried again, its mtime unchanged.
 */
function upToDate(e: FileEntry, size: number, maxFileBytes: number): boolean {
  if (e.e === undefined) return size <= maxFileBytes;
  return e.e.startsWith(OVER_SIZE_CAP) && e.e.endsWith(`> ${maxFileBytes})`);
}

/** What a file exports, by name and kind: a re-export of one of its names takes that kind. */
function exportedKinds(e: FileEntry | undefined): string {
  return e ? e.d.filter((d) => d[6] === -1 && d[5] & DEF_EXPORTED).map((d) => `${d[0]}:${d[2]}`).sort().join(" ") : "";
}

/**
 * The files to parse again because a re-export in them names a declaration whose kind (or existence)
 * `parsed` changed: a re-export takes the kind of what it names, read through the files it re-exports
 * from when it is parsed. Followed through chains of re-exporting files (`export * from` ones pass the
 * change on; they record no kinds and are not parsed for it). `isChange` says which parsed files are
 * changes (not a file a stopped build left unparsed). Cheap when nothing's kinds changed: the usual edit.
 */
export function reexportersToParse(model: GraphModel, parsed: Map<string, FileEntry>, removed: string[], isChange: (rel: string) => boolean): string[] {
  const changed = new Set(removed);
  for (const [rel, e] of parsed) if (isChange(rel) && exportedKinds(model.files.get(rel)) !== exportedKinds(e)) changed.add(rel);
  const named = (e: FileEntry) => e.d.some((d) => (d[5] & DEF_REEXPORT) !== 0);
  const out: string[] = [];
  for (let grew = changed.size > 0; grew; ) {
    grew = false;
    for (const [rel, e] of model.files) {
      if (changed.has(rel) || !(e.sx?.length || named(e)) || !e.i.some((t) => changed.has(t))) continue;
      changed.add(rel);
      grew = true;
      if (named(e) && !parsed.has(rel)) out.push(rel);
    }
  }
  return out;
}

/** The files whose outline was read with one of `changed` (FileEntry.xi: a Rust file and the macros.rs it expands). */
function inputReaders(model: GraphModel, changed: string[]): string[] {
  const set = new Set(changed);
  const out: string[] = [];
  if (set.size) for (const [rel, e] of model.files) if (e.xi?.some((f) => set.has(f))) out.push(rel);
  return out;
}

/** A file's stat, or undefined when it is gone or unreadable. */
function stat(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/**
 * What a host's file update parses (ProjectGraph.updateFiles; `paths` absolute, claimed by a pack): the
 * changed and new files — a new one only where a build would index it (scope.ts: not a written `dist/`
 * bundle, not an ignored file) —, and, as a build would, importers waiting for a new file and importers
 * of a removed one. Files gone from disk are `removed`.
 */
export function planUpdate(model: GraphModel, root: string, paths: string[], ignore: string[]): { jobs: ScannedFile[]; removed: string[] } {
  const jobs: ScannedFile[] = [];
  const removed: string[] = [];
  let dirs: Set<string> | undefined;
  const holds = (d: string) => (dirs ??= new Set([...model.files.keys()].flatMap((k) => k.split("/").slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join("/"))))).has(d);
  for (const abs of paths) {
    const rel = toRootRel(root, abs);
    const e = model.files.get(rel);
    const st = stat(abs);
    if (!st) {
      if (e) removed.push(rel);
    } else if (e ? e.m !== st.mtimeMs || e.s !== st.size : inScope(root, rel, ignore, holds)) jobs.push({ rel, abs, m: st.mtimeMs, s: st.size });
  }
  const orphaned = removed.flatMap((r) => [...(model.importers.get(r) ?? [])]);
  for (const rel of [...waitingImporters(model.files, jobs.filter((j) => !model.files.has(j.rel)).map((j) => j.rel)), ...orphaned, ...inputReaders(model, [...jobs.map((j) => j.rel), ...removed])]) {
    if (jobs.some((j) => j.rel === rel) || removed.includes(rel)) continue;
    const abs = join(root, rel);
    const st = stat(abs);
    if (st) jobs.push({ rel, abs, m: st.mtimeMs, s: st.size }); // (gone since the last build: the next index() drops it)
  }
  return { jobs, removed };
}
