/**
 * The hook table: the only extension points of pilens. Plugins tap, only the engine calls.
 *
 * One table per engine (so two engines with different packs never share taps), frozen after creation.
 * Per-file hooks are synchronous; they run while the file's syntax tree is alive, so records still
 * carry their `node`s. Order taps across plugins with `stage` (core/stages.ts): the core's generic
 * taps run at `STAGE.CORE`, packs at `STAGE.PACK` (default 0), overrides later.
 *
 * Waterfall reminder: a tap that returns `undefined` means "no change" and the value flows on.
 */
import { HookMap, SyncWaterfallHook, SyncBailHook } from "tapable";
import { guardHook, guardMap, RETURN_CHECKS } from "./hook-guards.js";
export { asTrusted, withPackFrame } from "./hook-guards.js";
import type { CallbackRecord, EngineSettings, FileContext, ImportRecord, ModuleReport, SymbolRecord } from "./types.js";

type SWH<T> = SyncWaterfallHook<T>;
type SBH<T, R> = SyncBailHook<T, R>;
type HM<H> = HookMap<H>;

/** What the rank hook scores: one outline entry of the report being built. */
export interface RankCandidate {
  record: SymbolRecord;
  /** Dotted path of the entry (`Outer.method`). */
  qualifiedName: string;
  usedByCount: number;
}

export interface RankContext {
  file: FileContext;
  /** Lower-cased focus terms from the request (`--focus`). */
  focus: string[];
}

export interface RenderContext {
  /** Options the host passed for this view (e.g. `maxRefs`). */
  options: Record<string, unknown>;
  /** The Lens' settings (thresholds, `budget` ratios per view). */
  settings: EngineSettings;
}

export interface Hooks {
  /**
   * extract[language] — the symbol list of a file.
   * Receives the records built so far (the core's generic pass from the pack's `tags` query runs at
   * STAGE.CORE and nests members by range) and the file context; returns the list to keep
   * (mutating records in place and returning `undefined` is fine).
   * Example: the Go pack sets `exported` from the first letter of each name.
   */
  readonly extract: HM<SWH<[SymbolRecord[], FileContext]>>;
  /**
   * doc[language] — the doc text attached to one symbol, before it is cut to its first sentence.
   * Receives the text found so far (`undefined` = none; the core's generic tap reads the comment block
   * directly above the declaration) and returns the text to use (`""`: no doc; `undefined`: no change). Example: the Python pack returns the
   * docstring. Set `record.docStartLine` when the doc sits above the declaration.
   */
  readonly doc: HM<SWH<[string | undefined, SymbolRecord, FileContext]>>;
  /**
   * callbacks[language] — inline executables (event handlers, timers, closures) with stable handles.
   * Receives the records the core built from the pack's `callbacks` query; returns the list.
   * Ranking and the `maxCallbacks` cap are applied by the engine after this hook.
   */
  readonly callbacks: HM<SWH<[CallbackRecord[], FileContext]>>;
  /**
   * imports[language] — the file's imports. Receives the records the core built from the pack's
   * `imports` query (`@import.source`); returns the list (a pack resolves internal ones here).
   */
  readonly imports: HM<SWH<[ImportRecord[], FileContext]>>;
  /**
   * flags[language] — the flag list of one symbol (`async`, `high complexity`, `deprecated`, …).
   * Receives the flags so far; returns the list. Only signals that cannot be derived from other fields.
   */
  readonly flags: HM<SWH<[string[], SymbolRecord, FileContext]>>;
  /**
   * rank — the recommendedReads score of one entry, across languages. Receives the score so far
   * (the core's tap computes `usedBy×2 + complexity + exported×2 + high complexity×3 + focus`);
   * returns the new score. The top 3 with a score > 0 are recommended.
   */
  readonly rank: SWH<[number, RankCandidate, RankContext]>;
  /**
   * render[view] — turn a report into text. A tap returns the output, or `undefined` to let the next
   * tap (or renderer) try; the first string wins. Example: `hooks.render.for("compact")`.
   */
  readonly render: HM<SBH<[ModuleReport, RenderContext], string | undefined>>;
}

export function createHooks(): Hooks {
  // Guarded (hook-guards.ts): taps need a name, a tap's error names its hook and tap (and the pack's
  // file:line), and what a tap returns is checked.
  const map = <H>(name: keyof typeof RETURN_CHECKS, make: () => H): HM<H> =>
    guardMap(new HookMap((key: string) => guardHook(make(), name, key, RETURN_CHECKS[name])), name);
  const hooks: Hooks = {
    extract: map("extract", () => new SyncWaterfallHook<[SymbolRecord[], FileContext]>(["symbols", "file"])),
    doc: map("doc", () => new SyncWaterfallHook<[string | undefined, SymbolRecord, FileContext]>(["doc", "symbol", "file"])),
    callbacks: map("callbacks", () => new SyncWaterfallHook<[CallbackRecord[], FileContext]>(["callbacks", "file"])),
    imports: map("imports", () => new SyncWaterfallHook<[ImportRecord[], FileContext]>(["imports", "file"])),
    flags: map("flags", () => new SyncWaterfallHook<[string[], SymbolRecord, FileContext]>(["flags", "symbol", "file"])),
    rank: guardHook(new SyncWaterfallHook<[number, RankCandidate, RankContext]>(["score", "candidate", "context"]), "rank", undefined, RETURN_CHECKS.rank),
    render: new HookMap(() => new SyncBailHook<[ModuleReport, RenderContext], string | undefined>(["report", "context"])),
  };
  return Object.freeze(hooks);
}
