/**
 * `createLens({ cwd })`: load the project's `.pilensrc` and build the Lens every host uses.
 *
 *   const lens = await createLens({ cwd: "packages/api" });   // config found up to the project root
 */
import { Lens, type LensOptions } from "../core/engine.js";
import { findProjectRoot, PilensError } from "../core/files.js";
import type { EngineSettings } from "../core/types.js";
import { loadConfig, type LoadedConfig } from "./load.js";
import type { PilensConfig } from "./schema.js";

export { loadConfig, type LoadedConfig } from "./load.js";
export type { PilensConfig } from "./schema.js";

/** Identity helper for typed config files (kept here so importing it does not load zod). */
export function defineConfig(config: PilensConfig): PilensConfig {
  return config;
}

export interface CreateLensOptions extends LensOptions {
  /** An already loaded config (skips the search). */
  loaded?: LoadedConfig;
}

/** Engine settings a config overrides (only keys it sets). */
export function settingsFrom(config: PilensConfig): Partial<EngineSettings> {
  const s: Partial<EngineSettings> = {};
  if (config.thresholds?.highFanout !== undefined) s.highFanout = config.thresholds.highFanout;
  if (config.thresholds?.highComplexity !== undefined) s.highComplexity = config.thresholds.highComplexity;
  if (config.maxCallbacks !== undefined) s.maxCallbacks = config.maxCallbacks;
  if (config.budget) s.budget = config.budget;
  if (config.maxFileBytes !== undefined) s.maxFileBytes = config.maxFileBytes;
  if (config.maxAnswerBytes !== undefined) s.maxAnswerBytes = config.maxAnswerBytes;
  if (config.maxRefsPerSymbol !== undefined) s.maxRefsPerSymbol = config.maxRefsPerSymbol;
  if (config.rankWeights) s.rankWeights = config.rankWeights as EngineSettings["rankWeights"];
  return s;
}

export async function createLens(opts: CreateLensOptions = {}): Promise<Lens> {
  const cwd = opts.cwd ?? process.cwd();
  const root = opts.root ?? findProjectRoot(cwd);
  const loaded = opts.loaded ?? (await loadConfig(cwd, { root }));
  const { config, filepath } = loaded;
  if (!filepath) return Lens.create({ ...opts, cwd, root });

  const warnings = [...(opts.warnings ?? [])];
  let extraPacks = opts.extraPacks ?? [];
  let extraRenderers = opts.extraRenderers ?? [];
  if (config.packs?.length || config.renderers?.length) {
    const { loadPlugins } = await import("./plugins.js");
    const builtin = opts.packs ?? (await import("../language-packs/index.js")).builtinPacks;
    const taken = new Set(builtin.flatMap((p) => p.languages.map((l) => l.id)));
    const plugins = await loadPlugins(config, filepath, taken);
    extraPacks = [...extraPacks, ...plugins.packs];
    extraRenderers = [...extraRenderers, ...plugins.renderers];
    warnings.push(...plugins.warnings);
  }
  const settings = { ...settingsFrom(config), ...opts.settings };
  const lens = await Lens.create({
    ...opts,
    cwd,
    root,
    extraPacks,
    extraRenderers,
    settings,
    languageOptions: { ...config.languages, ...opts.languageOptions },
    defaultView: opts.defaultView ?? config.defaultView,
    warnings,
    index: opts.index ?? { ...config.index, ...(config.ignore ? { ignore: config.ignore } : {}) },
  });
  const problem = lens.viewProblem(lens.defaultView);
  if (problem) throw new PilensError(`invalid pilens config ${filepath}: defaultView: ${problem}`, "config");
  return lens;
}
