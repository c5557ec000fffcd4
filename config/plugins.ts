/**
 * Third-party packs and renderers named in `.pilensrc`: npm package names (resolved from the config
 * file's folder) or paths relative to the config file. Each is isolated: a module that fails to
 * import or has the wrong shape becomes a warning and is skipped, so its file types stay with the
 * built-in (or generic) pack; a pack that fails later (in `apply`, in its queries) is handled by the
 * engine's fallback along the packs claiming the file.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { LanguagePack, PackManifest, Renderer } from "../core/plugin.js";
import { manifestOf } from "../core/plugin.js";
import type { RendererLoadFailure } from "../core/view-table.js";
import { importExternal } from "../core/esm-import.js";

export interface LoadedPlugins {
  packs: PackManifest[];
  renderers: Renderer[];
  /** Renderer modules that did not load: the Lens says so for the view they would have served. */
  rendererFailures: RendererLoadFailure[];
  /** Per language id a loaded pack serves: the pack (as warnings name it) and its declared option names. */
  languages: Map<string, { pack: string; options?: string[] }>;
  warnings: string[];
}

/** Resolve a specifier from `.pilensrc` to a file URL. */
export function resolvePlugin(spec: string, baseDir: string): string {
  if (spec.startsWith(".") || isAbsolute(spec)) {
    const abs = resolve(baseDir, spec);
    if (!existsSync(abs)) throw new Error(`not found: ${abs}`);
    // A folder is a package (its package.json entry) or holds index.js.
    if (statSync(abs).isDirectory()) return pathToFileURL(join(abs, existsSync(join(abs, "package.json")) ? packageEntry(abs) : "index.js")).href;
    return pathToFileURL(abs).href;
  }
  // An npm name: walk up node_modules from the config folder and read the package's entry.
  const [scopeOrName, maybeName, ...sub] = spec.split("/");
  const pkgName = scopeOrName!.startsWith("@") ? `${scopeOrName}/${maybeName}` : scopeOrName!;
  const subpath = (scopeOrName!.startsWith("@") ? sub : [maybeName, ...sub]).filter(Boolean).join("/");
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const pkgDir = join(dir, "node_modules", pkgName);
    if (existsSync(join(pkgDir, "package.json"))) {
      if (subpath) return pathToFileURL(join(pkgDir, subpath)).href;
      return pathToFileURL(join(pkgDir, packageEntry(pkgDir))).href;
    }
    if (dirname(dir) === dir) break;
  }
  throw new Error(`package "${pkgName}" is not installed (looked in node_modules above ${baseDir})`);
}

function packageEntry(pkgDir: string): string {
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { exports?: unknown; main?: string };
  const pick = (e: unknown): string | undefined => {
    if (typeof e === "string") return e;
    if (e && typeof e === "object") {
      const o = e as Record<string, unknown>;
      return pick(o["."]) ?? pick(o.import) ?? pick(o.node) ?? pick(o.default);
    }
    return undefined;
  };
  return pick(pkg.exports) ?? pkg.main ?? "index.js";
}

function exportOf(mod: Record<string, unknown>): unknown {
  return mod.default ?? mod.pack ?? mod.renderer;
}

function checkPack(p: unknown): string | undefined {
  const pack = p as Partial<LanguagePack> | undefined;
  if (!pack || typeof pack !== "object") return "its default export is not a LanguagePack object";
  if (!pack.meta?.name) return "meta.name is missing";
  if (!Array.isArray(pack.languages) || !pack.languages.length) return "languages is empty";
  for (const l of pack.languages) {
    if (!l?.id || !Array.isArray(l.extensions) || !l.grammar) return `language ${l?.id ?? "?"} needs id, extensions and grammar`;
    // Extensions are matched with their dot (`.tla`): `tla` would claim no file, silently.
    const bad = l.extensions.find((x) => typeof x !== "string" || !/^\.[^./\\]+(\.[^./\\]+)*$/.test(x));
    if (bad !== undefined) return `language ${l.id}: extension ${JSON.stringify(bad)} must start with a dot (".${String(bad).replace(/^\.*/, "")}")`;
  }
  if (pack.apply !== undefined && typeof pack.apply !== "function") return "apply is not a function";
  return undefined;
}

function checkRenderer(r: unknown): string | undefined {
  const renderer = r as Partial<Renderer> | undefined;
  if (!renderer || typeof renderer !== "object") return "its default export is not a Renderer object";
  if (!renderer.meta?.name) return "meta.name is missing";
  if (!renderer.name) return "name (the view name) is missing";
  if (typeof renderer.apply !== "function") return "apply is not a function";
  return undefined;
}

/**
 * Import the packs and renderers a config names. `takenLanguageIds` are ids already served by other
 * packs: hooks are keyed by language id, so a second pack on the same id would run both packs' taps.
 */
export async function loadPlugins(
  config: { packs?: string[]; renderers?: string[] },
  configFile: string,
  takenLanguageIds: Map<string, string>,
): Promise<LoadedPlugins> {
  const baseDir = dirname(configFile);
  const out: LoadedPlugins = { packs: [], renderers: [], rendererFailures: [], languages: new Map(), warnings: [] };
  const load = async (kind: "pack" | "renderer", spec: string): Promise<unknown> => {
    let value: unknown;
    try {
      const mod = (await importExternal(resolvePlugin(spec, baseDir))) as Record<string, unknown>;
      value = exportOf(mod);
      const problem = kind === "pack" ? checkPack(value) : checkRenderer(value);
      if (problem) throw new Error(problem);
      return value;
    } catch (e) {
      const why = (e as Error)?.message || String(e);
      const effect = kind === "pack" ? "its file types stay with the built-in packs" : "its view is unavailable";
      out.warnings.push(`${kind} "${spec}" from ${configFile} failed to load: ${why} (${effect})`);
      // (A renderer of the wrong shape may still name its view: the view's error says why it is missing.)
      const view = (value as { name?: unknown } | undefined)?.name;
      if (kind === "renderer") out.rendererFailures.push({ spec, why, ...(typeof view === "string" && view ? { view } : {}) });
      return undefined;
    }
  };
  for (const spec of config.packs ?? []) {
    const pack = (await load("pack", spec)) as LanguagePack | undefined;
    if (!pack) continue;
    const clash = pack.languages.find((l) => takenLanguageIds.has(l.id));
    if (clash) {
      out.warnings.push(
        `pack "${spec}" declares language id "${clash.id}", which pack ${takenLanguageIds.get(clash.id)} already serves; an override pack needs its own id (hooks are keyed by id) — pack skipped`,
      );
      continue;
    }
    const id = `${pack.meta.name} (${spec})`;
    const options = pack.options && typeof pack.options === "object" ? Object.keys(pack.options) : undefined;
    for (const l of pack.languages) {
      takenLanguageIds.set(l.id, id);
      out.languages.set(l.id, { pack: id, options });
    }
    // The project graph keys its entries by each pack's version: without one it cannot tell an edited
    // pack from the one that built it (accepted, said).
    if (!pack.meta.version) {
      out.warnings.push(`pack ${id} has no meta.version: the project graph cannot tell when the pack changes — set one and bump it with each change (or run \`pilens index --rebuild\` after editing the pack)`);
    }
    out.packs.push(manifestOf(pack, id));
  }
  for (const spec of config.renderers ?? []) {
    const r = (await load("renderer", spec)) as Renderer | undefined;
    if (r) out.renderers.push(r);
  }
  return out;
}
