/**
 * Overloads of one callable in one file (Java's `requireNonNull(T)` and `(T, String)`, C#'s, Kotlin's,
 * C++'s, TypeScript's overload signatures) share a qualified name, so the project graph had kept their uses
 * under one key: each overload listed every other overload's callers (Objects' three `requireNonNull`:
 * 653 uses each). Where their parameter counts tell them apart — each a fixed count, no varargs, default
 * or optional parameter —, each is keyed `q/N` (use-key.ts' key plus `/N`) and a call with N arguments
 * (collect.ts callArity) is that overload's use; a call whose count no overload has, a use that is no call
 * (a method reference) or one whose count the scan could not tell goes to each of them, as before. A
 * TypeScript implementation behind its overload signatures keeps the bare key: every call is its use.
 * Where counts do not tell them apart the uses stay shared, and a read says so (read-uses.ts).
 * The graph (parse-file.ts: FileEntry.ov) and the report (report-graph.ts, report.ts) both key from here.
 */

import { walk } from "./extract.js";
import { cppKeyName, cppOwner } from "./graph/cpp-members.js";
import type { SymbolRecord } from "./types.js";
import { spelledName } from "./use-key.js";

/** Languages whose overloads the argument count tells apart (others keep one key per name). */
export const SPLIT_LANGUAGES: ReadonlySet<string> = new Set(["java", "csharp", "kotlin", "cpp", "typescript", "tsx"]);
const CALLABLE: ReadonlySet<string> = new Set(["function", "method"]);

/** An overload whose count is unknown (varargs, defaults) — the group stays shared. */
export const INDEFINITE = -1;
/** A TypeScript implementation behind overload signatures: the bare key, every call's use. */
export const IMPLEMENTATION = -2;

export interface OverloadItem {
  name: string;
  q: string;
  kind: string;
  signature?: string;
  stub?: boolean;
}

export interface Overloads {
  /** Per item: the parameter count its key carries (`q/N`), IMPLEMENTATION, or undefined (not split). */
  count: (number | undefined)[];
  /** Per item in a group of overloads: how many others share its uses (all of the group when not split, else those of its count). */
  sharedWith: number[];
}

/** Which items are overloads told apart by their parameter counts (items: one file's symbols, any order). */
export function overloads(language: string, items: OverloadItem[]): Overloads {
  const count: (number | undefined)[] = new Array(items.length).fill(undefined);
  const sharedWith: number[] = new Array(items.length).fill(0);
  const groups = new Map<string, number[]>();
  items.forEach((x, i) => {
    if (!CALLABLE.has(x.kind)) return;
    const g = groups.get(x.q);
    if (g) g.push(i);
    else groups.set(x.q, [i]);
  });
  const split = SPLIT_LANGUAGES.has(language);
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    // (TypeScript: the implementation after its signatures is no overload a caller picks.)
    const stubs = g.some((i) => items[i]!.stub);
    const ns = g.map((i) => (stubs && !items[i]!.stub ? IMPLEMENTATION : split ? paramCount(items[i]!.signature, items[i]!.name) : INDEFINITE));
    const told = ns.every((n) => n !== INDEFINITE) && ns.filter((n) => n >= 0).length >= 2 && new Set(ns.filter((n) => n >= 0)).size >= 2;
    g.forEach((i, k) => {
      if (told) {
        count[i] = ns[k];
        sharedWith[i] = ns[k]! >= 0 ? ns.filter((n) => n === ns[k]).length - 1 : 0;
      } else sharedWith[i] = g.length - 1;
    });
  }
  return { count, sharedWith };
}

/**
 * A file's records in overload groups: their counts and sharing, grouped by the graph's qualified names
 * (a C++ member out of its class by its class, as parse-file.ts keys it). Records in no group are absent.
 */
