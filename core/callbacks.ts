/**
 * Callbacks: inline executables (handlers, timers, closures) from the pack's `callbacks` query, with
 * stable handles `<base>@<line>`, ranked before the cap so the cap keeps the ones worth reading.
 */
import type { Node, QueryMatch } from "web-tree-sitter";
import type { CallbackRule, LanguageSpec } from "./plugin.js";
import type { CallbackRecord, FileContext, SymbolRecord } from "./types.js";
import { spelledName } from "./use-key.js";
import { endLineOf, extraction, findBody, signatureOf, walk } from "./extract.js";
import { clip } from "./text.js";
import { ARGUMENT_WRAPPER, CALL_WITHOUT_BASE } from "./pack-checks.js";

/** Ranking weight by callback kind; unknown kinds weigh 1. */
const KIND_WEIGHT: Record<string, number> = {
  event_handler: 5, timer_callback: 5, task: 5, goroutine: 5, coroutine: 5, future_callback: 4,
  promise_callback: 3, deferred_callback: 3, object_property_callback: 2, assigned_callback: 2,
  closure: 1, lambda: 1, callback: 0.5,
};

/** One inline function as a `callbacks` query match says it: `@callback.<kind>`, `@callback.base`, `flags`. */
export interface CallbackCandidate {
  fn: Node;
  /** The capture's kind; `call` is classified by the language's `callbackRules`. */
  kind: string;
  base?: Node;
  /** The handle's base when no one node spells it (`button.onClick` for a JSX attribute); else the base's text. */
  label?: string;
  /** The callback's head when its own parameters say less (a test case: `it("parses arrays")`). */
  signature?: string;
  flags?: string[];
}

export function callbacksFromMatches(ctx: FileContext, spec: LanguageSpec, matches: QueryMatch[]): CallbackRecord[] {
  const candidates: CallbackCandidate[] = [];
  for (const m of matches) {
    let fn: Node | undefined;
    let kind: string | undefined;
    let base: Node | undefined;
    for (const c of m.captures) {
      if (c.name === "callback.base") base = c.node;
      else if (c.name.startsWith("callback.")) {
        fn = c.node;
        kind = c.name.slice("callback.".length);
      }
    }
    if (!fn || !kind) continue;
    // A leaf pattern, `(argument_list (func_literal) @callback.call)`: the callee is the call's (a
    // pattern rooted at the call kept a query state per enclosing call — quadratic on a long builder
    // chain). Arguments of what is no call (a Kotlin supertype's constructor, a Python class's bases)
    // are no call's callback: dropped, as a pattern rooted at the call would not have matched them.
    if (!base && kind === "call") {
      const callee = calleeOfArgument(fn);
      if (callee === null) continue;
      base = callee;
    }
    const props = m.setProperties as Record<string, string | null> | undefined;
    candidates.push({ fn, kind, base, flags: props?.flags ? props.flags.split(",").map((f) => f.trim()).filter(Boolean) : [] });
  }
  return callbacksFrom(ctx, spec, candidates);
}

/** Node types of a call: `call_expression`, Python's `call`, Java's `method_invocation`. */
const CALL = /call|invocation/;

/**
 * The callee of the call `fn` is an argument of (through ARGUMENT_WRAPPER nodes: `argument_list`,
 * `value_arguments`/`value_argument`, `call_suffix`, `annotated_lambda`, `keyword_argument`): the call's
 * `function`, else its `name` (Java's `method_invocation`), else its first named child (Kotlin's and
 * Swift's `call_expression` have no fields). `null` when the wrappers belong to no call; `undefined` when
 * `fn` is no argument at all.
 */
function calleeOfArgument(fn: Node): Node | null | undefined {
  let p = fn.parent;
  if (!p || !ARGUMENT_WRAPPER.test(p.type)) return undefined;
  let from: Node = fn;
  for (let depth = 0; p && ARGUMENT_WRAPPER.test(p.type) && depth < 4; depth++) (from = p), (p = p.parent);
  if (!p || !CALL.test(p.type)) return null;
  const callee = calleeOfCall(p);
  return callee && callee.id !== from.id ? callee : null;
}

/** A call's callee: its `function`, else its `name` (Java's `method_invocation`), else its first named child. */
function calleeOfCall(call: Node): Node | null {
  return call.childForFieldName("function") ?? call.childForFieldName("name") ?? call.firstNamedChild;
}

