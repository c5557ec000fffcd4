/**
 * All of a language's queries (tags, imports, callbacks, complexity, a pack's own) compiled as ONE
 * tree-sitter Query and run once per file; matches are handed back per query name.
 *
 * Why one: every Query pays a fixed analysis cost against the grammar's parse table (~5 ms on the TS
 * grammar) on top of its patterns, and one pass over the tree is cheaper than four.
 *
 * Also implements the two predicates web-tree-sitter leaves to the caller (upstream tags.scm uses
 * them): `(#select-adjacent! @doc @definition.x)` keeps only the `@doc` captures that end right
 * above the definition, and `(#strip! @doc "regex")` removes the regex from the `@doc` text.
 */
import type { Language, Node, Query, QueryMatch } from "web-tree-sitter";
import { compileQuery } from "./runtime.js";

export interface QueryPart {
  name: string;
  text: string;
}

/** What the tags pass needs from `@doc` captures after the predicates ran. */
export interface DocCapture {
  text: string;
  startLine: number;
}

export class QuerySet {
  readonly query: Query | undefined;
  private readonly partOfPattern: string[] = [];
  private readonly strips = new Map<number, RegExp[]>();
  private readonly adjacent = new Set<number>();
  readonly names: string[];

  constructor(language: Language, parts: QueryPart[], onError: (part: string, message: string) => never) {
    this.names = parts.map((p) => p.name);
    const usable = parts.filter((p) => p.text.trim());
    if (!usable.length) return;
    const text = usable.map((p) => p.text).join("\n");
    try {
      this.query = compileQuery(language, text);
    } catch (e) {
      // Name the part that fails (only on this error path do we compile parts one by one).
      for (const p of usable) {
        try {
          compileQuery(language, p.text);
        } catch (inner) {
          onError(p.name, (inner as Error).message);
        }
      }
      onError(usable.map((p) => p.name).join("+"), (e as Error).message);
    }
    // Map every pattern to its part by byte offset in the combined source.
    const bounds: { end: number; name: string }[] = [];
    let offset = 0;
    for (const p of usable) {
      offset += Buffer.byteLength(p.text) + 1;
      bounds.push({ end: offset, name: p.name });
    }
    const q = this.query!;
    for (let i = 0; i < q.patternCount(); i++) {
      const start = q.startIndexForPattern(i);
      this.partOfPattern[i] = bounds.find((b) => start < b.end)?.name ?? usable[usable.length - 1]!.name;
      for (const pred of q.predicatesForPattern(i)) {
        if (pred.operator === "strip!") {
          const re = pred.operands.find((o) => o.type === "string");
          if (re && "value" in re) this.strips.set(i, [...(this.strips.get(i) ?? []), new RegExp(re.value, "gm")]);
        } else if (pred.operator === "select-adjacent!") this.adjacent.add(i);
      }
    }
  }

  /** Run the combined query once; matches grouped by query name (every declared name present). */
  matches(root: Node): Record<string, QueryMatch[]> {
    const out: Record<string, QueryMatch[]> = {};
    for (const n of this.names) out[n] = [];
    if (!this.query) return out;
    for (const m of this.query.matches(root)) (out[this.partOfPattern[m.patternIndex]!] ??= []).push(m);
    return out;
  }

  /** The `@doc` text of a tags match after `#select-adjacent!` and `#strip!`, if any. */
  docOf(m: QueryMatch, def: Node, text: (n: Node) => string): DocCapture | undefined {
    let docs = m.captures.filter((c) => c.name === "doc").map((c) => c.node);
    if (!docs.length) return undefined;
    if (this.adjacent.has(m.patternIndex)) {
      const kept: Node[] = [];
      let next = def.startPosition.row;
      for (const d of [...docs].sort((a, b) => b.startIndex - a.startIndex)) {
        if (d.endPosition.row < next - 1) break;
        kept.unshift(d);
        next = d.startPosition.row;
      }
      docs = kept;
    }
    if (!docs.length) return undefined;
    let body = docs.map(text).join("\n");
    for (const re of this.strips.get(m.patternIndex) ?? []) body = body.replace(re, "");
    return { text: body, startLine: Math.min(...docs.map((d) => d.startPosition.row + 1)) };
  }
}
