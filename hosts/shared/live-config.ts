/**
 * A long-running host's lens for one folder, following its `.pilensrc` (MCP server, pi session): each call
 * stats the places a config can be (config/load.ts' search: every folder from the working one up to the
 * project root, each SEARCH_PLACES name — a dozen stat calls, no watcher thread) and, when any was added,
 * removed or changed, reads the config again. A config that says something new gets a new Lens — its
 * settings, packs and renderers; the analysis caches are the Lens's, so none serves a result of the old
 * settings — and the host moves its index to it (onLens). A config that no longer loads is said in every
 * answer's warnings while the last good one keeps serving; fixing the file applies it. The first load is
 * as before: its failure is the call's error, and the next call reads the file again.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { createLens, loadConfig, type LoadedConfig } from "../../config/index.js";
import { SEARCH_PLACES, searchDirs } from "../../config/load.js";
import { errorMessage, type Lens } from "../../core/engine.js";
import { findProjectRoot } from "../../core/files.js";

/** What a call is served with: the lens, its config, and warnings for the answer (a config edit that does not load). */
export interface Served {
  lens: Lens;
  loaded: LoadedConfig;
  warnings: string[];
}

export interface LiveConfigOptions {
  /** A lens was made: the first, or one for a changed config (`previous` is the one it replaces). */
  onLens?(lens: Lens, previous: Lens | undefined): void;
  /** A config edit that failed to load (the host's log). */
  onBroken?(message: string): void;
}

/**
 * The config files' state: for each place a config can be, its modification time, size and inode, or
 * absent. Any edit, a new file or a removed one changes it (a `package.json` edit too: its `pilens` key
 * is compared after the read).
 */
export function configStamp(cwd: string, root: string): string {
  let stamp = "";
  for (const dir of searchDirs(cwd, root)) {
    for (const place of SEARCH_PLACES) {
      const st = statSync(resolve(dir, place), { throwIfNoEntry: false });
      stamp += st ? `${st.mtimeMs}:${st.size}:${st.ino};` : "-;";
    }
  }
  return stamp;
}

/** What a loaded config says (its file and settings): the same after a touch or an unrelated package.json edit. */
function sayings(loaded: LoadedConfig): string {
  return `${loaded.filepath ?? ""}\u0000${JSON.stringify(loaded.config)}`;
}

export class LiveConfig {
  readonly cwd: string;
  readonly root: string;
  private good?: { lens: Lens; loaded: LoadedConfig; stamp: string; says: string };
  private first?: Promise<Served>;
  private reload?: Promise<void>;
  private broken?: { stamp: string; warning: string };

  constructor(cwd: string, private readonly opts: LiveConfigOptions = {}) {
    this.cwd = resolve(cwd);
    this.root = findProjectRoot(this.cwd);
  }

  /** The lens serving now (undefined before the first load, or while it fails). */
  get lens(): Lens | undefined {
    return this.good?.lens;
  }

  /** The lens for a call, after reading the config again when its files changed; rejects only when no config ever loaded. */
  async get(): Promise<Served> {
    const stamp = configStamp(this.cwd, this.root);
    if (!this.good) return (this.first ??= this.load(stamp).finally(() => (this.first = undefined)));
    if (stamp !== this.good.stamp && stamp !== this.broken?.stamp) this.reload ??= this.refresh(stamp).finally(() => (this.reload = undefined));
    if (this.reload) await this.reload;
    return this.served();
  }

  private served(): Served {
    const { lens, loaded } = this.good!;
    return { lens, loaded, warnings: this.broken ? [this.broken.warning] : [] };
  }

  private async load(stamp: string): Promise<Served> {
    const loaded = await loadConfig(this.cwd, { root: this.root, fresh: true });
    const lens = await createLens({ cwd: this.cwd, root: this.root, loaded });
    this.good = { lens, loaded, stamp, says: sayings(loaded) };
    this.opts.onLens?.(lens, undefined);
    return this.served();
  }

  private async refresh(stamp: string): Promise<void> {
    const good = this.good!;
    try {
      const loaded = await loadConfig(this.cwd, { root: this.root, fresh: true });
      const says = sayings(loaded);
      if (says === good.says) {
        good.stamp = stamp;
      } else {
        const lens = await createLens({ cwd: this.cwd, root: this.root, loaded });
        this.good = { lens, loaded, stamp, says };
        this.opts.onLens?.(lens, good.lens);
      }
      this.broken = undefined;
    } catch (e) {
      const message = errorMessage(e);
      const was = good.loaded.filepath ? `the configuration loaded from ${good.loaded.filepath}` : "the defaults (no config file)";
      this.broken = { stamp, warning: `the edited config was not applied: ${message}\n(still serving ${was}; fixing the file applies it)` };
      this.opts.onBroken?.(message);
    }
  }
}
