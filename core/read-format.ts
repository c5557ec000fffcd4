/** The text forms of read_symbol's and read_enclosing's answers (the CLI's `read`, the MCP and pi tools). */
import type { OutlineItem, ReadSymbolResult } from "./types.js";
import { usesLine } from "./read-uses.js";
/** One outline row of an oversize answer's text form (read_symbol, read_enclosing). */
export function outlineRow(o: OutlineItem): string {
  return `${"  ".repeat(o.depth)}${o.startLine}-${o.endLine}  ${o.kind}  ${o.name.includes("@") ? o.name : o.name.split(".").pop()}${o.signature ? `  ${o.signature}` : ""}`;
}

/** The text form: header `<kind> <name>  <path>:<start>-<end>` then the verbatim lines. */
export function formatReadSymbol(r: ReadSymbolResult): string {
  if (r.error) return `error: ${r.error}`;
  const warned = (r.warnings ?? []).map((w) => `${r.found ? "# " : ""}! ${w}`);
  if (!r.found) return [`not found: ${r.name} in ${r.path}`, ...(r.note ? [r.note] : []), ...warned].join("\n");
  const range = r.partial ? `${r.partial.startLine}-${r.partial.endLine} (of ${r.startLine}-${r.endLine})` : `${r.startLine}-${r.endLine}`;
  const head = `${r.kind} ${r.name}  ${r.path}:${range}`;
  // An oversize answer without its lines: the head as declared, then the outline's rows (if any).
  const shape = r.unchanged ? [r.unchanged.text] : r.source === undefined ? [...(r.docComment ? [r.docComment] : []), ...(r.signature ? [`# ${r.signature}`] : []), ...(r.outline ?? []).map(outlineRow)] : [r.source];
  const uses = usesLine(r);
  return [head, ...(r.note ? [`# ${r.note}`] : []), ...(uses ? [`# ${uses}`] : []), ...warned, ...shape].join("\n");
}
