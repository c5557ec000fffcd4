/**
 * The project graph's data: one compact entry per indexed file (what its parse said), persisted in
 * shards; everything else (links, usedBy, postings) is derived in memory from these entries.
 */

import type { ParseOptions } from "./pool.js";
import type { SearchHit } from "./search.js";

/** Bump when the persisted shape or its meaning changes: an older cache is rebuilt with a warning. */
export const GRAPH_VERSION = 66;

/**
 * A definition: `[name, qualifiedName, kind, startLine, endLine, flags, parentIndex]`.
 * flags bit 1 = exported, bit 2 = a re-export (`export { x } from "./y"`: it names a definition
 * elsewhere), bit 4 = an alias, bit 8 = a partial type's part, bit 16 = file-local. parentIndex is -1 for top-level records.
 */
export type Def = [string, string, string, number, number, number, number];
export const DEF_EXPORTED = 1;
export const DEF_REEXPORT = 2;
/** Another name the file gives a definition (`export { Schema as ZodSchema }`): same lines, no code of its own. */
export const DEF_ALIAS = 4;
/** A part of a type declared in parts (C#'s `partial class X`): its other parts, in other files, are the same type (partial.ts). */
export const DEF_PARTIAL = 8;
/** A definition only its own file can name (SymbolRecord.fileLocal: Swift's `private`/`fileprivate`): no other file's use links to it. */
export const DEF_FILE_LOCAL = 16;

/**
 * Identifier occurrences of one file, packed (10k files hold ~1M names: one small array per name cost
 * ~75 MB of heap, and as object keys a hidden class each): `n` is the names joined by `\n`, `o` holds per
 * name, in the same order, `count, kept, ...encoded` with at most MAX_LINES_PER_NAME lines kept.
 * Encoded = line << OCC_SHIFT | OCC_* bits. Read them with `eachOccurrence` (occ.ts).
 */
export interface Occurrences {
  n: string;
  o: Int32Array;
  /** Member occurrences' qualifiers, `line\tname\tqualifier` lines (FileEntry.gt). */
  t?: string;
  /** Go struct fields' types, and every language's supertypes (FileEntry.ft). */
  f?: string;
  /** Java's and Kotlin's package (FileEntry.pk). */
  p?: string;
  /** The packages Java's and Kotlin's `import a.b.*` name (FileEntry.ps). */
  ps?: string[];
}
export const OCC_CALL = 1; // followed by `(`
export const OCC_MEMBER = 2; // preceded by `.` (or `::`, `->`)
export const OCC_SELF = 4; // preceded by `this.` / `self.` / `@`
export const OCC_IMPORT = 8; // on a top-level import/use/include statement
export const OCC_BIND = 16; // binds the name in this file (bindings.ts): no name-only link for it here
export const OCC_KEY = 32; // a key (`{ os: 1 }`, `f(check=True)`), not a reference: never linked
export const OCC_PKG = 64; // preceded by an imported package's name and `.` (Go's `http.Error`; JS/TS `z.object` of `import * as z`), or Rust's / C++'s `::`
export const OCC_EXTENDS = 128; // a supertype a declaration's head names (supertypes.ts heritageStarts): an `extends` use
/** A call's argument count + 1 (0: unknown), 4 bits (graph/call-arity.ts): which overload it calls (core/overloads.ts). */
export const OCC_ARITY_SHIFT = 8;
export const OCC_SHIFT = 12;
export const OCC_FLAGS = (1 << OCC_ARITY_SHIFT) - 1;
/** The last line an occurrence's 32-bit code holds (2^19 − 1: a file over the index size cap, 1 MB, has fewer). */
export const OCC_MAX_LINE = (1 << (31 - OCC_SHIFT)) - 1;
/**
 * Lines kept per name per file: the uses linked. 8 had left opossum's `STATE`, used by 9 methods, with
 * 4; 32 grew the MCP SDK's index (348 files) from 2.2 to 2.4 MB.
 */
export const MAX_LINES_PER_NAME = 32;

