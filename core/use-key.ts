/**
 * The key a symbol's uses are kept under (refs records, usage counts): its qualified name — but a
 * function or method whose qualified name a field, property, constant or variable of the same file also
 * has (Java keeps the two apart: field `elementData` and method `elementData(int)` of ArrayList) is
 * `name()`, so each has its own usedBy (both had shown the other's 13 uses). Shared by the graph (links,
 * fanout) and the report (usedBy, usage counts): both derive it from the same symbols.
 */
const CALLABLE = new Set(["function", "method", "constructor"]);
const DATA = new Set(["field", "property", "constant", "variable"]);

/** The qualified names held by both a data member and a callable: their callables' keys get `()`. */
export function sharedNames(symbols: Iterable<{ q: string; kind: string }>): Set<string> {
  const data = new Set<string>();
  const callables = new Set<string>();
  for (const s of symbols) {
    if (DATA.has(s.kind)) data.add(s.q);
    else if (CALLABLE.has(s.kind)) callables.add(s.q);
  }
  const out = new Set<string>();
  for (const q of callables) if (data.has(q)) out.add(q);
  return out;
}

export function useKey(q: string, kind: string, shared: ReadonlySet<string>): string {
  return shared.size && CALLABLE.has(kind) && shared.has(q) ? `${q}()` : q;
}

/**
 * A record's name in qualified names and use keys: a JavaScript `#x` the outline lists as `x` (as Ctags names it;
 * SymbolRecord.hashName) is `#x` — a public `x` beside it is another member (gaxios' `fetch()` and `static #fetch`
 * had been one `Gaxios.fetch`, `#size` used inside `size` dropped as recursion). TypeScript lists `#x` so already.
 */
export function spelledName(r: { name: string; hashName?: true }): string {
  return r.hashName ? `#${r.name}` : r.name;
}
