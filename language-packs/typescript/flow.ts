/**
 * Flow-annotated source (`// @flow`, `/* @flow *\/` and its types not stripped) read with the JavaScript
 * grammar: the annotations are syntax errors there and the outline around them may hold phantoms (a
 * property `any`, a method `if`) and miss what they cover. No Flow grammar is bundled, and the TSX one
 * reads it as another language (a language of its own would be needed to switch grammars), so the report
 * says so instead of passing the outline off as sound.
 */
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";

/** A Flow pragma in the file's leading comments (`@noflow` is none). */
const FLOW_PRAGMA = /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*?\s*(?:\/\/|\/\*+|\*)[^\n]*?@flow\b/;
export const FLOW_NOTE = "Flow type annotations are not supported; the outline may be wrong";

export function tapFlowNote(hooks: Hooks, id: string): void {
  if (id !== "javascript") return;
  hooks.extract.for(id).tap({ name: "pack:typescript:flow", stage: STAGE.PACK + 1 }, (records, ctx) => {
    if (ctx.tree.rootNode.hasError && FLOW_PRAGMA.test(ctx.source.slice(0, 4000)) && !ctx.warnings.includes(FLOW_NOTE)) ctx.warnings.push(FLOW_NOTE);
    return records;
  });
}
