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
import type { LanguageServed } from "./language-options.js";

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
  let rendererFailures = opts.rendererFailures ?? [];
  // Language id → the pack serving it (built-in packs declare no options: `[]`).
  let served: Map<string, LanguageServed> | undefined;
  const builtinServed = async () => {
    const builtin = opts.packs ?? (await import("../language-packs/index.js")).builtinPacks;
    const entry = (p: (typeof builtin)[number], own: boolean): LanguageServed =>
      "id" in p ? { pack: own ? `${p.id} (built-in)` : p.id, options: own ? [] : undefined } : { pack: p.meta.name, options: p.options && Object.keys(p.options) };
    const all = [...builtin.map((p) => [p, true] as const), ...(opts.extraPacks ?? []).map((p) => [p, false] as const)];
    return new Map(all.flatMap(([p, own]) => p.languages.map((l) => [l.id, entry(p, own)] as const)));
  };
  if (config.packs?.length || config.renderers?.length) {
    const { loadPlugins } = await import("./plugins.js");
    served = await builtinServed();
    const taken = new Map([...served].map(([id, l]) => [id, l.pack]));
    const plugins = await loadPlugins(config, filepath, taken);
    extraPacks = [...extraPacks, ...plugins.packs];
    extraRenderers = [...extraRenderers, ...plugins.renderers];
    rendererFailures = [...rendererFailures, ...plugins.rendererFailures];
    for (const [id, l] of plugins.languages) served.set(id, l);
    warnings.push(...plugins.warnings);
  }
  let languages = config.languages;
  if (config.languages && Object.keys(config.languages).length) {
    const { languageOptionWarnings, usedLanguageOptions } = await import("./language-options.js");
    served ??= await builtinServed();
    warnings.push(...languageOptionWarnings(config.languages, filepath, served));
    languages = usedLanguageOptions(config.languages, served);
  }
  const settings = { ...settingsFrom(config), ...opts.settings };
  const lens = await Lens.create({
    ...opts,
    cwd,
    root,
    extraPacks,
    extraRenderers,
    rendererFailures,
    settings,
    languageOptions: { ...languages, ...opts.languageOptions },
    defaultView: opts.defaultView ?? config.defaultView,
    warnings,
    index: opts.index ?? { ...config.index, ...(config.ignore ? { ignore: config.ignore } : {}) },
  });
  // A name no renderer serves is an error; a broken renderer's view fell back to json (Lens warns).
  const problem = lens.viewProblem(lens.defaultView);
  if (problem) throw new PilensError(`invalid pilens config ${filepath}: defaultView: ${problem}`, "config");
  return lens;
}
