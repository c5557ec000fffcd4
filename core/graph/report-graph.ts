/**
 * What module_report takes from the project graph — read-only, never a build: usedBy, fanout and
 * `high fanout`, the usage term of recommendedReads, blastRadius, staleness, provenance, and warnings
 * that say when the graph is cold, stale, from another commit or capped.
 */
import { statSync } from "node:fs";
import type { ModuleReport, Entry, SymbolRecord } from "../types.js";
import { overloadSuffix, recordOverloads } from "../overloads.js";
import { walk } from "../extract.js";
import { BLAST_MAX_FILES, blastRadius } from "./blast.js";
import { isIgnored, parseGitignore } from "./gitignore.js";
import { inScope } from "./scope.js";
import type { ProjectGraph } from "./project.js";
import { sharedNames, useKey } from "../use-key.js";
import { age, builtOnlyDirs, followed, headMoved, largeFilesNow, overCapWarning, toRootRel, unfinishedWarning, unreadableWarning } from "./util.js";
import { CorruptCache } from "./store.js";
import { MAX_LINES_PER_NAME, USAGES_KEPT, type GraphMeta, type RefsRecord } from "./types.js";
import { listedUses } from "./used-by.js";
import { cppSpecializations } from "./cpp-members.js";
import { TYPE_KINDS } from "./util.js";
import { checkedRefs } from "./refs-shape.js";

export interface GraphReportOptions {
  maxRefs?: number;
  blastRadius?: boolean;
  blastRadiusDepth?: number;
  highFanout: number;
  defaultMaxRefs: number;
}

export interface ReportGraph {
  /** qualifiedName → usage count, for the rank hook. */
  usage: Map<string, number>;
  /** `symbols`: the file's records, which tell its overloads apart (core/overloads.ts); without them overloads read as one. */
  apply(report: ModuleReport, symbols?: SymbolRecord[]): void;
}

const NO_GRAPH = "unavailable: no project graph (run `pilens index`)";
/** The warning of a report when the project has no graph (the compact view says it shorter). */
export const NO_GRAPH_WARNING = "project graph not built: usedBy, fanout, blastRadius unknown (run `pilens index`)";
const BUILDING_WARNING = "project graph being built: usedBy, fanout, blastRadius unknown until it finishes";
/** A warning about the project (its graph), the same for every file of it — a batch says it once. */
export function isProjectWarning(w: string): boolean {
  return w === NO_GRAPH_WARNING || w === BUILDING_WARNING;
}

