import { DEFAULT_AROUND, formatReadEnclosing, OVERSIZE_MODES, type OversizeMode } from "../../../core/read-enclosing.js";
import { DEFAULT_MAX_LINES } from "../../../core/oversize.js";
import { Lenses, UsageError, commonOptions, wholeOption, type Command } from "../command.js";
import { jsonLine } from "../../../core/text.js";
import { positionOf } from "../../../core/path-hints.js";
import { withCliHints } from "../hints.js";

export const enclosing: Command = {
  name: "enclosing",
  summary: "the smallest symbol or callback containing a line (doc comment included)",
  usage: "pilens enclosing <file> <line>[:<column>] | <file>:<line>[:<column>] [--column N] [--kinds k1,k2] [--max-lines N] [--on-oversize slice|outline|error] [--around-line N] [--json] [--cwd DIR]",
  help: [
    "<line>[:<column>]   1-based; the column picks among symbols side by side on one line (minified code).",
    "                    `app.js:6` or `app.js:6:10` in one argument works too (stack traces, grep -n, tsc).",
    "--kinds k1,k2       only these kinds: a vocabulary kind (method, class, …), a callback kind, or a group:",
    "                    function (functions, methods, constructors, callbacks), type (class, struct, interface,",
    "                    enum, …), callback; the compact view's fn, iface, … too; method takes constructors",
    `--max-lines N       largest symbol printed whole (default ${DEFAULT_MAX_LINES})`,
    `--on-oversize MODE  over --max-lines: slice (default: --around-line lines around the line, default ${DEFAULT_AROUND}),`,
    "                    outline (its nested symbols with their lines) or error (no body: exit 1)",
    "--json              the structured result: found, path, name, kind, startLine, endLine, parentChain, source, …",
    "A line outside every symbol exits 1 with the line's text and the nearest symbols before and after it.",
  ].join("\n"),
  options: {
    ...commonOptions,
    kinds: { type: "string" },
    "max-lines": { type: "string" },
    "on-oversize": { type: "string" },
    "around-line": { type: "string" },
    column: { type: "string" },
    json: { type: "boolean" },
  },
  async run({ values, positionals }, io) {
    // `app.js:6` or `app.js:6:10` in one, as stack traces, grep -n and tsc print it (a file whose name
    // is that, colon and all, is still read: the core strips the position only from a path that is no file).
    const pos = positionals.length === 1 ? positionOf(positionals[0]!) : undefined;
    if (positionals.length !== 2 && !pos) throw new UsageError("enclosing needs <file> <line> (or <file>:<line>[:<column>])");
    const [file, lineText] = pos ? [positionals[0]!, `${pos.line}${pos.column ? `:${pos.column}` : ""}`] : (positionals as [string, string]);
    // `1:12345`, as a stack trace writes it, or --column.
    const [linePart, columnPart] = lineText.split(":") as [string, string | undefined];
    const line = Number(linePart);
    if (!Number.isInteger(line) || line < 1) throw new UsageError(`<line> must be a whole number ≥ 1 (got ${lineText})`);
    const column = columnPart !== undefined ? Number(columnPart) : wholeOption(values, "column");
    if (column !== undefined && (!Number.isInteger(column) || column < 1)) throw new UsageError(`<column> must be a whole number ≥ 1 (got ${columnPart})`);
    const mode = values["on-oversize"] as string | undefined;
    if (mode !== undefined && !OVERSIZE_MODES.includes(mode as OversizeMode)) throw new UsageError(`--on-oversize takes ${OVERSIZE_MODES.join("|")}`);
    const kinds = (values.kinds as string | undefined)?.split(",").map((k) => k.trim()).filter(Boolean);
    const lens = await Lenses.from(values).forFile(file);
    const r = withCliHints(await lens.readEnclosing(file, line, {
      kinds, maxLines: wholeOption(values, "max-lines"), onOversize: mode as OversizeMode | undefined, aroundLine: wholeOption(values, "around-line"), column,
    }), pos?.file ?? file);
    // `--on-oversize error` passed: a symbol over --max-lines is not read — a failure for the script that asked so.
    const refused = r.found && mode === "error" && r.oversize?.mode === "error";
    io.note?.(r);
    if (values.json) io.out(jsonLine(r));
    else if (r.found && !refused) io.out(formatReadEnclosing(r));
    if (r.error) io.err(`pilens: ${r.error}`);
    // (A line outside every symbol is a miss, on stderr as read's: contract.md's errors.)
    else if (!r.found || refused) io.err(`pilens: ${formatReadEnclosing(r)}`);
    return r.error || refused ? 1 : r.found ? 0 : 1;
  },
};
