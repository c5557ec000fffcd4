/**
 * Packed identifier occurrences (types.ts `Occurrences`): building them while a tree is alive, reading
 * them back, and their on-disk form (base64 of the Int32Array: JSON of a million small arrays was a
 * measurable part of every shard write and load).
 */
import type { Occurrences } from "./types.js";

export const NO_OCCURRENCES: Occurrences = Object.freeze({ n: "", o: new Int32Array(0) }) as Occurrences;

/**
 * Call `fn` for every name: its total count, and where its kept encoded lines sit in `o`
 * (`o[at] … o[at + kept - 1]`, in source order).
 */
export function eachOccurrence(e: Occurrences, fn: (name: string, count: number, at: number, kept: number) => void): void {
  const { n, o } = e;
  if (!n) return;
  let p = 0;
  let start = 0;
  for (;;) {
    let end = n.indexOf("\n", start);
    if (end < 0) end = n.length;
    const kept = o[p + 1]!;
    fn(n.slice(start, end), o[p]!, p + 2, kept);
    p += 2 + kept;
    if (end >= n.length) return;
    start = end + 1;
  }
}

/** Names counted on more lines than the `max` kept (only those are sliced out of `n`). */
export function cappedNames(e: Occurrences, max: number): string[] {
  const { n, o } = e;
  const out: string[] = [];
  for (let p = 0, start = 0; n && start <= n.length; ) {
    let end = n.indexOf("\n", start);
    if (end < 0) end = n.length;
    const kept = o[p + 1]!;
    if (kept >= max && o[p]! > kept) out.push(n.slice(start, end));
    p += 2 + kept;
    start = end + 1;
  }
  return out;
}

/** Pack `name → [count, ...encoded]` lists (insertion order kept). */
export function packOccurrences(lists: Map<string, number[]>): Occurrences {
  let size = 0;
  for (const l of lists.values()) size += l.length + 1;
  const o = new Int32Array(size);
  let p = 0;
  for (const l of lists.values()) {
    o[p++] = l[0]!;
    o[p++] = l.length - 1;
    for (let k = 1; k < l.length; k++) o[p++] = l[k]!;
  }
  return { n: [...lists.keys()].join("\n"), o };
}

export function encodeOcc(o: Int32Array): string {
  return Buffer.from(o.buffer, o.byteOffset, o.byteLength).toString("base64");
}

/** Decode the on-disk form; a copy into its own aligned buffer (Buffer.from may share a pool slab). */
export function decodeOcc(text: unknown): Int32Array {
  if (typeof text !== "string" || !text) return new Int32Array(0);
  const b = Buffer.from(text, "base64");
  const out = new Int32Array(b.byteLength >> 2);
  new Uint8Array(out.buffer).set(b.subarray(0, out.length * 4));
  return out;
}
