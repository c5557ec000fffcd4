/**
 * Which uses of a symbol the graph keeps and a report lists when there are more than it can hold:
 * spread over the using files — one use per file before a second from the same file, files in the
 * order of their best use (confidence, relation, path) — so a cut list still names every using file
 * it can, and the true totals (uses and files) travel beside it (Entry.usedByTotal).
 */
import type { Entry } from "../types.js";
import type { UsageTuple } from "./types.js";

/**
 * `sorted` (best first) in rounds: each file's first use, then each file's second, … — at most `max`
 * (a report lists the first maxRefs of them: listedUses).
 * Returns the kept uses and the number of distinct files.
 */
export function spreadByFile(sorted: UsageTuple[], max: number): { kept: UsageTuple[]; files: number } {
  const byFile = new Map<string, UsageTuple[]>();
  for (const t of sorted) {
    const list = byFile.get(t[0]);
    if (list) list.push(t);
    else byFile.set(t[0], [t]);
  }
  if (byFile.size === 1) return { kept: sorted.length > max ? sorted.slice(0, max) : sorted, files: 1 };
  const kept: UsageTuple[] = [];
  const lists = [...byFile.values()];
  for (let round = 0; kept.length < max; round++) {
    let any = false;
    for (const list of lists) {
      if (round >= list.length) continue;
      any = true;
      kept.push(list[round]!);
      if (kept.length >= max) break;
    }
    if (!any) break;
  }
  return { kept, files: byFile.size };
}

/**
 * The first `max` of a symbol's kept uses (in spread order), listed grouped by file: the files in the
 * order they first appear, each file's uses in the order kept.
 */
export function listedUses<T extends { file: string }>(kept: T[], max: number): T[] {
  const shown = kept.slice(0, max);
  const rank = new Map<string, number>();
  for (const u of shown) if (!rank.has(u.file)) rank.set(u.file, rank.size);
  return shown.map((u, i) => [u, i] as const).sort((a, b) => rank.get(a[0].file)! - rank.get(b[0].file)! || a[1] - b[1]).map(([u]) => u);
}

/**
 * The names compact gives using files: the shortest path suffix (whole segments) unique among `paths`
 * and `others` (the report's own file: `b/index.ts` must not read as the file itself) —
 * `src/a/index.ts, src/b/index.ts` → `a/index.ts, b/index.ts`; a lone `src/x/y.ts` → `y.ts`.
 */
export function shortNames(paths: string[], others: string[] = []): Map<string, string> {
  const all = [...new Set([...paths, ...others])];
  const split = new Map(all.map((p) => [p, p.split("/")]));
  const out = new Map<string, string>();
  for (const p of new Set(paths)) {
    const parts = split.get(p)!;
    let n = 1;
    for (; n < parts.length; n++) {
      const tail = parts.slice(-n).join("/");
      if (!all.some((q) => q !== p && endsWithSegments(split.get(q)!, tail))) break;
    }
    out.set(p, parts.slice(-n).join("/"));
  }
  return out;
}

function endsWithSegments(parts: string[], tail: string): boolean {
  const t = tail.split("/");
  if (t.length > parts.length) return false;
  return t.every((s, i) => parts[parts.length - t.length + i] === s);
}

/**
 * The `extended by …` tag's text in compact: the subclasses and implementers among the listed uses, by
 * symbol (`extended by Square, Circle`), and how many more a cut list leaves out (usedByTotal.extends:
 * `extended by 9: Square, Circle, Dot +6`); undefined when no use is an `extends`. `named`: those it names
 * or counts that `self` (the report's own file) declares — the `used by` tag names them no second time.
 */
