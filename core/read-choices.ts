/**
 * read_symbol: which of several same-named candidates is read, and the note saying why. In order: a
 * candidate whose whole qualified name is the query (`start` is the top-level `start`, not `Server.start`);
 * a definition, then a variable or constant binding (enum.py's `Enum = None` placeholder is not the
 * class), then a type-only declaration or a member of one (TS declaration merging: effect's `const Errors`
 * before `type Errors`; `Codec.tryToEncode`'s body before `CodecType.tryToEncode(…): … | null;`, a
 * function before a props type's `onChange?:`); a callable member before a data member of the same name
 * (Rust's `fn next` before the field `next`); a name spelled as asked before a `#private` one; an
 * implementation before its overload signatures; a definition before its declaration elsewhere in the
 * file (an Objective-C `@implementation` before its `@interface`); then source order.
 */
import { nameKey, splitQualified, type Candidate } from "./read-symbol.js";
import { implTrait, implTraitArgs } from "./heads.js";
import type { ReadSymbolResult } from "./types.js";
import { escapeRegExp } from "./text.js";

/** Kinds that declare types only: a member of one (an interface's method signature, a props type's property) is no implementation. */
const TYPE_ONLY = new Set(["type", "interface", "namespace"]);
const TYPE_CONTAINERS = new Set(["type", "interface"]);

/** The innermost enclosing interface or type alias of a member (`interface CodecType`), if any. */
export function typeContainer(parents: { kind: string; name: string }[]): string | undefined {
  for (let i = parents.length - 1; i >= 0; i--) if (TYPE_CONTAINERS.has(parents[i]!.kind)) return `${parents[i]!.kind} ${parents[i]!.name}`;
  return undefined;
}

/** 0 a definition, 1 a variable or constant binding, 2 a type-only declaration or a member of one. */
export const binding = (c: Pick<Candidate, "kind" | "inType">) => (c.inType ? 2 : c.kind === "variable" || c.kind === "constant" ? 1 : TYPE_ONLY.has(c.kind) ? 2 : 0);

/**
 * 1 for a JS `#private` member asked for by its bare name: listed as `#x` (TS) or by its bare name with a
 * head spelling it `#x` (JS). A member named exactly as asked (hono's `get req()`, ethers' `get signingKey()`)
 * comes first; `#x` asks for the private one.
 */
export const hashed = (c: Pick<Candidate, "name" | "signature">) => (c.name.startsWith("#") || (c.signature !== undefined && spellsHashed(c.name, c.signature)) ? 1 : 0);

/** Whether a head declares `name` as `#name` (JS lists `#load` as `load`). */
export const spellsHashed = (name: string, head: string) => new RegExp(`(?:^|\\s)#${escapeRegExp(name)}(?![\\w$])`).test(head);

/** Whether a head assigns `name` too (`A.prototype.call = A.prototype.callAsync = function call`): an alias the head shows. */
export const assignsName = (name: string, head: string) => new RegExp(`[.\\s]${escapeRegExp(name)}\\s*=[^=]`).test(head);

/** 1 for a data member (a field, a property): a callable member of the same name comes first (Rust's field `next` and `fn next`). */
export const dataMember = (c: Pick<Candidate, "kind">) => (c.kind === "field" || c.kind === "property" ? 1 : 0);

/** The order of the hits for the query `key` (its nameKey). */
export function byChoice(exact: (c: Candidate) => number): (x: Candidate, y: Candidate) => number {
  return (x, y) => exact(x) - exact(y) || binding(x) - binding(y) || dataMember(x) - dataMember(y) || hashed(x) - hashed(y) || Number(!!x.stub) - Number(!!y.stub) || Number(!!x.declaration) - Number(!!y.declaration) || x.startLine - y.startLine || x.depth - y.depth;
}

/**
 * A Go method as a stack trace or a method expression spells it — `(*state).evalBool`,
 * `text/template.(*state).evalBool`, `(T).m`, a generic type's `sync/atomic.(*Pointer[...]).Load`,
 * `(*Pair[K, V]).Swap` — as it is listed: `state.evalBool`.
 */
export function goReceiverForm(want: string): string {
  return want.replace(/^(?:[\w./-]*\.)?\(\*?([A-Za-z_]\w*)(?:\[[^\]]*\])?\)\./, "$1.");
}

/**
 * A PHP member as a stack trace or the code spells it — `App\Models\User->save()`, `User::$table`,
 * `\App\Models\User::find` — as it is listed: `User.save`, `User.table`, `User.find`. A namespace
 * qualifier is dropped only when the file declares that namespace (any case, as PHP reads it).
 */
