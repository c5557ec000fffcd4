import { z } from "zod";
import { VIEW_MODES } from "../../../core/view/modes.js";
import { sizeAndReason } from "../../../core/view/index.js";
import { defineTool, errorOutput, whole } from "../tool.js";

/** Most lines / bytes one full window sends (pi's read: 2000 lines, 50 KB). */
const MAX_FULL = { lines: 2000, bytes: 50 * 1024 };

export const view = defineTool({
  name: "view",
  title: "View file",
  // In pi, our `read` tool serves the same tiers under pi's own tool name (hosts/pi/read-tool.ts).
  hosts: ["mcp"],
  description:
    "Read a file at a fidelity tier: full (verbatim window), signatures (every declaration with line ranges), map (imports + top-level declarations), or auto (by size and kind; escalates after you re-read in full). Unchanged re-reads return a short stub, changed ones a diff.",
  params: {
    file: z.string().describe("File path"),
    mode: z.enum(VIEW_MODES as unknown as [string, ...string[]]).optional().describe("full | signatures | map | auto (default auto)"),
    offset: whole(1).optional().describe("First line (1-based)"),
    limit: whole(1).optional().describe(`Number of lines (default to the end; one answer holds at most ${MAX_FULL.lines} lines / ${MAX_FULL.bytes / 1024} KB, its note says where to continue)`),
  },
  guidelines: [
    "Use view with mode auto to look at a large source file cheaply: it shows signatures or a map with line ranges; then read the lines you need with offset/limit or read_symbol. Ask mode full when you need every line.",
  ],
  async run(lens, args, ctx) {
    // One response holds at most what pi's read holds (an MCP client truncates or chokes on megabytes):
    // a longer full window is cut at a line boundary, and the note says where to continue.
    const r = await lens.view(args.file, { mode: args.mode as (typeof VIEW_MODES)[number] | undefined, offset: args.offset, limit: args.limit, session: ctx.session, maxFull: MAX_FULL });
    if (r.error) return errorOutput("view", r.error, r);
    // (In module_report's measure, as auto's reason says the window's size: one number for one file, said once.)
    return {
      summary: `view ${r.path} ${r.served} ${r.startLine}-${r.endLine} of ${r.totalLines}${sizeAndReason(r, r.requested === "auto")}`,
      body: r.note ? `[pilens: ${r.note}]\n${r.text}` : r.text,
      details: r,
      // The lines the agent holds verbatim: a full window, a diff's lines, a stub of either (not of an outline).
      shown: r.held && !r.cutLine ? { file: args.file, ...r.held } : undefined,
    };
  },
});
