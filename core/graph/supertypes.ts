/**
 * A type's supertypes, for a member it inherits: `dog.speak()` with `Dog extends Animal`, or
 * `this.speak()` inside Dog, is Animal's `speak` when Dog declares none. collect.ts writes them as
 * FileEntry.ft rows `T.\tS` (the rows Go's embedded types already had: go-package.ts), one per
 * supertype named in the declaration's head — superclass, interfaces, protocols, bases, mixins —
 * by its last segment, generic arguments left out (`extends b.Base<T>` → `Base`). qualified.ts
 * follows them, each as the declaring file sees it (its own types, its imports, the project's one).
 * Where those names stand (heritageStarts) makes their occurrences `extends` uses (OCC_EXTENDS, link.ts):
 * `extends b.Base<Foo>` is an `extends` use of Base, a `reference` of Foo. Rust's too — an impl's trait,
 * `impl fmt::Display for Foo`, and a trait's supertraits, `trait Sub: Super` — with no rows: inherited
 * members are not followed through a Rust trait.
 */
import type { Node } from "web-tree-sitter";
import type { SymbolRecord } from "../types.js";
import { walk } from "../extract.js";

/** The node types that hold a declaration's supertypes, per language. */
const HERITAGE: Record<string, readonly string[]> = {
  java: ["superclass", "super_interfaces", "extends_interfaces"],
  typescript: ["class_heritage", "extends_type_clause"],
  tsx: ["class_heritage", "extends_type_clause"],
  javascript: ["class_heritage"],
  python: ["argument_list"],
  csharp: ["base_list"],
  kotlin: ["delegation_specifier", "delegation_specifiers"],
  swift: ["inheritance_specifier"],
  cpp: ["base_class_clause"],
  php: ["base_clause", "class_interface_clause"],
  ruby: ["superclass"],
  scala: ["extends_clause"],
  dart: ["superclass", "interfaces"],
};
/** The fields of a declaration that hold its supertypes: Rust's impl `trait`, a trait's `bounds` (names only, no FileEntry.ft rows). */
const HERITAGE_FIELDS: Record<string, readonly string[]> = { rust: ["trait", "bounds"] };
/** Declarations that have supertypes. */
const TYPE_KINDS = new Set(["class", "struct", "interface", "object", "protocol", "extension", "enum", "trait", "impl"]);
/** Inside a supertype's name, what is no supertype: generic arguments, a mixin call's arguments, `metaclass=`, `by x`. */
const SKIP = /^(?:type_arguments|type_argument_list|template_argument_list|arguments|value_arguments|keyword_argument|list_splat|dictionary_splat|access_specifier|call_expression|infix_expression|call_suffix|comment|lifetime)$/;
/** A dotted or scoped name (`b.Base`, `ns::Base`, Kotlin's and Swift's `user_type`): its last segment is the type. */
const QUALIFIED = /member_expression|attribute|nested_type_identifier|scoped_type_identifier|scoped_identifier|qualified_name|qualified_identifier|user_type|generic_type|generic_name|template_type|navigation_expression|scope_resolution|stable_type_identifier/;
const NAME = /identifier$|^name$|^constant$/;

/** FileEntry.ft rows `T.\tS` for each type the file declares with supertypes (none for a language without a table here). */
export function supertypeRows(language: string, symbols: SymbolRecord[] | undefined, src: string): string[] {
  if (!HERITAGE[language]) return [];
  const out: string[] = [];
  for (const [r, nodes] of heritage(language, symbols)) {
    for (const n of nodes) {
      const s = src.slice(n.startIndex, n.endIndex);
      if (s !== r.name) out.push(`${r.name}.\t${s}`);
    }
  }
  return [...new Set(out)];
}

/** Where the supertype names of the file's declarations start (their names' start indexes): `extends` uses. */
export function heritageStarts(language: string, symbols: SymbolRecord[] | undefined): Set<number> {
  const out = new Set<number>();
  for (const [, nodes] of heritage(language, symbols)) for (const n of nodes) out.add(n.startIndex);
  return out;
}

