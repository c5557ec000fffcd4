/**
 * Statements directly in a constructor's body — an ES class's `constructor() {…}` or a capitalised
 * function (pre-class JavaScript) — that give instances a property or a method (assignments.ts).
 */
import type { Node } from "web-tree-sitter";
import type { SymbolRecord } from "../../core/types.js";
import { assignmentOf } from "./assignments.js";
import { prototypeMixinOwner } from "./prototype-mixins.js";

/** Whether an assignment statement sets `this.name` directly in a constructor's body (instanceProperty). */
export function definesInstanceProperty(node: Node | undefined): boolean {
  // (Asked of every member assignment inside a function: the text first — a parent is a walk from the root.)
  if (node?.type !== "expression_statement" || !node.text.startsWith("this.")) return false;
  const statement = node;
  const left = assignmentOf(node)?.childForFieldName("left");
  if (left?.type !== "member_expression" || left.childForFieldName("object")?.type !== "this") return false;
  // (And in ace's `(function () { this.x = …; }).call(Mode.prototype)`: Mode's prototype member.)
  // (A constructor function's data in JavaScript only, as a class constructor's: in TypeScript it sets a
  // field a class declares — preact-signals' `function Signal(this: Signal) { this._value = … }` beside
  // `declare class Signal`, rxjs's `this.message` in its error classes, which `Error` declares.)
  if (inClassConstructor(statement) || (inConstructorFunction(statement) && !typed(statement)) || inStaticBlock(statement) || !!prototypeMixinOwner(statement)) return true;
  // (Also a value set in an `if`/`else` of a class constructor's body: knex's `if (config.connection) {
  // this.connectionSettings = … }`. Not a function there, nor in a constructor function, whose
  // capitalised name may be a method's own: source-map's `MappingList.prototype.add = function MappingList_add`.)
  const right = assignmentOf(node)?.childForFieldName("right")?.type ?? "";
  const guarded = /function|arrow|class/.test(right) ? null : guardingIf(statement);
  return !!guarded && inClassConstructor(guarded);
}

/** The outermost `if` statement a statement stands in the branches of (through `else if`), or null. */
export function guardingIf(statement: Node): Node | null {
  let found: Node | null = null;
  for (let p = statement.parent, depth = 0; p && depth < 8; p = p.parent, depth++) {
    if (p.type === "if_statement") found = p;
    else if (p.type !== "else_clause" && !(p.type === "statement_block" && /^(?:if_statement|else_clause)$/.test(p.parent?.type ?? ""))) break;
  }
  return found;
}

/** `static { this.count = 0; }`: a statement directly in a class's static block, where `this` is the class (three's `Matrix4`). */
export function inStaticBlock(statement: Node): boolean {
  return statement.parent?.type === "statement_block" && statement.parent.parent?.type === "class_static_block";
}

/**
 * `function Queue() { this.push = function (x) {…}; }` (or `var Queue = function () {…}`): a statement
 * directly in the body of a function named like a constructor (capitalised) — pre-class JavaScript's
 * way to give instances methods.
 */
export function inConstructorFunction(statement: Node): boolean {
  const fn = statement.parent?.type === "statement_block" ? statement.parent.parent : null;
  if (fn?.type !== "function_declaration" && fn?.type !== "function_expression") return false;
  let name = fn.childForFieldName("name");
  if (!name && fn.parent?.type === "variable_declarator") name = fn.parent.childForFieldName("name");
  // (And `showdown.Converter = function (options) { this.makeHtml = function … }`: a constructor on a namespace.)
  // (Not a prototype's method named so, handlebars' visitor `WhitespaceControl.prototype.Program`, nor a
  // constant's, CoffeeScript's `NEGATE = function () { this.negated = … }`.)
  if (!name && fn.parent?.type === "assignment_expression" && fn.parent.childForFieldName("right")?.id === fn.id) {
    const left = fn.parent.childForFieldName("left");
    const property = left?.type === "member_expression" && left.childForFieldName("object")?.childForFieldName("property")?.text !== "prototype" ? left.childForFieldName("property") : null;
    name = property ?? (left?.type === "identifier" ? left : null);
    // (On a path an acronym is a class's name, jsrsasign's `KJUR.crypto.ECDSA = function (params) {
    // this.sign = function … }`: its API had been callbacks.)
    if (name && !/[a-z]/.test(name.text) && !(property && /^[A-Z][A-Z0-9]+$/.test(name.text))) return false;
  }
  // (Also `$LocationProvider`: angular's providers are constructors named with a `$`.)
  return !!name && /^\$?[A-Z]/.test(name.text);
}

/**
 * `constructor() { this.linePos = (offset) => {…}; }`: a statement directly in a class's constructor —
 * what a TypeScript class field holding a function (`linePos = (offset) => {…}`) compiles to, and how
 * classes bind handlers per instance. A method of the class (the pack lifts it out of the constructor).
 */
export function inClassConstructor(statement: Node): boolean {
  const ctor = statement.parent?.type === "statement_block" ? statement.parent.parent : null;
  return ctor?.type === "method_definition" && ctor.childForFieldName("name")?.text === "constructor" && ctor.parent?.type === "class_body" && !typed(statement);
}

const typedGrammars = new WeakMap<object, boolean>();
/**
 * Parsed by a TypeScript grammar: there a class declares its fields (parameter properties too), and a
 * constructor's `this.scope = …` sets a declared or inherited one — no entry of its own (loopback's
 * `Application` had listed `Context`'s `scope`; grpc's private `options` twice, once as public).
 */
export function typed(node: Node): boolean {
  const language = node.tree.language;
  let t = typedGrammars.get(language);
  if (t === undefined) typedGrammars.set(language, (t = language.idForNodeType("type_annotation", true) !== null));
  return t;
}

/**
 * A constructor function's instance properties once each, at the first assignment (bn.js's `Mont`
 * assigns `this.minv` three times: three entries), as a class constructor's are.
 */
export function onceEachProperty(members: SymbolRecord[]): SymbolRecord[] {
  const seen = new Set<string>();
  return members.filter((m) => m.kind !== "property" || !m.props?.assignment || (!seen.has(m.name) && !!seen.add(m.name)));
}