/** What the warning of `@callback.call` matches without a callee says (report.ts qualifies provenance.callbacks by it). */
export const BASELESS = "had no `@callback.base` capture";

/**
 * Callback records from candidates, in their order (what `callbacksFromMatches` does once it has read
 * the captures; a pack that places function nodes in code calls it directly).
 */
export function callbacksFrom(ctx: FileContext, spec: LanguageSpec, candidates: CallbackCandidate[]): CallbackRecord[] {
  const x = extraction(spec);
  // One entry per function node: the most specific kind (highest weight) wins, flags are merged.
  const best = new Map<number, { fn: Node; kind: string; base?: Node; label?: string; signature?: string; flags: Set<string> }>();
  // A base's text without its spaces, once per node: the rules and the handle both read it, and a chain's
  // k-th `.then` has the k − 1 before it as its base (up to MAX_CALLEE characters each).
  const spaced = new Map<number, string>();
  const calleeOf = (base: Node): string => {
    let text = spaced.get(base.id);
    if (text === undefined) spaced.set(base.id, (text = withoutSpaces(ctx.text(base))));
    return text;
  };
  let baseless = 0;
  for (const cand of candidates) {
    const { fn, label, signature } = cand;
    let base = cand.base;
    let kind = cand.kind;
    const flags = [...(cand.flags ?? [])];
    if (kind === "call") {
      const ruled = applyRules(ctx, spec.callbackRules ?? [], fn, base, base ? calleeOf(base) : "");
      // A call's callee is its `@callback.base`: without one, rules see an empty callee (said below).
      if (!base && !ruled) baseless++;
      if (!ruled) continue;
      kind = ruled.kind;
      flags.push(...ruled.flags);
      if (ruled.innerCallee && base && CALL.test(base.type)) base = calleeOfCall(base) ?? base;
    }
    const cur = best.get(fn.id);
    if (!cur) best.set(fn.id, { fn, kind, base, label, signature, flags: new Set(flags) });
    else {
      for (const f of flags) cur.flags.add(f);
      if ((KIND_WEIGHT[kind] ?? 1) > (KIND_WEIGHT[cur.kind] ?? 1)) Object.assign(cur, { kind, base, label });
    }
  }
  const out: CallbackRecord[] = [];
  for (const { fn, kind, base, label, signature, flags } of best.values()) {
    const line = fn.startPosition.row + 1;
    // (A quoted key, `"BlockStatement:exit"(node) {…}`, by its value, as a quoted member is named.)
    // (A quoted key has no spaces to drop: its value is the same before withoutSpaces and after.)
    const baseText = label ? handleBase(withoutSpaces(label)) : base ? handleBase(calleeOf(base).replace(QUOTED_KEY, "$2")) : kind;
    const allFlags = [...(/^async\b/.test(ctx.text(fn).slice(0, 6)) ? ["async"] : []), ...flags];
    out.push({
      name: `${baseText}@${line}`,
      kind,
      startLine: line,
      endLine: endLineOf(fn),
      signature: signature ?? (signatureOf(ctx, fn, findBody(fn, x), []) || undefined),
      flags: allFlags.length ? [...new Set(allFlags)] : undefined,
      node: fn,
    });
  }
  // (Once per file; not when the query check said it already, naming the pattern's .scm line.)
  if (baseless && !ctx.warnings.some((w) => w.includes(CALL_WITHOUT_BASE))) {
    ctx.warnings.push(
      `callbacks: ${baseless} \`@callback.call\` match${baseless === 1 ? "" : "es"} of the ${spec.id} callbacks query ${BASELESS} (the callee callbackRules match) and gave no callback — the callback list is incomplete${spec.callbackSupport === "tuned" ? ' though callbackSupport is "tuned"' : ""}`,
    );
  }
  return out;
}

const BLOCK_BODY = /block|statement_block|compound_statement|function_body|lambda_body|closure_body/;

