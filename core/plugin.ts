/**
 * The plugin API. Language packs and renderers are plain objects; built-ins use exactly this API.
 * `definePack` / `defineRenderer` are identity helpers that only give authors type checking.
 */
import type { Tree } from "web-tree-sitter";
import type { Hooks } from "./hooks.js";
import type { SymbolKind, SymbolRecord } from "./types.js";

export interface PluginMeta {
  /** npm-style name, e.g. `pilens-pack-typescript`. */
  name: string;
  version: string;
  description?: string;
}

/**
 * A query source: a `URL` (usually `new URL("./queries/x.scm", import.meta.url)`) is read from disk;
 * a string is query text.
 */
export type QuerySource = URL | string;

/**
 * Query names the core runs, each optional:
 * - `tags`: definitions, in the tree-sitter tags vocabulary: `@definition.<kind>` on the declaration
 *   node and `@name` on its name. `(#set! key "value")` properties land on `record.props`.
 * - `imports`: `@import.source` on the specifier (string quotes are stripped).
 * - `callbacks`: `@callback.<kind>` on an inline function node, optional `@callback.base` on the node
 *   whose text names it (the handle is `<base>@<line>`), `(#set! flags "a,b")` for flags.
 * - `complexity`: `@branch` on every node that adds a path (if, loop, case, catch, &&, ||, ?:).
 * A pack may add its own names; their matches are in `FileContext.matches`.
 */
export type QueryName = "tags" | "imports" | "callbacks" | "complexity" | (string & {});

/** Data that tunes the core's generic extraction for one grammar. */
export interface ExtractionOptions {
  /** Field names of a declaration's body; the signature stops where the body starts. Default `["body"]`. */
  bodyFields?: string[];
  /** Node types that are bodies when the grammar has no body field (e.g. `block`). */
  bodyTypes?: string[];
  /** Node types that are comments. Default: every type whose name contains `comment`. */
  commentTypes?: string[];
  /**
   * Node types that wrap a declaration and belong to its range and doc attachment
   * (`export_statement`, `decorated_definition`, …).
   */
  wrapperTypes?: string[];
  /** Node types of decorators / attributes / annotations, listed in `decorators`. */
  decoratorTypes?: string[];
  /**
   * Kinds that remain outline entries when declared inside a function body; everything else there
   * is a local and dropped. Default: nothing (locals are not entries).
   */
  keepInFunctions?: SymbolKind[];
  /**
   * Records to keep inside a function body whatever their (provisional) kind, decided on the syntax
   * node before the pack's extract tap runs — e.g. `Pp.each = function each() {}` inside a factory
   * function, which the JS/TS pack turns into a method there. Default: none.
   */
  keepInFunction?: (record: SymbolRecord) => boolean;
  /**
   * Records whose body is a function's although their provisional kind is not a function kind —
   * what they declare inside is local (dropped unless kept by the two options above). E.g. the JS/TS
   * pack's `exports.x = function () {…}`, a `constant` until the pack classifies it. Default: none.
   */
  functionLike?: (record: SymbolRecord) => boolean;
  /**
   * Comment texts that are never docs (lint directives, bundler annotations, licence blocks): skipped —
   * a doc comment above one still attaches. Default: core/extract.ts DEFAULT_IGNORE_DOC.
   */
  ignoreDocPatterns?: RegExp[];
  /**
   * Comment texts that end a doc: neither they nor the comments above them attach (TypeScript's `///
   * <reference types="node" />` directives, which stand at the top of a file, under its header). Default: none.
   */
  stopDocPatterns?: RegExp[];
}

