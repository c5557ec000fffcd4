/**
 * Java, C#, Kotlin, Swift, TypeScript, JavaScript, Python and Rust: the declared type of the names a function or class declares, for a member selected on a
 * value (`m.put(k, v)` with `HashMap<K, V> m`, `req.getHeader(…)` with `Request req`): collect.ts keeps
 * the type as the occurrence's qualifier (`^HashMap`), and link.ts finds the member there
 * (qualified.ts) — another library's type (`java.util.HashMap` outside the project) links nothing,
 * where a member by its name alone had taken any project class's `put`. Go does the same by
 * go-package.ts goLocals.
 */
import type { Node } from "web-tree-sitter";
import { AWAITED, BUILTIN, CALLED, ELEMENT, FIELD, LANGUAGES, THIS, type Declarations } from "./typed-declarations.js";
import { ARGS } from "./generic-results.js";

export { AWAITED, BUILTIN, CALLED, ELEMENT, FIELD, MAX_CALLS, objectKeyType, pairKeyType } from "./typed-declarations.js";

/** A declaring range (a method's or constructor's, or a class body's for its fields) and its names' types. */
type Scope = { start: number; end: number; row: number; endRow: number; types: Map<string, string | null>; isClass: boolean; owner?: string; top?: boolean };

/** The node types a language's TypedScopes takes from collect's walk, or undefined for a language without. */
export function typedScopeNodes(language: string): Set<string> | undefined {
  const d = LANGUAGES[language];
  return d && new Set([...d.scopes, ...d.binders]);
}

/**
 * Built from the nodes of collect.ts's one walk (preorder: a scope before what it holds), asked once the
 * walk is done (a field may be declared below the method using it).
 */
export class TypedScopes {
  private readonly scopes: Scope[] = [];
  /** The scopes holding the last node added, innermost last. */
  private readonly open: Scope[] = [];
  private readonly lang: Declarations;
  private readonly scopeTypes: Set<string>;
  constructor(
    private readonly src: string,
    language: string,
  ) {
    this.lang = LANGUAGES[language]!;
    this.scopeTypes = new Set(this.lang.scopes);
    this.classTypes = new Set(this.lang.classes);
  }
  private readonly classTypes: Set<string>;

  /** A scope or declaration node (typedScopeNodes), in preorder. */
  add(n: Node): void {
    const at = n.startIndex;
    while (this.open.length && this.open[this.open.length - 1]!.end <= at) this.open.pop();
    // (A method's or function's return type, `get(`, in the scope declaring it: before its own scope opens.)
    const returned = this.lang.returns?.(n, this.src);
    const top = this.open[this.open.length - 1];
    if (returned?.[1]) this.bindKey(`${returned[0]}(`, returned[1] === THIS ? (top?.isClass && top.owner) || null : returned[1]);
    if (returned?.[2]) this.bindKey(`${returned[0]}${AWAITED}`, returned[2]);
    returned?.[3]?.forEach((t, i) => t && this.bindKey(`${returned[0]}(${i}`, t));
    // (Java, C#, Kotlin: the type arguments of the type it returns, `findFoo(<` → `Foo` of `Optional<Foo>`.)
    if (returned?.[4]) this.bindKey(`${returned[0]}(${ARGS}`, returned[4]);
    if (this.scopeTypes.has(n.type)) {
      const s: Scope = { start: at, end: n.endIndex, row: n.startPosition.row, endRow: n.endPosition.row, types: new Map(), isClass: this.classTypes.has(n.type) };
      // (The file's own scope — TS's program —: its functions' return types are rows too.)
      if (!this.scopes.length && !s.isClass) s.top = true;
      // (A class body's class name, for its fields' rows: `this.client.post()` two steps down.)
      // (Kotlin's class and object declarations name theirs by a child, no field.)
      const named = s.isClass ? ((n.childForFieldName("name") ? n : n.parent)?.childForFieldName("name") ?? n.namedChildren.find((c) => c?.type === "type_identifier") ?? null) : null;
      if (named) s.owner = this.src.slice(named.startIndex, named.endIndex);
      this.scopes.push(s);
      this.open.push(s);
      return;
    }
    this.lang.declare(n, this.src, (name, type, toClass, args) => this.bind(name, type, toClass, args));
  }

