import { commonOptions, cwdOf, type Command } from "../command.js";

export const mcp: Command = {
  name: "mcp",
  summary: "MCP server on stdio (tools pilens_module_report, pilens_read_symbol, …)",
  usage: "pilens mcp [--cwd DIR]",
  options: { ...commonOptions },
  async run({ values }) {
    // Lazy: the SDK loads only for this command.
    const { serveStdio } = await import("../../mcp/server.js");
    await serveStdio({ cwd: cwdOf(values) });
    return 0;
  },
};
