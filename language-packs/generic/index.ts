/**
 * The generic pack: an outline for every other code grammar tree-sitter-wasms ships. Ruby, PHP, Lua,
 * Scala, Bash, Elixir and Emacs Lisp have tags-style queries (data) plus small refinements (visibility
 * rules); the rest (Zig, Dart, OCaml, Solidity, Objective-C, ReScript) get node-kind heuristics
 * (heuristic.ts; provenance says "heuristic: no tags query"). Callback idioms are not known for any of
 * them (`callbackSupport: "generic"`) but Objective-C's blocks (a callbacks query: OBJC below), which
 * also has an imports query.
 * Each language's grammar and queries load when its first file is seen (the registry does that).
 */
import { definePack, type ExtractionOptions, type LanguageSpec } from "../../core/plugin.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { STAGE } from "../../core/stages.js";
import { commentAbove } from "../../core/doc.js";
import { LANGUAGES } from "./languages.js";
import { tapHeuristic } from "./heuristic.js";
import { HEURISTIC_LANGUAGES } from "./heuristic-languages.js";
import { markDeclarations, moduleImports, prepareObjc } from "./objc.js";
import { resolveIncludes } from "../c/includes.js";
import { natspecDoc, prepareSolidity } from "./solidity.js";
import { withCppScopes } from "./objcpp-records.js";
import { maskRuby, refineRuby, rubyDoc } from "./ruby.js";
import { phpImports, refinePhp } from "./php.js";
import { repairPhpEnums } from "./php-enums.js";
import { refineLua } from "./lua.js";
import { refineScala, scalaDoc, scalaImports } from "./scala.js";
import { elixirDoc, refineElixir } from "./elixir.js";
import { elispDoc, refineElisp } from "./elisp.js";
import { repairBash } from "./bash.js";
import { stripCommentMarkers } from "../../core/text.js";
import { createRequire } from "node:module";

const MAGIC_LINE = /^#!|^#\s*(?:frozen_string_literal|encoding|coding|warn_indent|-\*-)/;
const MAGIC = /^#!|^#\s*(?:frozen_string_literal|encoding|coding|warn_indent|-\*-)/m;
const q = (lang: string, f: string) => new URL(`./queries/${lang}/${f}.scm`, import.meta.url);
/** Heuristic languages whose imports a query reads. */
const IMPORTS_ONLY = new Set(["solidity", "zig"]);
const queried = (lang: string) => ({ tags: q(lang, "tags"), imports: q(lang, "imports"), complexity: q(lang, "complexity") });

/** Per-language data for the languages with queries. */
const TUNED: Record<string, { extraction?: ExtractionOptions; refine?: (r: SymbolRecord[], ctx: FileContext) => SymbolRecord[]; prepareSource?: (s: string) => string; repair?: (text: string) => string | undefined }> = {
  ruby: { extraction: { bodyFields: ["body"], keepInFunctions: [] }, refine: refineRuby, prepareSource: maskRuby },
  // (repair: an enum's constants and expression-valued cases, which the grammar predates: php-enums.ts)
  php: { extraction: { bodyFields: ["body"], bodyTypes: ["declaration_list"], decoratorTypes: ["attribute_list"], keepInFunctions: ["class"] }, refine: refinePhp, repair: repairPhpEnums },
  lua: { extraction: { bodyFields: ["body"], wrapperTypes: ["variable_declaration"], keepInFunctions: ["function", "method"] }, refine: refineLua },
  scala: { extraction: { bodyFields: ["body"], decoratorTypes: ["annotation"], commentTypes: ["comment", "block_comment"] }, refine: refineScala },
  bash: { extraction: { bodyFields: ["body"] }, repair: repairBash },
  elixir: { extraction: { bodyTypes: ["do_block"], commentTypes: ["comment"] }, refine: refineElixir },
  elisp: { extraction: { bodyFields: [] }, refine: refineElisp },
};

/**
 * Objective-C(++): symbols by the heuristic (no tags query), imports and blocks by queries. A block is a
 * callback by its callee (a C call's function, or the selector keyword before it in a message): GCD and
 * operation queues' are tasks, `usingBlock:`/`handler:` event handlers, `completion…:`/`reply:`/`resolve:`
 * completion handlers, any other argument a block.
 */
