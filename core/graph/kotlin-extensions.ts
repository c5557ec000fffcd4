/**
 * Extension functions and methods, called as members of their receiver's type.
 *
 * Kotlin: `fun ReactStylesDiffMap.getBackingMap()` is called as a member of the receiver's type —
 * `props.getBackingMap()` with `props: ReactStylesDiffMap`. A typed value's member is that type's
 * (qualified.ts), and of a type no project file declares (another library's, or Kotlin's own `KType`) it
 * had been no project symbol's: every typed call of an extension function went unlinked — getBackingMap,
 * called from two files, read as used by nobody.
 *
 * C#: `public static IServiceCollection AddStore(this IServiceCollection services)` in a static class is
 * called `services.AddStore()`, `title.ToSlug()` — on a library's type (or a predefined one: `string`,
 * `int`, arrays, kept as BUILTIN as typed-names.ts spells the value's type), whose members had all been
 * another library's: the ASP.NET registration helpers every Startup calls read as unused.
 *
 * The receiver's type, from the head, is kept as a FileEntry.ft row `~index\tType` (the definition's index
 * in `d`), indexed with the project's types (typeFilesIndex: `~name\tType`, and `~name` for any receiver),
 * so a typed call finds the one extension of its name declared on that type — of namesakes on several
 * receivers in several files, the one the value's type picks (overloads in one file share their uses:
 * usedBy is kept by name). C#: a call on a value of another type (`List<Foo>` for an extension on
 * `IEnumerable<T>`: library supertypes are unknown here) or of no known type is left to the name-only
 * rules when the project has an extension method of that name — unknown, not "another library's".
 */
import type { FileEntry } from "./types.js";
import type { QualifierGraph } from "./qualified.js";
import type { SymbolRecord } from "../types.js";
import { BUILTIN, classLike } from "./typed-names.js";
import { eachOccurrence } from "./occ.js";
import { OCC_SHIFT } from "./types.js";

/** The receiver's type of a Kotlin top-level extension function's or a C# extension method's head, as a simple name (`Collection<T>` → Collection), or undefined. */
export function receiverOf(language: string, r: SymbolRecord, parent: SymbolRecord | undefined): string | undefined {
  if (language === "csharp") return csReceiver(r, parent);
  if (language !== "kotlin" || r.kind !== "function" || parent || !r.signature) return undefined;
  const head = r.signature;
  const at = head.search(new RegExp(`\\.\\s*\`?${r.name.replace(/[$]/g, "\\$")}\`?\\s*[(<]`));
  if (at < 0) return undefined;
  // (After `fun` and its type parameters, `fun <reified T> AnyType.inheritFrom()`.)
  const fun = /\bfun\s*/.exec(head);
  if (!fun || fun.index > at) return undefined;
  let i = fun.index + fun[0].length;
  if (head[i] === "<") {
    for (let depth = 0; i < at; i++) {
      if (head[i] === "<") depth++;
      else if (head[i] === ">" && --depth === 0) break;
    }
    i++;
  }
  const receiver = head.slice(i, at).trim();
  // (A function type's receiver, `(Int) -> Unit`, names no type a value is declared with.)
  if (!receiver || receiver.startsWith("(")) return undefined;
  const bare = receiver.replace(/<.*>/, "").replace(/\?$/, "").trim();
  const simple = bare.slice(bare.lastIndexOf(".") + 1);
  return /^[A-Za-z_]\w*$/.test(simple) ? simple : undefined;
}

/** C#'s predefined types: a value declared with one is BUILTIN (typed-names.ts), and so is an extension's receiver of one. */
const CS_PREDEFINED = new Set(["bool", "byte", "sbyte", "char", "decimal", "double", "float", "int", "uint", "nint", "nuint", "long", "ulong", "short", "ushort", "object", "string", "dynamic"]);

