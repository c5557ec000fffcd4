/**
 * Files a pack could not serve, said where it matters: a read's answer carries the fallback that served
 * it; `pilens index` (and symbol_search) say which packs failed while the graph was built — the graph's
 * entries for those files come from the next pack claiming them (the generic pack, an overridden
 * built-in), and the config's own plugin warnings (a pack that failed to import) with them.
 */
import type { FileAnalysis } from "./pipeline.js";
import { shownPath } from "./text.js";

/** The most distinct failures kept (each counts its files). */
const MAX_KEPT = 20;

export class FallbackLog {
  private readonly seen = new Map<string, { files: number; first: string; servedBy: string }>();

  /** `failures` (the packs that failed on `file`, in order) before `servedBy` served it. */
  note(failures: string[], servedBy: string, file: string): void {
    for (const f of failures) {
      const cur = this.seen.get(f);
      if (cur) cur.files++;
      else if (this.seen.size < MAX_KEPT) this.seen.set(f, { files: 1, first: file, servedBy });
    }
  }

  /** One line per failure: what failed, how many files, which pack served them instead. */
  warnings(): string[] {
    return [...this.seen].map(([f, s]) => `${f} — ${s.files} file${s.files === 1 ? "" : "s"} (first: ${shownPath(s.first)}) served by pack ${s.servedBy} instead`);
  }
}

/** Plugin warnings (`.pilensrc`), then the fallbacks seen, before a graph result's own warnings. */
export function withPackWarnings<T extends { warnings?: string[] }>(r: T, plugin: readonly string[], log: FallbackLog): T {
  const notes = [...plugin, ...log.warnings()];
  return notes.length ? { ...r, warnings: [...notes, ...(r.warnings ?? [])] } : r;
}

/**
 * What a read's answer may lack, said with it: the file served by another pack because its own failed
 * (module_report says so in its warnings), and on a miss the syntax error regions a symbol may hide in.
 */
export function readWarnings(a: FileAnalysis, found: boolean): string[] | undefined {
  const out = a.warnings.filter((w) => / — served by pack \S+ instead$/.test(w));
  if (!found && a.syntaxErrors) out.push(`${a.syntaxErrors} syntax error region(s) in this file: a symbol inside one may be missing`);
  return out.length ? out : undefined;
}
