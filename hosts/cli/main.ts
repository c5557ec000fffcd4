/**
 * The `pilens` command line: thin over the Lens. Errors go to stderr; exit 1 for bad input,
 * 2 for usage. Output goes to stdout (JSON Lines for `report --view json` with several files).
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { resolve } from "node:path";
import { Lens, errorMessage } from "../../core/engine.js";
import { findProjectRoot, PilensError } from "../../core/files.js";
import { formatReadSymbol } from "../../core/read-symbol.js";

export class UsageError extends Error {}

type Out = { out: (s: string) => void; err: (s: string) => void };

interface Command {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run(args: { values: Record<string, unknown>; positionals: string[] }, io: Out): Promise<number>;
}

const common = { cwd: { type: "string" }, help: { type: "boolean", short: "h" } } as const;

/**
 * The CLI serves the files it is given: a file inside the project of the current folder is served
 * under that root; a file named explicitly elsewhere is served under its own project root.
 */
class Lenses {
  private readonly byRoot = new Map<string, Promise<Lens>>();
  constructor(private readonly cwd: string, private readonly pinned: boolean) {}
  private get(root: string): Promise<Lens> {
    let l = this.byRoot.get(root);
    if (!l) {
      l = Lens.create({ cwd: this.cwd, root });
      this.byRoot.set(root, l);
    }
    return l;
  }
  async forFile(path: string): Promise<Lens> {
    const home = findProjectRoot(this.cwd);
    const abs = resolve(this.cwd, path);
    if (this.pinned || abs.startsWith(home + "/") || abs === home) return this.get(home);
    return this.get(findProjectRoot(resolve(abs, "..")));
  }
}

const commands: Record<string, Command> = {
  report: {
    summary: "outline of one or more files (symbols, signatures, docs, callbacks, imports)",
    usage: "pilens report <file>... [--view json|compact|summary] [--focus TEXT] [--max-refs N] [--cwd DIR]",
    options: { ...common, view: { type: "string" }, focus: { type: "string" }, "max-refs": { type: "string" } },
    async run({ values, positionals }, io) {
      if (!positionals.length) throw new UsageError("report needs at least one file");
      const cwd = resolve((values.cwd as string | undefined) ?? process.cwd());
      const lenses = new Lenses(cwd, values.cwd !== undefined);
      let failed = 0;
      for (const file of positionals) {
        const lens = await lenses.forFile(file);
        const view = (values.view as string | undefined) ?? lens.defaultView;
        if (!lens.viewNames().includes(view)) throw new UsageError(`unknown view "${view}" (available: ${lens.viewNames().join(", ")})`);
        const report = await lens.moduleReport(file, { focus: values.focus as string | undefined });
        if (!report.available) {
          failed++;
          io.err(`pilens: ${file}: ${report.error}`);
        }
        io.out(lens.render(report, view, { maxRefs: values["max-refs"] }));
      }
      return failed ? 1 : 0;
    },
  },
  read: {
    summary: "the verbatim source of one symbol (doc comment included)",
    usage: "pilens read <file> <symbol> [--kind KIND] [--json] [--cwd DIR]",
    options: { ...common, kind: { type: "string" }, json: { type: "boolean" } },
    async run({ values, positionals }, io) {
      if (positionals.length !== 2) throw new UsageError("read needs <file> <symbol>");
      const [file, symbol] = positionals as [string, string];
      const cwd = resolve((values.cwd as string | undefined) ?? process.cwd());
      const lens = await new Lenses(cwd, values.cwd !== undefined).forFile(file);
      const r = await lens.readSymbol(file, symbol, { kind: values.kind as string | undefined });
      if (values.json) io.out(JSON.stringify(r));
      else if (r.found) io.out(formatReadSymbol(r));
      if (r.error) io.err(`pilens: ${r.error}`);
      else if (!r.found) io.err(`pilens: ${formatReadSymbol(r)}`);
      return r.found ? 0 : 1;
    },
  },
};

function help(): string {
  const width = Math.max(...Object.keys(commands).map((k) => k.length));
  return [
    "pilens — read code the way a developer uses an IDE",
    "",
    "Commands:",
    ...Object.entries(commands).map(([k, c]) => `  ${k.padEnd(width)}  ${c.summary}`),
    "",
    "Usage:",
    ...Object.values(commands).map((c) => `  ${c.usage}`),
    "",
    "`pilens <command> --help` for one command.",
  ].join("\n");
}

export async function main(argv: string[], io: Out = { out: (s) => process.stdout.write(s + "\n"), err: (s) => process.stderr.write(s + "\n") }): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(help());
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-v") {
    io.out("0.1.0");
    return 0;
  }
  const cmd = commands[name];
  if (!cmd) {
    io.err(`pilens: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  try {
    const parsed = parseArgs({ args: rest, options: cmd.options, allowPositionals: true, strict: true });
    if (parsed.values.help) {
      io.out(`${cmd.usage}\n\n${cmd.summary}`);
      return 0;
    }
    return await cmd.run(parsed as { values: Record<string, unknown>; positionals: string[] }, io);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`pilens ${name}: ${(e as Error).message}\nusage: ${cmd.usage}`);
      return 2;
    }
    if (e instanceof PilensError && e.code === "usage") {
      io.err(`pilens ${name}: ${e.message}`);
      return 2;
    }
    io.err(`pilens ${name}: ${errorMessage(e)}`);
    return 1;
  }
}
