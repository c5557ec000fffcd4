/**
 * Kotlin imports to project files. A Kotlin file's `package` need not match its folder, but in Gradle
 * projects it nearly always does (497 of 498 files of expo-modules-core and react-native-screens): the
 * source root is the importing file's folder minus its package path (`android/src/main/java` for
 * `package expo.modules.kotlin`), and the other source sets beside it (`src/main/kotlin`, `src/fabric/java`).
 * There `import a.b.C` (`as D` too; `a.b.C.Inner`: the longest prefix) is `a/b/C.kt` or `a/b/C.java` (a
 * mixed project's Java class), else the `.kt` file of folder `a/b` declaring `C` at its top level under
 * `package a.b` — a top-level function, property or extension (`import a.b.someFun`), or a type in a file
 * named otherwise. `import a.b.*` is internal when the folder exists (it names no one file). A file whose
 * package is not its folder's resolves nothing (its imports stay unresolved, internal by the package's first
 * two segments as before).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FileContext, ImportRecord } from "../../core/types.js";
import { fileChecksEpoch, toRel } from "../../core/imports.js";
import { isDir, isFile } from "../../core/files.js";
import { sourceRoots } from "../shared/source-roots.js";

/** A top-level declaration's name (column 0): annotations and modifiers, the keyword, type parameters, an extension's receiver. */
const TOP_DECL =
  /^(?:@[\w.]+(?:\([^\n]*?\))?\s+)*((?:(?:public|internal|private|protected|inline|suspend|data|sealed|enum|abstract|open|annotation|value|const|lateinit|operator|infix|tailrec|external|actual|expect|fun(?=\s+interface))\s+)*)(?:fun|class|interface|object|val|var|typealias)\s+(?:<[^>\n]*(?:<[^>\n]*>[^>\n]*)*>\s*)?(?:[\w.]+(?:<[^\n]*?>)?\??\.)?`?(\w+)/gm;

/** The names a Kotlin source declares at its top level, private ones left out (no other file imports them). */
export function topLevelNames(source: string): Set<string> {
  const out = new Set<string>();
  for (const m of source.matchAll(TOP_DECL)) if (!/\bprivate\b/.test(m[1] ?? "")) out.add(m[2]!);
  return out;
}

/** Per folder: top-level name → the `.kt` file declaring it under the folder's package; held while the file checks are (a second, a batch). */
const folders = new Map<string, { epoch: number; names: Map<string, string> }>();

function declaredIn(folder: string, pkg: string): Map<string, string> {
  const epoch = fileChecksEpoch();
  const hit = folders.get(folder);
  if (hit && hit.epoch === epoch) return hit.names;
  const names = new Map<string, string>();
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith(".kt")).sort();
  } catch {
    /* no folder: no names */
  }
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(join(folder, f), "utf8");
    } catch {
      continue;
    }
    if ((/^\s*package\s+([\w.]+)/m.exec(text)?.[1] ?? "") !== pkg) continue;
    for (const n of topLevelNames(text)) if (!names.has(n)) names.set(n, join(folder, f));
  }
  if (folders.size > 2_000) folders.clear();
  folders.set(folder, { epoch, names });
  return names;
}

/** The file `parts` (an import's qualified name) names under `root`, or undefined. */
function fileFor(root: string, parts: string[]): string | undefined {
  for (let n = parts.length; n >= 1; n--) {
    const base = join(root, ...parts.slice(0, n));
    for (const ext of [".kt", ".java"]) if (isFile(base + ext)) return base + ext;
    if (n < 2) continue;
    const folder = join(root, ...parts.slice(0, n - 1));
    const f = isDir(folder) ? declaredIn(folder, parts.slice(0, n - 1).join(".")).get(parts[n - 1]!) : undefined;
    if (f) return f;
  }
  return undefined;
}

/** Marks each import internal or external, and resolves the project's to their files (ImportRecord.resolved). */
export function resolveKotlinImports(imports: ImportRecord[], ctx: FileContext): ImportRecord[] {
  const pkg = /^\s*package\s+([\w.]+)/m.exec(ctx.source)?.[1] ?? "";
  // Same first two package segments as this file (com.example.*): the project's own code, resolved or not.
  const prefix = pkg.split(".").slice(0, 2).join(".");
  let roots: string[] | undefined;
  for (const i of imports) {
    i.external = !prefix || !(i.source === prefix || i.source.startsWith(prefix + "."));
    const line = ctx.lines[i.line - 1] ?? "";
    const star = new RegExp(`${i.source.replace(/\./g, "\\.")}\\s*\\.\\s*\\*`).test(line);
    const parts = i.source.replace(/\.\*$/, "").split(".");
    for (const root of (roots ??= sourceRoots(ctx.path, pkg))) {
      if (star) {
        if (!isDir(join(root, ...parts))) continue;
        i.external = false;
        break;
      }
      const f = fileFor(root, parts);
      if (!f) continue;
      i.external = false;
      i.resolved = toRel(ctx.root, f);
      break;
    }
  }
  return imports;
}
