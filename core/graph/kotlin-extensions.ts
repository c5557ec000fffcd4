/**
 * Kotlin's extension functions: `fun ReactStylesDiffMap.getBackingMap()` is called as a member of the
 * receiver's type — `props.getBackingMap()` with `props: ReactStylesDiffMap`. A typed value's member
 * is that type's (qualified.ts), and of a type no project file declares (another library's, or Kotlin's
 * own `KType`) it had been no project symbol's: every typed call of an extension function went unlinked
 * — getBackingMap, called from two files, read as used by nobody. The receiver's type, from the head,
 * is kept as a FileEntry.ft row `~index\tType` (the definition's index in `d`), indexed with the
 * project's types (typeFilesIndex: `~name\tType`), so a typed call finds the one extension function of
 * its name declared on that type — of namesakes on several receivers in several files, the one the
 * value's type picks (overloads in one file share their uses: usedBy is kept by name).
 */
import type { FileEntry } from "./types.js";
import type { QualifierGraph } from "./qualified.js";
import type { SymbolRecord } from "../types.js";

/** The receiver's type of a top-level extension function's head, as a simple name (`Collection<T>` → Collection), or undefined. */
export function receiverOf(language: string, r: SymbolRecord, topLevel: boolean): string | undefined {
  if (language !== "kotlin" || r.kind !== "function" || !topLevel || !r.signature) return undefined;
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

/** The index keys (typeFilesIndex) of a file's extension functions: `~name\tType`. */
export function extensionKeys(e: FileEntry): string[] {
  return rows(e).map(([idx, type]) => `~${e.d[idx]?.[0]}\t${type}`);
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

/** A typed value's member as qualifiedMember found it (`r`), else — Kotlin — an extension function declared on its type. */
export function orExtension(r: [string, number] | null | undefined, g: QualifierGraph, e: FileEntry, type: string, name: string): [string, number] | null | undefined {
  return r || e.l !== "kotlin" ? r : (extensionFor(g, type, name) ?? r);
}

/** FileEntry.ft rows for `defs`' extension functions (parse-file.ts). */
export function extensionRows(receivers: [number, string][]): string {
  return receivers.map(([i, t]) => `~${i}\t${t}`).join("\n");
}
