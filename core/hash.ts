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

/**
 * A 64-bit FNV-1a hash of a short string (a folder path) as 16 hex characters, in plain JS: naming the
 * project's cache folder must not load node:crypto on every one-file report (~6 ms). Two 32-bit lanes
 * with different offset bases; not for anything an adversary picks.
 */
export function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
