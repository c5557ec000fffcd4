import { z } from "zod";
import { counts, defineTool, errorOutput, whole } from "../tool.js";
import { hostHints } from "../host-terms.js";

export const moduleReport = defineTool({
  name: "module_report",
  title: "Module report",
  description:
    "Outline of a source file: symbols with kind, line range, signature, first doc sentence, exported, members; callbacks; imports; recommendedReads. Use before reading an unfamiliar file, then read_symbol what you need.",
  params: {
    file: z.string().describe("Source file path"),
    view: z
      .string()
      .optional()
      .describe("json (default; structured for scripts: every symbol stays an entry, ~1/6 to 2/3 of a large file — more than the file itself for most small ones) | compact (text, ~1/15 of the file: the cheapest whole outline, to read; use it for small files and quick looks) | summary (JSON of the top-level entries, ~1/24 of the file — a class holding most of the file lists its members by name, so it can cost more than compact)"),
    detail: z
      .enum(["auto", "full"])
      .optional()
      .describe("auto (default): the outline stays a small fraction of the file — low-priority signatures, docs and members are left out and counted in `detail`; full: everything"),
    focus: z.string().optional().describe("Terms that steer recommendedReads and which symbols keep full detail"),
    maxRefsPerSymbol: whole(0).optional().describe("Cap on usedBy per symbol (default 10, at most 50 kept; a cut list has one use per file first and usedByTotal). A use's relation `extends` is a subclass or implementer"),
    blastRadius: z.boolean().optional().describe("Add blastRadius: the files that may break if this one changes (importers, then theirs), from the project graph"),
    blastRadiusDepth: whole(1, 6).optional().describe("With blastRadius: how many importer hops to follow (default 3)"),
    offset: whole(1).optional().describe("Outline the symbols from this line on (a capped report of a huge file says the offset that continues it)"),
  },
  guidelines: [
    "Use module_report before reading an unfamiliar source file over ~150 lines: its outline (with line ranges) costs a fraction of the file; then read_symbol or read with offset/limit for the parts you need.",
    "For a short file (module_report warns when it is) a plain read is cheaper than module_report.",
    "To read an outline yourself pass view \"compact\": it carries the signatures for a fraction of json's tokens (json is for scripts, and on a small file costs more than the file).",
    "One module_report is at most one read (50 KB): on a huge file it outlines the lines that fit and says `continue with offset=N`.",
    "module_report stays a small fraction of the file: on dense files low-priority signatures, docs and members come by name or as counts (`detail` says what was left out). Pass focus with the names you care about to see those in full, or detail: \"full\" for everything.",
  ],
  async run(lens, args, ctx) {
    const viewTool = ctx.session?.toolName("view") ?? "view";
    const report = await lens.moduleReport(args.file, {
      focus: args.focus,
      maxRefs: args.maxRefsPerSymbol,
      blastRadius: args.blastRadius === true,
      blastRadiusDepth: args.blastRadiusDepth,
      // A long-lived host's graph follows the files: a file edited since it was indexed is re-indexed first.
      refreshGraph: true,
    });
    if (!report.available) {
      const warn = report.warnings?.length ? `\nwarnings: ${report.warnings.map((w) => hostHints(w, viewTool)).join("; ")}` : "";
      // (Bad-input errors name the file already: "file not found: /x/a.py".)
      let error = report.error ?? "unavailable";
      // Not code pilens outlines (README.md, a .yaml): the read tool serves it.
      if (error.startsWith("no language pack")) error += ` — read it directly (${viewTool}): non-code files come whole`;
      error = hostHints(error, viewTool);
      return errorOutput("module_report", `${error.includes(report.path) ? error : `${report.path}: ${error}`}${warn}`, report);
    }
    const view = args.view ?? lens.defaultView;
    const problem = lens.viewProblem(view);
    if (problem) return errorOutput("module_report", problem);
    const s = report.summary!;
    const summary = `module_report ${report.path}  ${counts([[s.symbols, "symbols"], [s.exports, "exported"], [report.callbacks?.length ?? 0, "callbacks"]])}`;
    return { summary, body: lens.render(report, view, { detail: args.detail ?? "auto", focus: args.focus, offset: args.offset, maxBytes: lens.settings.maxAnswerBytes }), details: report };
  },
});
