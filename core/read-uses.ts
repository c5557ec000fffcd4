/**
 * Who uses the symbol read_symbol found, from the project graph: "who calls it" is the next question after
 * reading a function, and had taken a json module_report of the whole file (3–12k tokens on Python's
 * zipfile). The read's text gains one line — the uses' total, then the first few by `file:line symbol`
 * (read_enclosing takes those positions) — and the structured result `usedBy` / `usedByTotal`, as a
 * report's entry has them. Only where the graph is built and knows uses; never fails the read.
 */
import type { Hooks } from "./hooks.js";
import type { FileAnalysis } from "./pipeline.js";
import type { ProjectGraph } from "./graph/project.js";
import { buildReport } from "./report.js";
import { recordOverloads } from "./overloads.js";
import type { EngineSettings, Entry, ReadSymbolResult } from "./types.js";

/** Uses a read's text names (the structured result keeps the graph's list: maxRefsPerSymbol). */
const SHOWN = 5;

/** Adds the uses of the symbol at `hit`'s range to `r` (found), when the project graph knows them. */
export async function addUses(r: ReadSymbolResult, hit: { name: string; startLine: number; endLine: number } | undefined, a: FileAnalysis, hooks: Hooks, project: () => Promise<ProjectGraph>, settings: EngineSettings): Promise<void> {
  if (!r.found || !hit) return;
  try {
    const pg = await project();
    if (!pg.committedMeta()) return;
    const graph = pg.forReport(a.path, { highFanout: settings.highFanout, defaultMaxRefs: settings.maxRefsPerSymbol });
    const report = buildReport(hooks, a, {}, undefined, graph.usage);
    graph.apply(report, a.symbols);
    const owners: Entry[] = [];
    const e = find([...(report.api ?? []), ...(report.internal ?? [])], hit, owners);
    // A constructor: the graph keeps `new Pool(…)` as the class's use — those calls, said so (the read
    // had said nothing, as for a constructor nobody calls). Its own uses, where it has some, come first.
    const owner = owners[owners.length - 1];
    if (e?.kind === "constructor" && !e.usedBy?.length && owner) {
      const calls = (owner.usedBy ?? []).filter((u) => u.relation === "call");
      if (!calls.length) return;
      r.usedBy = calls;
      r.usedByOf = "class";
      // (A cut list of the class's uses — the totals count its references too: the class's, said so.)
      if (owner.usedByTotal) r.usedByTotal = owner.usedByTotal;
      return;
    }
    if (!e?.usedBy?.length) return;
    r.usedBy = e.usedBy;
    if (e.usedByTotal) r.usedByTotal = e.usedByTotal;
    // (Overloads whose calls are not told apart share one list: said, once — core/overloads.ts.)
    for (const [rec, o] of recordOverloads(a.language, a.symbols)) if (o.sharedWith && rec.startLine === e.startLine && rec.name === e.name && rec.kind === e.kind) r.usedByShared = o.sharedWith;
    // (Else same-named entries the report says share the list — Rust's `#[cfg]` variants.)
    if (!r.usedByShared && e.usedByShared) (r.usedByShared = e.usedByShared), (r.usedBySharedAs = "namesakes");
  } catch {
    // (The read is the answer; a graph that cannot say is no error of it.)
  }
}

function find(entries: Entry[], hit: { name: string; startLine: number; endLine: number }, owners: Entry[]): Entry | undefined {
  for (const e of entries) {
    // (A JavaScript `#x` is read as `#x`, listed as `x`: use-key.ts spelledName.)
    if (e.startLine === hit.startLine && e.endLine === hit.endLine && (e.name === hit.name || `#${e.name}` === hit.name)) return e;
    if (e.startLine <= hit.startLine && hit.endLine <= e.endLine) {
      owners.push(e);
      const m = find(e.members ?? [], hit, owners);
      if (m) return m;
      owners.pop();
    }
  }
  return undefined;
}

/** The text line: `used by 12 in 5 files (1 extends): src/a.ts:34 handle, src/b.ts:10 Bar.baz, src/c.ts:3 Sub (extends), … +7` (a subclass or implementer said so). */
export function usesLine(r: Pick<ReadSymbolResult, "usedBy" | "usedByTotal" | "usedByOf" | "usedByShared" | "usedBySharedAs">): string | undefined {
  const used = r.usedBy ?? [];
  if (!used.length) return undefined;
  if (r.usedByOf === "class") {
    const files = new Set(used.map((u) => u.file)).size;
    const shown = used.slice(0, SHOWN).map((u) => `${u.file}:${u.line} ${u.symbol}`);
    const cut = r.usedByTotal ? ` — listed among the class's ${r.usedByTotal.refs} uses in ${r.usedByTotal.files} files, more may be left out` : "";
    return `constructed by ${used.length} in ${files} file${files === 1 ? "" : "s"} (calls of its class, any of its constructors${cut}): ${shown.join(", ")}${used.length > shown.length ? ` +${used.length - shown.length}` : ""}`;
  }
  const refs = r.usedByTotal?.refs ?? used.length;
  const files = r.usedByTotal?.files ?? new Set(used.map((u) => u.file)).size;
  const shown = used.slice(0, SHOWN).map((u) => `${u.file}:${u.line} ${u.symbol}${u.relation === "extends" ? " (extends)" : ""}`);
  // (How many of the uses subclass or implement it, where any do: `(3 extends)`.)
  const ext = r.usedByTotal?.extends ?? used.filter((u) => u.relation === "extends").length;
  const others = r.usedBySharedAs === "namesakes" ? ["a same-named declaration's uses", "same-named declarations' uses", "uses not told apart"] : ["another overload's uses", "other overloads' uses", "calls not told apart"];
  const shared = r.usedByShared ? `, with ${r.usedByShared === 1 ? others[0] : `${r.usedByShared} ${others[1]}`} (${others[2]})` : "";
  return `used by ${refs} in ${files} file${files === 1 ? "" : "s"}${ext ? ` (${ext} extends)` : ""}${shared}: ${shown.join(", ")}${refs > shown.length ? ` +${refs - shown.length}` : ""}`;
}
