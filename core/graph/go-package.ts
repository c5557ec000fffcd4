/**
 * A Go package is its folder: a method's receiver type, and the type's other methods, may be declared
 * in any file of it (link.ts: `s.ln` in handler.go's `func (s *Server) Start()`, Server in server.go).
 * Files of one package may declare a name twice under build tags (fd_unix.go's and fd_plan9.go's
 * `netFD`): each file's declaration is kept, and a using file takes its own tag's.
 */
import type { Node } from "web-tree-sitter";
import type { FileEntry } from "./types.js";
import { prefer, TYPE_KINDS } from "./util.js";
import { fieldTypeIn, supertypesIn } from "./supertypes.js";

/** Qualified name → per declaring file [file, a non-callable's index, a callable's index] (-1: none). */
export type GoPackage = Map<string, [string, number, number][]>;

/** A folder holding no Go file. */
export const NO_PACKAGE: GoPackage = new Map();

/**
 * The definitions of every folder's Go files, by folder (root-relative, ending in `/`, or "" for the
 * root): one pass over the files for all packages (a pass per package was packages × files).
 */
export function goPackageDefs(files: Map<string, FileEntry>): Map<string, GoPackage> {
  const byDir = new Map<string, GoPackage>();
  for (const [r, e] of files) {
    if (e.l !== "go") continue;
    const dir = r.slice(0, r.lastIndexOf("/") + 1);
    let defs = byDir.get(dir);
    if (!defs) byDir.set(dir, (defs = new Map()));
    e.d.forEach((x, i) => {
      // (A method whose type is in another file is keyed by its owner, `Template.Execute` (parse-file.ts
      // goOwner): a member of the package's type. One without an owner is no package-level name.)
      if (x[2] === "method" && x[6] === -1 && !x[1].includes(".")) return;
      let all = defs!.get(x[1]);
      if (!all) defs!.set(x[1], (all = []));
      let slots = all.find((a) => a[0] === r);
      if (!slots) all.push((slots = [r, -1, -1]));
      const k = x[2] === "method" || x[2] === "function" ? 2 : 1;
      if (slots[k] === -1) slots[k] = i;
    });
  }
  return byDir;
}

/** The packages of folders whose last element is `name` (by name, memoized per packages map). */
export function goPackagesNamed(byDir: Map<string, GoPackage>, name: string): GoPackage[] {
  let index = NAMED.get(byDir);
  if (!index) {
    NAMED.set(byDir, (index = new Map()));
    for (const [dir, defs] of byDir) {
      const base = dir.slice(dir.lastIndexOf("/", dir.length - 2) + 1, -1);
      index.set(base, [...(index.get(base) ?? []), defs]);
    }
  }
  return index.get(name) ?? [];
}
const NAMED = new WeakMap<Map<string, GoPackage>, Map<string, GoPackage[]>>();

/** What link.ts asks of the graph for a Go value's type. */
interface GoGraph {
  goPackage(rel: string): GoPackage;
  goPackagesNamed(name: string): GoPackage[];
  file(rel: string): FileEntry | undefined;
}

/**
 * A member of a Go value's declared type (FileEntry.gt: `r.URL` with `r *Request`): the type in the
 * file's package, or `pkg.T` in an imported project package (its folders in `imports`), else in the one
 * folder of that name declaring T. A hit `[file, index]`; null when the type is no project type (another
 * module's: no link); undefined when T is unknown here (a builtin, a type parameter, an ambiguous
 * package) or lacks the member (promoted from an embedded type): link.ts takes a member unique by name.
 */
export function goTypedMember(g: GoGraph, rel: string, imports: string[], type: string, name: string, call: boolean): [string, number] | null | undefined {
  const at = goTypeSlots(g, rel, imports, type, name);
  if (!at) return at;
  const idx = prefer(at[2], at[1], call);
  return idx >= 0 ? [at[0], idx] : null;
}

