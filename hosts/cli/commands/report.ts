import { parseArgs } from "node:util";
import type { MessagePort } from "node:worker_threads";
import { errorMessage } from "../../../core/engine.js";
import { PilensError } from "../../../core/files.js";
import { holdFileChecks } from "../../../core/imports.js";
import { unavailableReport } from "../../../core/report.js";
import { jsonLine } from "../../../core/text.js";
import { Lenses, UsageError, wholeOption, type Command, type Io } from "../command.js";
import { REPORT_OPTIONS, laneWorker, runLanes, type FileOutput } from "../report-lanes.js";
import { catchUp } from "../../../core/graph/freshness.js";
import type { Lens } from "../../../core/engine.js";
import { cliHints, withCliHints } from "../hints.js";

export const report: Command = {
  name: "report",
  summary: "outline of one or more files (symbols, signatures, docs, callbacks, imports)",
  usage: "pilens report <file>... [--view json|compact|summary] [--detail auto|full] [--focus TEXT] [--offset LINE] [--max-bytes N] [--max-refs N] [--blast-radius] [--depth N] [--cwd DIR]",
  help: [
    "<file>...           one or more files: one report each (JSON Lines in the json view); a file that cannot be",
    "                    reported gets its own line with available:false and error, and the batch goes on",
    "--view VIEW         json (default, or .pilensrc defaultView), compact (text: the cheapest to read), summary,",
    "                    or a .pilensrc renderer's view",
    "--detail MODE       auto (default: within the view's detail budget, the rest counted) or full (everything)",
    "--focus TEXT        names or words (space- or comma-separated): those symbols in full, recommended first",
    "--offset LINE       outline the symbols from this line on",
    "--max-bytes N       cap on the printed report (default none): over it, the lines that fit and the --offset",
    "                    that continues",
    "--max-refs N        usedBy listed per symbol (default 10, .pilensrc maxRefsPerSymbol; the graph keeps 50)",
    "--blast-radius      add the files that may break if this one changes (needs the project graph: pilens index)",
    "--depth N           importer hops --blast-radius follows (default 3, at most 6)",
  ].join("\n"),
  options: REPORT_OPTIONS,
  async run({ values, positionals }, io) {
    if (!positionals.length) throw new UsageError("report needs at least one file");
    const one = reporter(values, positionals, undefined, io.note);
    // Each project graph the batch reads is brought up to date first (freshness.ts); then the worker lane may start.
    const notes = await one.catchUp();
    let failed = 0;
    const emit = (o: FileOutput) => {
      if (o.fatal) throw o.fatal.usage ? new UsageError(o.fatal.message) : new Error(o.fatal.message);
      for (const [stream, text] of o.lines) io[stream](text);
      if (o.failed) failed++;
    };
    // A large JSON batch runs on two threads (report-lanes.ts); the output is the same.
    await runLanes(values, positionals, (i, jsonOnly) => one(positionals[i]!, jsonOnly).catch(fatalOf), emit, notes);
    return failed ? 1 : 0;
  },
};

/**
 * Report one file of the batch `files` into what it prints. `jsonOnly` (a lane taking files): a file
 * whose view is not JSON comes back `mainOnly`, for the main thread to report in the order written.
 */
