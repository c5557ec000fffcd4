import { OVERSIZE_MODES, READ_SYMBOL_MAX_LINES } from "../../../core/oversize.js";
import { SYMBOL_KINDS } from "../../../core/types.js";
import { formatReadSymbol } from "../../../core/read-format.js";
import type { OversizeMode } from "../../../core/types.js";
import { Lenses, UsageError, commonOptions, wholeOption, type Command } from "../command.js";
import { jsonLine } from "../../../core/text.js";
import { withCliHints } from "../hints.js";

export const read: Command = {
  name: "read",
  summary: "the verbatim source of one symbol (doc comment included)",
  usage: "pilens read <file> <symbol> [--kind KIND] [--max-lines N] [--on-oversize outline|slice|error] [--json] [--cwd DIR]",
  help: [
    "<symbol>            a name (fire), a qualified name (Class.method, Outer.Inner.fn), a callback handle",
    "                    from `pilens report` (events.on@164), or name@line (one of several same-named symbols)",
    `--kind KIND         pick one of same-named symbols: ${SYMBOL_KINDS.join(", ")}, callback`,
    "                    (the compact view's fn, iface, const, … too)",
    `--max-lines N       largest symbol printed whole (default ${READ_SYMBOL_MAX_LINES})`,
    "--on-oversize MODE  over --max-lines: outline (default: its nested symbols with their lines),",
    "                    slice (its first --max-lines lines) or error (not printed; exit 1)",
    "--json              the structured result: found, path, name, kind, startLine, endLine, source, …",
    "A miss exits 1 and suggests close names.",
  ].join("\n"),
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
    io.note?.(r);
    if (values.json) io.out(jsonLine(r));
    else if (r.found && !refused) io.out(formatReadSymbol(r));
    if (r.error) io.err(`pilens: ${r.error}`);
    else if (!r.found || refused) io.err(`pilens: ${formatReadSymbol(r)}`);
    return r.found && !refused ? 0 : 1;
  },
};
