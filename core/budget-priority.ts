/**
 * Upgrade priorities for core/budget.ts's planner: which detail of a budgeted view is taken first.
 *
 * Focus matches (+200) and recommended reads (+150) first, then exported top-level entries (100),
 * internal ones (70), then members (15 below their container; private and data members lower); usage
 * and risk flags raise an entry. Two exceptions keep a file's API ahead of its inner workings:
 *
 * - A recommended function's boost stays with it: its members are its locals (a method's closures,
 *   `task = ()` inside `release()`), which rank as the members of an unrecommended one would.
 * - The file's main container (mainContainers) has its members' names listed before any recommended
 *   row, and whatever the budget when they are few: `class Shell {8 members}` and `fn semaphore
 *   {3 fns}` had named none of the methods that are the file's API, while two local closures inside
 *   GitHub.js's `release()` got rows. First only while they leave room for the rows of its
 *   recommended members (core/budget.ts `reserve`), else right after those rows: npm-cli QA's 36-method
 *   `Finder` had, at a budget just big enough for its names, lost the recommended rows a smaller budget
 *   showed.
 */
import type { Entry, RecommendedRead } from "./types.js";

/** Kinds that hold a value rather than code: renderers list bare ones by name (compact rows, json `memberNames`). */
export const VALUE_KINDS: ReadonlySet<string> = new Set(["property", "field", "constant", "variable"]);
const DATA_KINDS = new Set([...VALUE_KINDS, "enum member", "macro"]);

export const RECOMMENDED_BOOST = 150;
const FOCUS_BOOST = 200;
const CALLABLES = new Set(["function", "method", "constructor"]);

/**
 * The main container's names are on the floor — shown whatever the budget — when listing them costs
 * at most 1/20 of the file's tokens — at least 15 (three or four names), at most 60 (about a dozen).
 */
export function mainNamesFloor(fileTokens: number | undefined): number {
  return Math.min(60, Math.max(15, (fileTokens ?? 0) / 20));
}

/**
 * The qualified names the recommended reads boost: each as read_symbol is given it and as its entry is named —
 * a read named apart from a same-named symbol (report.ts readableName: `Npm.#load`, `Parser.onToken@342`) is
 * the entry `Npm.load`, `Parser.onToken` (without which the recommended row had lost its boost).
 */
