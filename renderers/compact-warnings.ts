/** The compact view's header pieces: a size in tokens, and the `! …` lines of a report's warnings. */
import type { RenderContext } from "../core/hooks.js";
import type { ModuleReport } from "../core/types.js";
import { NO_GRAPH_WARNING, isProjectWarning } from "../core/graph/report-graph.js";

/** core/report.ts's size-honesty warning, whose line count the compact header already gives. */
const SMALL_FILE_WARNING = /^small file \(\d+ lines?\): read it directly$/;

export function tokensText(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : `${n}`;
}

/** The batch's set of project warnings said so far (the host's `said` option), if any. */
export function saidOf(ctx?: RenderContext): Set<string> | undefined {
  return ctx?.options.said instanceof Set ? (ctx.options.said as Set<string>) : undefined;
}

/** The `! …` lines of a report's warnings; a project's warnings once per batch (the host's `said`). */
export function warningLines(r: ModuleReport, ctx?: RenderContext): string[] {
  // The most common warning, on every file of a project without a graph, in fewer words. In a batch
  // (the host passes `said`: the project warnings printed so far for this project) one is said once.
  // (The host may name its project-level warnings too, `projectWarnings`: a `.pilensrc`'s, said in every report.)
  const said = saidOf(ctx);
  const projectWarnings = Array.isArray(ctx?.options.projectWarnings) ? (ctx.options.projectWarnings as readonly unknown[]) : [];
  const out: string[] = [];
  for (const w of r.warnings ?? []) {
    const project = !!said && (isProjectWarning(w) || projectWarnings.includes(w));
    if (project && said.has(w)) continue;
    if (project) said.add(w);
    // (A small file's line count is in the header: `31L`. The graph warning says what is unknown and
    // what makes it known in 10 tokens: `no project graph: usedBy unknown (\`pilens index\`)` was 13.)
    const text = w === NO_GRAPH_WARNING ? "usedBy unknown until `pilens index`" : w.replace(SMALL_FILE_WARNING, "small file: read it directly");
    out.push(`! ${text}${project ? " — for every file below" : ""}`);
  }
  return out;
}
