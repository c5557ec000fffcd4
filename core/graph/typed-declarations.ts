/**
 * What each language declares, for typed-scope.ts: its scope and declaration node types, and the names
 * and types each declaration gives (parameters, locals, fields, functions' return types).
 */
import type { Node } from "web-tree-sitter";
import { BUILTIN, CALLED, FIELD, jvmCalledType, jvmClrReturns, kotlinReturns, kotlinType, named, typeName } from "./typed-names.js";
import { kotlinReturnType, typeArguments, withArguments } from "./generic-results.js";

/**
 * The type of a value declared with a builtin type — a primitive, an array, Swift's `[String]` —: a
 * name no project type has, so in a statically typed language its members link nothing (`args.length`,
 * `names.append(…)` had been any project member of that name), and elsewhere fall back to the name.
 */
export { BUILTIN };
export { CALLED, FIELD };
/** A method's declared return type `this`: the class or interface declaring it. */
export const THIS = "\u0005";
/** The type of an array's element (`out: Entry[]`: ELEMENT + `Entry`), for an object a `push` passes (collect.ts); no type of the array's own. */
export const ELEMENT = "\u0006";
/** The key of what awaiting a call gives, after the function's name (`load(await`), where `load(` keys what the call gives. */
export const AWAITED = "(await";


/** What one language declares: its scope and declaration node types, and each declaration's names and types. */
export interface Declarations {
  scopes: string[];
  /** Of the scopes, a class's (its fields: what `this.x` / `self.x` names). */
  classes: string[];
  binders: string[];
  /** Each name a declaration node declares, with its type (null: none usable); `toClass`: a field of the innermost class. */
  declare(n: Node, src: string, bind: (name: Node | null | undefined, type: string | null, toClass?: boolean, args?: string | null) => void): void;
  /**
   * A function's or method's declared return type, for a member of what a call gives (`this.get().x`,
   * `z.string().min()`): its name and the type, when `n` declares one that reads as a class's — and
   * what awaiting the call gives (`Promise<T>`'s T), keyed AWAITED.
   */
  returns?(n: Node, src: string): [name: string, type: string | null, awaited: string | null, params?: (string | null)[], args?: string | null] | undefined;
}

const JAVA: Declarations = {
  returns: (n, src) => withArguments(jvmClrReturns(n, src), n.childForFieldName("type"), src),
  scopes: ["method_declaration", "constructor_declaration", "compact_constructor_declaration", "class_body", "enum_body", "interface_body", "record_declaration"],
  classes: ["class_body", "enum_body", "interface_body", "record_declaration"],
  binders: ["formal_parameter", "spread_parameter", "local_variable_declaration", "enhanced_for_statement", "catch_formal_parameter", "resource", "field_declaration", "constant_declaration"],
  declare(n, src, bind) {
    switch (n.type) {
      case "formal_parameter":
      case "enhanced_for_statement":
      case "resource":
        bind(n.childForFieldName("name"), typeName(n.childForFieldName("type"), src) ?? varType(n.childForFieldName("value"), n.childForFieldName("type"), src), false, typeArguments(madeType(n.childForFieldName("value"), n.childForFieldName("type"), src), src));
        break;
      case "catch_formal_parameter": {
        const types = n.namedChildren.find((c) => c?.type === "catch_type")?.namedChildren ?? [];
        bind(n.childForFieldName("name"), types.length === 1 ? typeName(types[0], src) : null);
        break;
      }
      case "spread_parameter":
        // (`String... rest` is an array.)
        for (const d of n.namedChildren) if (d?.type === "variable_declarator") bind(d.childForFieldName("name"), BUILTIN);
        break;
      default:
        // local_variable_declaration, field_declaration, constant_declaration: `Type a = …, b;`, `var c = new T()`.
        for (const d of n.childrenForFieldName("declarator")) {
          if (!d) continue;
          // (`int a[]`: an array by its declarator.)
          const array = d.childForFieldName("dimensions") !== null;
          const value = d.childForFieldName("value");
          // (A local `var r = c.registry()`: what the call returns — not a field's, whose row would name no type.)
          const called = n.type === "local_variable_declaration" && src.slice(n.childForFieldName("type")?.startIndex ?? 0, n.childForFieldName("type")?.endIndex ?? 0) === "var" ? jvmCalledType(value, src) : null;
          // (`var q = new ArrayDeque<Foo>()`: the type arguments the constructor call writes.)
          bind(d.childForFieldName("name"), array ? BUILTIN : (typeName(n.childForFieldName("type"), src) ?? varType(value, n.childForFieldName("type"), src) ?? called), false, array ? null : typeArguments(madeType(value, n.childForFieldName("type"), src), src));
        }
    }
  },
};

