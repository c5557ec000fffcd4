import { formatReadSymbol } from "../../../core/read-symbol.js";
import { Lenses, UsageError, commonOptions, type Command } from "../command.js";
import { jsonLine } from "../../../core/text.js";

export const read: Command = {
  name: "read",
  summary: "the verbatim source of one symbol (doc comment included)",
  usage: "pilens read <file> <symbol> [--kind KIND] [--json] [--cwd DIR]",
  options: { ...commonOptions, kind: { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }, io) {
    if (positionals.length !== 2) throw new UsageError("read needs <file> <symbol>");
    const [file, symbol] = positionals as [string, string];
    const lens = await Lenses.from(values).forFile(file);
    const r = await lens.readSymbol(file, symbol, { kind: values.kind as string | undefined });
    if (values.json) io.out(jsonLine(r));
    else if (r.found) io.out(formatReadSymbol(r));
    if (r.error) io.err(`pilens: ${r.error}`);
    else if (!r.found) io.err(`pilens: ${formatReadSymbol(r)}`);
    return r.found ? 0 : 1;
  },
};