/**
 * On the receiver of a method in its type's file (`j`: the innermost record holding the line), a member
 * another file of the package declares on that type, or one the type embeds: `t.Execute()` in
 * template.go's `func (t *Template) Run()`, Execute in exec.go (keyed `Template.Execute`: parse-file.ts goOwner).
 */
export function goOwnTypeMember(g: GoGraph, rel: string, e: FileEntry, j: number, name: string, call: boolean): [string, number] | undefined {
  while (j >= 0 && !TYPE_KINDS.has(e.d[j]![2])) j = e.d[j]![6];
  return (j >= 0 && goTypedMember(g, rel, e.i, e.d[j]![0], name, call)) || undefined;
}

/** The declaring file's slots of `T.name` for goTypedMember (null / undefined as it says). */
function goTypeSlots(g: GoGraph, rel: string, imports: string[], type: string, name: string, depth = 0): [string, number, number] | null | undefined {
  const guess = type.startsWith("~");
  if (guess) type = type.slice(1);
  const dot = type.indexOf(".");
  let pkg: GoPackage | undefined;
  if (dot < 0) pkg = g.goPackage(rel);
  else {
    const [p, t] = [type.slice(0, dot), type.slice(dot + 1)];
    const declares = (x: GoPackage) => x.get(t)?.some((a) => a[1] >= 0);
    pkg = imports.map((dir) => g.goPackage(dir === "." ? "_" : `${dir}/_`)).find(declares);
    if (!pkg) {
      const all = g.goPackagesNamed(p);
      const named = all.filter(declares);
      // (No project package of that name: another module's type, no member of ours — unless a guess.)
      if (named.length !== 1) return named.length || all.length || guess ? undefined : null;
      pkg = named[0];
    }
    type = t;
  }
  if (!pkg!.get(type)?.some((a) => a[1] >= 0)) return undefined;
  const own = goTwin(pkg!.get(`${type}.${name}`), rel);
  if (own || depth >= 2) return own;
  // None: a field or method promoted from an embedded type (FileEntry.ft's `T.\tE` rows), as the
  // declaring file reads E; promoted from another module's type only (`sync.Mutex`'s Lock): nothing.
  const decl = goTwin(pkg!.get(type), rel);
  const entry = decl && g.file(decl[0]);
  const embedded = supertypesIn(entry?.ft, type);
  // (An embedded project struct embedding nothing and lacking the member: not where it comes from.)
  if (!embedded.length) return depth > 0 && entry?.d[decl![1]]?.[2] === "struct" ? null : undefined;
  let foreign = true;
  for (const e of embedded) {
    const hit = goTypeSlots(g, decl![0], entry!.i, e, name, depth + 1);
    if (hit) return hit;
    if (hit === undefined) foreign = false;
  }
  return foreign ? null : undefined;
}

/**
 * A member of a field's declared type, two steps down a chain (`c.server.Shutdown()` with `c *conn` and
 * `server *Server` a field of conn; `qualifier` is `conn#server`): the field's declaring file's
 * FileEntry.ft names its type, resolved as that file sees it (its package, its imports), and the member
 * is that type's (goTypedMember). A field of another module's type (`s.mu.Lock()` on a sync.Mutex
 * outside the project) links nothing. Undefined when the field or its type is unknown here.
 */
export function goFieldMember(g: GoGraph, rel: string, imports: string[], qualifier: string, name: string, call: boolean): [string, number] | null | undefined {
  const hash = qualifier.lastIndexOf("#");
  const type = qualifier.slice(0, hash);
  const field = qualifier.slice(hash + 1);
  const at = goTypeSlots(g, rel, imports, type, field);
  if (!at || at[1] < 0) return undefined;
  const decl = g.file(at[0]);
  const bare = type.slice(type.lastIndexOf(".") + 1).replace(/^~/, "");
  const fieldType = decl?.ft && fieldTypeIn(decl.ft, `${bare}.${field}`);
  return fieldType ? goTypedMember(g, at[0], decl!.i, fieldType, name, call) : undefined;
}

