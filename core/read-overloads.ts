/** read_symbol and overloads: a group of overload signatures, and the signatures before an implementation. */
import type { Candidate } from "./read-symbol.js";
import { readStart } from "./symbol-text.js";

/** Same-named stubs, each within 3 lines of the last one's end (docs between): the group's end and size. */
export function overloadGroup(hits: Candidate[]): { endLine: number; count: number } | undefined {
  if (hits.length < 2 || !hits.every((h) => h.stub && h.aliasOf === hits[0]!.aliasOf && h.qualified === hits[0]!.qualified)) return undefined;
  const sorted = inLineOrder(hits);
  if (sorted[0] !== hits[0] || !adjacent(sorted)) return undefined;
  return { endLine: sorted[sorted.length - 1]!.endLine, count: sorted.length };
}

/**
 * An implementation (`hit`) whose every other hit is an overload signature of it just before it (each
 * within 3 lines of the next): where the first one's read starts (its doc: puppeteer documents
 * `Page.screenshot` above its first overload) and how many there are. Undefined otherwise.
 */
export function leadingOverloads(hits: Candidate[], hit: Candidate): { startLine: number; count: number } | undefined {
  if (hits.length < 2 || hit.stub) return undefined;
  const others = hits.filter((h) => h !== hit);
  if (!others.every((h) => h.stub && h.aliasOf === hit.aliasOf && h.qualified === hit.qualified && h.endLine < hit.startLine)) return undefined;
  const sorted = inLineOrder(hits);
  return adjacent(sorted) ? { startLine: readStart(sorted[0]!), count: others.length } : undefined;
}

const inLineOrder = (hits: Candidate[]) => [...hits].sort((x, y) => x.startLine - y.startLine);

/** Each (its doc included) within 3 lines of the end of the one before. */
function adjacent(sorted: Candidate[]): boolean {
  for (let i = 1; i < sorted.length; i++) if (readStart(sorted[i]!) > sorted[i - 1]!.endLine + 3) return false;
  return true;
}

const ACCESSOR = /^(?:(?:static|public|protected|private|override|abstract|declare)\s+)*([gs]et)\s/;

/**
 * A getter and its setter (`get value()` / `set value(v)`, with bodies or as .d.ts signatures; Python's
 * `@property` with its `@x.setter`, and `@x.deleter`), next to each other: one read of both — they are one property to a caller (they had read as two symbols, or as
 * "overload signatures"). The pair's start and end; undefined otherwise.
 */
export function accessorPair(hits: Candidate[]): { startLine: number; endLine: number } | undefined {
  if (hits.length < 2 || hits.length > 3 || hits.some((h) => h.qualified !== hits[0]!.qualified || h.aliasOf !== hits[0]!.aliasOf)) return undefined;
  const sorted = inLineOrder(hits);
  const roles = sorted.map((h) => h.role ?? ACCESSOR.exec(h.signature ?? "")?.[1]).sort().join();
  return (roles === "get,set" || roles === "del,get,set") && adjacent(sorted) ? { startLine: readStart(sorted[0]!), endLine: sorted[sorted.length - 1]!.endLine } : undefined;
}

/**
 * Hits as the candidates they are to a reader: a run of overload signatures of one callable, with the
 * implementation right after them, is one (each within 3 lines of the one before; the implementation
 * last). In the hits' order, by each group's first hit. `read maybe.ts of` had said "8 symbols match of"
 * and listed `MaybeImpl.of@117/@118/@119/@122` as four symbols.
 */
export function overloadRuns(hits: Candidate[]): Candidate[][] {
  const key = (h: Candidate) => `${h.qualified}\u0000${h.kind}\u0000${h.aliasOf ?? ""}`;
  const runs = new Map<Candidate, Candidate[]>();
  const byKey = new Map<string, Candidate[]>();
  for (const h of hits) byKey.set(key(h), [...(byKey.get(key(h)) ?? []), h]);
  for (const same of byKey.values()) {
    let run: Candidate[] = [];
    for (const h of inLineOrder(same)) {
      const last = run[run.length - 1];
      if (last && last.stub && adjacent([last, h])) run.push(h);
      else run = [h];
      runs.set(h, run);
    }
  }
  const out: Candidate[][] = [];
  for (const h of hits) if (!out.includes(runs.get(h)!)) out.push(runs.get(h)!);
  return out;
}
