/**
 * C++ members defined out of their class's body in another file than the class (`bool
 * UnitTestImpl::RunAllTests()` in googletest's gtest.cc, the class in gtest-internal-inl.h):
 * - keyed by their class, as the declaration in the class is (`testing.internal.UnitTestImpl.RunAllTests`,
 *   parse-file.ts cppOwner), not by the namespace around them (`testing.internal.RunAllTests`): members,
 *   not names at file scope (visibility.ts fileScope);
 * - one member with the declaration: a use linked to either is kept for both (link.ts record,
 *   `sameMember`), so the definition's read and report row say who calls it, and its file's blast
 *   radius counts them; a name-only link takes the pair as one definition (name-only.ts);
 * - a bare member (or `this->x`) in such a definition: the class's, found in a file this one includes
 *   (`outOfLineMember`);
 * - one written at file scope under `using namespace x;` (`int Executor::Init()` after `using namespace
 *   bridge;`, keyed `Executor.Init` as written) is the member of `x.Executor` when that class is under exactly
 *   one of the namespaces the file uses before it and declares the member: one member with that
 *   declaration too (`moved`), its own key kept (its report row, symbol_search).
 */
import { specArgs } from "./cpp-specs.js";
import type { GraphModel } from "./model.js";
import type { Def, FileEntry } from "./types.js";
import { prefer, preferredMatch, TYPE_KINDS } from "./util.js";
import { FUNCTION_KINDS as FN, type SymbolRecord } from "../types.js";
import { walk } from "../extract.js";

/**
 * The scopes a C++ definition out of its class's body is keyed by (report.ts `owner`: `A::B` → A, B), none for
 * others; a specialization's member's class with its arguments (`vector<bool, _Alloc>::flip` → `vector<bool, _Alloc>`).
 */
export function cppOwner(language: string, r: { attachTo?: string; name: string; specialization?: string }, parent: { kind: string; name: string } | undefined): string[] {
  if (language !== "cpp" || !r.attachTo || r.attachTo === parent?.name || (parent && parent.kind !== "namespace")) return [];
  const segs = r.attachTo.split("::");
  if (r.specialization) segs[segs.length - 1] += r.specialization;
  return segs;
}

/**
 * A C++ class's key segment: a specialization's with its arguments (`vector<bool, _Alloc>`, `hash<bool>`), apart
 * from the primary template's `vector` — its members' keys under it (SymbolRecord.specialization).
 */
export function cppKeyName(language: string, r: { name: string; kind: string; specialization?: string }): string {
  return language === "cpp" && r.specialization && TYPE_KINDS.has(r.kind) ? r.name + r.specialization : r.name;
}

/** Whether `d[i]` is a C++ callable keyed by a class other than its parents (`ns.Widget.size` inside `namespace ns`). */
export function outOfClass(d: Def[], i: number, language: string): boolean {
  const x = d[i]!;
  if (language !== "cpp" || !FN.has(x[2])) return false;
  const p = x[6] >= 0 ? d[x[6]] : undefined;
  if (p && TYPE_KINDS.has(p[2])) return false;
  return x[1] !== (p ? `${p[1]}.${x[0]}` : x[0]);
}

/** A C++ file's specializations and their members out of class (SymbolRecord.specialization), by `startLine\tkind\tname` as a report entry names them. */
export function cppSpecializations(symbols: SymbolRecord[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [r] of walk(symbols)) if (r.specialization) out.set(`${r.startLine}\t${r.kind}\t${r.name}`, r.specialization);
  return out;
}

/**
 * `byKey`: key → the C++ callables of that key in several files — a class's member declarations and the
 * definitions out of its body elsewhere (only keys that have one of those); `moved`: `file\0index` → the
 * key a definition written under `using namespace` is one member under (not its own).
 */
export interface CppMemberIndex {
  byKey: Map<string, [string, number][]>;
  moved: Map<string, string>;
  /** A template's key (templateKey) → its primary's and its specializations' classes and members of that key, where it has a specialization. */
  family: Map<string, [string, number][]>;
}

