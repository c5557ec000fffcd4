/** The JS/TS pack's callback rules (LanguageSpec.callbackRules): a function handed to a call, its kind by the callee. */
import type { CallbackRule } from "../../core/plugin.js";

const LIFECYCLE = /(exit|SIGINT|SIGTERM|SIGHUP|beforeExit|close|unload|beforeunload|uncaughtException|unhandledRejection|shutdown|dispose|destroy|disconnect|end)/;

/** Functions passed to calls: kind by callee (first match wins); anything else block-bodied is a `callback`. */
export const callbackRules: CallbackRule[] = [
  // Utility belts: `_.once(fn)`, `_.debounce(fn)` wrap a function, they subscribe to nothing (backbone's `_.once`).
  { callee: /^(?:_|lodash|underscore)\.[\w$]+$/, kind: "callback" },
  { callee: /^(?:setTimeout|setInterval|setImmediate)$/, kind: "timer_callback", discardedFlags: ["detached timer"] },
  { callee: /(?:^|\.)(?:setTimeout|setInterval|setImmediate|queueMicrotask|requestAnimationFrame|requestIdleCallback|nextTick)$/, kind: "timer_callback" },
  {
    callee: /\.(?:on|once|off|addListener|prependListener|prependOnceListener|addEventListener|subscribe|listen|handle|use|watch|on[A-Z]\w*)$/,
    kind: "event_handler",
    firstArg: { match: LIFECYCLE, flags: ["lifecycle"] },
  },
  // Component lifecycle: React effects, Vue and Svelte mount/unmount hooks, Vue watchers, Svelte 5's
  // `$effect`, Solid's `createEffect`/`onCleanup`, Angular's signal `effect` and render hooks (`React.useEffect` too).
  {
    callee: /^(?:(?:React|react)\.)?(?:useEffect|useLayoutEffect|useInsertionEffect|onMounted|onUnmounted|onBeforeMount|onBeforeUnmount|onUpdated|onBeforeUpdate|onActivated|onDeactivated|onErrorCaptured|watch|watchEffect|onMount|onDestroy|beforeUpdate|afterUpdate|\$effect(?:\.pre)?|createEffect|createRenderEffect|onCleanup|effect|afterNextRender|afterRender)$/,
    kind: "event_handler",
    flags: ["lifecycle"],
  },
  // Routes: `app.get("/users/:id", (req, res) => {…})`, `router.post("/x", handler)` — a path first.
  {
    callee: /\.(?:get|post|put|patch|delete|del|all|head|options)$/,
    kind: "event_handler",
    firstArg: { match: /^["'`]\//, flags: ["route"], required: true },
  },
  // One-expression continuations (`.catch(() => {})`, `.then((r) => r.json())`) are plumbing, not places to read.
  { callee: /\.(?:then|catch|finally)$/, kind: "promise_callback", blockBodyOnly: true },
  { callee: /^Promise$/, kind: "promise_callback" },
  { callee: /./, kind: "callback", blockBodyOnly: true },
];
