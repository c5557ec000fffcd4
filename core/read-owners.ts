/**
 * A member's path as the source writes it, its nested owners' scopes in it: Ruby's `module RSpec; class
 * Core::X; def self.m` is listed as `RSpec.X.m` (`class Core::X` is named `X`, its `attachTo` the scope
 * `Core`), and written `RSpec::Core::X.m` — read_symbol finds it by that path too (core/read-symbol.ts).
 */
import type { SymbolRecord } from "./types.js";
import type { Candidate } from "./read-symbol.js";

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

/**
 * The type a member declared outside its body belongs to, when the file does not hold that type (a Go
 * method on a type of another file, C++ `Widget::size` in a .cpp, `Editor.prototype = {…}` for an
 * Editor of another file), also inside a namespace that is not it (C++ `inline path& path::assign` in
 * `namespace filesystem`): the outline says `Widget.size`, not a bare `size`. Not a member a container
 * holds (paper.js' `Base.extend(Emitter, { initialize… })` is PaperScopeItem's, Babel's `_proto.add` is
 * Dayjs'), nor one a function installs on its local (`self.run = …` in a factory: the factory's).
 */
export function ownerOf(r: SymbolRecord, parent: SymbolRecord | undefined): string | undefined {
  if (!r.attachTo || r.attachTo === parent?.name) return undefined;
  return !parent || SCOPE_KINDS.has(parent.kind) ? r.attachTo : undefined;
}
/** Containers that hold other declarations' out-of-body members: C++ `path::assign` inside `namespace filesystem`. */
const SCOPE_KINDS = new Set(["namespace", "module"]);

/**
 * A member assigned to an owner the file does not declare where it stands (`Promise.settle = function` in
 * bluebird's module factory, whose Promise is a parameter) is nested by range; the owner's name finds it
 * too: the candidate, then the one by its owner (by the path of its place, then the owner:
 * `spdlog::logger::flush_`, `logger::flush_` in spdlog's logger-inl.h). One the outline lists with its
 * owner (ownerOf: a C++ `bool UnitTestImpl::RunAllTests()` inside `namespace testing { namespace internal {`,
 * `testing.internal.UnitTestImpl.RunAllTests`) is named so — the read's header, did-you-mean and an
 * ambiguity's others say it —, and its place's path alone (`testing.internal.RunAllTests`) still finds it,
 * never offered.
 */
export function withOwner(c: Candidate, r: SymbolRecord, parents: SymbolRecord[]): Candidate[] {
  const parent = parents[parents.length - 1];
  const owner = r.attachTo && parent && parent.name !== r.attachTo ? r.attachTo : undefined;
  if (!owner) return [c];
  const chain = [...c.chain.slice(0, -1), ...owner.split("::"), r.name];
  if (!ownerOf(r, parent)) return [c, { ...c, qualified: chain.join("."), chain, aliasOf: c.qualified, declaredChain: c.chain, byOwner: true }];
  const listed = { ...c, qualified: chain.join("."), chain };
  return [listed, { ...c, aliasOf: listed.qualified, declaredChain: chain, byOwner: true, unlisted: true }];
}