export function phpForm(want: string, cands: Candidate[]): string {
  let w = want.replace(/->/g, "::").replace(/(^|::)\$(?=[A-Za-z_])/g, "$1").replace(/\(\)$/, "").replace(/^\\/, "");
  const lower = w.toLowerCase();
  const ns = cands.filter((c) => c.kind === "namespace" && lower.startsWith(`${c.name.toLowerCase()}\\`)).sort((x, y) => y.name.length - x.name.length)[0];
  if (ns) w = w.slice(ns.name.length + 1);
  return w;
}

/** Why `hit` is shown of `hits` (more than one), said as chosen. */
export function whyShown(hit: Candidate, hits: Candidate[], want: string, exact: (c: Candidate) => number, where: (c: Candidate) => string): string {
  // A whole-name match comes before suffix matches that precede it.
  const first = hits.reduce((x, y) => (y.startLine < x.startLine ? y : x));
  // (`name@line` of C's `typedef struct X {…} X;`: the typedef, whose lines hold the struct's.)
  if (hits.some((h) => h !== hit && h.startLine === hit.startLine) && hits.every((h) => h.startLine >= hit.startLine && h.endLine <= hit.endLine)) return `${hit.qualified} ${where(hit)}, whose lines hold the others'`;
  const shown = `${hit.qualified} ${where(hit)}`;
  // (Public before `#private` whatever their order: said so when that is what chose it — `fetch()`
  // before `static #fetch` in gaxios' class had read "the first in source order".)
  const pub = `${shown}, the public one (ask for #${hit.name.replace(/^#/, "")} for the private one)`;
  if (first === hit) return !hashed(hit) && hits.every((h) => h === hit || hashed(h)) ? pub : `the first in source order${hit.viaTrait ? ` (in impl ${hit.viaTrait.trait})` : ""}`;
  // (A JS `#x` is named `A.#x` as TS's is, `A.x` the public one beside it: said so rather than by the whole name.)
  if (exact(hit) < exact(first) && !(hashed(first) && !hashed(hit) && first.name === `#${hit.name}`)) return `${shown}, whose whole name is ${want} (the others only end with it)`;
  // (An abstract method is no implementation: Java's `public abstract Redirect followRedirects();`.)
  if (first.inType && binding(hit) < 2) return `${shown}, ${/\babstract\b/.test(hit.signature ?? "") ? "its own class's" : "the implementation"} (${first.qualified} ${where(first)} is a member of ${first.inType})`;
  if (binding(first) === 2 && binding(hit) < 2) return `${shown}, the value (${first.qualified} ${where(first)} declares a type)`;
  if (binding(hit) < binding(first)) return `${shown}, a definition before the variable binding(s) of the name`;
  if (dataMember(hit) < dataMember(first) && hashed(first) === hashed(hit)) return `${shown}, the ${hit.kind} (${first.qualified} ${where(first)} is a ${first.kind})`;
  if (first.declaration && !hit.declaration) return `${shown}, the definition (${first.qualified}@${first.startLine} declares it)`;
  if (first.stub && !hit.stub) return `${shown}, the implementation (the others are overload signatures)`;
  return pub;
}

/**
 * The symbols a query names but for case (`Version.incrementversion`, `INCREMENTVERSION`) when they are
 * one symbol (its overloads, getter and setter count as one): read it, said so. Several: undefined (a
 * miss, with suggestions). Callback handles are matched as typed.
 */
export function byCase(cands: Candidate[], key: string): Candidate[] | undefined {
  const want = key.toLowerCase();
  const segs = splitQualified(want);
  const hits = cands.filter((c) => {
    if (c.callback) return false;
    if (nameKey(c.name).toLowerCase() === want || nameKey(c.qualified).toLowerCase() === want) return true;
    const chain = c.chain.flatMap((n) => splitQualified(nameKey(n).toLowerCase()));
    return chain.length >= segs.length && chain.slice(chain.length - segs.length).every((s, i) => s === segs[i]);
  });
  return hits.length && new Set(hits.map((c) => c.aliasOf ?? c.qualified)).size === 1 ? hits : undefined;
}

/** An Objective-C selector of two keywords or more (`URLSession:task:didCompleteWithError:`). */
const SELECTOR = /^[A-Za-z_]\w*:(?:[A-Za-z_]\w*:)+$/;

/**
 * A selector's first keyword (`URLSession`, `Delegate.URLSession`) names the methods whose selector opens
 * with it, as people say them: several are an ambiguity (the note lists each with its line).
 */
export function bySelectorKeyword(cands: Candidate[], key: string): Candidate[] {
  const prefix = `${key}:`;
  return cands.filter((c) => !c.callback && SELECTOR.test(c.name) && (c.name.startsWith(prefix) || c.qualified.startsWith(prefix)));
}

/**
 * A name no candidate has, found by how the source spells it: `Lib.sync`, a member of an export object
 * listed by its own name (a UMD factory's `Lib.sync = function`, exported as `sync`) — the one assigned
 * to that path; `App`, the outer name of `namespace App.Models {…}` (one declaration of both); a Rust
 * trait impl as an outline row names it, `Clone for Graph`.
 */