/**
 * A Go file's struct fields with a named type, as FileEntry.ft lines `T.f\ttype` (`conn.server\tServer`,
 * `Client.Jar\thttp.CookieJar`), embedded types as `T.\ttype`: what goFieldMember reads the second
 * step of a chain by, and goTypeSlots a promoted member.
 */
export function goFieldTypes(root: Node, src: string): string {
  const out: string[] = [];
  for (const spec of root.descendantsOfType("type_spec")) {
    const name = spec?.childForFieldName("name");
    const struct = spec?.childForFieldName("type");
    if (!name || struct?.type !== "struct_type") continue;
    const owner = src.slice(name.startIndex, name.endIndex);
    for (const f of struct.descendantsOfType("field_declaration")) {
      // (A nested struct's fields are its own: only the struct's direct list.)
      if (f?.parent?.parent?.id !== struct.id) continue;
      const t = goTypeName(f.childForFieldName("type"), src);
      if (!t) continue;
      const names = f.childrenForFieldName("name");
      // (An embedded type, `sync.Mutex` / `*Base`: a row with no field name, `S.\tsync.Mutex`.)
      if (!names.length) out.push(`${owner}.\t${t}`);
      for (const id of names) if (id) out.push(`${owner}.${src.slice(id.startIndex, id.endIndex)}\t${t}`);
    }
  }
  return out.join("\n");
}

/** The name a Go import path's package goes by: its last element, a `/vN` version suffix skipped. */
function goFolderName(path: string): string {
  const parts = path.split("/");
  let last = parts.pop() ?? "";
  if (/^v\d+$/.test(last) && parts.length) last = parts.pop()!;
  return last.replace(/\.v\d+$/, "").replace(/^go-/, "").replace(/[-.]/g, "_");
}

/**
 * A package-qualified Go name (`http.Error`, the package's folder name from FileEntry.gt): the top-level
 * name in the project package the file imports by that name (`imports`: go.mod-resolved folders), else
 * in the one project folder of that name declaring it (name-only). null: no project package of that
 * name declares it — another module's (`reflect.Slice` is no sort.Slice). An unknown folder: the first
 * imported package declaring the name.
 */
export function goPackageName(g: GoGraph, rel: string, imports: string[], folder: string | undefined, name: string): [[string, number], "import" | "name-only"] | null {
  const pick = (pkg: GoPackage): [string, number] | undefined => {
    const p = goTwin(pkg.get(name), rel);
    const idx = p ? prefer(p[2], p[1], true) : -1;
    return idx >= 0 ? [p![0], idx] : undefined;
  };
  for (const dir of imports) {
    if (folder !== undefined && dir !== "." && goFolderName(dir) !== folder) continue;
    const hit = pick(g.goPackage(dir === "." ? "_" : `${dir}/_`));
    if (hit) return [hit, "import"];
  }
  if (folder === undefined) return null;
  const hits = g.goPackagesNamed(folder).map(pick).filter((h) => h !== undefined);
  return hits.length === 1 ? [hits[0]!, "name-only"] : null;
}

/** A Go file's build-tag suffix (`fd_unix.go` → unix), or "" for none. */
const GO_TAG = /_(aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|netbsd|openbsd|plan9|solaris|wasip1|windows|zos|unix|posix|wasm|386|amd64|arm|arm64|loong64|mips\w*|ppc64\w*|riscv64|s390x)(?:_test)?\.go$/;
const goTag = (rel: string) => GO_TAG.exec(rel)?.[1] ?? "";

/**
 * Of the files declaring a name in a Go package, the one a file of build tag T sees: one of tag T, else
 * one of none, else unix/posix (unless T is windows, plan9 or js/wasm), else the first.
 */
export function goTwin(all: [string, number, number][] | undefined, rel: string): [string, number, number] | undefined {
  if (!all || all.length < 2) return all?.[0];
  const mine = goTag(rel);
  const rank = (t: string) => (t === mine ? 3 : t === "" ? 2 : (t === "unix" || t === "posix") && !/^(windows|plan9|js|wasm)$/.test(mine) ? 1 : 0);
  let best = all[0]!;
  for (const a of all) if (rank(goTag(a[0])) > rank(goTag(best[0]))) best = a;
  return best;
}

