/**
 * read_enclosing: the smallest symbol or callback whose range (doc comment included) contains a line,
 * verbatim, with its parent chain. Oversize symbols answer with metadata (`error`), a window around the
 * line (`slice`) or their nested symbols (`outline`). A line outside every symbol answers with the
 * nearest symbols around it, never a bare "not found".
 */
import type { FileAnalysis } from "./pipeline.js";
import { bindingLine, moduleBinding, STAR_REEXPORT } from "./read-misses.js";
import { FUNCTION_KINDS, TYPE_KINDS } from "./types.js";
import { candidatesOf, type Candidate } from "./read-symbol.js";
import { outlineRow } from "./read-format.js";
import { lineStarts, readStart, symbolText, verbatimLines } from "./symbol-text.js";
import { canonicalKind, unknownKindError } from "./symbol-kinds.js";
import { item, nestedOutline, oversizeOptions, type EnclosingItem, type OutlineItem, type OversizeMode } from "./oversize.js";

export { DEFAULT_MAX_LINES, OVERSIZE_MODES, type EnclosingItem, type OversizeMode } from "./oversize.js";

/** Words `kinds` may use for several kinds at once (kindMatches). */
const KIND_GROUPS = ["function", "functions", "type", "types", "callback", "callbacks"] as const;

export interface ReadEnclosingOptions {
  /** Kinds the answer may have: a vocabulary kind, a callback kind, or a group (`function`, `type`, `callback`). */
  kinds?: string[];
  /** Largest symbol (in lines, doc included) returned whole. Default 300. */
  maxLines?: number;
  /** What an oversize symbol returns. Default `error`. */
  onOversize?: OversizeMode;
  /** Window size for `slice`, centred on the line. Default 80. */
  aroundLine?: number;
  /**
   * 1-based column on the line (a stack trace's `file:line:column`): on a line holding several
   * symbols side by side (minified code), the smallest one around that character.
   */
  column?: number;
}

export interface ReadEnclosingResult {
  found: boolean;
  path: string;
  line: number;
  name?: string;
  kind?: string;
  /** The symbol's range (doc comment included). */
  startLine?: number;
  endLine?: number;
  signature?: string;
  /** Verbatim lines: the whole symbol, or the window when `partial`. */
  source?: string;
  /** In a view session, lines already sent verbatim and unchanged: a stub naming the call that sent them (`by`: `read_symbol big`, `read offset=1 limit=80`) instead of `source` (view/repeat.ts). */
  unchanged?: { by: string; text: string };
  parentChain?: string[];
  /** Set when the symbol is over `maxLines`: its size and the mode applied. */
  oversize?: { lines: number; maxLines: number; mode: OversizeMode };
  /** `slice`: the lines actually shown (a part of the symbol). */
  partial?: { startLine: number; endLine: number };
  /** `outline`: the symbols and callbacks nested inside, with ranges. */
  outline?: OutlineItem[];
  /** A line outside every (matching) symbol: the nearest ones around it, and the line itself. */
  nearest?: { before?: EnclosingItem; after?: EnclosingItem; containing?: EnclosingItem };
  lineText?: string;
  note?: string;
  /** As ReadSymbolResult's: a fallback pack served the file; on a miss, syntax error regions. */
  warnings?: string[];
  /** Several symbols of the same size hold the line side by side (minified code): how many; pass `column`. */
  ambiguous?: { count: number };
  error?: string;
}

export const DEFAULT_AROUND = 80;

/** Does candidate `c` satisfy one of `kinds`? Groups: function (functions, methods, constructors, callbacks), type, callback; method takes constructors too. */
export function kindMatches(c: Candidate, kinds: string[] | undefined): boolean {
  if (!kinds?.length) return true;
  return kinds.some((raw) => {
    const k = canonicalKind(raw);
    if (k === c.kind) return true;
    // A constructor is a class's method to whoever asks for methods (`--kinds method` at a line in one).
    if (k === "method" && c.kind === "constructor") return true;
    if (k === "function" || k === "functions") return FUNCTION_KINDS.has(c.kind) || c.callback;
    if (k === "type" || k === "types") return TYPE_KINDS.has(c.kind);
    if (k === "callback" || k === "callbacks") return c.callback;
    return false;
  });
}

