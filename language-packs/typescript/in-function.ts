/**
 * Member assignments inside a function body that are entries, not locals (the pack's keepInFunction):
 * methods a factory defines by name or on a prototype, statics of a constructor it declares or gives
 * prototype members, what it installs on the binding it returns.
 */
import type { Node } from "web-tree-sitter";
import { FUNCTION_KINDS, type SymbolRecord } from "../../core/types.js";
import { assignedFunction, assignmentOf } from "./assignments.js";
import { guardingIf, inClassConstructor, inConstructorFunction } from "./constructors.js";
import { declaredTypesIn } from "./defined-properties.js";
import { returnedClassMember } from "./bindings.js";

/**
 * An assignment statement that defines a method by name: a named function expression
 * (`Pp.each = function each() {}`) or a prototype member (`X.prototype.y = function () {}`).
 * Anonymous functions assigned to other members (`el.onclick = () => {}`) are callbacks.
 */
export function definesMethod(statement: Node | undefined): boolean {
  const asg = assignmentOf(statement);
  const left = asg?.childForFieldName("left");
  const right = asg?.childForFieldName("right");
  const fn = right && assignedFunction(right);
  if (!left || !fn || (left.type !== "member_expression" && left.type !== "subscript_expression")) return false;
  const object = left.childForFieldName("object");
  if (!object) return false;
  // `Controller.prototype[CancelSteps] = function` (tsc's class IIFE): computed, on a prototype only.
  // (And a named function under any key, as under a dotted one: fastify's `app[Symbol.asyncDispose] = function dispose`.)
  if (left.type === "subscript_expression") return (object.type === "member_expression" && object.childForFieldName("property")?.text === "prototype") || !!fn.childForFieldName("name");
  if (object.type === "this") return (fn.type === "function_expression" && inConstructorFunction(statement!)) || inClassConstructor(statement!);
  // (Not one patching a parameter's method, vue-query's `install(app) { app.unmount = function
  // vueQueryUnmount() {…} }`: the argument's, a callback — unless the body returns or extends it.)
  if (fn.childForFieldName("name")) return !(object.type === "identifier" && isParameter(statement!, object.text) && !blockDeclares(statement!.parent, object.text) && !blockDeclares(guardedIn(statement!), object.text));
  // `Promise.all = function` beside `function Promise() {…}` in the same body (bluebird's module
  // factory): a static method of a constructor that body declares, as at the top level; also of one
  // the body gives prototype members (`module.exports = function (Promise) { Promise.prototype.settle
  // = function …; Promise.settle = function … }`: both are what the factory installs on Promise), and
  // of the binding the body returns (ownersIn).
  if (object.type === "identifier") return blockDeclares(statement!.parent, object.text) || blockDeclares(guardedIn(statement!), object.text);
  return object.type === "member_expression" && object.childForFieldName("property")?.text === "prototype";
}

/** `name` is a parameter of the function whose body `statement` stands in (directly, or in an `if`'s branch). */
export function isParameter(statement: Node, name: string): boolean {
  let fn = statement.parent;
  while (fn && fn.type !== "function_declaration" && fn.type !== "function_expression" && fn.type !== "arrow_function" && fn.type !== "method_definition") fn = fn.parent;
  const params = fn?.childForFieldName("parameters") ?? (fn?.type === "arrow_function" ? fn.childForFieldName("parameter") : null);
  if (!params) return false;
  if (params.type === "identifier") return params.text === name;
  return params.namedChildren.some((p) => (p?.type === "identifier" ? p : p?.childForFieldName("pattern") ?? p?.childForFieldName("left"))?.text === name);
}

/**
 * The block an `if`'s branch stands in, for a statement in that branch (`if ('write' in anAtom) {
 * anAtom.write = function … }` in jotai's `freezeAtom`, which returns anAtom): what the factory installs
 * there it installs on its product, as it does outside the `if`. Null for any other statement.
 */
function guardedIn(statement: Node): Node | null {
  const outer = guardingIf(statement);
  return outer?.parent?.type === "statement_block" ? outer.parent : null;
}

/**
 * `Toolkit.prototype.abandon = exports.symbols.abandon` in a function that declares Toolkit (hapi's
 * toolkit factory): a method by another name, as at the top level (assignments.ts prototypeValue).
 * Whatever the owner, an alias of the same prototype's member or of a function the block declares —
 * `Request.prototype.contentLength = Request.prototype.getContentLength`, `Response.prototype.redirect =
 * redirect` in restify's patch factories, whose owner is a parameter — as `X.prototype.y = function` is
 * anywhere (definesMethod): restify's 9 aliases had been dropped.
 */