export function recordOverloads(language: string, symbols: SymbolRecord[]): Map<SymbolRecord, { count?: number; sharedWith: number }> {
  const items: OverloadItem[] = [];
  const recs: SymbolRecord[] = [];
  const keys = new Map<SymbolRecord, string>();
  for (const [r, parents] of walk(symbols)) {
    const parent = parents[parents.length - 1];
    const q = [...(parent ? [keys.get(parent)!] : []), ...cppOwner(language, r, parent), spelledName({ name: cppKeyName(language, r), hashName: r.hashName })].join(".");
    keys.set(r, q);
    items.push({ name: r.name, q, kind: r.kind, signature: r.signature, stub: !!r.stub });
    recs.push(r);
  }
  const o = overloads(language, items);
  const out = new Map<SymbolRecord, { count?: number; sharedWith: number }>();
  recs.forEach((r, i) => {
    if (o.count[i] !== undefined || o.sharedWith[i]! > 0) out.set(r, { ...(o.count[i] !== undefined ? { count: o.count[i] } : {}), sharedWith: o.sharedWith[i]! });
  });
  return out;
}

/** The use key's suffix for a count (`/2`), "" for a TypeScript implementation. */
export function overloadSuffix(n: number | undefined): string {
  return n === undefined || n < 0 ? "" : `/${n}`;
}

/**
 * The keys a use of a split overload group is kept under: `base/n` when an overload takes `n` (the call's
 * argument count; -1 unknown), else every overload's; with the implementation's bare key too.
 */
export function useKeys(base: string, counts: readonly number[], n: number): string[] {
  const impl = counts.includes(IMPLEMENTATION) ? [base] : [];
  if (n >= 0 && counts.includes(n)) return [`${base}/${n}`, ...impl];
  return [...new Set(counts.filter((c) => c >= 0))].map((c) => `${base}/${c}`).concat(impl);
}

/**
 * The parameter count a declaration's head gives (`int size(int a, Map<K, V> m)` → 2), or INDEFINITE: no
 * closed parameter list after the name (a clipped head), varargs (`...`, `params`, `vararg`), a default
 * (`= 0`) or an optional parameter (`a?: T`), a C# extension method's `this` (called with one fewer).
 */
export function paramCount(signature: string | undefined, name: string): number {
  if (!signature) return INDEFINITE;
  let at = -1;
  for (let from = 0; ; ) {
    const k = signature.indexOf(name, from);
    if (k < 0) break;
    let j = k + name.length;
    // (A generic method's type parameters between its name and its parameters: `f<T>(x: T)`.)
    if (signature[j] === "<") j = closeAngle(signature, j);
    while (signature[j] === " ") j++;
    if (j > 0 && signature[j] === "(" && !/[\w$]/.test(signature[k - 1] ?? "")) {
      at = j;
      break;
    }
    from = k + 1;
  }
  if (at < 0) return INDEFINITE;
  let depth = 0;
  let params = 0;
  let current = "";
  const parts: string[] = [];
  for (let j = at; j < signature.length; j++) {
    const c = signature[j]!;
    if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if (c === ")" || c === "]" || c === "}" || (c === ">" && signature[j - 1] !== "=" && signature[j - 1] !== "-")) {
      depth--;
      if (depth === 0) {
        parts.push(current);
        const named = parts.map((p) => p.trim()).filter(Boolean);
        params = named.length === 1 && named[0] === "void" ? 0 : named.length;
        if (named.some((p) => /^(?:\.\.\.|params\b|vararg\b|this\b)|\.\.\.|^\*|\?\s*:|(?:^|[^=!<>])=(?![=>])/.test(p))) return INDEFINITE;
        return params;
      }
    }
    if (depth === 1 && c === ",") {
      parts.push(current);
      current = "";
    } else if (depth >= 1 && !(depth === 1 && c === "(")) current += c;
  }
  return INDEFINITE;
}

function closeAngle(s: string, j: number): number {
  let depth = 0;
  for (; j < s.length; j++) {
    if (s[j] === "<") depth++;
    else if (s[j] === ">" && --depth === 0) return j + 1;
  }
  return j;
}
