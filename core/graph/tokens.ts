/**
 * Identifier → index terms: the whole identifier plus its parts split on camelCase, snake_case,
 * kebab-case, dots and digits, all lower-cased. `parseHTTPRequest2` → parsehttprequest2, parse, http,
 * request (one-character parts are dropped); a name with `$`/`_` sigils also gives its bare name.
 */
const cache = new Map<string, string[]>();

/** An identifier without its `$`/`_` sigils (`$getRoot` → `getRoot`, `__init__` → `init`). */
export function bareName(name: string): string {
  return name.replace(/^[$_]+|[$_]+$/g, "");
}

export function termsOf(identifier: string): string[] {
  const hit = cache.get(identifier);
  if (hit) return hit;
  const whole = identifier.toLowerCase();
  const parts = identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((p) => p.length > 0);
  const out = [whole];
  // A name with a sigil (`$getRoot`, lexical's convention; `_private`, `__init__`) is found by its bare
  // name too: `getRoot` finds `$getRoot`.
  const bare = bareName(whole);
  if (bare.length > 1 && bare !== whole) out.push(bare);
  // Single letters and digits (`R1` → r, 1) match nearly every file: kept only as whole identifiers.
  for (const p of parts) if (p.length > 1 && p !== whole && !out.includes(p)) out.push(p);
  if (cache.size > 200_000) cache.clear();
  cache.set(identifier, out);
  return out;
}

/** How many of termsOf's terms are the name itself: 2 with sigils (its bare name too), else 1. */
export function wholeTerms(terms: string[]): number {
  if (terms.length < 2) return 1;
  const w = terms[0]!;
  if (!SIGIL.test(w[0]!) && !SIGIL.test(w[w.length - 1]!)) return 1;
  return terms[1] === bareName(w) ? 2 : 1;
}
const SIGIL = /[$_]/;

/**
 * Query text → index terms (every word's whole identifier and parts; a dotted word's segments whole
 * too: `ZodType.safeParse` → zodtype, safeparse), its parts alone (for coverage), and the words joined
 * (`parse config` also matches `parseConfig`).
 */
export function queryTerms(query: string): { terms: string[]; parts: string[]; whole: string } {
  const words = query.split(/[\s,]+/).map((w) => w.replace(/^[^\w$]+|[^\w$]+$/g, "")).filter(Boolean);
  const terms: string[] = [];
  const parts: string[] = [];
  for (const w of words) {
    const ts = termsOf(w);
    for (const t of ts) if (!terms.includes(t)) terms.push(t);
    const segs = w.split(/\.|::|#/).filter(Boolean);
    if (segs.length > 1) for (const s of segs) for (const t of termsOf(s).slice(0, wholeTerms(termsOf(s)))) if (t.length > 1 && !terms.includes(t)) terms.push(t);
    for (const t of ts.length > 1 ? ts.slice(1) : ts) if (!parts.includes(t)) parts.push(t);
  }
  const whole = words.join("").toLowerCase().replace(/[^\w$]/g, "");
  if (words.length > 1 && whole && !terms.includes(whole)) terms.push(whole);
  return { terms, parts, whole };
}
