/**
 * One file through the hooks: parse → queries → extract → complexity → doc → flags → callbacks →
 * imports. The tree is alive only inside `analyze`; what leaves it carries no tree-sitter nodes.
 */
import { sha1Hex } from "./hash.js";
import type { Node, QueryMatch } from "web-tree-sitter";
import type { Hooks } from "./hooks.js";
import type { LoadedLanguage } from "./registry.js";
import { parse } from "./runtime.js";
import { walk } from "./extract.js";
import { attachOutOfLine } from "./attach.js";
import { kindWarning, noteKind } from "./pack-checks.js";
import { finishCallbacks } from "./callbacks.js";
import { commentAbove } from "./doc.js";
import { errorRegions, recoverBraces, reparse, repair, type ErrorRegions } from "./reparse.js";
import { closeQuietRawStrings, closeRunOnStrings } from "./run-on.js";
import { closeRunOnComments } from "./run-on-comments.js";
import { firstSentence, LONG_LINE, splitLines } from "./text.js";
import { FUNCTION_KINDS, type CallbackRecord, type EngineSettings, type FileContext, type ImportRecord, type SymbolRecord } from "./types.js";

export interface FileAnalysis {
  path: string;
  relPath: string;
  root: string;
  language: string;
  packId: string;
  callbackSupport: "tuned" | "generic";
  /** The spec's queries this file had none of, among `tags` and `imports` (its records came from taps: provenance says so). */
  noQuery?: ("tags" | "imports")[];
  source: string;
  lines: string[];
  /** SHA-1 of `source` ("" for a lean analysis), computed on first read: a report never needs it. */
  readonly hash: string;
  symbols: SymbolRecord[];
  callbacks: CallbackRecord[];
  /**
   * Callbacks past `maxCallbacks`, in line order: no report lists them, but read_enclosing answers a line
   * with the smallest callback around it and read_symbol reads one by its handle (an expo module's
   * `definition()` holds 70 DSL lambdas: a line in a left-out one had been answered with all 267 lines).
   */
  unlistedCallbacks?: CallbackRecord[];
  imports: ImportRecord[];
  warnings: string[];
  syntaxErrors: number;
  /** The longest line (1-based) and its length: a minified file's tell (spans, the report's warning). */
  longestLine: { line: number; length: number };
  /** What `AnalyzeInput.collect` returned (e.g. identifier occurrences for the project graph). */
  collected?: unknown;
  /** Other files the outline depends on (FileContext.inputs), as read. */
  inputs?: { path: string; stamp: string | undefined }[];
}

export interface AnalyzeInput {
  path: string;
  relPath: string;
  root: string;
  source: string;
  warnings: string[];
  options: Record<string, unknown>;
  settings: EngineSettings;
  /**
   * Called once while the syntax tree is alive, after imports: lets a caller (the project graph)
   * take more from the tree without a second parse. Its result is `FileAnalysis.collected`.
   */
  collect?: (ctx: FileContext, symbols: SymbolRecord[], imports: ImportRecord[]) => unknown;
  /**
   * Only what the project graph needs: symbols (the extract hook, unchanged but for entries a report alone
   * shows: FileContext.lean), imports and `collect`.
   * No callbacks or complexity queries, no doc/flags/callbacks hooks, no hash or error count: the
   * result must not serve module_report (the engine does not cache it).
   */
  lean?: boolean;
}

/** A note of work left (`TODO: …`, `FIXME`; not `XXX`, which libstdc++ writes above `XXX Deprecated` APIs): no description of the declaration below it. */
const WORK_NOTE = /^\s*(?:TODO|FIXME)\b/;

/** Query parts a lean analysis does not run. */
const LEAN_SKIP: ReadonlySet<string> = new Set(["callbacks", "complexity"]);

/** The text the parser reads: the source as the pack masks it, same length (records read the source). */
function parsedText(spec: LoadedLanguage["spec"], source: string): string {
  // A pack may mask what its grammar cannot parse (C macros); offsets must not move, so records,
  // signatures and docs still read the real source.
  const masked = spec.prepareSource?.(source);
  let text = masked !== undefined && masked.length === source.length ? masked : source;
  // A NUL past the binary check's window (wasm in a JS string: pdf.js' sandbox) ends a token for most
  // lexers: thousands of error regions, and the parse slows superlinearly (a 510 KB line never finished).
  // The parser reads a space there; records still read the real source.
  if (text.includes("\0")) text = text.replaceAll("\0", " ");
  // A lone CR ends a line for splitLines (and for editors and ECMAScript) but not for tree-sitter, whose
  // rows count \n only: a classic-Mac file was one line of syntax errors. Same length, so offsets hold.
  if (text.includes("\r")) text = text.replace(/\r(?!\n)/g, "\n");
  return text;
}

