import type { EngineSettings } from "./types.js";

/** Defaults for every threshold and weight; `.pilensrc` overrides any of them. */
export const DEFAULT_SETTINGS: EngineSettings = Object.freeze({
  highComplexity: 8,
  highFanout: 4,
  maxCallbacks: 40,
  maxFileBytes: 4 * 1024 * 1024,
  maxRefsPerSymbol: 10,
  maxAnswerBytes: 50 * 1024,
  rankWeights: Object.freeze({ usedBy: 2, complexity: 1, exported: 2, highComplexity: 3, focus: 6 }),
  budget: Object.freeze({ json: 6, compact: 15, summary: 24 }),
}) as EngineSettings;