const span = (c: Candidate) => c.endLine - readStart(c) + 1;
/** Whether `outer` is one of `inner`'s containers (its chain a strict prefix of `inner`'s). */
const holds = (outer: Candidate, inner: Candidate) => outer.chain.length < inner.chain.length && outer.chain.every((n, i) => inner.chain[i] === n);
const contains = (c: Candidate, line: number) => readStart(c) <= line && line <= c.endLine;

/** The smallest candidate containing `line`; ties go to the deeper one, then the later start. */
export function smallestContaining(cands: Candidate[], line: number): Candidate | undefined {
  let best: Candidate | undefined;
  for (const c of cands) {
    if (!contains(c, line)) continue;
    if (!best || span(c) < span(best) || (span(c) === span(best) && (c.depth > best.depth || (c.depth === best.depth && c.startLine > best.startLine)))) best = c;
  }
  return best;
}

export function readEnclosing(a: FileAnalysis, line: number, opts: ReadEnclosingOptions = {}): ReadEnclosingResult {
  const base: ReadEnclosingResult = { found: false, path: a.relPath, line };
  const total = a.lines.length;
  if (!Number.isInteger(line) || line < 1) return { ...base, error: `line must be a whole number ≥ 1 (got ${line})` };
  if (line > total) return { ...base, error: `line ${line} is past the end of ${a.relPath} (${total} lines)` };
  // Over maxLines the default is a slice around the line: a line lookup (a stack trace, a grep hit) wants
  // the code there, and the note names the outline for the rest.
  const checked = oversizeOptions(opts, "slice");
  if ("error" in checked) return { ...base, error: checked.error };
  const { maxLines, mode } = checked;
  const around = Math.max(1, Math.floor(opts.aroundLine ?? DEFAULT_AROUND));

  // (A symbol's other names — `export default function app`, `export { main as run }` — are no second
  // symbol on its lines: enclosing answers with the declaration.)
  // (Nor are the names an `export *` statement hands on: the line is that statement, an import.)
  const all = candidatesOf(a).filter((c) => !c.aliasOf && !STAR_REEXPORT.test(c.signature ?? ""));
  for (const k of opts.kinds ?? []) {
    const unknown = unknownKindError(canonicalKind(k), all, KIND_GROUPS);
    if (unknown) return { ...base, error: unknown };
  }
  if (opts.column !== undefined && (!Number.isInteger(opts.column) || opts.column < 1)) return { ...base, error: `column must be a whole number ≥ 1 (got ${opts.column})` };
  // (One past the last character is a position too: tsc reports errors at a line's end so.)
  const width = a.lines[line - 1]?.length ?? 0;
  // A column past the line's end — a stack trace's, of a source-mapped or reformatted file — is off, the line is not:
  // the answer for the line, said (it had been an error).
  if (opts.column !== undefined && opts.column > width + 1) {
    const r = readEnclosing(a, line, { ...opts, column: undefined });
    if (!r.error) r.warnings = [`column ${opts.column} is past the end of line ${line} (${width} characters): answered for the line, the column left out`, ...(r.warnings ?? [])];
    return r;
  }
  let cands = all.filter((c) => kindMatches(c, opts.kinds));
  // A column picks among what the line holds by the characters each symbol spans (kept for long lines,
  // and for symbols that share their lines: a one-line class and its methods).
  const at = opts.column !== undefined ? (lineStarts(a)[line - 1] ?? a.source.length) + opts.column - 1 : undefined;
  if (at !== undefined) cands = cands.filter((c) => { const own = c.span ?? c.chars; return !own || (own[0] <= at && at < own[1]); });
  const hit = at !== undefined ? smallestAt(cands, line) : smallestContaining(cands, line);
  if (!hit) return outside(a, line, all, cands, opts.kinds);

  const start = readStart(hit);
  const lines = hit.endLine - start + 1;
  const result: ReadEnclosingResult = { found: true, path: a.relPath, line, name: hit.qualified, kind: hit.kind, startLine: start, endLine: hit.endLine };
  if (hit.signature) result.signature = hit.signature;
  if (hit.chain.length > 1) result.parentChain = hit.chain.slice(0, -1);
  // (A container with the hit's very lines — Kotlin's `fun definition() = ModuleDefinition {` ⏎ … ⏎ `}`, the
  // method and its lambda — is beside it on its first line only, where a column picks one: on the lines
  // below, every column is inside both, and the hit is the one around it.)
  const rivals = at === undefined ? cands.filter((c) => contains(c, line) && span(c) === span(hit) && !(line > hit.startLine && holds(c, hit))).length : 0;
  const crowded = rivals > 1 ? `line ${line} holds ${rivals} symbols side by side: this is one of them (the first); pass column (a stack trace's line:column) to pick the one around a character` : undefined;
  if (crowded) result.ambiguous = { count: rivals };
  if (lines <= maxLines) {
    const text = symbolText(a, hit, start, hit.endLine);
    result.source = text.source;
    if (text.note || crowded) result.note = [crowded, text.note].filter(Boolean).join("; ");
    return result;
  }
  result.oversize = { lines, maxLines, mode };
  if (mode === "error") {
    result.note = `${hit.qualified} is ${lines} lines, over maxLines ${maxLines}: body not shown — pass onOversize "slice" (a window around line ${line}) or "outline" (its nested symbols), or a larger maxLines`;
    return result;
  }
  // Children at any depth, callbacks included; `kinds` does not filter them.
  const nested = mode === "outline" ? nestedOutline(all, hit, maxLines) : { items: [] };
  if (nested.items.length) {
    result.outline = nested.items;
    result.note = `${hit.qualified} is ${lines} lines, over maxLines ${maxLines}: outline of ${nested.items.length} nested symbol(s)${nested.left ? ` — ${nested.left}` : ""}; read one with read_symbol or read_enclosing on its line`;
    return result;
  }
  // A slice — also for an outline of a body that declares nothing (it would be empty).
  const [s, e] = windowAround(line, around, start, hit.endLine);
  result.partial = { startLine: s, endLine: e };
  result.source = verbatimLines(a, s, e);
  result.note = `partial: lines ${s}-${e} of ${hit.qualified} (${start}-${hit.endLine}, ${lines} lines)` + (mode === "outline" ? "; it declares nothing nested to outline" : `; onOversize "outline" lists its nested symbols`);
  return result;
}

