/**
 * A `macro_rules!` call expanded as rustc does, token by token — repetitions (`$(…)*`, `$(…)+`, `$(…)?`, with
 * a separator or none, nested), wider fragments (`$t:ty`, `$body:stmt`, `$m:meta`, `$i:item`) and the nested
 * calls a transcriber makes of macros that can be found (libc's `s!` → `s!(it: …)` → `__item! { … }`) — and the
 * items of its output read: libc's `f! { pub {const} fn WIFSTOPPED(…) -> bool { … } … }`, whose `{const}` is no
 * Rust until expanded, is one `pub unsafe extern fn` per function. macro-expansions.ts uses it for a call its
 * one-token reading cannot expand. An item named by a token of the call spans the call's tokens that wrote it
 * (its `pub` and attributes up to its body's `}`), so a read shows that function; one named by the transcriber
 * spans the call. The work is bounded: nested calls 32 deep, 50,000 tokens of output, 4,096 iterations of a
 * repetition; past that the expansion stops and says so (`capped`).
 */
import type { Node } from "web-tree-sitter";
import type { Text } from "./macro-expansions.js";
import { collapse } from "../../core/text.js";

/** A token of a call or of an expansion: a leaf, or a token tree (`open`, its inner tokens `sub`). */
export interface CTok {
  text: string;
  type: string;
  /** Offsets in the file's source for a token of the call; -1 for one the transcriber wrote. */
  start: number;
  end: number;
  open?: string;
  sub?: CTok[];
  /** Written in each iteration of a repetition from a metavariable bound once (`$ty` in `$(const $n: $ty;)*`). */
  shared?: boolean;
}
type Pat =
  | { k: "lit"; text: string }
  | { k: "var"; name: string; frag: string }
  | { k: "tree"; open: string; sub: Pat[] }
  | { k: "rep"; sub: Pat[]; sep?: string; op: string };
type Tpl =
  | { k: "lit"; text: string; type: string }
  | { k: "var"; name: string }
  | { k: "tree"; open: string; sub: Tpl[] }
  | { k: "rep"; sub: Tpl[]; sep?: string; op: string };
/** What a metavariable is bound to: a fragment's tokens, or one binding per iteration of its repetition. */
type Bind = { f: CTok[] } | { seq: Bind[] };
type Env = Map<string, Bind>;
export interface MacroRule {
  matcher: Node;
  transcriber: Node;
  text: Text;
}

export const MAX_DEPTH = 32;
export const MAX_TOKENS = 50_000;
const MAX_ITERATIONS = 4096;
const CLOSE: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const COMMENT = /comment$/;

export class Capped extends Error {}

