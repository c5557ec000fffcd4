/**
 * The pack tester (`pilens/testing`): the same fixture check our built-in packs use.
 *
 *   import { outlineText } from "pilens/testing";
 *   const report = await lens.moduleReport("fixtures/sample.rb");
 *   expect(outlineText(report)).toMatchFileSnapshot("fixtures/sample.rb.outline");
 *
 * The outline text lists every entry (members indented) with kind, name, range, export status,
 * flags, decorators, signature and doc, then callbacks and imports: one line each, stable, diffable.
 */
import type { Entry, ModuleReport } from "../core/types.js";

function entryLine(e: Entry, depth: number): string {
  const parts = [`${"  ".repeat(depth)}${e.kind} ${e.name} ${e.startLine}-${e.endLine}`];
  parts.push(e.exported ? "exported" : "internal");
  if (e.flags?.length) parts.push(`[${e.flags.join(", ")}]`);
  if (e.complexity !== undefined && e.complexity > 1) parts.push(`cx=${e.complexity}`);
  if (e.decorators?.length) parts.push(`decorators=${JSON.stringify(e.decorators)}`);
  if (e.signature) parts.push(`sig=${JSON.stringify(e.signature)}`);
  if (e.doc) parts.push(`doc=${JSON.stringify(e.doc)}`);
  return parts.join(" ");
}

function entries(list: Entry[] | undefined, depth: number, out: string[]): void {
  for (const e of list ?? []) {
    out.push(entryLine(e, depth));
    entries(e.members, depth + 1, out);
  }
}

/** A deterministic text form of a report for fixture snapshots. */
export function outlineText(report: ModuleReport): string {
  if (!report.available) return `unavailable: ${report.error}\n`;
  const out: string[] = [`# ${report.language} ${report.lineCount}L`];
  const all = [...(report.api ?? []), ...(report.internal ?? [])].sort((a, b) => a.startLine - b.startLine);
  entries(all, 0, out);
  if (report.callbacks?.length) {
    out.push("# callbacks");
    for (const c of report.callbacks) {
      const flags = c.flags?.length ? ` [${c.flags.join(", ")}]` : "";
      const chain = c.parentChain?.length ? ` in=${c.parentChain.join(".")}` : "";
      out.push(`${c.kind} ${c.name} ${c.startLine}-${c.endLine}${flags}${chain}`);
    }
  }
  const imp = report.imports;
  if (imp && (imp.external.length || imp.internal.length)) {
    out.push("# imports");
    for (const i of imp.internal) out.push(`internal ${i}`);
    for (const e of imp.external) out.push(`external ${e}`);
  }
  return out.join("\n") + "\n";
}
