/**
 * Identifier occurrences → definitions, cheaply and with a stated confidence:
 *   exact          a name declared at the top of the same file (or in its namespaces: C#, C++; or of
 *                  another file of its package: Go; Java, Kotlin, C# namespaces — same-package.ts)
 *   receiver-type  `this.x` / `self.x` inside a type that declares member x (in its other blocks too:
 *                  Rust impls, Swift extensions), or a bare `x` there where the language names members
 *                  without `this` (Java, C#, Kotlin, Swift, C++, Scala, Ruby, Dart: visibility.ts)
 *   import         a name exported by a file this one imports (one re-export hop followed)
 *   name-only      a name exported (or a member declared, not one the language's own types carry:
 *                  builtin-members.ts) by exactly one file in the project, used
 *                  by a file that does not bind the name itself (bindings.ts: an import from outside
 *                  the project, a declaration, a parameter or destructured local of that name)
 * Keys (`{ os: 1 }`) are not references, but one of a TS object a declaration types is its type's member.
 * Locals that shadow a top-level name of the same file or of an imported one are not told apart: this is
 * a syntax graph, not a type checker.
 */
import type { GraphModel } from "./model.js";
import { eachOccurrence } from "./occ.js";
import { fileScope, functionLocal, IMPLICIT_SELF } from "./visibility.js";
import { exportedBy, importAt, importLineNames, reexported, uniqueExportedDef, uniqueMemberDef } from "./name-only.js";
import { declarationOf, defaultImport } from "./default-imports.js";
import { ownReexport, sharedOf, typeAround } from "./model-helpers.js";
import { chainMember, keyMember, moduleMember, returnedMember } from "./module-members.js";
import { CALL_TYPED } from "./call-chains.js";
import { DEF_ALIAS, DEF_REEXPORT, OCC_BIND, OCC_CALL, OCC_EXTENDS, OCC_FLAGS, OCC_IMPORT, OCC_KEY, OCC_ARITY_SHIFT, OCC_MEMBER, OCC_PKG, OCC_SELF, OCC_SHIFT, RELATION_RANK, TOP_LEVEL, type Confidence, type Def, type FileEntry, type Relation } from "./types.js";
import { useKey } from "../use-key.js";
import { goFieldMember, goOwnTypeMember, goPackageName, goTwin, goTypedMember } from "./go-package.js";
import { COMPANION, FOREIGN, qualifiedMember, qualifierIndex } from "./qualified.js";
import { otherPartOrInherited } from "./partial.js";
import { orExtension, writtenOn } from "./kotlin-extensions.js";
import { cppTargets, outOfLineMembers } from "./cpp-members.js";
import { overloadUseKeys, ownUseKey } from "./overload-keys.js";
import { prefer, TYPE_KINDS } from "./util.js";
import { namedThroughMember, PATHS, VALUE_MEMBERS } from "./value-members.js";
import { rustPathTarget } from "./rust-paths.js";
import { boundAt } from "./bound-in.js";

export interface Link {
  /** Target file and the qualified name of the definition there. */
  tgt: string;
  q: string;
  line: number;
  /** Enclosing symbol in the source file (qualified), or `(top level)`. */
  sym: string;
  relation: Relation;
  conf: Confidence;
}

const FN = new Set(["function", "method", "constructor"]);
/** Languages whose modules name what they import, one by one (no wildcard brings a bare name in). */
const ES_MODULES = new Set(["typescript", "tsx", "javascript"]);
/** Languages whose capitalized name heading `X.y` / `X::y` is a type or namespace (qualified.ts). */
const STATIC_TYPES = new Set(["java", "kotlin", "csharp", "rust", "swift", "cpp", "c", "scala", "dart", "php"]);

