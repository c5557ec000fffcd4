/**
 * A core note in a tool host's terms. The core says a next step by its tool and the CLI's command —
 * `list its symbols with module_report (CLI: pilens report a.ts --view compact)`, `the rest with view
 * offset=102 limit=333` — and the CLI says its commands (hosts/cli/hints.ts). An MCP or pi answer keeps
 * the tool, named as the host names it: no shell line the agent pays for in every miss (of a CLI its host
 * may not have), and the read tier as `pilens_view` in MCP and `read` in pi, which has no `view`.
 * Applied to a result's note, warnings and error only — never to the source text a read sends.
 */

const MARK = " (CLI: ";

/** `text` without its ` (CLI: …)` parentheses (balanced: a command may hold parentheses of its own). */
export function withoutCliHints(text: string): string {
  let at = text.indexOf(MARK);
  if (at < 0) return text;
  let out = "";
  let from = 0;
  while (at >= 0) {
    let depth = 1;
    let i = at + MARK.length;
    for (; i < text.length && depth > 0 && text[i] !== "\n"; i++) depth += text[i] === "(" ? 1 : text[i] === ")" ? -1 : 0;
    if (depth > 0) break; // (unbalanced on its line: left as it is)
    out += text.slice(from, at);
    from = i;
    at = text.indexOf(MARK, from);
  }
  return out + text.slice(from);
}

/** A note in the host's terms: no CLI commands, the read tier by `view`, the host's name of it. */
export function hostHints(text: string, view: string): string {
  const t = withoutCliHints(text);
  return view === "view" ? t : t.replace(/\bview (?=offset)/g, `${view} `);
}

/** A read's or report's note, warnings and error in the host's terms (in place). */
export function withHostHints<T extends { note?: string; warnings?: string[]; error?: string }>(r: T, view: string): T {
  if (r.note) r.note = hostHints(r.note, view);
  if (r.error) r.error = hostHints(r.error, view);
  if (r.warnings) r.warnings = r.warnings.map((w) => hostHints(w, view));
  return r;
}
