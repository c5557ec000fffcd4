/**
 * read_symbol: the verbatim body of one symbol (attached doc comment included), found by plain name,
 * qualified name at any depth (`Outer.Inner.method`, `Type::method`, `A::f`) or callback handle.
 */
import { distance } from "fastest-levenshtein";
import type { FileAnalysis } from "./pipeline.js";
import { walk } from "./extract.js";
import type { CallbackRecord, ReadSymbolResult, SymbolRecord } from "./types.js";

export interface ReadSymbolOptions {
  kind?: string;
}

interface Candidate {
  name: string;
  qualified: string;
  chain: string[];
  kind: string;
  startLine: number;
  endLine: number;
  docStartLine?: number;
  signature?: string;
}

export function candidatesOf(a: FileAnalysis): Candidate[] {
  const out: Candidate[] = [];
  for (const [r, parents] of walk(a.symbols)) out.push(fromRecord(r, parents));
  for (const c of a.callbacks) out.push(fromCallback(c));
  return out;
}

function fromRecord(r: SymbolRecord, parents: SymbolRecord[]): Candidate {
  const chain = [...parents.map((p) => p.name), r.name];
  return { name: r.name, qualified: chain.join("."), chain, kind: r.kind, startLine: r.startLine, endLine: r.endLine, docStartLine: r.docStartLine, signature: r.signature };
}

function fromCallback(c: CallbackRecord): Candidate {
  return { name: c.name, qualified: c.name, chain: [...(c.parentChain ?? []), c.name], kind: c.kind, startLine: c.startLine, endLine: c.endLine, signature: c.signature };
}

/** Split `A.B.c`, `A::B::c`, `A#c` into segments (a callback handle `x.on@12` stays whole). */
export function splitQualified(symbol: string): string[] {
  if (/@\d+(?:#\d+)?$/.test(symbol)) return [symbol];
  return symbol.split(/::|\.|#/).filter(Boolean);
}

function matches(c: Candidate, symbol: string, segs: string[]): boolean {
  if (c.name === symbol || c.qualified === symbol) return true;
  if (segs.length < 2) return false;
  // A qualified name matches the trailing segments of the candidate's chain (any depth above).
  // Names that already hold a qualifier (C++ `A::f`, Go `(*T).M`) are split the same way.
  const chainSegs = c.chain.flatMap((n) => splitQualified(n));
  if (chainSegs.length < segs.length) return false;
  const tail = chainSegs.slice(chainSegs.length - segs.length);
  return tail.every((s, i) => s === segs[i]);
}

export function similarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - distance(a, b) / max;
}

/** Up to `limit` names most like `symbol` (normalized Levenshtein ≥ 0.45), best first. */
export function suggest(cands: Candidate[], symbol: string, limit = 3): string[] {
  const pool = new Map<string, number>();
  const lower = symbol.toLowerCase();
  for (const c of cands) {
    for (const n of new Set([c.name, c.qualified])) {
      const s = Math.max(similarity(n, symbol), similarity(n.toLowerCase(), lower) - 0.01);
      if (s >= 0.45 && (pool.get(n) ?? -1) < s) pool.set(n, s);
    }
  }
  return [...pool.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length).slice(0, limit).map(([n]) => n);
}

export function readSymbol(a: FileAnalysis, symbol: string, opts: ReadSymbolOptions = {}): ReadSymbolResult {
  const cands = candidatesOf(a);
  const segs = splitQualified(symbol.trim());
  const want = symbol.trim();
  let hits = cands.filter((c) => matches(c, want, segs));
  const base: ReadSymbolResult = { found: false, path: a.relPath, name: want };
  if (opts.kind) {
    const kind = opts.kind.toLowerCase();
    const all = hits;
    hits = hits.filter((c) => c.kind === kind);
    if (!hits.length) {
      const others = [...new Set(all.map((c) => c.kind))];
      return {
        ...base,
        suggestions: all.length ? all.slice(0, 3).map((c) => c.qualified) : suggest(cands, want),
        note: all.length
          ? `no ${kind} named ${want}; found it as ${others.join(", ")} — pass one of those kinds or none`
          : `no ${kind} named ${want} in ${a.relPath}; run module_report on the file to list its symbols`,
      };
    }
  }
  if (!hits.length) {
    const suggestions = suggest(cands, want);
    return {
      ...base,
      suggestions,
      note: `${want} is not declared in ${a.relPath}` + (suggestions.length ? `; did you mean ${suggestions.join(", ")}?` : "") + " — run module_report on the file to list its symbols",
    };
  }
  const hit = hits[0]!;
  const start = hit.docStartLine ?? hit.startLine;
  const result: ReadSymbolResult = {
    found: true,
    path: a.relPath,
    name: hit.qualified,
    kind: hit.kind,
    startLine: start,
    endLine: hit.endLine,
    source: a.lines.slice(start - 1, hit.endLine).join("\n"),
  };
  if (hit.signature) result.signature = hit.signature;
  if (hit.chain.length > 1) result.parentChain = hit.chain.slice(0, -1);
  if (hits.length > 1) {
    result.ambiguous = { count: hits.length, kinds: [...new Set(hits.map((h) => h.kind))] };
    result.note = `${hits.length} symbols match ${want}; showing the first in source order — pass kind (${result.ambiguous.kinds.join(", ")}) or a qualified name to pick another`;
  }
  return result;
}

/** The text form: header `<kind> <name>  <path>:<start>-<end>` then the verbatim lines. */
export function formatReadSymbol(r: ReadSymbolResult): string {
  if (r.error) return `error: ${r.error}`;
  if (!r.found) return `not found: ${r.name} in ${r.path}` + (r.note ? `\n${r.note}` : "");
  const head = `${r.kind} ${r.name}  ${r.path}:${r.startLine}-${r.endLine}`;
  return [head, ...(r.note ? [`# ${r.note}`] : []), r.source ?? ""].join("\n");
}
