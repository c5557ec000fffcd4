/**
 * The project graph model's small pure helpers (model.ts): definition names for change detection, the
 * order of a target's uses, link comparison, and the name-set maps.
 */
import type { Link } from "./link.js";
import { DEF_REEXPORT, RELATION_RANK, type Def, type FileEntry, type UsageTuple } from "./types.js";
import { TYPE_KINDS } from "./util.js";
import { sharedNames } from "../use-key.js";
import { fileLocal, fileScope, functionLocal, visibleAcross } from "./visibility.js";

/** A file's links grouped by target, each group as one comparable string (order kept). */
export function linksByTarget(links: Link[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of links) out.set(l.tgt, `${out.get(l.tgt) ?? ""}${l.q}\u0000${l.line}\u0000${l.sym}\u0000${l.relation}\u0000${l.conf}\n`);
  return out;
}

export function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}

const CONF_RANK: Record<string, number> = { import: 0, "receiver-type": 1, exact: 2, "name-only": 3 };

/** Surer links first; within a confidence a supertype's use, then calls, mentions, imports (RELATION_RANK); then by path and line. */
export function usageOrder(a: UsageTuple, b: UsageTuple): number {
  return (CONF_RANK[a[4]] ?? 9) - (CONF_RANK[b[4]] ?? 9) || (RELATION_RANK[a[3]] ?? 9) - (RELATION_RANK[b[3]] ?? 9) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2]);
}

export const BARREL_NAME = /(^|\/)(index\.[cm]?[jt]sx?|__init__\.py|mod\.rs)$/;

/**
 * `t:name` for exported top-level definitions, `m:name` for members, `l:name` for members only their file
 * names (Swift's `private`: one made `internal` changes the names, and files using it are linked again).
 */
export function defNames(e: FileEntry | undefined): Set<string> {
  const out = new Set<string>();
  if (!e) return out;
  e.d.forEach((d, i) => {
    if (fileScope(e.d, i, e.l)) {
      if (visibleAcross(e.d, i, e.l)) out.add(`t:${d[0]}`);
    } else if (!functionLocal(e.d, i)) out.add(`${fileLocal(d) ? "l" : "m"}:${d[0]}`);
  });
  return out;
}

/** Whether newline-joined `joined` has `name` as one of its lines. */
export function hasLine(joined: string, name: string): boolean {
  if (!name) return false;
  for (let at = joined.indexOf(name); at >= 0; at = joined.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at === 0 || joined.charCodeAt(at - 1) === 10) && (end === joined.length || joined.charCodeAt(end) === 10)) return true;
  }
  return false;
}

export function addTo(m: Map<string, Set<string>>, k: string, v: string): void {
  let s = m.get(k);
  if (!s) m.set(k, (s = new Set()));
  s.add(v);
}

export function removeFrom(m: Map<string, Set<string>>, k: string, v: string): void {
  const s = m.get(k);
  if (!s) return;
  s.delete(v);
  if (!s.size) m.delete(k);
}

/** A file's sharedNames (use-key.ts), per definitions array (a changed file has a new one). */
const shared = new WeakMap<Def[], Set<string>>();
export function sharedOf(d: Def[]): Set<string> {
  let s = shared.get(d);
  if (!s) shared.set(d, (s = sharedNames(d.map((x) => ({ q: x[1], kind: x[2] })))));
  return s;
}

/** The innermost type-like declaration at or around `j` (an index into `d`: a member's, a type's), else `j`. */
export function typeAround(d: Def[], j: number): number {
  for (let t = j; t >= 0; t = d[t]![6]) if (TYPE_KINDS.has(d[t]![2])) return t;
  return j;
}

/**
 * The re-export entry named `name` on `line` (`export { A, B, C } from "./x"` is three of one line), if any: its
 * use of A is A's own entry's — the line's innermost declaration, its last, had taken them all (gaxios'
 * index.d.ts: GaxiosError and GaxiosResponse "used by RetryConfig").
 */
export function ownReexport(d: Def[], line: number, name: string | undefined): number | undefined {
  if (name === undefined) return undefined;
  const i = d.findIndex((x) => x[3] === line && x[0] === name && x[5] & DEF_REEXPORT);
  return i >= 0 ? i : undefined;
}
