import { formatLedger } from "../../../core/view/index.js";
import { defineTool, errorOutput } from "../tool.js";

/** The read-tier savings ledger of this conversation (pi has the `/pilens-savings` command instead). */
export const savings = defineTool({
  name: "savings",
  title: "Read savings",
  hosts: ["mcp"],
  description: "Tokens the view tiers, unchanged-read stubs and diffs saved in this session, net of bounces (compressed reads re-read in full).",
  params: {},
  guidelines: [],
  async run(_lens, _args, ctx) {
    if (!ctx.session) return errorOutput("savings", "no read session in this host (savings are counted per MCP connection or pi session)");
    const l = ctx.session.ledger;
    return {
      summary: `savings: net ${l.netSavedTokens} tokens over ${l.reads} reads (gross ${l.grossSavedTokens}, bounces −${l.bounceTokens})`,
      body: formatLedger(l),
      details: { ledger: { ...l }, bounces: ctx.session.bounceStats() },
    };
  },
});
