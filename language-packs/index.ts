/**
 * The built-in language packs as lazy manifests: extensions are known at start-up, pack code and
 * grammars load when the first matching file is seen (prettier's toLazyLoadPlugins idea).
 */
import type { LanguagePack, PackManifest } from "../core/plugin.js";
import { LANGUAGES as typescript } from "./typescript/languages.js";
import { LANGUAGES as kotlin } from "./kotlin/languages.js";
import { LANGUAGES as swift } from "./swift/languages.js";
import { LANGUAGES as cpp } from "./cpp/languages.js";
import { LANGUAGES as c } from "./c/languages.js";
import { LANGUAGES as python } from "./python/languages.js";
import { LANGUAGES as go } from "./go/languages.js";
import { LANGUAGES as rust } from "./rust/languages.js";
import { LANGUAGES as java } from "./java/languages.js";
import { LANGUAGES as csharp } from "./csharp/languages.js";
import { LANGUAGES as generic } from "./generic/languages.js";

/**
 * The built-in packs' output revision, recorded as their version in the project graph
 * (Lens.analyzer): a graph built with another revision is rebuilt, not trusted for files that did not
 * change. Bump it when a built-in pack's symbols, names or ranges change (an upgraded pilens otherwise
 * kept the old definitions in usedBy and symbol_search until each file changed). The day's date, with
 * `.2`, `.3` … for later changes the same day.
 */
export const BUILTIN_REVISION = "2026-12-08.219";

function lazy(id: string, languages: PackManifest["languages"], load: () => Promise<{ default: LanguagePack }>): PackManifest {
  return { id, version: BUILTIN_REVISION, languages, load: () => load().then((m) => m.default) };
}

export const builtinPacks: PackManifest[] = [
  lazy("typescript", typescript, () => import("./typescript/index.js")),
  lazy("kotlin", kotlin, () => import("./kotlin/index.js")),
  lazy("swift", swift, () => import("./swift/index.js")),
  lazy("cpp", cpp, () => import("./cpp/index.js")),
  lazy("c", c, () => import("./c/index.js")),
  lazy("python", python, () => import("./python/index.js")),
  lazy("go", go, () => import("./go/index.js")),
  lazy("rust", rust, () => import("./rust/index.js")),
  lazy("java", java, () => import("./java/index.js")),
  lazy("csharp", csharp, () => import("./csharp/index.js")),
  lazy("generic", generic, () => import("./generic/index.js")),
];
