/**
 * Start what a `report` (or `read`, `enclosing`, `view`) of the named files will wait for — the wasm
 * runtime and the files' grammars — before the rest of the CLI is loaded: V8 compiles the grammar on
 * a background thread while the main thread loads and sets up pilens. bin/pilens.cjs calls this
 * first. Built-in languages only, and only extensions one language claims (`.h` is C or C++ by
 * content); a wrong guess (a `.pilensrc` pack serving the extension) costs background work only.
 */
import { readFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { findProjectRoot } from "../../core/files.js";
import { cacheDirFor } from "../../core/graph/store.js";
import type { GraphMeta } from "../../core/graph/types.js";
import { builtinPacks } from "../../language-packs/index.js";
import { initRuntime, loadLanguage } from "../../core/runtime.js";
import { flagsPinned, jitBudgetFlag } from "../../core/v8-flags.js";
import { startReportLane } from "./report-lanes.js";

export { markLaneWorker } from "./report-lanes.js";

const PARSING = new Set(["report", "read", "enclosing", "view"]);

export function prewarm(argv: string[]): void {
  tuneJit();
  if (argv[0] === "index") return prewarmIndex(argv);
  if (!PARSING.has(argv[0] ?? "")) return;
  // A large batch's second lane starts first: its start-up overlaps this thread's.
  if (argv[0] === "report") startReportLane(argv.slice(1));
  const byExt = new Map<string, string | undefined>();
  for (const m of builtinPacks) {
    for (const l of m.languages) {
      const grammar = bundledGrammar(l.grammar);
      for (const e of l.extensions) byExt.set(e.toLowerCase(), byExt.has(e.toLowerCase()) ? undefined : grammar);
    }
  }
  const grammars = new Set<string>();
  for (const arg of argv.slice(1)) {
    const grammar = arg.startsWith("-") ? undefined : byExt.get(extname(arg).toLowerCase());
    if (grammar) grammars.add(grammar);
  }
  if (!grammars.size) return;
  initRuntime().catch(() => {});
  // Failures are reported by the real load, with the file that needed the grammar.
  for (const g of grammars) loadLanguage(g).catch(() => {});
}

/**
 * V8 optimizes a function with TurboFan once it has run for a budget of bytecode; for pilens's code
 * (varied, polymorphic records and nodes) the default budget had TurboFan compile ~110 functions in a
 * 190-file batch, some for 30–90 ms each and several two or three times after deoptimizations, on the
 * cores the report lanes need (~18% of the batch's CPU). Eight times that budget leaves ~40: the
 * tree-sitter bindings' marshalling and the character loops, the code that runs most. 190 TS files 1,160 →
 * 990 ms, 700 files / 4.9 MB 4.7 → 3.6 s, `index` of 1,209 files 4.1 → 3.5 s; one file unchanged
 * (docs/measurements.md, session 19; no TurboFan at all was in between). The CLI's process only, set
 * before any worker starts (V8's flags are the process's); pi's process is not ours to tune. On V8 11
 * (Node 20), where it is measured and the default is 67,584. `PILENS_TURBOFAN=1` keeps V8's default.
 */
function tuneJit(): void {
  const flag = jitBudgetFlag();
  if (flag && !flagsPinned()) setFlagsFromString(flag);
}

/** A tree-sitter-wasms grammar name; a packaged grammar (`pkg/x.wasm`) resolves when its pack loads. */
function bundledGrammar(grammar: string | undefined): string | undefined {
  return grammar && !/[\\/]|\.wasm$/.test(grammar) ? grammar : undefined;
}

/** Built-in language id → its tree-sitter-wasms grammar name (when the manifest names one). */
function grammarsByLanguage(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of builtinPacks) {
    for (const l of m.languages) {
      const g = bundledGrammar(l.grammar);
      if (g) out.set(l.id, g);
    }
  }
  return out;
}

/**
 * `pilens index` parses what changed since the last build, in the languages the project has: the
 * runtime and the grammars of the languages the committed graph lists (those with ≥ 5% of its files,
 * at most 3) start now; ProjectGraph.index starts any other once it has scanned.
 */
function prewarmIndex(argv: string[]): void {
  if (argv.includes("--help") || argv.includes("-h")) return;
  initRuntime().catch(() => {});
  if (argv.includes("--rebuild")) return;
  let cwd = process.cwd();
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === "--cwd" && argv[i + 1]) cwd = resolve(argv[++i]!);
    else if (argv[i]!.startsWith("--cwd=")) cwd = resolve(argv[i]!.slice(6));
  }
  let languages: Record<string, number> | undefined;
  try {
    languages = (JSON.parse(readFileSync(join(cacheDirFor(findProjectRoot(cwd)), "meta.json"), "utf8")) as GraphMeta).languages;
  } catch {
    return; // no graph yet (or an unreadable one: index() says so)
  }
  if (!languages) return;
  const total = Object.values(languages).reduce((a, b) => a + b, 0);
  const grammars = grammarsByLanguage();
  let started = 0;
  for (const [id, count] of Object.entries(languages)) {
    const g = grammars.get(id);
    if (!g || count < total * 0.05 || started >= 3) continue;
    started++;
    loadLanguage(g).catch(() => {});
  }
}
