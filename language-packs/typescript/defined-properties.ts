/**
 * Properties a file defines on its objects by call: `Object.defineProperty` data values at the top level
 * (on `exports`, an exported constant; on a class or constructor function the file declares, a constant
 * member of it — accessor descriptors and function values are records of the tags query, named by
 * reexports.ts nameDefinedProperty); the keys of `Object.defineProperties` and the functions of
 * `Object.assign(X.prototype, {…})` (definedKey).
 */
import type { Node } from "web-tree-sitter";
import { FUNCTION_KINDS, type FileContext, type SymbolRecord } from "../../core/types.js";
import { buildRecord, MAX_SIGNATURE, signatureOf, type Resolved } from "../../core/extract.js";
import { clip } from "../../core/text.js";
import { unquote } from "../../core/imports.js";
import { definedValue } from "./exports.js";
import { nameDefinedProperty } from "./reexports.js";
import { memberOf } from "./assignments.js";
import { FUNCTION_WRAPPERS, wrappedBy } from "./bindings.js";
import { isBundle, moduleStatements, moduleStatementsWithIifes, unparenthesized } from "./iife.js";

const NOT_DATA = /function|arrow_function|class/;
const OWNER = /^([\w$]+)(\.prototype)?$/;

/**
 * `Object.defineProperty(exports, "beta", { value: 42 })`: the exported constant `beta` (what
 * `exports.beta = 42` makes). A function value is a record already (the descriptor's pair, named by
 * nameDefinedProperty), and an identifier value exports that local under the key (exportedNames).
 * `Object.defineProperty(WebSocket, 'OPEN', { enumerable: true, value: 1 })` (ws): the constant `OPEN`
 * of `WebSocket`, attached to it when the file declares it at the top level — as public as it. The
 * same key defined on `WebSocket.prototype` too (ws mirrors each constant there) is not listed twice.
 */
export function definedProperties(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const legacy = ctx.source.includes("__define");
  if (!DEFINES_PROPERTY.test(ctx.source) && !legacy) return [];
  const out: SymbolRecord[] = [];
  const members = new Set<string>();
  for (const stmt of moduleStatements(ctx.tree.rootNode, isBundle(ctx))) {
    const call = stmt.type === "expression_statement" ? stmt.firstNamedChild : null;
    if (call?.type !== "call_expression") continue;
    if (legacy && legacyAccessor(call, stmt)) continue;
    const d = definedValue(call, ctx, /^(?:(?:module\.)?exports|[\w$]+(?:\.prototype)?)$/);
    if (!d || NOT_DATA.test(d.value.type)) continue;
    if (d.on === "exports" || d.on === "module.exports") {
      if (d.value.type !== "identifier") out.push(buildRecord(ctx, x, stmt, "constant", d.key, d.keyNode, { exported: "true" }));
      continue;
    }
    const owner = OWNER.exec(d.on)?.[1];
    if (!owner || owner === "module" || !declaredTypes(ctx).has(owner) || members.has(`${owner}.${d.key}`)) continue;
    members.add(`${owner}.${d.key}`);
    out.push(buildRecord(ctx, x, stmt, "constant", d.key, d.keyNode, { hoisted: "true" }, owner));
  }
  return out;

  // mongoose's `Mongoose.prototype.__defineGetter__('connection', function () {…})`: the accessor
  // `connection` of the class, as `get connection()` is (it had been a callback).
  function legacyAccessor(call: Node, stmt: Node): boolean {
    const callee = call.childForFieldName("function");
    const m = callee?.type === "member_expression" ? /^([\w$]+)(?:\.prototype)?\.__define[GS]etter__$/.exec(callee.text) : null;
    const [key, fn] = call.childForFieldName("arguments")?.namedChildren ?? [];
    if (!m || key?.type !== "string" || !/function|arrow_function/.test(fn?.type ?? "") || !declaredTypes(ctx).has(m[1]!)) return false;
    const r = buildRecord(ctx, x, stmt, "method", key.text.slice(1, -1), key, { hoisted: "true" }, m[1]);
    r.bodyNode = fn!.childForFieldName("body"); // (its head stops there; the function is no callback)
    r.signature = signatureOf(ctx, stmt, r.bodyNode, []) || r.signature;
    out.push(r);
    return true;
  }
}

