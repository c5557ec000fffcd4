/**
 * Items inside an item-position macro call — tokio's `cfg_rt! { pub fn spawn… }`, `pin_project! { pub struct
 * Fut<F> { #[pin] f: F } }`, `thread_local! { static X: … }` — which the grammar reads as one token tree:
 * tokio had ~900 of its items (`tokio::spawn`, `task::spawn_blocking`) out of the outline. `unwrapItemMacros`
 * (part of prepareSource) blanks the call's `name! {` and its closing `}` at the same offsets, so the body's
 * items parse as items of the module, impl or trait the call stands in; `rewrapItemMacros` (the spec's repair)
 * puts back every call whose body then holds a syntax error (`bitflags! { pub struct F: u32 { … } }`,
 * `lazy_static! { static ref … }` are no items). Only calls at item level are unwrapped — at a file's, a
 * `mod`'s, an impl's or a trait's top, or in another unwrapped call — whose body opens with an item
 * (`pub`, `fn`, `struct`, …, an attribute or doc comment first): `select! { … }` in a function stays a call.
 */
import type { Node, Tree } from "web-tree-sitter";

interface Region {
  /** Offset of the macro's name, of its `{`, of its closing `}`. */
  head: number;
  open: number;
  close: number;
}

/** `name!` or `path::name!` heading a `{` body, alone on the head (attributes and comments stripped). */
const CALL_HEAD = /^(?:::)?(?:[A-Za-z_]\w*::)*[A-Za-z_]\w*[ \t]*![ \t\r\n]*$/;
/** A head whose body holds items: `impl …`, `trait …`, `mod x`. */
const CONTAINER_HEAD = /^(?:pub(?:[ \t]*\([^)]*\))?\s+)?(?:unsafe\s+)?(?:default\s+)?(?:impl\b|(?:auto\s+)?trait\b|mod\s+[A-Za-z_]\w*\s*$)/;
/** cfg_if!'s call head, and its branches' heads: `if #[cfg(…)]`, `else if #[cfg(…)]`, `else`. */
const CFG_IF_HEAD = /^(?:::)?(?:cfg_if::)?cfg_if[ \t]*![ \t\r\n]*$/;
const CFG_BRANCH = /^(?:else\s+)?(?:if\s*#\[\s*cfg\s*\([\s\S]*\]\s*)?$|^else\s*$/;
/** What an item opens with. */
const ITEM_START = /^(?:(?:pub|fn|struct|enum|union|impl|mod|use|trait|type|const|static|unsafe|async|extern|default)\b|macro_rules!|(?:[A-Za-z_]\w*::)*[A-Za-z_]\w*[ \t]*![ \t]*\{)/;

/** Index after whitespace, comments (block comments nest) and attributes (`#[…]`, `#![…]`) from `i`. */
function skipTrivia(src: string, i: number): number {
  for (;;) {
    while (i < src.length && /\s/.test(src[i]!)) i++;
    if (src.startsWith("//", i)) {
      const nl = src.indexOf("\n", i);
      i = nl < 0 ? src.length : nl + 1;
    } else if (src.startsWith("/*", i)) i = skipBlockComment(src, i);
    else if (src[i] === "#" && (src[i + 1] === "[" || (src[i + 1] === "!" && src[i + 2] === "["))) {
      let depth = 0;
      let j = src.indexOf("[", i);
      for (; j < src.length; j++) {
        const c = src[j];
        if (c === "[") depth++;
        else if (c === "]" && --depth === 0) break;
        else if (c === '"') j = skipString(src, j);
      }
      i = j + 1;
    } else return i;
  }
}

function skipBlockComment(src: string, i: number): number {
  let depth = 0;
  for (; i < src.length; i++) {
    if (src.startsWith("/*", i)) depth++, i++;
    else if (src.startsWith("*/", i)) {
      i++;
      if (--depth === 0) return i + 1;
    }
  }
  return src.length;
}

/** Index of the closing quote of the string opening at `i` (`"`). */
function skipString(src: string, i: number): number {
  for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === "\\") i++;
  return i;
}

/** The item-level macro calls of `src` whose bodies open with an item, nested ones included. */
function findRegions(src: string): Region[] {
  const out: Region[] = [];
  // One entry per open `{`: whether its body holds items, the call it unwraps, the bracket depth outside it.
  // (`cfgIf`: a cfg_if! body, whose `{` at `stmtAt` — its start, or right after a branch — opens a branch.)
  const stack: { items: boolean; call?: number; parens: number; stmt: number; cfgIf: boolean; stmtAt: number }[] = [];
  let items = true; // the file's top level
  let parens = 0;
  let stmt = 0; // where the current statement (item) began, at this brace level
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "/" && src[i + 1] === "/") {
      const nl = src.indexOf("\n", i);
      i = nl < 0 ? src.length : nl;
    } else if (c === "/" && src[i + 1] === "*") i = skipBlockComment(src, i) - 1;
    else if (c === '"') i = skipString(src, i);
    else if (c === "r" && /^r#*"/.test(src.slice(i, i + 10)) && !/\w/.test((src[i - 1] === "b" ? src[i - 2] : src[i - 1]) ?? "")) {
      const hashes = /^r(#*)"/.exec(src.slice(i, i + 10))![1]!;
      const end = src.indexOf(`"${hashes}`, i + hashes.length + 2);
      i = end < 0 ? src.length : end + hashes.length;
    } else if (c === "'") {
      // A char literal ('x', '\n', '\u{…}'); a lifetime ('a) has no closing quote.
      if (src[i + 1] === "\\") i = Math.max(i, src.indexOf("'", i + 2));
      else if (src[i + 2] === "'") i += 2;
      else if (src[i + 3] === "'" && /[\uD800-\uDBFF]/.test(src[i + 1]!)) i += 3;
    } else if (c === "(" || c === "[") parens++;
    else if (c === ")" || c === "]") parens = Math.max(0, parens - 1);
    else if (c === ";" && parens === 0) stmt = i + 1;
    else if (c === "{") {
      const from = skipTrivia(src, stmt);
      const head = from < i ? src.slice(from, i) : "";
      let call: number | undefined;
      let bodyItems = false;
      const cfgIf = stack[stack.length - 1]?.cfgIf && stmt === stack[stack.length - 1]!.stmtAt;
      let opensCfgIf = false;
      if (parens === 0 && items && CALL_HEAD.test(head) && !/^macro_rules\b/.test(head) && (from === 0 || /\n[ \t]*$/.test(src.slice(Math.max(0, from - 200), from)))) {
        const body = skipTrivia(src, i + 1);
        if (ITEM_START.test(src.slice(body, body + 200))) (call = from), (bodyItems = true);
        // (`cfg_if! { if #[cfg(unix)] { items } else { items } }`: the call and each branch's head unwrapped.)
        else if (CFG_IF_HEAD.test(head) && /^if[ \t]*#\[/.test(src.slice(body, body + 10))) (call = from), (opensCfgIf = true);
      } else if (parens === 0 && items && CONTAINER_HEAD.test(head)) bodyItems = true;
      else if (cfgIf && parens === 0 && CFG_BRANCH.test(head)) (call = from), (bodyItems = true);
      stack.push({ items, call, parens, stmt, cfgIf: opensCfgIf, stmtAt: opensCfgIf ? i + 1 : -1 });
      items = bodyItems;
      parens = 0;
      stmt = i + 1;
    } else if (c === "}") {
      const top = stack.pop();
      if (!top) continue;
      if (top.call !== undefined) out.push({ head: top.call, open: src.indexOf("{", top.call), close: i });
      items = top.items;
      parens = top.parens;
      stmt = i + 1;
      // (A cfg_if! branch's `}`: the next branch, `else …`, starts here.)
      const parent = stack[stack.length - 1];
      if (parent?.cfgIf) parent.stmtAt = stmt;
    }
  }
  return out.sort((a, b) => a.head - b.head);
}

/** The last text unwrapped, and its regions: the repair is asked about that text next. */
let last: { text: string; source: string; regions: Region[] } | undefined;

/** `src` with each item-level macro call's `name! {` and `}` blanked (same length, line breaks kept). */
export function unwrapItemMacros(src: string, original = src): string {
  if (!/^[ \t]*(?:[A-Za-z_]\w*::)*[A-Za-z_]\w*[ \t]*![ \t]*\{/m.test(src)) return src;
  const regions = findRegions(src);
  if (!regions.length) return src;
  const out = src.split("");
  for (const r of regions) {
    for (let k = r.head; k <= r.open; k++) if (out[k] !== "\n") out[k] = " ";
    out[r.close] = " ";
  }
  const text = out.join("");
  last = { text, source: original, regions };
  return text;
}

/**
 * The spec's repair: the calls whose unwrapped bodies hold a syntax error, put back as they were written
 * (their token trees parse); undefined when none does.
 */
export function rewrapItemMacros(text: string, tree: Tree): string | undefined {
  if (last?.text !== text) return undefined;
  const errors: number[] = [];
  const visit = (n: Node) => {
    if (n.type === "ERROR" || n.isMissing) {
      // (A missing token stands after the comments that follow where it is missing — thread_local!'s last
      // `static X: T = {…}` needs no `;` — so it is placed at the end of the node before it.)
      let before = n.isMissing ? n.previousSibling : null;
      while (before && /comment/.test(before.type)) before = before.previousSibling;
      errors.push(before ? before.endIndex - 1 : n.startIndex);
      if (n.isMissing) return;
      // (An ERROR may open before a bad call, or in one, and run on over calls holding their own errors
      // nested: those calls are bad too — petgraph's adj.rs, `iterator_wrap! { impl (Iterator) for struct … }`
      // after a type alias, was one ERROR over the file, no call put back.)
    }
    for (const c of n.children) if (c && (c.hasError || c.isMissing)) visit(c);
  };
  visit(tree.rootNode);
  const bad = last.regions.filter((r) => errors.some((e) => e >= r.head && e <= r.close));
  if (!bad.length) return undefined;
  let out = text;
  for (const r of bad) {
    out = out.slice(0, r.head) + last.source.slice(r.head, r.open + 1) + out.slice(r.open + 1, r.close) + last.source[r.close] + out.slice(r.close + 1);
  }
  last = { text: out, source: last.source, regions: last.regions.filter((r) => !bad.includes(r)) };
  return out;
}
