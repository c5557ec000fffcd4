/**
 * The compact view: a text outline at about a quarter of the JSON's token cost.
 *
 *   core/engine.ts typescript 150L — 9 symbols, 3 exported | imports: hooks, plugin, registry
 *   API:
 *     48-150  class  Lens  — The Lens: the one seam every host calls.
 *       72-76   method  create(opts: LensOptions = {}): Promise<Lens>  [async]
 *
 * Columns are padded to the widest cell of their section, so they never run into each other.
 */
import { defineRenderer } from "../core/plugin.js";
import type { Callback, Entry, ModuleReport } from "../core/types.js";

const SHORT: Record<string, string> = {
  function: "fn", method: "method", constructor: "ctor", class: "class", struct: "struct", interface: "iface",
  trait: "trait", enum: "enum", type: "type", module: "mod", namespace: "ns", impl: "impl", object: "object",
  protocol: "proto", extension: "ext", constant: "const", variable: "var", property: "prop", field: "field", macro: "macro",
  "re-export": "re-export",
};

function shortKind(kind: string): string {
  return SHORT[kind] ?? kind;
}

/**
 * The signature from the name on when only keywords precede it (the kind column already says
 * `function`, `def`, `fn`, …); the whole signature otherwise (receivers, qualifiers stay).
 */
function display(e: Entry): string {
  const sig = e.signature;
  if (!sig) return e.name;
  // The name as a whole word (not the `f` inside `function`).
  const esc = e.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`(?<![\\w$#])${esc}(?![\\w$])`).exec(sig);
  const i = m?.index ?? -1;
  if (i > 0 && /^[\w\s]*\s$/.test(sig.slice(0, i))) return sig.slice(i);
  return sig;
}

