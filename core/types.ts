/**
 * Shared types of pilens: the records packs produce and the report hosts receive.
 * The JSON shape of `ModuleReport` is the outside contract (docs/contract.md); change it only by adding.
 */
import type { Node, Tree, QueryMatch } from "web-tree-sitter";
import type { QuerySet } from "./query-set.js";

/** The kind vocabulary shared by every pack. A pack documents how its grammar maps onto it. */
export const SYMBOL_KINDS = [
  "function", "method", "constructor", "class", "struct", "interface", "trait", "enum", "type",
  "module", "namespace", "impl", "object", "protocol", "extension", "constant", "variable",
  "property", "field", "macro",
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** The compact view's short label of a kind (`fn`, `iface`, …; a kind without one is its own); read_symbol takes either. */
export const KIND_LABELS: Readonly<Record<string, string>> = {
  function: "fn", constructor: "ctor", interface: "iface", module: "mod", namespace: "ns", protocol: "proto",
  extension: "ext", constant: "const", variable: "var", property: "prop",
};

/** Kinds that hold executable bodies (used for complexity, callbacks' parent chains, locals). */
export const FUNCTION_KINDS: ReadonlySet<string> = new Set(["function", "method", "constructor"]);
/** Kinds that are type-like containers. */
export const TYPE_KINDS: ReadonlySet<string> = new Set([
  "class", "struct", "interface", "trait", "enum", "type", "object", "protocol", "extension", "impl", "module", "namespace",
]);

/**
 * One symbol while a file is being processed. Hooks receive and return these.
 * `node`, `nameNode` and `bodyNode` are live tree-sitter nodes: valid only during the hooks of the
 * file's pass (the tree is freed afterwards) and never serialised.
 */
export interface SymbolRecord {
  name: string;
  kind: SymbolKind;
  /** 1-based first line of the declaration (decorators/attributes included, doc comment not). */
  startLine: number;
  /** 1-based last line of the declaration. */
  endLine: number;
  exported: boolean;
  /** Other names the file exports it by (`export { a as alpha }`): read_symbol finds it by them too. */
  aliases?: string[];
  /** The names importers know it by when they differ from its own (`export { _enum as enum }`, `module.exports = { parse: decode }`, `export default App`): a subset of `aliases`, said in the report. */
  exportedAs?: string[];
  /** Elixir: the arities a function answers to (a default parameter's shorter ones too): read_symbol finds it by `name/arity`. */
  arities?: number[];
  signature?: string;
  doc?: string;
  /** First line of the attached doc comment, when one is attached (read_symbol starts there). */
  docStartLine?: number;
  decorators?: string[];
  flags?: string[];
  complexity?: number;
  fanout?: number;
  members: SymbolRecord[];
  /**
   * Out-of-line members (Go methods, C++ `A::f`, Rust impls): the name of the type this record belongs
   * to. After nesting by range, a top-level record with `attachTo` moves into the top-level type of
   * that name when the file declares it; otherwise it stays top level.
   */
  attachTo?: string;
  /**
   * A declaration without a body that an implementation of the same name follows (a TS overload
   * signature, Python's `@overload`): read_symbol prefers the implementation.
   */
  stub?: true;
  /**
   * A declaration whose definition the file holds too, under the same name (an Objective-C `@interface`
   * of a class its `@implementation` defines, a method it declares there): read_symbol reads the
   * definition first and names this one in its note.
   */
  declaration?: true;
  /** A re-export (`export { a } from "./x"`): it names a declaration of another module (the project graph ranks that one first). */
  reexport?: true;
  /**
   * A re-export's declaration, when the pack found it without the project graph: its project file (root-relative)
   * and line — an `export *` entry's (language-packs/typescript/star-exports.ts). read_symbol's note points there.
   */
  origin?: { file: string; line?: number; name?: string };
  /**
   * A declaration only its own file can name (Swift's `private` and `fileprivate`, and the members of such a
   * type or extension): the project graph links no other file's use to it.
   */
  fileLocal?: true;
  /**
   * A JavaScript `#private` member, which the outline names without its `#` (as Ctags does): the project graph
   * keys it by its own spelling, `#x`, as its uses (`this.#x`) name it — and apart from a public `x` beside it.
   */
  hashName?: true;
  /**
   * C++: a template specialization's arguments, `<bool, _Alloc>` — of a class (`template<class A> class
   * vector<bool, A>`, `template<> struct hash<bool>`), or of the class of a member defined out of its body
   * (`vector<bool, _Alloc>::flip`; not the primary's `vector<_Tp, _Alloc>::reserve`). The project graph keys
   * it apart from the primary template's (`std.vector<bool, _Alloc>.flip`): language-packs/c/specializations.ts.
   */
  specialization?: string;
  /**
   * The declaration's own characters `[start, end)` in the source — kept only for files with very long
   * lines (minified, generated), where its lines hold far more than it: read_symbol reads these instead.
   */
  span?: [number, number];
  /**
   * The declaration's own characters `[start, end)` when its lines hold other symbols too (a one-line
   * class and its methods) in a file without very long lines: read_enclosing's column picks among them.
   */
  chars?: [number, number];
  node?: Node;
  nameNode?: Node;
  bodyNode?: Node | null;
  /** A function of several clauses (Elixir's `def f(0)`, `def f(n)` as one entry): the clauses past the first, whose branches its complexity counts, each clause one more path. */
  clauses?: Node[];
  /** Pattern properties set in the query with `#set!` (e.g. `(#set! exported "true")`). */
  props?: Record<string, string | null>;
}

/** A pack's callback: the report's Callback plus what the engine keeps to itself. */
export interface CallbackRecord extends Callback {
  /** As SymbolRecord.span. */
  span?: [number, number];
  /** As SymbolRecord.chars. */
  chars?: [number, number];
  /** First line of the doc comment attached above it (read_symbol / read_enclosing start there). */
  docStartLine?: number;
  node?: Node;
  /** Ranking weight used before the cap is applied. */
  score?: number;
}

export interface ImportRecord {
  /** The specifier as written (`./a.js`, `node:fs`, `github.com/x/y`, `std::io`). */
  source: string;
  line: number;
  /** For internal imports, the project file it resolves to (relative to the root), when found. */
  resolved?: string;
  external: boolean;
  /**
   * `export * from "x"`: every export of the target is one of this file's too (the project graph links
   * a name imported from this file through it, as through a barrel).
   */
  reexportAll?: boolean;
  /**
   * A `reexportAll` whose names the pack listed as the file's entries, or said in a warning why it could not:
   * the report adds no warning of its own for it (core/report.ts).
   */
  reexportListed?: true;
}

/** Everything a tap knows about the file being processed. Grows by fields, never by arguments. */
export interface FileContext {
  /** Absolute path. */
  path: string;
  /** Path relative to the project root, with `/` separators. */
  relPath: string;
  root: string;
  /** Language id (`typescript`, `python`, …). */
  language: string;
  source: string;
  /** Source split into lines (no terminators); `lines[0]` is line 1. */
  lines: string[];
  tree: Tree;
  /** Query matches by query name (`tags`, `imports`, `callbacks`, `complexity`, or a pack's own). */
  matches: Record<string, QueryMatch[]>;
  /** The compiled queries (for `@doc` captures with `#strip!` / `#select-adjacent!`). */
  queries?: QuerySet;
  /** Pack options merged with `.pilensrc` per-language options. */
  options: Record<string, unknown>;
  /** Project-wide thresholds and weights. */
  settings: EngineSettings;
  /** Warnings a tap wants in the report. */
  warnings: string[];
  /**
   * Node types a pack's taps name definitions by beyond its tags query's `@name` types (the heuristic
   * pack's name types): names to the project graph in every file of the language. A tap sets it the
   * same for every file — it must not depend on the file, or what the graph collects would depend on
   * which files were parsed.
   */
  nameTypes?: string[];
  /**
   * Other files a tap read and the outline depends on, each with the version read (files.ts fileStamp; undefined:
   * missing): the Lens's analysis cache answers again only while they are unchanged (Rust's macros.rs).
   */
  inputs?: { path: string; stamp: string | undefined }[];
  /**
   * An analysis for the project graph only (AnalyzeInput.lean): a tap may leave out entries only a report shows
   * (the names an `export *` hands on, which the graph follows by the import itself).
   */
  lean?: boolean;
  /** Text of a node (a slice of `source`). */
  text(node: Node): string;
  /**
   * The text the tree was parsed from, where known: `source` with the pack's masks (same offsets), which
   * may differ from it in places — the project graph asks it what the parser saw (typed-declarations.ts pairKeyType).
   */
  parsed?: string;
}

export interface EngineSettings {
  highComplexity: number;
  highFanout: number;
  maxCallbacks: number;
  maxFileBytes: number;
  maxRefsPerSymbol: number;
  /**
   * Most UTF-8 bytes one rendered module_report or read_symbol answer may take in a host that caps it
   * (the MCP server, pi: one read, 50 KB); over it a report covers a window of lines and says where to
   * continue, and a symbol is answered as one over maxLines. 0: no cap.
   */
  maxAnswerBytes: number;
  rankWeights: RankWeights;
  /**
   * Detail budgets per view: a view aims to cost at most 1/N of reading the file (core/budget.ts);
   * 0 turns a view's budget off. Views without an entry have no budget.
   */
  budget: Record<string, number>;
}

export interface RankWeights {
  usedBy: number;
  complexity: number;
  exported: number;
  highComplexity: number;
  focus: number;
}

/** A serialised outline entry (contract.md `Entry`). */
export interface Entry {
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  exported: boolean;
  /**
   * The type a member declared out of its body belongs to when the file does not hold it where the entry
   * is listed: a Go method on a type of another file, C++ `Widget::size` in a .cpp, JS
   * `Editor.prototype = {…}` for an imported Editor (read_symbol takes `Widget.size`).
   */
  owner?: string;
  /** Other names the module exports it by: `export { _enum as enum }` → `["enum"]`. */
  exportedAs?: string[];
  signature?: string;
  doc?: string;
  decorators?: string[];
  fanout?: number;
  complexity?: number;
  flags?: string[];
  /**
   * relation: call | reference | import | extends (the using symbol names this one as a supertype: a subclass,
   * an implementer, a Rust impl of the trait); confidence: exact | import | receiver-type | name-only.
   */
  usedBy?: { file: string; symbol: string; line: number; relation: string; confidence?: string }[];
  /**
   * The true totals when `usedBy` lists fewer uses than there are (maxRefs, the graph's 50 kept per
   * symbol): uses and distinct using files, and how many of the uses are `extends` (when any). Absent when
   * the list is complete (its length says it). The json view keeps it, without the list, on an entry whose
   * list its detail budget left out.
   */
  usedByTotal?: { refs: number; files: number; extends?: number };
  /**
   * How many other entries of this file (same name and kind under the same owner: Rust's `#[cfg]` variants,
   * overloads whose calls are not told apart, a trait's method in two impls of one type) share this usedBy:
   * the graph keeps the uses of the name, not of each (core/graph/report-graph.ts). Absent when the list is its own.
   */
  usedByShared?: number;
  members?: Entry[];
}

export interface Callback {
  /** Stable handle `<base>@<line>`, e.g. `events.on@164`. */
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  signature?: string;
  parentChain?: string[];
  flags?: string[];
}

export interface RecommendedRead {
  reason: string;
  symbol: string;
  startLine: number;
  endLine: number;
}

export interface ModuleReport {
  available: boolean;
  staleness: "fresh" | "stale" | "unknown";
  path: string;
  language?: string;
  lineCount?: number;
  /** Estimated tokens of reading the whole file (core/view/tokens.ts estimateCodeTokens: 0.88–1.06× o200k on code). */
  fileTokens?: number;
  summary?: { imports: number; exports: number; symbols: number };
  imports?: { external: string[]; internal: string[] };
  api?: Entry[];
  /**
   * Rendered json only, when the detail budget trims: top-level C/C++ object-like macros (`#define X 1`)
   * listed by kind as `name@line` instead of as `api` entries (renderers/json.ts).
   */
  apiNames?: Record<string, string[]>;
  internal?: Entry[];
  /** Rendered json only: as `apiNames`, for `internal`. */
  internalNames?: Record<string, string[]>;
  callbacks?: Callback[];
  callbackSupport?: "tuned" | "generic";
  recommendedReads?: RecommendedRead[];
  blastRadius?: {
    truncated: boolean;
    maxDepth: number;
    /** Files that import or reference this one (depth 1), listed or not (the list stops at 12 files). */
    direct?: number;
    files: { file: string; dependents: number; minDepth: number; relations: string[]; read: { path: string; offset: number; limit: number } }[];
  };
  provenance?: { symbols: string; imports: string; usedBy: string; callbacks: string; blastRadius?: string };
  semantic?: { source: string; references: string; implementations: string };
  warnings?: string[];
  error?: string;
  /** Rendered views only: present when the detail budget left something out (core/budget.ts). */
  detail?: { budget: number; elided: Record<string, number>; more: string };
  /**
   * Rendered views only: the lines this report covers when it is not the whole file — an `offset`
   * asked for, or a host's size cap (core/report-window.ts); `next` is the offset that continues.
   */
  window?: { startLine: number; endLine: number; next?: number };
}

export type OversizeMode = "error" | "slice" | "outline";

/** A symbol or callback named by its place: read_enclosing's nearest, an oversize read's outline rows. */
export interface EnclosingItem {
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  signature?: string;
  parentChain?: string[];
}
export type OutlineItem = EnclosingItem & { depth: number };

export interface ReadSymbolResult {
  found: boolean;
  path: string;
  name: string;
  kind?: string;
  startLine?: number;
  endLine?: number;
  signature?: string;
  source?: string;
  /** In a view session, lines already sent verbatim and unchanged: a stub naming the call that sent them (`by`: `read_symbol big`, `read offset=1 limit=80`) instead of `source` (view/repeat.ts). */
  unchanged?: { by: string; text: string };
  parentChain?: string[];
  ambiguous?: { count: number; kinds: string[] };
  suggestions?: string[];
  /** Set when the symbol is over `maxLines`: its size and the mode applied (core/oversize.ts). */
  oversize?: { lines: number; maxLines: number; mode: OversizeMode };
  /** `slice`: the lines actually shown (the symbol's first maxLines). */
  partial?: { startLine: number; endLine: number };
  /** `outline`: the symbols and callbacks nested inside, with ranges. */
  outline?: OutlineItem[];
  /** `outline` / `error`: the symbol's attached doc comment, verbatim (its usage notes), when ≤ 60 lines. */
  docComment?: string;
  note?: string;
  /** Its uses from the project graph (core/read-uses.ts), as a report entry's: only when the graph knows some. */
  usedBy?: Entry["usedBy"];
  usedByTotal?: Entry["usedByTotal"];
  /**
   * `class`: a constructor's uses are its class's calls (`new Pool(…)`, Kotlin's `Pool(…)`) — the graph
   * keeps a construction as the class's use, not telling its constructors apart (core/read-uses.ts).
   */
  usedByOf?: "class";
  /**
   * How many other overloads of the symbol (same name, same file) share this usedBy: their calls are not told
   * apart — parameter counts equal, or varargs or defaults (core/overloads.ts). Absent when the list is its own.
   */
  usedByShared?: number;
  /** `namesakes`: those sharing it are same-named declarations, not overloads (Rust's `#[cfg]` variants). */
  usedBySharedAs?: "namesakes";
  /** What the answer may lack: the file served by a fallback pack, or (on a miss) syntax error regions. */
  warnings?: string[];
  error?: string;
}
