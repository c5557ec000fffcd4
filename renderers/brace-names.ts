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
/** How many ends of a run a fold is weighed at, before the run's own end. */
const MAX_ENDS = 64;

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
  // cost[i]: the characters names i… take at best (each with its `, `); fold[i]: that best starts with a
  // fold of names i…end-1 by their first k characters. sum[i]: names before i, unfolded.
  const cost = new Array<number>(n + 1).fill(0);
  const sum = new Array<number>(n + 1).fill(0);
  for (let i = 0; i < n; i++) sum[i + 1] = sum[i]! + at(i).length + 2;
  const fold: ({ end: number; k: number } | undefined)[] = new Array(n);
  // runs[k]: where the run of names from i + 1 sharing its first k characters (a boundary of it) ends —
  // from the one after, so a row is linear in its names (a 1,000-name run had taken 0.8 s).
  let runs = new Map<number, number>();
  for (let i = n - 1; i >= 0; i--) {
    cost[i] = sum[i + 1]! - sum[i]! + cost[i + 1]!;
    const here = new Map<number, number>();
    const a = names[i]!;
    const b = i + 1 < n && foldable(i + 1) ? names[i + 1]! : undefined;
    if (foldable(i))
      for (let k = MIN_PREFIX; k < a.length; k++) {
        if (!boundaryAt(a, k)) continue;
        const end = b !== undefined && b.length > k && boundaryAt(b, k) && b.startsWith(a.slice(0, k)) ? runs.get(k)! : i + 1;
        here.set(k, end);
        // `Prefix{` and `}`, then each name less the prefix: names i…e-1 folded cost k + 2 + their length less k each.
        const folded = (e: number) => k + 2 + sum[e]! - sum[i]! - k * (e - i) + cost[e]!;
        // (Every end of the run is a candidate up to MAX_ENDS names in, then the run's own end.)
        const last = Math.min(end, i + MIN_RUN + MAX_ENDS);
        for (let e = i + MIN_RUN; e <= end; e = e < last ? e + 1 : e === end ? end + 1 : end) {
          const c = folded(e);
          if (c < cost[i]!) (cost[i] = c), (fold[i] = { end: e, k });
        }
      }
    runs = here;
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