/** A call's token tree read whole (comments left out), with the source offsets of each token. */
export function callTokens(n: Node, src: string): CTok[] {
  const c = n.walk();
  const read = (): CTok[] => {
    const out: CTok[] = [];
    if (!c.gotoFirstChild()) return out;
    do {
      const type = c.nodeType;
      if (COMMENT.test(type)) continue;
      const t: CTok = { text: src.slice(c.startIndex, c.endIndex), type, start: c.startIndex, end: c.endIndex };
      if (type === "token_tree") {
        const sub = read();
        t.open = sub[0]?.type;
        t.sub = sub.slice(1, -1);
      }
      out.push(t);
    } while (c.gotoNextSibling());
    c.gotoParent();
    return out;
  };
  try {
    const all = read();
    return /^[([{]$/.test(all[0]?.type ?? "") ? all.slice(1, -1) : all;
  } finally {
    c.delete();
  }
}

const kids = (n: Node): Node[] => n.children.filter((c): c is Node => !!c);
/** A repetition node's inner nodes, separator and operator (`$( … ),*`: the separator is no node of its own). */
function repParts(n: Node, text: Text): { inner: Node[]; sep?: string; op: string } {
  const c = kids(n);
  const op = c[c.length - 1]!;
  let close = c.length - 2;
  while (close > 1 && c[close]!.type !== ")") close--;
  const whole = text(n);
  const sep = whole.slice(c[close]!.endIndex - n.startIndex, op.startIndex - n.startIndex).trim();
  return { inner: c.slice(2, close), ...(sep ? { sep } : {}), op: text(op) };
}
const inner = (n: Node): Node[] => {
  const c = kids(n);
  return /^[([{]$/.test(c[0]?.type ?? "") ? c.slice(1, -1) : c;
};

function pats(ns: Node[], text: Text): Pat[] {
  const out: Pat[] = [];
  for (const c of ns) {
    if (COMMENT.test(c.type)) continue;
    if (c.type === "token_binding_pattern") {
      const name = c.childForFieldName("name");
      const frag = c.childForFieldName("type");
      out.push({ k: "var", name: name ? text(name).replace(/^\$/, "") : "", frag: frag ? text(frag) : "tt" });
    } else if (c.type === "token_tree_pattern") out.push({ k: "tree", open: c.firstChild?.type ?? "(", sub: pats(inner(c), text) });
    else if (c.type === "token_repetition_pattern") {
      const r = repParts(c, text);
      out.push({ k: "rep", sub: pats(r.inner, text), ...(r.sep ? { sep: r.sep } : {}), op: r.op });
    } else out.push({ k: "lit", text: text(c) });
  }
  return out;
}

function tpls(ns: Node[], text: Text): Tpl[] {
  const out: Tpl[] = [];
  for (const c of ns) {
    if (c.type === "metavariable") out.push({ k: "var", name: text(c).slice(1) });
    else if (c.type === "token_tree") out.push({ k: "tree", open: c.firstChild?.type ?? "(", sub: tpls(inner(c), text) });
    else if (c.type === "token_repetition") {
      const r = repParts(c, text);
      out.push({ k: "rep", sub: tpls(r.inner, text), ...(r.sep ? { sep: r.sep } : {}), op: r.op });
    } else out.push({ k: "lit", text: text(c), type: c.type });
  }
  return out;
}

/** A rule's matcher and transcriber read once (a macro called hundreds of times in a file). */
const read = new WeakMap<Text, Map<number, { pat: Pat[]; tpl: Tpl[] }>>();
function parts(rule: MacroRule): { pat: Pat[]; tpl: Tpl[] } {
  let byId = read.get(rule.text);
  if (!byId) read.set(rule.text, (byId = new Map()));
  let p = byId.get(rule.matcher.id);
  if (!p) byId.set(rule.matcher.id, (p = { pat: pats(inner(rule.matcher), rule.text), tpl: tpls(inner(rule.transcriber), rule.text) }));
  return p;
}

/** What may follow a position: a token's text, `\0{` for a `{…}` tree, or `` (the end of the tokens). */
type Follow = string[];
function firstOf(ps: Pat[], i: number, after: Follow): Follow {
  const p = ps[i];
  if (!p) return after;
  if (p.k === "lit") return [p.text];
  if (p.k === "tree") return [`\0${p.open}`];
  if (p.k === "var") return [];
  const rest = firstOf(ps, i + 1, after);
  return [...firstOf(p.sub, 0, []), ...(p.sep ? [p.sep] : []), ...rest];
}
const stopsAt = (t: CTok, f: Follow) => f.includes(t.open !== undefined ? `\0${t.open}` : t.text);

/** Tokens a wider fragment takes (at least one): up to what follows it, or a token its kind cannot hold. */
function wide(frag: string, a: CTok[], j: number, follow: Follow): number {
  const typed = frag === "ty" || frag === "path";
  const expr = frag === "expr" || frag === "stmt" || frag === "pat" || frag === "pat_param";
  let angle = 0;
  const from = j;
  for (; j < a.length; j++) {
    const t = a[j]!;
    if (j > from && angle === 0 && stopsAt(t, follow)) break;
    if (angle === 0 && (expr || typed) && (t.text === ";" || t.text === "=>" || (t.text === "," && !t.open))) break;
    if (typed && t.text === "<") angle++;
    else if (typed && t.text === ">" && angle > 0) angle--;
  }
  return j;
}

/** Work done since the process started: runs of a matcher (or part of one) over a call's tokens. */
export const expansionWork = { matches: 0 };

/** Matches `ps` from `a[i]`: the index after the tokens taken, or -1. */
function matchSeq(ps: Pat[], a: CTok[], i: number, env: Env, after: Follow): number {
  expansionWork.matches++;
  for (let k = 0; k < ps.length; k++) {
    const p = ps[k]!;
    if (p.k === "lit") {
      if (a[i]?.open !== undefined || a[i]?.text !== p.text) return -1;
      i++;
    } else if (p.k === "tree") {
      const t = a[i];
      if (!t || t.open !== p.open) return -1;
      if (matchSeq(p.sub, t.sub!, 0, env, []) !== t.sub!.length) return -1;
      i++;
    } else if (p.k === "var") {
      const f = p.frag;
      let j = i;
      if (f === "vis") {
        if (a[j]?.text === "pub") j += a[j + 1]?.open === "(" ? 2 : 1;
      } else if (j >= a.length) return -1;
      else if (f === "block") j += a[j]!.open === "{" ? 1 : -Infinity;
      else if (f === "literal") j += a[j]!.text === "-" ? 2 : 1;
      else if (f === "ident") j += a[j]!.open === undefined && /^(?:r#)?[A-Za-z_]\w*$/.test(a[j]!.text) ? 1 : -Infinity;
      else if (f === "tt" || f === "lifetime") j++;
      else j = wide(f, a, j, firstOf(ps, k + 1, after));
      if (!(j >= i) || j > a.length) return -1;
      env.set(p.name, { f: a.slice(i, j) });
      i = j;
    } else if (p.op !== "?" && !p.sep && p.sub.length === 1 && p.sub[0]!.k === "var" && p.sub[0]!.frag === "tt") {
      // (`$($tail:tt)*`: every token left, one binding each — a tt-muncher's tail, without a matcher run per token.)
      if (a.length - i >= MAX_ITERATIONS) throw new Capped();
      if (p.op === "+" && i >= a.length) return -1;
      const seq: Bind[] = [];
      for (; i < a.length; i++) seq.push({ f: [a[i]!] });
      env.set(p.sub[0]!.name, { seq });
    } else {
      const iters: Env[] = [];
      const follow = firstOf(ps, k + 1, after);
      const inside = [...(p.sep ? [p.sep] : []), ...firstOf(p.sub, 0, []), ...follow];
      while (iters.length < MAX_ITERATIONS) {
        let at = i;
        if (iters.length && p.sep) {
          if (a[at]?.text !== p.sep) break;
          at++;
        }
        const e: Env = new Map();
        const end = at < a.length || !p.sub.length ? matchSeq(p.sub, a, at, e, inside) : -1;
        if (end <= at) break;
        iters.push(e);
        i = end;
        if (p.op === "?") break;
      }
      if (iters.length >= MAX_ITERATIONS) throw new Capped();
      if (p.op === "+" && !iters.length) return -1;
      for (const name of varsOf(p.sub)) env.set(name, { seq: iters.map((e) => e.get(name) ?? { seq: [] }) });
    }
  }
  return i;
}

/** The metavariables a matcher's or a transcriber's parts name, at any depth. */
function varsOf(ps: readonly (Pat | Tpl)[], out: string[] = []): string[] {
  for (const p of ps) {
    if (p.k === "var") out.push(p.name);
    else if (p.k !== "lit") varsOf(p.sub, out);
  }
  return out;
}

/** The metavariable's binding at the iteration path `at` and how many repetitions deep it is bound, or undefined. */
function lookup(env: Env, name: string, at: number[]): { b: Bind; depth: number } | undefined {
  let b = env.get(name);
  let d = 0;
  for (; b && "seq" in b && d < at.length; d++) b = b.seq[at[d]!];
  return b && { b, depth: d };
}

/** Writes `ts` into `out`; `at` is the iteration path (pushed and popped in place). */
function transcribe(ts: Tpl[], env: Env, at: number[], size: { n: number }, out: CTok[] = []): CTok[] {
  const push = (t: CTok) => {
    if (++size.n > MAX_TOKENS) throw new Capped();
    out.push(t);
  };
  for (const t of ts) {
    if (t.k === "lit") push({ text: t.text, type: t.type, start: -1, end: -1 });
    else if (t.k === "var") {
      const v = lookup(env, t.name, at);
      if (v && "f" in v.b) for (const x of v.b.f) push(v.depth < at.length ? { ...x, shared: true } : x);
      else if (!v) push({ text: `$${t.name}`, type: "metavariable", start: -1, end: -1 });
    } else if (t.k === "tree") {
      const sub = transcribe(t.sub, env, at, size);
      push({ text: `${t.open}…${CLOSE[t.open] ?? ""}`, type: "token_tree", start: -1, end: -1, open: t.open, sub });
    } else {
      // As many iterations as the repetition's metavariables have at this depth.
      let n = -1;
      for (const name of tplVars(t)) {
        const b = lookup(env, name, at)?.b;
        if (b && "seq" in b) n = Math.max(n, b.seq.length);
      }
      for (let i = 0; i < n; i++) {
        if (i && t.sep) push({ text: t.sep, type: t.sep, start: -1, end: -1 });
        at.push(i);
        transcribe(t.sub, env, at, size, out);
        at.pop();
      }
    }
  }
  return out;
}

/** A transcriber repetition's metavariables, read once per repetition. */
const tplVarsRead = new WeakMap<Tpl, string[]>();
function tplVars(t: Tpl): string[] {
  let vs = tplVarsRead.get(t);
  if (!vs) tplVarsRead.set(t, (vs = varsOf((t as { sub: Tpl[] }).sub)));
  return vs;
}

/** The expansion of a call's tokens by the first rule whose matcher takes them all, or null when none does. */
export function expand(rules: MacroRule[], args: CTok[], size: { n: number }): CTok[] | null {
  for (const rule of rules) {
    const { pat, tpl } = parts(rule);
    const env: Env = new Map();
    if (matchSeq(pat, args, 0, env, [""]) !== args.length) continue;
    return transcribe(tpl, env, [], size);
  }
  return null;
}

/** An expansion's tokens on one line (`pub unsafe extern fn getpid() -> pid_t`). */
export function spell(ts: CTok[]): string {
  let s = "";
  for (const t of ts) {
    const text = t.open !== undefined ? `${t.open}${spell(t.sub ?? [])}${CLOSE[t.open] ?? ""}` : t.text;
    const path = /(?:\w|[^-]>)$/.test(s) && !/\b(?:mut|const|dyn|impl|as|in|for|where)$/.test(s);
    const tightBefore = /^[,;)\].?!]/.test(text) || text === ":" || text === ">" || ((text === "::" || text === "<" || t.open === "(" || t.open === "[") && (path || /!$/.test(s)));
    const tightAfter = /(?:::|[([&*#<$']|^-)$/.test(s) && !/->$/.test(s);
    s += !s || tightBefore || tightAfter ? text : ` ${text}`;
  }
  return collapse(s);
}
