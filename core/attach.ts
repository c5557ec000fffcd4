/** Out-of-line members (`Foo.prototype.bar = …`, C++ `A::f`, Go methods) moved into their owner's record. */
import { FUNCTION_KINDS, type SymbolKind, type SymbolRecord } from "./types.js";

const DEFERS_TO_CLASS = new Set<SymbolKind>(["interface", "variable"]);

/**
 * Move records with `attachTo` into the declaration of that name beside them, when there is one: at
 * top level, and at any depth among the declarations of one scope (a factory's constructor function
 * and the prototype methods it assigns; the same inside `var lib = (function () {…})()`, whose
 * declarations are the variable's members).
 */
export function attachOutOfLine(top: SymbolRecord[]): SymbolRecord[] {
  for (const r of top) if (r.members.length) r.members = attachOutOfLine(r.members);
  if (!top.some((r) => r.attachTo)) return top;
  // Owners: types first — a class before an interface of its name (TypeScript merges them; what is
  // assigned, `Router.prototype.refresh = …`, is the class's) —, a function of that name (a JS
  // constructor function) when no type has it.
  const types = new Map<string, SymbolRecord>();
  // (And a class before a variable of its name: CoffeeScript's `var SwitchCase; … SwitchCase = (function () { class SwitchCase … }).call(this)`.)
  for (const r of top) if (!r.attachTo && !FUNCTION_KINDS.has(r.kind) && (!types.has(r.name) || (r.kind === "class" && DEFERS_TO_CLASS.has(types.get(r.name)!.kind)))) types.set(r.name, r);
  for (const r of top) if (!r.attachTo && FUNCTION_KINDS.has(r.kind) && !types.has(r.name)) types.set(r.name, r);
  const kept: SymbolRecord[] = [];
  // (Each owner's members are sorted once, after: 8,000 methods of one owner had sorted 8,000 times.)
  const grown = new Set<SymbolRecord>();
  const attach = (owner: SymbolRecord | undefined, r: SymbolRecord) => {
    if (!owner || owner === r) return false;
    owner.members.push(r);
    grown.add(owner);
    return true;
  };
  for (const r of top) if (r.attachTo?.includes(".") || !attach(r.attachTo ? types.get(r.attachTo) : undefined, r)) kept.push(r);
  for (const o of grown) o.members.sort((a, b) => a.startLine - b.startLine);
  if (!kept.some((r) => r.attachTo?.includes("."))) return kept;
  // An owner named by a path (`util.ByteBuffer.prototype.f`), once the others are in place: the member
  // the path names, or a declaration the path aliases (`util.ByteBuffer = ByteBuffer`).
  grown.clear();
  const aliased = new Map<string, SymbolRecord>();
  for (const r of kept) for (const a of r.aliases ?? []) if (a.includes(".") && !aliased.has(a)) aliased.set(a, r);
  // (Or a member whose own owner the file does not declare, lunr's lib/set.js: `lunr.Set = function …`
  // with no `lunr` in it holds `lunr.Set.prototype.contains`.)
  const loose = new Map<string, SymbolRecord>();
  for (const r of kept) if (r.attachTo && !types.has(r.attachTo.split(".")[0]!) && !loose.has(`${r.attachTo}.${r.name}`)) loose.set(`${r.attachTo}.${r.name}`, r);
  const out = kept.filter((r) => !r.attachTo?.includes(".") || !attach(aliased.get(r.attachTo) ?? byPath(types, r.attachTo) ?? loose.get(r.attachTo), r));
  for (const o of grown) o.members.sort((a, b) => a.startLine - b.startLine);
  return out;
}

/** The member a path names, from a top-level declaration down (`ns.util` → ns's member util). */
function byPath(types: Map<string, SymbolRecord>, path: string): SymbolRecord | undefined {
  const [head, ...rest] = path.split(".");
  let owner = types.get(head!);
  for (const seg of rest) owner = owner?.members.find((m) => m.name === seg && !m.attachTo?.includes("."));
  return owner;
}
