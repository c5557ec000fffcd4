/**
 * The one web-tree-sitter runtime of the process: init once, grammars loaded lazily and cached,
 * queries compiled once per (grammar, source). Callers must `delete()` every tree they parse.
 */
import { createRequire } from "node:module";
import { dirname, join, isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import type { Language, Parser, Query, Tree } from "web-tree-sitter";
import { placeDataSegment, readGrammarFile, type GrammarFile } from "./grammar-file.js";
import { withShims } from "./grammar-shims.js";
import { chooseParentMemo, memoizeParents } from "./parents.js";
import { flagsPinned, liftoffFlag } from "./v8-flags.js";

/**
 * web-tree-sitter, imported when the runtime starts rather than with this module: hosts/cli/warm.ts
 * loads this module first thing to start compiling grammars, and ~4k lines of JS to parse before
 * that could start cost ~25 ms of the critical path.
 */
let wts: typeof import("web-tree-sitter") | undefined;

/** The global WebAssembly object (the project's TS lib has no DOM/wasm declarations). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(source: unknown, imports?: unknown): Promise<unknown>;
  Memory: new (limits: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let initPromise: Promise<void> | undefined;
const languages = new Map<string, Promise<Language>>();
const queries = new Map<Language, Map<string, Query>>();
let parser: Parser | undefined;

/**
 * V8 tiers wasm up with TurboFan on background threads; with many grammars on 2 cores that stalls
 * for seconds (stack.md). Liftoff-only costs ~1.5x on huge files but keeps cold batches fast.
 */
function preferLiftoff(): void {
  const flag = liftoffFlag();
  if (flag && !flagsPinned()) v8.setFlagsFromString(flag);
}

/** The loaded web-tree-sitter module; parse and compileQuery run only after a grammar has loaded. */
function runtime(): typeof import("web-tree-sitter") {
  if (!wts) throw new Error("tree-sitter runtime used before initRuntime()");
  return wts;
}

export function initRuntime(): Promise<void> {
  initPromise ??= (async () => {
    preferLiftoff();
    wts = await import("web-tree-sitter");
    // Made after the first await: its 32 MB count as external memory, and V8 may answer with a
    // collection — not before the grammar's compilation has started (hosts/cli/warm.ts).
    const wasmMemory = runtimeMemory();
    try {
      await wts.Parser.init({ wasmMemory } as object);
    } catch {
      await wts.Parser.init(); // a web-tree-sitter that wants other limits makes its own memory
    }
    memoizeParents(wts.Node);
  })();
  return initPromise;
}

/** How much of the runtime's memory is touched ahead (below). */
const PREFAULT_BYTES = 6 << 20;

let ownMemory: object | undefined;
/** The memory a grammar was last linked into (withCompiled). */
let linkedMemory: object | undefined;

/** Whether the runtime runs on the memory made here (for tests: a web-tree-sitter ignoring it would be slower, silently). */
export function ownMemoryInUse(): boolean {
  return !!ownMemory && linkedMemory === ownMemory;
}

/**
 * The runtime's wasm memory, made here rather than by web-tree-sitter (`Parser.init({ wasmMemory })`,
 * with the limits it would choose: 32 MB, at most 2 GB) so that its first pages are touched while the
 * main thread waits for the grammar to compile. On this machine kind first touching a page costs
 * ~12 µs, and a first report touches ~6 MB as soon as the grammar is ready: the grammar's data segment
 * (2.2 MB for TypeScript, calloc'd, then filled) and the query's analysis map (3.9 MB), the heap
 * starting 76 KB in. A one-file report −9 ms (docs/measurements.md, session 32). Each page gets its own
 * byte written back, so the touch is harmless whenever it runs (wasm runs on this same thread); it runs
 * once the work queued before it is done — in the CLI, when the main thread has nothing left to do but
 * wait for the grammar.
 */
function runtimeMemory(): object {
  const memory = (ownMemory = new wasm.Memory({ initial: 512, maximum: 32768 }));
  setImmediate(() => {
    const bytes = new Uint8Array(memory.buffer);
    const end = Math.min(bytes.length, PREFAULT_BYTES);
    for (let i = 0; i < end; i += 4096) bytes[i] = bytes[i]!;
  });
  return memory;
}

let wasmDir: string | undefined;
/** Folder of the grammars bundled by tree-sitter-wasms. */
export function bundledGrammarDir(): string {
  if (!wasmDir) {
    const require = createRequire(import.meta.url);
    wasmDir = join(dirname(require.resolve("tree-sitter-wasms/package.json")), "out");
  }
  return wasmDir;
}

/** A grammar reference: a tree-sitter-wasms name (`typescript`), an absolute .wasm path, or a file URL. */
export function grammarPath(grammar: string | URL): string {
  if (grammar instanceof URL) return fileURLToPath(grammar);
  if (grammar.startsWith("file:")) return fileURLToPath(grammar);
  if (isAbsolute(grammar) || grammar.endsWith(".wasm")) return grammar;
  return join(bundledGrammarDir(), `tree-sitter-${grammar}.wasm`);
}

/**
 * A grammar's code is all run by its first parse, so it compiles eagerly, on V8's background threads,
 * instead of lazily on the main thread during that parse (~40 ms of Liftoff for TypeScript). Started
 * early (hosts/cli/warm.ts), that compilation overlaps with loading the rest of pilens.
 */
let eagerLoads = 0;
function compileEagerly<T>(load: () => Promise<T>): Promise<T> {
  if (flagsPinned()) return load(); // eager for the whole process (core/v8-flags.ts)
  if (eagerLoads++ === 0) v8.setFlagsFromString("--no-wasm-lazy-compilation");
  const p = load();
  const restore = () => {
    if (--eagerLoads === 0) v8.setFlagsFromString("--wasm-lazy-compilation");
  };
  p.then(restore, restore);
  return p;
}

export async function loadLanguage(grammar: string | URL): Promise<Language> {
  const path = grammarPath(grammar);
  let p = languages.get(path);
  if (!p) {
    const init = initRuntime(); // first: it sets the compiler flags
    p = compileEagerly(async () => {
      // Read synchronously (a few ms): an async read would wait for a busy main thread to start the compile.
      // The data segment stays in the file until instantiation (grammar-file.ts).
      const grammar = readGrammarFile(path);
      // Compiled now, alongside the runtime's own start-up, instead of after it: Language.load below
      // instantiates this compilation (withCompiled). 60-70 ms of TypeScript grammar off the critical path.
      const early = wasm.compile(grammar.bytes).catch(() => undefined);
      await init;
      const held = await early;
      return instantiateInTurn(() => withCompiled(grammar, held, () => wts!.Language.load(grammar.bytes)));
    });
    languages.set(path, p);
    // A failed load is not cached: the next file retries (and reports its own error).
    p.catch(() => languages.delete(path));
  }
  return p;
}

/**
 * Run `load` (web-tree-sitter's `Language.load(bytes)`) with the module already compiled from those
 * bytes: `Language.load` takes bytes only and hands them to `WebAssembly.instantiate`, which copies
 * them (2.3 MB for TypeScript) before V8 finds its cached compilation. On this machine kind first
 * touching fresh memory costs ~11 µs a page: the copy was ~7 ms of a one-file report. While `load`
 * runs (one grammar at a time, instantiateInTurn), `WebAssembly.instantiate` of exactly these bytes
 * instantiates the compiled module instead, after placing the data segment the bytes leave out
 * (grammar-file.ts); any other call, and every call after, is untouched. The grammar's imports get
 * the shims of grammar-shims.ts.
 */
async function withCompiled<T>(grammar: GrammarFile, compiled: object | undefined, load: () => Promise<T>): Promise<T> {
  const original = wasm.instantiate;
  wasm.instantiate = function (source: unknown, linkerImports?: unknown) {
    if (source !== grammar.bytes) return original.call(wasm, source, linkerImports);
    const env = (linkerImports as { env?: { memory?: object; __stack_pointer?: StackPointer } } | undefined)?.env;
    linkedMemory = env?.memory;
    stackPointer ??= env?.__stack_pointer;
    // What the grammar's scanner imports and the runtime lacks (grammar-shims.ts).
    const imports = withShims(linkerImports);
    try {
      if (grammar.data) placeDataSegment(grammar.data, imports);
    } catch (e) {
      return Promise.reject(e);
    }
    if (!compiled) return original.call(wasm, source, imports);
    return original.call(wasm, compiled, imports).then((instance) => ({ module: compiled, instance }));
  };
  try {
    return await load();
  } finally {
    wasm.instantiate = original;
  }
}

/**
 * Grammars are instantiated one at a time (their compilation still runs in parallel): Emscripten's
 * dynamic linker shares one symbol table, and two side modules linking at once can see each other's
 * exports half-set ("bad export type for 'tree_sitter_python_external_scanner_create'" while loading
 * Rust, in a batch that started seven grammars together).
 */
let linking: Promise<unknown> = Promise.resolve();
function instantiateInTurn<T>(load: () => Promise<T>): Promise<T> {
  const mine = linking.then(load, load);
  linking = mine.catch(() => undefined);
  return mine;
}

/** The runtime's shadow-stack pointer (Emscripten's `__stack_pointer`), seen when a grammar links. */
interface StackPointer {
  value: number;
}
let stackPointer: StackPointer | undefined;

/**
 * Parse `source`; the caller owns the tree and must `tree.delete()` it. A parse that throws inside the
 * runtime (a scanner's fatal stop, grammar-shims.ts) unwinds through wasm frames that never restore the
 * shadow-stack pointer they lowered, and the parser holds the half-done parse: both are put back, so the
 * next file parses as if it had not happened (after ~100 such failures the memory had been corrupt).
 * With `old` (a tree of the text before an edit, `tree.edit()` told of it), the parse reuses what the
 * edit left as it was (the caller still owns `old`).
 */
export function parse(language: Language, source: string, old?: Tree) {
  parser ??= new (runtime().Parser)();
  parser.setLanguage(language);
  const sp = stackPointer?.value;
  let tree: ReturnType<Parser["parse"]>;
  try {
    const input = ASTRAL.test(source) ? (index: number) => chunkAt(source, index) : source;
    tree = old ? parser.parse(input, old) : parser.parse(input);
  } catch (e) {
    if (sp !== undefined) stackPointer!.value = sp;
    parser.reset();
    throw e;
  }
  if (!tree) throw new Error("tree-sitter returned no tree");
  chooseParentMemo(source);
  return tree;
}

/** A high surrogate: the first half of a character beyond the BMP (an emoji, `'🔀'`). */
const ASTRAL = /[\uD800-\uDBFF]/;
/**
 * Text from `index` for the parser, at most CHUNK units, never ending between the halves of a surrogate
 * pair. The runtime copies what it is handed into a 10 KB buffer (5,119 UTF-16 units) and cuts it there,
 * and a character cut in two lexes as two: a char literal holding it (`'🔀'`: regex-syntax's unicode
 * tables, Go runes) was an ERROR wherever a pair straddled a buffer's end.
 */
function chunkAt(source: string, index: number): string {
  let end = Math.min(source.length, index + CHUNK);
  if (end < source.length && ASTRAL.test(source[end - 1]!)) end--;
  return source.slice(index, end);
}
const CHUNK = 4096;

/** Compile (once) a query for a language. Throws a `QueryError` naming the bad pattern. */
export function compileQuery(language: Language, source: string): Query {
  let byText = queries.get(language);
  if (!byText) queries.set(language, (byText = new Map()));
  let q = byText.get(source);
  if (!q) {
    q = new (runtime().Query)(language, source);
    byText.set(source, q);
  }
  return q;
}
