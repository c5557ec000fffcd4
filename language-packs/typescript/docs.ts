/** The JS/TS pack's doc rules beyond the core's comment-above reading. */
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";
import type { SymbolRecord } from "../../core/types.js";
import { specifiers } from "./reexports.js";
import { tapDrjsDocs } from "./js-doc-formats.js";

export { JS_IGNORE_DOC } from "./js-doc-formats.js";

/** The pack's doc taps: dr.js blocks (js-doc-formats.ts), callable constants, inline modifier tags. */
export function tapDocs(hooks: Hooks, id: string): void {
  tapDrjsDocs(hooks, id);
  tapCallableDocs(hooks, id);
  tapInlineModifierTags(hooks, id);
}

/** tsc's and tslib's emitted helpers (`var __importDefault = (this && this.__importDefault) || …`): the comment above one is the file's. */
const EMIT_HELPER = /^__(?:importDefault|importStar|createBinding|setModuleDefault|exportStar|awaiter|generator|decorate|metadata|param|extends|assign|rest|spreadArray|spread|values|read|makeTemplateObject|classPrivateField\w*|esDecorate|runInitializers|setFunctionName|propKey|addDisposableResource|disposeResources|rewriteRelativeImportExtension)$/;

/**
 * `export const merge: { /** Merges … *\/ <A>(that: A): … ; <A, B>(self: B, that: A): … } = dual(…)`
 * (effect's data-first / data-last APIs): the doc is written on the overloads, none above the constant.
 * A constant or variable with no doc of its own whose first member is a call signature (`()`) takes
 * that signature's doc — what the function does. Its range (read_symbol) is unchanged. (Here too: a
 * bare `namespace`'s doc is its statement's, and tsc's emitted helpers take none.)
 */
export function tapCallableDocs(hooks: Hooks, id: string): void {
  hooks.doc.for(id).tap({ name: "pack:typescript:emit-helper-doc", stage: STAGE.PACK }, (doc, r) => (doc !== undefined && EMIT_HELPER.test(r.name) ? (delete r.docStartLine, "") : doc));
  // A `namespace X {…}` written without `export`/`declare` is an expression statement to the grammar:
  // its doc is the statement's (lit's `ReactiveUnstable.DebugLog` had none).
  hooks.doc.for(id).tap({ name: "pack:typescript:namespace-doc", stage: STAGE.PACK }, (doc, r, ctx) => {
    const stmt = r.node?.type === "internal_module" ? r.node.parent : null;
    if (doc !== undefined || stmt?.type !== "expression_statement") return doc;
    const as: SymbolRecord = { ...r, node: stmt, members: [] };
    const found = hooks.doc.for(id).call(undefined, as, ctx);
    r.docStartLine = as.docStartLine;
    r.flags = as.flags;
    return found;
  });
  // `const void_ = …; export { /** Returns an effect that succeeds with void. *\/ void_ as void }`
  // (effect names its reserved-word APIs so): a local with no doc of its own takes its export
  // specifier's. (Its range is unchanged: the doc stands away from it.)
  hooks.doc.for(id).tap({ name: "pack:typescript:export-specifier-doc", stage: STAGE.PACK }, (doc, r, ctx) => {
    const spec = doc === undefined ? specifiers.get(r) : undefined;
    if (!spec) return doc;
    const as: SymbolRecord = { ...r, node: spec, startLine: spec.startPosition.row + 1, endLine: spec.endPosition.row + 1, members: [] };
    return hooks.doc.for(id).call(undefined, as, ctx);
  });
  // A compiled class field's doc written inside its helper call, before the key or the value (mobx-keystone's
  // dist: `_defineProperty(⏎ this, ⏎ /** Changed when … *\/ ⏎ "atom", …)`; field-helpers.ts, sequences.ts
  // babelStatics): the field's, as above the statement (it had read none).
  hooks.doc.for(id).tap({ name: "pack:typescript:helper-argument-doc", stage: STAGE.PACK }, (doc, r, ctx) => {
    if (doc !== undefined || (!r.props?.["declared-field"] && !r.props?.["babel-static"]) || r.node?.type !== "expression_statement") return doc;
    const args = r.node.firstNamedChild?.type === "call_expression" ? r.node.firstNamedChild.childForFieldName("arguments") : null;
    const list = args?.namedChildren.filter((a) => a?.type !== "comment") ?? [];
    for (const arg of [list[1], list[2]]) {
      if (arg?.previousSibling?.type !== "comment") continue;
      const found = hooks.doc.for(id).call(undefined, { ...r, node: arg, startLine: arg.startPosition.row + 1, endLine: arg.endPosition.row + 1, members: [] }, ctx);
      if (found !== undefined) return found;
    }
    return doc;
  });
  hooks.doc.for(id).tap({ name: "pack:typescript:callable-doc", stage: STAGE.PACK }, (doc, r, ctx) => {
    if (doc !== undefined || (r.kind !== "constant" && r.kind !== "variable")) return doc;
    const first = r.members[0];
    if (first?.name !== "()") return doc;
    return hooks.doc.for(id).call(undefined, first, ctx);
  });
}

/**
 * A modifier tag written at the end of the prose (`/** Add an _id field @public *\/`, `… instead
 * @deprecated`): TypeScript reads a tag wherever `@` follows a space, so the prose ends there and the
 * rest is the tag's. Only tags that take no text, and only at a line's end — `@types/jquery` and "has
 * an @internal annotation" in a sentence stay prose. An inline `@deprecated` (`@internal`, `@private`)
 * flags the symbol as a tag on its own line does.
 */
const INLINE_MODIFIER = /\s@(deprecated|internal|public|private|protected|alpha|beta|experimental|hidden|hide|ignore|readonly|override|sealed|virtual|eventProperty|packageDocumentation)(?=[ \t]*(?:\n|$))/;

export function tapInlineModifierTags(hooks: Hooks, id: string): void {
  hooks.doc.for(id).tap({ name: "pack:typescript:inline-tags", stage: STAGE.PACK + 1 }, (doc, r) => {
    const m = doc === undefined ? null : INLINE_MODIFIER.exec(doc);
    if (!m) return doc;
    if (m[1] === "deprecated" && !r.flags?.includes("deprecated")) r.flags = [...(r.flags ?? []), "deprecated"];
    if ((m[1] === "internal" || m[1] === "private") && !r.flags?.includes("internal")) r.flags = [...(r.flags ?? []), "internal"];
    return doc!.slice(0, m.index).trimEnd() || undefined;
  });
}