export interface FileEntry {
  /** mtimeMs and size when parsed: the staleness stamp. */
  m: number;
  s: number;
  /** Language id. */
  l: string;
  d: Def[];
  /** Internal imports resolved to root-relative files. */
  i: string[];
  /**
   * Where each resolved import's specifier stands: pairs of (line, index
   * into `i`), flat, in line order. A name on an import line is resolved against the file that
   * statement imports (`export { default as az } from "./az.js"` is az.ts's `default`, not the first
   * imported file's), not the first import exporting the name.
   */
  il?: number[];
  /** Indexes into `i` of the files this one re-exports whole (`export * from "./x"`): it is a barrel for their names. */
  sx?: number[];
  /**
   * Relative JS/TS imports that resolved to no file, as module bases (`src/label` for `./label.js` in
   * src/): when a file with that base appears, this file is parsed again so its import links to it.
   */
  u?: string[];
  /** Identifier occurrences (see Occurrences): names joined by `\n`, and the packed counts and lines. */
  n: string;
  o: Int32Array;
  /**
   * Member occurrences' qualifiers, for the lines kept, as `line\tname\tqualifier` lines (collect.ts):
   * Go's declared type of the value before the selector (`r.URL` with `r *Request`; `~T` a guess from
   * `NewT()`) or `@folder` for a package (go-package.ts); elsewhere `^Type` / `:Type`, a capitalized
   * qualifier heading the chain or after another segment (`Util.parse`: qualified.ts).
   */
  gt?: string;
  /**
   * Go: struct fields with a named type, `T.f\ttype` lines (`conn.server\tServer`): the second step of
   * a chain, `c.server.Shutdown()` (FileEntry.gt `conn#server`; go-package.ts goFieldMember). A row
   * without a field, `T.\tS`, is a supertype: Go's embedded type, elsewhere a superclass, interface,
   * protocol or base the declaration names (supertypes.ts) — where an inherited member is.
   */
  ft?: string;
  /** Overloads told apart by their parameter counts (core/overloads.ts): pairs of (index into `d`, count or IMPLEMENTATION), flat. */
  ov?: number[];
  /** Java's and Kotlin's `package` (same-package.ts: the names other files of it declare need no import). */
  pk?: string;
  /**
   * C++: the file's `using namespace x;` directives at column 0, `line\tx` rows (`a::b` as `a.b`): a member
   * defined out of class after one is its class's there (cpp-members.ts; parse-file.ts usingNamespaces).
   */
  un?: string;
  /** The packages the file's `import a.b.*` lines name (Java, Kotlin): the names their files declare are imported (same-package.ts). */
  ps?: string[];
  /**
   * Other files of the project the file's outline was read with (FileContext.inputs: a Rust file's macros in
   * macros.rs), root-relative: when one changes or goes, this file is parsed again (plan.ts).
   */
  xi?: string[];
  /** Persisted links (PersistedLink) and fanout: loading skips relinking. Only in shards, never in memory. */
  k?: PersistedLink[];
  fo?: Record<string, number>;
  /** Why the file has no outline (unreadable, too large, pack failed): kept so it is not retried until it changes. */
  e?: string;
}

/**
 * A link in a files shard: `[target, qualifiedName, line, enclosing, relation, confidence]`, small:
 * target -1 = this file, n ≥ 0 = its n-th import (`i`), else the path; enclosing -1 = top level, else
 * the index of the enclosing definition in `d`; relation and confidence as indexes into RELATIONS and
 * CONFIDENCES. (Full strings made links ~45% of the files shards.)
 */
export type PersistedLink = [number | string, string, number, number, number, number];
/**
 * `extends`: the use names the target as a supertype of the declaration it stands in — a superclass, an
 * implemented interface, a protocol or base, a Rust impl's trait — the subclass or implementer as its symbol.
 */
export const RELATIONS = ["call", "reference", "import", "extends"] as const;
export type Relation = (typeof RELATIONS)[number];
/** Of a target's uses by one symbol, the one kept (link.ts), and the order of a target's uses within a confidence (usageOrder): the supertype first. */
export const RELATION_RANK: Record<string, number> = { extends: 0, call: 1, reference: 2, import: 3 };
export const CONFIDENCES = ["exact", "import", "receiver-type", "name-only"] as const;
/** The enclosing symbol of a link outside any definition. */
export const TOP_LEVEL = "(top level)";

/** A FileEntry in a files shard (JSON): occurrences as base64 of the Int32Array. */
export type PersistedEntry = Omit<FileEntry, "o"> & { o: string };

export interface GraphMeta {
  version: number;
  /** The packs and pack options the entries were made with (Lens.analyzer()). */
  analyzer?: { packs: string[]; options?: string };
  root: string;
  gitHead: string | null;
  builtAt: number;
  fileCount: number;
  /** Files per language id, most first (absent in graphs written before it was added). */
  languages?: Record<string, number>;
  /** Files found but left out by the caps (count) and the caps in force. */
  overCap: number;
  maxFiles: number;
  skippedLarge: number;
  /** The files over the index size cap (first 100, root-relative): in the graph without their links. */
  large?: string[];
  /** Files its build was stopped before parsing (ProjectGraph.stopBuild): not in the graph, or as they were before. */
  unfinished?: number;
  /** When that stopped build listed the files (ms): a file written since may be new to its importers. */
  scannedAt?: number;
  warnings: string[];
  /** Folders the scan could not list (first 20, `rel: CODE`): their files are not in the graph (absent when none). */
  unreadable?: string[];
  /**
   * The print of the files the graph holds, each as (path, mtime, size) (freshness.ts): a one-shot host
   * tells from a scan whether any was added, removed or changed since (absent in graphs written before it).
   */
  print?: string;
  /** Shard file names (generation-suffixed), by family. */
  shards: { files: string[]; refs: string[] };
  generation: number;
  /** Shards per family (fixed at a full build; files hash into them). */
  shardCount: number;
}

