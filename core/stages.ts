/**
 * Stage constants order taps across plugins (tapable `stage`; lower runs first).
 * The core's generic taps run first so packs refine their output; overrides run last.
 */
export const STAGE = Object.freeze({
  /** The core's generic pass (records from queries, comment docs, base flags). */
  CORE: -100,
  /** Language packs (the default when a tap names no stage). */
  PACK: 0,
  /** Project configuration and third-party overrides. */
  OVERRIDE: 100,
  /** Last-word adjustments (e.g. the engine's own invariants). */
  FINAL: 1000,
});