/** A quoted key neither empty, spaced nor dotted: named by its value (`Outer.member` splits at dots). */
const QUOTED_KEY = /^(["'])([^\s.'"`\\]+)\1$/;

/** A call's arguments up to this long, with no call, body or parenthesis inside, stay in a handle. */
const MAX_KEPT_ARGS = 16;

/**
 * A handle's base: the callee as written, spaces dropped (`events.on`, `app.get`), each `{…}` body and
 * the arguments of each call in it that are long or nested folded (`runCatching{…}.onSuccess`,
 * `fetch(url).then(…).catch`: the handle names the chain and stays the same when a body is edited; Swift's
 * `$query.debounce(for:.milliseconds(300),scheduler:RunLoop.ma…@14` is `$query.debounce(…).sink@14`). A
 * callee that is itself a function — a UMD wrapper `(function (root, factory) {…})(this, function ()
 * {…})` — is `iife`: its text made handles like `(function(root,factory){if(typeofdefine==="function"&&defin…@20`.
 */
function handleBase(spaceless: string): string {
  let text = spaceless;
  if (!text.includes("(") && !text.includes("{")) return clip(text, 60);
  if (/^\(*(?:async)?(?:function\b|\([^()]*\)=>|[\w$]+=>)/.test(text)) return "iife";
  // Innermost first, each to a marker without brackets, until none is left: bodies, then the argument
  // lists of calls (a parenthesis after a name, a call, an index or generics; not a grouping one).
  for (let prev = ""; prev !== text; ) (prev = text), (text = text.replace(/\{[^{}]*\}/g, "\u0001"));
  // A grouping parenthesis (`(a||b).on`, `(r)=>` inside arguments) is set aside and put back unless
  // the arguments holding it were folded.
  const groups: string[] = [];
  const fold = (all: string, args: string, at: number, whole: string) => {
    const call = at > 0 && /[\w$\])>?!\u0001-\u0005]/.test(whole[at - 1]!);
    // Short plain arguments stay (`Object.keys(argv)`, `it.each([1,2])`): they say which call it is.
    if (call && (args.length > MAX_KEPT_ARGS || /[\u0001-\u0005]/.test(args))) return "\u0002";
    groups.push(all);
    return `\u0004${groups.length - 1}\u0005`;
  };
  for (let prev = ""; prev !== text; ) (prev = text), (text = text.replace(/\(([^()]*)\)/g, fold));
  for (let prev = ""; prev !== text; ) (prev = text), (text = text.replace(/\u0004(\d+)\u0005/g, (_, i: string) => groups[Number(i)]!));
  return clip(text.replaceAll("\u0001", "{…}").replaceAll("\u0002", "(…)"), 60);
}

/**
 * A callee without its whitespace and comments (`Promise.all(ps)` / `// ignore errors` / `.catch`) —
 * except inside string literals, where a run of whitespace is one space: the selector in
 * `document.querySelector("#btn .a b")` is not `"#btn.ab"`; and after `new` (`new Promise(…).then`).
 */
export function withoutSpaces(callee: string): string {
  // (A long callee keeps its two ends, which the rules and the handle read: the k-th `.then` of a
  // chain has the k − 1 before it as its callee, and reading each whole was quadratic — 3,000 `.then`s
  // took 9 s.)
  if (callee.length > MAX_CALLEE) callee = callee.slice(0, MAX_CALLEE / 2) + callee.slice(-MAX_CALLEE / 2);
  // (Between two words a space stays: TypeScript's `(window as any).showOpenFilePicker(opts).then` had
  // read `(windowasany)…`.)
  if (!/["'`/]|\bnew\b/.test(callee)) return callee.replace(/[\s\u0085]+/g, (m, at: number, whole: string) => (/[\w$]/.test(whole[at - 1] ?? "") && /[\w$]/.test(whole[at + m.length] ?? "") ? " " : ""));
  return callee.replace(STRING_OR_SPACE, (m, str: string | undefined, kw: string | undefined, at: number, whole: string) =>
    str ? str.replace(/[\s\u0085]+/g, " ") : kw ? `${kw} ` : /^[\s\u0085]/.test(m) && /[\w$]/.test(whole[at - 1] ?? "") && /[\w$]/.test(whole[at + m.length] ?? "") ? " " : "");
}
/** 2,000 characters from each end: 16,000 had given the same handles on 2,500 JS and 1,778 TS files, at four times the work. */
const MAX_CALLEE = 4_000;
const STRING_OR_SPACE = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)|\/\/[^\n]*(?=\n)|\/\*[\s\S]*?\*\/|(?<![\w$.])(new)[\s\u0085]+(?=[\w$])|[\s\u0085]+/g;

/** The callee's call node: the nearest ancestor of the function that holds the base node. */
function callOf(fn: Node, base: Node | undefined): Node | null {
  for (let p = fn.parent; p; p = p.parent) {
    if (base && p.startIndex <= base.startIndex && p.endIndex >= base.endIndex) return p;
    if (!base) return p.parent;
  }
  return null;
}

/** Classify a `@callback.call` capture by the pack's rules (first match wins). */
function applyRules(ctx: FileContext, rules: CallbackRule[], fn: Node, base: Node | undefined, callee: string): { kind: string; flags: string[]; innerCallee?: boolean } | undefined {
  for (const rule of rules) {
    if (!rule.callee.test(callee)) continue;
    if (rule.blockBodyOnly) {
      const body = fn.childForFieldName("body");
      if (!body || !BLOCK_BODY.test(body.type)) continue;
    }
    const flags = [...(rule.flags ?? [])];
    if (rule.discardedFlags || rule.firstArg) {
      const call = callOf(fn, base);
      if (rule.discardedFlags && call?.parent && /statement$/.test(call.parent.type) && call.parent.namedChildCount === 1) flags.push(...rule.discardedFlags);
      let firstMatches = false;
      if (rule.firstArg && call) {
        const args = call.childForFieldName("arguments") ?? call.namedChildren.find((c) => c?.type.includes("argument")) ?? null;
        const first = args?.namedChild(0);
        firstMatches = !!first && first.id !== fn.id && rule.firstArg.match.test(ctx.text(first));
        if (firstMatches) flags.push(...rule.firstArg.flags);
      }
      if (rule.firstArg?.required && !firstMatches) continue;
    }
    return { kind: rule.kind, flags, innerCallee: rule.innerCallee };
  }
  return undefined;
}

/**
 * Finish the callback list: drop callbacks that are already symbols (an arrow const; a symbol a
 * pack marks `(#set! also-callback "true")` stays a callback when its kind is not plain `callback`), set parent
 * chains, rank, cap at `max`, and return them in source order with a note when the cap cut some.
 */
/** `unlisted` receives the callbacks past `max` (the report leaves them out; read_enclosing and read_symbol still find them). */
export function finishCallbacks(callbacks: CallbackRecord[], symbols: SymbolRecord[], max: number, warnings: string[], unlisted?: CallbackRecord[]): CallbackRecord[] {
  if (!callbacks.length) return [];
  const bodies = new Set<number>();
  const containers: { r: SymbolRecord; chain: string[]; s: number; e: number }[] = [];
  /** Named functions that are also callbacks (`emitter.on("x", function onX() {})`), by body start. */
  const alsoCallbacks = new Set<number>();
  for (const [r, parents] of walk(symbols)) {
    if (r.bodyNode) (r.props?.["also-callback"] === "true" ? alsoCallbacks : bodies).add(r.bodyNode.startIndex);
    if (r.node) containers.push({ r, chain: [...parents.map(spelledName), spelledName(r)], s: r.node.startIndex, e: r.node.endIndex });
  }
  const kept: CallbackRecord[] = [];
  const handles = new Map<string, number>();
  for (const cb of callbacks) {
    const fn = cb.node;
    if (fn) {
      const body = fn.childForFieldName("body");
      if (body && bodies.has(body.startIndex)) continue;
      // A named function that is also a callback is listed as one only when its kind says more.
      if (body && cb.kind === "callback" && alsoCallbacks.has(body.startIndex)) continue;
      let best: (typeof containers)[number] | undefined;
      // (Not the callback's own function: a named one is also a symbol, not its own parent.)
      for (const c of containers) if (c.s <= fn.startIndex && c.e >= fn.endIndex && !(c.s === fn.startIndex && c.e === fn.endIndex) && (!best || c.s >= best.s)) best = c;
      if (best) cb.parentChain = best.chain;
    }
    const n = handles.get(cb.name) ?? 0;
    handles.set(cb.name, n + 1);
    if (n) cb.name = `${cb.name}#${n + 1}`;
    cb.score = (KIND_WEIGHT[cb.kind] ?? 1) * 10 + Math.min(cb.endLine - cb.startLine + 1, 40) + (cb.flags?.length ?? 0) * 3;
    kept.push(cb);
  }
  if (kept.length > max) {
    warnings.push(`callbacks: ${kept.length} found, the ${max} highest-ranked are listed (raise maxCallbacks in .pilensrc for more)`);
    kept.sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.startLine - b.startLine);
    unlisted?.push(...kept.slice(max).sort((a, b) => a.startLine - b.startLine));
    kept.length = max;
  }
  return kept.sort((a, b) => a.startLine - b.startLine);
}
