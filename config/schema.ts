/**
 * The `.pilensrc` schema: one validated shape for every config file format. Objects are strict, so a
 * misspelt key is an error that names it instead of a silently ignored setting.
 * docs/configuration.md documents every key here (test/config.test.ts checks it).
 */
import { z } from "zod";
import { PilensError } from "../core/files.js";

const count = z.number().int().nonnegative();
const positive = z.number().int().positive();

export const configSchema = z.strictObject({
  packs: z
    .array(z.string().min(1))
    .describe("Extra language packs: npm package names or paths relative to the config file. Later packs win the file types they claim.")
    .optional(),
  renderers: z
    .array(z.string().min(1))
    .describe("Extra renderers (views): npm package names or paths relative to the config file.")
    .optional(),
  defaultView: z.string().min(1).describe("View used when a request names none: json, compact, summary, or a renderer's name.").optional(),
  ignore: z.array(z.string().min(1)).describe("Glob patterns (relative to the project root) the project index and symbol_search skip.").optional(),
  languages: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .describe("Per-language pack options, keyed by language id (`languages.typescript`); merged over the pack's defaults.")
    .optional(),
  thresholds: z
    .strictObject({
      highFanout: count.describe("Outgoing references at which a symbol gets the `high fanout` flag.").optional(),
      highComplexity: count.describe("Cyclomatic complexity at which a function gets the `high complexity` flag.").optional(),
    })
    .describe("Flag thresholds.")
    .optional(),
  rankWeights: z
    .strictObject({
      usedBy: z.number().describe("Weight per caller in recommendedReads.").optional(),
      complexity: z.number().describe("Weight per complexity point.").optional(),
      exported: z.number().describe("Bonus for exported symbols.").optional(),
      highComplexity: z.number().describe("Bonus for the `high complexity` flag.").optional(),
      focus: z.number().describe("Bonus per `focus` term matched.").optional(),
    })
    .describe("recommendedReads score weights.")
    .optional(),
  budget: z
    .record(z.string(), z.number().nonnegative())
    .describe("Detail budget per view: a view aims to cost at most 1/N of reading the file (json 6, compact 15, summary 24); 0 turns a view's budget off.")
    .optional(),
  maxCallbacks: count.describe("Most callbacks listed per file (the rest are counted in a warning).").optional(),
  maxFileBytes: positive.describe("Files larger than this are refused with a message instead of outlined.").optional(),
  maxAnswerBytes: count
    .describe("MCP server and pi: most bytes one module_report or read_symbol answer sends (default 51200, one read); a larger outline covers the lines that fit and says the offset that continues. 0: no cap.")
    .optional(),
  maxRefsPerSymbol: count.describe("Most usedBy references listed per symbol.").optional(),
  readGuard: z
    .enum(["off", "warn", "block"])
    .describe("pi extension: an edit of lines the agent never read (or read before the file changed) is allowed (off), allowed with a note (warn) or refused (block).")
    .optional(),
  piRead: z
    .enum(["tiers", "builtin"])
    .describe("pi extension: `tiers` replaces pi's read with pilens' read (same parameters plus `mode`; stubs for unchanged re-reads, diffs, signatures/map for large code); `builtin` leaves pi's read alone.")
    .optional(),
  index: z
    .strictObject({
      maxFiles: positive.describe("Most files the project index holds; beyond it the index says it is truncated.").optional(),
      maxFileBytes: positive.describe("Files larger than this are left out of the index.").optional(),
    })
    .describe("Limits of the project graph and word index (`pilens index`).")
    .optional(),
});

export type PilensConfig = z.infer<typeof configSchema>;

/** Validate a loaded config; the error names the file and every offending key. */
export function validateConfig(raw: unknown, file: string): PilensConfig {
  const r = configSchema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => {
    const keys = i.code === "unrecognized_keys" ? i.keys.map((k) => [...i.path, k].join(".")) : [i.path.join(".") || "(root)"];
    // (A key that lives elsewhere says where: `index.ignore` is the top-level `ignore`.)
    const moved = i.code === "unrecognized_keys" && i.path.join(".") === "index" && i.keys.includes("ignore") ? " (ignore globs are the top-level `ignore` key)" : "";
    const what = i.code === "unrecognized_keys" ? `unknown key${moved}` : i.message;
    return `${keys.join(", ")}: ${what}`;
  });
  return configError(file, problems);
}

function configError(file: string, problems: string[]): never {
  throw new PilensError(`invalid pilens config ${file}: ${problems.join("; ")}`, "config");
}