export function reportGraph(pg: ProjectGraph, abs: string, opts: GraphReportOptions): ReportGraph {
  const warnings: string[] = [];
  const rel = toRootRel(pg.root, abs);
  let meta: GraphMeta | undefined;
  let rec: RefsRecord | undefined;
  try {
    meta = pg.committedMeta();
    if (meta) rec = checkedRefs(pg.refsOf(rel), rel, meta, pg.store.dir);
  } catch (e) {
    const outdated = e instanceof CorruptCache && e.outdated;
    // (A build under way — a host's background index after an upgrade — is rebuilding it already.)
    const fix = pg.isBuilding() ? "the index being built now rebuilds it" : "run `pilens index` to rebuild it";
    warnings.push(`${outdated ? (e as Error).message : `project graph unreadable (${(e as Error).message})`} — ${fix}`);
  }
  const usage = new Map<string, number>();
  if (!meta || !rec) {
    if (!warnings.length) {
      if (!meta) warnings.push(pg.isBuilding() ? BUILDING_WARNING : NO_GRAPH_WARNING);
      // (`pilens index` cannot help a file the config leaves out: say that instead.)
      else if (ignoredByConfig(pg.limits.ignore, rel)) warnings.push(`${rel} is left out of the project graph by .pilensrc \`ignore\` — usedBy unknown (remove it from \`ignore\` to index it)`);
      // (Nor can it help a file no build indexes — a dist/ bundle, a .gitignore'd file —, unless the
      // project's only code is in such a folder: then the graph holds it, as a build's scan says.)
      else if (!inScope(pg.root, rel, pg.limits.ignore ?? [], heldBuildDir(meta))) warnings.push(`${rel} is not indexed: it is under a folder the index skips (a dot-folder, build output or dependencies such as dist/ or node_modules/) or .gitignore'd — usedBy unknown, and symbol_search does not see it`);
      // A stopped build's graph: most likely a file it did not get to.
      else if (meta.unfinished) warnings.push(`${rel} is not in the project graph yet: ${unfinishedWarning(meta.unfinished, followed(pg.root))}`);
      // (A long-lived host follows the files: a new one is in within seconds, no command to run.)
      else if (followed(pg.root)) warnings.push(`${rel} is not in the project graph yet (new since it was built: this host's watcher adds it within seconds; or ignored, or over the file cap) — usedBy unknown`);
      // (A build under way — a host's background index before its watcher starts — takes it too.)
      else if (pg.isBuilding()) warnings.push(`${rel} is not in the project graph yet (new since it was built: the index being built now adds it; or ignored, or over the file cap) — usedBy unknown`);
      else warnings.push(`${rel} is not in the project graph (new since the last \`pilens index\`, ignored, or over the file cap) — usedBy unknown; run \`pilens index\``);
    } else if (meta?.unfinished) warnings.push(unfinishedWarning(meta.unfinished, followed(pg.root)));
    if (meta?.overCap) warnings.push(overCapWarning(meta.overCap, meta.maxFiles));
    return {
      usage,
      apply(report) {
        report.warnings = [...(report.warnings ?? []), ...warnings];
        if (report.provenance) report.provenance.usedBy = meta && !rec ? `unavailable: ${rel} is not in the project graph` : NO_GRAPH;
      },
    };
  }
  for (const [q, n] of Object.entries(rec.uc)) usage.set(q, n);
  let stale = false;
  try {
    const st = statSync(abs);
    if (st.mtimeMs !== rec.m || st.size !== rec.s) {
      stale = true;
      // (A build under way — a long-lived host's background one — refreshes it; else `pilens index` does.)
      const fix = pg.isBuilding() ? "the index being built now refreshes it" : "run `pilens index`";
      warnings.push(`file changed after the project graph was built (${age(meta.builtAt)} ago) — usedBy lines may be off; ${fix}`);
    }
  } catch {
    /* the report itself says the file is missing */
  }
  const moved = headMoved(meta, pg.root);
  if (moved) {
    stale = true;
    warnings.push(`project graph was ${moved}`);
  }
  if (meta.overCap) warnings.push(overCapWarning(meta.overCap, meta.maxFiles));
  if (meta.unreadable?.length) warnings.push(unreadableWarning(meta.unreadable));
  if (meta.unfinished) warnings.push(unfinishedWarning(meta.unfinished, followed(pg.root)));
  // This file over the size cap: in the graph without its definitions, so nothing links to its symbols.
  const tooLarge = meta.large?.includes(rel) ?? false;
  if (tooLarge) warnings.push(`${rel} is over the index size cap: not parsed into the project graph — usedBy, fanout and blastRadius of its symbols unknown (raise index.maxFileBytes in .pilensrc)`);
  // Files over the size cap are in the graph without their links: uses from them are unknown.
  else {
    const large = largeFilesNow(meta, pg.root);
    if (large) warnings.push(large);
  }
  const maxRefs = opts.maxRefs ?? opts.defaultMaxRefs;
  return {
    usage,
    apply(report, symbols) {
      report.staleness = stale ? "stale" : "fresh";
      const all: { q: string; kind: string }[] = [];
      // (A Go method of a type another file declares is keyed by its owner, as parse-file.ts goOwner keys it;
      // a C++ definition out of its class's body by its class, `ns.Widget.size`, as cppOwner does.)
      // (A specialization's class and its members out of class with its arguments, `vector<bool, _Alloc>`, as cppKeyName and cppOwner key them.)
      const cpp = report.language === "cpp";
      // (A JavaScript `#x` listed as `x` is keyed `#x`, as parse-file.ts keys it: use-key.ts spelledName.)
      const hashedAt = new Set<string>();
      if (symbols && report.language === "javascript") for (const [r] of walk(symbols)) if (r.hashName) hashedAt.add(`${r.startLine}\t${r.kind}\t${r.name}`);
      const own = (e: Entry) => (hashedAt.size && hashedAt.has(`${e.startLine}\t${e.kind}\t${e.name}`) ? `#${e.name}` : e.name);
      const specs = cpp && symbols ? cppSpecializations(symbols) : undefined;
      const spec = (e: Entry) => specs?.get(`${e.startLine}\t${e.kind}\t${e.name}`);
      const named = (e: Entry) => (specs && TYPE_KINDS.has(e.kind) ? e.name + (spec(e) ?? "") : own(e));
      const owned = (e: Entry) => `${e.owner!.replaceAll("::", ".")}${(specs && !TYPE_KINDS.has(e.kind) && spec(e)) || ""}.${e.name}`;
      const top = (e: Entry) => (report.language === "go" && e.owner && !e.owner.includes(".") ? `${e.owner}.${e.name}` : cpp && e.owner ? owned(e) : named(e));
      const keyOf = (e: Entry, prefix: string) => (!prefix ? top(e) : cpp && e.owner ? `${prefix}.${owned(e)}` : `${prefix}.${named(e)}`);
      const collect = (entries: Entry[] | undefined, prefix: string) => entries?.forEach((e) => (all.push({ q: keyOf(e, prefix), kind: e.kind }), collect(e.members, keyOf(e, prefix))));
      collect(report.api, "");
      collect(report.internal, "");
      const shared = sharedNames(all);
      // (An overload its parameter count tells apart keeps its uses under `q/N`: core/overloads.ts.)
      const suffix = new Map<string, string>();
      if (symbols) for (const [r, o] of recordOverloads(report.language ?? "", symbols)) suffix.set(`${r.startLine}\t${r.kind}\t${r.name}`, overloadSuffix(o.count));
      // (A Rust impl or Swift extension of a type in this file has that type's key: its usedBy is the type's, said once.)
      const typeKeys = new Set(all.filter((x) => !BLOCKS.has(x.kind)).map((x) => x.q));
      const cappedElsewhere: { name: string; files: string[] }[] = [];
      const keyed = (e: Entry, name: string) => useKey(name, e.kind, shared) + (suffix.get(`${e.startLine}\t${e.kind}\t${e.name}`) ?? "");
      // (Entries keyed alike — Rust's `#[cfg]` variants, serde's two `de::Error` traits — share one list: each says so.)
      const sharers = new Map<string, number>();
      const count = (entries: Entry[] | undefined, prefix: string): void => entries?.forEach((e) => {
        const name = keyOf(e, prefix);
        if (!BLOCKS.has(e.kind)) sharers.set(`${e.kind}\t${keyed(e, name)}`, (sharers.get(`${e.kind}\t${keyed(e, name)}`) ?? 0) + 1);
        count(e.members, name);
      });
      count(report.api, "");
      count(report.internal, "");
      const visit = (entries: Entry[] | undefined, prefix: string) => {
        for (const e of entries ?? []) {
          const name = keyOf(e, prefix);
          const q = keyed(e, name);
          const used = Object.hasOwn(rec.u, q) && !(BLOCKS.has(e.kind) && typeKeys.has(name)) ? rec.u[q] : undefined;
          if (used?.length && maxRefs > 0) {
            e.usedBy = listedUses(used.map(([file, symbol, line, relation, confidence]) => ({ file: pg.display(file), symbol, line, relation, confidence })), maxRefs);
            const refs = rec.uc[q] ?? used.length;
            // (A graph written before `ufc`: the files its kept uses name, at least.)
            // (And of a cut list, how many of the uses subclass or implement it: `extends`.)
            const xc = rec.xc && Object.hasOwn(rec.xc, q) ? rec.xc[q] : undefined;
            if (e.usedBy.length < refs) e.usedByTotal = { refs, files: rec.ufc?.[q] ?? new Set(used.map((t) => t[0])).size, ...(xc ? { extends: xc } : {}) };
            const others = (sharers.get(`${e.kind}\t${q}`) ?? 1) - 1;
            if (others > 0) e.usedByShared = others;
          }
          const capIn = rec.capIn && Object.hasOwn(rec.capIn, q) ? rec.capIn[q] : undefined;
          if (capIn?.length) cappedElsewhere.push({ name, files: capIn });
          const f = Object.hasOwn(rec.f, q) ? rec.f[q] : undefined;
          if (f !== undefined) {
            e.fanout = f;
            if (f >= opts.highFanout && !e.flags?.includes("high fanout")) e.flags = [...(e.flags ?? []), "high fanout"];
          }
          visit(e.members, name);
        }
      };
      visit(report.api, "");
      visit(report.internal, "");
      const total = Object.values(rec.uc).reduce((a, b) => a + b, 0);
      const capped = Object.entries(rec.uc).filter(([, n]) => n > maxRefs).length;
      // More asked for than the graph keeps: say it (the list stops at USAGES_KEPT, the totals do not).
      const overKept = maxRefs > USAGES_KEPT ? Object.values(rec.uc).filter((n) => n > USAGES_KEPT).length : 0;
      // A name this file uses on more lines than kept: its uses here may be more than listed (bufio.go's
      // `buf` in Reader's 40 methods left Writer's `buf` with none, reading as unused).
      if (rec.cap?.length) {
        const names = rec.cap.length > 6 ? `${rec.cap.slice(0, 6).join(", ")} and ${rec.cap.length - 6} more` : rec.cap.join(", ");
        warnings.push(`usedBy from this file itself may miss uses of ${names}: it names ${rec.cap.length === 1 ? "it" : "each"} on more than ${MAX_LINES_PER_NAME} lines, and the project graph keeps the first ${MAX_LINES_PER_NAME}`);
      }
      if (cappedElsewhere.length) warnings.push(cappedElsewhereWarning(cappedElsewhere, pg.display.bind(pg)));
      if (overKept) warnings.push(`maxRefsPerSymbol ${maxRefs}: the project graph keeps ${USAGES_KEPT} uses per symbol (one per using file first); ${overKept} symbol(s) here have more — usedByTotal gives their uses and files`);
      if (report.provenance && tooLarge) report.provenance.usedBy = "unavailable: the file is over the index size cap (not parsed into the project graph)";
      else if (report.provenance) {
        report.provenance.usedBy = `project graph (${meta.fileCount} files, built ${age(meta.builtAt)} ago${meta.gitHead ? ` at ${meta.gitHead.slice(0, 8)}` : ""}): ${total} usage(s) from syntax links (confidence per usage: exact, import, receiver-type, name-only; the first ${MAX_LINES_PER_NAME} lines naming a symbol in each file)${capped ? `; ${capped} symbol(s) show ${Math.min(maxRefs, USAGES_KEPT)} of more, one use per using file first, with usedByTotal (raise maxRefsPerSymbol / --max-refs, up to ${USAGES_KEPT})` : ""}`;
      }
      report.semantic = { source: "syntax+graph", references: "name-based project graph (not type-checked)", implementations: "unavailable" };
      if (opts.blastRadius) {
        const depth = Math.max(1, Math.min(opts.blastRadiusDepth ?? 3, 6));
        if ((opts.blastRadiusDepth ?? 3) > depth) warnings.push(`blast radius depth ${opts.blastRadiusDepth} lowered to ${depth}, the most it follows`);
        let blast: ModuleReport["blastRadius"];
        try {
          blast = blastRadius(pg, rel, depth);
        } catch (e) {
          if (!(e instanceof CorruptCache)) throw e;
          warnings.push(`blast radius unknown: project graph unreadable (${e.message}) — run \`pilens index\` to rebuild it`);
          if (report.provenance) report.provenance.blastRadius = "unavailable: project graph unreadable";
        }
        if (blast) report.blastRadius = blast;
        if (blast && report.provenance) report.provenance.blastRadius = `BFS over reverse import and reference edges of the project graph, depth ≤ ${depth}, ≤ ${BLAST_MAX_FILES} files (the most depended-on first within a depth; \`direct\` counts every dependent at depth 1)${tooLarge ? "; reference edges to this file unknown (over the index size cap): importers only" : ""}`;
      }
      if (warnings.length) report.warnings = [...(report.warnings ?? []), ...warnings];
    },
  };
}

