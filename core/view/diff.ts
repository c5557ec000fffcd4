/**
 * A one-hunk line diff: common prefix and suffix trimmed, the middle shown as removed lines (old line
 * numbers) and added lines (new line numbers). Enough for the usual "re-read after my edit" case; the
 * caller sends the whole window instead when the diff is not smaller.
 */
export interface LineDiff {
  /** Lines equal at the start and end. */
  prefix: number;
  suffix: number;
  removed: { line: number; text: string }[];
  added: { line: number; text: string }[];
}

/** `base` is the line number of `a[0]` and `b[0]` (windows start at the same line). */
export function lineDiff(a: string[], b: string[], base = 1): LineDiff {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const removed = a.slice(prefix, a.length - suffix).map((text, i) => ({ line: base + prefix + i, text }));
  const added = b.slice(prefix, b.length - suffix).map((text, i) => ({ line: base + prefix + i, text }));
  return { prefix, suffix, removed, added };
}

export function formatDiff(d: LineDiff): string {
  const out: string[] = [];
  const oldStart = d.removed[0]?.line;
  const newStart = d.added[0]?.line;
  const span = (s: number | undefined, n: number) => (n === 0 ? "none" : n === 1 ? `${s}` : `${s}-${s! + n - 1}`);
  out.push(`@@ old ${span(oldStart, d.removed.length)} → new ${span(newStart, d.added.length)}`);
  for (const r of d.removed) out.push(`-${r.line}: ${r.text}`);
  for (const a of d.added) out.push(`+${a.line}: ${a.text}`);
  return out.join("\n");
}