export function byPath(cands: Candidate[], segs: string[], path: string): Candidate[] {
  // A Rust trait impl as an outline row names it: `Clone for Graph`, `fmt::Debug for Graph`; or as its head
  // spells it, the trait's arguments picking one of several (`PartialEq<[u8]> for Bytes`, `From<&str> for Vec<u8>`).
  const impl = /^\s*(!?[\w:]+)\s*(<.*>)?\s+for\s+(.+?)\s*$/.exec(path);
  if (impl) {
    const [, trait, args, self] = impl as unknown as [string, string, string | undefined, string];
    const name = implSelfName(self);
    const hits = cands.filter((c) => c.kind === "impl" && !c.callback && c.name === name && (implTrait(c.signature) === trait || implTrait(c.signature)?.endsWith(`::${trait}`)) && (!args || implTraitArgs(c.signature) === args.replace(/\s+/g, "")));
    // (The self type as spelled picks among impls for `str` and `&str`, both named `str`.)
    // (Lifetimes aside: `&Bytes` is `&'a Bytes`.)
    const bare = (t: string) => t.replace(/'\w+\s*/g, "").replace(/\s+/g, "");
    const spelled = `for${bare(self)}`;
    // (A generic self type said without its arguments, as rows say it: `&mut SmallVec` is `&'a mut SmallVec<A>`.)
    const selfArgs = /[>\]]$/.test(spelled) ? "" : "(?:<.*>)?";
    const exact = hits.filter((c) => new RegExp(`${spelled.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${selfArgs}(?:where|$)`).test(bare(c.signature ?? "")));
    return exact.length ? exact : hits;
  }
  if (segs.length > 1) {
    const assigned = cands.filter((c) => !c.callback && nameKey(c.name) === segs.at(-1) && !!c.signature?.startsWith(path) && /^\s*=[^=]/.test(c.signature.slice(path.length)));
    if (assigned.length) return assigned;
  }
  return cands.filter((c) => !c.callback && (c.kind === "namespace" || c.kind === "module") && c.name.includes(".") && !c.whole?.has(c.name) && segs.every((s, i) => splitQualified(nameKey(c.qualified))[i] === s));
}

/** Kinds whose constructors share their name (Java, C#, C++, Swift's `init` aside). */
const CONSTRUCTED = new Set(["class", "struct", "record", "enum"]);

/**
 * A type read by its name is that one symbol: its own constructors, which share the name, are not other
 * matches to choose among (a Java class's read had said "6 symbols match ConcurrentHashMap" for its 5
 * constructors); `kind: constructor` or `Type.Type` still reads one.
 */
export function withoutOwnConstructors(hits: Candidate[]): Candidate[] {
  const type = hits[0];
  if (!type || !CONSTRUCTED.has(type.kind) || hits.length < 2) return hits;
  const own = (c: Candidate) => c.kind === "constructor" && c.name === type.name && c.qualified === `${type.qualified}.${type.name}`;
  return hits.every((c) => c === type || own(c)) ? [type] : hits;
}

/** An impl's self type as the Rust pack names the impl: `Vec<u8>` → `Vec`, `&'a mut a::B` → `B`; `[u8]`, `(A, B)` as written. */
function implSelfName(self: string): string {
  const bare = self.replace(/^(?:&\s*(?:'\w+\s+)?(?:mut\s+)?|\*\s*(?:const|mut)\s+)+/, "");
  return /^[\w:]+\s*(?:<.*>)?$/.test(bare) ? bare.replace(/\s*<.*$/, "").split("::").pop()! : bare.replace(/\s+/g, " ");
}

/**
 * Of same-named symbols, the one a dotted query spells as the source assigns it was shown (`jQuery.filter =
 * function` for `jQuery.filter`; the others, `jQuery.fn.extend({ filter: function })`'s, listed as
 * `jQuery.filter` too): the read says they exist, as any ambiguity's does — it had said nothing of them. Each by
 * the name it is listed by (`exports.settle@6`, not its owner's alias).
 */
export function spelledNote(result: ReadSymbolResult, hit: Candidate, others: Candidate[], want: string, path: string): void {
  const kinds = [...new Set([hit.kind, ...others.map((c) => c.kind)])];
  result.ambiguous = { count: others.length + 1, kinds };
  const listed = others.slice(0, 5).map((c) => `${c.aliasOf ?? c.qualified}@${c.startLine} (${c.kind} ${c.startLine}-${c.endLine}${c.signature ? `: ${c.signature.length > 80 ? `${c.signature.slice(0, 79)}…` : c.signature}` : ""})`);
  const note = `${others.length + 1} symbols match ${want}; showing the one the source assigns to ${path} — others: ${listed.join(", ")}${others.length > 5 ? ", …" : ""}; pass name@line (as listed) to pick one`;
  result.note = result.note ? `${note}; ${result.note}` : note;
}

