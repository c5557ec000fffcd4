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
 *
 * And two node-type filters (as in Neovim): `(#kind-eq? @x "type" …)` keeps a match only when every
 * node captured as `@x` has one of the types, `(#parent-kind-eq? @x "type" …)` when its parent does.
 * They let a pattern name a ubiquitous node through a wildcard (`(_ left: …) @x (#kind-eq? @x
 * "assignment_expression")`) or capture a leaf token instead: a pattern step on an expression-level
 * node type costs milliseconds of query analysis on every cold start (architecture.md).
 */
import type { Language, Node, Query, QueryMatch } from "web-tree-sitter";
import { compileQuery } from "./runtime.js";
import { capturedTypes } from "./query-captures.js";

export interface QueryPart {
  name: string;
  text: string;
  /** Where the text came from: its pieces (joined by "\n"), each a `.scm` file's path or inline text (no `file`). */
  sources?: { file?: string; text: string }[];
}

/** Checks a compiled query (pack-checks.ts): warnings, given where each pattern is written. */
export type QueryCheck = (query: Query, where: (pattern: number) => { part: string; at: string; head?: string }) => string[];

/** What the tags pass needs from `@doc` captures after the predicates ran. */
export interface DocCapture {
  text: string;
  startLine: number;
}

/** A compiled query and what its predicates say per pattern. */
interface Compiled {
  query: Query | undefined;
  partOfPattern: string[];
  strips: Map<number, RegExp[]>;
  adjacent: Set<number>;
  /** Node-type filters per pattern (`#kind-eq?`, `#parent-kind-eq?`). */
  kinds: Map<number, { capture: string; types: Set<string>; parent: boolean }[]>;
}

export class QuerySet {
  readonly names: string[];
  /** What `check` found when the query compiled (the pack's typos: a report's warnings). */
  warnings: string[] = [];
  /** Compiled on first use: a process that only indexes never pays for the full set (below). */
  private state?: Compiled;
  /** Sub-sets of the parts, compiled once on first use (the project graph needs tags and imports only). */
  private readonly subsets = new Map<string, QuerySet>();
  private readonly captures = new Map<string, string[]>();

  constructor(
    private readonly language: Language,
    private readonly parts: QueryPart[],
    private readonly onError: (part: string, message: string) => never,
    private readonly check?: QueryCheck,
  ) {
    this.names = parts.map((p) => p.name);
  }

  /**
   * Compile now (at most once). Lazily because compiling is the bulk of a cold start (query analysis
   * against the parse table: ~25–100 ms for TypeScript): a lean analysis compiles only its subset.
   */
  private compiled(): Compiled {
    return (this.state ??= this.compile());
  }

  private compile(): Compiled {
    const { language, parts, onError } = this;
    const c: Compiled = { query: undefined, partOfPattern: [], strips: new Map(), adjacent: new Set(), kinds: new Map() };
    const usable = parts.filter((p) => p.text.trim());
    if (!usable.length) return c;
    const text = usable.map((p) => p.text).join("\n");
    let q: Query;
    try {
      q = compileQuery(language, text);
    } catch (e) {
      // Name the part that fails (only on this error path do we compile parts one by one).
      for (const p of usable) {
        try {
          compileQuery(language, p.text);
        } catch (inner) {
          // A QueryError's `index` is a character offset: said as the file's line:column.
          const { index } = inner as { index?: number };
          const message = (inner as Error).message.replace(/ at offset \d+:/, ":");
          onError(p.name, typeof index === "number" ? `${locate(p, index)}: ${message}` : message);
        }
      }
      return onError(usable.map((p) => p.name).join("+"), (e as Error).message);
    }
    c.query = q;
    // Map every pattern to its part by byte offset in the combined source.
    const bounds: { end: number; name: string }[] = [];
    let offset = 0;
    for (const p of usable) {
      offset += Buffer.byteLength(p.text) + 1;
      bounds.push({ end: offset, name: p.name });
    }
    for (let i = 0; i < q.patternCount(); i++) {
      const start = q.startIndexForPattern(i);
      c.partOfPattern[i] = bounds.find((b) => start < b.end)?.name ?? usable[usable.length - 1]!.name;
      for (const pred of q.predicatesForPattern(i)) {
        if (pred.operator === "strip!") {
          const re = pred.operands.find((o) => o.type === "string");
          if (re && "value" in re) c.strips.set(i, [...(c.strips.get(i) ?? []), new RegExp(re.value, "gm")]);
        } else if (pred.operator === "select-adjacent!") c.adjacent.add(i);
        else if (pred.operator === "kind-eq?" || pred.operator === "parent-kind-eq?") {
          const [cap, ...types] = pred.operands;
          if (cap?.type !== "capture" || !types.length || types.some((t) => t.type !== "string")) {
            return onError(c.partOfPattern[i]!, `#${pred.operator} takes a capture and one or more type names`);
          }
          const filter = { capture: cap.name, types: new Set(types.map((t) => ("value" in t ? t.value : ""))), parent: pred.operator === "parent-kind-eq?" };
          c.kinds.set(i, [...(c.kinds.get(i) ?? []), filter]);
        }
      }
    }
    if (this.check) {
      this.warnings = this.check(q, (i) => {
        const byte = q.startIndexForPattern(i);
        let start = 0;
        for (const p of usable) {
          const end = start + Buffer.byteLength(p.text) + 1;
          if (byte < end) {
            const offset = Buffer.from(p.text).subarray(0, byte - start).toString().length;
            return { part: p.name, at: locate(p, offset), head: p.text.slice(offset, offset + 160) };
          }
          start = end;
        }
        return { part: "?", at: "?" };
      });
    }
    return c;
  }

