/**
 * Where a file binds a name itself (graph link rule: no `name-only` link from a file that binds the
 * name — the name there means its own binding, not another file's definition), and where a name is a
 * key rather than a reference. Read off the syntax tree by node type during the identifier pass
 * (collect.ts): the binding containers are walked in the same `descendantsOfType` call as the
 * identifiers, and a container comes before its names in that (pre)order.
 *
 * Covered: JS/TS and Python parameters, declared and destructured locals, catch/for/with targets
 * (Java's, Kotlin's, Ruby's, C#'s, C++'s, Swift's, Scala's and Dart's parameters and locals too; Java's, Kotlin's, C#'s and Swift's type parameters),
 * nested function and class declarations; names on a top-level import of a module outside the project
 * (`import os`, `import x from "node:os"`, `use std::env`) for languages whose packs resolve their
 * project imports to files (elsewhere an unresolved import line may be the only evidence of a link).
 */
import type { Node } from "web-tree-sitter";
import type { ImportRecord } from "../types.js";

/**
 * How a container hands over the nodes it binds: a field's (first) child, its named children, its first
 * named child, `name` else its first identifier child (Dart's bare lambda parameter), or C's declarators
 * (every `declarator` field, through pointers, references, arrays and initializers to the name; a
 * function declarator is a prototype, whose name binds nothing here).
 */
type Pick = "field:name" | "field:pattern" | "field:left" | "field:value" | "field:parameter" | "field:parameters" | "field:alias" | "field:bound_identifier" | "kids" | "first" | "name|ident" | "type-ident" | "declarators" | "declared" | "go-field" | "label" | "generic";

const JS: Record<string, Pick> = {
  variable_declarator: "field:name",
  formal_parameters: "kids",
  required_parameter: "field:pattern",
  optional_parameter: "field:pattern",
  assignment_pattern: "field:left",
  object_assignment_pattern: "field:left",
  rest_pattern: "kids",
  array_pattern: "kids",
  pair_pattern: "field:value",
  arrow_function: "field:parameter",
  catch_clause: "field:parameter",
  for_in_statement: "field:left",
  function_declaration: "field:name",
  generator_function_declaration: "field:name",
  class_declaration: "field:name",
};

const PYTHON: Record<string, Pick> = {
  parameters: "kids",
  lambda_parameters: "kids",
  typed_parameter: "first",
  default_parameter: "field:name",
  typed_default_parameter: "field:name",
  list_splat_pattern: "kids",
  dictionary_splat_pattern: "kids",
  assignment: "field:left",
  pattern_list: "kids",
  tuple_pattern: "kids",
  list_pattern: "kids",
  for_statement: "field:left",
  for_in_clause: "field:left",
  as_pattern_target: "kids",
  named_expression: "field:name",
  function_definition: "field:name",
  class_definition: "field:name",
};

/**
 * Java's parameters and locals (fields too: a declarator is one): a bare name a method binds itself is
 * that binding, not the field a member lookup would find (link.ts: only within the binding's method).
 */
const JAVA: Record<string, Pick> = {
  formal_parameter: "field:name",
  catch_formal_parameter: "field:name",
  variable_declarator: "field:name",
  enhanced_for_statement: "field:name",
  resource: "field:name",
  inferred_parameters: "kids",
  lambda_expression: "field:parameters",
  // (Pattern variables: `o instanceof Entry<?, ?> entry`, `case Integer i ->`, `case Point(int x, int y)`.)
  instanceof_expression: "field:name",
  type_pattern: "name|ident",
  record_pattern_component: "name|ident",
  // (A type parameter, `<ReturnType extends Base>`: the name is its own there, no class of the package.)
  type_parameter: "type-ident",
};

/** Kotlin's parameters, locals (`val u = …`, for and lambda variables), catch names and type parameters (`<reified ReturnType : Any?>`). */
const KOTLIN: Record<string, Pick> = { parameter: "first", variable_declaration: "first", catch_block: "first", type_parameter: "type-ident" };
/** Ruby's method and block parameters and local assignments. */
const RUBY: Record<string, Pick> = { method_parameters: "kids", block_parameters: "kids", assignment: "first", lambda_parameters: "kids" };

/** C#'s parameters, locals (tuple ones too), foreach/catch names, pattern and `out var` names, lambda and local function names. */
const CSHARP: Record<string, Pick> = {
  parameter: "field:name",
  variable_declarator: "first",
  tuple_pattern: "kids",
  for_each_statement: "field:left",
  catch_declaration: "field:name",
  declaration_pattern: "field:name",
  declaration_expression: "field:name",
  lambda_expression: "first",
  local_function_statement: "field:name",
  type_parameter: "field:name",
};
/** C++'s parameters (lambdas' and catch's too), locals (structured bindings too) and range-for names. */
const CPP: Record<string, Pick> = {
  parameter_declaration: "declarators",
  optional_parameter_declaration: "declarators",
  declaration: "declarators",
  for_range_loop: "declarators",
  structured_binding_declarator: "kids",
};
/**
 * Swift's parameters, closure parameters, `let`/`var` patterns (for, catch, case too), `if let`/`guard let`
 * names, and generic parameters of types and functions (`class PropertyDefinition<OwnerType>`, `func get<ReturnType>`:
 * the name is the declaration's own there, not a supertype protocol's `associatedtype` of that name — link.ts
 * boundIn reads a type's from its head; an extension's `where Props == X` binds nothing, nor a protocol's
 * `protocol ExpoSwiftUIView<Props>`: its primary associated type, which names the `associatedtype Props` in its body).
 */