const CSHARP: Declarations = {
  returns: (n, src) => withArguments(jvmClrReturns(n, src), n.childForFieldName("type") ?? n.childForFieldName("returns"), src),
  scopes: ["method_declaration", "constructor_declaration", "local_function_statement", "accessor_declaration", "declaration_list"],
  classes: ["declaration_list"],
  binders: ["parameter", "variable_declaration", "for_each_statement", "catch_declaration", "property_declaration"],
  declare(n, src, bind) {
    switch (n.type) {
      case "parameter":
      case "catch_declaration":
      case "property_declaration":
        bind(n.childForFieldName("name"), typeName(n.childForFieldName("type"), src), false, typeArguments(n.childForFieldName("type"), src));
        break;
      case "for_each_statement":
        bind(n.childForFieldName("left"), typeName(n.childForFieldName("type"), src), false, typeArguments(n.childForFieldName("type"), src));
        break;
      default: {
        // variable_declaration (a local's, a field's, a `using`'s): `Type a = …, b;`, `var c = new T()`.
        const type = n.childForFieldName("type");
        for (const d of n.namedChildren) {
          if (d?.type !== "variable_declarator") continue;
          const value = d.namedChildren.find((c) => c?.type === "equals_value_clause")?.namedChild(0);
          // (`var r = c.Registry()` in a method: what the call returns.)
          const local = n.parent?.type === "local_declaration_statement" || n.parent?.type === "using_statement";
          const made = type?.type === "implicit_type" && value?.type === "object_creation_expression" ? value.childForFieldName("type") : null;
          bind(d.namedChildren.find((c) => c?.type === "identifier"), type?.type === "implicit_type" ? (made ? typeName(made, src) : local ? jvmCalledType(value, src) : null) : typeName(type, src), false, typeArguments(made ?? type, src));
        }
      }
    }
  },
};

/**
 * TypeScript and JavaScript: parameters with a type (`req: Request`, `opt?: Store | undefined`), and
 * bindings with one or made by `new` (`const s = new Store()`, also in JavaScript). Unlike Java's and
 * C#'s, a type no project file declares falls back to the member by name (link.ts: a JS value may be a
 * namespace import); one the project declares is its member's.
 */