/** A C++ key without its specializations' arguments: the template's (`std.vector<bool, _Alloc>.flip` → `std.vector.flip`). */
export function templateKey(k: string): string {
  if (!k.includes("<")) return k;
  return k.split(".").map((s) => (s.startsWith("operator") || s.startsWith("~operator") ? s : bareType(s))).join(".");
}

/** The specializations' families (CppMemberIndex.family). */
function families(files: Map<string, FileEntry>): Map<string, [string, number][]> {
  const out = new Map<string, [string, number][]>();
  for (const e of files.values()) if (e.l === "cpp") for (const x of e.d) if (x[1].includes("<") && templateKey(x[1]) !== x[1]) out.set(templateKey(x[1]), []);
  if (out.size) for (const [rel, e] of files) if (e.l === "cpp") e.d.forEach((x, i) => out.get(templateKey(x[1]))?.push([rel, i]));
  return out;
}

/**
 * The entries a use of the C++ definition `hit` is kept on: it and the same member's other files' (sameMember).
 * A use found by name — not in its own class's code (`own`) — of a specialization's class or member is the primary
 * template's where it declares one (`v.erase()`, `hash<_Tp>`), else every specialization's: which one a use such as
 * `AdditionHelper<T, U, AdditionMethod<T, U>::method>::Addition(…)` means, the graph cannot tell — but one whose
 * arguments the use writes (`spec`: `Hasher<Key>` of `Hasher<lib::Key>::go`, FileEntry.gt `<` rows) is that one's.
 */
export function cppTargets(g: GraphModel, hit: [string, number], own: boolean, rel: string, d: Def[], encl: number, spec?: string): [string, number][] {
  const x = own ? undefined : g.files.get(hit[0]);
  const t = x?.l === "cpp" ? templateKey(x.d[hit[1]]![1]) : undefined;
  const fam = t === undefined ? undefined : g.cppIndex().family.get(t);
  // (In the code of a class of the template, its own — `vector` and `__x.flip()` in `vector<bool>`'s members, in
  // the class or out of it —, its file's first.)
  for (let j = fam ? encl : -1; j >= 0; j = d[j]![6]) {
    const cls = TYPE_KINDS.has(d[j]![2]) ? d[j]![1] : outOfClass(d, j, "cpp") ? d[j]![1].slice(0, d[j]![1].lastIndexOf(".")) : undefined;
    const k = cls === undefined ? undefined : templateKey(cls);
    if (k === undefined || !(t === k || t!.startsWith(`${k}.`))) continue;
    const want = cls + t!.slice(k.length);
    const keyed = (h: [string, number]) => g.files.get(h[0])!.d[h[1]]![1] === want;
    const mine = fam!.find((h) => h[0] === rel && keyed(h)) ?? fam!.find(keyed);
    if (mine) return [mine, ...sameMember(g, mine)];
  }
  // (A use writing a specialization's arguments, `Hasher<lib::Key>::go`, `std::hash<MyKey>`: that specialization's — cpp-specs.ts;
  // one its file declares first.)
  const written = fam && spec ? fam.filter((h) => g.files.get(h[0])!.d[h[1]]![1].split(".").some((seg) => seg.includes("<") && specArgs(seg) === spec)) : [];
  const chosen = written.find((h) => h[0] === hit[0]) ?? written[0];
  if (chosen) return [chosen, ...sameMember(g, chosen)];
  // (The hit itself when it is the primary's; else the primary's in its file, or in another; of the specializations, its file's.)
  const isPrimary = (h: [string, number]) => g.files.get(h[0])!.d[h[1]]![1] === t;
  const primary = !fam || isPrimary(hit) ? hit : (fam.find((h) => h[0] === hit[0] && isPrimary(h)) ?? fam.find(isPrimary));
  const base = !fam ? [hit] : primary ? [primary] : fam.filter((h) => h[0] === hit[0]);
  return base.flatMap((h) => [h, ...sameMember(g, h)]);
}