  /** The node types the patterns of part `part` write for `@capture` (query-captures.ts), read once per set. */
  captured(part: string, capture: string): string[] {
    const key = `${part}\u0000${capture}`;
    let t = this.captures.get(key);
    if (!t) this.captures.set(key, (t = capturedTypes(this.parts.filter((p) => p.name === part).map((p) => p.text).join("\n"), capture)));
    return t;
  }

  /** Compile now if not yet (matches() would on first use). */
  prepare(): void {
    this.compiled();
  }

  /** Run the combined query once; matches grouped by query name (every declared name present). */
  matches(root: Node): Record<string, QueryMatch[]> {
    const out: Record<string, QueryMatch[]> = {};
    for (const n of this.names) out[n] = [];
    const { query, kinds, partOfPattern } = this.compiled();
    if (!query) return out;
    for (const m of query.matches(root)) {
      const k = kinds.get(m.patternIndex);
      if (k && !k.every((x) => kindHolds(m, x))) continue;
      (out[partOfPattern[m.patternIndex]!] ??= []).push(m);
    }
    return out;
  }

  /**
   * The set without the parts named in `skip` (its own query, compiled on first use, once per
   * QuerySet). Its matches carry its own pattern indexes: ask it, not this set, for `docOf`. Skipped
   * names are still present (with no matches) in what its `matches` returns.
   */
  subset(skip: ReadonlySet<string>): QuerySet {
    const key = [...skip].sort().join("\u0000");
    let sub = this.subsets.get(key);
    if (!sub) {
      const kept = this.parts.filter((p) => !skip.has(p.name));
      sub = kept.length === this.parts.length ? this : new QuerySet(this.language, kept, this.onError, this.check);
      sub.names.push(...this.names.filter((n) => skip.has(n)));
      this.subsets.set(key, sub);
    }
    return sub;
  }

  /** The `@doc` text of a tags match after `#select-adjacent!` and `#strip!`, if any. */
  docOf(m: QueryMatch, def: Node, text: (n: Node) => string): DocCapture | undefined {
    let docs = m.captures.filter((c) => c.name === "doc").map((c) => c.node);
    if (!docs.length) return undefined;
    const { adjacent, strips } = this.compiled();
    if (adjacent.has(m.patternIndex)) {
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
    for (const re of strips.get(m.patternIndex) ?? []) body = body.replace(re, "");
    return { text: body, startLine: Math.min(...docs.map((d) => d.startPosition.row + 1)) };
  }
}

function kindHolds(m: QueryMatch, k: { capture: string; types: Set<string>; parent: boolean }): boolean {
  for (const c of m.captures) {
    if (c.name !== k.capture) continue;
    const node = k.parent ? c.node.parent : c.node;
    if (!node || !k.types.has(node.type)) return false;
  }
  return true;
}

/** `file:line:column` (or `inline <name> query:line:column`) of a character offset in a part's text. */
function locate(p: QueryPart, index: number): string {
  let start = 0;
  for (const s of p.sources ?? [{ text: p.text }]) {
    const end = start + s.text.length;
    if (index <= end) {
      const before = s.text.slice(0, index - start).split("\n");
      return `${s.file ?? `inline ${p.name} query`}:${before.length}:${before[before.length - 1]!.length + 1}`;
    }
    start = end + 1;
  }
  return `${p.name} query, offset ${index}`;
}
