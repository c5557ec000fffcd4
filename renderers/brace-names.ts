/**
 * A names row's shared prefixes in shell brace form: `sk_X509_{num, value, new}` — long generated
 * names (SDK types, C prefixes) cost a fraction.
 */

/** Where a name may be cut for a shared prefix: after `_`, or at a lower→upper camelCase step. */
function boundaryAt(name: string, k: number): boolean {
  const a = name[k - 1]!;
  const b = name[k];
  return a === "_" || (b !== undefined && /[A-Z]/.test(b) && /[a-z0-9]/.test(a));
}

const MIN_PREFIX = 4;
/** A fold holds at least this many names. */
const MIN_RUN = 3;

/**
 * Consecutive names sharing a prefix of ≥ 4 characters that ends at a word boundary, three or more of
 * them, folded: `sk_X509_{num, value, new}`. Of the ways to fold a row, the one that says it in the fewest
 * characters (each name's `, ` counted): the first two names' longest shared prefix had decided, so
 * `ChatCompletion, ChatCompletionAudio, …` — the bare `ChatCompletion` no part of a fold by its own name —
 * had folded by `Chat` and left `Completion` in each of 42 names, and a prefix two names share had
 * stopped a longer run of the prefix of all of them.
 * `suffixes`: what follows each name and stays with it (`[3]`, a container's member count).
 */
export function braceNames(names: string[], suffixes: string[] = []): string[] {
  const n = names.length;
  const at = (i: number) => `${names[i]!}${suffixes[i] ?? ""}`;
  // (Not a name of several words: `IntoIterator for Small{Vec[3], Vec[3]}` had cut an impl's name inside its
  // self type. A single word its neighbour repeats still folds — TS's interface and namespace of one name,
  // `Transcription{Diarized[5], Diarized[3], Segment[10]}`: unfolded, openai's compact cost 2% more.)
  const foldable = (x: number) => !/\s/.test(names[x]!);
  // cost[i]: the characters names i… take at best; fold[i]: that best starts with a fold of names i…end-1 by k characters.
  const cost = new Array<number>(n + 1).fill(0);
  const fold: ({ end: number; k: number } | undefined)[] = new Array(n);
  for (let i = n - 1; i >= 0; i--) {
    cost[i] = at(i).length + 2 + cost[i + 1]!;
    const a = names[i]!;
    if (!foldable(i)) continue;
    for (let k = MIN_PREFIX; k < a.length; k++) {
      if (!boundaryAt(a, k)) continue;
      const prefix = a.slice(0, k);
      // `Prefix{` and `}`, then each name less the prefix with its `, `; every end of the run is a candidate.
      let c = k + 2 + at(i).length - k + 2;
      for (let j = i + 1; j < n && foldable(j) && names[j]!.length > k && names[j]!.startsWith(prefix) && boundaryAt(names[j]!, k); j++) {
        c += at(j).length - k + 2;
        if (j + 1 - i >= MIN_RUN && c + cost[j + 1]! < cost[i]!) (cost[i] = c + cost[j + 1]!), (fold[i] = { end: j + 1, k });
      }
    }
  }
  const out: string[] = [];
  for (let i = 0; i < n; ) {
    const f = fold[i];
    if (!f) {
      out.push(at(i++));
      continue;
    }
    const parts: string[] = [];
    for (let x = i; x < f.end; x++) parts.push(at(x).slice(f.k));
    out.push(`${names[i]!.slice(0, f.k)}{${parts.join(", ")}}`);
    i = f.end;
  }
  return out;
}
