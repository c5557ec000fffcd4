/**
 * What a (third-party) tap may return, per hook (hook-guards.ts runs the check on each guarded tap's
 * return value). A value of the wrong shape fails the file like a throw, naming the hook, the tap and the
 * item: records whose lines are NaN, inverted, fractional, before line 1 or past the file's end had made
 * `NaN-NaN` rows and empty reads that exited 0; a `null` member or import item, and a record that is its
 * own member, had crashed later with "Cannot read properties of null" — an import item after the
 * analysis, where it ended the CLI's whole report batch.
 */

/** A check of what a tap returned: a description of the problem, or undefined. `file` is the tap's file context. */
export type ReturnCheck = (value: unknown, file: { lines?: unknown } | undefined) => string | undefined;

const describe = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "string" ? JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v) : typeof v === "object" ? "an object" : `${typeof v} ${String(v)}`);

const RECORD_FIELDS: [string, string][] = [["name", "string"], ["kind", "string"], ["startLine", "number"], ["endLine", "number"]];

/** The file's line count, when the tap's context has its lines. */
const lineCount = (file: { lines?: unknown } | undefined): number | undefined => (Array.isArray(file?.lines) ? file.lines.length : undefined);

/** What is wrong with a 1-based line range `start`–`end` of a file of `lines` lines, or undefined. */
function rangeProblem(start: unknown, end: unknown, lines: number | undefined): string | undefined {
  if (!Number.isInteger(start) || !Number.isInteger(end)) return `lines ${String(start)}-${String(end)} (lines are whole numbers)`;
  const [s, e] = [start as number, end as number];
  if (s < 1) return `startLine ${s} (lines count from 1)`;
  if (e < s) return `endLine ${e} before its startLine ${s}`;
  if (lines !== undefined && e > Math.max(lines, 1)) return `endLine ${e} past the file's last line (${lines})`;
  return undefined;
}

/** The optional fields a record may carry, by the type they must have when present. */
const STRINGS = ["signature", "doc"];
const STRING_LISTS = ["decorators", "flags", "aliases", "exportedAs"];

/** What is wrong with a record's optional fields (`exported: "yes"`, `aliases: 5`, `signature: {}`), or undefined. */
function fieldsProblem(r: Record<string, unknown>): string | undefined {
  if (r.exported !== undefined && typeof r.exported !== "boolean") return `exported ${describe(r.exported)} (a boolean)`;
  for (const k of STRINGS) if (r[k] !== undefined && typeof r[k] !== "string") return `${k} ${describe(r[k])} (a string)`;
  for (const k of STRING_LISTS) if (r[k] !== undefined && !(Array.isArray(r[k]) && (r[k] as unknown[]).every((x) => typeof x === "string"))) return `${k} ${describe(r[k])} (an array of strings)`;
  if (r.complexity !== undefined && !Number.isFinite(r.complexity)) return `complexity ${describe(r.complexity)} (a number)`;
  const d = r.docStartLine;
  if (d !== undefined && !(Number.isInteger(d) && (d as number) >= 1 && (d as number) <= (r.startLine as number))) return `docStartLine ${describe(d)} (a line from 1 to its startLine)`;
  return undefined;
}

/** The first bad record of a tree of records (members nested), level by level without recursion; a cycle is named. */
function recordsProblem(list: unknown[], lines: number | undefined): string | undefined {
  const seen = new Set<unknown>();
  const queue: { items: unknown[]; at: string }[] = [{ items: list, at: "" }];
  for (let q = 0; q < queue.length; q++) {
    const { items, at } = queue[q]!;
    for (let i = 0; i < items.length; i++) {
      const r = items[i] as Record<string, unknown> | null;
      const where = `${at}item ${i}`;
      if (!r || typeof r !== "object") return `returned an array whose ${where} is ${describe(r)}; expected records`;
      const named = typeof r.name === "string" ? `, ${r.name}` : "";
      if (seen.has(r)) return `returned a record (${where}${named}) that is its own member (a cycle)`;
      seen.add(r);
      const missing = RECORD_FIELDS.filter(([k, t]) => typeof r[k] !== t).map(([k, t]) => `${k} (${t})`);
      if (!Array.isArray(r.members)) missing.push("members (array)");
      if (missing.length) return `returned a record (${where}${named}) without ${missing.join(", ")}`;
      const range = rangeProblem(r.startLine, r.endLine, lines) ?? fieldsProblem(r);
      if (range) return `returned a record (${where}${named}) with ${range}`;
      if ((r.members as unknown[]).length) queue.push({ items: r.members as unknown[], at: `${where}${named} → member ` });
    }
  }
  return undefined;
}

/** Each item an object with these typed fields (and, with `range`, valid lines). */
function itemsProblem(v: unknown, what: string, fields: [string, string][], lines: number | undefined, range: (o: Record<string, unknown>) => [unknown, unknown]): string | undefined {
  if (!Array.isArray(v)) return `returned ${describe(v)}; expected an array of ${what} records`;
  for (let i = 0; i < v.length; i++) {
    const o = v[i] as Record<string, unknown> | null;
    if (!o || typeof o !== "object") return `returned an array whose item ${i} is ${describe(o)}; expected ${what} records`;
    const missing = fields.filter(([k, t]) => typeof o[k] !== t).map(([k, t]) => `${k} (${t})`);
    if (missing.length) return `returned ${what} record item ${i} without ${missing.join(", ")}`;
    const bad = rangeProblem(...range(o), lines);
    if (bad) return `returned ${what} record item ${i} with ${bad}`;
  }
  return undefined;
}

/** The checks per hook name (the render hook's is the renderer host's). */
export const RETURN_CHECKS: Record<string, ReturnCheck> = {
  extract: (v, file) => (Array.isArray(v) ? recordsProblem(v, lineCount(file)) : `returned ${describe(v)}; expected an array of records (or undefined: no change)`),
  doc: (v) => (typeof v === "string" ? undefined : `returned ${describe(v)}; expected the doc's text ("" for no doc, undefined: no change)`),
  // (A flag is one word or a few: a line break in one broke the compact view's row.)
  flags: (v) => (Array.isArray(v) && v.every((f) => typeof f === "string" && f.trim() !== "" && !/[\r\n]/.test(f)) ? undefined : `returned ${describe(v)}${Array.isArray(v) ? ` (${v.map(describe).join(", ")})` : ""}; expected an array of flag strings (non-empty, one line each)`),
  callbacks: (v, file) => itemsProblem(v, "callback", [["name", "string"], ["kind", "string"], ["startLine", "number"], ["endLine", "number"]], lineCount(file), (o) => [o.startLine, o.endLine]),
  imports: (v, file) => itemsProblem(v, "import", [["source", "string"], ["line", "number"], ["external", "boolean"]], lineCount(file), (o) => [o.line, o.line]),
  rank: (v) => (typeof v === "number" && Number.isFinite(v) ? undefined : `returned ${describe(v)}; expected a finite number`),
};