const SWIFT: Record<string, Pick> = {
  parameter: "field:name",
  type_parameter: "generic",
  lambda_parameter: "field:name",
  pattern: "field:bound_identifier",
  if_statement: "field:bound_identifier",
  guard_statement: "field:bound_identifier",
};
/** Scala's parameters, `val`/`var` patterns (tuples too) and case patterns. */
const SCALA: Record<string, Pick> = {
  parameter: "field:name",
  val_definition: "field:pattern",
  var_definition: "field:pattern",
  tuple_pattern: "kids",
  typed_pattern: "field:pattern",
  case_clause: "field:pattern",
};
/** Dart's parameters (bare lambda ones too), locals, for-in and catch names. */
const DART: Record<string, Pick> = {
  formal_parameter: "name|ident",
  initialized_variable_definition: "field:name",
  initialized_identifier: "first",
  for_loop_parts: "field:name",
  catch_parameters: "kids",
};

const CONTAINERS: Record<string, Record<string, Pick>> = {
  typescript: JS,
  tsx: JS,
  javascript: JS,
  python: PYTHON,
  java: JAVA,
  kotlin: KOTLIN,
  ruby: RUBY,
  csharp: CSHARP,
  cpp: CPP,
  swift: SWIFT,
  scala: SCALA,
  dart: DART,
};

/**
 * Containers whose named field is a key, not a reference (`f(check=True)`); C and C++'s declared
 * functions: a prototype's or an in-class declaration's name (`insert(const_iterator, …);`, `~_Grow();`)
 * is no call of it — they had read as uses of every overload of the name.
 */
const C_DECLARED: Record<string, Pick> = { function_declarator: "declared" };
/** Swift's labels in a tuple or function type (`(_ resolve: @escaping () -> Void) -> Void`, `(x: Int, y: Int)`): names, no references. */
const SWIFT_KEYS: Record<string, Pick> = { tuple_type_item: "label" };
const KEY_CONTAINERS: Record<string, Record<string, Pick>> = { python: { keyword_argument: "field:name" }, c: C_DECLARED, cpp: C_DECLARED, go: { keyed_element: "go-field" }, swift: SWIFT_KEYS };

/** Node types that bind by themselves (`const { os } = opts`). */
const BINDING_TYPES = new Set(["shorthand_property_identifier_pattern"]);

/** Languages whose packs resolve project imports to files: an import of anything else binds its names. */
const IMPORTS_RESOLVED = new Set(["typescript", "tsx", "javascript", "python", "rust"]);

/** The container node types to walk for a language (added to the identifier types of the walk). */
export function containerTypes(language: string): string[] {
  return [...Object.keys(CONTAINERS[language] ?? {}), ...Object.keys(KEY_CONTAINERS[language] ?? {})];
}

/** Name node types that bind by themselves, walked as identifiers (their names do not end in `identifier`). */
export function bindingNameTypes(language: string): string[] {
  return CONTAINERS[language] ? [...BINDING_TYPES] : [];
}

export interface Marks {
  /** Start offsets of identifiers that bind a name / that are keys. */
  bind: Set<number>;
  key: Set<number>;
  /** … that name a field of the type around them: a Go struct literal's keys (`&Client{Transport: tr}`), members, not names of the scope. */
  field: Set<number>;
}

export function newMarks(): Marks {
  return { bind: new Set(), key: new Set(), field: new Set() };
}