export function recommendedNames(reads: RecommendedRead[] | undefined): Set<string> {
  return new Set((reads ?? []).flatMap((r) => [r.symbol, r.symbol.replace(/@\d+$/, "").replace(/\.#(?=[^.]*$)/, ".")]));
}

/** An entry's priority; `parentBase`: its container's `memberBase` (none at top level). */
export function priorityOf(e: Entry, parentBase: number | undefined, q: string, focusMatch: boolean, recommended: Set<string>): number {
  const member = parentBase !== undefined;
  let p = member ? parentBase - 15 : e.exported ? 100 : 70;
  if (member && (!e.exported || e.name.startsWith("#") || e.name.startsWith("_"))) p -= 10;
  if (DATA_KINDS.has(e.kind)) p -= 20;
  if (e.flags?.length) p += 10;
  if (e.usedBy?.length) p += Math.min(20, e.usedBy.length * 2);
  if (recommended.has(q)) p += RECOMMENDED_BOOST;
  if (focusMatch) p += FOCUS_BOOST;
  return p;
}

/** What an entry's members' priorities (and its names row's) derive from: a recommended callable's, less the recommendation. */
export function memberBase(e: Entry, priority: number, q: string, recommended: Set<string>): number {
  return CALLABLES.has(e.kind) && recommended.has(q) ? priority - RECOMMENDED_BOOST : priority;
}

/** The priority of a main container's names row: ahead of the rows of recommended members. */
export function mainNamesPriority(priority: number): number {
  return priority + RECOMMENDED_BOOST + 10;
}

/**
 * A namespace that holds a file's code and is no API of its own: C#'s (block or file-scoped), around
 * nearly every file. Its members are on the floor as top-level entries are, and can be main containers:
 * compact had shown a 159-line file as `ns Microsoft.ReactNative.Managed {3 classs}`, nothing more.
 */
export function wrapsCode(e: Entry, language: string | undefined): boolean {
  if (language === "csharp") return e.kind === "namespace";
  // A Kotlin class whose one member is its companion object (expo's `class LocationHelpers { companion
  // object { 12 funs } }`): the companion is the API — compact had shown `LocationHelpers[1]` and no function.
  return language === "kotlin" && e.members?.length === 1 && isCompanion(e.members[0]!);
}

/** A Kotlin companion object (`companion object`, `companion object Factory`). */
const isCompanion = (e: Entry): boolean => e.kind === "object" && /^(?:[\w@]+\s+)*companion\s+object\b/.test(e.signature ?? "");

/**
 * A file's main containers (through namespaces that wrap the code): exported top-level entries with two or more members spanning at least
 * half of the file's lines (a module's class, a factory function) — their members are the file's API.
 */
export function mainContainers(top: Entry[], lineCount: number | undefined, language?: string): Set<Entry> {
  const out = new Set<Entry>();
  if (!lineCount) return out;
  const level = (list: Entry[]): Entry[] => list.flatMap((e) => (wrapsCode(e, language) ? [e, ...level(e.members ?? [])] : [e]));
  for (const e of level(top)) if (e.exported && (e.members?.length ?? 0) >= 2 && (e.endLine - e.startLine + 1) * 2 >= lineCount) out.add(e);
  return out;
}

/**
 * Whether a main container's names are worth a place on the floor: most of its members are public
 * callables (its API), not private state (`#opts`, `_cache`, `[kClosed]`) or data.
 */
export function apiLike(e: Entry): boolean {
  const api = publicCallables(e);
  return api >= 2 && api * 2 >= (e.members?.length ?? 0);
}

/** How many of a container's members are public callables (its API). */
export function publicCallables(e: Entry): number {
  return (e.members ?? []).filter((m) => CALLABLES.has(m.kind) && isPublic(m, e)).length;
}

/**
 * A member of its container's public API: not marked private by its pack (`exported: false` — Kotlin's
 * and TS's `private`/`protected`/`internal`, Java's and C#'s non-public), nor by its name (`#x`, `_x`,
 * `[kClosed]`) or head (a JS `#private` member listed without its `#`). apiLike had counted Kotlin's
 * `private fun`s as the API. (A function's members are its locals, never exported: a factory's API.)
 */
export function isPublic(m: Entry, container: Entry): boolean {
  return (m.exported !== false || CALLABLES.has(container.kind)) && !/^[#_[]/.test(m.name) && !PRIVATE_HEAD.test(m.signature ?? "");
}
/** A JS `#private` member's head (its entry is named without the `#`). */
const PRIVATE_HEAD = /^(?:(?:static|async|get|set|accessor|readonly)\s+)*\*?#/;

export function focusHit(e: Entry, focus: string[], q: string): boolean {
  const hay = `${q} ${e.signature ?? ""} ${e.doc ?? ""}`.toLowerCase();
  return focus.some((t) => hay.includes(t));
}

/**
 * The entries a focus names, per term: a term that is some entry's name or qualified name (any case;
 * `Class.method`, or its last segments) matches those entries only; any other term, every entry whose
 * qualified name, head or doc holds it (focusHit). `focus transact` had matched `Transaction` by
 * prefix and expanded its 14 members beside the function `transact`.
 */
export function focusMatcher(top: Entry[], focus: string[]): (e: Entry, q: string) => boolean {
  const named = (e: Entry, q: string, t: string) => {
    const lq = q.toLowerCase();
    return e.name.toLowerCase() === t || lq === t || lq.endsWith(`.${t}`);
  };
  const exact = new Set<string>();
  const walk = (list: Entry[], path: string) => {
    for (const e of list) {
      const q = path ? `${path}.${e.name}` : e.name;
      for (const t of focus) if (named(e, q, t)) exact.add(t);
      if (e.members?.length) walk(e.members, q);
    }
  };
  if (focus.length) walk(top, "");
  return (e, q) => focus.some((t) => (exact.has(t) ? named(e, q, t) : focusHit(e, [t], q)));
}