export function extendedByText(e: Pick<Entry, "usedBy" | "usedByTotal">, self?: string): { text: string; named: Set<string> } | undefined {
  // (One per using symbol and file: two files' `class Impl implements X` are two.)
  const subs = [...new Map((e.usedBy ?? []).filter((u) => u.relation === "extends").map((u) => [`${u.file}\u0000${u.symbol}`, u])).values()];
  const total = Math.max(e.usedByTotal?.extends ?? 0, subs.length);
  if (!total) return undefined;
  const shown = subs.slice(0, 3);
  const named = new Set(subs.filter((u) => u.file === self).map((u) => u.symbol));
  if (!shown.length) return { text: `extended by ${total}`, named };
  const names = shown.map((u) => u.symbol).join(", ");
  return { text: `extended by ${total > subs.length ? `${total}: ` : ""}${names}${total > shown.length ? ` +${total - shown.length}` : ""}`, named };
}

/**
 * The `used by …` tag's text in compact (renderers/compact-rows.ts tags); `named`: symbols of the file
 * itself another tag named (`extended by`), not listed again — undefined when that leaves a complete list
 * nothing to say.
 */
export function usedByText(e: Pick<Entry, "usedBy" | "usedByTotal" | "usedByShared">, self?: string, named: ReadonlySet<string> = new Set()): string | undefined {
  const text = usedByList(e, self, named);
  // (A list same-named entries share — Rust's `#[cfg]` variants —: the name's uses, not this one's alone.)
  return text && e.usedByShared ? text.replace(/^used by/, `used (with ${e.usedByShared} same-named) by`) : text;
}

function usedByList(e: Pick<Entry, "usedBy" | "usedByTotal">, self?: string, named: ReadonlySet<string> = new Set()): string | undefined {
  const used = e.usedBy ?? [];
  // Who uses it: in this file by symbol (its own name said nothing: `[used by timestamp.ts]` on most
  // rows of timestamp.ts), elsewhere by file (the json view has each use's symbol, line, relation).
  const mine = self === undefined ? [] : [...new Set(used.filter((u) => u.file === self).map((u) => u.symbol))];
  const here = mine.filter((s) => !named.has(s));
  const paths = [...new Set(used.filter((u) => self === undefined || u.file !== self).map((u) => u.file))];
  const names = shortNames(paths, self === undefined ? [] : [self]);
  const users = [...here, ...paths.map((p) => names.get(p)!)];
  const shown = users.slice(0, 3);
  const total = e.usedByTotal;
  if (!total) return users.length ? `used by ${shown.join(", ")}${users.length > 3 ? ` +${users.length - 3}` : ""}` : undefined;
  // A cut list: the true totals, and how many using files are not named (the file itself counts once,
  // named here or by the other tag).
  const listed = new Set<string>(paths.slice(0, Math.max(0, 3 - here.length)));
  if (mine.length && self !== undefined) listed.add(self);
  const rest = total.files - listed.size;
  return `used by ${total.refs} in ${total.files} file${total.files === 1 ? "" : "s"}${shown.length ? `: ${shown.join(", ")}` : ""}${rest > 0 ? ` +${rest}` : ""}`;
}

/**
 * The entries (members included) used from another file than `self` whose uses a view left out —
 * `shown(e)` false — and the most used of them (by total uses), for the trimmed line: `usages of 12
 * symbols left out: --focus transact`. (Uses within the file alone are the file's own business: on
 * zod's 332 files counting them too doubled the line's cost, mostly locale files' one `error` helper.)
 */
export function elidedUsages(entries: Entry[] | undefined, self: string | undefined, shown: (e: Entry) => boolean, out = { count: 0, top: undefined as Entry | undefined, topRefs: 0 }) {
  for (const e of entries ?? []) {
    const elsewhere = (e.usedByTotal?.files ?? 0) > 1 || !!e.usedBy?.some((u) => u.file !== self);
    if (elsewhere && !shown(e)) {
      out.count++;
      const refs = e.usedByTotal?.refs ?? e.usedBy!.length;
      if (refs > out.topRefs) (out.top = e), (out.topRefs = refs);
    }
    elidedUsages(e.members, self, shown, out);
  }
  return out;
}
