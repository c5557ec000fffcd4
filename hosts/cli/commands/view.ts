import { VIEW_MODES, type ViewMode } from "../../../core/view/modes.js";
import { Lenses, UsageError, commonOptions, wholeOption, type Command } from "../command.js";
import { jsonLine } from "../../../core/text.js";
import { withCliHints } from "../hints.js";

export const view: Command = {
  name: "view",
  summary: "read a file at a tier: full (verbatim), signatures, map, or auto (by size and kind)",
  usage: "pilens view <file> [--mode full|signatures|map|auto] [--offset N] [--limit N] [--json] [--cwd DIR]",
  help: [
    "--mode MODE         auto (default: small files and non-code full, medium code signatures, large code map),",
    "                    full (the lines verbatim), signatures (every declaration with its lines) or map",
    "                    (imports and top-level declarations)",
    "--offset N          first line (1-based); --limit N: number of lines",
    "--json              the structured result: requested and served mode, startLine, endLine, totalLines, text, …",
  ].join("\n"),
  options: { ...commonOptions, mode: { type: "string" }, offset: { type: "string" }, limit: { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError("view needs one <file>");
    const mode = (values.mode as string | undefined) ?? "auto";
    if (!VIEW_MODES.includes(mode as ViewMode)) throw new UsageError(`--mode takes ${VIEW_MODES.join("|")}`);
    const file = positionals[0]!;
    const lens = await Lenses.from(values).forFile(file);
    const r = withCliHints(await lens.view(file, { mode: mode as ViewMode, offset: wholeOption(values, "offset"), limit: wholeOption(values, "limit") }), file);
    io.note?.(r);
    if (r.error) {
      io.err(`pilens: ${r.error}`);
      return 1;
    }
    if (values.json) {
      io.out(jsonLine(r));
      return 0;
    }
    // stdout carries exactly what the agent would get; `full` reproduces the lines byte for byte.
    if (r.note) io.err(`pilens: ${r.note}`);
    io.out(r.text.endsWith("\n") ? r.text.slice(0, -1) : r.text);
    return 0;
  },
};
