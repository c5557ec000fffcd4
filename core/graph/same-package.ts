/**
 * A name another file of the same package declares — Java's and Kotlin's `package a.b` (FileEntry.pk,
 * else the folder), C#'s namespace and the namespaces around it — is that declaration, with no import:
 * the language's own rule, not a guess by name (link.ts gives it `exact`, as Go's package-level names).
 * Before, such a name was linked only when it was unique in the project, `name-only`; a name declared in
 * two packages linked nothing. Several declarations of the name in the package (source sets — `src/main`
 * and `src/test`, Android's `src/fabric` and `src/paper` — declare the same class in one package): none,
 * but a C# partial type's parts (one type).
 */
import type { Node } from "web-tree-sitter";
import { DEF_PARTIAL, type Def, type FileEntry } from "./types.js";
import { visibleAcross } from "./visibility.js";
import { TYPE_KINDS } from "./util.js";

const JVM = new Set(["java", "kotlin"]);

/** Java's `package a.b;`, Kotlin's `package a.b` (collect.ts: FileEntry.pk); undefined elsewhere or without one. */
export function packageName(language: string, statements: (Node | null)[], src: string): string | undefined {
  if (!JVM.has(language)) return undefined;
  const stmt = statements.find((s) => s?.type === "package_declaration" || s?.type === "package_header");
  const m = stmt ? /^package\s+([\w.\s]+?)\s*;?\s*$/.exec(src.slice(stmt.startIndex, stmt.endIndex)) : null;
  return m ? m[1]!.replace(/\s+/g, "") : undefined;
}

/** The packages a Java or Kotlin file's `import a.b.*` lines name (not `import static`: a class's members). */
export function starPackages(language: string, statements: (Node | null)[], src: string): string[] {
  if (!JVM.has(language)) return [];
  const out: string[] = [];
  for (const s of statements) {
    if (s?.type !== "import_declaration" && s?.type !== "import_list") continue;
    for (const stmt of s.type === "import_list" ? s.namedChildren : [s]) {
      const m = stmt ? /^import\s+(?!static\b)([\w.\s]+?)\s*\.\s*\*\s*;?\s*$/.exec(src.slice(stmt.startIndex, stmt.endIndex)) : null;
      if (m) out.push(m[1]!.replace(/\s+/g, ""));
    }
  }
  return out;
}

/**
 * `name` as the one declaration the packages of the file's `import a.b.*` lines have (Java's
 * type-import-on-demand, Kotlin's star import), after the file's own and its package's; undefined when
 * none or several (`import a.*; import b.*;` both declaring it) — `import` confidence (link.ts).
 */
export function starImportDef(index: PackageIndex, e: FileEntry, name: string): [string, number] | undefined {
  const hits = (e.ps ?? []).flatMap((p) => index.get(`j\t${p}`)?.get(name) ?? []);
  return hits.length === 1 ? hits[0] : undefined;
}

/** A file's package key: `j\ta.b` (Java and Kotlin call each other's names), a file without a package its folder's; C#'s namespace `c\tA.B`. */
function jvmKey(rel: string, e: FileEntry): string {
  return `j\t${e.pk ?? `/${rel.slice(0, rel.lastIndexOf("/") + 1)}`}`;
}

/** The namespace chain around `d[i]` (C#: `A.B` for a type in `namespace A { namespace B {`), or undefined when something else encloses it. */
function namespaceOf(d: Def[], i: number): string | undefined {
  const names: string[] = [];
  for (let p = d[i]![6]; p !== -1; p = d[p]?.[6] ?? -1) {
    if (d[p]?.[2] !== "namespace") return undefined;
    names.unshift(d[p]![0]);
  }
  return names.join(".");
}

export type PackageIndex = Map<string, Map<string, [string, number][]>>;

/** Every package's names other files of it may use bare: package key → name → [file, def index]. */
export function packageIndex(files: Map<string, FileEntry>): PackageIndex {
  const out: PackageIndex = new Map();
  for (const [rel, e] of files) {
    const jvm = JVM.has(e.l);
    if (!jvm && e.l !== "csharp") continue;
    e.d.forEach((x, i) => {
      // (Kotlin: its public and `internal` declarations, not its `private` ones — the file's alone.)
      if (!visibleAcross(e.d, i, e.l)) return;
      if (e.l === "csharp" && x[2] === "namespace") return;
      const ns = jvm ? undefined : namespaceOf(e.d, i);
      if (!jvm && ns === undefined) return;
      const key = jvm ? jvmKey(rel, e) : `c\t${ns}`;
      let names = out.get(key);
      if (!names) out.set(key, (names = new Map()));
      const list = names.get(x[0]);
      if (list) list.push([rel, i]);
      else names.set(x[0], [[rel, i]]);
    });
  }
  return out;
}

/**
 * The namespaces a C# file declares, innermost first — not those around them: C# looks there too
 * (`ReactCallback` in `namespace A.B.CodeGen` may be `A.B`'s), but before a file's own `using` directives
 * only within one assembly, which pilens does not know (react-native-windows' CodeGen tool names its own
 * `CodeGen.Model.ReactCallback` through a `using`; `A.B`'s is another assembly's).
 */
function csharpScopes(e: FileEntry): string[] {
  const chains = e.d.flatMap((x, i) => (x[2] === "namespace" ? [[namespaceOf(e.d, i), x[0]].filter(Boolean).join(".")] : []));
  return [...new Set(chains)].sort((a, b) => b.split(".").length - a.split(".").length);
}

/**
 * `name` as another file of `rel`'s package declares it (Java, Kotlin; C#: the namespaces it declares, innermost
 * first), when exactly one declaration of the package has it (a C# partial type's parts: the file named
 * after it, else the first by path); undefined otherwise.
 */
export function samePackageDef(index: PackageIndex, files: Map<string, FileEntry>, rel: string, e: FileEntry, name: string): [string, number] | undefined {
  const keys = JVM.has(e.l) ? [jvmKey(rel, e)] : e.l === "csharp" ? csharpScopes(e).map((n) => `c\t${n}`) : [];
  for (const key of keys) {
    const hits = index.get(key)?.get(name)?.filter(([f]) => f !== rel);
    if (!hits?.length) continue;
    if (hits.length === 1) return hits[0];
    return e.l === "csharp" ? partialOne(hits, files, name) : undefined;
  }
  return undefined;
}

/** Of a C# name declared in several files of one namespace: a partial type's parts are one type — the one in the file named after it, else the first by path. */
function partialOne(hits: [string, number][], files: Map<string, FileEntry>, name: string): [string, number] | undefined {
  const defs = hits.map(([f, i]) => files.get(f)?.d[i]);
  if (!defs.every((x) => x && x[5] & DEF_PARTIAL && TYPE_KINDS.has(x[2]) && x[1] === defs[0]![1])) return undefined;
  const named = (f: string) => f === `${name}.cs` || f.endsWith(`/${name}.cs`);
  return [...hits].sort((a, b) => Number(named(b[0])) - Number(named(a[0])) || (a[0] < b[0] ? -1 : 1))[0];
}