export function aliasesPrototypeMethod(statement: Node | undefined): boolean {
  const asg = assignmentOf(statement);
  const object = asg?.childForFieldName("left")?.childForFieldName("object");
  const owner = object?.type === "member_expression" && object.childForFieldName("property")?.text === "prototype" ? object.childForFieldName("object") : null;
  const value = asg?.childForFieldName("right");
  const right = value?.type;
  if (owner?.type !== "identifier") return false;
  if (right === "member_expression" && value!.childForFieldName("object")?.text.replace(/\s+/g, "") === `${owner.text}.prototype`) return true;
  if (right === "identifier" && perBlock(functionsInBlock, statement!.parent, functionsIn).has(value!.text)) return true;
  // (Or data, http-errors' `ClientError.prototype.expose = true` in its class factory: a property.)
  return (right === "identifier" || right === "member_expression" || PROTOTYPE_DATA.has(right ?? "")) && perBlock(typesInBlock, statement!.parent, declaredTypesIn).has(owner.text);
}

/** The functions a block declares (`function redirect(…) {…}`): not its classes, whose prototype member naming one is data. */
function functionsIn(block: Node): Set<string> {
  const out = new Set<string>();
  for (let s = block.firstNamedChild; s; s = s.nextNamedSibling) {
    if (s.type === "function_declaration" || s.type === "generator_function_declaration") out.add(s.childForFieldName("name")?.text ?? "");
  }
  return out;
}

const PROTOTYPE_DATA = new Set(["string", "number", "true", "false", "null", "template_string"]);

/**
 * `Container.handlers = [];` in a class IIFE's body — one that declares `function Container` and
 * returns it (tsc's ES5 class, `var Container = /** @class *\/ (function () {…}())`): a static
 * property of the class, as `static handlers = []` was before compilation (typedi's `Container.handlers`,
 * `Container.globalInstance` had been no entries). Not data put on a helper the body does not return.
 */
export function setsReturnedClassStatic(statement: Node | undefined): boolean {
  if (statement?.type !== "expression_statement" || !/^[\w$]+\.[\w$]+\s*=[^=]/.test(statement.text)) return false;
  const left = assignmentOf(statement)?.childForFieldName("left");
  const owner = left?.type === "member_expression" ? left.childForFieldName("object") : null;
  const block = statement.parent;
  if (owner?.type !== "identifier" || block?.type !== "statement_block" || !/^function_expression$/.test(block.parent?.type ?? "")) return false;
  let last = block.lastNamedChild;
  while (last && (last.type === "function_declaration" || last.type === "comment")) last = last.previousNamedSibling;
  const returned = last?.type === "return_statement" ? last.namedChild(0) : null;
  return returned?.type === "identifier" && returned.text === owner.text && perBlock(functionsInBlock, block, functionsIn).has(owner.text);
}

/**
 * `Module.prototype = { init: function () {…} }` as a statement (require.js's, inside its context
 * factory): its methods are Module's wherever it stands, as at the top level.
 */
export function assignsPrototypeObject(statement: Node | undefined): boolean {
  const asg = assignmentOf(statement);
  const left = asg?.childForFieldName("left");
  return left?.type === "member_expression" && left.childForFieldName("property")?.text === "prototype" && asg!.childForFieldName("right")?.type === "object";
}

/** Names a block gives (ownersIn, declaredTypesIn), read once per block of a tree. */
type BlockCache = WeakMap<object, Map<number, Set<string>>>;
const ownersInBlock: BlockCache = new WeakMap();
const typesInBlock: BlockCache = new WeakMap();
const functionsInBlock: BlockCache = new WeakMap();
function perBlock(cache: BlockCache, block: Node | null, read: (block: Node) => Set<string>): Set<string> {
  if (block?.type !== "statement_block") return new Set();
  let byBlock = cache.get(block.tree);
  if (!byBlock) cache.set(block.tree, (byBlock = new Map()));
  let names = byBlock.get(block.id);
  if (!names) byBlock.set(block.id, (names = read(block)));
  return names;
}
export function blockDeclares(block: Node | null, name: string): boolean {
  return perBlock(ownersInBlock, block, ownersIn).has(name);
}

/**
 * What a block declares (declaredTypesIn), the names it gives prototype members (`X.prototype.y = …;`)
 * or binds to a prototype (`const proto = Dayjs.prototype`), and the binding it returns (`var cert = {}; cert.sign = function …; return cert;`, node-forge's
 * factories; d3-scale's `scale.ticks = function …; return scale;` on a parameter): the factory's product.
 */