/** Among candidates around a column (spans checked by the caller): the one spanning the fewest characters, else lines. */
function smallestAt(cands: Candidate[], line: number): Candidate | undefined {
  const chars = (c: Candidate) => { const own = c.span ?? c.chars; return own ? own[1] - own[0] : Infinity; };
  let best: Candidate | undefined;
  for (const c of cands) {
    if (!contains(c, line)) continue;
    if (!best || chars(c) < chars(best) || (chars(c) === chars(best) && span(c) < span(best))) best = c;
  }
  return best;
}

/** `size` lines centred on `line`, shifted (not cut) to stay inside [lo, hi]. */
export function windowAround(line: number, size: number, lo: number, hi: number): [number, number] {
  let s = line - Math.floor((size - 1) / 2);
  let e = s + size - 1;
  if (s < lo) {
    e += lo - s;
    s = lo;
  }
  if (e > hi) {
    s -= e - hi;
    e = hi;
  }
  return [Math.max(lo, s), Math.min(hi, e)];
}

function outside(a: FileAnalysis, line: number, all: Candidate[], cands: Candidate[], kinds: string[] | undefined): ReadEnclosingResult {
  const res: ReadEnclosingResult = { found: false, path: a.relPath, line, lineText: a.lines[line - 1] ?? "" };
  // Nearest before/after at the outermost level that has them (a line between two methods names those methods).
  let before: Candidate | undefined;
  let after: Candidate | undefined;
  for (const c of cands) {
    if (c.endLine < line && (!before || c.endLine > before.endLine || (c.endLine === before.endLine && span(c) > span(before)))) before = c;
    if (readStart(c) > line && (!after || readStart(c) < readStart(after) || (readStart(c) === readStart(after) && span(c) > span(after)))) after = c;
  }
  const nearest: NonNullable<ReadEnclosingResult["nearest"]> = {};
  if (before) nearest.before = item(before);
  if (after) nearest.after = item(after);
  const filtered = kinds?.length ? smallestContaining(all, line) : undefined;
  if (filtered) nearest.containing = item(filtered);
  res.nearest = nearest;
  const what = kinds?.length ? `no ${kinds.join("/")} contains line ${line}` : `line ${line} is outside every symbol (${lineKind(a, line)})`;
  const near = [before && `before: ${before.qualified} ${readStart(before)}-${before.endLine}`, after && `after: ${after.qualified} ${readStart(after)}-${after.endLine}`]
    .filter(Boolean)
    .join("; ");
  res.note = `${what}${filtered ? ` (it is inside ${filtered.kind} ${filtered.qualified} ${readStart(filtered)}-${filtered.endLine})` : ""}${near ? ` — nearest ${near}` : ""}`;
  return res;
}

