/**
 * Whether a bare name a file binds (bindings.ts: OCC_BIND) is bound where it stands (link.ts boundIn):
 * by a binding inside the innermost function around the line (a parameter, a local, a function's
 * generic parameter), or — Swift — by a generic parameter of a type around it, which stands in the
 * type's head (`class PropertyDefinition<OwnerType>: AnyDefinition, …`): a bound line of the type
 * that no member of it holds. A use there (`(_ this: OwnerType)` in a method) is that parameter, not a
 * supertype protocol's `associatedtype OwnerType` found as an inherited member. Elsewhere a head's
 * binding is a constructor's parameter (Kotlin's `class A(val name: String)`), no generic one: not read so.
 */
import { OCC_BIND, OCC_SHIFT, type Def } from "./types.js";
import { TYPE_KINDS } from "./util.js";

/** Languages whose bindings in a type's head are its generic parameters, in scope in all its code. */
const TYPE_HEAD_PARAMETERS = new Set(["swift"]);

/**
 * `occ[at … at+kept)`: the name's kept occurrences; `owner` / `fnOwner`: line → innermost declaration /
 * function (-1: none) of the file's definitions `d`.
 */
export function boundAt(language: string, d: Def[], owner: Int32Array, fnOwner: Int32Array, occ: Int32Array, at: number, kept: number, line: number): boolean {
  const fn = fnOwner[line] ?? -1;
  const heads = TYPE_HEAD_PARAMETERS.has(language);
  if (fn < 0 && !heads) return false;
  for (let k = at; k < at + kept; k++) {
    if (!(occ[k]! & OCC_BIND)) continue;
    const l = occ[k]! >> OCC_SHIFT;
    if (fn >= 0 && l >= d[fn]![3] && l <= d[fn]![4]) return true;
    if (!heads) continue;
    for (let j = owner[line] ?? -1; j >= 0; j = d[j]![6]) {
      if (TYPE_KINDS.has(d[j]![2]) && l >= d[j]![3] && l <= d[j]![4] && owner[l] === j) return true;
    }
  }
  return false;
}
