/**
 * A member's path as the source writes it, its nested owners' scopes in it: Ruby's `module RSpec; class
 * Core::X; def self.m` is listed as `RSpec.X.m` (`class Core::X` is named `X`, its `attachTo` the scope
 * `Core`), and written `RSpec::Core::X.m` — read_symbol finds it by that path too (core/read-symbol.ts).
 */
import type { SymbolRecord } from "./types.js";

/**
 * The chain with each nested parent's `attachTo` before it, when one of them has an owner it is not
 * nested under (the outermost one's is already in the listed chain); `owner` is the record's own.
 * Undefined when no nested parent has one.
 */
export function writtenChain(parents: SymbolRecord[], r: SymbolRecord, owner: string | undefined): string[] | undefined {
  const scoped = (p: SymbolRecord, i: number) => i > 0 && !!p.attachTo && parents[i - 1]!.name !== p.attachTo;
  if (!parents.some(scoped)) return undefined;
  const chain = parents[0]!.attachTo ? [parents[0]!.attachTo] : [];
  parents.forEach((p, i) => chain.push(...(scoped(p, i) ? [p.attachTo!, p.name] : [p.name])));
  return [...chain, ...(owner ? [owner] : []), r.name];
}

/** A Kotlin `companion object` (named `Companion` unless it has a name of its own). */
const COMPANION = /^companion\s+object\b/;

/**
 * The chain without its companion objects, when a parent is one: Kotlin code calls a companion's member
 * through the class — `EdgeInsets.fromInsets(…)`, listed as `EdgeInsets.Companion.fromInsets` — and
 * read_symbol finds it by that path too (it had been a miss whose did-you-mean named the listed path).
 */
export function withoutCompanions(parents: SymbolRecord[], r: SymbolRecord): string[] | undefined {
  const companion = (p: SymbolRecord, i: number) => i > 0 && p.kind === "object" && COMPANION.test(p.signature ?? "");
  if (!parents.some(companion)) return undefined;
  return [...parents.filter((p, i) => !companion(p, i)).map((p) => p.name), r.name];
}
