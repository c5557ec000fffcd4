/**
 * C++ pack (tuned): C++ sources and headers (`.h` when it reads as C++, see languages.ts). The C
 * pack's queries and code (c/cfamily.ts) do the shared part; this pack adds classes, namespaces,
 * templates, operators, out-of-class definitions, lambdas and coroutines.
 */
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import { STAGE } from "../../core/stages.js";
import { doxygenInline } from "../../core/text.js";
import { maskMacros, oneConfiguration, ONE_CONFIGURATION_NOTE } from "../c/macros.js";
import { C_EXTRACTION } from "../c/index.js";
import { isCoroutine, refine } from "../c/cfamily.js";
import { resolveIncludes } from "../c/includes.js";
import { cDoc } from "../c/docs.js";
import { LANGUAGES } from "./languages.js";
import { repairMacroLines } from "../c/macro-lines.js";
import { mockEntries } from "../c/mock-methods.js";
import { enumMacroHeads } from "../c/enum-macros.js";

const own = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const c = (f: string) => new URL(`../c/queries/${f}`, import.meta.url);

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "cpp",
  runOnComments: ["comment"], // a doc comment left open (core/run-on-comments.ts)
  runOnStrings: ["raw_string_literal", 'R"', 'LR"', 'uR"', 'UR"', 'u8R"', '"'], // a raw string left open, a `"` alone in an ERROR (core/run-on.ts)
  runOnStringsSemicolon: true, // and its statement's `;` left out (core/run-on.ts)
  callbackSupport: "tuned",
  // A lambda handed to a call (callbacks.scm): std::thread / std::jthread / std::async run it as a task.
  callbackRules: [
    { callee: /(?:^|::)(?:thread|jthread|async)$/, kind: "task" },
    { callee: /(?:)/, kind: "lambda" },
  ],
  extraction: C_EXTRACTION,
  prepareSource: maskMacros,
  repair: repairMacroLines, // a macro call whose arguments are no expressions (`F(unsigned char, 0);`), read as blank
  reparse: { source: oneConfiguration, note: ONE_CONFIGURATION_NOTE },
  queries: {
    tags: [c("tags-common.scm"), own("tags-cpp.scm")],
    imports: c("imports.scm"),
    callbacks: own("callbacks.scm"),
    complexity: [c("complexity.scm"), own("complexity-cpp.scm")],
  },
}));

export default definePack({
  meta: { name: "pilens-pack-cpp", version: "0.1.0", description: "C++ (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      const opts = { name: "pack:cpp", stage: STAGE.PACK };
      // (googletest's `MOCK_METHOD(int, Foo, (bool), (override))`: the method's head as its arguments spell it.)
      hooks.extract.for(spec.id).tap(opts, (records, ctx) => {
        const out = refine(records, ctx);
        mockEntries(out, ctx);
        enumMacroHeads(out, ctx);
        return out;
      });
      hooks.imports.for(spec.id).tap(opts, (imports, ctx) => resolveIncludes(imports, ctx));
      // A definition without a doc of its own has its declaration's (`/// …` above the prototype).
      // Doxygen's inline commands (`\p N`, `\c true`) leave their word.
      hooks.doc.for(spec.id).tap(opts, (doc, r, ctx) => doxygenInline(cDoc(doc, r, ctx, (decl) => hooks.doc.for(spec.id).call(undefined, decl, ctx))));
      hooks.flags.for(spec.id).tap(opts, (flags, r, ctx) =>
        (r.kind === "function" || r.kind === "method") && isCoroutine(r, ctx) ? ["async", ...flags] : flags);
    }
  },
});
