/**
 * The word index: BM25 (k1 1.2, b 0.75) over identifier terms (whole identifier + its parts, see
 * tokens.ts), one document per file. Postings are append-only arrays; a changed file gets a new doc id
 * and its old one is tombstoned (compacted when the dead outnumber the living). Each posting also says
 * whether the file holds the term as a whole identifier (`ZodError`, `$ZodError`), not only as a part of
 * longer ones (`ZodErrorMap`). Derived from the entries; kept between processes by word-store.ts.
 */
import { eachOccurrence } from "./occ.js";
import { termsOf, wholeTerms } from "./tokens.js";
import type { FileEntry } from "./types.js";

export const K1 = 1.2;
export const B = 0.75;

export class WordIndex {
  /**
   * term → [docId, tf·2 + whole, …] (whole: 1 where some identifier in the file is the term itself, or
   * is it with sigils): arrays while they grow, packed into Int32Arrays by `pack()`.
   */
  private postings = new Map<string, number[] | Int32Array | number>();
  /**
   * A stored index's postings (word-store.ts), read whole: a term whose value in `postings` is a number
   * has its list at `post[off[n]…off[n+1]]` until the term grows (then it is copied out).
   */
  private base?: { off: Int32Array; post: Int32Array };
  private docRel: (string | null)[] = [];
  private docLen: number[] = [];
  private idOf = new Map<string, number>();
  private totalLen = 0;
  private dead = 0;
  /** Sorted term list for prefix lookups, rebuilt lazily after new terms appear. */
  private sorted?: string[];

  get size(): number {
    return this.idOf.size;
  }
  /** Documents added or removed since the last `saved()` (word-store.ts saves the index when they add up). */
  edits = 0;
  /** Counts every add and remove, never reset: what is derived from the indexed entries is current while it holds (search-suggest.ts). */
  revision = 0;
  saved(): void {
    this.edits = 0;
  }

  hasDoc(rel: string): boolean {
    return this.idOf.has(rel);
  }

  private list(t: string): number[] | Int32Array | undefined {
    const p = this.postings.get(t);
    return typeof p === "number" ? this.base!.post.subarray(this.base!.off[p]!, this.base!.off[p + 1]!) : p;
  }

  add(rel: string, e: FileEntry): void {
    // (A file added again is one edit: its removal counts it.)
    const again = this.idOf.has(rel);
    if (again) this.remove(rel);
    this.revision++;
    const tf = new Map<string, number>();
    let len = 0;
    eachOccurrence(e, (name, count) => {
      if (name.length < 2) return; // (a Go receiver's one-letter field, kept for links: no term, as any one-letter name)
      const ts = termsOf(name);
      // ts[0] is the name lower-cased; with sigils (`$getRoot`, `__init__`) ts[1] is its bare name.
      const wholes = wholeTerms(ts);
      for (let k = 0; k < ts.length; k++) tf.set(ts[k]!, ((tf.get(ts[k]!) ?? 0) + 2 * count) | (k < wholes ? 1 : 0));
      len += count;
    });
    const id = this.docRel.length;
    this.docRel.push(rel);
    this.docLen.push(len);
    this.idOf.set(rel, id);
    this.totalLen += len;
    if (!again) this.edits++;
    for (const [t, n] of tf) {
      let p = this.list(t);
      if (!p) {
        this.postings.set(t, (p = []));
        this.sorted = undefined;
      } else if (!Array.isArray(p)) this.postings.set(t, (p = Array.from(p))); // packed: grows again
      p.push(id, n);
      this.grown.add(t);
    }
  }

  /**
   * Pack the postings that grew: long ones into Int32Arrays (half the bytes of an array of small
   * integers), short ones into exact-size arrays (a typed array's own overhead is ~150 bytes); no spare
   * capacity either way: ~12 MB less heap on 10k files. Called after a build, a refresh or a load.
   */
  pack(): void {
    for (const t of this.grown) {
      const p = this.postings.get(t);
      if (Array.isArray(p)) this.postings.set(t, p.length >= 32 ? Int32Array.from(p) : p.slice());
    }
    this.grown.clear();
  }
  /** Terms whose postings grew since the last `pack()`. */
  private grown = new Set<string>();

  remove(rel: string): void {
    const id = this.idOf.get(rel);
    if (id === undefined) return;
    this.revision++;
    this.idOf.delete(rel);
    this.docRel[id] = null;
    this.totalLen -= this.docLen[id]!;
    this.dead++;
    this.edits++;
  }

  /** Drop tombstones when they outnumber live documents (re-adding from the entries). */
  maybeCompact(files: Map<string, FileEntry>): void {
    if (this.dead < 1000 || this.dead < this.idOf.size) return;
    this.postings = new Map();
    this.base = undefined;
    this.grown.clear();
    this.docRel = [];
    this.docLen = [];
    this.idOf = new Map();
    this.totalLen = 0;
    this.dead = 0;
    this.sorted = undefined;
    for (const [rel, e] of files) this.add(rel, e);
    this.pack();
  }

