import { OVERSIZE_MODES } from "../../../core/oversize.js";
import { formatReadSymbol } from "../../../core/read-symbol.js";
import type { OversizeMode } from "../../../core/types.js";
import { Lenses, UsageError, commonOptions, wholeOption, type Command } from "../command.js";
import { jsonLine } from "../../../core/text.js";
import { withCliHints } from "../hints.js";

export const read: Command = {
  name: "read",
  summary: "the verbatim source of one symbol (doc comment included)",
  usage: "pilens read <file> <symbol> [--kind KIND] [--max-lines N] [--on-oversize outline|slice|error] [--json] [--cwd DIR]",
  options: { ...commonOptions, kind: { type: "string" }, "max-lines": { type: "string" }, "on-oversize": { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }, io) {
    if (positionals.length !== 2) throw new UsageError("read needs <file> <symbol>");
    const [file, symbol] = positionals as [string, string];
    const mode = values["on-oversize"] as string | undefined;
    if (mode !== undefined && !OVERSIZE_MODES.includes(mode as OversizeMode)) throw new UsageError(`--on-oversize takes ${OVERSIZE_MODES.join("|")}`);
    const lens = await Lenses.from(values).forFile(file);
    const r = withCliHints(await lens.readSymbol(file, symbol, { kind: values.kind as string | undefined, maxLines: wholeOption(values, "max-lines"), onOversize: mode as OversizeMode | undefined }), file);
    // `--on-oversize error` passed: a symbol over --max-lines is not read — a failure for the script that asked so.
    const refused = r.found && mode === "error" && r.oversize?.mode === "error";
    if (values.json) io.out(jsonLine(r));
    else if (r.found && !refused) io.out(formatReadSymbol(r));
    if (r.error) io.err(`pilens: ${r.error}`);
    else if (!r.found || refused) io.err(`pilens: ${formatReadSymbol(r)}`);
    return r.found && !refused ? 0 : 1;
  },
};
