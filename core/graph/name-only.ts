/**
 * The `name-only` links (link.ts): a name no import, scope or type resolves is the one project
 * definition of that name — an exported top-level one, or a member with four or more characters —
 * within the file's language family, never a member named as a method of the language's own types.
 */
import type { GraphModel } from "./model.js";
import { DEF_EXPORTED, DEF_REEXPORT, OCC_IMPORT, OCC_SHIFT, type FileEntry } from "./types.js";
import { eachOccurrence } from "./occ.js";
import { fileLocal, fileScope } from "./visibility.js";
import { isBuiltinMember } from "./builtin-members.js";
import { TYPE_KINDS } from "./util.js";
import { oneMemberFile, templateKey } from "./cpp-members.js";


/** The one file exporting `name` at its top level (C#'s partial type's parts as one), seen from `rel`. */
export function uniqueExportedDef(g: GraphModel, rel: string, e: FileEntry, name: string): [string, number] | undefined {
  const files = g.exportedTop.get(name);
  if (!files || (files.size !== 1 && !(e.l === "csharp" && !files.has(rel) && partialParts(g, files, name)))) return undefined;
  // (Of a partial type's parts, the file named after it — Inventory.cs — else the first by path.)
  const named = (f: string) => f === `${name}.cs` || f.endsWith(`/${name}.cs`);
  const [t] = files.size === 1 ? files : [...files].sort((a, b) => Number(named(b)) - Number(named(a)) || (a < b ? -1 : 1));
  if (t === rel || !kin(g, e, t!)) return undefined;
  const idx = g.exportsOf.get(t!)?.get(name);
  if (idx === undefined || !sameModule(g, t!, idx, rel)) return undefined;
  return [t!, idx];
}

/**
 * Kotlin's `internal` (visible, not exported) is its Gradle module's: a folder with an indexed
 * `build.gradle.kts` and what is below it, up to the next such folder (expo-modules-core's Gradle plugin
 * calls Gradle's `logger`, no use of the library's `internal val logger`). (A Groovy `build.gradle` is no
 * indexed file: such modules are the project's.)
 */
function sameModule(g: GraphModel, t: string, idx: number, rel: string): boolean {
  const f = g.files.get(t)!;
  return f.l !== "kotlin" || (f.d[idx]![5] & DEF_EXPORTED) !== 0 || gradleModule(g, t) === gradleModule(g, rel);
}

function gradleModule(g: GraphModel, rel: string): string {
  for (let at = rel.lastIndexOf("/"); at >= 0; at = rel.lastIndexOf("/", at - 1)) {
    const folder = rel.slice(0, at + 1);
    if (g.files.has(`${folder}build.gradle.kts`)) return folder;
    if (at === 0) break;
  }
  return "";
}

/** C#: a `partial` type's parts in several files are one type — the name is defined once (one part stands for it). */
function partialParts(g: GraphModel, files: Set<string>, name: string): boolean {
  let q: string | undefined;
  return [...files].every((t) => {
    const f = g.files.get(t);
    const idx = g.exportsOf.get(t)?.get(name);
    const x = idx === undefined ? undefined : f?.d[idx];
    return f?.l === "csharp" && x !== undefined && TYPE_KINDS.has(x[2]) && x[1] === (q ??= x[1]);
  });
}

