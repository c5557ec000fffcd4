/**
 * A member named through its type or namespace — `Util.parse("1")` (Java), `Level::from_usize(n)`
 * (Rust), `Color.RED`, `Store::get` (C++), `Config.load()` (Python): collect.ts keeps the qualifier
 * of a member occurrence spelled with a capital (FileEntry.gt rows `line\tname\t^Type`, `^` when it
 * heads the chain, `:` after another segment), and link.ts asks here which definition it names. Such a
 * call had no link when the member's name was declared anywhere else (every Rust `Foo::new()`).
 */
import { DEF_REEXPORT, type Def, type FileEntry } from "./types.js";
import { fieldTypeIn, supertypesIn } from "./supertypes.js";
import { partsOfOneType } from "./partial.js";
import { extensionKeys } from "./kotlin-extensions.js";
import { fileLocal } from "./visibility.js";
import { ARGS, genericResult } from "./generic-results.js";

/**
 * The qualifier of a member selected on a value whose type the file imports from another library
 * (collect.ts): no project type's member, in any language — a project type of that name is another one.
 */
export const FOREIGN = "\u0003";

/** Definitions that qualify their members' names. */
const QUALIFIERS = new Set(["class", "struct", "interface", "trait", "enum", "object", "protocol", "extension", "impl", "type", "namespace", "module"]);
const CALLABLE = new Set(["function", "method", "constructor"]);

/** What the model gives: the files declaring a type or namespace of a name, and the entries. */
export interface QualifierGraph {
  typeFiles(name: string): string[];
  readonly files: Map<string, FileEntry>;
}

/** Name of a type or namespace → the files declaring one (once per model state: GraphModel.typeFiles). */
export function typeFilesIndex(files: Map<string, FileEntry>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [rel, e] of files) {
    for (const x of e.d) {
      // (A re-export of a type is no declaration of it: `opts.force` is the member of the type it names.)
      if (!QUALIFIERS.has(x[2]) || x[5] & DEF_REEXPORT) continue;
      const list = out.get(x[0]);
      if (!list) out.set(x[0], [rel]);
      else if (list[list.length - 1] !== rel) list.push(rel);
    }
    // (Kotlin's extension functions and C#'s extension methods by name and receiver type, `~name\tType`, and by name, `~name`: kotlin-extensions.ts.)
    for (const key of extensionKeys(e)) {
      const list = out.get(key);
      if (!list) out.set(key, [rel]);
      else if (list[list.length - 1] !== rel) list.push(rel);
    }
  }
  return out;
}

/**
 * The definition `Type.name` names: the type in this file, else in a file it imports, else in the one
 * file of the project declaring it — a member of it (or of an object inside it: Kotlin's companion),
 * else one it inherits (inheritedMember).
 * null: no project type or namespace has that name (`Vec::new()`, `Math.max`: another library's), or
 * the member can only come from another library's supertype (`extends Thread`: `t.start()`).
 * undefined: unknown here — several files declare it, or neither the type nor a supertype has such a
 * member (in an impl block or extension of another file); link.ts falls back to the member by name.
 */
export function qualifiedMember(g: QualifierGraph, rel: string, e: FileEntry, type: string, name: string, call: boolean, seen?: Set<string>, line?: number, companion?: boolean): [string, number] | null | undefined {
  if (!g.typeFiles(type).length) return null;
  const where = declaringFiles(g, rel, e, type);
  for (const f of where) {
    const d = g.files.get(f)?.d;
    // (Up a hierarchy — `seen` — no constructor: none is inherited, and `extends Calendar` names the
    // class; but Python's `__init__` is: `MIMENonMultipart.__init__(self, …)` is MIMEBase's.)
    const idx = d ? memberOf(d, type, name, call, seen !== undefined && e.l !== "python", f === rel ? line : undefined, f !== rel, companion) : -1;
    if (idx >= 0) return [f, idx];
  }
  if (where.length === 1) return inheritedMember(g, where[0]!, type, name, call, seen);
  // (The parts of one type, none declaring it: one a part's supertypes give; null when a part's are another library's only.)
  if (!where.includes(rel) && !partsOfOneType(g, where, type, e.l)) return undefined;
  const inherited = where.map((f) => inheritedMember(g, f, type, name, call, seen));
  return inherited.find((h) => h) ?? (inherited.includes(null) ? null : undefined);
}