  /** Files holding a term (live only). */
  filesWithTerm(term: string): string[] {
    const p = this.list(term);
    const out: string[] = [];
    if (!p) return out;
    for (let i = 0; i < p.length; i += 2) {
      const r = this.docRel[p[i]!];
      if (r) out.push(r);
    }
    return out;
  }

  /** Whether a live document holds the term (a term only removed or changed files held is no term). */
  hasTerm(term: string): boolean {
    const p = this.list(term);
    if (!p) return false;
    for (let i = 0; i < p.length; i += 2) if (this.docRel[p[i]!]) return true;
    return false;
  }

  /** Terms starting with `prefix` (for a query word that is not a whole term), at most `limit`. */
  expand(prefix: string, limit = 16): string[] {
    const sorted = (this.sorted ??= [...this.postings.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && out.length < limit && sorted[i]!.startsWith(prefix); i++) if (sorted[i] !== prefix && this.hasTerm(sorted[i]!)) out.push(sorted[i]!);
    return out;
  }

  /**
   * BM25 scores per file for the given weighted terms, in first-hit order; `allow` filters files before
   * scoring. The third field is 1 for a file holding `whole` as a whole identifier (see `postings`).
   */
  score(terms: { term: string; weight: number }[], allow?: (rel: string) => boolean, whole?: string): [string, number, number][] {
    const n = this.idOf.size;
    const avg = n ? this.totalLen / n : 1;
    const acc = new Float64Array(this.docRel.length);
    const hit: number[] = [];
    for (const { term, weight } of terms) {
      const p = this.list(term);
      if (!p) continue;
      let df = 0;
      for (let i = 0; i < p.length; i += 2) if (this.docRel[p[i]!]) df++;
      if (!df) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < p.length; i += 2) {
        const id = p[i]!;
        const rel = this.docRel[id];
        if (!rel || (allow && !allow(rel))) continue;
        const tf = p[i + 1]! >> 1;
        const s = (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.docLen[id]!) / avg));
        if (acc[id] === 0) hit.push(id);
        acc[id] = acc[id]! + s;
      }
    }
    const holds = whole ? this.list(whole) : undefined;
    if (!holds) return hit.map((id) => [this.docRel[id]!, acc[id]!, 0]);
    const mark = new Uint8Array(this.docRel.length);
    for (let i = 0; i < holds.length; i += 2) if (holds[i + 1]! & 1) mark[holds[i]!] = 1;
    return hit.map((id) => [this.docRel[id]!, acc[id]!, mark[id]!]);
  }

  /**
   * The live documents numbered again from 0 (in their order) and every term that still has live
   * postings, sorted: what word-store.ts writes. Postings keep their order (the renumbering is monotone).
   */
  snapshot(): WordSnapshot {
    const renum = new Int32Array(this.docRel.length).fill(-1);
    const docs: string[] = [];
    const len: number[] = [];
    this.docRel.forEach((r, id) => {
      if (r === null) return;
      renum[id] = docs.length;
      docs.push(r);
      len.push(this.docLen[id]!);
    });
    const all = [...this.postings.keys()].sort();
    let total = 0;
    for (const t of all) total += this.list(t)!.length;
    const post = new Int32Array(total);
    const off = new Int32Array(all.length + 1);
    const terms: string[] = [];
    let w = 0;
    for (const t of all) {
      const p = this.list(t)!;
      const start = w;
      for (let i = 0; i < p.length; i += 2) {
        const d = renum[p[i]!]!;
        if (d < 0) continue;
        post[w++] = d;
        post[w++] = p[i + 1]!;
      }
      if (w > start) off[(terms.push(t), terms.length)] = w;
    }
    return { docs, len, terms, off: off.subarray(0, terms.length + 1), post: post.subarray(0, w) };
  }

  /** An index over a snapshot's documents and postings (their arrays are used, not copied). */
  static fromSnapshot(s: WordSnapshot): WordIndex {
    const w = new WordIndex();
    w.base = { off: s.off, post: s.post };
    s.terms.forEach((t, i) => w.postings.set(t, i));
    w.sorted = s.terms;
    w.docRel = s.docs.slice();
    w.docLen = s.len.slice();
    s.docs.forEach((r, i) => {
      w.idOf.set(r, i);
      w.totalLen += s.len[i]!;
    });
    return w;
  }
}

/** A word index as stored: documents, their lengths, sorted terms and their postings (`off` has terms + 1 bounds). */
export interface WordSnapshot {
  docs: string[];
  len: number[];
  terms: string[];
  off: Int32Array;
  post: Int32Array;
}