/** Per target file, what module_report needs without loading the whole graph. */
export interface RefsRecord {
  m: number;
  s: number;
  /** Files importing this one. */
  imp: string[];
  /** Files referencing one of its symbols (any confidence), not already importers. */
  ref: string[];
  /**
   * qualifiedName → usages `[file, symbol, line, relation, confidence]` (at most USAGES_KEPT, spread
   * over the using files: used-by.ts spreadByFile), the full count, and the count of using files
   * (`ufc`: absent in graphs of GRAPH_VERSION 7 and before).
   */
  u: Record<string, UsageTuple[]>;
  uc: Record<string, number>;
  ufc?: Record<string, number>;
  /** qualifiedName → its `extends` uses (subclasses, implementers) among the `uc`, where there are any (absent when none). */
  xc?: Record<string, number>;
  /** qualifiedName → fanout (distinct project symbols it references). */
  f: Record<string, number>;
  /**
   * Names of this file's definitions that it names on more lines than the graph keeps
   * (MAX_LINES_PER_NAME): their uses within the file may be more than usedBy lists (absent when none).
   */
  cap?: string[];
  /**
   * qualifiedName → other using files that name it on more lines than the graph keeps: its uses
   * there may be more than usedBy lists (absent when none).
   */
  capIn?: Record<string, string[]>;
}
export type UsageTuple = [string, string, number, string, string];

export interface GraphLimits {
  /** Files indexed at most; the rest are counted and named in warnings. */
  maxFiles: number;
  /** Files larger than this are stamped but not parsed. */
  maxFileBytes: number;
  /** Extra ignore globs (gitignore syntax, root-relative), from `.pilensrc` `ignore`. */
  ignore?: string[];
}

export const DEFAULT_LIMITS: GraphLimits = { maxFiles: 20_000, maxFileBytes: 1024 * 1024 };
/** At most this many uses per symbol are kept in the refs shards (one per using file first; the totals are exact). */
export const USAGES_KEPT = 50;

export type Confidence = "exact" | "import" | "receiver-type" | "name-only";

export interface IndexOptions extends ParseOptions {
  /** Ignore the persisted graph and parse every file. */
  rebuild?: boolean;
  /** How long to wait for another process's build before giving up (default 10 min). */
  waitMs?: number;
  /**
   * Build the word index once the graph is committed, so the next symbol_search answers at once
   * (default true). A one-shot `pilens index` passes false: nothing in that process searches. (A cold
   * build fills it either way, and stores it for the next process: word-store.ts.)
   */
  warmSearch?: boolean;
  /** Behind a host's calls (MCP, pi): no grammar preload (~240 ms of compiling as a first call came in). */
  background?: boolean;
  /**
   * At most this many files to parse or drop (a one-shot report bringing the graph up to date first): over
   * it, nothing is parsed or committed, and the result's `over` says how many it would have been (the
   * changed files and those they affect: importers, re-exporters).
   */
  maxChanges?: number;
  /** And at most this many bytes of files to parse (with maxChanges). */
  maxChangeBytes?: number;
}

export interface IndexResult {
  root: string;
  files: number;
  parsed: number;
  /** Files the build was to parse and did not, because it was stopped (stopBuild): the next build parses them. */
  unfinished?: number;
  reused: number;
  removed: number;
  ms: number;
  phases: { scanMs: number; parseMs: number; linkMs: number; writeMs: number };
  /** Files to parse or drop over IndexOptions.maxChanges or maxChangeBytes: none was, and nothing was committed. */
  over?: number;
  /** The bytes of those to parse. */
  overBytes?: number;
  cacheDir: string;
  warnings: string[];
}

export type SearchResult =
  | {
      available: true;
      hits: SearchHit[];
      warnings?: string[];
      /** The query's name (or a qualifier of it) is in no indexed file: defined names close to it, best first (search-suggest.ts). */
      didYouMean?: string[];
      /** The query the hits answer when it is not the one asked: the misspelled name replaced by the one clearly closest. */
      searched?: string;
      /** Files a stopped build left unparsed (GraphMeta.unfinished): a name found in none of the indexed files may be in one of them. */
      unparsed?: number;
    }
  | { available: false; reason: string; retryAfterMs?: number };
