/**
 * One name declared at the top level several times, each in its own function scope — a bundle's module
 * functions read as the module's scope (browserify's `{1: [function (require, module, exports) { function
 * Line() {} … }], 2: [function (…) { function Line(options) {…} Line.prototype.raycast = … }]}`: p2's
 * `Line` shape and poly-decomp's): an out-of-line member belongs to the declaration of its own function.
 * The core (core/attach.ts) attaches by name, to the first of them.
 */
import type { Node } from "web-tree-sitter";
import type { SymbolRecord } from "../../core/types.js";

const SCOPES = new Set(["function_expression", "function_declaration", "arrow_function", "generator_function", "generator_function_declaration", "method_definition"]);

/** The top level with each member whose owner's name is declared more than once moved into the one its function scope declares (`publish`: made as public as it). */
export function scopedOwners(top: SymbolRecord[], publish: (r: SymbolRecord) => void): SymbolRecord[] {
  const byName = new Map<string, SymbolRecord[]>();
  for (const r of top) {
    if (!r.attachTo && r.node) {
      const list = byName.get(r.name);
      if (list) list.push(r);
      else byName.set(r.name, [r]);
    }
  }
  if (![...byName.values()].some((l) => l.length > 1)) return top;
  // (A parent is a walk down from the root in web-tree-sitter: asked only of those names' records, once each.)
  const scopes = new Map<SymbolRecord, number>();
  const scope = (r: SymbolRecord): number => {
    let id = scopes.get(r);
    if (id === undefined) {
      id = -1;
      for (let p: Node | null = r.node!.parent; p; p = p.parent) if (SCOPES.has(p.type)) { id = p.id; break; }
      scopes.set(r, id);
    }
    return id;
  };
  const moved = new Set<SymbolRecord>();
  const grown = new Set<SymbolRecord>();
  for (const r of top) {
    const owners = r.attachTo && r.node ? byName.get(r.attachTo) : undefined;
    if (!owners || owners.length < 2 || owners.includes(r)) continue;
    const own = owners.filter((o) => scope(o) === scope(r));
    if (own.length !== 1) continue;
    own[0]!.members.push(r);
    if (own[0]!.exported) publish(r); // (as public as its owner, as the pack makes any out-of-line member)
    grown.add(own[0]!);
    moved.add(r);
  }
  for (const o of grown) o.members.sort((a, b) => a.startLine - b.startLine);
  return moved.size ? top.filter((r) => !moved.has(r)) : top;
}
