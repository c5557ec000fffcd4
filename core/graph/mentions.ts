/** Where a file mentions what a search asks for: the query whole, or most of its words. */
import type { GraphModel } from "./model.js";
import { eachOccurrence } from "./occ.js";
import { bareName, queryTerms, termsOf } from "./tokens.js";
import { OCC_IMPORT, OCC_SHIFT, type FileEntry } from "./types.js";

/**
 * For a query that is one compound identifier (`qa_other_fn`, `Foo.barBaz`): whether any of `rels` defines or
 * mentions it whole (last segment, any case). Undefined for phrases and one-word names.
 */
export function identifierFound(g: GraphModel, query: string, rels: string[]): boolean | undefined {
  const q = query.trim();
  if (!/^[\w$]+(?:(?:\.|::|#)[\w$]+)*$/.test(q)) return undefined;
  const name = q.split(/\.|::|#/).pop()!;
  if (termsOf(name).length < 2) return undefined;
  const lower = bareName(name.toLowerCase());
  // (A name with sigils counts as its bare name: `$getRoot` for `getRoot`.)
  const same = (n: string) => bareName(n.toLowerCase()) === lower;
  for (const rel of rels) {
    const e = g.files.get(rel);
    if (!e) continue;
    if (e.d.some((d) => same(d[0]))) return true;
    let hit = false;
    eachOccurrence(e, (n) => (hit ||= same(n)));
    if (hit) return true;
  }
  return false;
}

/** defMatch's score of a name covering every query word; below it a definition shares only some. */
export const PARTIAL = 0.6;

/**
 * The line a name's kept occurrences point a reader to: the first that is not on an import statement
 * (a mention there leads nowhere: read_enclosing finds no symbol around it), else the first — negative
 * then: the file only imports the name (a use in a JSDoc `@type {X}` is no identifier).
 */
function useLine(e: FileEntry, at: number, kept: number): number {
  for (let k = 0; k < kept; k++) {
    const enc = e.o[at + k]!;
    if (!(enc & OCC_IMPORT)) return enc >> OCC_SHIFT;
  }
  return -(e.o[at]! >> OCC_SHIFT);
}

/** A line `useLine` gave and whether it is an import line only; used lines before import lines, then the first. */
export interface MentionLine {
  line: number;
  importOnly: boolean;
}
function better(line: number, than: number | undefined): boolean {
  if (than === undefined) return true;
  if (line > 0 !== than > 0) return line > 0; // a used line beats an import line
  return Math.abs(line) < Math.abs(than);
}
const mention = (line: number | undefined): MentionLine | undefined => (line === undefined ? undefined : { line: Math.abs(line), importOnly: line < 0 });

/** The first line where the file uses the query (lower-cased) as one identifier (any case; or with sigils: `$ZodError` for `zoderror`), if it does. */
export function wholeMentionLine(e: FileEntry, q: string): MentionLine | undefined {
  let line: number | undefined;
  eachOccurrence(e, (name, _count, at, kept) => {
    if (name.length < q.length) return;
    const n = name.toLowerCase();
    if (n !== q && !(n.length > q.length && n.includes(q) && bareName(n) === q)) return;
    const first = useLine(e, at, kept);
    if (better(first, line)) line = first;
  });
  return mention(line);
}

/** First line of the identifier sharing the most query terms (not an import line where there is another). */
export function mentionLine(e: FileEntry, parts: string[]): MentionLine | undefined {
  let bestLine: number | undefined;
  let bestHits = 0;
  eachOccurrence(e, (name, _count, at, kept) => {
    const mine = termsOf(name);
    let hits = 0;
    for (const p of parts) if (mine.includes(p)) hits++;
    if (hits === 0 || hits < bestHits) return;
    const first = useLine(e, at, kept);
    if (hits > bestHits || better(first, bestLine)) {
      bestHits = hits;
      bestLine = first;
    }
  });
  return mention(bestLine);
}

/** Where a name no indexed file holds may still be, when a stopped build left files unparsed. */
export const unparsedClause = (n: number) => `it may be in one of the ${n} file(s) a stopped build left unparsed: search again once the index is complete`;

/**
 * Where a name the index lacks may be: a file a stopped build left unparsed, or a file new since the
 * graph was built — which a host following the files (pi, the MCP server) adds by itself, while the CLI
 * is told to index (QA 45: pi's agent was told to run a CLI it does not have).
 */
export function missingClause(unparsed: number, followed: boolean, then = ""): string {
  if (unparsed) return unparsedClause(unparsed);
  return followed ? `a file saved in the last seconds? this host's watcher adds it${then ? ", then search it again" : ""}` : `a new file? \`pilens index\`${then}`;
}

/**
 * What a search's rows cannot say themselves: a query of one-character words (not in the word index:
 * only definitions of exactly that name are found), or a compound identifier no row holds whole.
 */
export function searchNotes(g: GraphModel, query: string, hits: number, rels: string[], unparsed = 0, followed = false): string[] {
  const q = query.trim();
  if (queryTerms(q).terms.every((t) => bareName(t).length < 2)) {
    return [`one-character names are not in the word index (they are in nearly every file): only definitions named exactly "${q}" are found${hits ? "" : ", and there are none"} — search a longer name, or outline the file that uses it (module_report)`];
  }
  // The rows share some of the identifier's words, no more.
  if (hits && identifierFound(g, q, rels) === false) {
    return [`no indexed file defines or mentions "${q}" itself: these results share some of its words (${missingClause(unparsed, followed)}${unparsed ? "" : "; else it does not exist here"})`];
  }
  return [];
}
