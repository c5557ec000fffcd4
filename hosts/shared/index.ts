/**
 * Every agent tool, in listing order. Both hosts serve exactly this table: adding a tool is one
 * file in tools/ and one entry here (contract.md "Tool names").
 */
import type { ToolSpec } from "./tool.js";
import { moduleReport } from "./tools/module-report.js";
import { readSymbol } from "./tools/read-symbol.js";

export const TOOLS: ToolSpec<any>[] = [
  moduleReport,
  readSymbol,
  // read_enclosing: the read-tools engineer adds `readEnclosing` (tools/read-enclosing.ts) here when
  // `lens.readEnclosing` lands. symbol_search and view join the same way.
];

export { runTool } from "./run.js";
export type { ToolOutput, ToolSpec } from "./tool.js";