const OBJC: Partial<LanguageSpec> = {
  extraction: HEURISTIC_LANGUAGES.objc?.extraction,
  prepareSource: prepareObjc,
  queries: { imports: q("objc", "imports"), callbacks: q("objc", "callbacks") },
  callbackSupport: "tuned",
  callbackRules: [
    { callee: /^(?:dispatch_(?:async|sync|after|barrier_async|barrier_sync|group_async|group_notify|once|apply)(?:_f)?|addOperationWithBlock|blockOperationWithBlock|performBlock|performBlockAndWait|detachNewThreadWithBlock)$/, kind: "task" },
    { callee: /^(?:usingBlock|handler|eventHandler|actionHandler)$/, kind: "event_handler" },
    { callee: /(?:^c|C)ompletion(?:Handler|Block)?$|^(?:reply|withReply|resolve|resolver|reject|rejecter|callback|withCallback)$/, kind: "completion_handler" },
    { callee: /(?:)/, kind: "block" },
  ],
};

/** A packaged `.wasm` resolves to its absolute path; if the package is missing, the load error names it (that language only). */
function grammarOf(grammar: string): string {
  if (!grammar.endsWith(".wasm")) return grammar;
  try {
    return createRequire(import.meta.url).resolve(grammar);
  } catch {
    return grammar;
  }
}

/** Languages whose block comments do not nest: a doc comment left open is read as closed (core/run-on-comments.ts). */
const RUN_ON_COMMENTS: Record<string, readonly string[]> = { php: ["comment"], objc: ["comment"], solidity: ["comment"] };

const specs: LanguageSpec[] = LANGUAGES.map((l) => {
  const runOn = RUN_ON_COMMENTS[l.id];
  const base = { id: l.id, extensions: l.extensions, filenames: l.filenames, grammar: grammarOf(l.grammar), detect: l.detect, callbackSupport: "generic" as const, ...(runOn ? { runOnComments: runOn } : {}) };
  const tuned = TUNED[l.id];
  if (tuned) return { ...base, queries: queried(l.id), extraction: tuned.extraction, ...(tuned.prepareSource ? { prepareSource: tuned.prepareSource } : {}), ...(tuned.repair ? { repair: tuned.repair } : {}) };
  if (l.id === "objc") return { ...base, ...OBJC };
  const prepareSource = l.id === "solidity" ? prepareSolidity : undefined;
  // An imports query alone: the symbols still come from the heuristic (no tags query).
  const queries = IMPORTS_ONLY.has(l.id) ? { imports: q(l.id, "imports") } : undefined;
  return { ...base, extraction: HEURISTIC_LANGUAGES[l.id]?.extraction, ...(queries ? { queries } : {}), ...(prepareSource ? { prepareSource } : {}) };
});

