/**
 * The core's generic taps, registered at STAGE.CORE for every language a pack declares, before the
 * pack's own `apply`. They turn the pack's query matches into records; packs refine them.
 */
import type { Hooks } from "./hooks.js";
import type { LanguageSpec } from "./plugin.js";
import { STAGE } from "./stages.js";
import { extraction, finishHeads, nest, recordsFromTags } from "./extract.js";
import { commentAbove } from "./doc.js";
import { callbacksFromMatches } from "./callbacks.js";
import { importsFromMatches } from "./imports.js";
import { stripCommentMarkers } from "./text.js";

/** A deprecation block tag at the start of a doc comment's line. */
const DEPRECATED_TAG = /(?:^|\n)[ \t]*(?:\/\*+|\*|\/\/[/!]?)?[ \t]*[@\\]deprecated\b/i;
/**
 * TSDoc's `@internal`, JSDoc's `@private` (also Doxygen's `\internal`), opening a line of the doc, with
 * text after it or not (`@internal used for testing`: trpc): declared, maybe exported, but not API for
 * others — the `internal` flag says so (mongodb's driver tags 499 exported declarations).
 */
const INTERNAL_TAG = /(?:^|\n)[ \t]*(?:\/\*+|\*|\/\/[/!]?)?[ \t]*(?:@(?:internal|private)|\\internal)\b/;

/**
 * A decorator or attribute that deprecates: one named `deprecated` (`@Deprecated`, `#[deprecated(…)]`,
 * `[[deprecated]]`, `@typing_extensions.deprecated(…)`), Swift's `@available(*, deprecated …)`, GCC's
 * `__attribute__((deprecated))` — not a lint attribute naming it (`#[allow(deprecated)]`: 269 in Rust's
 * std and crates had flagged the functions that merely use deprecated items).
 */
const DEPRECATED_DECORATOR = /^[@#!\[\s]*(?:[\w.:]+[.:])?deprecated\b|^@available\b.*\bdeprecated\b|\b__attribute__\s*\(\(\s*(?:__)?deprecated/i;

/** The flags a doc comment's block tags give: `deprecated`, `internal`. */
function tagFlags(record: { flags?: string[] }, text: string): void {
  if (DEPRECATED_TAG.test(text)) record.flags = [...(record.flags ?? []), "deprecated"];
  if (INTERNAL_TAG.test(text)) record.flags = [...(record.flags ?? []), "internal"];
}

const tapped = new WeakMap<Hooks, Set<LanguageSpec>>();
const NAME = "pilens:core";

export function tapCore(hooks: Hooks, spec: LanguageSpec): void {
  let set = tapped.get(hooks);
  if (!set) tapped.set(hooks, (set = new Set()));
  if (set.has(spec)) return;
  set.add(spec);
  const id = spec.id;
  const opts = { name: NAME, stage: STAGE.CORE };

  hooks.extract.for(id).tap(opts, (records, ctx) => {
    const flat = [...records, ...recordsFromTags(ctx, spec, ctx.matches.tags ?? [])];
    const top = nest(flat, spec, ctx.warnings);
    finishHeads(ctx, extraction(spec), top);
    return top;
  });

  hooks.doc.for(id).tap(opts, (doc, record, ctx) => {
    if (doc !== undefined) return doc;
    if (record.props?.doc) {
      // An `@doc` capture of the pack's tags query (after #strip! / #select-adjacent!).
      const line = Number(record.props.docLine);
      if (line < record.startLine) record.docStartLine = line;
      tagFlags(record, record.props.doc);
      return stripCommentMarkers(record.props.doc) || undefined;
    }
    const c = commentAbove(ctx, spec, record);
    if (!c) return undefined;
    record.docStartLine = c.startLine;
    // JSDoc/Javadoc/KDoc/PHPDoc `@deprecated`, Doxygen's `\deprecated`, and `@internal`: the block tags the
    // flags read (the doc's text stops before block tags).
    tagFlags(record, c.text);
    return stripCommentMarkers(c.text) || undefined;
  });

  hooks.callbacks.for(id).tap(opts, (callbacks, ctx) => [...callbacks, ...callbacksFromMatches(ctx, spec, ctx.matches.callbacks ?? [])]);

  hooks.imports.for(id).tap(opts, (imports, ctx) => [...imports, ...importsFromMatches(ctx, ctx.matches.imports ?? [])]);

  hooks.flags.for(id).tap(opts, (flags, record, ctx) => {
    const out = [...flags];
    if (record.complexity !== undefined && record.complexity >= ctx.settings.highComplexity) out.push("high complexity");
    if (record.decorators?.some((d) => DEPRECATED_DECORATOR.test(d))) out.push("deprecated");
    return out;
  });
}
