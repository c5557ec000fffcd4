/** The compact view's count of a container's members on its row (`{11 props}`, `{+8 methods not public}`). */
import type { Entry } from "../core/types.js";
import { plural, shortKind } from "./compact-rows.js";

/**
 * `{11 props}`: members counted on their container's row when the budget does not list their names;
 * `{+3 methods}` when others are shown; `notPublic`: the ones its public members' names leave out
 * (core/budget.ts `publicNames`: expo's `object Companion {+8 methods not public}` above its 4 public
 * functions' names, where `{12 methods}` had named none).
 */
export function countText(ms: Entry[], more: boolean, notPublic = false): string {
  const kinds = new Set(ms.map((m) => m.kind));
  const label = kinds.size === 1 ? shortKind(ms[0]!.kind) : "member";
  return `  {${more || notPublic ? "+" : ""}${ms.length} ${ms.length === 1 ? label : plural(label)}${notPublic ? " not public" : ""}}`;
}
