import { Lenses, UsageError, commonOptions, type Command } from "../command.js";
import { jsonLine } from "../../../core/text.js";

export const indexCommand: Command = {
  name: "index",
  summary: "build or refresh the project graph and word index (usedBy, blastRadius, search)",
  usage: "pilens index [--rebuild] [--json] [--cwd DIR]",
  help: [
    "Indexes the project of --cwd or the current folder (the nearest folder with .git, .pilensrc or package.json)",
    "into ~/.cache/pilens ($PILENS_CACHE_DIR, $XDG_CACHE_HOME/pilens); again, it parses only what changed.",
    "Ctrl-C keeps what it parsed: the next index parses the rest.",
    "--rebuild           parse every file again",
    "--json              the result as JSON",
  ].join("\n"),
  options: { ...commonOptions, rebuild: { type: "boolean" }, json: { type: "boolean" } },
  async run({ values, positionals }, io) {
    if (positionals.length) throw new UsageError("index takes no file arguments (it indexes the project of --cwd or the current folder)");
    const lens = await Lenses.from(values).home();
    const tty = process.stderr.isTTY === true;
    let last = 0;
    // Ctrl-C (or SIGTERM) stops the build and commits what it parsed: the next `pilens index` parses the
    // rest. A second one ends the process at once (the signal's default).
    let stoppedBy: NodeJS.Signals | undefined;
    const onSignal = (signal: NodeJS.Signals) => {
      stoppedBy ??= signal;
      unlisten();
      void lens.stopIndex();
    };
    const unlisten = () => (process.removeListener("SIGINT", onSignal), process.removeListener("SIGTERM", onSignal));
    process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
    const exitCode = () => (stoppedBy ? 128 + (stoppedBy === "SIGINT" ? 2 : 15) : 0);
    const r = await lens.index({
      rebuild: values.rebuild === true,
      warmSearch: false, // this process ends here: nothing will search
      onProgress: tty
        ? (done, total) => {
            const now = Date.now();
            if (now - last < 100 && done < total) return;
            last = now;
            const width = 30;
            const fill = total ? Math.round((done / total) * width) : width;
            process.stderr.write(`\r[${"#".repeat(fill)}${" ".repeat(width - fill)}] ${done}/${total} files`);
          }
        : undefined,
    }).catch((e: unknown) => {
      // Stopped while waiting for another process's build: nothing of ours to keep.
      if (!stoppedBy) throw e;
      io.err(`pilens index: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }).finally(unlisten);
    if (!r) return exitCode();
    if (tty) process.stderr.write("\r\x1b[K");
    io.note?.(r);
    if (values.json) io.out(jsonLine(r));
    else if (r.unfinished) io.out(`stopped: indexed ${r.files} file${r.files === 1 ? "" : "s"} in ${r.root} (${r.parsed} parsed, ${r.unfinished} left for the next pilens index) in ${r.ms} ms`);
    else io.out(`indexed ${r.files} file${r.files === 1 ? "" : "s"} in ${r.root} (${r.parsed} parsed, ${r.reused} unchanged, ${r.removed} removed) in ${r.ms} ms`);
    for (const w of r.warnings) io.err(`pilens index: warning: ${w}`);
    // (As a process ended by the signal would: 128 + its number.)
    return exitCode();
  },
};