export default definePack({
  meta: { name: "pilens-pack-generic", version: "0.1.0", description: "Ruby, PHP, Lua, Scala, Bash, Elixir, Emacs Lisp (queries) and Zig, Dart, OCaml, Solidity, Objective-C, ReScript (heuristics)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      const tuned = TUNED[spec.id];
      if (!tuned) {
        tapHeuristic(hooks, spec, HEURISTIC_LANGUAGES[spec.id]?.heuristic);
        continue;
      }
      const refine = tuned.refine;
      if (refine) hooks.extract.for(spec.id).tap({ name: "pack:generic", stage: STAGE.PACK }, (records, ctx) => refine(records, ctx));
    }
    // Scala: the grammar splits an import's path into segments; the path is read off the declaration.
    hooks.imports.for("scala").tap({ name: "pack:generic", stage: STAGE.PACK }, (imports) => scalaImports(imports));
    // PHP: a grouped `use A\{B, C}` by each name; `use function sprintf;` (a builtin) no dependency.
    hooks.imports.for("php").tap({ name: "pack:generic", stage: STAGE.PACK }, (imports, ctx) => phpImports(imports, ctx));
    hooks.doc.for("scala").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => scalaDoc(doc, r, ctx.source));
    // Objective-C: `@import UIKit;` (a module, the query cannot join `Foo.Bar`), `#import "x.h"` resolved as C's #include.
    hooks.imports.for("objc").tap({ name: "pack:generic", stage: STAGE.PACK }, (imports, ctx) => resolveIncludes([...imports, ...moduleImports(ctx)].sort((a, b) => a.line - b.line), ctx));
    // Objective-C: an @interface of a class the file implements is its declaration (read after the
    // @implementation); Objective-C++: the C++ namespaces and classes objcpp.ts masked before the parse, as entries.
    hooks.extract.for("objc").tap({ name: "pack:generic", stage: STAGE.PACK }, (records, ctx) => withCppScopes(markDeclarations(records), ctx));
    // Objective-C++: a comment after code on its line is no doc of what follows (`} // namespace x`, the `}` masked).
    hooks.doc.for("objc").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => {
      if (doc === undefined || r.docStartLine === undefined || /^\s*(?:\/\/|\/\*|\*)/.test(ctx.lines[r.docStartLine - 1] ?? "")) return doc;
      r.docStartLine = undefined;
      return ""; // (no doc: undefined would keep the core's)
    });
    // Docs that are not comments: Elixir `@doc` attributes, Emacs Lisp docstrings.
    hooks.doc.for("elixir").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => elixirDoc(r, ctx) ?? doc);
    hooks.doc.for("elisp").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => elispDoc(r, ctx) ?? doc);
    // PHP: a `{@inheritdoc}` docblock says nothing of its own (the C# pack drops `<inheritdoc/>` likewise);
    // "" is no doc (undefined would keep the previous tap's text).
    hooks.doc.for("php").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc) => doc?.replace(/\{@inheritdoc\}/gi, "").trim());
    // Solidity NatSpec: `@notice`/`@dev`/`@title` carry the text the core would drop as a block tag.
    const solidity = specs.find((s) => s.id === "solidity")!;
    hooks.doc.for("solidity").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => {
      const c = commentAbove(ctx, solidity, r);
      return c ? natspecDoc(c.text) : doc;
    });
    // OCaml `(** … *)` comments: the core strips C-style markers only. A binding's comment stands above
    // its `let` (the definition holding it), not beside the binding itself.
    const ocaml = specs.find((s) => s.id === "ocaml")!;
    hooks.doc.for("ocaml").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => {
      // A record field's or a constructor's comment follows it (`idx : int; (* Index of … *)`): the
      // comment above one is the previous field's — read as the next one's, every field doc was shifted.
      if (r.node && (r.node.type === "field_declaration" || r.node.type === "constructor_declaration")) {
        const next = r.node.nextNamedSibling;
        const prev = r.node.previousNamedSibling;
        if (next?.type === "comment") [doc, r.docStartLine] = [ctx.text(next), undefined];
        else if (prev?.type === "comment" && prev.previousNamedSibling?.type === r.node.type) [doc, r.docStartLine] = [undefined, undefined];
      }
      const def = r.node?.parent;
      if (doc === undefined && def && /_definition$/.test(def.type) && def.firstNamedChild?.id === r.node!.id) {
        const c = commentAbove(ctx, ocaml, { ...r, node: def });
        if (c) [doc, r.docStartLine] = [c.text, c.startLine];
      }
      return doc?.replace(/^\(\*+\s*/, "").replace(/\s*\*+\)\s*$/, "").trim();
    });
    // `#` comment languages: a shebang or magic comment (`# frozen_string_literal: true`) is never a doc.
    // Ruby: also RDoc directives and headings, `=begin … =end` markers (ruby.ts).
    const ruby = specs.find((s) => s.id === "ruby")!;
    hooks.doc.for("ruby").tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => rubyDoc(doc, r, ctx, ruby));
    for (const spec of specs.filter((s) => /^(bash|elixir)$/.test(s.id))) {
      hooks.doc.for(spec.id).tap({ name: "pack:generic", stage: STAGE.PACK }, (doc, r, ctx) => {
        if (doc === undefined) return doc;
        const c = commentAbove(ctx, spec, r);
        if (!c || !MAGIC.test(c.text)) return doc;
        const kept = c.text.split("\n").filter((l) => !MAGIC_LINE.test(l.trim()));
        return kept.length ? stripCommentMarkers(kept.join("\n")) || undefined : undefined;
      });
    }
  },
});
