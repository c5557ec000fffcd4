/**
 * Where the graph lives on disk: a per-user cache folder keyed by the project root (never inside the
 * repo). A commit is the atomic rename of meta.json; shards carry a generation suffix, so a reader or a
 * kill -9 always sees one complete generation (the previous or the new one).
 */
import { shortHash } from "../hash.js";
import { closeSync, existsSync, mkdirSync, openSync, promises, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { GRAPH_VERSION, type GraphMeta } from "./types.js";
import { cacheBase } from "../cache-base.js";
import type { WordFile } from "./word-store.js";

/** The word index kept between processes (word-store.ts): one file beside the generations, replaced whole. */
const WORDS_FILE = "words.bin";

export { cacheBase };

export function cacheDirFor(root: string): string {
  const key = shortHash(resolve(root));
  return join(cacheBase(), key);
}

/** git HEAD commit read from .git directly (worktrees and packed refs included); null without git. */
export function gitHead(root: string): string | null {
  try {
    let gitDir = join(root, ".git");
    if (statSync(gitDir).isFile()) {
      const m = /gitdir:\s*(.+)/.exec(readFileSync(gitDir, "utf8"));
      if (!m) return null;
      gitDir = resolve(root, m[1]!.trim());
    }
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
    if (!ref) return head;
    const common = existsSync(join(gitDir, "commondir")) ? resolve(gitDir, readFileSync(join(gitDir, "commondir"), "utf8").trim()) : gitDir;
    for (const d of [gitDir, common]) {
      try {
        return readFileSync(join(d, ref), "utf8").trim();
      } catch {
        /* try packed refs */
      }
    }
    const packed = readFileSync(join(common, "packed-refs"), "utf8");
    return new RegExp(`^([0-9a-f]{40}) ${ref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m").exec(packed)?.[1] ?? null;
  } catch {
    return null;
  }
}

export class CorruptCache extends Error {
  /** `outdated`: readable, but made by other packs or options (the message says so whole). */
  constructor(message: string, readonly outdated = false) {
    super(message);
  }
}

export class GraphStore {
  readonly dir: string;
  constructor(readonly root: string) {
    this.dir = cacheDirFor(root);
  }

  get metaPath(): string {
    return join(this.dir, "meta.json");
  }

  /** The committed meta, or undefined when there is none. Throws CorruptCache for a bad or foreign one. */
  readMeta(): GraphMeta | undefined {
    let text: string;
    try {
      text = readFileSync(this.metaPath, "utf8");
    } catch {
      return undefined;
    }
    let meta: GraphMeta;
    try {
      meta = JSON.parse(text);
    } catch {
      throw new CorruptCache("graph cache meta.json is not valid JSON");
    }
    if (meta?.version !== GRAPH_VERSION) throw new CorruptCache(`graph cache has format version ${meta?.version ?? "?"}, this pilens reads ${GRAPH_VERSION}`);
    if (!meta.shards || !Array.isArray(meta.shards.files)) throw new CorruptCache("graph cache meta.json lacks its shard list");
    return meta;
  }

  metaMtime(): number {
    try {
      // No ENOENT exception (and its stack trace) per report when there is no graph.
      return statSync(this.metaPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    } catch {
      return 0;
    }
  }

  async readShard<T>(name: string): Promise<T> {
    let text: string;
    try {
      text = await promises.readFile(join(this.dir, name), "utf8"); // node:fs/promises loaded only when a graph is read
    } catch (e) {
      throw new CorruptCache(`graph cache shard ${name} is missing (${(e as NodeJS.ErrnoException).code})`);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CorruptCache(`graph cache shard ${name} is not valid JSON`);
    }
  }

  readShardSync<T>(name: string): T {
    try {
      return JSON.parse(readFileSync(join(this.dir, name), "utf8")) as T;
    } catch (e) {
      throw new CorruptCache(`graph cache shard ${name} is unreadable (${(e as Error).message})`);
    }
  }

  /**
   * Write a file atomically: temp in the same folder, then rename. Synchronous writes (a shard is a few
   * hundred KB): fs/promises' writeFile cost 3–5x more for the ~300 shards of a 10k-file build.
   */
  writeAtomic(name: string, text: string | Uint8Array): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    try {
      writeFileSync(tmp, text);
      renameSync(tmp, join(this.dir, name));
    } catch (e) {
      // (A full disk: the part written would hold the space the next commit needs.)
      rmSync(tmp, { force: true });
      throw e;
    }
  }

  /** Delete shard files no committed meta refers to (leftovers of older generations or killed writers). */
  collectGarbage(meta: GraphMeta): void {
    const live = new Set([...meta.shards.files, ...meta.shards.refs, "meta.json", "lock", WORDS_FILE]);
    for (const n of this.entries()) {
      if (live.has(n)) continue;
      const tmpOfLiveWriter = /\.(\d+)\.tmp$/.exec(n);
      if (tmpOfLiveWriter && Number(tmpOfLiveWriter[1]) !== process.pid && pidAlive(Number(tmpOfLiveWriter[1]))) continue;
      try {
        unlinkSync(join(this.dir, n));
      } catch {
        /* another process got there first */
      }
    }
  }

  /** The cache folder's file names (none when it cannot be listed). */
  private entries(): string[] {
    try {
      return readdirSync(this.dir);
    } catch {
      return [];
    }
  }

  /** Temp files of `name` left by writers that died (kill -9 mid-write). */
  private dropDeadTemps(name: string): void {
    for (const n of this.entries()) {
      const pid = n.startsWith(`.${name}.`) ? /\.(\d+)\.tmp$/.exec(n)?.[1] : undefined;
      if (pid && Number(pid) !== process.pid && !pidAlive(Number(pid))) rmSync(join(this.dir, n), { force: true });
    }
  }

  /** The word index's file for entries made by `stamp` (the analyzer: packs and options). */
  wordFile(stamp: string): WordFile {
    const path = join(this.dir, WORDS_FILE);
    return {
      stamp,
      read: () => (existsSync(path) ? readFileSync(path) : undefined),
      write: (data) => {
        this.dropDeadTemps(WORDS_FILE); // a killed writer's (only a commit collects the others)
        this.writeAtomic(WORDS_FILE, data);
      },
    };
  }

  lockPath(): string {
    return join(this.dir, "lock");
  }
}

export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A cross-process build lock: a file holding `pid startedAt`, created exclusively. It is stale when
 * its pid is gone or it has not been touched for `staleMs` (the holder touches it while working).
 */
export class BuildLock {
  private timer?: NodeJS.Timeout;
  constructor(private readonly path: string, private readonly staleMs = 30_000) {}

  /** Holder pid when another live process holds the lock, else undefined. */
  holder(): number | undefined {
    try {
      // Asked by every report of a project without a graph: no ENOENT exception (and its stack) each time.
      const st = statSync(this.path, { throwIfNoEntry: false });
      if (!st) return undefined;
      const [pid] = readFileSync(this.path, "utf8").split(" ");
      const n = Number(pid);
      const age = Date.now() - st.mtimeMs;
      if (n !== process.pid && pidAlive(n) && age < this.staleMs) return n;
    } catch {
      /* no lock */
    }
    return undefined;
  }

  tryAcquire(): boolean {
    mkdirSync(dirname(this.path), { recursive: true });
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.path, "wx");
        try {
          writeSync(fd, `${process.pid} ${Date.now()}`);
        } catch (e) {
          // (A full disk: an empty lock left behind named no holder, and stayed.)
          closeSync(fd);
          rmSync(this.path, { force: true });
          throw e;
        }
        closeSync(fd);
        this.timer = setInterval(() => {
          try {
            const now = new Date();
            utimesSync(this.path, now, now);
          } catch {
            /* lock removed under us: the next commit still works */
          }
        }, Math.max(1000, this.staleMs / 4));
        this.timer.unref();
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
        if (this.holder() !== undefined) return false;
        // Stale (holder died, e.g. kill -9): take it over.
        try {
          unlinkSync(this.path);
        } catch {
          /* raced with another taker */
        }
      }
    }
    return false;
  }

  /** Still ours: a holder that stalled past `staleMs` (SIGSTOP, a suspended laptop) may have lost it to another build. */
  held(): boolean {
    try {
      return Number(readFileSync(this.path, "utf8").split(" ")[0]) === process.pid;
    } catch {
      return false;
    }
  }

  release(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    try {
      const [pid] = readFileSync(this.path, "utf8").split(" ");
      if (Number(pid) === process.pid) unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }
}
