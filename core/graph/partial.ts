/**
 * Types declared in parts, each part in its own file, whose code names the others' members bare or
 * through `this`/`self` — links no file-local lookup finds (a file declaring only helpers read as used
 * by nobody, its blast radius empty):
 *  - C#'s partial types: `partial class CodeGenerator` in CodeGenerator.cs, CodeGenerator.Module.cs, …
 *    (`CreateModules(…)`, `GetPackageBuilderArgument()`, a private one too) — the declarations marked
 *    `partial` (Def flag DEF_PARTIAL) of one namespace-qualified name, not `OperationState` and
 *    `OperationState<T>`, two types whose qualified names are one.
 *  - Swift's types and their extensions: `class StripeSdkImpl` in StripeSdkImpl.swift, `extension
 *    StripeSdkImpl` in StripeSdkImpl+PaymentSheet.swift, … (a bare `buildPaymentSheetConfiguration(…)`
 *    in the class is the extension's). Swift has no namespaces, and pilens no module map (an internal
 *    declaration is seen project-wide: visibility.ts): the declarations of one qualified name are one
 *    type's parts when at most one file declares the type itself — two pods' own `class Logger` are two
 *    types, none merged. Extensions of another library's type (`extension UIColor` in two files, none
 *    declaring it) are parts of it too: within a module a member one adds is callable bare in another;
 *    a name more than one other part declares is no link (two modules may each add it). A `private` /
 *    `fileprivate` member is its file's alone.
 */
import { inheritedMember, type QualifierGraph } from "./qualified.js";
import { TYPE_KINDS, preferredMatch } from "./util.js";
import { fileLocal } from "./visibility.js";
import { DEF_PARTIAL, type Def, type FileEntry } from "./types.js";
import { FUNCTION_KINDS, type SymbolRecord } from "../types.js";

/** Languages whose types can be declared in parts, each part in its own file (C#: the parts say `partial`). */
const PARTIAL_TYPES = new Set(["csharp"]);
const PARTIAL_HEAD = /(?:^|\s)partial\s+(?:class|struct|interface|record)\b/;
/** Swift: the declarations that are a type's parts (a typealias is none). */
const SWIFT_PARTS: ReadonlySet<string> = new Set(["class", "struct", "enum", "protocol", "extension"]);

/** Whether `r` is a part of a type declared in parts (parse-file.ts: DEF_PARTIAL). */
export function partialPart(language: string, r: SymbolRecord): boolean {
  return PARTIAL_TYPES.has(language) && TYPE_KINDS.has(r.kind) && PARTIAL_HEAD.test(r.signature ?? "");
}

/** Whether `x`, a definition of a file in `language`, may be a part: a C# `partial` type, any Swift type or extension. */
function mayBePart(language: string | undefined, x: Def): boolean {
  return language === "swift" ? SWIFT_PARTS.has(x[2]) : (x[5] & DEF_PARTIAL) !== 0 && TYPE_KINDS.has(x[2]);
}

/**
 * The member `name` of the type `e.d[t]` (`rel`'s) that it does not declare in `rel`: declared by its
 * other parts (their own members first), else inherited — through `rel`'s supertypes, then the other
 * parts' (`partial class X : Base` in one file only). null / undefined as inheritedMember says.
 */
export function otherPartOrInherited(g: QualifierGraph, rel: string, e: FileEntry, t: number, name: string, call: boolean): [string, number] | null | undefined {
  const type = e.d[t]!;
  const parts = mayBePart(e.l, type) ? otherParts(g, rel, e.l, type) : undefined;
  if (!parts) return inheritedMember(g, rel, type[0], name, call);
  let found: [string, number] | undefined;
  for (const [f, d, p] of parts) {
    const idx = memberIn(d, p, name, call);
    if (idx < 0) continue;
    if (e.l !== "swift") return [f, idx];
    // (Swift: a member two other files add is no link — two modules' extensions of one library type.)
    if (found) return undefined;
    found = [f, idx];
  }
  if (found) return found;
  const own = inheritedMember(g, rel, type[0], name, call);
  if (own) return own;
  for (const [f, d, p] of parts) {
    const hit = inheritedMember(g, f, d[p[0]!]![0], name, call);
    if (hit) return hit;
  }
  return own;
}