const typesOf = new WeakMap<FileContext, Set<string>>();
/** declaredTypesIn the module's scope (the program's, and a module-scope IIFE's: he's `var encode = function`), once a file. */
export function declaredTypes(ctx: FileContext): Set<string> {
  let t = typesOf.get(ctx);
  if (!t) typesOf.set(ctx, (t = declaredTypesIn(moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx)))));
  return t;
}

const wrappedOf = new WeakMap<FileContext, Set<string>>();
/**
 * The module's bindings of a function handed to a wrapper, `const Button = React.forwardRef((props, ref)
 * => …)`, `const Card = memo(function Card() {…})` (a function entry, bindings.ts wrappedBy): their
 * `Button.displayName = "Button"`, `Card.defaultProps = {…}` are the component's properties, as a
 * declared function's are (they had been no entries).
 */
export function wrappedBindings(ctx: FileContext): Set<string> {
  let t = wrappedOf.get(ctx);
  if (t) return t;
  wrappedOf.set(ctx, (t = new Set()));
  if (![...FUNCTION_WRAPPERS].some((w) => ctx.source.includes(`${w}(`))) return t;
  for (const s of moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx))) {
    const d = s.type === "export_statement" ? s.childForFieldName("declaration") : s;
    if (d?.type !== "lexical_declaration" && d?.type !== "variable_declaration") continue;
    for (let v = d.firstNamedChild; v; v = v.nextNamedSibling) {
      const name = v.type === "variable_declarator" ? v.childForFieldName("name") : null;
      const value = v.childForFieldName("value");
      if (name?.type === "identifier" && value && wrappedBy(value, 0, true)) t.add(name.text);
    }
  }
  return t;
}

const namespacesOf = new WeakMap<FileContext, Set<string>>();
const exportObjectsOf = new WeakMap<FileContext, Set<string>>();
/**
 * The namespace objects a module builds by assignment: `var tls = {};`, `var tls = module.exports =
 * forge.tls = forge.tls || {};` (node-forge), at the top level or in a module-scope IIFE — whose
 * `tls.MaxFragment = 16384 - 1024` and `tls.ConnectionEnd = {…}` declare its members, as
 * `tls.handle = function` does. (An object literal with keys declares its own; `cfg.port = 2` sets one.)
 */
export function namespaceObjects(ctx: FileContext): Set<string> {
  let t = namespacesOf.get(ctx);
  if (t) return t;
  namespacesOf.set(ctx, (t = new Set()));
  const exportObjects = new Set<string>();
  exportObjectsOf.set(ctx, exportObjects);
  for (const d of moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx))) {
    if (d.type !== "lexical_declaration" && d.type !== "variable_declaration") continue;
    for (let v = d.firstNamedChild; v; v = v.nextNamedSibling) {
      const name = v.type === "variable_declarator" ? v.childForFieldName("name") : null;
      let value = unparenthesized(v.childForFieldName("value"));
      while (value?.type === "assignment_expression") value = unparenthesized(value.childForFieldName("right"));
      if (value?.type === "binary_expression" && value.childForFieldName("operator")?.type === "||") value = unparenthesized(value.childForFieldName("right"));
      // (Also the export object under another name, superagent's `const request = exports`: `request.types = {…}`.)
      const exportObject = value?.type === "identifier" ? value.text === "exports" : value?.type === "member_expression" && /^module\s*\.\s*exports$/.test(value.text);
      if (name?.type === "identifier" && ((value?.type === "object" && value.namedChildCount === 0) || exportObject)) t.add(name.text);
      if (name?.type === "identifier" && (exportObject || /^(?:module\s*\.\s*)?exports\s*=/.test(v.childForFieldName("value")?.text ?? ""))) exportObjects.add(name.text);
    }
  }
  return t;
}

const literalsOf = new WeakMap<FileContext, Map<string, Node>>();
/**
 * Whether `owner.key = Z`, Z a function or class the file declares, is a member of an object literal
 * with keys the module binds (`var mustache = { name: 'mustache.js', escape: undefined }; …
 * mustache.escape = escapeHtml;`): it is, as on a namespace object built from `{}` — unless the
 * literal gives that key a function or an object, a member it lists itself. (Data, `cfg.port = 2`,
 * stays a key the literal declares: no entry.)
 */
