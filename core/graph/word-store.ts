/**
 * The word index kept on disk between processes (`words.bin` in the graph's cache folder), so a
 * search in a fresh process — the CLI, a host starting — reads it instead of rebuilding it from every
 * file's occurrences (2.4 s on 15k Java files; reading it is a small part of that).
 *
 * It is not part of a graph generation: it carries each document's stamp (mtime, size and the sizes of
 * its occurrences), and whoever opens it brings it up to date with the entries it holds — documents
 * whose entry changed or went are dropped, files it lacks are added — and writes it again when that was
 * a lot of work. A file that is unreadable, foreign or of another format is simply rebuilt.
 *
 * Layout: "PLWI", u32 header length, header JSON (format, stamp, docs, fp, len, counts), then padded to
 * 4 bytes the terms joined by "\n" (sorted), then Int32 term bounds (terms + 1) and Int32 postings.
 */
import { WordIndex, type WordSnapshot } from "./words.js";
import type { FileEntry } from "./types.js";

/** Bump when what a posting means changes (tokens.ts termsOf/wholeTerms, words.ts add) or the layout does. */
export const WORDS_FORMAT = 2;
const MAGIC = "PLWI";

/** Where the index is kept, and the stamp of what made the entries (the packs and their options). */
export interface WordFile {
  read(): Buffer | undefined;
  write(data: Buffer): void;
  stamp: string;
}

/** A document's stamp: its entry as parsed (a file parsed again at the same mtime and size — a raised size cap — has other occurrence names). */
function fpOf(e: FileEntry | undefined): string {
  return e ? `${e.m}:${e.s}:${e.n.length}` : "";
}

/**
 * The word index over `files`: the stored one brought up to date when there is one, else built; stored
 * again when bringing it up to date (or building it) took many documents.
 */
export function openWords(files: Map<string, FileEntry>, file: WordFile | undefined): WordIndex {
  let w = file && files.size ? load(file, files) : undefined;
  if (!w) {
    w = new WordIndex();
    for (const [rel, e] of files) w.add(rel, e);
    w.pack();
  }
  if (file) saveWordsIfWorthIt(w, files, file);
  return w;
}

/** Store the index when enough documents changed since it was read or stored (a commit's graph, a search's catch-up). */
export function saveWordsIfWorthIt(w: WordIndex, files: Map<string, FileEntry>, file: WordFile): boolean {
  // Writing it costs in proportion to the whole index, catching up in proportion to the edits: 2%.
  if (!w.edits || w.edits < w.size / 50) return false;
  try {
    const s = w.snapshot();
    file.write(encode(s, s.docs.map((r) => fpOf(files.get(r))), file.stamp));
    w.saved();
    return true;
  } catch {
    return false; // a read-only or full cache folder: the index is rebuilt next time, as before
  }
}

function load(file: WordFile, files: Map<string, FileEntry>): WordIndex | undefined {
  let s: (WordSnapshot & { fp: string[] }) | undefined;
  try {
    const b = file.read();
    s = b && decode(b, file.stamp);
  } catch {
    return undefined;
  }
  if (!s) return undefined;
  // (A document of a file the graph does not hold is gone, whatever its stamp: an empty one had matched.)
  const gone = s.docs.filter((rel, i) => !files.has(rel) || fpOf(files.get(rel)) !== s.fp[i]);
  // Mostly stale (another checkout, a rebuild made by other packs): building it afresh costs less.
  if (gone.length * 2 > s.docs.length) return undefined;
  const w = WordIndex.fromSnapshot(s);
  for (const rel of gone) w.remove(rel);
  for (const [rel, e] of files) if (!w.hasDoc(rel)) w.add(rel, e);
  w.pack();
  return w;
}

const pad4 = (n: number) => (n + 3) & ~3;

