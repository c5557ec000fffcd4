/**
 * Detail budgets: how much of a report a view shows so that it stays a fraction of reading the file.
 *
 * A report lists every declaration; on declaration-dense code (type definitions, headers, SDKs)
 * printing each one with its full signature and doc sentence costs as much as the file itself, and
 * the outline stops being worth calling. A view therefore gets a token budget — the file's estimated
 * tokens divided by the view's ratio (compact 15, json 6, summary 24; `.pilensrc` `budget`) — and
 * spends it by priority:
 *
 *   1. every top-level entry by name, kind and lines, every container's members by name: the floor;
 *   2. then signatures, members promoted from their container's name list to entries of their own,
 *      doc sentences and callbacks, in one order (by priority, per pass: `sequence`) of which a budget
 *      takes what fits — a prefix, so a bigger budget never shows less.
 *
 * Priority (core/budget-priority.ts): focus matches, the file's main container's member names and
 * recommended reads first, then exported top-level entries, internal ones, members (lower with depth;
 * data members and private ones lowest); usage and risk flags raise it. The plan says what it left out
 * (`Elided`), renderers print that next to a pointer to the full detail (`detail: "full"`, `focus`, read_symbol).
 *
 * Renderers supply the cost model (what a row or object of theirs costs), so one planner serves
 * json, compact, summary and third-party views.
 */
import type { Callback, Entry, ModuleReport } from "./types.js";
import { cbFocus } from "./focus.js";
import { apiLike, focusMatcher, isPublic, publicCallables, mainContainers, mainNamesPriority, mainNamesFloor, memberBase, priorityOf, RECOMMENDED_BOOST, recommendedNames, wrapsCode } from "./budget-priority.js";
import { costOf, detailOf, DOC, KIND_BIT, NAMES, PUBLIC, SHOWN, SIG } from "./budget-cost.js";

/** What one entry shows under a plan. */
export interface EntryDetail {
  sig: boolean;
  doc: boolean;
  /** Shown as its own row/object (top-level entries always); false: by name in its container's list. */
  shown: boolean;
  /** A container: its members not shown on their own are listed by name (false: counted only). */
  names: boolean;
  /** Not `names`: its public members are (Entry.exported; budget-priority.ts isPublic), the others counted. */
  publicNames?: boolean;
}

export interface Elided {
  signatures: number;
  docs: number;
  /** Members listed by name only (in their container's name list). */
  foldedMembers: number;
  /** Members counted only (their container's names were not listed). */
  countedMembers: number;
  /** Symbols below a member listed by name only: counted, not named. */
  hiddenSymbols: number;
  /** Callbacks neither on a row of their own nor named on the view's name row of tests. */
  callbacks: number;
  /** Test cases named only (their titles on one row). */
  namedCallbacks: number;
}

export interface DetailPlan {
  /** True when everything fits: the view shows the whole report. */
  full: boolean;
  budget: number;
  /** Estimated tokens of the output under this plan. */
  cost: number;
  detail(e: Entry): EntryDetail;
  /** How many of the (ranked) callbacks are shown. */
  callbacks: number;
  /** The test cases among the others, named only (on the view's name row of tests; none without one). */
  namedCallbacks: Callback[];
  elided: Elided;
  /** Nothing was added to the bare entries (no signature, doc, name list or callback fit): a smaller budget gives the same plan. */
  floor?: boolean;
}

