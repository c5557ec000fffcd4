/**
 * What some grammars' scanners import and web-tree-sitter 0.25.10's runtime does not export.
 *
 * A grammar is an Emscripten side module; its imports resolve against the runtime's exports, lazily,
 * on the first call. tree-sitter-wasms 0.1.13 built some scanners against a libc that had more:
 * bash calls `isalpha` on every `case` and `[[ … == … ]]`, so every shell script holding one failed
 * with "resolved is not a function" (86 of 272 scripts under /usr and /etc here). Others import
 * `__assert_fail` (C++, Python, PHP, Ruby, HTML, Vue) or `abort` (Kotlin), called only when the
 * scanner is already lost, and the C++-built scanners (YAML, Elm) `operator new`/`delete`.
 *
 * These are given here, as the libc would: `isalpha` in the C locale (ASCII letters), new/delete on
 * the runtime's malloc/free, and the fatal ones as an error that says what happened (a parse that
 * throws leaves the runtime whole: runtime.ts parse). Everything else is the linker's own.
 */

type Env = Record<string | symbol, unknown>;

/** Read a NUL-terminated string from wasm memory (at most 200 bytes: it goes into a message). */
function cString(memory: unknown, ptr: number): string {
  const buffer = (memory as { buffer?: ArrayBuffer } | undefined)?.buffer;
  if (!(buffer instanceof ArrayBuffer) || ptr <= 0 || ptr >= buffer.byteLength) return "?";
  const bytes = new Uint8Array(buffer, ptr, Math.min(200, buffer.byteLength - ptr));
  const end = bytes.indexOf(0);
  return Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)).toString("utf8");
}

/** An error from a grammar's scanner: the parse stops, the file gets this as its error. */
export class GrammarAbort extends Error {}

function shims(env: Env): Record<string, (...args: number[]) => number | void> {
  const call = (name: string) => env[name] as (...args: number[]) => number;
  return {
    isalpha: (c) => (((c | 32) >= 97 && (c | 32) <= 122) ? 1 : 0),
    __assert_fail: (assertion = 0, file = 0, line = 0) => {
      throw new GrammarAbort(`the grammar's scanner failed an assertion: ${cString(env.memory, assertion)} (${cString(env.memory, file)}:${line})`);
    },
    abort: () => {
      throw new GrammarAbort("the grammar's scanner aborted");
    },
    _Znwm: (size = 0) => call("malloc")(size),
    _Znam: (size = 0) => call("malloc")(size),
    _ZdlPv: (ptr = 0) => void call("free")(ptr),
    _ZdaPv: (ptr = 0) => void call("free")(ptr),
    _ZNKSt3__220__vector_base_commonILb1EE20__throw_length_errorEv: () => {
      throw new GrammarAbort("the grammar's scanner ran out of room (std::vector length error)");
    },
  };
}

/** The names given here (tests check every built-in grammar's imports against the runtime's exports and these). */
export const SHIMMED_IMPORTS: readonly string[] = Object.keys(shims({}));

/**
 * The dynamic linker's import object for a grammar, with the shims in its `env`. They take the place of
 * the runtime's definitions of these names too: web-tree-sitter is pinned to a runtime that has none
 * (test/core/grammar-imports.test.ts), and what one would do — ctype in the C locale, the runtime's
 * own malloc/free, a fatal stop — is what the shims do.
 */
export function withShims(imports: unknown): unknown {
  const env = (imports as { env?: Env } | undefined)?.env;
  if (!env || typeof env !== "object") return imports;
  const given = shims(env);
  const shimmedEnv = new Proxy(env, {
    get: (target, prop, receiver) => (typeof prop === "string" && Object.hasOwn(given, prop) ? given[prop] : Reflect.get(target, prop, receiver)),
  });
  return { ...(imports as object), env: shimmedEnv };
}
