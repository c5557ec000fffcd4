/**
 * Start what a `report` (or `read`, `enclosing`, `view`) of the named files will wait for — the wasm
 * runtime and the files' grammars — before the rest of the CLI is loaded: V8 compiles the grammar on
 * a background thread while the main thread loads and sets up pilens. bin/pilens.mjs calls this
 * first. Built-in languages only, and only extensions one language claims (`.h` is C or C++ by
 * content); a wrong guess (a `.pilensrc` pack serving the extension) costs background work only.
 */
import { extname } from "node:path";
import { builtinPacks } from "../../language-packs/index.js";
import { initRuntime, loadLanguage } from "../../core/runtime.js";

const PARSING = new Set(["report", "read", "enclosing", "view"]);

export function prewarm(argv: string[]): void {
  if (!PARSING.has(argv[0] ?? "")) return;
  const byExt = new Map<string, string | undefined>();
  for (const m of builtinPacks) {
    for (const l of m.languages) {
      // A packaged grammar (`pkg/x.wasm`) resolves when its pack loads: not guessed here.
      const grammar = l.grammar && !/[\\/]|\.wasm$/.test(l.grammar) ? l.grammar : undefined;
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