/**
 * The other files declaring parts of `type` (a C# partial type's, of its qualified name; a Swift type's,
 * when one type — swiftParts): file, its definitions, the parts' indexes there. undefined: `type` is none.
 */
function otherParts(g: QualifierGraph, rel: string, language: string, type: Def): [string, Def[], number[]][] | undefined {
  if (language === "swift") return swiftParts(g, type)?.filter(([f]) => f !== rel);
  const out: [string, Def[], number[]][] = [];
  for (const f of g.typeFiles(type[0])) {
    const d = f === rel ? undefined : g.files.get(f)?.d;
    const p = d ? d.findIndex((x) => x[1] === type[1] && mayBePart(language, x)) : -1;
    if (p >= 0) out.push([f, d!, [p]]);
  }
  return out;
}

/** Swift parts by qualified name, per state of the graph's type index (the array typeFiles gives for the name). */
const swiftCache = new WeakMap<string[], Map<string, [string, Def[], number[]][] | undefined>>();

/**
 * Every Swift file's parts of `type`'s qualified name (`StripeSdkImpl`, `Outer.Config` — a nested
 * struct and `extension Outer.Config` are one): undefined when more than one file declares the type
 * itself (two modules' types of one name) or a file of another language declares one of the name.
 */
function swiftParts(g: QualifierGraph, type: Def): [string, Def[], number[]][] | undefined {
  const q = type[1];
  const key = g.typeFiles(type[0]);
  let cache = swiftCache.get(key);
  if (!cache) swiftCache.set(key, (cache = new Map()));
  if (cache.has(q)) return cache.get(q);
  const last = q.slice(q.lastIndexOf(".") + 1);
  const files = new Set([...key, ...g.typeFiles(q), ...g.typeFiles(last)]);
  const out: [string, Def[], number[]][] = [];
  let declared = 0;
  let one = true;
  for (const f of files) {
    const entry = g.files.get(f);
    if (!entry) continue;
    const p: number[] = [];
    let own = false;
    entry.d.forEach((x, i) => {
      if (x[1] !== q || !TYPE_KINDS.has(x[2])) return;
      if (entry.l !== "swift") one = false;
      else if (SWIFT_PARTS.has(x[2])) {
        p.push(i);
        if (x[2] !== "extension") own = true;
      }
    });
    if (own) declared++;
    if (p.length) out.push([f, entry.d, p]);
  }
  const parts = one && declared <= 1 ? out : undefined;
  cache.set(q, parts);
  return parts;
}

/** A part's own member `name` in `d` (any of the blocks `p`; a call's callable first), not a file-local one, or -1. */
function memberIn(d: Def[], p: number[], name: string, call: boolean): number {
  // (No constructor: a part's is no member another part names.)
  return preferredMatch(d, (x) => p.includes(x[6]) && x[0] === name && x[2] !== "constructor" && !fileLocal(x), call, FUNCTION_KINDS);
}

/**
 * The files declaring `type` that a qualified use (`codeGenerator.Generate()`, `CodeGenerator.X`,
 * `StripeSdkImpl.mapToCollectionMode(…)`) can search when no import or single file settles it: all of
 * them, when they are the parts of one C# or Swift type.
 */
export function partsOfOneType(g: QualifierGraph, files: string[], type: string, language: string): boolean {
  if (files.length < 2) return false;
  if (language === "swift") {
    const rel = files[0]!;
    const t = g.files.get(rel)?.d.findIndex((x) => x[0] === type && SWIFT_PARTS.has(x[2])) ?? -1;
    const parts = t >= 0 ? swiftParts(g, g.files.get(rel)!.d[t]!) : undefined;
    return parts !== undefined && files.every((f) => parts.some(([p]) => p === f));
  }
  if (!PARTIAL_TYPES.has(language)) return false;
  let q: string | undefined;
  for (const f of files) {
    const d = g.files.get(f)?.d ?? [];
    const types = d.filter((x) => x[0] === type && TYPE_KINDS.has(x[2]));
    if (types.some((x) => !(x[5] & DEF_PARTIAL))) return false;
    const names = new Set(types.map((x) => x[1]));
    if (names.size !== 1) return false;
    const [only] = names;
    if (q !== undefined && q !== only) return false;
    q = only;
  }
  return true;
}