export function reporter(values: Record<string, unknown>, files: string[], laneNotes?: Record<string, string>, note?: Io["note"]): ((file: string, jsonOnly: boolean) => Promise<FileOutput>) & { catchUp(): Promise<Record<string, string>> } {
  const detail = (values.detail as string | undefined) ?? "auto";
  if (detail !== "auto" && detail !== "full") throw new UsageError(`--detail must be auto or full (got "${detail}")`);
  // Each file is read once: keep no analyses (they would only give the GC more to copy).
  const lenses = Lenses.from(values, { cacheSize: 0 });
  // One shot: imports resolve against folder listings taken once (a stat per candidate path cost more).
  holdFileChecks();
  // The CLI has no size cap unless asked (scripts read whole reports); --offset outlines from a line on.
  const offset = wholeOption(values, "offset", 1);
  const maxBytes = wholeOption(values, "max-bytes", 0);
  const maxRefs = wholeOption(values, "max-refs", 0);
  const depth = wholeOption(values, "depth");
  // Text views of several files say a warning repeated verbatim (no project graph, the `.pilensrc`'s) once
  // per project, on the first report that has it; JSON lines keep every report whole.
  const said = new Map<unknown, Set<string>>();
  // Per project: what its graph could not be brought up to date with (freshness.ts). The worker lane
  // takes the main thread's notes: it brought the graphs up to date before the lane started.
  const behind = new Map<Lens, Promise<string | undefined>>();
  const behindOf = (lens: Lens) => {
    let w = behind.get(lens);
    if (!w) behind.set(lens, (w = laneNotes ? Promise.resolve(laneNotes[lens.root]) : catchUp(lens).catch(() => undefined)));
    return w;
  };
  const one = async (file: string, jsonOnly: boolean): Promise<FileOutput> => {
    const lens = await lenses.forFile(file);
    const view = (values.view as string | undefined) ?? lens.defaultView;
    if (jsonOnly && view !== "json") return { lines: [], failed: false, mainOnly: true };
    // An unknown view is a usage error; a broken renderer's view is an error naming the renderer.
    const problem = lens.viewError(view);
    if (problem) throw problem;
    const out: FileOutput = { lines: [], failed: false };
    const late = await behindOf(lens);
    // (moduleReport answers bad input with `available:false`; anything it throws else — a bug, a pack's
    // value no check caught — costs this file its line, not the rest of the batch.)
    const report = withCliHints(await lens.moduleReport(file, { focus: values.focus as string | undefined, maxRefs, blastRadius: values["blast-radius"] === true, blastRadiusDepth: depth }).catch((e: unknown) => unavailableReport(file, `report failed: ${errorMessage(e)}`)), file);
    if (late && report.available) [report.warnings, report.staleness] = [[...(report.warnings ?? []), late], "stale"];
    note?.(report);
    if (!report.available) {
      out.failed = true;
      out.lines.push(["err", `pilens: ${file}: ${report.error}`]);
    }
    let batch: Set<string> | undefined;
    if (files.length > 1 && view !== "json") {
      batch = said.get(lens) ?? new Set();
      said.set(lens, batch);
    }
    try {
      out.lines.push(["out", lens.render(report, view, { detail, focus: values.focus, said: batch, projectWarnings: lens.warnings, offset, maxBytes, fullDetail: "--detail full", hint: (t: string) => cliHints(t, file) })]);
    } catch (e) {
      // A (third-party) renderer that fails on one file costs that file, not the rest of the batch; in
      // JSON Lines the file still has its line (`--offset` past its end, say), as a missing file does.
      out.failed = true;
      out.lines.push(["err", `pilens: ${file}: ${errorMessage(e)}`]);
      if (view === "json") out.lines.push(["out", jsonLine(unavailableReport(report.path, errorMessage(e), report.language))]);
    }
    return out;
  };
  return Object.assign(one, {
    /** Bring the graph of each project the batch reads up to date: per root, what could not be. */
    async catchUp() {
      const notes: Record<string, string> = {};
      for (const f of new Set(files)) {
        const lens = await lenses.forFile(f);
        const w = await behindOf(lens);
        if (w) notes[lens.root] = w;
      }
      return notes;
    },
  });
}

/** An error that ends the batch, as the worker lane posts it. */
export function fatalOf(e: unknown): FileOutput {
  const usage = e instanceof UsageError || (e instanceof PilensError && e.code === "usage");
  return { lines: [], failed: false, fatal: { message: errorMessage(e), usage } };
}

/** The worker lane's side (hosts/cli/report-worker.ts): the same arguments, files by the shared counter. */
export async function runLaneWorker({ args, counter, port }: { args: string[]; counter: Int32Array; port: MessagePort }): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: REPORT_OPTIONS, allowPositionals: true, strict: true });
  let one: ((file: string, jsonOnly: boolean) => Promise<FileOutput>) | undefined;
  let notes: Record<string, string> = {};
  const take = (n: Record<string, string>) => void (notes = n);
  await laneWorker(counter, port, positionals.length, async (i, jsonOnly) => {
    try {
      one ??= reporter(values, positionals, notes);
      return await one(positionals[i]!, jsonOnly);
    } catch (e) {
      return fatalOf(e);
    }
  }, take);
}
