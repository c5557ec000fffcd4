/** read_symbol and overloads: a group of overload signatures, and the signatures before an implementation. */
import type { Candidate } from "./read-symbol.js";
import { readStart } from "./symbol-text.js";

/** Same-named stubs, each within 3 lines of the last one's end (docs between): the group's end and size. */
export function overloadGroup(hits: Candidate[]): { endLine: number; count: number } | undefined {
  if (hits.length < 2 || !hits.every((h) => h.stub && h.aliasOf === hits[0]!.aliasOf && h.qualified === hits[0]!.qualified)) return undefined;
  const sorted = inLineOrder(hits);
  if (sorted[0] !== hits[0] || !adjacent(sorted)) return undefined;
  return { endLine: sorted[sorted.length - 1]!.endLine, count: sorted.length };
}

/**
 * An implementation (`hit`) whose every other hit is an overload signature of it just before it (each
 * within 3 lines of the next): where the first one's read starts (its doc: puppeteer documents
 * `Page.screenshot` above its first overload) and how many there are. Undefined otherwise.
 */
export function leadingOverloads(hits: Candidate[], hit: Candidate): { startLine: number; count: number } | undefined {
  if (hits.length < 2 || hit.stub) return undefined;
  const others = hits.filter((h) => h !== hit);
  if (!others.every((h) => h.stub && h.aliasOf === hit.aliasOf && h.qualified === hit.qualified && h.endLine < hit.startLine)) return undefined;
  const sorted = inLineOrder(hits);
  return adjacent(sorted) ? { startLine: readStart(sorted[0]!), count: others.length } : undefined;
}

const inLineOrder = (hits: Candidate[]) => [...hits].sort((x, y) => x.startLine - y.startLine);

/** Each (its doc included) within 3 lines of the end of the one before. */
function adjacent(sorted: Candidate[]): boolean {
  for (let i = 1; i < sorted.length; i++) if (readStart(sorted[i]!) > sorted[i - 1]!.endLine + 3) return false;
  return true;
}

const ACCESSOR = /^(?:(?:static|public|protected|private|override|abstract|declare)\s+)*([gs]et)\s/;

/**
 * A getter and its setter (`get value()` / `set value(v)`, with bodies or as .d.ts signatures; Python's
 * `@property` with its `@x.setter`, and `@x.deleter`), next to each other: one read of both — they are one property to a caller (they had read as two symbols, or as
 * "overload signatures"). The pair's start and end; undefined otherwise.
 */
export function accessorPair(hits: Candidate[]): { startLine: number; endLine: number } | undefined {
  if (hits.length < 2 || hits.length > 3 || hits.some((h) => h.qualified !== hits[0]!.qualified || h.aliasOf !== hits[0]!.aliasOf)) return undefined;
  const sorted = inLineOrder(hits);
  const roles = sorted.map((h) => h.role ?? ACCESSOR.exec(h.signature ?? "")?.[1]).sort().join();
  return (roles === "get,set" || roles === "del,get,set") && adjacent(sorted) ? { startLine: readStart(sorted[0]!), endLine: sorted[sorted.length - 1]!.endLine } : undefined;
}

/**
 * Hits as the candidates they are to a reader: a run of overload signatures of one callable, with the
 * implementation right after them, is one (each within 3 lines of the one before; the implementation
 * last). In the hits' order, by each group's first hit. `read maybe.ts of` had said "8 symbols match of"
 * and listed `MaybeImpl.of@117/@118/@119/@122` as four symbols.
 */
export function overloadRuns(hits: Candidate[]): Candidate[][] {
  const key = (h: Candidate) => `${h.qualified}\u0000${h.kind}\u0000${h.aliasOf ?? ""}`;
  const runs = new Map<Candidate, Candidate[]>();
  const byKey = new Map<string, Candidate[]>();
  for (const h of hits) byKey.set(key(h), [...(byKey.get(key(h)) ?? []), h]);
  for (const same of byKey.values()) {
    let run: Candidate[] = [];
    for (const h of inLineOrder(same)) {
      const last = run[run.length - 1];
      if (last && last.stub && adjacent([last, h])) run.push(h);
      else run = [h];
      runs.set(h, run);
    }
  }
  const out: Candidate[][] = [];
  for (const h of hits) if (!out.includes(runs.get(h)!)) out.push(runs.get(h)!);
  return out;
}

/** Characters of an overload's head an ambiguity note shows. */
const HEAD_CLIP = 80;

/**
 * An overload's head for an ambiguity note, clipped: where it is long, from the parameter at which it
 * parts from its closest namesake (`…BlockingQueue<Runnable> workQueue, ThreadFactory threadFactory)`) —
 * its first 80 characters had been the same for ThreadPoolExecutor's four constructors, telling none apart.
 */
export function distinctHead(head: string, namesakes: string[], name: string): string {
  if (head.length <= HEAD_CLIP) return head;
  // (Compared from the parameters: an annotation before one head, `@SuppressWarnings(…) public Pool(`, is no difference.)
  const params = (h: string) => ((at) => (at < 0 ? -1 : h.indexOf("(", at)))(h.search(new RegExp(`(?:^|[^\\w$])${name.replace(/[^\w$]/g, "\\$&")}\\s*(?:<[^(]*?>\\s*)?\\(`)));
  const open = params(head);
  let common = 0;
  for (const o of namesakes) {
    if (o === head || params(o) < 0 || open < 0) continue;
    const [a, b] = [head.slice(open), o.slice(params(o))];
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    common = Math.max(common, open + i);
  }
  if (open < 0 || common <= open || common < HEAD_CLIP - 20) return `${head.slice(0, HEAD_CLIP - 1)}…`;
  const from = Math.max(head.lastIndexOf(",", common - 1), open) + 1;
  const tail = head.slice(from).trimStart();
  return `…${tail.length > HEAD_CLIP - 1 ? `${tail.slice(0, HEAD_CLIP - 2)}…` : tail}`;
}

/**
 * A candidate's head as written, its parameter list whole (`signature` is clipped at 160 characters: two
 * of ThreadPoolExecutor's constructors clipped alike): from its line to the `)` closing the parameters
 * after its name, whitespace collapsed; its signature where that is not found or not clipped.
 */
export function fullHead(lines: string[], c: Candidate): string {
  const sig = c.signature ?? "";
  if (!sig.endsWith("…") || c.callback) return sig;
  const text = lines.slice(c.startLine - 1, Math.min(c.endLine, c.startLine + 40)).join(" ").replace(/\s+/g, " ");
  const at = text.search(new RegExp(`(?:^|[^\\w$])${c.name.replace(/[^\w$]/g, "\\$&")}\\s*(?:<[^(]*?>\\s*)?\\(`));
  const open = at < 0 ? -1 : text.indexOf("(", at);
  for (let i = open, depth = 0; open >= 0 && i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(0, i + 1).trim();
  }
  return sig;
}