function ownersIn(block: Node): Set<string> {
  const out = declaredTypesIn(block);
  // `const proto = Dayjs.prototype;` (dayjs's plugins): what is assigned onto proto is Dayjs's.
  for (const alias of prototypeAliasesIn(block).keys()) out.add(alias);
  const last = block.lastNamedChild;
  if (last?.type === "return_statement" && last.namedChild(0)?.type === "identifier") out.add(last.namedChild(0)!.text);
  for (let s = block.firstNamedChild; s; s = s.nextNamedSibling) {
    const left = s.type === "expression_statement" ? assignmentOf(s)?.childForFieldName("left") : undefined;
    const proto = left?.type === "member_expression" || left?.type === "subscript_expression" ? left.childForFieldName("object") : undefined;
    const owner = proto?.type === "member_expression" && proto.childForFieldName("property")?.text === "prototype" ? proto.childForFieldName("object") : undefined;
    if (owner?.type === "identifier") out.add(owner.text);
  }
  return out;
}

/**
 * A method of the object a function returns — `return { on() {…}, off: () => {…} }`, or `const api =
 * {…}` and `return api` in the same block: the factory's product, what its callers call (a revealing
 * module, `createStore`, pi's `createExtensionAPI`), as a class's methods are.
 */
export function returnedObjectMember(node: Node | undefined): boolean {
  let object = node?.parent;
  if (object?.type !== "object") return false;
  // Up through the objects it nests in: `return { entities: { quoted: function () {…} } }`, and
  // less's `return { parsers: parsers = { primary: function () {…} } }`.
  for (let pair = outerPair(object); pair; pair = outerPair(object)) {
    if (pair.parent?.type !== "object") return false;
    object = pair.parent;
  }
  const holder = object.parent;
  // Not the return of a callback inside the factory (`.map((c) => { return { toJSON() {…} } })`: xstate).
  if (holder?.type === "return_statement") return !returnedByCallback(holder);
  // (`var msg = {…}`, or `msg = {…};` as a statement of the block: node-forge's pkcs7 factories.)
  const declared = holder?.type === "variable_declarator" && holder.childForFieldName("value")?.id === object.id;
  const assigned = holder?.type === "assignment_expression" && holder.childForFieldName("right")?.id === object.id && holder.parent?.type === "expression_statement";
  if (!declared && !assigned) return false;
  const name = holder!.childForFieldName(declared ? "name" : "left");
  const block = holder!.parent?.parent;
  if (name?.type !== "identifier" || block?.type !== "statement_block") return false;
  for (let s = block.lastNamedChild; s; s = s.previousNamedSibling) {
    if (s.type === "return_statement") return s.namedChild(0)?.type === "identifier" && s.namedChild(0)!.text === name.text;
  }
  return false;
}

/** The `key: {…}` (or `key: name = {…}`) pair an object is the value of. */
function outerPair(object: Node): Node | undefined {
  let holder = object.parent;
  if (holder?.type === "assignment_expression" && holder.childForFieldName("right")?.id === object.id) holder = holder.parent;
  return holder?.type === "pair" ? holder : undefined;
}

/** Function-valued expressions (a binding's or a pair's value). */
export const FUNCTION_VALUES = new Set(["function_expression", "arrow_function", "generator_function"]);

/** A `key: {…}` (or `key: name = {…}`) pair whose object holds functions, at any depth (to 4): a namespace of methods, not data. */
export function holdsMethods(pair: Node, depth = 0): boolean {
  let value = pair.childForFieldName("value");
  if (value?.type === "assignment_expression") value = value.childForFieldName("right");
  if (value?.type !== "object" || depth > 3) return false;
  for (let c = value.firstNamedChild; c; c = c.nextNamedSibling) {
    if (c.type === "method_definition") return true;
    if (c.type === "pair" && (FUNCTION_VALUES.has(c.childForFieldName("value")?.type ?? "") || holdsMethods(c, depth + 1))) return true;
  }
  return false;
}

const aliasesInBlock = new WeakMap<object, Map<number, Map<string, string>>>();
/**
 * The names a block binds to a prototype: `const proto = Dayjs.prototype;` (dayjs's plugins), `var P =
 * BigNumber.prototype = { constructor: BigNumber, … }` (bignumber.js's `clone()`, whose `P.comparedTo =
 * function` are BigNumber's ~60 methods): alias → owner.
 */
