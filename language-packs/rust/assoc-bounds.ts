/**
 * Associated type bounds — `impl<P: Deref<Target: Eq>> Eq for Pin<P>`, `where I: Iterator<Item: Clone>`,
 * `P: Pattern<'a, Searcher: ReverseSearcher<'a>>` (stable since Rust 1.79) — which the bundled grammar
 * predates: each was an ERROR that could take the impl or function around it (rust-src's core/src/pin.rs,
 * str/mod.rs, str/iter.rs, iter/adapters/flatten.rs, alloc's borrow.rs). `maskAssocBounds` (part of
 * prepareSource) writes the bound's `:` as `=`, an associated type binding the grammar parses (`Target= Eq`);
 * records read the real source.
 */

/** `<` or `,`, then a name and a single `:` — an associated type bound when the `<` opens type arguments. */
const CANDIDATE = /[<,][ \t\r\n]*[A-Za-z_]\w*[ \t]*:(?!:)/g;
/** Keywords whose item's name is followed by its generic parameters (`fn f<T: A>`), not arguments. */
const DECLARES = new Set(["fn", "struct", "enum", "union", "trait", "type"]);
/** How far back a candidate looks for the bracket it stands in. */
const LOOK_BACK = 400;

export function maskAssocBounds(src: string): string {
  let out = "";
  let done = 0;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(src); m; m = CANDIDATE.exec(src)) {
    const open = m[0][0] === "<" ? m.index : openerOf(src, m.index);
    if (open < 0 || !opensArguments(src, open)) continue;
    const colon = m.index + m[0].length - 1;
    out += src.slice(done, colon) + "=";
    done = colon + 1;
  }
  return done ? out + src.slice(done) : src;
}

/**
 * Offset of the `<` a `,` at `at` stands in: the innermost bracket open before it, when that is a `<`;
 * -1 for any other bracket, a `;`, `{` or `}` first (a struct's fields, a call's arguments), or none near.
 */
function openerOf(src: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0 && at - i < LOOK_BACK; i--) {
    const c = src[i]!;
    if (c === ";" || c === "{" || c === "}") return -1;
    if (c === ")" || c === "]" || (c === ">" && src[i - 1] !== "-" && src[i - 1] !== "=")) depth++;
    else if (c === "(" || c === "[" || c === "<") {
      if (depth === 0) return c === "<" ? i : -1;
      depth--;
    }
  }
  return -1;
}

/**
 * Whether the `<` at `open` opens type arguments (`Deref<`, `Vec::<`), not an item's or impl's parameters —
 * nor a comparison: a type's `<` follows its name with no space (`Foo { ok: n < max, limit: 5 }` stays).
 */
function opensArguments(src: string, open: number): boolean {
  if (!/[\w:]/.test(src[open - 1] ?? "")) return false;
  const before = /([A-Za-z_]\w*)(?:::)?$/.exec(src.slice(Math.max(0, open - 80), open));
  if (!before) return false;
  const word = before[1]!;
  if (word === "impl" || word === "for") return false;
  const head = src.slice(Math.max(0, open - 80), open - before[0].length);
  const keyword = /([A-Za-z_]\w*)[ \t\r\n]+$/.exec(head)?.[1];
  return !(keyword && DECLARES.has(keyword));
}
