import { z } from "zod";
import { OVERSIZE_MODES } from "../../../core/oversize.js";
import { formatReadSymbol } from "../../../core/read-format.js";
import type { OversizeMode } from "../../../core/types.js";
import { defineTool, errorOutput, whole, withoutHeader } from "../tool.js";
import { withHostHints } from "../host-terms.js";

export const readSymbol = defineTool({
  name: "read_symbol",
  title: "Read symbol",
  description:
    "Verbatim source of one symbol with its doc comment: a name, a qualified name (Class.method, Outer.Inner.fn), a callback handle from module_report (events.on@164) or name@line (one of several same-named symbols; the handles json lists in apiNames/internalNames). A miss suggests close names. Once the project is indexed, a line under the header names its users (file:line symbol). Over maxLines: its nested symbols (outline) by default.",
  params: {
    file: z.string().describe("Source file path"),
    symbol: z.string().min(1).describe("Symbol name"),
    kind: z.string().optional().describe("Pick one of same-named symbols (function, class, method, …)"),
    maxLines: whole(1).optional().describe("Largest symbol returned whole, in lines (default 1000)"),
    onOversize: z.enum(OVERSIZE_MODES as [string, ...string[]]).optional().describe("Over maxLines: outline (default) | slice (its first lines) | error"),
  },
  guidelines: [
    "Use read_symbol to read one function, class or method by name instead of reading the whole file; it returns exactly the declaration's lines with its doc comment.",
  ],
  async run(lens, args, ctx) {
    const r = await lens.readSymbol(args.file, args.symbol, { kind: args.kind, session: ctx.session, maxLines: args.maxLines, onOversize: args.onOversize as OversizeMode | undefined, maxBytes: lens.settings.maxAnswerBytes || undefined });
    // (Its notes in this host's terms: no CLI command, the read tier as the host names it.)
    withHostHints(r, ctx.session?.toolName("view") ?? "view");
    if (r.error) return errorOutput("read_symbol", r.error, r);
    if (!r.found) return errorOutput("read_symbol", formatReadSymbol(r), r);
    const shownRange = r.source === undefined && !r.unchanged ? undefined : (r.partial ?? { startLine: r.startLine!, endLine: r.endLine! });
    const span = shownRange ? `${shownRange.startLine}-${shownRange.endLine}` : `${r.startLine}-${r.endLine} (outline only)`;
    const lines = r.endLine! - r.startLine! + 1;
    const size = r.oversize ? ` · oversize ${r.oversize.lines} lines, ${r.partial ? "slice" : r.outline ? "outline" : "not shown"}` : ` · ${lines} line${lines === 1 ? "" : "s"}`;
    // The text's own header (`method A.load  a.ts:8-15`) said once, in the summary: the kind before the name.
    // (Same-named symbols: the note under it says how many and how to pick — not said twice.)
    return {
      summary: `read_symbol ${r.kind} ${r.name}  ${r.path}:${span}${size}`,
      body: withoutHeader(formatReadSymbol(r)),
      details: r,
      shown: shownRange ? { file: args.file, ...shownRange } : undefined,
    };
  },
});