export function literalTakes(ctx: FileContext, owner: string, key: string): boolean {
  let t = literalsOf.get(ctx);
  if (!t) {
    literalsOf.set(ctx, (t = new Map()));
    for (const d of moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx))) {
      if (d.type !== "lexical_declaration" && d.type !== "variable_declaration") continue;
      for (let v = d.firstNamedChild; v; v = v.nextNamedSibling) {
        const name = v.type === "variable_declarator" ? v.childForFieldName("name") : null;
        const value = unparenthesized(v.childForFieldName("value"));
        if (name?.type === "identifier" && value?.type === "object" && value.namedChildCount) t.set(name.text, value);
      }
    }
  }
  const object = t.get(owner);
  if (!object) return false;
  for (let c = object.firstNamedChild; c; c = c.nextNamedSibling) {
    if (c.type === "method_definition" && c.childForFieldName("name")?.text === key) return false;
    const value = c.type === "pair" && unquote(c.childForFieldName("key")?.text ?? "") === key ? c.childForFieldName("value")?.type : undefined;
    if (value && (OWN_MEMBERS.has(value) || value === "object")) return false;
  }
  return true;
}
const OWN_MEMBERS = new Set(["function_expression", "arrow_function", "generator_function", "class"]);

/** The namespace objects that are the module's export object (`var _exports = module.exports = {}`, `const request = exports`). */
export function exportObjects(ctx: FileContext): Set<string> {
  if (!exportObjectsOf.has(ctx)) namespaceObjects(ctx);
  return exportObjectsOf.get(ctx)!;
}

function* namedChildrenOf(n: Node): Generator<Node> {
  for (let s = n.firstNamedChild; s; s = s.nextNamedSibling) yield s;
}

/** The names of the classes and functions a program or block declares (declared, or a binding of one). */
export function declaredTypesIn(scope: Node | Iterable<Node>): Set<string> {
  const out = new Set<string>();
  for (const s of "type" in scope ? namedChildrenOf(scope) : scope) {
    const d = s.type === "export_statement" ? s.childForFieldName("declaration") : s;
    const type = d?.type;
    if (type === "class_declaration" || type === "function_declaration" || type === "generator_function_declaration") {
      const name = d!.childForFieldName("name");
      if (name) out.add(name.text);
    } else if (type === "lexical_declaration" || type === "variable_declaration") {
      for (let v = d!.firstNamedChild; v; v = v.nextNamedSibling) {
        const name = v.type === "variable_declarator" ? v.childForFieldName("name") : null;
        if (name?.type === "identifier" && /class|function/.test(v.childForFieldName("value")?.type ?? "")) out.add(name.text);
      }
    }
  }
  return out;
}

/**
 * What an object literal's pair or method inside a property definition is: `undefined` to keep the
 * record as it is, else the records it stands for (none: dropped). A key of `Object.defineProperties`
 * (definedPropertiesKey), else a descriptor of `Object.defineProperty` (reexports.ts nameDefinedProperty;
 * `defined`: the statements already named).
 */
export function definedKey(r: SymbolRecord, ctx: FileContext, defined: Set<number>): SymbolRecord[] | undefined {
  return assignedMethod(r, ctx) ?? definedPropertiesKey(r, ctx) ?? computedKeyAccessor(r, ctx) ?? (nameDefinedProperty(r, ctx, defined) ? undefined : []);
}

/**
 * `Object.assign(Bar.prototype, { one() {…}, two: function () {…} })` (undici's mixins), also onto
 * `Bar` itself, and the mixin helpers' forms of it — `_.extend(Bar.prototype, {…})`, `$.extend(Bar,
 * {…})`, and as a statement of its own `Bar.extend({…})`, `jQuery.fn.extend({…})` (`fn` is jQuery's
 * prototype), Leaflet's `Map.include({…})`: Bar's methods, as `Bar.prototype.one = function` makes
 * them, as public as Bar (jQuery's and Leaflet's 260 methods had been orphans at the top level).
 * (Onto `module.exports`, functions written in place are exported ones, names listed exports.ts's; data keys stay where they are; `var View =
 * Backbone.View.extend({…})` declares View, whose members they already are.)
 */
