/**
 * Declarative macros 2.0 — `pub macro name { (…) => {…}, … }` and `macro name($x:expr) { … }` — which
 * the bundled grammar predates: the first one turns the rest of the file into one ERROR (rust-src's
 * core/src/macros/mod.rs kept 3 of its ~60 macros). `maskDeclMacros` (the spec's prepareSource)
 * rewrites each as `trait name{}` at the same offsets, the rest of the item blanked (line breaks
 * kept); the extract tap finds that record again (`findDeclMacros` on the real source) and makes it
 * the `macro` it is, spanning the real item.
 */
import { blankOut, collapse } from "../../core/text.js";
import { maskAssocBounds } from "./assoc-bounds.js";

export interface DeclMacro {
  /** Offset of the `macro` keyword and the line it is on (1-based). */
  keyword: number;
  line: number;
  name: string;
  /** Last line of the item (its closing brace), and the offset after it. */
  endLine: number;
  end: number;
  /** The head, collapsed: `pub macro assert_matches`, `macro m($x:expr)`. */
  head: string;
}

/** At the start of a line, after optional visibility: `macro name` followed by `(` or `{`. */
const DECL = /^([ \t]*(?:pub(?:[ \t]*\([^)\n]*\))?[ \t]+)?)macro[ \t]+([A-Za-z_]\w*)[ \t]*(?=[({])/gm;
const CLOSE: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/** Index after the group opening at `i` (balanced (), [], {}; strings, chars and comments skipped); -1 if unbalanced. */
function skipGroup(src: string, i: number): number {
  const stack: string[] = [];
  for (; i < src.length; i++) {
    const c = src[i]!;
    if (c === "(" || c === "[" || c === "{") stack.push(CLOSE[c]!);
    else if (c === ")" || c === "]" || c === "}") {
      if (stack.pop() !== c) return -1;
      if (!stack.length) return i + 1;
    } else if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === "\\") i++;
    } else if (c === "r" && /^r#*"/.test(src.slice(i, i + 8)) && !/\w/.test(src[i - 1] ?? "")) {
      const hashes = /^r(#*)"/.exec(src.slice(i, i + 8))![1]!;
      const end = src.indexOf(`"${hashes}`, i + hashes.length + 2);
      if (end < 0) return -1;
      i = end + hashes.length;
    } else if (c === "'") {
      // A char literal ('x', '\n', '\u{1F600}'); a lifetime ('a) has no closing quote.
      if (src[i + 1] === "\\") i = src.indexOf("'", i + 2);
      else if (src[i + 2] === "'") i += 2;
      if (i < 0) return -1;
    } else if (c === "/" && src[i + 1] === "/") {
      const nl = src.indexOf("\n", i);
      i = nl < 0 ? src.length : nl;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) return -1;
      i = end + 1;
    }
  }
  return -1;
}

/** The last source scanned: prepareSource and the extract tap ask about the same text, one after the other. */
let last: { src: string; found: DeclMacro[] } | undefined;

export function findDeclMacros(src: string): DeclMacro[] {
  if (last?.src === src) return last.found;
  const found = scan(src);
  last = { src, found };
  return found;
}