const TS: Declarations = {
  // (A signature is a scope: its parameters are its own, not fields of the interface or names of the file.)
  scopes: ["program", "function_declaration", "generator_function_declaration", "function_expression", "arrow_function", "method_definition", "class_body", "interface_body", "method_signature", "abstract_method_signature", "function_signature"],
  classes: ["class_body", "interface_body"],
  binders: ["required_parameter", "optional_parameter", "variable_declarator", "public_field_definition", "field_definition", "property_signature"],
  returns(n, src) {
    // (The node type first: every parameter and declarator comes here, and each child asked for is a call into the runtime.)
    const name = RETURNING.has(n.type) ? n.childForFieldName("name") : null;
    // (A const's or class field's arrow function or function expression: `const make = (): Item => …`.)
    const value = name && (n.type === "variable_declarator" || n.type === "public_field_definition") ? n.childForFieldName("value") : n;
    const fn = name && (value === n || value?.type === "arrow_function" || value?.type === "function_expression") ? value : null;
    const returned = fn?.childForFieldName("return_type")?.namedChild(0);
    // (`min(n): this`, a fluent method: THIS, the declaring class — typed-scope.ts.)
    const type = returned?.type === "this_type" ? THIS : tsType(returned, src);
    // (`Promise<T>`, and a thenable class named so, `APIPromise<T>`: T.)
    const awaited = tsType(promised(returned, src), src);
    // (Each parameter's, for an object literal passed there: `connect(url, { name })`, objectKeyType.)
    const params = (fn?.childForFieldName("parameters")?.namedChildren ?? []).map((p) => (p?.type === "required_parameter" || p?.type === "optional_parameter" ? tsType(p.childForFieldName("type")?.namedChild(0), src, false) : null));
    return type || awaited || params.some((t) => t) ? [src.slice(name!.startIndex, name!.endIndex), type, awaited, params] : undefined;
  },
  declare(n, src, bind) {
    const made = (value: Node | null) => (value?.type === "new_expression" ? named(value.childForFieldName("constructor"), src) : null);
    // (An array's element type, `const out: Entry[] = []`: ELEMENT + Entry, for `out.push({ … })`'s keys.)
    const declared = (t: Node | null | undefined) => ((e) => (e ? `${ELEMENT}${e}` : tsType(t, src)))(tsType(elementType(t, src), src, false));
    if (n.type === "variable_declarator") {
      const value = n.childForFieldName("value");
      bind(n.childForFieldName("name"), declared(n.childForFieldName("type")?.namedChild(0)) ?? made(value) ?? calledType(value, src));
    }
    // (An interface's property, for an object literal nested under it: `{ retry: { max } }`; not the language's own types, whose members no object literal gives.)
    else if (n.type === "property_signature") bind(n.childForFieldName("name"), ((t) => (t && !JS_GLOBAL_TYPES.test(t) ? t : null))(tsType(n.childForFieldName("type")?.namedChild(0), src, false)), true);
    else if (n.type === "public_field_definition" || n.type === "field_definition") {
      // A class field, `private store: Store`, `cache = new Cache()`: what `this.store` names.
      const name = n.childForFieldName("name") ?? n.childForFieldName("property");
      if (name?.type === "property_identifier") bind(name, declared(n.childForFieldName("type")?.namedChild(0)) ?? made(n.childForFieldName("value")), true);
    } else {
      const type = declared(n.childForFieldName("type")?.namedChild(0));
      bind(n.childForFieldName("pattern"), type);
      // (A parameter property, `constructor(private store: Store)`, is a field too.)
      if (n.namedChildren.some((c) => c?.type === "accessibility_modifier" || c?.type === "readonly")) bind(n.childForFieldName("pattern"), type, true);
    }
  },
};

/**
 * The type of a value a call gives, `const s = z.string()`, `const item = this.get(k)`, `const v =
 * store.get(k)`, `const store = makeStore()`: CALLED + `head#callee(` (no head for a bare call; FIELD +
 * the field's name for `this.store.get(k)`), for collect.ts to read as what that call returns; `const item
 * = await store.load(k)`: `head#load(await`; `const o = z.string().optional()`: `z#string(#optional(`.
 */
function calledType(value: Node | null, src: string): string | null {
  const awaited = value?.type === "await_expression";
  const chain = callChain(awaited ? value!.namedChild(0) : value, src, awaited ? AWAITED : "(", 1);
  return chain && `${CALLED}${chain}`;
}

/** Calls followed down a chain to its head: `z.string().min(1).max(5)` is three (collect.ts too). */
export const MAX_CALLS = 4;

/** `head#a(#b(` for the call `head.a().b()` (its last key `key`), or null for another shape. */
function callChain(call: Node | null, src: string, key: string, calls: number): string | null {
  const f = call?.type === "call_expression" ? call.childForFieldName("function") : null;
  const text = (n: Node) => src.slice(n.startIndex, n.endIndex);
  // (A bare call, `const store = makeStore()`: what that function returns.)
  if (f?.type === "identifier") return `#${text(f)}${key}`;
  const head = f?.type === "member_expression" ? f.childForFieldName("object") : null;
  const callee = head && f!.childForFieldName("property");
  if (!head || callee?.type !== "property_identifier") return null;
  const k = `${text(callee)}${key}`;
  if (head.type === "identifier" || head.type === "this") return `${text(head)}#${k}`;
  // (`this.store.get(k)`: what the field's type's `get` returns.)
  const field = head.type === "member_expression" && head.childForFieldName("object")?.type === "this" ? head.childForFieldName("property") : null;
  if (field?.type === "property_identifier") return `${FIELD}${text(field)}#${k}`;
  const before = head.type === "call_expression" && calls < MAX_CALLS ? callChain(head, src, "(", calls + 1) : null;
  return before && `${before}#${k}`;
}

