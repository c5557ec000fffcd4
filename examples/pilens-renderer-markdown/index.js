/**
 * pilens-renderer-markdown — an example third-party renderer (see docs/writing-a-renderer.md):
 * the module report as a Markdown outline, for pasting into issues and PR descriptions.
 *
 * Load it from `.pilensrc`:   renderers: ["./examples/pilens-renderer-markdown"]   then `--view markdown`.
 */

/** @typedef {import("pilens").Renderer} Renderer */
/** @typedef {import("pilens").Entry} Entry */

/** @param {Entry[]} entries @param {number} depth @param {string[]} out */
function list(entries, depth, out) {
  for (const e of entries) {
    const doc = e.doc ? ` — ${e.doc}` : "";
    out.push(`${"  ".repeat(depth)}- \`${e.signature ?? e.name}\` (${e.kind}, L${e.startLine}-${e.endLine})${doc}`);
    list(e.members ?? [], depth + 1, out);
  }
}

/** @type {Renderer} */
const renderer = {
  meta: { name: "pilens-renderer-markdown", version: "0.1.0" },
  name: "markdown",
  options: { headingLevel: 2 },
  apply(hooks) {
    hooks.render.for("markdown").tap("pilens-renderer-markdown", (report, ctx) => {
      const h = "#".repeat(Number(ctx.options.headingLevel ?? 2));
      if (!report.available) return `${h} ${report.path}\n\n_unavailable: ${report.error}_\n`;
      const out = [`${h} ${report.path}`, "", `${report.language}, ${report.lineCount} lines, ${report.summary?.symbols} symbols`];
      for (const w of report.warnings ?? []) out.push(`> ${w}`);
      if (report.api?.length) out.push("", `${h}# API`, ""), list(report.api, 0, out);
      if (report.internal?.length) out.push("", `${h}# Internal`, ""), list(report.internal, 0, out);
      return out.join("\n") + "\n";
    });
  },
};

export default renderer;
