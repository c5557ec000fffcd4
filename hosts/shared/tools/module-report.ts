import { z } from "zod";
import { counts, defineTool, errorOutput } from "../tool.js";

export const moduleReport = defineTool({
  name: "module_report",
  title: "Module report",
  description:
    "Outline of a source file: symbols with kind, line range, signature, first doc sentence, exported, members; callbacks; imports; recommendedReads. Use before reading an unfamiliar file, then read_symbol what you need.",
  params: {
    file: z.string().describe("Source file path"),
    view: z.string().optional().describe("json (default) | compact (text, ~4x smaller) | summary (top level only)"),
    focus: z.string().optional().describe("Terms that steer recommendedReads"),
    maxRefsPerSymbol: z.number().min(0).optional().describe("Cap on usedBy per symbol"),
  },
  guidelines: [
    "Use module_report before reading an unfamiliar source file over ~150 lines: its outline (with line ranges) costs a fraction of the file; then read_symbol or read with offset/limit for the parts you need.",
    "For a short file (module_report warns when it is) a plain read is cheaper than module_report.",
  ],
  async run(lens, args) {
    const report = await lens.moduleReport(args.file, {
      focus: args.focus,
      maxRefs: args.maxRefsPerSymbol === undefined ? undefined : Math.floor(args.maxRefsPerSymbol),
    });
    if (!report.available) {
      const warn = report.warnings?.length ? `\nwarnings: ${report.warnings.join("; ")}` : "";
      return errorOutput("module_report", `${report.path}: ${report.error ?? "unavailable"}${warn}`, report);
    }
    const view = args.view ?? lens.defaultView;
    if (!lens.viewNames().includes(view)) return errorOutput("module_report", `unknown view "${view}" (available: ${lens.viewNames().join(", ")})`);
    const s = report.summary!;
    const summary = `module_report ${report.path}  ${counts([[s.symbols, "symbols"], [s.exports, "exported"], [report.callbacks?.length ?? 0, "callbacks"]])}`;
    return { summary, body: lens.render(report, view), details: report };
  },
});