export function cppMemberIndex(files: Map<string, FileEntry>): CppMemberIndex {
  const keys = new Set<string>();
  const moved = new Map<string, string>();
  const out = new Map<string, [string, number][]>();
  let using = false;
  for (const e of files.values()) if (e.l === "cpp") e.d.forEach((x, i) => outOfClass(e.d, i, e.l) && keys.add(x[1]) && (using ||= !!e.un));
  const family = families(files);
  if (!keys.size) return { byKey: out, moved, family };
  if (using) usedNamespaceKeys(files, keys, moved);
  for (const [rel, e] of files) {
    if (e.l !== "cpp") continue;
    e.d.forEach((x, i) => {
      const k = moved.get(`${rel}\u0000${i}`) ?? x[1];
      if (!FN.has(x[2]) || !keys.has(k)) return;
      const p = x[6] >= 0 ? e.d[x[6]] : undefined;
      if (!(p && TYPE_KINDS.has(p[2])) && !outOfClass(e.d, i, e.l)) return;
      const list = out.get(k);
      if (!list) out.set(k, [[rel, i]]);
      else if (!list.some((h) => h[0] === rel)) list.push([rel, i]);
    });
  }
  for (const [k, list] of out) if (list.length < 2) out.delete(k);
  return { byKey: out, moved, family };
}

/**
 * The definitions out of class at file scope whose key no class declares (`Executor.Init`) but whose class is
 * under exactly one namespace the file uses before them (`using namespace bridge;`, `bridge.Executor`),
 * which declares the member: `moved` gets their key there, `keys` the key.
 */
function usedNamespaceKeys(files: Map<string, FileEntry>, keys: Set<string>, moved: Map<string, string>): void {
  const types = new Set<string>();
  const declared = new Set<string>();
  for (const e of files.values()) {
    if (e.l !== "cpp") continue;
    for (const x of e.d) {
      if (TYPE_KINDS.has(x[2])) types.add(x[1]);
      else if (FN.has(x[2]) && x[6] >= 0 && TYPE_KINDS.has(e.d[x[6]]![2])) declared.add(x[1]);
    }
  }
  for (const [rel, e] of files) {
    if (e.l !== "cpp" || !e.un) continue;
    const rows = e.un.split("\n").map((r) => r.split("\t") as [string, string]);
    e.d.forEach((x, i) => {
      if (x[6] >= 0 || declared.has(x[1]) || !outOfClass(e.d, i, e.l)) return;
      const cls = x[1].slice(0, x[1].lastIndexOf("."));
      const under = new Set(rows.filter(([line, ns]) => Number(line) < x[3] && types.has(`${ns}.${cls}`)).map(([, ns]) => ns));
      const [ns] = under;
      if (under.size !== 1 || !declared.has(`${ns}.${x[1]}`)) return;
      moved.set(`${rel}\u0000${i}`, `${ns}.${x[1]}`);
      keys.add(`${ns}.${x[1]}`);
    });
  }
}

/** C++'s `using namespace x;` lines at column 0 as `line\tx` rows (FileEntry.un), `a::b` as `a.b`. */
export function usingNamespaces(lines: string[]): string {
  const rows: string[] = [];
  lines.forEach((l, i) => {
    const m = l.startsWith("using") ? USING_NAMESPACE.exec(l) : null;
    if (m) rows.push(`${i + 1}\t${m[1]!.replace(/\s+/g, "").split("::").join(".")}`);
  });
  return rows.join("\n");
}
const USING_NAMESPACE = /^using\s+namespace\s+(?:::\s*)?(\w+(?:\s*::\s*\w+)*)\s*;/;

/** The other files' entries of the member `hit` is (its declaration, its definitions out of class), none when it has none. */
export function sameMember(g: GraphModel, hit: [string, number]): [string, number][] {
  const e = g.files.get(hit[0]);
  const x = e?.l === "cpp" ? e.d[hit[1]] : undefined;
  if (!x || !FN.has(x[2])) return [];
  return (g.cppMembers(x[1], hit) ?? []).filter((h) => h[0] !== hit[0]);
}