function assignedMethod(r: SymbolRecord, ctx: FileContext): SymbolRecord[] | undefined {
  // (And an object of functions mixed in: `jQuery.extend({ propHooks: { tabIndex: { get() {…} } } })`.)
  if (!FUNCTION_KINDS.has(r.kind) && !(r.kind === "property" && r.members.length)) return undefined;
  const object = r.node?.parent;
  const call = object?.type === "object" ? argumentCall(object, ctx) : undefined;
  if (!call) return undefined;
  let on: string | undefined;
  const target = call.args.firstNamedChild;
  const one = call.args.namedChildCount === 1;
  // (A helper named `merge` too when what it copies onto is a prototype, spin.js' `merge(Spinner.prototype, {…})`:
  // elsewhere `merge(defaults, {…})` merges settings.)
  const prototypeMerge = !one && PROTOTYPE_MERGE.test(call.callee) && !!target && /\.prototype$/.test(ctx.text(target));
  if (call.callee === "Object.assign" || (!one && TARGET_MIXIN.test(call.callee)) || prototypeMerge) {
    if (target && target.id !== object!.id) on = ctx.text(target).replace(/\s+/g, "");
  } else if (one && target?.id === object!.id && call.args.parent?.parent?.type === "expression_statement") {
    on = RECEIVER_MIXIN.exec(call.callee)?.[1];
  }
  // Onto the exports, `Object.assign(module.exports, { f: function … })`, `objectAssign(exports, readline,
  // {…})` (mz): the module's exported functions.
  if (on === "exports" || on === "module.exports") {
    r.kind = r.kind === "property" ? "constant" : "function";
    r.exported = true;
    return [r];
  }
  const owner = on ? MIXIN_OWNER.exec(on)?.[1] : undefined;
  if (!owner || owner === "module" || owner === "this") return undefined;
  return [memberOf(r, owner)];
}
/** A call that may copy an object's methods onto another (a source with none skips assignedMethod). */
export const MIXES_IN = /(?:assign|extend|mixin|include|implement|merge)\(/i;
/** A `merge` helper (`merge`, `_.merge`, `utils.merge`): a mixin when its target is a prototype (assignedMethod). */
const PROTOTYPE_MERGE = /^(?:[\w$]+\.)*merge$/i;
/** The callee of a call that mixes an object in or defines properties from it (its functions are members, not callbacks). */
export const MIXIN_CALLEE = /(?:assign|extend|mixin|include|implement|defineProperty|defineProperties)$/i;
/**
 * A helper that copies its later arguments' keys onto its first: `_.extend(X.prototype, {…})`, and a
 * module's own, `mixin(Collection, {…})` (immutable's 100 collection methods), `ko.utils.extend(…)`,
 * `objectAssign(…)`.
 */
const TARGET_MIXIN = /^(?:[\w$]+(?:\.[\w$]+)*\.)?(?:[\w$]*(?:assign|Assign|extend|Extend|mixin|Mixin))$/;
/** What a mixin copies onto: `X`, `X.prototype`, a path, `ko.bindingProvider.prototype` (core/attach.ts follows it). */
const MIXIN_OWNER = /^((?!this\.)[\w$]+(?:\.[\w$]+)*?)(\.prototype)?$/;
/** A method that copies its one argument's keys onto its receiver: `X.extend({…})`, `X.fn.include({…})`. */
const RECEIVER_MIXIN = /^([\w$]+(?:\.prototype)?)(?:\.fn)?\.(?:extend|include|mixin|implement)$/;

/** The call an object literal is an argument of: its arguments and its callee's text, spaces dropped (calleeText). */
function argumentCall(object: Node, ctx: FileContext): { args: Node; callee: string; written: string } | undefined {
  const args = object.parent;
  const call = args?.type === "arguments" ? args.parent : null;
  const callee = call?.type === "call_expression" ? call.childForFieldName("function") : null;
  return callee ? { args: args!, callee: calleeText(callee, ctx), written: ctx.text(callee).replace(/\s+/g, "") } : undefined;
}

/**
 * A callee's text, spaces dropped, Node's primordials read as what they stand for: `ObjectDefineProperty`
 * is `Object.defineProperty` (readable-stream and Node's own lib/), `ObjectDefineProperties`
 * `Object.defineProperties`; so is `Reflect.defineProperty`.
 */
export function calleeText(callee: Node, ctx: FileContext): string {
  const t = ctx.text(callee).replace(/\s+/g, "");
  return PRIMORDIALS[t] ?? t;
}
const PRIMORDIALS: Record<string, string> = { ObjectDefineProperty: "Object.defineProperty", ObjectDefineProperties: "Object.defineProperties", "Reflect.defineProperty": "Object.defineProperty" };
/** Whether a source may define properties by call (definedProperties). */
const DEFINES_PROPERTY = /[dD]efineProperty/;

const ACCESSOR_OR_VALUE = new Set(["get", "set", "value"]);

/**
 * A key of `Object.defineProperties(Target, { key: descriptor, … })` (web-streams-polyfill and
 * node-fetch define their prototypes' public shape so; 647 stray entries in 15 files): what
 * `Object.defineProperty(Target, "key", descriptor)` would be. An accessor (`get`/`set`) or a function
 * `value`: a method named by the key, a member of Target; a data `value`: a constant of Target when
 * the file declares it; a descriptor that only sets attributes (`{ enumerable: true }` on a class's
 * own method): no entry. On `exports`, an exported constant. As public as Target (`hoisted`).
 */
function definedPropertiesKey(r: SymbolRecord, ctx: FileContext): SymbolRecord[] | undefined {
  const pair = r.node;
  const object = pair?.type === "pair" ? pair.parent : null;
  const call = object ? argumentCall(object, ctx) : undefined;
  const target = call?.args.namedChild(0);
  if (call?.callee !== "Object.defineProperties" || !target || call.args.namedChild(1)?.id !== object!.id) return undefined;
  const on = ctx.text(target).replace(/\s+/g, "");
  const onExports = on === "exports" || on === "module.exports";
  const owner = onExports ? undefined : OWNER.exec(on)?.[1];
  if (!onExports && !owner) return undefined; // (`window.lib`: left as it was)
  if (onExports && r.name === "__esModule") return []; // (rollup's interop marker, helmet's `index.cjs`: no export)
  const descriptor = pair!.childForFieldName("value");
  const fields = new Map<string, Node>();
  if (descriptor?.type === "object") {
    for (let c = descriptor.firstNamedChild; c; c = c.nextNamedSibling) {
      const key = c.type === "pair" || c.type === "method_definition" ? c.childForFieldName(c.type === "pair" ? "key" : "name") : null;
      if (key && ACCESSOR_OR_VALUE.has(ctx.text(key))) fields.set(ctx.text(key), c);
    }
    if (!fields.size) return []; // attributes only
  }
  const as = (m: SymbolRecord, kind: SymbolRecord["kind"]): SymbolRecord => {
    m.name = r.name;
    m.kind = kind;
    m.members = [];
    if (owner && owner !== "this") memberOf(m, owner);
    else if (owner) m.props = { ...m.props, hoisted: "true" };
    else m.exported = true;
    m.signature = clip(`${call!.written}(${on}, { ${m === r ? m.signature : `${r.name}: { ${m.signature ?? ""} }`} })`, MAX_SIGNATURE);
    return m;
  };
  const functions = [...fields.values()].map((f) => r.members.find((m) => m.node?.id === f.id)).filter((m): m is SymbolRecord => !!m);
  // (On exports the getter's record, as defineProperty's: its function is the symbol's, no callback.)
  if (!owner) return [as(functions[0] ?? r, "constant")];
  if (functions.length) return functions.map((m) => as(m, "method"));
  const value = fields.get("value");
  // A data value (or a descriptor built elsewhere): a constant of a class the file declares.
  if (value || descriptor?.type !== "object") return declaredTypes(ctx).has(owner) ? [as(r, value ? "constant" : "property")] : [];
  return [];
}

/**
 * `[kRouteContext]: { get () {…} }` in `Object.defineProperties(Reply.prototype, {…})` (fastify's reply):
 * a computed key is no pair record of its own, so its accessor is the entry — `[kRouteContext]`, a
 * method of Reply as a class's `get [key]()` is (it had been a `get` owned by nothing).
 */
function computedKeyAccessor(r: SymbolRecord, ctx: FileContext): SymbolRecord[] | undefined {
  const descriptor = r.node?.parent;
  const pair = descriptor?.type === "object" ? descriptor.parent : null;
  const key = pair?.type === "pair" ? pair.childForFieldName("key") : null;
  if (key?.type !== "computed_property_name" || !FUNCTION_KINDS.has(r.kind) || !ACCESSOR_OR_VALUE.has(r.name)) return undefined;
  const call = argumentCall(pair!.parent!, ctx);
  const target = call?.args.namedChild(0);
  const owner = target ? OWNER.exec(ctx.text(target).replace(/\s+/g, ""))?.[1] : undefined;
  if (call?.callee !== "Object.defineProperties" || call.args.namedChild(1)?.id !== pair!.parent!.id || !owner || owner === "exports" || owner === "this") return undefined;
  r.name = ctx.text(key);
  r.kind = "method";
  r.signature = clip(`${call!.written}(${ctx.text(target!)}, { ${r.name}: { ${r.signature ?? ""} } })`, MAX_SIGNATURE);
  return [memberOf(r, owner)];
}

const ACCESSOR_MAP = /Object\.defineProperties\(\s*([\w$]+)(?:\.prototype)?\s*,\s*([\w$]+)\s*\)/g;

/**
 * Bublé's accessors (acorn's dist): `var prototypeAccessors = { inFunction: { configurable: true } };
 * prototypeAccessors.inFunction.get = function () {…}; Object.defineProperties(Parser.prototype,
 * prototypeAccessors);` — each `get`/`set` the accessor `inFunction` of Parser, a method of it as a
 * class's `get inFunction()` is (they had been eleven functions named `get` under the map). Top level.
 */
export function accessorMaps(top: SymbolRecord[], ctx: FileContext): void {
  if (!ctx.source.includes("defineProperties")) return;
  const maps = new Map<string, string>();
  for (const m of ctx.source.matchAll(ACCESSOR_MAP)) maps.set(m[2]!, m[1]!);
  if (!maps.size) return;
  const declared = new Set(top.filter((r) => r.kind === "variable" || r.kind === "constant").map((r) => r.name));
  for (const r of top) {
    const [map, key, ...rest] = r.attachTo?.split(".") ?? [];
    const owner = map && declared.has(map) ? maps.get(map) : undefined;
    if (!owner || !key || rest.length || (r.name !== "get" && r.name !== "set") || !r.props?.assignment) continue;
    r.name = key;
    r.kind = "method";
    r.attachTo = owner;
  }
}

const aliasesOf = new WeakMap<FileContext, Map<string, string>>();
/**
 * Top-level names bound to a prototype of a constructor the file declares (`var proto = Moment.prototype;`,
 * moment; `var p = Promise.prototype`): alias → owner. What is assigned onto the alias is the owner's.
 */
export function prototypeAliases(ctx: FileContext): Map<string, string> {
  let m = aliasesOf.get(ctx);
  if (m) return m;
  aliasesOf.set(ctx, (m = new Map()));
  if (!ctx.source.includes(".prototype")) return m;
  for (const stmt of moduleStatements(ctx.tree.rootNode, isBundle(ctx))) {
    if (stmt.type !== "variable_declaration" && stmt.type !== "lexical_declaration") continue;
    for (let d = stmt.firstNamedChild; d; d = d.nextNamedSibling) {
      const v = d.type === "variable_declarator" ? d.childForFieldName("value") : null;
      const name = d.childForFieldName("name");
      const owner = v?.type === "member_expression" && v.childForFieldName("property")?.text === "prototype" ? v.childForFieldName("object") : null;
      if (owner?.type === "identifier" && name?.type === "identifier" && declaredTypes(ctx).has(owner.text)) m.set(name.text, owner.text);
    }
  }
  return m;
}