/**
 * TypeScript: what gives the type whose member an object literal's key (`key`, a pair's
 * property_identifier or a shorthand_property_identifier) names — a declaration typing the object: `^T`
 * for `const o: T = { key }`, `{ key } as T` / `satisfies T`, `return { key }` in a function declaring it
 * returns T (or `Promise<T>`), `(): T => ({ key })`; the parameter it is passed to: `^T#constructor(0`
 * for `new T({ key })`, CALLED + `head#f(1` for `head.f(a, { key })` (collect.ts reads the head as for a
 * call's result, typed-scope.ts keeps parameters' types as `f(1` rows); in an object that is another
 * key's value, that key's member's type (`^Options#retry`). null: none known (an untyped object, one in
 * an array, a type named through a namespace).
 */
export function objectKeyType(key: Node, src: string, depth = 0): string | null {
  // (A pair's key, or a shorthand one, `{ api }`.)
  let cur = key.parent?.type === "pair" ? key.parent.parent : key.parent?.type === "object" ? key.parent : null;
  let p = cur?.parent;
  // (Through parentheses, a conditional's arms and a spread into an outer object: `ok ? { a } : { ...(w ? { b } : {}) }`;
  // an array's element, `const list: Options[] = [{ a }]`: the declared type's element type.)
  let element = false;
  for (let n = 0; p && n < 8; n++) {
    if (p.type === "parenthesized_expression" || (p.type === "ternary_expression" && p.childForFieldName("condition")?.startIndex !== cur!.startIndex)) [cur, p] = [p, p.parent];
    else if (p.type === "spread_element" && p.parent?.type === "object") [cur, p] = [p.parent, p.parent.parent];
    else if (p.type === "array" && !element) [cur, p, element] = [p, p.parent, true];
    else break;
  }
  const type = (t: string | null) => t && `^${t}`;
  const of = (t: Node | null | undefined) => (element ? elementType(t, src) : t);
  // (Nested, `{ retry: { max: 3 } }`: the member of the outer key's type, `^Options#retry`.)
  if (p?.type === "pair" && depth < 3 && !element) {
    const outer = p.childForFieldName("key");
    return ((t) => t && `${t}#${src.slice(outer!.startIndex, outer!.endIndex)}`)(outer?.type === "property_identifier" ? objectKeyType(outer, src, depth + 1) : null);
  }
  if (p?.type === "variable_declarator") return type(tsType(of(p.childForFieldName("type")?.namedChild(0)), src, false));
  if (p?.type === "satisfies_expression" || p?.type === "as_expression") return type(tsType(of(p.namedChild(1)), src, false));
  if (p?.type === "arguments" && !element) {
    const at = p.namedChildren.findIndex((a) => a?.startIndex === cur!.startIndex);
    const call = p.parent;
    if (call?.type === "new_expression") return ((t) => t && `^${t}#constructor(${at}`)(named(call.childForFieldName("constructor"), src));
    return ((chain) => chain && `${CALLED}${chain}`)(callChain(call, src, `(${at}`, 1));
  }
  // (A function's `return { … }`: the function the statement is in; an arrow function's body.)
  if (p?.type === "return_statement") for (p = p.parent; p && !FUNCTIONS.has(p.type); p = p.parent);
  return p && FUNCTIONS.has(p.type) ? type(returnedType(p.childForFieldName("return_type")?.namedChild(0), src, element)) : null;
}

/**
 * objectKeyType of a property_identifier, asking for its parent only where it may be a pair's key: one is
 * followed by its `:` after spaces and comments, so in a tree without errors a name followed by anything
 * else — a method's, a property signature's, `run() {`, `name?: T` — is none and gives no type (each
 * parent asked is a walk down from the root: 1.1 s of a worker's 19 on effect's sources). `parsed`: the text
 * the tree was parsed from (FileContext.parsed), when the tree has no errors — in one with errors a `:` the
 * parser supplied is absent from the text; undefined: every key is asked.
 */
export function pairKeyType(key: Node, src: string, parsed: string | undefined): string | null {
  if (parsed !== undefined) {
    let j = key.endIndex;
    let c = parsed.charCodeAt(j);
    while (c === 32 || (c >= 9 && c <= 13)) c = parsed.charCodeAt(++j);
    // (`/` a comment, `<` and `-` an HTML-like one, beyond ASCII another kind of space: asked.)
    if (c !== 58 && c !== 47 && c !== 60 && c !== 45 && c < 128) return null;
  }
  return objectKeyType(key, src);
}

