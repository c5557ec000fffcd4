import { reexportOf } from "../../shared/search-rows.js";
import { catchUp } from "../../../core/graph/freshness.js";
import { Lenses, UsageError, commonOptions, wholeOption, type Command } from "../command.js";
import { QUERY_SAID, clip, jsonLine } from "../../../core/text.js";

export const search: Command = {
  name: "search",
  summary: "find where an identifier is defined or used across the project (BM25 word index)",
  usage: "pilens search <query> [--limit N] [--paths GLOB...] [--lang ID|EXT] [--json] [--cwd DIR]",
  help: [
    "<query>             identifier(s) or words (parseConfig, \"user session\"); camelCase and snake_case split;",
    "                    definitions first, tests and vendored code lower. Builds the project graph when none exists",
    "--limit N           most files listed (default 20)",
    "--paths GLOB...     only these folders or globs (root-relative); a leading ! leaves one out ('!test/**')",
    "--lang ID|EXT       only this language: an id (typescript, python, …) or an extension (ts, py)",
    "--json              the hits: file, score, startLine, endLine, symbol, kind, suggestedNext, …",
  ].join("\n"),
  options: { ...commonOptions, limit: { type: "string" }, paths: { type: "string", multiple: true }, lang: { type: "string" }, json: { type: "boolean" } },
  async run({ values, positionals }, io) {
    // `--paths a/** b/**`: the parser takes one value per flag, the next word lands among the query's;
    // a word holding `/` or `*` is no identifier — it is one more glob.
    let paths = values.paths as string[] | undefined;
    let words = positionals;
    if (paths) {
      paths = [...paths, ...positionals.filter((p) => /[*/]/.test(p))];
      words = positionals.filter((p) => !/[*/]/.test(p));
    }
    const query = words.join(" ").trim();
    if (!query) throw new UsageError("search needs a query");
    const limit = wholeOption(values, "limit");
    const lens = await Lenses.from(values).home();
    const asked = values.lang as string | undefined;
    // (An extension names its language: `--lang ts` is typescript.)
    const lang = asked === undefined ? undefined : lens.registry.languageNamed(asked);
    if (asked !== undefined && !lang) throw new UsageError(`unknown language "${asked}"; one of: ${lens.registry.languageIds().join(", ")} (or a file extension such as ts, py)`);
    const opts = { limit, paths, lang };
    // (A graph built before files changed is brought up to date first: freshness.ts.)
    const late = await catchUp(lens).catch(() => undefined);
    let r = await lens.symbolSearch(query, opts);
    if (late && r.available) r = { ...r, warnings: [...(r.warnings ?? []), late] };
    // A one-shot CLI has no background to build in: build once here, then search.
    if (!r.available && !(await lens.project()).isBuilding()) {
      io.err("pilens search: no index yet for this project — building it now (pilens index)");
      const built = await lens.index();
      for (const w of built.warnings) io.err(`pilens search: warning: ${w}`);
      r = await lens.symbolSearch(query, opts);
    }
    io.note?.(r);
    if (values.json) {
      io.out(jsonLine(r.available ? r.hits : r));
      if (r.available) for (const w of r.warnings ?? []) io.err(`pilens search: warning: ${w}`);
      return r.available ? 0 : 1;
    }
    if (!r.available) {
      io.err(`pilens search: ${r.reason}${r.retryAfterMs ? ` (retry in ${Math.ceil(r.retryAfterMs / 1000)} s)` : ""}`);
      return 1;
    }
    for (const w of r.warnings ?? []) io.err(`pilens search: warning: ${w}`);
    if (!r.hits.length) {
      io.err(`pilens search: no identifier matches "${clip(query, QUERY_SAID)}"${paths ? ` in ${paths.join(", ")}` : ""}${opts.lang ? ` (${opts.lang})` : ""}${r.unparsed ? ` among the indexed files — ${r.unparsed} file(s) a stopped build left are not parsed yet (\`pilens index\` parses them)` : ""}`);
      return 1;
    }
    for (const h of r.hits) {
      const where = `${h.file}:${h.startLine}${h.endLine !== h.startLine ? `-${h.endLine}` : ""}`;
      const text = h.text ? `  | ${h.text}` : "";
      if (h.importOnly) io.out(`${h.file}  (imported only, line ${h.startLine})  ${h.score}${text}`);
      else io.out(`${where}  ${h.symbol ? `${h.kind ?? "symbol"} ${h.symbol}${h.otherOwner ? " (other owner)" : ""}${reexportOf(h)}` : "(mention)"}  ${h.score}${h.also ? `  (also here: ${h.also.join(", ")})` : ""}${text}`);
    }
    return 0;
  },
};
