/** The shape of one CLI subcommand; each lives in commands/<name>.ts and is listed in commands/index.ts. */
import type { ParseArgsConfig } from "node:util";
import { parse, resolve } from "node:path";
import type { Lens, LensOptions } from "../../core/engine.js";
import { createLens } from "../../config/index.js";
import { statSync } from "node:fs";
import { PilensError, findMarkedRoot, findProjectRoot, safeReal } from "../../core/files.js";

export class UsageError extends Error {}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Paths a result names, shown escaped in the text where they hold a control character (shown-paths.ts). */
  note?: (result: unknown) => void;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** `--help`'s lines after the usage and summary: what the arguments mean, the defaults. */
  help?: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run(args: { values: Record<string, unknown>; positionals: string[] }, io: Io): Promise<number>;
}

/** Options every command takes. */
export const commonOptions = { cwd: { type: "string" }, help: { type: "boolean", short: "h" } } as const;

/** A whole-number option (`--limit 5`), undefined when absent; a usage error below `min` or not whole. */
export function wholeOption(values: Record<string, unknown>, name: string, min = 1): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} takes a whole number ≥ ${min}`);
  return n;
}

/**
 * The folder of `--cwd` (else the current one). One that does not exist, or a file, is bad input (exit 1):
 * it had been served as an empty project — `index` said "indexed 0 files", `search` "no identifier
 * matches", an MCP server "no file mentions" every name.
 */
export function cwdOf(values: Record<string, unknown>): string {
  const given = values.cwd as string | undefined;
  const dir = resolve(given ?? process.cwd());
  if (given !== undefined) {
    const st = statSync(dir, { throwIfNoEntry: false });
    if (!st) throw new PilensError(`--cwd ${given}: no such folder (${dir})`);
    if (!st.isDirectory()) throw new PilensError(`--cwd ${given}: is a file, not a folder (${dir})`);
  }
  return dir;
}

/**
 * The CLI serves the files it is given: a file inside the project of the current folder is served
 * under that root; a file named explicitly elsewhere (without --cwd) is served under its own
 * project root. With --cwd, every path is confined to that folder's project root.
 */
export class Lenses {
  private readonly byRoot = new Map<string, Promise<Lens>>();
  constructor(
    private readonly cwd: string,
    private readonly pinned: boolean,
    private readonly options: Pick<LensOptions, "cacheSize"> = {},
  ) {}

  /** `options.cacheSize: 0` for commands that read each file once (`report`). */
  static from(values: Record<string, unknown>, options: Pick<LensOptions, "cacheSize"> = {}): Lenses {
    return new Lenses(cwdOf(values), values.cwd !== undefined, options);
  }

  get(root: string): Promise<Lens> {
    let l = this.byRoot.get(root);
    if (!l) {
      l = createLens({ ...this.options, cwd: this.cwd, root });
      this.byRoot.set(root, l);
    }
    return l;
  }

  /** The Lens of the current folder's project. */
  home(): Promise<Lens> {
    return this.get(findProjectRoot(this.cwd));
  }

  forFile(path: string): Promise<Lens> {
    const home = (this.home_ ??= findProjectRoot(this.cwd));
    // (The real path: a symlink inside the project to a file elsewhere is that file, served as one named
    // explicitly — under its own project's root.)
    const abs = safeReal(resolve(this.cwd, path));
    const inHome = abs === home || abs.startsWith(home.endsWith("/") ? home : home + "/");
    // A current folder that is no project (no marker in it or above it) is the root only of files in no
    // project below it: a file of a project inside it is served under that project's root, with its
    // .pilensrc and its graph (QA: a batch run from a folder of checkouts ignored each one's config).
    if (this.pinned || (inHome && (this.homeMarked ??= findMarkedRoot(this.cwd) !== undefined))) return this.get(home);
    // A file outside any project (no .git/.pilensrc/package.json above it) shares one Lens rooted at
    // the filesystem root instead of one per folder (a batch over /usr/include stays one engine).
    const dir = resolve(abs, "..");
    let root = this.rootOfDir.get(dir);
    if (root === undefined) this.rootOfDir.set(dir, (root = findMarkedRoot(dir) ?? (inHome ? home : parse(dir).root)));
    return this.get(root);
  }
  private homeMarked?: boolean;
  private home_?: string;
  private readonly rootOfDir = new Map<string, string>();
}

