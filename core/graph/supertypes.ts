/**
 * A type's supertypes, for a member it inherits: `dog.speak()` with `Dog extends Animal`, or
 * `this.speak()` inside Dog, is Animal's `speak` when Dog declares none. collect.ts writes them as
 * FileEntry.ft rows `T.\tS` (the rows Go's embedded types already had: go-package.ts), one per
 * supertype named in the declaration's head — superclass, interfaces, protocols, bases, mixins —
 * by its last segment, generic arguments left out (`extends b.Base<T>` → `Base`). qualified.ts
 * follows them, each as the declaring file sees it (its own types, its imports, the project's one).
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
/** Declarations that have supertypes. */
const TYPE_KINDS = new Set(["class", "struct", "interface", "object", "protocol", "extension", "enum", "trait"]);
/** Inside a supertype's name, what is no supertype: generic arguments, a mixin call's arguments, `metaclass=`, `by x`. */
const SKIP = /^(?:type_arguments|type_argument_list|template_argument_list|arguments|value_arguments|keyword_argument|list_splat|dictionary_splat|access_specifier|call_expression|infix_expression|call_suffix|comment)$/;
/** A dotted or scoped name (`b.Base`, `ns::Base`, Kotlin's and Swift's `user_type`): its last segment is the type. */
const QUALIFIED = /member_expression|attribute|nested_type_identifier|scoped_type_identifier|scoped_identifier|qualified_name|qualified_identifier|user_type|generic_type|generic_name|template_type|navigation_expression|scope_resolution|stable_type_identifier/;
const NAME = /identifier$|^name$|^constant$/;

/** FileEntry.ft rows `T.\tS` for each type the file declares with supertypes (none for a language without a table here). */
export function supertypeRows(language: string, symbols: SymbolRecord[] | undefined, src: string): string[] {
  const heritage = HERITAGE[language];
  if (!heritage || !symbols?.length) return [];
  const out: string[] = [];
  for (const [r] of walk(symbols)) {
    if (!TYPE_KINDS.has(r.kind) || !r.node) continue;
    for (const s of supertypesOf(r.node, heritage, src, language)) if (s !== r.name) out.push(`${r.name}.\t${s}`);
  }
  return [...new Set(out)];
}

function supertypesOf(node: Node, heritage: readonly string[], src: string, language: string): string[] {
  // (`export class A extends B`, Python's `@dataclass class A(B)`: the declaration inside the wrapper.)
  const decl = node.childForFieldName("declaration") ?? node.childForFieldName("definition") ?? node;
  const out: string[] = [];
  for (const c of decl.namedChildren) {
    if (!c || !heritage.includes(c.type)) continue;
    // (Python: only the class's own `superclasses` list, not another argument list.)
    if (language === "python" && decl.childForFieldName("superclasses")?.id !== c.id) continue;
    for (const k of c.namedChildren) if (k) out.push(...names(k, src));
  }
  return out;
}

/** The supertype names in `n`: one per type, the last segment of a dotted one. */
function names(n: Node, src: string): string[] {
  if (SKIP.test(n.type)) return [];
  if (n.childCount === 0) return NAME.test(n.type) ? [src.slice(n.startIndex, n.endIndex)] : [];
  // (Python's `Generic[T]`: the subscripted value.)
  if (n.type === "subscript") {
    const v = n.childForFieldName("value");
    return v ? names(v, src) : [];
  }
  const inner = n.namedChildren.flatMap((c) => (c ? names(c, src) : []));
  return QUALIFIED.test(n.type) ? inner.slice(-1) : inner;
}

/** The supertypes FileEntry.ft gives `type`: its `T.\tS` rows (Go's embedded types too). */
export function supertypesIn(ft: string | undefined, type: string): string[] {
  if (!ft) return [];
  const head = `${type}.\t`;
  const out: string[] = [];
  for (let at = ft.startsWith(head) ? 0 : ft.indexOf(`\n${head}`) + 1 || -1; at >= 0; at = ft.indexOf(`\n${head}`, at) + 1 || -1) {
    const from = at + head.length;
    const end = ft.indexOf("\n", from);
    out.push(ft.slice(from, end < 0 ? undefined : end));
    if (end < 0) break;
  }
  return out;
}

/** `T.f`'s type in a FileEntry.ft (`T.f\ttype` rows: Go's struct fields, other languages' typed class fields). */
export function fieldTypeIn(ft: string, key: string): string | undefined {
  const head = `${key}\t`;
  const at = ft.startsWith(head) ? 0 : ft.indexOf(`\n${head}`) + 1 || -1;
  if (at < 0) return undefined;
  const from = at + head.length;
  const end = ft.indexOf("\n", from);
  return ft.slice(from, end < 0 ? undefined : end);
}