export function linkFile(g: GraphModel, rel: string, e: FileEntry): { links: Link[]; fanout: Record<string, number> } {
  const d = e.d;
  // (The argument count of the call being linked, -1 unknown: which overload it calls, overload-keys.ts.)
  let arity = -1;
  const topLocal = new Map<string, number>();
  const defLines = new Map<string, number[]>();
  let maxLine = 0;
  const occ = e.o;
  // The names on the first line of each method whose type another file declares: Go's receiver
  // (goPackageMember: `func (s *Server) Start()` in handler.go, Server in server.go), C++'s out-of-line
  // definition (outOfLineMember: `void Buffer::Push(int v)` in buf.cc, Buffer in buf.h).
  const cpp = e.l === "cpp";
  const outOfType = (x: Def) => (e.l === "go" ? x[2] === "method" && x[6] === -1 : cpp && (x[2] === "method" || x[2] === "constructor") && !(x[6] >= 0 && TYPE_KINDS.has(d[x[6]]![2])));
  const recvLines = e.l === "go" || cpp ? new Map(d.filter(outOfType).map((x) => [x[3], [] as string[]])) : undefined;
  eachOccurrence(e, (name, _count, at, kept) => {
    for (let k = at; k < at + kept; k++) {
      const line = occ[k]! >> OCC_SHIFT;
      maxLine = Math.max(maxLine, line);
      recvLines?.get(line)?.push(name);
    }
  });
  for (const x of d) maxLine = Math.max(maxLine, x[4]);
  // line → innermost declaration (any kind / function-like / type-like): preorder, so inner ones overwrite.
  const owner = new Int32Array(maxLine + 1).fill(-1);
  const fnOwner = new Int32Array(maxLine + 1).fill(-1);
  const typeOwner = new Int32Array(maxLine + 1).fill(-1);
  // Members by owner → name → [a callable's index, another's] (-1: none), and types by name, for members
  // named by a type's code.
  const memberOf = new Map<number, Map<string, [number, number, number]>>();
  const typesNamed = new Map<string, number[]>();
  d.forEach((x, i) => {
    // (Not a re-export, `export type { X } from "./types"`: the file's own uses of X are of what its
    // import names, types.ts's X — the re-export's entry had taken them, the declaration reading unused.)
    // (Nor a JS/TS export's public name, `export type { _Array as Array }`: no local of the file — its `Array` is the global.)
    if (fileScope(d, i, e.l) && !topLocal.has(x[0]) && !(x[5] & DEF_REEXPORT) && !(x[5] & DEF_ALIAS && ES_MODULES.has(e.l))) topLocal.set(x[0], i);
    // (A field and a method of one name — Java's `request` — each found by its own use: a call or not.
    // A constructor apart: `this.constructor` names it, a bare `ThreadPoolExecutor` in its nested class is the type.)
    if (x[6] >= 0) {
      let byName = memberOf.get(x[6]);
      if (!byName) memberOf.set(x[6], (byName = new Map()));
      let slots = byName.get(x[0]);
      if (!slots) byName.set(x[0], (slots = [-1, -1, -1]));
      const slot = x[2] === "constructor" ? 2 : FN.has(x[2]) ? 0 : 1;
      if (slots[slot] === -1) slots[slot] = i;
    }
    if (TYPE_KINDS.has(x[2])) {
      const same = typesNamed.get(x[0]);
      if (same) same.push(i);
      else typesNamed.set(x[0], [i]);
    }
    const lines = defLines.get(x[0]);
    if (lines) lines.push(x[3]);
    else defLines.set(x[0], [x[3]]);
    const fn = FN.has(x[2]);
    const ty = TYPE_KINDS.has(x[2]);
    // (An alias, `export { Schema as ZodSchema }`, holds none of the lines: Schema's `this._def` had found no Schema around it.)
    if (x[5] & DEF_ALIAS) return;
    for (let l = x[3]; l <= x[4] && l <= maxLine; l++) {
      owner[l] = i;
      if (fn) fnOwner[l] = i;
      if (ty) typeOwner[l] = i;
    }
  });
  // A member of type `cls` — or of another block of it in this file: Rust's impls, Swift's extensions, C#'s partial classes (other files': partial.ts, Swift's extensions too).
  const memberIn = (t: number, name: string, call: boolean, ctor: boolean): number | undefined => {
    const slots = memberOf.get(t)?.get(name);
    if (!slots) return undefined;
    const idx = prefer(slots[0], slots[1], call);
    return idx >= 0 ? idx : ctor && slots[2] >= 0 ? slots[2] : undefined;
  };
  const memberOfType = (cls: number, name: string, call: boolean, ctor = false): number => {
    const own = memberIn(cls, name, call, ctor);
    if (own !== undefined) return own;
    for (const t of typesNamed.get(d[cls]![0]) ?? []) {
      const idx = t === cls ? undefined : memberIn(t, name, call, ctor);
      if (idx !== undefined) return idx;
    }
    return -1;
  };
  // A bare name inside a type's code, where the language lets a member go without `this` (visibility.ts):
  // the members of the types around it, innermost first, by parents (C++'s out-of-class bodies too).
  const implicitSelf = IMPLICIT_SELF.has(e.l);
  const goReceiver = e.l === "go";
  const enclosingMember = (name: string, line: number, call: boolean): number => {
    for (let j = owner[line] ?? -1; j >= 0; j = d[j]![6]) {
      if (!TYPE_KINDS.has(d[j]![2])) continue;
      const idx = memberOfType(j, name, call);
      if (idx >= 0) return idx;
    }
    return -1;
  };
  // A bare name in a function declaring a helper or binding of it (`push(p)`, `function push`): that one, innermost first (functionLocal).
  const enclosingLocal = (name: string, line: number): number => {
    for (let j = owner[line] ?? -1; j >= 0; j = d[j]![6]) {
      const slots = FN.has(d[j]![2]) ? memberOf.get(j)?.get(name) : undefined;
      for (const k of slots ?? []) if (k >= 0 && functionLocal(d, k)) return k;
    }
    return -1;
  };
  // A bare name there that no enclosing type declares: one a type inherits, innermost type first
  // (`log("run")` in `Worker extends Base` is Base's `log`).
  const inheritedByName = new Map<string, [string, number] | undefined>();
  const enclosingInherited = (name: string, line: number, call: boolean): [string, number] | undefined => {
    for (let j = owner[line] ?? -1; j >= 0; j = d[j]![6]) {
      if (!TYPE_KINDS.has(d[j]![2])) continue;
      const key = `${j}\t${name}${call ? "()" : ""}`;
      if (!inheritedByName.has(key)) inheritedByName.set(key, otherPartOrInherited(g, rel, e, j, name, call) ?? undefined);
      const hit = inheritedByName.get(key);
      if (hit) return hit;
    }
    return undefined;
  };
  // Go: a method's receiver type declared in another file of its package (`s.ln` in handler.go's
  // `func (s *Server) Start()`, Server in server.go) — its field, or its method in any file there.
  // The receiver type is the one name on the method's first line (its parameter and result types are
  // there too) whose type in the package declares the member; none, or more than one: no link.
  const goSibling = new Map<string, [string, number] | null>();
  const goPackageMember = (name: string, line: number, call: boolean): [string, number] | undefined => {
    const fn = fnOwner[line] ?? -1;
    const onLine = fn >= 0 ? recvLines?.get(d[fn]![3]) : undefined;
    if (!onLine?.length) return undefined;
    const key = `${d[fn]![3]}\u0000${name}${call ? "()" : ""}`;
    let hit = goSibling.get(key);
    if (hit === undefined) {
      hit = null;
      const pkg = g.goPackage(rel);
      // (A method of this file on the same receiver: `s.Start()` in Stop, both in handler.go.)
      const types = onLine.filter((t) => pkg.get(t)?.some((a) => a[1] >= 0));
      const mine = call ? d.findIndex((x, i) => x[0] === name && i !== fn && recvLines!.get(x[3])?.some((t) => types.includes(t))) : -1;
      for (const t of mine >= 0 ? [] : onLine) {
        const slots = t === d[fn]![0] ? undefined : goTwin(pkg.get(`${t}.${name}`), rel);
        const idx = slots ? prefer(slots[2], slots[1], call) : -1;
        if (idx < 0) continue;
        if (hit) {
          hit = null;
          break;
        }
        hit = [slots![0], idx];
      }
      if (mine >= 0) hit = [rel, mine];
      goSibling.set(key, hit);
    }
    return hit ?? undefined;
  };
  // C++: a bare member in a method defined out of its class, the class in a file this one includes (cpp-members.ts).
  const outOfLineMember = outOfLineMembers(g, rel, e, fnOwner, recvLines);
  // A member's qualifiers by line and name (FileEntry.gt): Go's declared type of the value before a selector
  // or (`@`) the package's folder name; elsewhere a capitalized type or namespace name (`^`: heading the chain; qualified.ts).
  let qualifiers: Map<string, string[]> | undefined;
  const qualifiersAt = (line: number, name: string, pkg = false) => (qualifiers ??= qualifierIndex(e.gt)).get(`${pkg ? "@" : ""}${line}\t${name}`);
  // (Go: one per line and name, else none.)
  const qualifierAt = (line: number, name: string, pkg: boolean): string | undefined => {
    const list = qualifiersAt(line, name, pkg);
    return list?.length === 1 ? list[0] : undefined;
  };
  // Names this file can see through its imports: exports of each imported file, then of the files a barrel
  // re-exports (barrels of barrels too), first hit wins in import order; a re-export's entry stands for the
  // declaration it names (name-only.ts reexported). Barrels' names are indexed once per link pass (GraphModel.barrelScope).
  const fromImports = (name: string): [string, number] | undefined => reexported(g, fromImportsAt(name));
  const fromImportsAt = (name: string): [string, number] | undefined => {
    for (const t of e.i) {
      const idx = g.exportsOf.get(t)?.get(name);
      if (idx !== undefined) return [t, idx];
    }
    for (const t of e.i) {
      const u = g.barrelOf(t)?.get(name);
      if (u === undefined) continue;
      if (u !== rel) return [u, g.exportsOf.get(u)!.get(name)!];
      // The barrel's first file exporting the name is this one: the next one along, if any.
      for (const v of g.files.get(t)?.i ?? []) {
        if (v === rel) continue;
        const idx = g.exportsOf.get(v)?.get(name);
        if (idx !== undefined) return [v, idx];
      }
    }
    return undefined;
  };
  // A name on an import line: the file that statement imports — the first specifier at or after the
  // line (a statement's names come before its `from`), within a few lines — when it exports the name.
  const il = e.il;
  const fromImportAt = (name: string, line: number): [string, number] | undefined => reexported(g, fromImportLine(name, line));
  const fromImportLine = (name: string, line: number): [string, number] | undefined => {
    const t = il ? importAt(e, line) : undefined;
    // (`import MyStore from "./a.js"`: the module's default value, under a name of its own.)
    const hit = t === undefined ? undefined : (exportedBy(g, t, name) ?? defaultImport(g, e, qualifiersAt(line, `=${name}`), line));
    return hit && hit[0] !== rel ? hit : undefined;
  };
  // JS/TS members through a module an import statement binds: `z.boolean()`, `z.string().min()` (module-members.ts).
  const fromRoot = (line: number, name: string) => moduleMember(g, e, il ? qualifierAt(line, name, true) : undefined, name);
  const fromReturned = (line: number, name: string, call: boolean) => returnedMember(g, e, il ? qualifierAt(line, name, true) : undefined, name, call);
  // A function a bare call names: the file's own, else the one its import statement names (Kotlin: else one another file of its package declares).
  let importLines: Map<string, number> | undefined;
  const calledFn = (f: string): [string, number] | undefined => topLocal.has(f) ? [rel, topLocal.get(f)!] : (((l) => (l === undefined ? undefined : fromImportAt(f, l)))((importLines ??= importLineNames(e)).get(f)) ?? (e.l === "kotlin" ? g.samePackage(rel, e, f) : undefined));
  const uniqueExported = (name: string) => reexported(g, uniqueExportedDef(g, rel, e, name));
  const uniqueMember = (name: string) => uniqueMemberDef(g, e, name);
  const best = new Map<string, Link>();
  const fan = new Map<number, Set<string>>();
  eachOccurrence(e, (name, _count, at, kept) => {
    const sites = defLines.get(name);
    // Resolution depends on the name and the access form, not the line: resolve each form once.
    let plain: [[string, number] | undefined, Confidence] | undefined;
    let member: [[string, number] | undefined, Confidence] | undefined;
    // A file binding the name itself means its own binding by it, not another file's definition.
    let bound = false;
    for (let k = at; k < at + kept && !bound; k++) bound = (occ[k]! & OCC_BIND) !== 0;
    // JS/TS: a bare name is another module's only where an import statement of the file names it (a
    // parameter `issue` is no use of util.ts's `issue` because the file imports `other` or `* as util` from it).
    let named = !ES_MODULES.has(e.l);
    for (let k = at; k < at + kept && !named; k++) named = (occ[k]! & OCC_IMPORT) !== 0;
    // A bare name a function binds itself (a parameter, a local) is no member there: `void resize(int
    // size) { grow(size); }` does not use the field `size`. (bindings.ts: the languages with binding marks.)
    // (Swift: a type's generic parameter too, in all the type's code — bound-in.ts.)
    const boundIn = (line: number): boolean => bound && boundAt(e.l, d, owner, fnOwner, occ, at, kept, line);
    // The file the name's own import statement names (`import { run } from "./a.js"`): its uses are
    // that file's, not the first imported file's that exports a `run` too.
    let via: [string, number] | undefined;
    if (il && !topLocal.has(name)) for (let k = at; k < at + kept && !via; k++) if (occ[k]! & OCC_IMPORT) via = fromImportAt(name, occ[k]! >> OCC_SHIFT);
    const imported = (n: string) => via ?? fromImports(n);
    for (let k = at; k < at + kept; k++) {
      const enc = occ[k]!;
      const line = enc >> OCC_SHIFT;
      const flags = enc & OCC_FLAGS;
      arity = ((enc >> OCC_ARITY_SHIFT) & 15) - 1;
      // (Not a module's member, `static toFile = Uploads.toFile`, nor a Python value's, `encode = _obj.encode`, nor a re-export's name, `export { toFile } from`: an import.)
      if (sites?.includes(line) && !(flags & OCC_PKG && !PATHS.has(e.l)) && !(e.l === "python" && (flags & (OCC_MEMBER | OCC_SELF)) === OCC_MEMBER) && !(flags & OCC_IMPORT && d.some((x) => x[3] === line && x[0] === name && x[5] & DEF_REEXPORT))) continue;
      // (A key, `{ os: 1 }`, is no reference — but of a TS object whose type is known, its type's member, a shorthand one's too: module-members.ts keyMember.)
      ((h) => h && record(h, "receiver-type", flags, line))(keyMember(g, rel, e, qualifiersAt(line, `${flags & OCC_KEY ? "{" : "}"}${name}`), name, calledFn));
      if (flags & OCC_KEY) continue;
      let hit: [string, number] | undefined;
      let path: [string, number] | null | undefined;
      let conf: Confidence;
      let own = false; // (found in its own class's code — a C++ specialization's member stays its own: cpp-members.ts cppTargets)
      // (Go: the other typed values' members on the line, linked beside `hit`.)
      let also: ([string, number] | null)[] | undefined;
      // (Go: `s.x` on the method's receiver, named as the method names it — `lis.Close()` in Server's
      // method is not Server.Close.)
      const goSelf = goReceiver && flags & OCC_SELF && !(flags & OCC_IMPORT);
      // `Util.parse(…)`: the member of the type or namespace it names; none in the project, where the
      // name heads the chain in a language whose capitalized names there are types: no link
      // (`Vec::new()`, `Math.max`) — elsewhere a value may be (Python's `HandlerClass.x`, a JS namespace import).
      // (Several on one line, `Util.parse(a) + Other.parse(b)`: each its link.)
      const quals = !goReceiver && (flags & (OCC_MEMBER | OCC_SELF | OCC_IMPORT)) === OCC_MEMBER ? qualifiersAt(line, name) : undefined;
      const resolved = (quals ?? []).map((q) => {
        // (What a bare call returns, `makeStore().get()`: the file's function or the one its import names; a field's or a call's type's member.)
        let via = chainMember(g, rel, q, name, (flags & OCC_CALL) !== 0, calledFn);
        // (Kotlin: a call no class's member answers, `defaultClient()` in a class, `c.extra()`: a top-level function's, an extension's.)
        if (via === undefined && e.l === "kotlin" && q[1] !== "#" && q.includes("#")) via = chainMember(g, rel, `^#${q.slice(q.indexOf("#") + 1)}`, name, (flags & OCC_CALL) !== 0, calledFn);
        // (Java, C#: a call on a type no project file declares, `Executors.newCachedThreadPool().submit()`, gives another library's —
        // Kotlin's may be a project extension function's receiver, `getDynamic(i).recycle {}`: unknown, and so may a C# extension
        // method of that name, `services.AddA().AddB()`: kotlin-extensions.ts.)
        if (via === undefined && e.l !== "kotlin" && CALL_TYPED.has(e.l) && q[1] !== "#" && !g.typeFiles(q.slice(1, q.indexOf("#"))).length && !(e.l === "csharp" && g.typeFiles(`~${name}`).length)) return null;
        if (via !== false) return via;
        // (Kotlin: `Foo.bar()` through the class is its companion's `bar`, `foo.bar()` the class's own — collect.ts COMPANION rows.)
        const companion = e.l === "kotlin" && q[0] === "^" ? (qualifiersAt(line, `${COMPANION}${name}`)?.includes(`${COMPANION}${q.slice(1)}`) ?? false) : undefined;
        const r = orExtension(qualifiedMember(g, rel, e, q.slice(1), name, (flags & OCC_CALL) !== 0, undefined, line, companion), g, e, q.slice(1), name, (t) => writtenOn(e, t, line));
        // (Elsewhere a project type's member that only another library's supertype can give: none either.)
        return r === null && !(q[0] === "^" && (STATIC_TYPES.has(e.l) || q[1] === FOREIGN || g.typeFiles(q.slice(1)).length)) ? undefined : r;
      });
      // (Java, C#, Kotlin: a call's result of no known type leaves the line's other qualifiers their say — `b.map().putAll(h.systemHeaders().map())`.)
      const known = CALL_TYPED.has(e.l) ? resolved.filter((r, i) => r !== undefined || !quals![i]!.includes("#")) : resolved;
      const qualified = known.length && known.every((r) => r !== undefined) ? (known.find((r) => r) ?? null) : undefined;
      const implicit = (implicitSelf && !(flags & (OCC_SELF | OCC_MEMBER | OCC_IMPORT)) && !boundIn(line)) || goSelf ? enclosingMember(name, line, (flags & OCC_CALL) !== 0) : -1;
      const local = flags & (OCC_SELF | OCC_MEMBER | OCC_IMPORT) ? -1 : enclosingLocal(name, line);
      if (local >= 0) {
        [hit, conf, own] = [[rel, local], "exact", true];
      } else if (flags & OCC_SELF && !goReceiver) {
        const cls = typeOwner[line] ?? -1;
        const idx = cls < 0 ? -1 : memberOfType(cls, name, (flags & OCC_CALL) !== 0, true);
        // (Else one the type inherits: `this.speak()` in Dog is Animal's.)
        if (idx < 0 && !(hit = outOfLineMember(name, line, (flags & OCC_CALL) !== 0) ?? (cls < 0 ? undefined : (otherPartOrInherited(g, rel, e, cls, name, (flags & OCC_CALL) !== 0) ?? undefined)))) continue;
        [hit, conf, own] = [hit ?? [rel, idx], "receiver-type", true];
      } else if (implicit >= 0) {
        [hit, conf, own] = [[rel, implicit], "receiver-type", true];
      } else if (implicitSelf && !goReceiver && !(flags & (OCC_SELF | OCC_MEMBER | OCC_IMPORT)) && !topLocal.has(name) && !boundIn(line) && (hit = enclosingInherited(name, line, (flags & OCC_CALL) !== 0))) {
        [conf, own] = ["receiver-type", true];
      } else if (cpp && !(flags & (OCC_SELF | OCC_MEMBER | OCC_IMPORT)) && !boundIn(line) && (hit = outOfLineMember(name, line, (flags & OCC_CALL) !== 0))) {
        [conf, own] = ["receiver-type", true];
      } else if (goSelf) {
        [hit, conf] = [goPackageMember(name, line, (flags & OCC_CALL) !== 0) ?? goOwnTypeMember(g, rel, e, owner[line] ?? -1, name, (flags & OCC_CALL) !== 0), "receiver-type"];
      } else if (goReceiver && flags & OCC_MEMBER && !(flags & OCC_IMPORT)) {
        // Go: `http.Error` is a package's — the imported project package's, else (no go.mod to resolve
        // it) the one project folder of that name's, never a member (`io.Discard` is no Reader.Discard),
        // nothing when none (`reflect.Slice`); a value whose type its function declares (`r *Request`:
        // `r.URL`) is that type's; another value's (`err.Error()`) a member by name, never a
        // package-level function (`func Error`). (go-package.ts.)
        // Each typed value on the line its link (`client.request.ServiceMethod = call.ServiceMethod`: a
        // field's type, `Client#request`, and a parameter's, `Call`); a member by name when none is known.
        const typed = flags & OCC_PKG ? qualifierAt(line, name, true) : undefined;
        const known = flags & OCC_PKG ? [] : (qualifiersAt(line, name) ?? []).map((q) => (q.includes("#") ? goFieldMember : goTypedMember)(g, rel, e.i, q, name, (flags & OCC_CALL) !== 0)).filter((h) => h !== undefined);
        if (flags & OCC_PKG) [hit, conf] = goPackageName(g, rel, e.i, typed?.startsWith("@") ? typed.slice(1) : undefined, name) ?? [undefined, "name-only"];
        else if (known.length) [hit, conf, also] = [known.find((h) => h) ?? undefined, "receiver-type", known];
        else [hit, conf] = [uniqueMember(name), "name-only"];
      } else if (qualified !== undefined) {
        [hit, conf] = [qualified ?? undefined, "receiver-type"];
      } else if (flags & OCC_MEMBER && flags & OCC_IMPORT) {
        // A segment of an import's path (`import static a.b.RedirectFilter.X;`, `from a.b import c`): the
        // file it imports, or nothing — a name-only member link there had made it a constructor's use.
        [hit, conf] = [fromImports(name), "import"];
      } else if (flags & OCC_MEMBER && ES_MODULES.has(e.l)) {
        // JS/TS: a member of a value — no module (`schema.safeParse()` is no use of parse.ts's export
        // `safeParse`) — is a member by name alone; of a module an import binds (`z.string()`), that
        // module's export, else the one file's of that name, never a class member (zod's Mocker.string).
        // (Through the import that binds the chain's root, `z` of `z.boolean()`: not another import's `boolean`.)
        const viaRoot = flags & OCC_PKG ? fromRoot(line, name) : undefined;
        if (viaRoot === false) continue; // (another library's module: `fs.readFile()` is no project function's use)
        const returned = flags & OCC_PKG ? undefined : fromReturned(line, name, (flags & OCC_CALL) !== 0);
        if (returned === null) continue;
        const h = viaRoot !== undefined ? (viaRoot ?? undefined) : flags & OCC_PKG ? fromImports(name) : undefined;
        [hit, conf] = returned ? [returned, "receiver-type"] : h ? [h, "import"] : [flags & OCC_PKG ? uniqueExported(name) : uniqueMember(name), "name-only"];
      } else if (flags & OCC_MEMBER && flags & OCC_PKG && e.l === "rust" && (path = rustPathTarget(g, rel, e, qualifierAt(line, name, true), name)) !== undefined) {
        // A Rust path through a module (`de::Error`: the file `de` is; `fmt::Error`: the standard library's, none; rust-paths.ts).
        if (!path) continue;
        [hit, conf] = [reexported(g, path), "import"];
      } else if (flags & OCC_MEMBER) {
        // (Python: a member of a value, `self._popen.wait()`, is no imported module's function: a class member by name alone; nor in Swift, Kotlin, Java, C#, C, C++, Rust but a type by a path, a `::` path's, an extension: value-members.ts.)
        [hit, conf] = e.l === "python" && !(flags & OCC_PKG) ? [uniqueMember(name), "name-only"] : (member ??= ((h) => (h ? [h, "import"] : [uniqueExported(name) ?? uniqueMember(name), "name-only"]))(fromImports(name)) as [[string, number] | undefined, Confidence]);
        if (hit && VALUE_MEMBERS.has(e.l) && !namedThroughMember(g, e, hit, flags, quals)) [hit, conf] = [uniqueMember(name), "name-only"];
      } else if (flags & OCC_IMPORT && il && !topLocal.has(name) && fromImportAt(name, line)) {
        // (Each import line its own file: a barrel's `export { default as ar } from "./ar.js"` lines.)
        [hit, conf] = [fromImportAt(name, line), "import"];
      } else {
        plain ??= (() => {
          const local = topLocal.get(name);
          if (local !== undefined) return [[rel, local], "exact"];
          // Go: a package-level name of another file of the package (its folder), exported or not —
          // `NewRequest(…)` in net/http's tests is net/http's, not httptest's of the same name.
          const pkg = goReceiver ? goTwin(g.goPackage(rel).get(name), rel) : undefined;
          const pkgIdx = pkg ? prefer(pkg[2], pkg[1], true) : -1;
          if (pkgIdx >= 0 && !bound) return [[pkg![0], pkgIdx], "exact"];
          const h = named ? imported(name) : undefined;
          // (Java, Kotlin, C#: a name another file of the package or namespace declares needs no import — same-package.ts.)
          const inPkg = h || bound ? undefined : g.samePackage(rel, e, name);
          // (Then a package an `import a.b.*` names.)
          const star = h || inPkg || bound ? undefined : g.starImported(e, name);
          return h || star ? [h ?? star, "import"] : inPkg ? [inPkg, "exact"] : [bound ? undefined : uniqueExported(name), "name-only"];
        })() as [[string, number] | undefined, Confidence];
        // (In a function binding a local of the name, `const realpath = spec.fetchSpec`, it is that local's, not the import's.)
        if (plain[1] === "import" && !(flags & OCC_IMPORT) && boundIn(line)) continue;
        [hit, conf] = plain;
      }
      if (hit) record(hit, conf!, flags, line, name, own);
      for (const r of qualified ? resolved : (also ?? [])) if (r && r !== hit) record(r, "receiver-type", flags, line);
    }
  });
  /** Keep a use of `hit` on `line`, the surest and earliest per target, using symbol and relation. */
  function record(found: [string, number], conf: Confidence, flags: number, line: number, name?: string, own = false): void {
    // (An alias, `export { h as createElement }`: the declaration's use — no report entry has the alias's name;
    // not by name alone: a global `Array` is no use of the SDK's `_Array as Array`.)
    const hit = conf === "name-only" ? found : declarationOf(found[0] === rel ? d : g.files.get(found[0])?.d, found);
    const tgtDef = hit[0] === rel ? d[hit[1]] : g.files.get(hit[0])?.d[hit[1]];
    if (!tgtDef) return;
    // (A supertype's use is its declaration's, not a member's on the same line: Kotlin's `class A(val x: X) : B()`.)
    // (A name re-exported on a line of several, `export { A, B } from "./x"`: its own entry's use — model-helpers.ts ownReexport.)
    const encl = (flags & OCC_IMPORT ? ownReexport(d, line, name) : undefined) ?? (flags & OCC_EXTENDS ? typeAround(d, owner[line] ?? -1) : (owner[line] ?? -1));
    // (A use under the enclosing symbol's own key read as recursion: a TS interface and the value merged
    // with it. A field used in the method of its name is kept apart by use-key.ts and stays.)
    // (An overload calling another of another parameter count, `f(a) { return f(a, 0); }`, uses it: overload-keys.ts.)
    const tgtEntry = hit[0] === rel ? e : g.files.get(hit[0])!;
    const tq = useKey(tgtDef[1], tgtDef[2], sharedOf(tgtEntry.d));
    const keys = overloadUseKeys(tgtEntry, hit[1], tq, arity);
    // (Recursion or a mention inside its own declaration: no use — but an overload's call of another, by its count, is one.)
    const self = hit[0] === rel && encl >= 0 && d[encl]![1] === tgtDef[1] && keys.includes(ownUseKey(e, encl, useKey(d[encl]![1], d[encl]![2], sharedOf(d))));
    if (self) return;
    // A Go method's first line naming its own type is its receiver, `func (s *Server) Start()`: where it
    // belongs, not a use (6 of Proxy's 7 "uses" in a Go file). (A TS method returning its class is one.)
    if (goReceiver && hit[0] === rel && encl >= 0 && d[encl]![6] === hit[1] && line === d[encl]![3] && !(flags & OCC_CALL)) return;
    const relation: Relation = flags & OCC_IMPORT ? "import" : flags & OCC_EXTENDS ? "extends" : flags & OCC_CALL ? "call" : "reference";
    const sym = encl < 0 ? TOP_LEVEL : d[encl]![1];
    // (A C++ member's declaration and its definitions out of class in other files are one member: each keeps the use, under its
    // own key there — a definition written under `using namespace` keeps one —; a specialization's, the primary's: cpp-members.ts.)
    // (A C++ use's template arguments, `Hasher<lib::Key>::go`: a specialization for them is the one meant — cpp-specs.ts.)
    for (const [tgt, i] of cpp || g.files.get(hit[0])?.l === "cpp" ? cppTargets(g, hit, own, rel, d, encl, e.l === "cpp" ? qualifiersAt(line, `<${tgtDef[0]}`)?.[0]?.slice(1) : undefined) : [hit]) {
      if (tgt === rel && i === encl && !(tgt === hit[0] && i === hit[1])) continue;
      const other = tgt === hit[0] && i === hit[1] ? undefined : tgt === rel ? e : g.files.get(tgt)!;
      for (const q of other ? overloadUseKeys(other, i, useKey(other.d[i]![1], other.d[i]![2], sharedOf(other.d)), arity) : keys) {
        const key = `${tgt}\u0000${q}\u0000${encl}`; // (each overload its use: `newScheduledThreadPool(int)` and `(int, ThreadFactory)`)
        const prev = best.get(key);
        if (!prev || RELATION_RANK[relation]! < RELATION_RANK[prev.relation]! || (relation === prev.relation && line < prev.line)) best.set(key, { tgt, q, line, sym, relation, conf });
      }
    }
    // Fanout counts distinct project callees (type mentions and reads are not calls).
    if (relation === "call") {
      const fn = fnOwner[line] ?? -1;
      if (fn >= 0) (fan.get(fn) ?? fan.set(fn, new Set()).get(fn)!).add(`${hit[0]}\u0000${keys[0]}`);
    }
  }
  // An import statement adds nothing when the same file also uses the name.
  const used = new Set<string>();
  for (const l of best.values()) if (l.relation !== "import") used.add(`${l.tgt}\u0000${l.q}`);
  const links = [...best.values()].filter((l) => l.relation !== "import" || !used.has(`${l.tgt}\u0000${l.q}`));
  const fanout: Record<string, number> = Object.create(null);
  for (const [i, set] of fan) fanout[ownUseKey(e, i, useKey(d[i]![1], d[i]![2], sharedOf(d)))] = set.size;
  return { links, fanout };
}