export function prototypeAliasesIn(block: Node): Map<string, string> {
  let byBlock = aliasesInBlock.get(block.tree);
  if (!byBlock) aliasesInBlock.set(block.tree, (byBlock = new Map()));
  let out = byBlock.get(block.id);
  if (out) return out;
  byBlock.set(block.id, (out = new Map()));
  for (let s = block.firstNamedChild; s; s = s.nextNamedSibling) {
    if (s.type !== "lexical_declaration" && s.type !== "variable_declaration") continue;
    for (let d = s.firstNamedChild; d; d = d.nextNamedSibling) {
      const name = d.type === "variable_declarator" ? d.childForFieldName("name") : null;
      let v = d.childForFieldName("value");
      // (Down a chain of assignments: `P = BigNumber.prototype = {…}`.)
      while (v?.type === "assignment_expression" && !isPrototype(v.childForFieldName("left"))) v = v.childForFieldName("right");
      const proto = v?.type === "assignment_expression" ? v.childForFieldName("left") : v;
      const owner = isPrototype(proto) ? proto!.childForFieldName("object") : null;
      if (owner?.type === "identifier" && name?.type === "identifier") out.set(name.text, owner.text);
    }
  }
  return out;
}

function isPrototype(n: Node | null | undefined): boolean {
  return n?.type === "member_expression" && n.childForFieldName("property")?.text === "prototype";
}

/** The owner whose prototype `name` is bound to in a block around `node` (prototypeAliasesIn), if any. */
export function prototypeAliasAround(node: Node | undefined, name: string): string | undefined {
  for (let b = node?.parent; b; b = b.parent) {
    if (b.type === "statement_block") {
      const owner = prototypeAliasesIn(b).get(name);
      if (owner) return owner;
    }
  }
  return undefined;
}

/**
 * A `return` whose function is an element callback (`list.map((c) => { return {…} })`): per element, not
 * what the factory makes. (A store's `create((set) => ({…}))`, a hook's `useMemo(() => ({…}))` still are.)
 */
function returnedByCallback(ret: Node): boolean {
  for (let p = ret.parent; p; p = p.parent) {
    if (p.type === "arrow_function" || p.type === "function_expression" || p.type === "function") {
      const callee = p.parent?.type === "arguments" ? p.parent.parent?.childForFieldName("function") : null;
      return callee?.type === "member_expression" && ELEMENT_CALLS.has(callee.childForFieldName("property")?.text ?? "");
    }
    if (p.type === "function_declaration" || p.type === "method_definition" || p.type === "generator_function_declaration") return false;
  }
  return false;
}

const ELEMENT_CALLS = new Set(["map", "flatMap", "forEach", "filter", "reduce", "reduceRight", "find", "some", "every", "sort"]);

/**
 * The function handed to a call that returns the anonymous class holding `member` (a mixin, catalyst's
 * `createAbility((Class) => class extends Class {…})`, also `f(function (B) { return class extends B {…}; })`), or null.
 */
export function mixinFunction(member: Node): Node | null {
  if (!returnedClassMember(member)) return null;
  let fn = member.parent?.parent?.parent ?? null; // (class_body → class → its holder)
  while (fn?.type === "parenthesized_expression") fn = fn.parent;
  if (fn?.type === "return_statement") fn = fn.parent?.parent ?? null; // (`return class extends Base {…}` in a block body)
  return fn && MIXIN_FUNCTIONS.has(fn.type) && fn.parent?.type === "arguments" ? fn : null;
}
const MIXIN_FUNCTIONS = new Set(["arrow_function", "function_expression", "function"]);

/**
 * `Spinner.prototype.lines = function (el) {…}` in another top-level function's body (spin.js' `initVML`
 * installing its VML renderer): a member of the top-level `Spinner` — the core attaches it there, as
 * public as it — not of the function it is written in (it had read `initVML.lines`). Only a prototype's
 * member, of a name that function does not declare itself.
 */
export function liftForeignPrototypeMembers(top: SymbolRecord[]): SymbolRecord[] {
  const owners = new Set(top.filter((r) => !r.attachTo && (r.kind === "class" || FUNCTION_KINDS.has(r.kind))).map((r) => r.name));
  const lifted: SymbolRecord[] = [];
  for (const f of top) {
    if (!FUNCTION_KINDS.has(f.kind) || !f.members.some((m) => m.attachTo)) continue;
    const own = new Set(f.members.filter((m) => !m.attachTo).map((m) => m.name));
    f.members = f.members.filter((m) => {
      const to = m.attachTo;
      const lift = !!to && to !== f.name && owners.has(to) && !own.has(to) && !!m.props?.assignment && (m.kind === "method" || m.kind === "property") && PROTOTYPE_HEAD.test(m.signature ?? "");
      if (lift) lifted.push(m);
      return !lift;
    });
  }
  return lifted.length ? [...top, ...lifted] : top;
}
const PROTOTYPE_HEAD = /^[\w$]+\.prototype\.[\w$]+\s*=/;