/** A C# extension method's receiver: `static R M(this Type x, …)` in a static class — the type's simple name, BUILTIN for a predefined type or an array, `?` for one no value is declared with (a type parameter, a tuple). */
function csReceiver(r: SymbolRecord, parent: SymbolRecord | undefined): string | undefined {
  if (r.kind !== "method" || parent?.kind !== "class" || !/\bstatic\b/.test(parent.signature ?? "") || !r.signature) return undefined;
  const m = /\(\s*(?:(?:ref|in|scoped)\s+)?this\s+(?:(?:ref|in|scoped)\s+)?/.exec(r.signature);
  if (!m) return undefined;
  const head = r.signature.slice(m.index + m[0].length);
  let end = 0;
  for (let depth = 0; end < head.length; end++) {
    const c = head[end]!;
    if (c === "<" || c === "(" || c === "[") depth++;
    else if (c === ">" || c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === " " || c === ",")) break;
  }
  const type = head.slice(0, end).replace(/\?$/, "");
  if (/\[[\s,]*\]$/.test(type)) return BUILTIN;
  const bare = type.replace(/<.*>$/, "");
  const simple = bare.slice(bare.lastIndexOf(".") + 1);
  if (CS_PREDEFINED.has(simple)) return BUILTIN;
  return classLike(simple) ? simple : "?";
}

/** The index keys (typeFilesIndex) of a file's extension functions: `~name\tType`, and `~name` for any receiver. */
export function extensionKeys(e: FileEntry): string[] {
  return rows(e).flatMap(([idx, type]) => [`~${e.d[idx]?.[0]}\t${type}`, `~${e.d[idx]?.[0]}`]);
}

function rows(e: FileEntry): [number, string][] {
  if (!e.ft || !e.ft.includes("~")) return [];
  const out: [number, string][] = [];
  for (const row of e.ft.split("\n")) if (row[0] === "~") out.push([Number(row.slice(1, row.indexOf("\t"))), row.slice(row.indexOf("\t") + 1)]);
  return out;
}

/** The one extension function `name` the project declares on `type`, or undefined (none, or several files'). */
export function extensionFor(g: QualifierGraph, type: string, name: string): [string, number] | undefined {
  const files = g.typeFiles(`~${name}\t${type}`);
  if (files.length !== 1) return undefined;
  const e = g.files.get(files[0]!);
  const hit = e ? rows(e).find(([idx, t]) => t === type && e.d[idx]?.[0] === name) : undefined;
  return hit ? [files[0]!, hit[0]] : undefined;
}

/**
 * A typed value's member as qualifiedMember found it (`r`), else — Kotlin, C# — an extension declared on
 * its type. C#: unknown (not another library's) where the project has an extension method of that name on
 * another receiver — but not through a type the line names, `File.Exists(p)`: a static call (`written`).
 * (Not Kotlin: its scope functions and the platform's statics, `x.apply {}`, `MediaScannerConnection.scanFile()`,
 * took a project extension of their name — 266 name-only links on expo's Kotlin, the ones read mostly wrong.)
 */
export function orExtension(r: [string, number] | null | undefined, g: QualifierGraph, e: FileEntry, type: string, name: string, written: (type: string) => boolean): [string, number] | null | undefined {
  if (r || (e.l !== "kotlin" && e.l !== "csharp")) return r;
  const own = extensionFor(g, type, name);
  if (own) return own;
  return r === null && e.l === "csharp" && g.typeFiles(`~${name}`).length && !written(type) ? undefined : r;
}

/** FileEntry.ft rows for `defs`' extension functions (parse-file.ts). */
export function extensionRows(receivers: [number, string][]): string {
  return receivers.map(([i, t]) => `~${i}\t${t}`).join("\n");
}

/** Whether `e` writes `name` on `line` (its kept occurrences) — `File.Exists(p)` names the type it calls through (orExtension). */
export function writtenOn(e: FileEntry, name: string, line: number): boolean {
  let lines = writtenLines.get(e);
  if (!lines) {
    const w = new Map<string, Set<number>>();
    eachOccurrence(e, (n, _count, at, kept) => w.set(n, new Set(Array.from({ length: kept }, (_, k) => e.o[at + k]! >> OCC_SHIFT))));
    writtenLines.set(e, (lines = w));
  }
  return lines.get(name)?.has(line) ?? false;
}
/** writtenOn's lines per entry (an entry's occurrences never change: a re-parse is a new entry). */
const writtenLines = new WeakMap<FileEntry, Map<string, Set<number>>>();
