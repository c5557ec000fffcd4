/**
 * Every agent tool, in listing order. Both hosts serve exactly this table: adding a tool is one
 * file in tools/ and one entry here (contract.md "Tool names").
 */
import type { ToolSpec } from "./tool.js";
import { moduleReport } from "./tools/module-report.js";
import { readSymbol } from "./tools/read-symbol.js";
import { readEnclosing } from "./tools/read-enclosing.js";
import { view } from "./tools/view.js";
import { savings } from "./tools/savings.js";
import { symbolSearch } from "./tools/symbol-search.js";

export const TOOLS: ToolSpec<any>[] = [
  moduleReport,
  readSymbol,
  readEnclosing,
  view,
  symbolSearch,
  savings,
];

export { runTool } from "./run.js";
export type { ToolOutput, ToolSpec } from "./tool.js";
