/**
 * blastRadius: which files may break if this one changes — breadth-first over reverse import and
 * reference edges, nearest first, at most BLAST_MAX_FILES files, each with a read handle on the line
 * that uses the file it was reached from. Within a depth the surest relation comes first — an importer,
 * then a file whose uses are linked, then one whose every use is a name-only link (npm arborist's
 * lib/index.js, `module.exports.Edge = require('./edge.js')`, had been cut from edge.js's twelve by
 * files that only share its members' names) — and then the files with the most dependents of their
 * own (a cut list keeps the files whose change spreads furthest, not the first by name), and
 * `direct` counts every file depending on this one, listed or not: `12 of 167 direct dependents shown`.
 * A file's relations are to the file it was first reached from (`imports`, `references`, or
 * `references (name-only)` when every use kept is a name-only link, no import behind it), and `extends`
 * beside them when a use kept names one of its types as a supertype (a subclass, an implementer).
 */
import type { ModuleReport } from "../types.js";
import type { ProjectGraph } from "./project.js";
import { checkedRefs } from "./refs-shape.js";

export const BLAST_MAX_FILES = 12;
/**
 * A dependent's surest relation, lowest first: it imports the file, it uses its names (linked), it only shares their names.
 * (`extends` says what kind of use, not how sure: it always stands beside one of those, and ranks after them.)
 */
const RELATION_RANK: Record<string, number> = { imports: 0, references: 1, "references (name-only)": 2, extends: 3 };
const strength = (relations: Set<string>): number => Math.min(...[...relations].map((r) => RELATION_RANK[r] ?? 1));
/** Above this many candidates at one depth, they are taken in path order (ranking them reads their records). */
const RANK_MAX = 400;
const READ_LINES = 40;

/** Throws CorruptCache for a record of a bad shape (refs-shape.ts: its shard dropped for the next index to write again). */
export function blastRadius(pg: ProjectGraph, rel: string, maxDepth: number): NonNullable<ModuleReport["blastRadius"]> {
  type Item = { rel: string; minDepth: number; relations: Set<string>; line: number; dependents: number };
  const found = new Map<string, Item>();
  const meta = pg.committedMeta();
  const refsOf = (f: string) => (meta ? checkedRefs(pg.refsOf(f), f, meta, pg.store.dir) : pg.refsOf(f));
  const dependentsOf = (f: string): number => {
    const rec = refsOf(f);
    return rec ? new Set([...rec.imp, ...rec.ref]).size : 0;
  };
  let truncated = false;
  let direct = 0;
  let level = [rel];
  for (let depth = 0; depth < maxDepth && level.length; depth++) {
    const next = new Map<string, Item>();
    for (const cur of level) {
      const rec = refsOf(cur);
      if (!rec) continue;
      const firstUse = new Map<string, number>();
      // Files whose every kept use is a name-only link (no import behind it): said so, as usedBy says it.
      const linked = new Set<string>();
      const nameOnly = new Set<string>();
      // (Files that subclass or implement one of its types.)
      const extenders = new Set<string>();
      for (const list of Object.values(rec.u)) {
        for (const [f, , line, relation, confidence] of list) {
          if (!firstUse.has(f) || line < firstUse.get(f)!) firstUse.set(f, line);
          (confidence === "name-only" ? nameOnly : linked).add(f);
          if (relation === "extends") extenders.add(f);
        }
      }
      const refRelation = (f: string) => (nameOnly.has(f) && !linked.has(f) ? "references (name-only)" : "references");
      const deps: [string, string][] = [...rec.imp.map((f): [string, string] => [f, "imports"]), ...rec.ref.map((f): [string, string] => [f, refRelation(f)])];
      for (const [f, relation] of deps) {
        if (f === rel) continue;
        // (A file found at an earlier depth keeps its relations to the file it was reached from.)
        if (found.has(f)) continue;
        const have = next.get(f);
        if (have) have.relations.add(relation);
        else next.set(f, { rel: f, minDepth: depth + 1, relations: new Set([relation]), line: firstUse.get(f) ?? 1, dependents: 0 });
        if (extenders.has(f)) next.get(f)!.relations.add("extends");
      }
    }
    if (depth === 0) direct = next.size;
    const items = [...next.values()];
    if (items.length <= RANK_MAX) {
      for (const it of items) it.dependents = dependentsOf(it.rel);
      items.sort((a, b) => strength(a.relations) - strength(b.relations) || b.dependents - a.dependents || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    } else items.sort((a, b) => strength(a.relations) - strength(b.relations) || (a.rel < b.rel ? -1 : 1));
    level = [];
    for (const it of items) {
      if (found.size >= BLAST_MAX_FILES) {
        truncated = true;
        break;
      }
      found.set(it.rel, it);
      level.push(it.rel);
    }
  }
  const files = [...found.values()].map((it) => {
    const path = pg.display(it.rel);
    return {
      file: path,
      dependents: it.dependents || dependentsOf(it.rel),
      minDepth: it.minDepth,
      relations: [...it.relations],
      read: { path, offset: Math.max(1, it.line - 5), limit: READ_LINES },
    };
  });
  return { truncated, maxDepth, direct, files };
}
