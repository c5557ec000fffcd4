/**
 * Items a file's own `macro_rules!` writes where it is called at item level — serde's
 * `declare_error_trait!(Error: Sized + StdError);` is its `de::Error` and `ser::Error` traits, which had been in
 * no outline (and the project graph gave their ~85 uses to other `Error`s). A rule's transcriber is read as a
 * run of items (`pub trait Error …`, `$(#[$m])* pub struct $name;`); each one it declares by a literal name, or
 * by a metavariable the call binds to one token, becomes an entry of the call's kind over the call's lines
 * (`declare_error_trait!(…) → pub trait Error`), exported by its `pub`, documented by the `///` above it in the
 * transcriber unless the call has its own doc. The rule is the first whose matcher the call's tokens fit (literal
 * tokens equal, `ident`/`tt`/`lifetime`/`literal` fragments one token each; past a repetition or another fragment
 * the rest is taken to fit). A call this reading cannot expand whole is expanded token by token (macro-repeat.ts:
 * repetitions, wider fragments, nested calls; libc's `f!`). What cannot be known — calls of macros defined
 * elsewhere, a transcriber's impls, names built otherwise — is said once per file in a warning that names the
 * macros (`macroWarning`): the outline is not complete there.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolKind, SymbolRecord } from "../../core/types.js";
import { walk } from "../../core/extract.js";
import { clip, collapse } from "../../core/text.js";
import { callTokens, MAX_DEPTH, MAX_TOKENS, type CTok } from "./macro-repeat.js";
import { expandItems, type ExpandedItem } from "./macro-expand-items.js";

/** An item a transcriber declares: its kind, its name (literal, or the metavariable's `$name`), its head. */
interface Template {
  keyword: string;
  name: string;
  param: boolean;
  /** `pub trait`, `pub(crate) unsafe fn`: the tokens before the name. */
  head: string;
  /** `pub` in some form; a `$vis` metavariable's name when the call gives the visibility. */
  exported: boolean;
  vis?: string;
  doc: string;
  /** Its attributes in the transcriber (`#[test]`), as written. */
  attrs: string[];
}
/** A node's text, from the source its tree was parsed from (the file's own, or a file its macros come from). */
export type Text = (n: Node) => string;
export interface Rule {
  matcher: Node;
  transcriber: Node;
  /** The text of the matcher's and transcriber's nodes. */
  text: Text;
  items: Template[];
  /** Whether the transcriber holds what this reading cannot name (an impl, a nested call, a repetition). */
  opaque: boolean;
}

const KINDS: Record<string, SymbolKind> = {
  fn: "function", struct: "struct", union: "struct", enum: "enum", trait: "trait", type: "type",
  const: "constant", static: "constant", mod: "module",
};
const QUALIFIERS = new Set(["unsafe", "async", "default", "extern", "const"]);
const ONE_TOKEN = new Set(["ident", "tt", "lifetime", "literal"]);
/** Item-level macros that declare no item (bitflags!'s struct is tags.scm's). */
const DECLARE_NOTHING = new Set(["bitflags", "compile_error", "global_asm"]);
/** Where a call stands at item level: a file's, a `mod`'s, an impl's or a trait's top. */
const ITEM_PARENTS = new Set(["source_file", "declaration_list"]);