export function analyze(hooks: Hooks, lang: LoadedLanguage, input: AnalyzeInput): FileAnalysis {
  const { spec } = lang;
  const masked = spec.prepareSource !== undefined;
  let text = parsedText(spec, input.source);
  const lean = input.lean === true;
  const queries = lean ? lang.queries.subset(LEAN_SKIP) : lang.queries;
  // Compiled before the parse: a query's compilation callocs ~4 MB (TypeScript) and frees it, and the
  // tree then reuses those pages instead of faulting in fresh ones (~11 µs a page on this machine kind).
  queries.prepare();
  let tree = parse(lang.language, text);
  let reparsed = false;
  // The error regions of the tree kept, when the second-reading check counted them already.
  let regions: ErrorRegions | undefined;
  // (A comment run on is no syntax error — the file compiles, without the code it hides.)
  let runOn: string[] = [];
  if (spec.runOnComments && text.includes("/*")) ({ tree, text, regions, notes: runOn } = closeRunOnComments(lang, spec.runOnComments, text, tree, regions, masked ? { source: input.source, mask: (edited) => parsedText(spec, edited) } : undefined));
  if (spec.repair && tree.rootNode.hasError) ({ tree, text, regions } = repair(lang, spec.repair, text, tree));
  if (spec.reparse && tree.rootNode.hasError) ({ tree, reparsed, regions } = reparse(lang, spec.reparse.source, text, tree, regions));
  // What the records read: the source, or the source with the closers a half-typed edit left out.
  let read = input.source;
  let recovered: string[] = [];
  let inserted: number[] = [];
  if (spec.runOnStrings && tree.rootNode.hasError) {
    const closed = closeRunOnStrings(lang, spec.runOnStrings, text, tree, regions, spec.runOnStringsSemicolon === true);
    ({ tree, text, regions } = closed);
    recovered = [...recovered, ...closed.notes];
  } else if (spec.runOnStrings?.includes('R"')) {
    // (A raw string left open that a string of code's `)"` closes, the file still valid: no syntax error.)
    const quiet = closeQuietRawStrings(lang, text, tree, spec.runOnStringsSemicolon === true);
    ({ tree, text } = quiet);
    runOn = [...runOn, ...quiet.notes];
  }
  if (spec.recoverBraces && tree.rootNode.hasError) {
    const braced = recoverBraces(lang, text, read, tree, regions);
    ({ tree, text, read, regions, inserted } = braced);
    recovered = [...recovered, ...braced.notes];
  }
  try {
    const lines = splitLines(input.source);
    const readLines = read === input.source ? lines : splitLines(read);
    const matches: Record<string, QueryMatch[]> = queries.matches(tree.rootNode);
    const ctx: FileContext = {
      path: input.path,
      relPath: input.relPath,
      root: input.root,
      language: spec.id,
      source: read,
      lines: readLines,
      tree,
      matches,
      queries,
      options: input.options,
      settings: input.settings,
      // (lang.warnings, queries.warnings: the pack's typos, pack-checks.ts.)
      warnings: [...input.warnings, ...lang.warnings, ...queries.warnings, ...(reparsed && spec.reparse ? [spec.reparse.note] : []), ...runOn],
      text: (node: Node) => read.slice(node.startIndex, node.endIndex),
      ...(lean ? { lean: true } : {}),
      // (Not after the pack's second reading, whose text reparse() keeps to itself.)
      ...(reparsed ? {} : { parsed: text }),
    };

    let symbols = hooks.extract.for(spec.id).call([], ctx) ?? [];
    symbols = attachOutOfLine(symbols);
    let callbacks: CallbackRecord[] = [];
    const unlisted: CallbackRecord[] = [];
    if (!lean) {
      applyComplexity(symbols, matches.complexity);
      for (const [r] of walk(symbols)) {
        const doc = hooks.doc.for(spec.id).call(undefined, r, ctx);
        // (A comment of no words — `// ...`, `/* ! */` — says nothing; a `// TODO …` says what is left to do.)
        if (doc && /[\p{L}\p{N}]/u.test(doc) && !WORK_NOTE.test(doc)) r.doc = firstSentence(doc);
        const flags = hooks.flags.for(spec.id).call(r.flags ?? [], r, ctx);
        r.flags = flags?.length ? [...new Set(flags)] : undefined;
      }
      const rawCallbacks = hooks.callbacks.for(spec.id).call([], ctx) ?? [];
      callbacks = finishCallbacks(rawCallbacks, symbols, input.settings.maxCallbacks, ctx.warnings, unlisted);
      // A callback's doc comment is read with it (eslint's documented `skip() {…}` of a traversal
      // controller object): where it starts, as for a symbol.
      for (const c of [...callbacks, ...unlisted]) {
        const doc = c.node ? commentAbove(ctx, spec, { name: c.name, kind: "function", startLine: c.startLine, endLine: c.endLine, exported: false, members: [], node: c.node }) : undefined;
        if (doc && doc.startLine < c.startLine) c.docStartLine = doc.startLine;
      }
    }
    const imports = hooks.imports.for(spec.id).call([], ctx) ?? [];
    const r = !lean && tree.rootNode.hasError ? (regions ?? errorRegions(tree.rootNode)) : undefined;
    const syntaxErrors = (r?.count ?? 0) + recovered.length;
    for (const note of recovered) ctx.warnings.push(`syntax error: ${note}`);
    if (r && syntaxErrors) {
      // (Regions on one line are that line once: `lines 2, 2` had said a number twice.)
      const spans = [...new Set(r.lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)))];
      const at = spans.join(", ") + (r.count > r.lines.length ? ", …" : "");
      // One typo can make the parser give up on most of a file: then the outline below it is unreliable.
      const most = r.chars * 2 > input.source.length ? "; they cover most of the file — nesting and exports there may be wrong" : "";
      ctx.warnings.push(`${syntaxErrors} syntax error region(s) (line${spans.length > 1 || r.lines[0]?.[0] !== r.lines[0]?.[1] || r.count > r.lines.length ? "s" : ""} ${at}): symbols inside them may be missing${most}`);
    }
    const collected = input.collect?.(ctx, symbols, imports);

    // A minified or generated file puts many declarations on one line: keep their own characters, or
    // a read of one would be the whole line (read-symbol.ts, symbolText).
    const longestLine = { line: 0, length: 0 };
    for (let i = 0; i < lines.length; i++) if (lines[i]!.length > longestLine.length) (longestLine.length = lines[i]!.length), (longestLine.line = i + 1);
    const longLines = longestLine.length > LONG_LINE;
    const badKinds = new Map<string, string[]>();
    const crowded = longLines ? undefined : crowdedLines(symbols, unlisted.length ? [...callbacks, ...unlisted] : callbacks);
    // (Offsets into the source: the recovered text's inserted closers taken out.)
    const own = (at: [number, number]): [number, number] => (read === input.source ? at : [sourceOffset(at[0], inserted), sourceOffset(at[1], inserted)]);
    for (const [r] of walk(symbols)) {
      if (longLines && r.node) r.span = ownSpan(r.node, r.nameNode);
      else if (r.node && (crowded!.has(r.startLine) || crowded!.has(r.endLine))) r.chars = own(ownSpan(r.node, r.nameNode));
      noteKind(r, badKinds);
      release(r);
    }
    const kinds = kindWarning(lang.packId, badKinds);
    if (kinds) ctx.warnings.push(kinds);
    for (const c of [...callbacks, ...unlisted]) {
      if (longLines && c.node) c.span = [c.node.startIndex, c.node.endIndex];
      else if (c.node && (crowded!.has(c.startLine) || crowded!.has(c.endLine))) c.chars = own([c.node.startIndex, c.node.endIndex]);
      delete c.node;
    }
    let hash: string | undefined;
    return {
      path: input.path,
      relPath: input.relPath,
      root: input.root,
      language: spec.id,
      packId: lang.packId,
      callbackSupport: spec.callbackSupport ?? "generic",
      ...noQueries(spec.queries),
      source: input.source,
      lines,
      // Lazily: hashing loads node:crypto (~6 ms of a one-file report, which does not use it).
      get hash(): string {
        return lean ? "" : (hash ??= sha1Hex(input.source));
      },
      symbols,
      callbacks,
      ...(unlisted.length ? { unlistedCallbacks: unlisted } : {}),
      imports,
      warnings: ctx.warnings,
      syntaxErrors,
      longestLine,
      ...(collected === undefined ? {} : { collected }),
      ...(ctx.inputs?.length ? { inputs: ctx.inputs } : {}),
    };
  } finally {
    tree.delete();
  }
}

