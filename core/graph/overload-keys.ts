/**
 * The graph's side of core/overloads.ts: a file's overloads told apart by their parameter counts
 * (FileEntry.ov), the keys a use of one is kept under (link.ts record), and what a changed file's
 * overloads change (model.ts setFile relinks the files naming them).
 */
import { overloadSuffix, useKeys } from "../overloads.js";
import type { Def, FileEntry } from "./types.js";

/** Per definitions array (a changed file has a new one): def index → count, and qualified name → the group's counts. */
const cache = new WeakMap<Def[], { count: Map<number, number>; group: Map<string, number[]> }>();

function indexOf(e: Pick<FileEntry, "d" | "ov">): { count: Map<number, number>; group: Map<string, number[]> } {
  let x = cache.get(e.d);
  if (x) return x;
  x = { count: new Map(), group: new Map() };
  const ov = e.ov ?? [];
  for (let k = 0; k + 1 < ov.length; k += 2) {
    const i = ov[k]!;
    const n = ov[k + 1]!;
    const q = e.d[i]?.[1];
    if (q === undefined) continue;
    x.count.set(i, n);
    const g = x.group.get(q);
    if (g) g.push(n);
    else x.group.set(q, [n]);
  }
  cache.set(e.d, x);
  return x;
}

/** The keys a use of definition `i` (use key `base`) by a call of `arity` arguments (-1: unknown or no call) is kept under. */
export function overloadUseKeys(e: Pick<FileEntry, "d" | "ov">, i: number, base: string, arity: number): string[] {
  if (!e.ov?.length) return [base];
  const x = indexOf(e);
  const group = x.count.has(i) ? x.group.get(e.d[i]![1]) : undefined;
  return group ? useKeys(base, group, arity) : [base];
}

/** Definition `i`'s own key (its uses' list): `base/N` for a told-apart overload. */
export function ownUseKey(e: Pick<FileEntry, "d" | "ov">, i: number, base: string): string {
  return e.ov?.length ? base + overloadSuffix(indexOf(e).count.get(i)) : base;
}

/** `name\tcounts` per overload group: a file whose set changes makes the files naming them relink. */
export function overloadSignatures(e: Pick<FileEntry, "d" | "ov"> | undefined): Set<string> {
  const out = new Set<string>();
  if (!e?.ov?.length) return out;
  for (const [q, counts] of indexOf(e).group) out.add(`${q.slice(q.lastIndexOf(".") + 1)}\t${q}\t${counts.join(",")}`);
  return out;
}