/**
 * What a Go selector's left side is, for the identifier pass (collect.ts): the receiver's name in each
 * method's rows (`s` in `func (s *Server) Start()`), and the names the file's imports give their packages
 * (the alias, else the path's last element, a `/vN` version suffix skipped). `s.Close()` in a method of
 * Server is the receiver's; `lis.Close()` there is another value's, and `http.Error` a package's.
 */
export function goSelectorScope(root: Node, src: string): GoSelectorScope {
  const receivers: [number, number, string, string | null][] = [];
  // (Each function's rows, its names, and where its body starts: its signature's types are the outer scope's.)
  const scopes: [number, number, Map<string, [string | null, number]>, number][] = [];
  const packages = new Map<string, string>();
  for (const n of root.namedChildren) {
    if (n?.type === "method_declaration" || n?.type === "function_declaration") scopes.push([n.startPosition.row, n.endPosition.row, goLocals(n, src), n.childForFieldName("body")?.startIndex ?? n.endIndex]);
    if (n?.type === "method_declaration") {
      const param = n.childForFieldName("receiver")?.namedChildren.find((p) => p?.type === "parameter_declaration");
      const name = param?.childForFieldName("name");
      if (name) receivers.push([n.startPosition.row, n.endPosition.row, src.slice(name.startIndex, name.endIndex), goTypeName(param!.childForFieldName("type"), src)]);
    } else if (n?.type === "import_declaration") {
      for (const spec of n.descendantsOfType("import_spec")) {
        const alias = spec?.childForFieldName("name");
        const path = spec?.childForFieldName("path");
        const as = alias && src.slice(alias.startIndex, alias.endIndex);
        if (!path || as === "." || as === "_") continue;
        const folder = goFolderName(src.slice(path.startIndex + 1, path.endIndex - 1));
        packages.set(as || folder, folder);
      }
    }
  }
  const localAt = (row: number, name: string, at?: number) => {
    const scope = spanning(scopes, row);
    // (`func PostForm(url string, data url.Values)`: a parameter's name is no value in the signature's types.)
    if (scope && at !== undefined && at < scope[3]) return undefined;
    const local = scope?.[2].get(name);
    // (From the row after its first declaration on — `url, err := url.Parse(s)` calls the package —, a parameter throughout.)
    if (!local || !(local[1] < row || local[1] === scope![0])) return undefined;
    // (`h.Request` of `import h "net/http"` is http.Request: a package by its folder's name.)
    const dot = local[0]?.indexOf(".") ?? -1;
    const word = dot < 0 ? "" : local[0]!.slice(local[0]![0] === "~" ? 1 : 0, dot);
    return word && packages.has(word) ? local[0]!.replace(word, packages.get(word)!) : local[0];
  };
  return { receiverAt: (row) => spanning(receivers, row)?.[2], receiverTypeAt: (row) => spanning(receivers, row)?.[3] ?? undefined, localAt, packages };
}

export interface GoSelectorScope {
  /** The receiver's name in the method spanning the row. */
  receiverAt(row: number): string | undefined;
  /** The receiver's type there (`Server` of `s *Server`), when it names one. */
  receiverTypeAt(row: number): string | undefined;
  /**
   * A name the function spanning the row declares (parameter, var, `:=`, range, type switch): its type
   * (`Request`, `http.Request`), null when unknown or declared twice with different types, undefined
   * when the function declares no such name (a package name there is the package) or the name stands at
   * source index `at` before the function's body: its signature's types, `url.Values` of `url string`.
   */
  localAt(row: number, name: string, at?: number): string | null | undefined;
  /** The names the file's imports give packages → the package's folder name (an alias's too). */
  packages: Map<string, string>;
}

/** Of top-level declarations in source order, the last one starting at or before the row, if it spans it. */
function spanning<T extends [number, number, ...unknown[]]>(list: T[], row: number): T | undefined {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]![0] <= row) lo = mid;
    else hi = mid - 1;
  }
  const r = list[lo];
  return r && r[0] <= row && row <= r[1] ? r : undefined;
}

