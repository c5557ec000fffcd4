/**
 * C#'s partial types: one class declared in several files (`partial class CodeGenerator` in
 * CodeGenerator.cs, CodeGenerator.Module.cs, …), each file's code naming the others' members bare
 * (`CreateModules(…)`, `GetPackageBuilderArgument()`, a private one too) or through `this`. Those had
 * no link at all — a file declaring only helpers read as used by nobody, its blast radius empty. The
 * parts are the declarations marked `partial` (Def flag DEF_PARTIAL) of one namespace-qualified name —
 * not `OperationState` and `OperationState<T>`, two types whose qualified names are one.
 */
import { inheritedMember, type QualifierGraph } from "./qualified.js";
import { TYPE_KINDS, preferredMatch } from "./util.js";
import { DEF_PARTIAL, type Def, type FileEntry } from "./types.js";
import { FUNCTION_KINDS, type SymbolRecord } from "../types.js";

/** Languages whose types can be declared in parts, each part in its own file. */
const PARTIAL_TYPES = new Set(["csharp"]);
const PARTIAL_HEAD = /(?:^|\s)partial\s+(?:class|struct|interface|record)\b/;

/** Whether `r` is a part of a type declared in parts (parse-file.ts: DEF_PARTIAL). */
export function partialPart(language: string, r: SymbolRecord): boolean {
  return PARTIAL_TYPES.has(language) && TYPE_KINDS.has(r.kind) && PARTIAL_HEAD.test(r.signature ?? "");
}

/**
 * The member `name` of the type `e.d[t]` (`rel`'s) that it does not declare in `rel`: declared by its
 * other parts (their own members first), else inherited — through `rel`'s supertypes, then the other
 * parts' (`partial class X : Base` in one file only). null / undefined as inheritedMember says.
 */
export function otherPartOrInherited(g: QualifierGraph, rel: string, e: FileEntry, t: number, name: string, call: boolean): [string, number] | null | undefined {
  const type = e.d[t]!;
  if (!(type[5] & DEF_PARTIAL)) return inheritedMember(g, rel, type[0], name, call);
  const parts = otherParts(g, rel, type);
  for (const [f, d, p] of parts) {
    const idx = memberIn(d, p, name, call);
    if (idx >= 0) return [f, idx];
  }
  const own = inheritedMember(g, rel, type[0], name, call);
  if (own) return own;
  for (const [f] of parts) {
    const hit = inheritedMember(g, f, type[0], name, call);
    if (hit) return hit;
  }
  return own;
}

/** The other files declaring a type of `type`'s qualified name: file, its definitions, the type's index there. */
function otherParts(g: QualifierGraph, rel: string, type: Def): [string, Def[], number][] {
  const out: [string, Def[], number][] = [];
  for (const f of g.typeFiles(type[0])) {
    const d = f === rel ? undefined : g.files.get(f)?.d;
    const p = d ? d.findIndex((x) => x[1] === type[1] && x[5] & DEF_PARTIAL && TYPE_KINDS.has(x[2])) : -1;
    if (p >= 0) out.push([f, d!, p]);
  }
  return out;
}

/** `d[p]`'s own member `name` (a call's callable first), or -1. */
function memberIn(d: Def[], p: number, name: string, call: boolean): number {
  // (No constructor: a part's is no member another part names.)
  return preferredMatch(d, (x) => x[6] === p && x[0] === name && x[2] !== "constructor", call, FUNCTION_KINDS);
}

/**
 * The files declaring `type` that a qualified use (`codeGenerator.Generate()`, `CodeGenerator.X`) can
 * search when no import or single file settles it: all of them, when they are the parts of one C# type.
 */
export function partsOfOneType(g: QualifierGraph, files: string[], type: string, language: string): boolean {
  if (!PARTIAL_TYPES.has(language) || files.length < 2) return false;
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
