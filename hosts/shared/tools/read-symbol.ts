import { z } from "zod";
import { formatReadSymbol } from "../../../core/read-symbol.js";
import { defineTool, errorOutput } from "../tool.js";

export const readSymbol = defineTool({
  name: "read_symbol",
  title: "Read symbol",
  description:
    "Verbatim source of one symbol with its doc comment: a name, a qualified name (Class.method, Outer.Inner.fn), a callback handle from module_report (events.on@164) or name@line (one of several same-named symbols; the handles json lists in apiNames/internalNames). A miss suggests close names.",
  params: {
    file: z.string().describe("Source file path"),
    symbol: z.string().min(1).describe("Symbol name"),
    kind: z.string().optional().describe("Pick one of same-named symbols (function, class, method, …)"),
  },
  guidelines: [
    "Use read_symbol to read one function, class or method by name instead of reading the whole file; it returns exactly the declaration's lines with its doc comment.",
  ],
  async run(lens, args, ctx) {
    const r = await lens.readSymbol(args.file, args.symbol, { kind: args.kind, session: ctx.session });
    if (r.error) return errorOutput("read_symbol", r.error, r);
    if (!r.found) return errorOutput("read_symbol", formatReadSymbol(r), r);
    const lines = r.endLine! - r.startLine! + 1;
    const amb = r.ambiguous ? ` · ${r.ambiguous.count} named so (pass kind)` : "";
    return {
      summary: `read_symbol ${r.name}  ${r.path}:${r.startLine}-${r.endLine} · ${lines} lines${amb}`,
      body: formatReadSymbol(r),
      details: r,
      shown: { file: args.file, startLine: r.startLine!, endLine: r.endLine! },
    };
  },
});
