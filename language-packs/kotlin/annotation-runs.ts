/**
 * The bundled grammar reads a top-level type under two or more annotations and a modifier or `class`
 * (`@Suppress("x")` ⏎ `@OptIn(P::class)` ⏎ `internal object Mapper {…}`) as a prefix expression: the
 * type is lost and its members reach the top level (QA L D1, stripe's CheckoutConfigurationMapper.kt).
 * So it reads a local type in a function body or lambda too (indented: its members become the
 * function's); a class body's member types parse. One annotation parses. So every annotation of such a
 * run (at a line's start, after its indentation) but the last is masked, at the same length, as one
 * block comment; the pack puts them back as the type's decorators, and its range starts at the first
 * (annotationRunBefore).
 */

export interface AnnotationRun {
  /** Offsets of the masked span: the first annotation's `@` through the last masked one's end. */
  start: number;
  end: number;
  /** Each masked annotation's text. */
  annotations: string[];
}

const HEAD = /@[\w.]+(?::[\w.]+)?/y;
const TYPE_AFTER = /\s*(?:(?:public|private|internal|protected|open|abstract|sealed|data|inner|enum|annotation|value|final|expect|actual|fun)\s+)*(?:class|object|interface)\b/y;

/** The end of the annotation at `at` (`@Name`, `@use:Name`, `@Name(…)` with balanced brackets and strings), or -1. */
function annotationEnd(src: string, at: number): number {
  HEAD.lastIndex = at;
  if (!HEAD.exec(src)) return -1;
  let i = HEAD.lastIndex;
  if (src[i] !== "(") return i;
  let depth = 0;
  for (; i < src.length; i++) {
    const c = src[i];
    if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

const runs = { source: "", list: [] as AnnotationRun[] };

/** The runs of ≥ 2 annotations at a line's start (indented too), before a type, to mask (one scan per source). */
export function annotationRuns(src: string): AnnotationRun[] {
  if (runs.source === src) return runs.list;
  const list: AnnotationRun[] = [];
  const line = /^[ \t]*@/gm;
  for (let m = line.exec(src); m; m = line.exec(src)) {
    const spans: [number, number][] = [];
    let at = m.index + m[0].length - 1;
    for (;;) {
      const end = annotationEnd(src, at);
      if (end < 0) break;
      spans.push([at, end]);
      let next = end;
      while (next < src.length && /\s/.test(src[next]!)) next++;
      if (src[next] !== "@") break;
      at = next;
    }
    if (!spans.length) continue;
    const last = spans[spans.length - 1]!;
    line.lastIndex = last[1];
    TYPE_AFTER.lastIndex = last[1];
    if (spans.length < 2 || !TYPE_AFTER.test(src)) continue;
    const masked = spans.slice(0, -1);
    const start = masked[0]![0], end = masked[masked.length - 1]![1];
    if (end - start < 4 || src.slice(start, end).includes("*/")) continue;
    list.push({ start, end, annotations: masked.map(([s, e]) => src.slice(s, e)) });
  }
  runs.source = src;
  runs.list = list;
  return list;
}

/** `source` with each run masked as one block comment (line breaks kept). */
export function maskAnnotationRuns(source: string): string {
  if (!source.includes("@")) return source;
  const list = annotationRuns(source);
  if (!list.length) return source;
  let out = "";
  let from = 0;
  for (const r of list) {
    const body = source.slice(r.start + 2, r.end - 2).replace(/[^\n]/g, " ");
    out += source.slice(from, r.start) + "/*" + body + "*/";
    from = r.end;
  }
  return out + source.slice(from);
}

/** The masked run that ends right before `offset` (only white space between), if any. */
export function annotationRunBefore(source: string, offset: number): AnnotationRun | undefined {
  if (!source.includes("@")) return undefined;
  const list = annotationRuns(source);
  // The last run ending at or before `offset` (runs are in source order; a type per lookup, so no scan).
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  const r = list[lo - 1];
  return r && !source.slice(r.end, offset).trim() ? r : undefined;
}