function tags(e: { flags?: string[]; complexity?: number; usedBy?: Entry["usedBy"] }): string {
  const flags = (e.flags ?? []).map((f) => (f === "high complexity" && e.complexity ? `${f} ${e.complexity}` : f));
  if (e.usedBy?.length) {
    // Who uses it, by file (the json view has each use's symbol, line, relation and confidence).
    const files = [...new Set(e.usedBy.map((u) => u.file.replace(/^.*\//, "")))];
    flags.push(`used by ${files.slice(0, 3).join(", ")}${files.length > 3 ? ` +${files.length - 3}` : ""}`);
  }
  return flags.length ? `  [${flags.join(", ")}]` : "";
}

interface Row {
  range: string;
  kind: string;
  text: string;
  indent: number;
}

const DATA_KINDS = new Set(["property", "field", "constant", "variable"]);
const MAX_DISPLAY = 90;
const MAX_DOC = 72;

/** `12-30`, or `12` for a one-line declaration. */
function span(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

function clipText(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1).trimEnd() + "…" : s;
}

/**
 * A leaf data entry (a field, a property, a constant, a re-export, a value macro): listed by name on
 * a shared row, since its type or value is one read_symbol away.
 */
function isDataLeaf(e: Entry): boolean {
  if (e.members?.length || e.flags?.length || e.usedBy?.length) return false;
  if (DATA_KINDS.has(e.kind) || e.signature?.startsWith("export {") === true) return true;
  return e.kind === "macro" && !/^#\s*define\s+\w+\(/.test(e.signature ?? "");
}

function dataName(e: Entry): string {
  return e.signature && /^[^(]*\?\s*:/.test(e.signature) ? `${e.name}?` : e.name;
}

function dataRow(data: Entry[], indent: number): Row {
  const first = Math.min(...data.map((d) => d.startLine));
  const last = Math.max(...data.map((d) => d.endLine));
  const kinds = new Set(data.map((d) => (d.signature?.startsWith("export {") ? "re-export" : d.kind)));
  const label = kinds.size === 1 ? `${shortKind([...kinds][0]!)}s` : "data";
  return { range: span(first, last), kind: label, text: `${data.map(dataName).join(", ")}${data.length > 6 ? `  (${data.length})` : ""}`, indent };
}

/** At least this many consecutive data entries share one row at module level. */
const MIN_RUN = 3;

function entryRows(entries: Entry[], indent: number, rows: Row[]): void {
  // Within a type, all data members share one row; at module level, runs of consecutive data do.
  if (indent > 0) {
    const data = entries.filter(isDataLeaf);
    if (data.length > 1) rows.push(dataRow(data, indent));
    for (const e of entries) if (data.length <= 1 || !data.includes(e)) entryRow(e, indent, rows);
    return;
  }
  for (let i = 0; i < entries.length; ) {
    let j = i;
    while (j < entries.length && isDataLeaf(entries[j]!) && !entries[j]!.doc) j++;
    if (j - i >= MIN_RUN) {
      rows.push(dataRow(entries.slice(i, j), indent));
      i = j;
    } else {
      entryRow(entries[i]!, indent, rows);
      i++;
    }
  }
}

function entryRow(e: Entry, indent: number, rows: Row[]): void {
  const doc = e.doc ? `  — ${clipText(e.doc, MAX_DOC)}` : "";
  rows.push({ range: span(e.startLine, e.endLine), kind: shortKind(e.kind), text: `${clipText(display(e), MAX_DISPLAY)}${tags(e)}${doc}`, indent });
  if (e.members?.length) entryRows(e.members, indent + 1, rows);
}

function table(rows: Row[]): string[] {
  const rw = Math.max(0, ...rows.map((r) => r.range.length + r.indent * 2));
  const kw = Math.max(0, ...rows.map((r) => r.kind.length));
  return rows.map((r) => {
    const lead = "  ".repeat(r.indent) + r.range;
    return `  ${lead.padEnd(rw)}  ${r.kind.padEnd(kw)}  ${r.text}`.trimEnd();
  });
}

function callbackRows(cbs: Callback[]): Row[] {
  return cbs.map((c) => ({
    range: span(c.startLine, c.endLine),
    kind: c.kind,
    text: `${c.name}${c.flags?.length ? `  [${c.flags.join(", ")}]` : ""}${c.parentChain?.length ? `  (in ${c.parentChain.join(".")})` : ""}`,
    indent: 0,
  }));
}

function importNames(r: ModuleReport): string {
  const ext = r.imports?.external ?? [];
  const int = (r.imports?.internal ?? []).map((p) => p.replace(/^.*\//, "").replace(/\.[^.]+$/, ""));
  const all = [...int, ...ext];
  if (!all.length) return "";
  const shown = all.slice(0, 10);
  return ` | imports: ${shown.join(", ")}${all.length > shown.length ? ` +${all.length - shown.length} more` : ""}`;
}

export function renderCompact(r: ModuleReport): string {
  if (!r.available) return `${r.path} — unavailable: ${r.error ?? "unknown error"}`;
  const s = r.summary ?? { symbols: 0, exports: 0, imports: 0 };
  const out: string[] = [`${r.path} ${r.language} ${r.lineCount}L — ${s.symbols} symbols, ${s.exports} exported${importNames(r)}`];
  for (const w of r.warnings ?? []) out.push(`! ${w}`);
  const section = (title: string, rows: Row[]) => {
    if (!rows.length) return;
    out.push(`${title}:`, ...table(rows));
  };
  const api: Row[] = [];
  entryRows(r.api ?? [], 0, api);
  const internal: Row[] = [];
  entryRows(r.internal ?? [], 0, internal);
  section("API", api);
  section("INTERNAL", internal);
  section(`CALLBACKS${r.callbackSupport === "generic" ? " (generic)" : ""}`, callbackRows(r.callbacks ?? []));
  if (r.blastRadius?.files.length) {
    section(
      `BLAST RADIUS (depth ≤ ${r.blastRadius.maxDepth}${r.blastRadius.truncated ? ", truncated" : ""})`,
      r.blastRadius.files.map((f) => ({ range: `d${f.minDepth}`, kind: `${f.dependents}dep`, text: `${f.file}  (${f.relations.join(", ")})`, indent: 0 })),
    );
  }
  section(
    "RECOMMENDED",
    (r.recommendedReads ?? []).map((x) => ({ range: span(x.startLine, x.endLine), kind: "read", text: `${x.symbol}  — ${x.reason}`, indent: 0 })),
  );
  if (!api.length && !internal.length) out.push("(no declarations found)");
  return out.join("\n");
}

export default defineRenderer({
  meta: { name: "pilens-renderer-compact", version: "0.1.0" },
  name: "compact",
  apply(hooks) {
    hooks.render.for("compact").tap("renderer:compact", (report) => renderCompact(report));
  },
});