/**
 * A member of a field's declared type, two steps down a chain: `this.client.post()` in a method of
 * Store (FileEntry.gt `^Store#client`) is the `post` of the type Store's field `client` declares —
 * the field Store declares, or one it inherits (openai's resources: `this._client` is APIResource's
 * `_client: OpenAI`). FileEntry.ft rows `T.f\ttype` give the fields' types, read as the declaring
 * file reads them. `field` may be a chain of calls' keys (`get(#child(`, collect.ts): each step the
 * member of the type the one before declares. undefined when no field is found (the member by name, as
 * before); null for a field of a type its file imports from another library.
 */
export function fieldMember(g: QualifierGraph, rel: string, type: string, field: string, name: string, call: boolean, seen = new Set<string>()): [string, number] | null | undefined {
  const e = g.files.get(rel);
  if (!e || seen.has(`${rel}\t${type}`) || seen.size >= MAX_DEPTH) return undefined;
  // (A chain of calls, `get(#child(`: the next step is a member of the first one's type.)
  const hash = field.indexOf("#");
  const key = `${type}.${hash < 0 ? field : field.slice(0, hash)}`;
  // (A type another file declares, `store.get()` with `store: Store` from store.ts: as that file says —
  // of a type in parts, C#'s partial classes, the part declaring the field: `uiManager.EventDispatcher`.)
  if (!g.typeFiles(type).includes(rel)) {
    const at = typeFile(g, rel, e, type) ?? partWith(g, rel, e, type, key);
    return at === undefined ? undefined : fieldMember(g, at, type, field, name, call, seen);
  }
  seen.add(`${rel}\t${type}`);
  const declared = e.ft ? fieldTypeIn(e.ft, key) : undefined;
  const part = declared === undefined ? partWith(g, rel, e, type, key) : undefined;
  if (part !== undefined && !seen.has(`${part}\t${type}`)) return fieldMember(g, part, type, field, name, call, seen);
  // (A field of a type its file imports from another library: none of the project's members.)
  if (declared === FOREIGN) return null;
  const generic = declared && hash >= 0 ? genericMember(g, rel, `${type}.${field.slice(0, hash)}`, declared, field.slice(hash + 1), name, call) : undefined;
  if (generic !== undefined) return generic;
  if (declared) return (hash < 0 ? qualifiedMember(g, rel, e, declared, name, call) : fieldMember(g, rel, declared, field.slice(hash + 1), name, call)) ?? undefined;
  for (const s of supertypesIn(e.ft, type)) {
    const at = typeFile(g, rel, e, s);
    const hit = at === undefined ? undefined : fieldMember(g, at, s, field, name, call, seen);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * A member of what a library container's method gives on what a method or function returns, by the type
 * arguments its declared return type writes (FileEntry.ft `Cls.findFoo(<` / `.top(<` rows, beside
 * `Cls.findFoo(\tOptional`): `findFoo().orElseThrow().bar()` with `Optional<Foo> findFoo()` is Foo's `bar`
 * (generic-results.ts genericResult; `rest` the calls after it, `orElseThrow(`), the type named as `rel`,
 * the file declaring the method, names it. undefined: no such row, or a method genericResult does not know.
 */
export function genericMember(g: QualifierGraph, rel: string, key: string, declared: string, rest: string, name: string, call: boolean): [string, number] | null | undefined {
  const e = g.files.get(rel);
  const args = e?.ft ? fieldTypeIn(e.ft, `${key}${ARGS}`) : undefined;
  const q = args === undefined ? undefined : genericResult(declared, rest, args);
  if (!q) return undefined;
  const at = q.indexOf("#");
  return (at < 0 ? qualifiedMember(g, rel, e!, q.slice(1), name, call) : fieldMember(g, rel, q.slice(1, at), q.slice(at + 1), name, call)) ?? undefined;
}

/** Of a type declared in parts (C#'s partial types: partial.ts), the one other part declaring field `key` (`Type.field`), or undefined. */
function partWith(g: QualifierGraph, rel: string, e: FileEntry, type: string, key: string): string | undefined {
  const where = declaringFiles(g, rel, e, type);
  if (where.length < 2) return undefined;
  const with_ = where.filter((f) => f !== rel && ((ft) => ft !== undefined && fieldTypeIn(ft, key) !== undefined)(g.files.get(f)?.ft));
  return with_.length === 1 ? with_[0] : undefined;
}

/** The one file declaring type `type` as `rel` sees it (declaringFiles), or undefined. */
function typeFile(g: QualifierGraph, rel: string, e: FileEntry, type: string): string | undefined {
  const where = declaringFiles(g, rel, e, type);
  // (A type's parts, `rel` one of them: `rel`'s, as before parts were seen.)
  return where.length === 1 || where[0] === rel ? where[0] : undefined;
}

/**
 * The files declaring type `type` as `rel` sees it: its own, else the ones it imports, else the project's
 * only one — or all, when they are the parts of one type (C#'s partial types, a Swift type and its
 * extensions: partial.ts), `rel`'s first.
 */
function declaringFiles(g: QualifierGraph, rel: string, e: FileEntry, type: string): string[] {
  const files = g.typeFiles(type);
  if (files.includes(rel)) return files.length > 1 && partsOfOneType(g, files, type, e.l) ? [rel, ...files.filter((f) => f !== rel)] : [rel];
  const imported = files.filter((f) => e.i.includes(f));
  // (C#'s partial types: the parts of one type, all searched — partial.ts.)
  return imported.length || (files.length !== 1 && !partsOfOneType(g, files, type, e.l)) ? imported : files;
}

/** Supertypes followed up a hierarchy. */
const MAX_DEPTH = 6;

/**
 * `type`'s member `name` that it inherits: the first of its supertypes (FileEntry.ft `T.\tS` rows of
 * `rel`, the file declaring it), each as that file sees it, to have it — or null when every one of them
 * is another library's type, undefined when one is unknown or there are none.
 */
export function inheritedMember(g: QualifierGraph, rel: string, type: string, name: string, call: boolean, seen = new Set<string>()): [string, number] | null | undefined {
  const e = g.files.get(rel);
  const supers = supertypesIn(e?.ft, type);
  if (!e || !supers.length || seen.has(`${rel}\t${type}`) || seen.size >= MAX_DEPTH) return undefined;
  seen.add(`${rel}\t${type}`);
  let foreign = true;
  for (const s of supers) {
    const hit = qualifiedMember(g, rel, e, s, name, call, seen);
    if (hit) return hit;
    if (hit === undefined) foreign = false;
  }
  return foreign ? null : undefined;
}

/**
 * The index of `type`'s member `name` in `d` (a call's callable first; an inherited one no constructor), or
 * -1. Of several types so named in the file, the one in scope at `line` (`Session.ClientSecret` inside
 * namespace RunUpdateParams is its own Session's, not the file's first), else the first. Named from
 * another file (`elsewhere`), none of the file's own (Swift's `private`/`fileprivate`: visibility.ts).
 */
function memberOf(d: Def[], type: string, name: string, call: boolean, inherited: boolean, line?: number, elsewhere = false, companion?: boolean): number {
  const callable: number[] = [];
  const other: number[] = [];
  // (Kotlin: the companion's member and the class's own of one name — `companion` true: named through the class; false: on a value —
  // the other one's only where none of the kind asked for is: `Foo.Undefined` is a nested object, beside the companion's `fun Undefined()`.)
  const unlike: [number[], number[]] = [[], []];
  for (const j of namedIn(d, name)) {
    const x = d[j]!;
    // (A re-export in a namespace, `export { type RunStep }` in openai's `namespace Runs`, is not it.)
    if (x[0] !== name || x[6] < 0 || x[5] & DEF_REEXPORT || (inherited && x[2] === "constructor") || (elsewhere && fileLocal(x))) continue;
    const p = d[x[6]]!;
    const owner = p[0] === type ? p : p[2] === "object" && p[6] >= 0 ? d[p[6]]! : undefined;
    if (!owner || owner[0] !== type || !QUALIFIERS.has(owner[2])) continue;
    const callableOne = CALLABLE.has(x[2]);
    (companion !== undefined && (p !== owner) !== companion ? unlike[callableOne ? 0 : 1] : callableOne ? callable : other).push(j);
  }
  if (!callable.length) callable.push(...unlike[0]);
  if (!other.length) other.push(...unlike[1]);
  const [first, second] = call ? [callable, other] : [other, callable];
  const pool = first.length ? first : second;
  if (pool.length < 2 || line === undefined) return pool[0] ?? -1;
  // In scope: the owner's parent holds the line (the file, for a top-level owner); the innermost such.
  let best = -1;
  let span = Infinity;
  for (const j of pool) {
    const scope = ownerScope(d, j, type);
    const [from, to] = scope < 0 ? [0, Infinity] : [d[scope]![3], d[scope]![4]];
    if (line >= from && line <= to && to - from < span) [best, span] = [j, to - from];
  }
  return best >= 0 ? best : pool[0]!;
}

/**
 * A file's definitions by name (indexes in `d`, ascending), built on a file's first member lookup: a
 * lookup had scanned all of `d` (effect's 625 files: 1.9 s of a 5 s link). Entries' Def arrays are never
 * changed in place (an update replaces the entry), so the index lives as long as its array.
 */
const byName = new WeakMap<Def[], Map<string, number[]>>();
const NONE: number[] = [];
function namedIn(d: Def[], name: string): number[] {
  let index = byName.get(d);
  if (!index) {
    index = new Map();
    for (let j = 0; j < d.length; j++) {
      const list = index.get(d[j]![0]);
      if (list) list.push(j);
      else index.set(d[j]![0], [j]);
    }
    byName.set(d, index);
  }
  return index.get(name) ?? NONE;
}

/** The definition around the type `type` that owns member `j` (-1: the file). */
function ownerScope(d: Def[], j: number, type: string): number {
  const p = d[j]![6];
  const owner = d[p]![0] === type ? p : d[p]![6];
  return d[owner]?.[6] ?? -1;
}

/** Kotlin: a member named through its class, `Foo.bar()` (FileEntry.gt `%Foo`, beside `^Foo`): a companion's, where the class has one so named besides its own. */
export const COMPANION = "%";

/** FileEntry.gt's rows by `line\tname` (Go's package rows by `@line\tname`): each one's distinct qualifiers. */
export function qualifierIndex(gt: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of gt ? gt.split("\n") : []) {
    const [l, n, t] = row.split("\t") as [string, string, string];
    // (`@`: a module's member, asked for apart; `{` / `}`: an object literal's key / shorthand key, indexed as `{name` / `}name`;
    // `=`: a name an import statement binds to a module's default value, `=name`.)
    // (`<`: a C++ use's template arguments, `<name` — cpp-specs.ts.)
    const key = t[0] === "{" || t[0] === "}" || t[0] === "=" || t[0] === COMPANION || t[0] === "<" ? `${l}\t${t[0]}${n}` : `${t[0] === "@" ? "@" : ""}${l}\t${n}`;
    const list = out.get(key);
    if (!list) out.set(key, [t]);
    else if (!list.includes(t)) list.push(t);
  }
  return out;
}
