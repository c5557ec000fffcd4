/**
 * Keeps a long-lived server's project graph current: one non-recursive `fs.watch` per project folder
 * the index covers (the project's ignore rules apply: dot-folders, node_modules and the other skipped
 * folders, .gitignore, `.pilensrc` `ignore`), so ignored trees cost no watches at all. Changed files
 * of a language pack are re-indexed in a batch (`lens.updateFiles`) after a short quiet period and
 * only between calls (`lens.whenIdle`); a folder appearing or vanishing, a changed .gitignore or an
 * event without a file name runs the incremental index instead (it re-scans and drops deleted files).
 *
 * Watches are not free (inotify: fs.inotify.max_user_watches): past `maxFolders`, or when the system
 * refuses one (ENOSPC, EMFILE), the server logs a warning and watches what it has; module_report
 * still refreshes a stale file before answering (Lens.moduleReport `refreshGraph`), and `pilens
 * index` catches up the rest. Watchers never keep the process alive.
 */
import { lstatSync, readdirSync, readFileSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { errorMessage, type Lens } from "../../core/engine.js";
import { isIgnored, parseGitignore, type IgnoreRule } from "../../core/graph/gitignore.js";
import { isSkippedDir } from "../../core/graph/scan.js";
import { follow } from "../../core/graph/util.js";

export interface ProjectWatcher {
  /** Folders watched now. */
  readonly folders: number;
  /** Resolves once every folder known so far is watched (the listing runs a slice per event-loop turn). */
  listed(): Promise<void>;
  close(): void;
}

export interface WatchOptions {
  log: (s: string) => void;
  /** Quiet period before a batch of changes is indexed (default 100 ms). */
  debounceMs?: number;
  /** Most folders watched (default 8,192). */
  maxFolders?: number;
}

interface Folder {
  watcher: FSWatcher;
  /** Ignore rules in force inside it (root `ignore`, then each .gitignore down to it). */
  rules: IgnoreRule[];
}

export function watchProject(lens: Lens, opts: WatchOptions): ProjectWatcher {
  const root = lens.root;
  const debounceMs = opts.debounceMs ?? 100;
  const maxFolders = opts.maxFolders ?? 8192;
  const baseRules = parseGitignore((lens.indexOptions.ignore ?? []).join("\n"), "");
  const folders = new Map<string, Folder>();
  let closed = false;
  let limited = false;
  const pending = new Set<string>();
  let rescan = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const warnOnce = (why: string) => {
    if (limited) return;
    limited = true;
    opts.log(`watching ${folders.size} folders only (${why}); files elsewhere are re-indexed when module_report reads them or by \`pilens index\``);
  };

  const skipDir = (name: string, rel: string, rules: IgnoreRule[]) => name.startsWith(".") || isSkippedDir(name) || isIgnored(rules, rel, true);

  // Folders to watch, taken a slice per turn of the event loop: listing a large tree is start-up work a
  // call that comes in meanwhile should not wait for.
  let queue: [string, IgnoreRule[]][] = [];
  let pumping = false;
  const pump = () => {
    const slice = queue.splice(0, 64);
    for (const [rel, rules] of slice) watchFolder(rel, rules);
    if (queue.length && !closed) return void setImmediate(pump);
    pumping = false;
    for (const wake of listed.splice(0)) wake();
  };
  const listed: (() => void)[] = [];

  /** Watch `rel` and the folders under it the index covers. */
  const addTree = (rel: string, parentRules: IgnoreRule[]) => {
    queue.push([rel, parentRules]);
    if (!pumping) (pumping = true), setImmediate(pump);
  };

  const watchFolder = (rel: string, parentRules: IgnoreRule[]) => {
    if (closed || limited || folders.has(rel)) return;
    if (folders.size >= maxFolders) return warnOnce(`over ${maxFolders} folders`);
    const abs = rel ? join(root, rel) : root;
    let rules = parentRules;
    try {
      rules = [...rules, ...parseGitignore(readFileSync(join(abs, ".gitignore"), "utf8"), rel)];
    } catch {
      /* no .gitignore here */
    }
    let watcher: FSWatcher;
    try {
      watcher = watch(abs, { persistent: false }, (_event, name) => onEvent(rel, name ? String(name) : undefined));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOSPC" || code === "EMFILE" || code === "ENFILE") return warnOnce(`${code}: the system allows no more file watches`);
      return; // vanished meanwhile, or unreadable: the index skips it too
    }
    watcher.on("error", (e) => {
      dropTree(rel);
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EPERM") opts.log(`watch of ${rel || "."} failed: ${errorMessage(e)}`);
    });
    folders.set(rel, { watcher, rules });
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const sub = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && !skipDir(e.name, sub, rules)) queue.push([sub, rules]);
    }
  };

  const dropTree = (rel: string) => {
    for (const [k, f] of folders) {
      if (k === rel || (rel === "" ? true : k.startsWith(`${rel}/`))) {
        f.watcher.close();
        folders.delete(k);
      }
    }
  };

  const onEvent = (dirRel: string, name: string | undefined) => {
    const folder = folders.get(dirRel);
    if (closed || !folder) return;
    if (!name) return schedule(true);
    const rel = dirRel ? `${dirRel}/${name}` : name;
    const abs = join(root, rel);
    if (name === ".gitignore") {
      // Other rules from here down: watch the subtree again with them, and let the index re-scan.
      const parent = dirRel ? folders.get(dirRel.slice(0, Math.max(0, dirRel.lastIndexOf("/"))))?.rules : baseRules;
      dropTree(dirRel);
      addTree(dirRel, parent ?? baseRules);
      return schedule(true);
    }
    let isDir = false;
    try {
      // lstat: a symlink is never followed (the index does not follow them either) — `ln -s /usr x`
      // inside the project must not make the server watch /usr.
      isDir = lstatSync(abs).isDirectory();
    } catch {
      /* gone: a deleted file, or a deleted folder */
    }
    if (isDir || folders.has(rel)) {
      if (skipDir(name, rel, folder.rules)) return;
      if (isDir) addTree(rel, folder.rules);
      else dropTree(rel);
      return schedule(true);
    }
    if (!lens.registry.lookup(abs) || isIgnored(folder.rules, rel, false)) return;
    pending.add(abs);
    schedule(false);
  };

  const schedule = (all: boolean) => {
    if (all) rescan = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
    timer.unref();
  };

  const flush = () => {
    timer = undefined;
    const paths = [...pending];
    const all = rescan;
    pending.clear();
    rescan = false;
    running = running.then(async () => {
      if (closed) return;
      await lens.whenIdle();
      // The incremental index re-scans the project: it sees the pending files too. A build already
      // running may have scanned before the change: one more pass after it.
      if (all) {
        if ((await lens.project()).isBuilding()) await lens.index({ background: true }).catch(() => undefined);
        await lens.index({ background: true });
      }
      // (No committed graph — its cache folder deleted under the host: an update would be a no-op — build it again.)
      else if (paths.length && !hasGraph(await lens.project())) await lens.index({ background: true });
      else if (paths.length) await lens.updateFiles(paths);
    }).catch((e) => opts.log(`re-index after a change failed: ${errorMessage(e)}`));
  };

  follow(root, 1);
  addTree("", baseRules);
  // A file created or changed while the first build ran may have been scanned before it changed, and
  // no watch saw it: one incremental pass now that the watches stand (cheap: unchanged files are skipped).
  schedule(true);
  return {
    get folders() {
      return folders.size;
    },
    listed() {
      return pumping ? new Promise<void>((res) => listed.push(res)) : Promise.resolve();
    },
    close() {
      if (!closed) follow(root, -1);
      closed = true;
      queue = [];
      for (const wake of listed.splice(0)) wake();
      if (timer) clearTimeout(timer);
      dropTree("");
    },
  };
}

/** A committed graph is on disk (not deleted, not unreadable). */
function hasGraph(pg: { committedMeta(): unknown }): boolean {
  try {
    return pg.committedMeta() !== undefined;
  } catch {
    return false;
  }
}