/** Drop the tree's nodes (assignment, not `delete`, keeps the objects' fast shape). */
function release(r: SymbolRecord): void {
  r.node = undefined;
  r.nameNode = undefined;
  r.bodyNode = undefined;
  r.clauses = undefined;
  r.props = undefined;
}

/** An offset into the recovered text as one into the source: the inserted closers before it taken out. */
function sourceOffset(at: number, inserted: number[]): number {
  let n = 0;
  while (n < inserted.length && inserted[n]! < at) n++;
  return at - n;
}

/** Lines where two or more symbols or callbacks start or end (a one-line class and its methods): their records keep `chars`. */
function crowdedLines(symbols: SymbolRecord[], callbacks: CallbackRecord[]): Set<number> {
  const seen = new Set<number>();
  const out = new Set<number>();
  const touch = (start: number, end: number) => {
    for (const l of start === end ? [start] : [start, end]) (seen.has(l) ? out : seen).add(l);
  };
  for (const [r] of walk(symbols)) touch(r.startLine, r.endLine);
  for (const c of callbacks) touch(c.startLine, c.endLine);
  return out;
}

/**
 * A record's own characters: its node — or, for one binding of a declaration of several (`var ye=…,
 * Re=…` in a minified bundle), its declarator.
 */
function ownSpan(node: Node, name: Node | undefined): [number, number] {
  const d = name?.parent;
  if (d?.type === "variable_declarator" && d.startIndex >= node.startIndex && d.endIndex <= node.endIndex) return [d.startIndex, d.endIndex];
  return [node.startIndex, node.endIndex];
}