/** Blocks adding to a type declared elsewhere (Rust's impl, Swift's extension): named as the type. */
const BLOCKS = new Set(["impl", "extension"]);

/**
 * Definitions another file names on more lines than the graph keeps: usedBy lists what the kept lines
 * link, so its uses there (and usedByTotal) may be more than shown.
 */
function cappedElsewhereWarning(list: { name: string; files: string[] }[], display: (rel: string) => string): string {
  const files = [...new Set(list.flatMap((x) => x.files))].sort();
  const names = list.length > 6 ? `${list.slice(0, 6).map((x) => x.name).join(", ")} and ${list.length - 6} more` : list.map((x) => x.name).join(", ");
  const where = files.length > 3 ? `${files.slice(0, 3).map(display).join(", ")} and ${files.length - 3} more file(s)` : files.map(display).join(", ");
  return `usedBy may miss uses of ${names} in ${where}: ${files.length === 1 ? "that file names" : "those files name"} ${list.length === 1 ? "it" : "them"} on more than ${MAX_LINES_PER_NAME} lines, and the project graph keeps the first ${MAX_LINES_PER_NAME} in each file`;
}

/** scope.ts `holds` from a graph's meta: a skipped folder it indexed as the project's only code, or one inside it. */
function heldBuildDir(meta: GraphMeta): (dirRel: string) => boolean {
  const dirs = builtOnlyDirs(meta.warnings);
  return (d) => dirs.some((b) => b === d || b.startsWith(`${d}/`) || d.startsWith(`${b}/`));
}

/** Is root-relative `rel` left out by `.pilensrc` `ignore` (itself or a folder above it), as the scan leaves it out? */
function ignoredByConfig(patterns: string[] | undefined, rel: string): boolean {
  if (!patterns?.length) return false;
  const rules = parseGitignore(patterns.join("\n"), "");
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) if (isIgnored(rules, parts.slice(0, i).join("/"), true)) return true;
  return isIgnored(rules, rel, false);
}
