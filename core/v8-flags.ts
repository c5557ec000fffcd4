/**
 * The V8 flags pilens sets in a process it owns (the CLI and what it hosts: the MCP server, `index`),
 * set once, before any of pilens's code is compiled, when the CLI runs its bundle with a code cache
 * (hosts/cli/bundle-loader.ts): V8 accepts a code cache only under the flags it was made with, so
 * flags that changed while a report runs (the eager-wasm toggle of core/runtime.ts) would have it
 * rejected and rewritten on every run.
 *
 * Without the pin (pi's process, dist/ run directly) the same flags are set where they are needed:
 * `--liftoff-only` when the runtime starts, the interrupt budget by the CLI's prewarm, and eager wasm
 * compilation only while a grammar loads.
 */
import v8 from "node:v8";

const PINNED = Symbol.for("pilens.v8-flags-pinned");

/** Eight times V8's default budget before TurboFan (hosts/cli/warm.ts, tuneJit): on V8 11 only; `PILENS_TURBOFAN=1` keeps the default. */
export function jitBudgetFlag(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.PILENS_TURBOFAN !== "1" && process.versions.v8.startsWith("11.") ? `--interrupt-budget=${8 * 67584}` : undefined;
}

/** No TurboFan for wasm (core/runtime.ts, preferLiftoff); `PILENS_WASM_TIERUP=1` lets it tier up. */
export function liftoffFlag(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.PILENS_WASM_TIERUP !== "1" ? "--liftoff-only" : undefined;
}

/** The flags for a process pilens owns, as the environment asks (`PILENS_TURBOFAN`, `PILENS_WASM_TIERUP`). */
export function processFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = [jitBudgetFlag(env), liftoffFlag(env)].filter((f): f is string => !!f);
  // Grammars compile eagerly on background threads (core/runtime.ts, compileEagerly); the runtime's
  // own module too, which costs nothing measurable on the critical path (docs/measurements.md).
  flags.push("--no-wasm-lazy-compilation");
  // Code caches carry a checksum, checked when taken: a torn or corrupted cache file is rejected
  // instead of crashing the deserializer (hosts/cli/bundle-loader.ts).
  flags.push("--verify-snapshot-checksum");
  return flags;
}

/** Set `flags` for the whole process, once; later calls to the setters below then leave them as they are. */
export function pinFlags(flags: string[]): void {
  for (const f of flags) v8.setFlagsFromString(f);
  (globalThis as Record<symbol, unknown>)[PINNED] = true;
}

/** Whether the process's flags were pinned (in this thread's realm: a worker pins its own, to the same values). */
export function flagsPinned(): boolean {
  return (globalThis as Record<symbol, unknown>)[PINNED] === true;
}