/** An array type's element type: `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`; else null. */
function elementType(t: Node | null | undefined, src: string): Node | null {
  if (t?.type === "readonly_type") return elementType(t.namedChild(0), src);
  if (t?.type === "array_type") return t.namedChild(0);
  const name = t?.type === "generic_type" ? t.childForFieldName("name") : null;
  return name && /^(?:Readonly)?Array$/.test(src.slice(name.startIndex, name.endIndex)) ? (t!.childForFieldName("type_arguments")?.namedChild(0) ?? null) : null;
}

/** The node types of a TypeScript function's declaration, for a `return` in it. */
const FUNCTIONS = new Set(["function_declaration", "method_definition", "arrow_function", "function_expression", "generator_function_declaration"]);

/** What awaiting a value of type `t` gives: `Promise<T>`'s and a thenable class's named so (`APIPromise<T>`) T; else null. */
function promised(t: Node | null | undefined, src: string): Node | null {
  return t?.type === "generic_type" && /^(?:[A-Z]\w*)?Promise$/.test(src.slice(t.startIndex, t.childForFieldName("name")!.endIndex)) ? (t.childForFieldName("type_arguments")?.namedChild(0) ?? null) : null;
}

/** What a function declaring return type `t` gives its `return` (an object key's: no `ns.T`): T of `Promise<T>`, else T. */
function returnedType(t: Node | null | undefined, src: string, element = false): string | null {
  // (An array's element: `Promise<T[]>`'s T too.)
  const r = promised(t, src) ?? t;
  return tsType(element ? elementType(r, src) : r, src, false);
}

/** TypeScript's and the runtime's own generic and global types (`Array<T>`, `Record<K, V>`, `Date`). */
const JS_GLOBAL_TYPES = /^(?:Array|ReadonlyArray|Record|Set|Map|ReadonlySet|ReadonlyMap|WeakMap|WeakSet|Promise|Partial|Readonly|Required|Pick|Omit|Exclude|Extract|NonNullable|ReturnType|Parameters|RegExp|Date|Error|Function|Object|String|Number|Boolean|Uint8Array|ArrayBuffer|Buffer|Iterable|AsyncIterable|Iterator|AsyncIterator|Generator|AsyncGenerator)$/;

/** TypeScript's declarations with a return type: methods, their signatures, functions and their overloads, and function-valued consts and fields. */
const RETURNING = new Set(["method_definition", "method_signature", "abstract_method_signature", "function_declaration", "function_signature", "variable_declarator", "public_field_definition"]);

/** A TypeScript type's class name: `Store`, `Map<K, V>`, `ns.Store`, `Store | undefined`; else null. */
function tsType(t: Node | null | undefined, src: string, qualified = true): string | null {
  if (!t) return null;
  if (t.type === "type_identifier") return named(t, src);
  // (`qualified` false: not `ns.Store`, whose last name alone may be another namespace's type — an object key's.)
  if (t.type === "generic_type" || (t.type === "nested_type_identifier" && qualified)) return tsType(t.childForFieldName("name"), src, qualified);
  if (t.type === "union_type") {
    const arms = t.namedChildren.filter((c) => c && !(c.type === "literal_type" && /^(?:null|undefined)$/.test(src.slice(c.startIndex, c.endIndex))));
    return arms.length === 1 ? tsType(arms[0], src, qualified) : null;
  }
  return null;
}

/**
 * Python: annotated parameters and assignments (`req: Request`, `opt: Optional[Store] = None`, `q:
 * Cache = …`) and a value made by calling a class (`p = ArgumentParser(…)`: a capitalized callee). As
 * in TypeScript, a type the project does not declare falls back to the member by name.
 */