/** The member `name` of the class keyed `cls` (named `type`) where a file declares it: a callable for a call, else a field first. */
function classMember(g: GraphModel, includes: string[], cls: string, type: string, name: string, call: boolean, loose: boolean): [string, number] | undefined {
  const segs = cls.split(".");
  // (Loose: the class in a namespace the definition's scopes leave out — libstdc++'s inline `__cxx11`, `std.__cxx11.time_get` for `std.time_get`.)
  const same = (k: string) => k === cls || (loose && inOrder(segs, k.split(".")));
  const found: [string, number][] = [];
  for (const t of g.typeFiles(type)) {
    const td = g.files.get(t)?.d;
    if (g.files.get(t)?.l !== "cpp" || !td) continue;
    const idx = preferredMatch(td, (x) => x[0] === name && x[6] >= 0 && TYPE_KINDS.has(td[x[6]]![2]) && td[x[6]]![0] === type && same(td[x[6]]![1]), call, FN);
    if (idx >= 0) found.push([t, idx]);
  }
  // (Several files declaring the class with the member — a specialization, libstdc++'s `vector<bool>` in
  // stl_bvector.h beside stl_vector.h's —: the one the file includes, else none.)
  return found.length === 1 ? found[0] : found.find((h) => includes.includes(h[0]));
}

/** A key segment's type name: a specialization's without its arguments (`vector<bool, _Alloc>` → `vector`). */
function bareType(seg: string): string {
  const i = seg.indexOf("<");
  return i > 0 ? seg.slice(0, i) : seg;
}

/** Whether `few` are `many` with some segments left out (the same first and last). */
function inOrder(few: string[], many: string[]): boolean {
  if (few[0] !== many[0]) return false;
  let j = 0;
  for (const s of many) if (s === few[j]) j++;
  return j === few.length && many[many.length - 1] === few[few.length - 1];
}

/** Another definition out of class in this file of the member `cls.name` (a .tcc's sibling). */
function siblingMember(d: Def[], fn: number, cls: string, name: string, call: boolean): number {
  const q = `${cls}.${name}`;
  return preferredMatch(d, (x, i) => i !== fn && x[1] === q && outOfClass(d, i, "cpp"), call, FN);
}

/** The type names a definition's first line gives (`A::B::f` read as A, B), the one it is keyed by first. */
function scopesOf(d: Def[], fn: number, named: string[]): { types: string[]; own: boolean } {
  const segs = d[fn]![1].split(".");
  const own = outOfClass(d, fn, "cpp") && segs.length > 1;
  const out = new Set(own ? [bareType(segs[segs.length - 2]!)] : []);
  for (const n of named) for (const s of n.split("::")) if (s) out.add(s);
  return { types: [...out], own };
}

/**
 * C++: a bare member (or `this->x`) in a method defined out of its class, the class declared in a file
 * this one includes — the one type named on the method's first line (`onLine`) that declares the member.
 * (The line's names as collected: `UnitTestImpl::PostFlagParsingInit` is one, its scopes read from it, and
 * the class the definition is keyed by first — gtest.cc's bare `ConfigureXmlOutput()` had found none.)
 */
