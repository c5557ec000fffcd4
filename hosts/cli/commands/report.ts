import { errorMessage } from "../../../core/engine.js";
import { holdFileChecks } from "../../../core/imports.js";
import { Lenses, UsageError, commonOptions, wholeOption, type Command } from "../command.js";

export const report: Command = {
  name: "report",
  summary: "outline of one or more files (symbols, signatures, docs, callbacks, imports)",
  usage: "pilens report <file>... [--view json|compact|summary] [--detail auto|full] [--focus TEXT] [--offset LINE] [--max-bytes N] [--max-refs N] [--blast-radius] [--depth N] [--cwd DIR]",
  options: { ...commonOptions, view: { type: "string" }, detail: { type: "string" }, focus: { type: "string" }, offset: { type: "string" }, "max-bytes": { type: "string" }, "max-refs": { type: "string" }, "blast-radius": { type: "boolean" }, depth: { type: "string" } },
  async run({ values, positionals }, io) {
    if (!positionals.length) throw new UsageError("report needs at least one file");
    const detail = (values.detail as string | undefined) ?? "auto";
    if (detail !== "auto" && detail !== "full") throw new UsageError(`--detail must be auto or full (got "${detail}")`);
    // Each file is read once: keep no analyses (they would only give the GC more to copy).
    const lenses = Lenses.from(values, { cacheSize: 0 });
    // One shot: imports resolve against folder listings taken once (a stat per candidate path cost more).
    holdFileChecks();
    // The CLI has no size cap unless asked (scripts read whole reports); --offset outlines from a line on.
    const offset = wholeOption(values, "offset", 1);
    const maxBytes = wholeOption(values, "max-bytes", 0);
    let failed = 0;
    // Text views of several files say a warning repeated verbatim (no project graph) once per project,
    // on the first report that has it; JSON lines keep every report whole.
    const said = new Map<unknown, Set<string>>();
    for (const file of positionals) {
      const lens = await lenses.forFile(file);
      const view = (values.view as string | undefined) ?? lens.defaultView;
      const problem = lens.viewProblem(view);
      if (problem) throw new UsageError(problem);
      const maxRefs = wholeOption(values, "max-refs", 0);
      const depth = wholeOption(values, "depth");
      const report = await lens.moduleReport(file, { focus: values.focus as string | undefined, maxRefs, blastRadius: values["blast-radius"] === true, blastRadiusDepth: depth });
      if (!report.available) {
        failed++;
        io.err(`pilens: ${file}: ${report.error}`);
      }
      let batch: Set<string> | undefined;
      if (positionals.length > 1 && view !== "json") {
        batch = said.get(lens) ?? new Set();
        said.set(lens, batch);
      }
      let text: string;
      try {
        text = lens.render(report, view, { detail, focus: values.focus, said: batch, offset, maxBytes });
      } catch (e) {
        // A (third-party) renderer that fails on one file costs that file, not the rest of the batch.
        if (report.available) failed++;
        io.err(`pilens: ${file}: ${errorMessage(e)}`);
        continue;
      }
      io.out(text);
    }
    return failed ? 1 : 0;
  },
};
