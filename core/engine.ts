/**
 * The Lens: the one seam every host (CLI, MCP server, pi extension) calls.
 *
 *   const lens = await Lens.create({ cwd });
 *   const report = await lens.moduleReport("src/a.ts", { focus: "auth" });
 *   const text = lens.render(report, "compact");
 *   const sym = await lens.readSymbol("src/a.ts", "Server.start");
 */
import { asTrusted, createHooks, withPackFrame, type Hooks } from "./hooks.js";
import type { LanguagePack, PackManifest, Renderer } from "./plugin.js";
import { manifestOf } from "./plugin.js";
import { Registry } from "./registry.js";
import { loadLanguage } from "./runtime.js";
import { analyze, type AnalyzeInput, type FileAnalysis } from "./pipeline.js";
import { buildReport, tapCoreRank, unavailableReport, type ReportOptions } from "./report.js";
import { confine, findProjectRoot, inputsUnchanged, PilensError, readSource, relPath } from "./files.js";
import { shortHash } from "./hash.js";
import { lookupSymbol, type ReadSymbolOptions } from "./read-symbol.js";
import { addUses } from "./read-uses.js";
import { definedElsewhereNote, pastReexport, reexportNote } from "./read-misses.js";
import { limitSymbol, oversizeOptions, READ_SYMBOL_MAX_LINES } from "./oversize.js";
import { renderWindowed } from "./report-window.js";
import type { ReadEnclosingOptions, ReadEnclosingResult } from "./read-enclosing.js";
import type { ViewOptions, ViewResult, ViewSession } from "./view/index.js";
import type { EngineSettings, ModuleReport, ReadSymbolResult } from "./types.js";
import { DEFAULT_SETTINGS } from "./settings.js";
import { focusFirst } from "./focus.js";
import { ViewTable, type RendererLoadFailure } from "./view-table.js";
import { FallbackLog, readWarnings, withPackWarnings } from "./pack-fallbacks.js";
import type { IndexOptions, IndexResult, ProjectGraph, SearchResult } from "./graph/project.js";
import { withLineText } from "./graph/line-text.js";
import type { SearchOptions } from "./graph/search.js";

export interface LensOptions {
  /** Folder relative paths resolve against (default: process.cwd()). */
  cwd?: string;
  /** Project root (default: discovered from cwd). Paths outside it are refused. */
  root?: string;
  /** Language packs (objects or lazy manifests). Default: the built-in packs. */
  packs?: (LanguagePack | PackManifest)[];
  /** Extra packs added after the built-ins (third-party). */
  extraPacks?: (LanguagePack | PackManifest)[];
  /** Renderers. Default: the built-in renderers. */
  renderers?: Renderer[];
  extraRenderers?: Renderer[];
  /** Renderer modules that failed to load (`.pilensrc`): a view no renderer serves is unavailable because of them. */
  rendererFailures?: RendererLoadFailure[];
  settings?: Partial<EngineSettings>;
  /** Per-language option overrides (`.pilensrc` `languages`). */
  languageOptions?: Record<string, Record<string, unknown>>;
  defaultView?: string;
  /** Project-level warnings (e.g. a `.pilensrc` pack that failed to load), shown in every report. */
  warnings?: string[];
  /** Project graph limits and extra ignore globs (`.pilensrc` `index` and `ignore`). */
  index?: { maxFiles?: number; maxFileBytes?: number; ignore?: string[] };
  /**
   * Analyses kept for re-reads (checked by mtime and size; default 256). 0 keeps none: a one-shot
   * batch reads each file once, and kept analyses survive into old space (scavenges copy them: ~10%
   * of a 180-file `report` went to the GC).
   */
  cacheSize?: number;
}

export interface ModuleReportOptions extends ReportOptions {
  view?: string;
  /** Add blastRadius (files that may break), from the project graph. */
  blastRadius?: boolean;
  /** BFS depth of blastRadius (default 3). */
  blastRadiusDepth?: number;
  /**
   * Long-lived hosts: when the file changed since the project graph parsed it, re-index it first (one
   * file: parse, relink, persist) so usedBy and blastRadius describe the file as it is now. Skipped
   * while a build runs (the report then says the graph is being built or stale).
   */
  refreshGraph?: boolean;
}

function isManifest(p: LanguagePack | PackManifest): p is PackManifest {
  return typeof (p as PackManifest).load === "function";
}