/** Each type record with the name nodes of the supertypes its head names. */
function* heritage(language: string, symbols: SymbolRecord[] | undefined): Generator<[SymbolRecord, Node[]]> {
  const types = HERITAGE[language];
  const fields = HERITAGE_FIELDS[language];
  if ((!types && !fields) || !symbols?.length) return;
  for (const [r] of walk(symbols)) {
    if (!TYPE_KINDS.has(r.kind) || !r.node) continue;
    const nodes = supertypesOf(r.node, types ?? [], fields ?? [], language);
    if (nodes.length) yield [r, nodes];
  }
}

function supertypesOf(node: Node, heritage: readonly string[], fields: readonly string[], language: string): Node[] {
  // (`export class A extends B`, Python's `@dataclass class A(B)`: the declaration inside the wrapper.)
  const decl = node.childForFieldName("declaration") ?? node.childForFieldName("definition") ?? node;
  const out: Node[] = [];
  for (const f of fields) {
    const c = decl.childForFieldName(f);
    if (c) out.push(...names(c));
  }
  for (const c of heritage.length ? decl.namedChildren : []) {
    if (!c || !heritage.includes(c.type)) continue;
    // (Python: only the class's own `superclasses` list, not another argument list.)
    if (language === "python" && decl.childForFieldName("superclasses")?.id !== c.id) continue;
    for (const k of c.namedChildren) if (k) out.push(...names(k));
  }
  return out;
}

/** The supertype name nodes in `n`: one per type, the last segment of a dotted one. */
function names(n: Node): Node[] {
  if (SKIP.test(n.type)) return [];
  if (n.childCount === 0) return NAME.test(n.type) ? [n] : [];
  // (Python's `Generic[T]`: the subscripted value.)
  if (n.type === "subscript") {
    const v = n.childForFieldName("value");
    return v ? names(v) : [];
  }
  const inner = n.namedChildren.flatMap((c) => (c ? names(c) : []));
  return QUALIFIED.test(n.type) ? inner.slice(-1) : inner;
}

/** The supertypes FileEntry.ft gives `type`: its `T.\tS` rows (Go's embedded types too). */
export function supertypesIn(ft: string | undefined, type: string): string[] {
  if (!ft) return [];
  let rows = supertypeIndex.get(ft);
  if (!rows) {
    // (Each ft read once into its `T.\tS` rows by type: a lookup had scanned the whole ft for its rows, per
    // inherited member asked — 0.7 s of effect's 5 s link. Held for the last SUPERTYPE_INDEXES files asked.)
    if (supertypeIndex.size >= SUPERTYPE_INDEXES) supertypeIndex.clear();
    supertypeIndex.set(ft, (rows = new Map()));
    for (let at = 0; at < ft.length; ) {
      const end = ((n) => (n < 0 ? ft.length : n))(ft.indexOf("\n", at));
      const tab = ft.indexOf("\t", at);
      if (tab > at && tab < end && ft[tab - 1] === ".") {
        const t = ft.slice(at, tab - 1);
        const list = rows.get(t);
        if (list) list.push(ft.slice(tab + 1, end));
        else rows.set(t, [ft.slice(tab + 1, end)]);
      }
      at = end + 1;
    }
  }
  return rows.get(type) ?? NO_SUPERTYPES;
}
const supertypeIndex = new Map<string, Map<string, string[]>>();
const SUPERTYPE_INDEXES = 512;
const NO_SUPERTYPES: string[] = [];

/** `T.f`'s type in a FileEntry.ft (`T.f\ttype` rows: Go's struct fields, other languages' typed class fields). */
export function fieldTypeIn(ft: string, key: string): string | undefined {
  const head = `${key}\t`;
  const at = ft.startsWith(head) ? 0 : ft.indexOf(`\n${head}`) + 1 || -1;
  if (at < 0) return undefined;
  const from = at + head.length;
  const end = ft.indexOf("\n", from);
  return ft.slice(from, end < 0 ? undefined : end);
}
