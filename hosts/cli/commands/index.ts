/** Every CLI subcommand, in help order. Add a command: one file in this folder, one line here. */
import type { Command } from "../command.js";
import { report } from "./report.js";
import { read } from "./read.js";
import { enclosing } from "./enclosing.js";
import { view } from "./view.js";
import { mcp } from "./mcp.js";
import { indexCommand } from "./build-index.js";
import { search } from "./search.js";

export const commands: Command[] = [report, read, enclosing, view, search, indexCommand, mcp];