/** A renderer's cost model, in estimated tokens. */
export interface CostModel {
  /** Header, warnings, imports, recommendations: paid whatever the plan. */
  fixed: number;
  /** One entry shown on its own row/object (without its members). */
  entry(e: Entry, d: EntryDetail, depth: number): number;
  /** One member's name in its container's name list. */
  name(member: Entry, depth: number): number;
  /** A container's name list, beyond its names (a row's range and kind; json's key). */
  list(container: Entry, depth: number): number;
  /** A container's members counted, not named (`{11 props}`, `memberCount`). */
  counted(container: Entry, count: number, depth: number): number;
  /** Whether a member can get its own row (default: yes). The compact view lists data members by name. */
  promotable?(member: Entry, container: Entry): boolean;
  /**
   * Every entry, members included, is always shown on its own (the plan only picks signatures, docs
   * and callbacks): the json view, whose readers (scripts, accuracy checks) expect every symbol.
   */
  everyEntry?: boolean;
  /**
   * When the floor alone is over the budget, what the upgrades still get, as a share of the budget
   * (json: its floor of every entry had left dense files without one signature, docs or usedBy).
   */
  overFloor?: number;
  callback(c: Callback): number;
  /**
   * Test cases not shown on rows of their own are named on one row (their titles: a test file's
   * outline is its tests, as a module's is its top-level names — on the floor, never dropped): what a
   * name costs, and the row's own cost. Without it, they are counted with the other callbacks.
   */
  testNames?: { name(c: Callback): number; row: number };
}
export interface PlanOptions {
  focus?: string[];
  /** Ignore the budget: show everything (`detail: "full"`). */
  full?: boolean;
  /** A file's main container (budget-priority.ts) has its few API names on the floor (compact, but not for a small file). */
  mainNames?: boolean;
}

/** A quick token estimate for cost models: characters / 3.7 (views run ~8% denser than code). */
export const approxTokens = (s: string): number => s.length / 3.7;

// The renderers' token estimate lives with the code estimate (one set of character classes).
export { estimateViewTokens, VIEW_PIECES } from "./view/tokens.js";
export { VALUE_KINDS } from "./budget-priority.js";

/** A C/C++ object-like macro (`#define GL_FOG 0x0B60`): a named value, not code (a function-like macro is). */
export const OBJECT_MACRO = /^#\s*define\s+[\w$]+(?:\s|$)/;

interface Node {
  e: Entry;
  parent?: Node;
  depth: number;
  priority: number;
  /**
   * What its members' priorities derive from: its own, less a recommendation's boost when it is a
   * callable — a recommended function's local closures are not recommended reads themselves.
   */
  base: number;
  /** Matches the caller's focus: shown in full whatever the budget (the caller asked for it). */
  focus: boolean;
  /** Position in planner order (index into the plan's arrays). */
  i: number;
  /** A recommended read. */
  rec: boolean;
}

type Upgrade = { kind: "sig" | "doc" | "shown" | "names"; node: Node; priority: number; reserve?: boolean } | { kind: "cb"; index: number; priority: number };

/** A test case (`it`, `test`, `describe`, hooks): named on the floor of a view that has a name row for tests. */
export function isTestCase(c: Callback): boolean {
  return c.flags?.includes("test") ?? false;
}

const NEVER = 0x7fffffff; // (a bit no upgrade sets)
/** Each greedy pass of the sequence has this much more budget than the one before. */
const LADDER = 1.25;
/** An upgrade that does not fit a pass keeps its room from those after it when a pass up to this many times the budget fits it. */
const LOOKAHEAD = 2;

/**
 * The report's entries in priority order, once; the returned function plans for a budget (cheap to
 * call again with another one — fitBudget does).
 */
/** Plans for a budget; `breaks()`: the budgets at which the plan changes, rising (the last: everything). */
export type Planner = ((budget: number) => DetailPlan) & { breaks(): number[] };

