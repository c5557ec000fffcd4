/**
 * pilens's per-user cache folder: `$PILENS_CACHE_DIR`, else `$XDG_CACHE_HOME/pilens`, else
 * `~/.cache/pilens`. It holds the project graphs (core/graph/store.ts) and the CLI's V8 code cache
 * (hosts/cli/bundle-loader.ts); never anything inside a repository.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export function cacheBase(): string {
  if (process.env.PILENS_CACHE_DIR) return resolve(process.env.PILENS_CACHE_DIR);
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg && xdg.startsWith("/") ? xdg : join(homedir(), ".cache"), "pilens");
}
