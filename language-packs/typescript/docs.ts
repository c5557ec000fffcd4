/** The JS/TS pack's doc rules beyond the core's comment-above reading. */
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";

/**
 * `export const merge: { /** Merges … *\/ <A>(that: A): … ; <A, B>(self: B, that: A): … } = dual(…)`
 * (effect's data-first / data-last APIs): the doc is written on the overloads, none above the constant.
 * A constant or variable with no doc of its own whose first member is a call signature (`()`) takes
 * that signature's doc — what the function does. Its range (read_symbol) is unchanged.
 */
export function tapCallableDocs(hooks: Hooks, id: string): void {
  hooks.doc.for(id).tap({ name: "pack:typescript:callable-doc", stage: STAGE.PACK }, (doc, r, ctx) => {
    if (doc !== undefined || (r.kind !== "constant" && r.kind !== "variable")) return doc;
    const first = r.members[0];
    if (first?.name !== "()") return doc;
    return hooks.doc.for(id).call(undefined, first, ctx);
  });
}