export interface LanguageSpec {
  /** Language id (`typescript`); the key of every per-language hook. */
  id: string;
  /** File extensions with the dot (`.ts`). */
  extensions: string[];
  /** Exact file names (`Makefile`). */
  filenames?: string[];
  /**
   * Content detection for extensions several languages claim (`.h`: C or C++). Called with the file's
   * source and path: `true` = this language claims the file, `false` = defer to the other claimants,
   * `undefined` = no opinion (registration order decides). Keep it a cheap scan; it lives in the
   * eager manifest. Example: the C++ pack claims a `.h` that contains `namespace x {` or `template<`.
   * Also asked about a file without an extension that no `filenames` entry claims: `true` claims it
   * (the C++ pack claims one whose first line is a `-*- C++ -*-` mode line).
   */
  detect?: LanguageDetector;
  /**
   * The text to parse instead of the source, for what the grammar cannot parse (C/C++ macros such as
   * `class V8_EXPORT X {`): same length and line breaks, so every offset still points into the real
   * source, which records, signatures and docs read. Ignored when the length differs.
   */
  prepareSource?: (source: string) => string;
  /**
   * A second reading for a file the grammar lost its way in: when the error regions of the parse of
   * the (prepared) source cover half of it or more (`REPARSE_MIN_ERROR_SHARE`, core/reparse.ts), this
   * text (same length) is parsed too and kept when its error regions cover under a quarter of that —
   * with `note` among the report's warnings (what the second reading leaves out). The C/C++ packs read
   * preprocessor conditionals as one configuration this way.
   */
  reparse?: { source: (prepared: string) => string; note: string };
  /**
   * A local repair for what the grammar reads as errors though the language allows it (JSX's bare `&`):
   * given the parsed text and its tree (with error regions), a text of the same length to parse
   * instead, or undefined. Tried before `reparse`, up to three rounds while it shrinks the error
   * regions; a round that does not is dropped. No warning: the repair must lose nothing.
   */
  repair?: (text: string, tree: Tree) => string | undefined;
  /**
   * Read a parse that still has errors against the indentation (core/brace-recovery.ts): a `}` a
   * half-typed edit left out is inserted where the block's body ends, an unclosed `(` or a stray `}`
   * is read as a space — when that shrinks the error regions, with a warning per edit. For languages
   * whose blocks are `{…}` and whose code is indented by them, and whose grammar parses valid code
   * cleanly (not C/C++, whose macros leave errors in valid code). Default: off; the JS/TS, Go, Java,
   * Rust, C#, Kotlin and Swift packs set it.
   */
  recoverBraces?: boolean;
  /**
   * Node types of strings that may run on over the code after them when left open (core/run-on.ts): a
   * string node, an opening-quote token, or a string's text token (read from the quotes before it).
   * When the parse has errors, the string that looks run on (docs/writing-a-language-pack.md) is read as
   * closed at the end of its line if that shrinks them, with a warning. Python: `string`,
   * `string_start`; JS/TS: `template_string`, `` ` ``. Tried before `recoverBraces`.
   */
  runOnStrings?: readonly string[];
  /**
   * A statement ends with `;` (Java, C#, C++): a string left open also lacks its statement's, so when
   * the string read as closed leaves an error on its line or the next, the line is also read as
   * `"…";` and the reading with less error kept. Default: off.
   */
  runOnStringsSemicolon?: boolean;
  /**
   * Node types of block comments that do not nest (core/run-on-comments.ts): a comment another `/*`
   * opens inside, with lines between that read as code, is read as ending before them when that parses
   * no worse, with a warning — a doc comment left open had silently hidden the declarations down to the
   * next `*\/`. Tried on every parse (a file with such a comment is valid), first of the second chances.
   */
  runOnComments?: readonly string[];
  /** A tree-sitter-wasms grammar name, an absolute `.wasm` path, or a file URL to one. */
  grammar: string | URL;
  queries?: Partial<Record<QueryName, QuerySource | QuerySource[]>>;
  extraction?: ExtractionOptions;
  /** `tuned` when the pack knows the language's callback idioms; `generic` otherwise. */
  callbackSupport?: "tuned" | "generic";
  /**
   * How to classify functions captured as `@callback.call` (a function passed to a call, with the
   * callee captured as `@callback.base`): the first rule whose `callee` matches decides the kind.
   * A capture no rule matches is not a callback. Data instead of one query pattern per idiom:
   * query patterns on call expressions are expensive to compile on large grammars.
   */
  callbackRules?: CallbackRule[];
}

export interface CallbackRule {
  /** Tested against the callee text, whitespace removed (`setTimeout`, `events.on`, `loop.call_later`). */
  callee: RegExp;
  /** The callback kind (`timer_callback`, `event_handler`, `task`, …). */
  kind: string;
  flags?: string[];
  /** Extra flags when the call's value is discarded (the call is a whole statement). */
  discardedFlags?: string[];
  /**
   * Extra flags when the call's first argument matches (e.g. a lifecycle event name); with
   * `required`, the rule applies only then (`app.get("/users", …)` is a route, `cache.get(k, fill)` not).
   */
  firstArg?: { match: RegExp; flags: string[]; required?: boolean };
  /** Only functions with a block body (skips one-expression lambdas like `x => x.id`). */
  blockBodyOnly?: boolean;
  /**
   * When the callee is itself a call — Kotlin parses `withContext(ctx) { … }` as the call
   * `withContext(ctx)` called with the lambda — the handle names that call's callee (`withContext@12`).
   */
  innerCallee?: boolean;
}

export type LanguageDetector = (source: string, path: string) => boolean | undefined;

export interface PackApi {
  /** The pack's options merged with `.pilensrc` per-language options, per language id. */
  options(language: string): Record<string, unknown>;
}

export interface LanguagePack {
  meta: PluginMeta;
  languages: LanguageSpec[];
  /** Default options (overridable per language in `.pilensrc` `languages.<id>`). */
  options?: Record<string, unknown>;
  /** Tap the hooks this pack refines. Called once per engine, after the core's generic taps. */
  apply?(hooks: Hooks, api: PackApi): void;
}

export interface Renderer {
  meta: PluginMeta;
  /** The view name (`compact`); selected with `--view`. */
  name: string;
  options?: Record<string, unknown>;
  /** Tap `hooks.render.for(name)` (and anything else). */
  apply(hooks: Hooks): void;
}

/** Eager knowledge of a pack (its languages) with lazily loaded code. */
export interface PackManifest {
  id: string;
  languages: {
    id: string;
    extensions: string[];
    filenames?: string[];
    detect?: LanguageDetector;
    /**
     * The `grammar` the language's spec will load (a tree-sitter-wasms name), when known without the
     * pack's code: the CLI starts compiling it while the rest of pilens loads (hosts/cli/warm.ts).
     */
    grammar?: string;
  }[];
  load(): Promise<LanguagePack>;
  /** The pack's `meta.version` (third-party packs; built-in ones: their output revision, language-packs/index.ts BUILTIN_REVISION). */
  version?: string;
}

export function definePack(pack: LanguagePack): LanguagePack {
  return pack;
}

export function defineRenderer(renderer: Renderer): Renderer {
  return renderer;
}

/** A manifest for a pack object that is already loaded (third-party packs, tests). */
export function manifestOf(pack: LanguagePack, id = pack.meta.name): PackManifest {
  return {
    id,
    languages: pack.languages.map((l) => ({ id: l.id, extensions: l.extensions, filenames: l.filenames, detect: l.detect })),
    load: async () => pack,
    version: pack.meta.version,
  };
}
