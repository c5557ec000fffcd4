/**
 * The compact view's rows: an entry's cells (short kind, head, tags, range) and the rows that name
 * entries instead of listing them (`fns  a, b(), C[3]`, `sk_X509_{num, value, new}`, `get×3`), with
 * overload groups. renderers/compact.ts lays them out within the detail budget.
 */
import { VALUE_KINDS } from "../core/budget.js";
import { firstWordLabels } from "../core/first-word.js";
import { KIND_LABELS, type Entry } from "../core/types.js";
import { extendedByText, usedByText } from "../core/graph/used-by.js";
import { implTrait } from "../core/heads.js";
import { STAR_REEXPORT } from "../core/read-misses.js";
import { braceNames } from "./brace-names.js";

export { braceNames };

export function shortKind(kind: string): string {
  return Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind]! : kind;
}

/** A row label for several of a kind: `fns`, `classes`, `ns`. */
export function plural(short: string): string {
  return short === "ns" ? short : /(?:s|x|ch|sh)$/.test(short) ? `${short}es` : `${short}s`;
}

/**
 * The words a head may open with that the row already says: the declaration keyword (the kind column
 * says `fn`, `class`, …; not `typedef`, whose row reads as a declaration without it, nor a tag before
 * another word: `struct symbol` is a type), `export`/`declare`, `async` (a flag), and for a top-level entry its
 * visibility (the API or INTERNAL section). A member keeps its visibility as written (`private static
 * void swap(…)`, Rust's `pub fn`): its row has no section to say it. Anything else before the name — a
 * return type (`int`, `String`, `void`), `static`, `unsafe`, Rust's `const fn`, Java's interface
 * `default` — is part of the head. So is `record` (Java's and C#'s records are kind `class`: the word is the
 * row's only sign of one), as Kotlin's `data` is.
 */
const SAID = new Set([
  "export", "declare", "async",
  "function", "def", "fn", "func", "fun", "method", "class", "struct", "interface", "enum", "trait", "type", "typealias",
  "using", "module", "mod", "namespace", "object", "protocol", "extension", "let", "var", "val",
  "macro", "contract", "library", "defmodule", "defp", "defmacro", "defmacrop", "defprotocol", "defimpl",
]);
const VISIBILITY = new Set(["pub", "public", "private", "protected", "internal", "local"]);

/** Whether the row says `words[k]` already (`default` only after `export`, `const` only as the declaration keyword). */
function said(words: string[], k: number, member: boolean): boolean {
  const w = words[k]!;
  if (w === "default") return words[k - 1] === "export";
  if (w === "const") return k === words.length - 1;
  // A tag before another word is part of a type (`typedef struct symbol symbolS`, `struct foo *make()`).
  if ((w === "struct" || w === "enum" || w === "class" || w === "union") && k < words.length - 1) return false;
  return SAID.has(w) || (!member && VISIBILITY.has(w));
}

/**
 * The signature from the name on when only words the row already says precede it (`export async
 * function f(…)`, `def f(…)`); with those leading words dropped when other words follow them (`public
 * static String valueOf(char c)` → `static String valueOf(char c)` at top level: Java's, C#'s and C's
 * return types precede the name; `pub unsafe fn` → `unsafe fn`); the whole signature otherwise
 * (receivers, qualifiers stay). `member`: a nested entry, whose visibility words stay.
 */
