/**
 * The items of a macro call's expansion (macro-repeat.ts): each `fn`, `struct`, `union`, `enum`, `trait`, `type`,
 * `const`, `static` and `mod` it writes at its top, the nested calls of macros that can be found expanded in
 * place (libc's `s!` → `__item! { … }`), with the source offsets of the call's tokens that wrote it. An impl, a
 * call that cannot be expanded, or what this reading does not know makes the expansion `opaque` (its items are
 * listed, the call is still named in the file's warning).
 */
import { Capped, CTok, expand, MAX_DEPTH, spell, type MacroRule } from "./macro-repeat.js";

export interface ExpandedItem {
  keyword: string;
  name: string;
  /** Whether the call wrote the name (else the transcriber did). */
  fromCall: boolean;
  /** The item's head on one line, up to its body or value. */
  head: string;
  exported: boolean;
  /** The `///` above it in the transcriber. */
  doc: string;
  /** Its attributes (`#[inline]`, the call's `#[cfg(…)]`), doc attributes left out. */
  attrs: string[];
  /** The span of the call's tokens among the item's, or -1. */
  lo: number;
  hi: number;
}
export interface Expansion {
  items: ExpandedItem[];
  opaque: boolean;
  capped: boolean;
}

const KEYWORDS = new Set(["fn", "struct", "union", "enum", "trait", "type", "const", "static", "mod"]);
const QUALIFIERS = new Set(["unsafe", "async", "default", "extern", "const"]);
const NAME = /^(?:r#)?[A-Za-z_]\w*$/;
const isName = (t: CTok | undefined) => !!t && t.open === undefined && NAME.test(t.text);

/** The span of the call's tokens among `ts` (into token trees; not those every iteration repeats), as [lo, hi]. */
function span(ts: CTok[], acc: [number, number]): [number, number] {
  for (const t of ts) {
    if (t.shared) continue;
    if (t.start >= 0) (acc[0] = acc[0] < 0 ? t.start : Math.min(acc[0], t.start)), (acc[1] = Math.max(acc[1], t.end));
    else if (t.sub) span(t.sub, acc);
  }
  return acc;
}

/** The items a call's tokens expand to by `rules`, or null when no rule's matcher takes them. */
export function expandItems(rules: MacroRule[], args: CTok[], rulesOf: (name: string) => MacroRule[] | undefined): Expansion | null {
  const size = { n: 0 };
  const out: ExpandedItem[] = [];
  try {
    const ts = expand(rules, args, size);
    if (!ts) return null;
    const opaque = readItems(ts, rulesOf, 1, size, out);
    return { items: out, opaque, capped: false };
  } catch (e) {
    if (e instanceof Capped) return { items: out, opaque: true, capped: true };
    throw e;
  }
}

function readItems(ts: CTok[], rulesOf: (name: string) => MacroRule[] | undefined, depth: number, size: { n: number }, out: ExpandedItem[]): boolean {
  let opaque = false;
  let doc: string[] = [];
  let attrs: string[] = [];
  let start = -1;
  let i = 0;
  const reset = () => ((doc = []), (attrs = []), (start = -1));
  const skipTo = (braces: boolean) => {
    for (; i < ts.length; i++) {
      if (ts[i]!.text === ";" && ts[i]!.open === undefined) return void i++;
      if (braces && ts[i]!.open === "{") return void i++;
    }
  };
  while (i < ts.length) {
    const t = ts[i]!;
    if (/comment$/.test(t.type)) {
      if (/^\/\/\/(?!\/)/.test(t.text)) doc.push(t.text.replace(/^\/\/\/\s?/, ""));
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (t.text === "#" && ts[i + 1]?.open === "[") {
      const attr = `#${spell([ts[i + 1]!])}`;
      if (!/^#\[doc\b/.test(attr)) attrs.push(attr.length > 80 ? `${attr.slice(0, 79)}…` : attr);
      i += 2;
      continue;
    }
    // A macro call (`name!{…}`, `$crate::name!(…)`), expanded in place when its macro is found; a `macro_rules!`.
    let p = i + (t.text === "::" ? 1 : 0);
    while (isName(ts[p]) || ts[p]?.text === "$crate") {
      if (ts[p + 1]?.text !== "::") break;
      p += 2;
    }
    if ((isName(ts[p]) || ts[p]?.text === "macro_rules") && ts[p + 1]?.text === "!" && (ts[p + 2]?.open !== undefined || ts[p + 3]?.open !== undefined)) {
      const name = ts[p]!.text;
      if (name === "macro_rules") i = p + 4;
      else {
        const rules = rulesOf(name);
        if (rules && depth >= MAX_DEPTH) throw new Capped();
        const inner = rules ? expand(rules, ts[p + 2]!.sub ?? [], size) : null;
        if (inner) opaque = readItems(inner, rulesOf, depth + 1, size, out) || opaque;
        else if (name !== "compile_error") opaque = true;
        i = p + 3;
      }
      if (ts[i]?.text === ";") i++;
      reset();
      continue;
    }
    let j = i;
    const vis = ts[j]?.text === "pub";
    if (vis) j += ts[j + 1]?.open === "(" ? 2 : 1;
    while (QUALIFIERS.has(ts[j]?.text ?? "") && ts[j]!.open === undefined && !(ts[j]!.text === "const" && isName(ts[j + 1]) && !QUALIFIERS.has(ts[j + 1]!.text) && ts[j + 1]!.text !== "fn")) {
      if (ts[j]!.text === "extern" && (ts[j + 1]?.text === "crate" || ts[j + 1]?.open === "{" || ts[j + 2]?.open === "{")) break;
      j += ts[j + 1]?.type === "string_literal" ? 2 : 1;
    }
    const kw = ts[j]?.text ?? "";
    if (kw === "impl" || kw === "use" || kw === "extern") {
      // (An impl's items are no entries here; a `use`, an `extern crate`, an `extern "C" { … }` block.)
      if (kw !== "use" && ts[j + 1]?.text !== "crate") opaque = true;
      i = j;
      skipTo(kw !== "use" && ts[j + 1]?.text !== "crate");
      reset();
      continue;
    }
    let named = KEYWORDS.has(kw) && ts[j]!.open === undefined ? ts[j + 1] : undefined;
    if (kw === "static" && named?.text === "mut") named = ts[j + 2];
    if (!named || !isName(named) || named.text === "_") {
      if (kw === "const" && named?.text === "_") {
        i = j;
        skipTo(false);
        reset();
        continue;
      }
      opaque = true;
      break;
    }
    const first = i;
    i = j + 2;
    const valued = kw === "type" || kw === "const" || kw === "static";
    let body = i;
    while (body < ts.length && ts[body]!.text !== ";" && !(valued ? ts[body]!.text === "=" : ts[body]!.open === "{")) body++;
    skipTo(!valued);
    const [lo, hi] = span(ts.slice(start, i), [-1, -1]);
    out.push({
      keyword: kw, name: named.text.replace(/^r#/, ""), fromCall: named.start >= 0, head: spell(ts.slice(first, body)),
      exported: vis, doc: doc.join("\n").trim(), attrs, lo, hi,
    });
    reset();
  }
  return opaque;
}
