/**
 * SHA-1 hex of a string, with node:crypto loaded on first use: importing it costs ~6 ms, and the CLI's
 * first module (hosts/cli/warm.ts, which starts compiling grammars) reaches this through the graph
 * store — loaded lazily, it happens while the main thread would wait for the grammar anyway.
 */
import { createRequire } from "node:module";

let crypto: typeof import("node:crypto") | undefined;

export function sha1Hex(text: string): string {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return crypto.createHash("sha1").update(text).digest("hex");
}