const tokens = (n: Node): Node[] => n.children.filter((c): c is Node => !!c);
/** A token tree's tokens, its delimiters left out. */
const inner = (n: Node): Node[] => {
  const t = tokens(n);
  return /^[([{]$/.test(t[0]?.type ?? "") ? t.slice(1, -1) : t;
};

/** The items a transcriber (a rule's right side) declares, in order. */
function readTranscriber(body: Node, text: Text): { items: Template[]; opaque: boolean } {
  const t = inner(body);
  const items: Template[] = [];
  let opaque = false;
  let doc: string[] = [];
  let attrs: string[] = [];
  let i = 0;
  const skipTo = (braces: boolean) => {
    for (; i < t.length; i++) {
      if (t[i]!.type === ";") return i++;
      if (braces && t[i]!.type === "token_tree" && t[i]!.firstChild?.type === "{") return i++;
    }
  };
  while (i < t.length) {
    const tok = t[i]!;
    if (tok.type === "line_comment" || tok.type === "block_comment") {
      const line = text(tok);
      if (/^\/\/\/(?!\/)/.test(line)) doc.push(line.replace(/^\/\/\/\s?/, ""));
      i++;
      continue;
    }
    // An attribute (`#[inline]`), or a repetition of them (`$(#[$meta])*`).
    if (tok.type === "#" && t[i + 1]?.type === "token_tree") {
      attrs.push(clip(collapse(`#${text(t[i + 1]!)}`), 80));
      i += 2;
      continue;
    }
    if (tok.type === "token_repetition" && inner(tok)[0]?.type === "#") {
      i++;
      continue;
    }
    const start = i;
    // (In a token tree `extern` is an identifier: `pub extern fn`, `pub unsafe extern "C" fn`.)
    const qualifier = (n: Node | undefined) => !!n && (QUALIFIERS.has(n.type) || (n.type === "identifier" && text(n) === "extern"));
    if (qualifier(tok) && /^extern$/.test(text(tok)) && t[i + 1]?.type === "crate") {
      skipTo(false);
      (doc = []), (attrs = []);
      continue;
    }
    // `pub`, `pub(crate)`, or a `$vis` the call gives.
    if (tok.type === "pub") i += t[i + 1]?.type === "token_tree" && t[i + 1]!.firstChild?.type === "(" ? 2 : 1;
    else if (tok.type === "metavariable" && (KINDS[t[i + 1]?.type ?? ""] || qualifier(t[i + 1]))) i++;
    while (i < t.length && qualifier(t[i]) && (t[i + 1]?.type !== "identifier" || qualifier(t[i + 1])) && t[i + 1]?.type !== "metavariable") {
      i += t[i + 1]?.type === "string_literal" ? 2 : 1;
    }
    const kw = t[i];
    if (kw?.type === "use") {
      skipTo(false);
      (doc = []), (attrs = []);
      continue;
    }
    let named = kw && KINDS[kw.type] ? t[i + 1] : undefined;
    if (named?.type === "mutable_specifier" || (kw?.type === "static" && !!named && text(named) === "mut")) named = t[i + 2];
    if (!kw || !named || (named.type !== "identifier" && named.type !== "metavariable")) {
      // An impl, a nested macro call, a repetition, `const _`, or what this reading does not know.
      if (!(kw?.type === "const" && named?.type === "_")) opaque = true;
      if (kw?.type === "impl" || kw?.type === "const") {
        skipTo(kw.type === "impl");
        (doc = []), (attrs = []);
        continue;
      }
      break;
    }
    const head = collapse(t.slice(start, i + 1).map((n) => text(n)).join(" ").replace(/pub \(/, "pub("));
    items.push({ keyword: kw.type, name: text(named).replace(/^\$/, ""), param: named.type === "metavariable", head, exported: t[start]!.type === "pub", ...(t[start]!.type === "metavariable" ? { vis: text(t[start]!).slice(1) } : {}), doc: doc.join("\n").trim(), attrs });
    doc = [];
    attrs = [];
    i += 1;
    skipTo(kw.type !== "type" && kw.type !== "const" && kw.type !== "static");
  }
  return { items, opaque };
}

/** A token of a matcher or of a call, read off its node once (web-tree-sitter's getters cross into wasm). */
interface Tok {
  type: string;
  text: string;
  /** A token tree's opening delimiter. */
  open?: string;
  /** A `$name:frag` pattern's name (without `$`) and fragment. */
  name?: string;
  frag?: string;
  /** A token tree pattern's tokens. */
  sub?: Tok[];
  node: Node;
}

function toks(n: Node, text: Text): Tok[] {
  return inner(n).map((c) => {
    const t: Tok = { type: c.type, text: text(c), node: c };
    if (c.childCount > 0) t.open = c.firstChild?.type;
    if (c.type === "token_binding_pattern") {
      const name = c.childForFieldName("name");
      const frag = c.childForFieldName("type");
      if (name) t.name = text(name).replace(/^\$/, "");
      if (frag) t.frag = text(frag);
    }
    if (c.type === "token_tree_pattern") t.sub = toks(c, text);
    return t;
  });
}

/** A call's tokens, read with a cursor (no node objects but for token trees: 187 calls of 25 tokens were ~40 ms). */
function argToks(n: Node, src: string): Tok[] {
  const c = n.walk();
  const out: Tok[] = [];
  try {
    if (c.gotoFirstChild()) {
      do {
        const t: Tok = { type: c.nodeType, text: src.slice(c.startIndex, c.endIndex), node: n };
        if (t.type === "token_tree") {
          t.node = c.currentNode;
          if (c.gotoFirstChild()) (t.open = c.nodeType), c.gotoParent();
        }
        out.push(t);
      } while (c.gotoNextSibling());
    }
  } finally {
    c.delete();
  }
  return /^[([{]$/.test(out[0]?.type ?? "") ? out.slice(1, -1) : out;
}

/** A matcher's tokens, read once per matcher (a macro called 187 times in a file, winapi's DEFINE_GUID!). */
const matchers = new WeakMap<Text, Map<number, Tok[]>>();
function matcherTokens(n: Node, text: Text): Tok[] {
  let byId = matchers.get(text);
  if (!byId) matchers.set(text, (byId = new Map()));
  let t = byId.get(n.id);
  if (!t) byId.set(n.id, (t = toks(n, text)));
  return t;
}

/**
 * The metavariables a call's tokens bind to one token each, or null when the matcher does not fit them;
 * `partial` once a repetition or a wider fragment is met (the rest is taken to fit).
 */
function bind(matcher: Node, args: Node, mt: Text, src: string): { vars: Map<string, string>; partial: boolean } | null {
  return bindToks(matcherTokens(matcher, mt), argToks(args, src), src, new Map());
}

function bindToks(m: Tok[], a: Tok[], src: string, out: Map<string, string>): { vars: Map<string, string>; partial: boolean } | null {
  let j = 0;
  for (let k = 0; k < m.length; k++) {
    const p = m[k]!;
    if (p.type === "line_comment" || p.type === "block_comment") continue;
    if (p.type === "token_repetition_pattern") return { vars: out, partial: true };
    if (p.type === "token_binding_pattern") {
      const { name, frag } = p;
      if (frag === "vis") {
        // (Empty, `pub`, or `pub(…)`.)
        const pub = a[j]?.type === "pub" ? a[j++]! : undefined;
        const scope = pub && a[j]?.type === "token_tree" && a[j]!.open === "(" ? a[j++]! : undefined;
        if (name) out.set(name, pub ? `pub${scope ? collapse(scope.text).replace(/\s+/g, "") : ""}` : "");
        continue;
      }
      if (!name || !frag || j >= a.length) return { vars: out, partial: true };
      if (ONE_TOKEN.has(frag)) {
        out.set(name, a[j++]!.text);
        continue;
      }
      // A wider fragment (`$e:expr`, `$t:ty`): up to the literal token the matcher has next, at the top level
      // (outside `<…>`), or to the end; an expression runs over no `,` or `;` of its own.
      const next = m[k + 1];
      if (next && next.open !== undefined) return { vars: out, partial: true };
      const stop = next?.text;
      const from = j;
      for (let angle = 0; j < a.length; j++) {
        const tx = a[j]!.text;
        if (angle === 0 && tx === stop) break;
        if (!stop && angle === 0 && (tx === "," || tx === ";") && frag === "expr") return null;
        if (tx === "<") angle++;
        else if (tx === ">" && angle > 0) angle--;
      }
      if (j === from || (stop && j >= a.length)) return null;
      continue;
    }
    const arg = a[j++];
    if (!arg) return null;
    if (p.type === "token_tree_pattern") {
      if (arg.type !== "token_tree" || arg.open !== p.open) return null;
      const sub = bindToks(p.sub ?? [], argToks(arg.node, src), src, out);
      if (!sub || sub.partial) return sub;
      continue;
    }
    if (p.text !== arg.text) return null;
  }
  return j === a.length ? { vars: out, partial: false } : null;
}

/** The `macro_rules!` under `root` by name (the first definition of a name), their rules read. */
export function definitions(root: Node, text: Text): Map<string, Rule[]> {
  const out = new Map<string, Rule[]>();
  for (const d of root.descendantsOfType("macro_definition")) {
    const name = d?.childForFieldName("name");
    if (!d || !name || out.has(text(name))) continue;
    const rules: Rule[] = [];
    for (const r of d.namedChildren) {
      const left = r?.type === "macro_rule" ? r.childForFieldName("left") : null;
      const right = r?.childForFieldName("right");
      if (left && right) rules.push({ matcher: left, transcriber: right, text, ...readTranscriber(right, text) });
    }
    out.set(text(name), rules);
  }
  return out;
}

/** The statement a call at item level stands as (its `expression_statement` at a file's top), or null. */
function itemCall(call: Node): Node | null {
  const p = call.parent;
  if (p && ITEM_PARENTS.has(p.type)) return call;
  if (p?.type === "expression_statement" && p.parent && ITEM_PARENTS.has(p.parent.type)) return p;
  return null;
}

/** The last segment of a call's macro path (`serde::forward_to_deserialize_any` → `forward_to_deserialize_any`). */
function macroName(call: Node, ctx: FileContext): string {
  const m = call.childForFieldName("macro");
  return m ? ctx.text(m).replace(/^.*::/, "") : "?";
}

/** Whether a call's macro path may name a macro of this crate (`m!`, `crate::m!`, `$crate::m!`; not `serde::m!`). */
function ownPath(call: Node, ctx: FileContext): boolean {
  const m = call.childForFieldName("macro");
  return !!m && /^(?:(?:\$?crate|self|super)::)?[A-Za-z_]\w*$/.test(ctx.text(m).replace(/\s+/g, ""));
}

/** `name!(args)` as written on one line, or `name!(…)` when that is long. */
function callText(call: Node, ctx: FileContext): string {
  const text = collapse(ctx.text(call)).trim();
  if (text.length <= 80) return text;
  const open = call.namedChildren.find((c) => c?.type === "token_tree")?.firstChild?.type ?? "(";
  return `${ctx.text(call.childForFieldName("macro")!)}!${open}…${{ "(": ")", "[": "]", "{": "}" }[open] ?? ""}`;
}

/** The record a node stands for (the innermost item the call is in), found by its node's start. */
function ownerRecord(records: SymbolRecord[], stmt: Node): SymbolRecord | undefined {
  for (let p = stmt.parent; p; p = p.parent) {
    if (p.type === "source_file") return undefined;
    if (p.type !== "mod_item" && p.type !== "impl_item" && p.type !== "trait_item") continue;
    for (const [r] of walk(records)) if (r.node?.startIndex === p.startIndex && r.node.type === p.type) return r;
    return undefined;
  }
  return undefined;
}

type Made = Pick<ExpandedItem, "keyword" | "name" | "head" | "exported" | "doc" | "attrs">;

/** An entry for an item a call writes, over the call's lines (`stmt`), or over `at`: the call's tokens that wrote it. */
function macroRecord(macro: string, t: Made, stmt: Node, call: Node, ctx: FileContext, at?: Node, lines?: [number, number]): SymbolRecord {
  return {
    name: t.name,
    kind: KINDS[t.keyword]!,
    startLine: lines ? lines[0] : stmt.startPosition.row + 1,
    endLine: lines ? lines[1] : stmt.endPosition.row + 1,
    exported: t.exported,
    signature: clip(`${callText(call, ctx)} → ${t.head}`.replace(/→  +/, "→ "), 160),
    ...(t.doc ? { doc: t.doc } : {}),
    members: [],
    node: at ?? stmt,
    bodyNode: null,
    props: { macroItem: macro, ...(t.attrs.length ? { macroAttrs: t.attrs.join("\n") } : {}) },
  };
}

/**
 * Entries for an expansion's items. One the call names spans the call's tokens that wrote it, widened to the
 * tokens around them in the innermost token tree holding them all — back over those before it on its line (its
 * `pub`, which the transcriber may write anew), on to the end of the token tree it ends in (a function's body) —,
 * its node the first of them (so the `///` above it is its doc); one the transcriber names spans the call.
 */
function expandedRecords(items: ExpandedItem[], macro: string, toks: CTok[], args: Node, stmt: Node, call: Node, ctx: FileContext): SymbolRecord[] {
  // (The call's own attributes, `#[cfg(…)] f! { … }`, are each item's: its range is inside the call.)
  const outer: string[] = [];
  for (let p = stmt.previousSibling; p && (p.type === "attribute_item" || /comment$/.test(p.type)); p = p.previousSibling) {
    const a = clip(collapse(ctx.text(p)), 80);
    if (p.type === "attribute_item" && !/^#\[\s*doc\b/.test(a)) outer.unshift(a);
  }
  let prevEnd = -1;
  return items.map((t) => {
    if (!t.fromCall || t.lo < 0) return macroRecord(macro, t, stmt, call, ctx);
    if (outer.length) t = { ...t, attrs: [...outer, ...t.attrs] };
    // The tokens of the innermost token tree holding all of the item's (gimli's `dw!(DwCfa(u8) { A = 1, … })`).
    let list = toks;
    for (;;) {
      const a = list.find((x) => x.start <= t.lo && t.lo < x.end);
      if (!a?.sub || !(a.start < t.lo && t.hi < a.end)) break;
      list = a.sub;
    }
    const first = list.findIndex((x) => x.end > t.lo);
    if (first < 0) return macroRecord(macro, t, stmt, call, ctx);
    // (Back over the tokens before it on its line since the item before: `pub` in `pub {const} fn x`; no separator.)
    let from = first;
    const before = (k: number) => list[k]!.start >= prevEnd && !/^[,;]$/.test(list[k]!.text) && !ctx.source.slice(list[k]!.start, t.lo).includes("\n");
    while (from > 0 && before(from - 1)) from--;
    let to = first;
    while (list[to + 1] && list[to + 1]!.start < t.hi) to++;
    prevEnd = Math.max(prevEnd, list[to]!.end);
    const at = args.descendantForIndex(list[from]!.start, list[from]!.end) ?? undefined;
    const last = args.descendantForIndex(list[to]!.start, list[to]!.end);
    if (!at || !last) return macroRecord(macro, t, stmt, call, ctx);
    return macroRecord(macro, t, stmt, call, ctx, at, [at.startPosition.row + 1, last.endPosition.row + 1]);
  });
}

/**
 * Adds the items same-file `macro_rules!` calls at item level declare to `records` (into the mod, impl or
 * trait the call stands in), and warns once about the item-level calls whose items are not listed.
 */
export function addMacroItems(records: SymbolRecord[], ctx: FileContext, elsewhere?: (name: string) => Rule[] | undefined): SymbolRecord[] {
  if (!ctx.source.includes("!")) return records;
  const root = ctx.tree.rootNode;
  const calls = root.descendantsOfType("macro_invocation").filter((c): c is Node => !!c && !!itemCall(c));
  if (!calls.length) return records;
  const defs = ctx.source.includes("macro_rules") ? definitions(root, ctx.text) : new Map<string, Rule[]>();
  const unknown = new Map<string, number>();
  const capped = new Map<string, number>();
  // (A transcriber's nested calls, asked once per name: winapi's RIDL! calls itself per method.)
  const found = new Map<string, Rule[] | undefined>();
  const rulesOf = (name: string) => {
    if (!found.has(name)) found.set(name, defs.get(name) ?? (elsewhere && !DECLARE_NOTHING.has(name) ? elsewhere(name) : undefined));
    return found.get(name);
  };
  let top = records;
  for (const call of calls) {
    const name = macroName(call, ctx);
    const stmt = itemCall(call)!;
    // (Not the file's own: a macro of the crate another file defines, unless the path names another crate's.)
    const rules = defs.get(name) ?? (elsewhere && !DECLARE_NOTHING.has(name) && ownPath(call, ctx) ? elsewhere(name) : undefined);
    const args = call.namedChildren.find((c) => c?.type === "token_tree");
    let known = false;
    let made: SymbolRecord[] = [];
    if (rules && args) {
      for (const rule of rules) {
        const bound = bind(rule.matcher, args, rule.text, ctx.source);
        if (!bound) continue;
        const items = rule.items.filter((t) => !t.param || bound.vars.has(t.name));
        known = !rule.opaque && items.length === rule.items.length;
        made = items.flatMap((t) => {
          const itemName = t.param ? bound.vars.get(t.name)! : t.name;
          if (!/^[A-Za-z_]\w*$/.test(itemName)) return [];
          const head = collapse(t.head.replace(/\$([A-Za-z_]\w*)/g, (v, m: string) => bound.vars.get(m) ?? v)).trim();
          const exported = t.vis === undefined ? t.exported : (bound.vars.get(t.vis) ?? (/\bpub\b/.test(ctx.text(args)) ? "pub" : "")).startsWith("pub");
          return [macroRecord(name, { keyword: t.keyword, name: itemName, head: `${head} ${itemName}`, exported, doc: t.doc, attrs: t.attrs }, stmt, call, ctx)];
        });
        break;
      }
      // (Repetitions, wider fragments, nested calls: the call expanded token by token, macro-repeat.ts.)
      if (!known) {
        const toks = callTokens(args, ctx.source);
        const exp = expandItems(rules, toks, rulesOf);
        if (exp && (!exp.opaque || exp.items.length > made.length)) {
          known = !exp.opaque;
          made = expandedRecords(exp.items, name, toks, args, stmt, call, ctx);
        }
        if (exp?.capped) (known = true), capped.set(name, (capped.get(name) ?? 0) + 1);
      }
    }
    if (made.length) {
      const owner = ownerRecord(top, stmt);
      if (owner) owner.members = [...owner.members, ...made].sort((x, y) => x.startLine - y.startLine);
      else top = [...top, ...made].sort((x, y) => x.startLine - y.startLine);
    }
    if (!known && !DECLARE_NOTHING.has(name)) unknown.set(name, (unknown.get(name) ?? 0) + 1);
  }
  if (capped.size) ctx.warnings.push(`${macroWarning(capped).replace("not listed (not expanded)", `may be missing (expansion stopped at ${MAX_DEPTH} nested calls, ${MAX_TOKENS.toLocaleString("en")} tokens or 4,096 repetitions)`)}`);
  if (unknown.size) ctx.warnings.push(macroWarning(unknown));
  return top;
}

/** One line for the item-level calls whose items are not listed, the most frequent macros named. */
export function macroWarning(unknown: Map<string, number>): string {
  const all = [...unknown].sort((a, b) => b[1] - a[1]);
  const n = all.reduce((k, [, c]) => k + c, 0);
  const named = all.slice(0, 3).map(([m, c]) => (c > 1 ? `${m}! ×${c}` : `${m}!`));
  return `items of ${n} macro call${n > 1 ? "s" : ""} not listed (not expanded): ${named.join(", ")}${all.length > 3 ? ", …" : ""}`;
}
