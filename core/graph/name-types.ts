/**
 * The node types a file's names are collected as (collect.ts). Identifier types come from the grammar
 * (named types ending in `identifier`: type_identifier, property_identifier, simple_identifier); a pack's
 * names need not be one (Ruby's `constant`, Bash's `variable_name`, TLA+'s `identifier_ref`), so the types
 * the language's tags query captures as `@name` are names too, in every file — a Ruby file declaring no
 * class still uses `Foo` in `Foo.new`; so are the types a pack's taps say they name by (FileContext.nameTypes:
 * the heuristic pack's, OCaml's `module_name`). A file's own definitions' other name types (a wildcard
 * capture's, a tap's) are names in that file.
 *
 * What one file is collected with depends on that file and its pack alone. (It had depended on the files
 * a worker thread had parsed before: the types their definitions were named by were learned for every
 * later file, so two cold builds of one project gave different uses — Ruby's `Foo.new` found or not.)
 */
import type { Language } from "web-tree-sitter";
import type { QuerySet } from "../query-set.js";
import type { SymbolRecord } from "../types.js";
import { walk } from "../extract.js";

/** A string's, a comment's or a number's node names nothing (`declare module 'node:http'` is named by its string_fragment, `{ 0: f }` by a number). */
const NOT_NAMES = /string|fragment|comment|template|literal|^(?:number|integer|float)$/;
/** A type's node (`primitive_type`, C#'s `predefined_type`): what names a type, never a name itself. */
const TYPE_NODE = /_type$/;

const idTypes = new WeakMap<Language, string[]>();

export function identifierTypes(lang: Language): string[] {
  let t = idTypes.get(lang);
  if (!t) {
    const set = new Set<string>();
    for (let i = 0; i < lang.nodeTypeCount; i++) {
      const n = lang.nodeTypeForId(i);
      // nested_identifier (a.b.c) holds identifiers itself; statement labels are not references.
      if (n && lang.nodeTypeIsNamed(i) && /identifier$/.test(n) && !/^nested_|^statement_/.test(n)) set.add(n);
    }
    if (!set.size) for (const n of ["identifier", "name", "constant", "word"]) if (lang.idForNodeType(n, true)) set.add(n);
    t = [...set];
    idTypes.set(lang, t);
  }
  return t;
}

/** A language's names: identifier types, then the types its tags query names definitions by. */
export interface NameTypes {
  types: string[];
  /** Those no identifier type: a node of one is a name only as a leaf with a word character (`!=` is none). */
  extra: Set<string>;
}

const byQueries = new WeakMap<QuerySet, NameTypes>();
const noQueries = new WeakMap<Language, NameTypes>();

function languageNames(lang: Language, queries: QuerySet | undefined): NameTypes {
  const cache = queries ? byQueries : noQueries;
  const key = (queries ?? lang) as QuerySet & Language;
  let n = cache.get(key);
  if (!n) {
    const ids = identifierTypes(lang);
    const types = [...ids];
    for (const t of queries?.captured("tags", "name") ?? []) {
      // (Not a type's node: Rust's `impl Bound for char` is named by its `primitive_type`, and taking that had made
      // every `-> char`, `: u8` a use — name-only links to a method named `char`.)
      if (!types.includes(t) && !NOT_NAMES.test(t) && !TYPE_NODE.test(t) && lang.idForNodeType(t, true)) types.push(t);
    }
    n = { types, extra: new Set(types.slice(ids.length)) };
    cache.set(key, n);
  }
  return n;
}

/**
 * The file's name types: the language's, and those its own definitions are named by (a leaf with a word
 * character: not Swift's `static func !=`, named by a custom_operator) — for this file only.
 */
export function fileNameTypes(lang: Language, queries: QuerySet | undefined, symbols: SymbolRecord[] | undefined, packs?: string[]): NameTypes {
  const base = languageNames(lang, queries);
  let own: string[] | undefined;
  // (The types a pack's taps say they name by, FileContext.nameTypes — the heuristic pack's: OCaml's `module_name`,
  // so `Char.chr` in a file declaring no module uses stdlib.ml's `module Char`.)
  for (const t of packs ?? []) if (!NOT_NAMES.test(t) && !TYPE_NODE.test(t) && !base.types.includes(t) && !own?.includes(t)) (own ??= []).push(t);
  for (const [r] of walk(symbols ?? [])) {
    const t = r.nameNode?.type;
    if (t && r.nameNode!.childCount === 0 && !NOT_NAMES.test(t) && !TYPE_NODE.test(t) && /\w/.test(r.name) && !base.types.includes(t) && !own?.includes(t)) (own ??= []).push(t);
  }
  return own ? { types: [...base.types, ...own], extra: new Set([...base.extra, ...own]) } : base;
}