function scan(src: string): DeclMacro[] {
  if (!src.includes("macro")) return [];
  const out: DeclMacro[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (offset: number) => {
    for (let k = src.indexOf("\n", counted); k >= 0 && k < offset; k = src.indexOf("\n", k + 1)) line++, (counted = k + 1);
    return line;
  };
  DECL.lastIndex = 0;
  for (let m = DECL.exec(src); m; m = DECL.exec(src)) {
    const keyword = m.index + m[1]!.length;
    let i = DECL.lastIndex;
    if (src[i] === "(") {
      i = skipGroup(src, i);
      if (i < 0) continue;
      while (/\s/.test(src[i] ?? "")) i++;
    }
    if (src[i] !== "{") continue;
    const end = skipGroup(src, i);
    if (end < 0) continue;
    const vis = collapse(src.slice(m.index, keyword)).trim();
    const head = collapse(src.slice(keyword, i)).trim();
    const startLine = lineAt(keyword);
    out.push({ keyword, line: startLine, name: m[2]!, endLine: lineAt(end - 1), end, head: vis ? `${vis} ${head}` : head });
    DECL.lastIndex = end;
  }
  return out;
}

/** The source with every macros-2.0 item as `trait name{}` (same length, line breaks kept). */
export function maskDeclMacros(src: string): string {
  const found = findDeclMacros(src);
  if (!found.length) return src;
  let out = "";
  let at = 0;
  for (const d of found) {
    // `trait` has the length of `macro`: the name stays at its offset (records read it from the real source).
    const standIn = `trait ${d.name}{}`;
    out += src.slice(at, d.keyword) + standIn + blankOut(src.slice(d.keyword + standIn.length, d.end));
    at = d.end;
  }
  return out + src.slice(at);
}

/**
 * The spec's prepareSource: macros 2.0 masked (above), and what std's nightly code writes that the
 * bundled grammar cannot parse, blanked at the same offsets (each ERROR took the impl or struct and
 * the items after it): attributes on generic parameters (`impl<#[may_dangle] T>`, `struct Box<T,
 * #[unstable(…)] A: Allocator = Global>`), `~const` bounds, `impl const Trait for`, negative impls
 * (`impl !Send for`), labeled blocks, `box` and `try` blocks (below), associated type bounds
 * (assoc-bounds.ts). 13 of alloc's files had error regions; the outline reads the real source.
 */
export function prepareRust(src: string): string {
  let out = maskDeclMacros(src);
  if (out.includes("#!")) out = maskLongInnerAttributes(out);
  if (out.includes("#[")) out = blankGenericAttributes(out);
  if (out.includes("~const")) out = out.replace(/~const(?=\s)/g, "      ");
  // A labeled block (`let x = 'a: { … break 'a v; … }`, stable since 1.65) as a plain block: the `break 'a`
  // in it still parses. std's `box expr` and `try { … }` blocks as the expression and the block they hold.
  if (out.includes("': {") || /'\w+:\s*\{/.test(out)) out = out.replace(/'[A-Za-z_]\w*:(?=\s*\{)/g, (label: string) => " ".repeat(label.length));
  if (out.includes("box")) out = out.replace(/(?<![\w.:#$'"])box(?=[ \t]+[\w([{&*|!-])/g, "   ");
  // (Not a macro named `try`: serde's `macro_rules! try {` lost its name, and the ERROR took the items after it.)
  if (out.includes("try")) out = out.replace(/(?<![\w.:#$'"])(?<!macro_rules![ \t]*)try(?=[ \t]*\{)/g, "   ");
  if (out.includes(":")) out = maskAssocBounds(out);
  if (out.includes("impl")) {
    out = out.replace(/(\bimpl(?:[ \t]*<[^{};\n]*?>)?[ \t]+)(const[ \t]+(?=[A-Za-z_:])|!(?=[A-Za-z_:]))/g, (_, head: string, word: string) => head + " ".repeat(word.length));
  }
  return out;
}

/**
 * An inner attribute over several lines (`#![allow(\n    clippy::a,\n)]`, a crate root's `#![cfg_attr(…)]`)
 * as a block comment of its length (`/*allow(…*\/`): the grammar lexes a `#!` line that does not close its
 * `[` as a shebang, and the rest of the attribute was an ERROR (tokio's and rand's lib.rs). A module's
 * attribute is no item's: as a comment, no decorator either.
 */
function maskLongInnerAttributes(src: string): string {
  let out = "";
  let done = 0;
  for (const m of src.matchAll(/^[ \t]*#!(?=[ \t]*\[)/gm)) {
    const hash = m.index + m[0].length - 2;
    if (hash < done) continue;
    const end = skipGroup(src, src.indexOf("[", hash));
    const attr = end < 0 ? "" : src.slice(hash, end);
    // (One line parses; a `*/` inside, or a `]` alone on its line, would not make a comment of the same length.)
    if (!attr.includes("\n") || attr.includes("*/") || attr.includes("/*") || attr.slice(-2).includes("\n")) continue;
    out += src.slice(done, hash) + "/*" + attr.slice(2, -2) + "*/";
    done = end;
  }
  return done ? out + src.slice(done) : src;
}

/** `#[…]` right inside a `<…>` parameter list (after `<` or a `,` of it), blanked. */
function blankGenericAttributes(src: string): string {
  return src.replace(/#\[[^\]\n]*(?:\([^)]*\))?[^\]\n]*\]/g, (attr: string, at: number) => (inAngleList(src, at) ? blankOut(attr) : attr));
}

/** Whether offset `at` opens a generic parameter: after `<`, or after a `,` whose innermost open bracket is `<`. */
function inAngleList(src: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/.test(src[i]!)) i--;
  if (src[i] === "<") return true;
  if (src[i] !== ",") return false;
  const closers: string[] = [];
  for (i--; i >= 0 && at - i < 2000; i--) {
    const c = src[i]!;
    if (c === ")" || c === "]" || c === "}" || (c === ">" && src[i - 1] !== "-" && src[i - 1] !== "=")) closers.push(c);
    else if (c === "(" || c === "[" || c === "{" || c === "<") {
      if (!closers.length) return c === "<";
      const want = { "(": ")", "[": "]", "{": "}", "<": ">" }[c];
      if (closers.pop() !== want) return false;
    } else if (c === ";") return false;
  }
  return false;
}