export class Lens {
  readonly hooks: Hooks;
  readonly root: string;
  readonly cwd: string;
  readonly settings: EngineSettings;
  readonly registry: Registry;
  /** The view used when a request names none (json when the configured one's renderer is broken). */
  readonly defaultView: string;
  readonly warnings: readonly string[];
  readonly indexOptions: NonNullable<LensOptions["index"]>;
  private readonly viewTable: ViewTable;
  /** Packs that failed on files this Lens analysed, for `index` and symbol_search to say. */
  private readonly fallbacks = new FallbackLog();
  private readonly languageOptions: Record<string, Record<string, unknown>>;
  private analyzerKey?: { packs: string[]; options?: string };
  private readonly cache = new Map<string, { mtimeMs: number; bytes: number; analysis: FileAnalysis }>();
  private readonly cacheSize: number;

  private constructor(opts: LensOptions, packs: (LanguagePack | PackManifest)[], renderers: Renderer[]) {
    this.hooks = createHooks();
    this.cwd = opts.cwd ?? process.cwd();
    this.root = opts.root ?? findProjectRoot(this.cwd);
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings, rankWeights: { ...DEFAULT_SETTINGS.rankWeights, ...opts.settings?.rankWeights }, budget: { ...DEFAULT_SETTINGS.budget, ...opts.settings?.budget } };
    const warnings = [...(opts.warnings ?? [])];
    this.warnings = warnings;
    this.indexOptions = opts.index ?? {};
    this.cacheSize = opts.cacheSize ?? 256;
    const langOpts = opts.languageOptions ?? {};
    this.languageOptions = langOpts;
    this.registry = new Registry(this.hooks, (language, pack) => ({ ...pack.options, ...langOpts[language] }));
    for (const p of packs) this.registry.add(isManifest(p) ? p : manifestOf(p));
    asTrusted(() => tapCoreRank(this.hooks, () => this.settings.rankWeights));
    // A renderer that throws in `apply` (or failed to load) leaves its view out, with a warning in every
    // report; a configured default view that is so broken falls back to json (other commands still run).
    this.viewTable = new ViewTable(this.hooks, renderers, opts.rendererFailures ?? [], warnings);
    const asked = opts.defaultView ?? "json";
    const broken = this.viewTable.problem(asked);
    this.defaultView = broken?.broken ? "json" : asked;
    if (broken?.broken) warnings.push(`defaultView: ${broken.message.replace(/ \(available: .*\)$/, "")} — reports use the json view`);
  }

  static async create(opts: LensOptions = {}): Promise<Lens> {
    const packs = opts.packs ?? (await import("../language-packs/index.js")).builtinPacks;
    const renderers = opts.renderers ?? (await import("../renderers/index.js")).builtinRenderers;
    return new Lens(opts, [...packs, ...(opts.extraPacks ?? [])], [...renderers, ...(opts.extraRenderers ?? [])]);
  }

  /**
   * What the project graph's entries depend on besides the files: the language packs (third-party
   * ones with their `meta.version`) and the packs' options from `.pilensrc`. A graph built under
   * another key is rebuilt, not served (core/graph/project.ts committedMeta).
   */
  analyzer(): { packs: string[]; options?: string } {
    if (this.analyzerKey === undefined) {
      const packs = this.registry.manifests.map((m) => (m.version ? `${m.id}@${m.version}` : m.id)).sort();
      const options = stableJson(this.languageOptions);
      this.analyzerKey = { packs, ...(options === "{}" ? {} : { options: shortHash(options) }) };
    }
    return this.analyzerKey;
  }

  /** View names a renderer is registered for. */
  viewNames(): string[] {
    return this.viewTable.names();
  }

  /** Why `view` cannot be used: unknown, or its renderer failed to load or apply (undefined when usable). */
  viewProblem(view: string): string | undefined {
    return this.viewTable.problem(view)?.message;
  }

  /** viewProblem as the error to throw: code `usage` for an unknown name, `plugin` for a broken renderer. */
  viewError(view: string): PilensError | undefined {
    const p = this.viewTable.problem(view);
    return p && new PilensError(p.message, p.broken ? "plugin" : "usage");
  }

  /** How a path is shown in results: relative to cwd when inside it, else absolute. */
  displayPath(abs: string): string {
    return relPath(this.cwd, abs);
  }

  /** Resolve a user path (relative to cwd), confined to the project root. */
  resolvePath(path: string): string {
    return confine(this.root, this.cwd, path);
  }

  /** Parse and analyse one file (cached by mtime and size). Throws PilensError on bad input. */
  async analyze(path: string, extra: Pick<AnalyzeInput, "collect" | "lean"> & { minified?: boolean } = {}): Promise<FileAnalysis> {
    const abs = this.resolvePath(path);
    // (`minified`: read_symbol / read_enclosing read a minified file too; the report and tiers refuse it.)
    const file = await readSource(abs, { maxFileBytes: this.settings.maxFileBytes, minified: extra.minified }).catch(async (e) => {
      throw (await import("./path-hints.js")).withPathHint(e, abs, this);
    });
    const claimants = this.registry.lookupAll(abs, file.source);
    if (!claimants.length) {
      const ext = abs.match(/\.[^./\\]+$/)?.[0];
      throw new PilensError(ext ? `no language pack for ${ext} files (${path})` : `no language pack for ${path} (no extension)`, "unknown_language");
    }
    const hit = extra.lean ? undefined : this.cache.get(abs);
    if (hit && hit.mtimeMs === file.mtimeMs && hit.bytes === file.bytes && (!extra.collect || hit.analysis.collected !== undefined) && inputsUnchanged(hit.analysis)) return hit.analysis;
    // A pack that fails to load or throws while analysing degrades to the next pack claiming the
    // file (an overridden built-in, the generic pack), with a warning; other files are unaffected.
    const failures: string[] = [];
    for (const found of claimants) {
      let lang;
      try {
        lang = await this.registry.load(found.manifest, found.language);
      } catch (e) {
        failures.push(`language pack ${found.manifest.id} failed for ${found.language}: ${withPackFrame(e)}`);
        continue;
      }
      let analysis: FileAnalysis;
      try {
        analysis = analyze(this.hooks, lang, {
          path: abs,
          relPath: this.displayPath(abs),
          root: this.root,
          source: file.source,
          warnings: [...file.warnings, ...failures.map((f) => `${f} — served by pack ${found.manifest.id} instead`)],
          // The pack's defaults merged with `.pilensrc` `languages.<id>`, as api.options() gives them.
          options: this.registry.optionsOf(found.language, lang.pack),
          settings: this.settings,
          collect: extra.collect,
          lean: extra.lean,
        });
      } catch (e) {
        failures.push(`analysis failed in pack ${found.manifest.id} (${found.language}): ${withPackFrame(e)}`);
        continue;
      }
      if (failures.length) this.fallbacks.note(failures, found.manifest.id, this.displayPath(abs));
      if (extra.lean) return analysis; // partial: never serves module_report
      if (this.cacheSize > 0) this.cache.set(abs, { mtimeMs: file.mtimeMs, bytes: file.bytes, analysis });
      if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
      return analysis;
    }
    throw new PilensError(`${failures.join("; ")} (no other language pack claims this file)`, "pack_failed");
  }

  /** The module report of one file. Never throws for bad input: `available:false` + `error`. */
  async moduleReport(path: string, opts: ModuleReportOptions = {}): Promise<ModuleReport> {
    let a: FileAnalysis;
    try {
      a = await this.analyze(path);
    } catch (e) {
      // `app.js:6` (a position) when app.js is a file: its report, said so.
      const pos = await this.positionIn(path, e);
      if (pos) {
        const r = await this.moduleReport(pos.file, opts);
        return { ...r, warnings: [`"${path}" read as ${r.path}: ":${pos.line}${pos.column ? `:${pos.column}` : ""}" is a position (the report covers the whole file)`, ...(r.warnings ?? [])] };
      }
      const r = unavailableReport(path, errorMessage(e));
      if (this.warnings.length) r.warnings = [...this.warnings];
      return r;
    }
    if (opts.refreshGraph) await this.refreshGraphEntry(a.path);
    // The project graph is only read here (one small shard), never built.
    const graph = (await this.project()).forReport(a.path, { ...opts, highFanout: this.settings.highFanout, defaultMaxRefs: this.settings.maxRefsPerSymbol });
    const report = buildReport(this.hooks, a, opts, undefined, graph.usage);
    graph.apply(report, a.symbols);
    if (this.warnings.length) report.warnings = [...this.warnings, ...(report.warnings ?? [])];
    return report;
  }

  /** Re-index one file whose graph entry is stale (see ModuleReportOptions.refreshGraph); never throws. */
  private async refreshGraphEntry(abs: string): Promise<void> {
    try {
      const pg = await this.project();
      if (pg.isBuilding() || !pg.committedMeta()) return;
      const { changedSince, toRootRel } = await import("./graph/util.js");
      // (Not in the graph — new, ignored or over the cap — is no change: the report says so.)
      if (!changedSince(abs, pg.refsOf(toRootRel(this.root, abs)))) return;
      // Done for the call being answered: the parse must not pause for that call (serve/whenIdle).
      const inCall = this.calls > 0;
      if (inCall && --this.calls === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      try {
        await pg.updateFiles([abs]);
      } finally {
        if (inCall) this.calls++;
      }
    } catch {
      /* an unreadable graph: the report says so */
    }
  }

  /** The file and position a missing `path` names as `file:line[:column]` (core/path-hints.ts), after a "file not found". */
  private async positionIn(path: string, e: unknown): Promise<{ file: string; line: number; column?: number } | undefined> {
    if (!(e instanceof PilensError) || e.code !== "not_found") return undefined;
    return (await import("./path-hints.js")).positionInMissing(this.resolvePath(path));
  }

  /** The project graph + word index of this root (core/graph/): loaded lazily, built only by `index`. */
  project(): Promise<ProjectGraph> {
    return (this.graph ??= import("./graph/project.js").then((m) => new m.ProjectGraph(this, this.indexOptions)));
  }
  private graph?: Promise<ProjectGraph>;

  private calls = 0;
  private idleWaiters: (() => void)[] = [];

  /**
   * Run a host's tool call ahead of background work: while any call runs, a project index building in
   * this process pauses between files (an MCP server indexes from its start, and its first call used
   * to wait behind the parsing: 0.75 s instead of 0.23 s on this repository).
   */
  async serve<T>(call: () => Promise<T>): Promise<T> {
    this.calls++;
    try {
      return await call();
    } finally {
      if (--this.calls === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  /** A host's call is being answered (`serve`). */
  get busy(): boolean {
    return this.calls > 0;
  }

  /**
   * Where background work waits between steps: resolved at once when no call runs (`serve`), else when
   * the calls are done — or after `maxWaitMs`, so that a call that itself waits for that work (none
   * does) would be slow, never stuck.
   */
  whenIdle(maxWaitMs = 2000): Promise<void> {
    if (this.calls === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Build or refresh the project graph (`pilens index`); incremental, single-flight per root. */
  async index(opts?: IndexOptions): Promise<IndexResult> {
    return withPackWarnings(await (await this.project()).index(opts), this.warnings, this.fallbacks);
  }

  /** Stop an index build under way here, committing what it parsed (ProjectGraph.stopBuild); for a host going away. */
  async stopIndex(): Promise<IndexResult | undefined> {
    return this.graph ? (await this.graph).stopBuild() : undefined;
  }

  /**
   * Start loading (pack, grammar) what files of these paths will need, without waiting: the grammar
   * compiles on a V8 background thread while the caller does other work. Failures surface, with the
   * file that needed the pack, when a file is analysed.
   */
  preload(paths: Iterable<string>): void {
    const seen = new Set<string>();
    for (const p of paths) {
      const found = this.registry.lookup(p);
      if (!found) continue;
      const key = `${found.manifest.id}\u0000${found.language}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The grammar the manifest names starts at once, alongside the pack's code (which names it too).
      const grammar = found.manifest.languages.find((l) => l.id === found.language)?.grammar;
      if (grammar) loadLanguage(grammar).catch(() => {});
      this.registry.load(found.manifest, found.language).catch(() => {});
    }
  }

  /** symbol_search: ranked files from the word index; `available:false` + retryAfterMs while it builds. */
  async symbolSearch(query: string, opts?: SearchOptions): Promise<SearchResult> {
    const r = await withLineText(await (await this.project()).search(query, opts), (file) => this.resolvePath(file));
    return r.available ? withPackWarnings(r, this.warnings, this.fallbacks) : r;
  }

  /** Re-index files just edited (long-lived hosts); a no-op before the first build. */
  async updateFiles(paths: string[]): Promise<{ parsed: number; ms: number; persistMs: number }> {
    return (await this.project()).updateFiles(paths);
  }

  /**
   * Render a report with a view (`json`, `compact`, `summary`, or a third-party renderer). Options the
   * built-in views read: `detail: "full"` (no detail budget), `focus` (terms whose symbols the budget
   * shows first), `fullDetail` (how the host asks for everything, in the compact view's hint: the CLI's
   * `--detail full`; default the tools' `detail "full"`). Options of every view: `offset` (the outline of the lines from there on) and
   * `maxBytes` (a cap: over it the view covers the window that fits and says where to continue;
   * core/report-window.ts), `hint` (that note in the host's terms).
   */
  render(report: ModuleReport, view = this.defaultView, options: Record<string, unknown> = {}): string {
    const problem = this.viewError(view);
    if (problem) throw problem;
    const { offset, maxBytes, hint, ...rest } = options;
    if (typeof offset !== "number" && typeof maxBytes !== "number") return this.renderOnce(report, view, rest);
    return renderWindowed(report, { offset: offset as number | undefined, maxBytes: maxBytes as number | undefined, hint: hint as ((note: string) => string) | undefined }, (r) => this.renderOnce(r, view, rest));
  }

  private renderOnce(report: ModuleReport, view: string, options: Record<string, unknown>): string {
    // A third-party renderer's failure on one report is that report's error, named, never the batch's.
    let out: unknown;
    try {
      out = this.hooks.render.for(view).call(focusFirst(report, options.focus), { options, settings: this.settings });
    } catch (e) {
      throw new PilensError(`view "${view}" failed on ${report.path}: ${errorMessage(e)}`, "render");
    }
    if (out === undefined) throw new PilensError(`view "${view}" has no renderer for ${report.path} (${report.language ?? "no language"}): every renderer of the view declined it`, "render");
    if (typeof out !== "string") throw new PilensError(`view "${view}" returned ${out === null ? "null" : typeof out} for ${report.path}, not text`, "render");
    return out;
  }

  /** The verbatim source of one symbol. With a view `session`: counted toward fragmentation; lines sent before, a stub (view/repeat.ts). */
  async readSymbol(path: string, symbol: string, opts: ReadSymbolOptions & { session?: ViewSession } = {}): Promise<ReadSymbolResult> {
    let a: FileAnalysis;
    try {
      a = await this.analyze(path, { minified: true });
    } catch (e) {
      return { found: false, path, name: symbol, error: errorMessage(e) };
    }
    const checked = oversizeOptions(opts, "outline", READ_SYMBOL_MAX_LINES);
    if ("error" in checked) return { found: false, path: a.relPath, name: symbol, error: checked.error };
    const { result: r, declaredHere, hit, cands, imported } = lookupSymbol(a, symbol, opts);
    if (r.found) limitSymbol(a, cands, hit, r, checked.maxLines, checked.mode, opts.maxBytes), await addUses(r, hit, a, this.hooks, () => this.project(), this.settings);
    const re = await reexportNote(a, r, async (n) => (await this.project()).whereDefined(n, a.path), (p) => this.analyze(p, { minified: true }));
    if (re) r.note = r.note ? `${r.note}; ${re}` : re;
    if (!r.found && !r.error) {
      const defs = await (await this.project()).whereDefined(imported?.declaredAs ?? symbol, a.path);
      r.note = definedElsewhereNote(r, imported ? await pastReexport(imported, defs, a.root, (p) => this.analyze(p, { minified: true })) : defs, declaredHere, imported);
    }
    if (opts.session) (await import("./view/repeat.js")).readToolRepeat(opts.session, a, r, "read_symbol");
    const warnings = readWarnings(a, r.found);
    if (warnings) r.warnings = warnings;
    return r;
  }

  /** The smallest symbol or callback containing `line` (core/read-enclosing.ts). */
  async readEnclosing(path: string, line: number, opts: ReadEnclosingOptions & { session?: ViewSession } = {}): Promise<ReadEnclosingResult> {
    let a: FileAnalysis;
    try {
      a = await this.analyze(path, { minified: true });
    } catch (e) {
      // `app.js:6` (a position) when app.js is a file: that file, at the given line (else that one).
      const pos = await this.positionIn(path, e);
      if (pos) return this.readEnclosing(pos.file, line, { ...opts, column: opts.column ?? (pos.line === line ? pos.column : undefined) });
      return { found: false, path, line, error: errorMessage(e) };
    }
    // Loaded on first use: the read tools and tiers stay off the module_report start-up path.
    const r = (await import("./read-enclosing.js")).readEnclosing(a, line, opts);
    if (opts.session) (await import("./view/repeat.js")).readToolRepeat(opts.session, a, r, "read_enclosing");
    const warnings = readWarnings(a, r.found);
    if (warnings) r.warnings = [...(r.warnings ?? []), ...warnings];
    return r;
  }

  /** A read tier of a file window: full | signatures | map | auto (core/view/). Never throws: `error`. */
  async view(path: string, opts: ViewOptions = {}): Promise<ViewResult> {
    return (await import("./view/index.js")).view(this, path, opts);
  }
}

/** JSON with object keys sorted (a fingerprint of options written in any order). */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v && typeof v === "object" && !(v instanceof RegExp)) {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return v instanceof RegExp ? JSON.stringify(String(v)) : (JSON.stringify(v) ?? "null");
}

export function errorMessage(e: unknown): string {
  if (e instanceof PilensError) return e.message;
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}
export { PilensError };
