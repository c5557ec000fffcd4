/**
 * Token estimate used at runtime: characters / 4, rounded up. Real tokenizers (o200k, cl100k) give
 * 3.2–4.5 chars per token on code; a fixed ratio keeps every comparison (tier sizes, stubs, the
 * ledger) deterministic and free. Tests cross-check the orderings with gpt-tokenizer.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