const PYTHON: Declarations = {
  scopes: ["module", "function_definition", "class_definition", "lambda"],
  classes: ["class_definition"],
  binders: ["typed_parameter", "typed_default_parameter", "assignment"],
  declare(n, src, bind) {
    if (n.type === "assignment") {
      const right = n.childForFieldName("right");
      const callee = right?.type === "call" ? right.childForFieldName("function") : null;
      const type = pyType(n.childForFieldName("type")?.namedChild(0), src) ?? (callee ? named(callee.type === "attribute" ? callee.childForFieldName("attribute") : callee, src) : null);
      const left = n.childForFieldName("left");
      // `self.store = Store()` / `self.store: Store = …` in a method: the class's attribute.
      if (left?.type === "attribute" && src.slice(left.startIndex, left.startIndex + 5) === "self.") bind(left.childForFieldName("attribute"), type, true);
      else bind(left, type);
    } else bind(n.childForFieldName("name") ?? n.namedChildren.find((c) => c?.type === "identifier"), pyType(n.childForFieldName("type")?.namedChild(0), src));
  },
};

/** A Python annotation's class name: `Store`, `"Store"`, `mod.Store`, `Optional[Store]`, `Store | None`; else null. */
function pyType(t: Node | null | undefined, src: string): string | null {
  if (!t) return null;
  if (t.type === "identifier") return named(t, src);
  if (t.type === "attribute") return named(t.childForFieldName("attribute"), src);
  if (t.type === "string") return named(t.namedChildren.find((c) => c?.type === "string_content"), src);
  if (t.type === "generic_type" && src.slice(t.startIndex, t.startIndex + 9) === "Optional[") return pyType(t.namedChildren[1]?.namedChild(0)?.namedChild(0), src);
  if (t.type === "binary_operator") {
    const arms = [t.childForFieldName("left"), t.childForFieldName("right")].filter((c) => c && src.slice(c.startIndex, c.endIndex) !== "None");
    return arms.length === 1 ? pyType(arms[0], src) : null;
  }
  return null;
}

/**
 * Rust: parameters and `let`s with a type (`s: &Store`, `m: &mut HashMap<K, V>`, `b: Box<Store>` —
 * method calls see through references and Box/Rc/Arc), and values made by `T::new(…)`, `T::default()`,
 * `T::with_…(…)` or a struct literal `T { … }`. A type the project does not declare (`Vec`, `HashMap`)
 * links nothing, as `Vec::new()` does.
 */
const RUST: Declarations = {
  scopes: ["function_item", "closure_expression"],
  classes: [],
  binders: ["parameter", "let_declaration"],
  declare(n, src, bind) {
    const value = n.type === "let_declaration" ? n.childForFieldName("value") : null;
    const type = rustType(n.childForFieldName("type"), src) ?? rustValueType(value, src);
    // (`Self`: the impl's type, which the name does not say — the member by name, as before.)
    bind(n.childForFieldName("pattern"), type === "Self" ? null : type);
  },
};

/** A Rust type's own name for its methods: `Store`, `&mut Store`, `Box<Store>`, `Arc<Store>`, `crate::a::Store`; else null. */
function rustType(t: Node | null | undefined, src: string): string | null {
  if (!t) return null;
  if (t.type === "primitive_type" || t.type === "array_type") return BUILTIN;
  if (t.type === "type_identifier") return named(t, src);
  if (t.type === "reference_type") return rustType(t.childForFieldName("type"), src);
  if (t.type === "scoped_type_identifier") return rustType(t.childForFieldName("name"), src);
  if (t.type === "generic_type") {
    const base = t.childForFieldName("type");
    const name = base && src.slice(base.startIndex, base.endIndex);
    return name && /^(?:Box|Rc|Arc)$/.test(name) ? rustType(t.childForFieldName("type_arguments")?.namedChild(0), src) : rustType(base, src);
  }
  return null;
}

/** The type a value is made as: `T::new(…)`, `T::default()`, `T::with_capacity(…)`, `T { … }`. */
function rustValueType(v: Node | null | undefined, src: string): string | null {
  if (v?.type === "struct_expression") return rustType(v.childForFieldName("name"), src);
  const f = v?.type === "call_expression" ? v.childForFieldName("function") : null;
  if (f?.type !== "scoped_identifier") return null;
  const fn = f.childForFieldName("name");
  const path = f.childForFieldName("path");
  return fn && path && /^(?:new|default|with_\w+)$/.test(src.slice(fn.startIndex, fn.endIndex)) ? named(path.type === "scoped_identifier" ? path.childForFieldName("name") : path, src) : null;
}

/**
 * Kotlin: parameters, a primary constructor's `val`/`var` parameters and properties with a type
 * (`s: Store`, `m: MutableMap<K, V>?`), and values made by calling a class (`val c = Cache()`).
 */
