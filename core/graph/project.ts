/**
 * ProjectGraph: the graph + word index of one project root. Built only by `index()` (the CLI's
 * `pilens index`, or a long-lived host in the background); module_report and read_symbol only read it.
 * One build per root at a time: in-process (a shared promise) and across processes (a lock file).
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Lens } from "../engine.js";
import { byteSize, PilensError } from "../files.js";
import { forgetFileChecks } from "../imports.js";
import { filesPrint } from "./freshness.js";
import { builtinPacks } from "../../language-packs/index.js";
import type { GraphModel } from "./model.js";
import { overCapEntry, planBuild, planUpdate, reexportersToParse } from "./plan.js";
import { reportGraph, type GraphReportOptions, type ReportGraph } from "./report-graph.js";
import type { ScannedFile } from "./scan.js";
import type { SearchOptions } from "./search.js";
import { analyzerChange, changedSince, followed, indexEta, languageCounts, dropDeleted, markStale, noOutlineWarning, OVER_SIZE_CAP, overCapWarning, scanWarnings, searchStateNotes, shardCountFor, shardOf, toRootRel, UNFINISHED, unfinishedWarning, waitForLoad } from "./util.js";
import { BuildLock, CorruptCache, GraphStore, gitHead } from "./store.js";
import { DEFAULT_LIMITS, GRAPH_VERSION, type FileEntry, type GraphLimits, type GraphMeta, type IndexOptions, type IndexResult, type PersistedEntry, type RefsRecord, type SearchResult } from "./types.js";

export type { IndexOptions, IndexResult, SearchResult } from "./types.js";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const heavy = () => import("./heavy.js");
export { overCapWarning, shardOf, toRootRel };

export class ProjectGraph {
  readonly store: GraphStore;
  readonly limits: GraphLimits;
  /** The whole graph in memory (after `index()` or a search/lookup loaded it). */
  model?: GraphModel;
  meta?: GraphMeta;
  private loadedMtime = 0;
  private building?: Promise<IndexResult>;
  /** Stops the build under way (stopBuild). */
  private stopper?: AbortController;
  private progress = { done: 0, total: 0, started: 0 };
  /** Refs shards read for reports (by file name; names change with each generation). */
  private refsCache = new Map<string, Record<string, RefsRecord>>();

  constructor(readonly lens: Lens, limits: Partial<GraphLimits> = {}) {
    this.store = new GraphStore(lens.root);
    this.limits = { ...DEFAULT_LIMITS };
    for (const [k, v] of Object.entries(limits)) if (v !== undefined) Object.assign(this.limits, { [k]: v });
  }

  get root(): string {
    return this.lens.root;
  }

  /** How a root-relative path is shown (relative to cwd); memoized — search shows many. */
  display(rel: string): string {
    let d = this.displayCache.get(rel);
    if (d === undefined) {
      d = this.lens.displayPath(join(this.root, rel));
      if (this.displayCache.size > 50_000) this.displayCache.clear();
      this.displayCache.set(rel, d);
    }
    return d;
  }
  private readonly displayCache = new Map<string, string>();

  isBuilding(): boolean {
    return this.building !== undefined || new BuildLock(this.store.lockPath()).holder() !== undefined;
  }

  /** Build or refresh the graph. Concurrent calls share one build; another process's build is awaited. */
  index(opts: IndexOptions = {}): Promise<IndexResult> {
    if (!this.building) {
      const stopper = (this.stopper = new AbortController());
      this.building = this.doIndex(opts, stopper.signal).finally(() => {
        this.building = undefined;
        if (this.stopper === stopper) this.stopper = undefined;
      });
    }
    return this.building;
  }

  /**
   * Stop the build under way, keeping what it parsed: linked and committed, the graph saying how many
   * files it lacks (GraphMeta.unfinished), which the next build parses. For a host going away (an MCP
   * client ends stdin, then SIGTERMs 2 s later: a large project's cold build was lost every time).
   */
  stopBuild(): Promise<IndexResult | undefined> {
    if (!this.building) return Promise.resolve(undefined);
    this.stopper?.abort();
    return this.building.catch(() => undefined);
  }

  private async doIndex(opts: IndexOptions, stop: AbortSignal): Promise<IndexResult> {
    const t0 = performance.now();
    const warnings: string[] = [];
    const lock = new BuildLock(this.store.lockPath());
    let waited = false;
    while (!lock.tryAcquire()) {
      if (stop.aborted) throw new PilensError("index stopped while waiting for another pilens index building this project", "busy");
      const holder = lock.holder();
      if (!waited) warnings.push(`waited for another pilens index (pid ${holder ?? "?"}) building this project`);
      waited = true;
      if (performance.now() - t0 > (opts.waitMs ?? 600_000)) throw new PilensError(`another pilens index (pid ${holder}) is still building this project`, "busy");
      await sleep(200);
    }
    try {
      const { GraphModel, parseMany, scanProject, WORKER_MIN_FILES } = await heavy();
      const claims = (name: string) => this.lens.registry.lookup(name) !== undefined;
      const tScan = performance.now();
      const scannedAt = Date.now();
      const scan = scanProject(this.root, claims, this.limits.maxFiles, this.limits.ignore);
      forgetFileChecks(); // files may have appeared since imports were last resolved
      const scanMs = performance.now() - tScan;
      // Grammars for files likely to need parsing (changed since the last commit; all on a first or
      // forced build) compile in the background while the committed graph loads — unless that many
      // files go to worker threads, which load their own.
      const since = opts.rebuild ? -Infinity : (this.readMetaQuietly()?.builtAt ?? -Infinity) - 2000;
      const likely = scan.files.filter((f) => f.m > since);
      if (likely.length < WORKER_MIN_FILES && !opts.background) this.lens.preload(likely.map((f) => f.rel));
      if (opts.rebuild) await this.reset();
      else await this.loadCommitted(warnings, true);
      const model = (this.model ??= new GraphModel(this.wordFile()));
      const cold = model.files.size === 0;
      // A cold build fills the word index as entries stream in; its commit stores it (word-store.ts).
      if (cold) void model.words;
      const { toParse, large, removed } = planBuild(model, scan.files, this.limits.maxFileBytes, (rel) => this.lens.registry.lookup(rel)?.language ?? "unknown", this.meta?.unfinished ? this.meta : undefined);
      const [over, overBytes] = [toParse.length + removed.length + large.size, toParse.reduce((a, f) => a + f.s, 0)];
      if (over > (opts.maxChanges ?? Infinity) || overBytes > (opts.maxChangeBytes ?? Infinity)) return { root: this.root, files: model.files.size, parsed: 0, reused: 0, removed: 0, ms: Math.round(performance.now() - t0), phases: { scanMs: Math.round(scanMs), parseMs: 0, linkMs: 0, writeMs: 0 }, over, overBytes, cacheDir: this.store.dir, warnings };
      this.progress = { done: 0, total: toParse.length, started: Date.now() };
      const tParse = performance.now();
      let parsed: Map<string, FileEntry>, more: ScannedFile[] = [];
      try {
        parsed = await parseMany(this.lens, toParse, this.builtinOnly(), {
          ...opts,
          signal: stop,
          onProgress: (d, t) => {
            this.progress.done = d;
            opts.onProgress?.(d, t);
          },
          // A cold build takes entries into the model (definitions, imports, word index) while workers
          // parse on; update() below sees they are in and only links. Not on a refresh: update() needs
          // the old entries to find what changed.
          onEntries: cold ? (entries) => { for (const [rel, e] of entries) model.setFile(rel, e); } : undefined,
        });
        // Re-exports naming a declaration whose kind this parse changed take the new kind (plan.ts).
        const since = this.meta?.unfinished ? (this.meta.scannedAt ?? this.meta.builtAt - 2000) : -Infinity;
        const again = cold ? [] : reexportersToParse(model, parsed, removed, (rel) => model.files.has(rel) || parsed.get(rel)!.m >= since);
        more = scan.files.filter((f) => again.includes(f.rel) && f.s <= this.limits.maxFileBytes);
        toParse.push(...more);
        if (more.length && !stop.aborted) for (const [k, v] of await parseMany(this.lens, more, this.builtinOnly(), { workers: 0, signal: stop })) parsed.set(k, v);
      } catch (e) {
        if (cold) await this.reset(); // entries taken in so far were never linked: start over next time
        throw e;
      }
      // Stopped (stopBuild): files not parsed stay out (or as they were), counted; the next build parses them.
      const unfinished = toParse.length - parsed.size;
      // A re-exporter the stop left with old kinds is kept with no mtime: the next build's plan parses it.
      const parsedCount = parsed.size;
      for (const f of more) if (!parsed.has(f.rel) && model.files.has(f.rel)) parsed.set(f.rel, { ...model.files.get(f.rel)!, m: -1 });
      if (unfinished) warnings.push(unfinishedWarning(unfinished));
      // (Stopped before a file was parsed: the committed graph stays as it is.)
      const changes = parsed.size + removed.length + large.size > 0;
      const failed = [...parsed].filter(([, e]) => e.e);
      if (failed.length) warnings.push(noOutlineWarning(failed.length, failed[0]![0], failed[0]![1].e!, this.root));
      for (const [k, v] of large) parsed.set(k, v);
      const tLink = performance.now();
      const { relinked, touched } = model.update(parsed, removed, cold);
      model.maybeCompactWords();
      warnings.push(...scanWarnings(scan, this.limits.maxFiles));
      // Relinked files carry new links: their files shards change too.
      const dirtyFiles = new Set([...parsed.keys(), ...removed, ...relinked]);
      const tWrite = performance.now();
      // Every file over the cap, also those kept from an earlier build (a rebuild must not forget them:
      // the MCP server's second pass used to reset the count to 0, and search said nothing).
      const overSize = [...model.files].filter(([, e]) => e.e?.startsWith(OVER_SIZE_CAP)).map(([rel]) => rel).sort();
      if (overSize.length) warnings.push(`${overSize.length} file(s) over ${byteSize(this.limits.maxFileBytes)} were not parsed (raise index.maxFileBytes in .pilensrc)`);
      const kept = warnings.filter((w) => !w.startsWith("waited") && !w.startsWith(UNFINISHED));
      // A stopped --rebuild keeps the graph it was rebuilding (complete, if older) over a partial one.
      const keepOld = opts.rebuild && unfinished > 0 && this.readMetaQuietly() !== undefined;
      if (keepOld) warnings.splice(warnings.findIndex((w) => w.startsWith(UNFINISHED)), 1, `--rebuild stopped with ${unfinished} file(s) not parsed: the graph built before it is kept`);
      // (A build that stalled past the lock's 30 s may have lost it: the newer build's graph stands.)
      const lost = !lock.held();
      if (lost) warnings.push("another pilens index took this build's lock while it stalled (over 30 s): its graph is kept, this build's is not committed");
      if ((changes || !unfinished) && !keepOld && !lost) await this.commit(dirtyFiles, touched, { overCap: scan.overCap, skippedLarge: overSize.length, large: overSize.slice(0, 100), warnings: kept, ...(unfinished ? { unfinished, scannedAt } : {}), ...(scan.unreadable ? { unreadable: scan.unreadable.slice(0, 20) } : {}) }, cold || !this.meta);
      if (opts.warmSearch !== false) void model.words;
      return {
        root: this.root,
        files: model.files.size,
        parsed: parsedCount,
        ...(unfinished ? { unfinished } : {}),
        reused: scan.files.length - toParse.length - large.size,
        removed: removed.length,
        ms: Math.round(performance.now() - t0),
        phases: { scanMs: Math.round(scanMs), parseMs: Math.round(tLink - tParse), linkMs: Math.round(tWrite - tLink), writeMs: Math.round(performance.now() - tWrite) },
        cacheDir: this.store.dir,
        warnings,
      };
    } finally {
      lock.release();
    }
  }

  /** committedMeta, or undefined when unreadable (loadCommitted reports that). */
  private readMetaQuietly(): GraphMeta | undefined {
    try {
      return this.committedMeta();
    } catch {
      return undefined;
    }
  }

  private builtinOnly(): boolean {
    return this.lens.registry.manifests.every((m) => builtinPacks.includes(m));
  }

  private readonly wordFile = () => this.store.wordFile(JSON.stringify(this.lens.analyzer()));
  private async reset(): Promise<void> {
    this.model = new (await heavy()).GraphModel(this.wordFile());
    this.meta = undefined;
    this.loadedMtime = 0;
  }

  /**
   * Load the committed graph into memory unless what we hold is current. Corrupt → empty + warning.
   * `forBuild`: the build's own call (others get false while a build runs, the graph held untouched).
   */
  async loadCommitted(warnings: string[], forBuild = false): Promise<boolean> {
    const mtime = this.store.metaMtime();
    if (this.model && mtime === this.loadedMtime) return this.meta !== undefined;
    // While a build runs, the model is its work in progress: a call must not replace it (resetting it
    // for an unusable committed graph made that build commit an empty one). Not loaded until it commits.
    if (this.building && !forBuild) return false;
    let meta: GraphMeta | undefined;
    try {
      meta = this.committedMeta(); // memoized by mtime: index() read it a moment ago
      if (!meta) return (await this.reset(), false);
      const model = new (await heavy()).GraphModel(this.wordFile());
      const all = new Map<string, PersistedEntry>();
      for (const name of meta.shards.files) {
        const shard = this.store.readShardSync<Record<string, PersistedEntry>>(name);
        for (const rel in shard) all.set(rel, shard[rel]!);
        // A turn of the event loop per shard: what was started before (grammar reads and compiles,
        // index() preloads them) goes on in the background instead of waiting for the whole load.
        await new Promise((r) => setImmediate(r));
      }
      model.restore(all);
      this.model = model;
      this.meta = meta;
      this.loadedMtime = mtime;
      return true;
    } catch (e) {
      if (!(e instanceof CorruptCache)) throw e;
      warnings.push(`${e.message} — rebuilding the project graph from scratch`);
      await this.reset();
      return false;
    }
  }

  private shardMemo: { n: number; of: Map<string, number> } = { n: 0, of: new Map() };
  /** Files a host updated while another process held the build lock: not on disk yet (updateFiles). */
  private readonly unsaved = new Set<string>();

  /** Persist dirty shards under a new generation, then commit by renaming meta.json. */
  private async commit(dirtyFiles: Set<string>, dirtyRefs: Set<string>, info: Pick<GraphMeta, "overCap" | "skippedLarge" | "large" | "warnings" | "unfinished" | "scannedAt" | "unreadable">, all: boolean): Promise<void> {
    const model = this.model!;
    const prev = this.meta;
    const gen = (prev?.generation ?? 0) + 1;
    // The shard count is fixed at a full build (paths hash into it); a project that grew a lot gets more.
    const n = !all && prev && prev.shardCount * 4 > shardCountFor(model.files.size) ? prev.shardCount : shardCountFor(model.files.size);
    if (prev && n !== prev.shardCount) all = true;
    const fileShards = new Set<number>();
    const refShards = new Set<number>();
    for (const r of dirtyFiles) fileShards.add(shardOf(r, n));
    for (const r of dirtyRefs) refShards.add(shardOf(r, n));
    const byShard: string[][] = Array.from({ length: n }, () => []);
    // Shard of each file, remembered across commits (hashing 10k paths was ~4 ms of every one-file update).
    if (this.shardMemo.n !== n || this.shardMemo.of.size > 2 * model.files.size + 1000) this.shardMemo = { n, of: new Map() };
    const memo = this.shardMemo.of;
    for (const rel of model.files.keys()) {
      let k = memo.get(rel);
      if (k === undefined) memo.set(rel, (k = shardOf(rel, n)));
      byShard[k]!.push(rel);
    }
    const names = { files: [] as string[], refs: [] as string[] };
    for (let i = 0; i < n; i++) {
      const id = String(i).padStart(3, "0");
      if (all || !prev || fileShards.has(i) || !prev.shards.files[i]) {
        const obj: Record<string, PersistedEntry> = {};
        for (const rel of byShard[i]!) obj[rel] = model.persisted(rel)!;
        names.files[i] = `files-${id}.g${gen}.json`;
        this.store.writeAtomic(names.files[i]!, JSON.stringify(obj));
      } else names.files[i] = prev.shards.files[i]!;
      // (A refs shard gone from disk — deleted, or dropped unreadable by refsOf — is written again.)
      if (all || !prev || refShards.has(i) || !prev.shards.refs[i] || !existsSync(join(this.store.dir, prev.shards.refs[i]!))) {
        const obj: Record<string, RefsRecord> = {};
        for (const rel of byShard[i]!) obj[rel] = model.refsRecord(rel)!;
        names.refs[i] = `refs-${id}.g${gen}.json`;
        this.store.writeAtomic(names.refs[i]!, JSON.stringify(obj));
      } else names.refs[i] = prev.shards.refs[i]!;
      if (i % 32 === 31) await new Promise((r) => setImmediate(r)); // a host answers calls meanwhile
    }
    const meta: GraphMeta = {
      version: GRAPH_VERSION,
      analyzer: this.lens.analyzer(),
      root: this.root,
      gitHead: gitHead(this.root),
      builtAt: Date.now(),
      fileCount: model.files.size,
      languages: languageCounts(model.files),
      maxFiles: this.limits.maxFiles,
      generation: gen,
      shardCount: n,
      shards: names,
      print: filesPrint(function* () { for (const [rel, e] of model.files) yield [rel, e.m, e.s] as const; }()),
      ...info,
    };
    this.store.writeAtomic("meta.json", JSON.stringify(meta));
    this.meta = meta;
    this.loadedMtime = this.store.metaMtime();
    this.refsCache.clear();
    this.store.collectGarbage(meta);
    model.saveWords();
  }

  /**
   * Re-parse files an agent just edited (long-lived hosts) and persist the change. Needs a built
   * graph; without one it does nothing (the background build will see the files).
   */
  async updateFiles(paths: string[]): Promise<{ parsed: number; ms: number; persistMs: number }> {
    const t0 = performance.now();
    if (this.building) await this.building;
    if (!(await this.loadCommitted([])) || !this.model) return { parsed: 0, ms: 0, persistMs: 0 };
    forgetFileChecks();
    const { jobs, removed } = planUpdate(this.model, this.root, paths.map((p) => this.lens.resolvePath(p)).filter((abs) => this.lens.registry.lookup(abs)), this.limits.ignore ?? []);
    if (!jobs.length && !removed.length) return { parsed: 0, ms: Math.round(performance.now() - t0), persistMs: 0 };
    const { parseMany } = await heavy();
    // (Over the size cap, as a build: stamped, not parsed on this thread.)
    const parsed = await parseMany(this.lens, jobs.filter((j) => j.s <= this.limits.maxFileBytes), false, { workers: 0 });
    for (const j of jobs) if (j.s > this.limits.maxFileBytes) parsed.set(j.rel, overCapEntry(j, this.limits.maxFileBytes, this.lens.registry.lookup(j.abs)?.language ?? "unknown"));
    // As a build: re-exports of a declaration whose kind changed (plan.ts).
    const again = reexportersToParse(this.model, parsed, removed, () => true).map((rel) => ({ rel, abs: join(this.root, rel), m: this.model!.files.get(rel)!.m, s: this.model!.files.get(rel)!.s }));
    for (const [k, v] of await parseMany(this.lens, again, false, { workers: 0 })) parsed.set(k, v);
    const { relinked, touched } = this.model.update(parsed, removed);
    const ms = performance.now() - t0;
    const lock = new BuildLock(this.store.lockPath());
    // (Another process building: the edit lives in memory until that graph is loaded, then is applied again.)
    if (!lock.tryAcquire()) for (const p of paths) this.unsaved.add(p);
    else {
      try {
        await this.commit(new Set([...parsed.keys(), ...removed, ...relinked]), touched, { overCap: this.meta?.overCap ?? 0, skippedLarge: this.meta?.skippedLarge ?? 0, large: this.meta?.large, warnings: this.meta?.warnings ?? [], unfinished: this.meta?.unfinished, scannedAt: this.meta?.scannedAt }, false);
      } finally {
        lock.release();
      }
    }
    // ms: parse + relink (visible to reports and search at once); persistMs: writing the dirty shards.
    return { parsed: jobs.length, ms: Math.round(ms), persistMs: Math.round(performance.now() - t0 - ms) };
  }

  /** What module_report reads from the graph (core/graph/report-graph.ts). */
  forReport(abs: string, opts: GraphReportOptions): ReportGraph {
    return reportGraph(this, abs, opts);
  }

  /** symbol_search: never builds; waits (≤ 2 s) only for a committed graph being loaded. */
  async search(query: string, opts: SearchOptions = {}): Promise<SearchResult> {
    const warnings: string[] = [];
    const load = () => this.loadCommitted(warnings).catch((e: Error) => (warnings.push(`project graph unreadable: ${e.message}`), false));
    let have = await load();
    // A host's background refresh has not loaded the committed graph yet (its first call comes in ~50–250 ms
    // after start): a usable index is on disk, so wait for that load (bounded) instead of saying "being built".
    if (!have && this.building && this.readMetaQuietly()) have = await waitForLoad(load, () => this.building !== undefined);
    if (!have || !this.model) {
      if (this.isBuilding()) {
        const { done, total } = this.progress;
        return { available: false, reason: `the symbol index of ${this.root} is being built${total ? ` (${done}/${total} files)` : ""}`, retryAfterMs: indexEta(this.progress, Date.now()) };
      }
      return { available: false, reason: `no symbol index for ${this.root} yet — run \`pilens index\` (a long-lived host builds it in the background)${warnings.length ? `; ${warnings.join("; ")}` : ""}` };
    }
    // Most files unparsed (a stopped build) while a build here parses them: the first build's answer, not "no file mentions X".
    const unparsed = this.meta?.unfinished ?? 0;
    if (unparsed >= this.model.files.size && this.isBuilding()) {
      return { available: false, reason: `the symbol index of ${this.root} is being completed (a stopped build left ${unparsed} file(s) not parsed)`, retryAfterMs: indexEta(this.progress, Date.now()) };
    }
    const rels = new Map<string, string>(); // display path → root-relative (display is cached)
    const h = await heavy();
    const { hits, fix } = h.searchOrFix(this.model, query, { ...opts, entries: h.entryFiles(this.root, (rel) => this.model!.files.has(rel), this.loadedMtime) }, (rel) => (rels.set(this.display(rel), rel), this.display(rel)));
    if (!hits.length && opts.paths?.length && !h.anyFileMatches(this.model, opts.paths)) {
      warnings.push(`no indexed file matches paths ${opts.paths.join(", ")} (root-relative folders or globs, e.g. src/** )`);
    }
    if (!hits.length && opts.lang && ![...this.model.files.values()].some((e) => e.l === opts.lang)) warnings.push(`no indexed file is ${opts.lang} (the index holds ${[...new Set([...this.model.files.values()].map((e) => e.l))].sort().join(", ") || "no files"})`);
    const gone = dropDeleted(hits, (f) => existsSync(join(this.root, rels.get(f)!)));
    if (gone) warnings.push(gone);
    const stale = markStale(hits, (f) => changedSince(join(this.root, rels.get(f)!), this.model?.files.get(rels.get(f)!)));
    if (stale) warnings.push(stale);
    warnings.push(...h.searchNotes(this.model, query, hits, [...rels.values()], fix, unparsed, followed(this.root)), ...searchStateNotes(this.meta, this.root, !!this.building));
    const more = { ...(fix?.didYouMean.length ? { didYouMean: fix.didYouMean } : {}), ...(fix?.corrected ? { searched: fix.corrected } : {}), ...(unparsed ? { unparsed } : {}) };
    return warnings.length ? { available: true, hits, warnings, ...more } : { available: true, hits, ...more };
  }

  /** The committed refs record of one file, reading one small shard (never the whole graph). */
  refsOf(rel: string): RefsRecord | undefined {
    if (this.model && this.meta && this.store.metaMtime() === this.loadedMtime) return this.model.refsRecord(rel);
    const meta = this.committedMeta();
    if (!meta) return undefined;
    const name = meta.shards.refs[shardOf(rel, meta.shardCount)];
    if (!name) return undefined;
    let shard = this.refsCache.get(name);
    if (!shard) {
      try {
        shard = this.store.readShardSync<Record<string, RefsRecord>>(name);
      } catch (e) {
        // Unreadable: dropped, so the next `pilens index` (which its warning names) writes it again.
        if (e instanceof CorruptCache) rmSync(join(this.store.dir, name), { force: true });
        throw e;
      }
      this.refsCache.set(name, shard);
    }
    return shard[rel];
  }

  /** meta.json as committed now (one small file, re-read only when it changed). Throws CorruptCache. */
  committedMeta(): GraphMeta | undefined {
    const mtime = this.store.metaMtime();
    if (!mtime) return undefined;
    if (this.meta && mtime === this.loadedMtime) return this.meta;
    if (this.seen?.mtime !== mtime) {
      this.refsCache.clear();
      this.seen = { mtime, meta: this.store.readMeta() };
      // Another process committed: edits kept in memory only (updateFiles under its lock) go over its graph again, and are saved.
      const again = [...this.unsaved];
      this.unsaved.clear();
      if (again.length) setImmediate(() => void this.updateFiles(again).catch(() => undefined));
    }
    const meta = this.seen.meta;
    // Entries made by other packs or pack options (a pack added, upgraded or reconfigured) are stale
    // whatever the files' mtimes say.
    const change = meta && analyzerChange(meta.analyzer, this.lens.analyzer());
    if (change) throw new CorruptCache(`project graph built with other language packs or pack options (${change})`, true);
    return meta;
  }
  private seen?: { mtime: number; meta: GraphMeta | undefined };

  /** Where a symbol is defined elsewhere in the project (read_symbol misses). Loads the graph if built. */
  async whereDefined(symbol: string, exceptAbs?: string, limit = 3): Promise<{ file: string; symbol: string; kind: string; startLine: number; endLine: number }[]> {
    try {
      if (!(await this.loadCommitted([])) || !this.model) return [];
    } catch {
      return [];
    }
    const exceptRel = exceptAbs && toRootRel(this.root, exceptAbs);
    return (await heavy()).definitionsNamed(this.model, symbol, exceptRel || undefined, limit, (rel) => this.display(rel));
  }
}
