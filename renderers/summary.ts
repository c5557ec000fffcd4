/**
 * The summary view: top-level entries only (name, kind, range, exported, signature, doc), the
 * recommendations and counts, as one line of JSON. Says what it left out and how to get it.
 */
import { defineRenderer } from "../core/plugin.js";
import type { Entry, ModuleReport } from "../core/types.js";

function slim(e: Entry) {
  const out: Record<string, unknown> = { name: e.name, kind: e.kind, startLine: e.startLine, endLine: e.endLine, exported: e.exported };
  if (e.signature) out.signature = e.signature;
  if (e.doc) out.doc = e.doc;
  if (e.members?.length) out.members = e.members.length;
  return out;
}

export function summarize(r: ModuleReport): Record<string, unknown> {
  if (!r.available) return { available: false, path: r.path, error: r.error };
  const memberCount = [...(r.api ?? []), ...(r.internal ?? [])].reduce((n, e) => n + (e.members?.length ?? 0), 0);
  const omitted: string[] = [];
  if (memberCount) omitted.push(`${memberCount} members (counted per entry)`);
  if (r.callbacks?.length) omitted.push(`${r.callbacks.length} callbacks`);
  omitted.push("decorators, flags, usedBy, imports list");
  const out: Record<string, unknown> = {
    available: true,
    path: r.path,
    language: r.language,
    lineCount: r.lineCount,
    summary: { ...r.summary, callbacks: r.callbacks?.length ?? 0 },
    api: (r.api ?? []).map(slim),
    internal: (r.internal ?? []).map(slim),
    recommendedReads: r.recommendedReads,
    omitted: `${omitted.join("; ")} — use view "json" or "compact" for them`,
  };
  if (r.warnings?.length) out.warnings = r.warnings;
  return out;
}

export default defineRenderer({
  meta: { name: "pilens-renderer-summary", version: "0.1.0" },
  name: "summary",
  apply(hooks) {
    hooks.render.for("summary").tap("renderer:summary", (report) => JSON.stringify(summarize(report)));
  },
});