const GO_BINDERS = ["parameter_declaration", "variadic_parameter_declaration", "var_spec", "const_spec", "short_var_declaration", "range_clause", "type_switch_statement", "receive_statement"];

/**
 * The names a function declares anywhere in it (its closures' too), each with its type when the
 * declaration says it and the row of its first declaration: `r *Request`, `var b Buffer`, `c := &Client{}`, `t := new(T)`, `req, err :=
 * NewRequest(…)` (Go's `NewT` returns a T), `pkg.T` for another package's. A value's selector (`r.URL`)
 * is then that type's member (link.ts). Declared twice with different types, or with none said: null.
 */
function goLocals(fn: Node, src: string): Map<string, [string | null, number]> {
  const out = new Map<string, [string | null, number]>();
  const bind = (id: Node | null | undefined, type: string | null) => {
    if (id?.type !== "identifier") return;
    const name = src.slice(id.startIndex, id.endIndex);
    if (name === "_") return;
    const had = out.get(name);
    const row = id.startPosition.row;
    out.set(name, had === undefined ? [type, row] : [had[0] === type ? type : null, Math.min(had[1], row)]);
  };
  for (const n of fn.descendantsOfType(GO_BINDERS)) {
    if (!n) continue;
    if (n.type === "parameter_declaration" || n.type === "var_spec" || n.type === "const_spec") {
      const t = n.childForFieldName("type");
      const names = n.childrenForFieldName("name");
      const values = t ? [] : (n.childForFieldName("value")?.namedChildren ?? []);
      names.forEach((id, i) => bind(id, t ? goTypeName(t, src) : values.length === names.length ? goValueType(values[i], src) : null));
    } else if (n.type === "short_var_declaration") {
      const left = n.childForFieldName("left")?.namedChildren ?? [];
      const right = n.childForFieldName("right")?.namedChildren ?? [];
      // (`a, b := x, y` pairs them; `v, err := NewT()` gives the call's T to the first.)
      left.forEach((id, i) => bind(id, right.length === left.length || (i === 0 && right.length === 1) ? goValueType(right[i], src) : null));
    } else {
      const names = n.type === "variadic_parameter_declaration" ? n.childrenForFieldName("name") : (n.childForFieldName(n.type === "type_switch_statement" ? "alias" : "left")?.namedChildren ?? []);
      for (const id of names) bind(id, null);
    }
  }
  return out;
}

/** A type expression's named type: `*http.Request` → `http.Request`, `T[int]` → `T`; else null. */
function goTypeName(t: Node | null | undefined, src: string): string | null {
  switch (t?.type) {
    case "pointer_type":
    case "parenthesized_type":
      return goTypeName(t.namedChildren[0], src);
    case "generic_type":
      return goTypeName(t.childForFieldName("type"), src);
    case "type_identifier":
    case "qualified_type":
      return src.slice(t.startIndex, t.endIndex).replace(/\s+/g, "");
    default:
      return null;
  }
}

/** The named type of a value: `T{…}`, `&T{…}`, `new(T)`, `NewT(…)` / `pkg.NewT(…)`; else null. */
function goValueType(v: Node | null | undefined, src: string): string | null {
  if (v?.type === "unary_expression" && src[v.startIndex] === "&") return goValueType(v.childForFieldName("operand"), src);
  if (v?.type === "composite_literal") return goTypeName(v.childForFieldName("type"), src);
  if (v?.type !== "call_expression") return null;
  const f = v.childForFieldName("function");
  const callee = f && src.slice(f.startIndex, f.endIndex);
  if (callee === "new") return goTypeName(v.childForFieldName("arguments")?.namedChildren[0], src);
  const m = callee && /^(?:([A-Za-z_]\w*)\.)?New([A-Z]\w*)$/.exec(callee);
  // (`~`: a guess from the name, taken only where that type exists — NewUnstartedServer gives no type.)
  return m ? `~${m[1] ? `${m[1]}.${m[2]}` : m[2]!}` : null;
}
