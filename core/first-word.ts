/**
 * Names folded by their first word, for a dense file whose names alone are far over a view's budget
 * (headers of thousands of `#define`s, generated constant tables): `GL_*×790` instead of 790 names.
 * The compact view's name rows, the summary's name groups and the map read tier use it.
 */
import { estimateViewTokens } from "./view/tokens.js";

/** What the fold reads of an entry or a symbol record. */
export interface Named {
  name: string;
  exported?: boolean;
  signature?: string;
}

/**
 * How far over its budget a view's floor must be, and how many top-level data names the file must
 * have, before data names fold by first word: a barrel's or an index's few dozen exports (`isAlias`,
 * `isDocument`, …) are its content and stay named.
 */
const SQUEEZE_OVER = 2;
const SQUEEZE_MIN_NAMES = 100;

/** A first word shared by at least this many data names is said once, with their count. */
const MIN_SQUEEZED = 5;

/**
 * A data name's first word, through its first `_` (`GL_`, `RR_`, `__PTHREAD_`) — how C and constant
 * tables namespace their names; camelCase names have none (an exported `ConverseRequest$` is API and
 * stays named). An internal name of leading underscores and no `_` after (a generated table's `_A`,
 * `_ADE`, …) has them as its word.
 */
function firstWord(e: Named): string | undefined {
  const w = /^_*[A-Za-z0-9]+?_(?=\w)/.exec(e.name)?.[0];
  if (w) return w;
  return e.exported ? undefined : /^_+(?=\w)/.exec(e.name)?.[0];
}

/** What a view takes for a data leaf (a constant, a value macro: compact-rows.ts `isDataLeaf`). */
export type IsData<T extends Named> = (e: T) => boolean;

/** A name the fold may take: a data leaf, not a re-export (a barrel's content). */
function foldable<T extends Named>(e: T, isData: IsData<T>): boolean {
  return isData(e) && !e.signature?.startsWith("export {");
}

/**
 * A view's text for a detail plan: `render()`, or `render(counter)` with its data names folded when the
 * plan is the floor, that floor is over SQUEEZE_OVER times the budget and the file has SQUEEZE_MIN_NAMES
 * top-level data names (`dataNames`; 0 opts out) — the fold kept only when it folded something.
 */
export function foldedIfDense(plan: { floor?: boolean; full: boolean }, budget: number, dataNames: number, render: (squeezed?: { names: number }) => string): string {
  const text = render();
  if (!plan.floor || plan.full || dataNames < SQUEEZE_MIN_NAMES || estimateViewTokens(text) <= budget * SQUEEZE_OVER) return text;
  const squeezed = { names: 0 };
  const lean = render(squeezed);
  return squeezed.names ? lean : text;
}

/** The file's top-level data names, against SQUEEZE_MIN_NAMES. */
export function topLevelDataNames<T extends Named>(r: { api?: T[]; internal?: T[] }, isData: IsData<T>): number {
  return [...(r.api ?? []), ...(r.internal ?? [])].filter((e) => foldable(e, isData)).length;
}

/**
 * For each of `entries` (in order) that folds: its label — `GL_*×790` on the first of its first word,
 * `GLAPI×4` on the first of a name defined again — or null (said by an earlier label: leave it out).
 * Entries absent from the map keep their names. `squeezed.names` counts the names folded into labels.
 */
export function firstWordLabels<T extends Named>(entries: T[], squeezed: { names: number }, isData: IsData<T>): Map<T, string | null> {
  const words = new Map<string, number>();
  const same = new Map<string, number>();
  const capsWord = capsPrefixes(entries.filter((e) => foldable(e, isData) && !firstWord(e)).map((e) => e.name));
  const wordOf = (e: T) => firstWord(e) ?? capsWord.get(e.name);
  for (const e of entries) {
    if (!foldable(e, isData)) continue;
    const w = wordOf(e);
    if (w) words.set(w, (words.get(w) ?? 0) + 1);
    same.set(e.name, (same.get(e.name) ?? 0) + 1);
  }
  const out = new Map<T, string | null>();
  const said = new Set<string>();
  for (const e of entries) {
    if (!foldable(e, isData)) continue;
    const w = wordOf(e);
    const byWord = w !== undefined && words.get(w)! >= MIN_SQUEEZED;
    const key = byWord ? `${w}*` : e.name;
    const n = byWord ? words.get(w)! : same.get(e.name)!;
    if (n < 2) continue;
    if (said.has(key)) {
      out.set(e, null);
      continue;
    }
    said.add(key);
    squeezed.names += n;
    out.set(e, `${key}×${n}`);
  }
  return out;
}

/** An upper-case name with no `_` to give it a first word (GL's `PFNGLDRAWRANGEELEMENTSPROC`). */
const CAPS_NAME = /^[A-Z][A-Z0-9]{7,}$/;

/**
 * The first word of upper-case names with no `_`: the prefix a group of them sharing their first three letters
 * has in common (`PFNGL` of GL's 2,650 `PFNGL…PROC` function-pointer types), for groups of MIN_SQUEEZED or more.
 */
function capsPrefixes(names: string[]): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const n of names) {
    if (!CAPS_NAME.test(n)) continue;
    const list = groups.get(n.slice(0, 3));
    if (list) list.push(n);
    else groups.set(n.slice(0, 3), [n]);
  }
  const out = new Map<string, string>();
  for (const list of groups.values()) {
    if (list.length < MIN_SQUEEZED) continue;
    let prefix = list[0]!;
    for (const n of list) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
    for (const n of list) out.set(n, prefix);
  }
  return out;
}
