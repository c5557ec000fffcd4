/**
 * Line diff of a re-read window: common prefix and suffix trimmed, then the middle aligned by a
 * longest-common-subsequence pass (when it is small enough: ≤ 4M cells) so that separate edits give
 * separate hunks; a middle too large to align is one hunk. Removed lines carry old line numbers,
 * added lines new ones. The caller sends the whole window instead when the diff is not smaller.
 */
export interface Hunk {
  removed: { line: number; text: string }[];
  added: { line: number; text: string }[];
  /** First old / new line of the hunk (where it applies even when one side is empty). */
  oldStart: number;
  newStart: number;
}

export interface LineDiff {
  prefix: number;
  suffix: number;
  hunks: Hunk[];
}

const MAX_CELLS = 4_000_000;

/** `base` is the line number of `a[0]`, `baseNew` that of `b[0]` (default: the same line). */
export function lineDiff(a: string[], b: string[], base = 1, baseNew = base): LineDiff {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const am = a.slice(prefix, a.length - suffix);
  const bm = b.slice(prefix, b.length - suffix);
  const start = base + prefix;
  const startNew = baseNew + prefix;
  if (!am.length && !bm.length) return { prefix, suffix, hunks: [] };
  const pairs = am.length * bm.length <= MAX_CELLS ? lcsPairs(am, bm) : [];
  // Walk the matched pairs; everything between two matches is one hunk.
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  for (const [mi, mj] of [...pairs, [am.length, bm.length] as [number, number]]) {
    if (mi > i || mj > j) {
      hunks.push({
        oldStart: start + i,
        newStart: startNew + j,
        removed: am.slice(i, mi).map((text, k) => ({ line: start + i + k, text })),
        added: bm.slice(j, mj).map((text, k) => ({ line: startNew + j + k, text })),
      });
    }
    i = mi + 1;
    j = mj + 1;
  }
  return { prefix, suffix, hunks };
}

/**
 * A re-read window's change in the new file's terms. `old` is the window as last sent (from line
 * `oldStart`); `region` is the new file from line `regionStart`: the requested `window` widened each
 * side by the file's growth or shrinkage since that read. Lines of the region before
 * the first line matching the old content, or after the last, are not changes of what was read — they
 * slid into the window because lines were inserted or deleted elsewhere — unless old lines there went
 * missing too (a replacement at the window's edge; then the region keeps the window's own lines).
 * Returns the diff and the new lines the old content now spans; undefined when nothing matches or the
 * alignment would be too large (diff the windows then).
 */
export function regionDiff(old: string[], oldStart: number, region: string[], regionStart: number, window: { startLine: number; endLine: number }): { diff: LineDiff; startLine: number; endLine: number } | undefined {
  if (!old.length || !region.length) return undefined;
  // The lines read, unchanged and only moved (lines inserted or deleted above them): found as one
  // block, the nearest to where the file's growth puts them — an alignment of repetitive code could
  // pair them with look-alike lines instead.
  const moved = blockAt(old, region, oldStart - regionStart);
  if (moved >= 0) return { diff: { prefix: old.length, suffix: 0, hunks: [] }, startLine: regionStart + moved, endLine: regionStart + moved + old.length - 1 };
  if (old.length * region.length > MAX_CELLS) return undefined;
  const pairs = lcsPairs(old, region);
  if (!pairs.length) return undefined;
  const [i0, j0] = pairs[0]!;
  const [iL, jL] = pairs[pairs.length - 1]!;
  const winFirst = Math.max(0, window.startLine - regionStart);
  const winLast = Math.min(region.length - 1, window.endLine - regionStart);
  const from = i0 === 0 ? j0 : Math.min(j0, winFirst);
  const to = iL === old.length - 1 ? jL : Math.max(jL, winLast);
  return { diff: lineDiff(old, region.slice(from, to + 1), oldStart, regionStart + from), startLine: regionStart + from, endLine: regionStart + to };
}

/** Where `block` stands whole in `lines`, the offset nearest `near`; -1 when nowhere. */
function blockAt(block: string[], lines: string[], near: number): number {
  let best = -1;
  for (let k = 0; k + block.length <= lines.length; k++) {
    if (lines[k] !== block[0]) continue;
    let j = 1;
    while (j < block.length && lines[k + j] === block[j]) j++;
    if (j === block.length && (best < 0 || Math.abs(k - near) < Math.abs(best - near))) best = k;
  }
  return best;
}

/** Index pairs of one longest common subsequence of `a` and `b`, in order. */
function lcsPairs(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const w = m + 1;
  const dp = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i * w + j] = a[i] === b[j] ? dp[(i + 1) * w + j + 1]! + 1 : Math.max(dp[(i + 1) * w + j]!, dp[i * w + j + 1]!);
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push([i, j]);
      i++;
      j++;
    } else if (dp[(i + 1) * w + j]! >= dp[i * w + j + 1]!) i++;
    else j++;
  }
  return out;
}

function span(s: number, n: number): string {
  return n === 0 ? `after ${s - 1}` : n === 1 ? `${s}` : `${s}-${s + n - 1}`;
}

export function formatDiff(d: LineDiff): string {
  if (!d.hunks.length) return "(no line changed: only line endings or the final newline differ)";
  const out: string[] = [];
  for (const h of d.hunks) {
    out.push(`@@ old ${span(h.oldStart, h.removed.length)} → new ${span(h.newStart, h.added.length)}`);
    for (const r of h.removed) out.push(`-${r.line}: ${r.text}`);
    for (const a of h.added) out.push(`+${a.line}: ${a.text}`);
  }
  return out.join("\n");
}
