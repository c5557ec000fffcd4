/**
 * blastRadius: which files may break if this one changes — breadth-first over reverse import and
 * reference edges, nearest first, at most 12 files, each with a read handle on the line that uses
 * the file it was reached from.
 */
import type { ModuleReport } from "../types.js";
import type { ProjectGraph } from "./project.js";

export const BLAST_MAX_FILES = 12;
const READ_LINES = 40;

export function blastRadius(pg: ProjectGraph, rel: string, maxDepth: number): NonNullable<ModuleReport["blastRadius"]> {
  type Item = { rel: string; minDepth: number; relations: Set<string>; line: number };
  const found = new Map<string, Item>();
  const queue: { rel: string; depth: number }[] = [{ rel, depth: 0 }];
  let truncated = false;
  while (queue.length) {
    const { rel: cur, depth } = queue.shift()!;
    if (depth >= maxDepth) continue;
    const rec = pg.refsOf(cur);
    if (!rec) continue;
    const firstUse = new Map<string, number>();
    for (const list of Object.values(rec.u)) for (const [f, , line] of list) if (!firstUse.has(f) || line < firstUse.get(f)!) firstUse.set(f, line);
    const deps: [string, string][] = [...rec.imp.map((f): [string, string] => [f, "imports"]), ...rec.ref.map((f): [string, string] => [f, "references"])];
    for (const [f, relation] of deps) {
      if (f === rel) continue;
      const have = found.get(f);
      if (have) {
        have.relations.add(relation);
        continue;
      }
      if (found.size >= BLAST_MAX_FILES) {
        truncated = true;
        continue;
      }
      found.set(f, { rel: f, minDepth: depth + 1, relations: new Set([relation]), line: firstUse.get(f) ?? 1 });
      queue.push({ rel: f, depth: depth + 1 });
    }
  }
  const files = [...found.values()].map((it) => {
    const rec = pg.refsOf(it.rel);
    const path = pg.display(it.rel);
    return {
      file: path,
      dependents: rec ? new Set([...rec.imp, ...rec.ref]).size : 0,
      minDepth: it.minDepth,
      relations: [...it.relations],
      read: { path, offset: Math.max(1, it.line - 5), limit: READ_LINES },
    };
  });
  return { truncated, maxDepth, files };
}
