import { z } from "zod";
import { asList, defineTool, errorOutput, stringList, whole } from "../tool.js";
import { QUERY_SAID, clip } from "../../../core/text.js";
import { reexportOf } from "../search-rows.js";

export const symbolSearch = defineTool({
  name: "symbol_search",
  title: "Symbol search",
  description:
    "Find where an identifier is defined or used across the project: ranked files with the best line (definitions first) and what to call next. Splits camelCase/snake_case; tests and vendored code rank lower.",
  params: {
    query: z.string().min(1).describe("Identifier(s) or words, e.g. 'parseConfig' or 'user session'"),
    limit: whole(1, 100).optional().describe("Most files to return (default 20)"),
    paths: stringList().optional().describe("Only these folders or globs (root-relative); a leading ! leaves one out (\"!browser/**\")"),
    lang: z.string().optional().describe("Only this language: an id (typescript, python, …) or a file extension (ts, py)"),
  },
  guidelines: [
    "Use symbol_search to find which file defines or uses a name before opening files; follow its suggestedNext (read_symbol / module_report) for the hit.",
  ],
  async run(lens, args) {
    if (!args.query.trim()) return errorOutput("symbol_search", "query is empty: give an identifier or words");
    // A filter that can match nothing is an error, not "no file mentions X".
    // (An extension names its language: `ts` is typescript.)
    const lang = args.lang === undefined ? undefined : lens.registry.languageNamed(args.lang);
    if (args.lang !== undefined && !lang) {
      return errorOutput("symbol_search", `unknown language "${args.lang}"; one of: ${lens.registry.languageIds().join(", ")} (or a file extension such as ts, py)`);
    }
    const paths = asList(args.paths);
    const r = await lens.symbolSearch(args.query, { limit: args.limit ?? 20, paths, lang });
    if (!r.available) {
      // Not an error: the index is not there yet (the contract's `available:false` + retry hint).
      const retry = r.retryAfterMs ? `; retry in about ${Math.ceil(r.retryAfterMs / 1000)} s` : "";
      // One message (the summary); `details` keeps the structured result for hosts that read it.
      return { summary: `symbol_search "${clip(args.query, QUERY_SAID)}"  not available yet: ${r.reason}${retry}`, body: "", details: r };
    }
    const rows = r.hits.map((h) => {
      // (Another file's symbol — a re-export's declaration — named with its file.)
      const next = h.suggestedNext.tool === "read_symbol" ? `read_symbol ${h.suggestedNext.file === h.file ? "" : `${h.suggestedNext.file} `}${h.suggestedNext.symbol}` : h.suggestedNext.tool === "read_enclosing" ? `read_enclosing ${h.suggestedNext.line}` : "module_report";
      // A file that only imports the name (its uses are in JSDoc, or none): no line to read around.
      // (A mention's line text after its arrow: a lookup answered without a second call.)
      const text = h.text ? `  | ${h.text}` : "";
      if (h.importOnly) return `${h.file}  imported only (line ${h.startLine})  score ${h.score.toFixed(2)}  → ${next}${text}`;
      const also = h.also ? `  (also here: ${h.also.join(", ")})` : "";
      // (A qualified query's name defined under another owner: that definition, said so.)
      return `${h.file}:${h.startLine}-${h.endLine}  ${h.symbol ? `${h.kind ?? "symbol"} ${h.symbol}${h.otherOwner ? " (other owner)" : ""}${reexportOf(h)}` : "mention"}  score ${h.score.toFixed(2)}  → ${next}${also}${text}`;
    });
    const warn = r.warnings?.length ? r.warnings.map((w) => `! ${w}`).join("\n") + "\n" : "";
    return {
      // (A misspelled name searched as the one clearly closest: the summary says which; the warning says why.)
      summary: `symbol_search "${clip(args.query, QUERY_SAID)}"${r.searched ? ` → "${r.searched}"` : ""}  ${r.hits.length} file${r.hits.length === 1 ? "" : "s"}`,
      body: warn + (rows.length ? rows.join("\n") : noHits(args.query, r.unparsed, [paths?.length ? `paths ${paths.join(", ")}` : "", lang ? `lang ${lang}` : ""].filter(Boolean))),
      details: r,
    };
  },
});

/** The answer of a search with no rows: "none" only of the files indexed, and of those the filter keeps. */
function noHits(asked: string, unparsed: number | undefined, filters: string[]): string {
  const query = clip(asked, QUERY_SAID);
  const among = filters.length ? ` among the files the filter keeps (${filters.join("; ")})` : "";
  if (unparsed) return `no indexed file mentions "${query}"${among} — ${unparsed} file(s) are not parsed yet (a stopped build): it may be in one of them; search again once the index is complete`;
  return `no file mentions "${query}"${among}`;
}