const KOTLIN: Declarations = {
  returns: (n, src) => withArguments(kotlinReturns(n, src), kotlinReturnType(n), src, true),
  scopes: ["source_file", "function_declaration", "class_declaration", "object_declaration", "lambda_literal", "anonymous_function"],
  classes: ["class_declaration", "object_declaration"],
  binders: ["parameter", "class_parameter", "property_declaration"],
  declare(n, src, bind) {
    if (n.type !== "property_declaration") {
      const type = n.namedChildren.find((c) => c?.type === "user_type" || c?.type === "nullable_type");
      bind(n.namedChildren.find((c) => c?.type === "simple_identifier"), kotlinType(type, src), false, typeArguments(type, src, true));
      return;
    }
    const v = n.namedChildren.find((c) => c?.type === "variable_declaration");
    const value = n.namedChildren.find((c) => c?.type === "call_expression");
    const callee = value?.namedChild(0);
    const made = callee?.type === "simple_identifier" ? named(callee, src) : null;
    // (A local `val r = c.registry()`, in a function: what the call returns — not a class's property.)
    const local = n.parent?.type === "statements";
    const declared = v?.namedChildren.find((c) => c?.type === "user_type" || c?.type === "nullable_type");
    bind(v?.namedChildren.find((c) => c?.type === "simple_identifier"), kotlinType(declared, src) ?? made ?? (local && !(callee?.type === "simple_identifier" && /^[A-Z]/.test(src.slice(callee.startIndex, callee.endIndex))) ? jvmCalledType(value, src) : null), false, typeArguments(declared, src, true));
  },
};

/** Swift: parameters and properties with a type (`s: Store`, `c: Cache?`) and values made by calling a type (`let a = Cache()`). */
const SWIFT: Declarations = {
  scopes: ["source_file", "function_declaration", "init_declaration", "class_declaration", "lambda_literal", "computed_property"],
  classes: ["class_declaration"],
  binders: ["parameter", "property_declaration"],
  declare(n, src, bind) {
    if (n.type === "parameter") {
      // (A parameter's `name` fields: its name, then its type.)
      const [name, type] = n.childrenForFieldName("name");
      bind(name, swiftType(type, src));
      return;
    }
    const name = n.childForFieldName("name")?.childForFieldName("bound_identifier");
    const annotation = n.namedChildren.find((c) => c?.type === "type_annotation")?.childForFieldName("name");
    const value = n.childForFieldName("value");
    const callee = value?.type === "call_expression" ? value.namedChild(0) : null;
    // (`Array<String>()` is a constructor_expression.)
    const made = value?.type === "constructor_expression" ? swiftType(value.childForFieldName("constructed_type"), src) : callee?.type === "simple_identifier" ? named(callee, src) : null;
    bind(name, swiftType(annotation, src) ?? made);
  },
};

/** A Swift type's name: `Store`, `Cache?`, `Box<T>`'s `Box`; else null. */
function swiftType(t: Node | null | undefined, src: string): string | null {
  if (t?.type === "optional_type") return swiftType(t.childForFieldName("wrapped"), src);
  if (t?.type === "array_type" || t?.type === "dictionary_type") return BUILTIN;
  if (t?.type !== "user_type") return null;
  const ids = t.namedChildren.filter((c) => c?.type === "type_identifier");
  return named(ids[ids.length - 1], src);
}

export const LANGUAGES: Record<string, Declarations> = { java: JAVA, csharp: CSHARP, typescript: TS, tsx: TS, javascript: TS, python: PYTHON, rust: RUST, kotlin: KOTLIN, swift: SWIFT };

/** `var x = new T(…)`: T. */
function varType(value: Node | null | undefined, type: Node | null | undefined, src: string): string | null {
  return typeName(madeType(value, type, src), src);
}

/** The type a declaration's type arguments are read from: the declared one, or for `var x = new T<A>(…)` the constructor call's `T<A>`. */
function madeType(value: Node | null | undefined, type: Node | null | undefined, src: string): Node | null | undefined {
  if (!type || src.slice(type.startIndex, type.endIndex) !== "var") return type;
  return value?.type === "object_creation_expression" ? value.childForFieldName("type") : null;
}