export function outOfLineMembers(g: GraphModel, rel: string, e: FileEntry, fnOwner: Int32Array, recvLines: Map<number, string[]> | undefined) {
  const d = e.d;
  const typeMembers = new Map<string, Map<string, [number, number]> | null>();
  const ownMembers = new Map<string, [string, number] | null>();
  return (name: string, line: number, call: boolean): [string, number] | undefined => {
    const fn = fnOwner[line] ?? -1;
    const named = e.l === "cpp" && fn >= 0 ? recvLines?.get(d[fn]![3]) : undefined;
    // (A template's first line, `template<typename C>`, names none: the class it is keyed by still is one.)
    if (!named) return undefined;
    const onLine = scopesOf(d, fn, named);
    // (A class's own name there is the class — `forward_list<_Tp, _Alloc>::` heading a definition's second line —, not its constructor.)
    if (!onLine.types.length || (onLine.own && onLine.types[0] === name)) return undefined;
    const memberIdx = (t: string, td: Def[], type: string): number => {
      const key = `${t}\u0000${type}`;
      let members = typeMembers.get(key);
      if (members === undefined) {
        const k = td.findIndex((x) => x[0] === type && TYPE_KINDS.has(x[2]));
        typeMembers.set(key, (members = k < 0 ? null : new Map()));
        td.forEach((x, i) => {
          if (x[6] !== k || !members) return;
          const slots = members.get(x[0]) ?? [-1, -1];
          if (slots[FN.has(x[2]) ? 0 : 1] === -1) slots[FN.has(x[2]) ? 0 : 1] = i;
          members.set(x[0], slots);
        });
      }
      const slots = members?.get(name);
      return slots ? prefer(slots[0], slots[1], call) : -1;
    };
    // The class it is keyed by, by key, in any file declaring a type of its name (a header included through another, gtest-string.h's String).
    if (onLine.own) {
      const segs = d[fn]![1].split(".");
      const key = `${segs.slice(0, -1).join(".")}\u0000${name}\u0000${call}`;
      let own = ownMembers.get(key);
      const cls = segs.slice(0, -1).join(".");
      const type = bareType(segs[segs.length - 2]!);
      if (own === undefined) {
        const sibling = siblingMember(d, fn, cls, name, call);
        own = classMember(g, e.i, cls, type, name, call, false) ?? (sibling >= 0 ? [rel, sibling] : classMember(g, e.i, cls, type, name, call, true)) ?? null;
        ownMembers.set(key, own);
      }
      if (own) return own;
    }
    let hit: [string, number] | undefined;
    for (const [n, type] of onLine.types.entries()) {
      if (type === d[fn]![0] && !(n === 0 && onLine.own)) continue;
      for (const t of e.i) {
        const td = g.files.get(t)?.d;
        const idx = td ? memberIdx(t, td, type) : -1;
        if (idx < 0) continue;
        // (The class the definition is keyed by, where it declares the member: no other type on the line can make it ambiguous.)
        if (n === 0 && onLine.own) return [t, idx];
        if (hit && (hit[0] !== t || hit[1] !== idx)) return undefined;
        hit = [t, idx];
      }
    }
    return hit;
  };
}

/**
 * The file whose `name` member stands for all of `files`' when they are one C++ member — its declaration
 * in the class and its definitions out of class (one key, one name per file) —: the declaration's.
 */
export function oneMemberFile(g: GraphModel, files: Set<string>, name: string): string | undefined {
  let q: string | undefined;
  let decl: string | undefined;
  for (const t of files) {
    const e = g.files.get(t);
    if (e?.l !== "cpp") return undefined;
    for (let i = 0; i < e.d.length; i++) {
      const x = e.d[i]!;
      const inType = x[6] >= 0 && TYPE_KINDS.has(e.d[x[6]]![2]);
      if (x[0] !== name || !(inType || outOfClass(e.d, i, e.l))) continue;
      // (A template's primary and specializations, `vector` and `vector<bool, _Alloc>`, one: cppTargets says whose the use is.)
      const k = templateKey(g.cppIndex().moved.get(`${t}\u0000${i}`) ?? x[1]);
      if (k !== (q ??= k) || !FN.has(x[2])) return undefined;
      if (inType) decl ??= t;
    }
  }
  const keys = new Set(q === undefined ? [] : [q, ...(g.cppIndex().family.get(q) ?? []).map((h) => g.files.get(h[0])!.d[h[1]]![1])]);
  const same = [...keys].flatMap((k) => g.cppMembers(k) ?? []);
  return same.length && [...files].every((t) => same.some((h) => h[0] === t)) ? (decl ?? [...files][0]) : undefined;
}