/** A container node of type `t` from the walk: remember the start offsets of the names it binds (or keys). */
export function markContainer(language: string, node: Node, t: string, marks: Marks): void {
  const pick = CONTAINERS[language]?.[t];
  const keyPick = pick ? undefined : KEY_CONTAINERS[language]?.[t];
  if (!pick && !keyPick) return;
  const how = (pick ?? keyPick)!;
  if (how === "go-field") return goFieldKey(node, marks.field);
  const into = pick ? marks.bind : marks.key;
  if (how === "kids") {
    for (const c of node.namedChildren) if (c) into.add(c.startIndex);
  } else if (how === "first") {
    const c = node.namedChild(0);
    if (c) into.add(c.startIndex);
  } else if (how === "type-ident") {
    const c = node.namedChildren.find((k) => k?.type === "type_identifier");
    if (c) into.add(c.startIndex);
  } else if (how === "name|ident") {
    const c = node.childForFieldName("name") ?? node.namedChildren.find((k) => k?.type === "identifier");
    if (c) into.add(c.startIndex);
  } else if (how === "field:bound_identifier") {
    for (const c of node.childrenForFieldName("bound_identifier")) if (c) into.add(c.startIndex); // (`if let a = x, let b = y`)
  } else if (how === "generic") {
    const c = node.parent?.parent?.type === "protocol_declaration" ? undefined : node.namedChildren.find((k) => k?.type === "type_identifier");
    if (c) into.add(c.startIndex);
  } else if (how === "label") {
    const c = node.childForFieldName("name"); // (an unlabelled item's `name` is its type, `(Props) -> Void`: a use)
    if (c?.type === "simple_identifier") into.add(c.startIndex);
  } else if (how === "declared") {
    declaredName(node, into);
  } else if (how === "declarators") {
    for (const c of node.childrenForFieldName("declarator")) declaratorName(c, into);
  } else {
    const c = node.childForFieldName(how.slice(6));
    if (c) into.add(c.startIndex);
  }
}

/** The name a C/C++ declarator declares (`*p`, `&r`, `a[]`, `x = 1`); none for a function declarator. */
function declaratorName(node: Node | null, into: Set<number>): void {
  for (let n = node, depth = 0; n && depth < 8; depth++) {
    const t = n.type;
    if (t === "identifier") return void into.add(n.startIndex);
    if (t === "function_declarator" || t === "structured_binding_declarator") return; // (the latter is a container of its own)
    n = n.childForFieldName("declarator") ?? (t === "reference_declarator" ? n.namedChild(0) : null);
  }
}

/**
 * The name of a function a C/C++ declaration declares without defining it: a declarator in a class
 * member's declaration, or in a declaration with a return type (a macro call at file scope,
 * `DEFINE_STACK_OF(X509);`, has none: it stays a use of the macro).
 */
function declaredName(fn: Node, into: Set<number>): void {
  const holder = fn.parent;
  const t = holder?.type;
  if (!(t === "field_declaration" || (t === "declaration" && (holder!.childForFieldName("type") || holder!.parent?.type === "field_declaration_list")))) return;
  let n = fn.childForFieldName("declarator");
  for (let depth = 0; n && depth < 4; depth++) {
    if (n.type === "qualified_identifier") n = n.childForFieldName("name");
    else if (n.type === "destructor_name") n = n.namedChild(0);
    else break;
  }
  if (n && /identifier$/.test(n.type)) into.add(n.startIndex);
}

/**
 * A Go keyed element's key when it names a struct field: its literal's type is a named type or a struct
 * (`Client{Transport: tr}`, `http.Server{Addr: a}`), not a map's key nor an array's index (expressions,
 * uses of their names), nor an elided nested literal's (either).
 */
function goFieldKey(keyed: Node, into: Set<number>): void {
  const type = keyed.parent?.parent?.type === "composite_literal" ? keyed.parent.parent.childForFieldName("type")?.type : undefined;
  if (type !== "type_identifier" && type !== "qualified_type" && type !== "generic_type" && type !== "struct_type") return;
  const key = keyed.namedChild(0);
  const id = key?.type === "literal_element" ? key.namedChild(0) : key;
  if (id?.type === "identifier" || id?.type === "field_identifier") into.add(id.startIndex);
}

/** Whether an identifier node binds by its type alone. */
export function bindsByType(type: string): boolean {
  return BINDING_TYPES.has(type);
}

/** Whether an identifier of this node type that does not follow `.` is a key (`{ os: 1 }`), not a reference. */
export function isKeyType(type: string): boolean {
  return type === "property_identifier";
}

/**
 * Lines of top-level statements whose names are bound by an import of a module outside the project
 * (all its import records external, none resolved), and lines of statements importing a project file
 * (whose names a link may still reach through re-exports: no binding marks there).
 */
export function importBindingLines(language: string, statements: (Node | null)[], imports: ImportRecord[], isImport: (stmt: Node) => boolean): { bound: Set<number>; internal: Set<number> } {
  const bound = new Set<number>();
  const internal = new Set<number>();
  if (!imports.length) return { bound, internal };
  let r = 0;
  const sorted = [...imports].sort((a, b) => a.line - b.line);
  for (const stmt of statements) {
    if (!stmt) continue;
    const first = stmt.startPosition.row + 1;
    const last = stmt.endPosition.row + 1;
    while (r < sorted.length && sorted[r]!.line < first) r++;
    let any = false;
    let inside = false;
    for (let k = r; k < sorted.length && sorted[k]!.line <= last; k++) {
      any = true;
      if (sorted[k]!.resolved || !sorted[k]!.external) inside = true;
    }
    if (!any) continue;
    const into = inside ? internal : IMPORTS_RESOLVED.has(language) && isImport(stmt) ? bound : undefined;
    if (into) for (let l = first; l <= last; l++) into.add(l);
  }
  return { bound, internal };
}