/** A comment line of the brace, hash and dash languages: `//`, `/*`, ` * `, `#` (no preprocessor line), `--`. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|#(?!\s*(?:include|define|if|ifdef|ifndef|else|elif|endif|pragma|undef)\b)|--)/;
const BINDING_LINE = bindingLine();

/** What a line outside every symbol is, as far as its text says: an import, a comment, a blank line, a module-level binding (read_symbol reads it), or top-level code. */
function lineKind(a: FileAnalysis, line: number): string {
  const text = a.lines[line - 1] ?? "";
  if (!text.trim()) return "a blank line";
  if (a.imports.some((i) => i.line === line)) return "an import";
  if (COMMENT_LINE.test(text)) return "a comment";
  const bound = BINDING_LINE.exec(text.trimStart())?.[1];
  if (bound && moduleBinding(a, bound)?.startLine === line) return `a module-level binding of ${bound}, not an outline entry: read_symbol ${bound} reads it`;
  return "top-level code, a docstring or a comment";
}

/** The text form: header like read_symbol's, then a note line when partial/oversize, then the lines. */
export function formatReadEnclosing(r: ReadEnclosingResult): string {
  if (r.error) return `error: ${r.error}`;
  if (!r.found) {
    const out = [`not enclosed: ${r.path}:${r.line}  ${JSON.stringify(r.lineText ?? "")}`];
    if (r.note) out.push(r.note);
    for (const w of r.warnings ?? []) out.push(`! ${w}`);
    return out.join("\n");
  }
  const range = r.partial ? `${r.partial.startLine}-${r.partial.endLine} (of ${r.startLine}-${r.endLine})` : `${r.startLine}-${r.endLine}`;
  const out = [`${r.kind} ${r.name}  ${r.path}:${range}`];
  if (r.parentChain?.length) out.push(`# in ${r.parentChain.join(".")}`);
  if (r.note) out.push(`# ${r.note}`);
  for (const w of r.warnings ?? []) out.push(`# ! ${w}`);
  if (r.oversize && !r.source && r.signature) out.push(`# ${r.signature}`);
  if (r.outline) for (const o of r.outline) out.push(outlineRow(o));
  if (r.source !== undefined) out.push(r.source);
  else if (r.unchanged) out.push(r.unchanged.text);
  return out.join("\n");
}