  /**
   * The name declared in the innermost open scope; declared twice with different types there: null.
   * `args` (Java, C#, Kotlin): the type arguments its type writes, keyed `name<` (generic-results.ts; null: none written).
   */
  private bind(name: Node | null | undefined, type: string | null, toClass = false, args?: string | null): void {
    let s = this.open[this.open.length - 1];
    if (toClass) for (let i = this.open.length - 1; i >= 0 && s; i--) if ((s = this.open[i]!).isClass || i === 0) break;
    if (toClass && !s?.isClass) return;
    if (!s || (name?.type !== "identifier" && name?.type !== "simple_identifier" && name?.type !== "property_identifier")) return;
    this.bindKey(this.src.slice(name.startIndex, name.endIndex), type, s);
    if (args !== undefined) this.bindKey(`${this.src.slice(name.startIndex, name.endIndex)}${ARGS}`, args, s);
  }

  /** `key` declared in `s` (the innermost open scope); declared twice with different types there: null. */
  private bindKey(key: string, type: string | null, s = this.open[this.open.length - 1]): void {
    if (!s) return;
    const had = s.types.get(key);
    s.types.set(key, had === undefined || had === type ? type : null);
  }

  /** The innermost class's name at the row (0-based), for a field's row (`Store#client`). */
  classAt(row: number): string | undefined {
    // (As typeAt: the latest-starting class scope spanning the row is the innermost.)
    for (let i = this.lastStartingBy(row); i >= 0; i--) {
      const s = this.scopes[i]!;
      if (s.isClass && s.endRow >= row) return s.owner;
    }
    return undefined;
  }

  /**
   * Java, C#, Kotlin: what a bare call `f()` at the row calls, for a member of what it gives — a method
   * of the innermost class (`^Cls#f(`: declared there, or inherited), or (Kotlin) a function the file
   * declares at its top, or one outside any class (`^#f(`: the file's or an imported one); undefined
   * inside a class without a name (an anonymous one).
   */
  bareCall(row: number, key: string, topLevelFunctions: boolean): string | undefined {
    // (`key` may go on down a chain, `getFoo(#bar(`: its first call is the one declared.)
    const first = key.slice(0, key.indexOf("(") + 1);
    for (let i = this.lastStartingBy(row); i >= 0; i--) {
      const s = this.scopes[i]!;
      if (s.row > row || s.endRow < row) continue;
      if (s.isClass && (s.types.has(first) || !topLevelFunctions)) return s.owner && `^${s.owner}#${key}`;
      if (s.top && s.types.has(first)) return `^#${key}`;
    }
    if (!topLevelFunctions) return undefined;
    const cls = this.classAt(row);
    return cls ? `^${cls}#${key}` : `^#${key}`;
  }

  /** The index of the last scope starting at or before the row (-1: none). */
  private lastStartingBy(row: number): number {
    const scopes = this.scopes;
    if (!scopes.length || scopes[0]!.row > row) return -1;
    let lo = 0;
    let hi = scopes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (scopes[mid]!.row <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * Every class's fields with a usable type, as FileEntry.ft rows `Class.field\ttype`, and its methods'
   * return types, `Class.get(\ttype`; the file's top-level functions' too, `.string(\ttype`.
   */
  fieldRows(): string[] {
    const out: string[] = [];
    for (const s of this.scopes) {
      const top = s.top === true;
      if (!(s.isClass && s.owner) && !top) continue;
      // (An array field's row names Array, the language's type: `this.items.map()` is no project member.)
      for (const [k, t] of s.types) if (t && t !== BUILTIN && t[0] !== CALLED && (!k.endsWith(ARGS) || k.endsWith(`(${ARGS}`)) && (!top || k.includes("("))) out.push(`${top ? "" : s.owner}.${k}\t${t[0] === ELEMENT ? "Array" : t}`);
    }
    return out;
  }

  /** typeAt for a chain's head: a name (`store`), or FIELD + a field's name (`this.store`). */
  headType(row: number, head: string, element = false): string | null | undefined {
    return head[0] === FIELD ? this.typeAt(row, head.slice(1), true, element) : this.typeAt(row, head, false, element);
  }

  /**
   * The declared type of `name` at the row (0-based): the innermost method's declaration, else the
   * innermost class's field (only a class's with `field`: `this.x`, `self.x`); null when declared with
   * no usable type (a primitive, an array, a type variable, twice with different types); undefined when
   * nothing there declares it.
   */
  typeAt(row: number, name: string, field = false, element = false): string | null | undefined {
    const scopes = this.scopes; // (in preorder: by start)
    // The latest-starting scopes spanning the row are the innermost.
    for (let i = this.lastStartingBy(row); i >= 0; i--) {
      const s = scopes[i]!;
      if (s.row > row || s.endRow < row || (field && !s.isClass)) continue;
      const t = s.types.get(name);
      // (An array's element type, ELEMENT + T, only when asked for: the array itself has no type here.)
      if (t !== undefined) return t?.[0] === ELEMENT && !element ? null : t;
    }
    return undefined;
  }
}
