/**
 * The core's notes and warnings name the agent tools and their parameters (`pass onOversize "slice"`,
 * `read one with read_symbol (Lens.create)`, `view offset=158 mode signatures`): the CLI says them as
 * its own commands and options, for the file as it was named on the command line.
 */
const TOOL_COMMANDS: Record<string, string> = {
  read_symbol: "pilens read",
  read_enclosing: "pilens enclosing",
  symbol_search: "pilens search",
  module_report: "pilens report",
};

export function cliHints(text: string, file: string): string {
  const f = /[\s'"$`\\]/.test(file) ? `'${file.replaceAll("'", `'\\''`)}'` : file;
  return text
    // `… with module_report (CLI: pilens report x --view compact)`: the CLI's own form is given.
    .replace(/\b(?:read_symbol|read_enclosing|symbol_search|module_report) \(CLI: ([^)]+)\)/g, "$1")
    // `read it in util.js (CLI: pilens read util.js e)`: read it with the command.
    .replace(/\bread (it|[\w$]+) in \S+ \(CLI: ([^)]+)\)/g, "read $1 with $2")
    .replace(/\bview offset=(\d+) mode (\w+)/g, `pilens view ${f} --offset $1 --mode $2`)
    .replace(/\bview offset\/limit\b/g, `pilens view ${f} --offset N --limit N`)
    .replace(/\bview offset=(\d+) limit=(\d+)/g, `pilens view ${f} --offset $1 --limit $2`)
    .replace(/\bread_symbol \(([^)\s]+)\)/g, `pilens read ${f} $1`)
    .replace(/\b(read_symbol|read_enclosing|symbol_search|module_report)\b/g, (tool) => TOOL_COMMANDS[tool]!)
    .replace(/\bonOversize "(\w+)"/g, "--on-oversize $1")
    .replace(/(--on-oversize \w+(?: \([^)]*\))?) or "(\w+)"/g, "$1 or --on-oversize $2")
    .replace(/\bmaxLines\b/g, "--max-lines")
    .replace(/\bmaxRefsPerSymbol (\d+)/g, "--max-refs $1")
    .replace(/\bcontinue with offset=(\d+)/g, "continue with --offset $1")
    .replace(/\bfocus <names>/g, "--focus <names>");
}

/** A read's or report's note, warnings and error in the CLI's terms (in place). */
export function withCliHints<T extends { note?: string; warnings?: string[]; error?: string }>(r: T, file: string): T {
  if (r.note) r.note = cliHints(r.note, file);
  if (r.error) r.error = cliHints(r.error, file);
  if (r.warnings) r.warnings = r.warnings.map((w) => cliHints(w, file));
  return r;
}
