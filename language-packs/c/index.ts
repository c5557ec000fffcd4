/**
 * C pack (tuned): `.c`, and `.h` unless the C++ pack's detector claims the header. Queries say what is
 * declared; c/cfamily.ts (shared with the C++ pack) says linkage, kinds inside types, typedef
 * signatures, prototypes shadowed by definitions and include resolution. C has no closures, so the
 * callback list is empty by construction, not by omission.
 */
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import { STAGE } from "../../core/stages.js";
import { maskMacros, oneConfiguration, ONE_CONFIGURATION_NOTE } from "./macros.js";
import { LANGUAGES } from "./languages.js";
import { repairMacroLines } from "./macro-lines.js";
import { refine } from "./cfamily.js";
import { resolveIncludes } from "./includes.js";
import { cDoc } from "./docs.js";
import { enumMacroHeads } from "./enum-macros.js";
import { doxygenInline } from "../../core/text.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);

/** Extraction data shared with the C++ pack. */
export const C_EXTRACTION = {
  bodyFields: ["body"],
  commentTypes: ["comment"],
  wrapperTypes: ["template_declaration", "linkage_specification"],
  decoratorTypes: ["attribute_declaration", "attribute_specifier", "ms_declspec_modifier"],
  ignoreDocPatterns: [
    /^\s*(?:\/\/|\/\*)\s*(?:NOLINT|clang-format|namespace\b|end\b|#(?:if|endif))/i,
    /^\s*\/\*[\s*]*(?:Copyright|SPDX-License|This file is part of|Licensed under)/i,
    /^\s*\/\/\s*(?:Copyright|SPDX-License)/i,
  ],
};

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "c",
  callbackSupport: "tuned",
  extraction: C_EXTRACTION,
  runOnComments: ["comment"], // a doc comment left open (core/run-on-comments.ts)
  prepareSource: maskMacros,
  repair: repairMacroLines, // a macro call whose arguments are no expressions (`F(unsigned char, 0);`), read as blank
  reparse: { source: oneConfiguration, note: ONE_CONFIGURATION_NOTE },
  queries: {
    tags: q("tags-common.scm"),
    imports: q("imports.scm"),
    complexity: q("complexity.scm"),
  },
}));

export default definePack({
  meta: { name: "pilens-pack-c", version: "0.1.0", description: "C (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      const opts = { name: "pack:c", stage: STAGE.PACK };
      // (curl's `CURLOPT(CURLOPT_URL, CURLOPTTYPE_STRINGPOINT, 2),` enumerators: their heads as the macro expands.)
      hooks.extract.for(spec.id).tap(opts, (records, ctx) => {
        const out = refine(records, ctx);
        enumMacroHeads(out, ctx);
        return out;
      });
      hooks.imports.for(spec.id).tap(opts, (imports, ctx) => resolveIncludes(imports, ctx));
      // A definition without a doc of its own has its declaration's (`/// …` above the prototype).
      // (Doxygen's inline commands, `\p N`, `\c true`, leave their word, as in C++.)
      hooks.doc.for(spec.id).tap(opts, (doc, r, ctx) => doxygenInline(cDoc(doc, r, ctx, (decl) => hooks.doc.for(spec.id).call(undefined, decl, ctx))));
    }
  },
});
