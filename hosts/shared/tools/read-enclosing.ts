import { z } from "zod";
import { DEFAULT_AROUND, formatReadEnclosing, OVERSIZE_MODES } from "../../../core/read-enclosing.js";
import { positionOf } from "../../../core/path-hints.js";
import { asList, defineTool, errorOutput, stringList, whole, withoutHeader } from "../tool.js";
import { withHostHints } from "../host-terms.js";

export const readEnclosing = defineTool({
  name: "read_enclosing",
  title: "Read enclosing",
  description:
    "Verbatim source of the smallest function, class or callback containing a line (from a stack trace, grep hit or diagnostic), doc comment included.",
  params: {
    file: z.string().describe("Source file path"),
    line: whole(1).optional().describe("1-based line (or pass file as path:line[:column])"),
    column: whole(1).optional().describe("1-based column (a stack trace's line:column): picks among symbols side by side on one line (minified code)"),
    kinds: stringList().optional().describe("Only these kinds (function, type, callback, class, …)"),
    maxLines: whole(1).optional().describe("Largest symbol returned whole, in lines (default 300)"),
    onOversize: z.enum(OVERSIZE_MODES as [string, ...string[]]).optional().describe("Over maxLines: slice around the line (default) | outline (its nested symbols) | error (no body)"),
    aroundLine: whole(1).optional().describe(`Lines in the slice around the line (default ${DEFAULT_AROUND})`),
  },
  guidelines: [
    "Use read_enclosing when you have a line number (stack trace, grep -n hit, compiler error) and need the whole function or class around it, instead of guessing an offset/limit.",
  ],
  async run(lens, args, ctx) {
    // `app.js:6[:10]` (a stack trace's or grep -n's form) without `line`: the position is in the path.
    const pos = args.line === undefined ? positionOf(args.file) : undefined;
    const line = args.line ?? pos?.line;
    if (line === undefined) return errorOutput("read_enclosing", "bad arguments: line: required — pass line, or file as path:line[:column]");
    const r = await lens.readEnclosing(args.file, line, {
      session: ctx.session,
      kinds: asList(args.kinds),
      maxLines: args.maxLines,
      onOversize: args.onOversize as (typeof OVERSIZE_MODES)[number] | undefined,
      aroundLine: args.aroundLine,
      column: args.column ?? pos?.column,
    });
    withHostHints(r, ctx.session?.toolName("view") ?? "view");
    if (r.error) return errorOutput("read_enclosing", r.error, r);
    if (!r.found) return errorOutput("read_enclosing", formatReadEnclosing(r), r);
    const shownRange = r.source === undefined && !r.unchanged ? undefined : (r.partial ?? { startLine: r.startLine!, endLine: r.endLine! });
    const span = shownRange ? `${shownRange.startLine}-${shownRange.endLine}` : `${r.startLine}-${r.endLine} (outline only)`;
    return {
      // What was served: an outline of a body that declares nothing is a slice.
      summary: `read_enclosing ${r.kind} ${r.name}  ${r.path}:${span}${r.oversize ? ` · oversize ${r.oversize.lines} lines, ${r.partial ? "slice" : r.outline ? "outline" : "not shown"}` : ""}`,
      body: withoutHeader(formatReadEnclosing(r)),
      details: r,
      shown: shownRange ? { file: args.file, ...shownRange } : undefined,
    };
  },
});
