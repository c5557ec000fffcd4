/**
 * Class fields a compiler wrote as helper calls, for targets without class fields: esbuild's (tsup's)
 * `__publicField(this, "items", [])` in a constructor and `__publicField(Store, "VERSION", "1")` after
 * the class, Babel's `_defineProperty(this, "toggle", () => {…})` (SWC's `_define_property`) in a constructor (its statics,
 * `_defineProperty(X, "k", …)`, are sequences.ts babelStatics'). A property of the class — a method when
 * the value is a function — as `items = []`, `static VERSION = "1"`, `toggle = () => {…}` were before
 * compilation: they had been no entries (the arrow a callback `_defineProperty@6`).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, signatureOf, type Resolved } from "../../core/extract.js";
import { inClassConstructor, inConstructorFunction } from "./constructors.js";
import { declaredTypesIn } from "./defined-properties.js";

/** `__publicField(this|X, "key"…`, `_defineProperty(this, "key"…` (also `(0, _defineProperty2.default)(this, …)`). */
// (A doc comment may stand before the key, Babel's `_defineProperty(this, /** Changed when … */ "atom", …)`: each
// comment to its first `*/`, at most 2,000 characters — a lazy `[^]*?` had tried every pairing of a run of
// comments' `/*` and `*/`, exponential, and read to the file's end per call from a comment left open.)
const FIELD_HELPER = /(?:\b__publicField|\b_define_?[pP]roperty\d*(?:\.default|\[["']default["']\])?\)?(?=\(\s*this\b))\(\s*(?:this|[A-Za-z_$][\w$]*)\s*,\s*(?:\/\*(?:[^*]|\*(?!\/)){0,2000}\*\/\s*)*["'][\w$]+["']\s*[,)]/g;

/**
 * The helper call a match of the source starts (`_defineProperty(this, "k", v)`, `__publicField(X, "k", v)`):
 * its statement, and its arguments' owner, key string and value — comments between them skipped (a doc
 * written before the key or the value).
 */
export function helperCallAt(ctx: FileContext, at: number): { stmt?: Node | null; owner?: Node | null; key?: Node | null; value?: Node | null } {
  let call = ctx.tree.rootNode.descendantForIndex(at, at + 1);
  while (call && call.type !== "call_expression") call = call.parent;
  const list = call?.childForFieldName("arguments")?.namedChildren.filter((a) => a?.type !== "comment") ?? [];
  return { stmt: call?.parent, owner: list[0], key: list[1]?.namedChild(0), value: list[2] };
}

export function fieldHelpers(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  if (!ctx.source.includes("__publicField") && !/_define_?[pP]roperty\d*(?:\.default|\[["']default["']\])?\)?\(\s*this\b/.test(ctx.source)) return out;
  for (const m of ctx.source.matchAll(FIELD_HELPER)) {
    const { stmt, owner, key, value } = helperCallAt(ctx, m.index);
    if (stmt?.type !== "expression_statement" || key?.type !== "string_fragment" || (owner?.type !== "this" && owner?.type !== "identifier")) continue;
    const instance = owner.type === "this";
    // (An instance field in a class's constructor; a static one on a class the statement's scope declares.)
    // (Or in a compiled class's constructor function, SWC's `function Store(name) { _define_property(this, "items", []) }`.)
    if (instance ? !(inClassConstructor(stmt) || inConstructorFunction(stmt)) : !ownsStatics(stmt.parent!, owner.text)) continue;
    const fn = value && /function|arrow/.test(value.type) ? value : null;
    const r = buildRecord(ctx, x, stmt, fn ? "method" : "property", ctx.text(key), key, instance ? { "declared-field": "true" } : { "babel-static": "true" }, instance ? undefined : owner.text);
    r.bodyNode = fn?.childForFieldName("body") ?? undefined;
    r.signature = signatureOf(ctx, stmt, r.bodyNode ?? null, []) || r.signature;
    out.push(r);
  }
  return out;
}

/**
 * Whether a scope declares `name` as a class or function — or binds it to an IIFE, a compiled class
 * (`var Store = /*#__PURE__*\/ function () { function Store() {…} … return Store; }()`, SWC's and Babel's
 * ES5 output, its statics written after it: `_define_property(Store, "VERSION", "1")`).
 */
export function ownsStatics(scope: Node, name: string): boolean {
  // (The scope's names read once a tree: a walk over the scope per static had been quadratic — a file of
  // 12,000 `_defineProperty(X, "k", v)` statics 35 s.)
  let byScope = ownersOf.get(scope.tree);
  if (!byScope) ownersOf.set(scope.tree, (byScope = new Map()));
  let names = byScope.get(scope.id);
  if (!names) byScope.set(scope.id, (names = staticOwners(scope)));
  return names.has(name);
}

const ownersOf = new WeakMap<object, Map<number, Set<string>>>();

/** The names a scope declares as a class or function, or binds to an IIFE (ownsStatics). */
function staticOwners(scope: Node): Set<string> {
  const out = declaredTypesIn(scope);
  for (let s = scope.firstNamedChild; s; s = s.nextNamedSibling) {
    const d = s.type === "export_statement" ? s.childForFieldName("declaration") : s;
    if (d?.type !== "variable_declaration" && d?.type !== "lexical_declaration") continue;
    for (let v = d.firstNamedChild; v; v = v.nextNamedSibling) {
      const name = v.type === "variable_declarator" ? v.childForFieldName("name")?.text : undefined;
      if (name === undefined || out.has(name)) continue;
      let value = v.childForFieldName("value");
      // (Through an export chain, Babel's ES5 `var Store = exports.Store = /*#__PURE__*\/function () {…}()`.)
      while (value?.type === "parenthesized_expression" || value?.type === "assignment_expression") value = value.type === "assignment_expression" ? value.childForFieldName("right") : value.namedChild(0);
      let fn = value?.type === "call_expression" ? value.childForFieldName("function") : null;
      while (fn?.type === "parenthesized_expression") fn = fn.namedChild(0);
      if (fn?.type === "function_expression" || fn?.type === "arrow_function") out.add(name);
    }
  }
  return out;
}