/** The one member named `name` (≥ 4 characters, not a builtin type's method name) in the project — not one only its file names, from another file. */
export function uniqueMemberDef(g: GraphModel, e: FileEntry, name: string): [string, number] | undefined {
  const files = g.members.get(name);
  if (!files || name.length < 4 || isBuiltinMember(e.l, name)) return undefined;
  // (A C++ member declared in one file and defined out of class in others is one: cpp-members.ts.)
  const [t] = files.size === 1 ? files : [oneMemberFile(g, files, name)];
  if (t === undefined) return undefined;
  if (!kin(g, e, t!)) return undefined;
  const td = g.files.get(t!)?.d ?? [];
  let found = -1;
  const tl = g.files.get(t!)!.l;
  for (let i = 0; i < td.length; i++) {
    if (td[i]![0] === name && !fileScope(td, i, tl)) {
      // (C++ overloads of one member, one key — `RE::FullMatch(const char*, …)` and `(const std::string&, …)` —: one member.)
      // (And a template's primary and specializations, `vector<bool, _Alloc>.flip` beside `vector.flip`: link.ts takes the one its use means — cppTargets.)
      if (found >= 0 && !(tl === "cpp" && templateKey(td[found]![1]) === templateKey(td[i]![1]))) return undefined;
      if (found < 0) found = i;
    }
  }
  return found < 0 || (fileLocal(td[found]!) && g.files.get(t!) !== e) ? undefined : [t!, found];
}

/** A name-only link stays within a language family: a Python `partial` is no use of a TS `partial`. */
function kin(g: GraphModel, e: FileEntry, t: string): boolean {
  return family(g.files.get(t)?.l) === family(e.l);
}

/** Languages whose code calls each other's names directly (a name-only link may cross between them). */
const FAMILIES: Record<string, string> = { typescript: "js", tsx: "js", javascript: "js", c: "c", cpp: "c", objc: "c", java: "jvm", kotlin: "jvm", scala: "jvm" };
function family(language: string | undefined): string {
  return language === undefined ? "" : (FAMILIES[language] ?? language);
}

/**
 * What a re-export's entry names (`export type { IndexOptions } from "./types"` in project.ts: types.ts's
 * IndexOptions), followed through re-exporting files: the declaration gets the uses. The statement's
 * file is the first import at or after its line (FileEntry.il), or the file's one import; an alias
 * (`export { a as b } from`) or a name not found there keeps the re-export's entry.
 */
export function reexported(g: GraphModel, hit: [string, number] | undefined, depth = 0): [string, number] | undefined {
  const e = hit && g.files.get(hit[0]);
  const x = e?.d[hit![1]];
  if (!x || !(x[5] & DEF_REEXPORT) || depth > 6) return hit;
  const from = importAt(e!, x[3]) ?? (e!.i.length === 1 ? e!.i[0] : undefined);
  const next = from === undefined || from === hit![0] ? undefined : exportedBy(g, from, x[0]);
  return next ? reexported(g, next, depth + 1) : hit;
}

/** The file the import statement at `line` names: the first specifier at or after the line, within 40 lines (FileEntry.il). */
export function importAt(e: FileEntry, line: number): string | undefined {
  const il = e.il;
  for (let k = 0; il && k < il.length; k += 2) {
    if (il[k]! < line) continue;
    return il[k]! - line > 40 ? undefined : e.i[il[k + 1]!];
  }
  return undefined;
}

/** The file the import statement on lines `first`–`last` names; undefined when it names none of the project's. */
export function importIn(e: FileEntry, first: number, last: number): string | undefined {
  const il = e.il;
  for (let k = 0; il && k < il.length; k += 2) if (il[k]! >= first && il[k]! <= last) return e.i[il[k + 1]!];
  return undefined;
}

/** Each name on an import line of the file, with the first such line (the statement binding it). */
export function importLineNames(e: FileEntry): Map<string, number> {
  const out = new Map<string, number>();
  eachOccurrence(e, (name, _count, at, kept) => {
    for (let k = at; k < at + kept; k++) if (e.o[k]! & OCC_IMPORT) return void out.set(name, e.o[k]! >> OCC_SHIFT);
  });
  return out;
}

/** `name` as file `t` exports it, itself or (a barrel) through the file it re-exports it from. */
export function exportedBy(g: GraphModel, t: string, name: string): [string, number] | undefined {
  const via = g.exportsOf.get(t)?.has(name) ? t : g.barrelOf(t)?.get(name);
  const idx = via === undefined ? undefined : g.exportsOf.get(via)?.get(name);
  return idx === undefined ? undefined : [via!, idx];
}
