/** Public API of pilens for hosts, pack authors and renderer authors. */
export { Lens, type LensOptions, type ModuleReportOptions } from "./core/engine.js";
export { definePack, defineRenderer, type LanguagePack, type LanguageSpec, type Renderer, type PackManifest, type ExtractionOptions, type QuerySource } from "./core/plugin.js";
export { STAGE } from "./core/stages.js";
export { DEFAULT_IGNORE_DOC } from "./core/extract.js";
export { callbacksFrom, type CallbackCandidate } from "./core/callbacks.js";
export type { Hooks, RankCandidate, RankContext, RenderContext } from "./core/hooks.js";
export type * from "./core/types.js";
export { PilensError } from "./core/files.js";
export { isProjectWarning } from "./core/graph/report-graph.js";
export { createLens, defineConfig, loadConfig, type PilensConfig, type CreateLensOptions } from "./config/index.js";