const DESTRUCTURING = /^(?:export\s+)?(?:const|let|var)\s*[{[]/;

export function display(e: Entry, member = false): string {
  const shown = displayHead(e, member);
  // (A member listed outside its type whose head does not name the type, `setup: function (opts)`.)
  return e.owner && !e.signature?.includes(e.owner) ? ownedName(e, shown) : shown;
}

/**
 * A row's head as it is shown, clipped to `max`: when the clip would cut the name off (a C++ out-of-class
 * member under a long `template <…>` head, `template <typename _Tp, typename _Alloc> template <typename…
 * _Args> void vector<_Tp, _A…` for `_M_realloc_insert`), the name leads the row, as it does for a head
 * that does not hold it.
 */
export function clippedDisplay(e: Entry, member: boolean, max: number): string {
  const shown = display(e, member);
  const clipped = clipText(shown, max);
  if (clipped === shown || e.kind === "impl" || hasWord(clipped.slice(0, -1), e.name) || !hasWord(shown, e.name)) return clipped;
  return clipText(`${e.name}  ${shown}`, max);
}

/** `name` as a whole word of `text` (not the `f` inside `function`). */
function hasWord(text: string, name: string): boolean {
  for (let j = text.indexOf(name); j >= 0; j = text.indexOf(name, j + 1)) {
    if (!/[\w$]/.test(text[j - 1] ?? "") && !/[\w$]/.test(text[j + name.length] ?? "")) return true;
  }
  return false;
}

function displayHead(e: Entry, member: boolean): string {
  const sig = e.signature;
  if (!sig) return e.name;
  if (e.kind === "impl") return implHead(sig);
  // A call or index signature (`()`, `[]`: TypeScript's names for them) is its head — not a method
  // defined by that name (Ruby's `def [](name)`: `[](name)`, as `def []=(name, value)` is `[]=(name, value)`).
  if ((e.name === "()" || e.name === "[]") && !/^def\s/.test(sig)) return sig;
  // One name of a destructuring declaration (`const {stdout: stdoutColor, stderr} = x`): each of its
  // rows says which, the declaration after it (two rows had read the same).
  if (DESTRUCTURING.test(sig)) return `${e.name}  (of ${sig})`;
  // The name as a whole word (not the `f` inside `function`), preceded by words only.
  const word = (c: string | undefined) => c !== undefined && /[\w$#]/.test(c);
  for (let j = sig.indexOf(e.name); j >= 0; j = sig.indexOf(e.name, j + 1)) {
    // (JS names `#x` members `x`: the `#` goes with the name, `async #x ()` reads `#x ()`.)
    const i = sig[j - 1] === "#" && !e.name.startsWith("#") ? j - 1 : j;
    if (word(sig[i - 1]) || (word(sig[j + e.name.length]) && sig[j + e.name.length] !== "#")) continue;
    // A generator's star (`async *three(…)`, `function* gen(…)`) stays with the name when every word
    // before it is one the row says.
    const star = /^[\w\s]*\*\s*$/.exec(sig.slice(0, i));
    if (star && i > 1) {
      const before = sig.slice(0, i).replace(/\*\s*$/, "").trim().split(/\s+/).filter(Boolean);
      if (before.every((_, k) => said(before, k, member))) return `*${sig.slice(i)}`;
      return sig;
    }
    if (i === 0 || !/^[\w\s]*\s$/.test(sig.slice(0, i))) return sig;
    const words = sig.slice(0, i).trim().split(/\s+/);
    let k = 0;
    while (k < words.length && said(words, k, member)) k++;
    // `abstract class X` reads `abstract X` beside the kind column's `class` (not `class abstract class X`).
    if (words.length - k === 2 && words[k] === "abstract" && words[k + 1] === "class") return `abstract ${sig.slice(i)}`;
    return k === words.length ? sig.slice(i) : `${words.slice(k).join(" ")} ${sig.slice(i)}`;
  }
  // An anonymous declaration named by a handle (`customElements.define@3` for the class handed to
  // that call) or by its export (`export default class {…}` is `default`): the name is what
  // read_symbol takes, the head says the rest.
  return HANDLE.test(e.name) || !sig.includes(e.name) ? `${e.name}  ${sig}` : sig;
}
const HANDLE = /@\d+$/;

/**
 * An impl's head without its generic parameter list and where clause (the kind column says `impl`):
 * `unsafe impl<T: ?Sized + Sync> Send for Arc<T> where …` → `unsafe Send for Arc<T>`. The bounds are
 * one read_symbol (or `--detail full`) away; which traits a type implements is what an outline is for.
 */
export function implHead(sig: string): string {
  const m = /^((?:unsafe\s+)?)impl\b\s*/.exec(sig);
  if (!m) return sig;
  let i = m[0].length;
  if (sig[i] === "<") {
    let depth = 0;
    for (; i < sig.length; i++) {
      if (sig[i] === "<") depth++;
      else if (sig[i] === ">" && sig[i - 1] !== "-" && --depth === 0) break;
    }
    i++;
  }
  const rest = sig.slice(i).trim().replace(/\s+where\s[\s\S]*$/, "").replace(/\s*\{\s*$/, "");
  return rest ? `${m[1]}${rest}` : sig;
}

/**
 * `self`: the report's own file (as usedBy names files): its uses are named by their symbols.
 * `uses`: a row without its signature says only how many uses (`[used by 11]`), and `extends` how many of
 * them subclass or implement it (`[used by 11 (3 extends)]`).
 */
export function tags(e: { flags?: string[]; complexity?: number; usedBy?: Entry["usedBy"]; usedByTotal?: Entry["usedByTotal"]; exportedAs?: string[]; uses?: number; extends?: number }, self?: string): string {
  const flags = (e.flags ?? []).map((f) => (f === "high complexity" && e.complexity ? `${f} ${e.complexity}` : f));
  // (The name importers use, when not its own: `fn _enum(…)  [as enum]`.)
  if (e.exportedAs?.length) flags.unshift(`as ${e.exportedAs.slice(0, 3).join(", ")}${e.exportedAs.length > 3 ? ` +${e.exportedAs.length - 3}` : ""}`);
  // (Its subclasses and implementers by name: "who implements it" is answered on the row.)
  const ext = extendedByText(e, self);
  if (ext) flags.push(ext.text);
  if (e.usedBy?.length) ((t) => t && flags.push(t))(usedByText(e, self, ext?.named));
  else if (e.uses) flags.push(`used by ${e.uses}${e.extends ? ` (${e.extends} extends)` : ""}`);
  return flags.length ? `  [${flags.join(", ")}]` : "";
}

export interface Row {
  range: string;
  kind: string;
  text: string;
  indent: number;
}

export const MAX_DISPLAY = 90;
export const MAX_DOC = 72;

/** `12-30`, or `12` for a one-line declaration. */
export function span(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

export function clipText(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1).trimEnd() + "…" : s;
}

/**
 * A re-export specifier's entry (`export { a as b } from "./x"`, `export type { T } from "./t"`), or a name an
 * `export * from "./x"` hands on (its head that statement; tsc's `__exportStar(require("./x"), exports)`, esbuild's `__reExport(…)`).
 */
export function isReexport(e: Entry): boolean {
  return /^export (?:type )?\{/.test(e.signature ?? "") || STAR_REEXPORT.test(e.signature ?? "");
}

/**
 * A leaf data entry (a field, a property, a constant, a re-export, a value macro): listed by name on
 * a shared row, since its type or value is one read_symbol away.
 */
export function isDataLeaf(e: Entry): boolean {
  if (e.members?.length || e.flags?.length || e.usedBy?.length) return false;
  // (A binding typed as a function is called, not read: fp-ts's `export const map: <A, B>(f: …) => …`.)
  if ((e.kind === "constant" || e.kind === "variable") && FUNCTION_TYPED.test(e.signature ?? "")) return false;
  if (VALUE_KINDS.has(e.kind) || isReexport(e)) return true;
  // (A C function-pointer typedef is one more declared name in a header of thousands: GL's `PFNGL…PROC`.)
  if (e.kind === "type" && FUNCTION_POINTER_TYPEDEF.test(e.signature ?? "")) return true;
  return e.kind === "macro" && !/^#\s*define\s+\w+\(/.test(e.signature ?? "");
}

/** `typedef void (GL_APIENTRYP PFNGLCLEARPROC) (GLbitfield mask)`, `typedef void (*cb)(int)`. */
const FUNCTION_POINTER_TYPEDEF = /^typedef\b[^(]*\([^()]*\b\w+\s*\)\s*\(/;

/** A binding's head whose declared type is a function type: `const map: <A, B>(f: (a: A) => B) => …`. */
const FUNCTION_TYPED = /^(?:(?:export|declare|const|let|var)\s+)*[\w$]+\s*:\s*(?:<[^=()]*>\s*)?\((?:[^()]|\([^()]*\))*\)\s*=>/;

function dataName(e: Entry): string {
  let shown = dataNames.get(e);
  if (shown === undefined) dataNames.set(e, (shown = e.signature && optionalHead(e.name).test(e.signature) ? `${shownName(e)}?` : shownName(e)));
  return shown;
}
/** dataName per entry: a budgeted view renders a report several times (core/budget-fit.ts), each row's regexes had been built each time. */
const dataNames = new WeakMap<Entry, string>();

/**
 * An optional member's head: the `?` right after its name (`reducerPath?: string`) — not one further on
 * (redux toolkit's `type InjectIntoConfig<…> = InjectConfig & { reducerPath?: … }` is no optional alias).
 */
function optionalHead(name: string): RegExp {
  const n = name.replace(/^#/, "").replace(/[$.*+?()[\]{}|^\\]/g, "\\$&");
  return new RegExp(`^(?:(?:readonly|static|declare|public|private|protected|abstract|override|accessor)\\s+)*(?:#|["'])?${n}["']?\\s*\\?\\s*:`);
}

/**
 * A name as its head writes it: JavaScript's `#private` members are named without the `#` (as ctags
 * and JS tools name them), but a row of names must not make `#x` read as the public `x`.
 */
function shownName(e: Entry): string {
  if (e.name.startsWith("#") || !e.signature?.includes("#")) return ownedName(e);
  return new RegExp(`^(?:(?:static|async|get|set|accessor|readonly)\\s+)*\\*?#${e.name.replace(/[$.*+?()[\]{}|^\\]/g, "\\$&")}\\b`).test(e.signature) ? ownedName(e, `#${e.name}`) : ownedName(e);
}

/**
 * A member listed outside its type (Entry.owner) says whose it is: `Widget.size`. A Rust trait impl
 * says its trait too, `Clone for Graph` (a type's impls had read `Graph, Graph[1], Graph[60]`).
 */
export function ownedName(e: Entry, name = e.name): string {
  const trait = e.kind === "impl" && name === e.name ? implTrait(e.signature) : undefined;
  // (A reference self type says so, `IntoIterator for &mut SmallVec`: smallvec's three impls of it had read alike.)
  if (trait) name = `${trait} for ${selfReference(e.signature!)}${name}`;
  return e.owner ? `${e.owner}${ownerSeparator(e.owner)}${name}` : name;
}

/** The reference or pointer a Rust impl's self type is, lifetimes left out: `&mut ` of `… for &'a mut SmallVec<A>`; "" for none. */
function selfReference(signature: string): string {
  const self = /\sfor\s+((?:&\s*(?:'\w+\s+)?(?:mut\s+)?|\*\s*(?:const|mut)\s+)+)/.exec(implHead(signature));
  return self ? self[1]!.replace(/'\w+\s+/g, "").replace(/\s+/g, " ").replace(/&\s+(?!mut)/g, "&") : "";
}

/** `.`, or `::` after an owner that is written with it (C++'s `path::iterator`). */
function ownerSeparator(owner: string): string {
  return owner.includes("::") ? "::" : ".";
}

/** Members rows name at most this many (the rest counted); top-level runs name every entry. */
const MAX_FOLDED_NAMES = 60;

/**
 * The row's display groups when a dense file's names alone are far over its budget (`squeezed`): data
 * names sharing a first word become one `GL_*×812`, a data name repeated one `GLAPI×4` (first-word.ts);
 * callables, types and the rest keep their names. `squeezed` counts the names so folded.
 */
function squeezeGroups(groups: Entry[][], squeezed: { names: number }): { group: Entry[]; label?: string }[] {
  const labels = firstWordLabels(groups.map((g) => g[0]!), squeezed, isDataLeaf);
  const out: { group: Entry[]; label?: string }[] = [];
  for (const g of groups) {
    const label = labels.get(g[0]!);
    if (label !== null) out.push({ group: g, label });
  }
  return out;
}

/**
 * Names of members on one row: data members always, and those the detail budget did not show; at top
 * level, a run of entries shown by name (`squeezed`: fold data names by first word, counting them).
 * `late`: groups of a member's single names further on, after members on rows of their own — each
 * named with its line (`operator !=@433`, a handle read_symbol takes), outside the row's range.
 */
export function foldedRow(here: Entry[], indent: number, squeezed?: { names: number }, late: Entry[][] = []): Row {
  const ms = late.length ? [...here, ...late.flat()] : here;
  const kinds = new Set(ms.map((m) => (isReexport(m) ? "re-export" : m.kind)));
  const mixed = kinds.size > 1 && !ms.every(isDataLeaf);
  // Mostly callables: a `fns` row that marks the others by kind (`LEN:const`) instead of every call `()`.
  const callables = mixed ? ms.filter((m) => CALLABLE.has(m.kind)).length : 0;
  const fnRow = mixed && callables * 2 > ms.length;
  // (Members that are functions — a namespace's or module's — are `fns`, a type's methods `methods`.)
  const methods = indent && ms.some((m) => m.kind === "method" || m.kind === "constructor");
  // (One member between two on rows of their own is `method _resetSequences`, not `methods`.)
  const one = kinds.size === 1 ? shortKind([...kinds][0]!) : "";
  const label = one ? (indent && ms.length === 1 ? one : plural(one)) : fnRow ? (methods ? "methods" : "fns") : mixed ? (indent ? "members" : "names") : "data";
  const max = indent ? MAX_FOLDED_NAMES : Infinity;
  // Overloads are one name (`get()×2`); the count at the end is of entries.
  const shown = squeezed && !indent ? squeezeGroups(overloads(ms), squeezed) : [...overloads(here), ...late].map((group) => ({ group, label: undefined as string | undefined }));
  const lateSet = new Set(late);
  const nameOf = (m: Entry) => (fnRow ? (CALLABLE.has(m.kind) ? shownName(m) : `${dataName(m)}:${shortKind(m.kind)}`) : runName(m, mixed));
  // (A static and an instance member of one name stay two, as overloads() keeps them: node-gyp's `static findPython = …`, `async findPython ()`.)
  const items = onceEach(shown, (g) => (lateSet.has(g) || g.some((m) => m.members?.length) ? undefined : nameOf(g[0]!) + exportedAsText(g[0]!) + (isStatic(g[0]!) ? "\0static" : "")));
  const groups = items.map((x) => x.group);
  const names = items.slice(0, max).map(({ group, label, times }) => {
    const m = group[0]!;
    return (label ?? nameOf(m)) + (times > 1 ? `×${times}` : "") + (lateSet.has(group) ? `@${m.startLine}` : "") + (label ? "" : exportedAsText(m));
  });
  const more = groups.length > max ? `, … +${groups.length - max}` : "";
  const nested = ms.reduce((n, m) => n + countBelow(m), 0);
  // Flags every entry of a top-level run shares are said once (`[test]`); others are not shown there.
  const shared = indent ? [] : (ms[0]!.flags ?? []).filter((f) => ms.every((m) => m.flags?.includes(f)));
  // At top level a run may hold containers shown by name: `Name[3]` counts their members.
  const counts = groups.slice(0, max).map(([m]) => (!indent && m!.members?.length ? `[${m!.members.length}]` : ""));
  // The nested total only when the `[n]` counts do not already say it (deeper levels, or none shown).
  const bracketed = indent ? 0 : groups.slice(0, max).reduce((n, [m]) => n + (m!.members?.length ?? 0), 0);
  const showNested = nested > bracketed;
  const tail = (shared.length ? `  [${shared.join(", ")}]` : "") + (ms.length > 6 || showNested ? `  (${ms.length}${showNested ? ` + ${nested} nested` : ""})` : "");
  const first = Math.min(...here.map((m) => m.startLine));
  const last = Math.max(...here.map((m) => m.endLine));
  return { range: span(first, last), kind: label, text: `${braceNames(names, counts).join(", ")}${more}${tail}`, indent };
}

/**
 * A row's groups with a name said again further on merged into its first (`key`: the name as shown, or
 * undefined for a group that stays apart — a container, whose `[n]` counts its own members, a name with
 * its line): a C header's `float_t, double_t` under each of eight `#if` branches reads `float_t×8,
 * double_t×8`, `INFINITY, INFINITY` `INFINITY×2`. `times`: how many entries the name stands for.
 */
function onceEach(shown: { group: Entry[]; label?: string }[], key: (g: Entry[]) => string | undefined): { group: Entry[]; label?: string; times: number }[] {
  const out: { group: Entry[]; label?: string; times: number }[] = [];
  const first = new Map<string, { times: number }>();
  for (const { group, label } of shown) {
    const k = label === undefined ? key(group) : undefined;
    const seen = k === undefined ? undefined : first.get(k);
    if (seen) seen.times += group.length;
    else {
      const item = { group, label, times: group.length };
      if (k !== undefined) first.set(k, item);
      out.push(item);
    }
  }
  return out;
}

/** ` as run`: the name(s) a row's entry is exported under (`export { main as run }`), as its own row's tags say. */
function exportedAsText(e: Entry): string {
  const as = e.exportedAs;
  return as?.length ? ` as ${as.slice(0, 2).join("/")}${as.length > 2 ? `/+${as.length - 2}` : ""}` : "";
}

function countBelow(e: Entry): number {
  return (e.members ?? []).reduce((n, m) => n + 1 + countBelow(m), 0);
}

const CALLABLE = new Set(["function", "method", "constructor"]);

/**
 * Consecutive overloads of one callable — same name and kind, no members (`emit(event: "close")`,
 * `emit(event: "error", err: Error)`, … ×24 in @types/node): one group. Others are groups of one.
 */
export function overloads(list: Entry[]): Entry[][] {
  const out: Entry[][] = [];
  for (const e of list) {
    const g = out[out.length - 1];
    const head = g?.[0];
    if (head && CALLABLE.has(e.kind) && head.name === e.name && head.kind === e.kind && !e.members?.length && !head.members?.length && sameSide(head, e)) g.push(e);
    else out.push([e]);
  }
  return out;
}

/**
 * Two same-named members that can be overloads: both `#private` or neither (JS lists `async #load ()` by its
 * bare name, as Ctags does, beside npm's public `load ()`), both `static` or neither (node-gyp's `static
 * findPython = …` and `async findPython ()`). Folded, the row had shown `load ()` with `#load`'s tags
 * (`async, high complexity 10`) and lru-cache's `set(k, v, setOptions = {})` with `#set`'s complexity 47.
 */
function sameSide(a: Entry, b: Entry): boolean {
  return shownName(a) === shownName(b) && isStatic(a) === isStatic(b);
}

const isStatic = (e: Entry) => /^(?:[\w$]+\s+)*static\s/.test(e.signature ?? "");

/**
 * The tags a row of overloads shows: every flag any of them has (the implementation's `high complexity`
 * and `async` are not to hide behind the first signature), the highest complexity, all their users —
 * but `deprecated` only when all of them are: rxjs' `subscribe(observer)` is not deprecated, its
 * separate-callbacks overload is, and the row shows the first's head (`deprecated: 1 of 3`).
 */
export function groupTags(group: Entry[]): Entry {
  const deprecated = group.filter((g) => g.flags?.includes("deprecated")).length;
  const flags = [...new Set(group.flatMap((g) => g.flags ?? []))].map((f) => (f === "deprecated" && deprecated < group.length ? `deprecated: ${deprecated} of ${group.length}` : f));
  const complexity = Math.max(0, ...group.map((g) => g.complexity ?? 0)) || undefined;
  // (Overloads with uses of their own — told apart by their parameter counts, core/overloads.ts — or one shared
  // list: a use once, the uses lists leave out counted per distinct list.)
  const seen = new Set<string>();
  const usedBy = group.flatMap((g) => g.usedBy ?? []).filter((u) => !seen.has(`${u.file}\t${u.line}\t${u.symbol}\t${u.relation}`) && !!seen.add(`${u.file}\t${u.line}\t${u.symbol}\t${u.relation}`));
  const lists = new Map(group.filter((g) => g.usedByTotal).map((g) => [JSON.stringify(g.usedBy ?? []), g]));
  const unlisted = [...lists.values()].reduce((n, g) => n + g.usedByTotal!.refs - (g.usedBy?.length ?? 0), 0);
  const files = Math.max(new Set(usedBy.map((u) => u.file)).size, ...[...lists.values()].map((g) => g.usedByTotal!.files));
  const extendsAll = Math.max(0, ...[...lists.values()].map((g) => g.usedByTotal!.extends ?? 0));
  const usedByTotal = lists.size ? { refs: usedBy.length + unlisted, files, ...(extendsAll ? { extends: extendsAll } : {}) } : undefined;
  return { ...group[0]!, flags: flags.length ? flags : undefined, complexity, usedBy: usedBy.length ? usedBy : undefined, usedByTotal };
}

/** A name on a shared row: `b?` for an optional member; `f()` for a callable among other kinds. */
function runName(e: Entry, mixed: boolean): string {
  return mixed && CALLABLE.has(e.kind) ? `${shownName(e)}()` : dataName(e);
}
