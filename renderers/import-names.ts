/**
 * The compact header's import names. An internal import is a path (`src/util/index.ts`, `llvm/ADT/APInt.h`):
 * named by its file, its extension and a folder's entry file (`index`, `mod`, `__init__`) aside; or a dotted
 * name (Kotlin's `com.example.util.createError`, C#'s `App.Models`): named by its shortest tail no other
 * import of the header shares — its last segment is a name, not an extension (QA L D2 read
 * `imports: com.example.util, com.example.util` and `App, App, System`). Two paths of one file name are
 * told apart alike, by the folders before it (`completions/completions, resources/completions`).
 */
import type { ModuleReport } from "../core/types.js";
const ENTRY_FILES = new Set(["index", "mod", "__init__"]);
/** Extensions of the files the packs read; a bare `util.ts` or `a.h` (no folder) is still a file. */
const SOURCE_EXT = /\.(?:[cm]?[jt]sx?|vue|svelte|astro|json|py[iw]?|rs|go|java|kts?|cs|swift|c|h|cc|cpp|cxx|c\+\+|hh|hpp|hxx|inl|ipp|m|mm|rb|php|lua|scala|sc|sh|bash|exs?|el|zig|dart|mli?|sol|resi?)$/i;

function isPath(name: string): boolean {
  return name.includes("/") || name.includes("\\") || SOURCE_EXT.test(name);
}

/** A path's segments as the header names them: the extension aside, and a folder's entry file (`a/index.ts` is `a`). */
function pathSegments(path: string): string[] {
  const parts = path.split(/[/\\]/).filter(Boolean);
  // (A declaration file's `.d` goes too: `authclient.d.ts` is `authclient`, `a/index.d.ts` is `a`.)
  const base = (parts[parts.length - 1] ?? path).replace(/(?:\.d)?\.[^.]+$/, "");
  if (ENTRY_FILES.has(base) && parts.length > 1) parts.pop();
  else parts[parts.length - 1] = base;
  return parts;
}

/** Each internal import's name in the header, in order; a tail is distinct from the external names' tails too. */
export function internalImportNames(internal: readonly string[], external: readonly string[] = []): string[] {
  // (A wildcard, `com.sun.source.doctree.*`, is named by its package's tail: `doctree.*`.)
  const segments = (n: string) => n.replace(/\.\*$/, "").split(".");
  const dotted = internal.filter((n) => !isPath(n)).map(segments);
  const others = [...dotted, ...external.filter((n) => !isPath(n)).map(segments)];
  const tail = (segs: string[]): string => {
    for (let k = 1; k < segs.length; k++) {
      const t = segs.slice(-k).join(".");
      if (others.every((o) => o === segs || o.join(".") === segs.join(".") || o.slice(-k).join(".") !== t)) return t;
    }
    return segs.join(".");
  };
  // (Paths by their file's name, with as many folders before it as tell it from another import's file of that
  // name: openai's chat completions had read `imports: resource, completions, completions`.)
  const paths = internal.filter(isPath).map(pathSegments);
  const pathTail = (segs: string[]): string => {
    for (let k = 1; k < segs.length; k++) {
      const t = segs.slice(-k).join("/");
      if (paths.every((o) => o === segs || o.join("/") === segs.join("/") || o.slice(-k).join("/") !== t)) return t;
    }
    return segs.join("/");
  };
  let d = 0;
  let p = 0;
  return internal.map((n) => (isPath(n) ? pathTail(paths[p++]!) : tail(dotted[d++]!) + (n.endsWith(".*") ? ".*" : "")));
}

const namesOf = new WeakMap<object, string[]>();

/** The header's import names: ` | imports: a, b +3 more`, at most `max` (0: counted, ` | 12 imports`). */
export function importNames(r: ModuleReport, max: number): string {
  const ext = r.imports?.external ?? [];
  // (Once per report: a budgeted view renders its header several times, core/budget-fit.ts.)
  let int = r.imports ? namesOf.get(r.imports) : undefined;
  if (!int) {
    int = internalImportNames(r.imports?.internal ?? [], ext);
    if (r.imports) namesOf.set(r.imports, int);
  }
  const all = [...int, ...ext];
  if (!all.length) return "";
  if (!max) return ` | ${all.length} import${all.length === 1 ? "" : "s"}`;
  const shown = all.slice(0, max);
  return ` | imports: ${shown.join(", ")}${all.length > shown.length ? ` +${all.length - shown.length} more` : ""}`;
}
