/**
 * Guards on the hook table, for pack authors: a tap's error names the hook, the tap and the first frame
 * of the stack outside pilens (the pack's file:line); a tap's return value is checked (tap-returns.ts:
 * an extract tap returning `null` had silently emptied the outline; `"x"` had failed later with "Cannot
 * read properties of undefined"); a tap without a name, or the old `hooks.extract.tap(…)` of the map itself,
 * gets an error saying how to tap instead of tapable's "Invalid tap options".
 */
import { dirname, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReturnCheck } from "./tap-returns.js";

export { RETURN_CHECKS, type ReturnCheck } from "./tap-returns.js";

/** pilens' own folder (its sources or its dist/): frames inside it are not a pack's, but for examples/. */
const OWN_ROOT = (() => {
  const here = dirname(fileURLToPath(import.meta.url));
  const parts = here.split(sep);
  const at = Math.max(parts.lastIndexOf("core"), parts.lastIndexOf("dist"));
  return at > 0 ? parts.slice(0, at).join(sep) : dirname(here);
})();

/**
 * The first stack frame of an error in a pack's code: outside pilens, tapable and node's internals, and
 * called by pilens (a frame with pilens' own below it — not the host's code that called pilens):
 * `file:line`.
 */
export function packFrame(e: unknown): string | undefined {
  const stack = e instanceof Error ? e.stack : undefined;
  if (!stack) return undefined;
  const frames: { file: string; line: string; own: boolean }[] = [];
  for (const line of stack.split("\n").slice(1)) {
    // A path after "at " or "(": not the tail of Node's own `node:internal/process/task_queues:95:5`.
    const m = /(?:^|[\s(])((?:file:\/\/)?\/[^():]+|[A-Za-z]:\\[^():]+):(\d+):\d+\)?\s*$/.exec(line);
    if (!m || /\beval at\b/.test(line)) continue;
    const file = m[1]!.startsWith("file://") ? fileURLToPath(m[1]!) : m[1]!;
    if (file.includes(`${sep}node_modules${sep}tapable${sep}`)) continue;
    const own = file.startsWith(OWN_ROOT + sep) && !file.startsWith(`${OWN_ROOT}${sep}examples${sep}`) && !file.startsWith(`${OWN_ROOT}${sep}node_modules${sep}`);
    frames.push({ file, line: m[2]!, own });
  }
  const i = frames.findIndex((f, k) => !f.own && frames.slice(k + 1).some((g) => g.own));
  if (i < 0) return undefined;
  const { file, line } = frames[i]!;
  const rel = relative(process.cwd(), file);
  return `${rel && !rel.startsWith("..") ? rel : file}:${line}`;
}

/** An error a tap threw or a bad value it returned, named by hook and tap. */
export class TapError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "TapError";
  }
}

/** `message (file:line)` of an error a pack's code threw (its first frame outside pilens), once. */
export function withPackFrame(e: unknown): string {
  const message = e instanceof Error ? e.message || e.name : String(e);
  if (e instanceof TapError) return message;
  const at = packFrame(e);
  return at && !message.includes(at) ? `${message} (${at})` : message;
}

/**
 * Taps registered inside `asTrusted` — pilens' own and the built-in packs' (registry.ts), whose shapes and
 * returns a test checks on every fixture (test/pack-errors.test.ts) — run unwrapped: no try/catch and
 * return check on each of the thousands of tap calls of a report.
 */
let trusted = 0;
export function asTrusted<T>(register: () => T): T {
  trusted++;
  try {
    return register();
  } finally {
    trusted--;
  }
}

interface Tapped {
  name: string;
  fn: Function;
}

interface Guardable {
  tap: (options: unknown, fn?: unknown) => void;
  intercept(interceptor: { register?: (tap: never) => unknown }): void;
}

/**
 * Guard one hook: named taps only; each tap's errors and return values are named by the hook's name
 * (`extract`) and the tap's.
 */
export function guardHook<H>(hook: H, hookName: string, key: string | undefined, check: ReturnCheck | undefined): H {
  const label = hookName;
  const spelled = `hooks.${hookName}${key === undefined ? "" : `.for(${JSON.stringify(key)})`}`;
  const h = hook as unknown as Guardable;
  const tap = h.tap.bind(h);
  h.tap = (options: unknown, fn?: unknown) => {
    const name = typeof options === "string" ? options : options && typeof options === "object" ? (options as { name?: unknown }).name : undefined;
    if (typeof name !== "string" || !name.trim() || typeof fn !== "function") {
      throw new Error(`${spelled}.tap(name, fn): a tap needs a name first and then its function — tap("my-pack", fn) or tap({ name: "my-pack", stage }, fn)`);
    }
    tap(options, fn);
  };
  h.intercept({
    register: ((t: Tapped) => {
      if (trusted) return t;
      const fn = t.fn;
      const fail = (e: unknown): never => {
        const at = packFrame(e);
        const message = e instanceof Error ? e.message || e.name : String(e);
        throw new TapError(`${label} tap "${t.name}" threw: ${message}${at ? ` (${at})` : ""}`, e);
      };
      const checked = (v: unknown, file: unknown): unknown => {
        const problem = v === undefined || !check ? undefined : check(v, file as { lines?: unknown } | undefined);
        if (problem) throw new TapError(`${label} tap "${t.name}" ${problem}`);
        return v;
      };
      t.fn = (a: unknown, b: unknown, c: unknown) => {
        let v: unknown;
        try {
          v = fn(a, b, c);
        } catch (e) {
          if (e instanceof TapError) throw e;
          return fail(e);
        }
        // (The file's context: the second argument of extract, callbacks and imports taps, the third of doc and flags.)
        return checked(v, [b, c].find((x) => x !== null && typeof x === "object" && "lines" in x));
      };
      return t;
    }) as never,
  });
  return hook;
}

/** Guard a hook map: each language's hook as above, and the map's own deprecated `tap` made a clear error. */
export function guardMap<M extends { for(key: string): unknown }>(map: M, name: string): M {
  const m = map as unknown as Record<string, unknown>;
  for (const method of ["tap", "tapAsync", "tapPromise"]) {
    m[method] = () => {
      throw new Error(`hooks.${name} is a map of hooks, one per language (a view for render): tap hooks.${name}.for("<language id>").tap("my-pack", fn)`);
    };
  }
  return map;
}
