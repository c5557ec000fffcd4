/**
 * The `pilens` command line: thin over the Lens. Errors go to stderr; exit 1 for bad input,
 * 2 for usage. Output goes to stdout (JSON Lines for `report --view json` with several files).
 */
import { parseArgs } from "node:util";
import { cacheBase } from "../../core/cache-base.js";
import { errorMessage } from "../../core/engine.js";
import { argPaths, shownIo } from "./shown-paths.js";
import { PilensError } from "../../core/files.js";
import { UsageError, type Io } from "./command.js";
import { commands } from "./commands/index.js";
import { PILENS_VERSION } from "../shared/version.js";

export { runLaneWorker } from "./commands/report.js";

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "pilens — read code the way a developer uses an IDE",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Usage:",
    ...commands.map((c) => `  ${c.usage}`),
    "",
    "`pilens <command> --help` for one command; `pilens --version` says the version.",
  ].join("\n");
}

const stdio: Io = { out: (s) => write(process.stdout, s), err: (s) => write(process.stderr, s) };

/**
 * A line to stdout or stderr. A closed pipe (`pilens report … | head -c 100`) ends the command: a pipe's
 * write is synchronous here and destroys the stream at once, but the `error` event bin/pilens.cjs exits
 * on waits for a tick a batch of reports (promises resolved one after another) would not give until
 * its last file.
 */
function write(stream: NodeJS.WriteStream, s: string): void {
  stream.write(s + "\n");
  if ((stream.errored as NodeJS.ErrnoException | null)?.code === "EPIPE") process.exit(process.exitCode ?? 0);
}

export async function main(argv: string[], raw: Io = stdio): Promise<number> {
  const [name, ...rest] = argv;
  // (A path holding a newline shown escaped in the text: shown-paths.ts.)
  const io = shownIo(raw, argPaths(rest, new Set()));
  if (!name) {
    io.err(help());
    return 2;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(help());
    return 0;
  }
  if (name === "--version" || name === "-v") {
    io.out(PILENS_VERSION);
    return 0;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    io.err(`pilens: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  try {
    const parsed = parseArgs({ args: rest, options: cmd.options, allowPositionals: true, strict: true });
    if (parsed.values.help) {
      io.out(`${cmd.usage}\n\n${cmd.summary}${cmd.help ? `\n\n${cmd.help}` : ""}`);
      return 0;
    }
    return await cmd.run(parsed as { values: Record<string, unknown>; positionals: string[] }, io);
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    if (e instanceof UsageError || code.startsWith("ERR_PARSE_ARGS") || (e instanceof PilensError && e.code === "usage")) {
      io.err(`pilens ${name}: ${(e as Error).message}\nusage: ${cmd.usage}`);
      return 2;
    }
    // (A cache folder it may not write: say how to give it another.)
    const cacheHint = (code === "EACCES" || code === "EROFS" || code === "EPERM") && String((e as { path?: string }).path ?? "").startsWith(cacheBase()) ? " — the cache folder is not writable here: set PILENS_CACHE_DIR to a folder that is" : "";
    io.err(`pilens ${name}: ${errorMessage(e)}${cacheHint}`);
    return 1;
  }
}
