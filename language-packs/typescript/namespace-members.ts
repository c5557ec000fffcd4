/**
 * What a TS namespace or module holds beyond the tags query's nesting: a `global { … }` block inside a
 * module body, and the namespace's bindings with the members found inside their declarators.
 */
import type { LanguageSpec } from "../../core/plugin.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, extraction as resolvedExtraction } from "../../core/extract.js";
import { NESTED_GLOBAL } from "./sfc.js";

/** `global { … }` inside a module body (its keyword blanked for the parse, sfc.ts): a module `global`. */
export function nestedGlobals(ctx: FileContext, spec: LanguageSpec): SymbolRecord[] {
  if (!ctx.source.includes("global")) return [];
  const out: SymbolRecord[] = [];
  for (const m of ctx.source.matchAll(NESTED_GLOBAL)) {
    const brace = ctx.source.indexOf("{", m.index + m[0].length);
    const block = ctx.tree.rootNode.descendantForIndex(brace)?.parent;
    if (block?.type !== "statement_block" || block.startIndex !== brace) continue;
    const r = buildRecord(ctx, resolvedExtraction(spec), block, "module", "global");
    r.signature = "global";
    out.push(r);
  }
  return out;
}

/**
 * A namespace's members with its bindings added (namespaceBindings, found after the members were nested
 * by range): what the tags query found inside a binding's declarator is the binding's — `const Segmenter:
 * { new (…): Segmenter; supportedLocalesOf(…): string[] }` in `declare namespace Intl` had listed
 * `Intl.new` and `Intl.supportedLocalesOf` (lib.dom's `WebAssembly.*` too).
 */
export function withBindings(members: SymbolRecord[], bindings: SymbolRecord[]): SymbolRecord[] {
  if (!bindings.length) return members;
  const kept = members.filter((m) => {
    const n = m.node;
    const owner = n && bindings.find((b) => {
      const d = b.nameNode?.parent;
      return d?.type === "variable_declarator" && n.startIndex >= d.startIndex && n.endIndex <= d.endIndex;
    });
    if (owner) owner.members.push(m);
    return !owner;
  });
  for (const b of bindings) if (b.members.length > 1) b.members.sort((a, c) => a.startLine - c.startLine);
  return [...kept, ...bindings].sort((a, b) => a.startLine - b.startLine);
}
