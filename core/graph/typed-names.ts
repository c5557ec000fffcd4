/**
 * Type names as Java, C# and Kotlin declarations spell them (typed-declarations.ts), and what their
 * methods and functions declare they return: `Foo getFoo()`, `public Foo GetFoo()`, `fun getFoo(): Foo?`
 * — typed-scope.ts keeps them as FileEntry.ft `Cls.getFoo(\tFoo` rows (`.top(\tFoo` for a Kotlin file's
 * own functions), so `getFoo().bar()` and `Foo.getInstance().run()` are a member of that type (collect.ts).
 */
import type { Node } from "web-tree-sitter";

/** The type of a value declared with a builtin type (a primitive, an array): no project type's (typed-declarations.ts). */
export const BUILTIN = "\u0002";

/** A type name that reads as a class's: capitalized, not all-caps, not one letter, not `var`. */
export function named(t: Node | null | undefined, src: string): string | null {
  const name = t ? src.slice(t.startIndex, t.endIndex) : "";
  return classLike(name) ? name : null;
}

/** named's test on a name's text (`var` is lower case: never one). */
export function classLike(name: string): boolean {
  return /^[A-Z](?:\w*[a-z]\w*)$/.test(name);
}

/** A declared type's class name: `HashMap<K, V>` → HashMap, `java.util.List<T>` → List; BUILTIN for primitives and arrays; null for `var`, one-letter type variables. */
export function typeName(t: Node | null | undefined, src: string): string | null {
  if (!t) return null;
  if (JAVA_CS_BUILTIN.has(t.type)) return BUILTIN;
  // (Java's generic_type / scoped_type_identifier, C#'s generic_name / qualified_name.)
  if (t.type === "generic_type" || t.type === "generic_name") return t.type === "generic_name" ? named(t.namedChildren.find((c) => c?.type === "identifier"), src) : typeName(t.namedChildren.find((c) => c?.type === "type_identifier" || c?.type === "scoped_type_identifier"), src);
  if (t.type === "scoped_type_identifier" || t.type === "qualified_name") return typeName(t.namedChildren[t.namedChildren.length - 1], src);
  if (t.type === "nullable_type") return typeName(t.namedChildren[0], src);
  return t.type === "type_identifier" || t.type === "identifier" ? named(t, src) : null;
}

/** Java's primitives and arrays, C#'s predefined types (`int`, `string`, `object`) and arrays. */
const JAVA_CS_BUILTIN = new Set(["integral_type", "floating_point_type", "boolean_type", "array_type", "predefined_type"]);

/** A Kotlin type's class name: `Store`, `Store?`, `MutableMap<K, V>`, `a.b.Store`; else null. */
export function kotlinType(t: Node | null | undefined, src: string): string | null {
  if (t?.type === "nullable_type") return kotlinType(t.namedChildren[0], src);
  if (t?.type !== "user_type") return null;
  const ids = t.namedChildren.filter((c) => c?.type === "type_identifier");
  return named(ids[ids.length - 1], src);
}

type Returned = [name: string, type: string | null, awaited: string | null] | undefined;

/** Java's and C#'s methods (C#'s local functions too): `Foo getFoo()`, `static A getInstance()`; `void`, a type variable: none. */
export function jvmClrReturns(n: Node, src: string): Returned {
  if (n.type !== "method_declaration" && n.type !== "local_function_statement") return undefined;
  const name = n.childForFieldName("name");
  const type = typeName(n.childForFieldName("type") ?? n.childForFieldName("returns"), src);
  return name && type && type !== BUILTIN ? [src.slice(name.startIndex, name.endIndex), type, null] : undefined;
}

/** Kotlin's functions: `fun getFoo(): Foo?` — the type after the parameters (an extension's receiver type comes before the name). */
export function kotlinReturns(n: Node, src: string): Returned {
  if (n.type !== "function_declaration") return undefined;
  let name: Node | null = null;
  let params = false;
  for (const c of n.namedChildren) {
    if (c?.type === "simple_identifier" && !params) name = c;
    else if (c?.type === "function_value_parameters") params = true;
    else if (params && (c?.type === "user_type" || c?.type === "nullable_type")) {
      const type = kotlinType(c, src);
      return name && type ? [src.slice(name.startIndex, name.endIndex), type, null] : undefined;
    } else if (params && c?.type === "function_body") break;
  }
  return undefined;
}

/** The type of a value a call gives (calledType, jvmCalledType): `CALLED + "z#string("`. */
export const CALLED = "\u0004";
/** A class's field heading a chain, `this.store.get()`: FIELD + `store` (collect.ts). */
export const FIELD = "\u0001";

/**
 * Java, C#, Kotlin: a local made by a call with no type written, `var r = c.registry()`, `val s =
 * client().registry()`: CALLED + `head#callee(` (no head for a bare call, FIELD + the field for
 * `this.f.get()`, chained `#a(#b(`) — collect.ts reads it as what that call returns, as TS's
 * `const item = store.get(k)`; null for another shape.
 */
export function jvmCalledType(value: Node | null | undefined, src: string): string | null {
  const chain = jvmChain(value, src, 1);
  return chain && `${CALLED}${chain}`;
}

function jvmChain(call: Node | null | undefined, src: string, calls: number): string | null {
  const text = (n: Node) => src.slice(n.startIndex, n.endIndex);
  let head: Node | null | undefined;
  let callee: Node | null | undefined;
  if (call?.type === "method_invocation") [head, callee] = [call.childForFieldName("object"), call.childForFieldName("name")];
  else if (call?.type === "invocation_expression") {
    const f = call.childForFieldName("function");
    [head, callee] = f?.type === "member_access_expression" ? [f.childForFieldName("expression"), f.childForFieldName("name")] : [null, f];
  } else if (call?.type === "call_expression") {
    const f = call.namedChild(0);
    const suffix = f?.type === "navigation_expression" ? f.namedChildren.find((c) => c?.type === "navigation_suffix") : null;
    [head, callee] = suffix ? [f!.namedChild(0), suffix.namedChild(0)] : [null, f];
  } else return null;
  if (callee?.type !== "identifier" && callee?.type !== "simple_identifier") return null;
  const key = `${text(callee)}(`;
  if (!head) return `#${key}`;
  if (head.type === "identifier" || head.type === "simple_identifier" || head.type === "this" || head.type === "this_expression") return `${text(head)}#${key}`;
  // (`this.store.get()`: what the field's type's `get` returns.)
  const field = head.type === "field_access" && head.childForFieldName("object")?.type === "this" ? head.childForFieldName("field") : null;
  if (field) return `${FIELD}${text(field)}#${key}`;
  const before = calls < 4 ? jvmChain(head, src, calls + 1) : null;
  return before && `${before}#${key}`;
}