export function planner(report: ModuleReport, model: CostModel, opts: PlanOptions = {}): Planner {
  const top = [...(report.api ?? []), ...(report.internal ?? [])];
  const cbs = report.callbacks ?? [];
  const focus = (opts.focus ?? []).map((t) => t.toLowerCase()).filter(Boolean);
  const recommended = recommendedNames(report.recommendedReads);
  const main = model.everyEntry ? new Set<Entry>() : mainContainers(top, report.lineCount, report.language);
  const floorNames = mainNamesFloor(report.fileTokens);
  const promotable = (m: Entry, c: Entry) => model.promotable?.(m, c) ?? true;
  const focusHit = focusMatcher(top, focus);

  // Everything, when it fits — priced first, without building the plan's structures (most files fit).
  const ALL_SHOWN: EntryDetail = { sig: true, doc: true, names: true, shown: true };
  const ALL_LISTED: EntryDetail = { sig: true, doc: true, names: true, shown: false };
  const listedInFull = new Set<Entry>();
  const mark = (list: Entry[]) => {
    for (const e of list)
      if (e.members?.length) {
        for (const m of e.members) if (!promotable(m, e)) listedInFull.add(m);
        mark(e.members);
      }
  };
  mark(top);
  const full = (e: Entry) => (listedInFull.has(e) ? ALL_LISTED : ALL_SHOWN);
  const fullCost = costOf(top, full, model, cbs.length, cbs);
  const none: Elided = { signatures: 0, docs: 0, foldedMembers: 0, countedMembers: 0, hiddenSymbols: 0, callbacks: 0, namedCallbacks: 0 };

  const nodes: Node[] = [];
  const index = new Map<Entry, number>();
  let canPromote: boolean[] = [];
  const opened: boolean[] = []; // (a namespace at the top whose members are on the floor, not listed: wrapsCode)
  const upgrades: Upgrade[] = [];
  let nameCost: number[] = [];
  let prepared = false;
  const prepare = () => {
    const visit = (list: Entry[], parent: Node | undefined, depth: number, path: string) => {
      for (const e of list) {
        const q = path ? `${path}.${e.name}` : e.name;
        const hit = focus.length > 0 && focusHit(e, q);
        const priority = priorityOf(e, parent?.base, q, hit, recommended);
        const base = memberBase(e, priority, q, recommended);
        const node: Node = { e, parent, depth, priority, base, focus: hit, i: nodes.length, rec: recommended.has(q) };
        index.set(e, nodes.length);
        nodes.push(node);
        if (e.members?.length) visit(e.members, node, depth + 1, q);
      }
    };
    visit(top, undefined, 0, "");
    // A focus match opens the way to itself: its containers rank with it.
    if (focus.length)
      for (const n of nodes) {
        if (!n.focus) continue;
        for (let p = n.parent; p; p = p.parent) (p.priority = Math.max(p.priority, n.priority - 1)), (p.base = Math.max(p.base, n.priority - 1));
      }
    canPromote = nodes.map((n) => !listedInFull.has(n.e));
    for (const n of nodes) {
      if (n.e.signature && n.e.signature !== n.e.name) upgrades.push({ kind: "sig", node: n, priority: n.priority + 3 });
      // (A callable's members are its locals: named as its members would rank, not as the callable.)
      // (A main container's names first when they leave its recommended members room for their rows, else after those rows.)
      if (n.e.members?.length && !model.everyEntry && main.has(n.e)) upgrades.push({ kind: "names", node: n, priority: mainNamesPriority(n.priority), reserve: true });
      if (n.e.members?.length && !model.everyEntry) upgrades.push({ kind: "names", node: n, priority: main.has(n.e) ? n.priority + RECOMMENDED_BOOST - 30 : n.base + 4 });
      if (n.parent && canPromote[n.i] && !model.everyEntry) upgrades.push({ kind: "shown", node: n, priority: n.priority + 2 });
      if (n.e.doc) upgrades.push({ kind: "doc", node: n, priority: n.priority - 25 });
    }
    // (Callbacks the focus names come first — focusFirst ordered them — and, like entries, whatever the budget.)
    cbs.forEach((c, i) => upgrades.push({ kind: "cb", index: i, priority: (cbFocus(c, focus) ? 260 : 60) - i }));
    // Stable: equal priorities keep source order.
    upgrades.sort((a, b) => b.priority - a.priority);
    nameCost = nodes.map((n) => (n.parent ? model.name(n.e, n.depth) : 0));
    for (const n of nodes) opened.push(wrapsCode(n.e, report.language) && (!n.parent || opened[n.parent.i]!));
  };
  /**
   * The upgrades in the order they are taken, computed once: a plan for a budget is a prefix of it, so a
   * bigger budget never shows less (a greedy pass per budget had: an upgrade that fit only at the bigger
   * budget pushed out cheaper ones a smaller budget showed). The order comes from greedy passes at rising
   * budgets (×LADDER from the floor's cost, the fixed cost aside), each taking, in priority order, what fits its budget after
   * the passes before — a costly upgrade of high priority waits for the pass whose budget fits it, the
   * cheaper ones a pass takes come after it. A budget between two passes shows the next pass's upgrades
   * up to the first that does not fit (their order is their priority).
   */
  let seq: { at: Int32Array; cbs: number[]; runMax: number[]; base: number; named: boolean[] } | undefined;
  const sequence = () => {
    const bits = new Uint8Array(nodes.length);
    // Per container: members not shown on their own, their names' cost, what listing/counting costs.
    const count = new Float64Array(nodes.length);
    const namesCost = new Float64Array(nodes.length);
    const listCost = new Float64Array(nodes.length);
    // A container's public members named, the others counted (the members shown on rows aside).
    const publicCost = (n: Node, rest = n.e.members!.filter((m) => !(bits[index.get(m)!]! & SHOWN)), pub = rest.filter((m) => isPublic(m, n.e))) =>
      (pub.length ? model.list(n.e, n.depth) + pub.reduce((t, m) => t + nameCost[index.get(m)!]!, 0) : 0) + (pub.length < rest.length ? model.counted(n.e, rest.length - pub.length, n.depth) : 0);
    for (const n of nodes) {
      if (!n.parent || model.everyEntry || opened[n.parent.i]) bits[n.i] = SHOWN;
      if (n.e.members?.length && !model.everyEntry && !opened[n.i]) {
        count[n.i] = n.e.members.length;
        let c = 0;
        for (const m of n.e.members) c += nameCost[index.get(m)!]!;
        namesCost[n.i] = c;
        listCost[n.i] = model.counted(n.e, n.e.members.length, n.depth);
        // (The main container's few names — or, when they are many, its public ones — on the floor.)
        const named = model.list(n.e, n.depth) + c;
        if (!opts.mainNames || !main.has(n.e)) continue;
        if (apiLike(n.e) && named - listCost[n.i]! <= floorNames) (bits[n.i] = bits[n.i]! | NAMES), (listCost[n.i] = named);
        else if (publicCallables(n.e) >= 2 && publicCost(n) - listCost[n.i]! <= floorNames) (bits[n.i] = bits[n.i]! | PUBLIC), (listCost[n.i] = publicCost(n));
      }
    }
    // When each bit was set: its index in the sequence, -1 for the floor (and what a focus forces).
    const at = new Int32Array(nodes.length * 5).fill(NEVER);
    for (const n of nodes) for (let k = 0; k < 5; k++) if (bits[n.i]! & (1 << k)) at[n.i * 5 + k] = -1;
    const costNow = (n: Node) => (!count[n.i] ? 0 : bits[n.i]! & NAMES ? model.list(n.e, n.depth) + namesCost[n.i]! : bits[n.i]! & PUBLIC ? publicCost(n) : model.counted(n.e, count[n.i]!, n.depth));
    const entryCost = (n: Node, b: number) => model.entry(n.e, detailOf(b), n.depth);
    // What rows (bare) for a container's recommended members would add to its names list.
    const reserve = (n: Node): number =>
      (n.e.members ?? []).reduce((t, m) => {
        const x = nodes[index.get(m)!]!;
        return t + (x.rec && canPromote[x.i] && !(bits[x.i]! & SHOWN) ? entryCost(x, SHOWN) - nameCost[x.i]! : 0);
      }, 0);
    const bitDetail = (e: Entry): EntryDetail => {
      const i = index.get(e);
      return i === undefined ? ALL_SHOWN : detailOf(bits[i]!);
    };
    let cost = costOf(top, bitDetail, model, 0, cbs);
    // Test cases not on rows of their own are named (the floor); a row shown takes its name off.
    const tests = model.testNames;
    const named = tests ? cbs.map(isTestCase) : [];
    let namedLeft = named.filter(Boolean).length;
    if (tests && namedLeft) cost += tests.row + cbs.reduce((s, c, i) => s + (named[i] ? tests.name(c) : 0), 0);

    // Changes are made in place and undone when the upgrade does not fit.
    const undo: [Uint8Array | Float64Array, number, number][] = [];
    const set = (arr: Uint8Array | Float64Array, i: number, v: number) => {
      undo.push([arr, i, arr[i]!]);
      arr[i] = v;
    };
    const rollback = () => {
      for (let k = undo.length - 1; k >= 0; k--) undo[k]![0][undo[k]![1]] = undo[k]![2];
    };
    /** Out of the container's name list, onto a row of its own (bare, its own members counted). */
    const promote = (x: Node): number | undefined => {
      if (bits[x.i]! & SHOWN || !x.parent) return 0;
      if (!canPromote[x.i]) return undefined;
      const up = promote(x.parent);
      if (up === undefined) return undefined;
      const p = x.parent;
      const before = listCost[p.i]!;
      set(count, p.i, count[p.i]! - 1);
      set(namesCost, p.i, namesCost[p.i]! - nameCost[x.i]!);
      set(listCost, p.i, costNow(p));
      set(bits, x.i, bits[x.i]! | SHOWN);
      return up + entryCost(x, bits[x.i]!) + listCost[x.i]! + listCost[p.i]! - before;
    };

    const cbAt: number[] = [];
    const runMax: number[] = [];
    let step = -1; // the sequence index an upgrade taken now gets (-1: forced, before any pass)
    const record = () => {
      // (The bits this upgrade set, in the order undo saw them.)
      for (const [arr, i, old] of undo) if (arr === bits) for (let k = 0; k < 5; k++) if (bits[i]! & (1 << k) && !(old & (1 << k)) && at[i * 5 + k] === NEVER) at[i * 5 + k] = step;
    };
    let needed = Infinity; // (what the last upgrade that did not fit needs)
    /** Tries one upgrade at `budget`: "taken", "later" (may fit a bigger budget or after others) or "never". */
    const attempt = (u: Upgrade, budget: number, forced: boolean): "taken" | "later" | "never" => {
      if (u.kind === "cb") {
        if (u.index !== cbAt.length) return "later";
        const c = cbs[u.index]!;
        // Off the name row (the row itself goes with its last name).
        const unnamed = named[u.index] ? tests!.name(c) + (namedLeft === 1 ? tests!.row : 0) : 0;
        const delta = model.callback(c) - unnamed;
        if (!forced && cost + delta > budget) return (needed = cost + delta), "later";
        cost += delta;
        cbAt.push(step);
        if (named[u.index]) namedLeft--;
        return "taken";
      }
      const n = u.node;
      const bit = KIND_BIT[u.kind];
      if (bits[n.i]! & bit) return "never";
      // A doc sentence without its signature reads oddly; it comes after the signature.
      if (u.kind === "doc" && !(bits[n.i]! & SIG) && n.e.signature && n.e.signature !== n.e.name) return "later";
      undo.length = 0;
      let delta = promote(n);
      if (delta === undefined) return rollback(), "never";
      if (u.kind === "names") {
        set(bits, n.i, bits[n.i]! | NAMES);
        const c = costNow(n);
        delta += c - listCost[n.i]!;
        set(listCost, n.i, c);
      } else if (u.kind !== "shown") {
        const b = bits[n.i]!;
        delta += entryCost(n, b | bit) - entryCost(n, b);
        set(bits, n.i, b | bit);
      }
      const want = cost + delta + (u.reserve ? reserve(n) : 0);
      if (!forced && want > budget) return rollback(), (needed = want), "later";
      cost += delta;
      record();
      return "taken";
    };
    // (A focus match is shown whatever the budget, as are the callbacks a focus names: the floor.)
    const isForced = (u: Upgrade) => (u.kind === "cb" ? cbFocus(cbs[u.index]!, focus) : u.node.focus);
    let pending = upgrades.filter((u) => !(isForced(u) && attempt(u, 0, true) !== "later"));
    const base = cost;
    // (The passes' budgets above the fixed cost: the order is the same whatever the header costs.)
    let room = Math.max(cost - model.fixed, 1);
    while (pending.length && model.fixed + room <= fullCost * 2) {
      const next = model.fixed + room * LADDER;
      let budget = model.fixed + room;
      const later: Upgrade[] = [];
      let need = Infinity;
      for (const u of pending) {
        step = runMax.length;
        needed = Infinity;
        const before = cost;
        const r = attempt(u, budget, false);
        if (r === "taken") runMax.push(Math.max(runMax[runMax.length - 1] ?? base, cost));
        else if (r === "later") {
          later.push(u);
          need = Math.min(need, needed);
          // One that a pass up to LOOKAHEAD times this budget fits keeps its room there from the upgrades
          // after it (else a class's names list waits behind rows of lower priority that took the room,
          // pass after pass, and is never shown).
          let fits = next;
          while (fits < needed && fits - model.fixed <= room * LOOKAHEAD) fits = model.fixed + (fits - model.fixed) * LADDER;
          if (fits >= needed) budget = Math.min(budget, fits - (needed - before));
        }
      }
      const tookSome = later.length < pending.length;
      pending = later;
      // (A pass that took nothing leaves the plan as it was: the next budget that can take something.)
      room = tookSome ? room * LADDER : Math.max(room * LADDER, need - model.fixed);
      if (!tookSome && need === Infinity) break;
    }
    return { at, cbs: cbAt, runMax, base, named };
  };
  const countBelow = (e: Entry): number => (e.members ?? []).reduce((s, m) => s + 1 + countBelow(m), 0);

  const plan = (budget: number): DetailPlan => {
    // (Asked for in full, a type's data members get rows of their own too: in a `.d.ts` their types are the API.)
    if (opts.full) return { full: true, budget, cost: fullCost, detail: () => ALL_SHOWN, callbacks: cbs.length, namedCallbacks: [], elided: none };
    if (fullCost <= budget) return { full: true, budget, cost: fullCost, detail: full, callbacks: cbs.length, namedCallbacks: [], elided: none };
    if (!prepared) prepare(), (prepared = true), (seq = sequence());
    const s = seq!;
    // The longest prefix of the sequence whose costs all fit.
    let lo = 0;
    let hi = s.runMax.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s.runMax[mid]! <= budget) lo = mid + 1;
      else hi = mid;
    }
    const taken = lo;
    const cost = taken ? s.runMax[taken - 1]! : s.base;
    const bits = new Uint8Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) for (let k = 0; k < 5; k++) if (s.at[i * 5 + k]! < taken) bits[i] = bits[i]! | (1 << k);
    let shownCallbacks = 0;
    while (shownCallbacks < s.cbs.length && s.cbs[shownCallbacks]! < taken) shownCallbacks++;
    const visible = (n: Node): boolean => (bits[n.i]! & SHOWN) !== 0 && (!n.parent || visible(n.parent));
    const cache: (EntryDetail | undefined)[] = [];
    const detail = (e: Entry): EntryDetail => {
      const i = index.get(e);
      if (i === undefined) return { sig: true, doc: true, shown: true, names: true };
      return (cache[i] ??= detailOf(bits[i]!));
    };

    const namedCallbacks = cbs.slice(shownCallbacks).filter((_, i) => s.named[shownCallbacks + i]);
    const elided: Elided = { ...none, callbacks: cbs.length - shownCallbacks - namedCallbacks.length, namedCallbacks: namedCallbacks.length };
    for (const n of nodes) {
      const b = bits[n.i]!;
      if (!(b & SHOWN)) {
        if (n.parent && visible(n.parent)) {
          if (!(bits[n.parent.i]! & NAMES) && !(bits[n.parent.i]! & PUBLIC && isPublic(n.e, n.parent.e))) elided.countedMembers++;
          else if (canPromote[n.i]) elided.foldedMembers++;
          elided.hiddenSymbols += countBelow(n.e);
        }
        continue;
      }
      if (!visible(n)) continue;
      if (!(b & SIG) && n.e.signature && n.e.signature !== n.e.name) elided.signatures++;
      if (!(b & DOC) && n.e.doc) elided.docs++;
    }
    return { full: false, budget, cost, detail, callbacks: shownCallbacks, namedCallbacks, elided, floor: taken === 0 };
  };
  const breaks = (): number[] => {
    if (opts.full) return [fullCost];
    if (!prepared) prepare(), (prepared = true), (seq = sequence());
    // (0: the floor — the sequence's first upgrades can cost nothing, so the floor's cost already buys them.)
    return [0, ...new Set(seq!.runMax)].filter((b) => b < fullCost).concat(fullCost);
  };
  return Object.assign(plan, { breaks });
}

export { fitBudget, fitPlan, elisionText, MORE_DETAIL, elidedCounts, viewBudget } from "./budget-fit.js";