/** McCabe complexity per function-like record: 1 + the `@branch` captures inside it (innermost wins), + its clauses past the first. */
function applyComplexity(symbols: SymbolRecord[], matches: QueryMatch[] | undefined): void {
  const fns: { r: SymbolRecord; s: number; e: number }[] = [];
  for (const [r] of walk(symbols)) {
    const n = r.node;
    if (!FUNCTION_KINDS.has(r.kind) || !n) continue;
    // From its name to its body's end: a binding's node may be a whole `var a = x ? 1 : 2, handler =
    // function () {…}, b = y || z` — the other bindings' branches are not the function's paths.
    const name = r.nameNode && r.nameNode.startIndex >= n.startIndex && r.nameNode.endIndex <= n.endIndex ? r.nameNode.startIndex : n.startIndex;
    const body = r.bodyNode && r.bodyNode.startIndex >= n.startIndex && r.bodyNode.endIndex <= n.endIndex ? r.bodyNode.endIndex : n.endIndex;
    fns.push({ r, s: name, e: body });
    for (const c of r.clauses ?? []) fns.push({ r, s: c.startIndex, e: c.endIndex }); // (each clause's branches its function's)
  }
  if (!fns.length || !matches) return;
  fns.sort((a, b) => a.s - b.s);
  for (const f of fns) f.r.complexity = 1 + (f.r.clauses?.length ?? 0); // (a clause past the first: one more path)
  const starts = fns.map((f) => f.s);
  for (const m of matches) {
    for (const c of m.captures) {
      if (c.name !== "branch") continue; // helper captures (`@_op`) are not paths
      const p = c.node.startIndex;
      let lo = 0;
      let hi = starts.length - 1;
      let idx = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! <= p) {
          idx = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      for (let i = idx; i >= 0; i--) {
        const f = fns[i]!;
        if (f.e >= c.node.endIndex) {
          f.r.complexity = (f.r.complexity ?? 1) + 1;
          break;
        }
      }
    }
  }
}

/** Which of the queries provenance speaks for a spec lacks (none: nothing to say). */
function noQueries(queries: Record<string, unknown> | undefined): { noQuery?: ("tags" | "imports")[] } {
  const missing = (["tags", "imports"] as const).filter((q) => !queries?.[q]);
  return missing.length ? { noQuery: [...missing] } : {};
}
