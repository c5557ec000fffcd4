/**
 * Did-you-mean's measure, shared by read_symbol (core/read-symbol.ts `suggest`) and symbol_search
 * (core/graph/search-suggest.ts): normalized Levenshtein similarity, and the floor under which a name
 * is "wildly wrong" and no suggestion.
 */
import { distance } from "fastest-levenshtein";

export function similarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - distance(a, b) / max;
}

/** Similarity floor for a suggestion: below it a name is "wildly wrong" and gets no suggestions. */
export const SUGGEST_MIN = 0.45;
