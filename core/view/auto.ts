/**
 * `auto` tier choice: deterministic from the path, the window's size and the session's state.
 *   instruction files, non-code, explicit windows, small windows, files with diagnostics → full
 *   medium code → signatures; large code → map
 * then one step toward full per observed bounce (per path and per extension; the larger count wins).
 */
import { basename, extname } from "node:path";

export type ServedTier = "map" | "signatures" | "full";
/** The ladder, least information first. */
export const LADDER: readonly ServedTier[] = ["map", "signatures", "full"];

export interface AutoThresholds {
  /** Windows of at most this many (estimated) tokens stay full. */
  smallTokens: number;
  /** Windows up to this size get `signatures`; larger ones `map`. */
  mediumTokens: number;
}

export const DEFAULT_THRESHOLDS: AutoThresholds = Object.freeze({ smallTokens: 2_000, mediumTokens: 12_000 });

const INSTRUCTION = /^(?:agents|claude|gemini|readme|contributing|copilot-instructions|conventions)(?:\.[\w.-]+)?$|^\.(?:cursorrules|windsurfrules|clinerules)$/i;
const NON_CODE = new Set([
  ".md", ".mdx", ".markdown", ".rst", ".txt", ".adoc", ".org",
  ".json", ".jsonc", ".json5", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".env", ".properties",
  ".xml", ".csv", ".tsv", ".lock", ".log", ".sql", ".svg", ".html", ".htm", ".css", ".scss", ".less",
]);

export function isInstructionFile(path: string): boolean {
  return INSTRUCTION.test(basename(path));
}

export function extensionOf(path: string): string {
  return extname(path).toLowerCase() || basename(path).toLowerCase();
}

export interface AutoInput {
  path: string;
  /** A language pack can outline the file. */
  hasPack: boolean;
  windowTokens: number;
  /**
   * The window's tokens as the reason shows them: the code estimate module_report's `~N tok` gives
   * (windowTokens, characters / 4, is what the thresholds compare — one agent saw both numbers for one file).
   */
  shownTokens?: number;
  /** offset or limit was given. */
  explicitWindow: boolean;
  diagnostics?: boolean;
  /** Steps toward full earned by bounces (from the session). */
  steps: number;
  thresholds?: AutoThresholds;
}

export interface AutoChoice {
  tier: ServedTier;
  reason: string;
}

export function chooseAuto(i: AutoInput): AutoChoice {
  const t = i.thresholds ?? DEFAULT_THRESHOLDS;
  if (isInstructionFile(i.path)) return { tier: "full", reason: "instruction file" };
  if (NON_CODE.has(extensionOf(i.path)) || !i.hasPack) return { tier: "full", reason: "not code" };
  if (i.explicitWindow) return { tier: "full", reason: "explicit offset/limit" };
  if (i.diagnostics) return { tier: "full", reason: "file has active diagnostics" };
  const shown = i.shownTokens ?? i.windowTokens;
  if (i.windowTokens <= t.smallTokens) return { tier: "full", reason: `small (~${shown} tokens)` };
  const base: ServedTier = i.windowTokens <= t.mediumTokens ? "signatures" : "map";
  const size = `${base === "map" ? "large" : "medium"} code (~${shown} tokens)`;
  if (i.steps <= 0) return { tier: base, reason: size };
  const tier = LADDER[Math.min(LADDER.length - 1, LADDER.indexOf(base) + i.steps)]!;
  return { tier, reason: `${size}, ${i.steps} step(s) up after bounces` };
}
