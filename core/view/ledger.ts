/**
 * The savings ledger of one view session, in estimated tokens (chars/4, see tokens.ts).
 *
 *   rawTokens        what plain reads of the same windows would have cost
 *   deliveredTokens  what was actually sent (tiers, stubs, diffs, full windows)
 *   grossSavedTokens = rawTokens − deliveredTokens
 *   bounceTokens     raw cost of compressed reads that bounced (the agent read the text in full
 *                    anyway, so a plain agent would have read it once, not twice)
 *   netSavedTokens   = grossSavedTokens − bounceTokens
 *   wasteTokens      tokens sent in compressed reads that bounced (= what bounces cost us; with no
 *                    other savings, netSavedTokens = −wasteTokens)
 */
export interface Ledger {
  reads: number;
  full: number;
  compressed: number;
  stubs: number;
  diffs: number;
  fallbacks: number;
  bounces: number;
  fragmentationServes: number;
  rawTokens: number;
  deliveredTokens: number;
  grossSavedTokens: number;
  bounceTokens: number;
  wasteTokens: number;
  wasteBytes: number;
  netSavedTokens: number;
}

export type ReadKind = "full" | "compressed" | "stub" | "diff" | "fallback";

export function emptyLedger(): Ledger {
  return {
    reads: 0, full: 0, compressed: 0, stubs: 0, diffs: 0, fallbacks: 0, bounces: 0, fragmentationServes: 0,
    rawTokens: 0, deliveredTokens: 0, grossSavedTokens: 0, bounceTokens: 0, wasteTokens: 0, wasteBytes: 0, netSavedTokens: 0,
  };
}

export function recordRead(l: Ledger, kind: ReadKind, rawTokens: number, tokens: number): void {
  l.reads++;
  if (kind === "full") l.full++;
  else if (kind === "compressed") l.compressed++;
  else if (kind === "stub") l.stubs++;
  else if (kind === "diff") l.diffs++;
  else l.fallbacks++;
  l.rawTokens += rawTokens;
  l.deliveredTokens += tokens;
  l.grossSavedTokens = l.rawTokens - l.deliveredTokens;
  l.netSavedTokens = l.grossSavedTokens - l.bounceTokens;
}

export function recordBounce(l: Ledger, rawTokens: number, tokens: number, bytes: number): void {
  l.bounces++;
  l.bounceTokens += rawTokens;
  l.wasteTokens += tokens;
  l.wasteBytes += bytes;
  l.netSavedTokens = l.grossSavedTokens - l.bounceTokens;
}

export function formatLedger(l: Ledger): string {
  return [
    `reads ${l.reads} (full ${l.full}, compressed ${l.compressed}, unchanged stubs ${l.stubs}, diffs ${l.diffs}, fallbacks ${l.fallbacks})`,
    `tokens (≈chars/4): plain reads ${l.rawTokens}, sent ${l.deliveredTokens}, saved ${l.grossSavedTokens} gross`,
    `bounces ${l.bounces}: −${l.bounceTokens} (waste ${l.wasteTokens} tokens, ${l.wasteBytes} bytes)`,
    `net saved ${l.netSavedTokens} tokens`,
  ].join("\n");
}
