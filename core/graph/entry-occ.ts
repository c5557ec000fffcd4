/**
 * A loaded file entry's occurrences: kept in their on-disk (base64) form until first read, and the
 * names a file names on more lines than the graph keeps (usedBy there may be more than listed).
 */
import type { Link } from "./link.js";
import { cappedNames, decodeOcc } from "./occ.js";
import { MAX_LINES_PER_NAME, type FileEntry, type PersistedEntry } from "./types.js";

/** The names `e` names on more lines than the graph keeps (read from a loaded entry's base64 without keeping the decoded copy). */
export function cappedIn(e: FileEntry | undefined): Set<string> | undefined {
  if (!e) return undefined;
  let caps = CAPPED.get(e);
  if (caps === undefined) {
    const raw = RAW_OCC.get(e);
    const names = cappedNames(raw === undefined ? e : { n: e.n, o: decodeOcc(raw) }, MAX_LINES_PER_NAME);
    CAPPED.set(e, (caps = names.length ? new Set(names) : null));
  }
  return caps ?? undefined;
}
/** cappedIn per entry (an entry's occurrences never change: a re-parse is a new entry). */
const CAPPED = new WeakMap<FileEntry, Set<string> | null>();

/** The links whose name `caps` holds, as one comparable string. */
export function cappedLinks(links: Link[], caps: Set<string> | undefined): string {
  return caps ? links.filter((l) => caps.has(simpleName(l.q))).map((l) => `${l.tgt}\u0000${l.q}`).join("\n") : "";
}

/** The name a use spells: the last part of a qualified name, without a callable's `()`. */
export function simpleName(q: string): string {
  // (An overload's key, `Objects.requireNonNull/2`: core/overloads.ts.)
  const key = q.replace(/\/\d+$/, "");
  const bare = key.endsWith("()") ? key.slice(0, -2) : key;
  return bare.slice(bare.lastIndexOf(".") + 1);
}

/** Occurrences of loaded entries still in their on-disk (base64) form, until first read. */
export function rawOccurrences(e: FileEntry): string | undefined {
  return RAW_OCC.get(e);
}
const RAW_OCC = new WeakMap<object, string>();

/**
 * A loaded entry whose occurrences are decoded on first read: a one-file refresh relinks a few files
 * and rewrites one shard (written back from the base64 it was read as), so most never need decoding.
 */
export function lazyOccurrences(p: PersistedEntry): FileEntry {
  const raw = typeof p.o === "string" ? p.o : "";
  RAW_OCC.set(p, raw);
  Object.defineProperty(p, "o", {
    configurable: true,
    enumerable: true,
    get(this: FileEntry): Int32Array {
      const o = decodeOcc(raw);
      RAW_OCC.delete(this);
      Object.defineProperty(this, "o", { value: o, writable: true, configurable: true, enumerable: true });
      return o;
    },
    set(this: FileEntry, v: Int32Array) {
      RAW_OCC.delete(this);
      Object.defineProperty(this, "o", { value: v, writable: true, configurable: true, enumerable: true });
    },
  });
  return p as unknown as FileEntry;
}
