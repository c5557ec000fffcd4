/** `module.exports = { f() {}, … }`: an exported object literal's functions and data keys as the module's API. */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { assignmentOf, FUNCTION_VALUES, inNestedFunction } from "./assignments.js";
import { isModuleExportsTarget, providedData } from "./closure.js";

/**
 * `module.exports = { f() {}, g: function () {}, h: () => {} }` (at top level): the object's function
 * members, as exported functions of the module (what `require()` callers call); an object of functions
 * in it (`formatters: { RFC1738: function … }`) as an exported constant holding them. Its data
 * (`{ PORT: 3000, "cp437": {…} }`) is an exported constant `exports` whose members are the keys — a
 * constants module was "no declarations found". Empty for any other assignment the classifier dropped.
 */
export function exportedObjectFunctions(r: SymbolRecord, ctx: FileContext, x: Resolved, declared: ReadonlySet<string>): SymbolRecord[] {
  const asg = assignmentOf(r.node);
  const left = asg?.childForFieldName("left");
  const object = asg?.childForFieldName("right");
  // (A goog.module's `exports = {…}` too: closure.ts.)
  const target = left ? ctx.text(left).replace(/\s+/g, "") : "";
  if (object?.type !== "object") return [];
  if (!isModuleExportsTarget(target, ctx)) return providedData(target, r.node, ctx) ? [providedConstant(r, target, object, ctx, x, declared)] : [];
  const out: SymbolRecord[] = [];
  const data = dataKeys(r, object, ctx, x, declared);
  for (const m of r.members) {
    // (Not a function of an object inside a key's function, `P: purify(function () { defineProperty({}, "x", { get: function … }) })`: its local.)
    if (inNestedFunction(m, r)) continue;
    // `formatters: { RFC1738: function (value) {…} }`: an exported namespace object, its functions methods.
    if (m.kind === "property" && m.members.some((f) => f.kind === "method")) {
      m.kind = "constant";
      const key = m.node?.childForFieldName("key");
      if (key) m.signature = `${ctx.text(key)}: {…}`; // its functions are listed; the head is the key
    } else if (m.kind === "method") m.kind = "function";
    else if (m.kind !== "class") continue; // (`{ Lexer: class Lexer {…} }`: an exported class, its methods with it)
    m.exported = true;
    out.push(m);
  }
  if (data.length) {
    r.name = "exports";
    r.kind = "constant";
    r.exported = true;
    r.signature = `${target} = {…}`;
    r.members = data;
    out.unshift(r); // (where it starts: before the functions its object holds)
  }
  return out;
}

/**
 * Closure's enum, `goog.events.EventType = { CLICK: 'click', … }` on a goog.provide'd path (closure.ts
 * providedData): an exported constant named by the path's last segment, its keys the members, nested
 * under what the path before it names when the file declares that (`goog.ui.Component.EventType` under
 * `goog.ui.Component = function`), read by its path too.
 */
function providedConstant(r: SymbolRecord, target: string, object: Node, ctx: FileContext, x: Resolved, declared: ReadonlySet<string>): SymbolRecord {
  const data = dataKeys(r, object, ctx, x, declared);
  r.name = target.slice(target.lastIndexOf(".") + 1);
  r.kind = "constant";
  r.exported = true;
  r.attachTo = target.slice(0, target.lastIndexOf("."));
  (r.aliases ??= []).push(target);
  r.signature = `${target} = {…}`;
  r.members = [...data, ...r.members.filter((m) => m.kind === "property" && !data.includes(m))].sort((a, b) => a.startLine - b.startLine);
  return r;
}

/**
 * The data keys of an exported object (`PORT: 3000`, `"cp437": {…}`) — not its functions, nor a name
 * the file declares (`{ parse, isExpression: isExpression }`: that declaration is the export).
 */
function dataKeys(r: SymbolRecord, object: Node, ctx: FileContext, x: Resolved, declared: ReadonlySet<string>): SymbolRecord[] {
  const captured = new Map(r.members.map((m) => [m.startLine + ":" + m.name, m]));
  const out: SymbolRecord[] = [];
  for (let p = object.firstNamedChild; p; p = p.nextNamedSibling) {
    if (p.type !== "pair") continue;
    const key = p.childForFieldName("key");
    const value = p.childForFieldName("value");
    if (!key || !value || FUNCTION_VALUES.has(value.type) || value.type === "class") continue;
    if (value.type === "identifier" && declared.has(ctx.text(value))) continue;
    const name = key.type === "string" ? ctx.text(key).slice(1, -1) : key.type === "property_identifier" || key.type === "number" ? ctx.text(key) : "";
    if (!name) continue;
    const line = p.startPosition.row + 1;
    const known = captured.get(line + ":" + name); // `key: {…}` pairs the tags query captured, members and all
    if (known?.members.some((f) => f.kind === "method")) continue; // an exported namespace (above)
    if (known && known.kind !== "property") continue; // `create: wrap((context) => {…})`: a function (wrapped-pairs.ts)
    out.push(known ?? buildRecord(ctx, x, p, "property", name, key));
  }
  return out;
}