/** `fp`: each document's stamp (fpOf), in the snapshot's order. */
export function encode(s: WordSnapshot, fp: string[], stamp: string): Buffer {
  const blob = Buffer.from(s.terms.join("\n"));
  const header = Buffer.from(JSON.stringify({ format: WORDS_FORMAT, stamp, docs: s.docs, fp, len: s.len, terms: s.terms.length, blob: blob.length, post: s.post.length, sum: checksum(s.terms.join("\n"), s.off, s.post, s.len) }));
  const at = pad4(8 + header.length);
  const offAt = pad4(at + blob.length);
  const postAt = offAt + s.off.byteLength;
  const out = Buffer.alloc(postAt + s.post.byteLength);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(header.length, 4);
  header.copy(out, 8);
  blob.copy(out, at);
  Buffer.from(s.off.buffer, s.off.byteOffset, s.off.byteLength).copy(out, offAt);
  Buffer.from(s.post.buffer, s.post.byteOffset, s.post.byteLength).copy(out, postAt);
  return out;
}

/** The snapshot in `b`, or undefined when it is not one of this format and stamp (or is cut short). */
export function decode(b: Buffer, stamp: string): (WordSnapshot & { fp: string[] }) | undefined {
  if (b.length < 8 || b.toString("latin1", 0, 4) !== MAGIC) return undefined;
  const hLen = b.readUInt32LE(4);
  if (8 + hLen > b.length) return undefined;
  const h = JSON.parse(b.toString("utf8", 8, 8 + hLen)) as { format: number; stamp: string; docs: string[]; fp: string[]; len: number[]; terms: number; blob: number; post: number; sum: number };
  if (h.format !== WORDS_FORMAT || h.stamp !== stamp) return undefined;
  if (!Array.isArray(h.docs) || h.fp?.length !== h.docs.length || h.len?.length !== h.docs.length) return undefined;
  const at = pad4(8 + hLen);
  const offAt = pad4(at + h.blob);
  const postAt = offAt + (h.terms + 1) * 4;
  if (postAt + h.post * 4 !== b.length) return undefined;
  const terms = h.terms ? b.toString("utf8", at, at + h.blob).split("\n") : [];
  if (terms.length !== h.terms) return undefined;
  // Int32 views need 4-byte alignment: a Buffer from a pool may start anywhere in its ArrayBuffer.
  const ints = (from: number, n: number) => (((b.byteOffset + from) & 3) === 0 ? new Int32Array(b.buffer, b.byteOffset + from, n) : new Int32Array(b.buffer.slice(b.byteOffset + from, b.byteOffset + from + n * 4)));
  const off = ints(offAt, h.terms + 1);
  const post = ints(postAt, h.post);
  if (!wellFormed(off, post, h.docs.length) || new Set(h.docs).size !== h.docs.length) return undefined;
  // (Bytes changed on disk — a flipped bit, a hand edit — within a well-formed layout.)
  if (checksum(b.toString("utf8", at, at + h.blob), off, post, h.len) !== h.sum) return undefined;
  return { docs: h.docs, fp: h.fp, len: h.len, terms, off, post };
}

/** Bounds rising from 0 to the end of the postings, even-sized lists, document ids in range: a few ms for millions. */
function wellFormed(off: Int32Array, post: Int32Array, docs: number): boolean {
  if (off[0] !== 0 || off[off.length - 1] !== post.length) return false;
  for (let i = 1; i < off.length; i++) if (off[i]! <= off[i - 1]! || (off[i]! - off[i - 1]!) & 1) return false;
  for (let i = 0; i < post.length; i += 2) if (post[i]! < 0 || post[i]! >= docs) return false;
  return true;
}

/** FNV-1a over the terms, bounds, postings and document lengths: ~10 ms for 20k files' index. */
function checksum(terms: string, off: Int32Array, post: Int32Array, len: number[]): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < terms.length; i++) h = Math.imul(h ^ terms.charCodeAt(i), 0x01000193);
  for (const a of [off, post, len]) for (let i = 0; i < a.length; i++) h = Math.imul(h ^ (a[i]! | 0), 0x01000193);
  return h >>> 0;
}
