/**
 * A search's mention rows carry their line's text (trimmed, ≤ 100 characters): `src/tz.ts:71  mention
 * EST: -300,` answers a lookup without a second call (QA: a one-line answer had cost a 1,140-token
 * read_enclosing). Each file is read once; a file that cannot be read, or is over 1 MB, gets none.
 */
import { readFileSync, statSync } from "node:fs";
import type { SearchResult } from "./project.js";
import { decodeText } from "../files.js";

export const MAX_LINE_TEXT = 100;

export function withLineText(r: SearchResult, abs: (file: string) => string): SearchResult {
  if (!r.available) return r;
  const lines = new Map<string, string[] | undefined>();
  const last = new Map<string, number>();
  for (const h of r.hits) if (!h.symbol) last.set(h.file, Math.max(last.get(h.file) ?? 0, h.startLine));
  for (const h of r.hits) {
    if (h.symbol) continue;
    let text = lines.get(h.file);
    if (!lines.has(h.file)) {
      try {
        const path = abs(h.file);
        // Line breaks as splitLines counts them (\r\n, \r, \n), read up to the file's last mention.
        text = statSync(path).size <= 1 << 20 ? decodeText(readFileSync(path), path).source.split(/\r\n|\r|\n/, last.get(h.file)! + 1) : undefined;
      } catch {
        text = undefined;
      }
      lines.set(h.file, text);
    }
    const line = text?.[h.startLine - 1]?.trim();
    if (line) h.text = line.length > MAX_LINE_TEXT ? `${line.slice(0, MAX_LINE_TEXT - 1)}…` : line;
  }
  return r;
}
