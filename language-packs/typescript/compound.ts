/**
 * Compound components and static members assigned a declaration of the file:
 *
 *   function Tabs() {…}            Tabs.List = List;            X.prototype.render = renderX;
 *   const Menu = Object.assign(Root, { Item, Group: MenuGroup });
 *
 * React UI kits (Radix-style APIs, react-aria, headlessui, tiptap) are used as `<Tabs.List>`,
 * `<Menu.Item>`: an agent asks for `Tabs.List`. The value is declared on its own (`List`), so the name
 * `Tabs.List` becomes one of its aliases — read_symbol finds the declaration by it and says it was
 * assigned there. Only names the file declares at its top level, on both sides.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { prototypeAliases } from "./defined-properties.js";

/** A component's name: capitalised, letters and digits (`List`, `TabPanel`); q's `Q.spread = Q_spread` is a method. */
export const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** Kinds a compound member can name (what `X.Y = Z` gives `X`). */
const TARGET_KINDS = new Set(["function", "class", "constant", "variable"]);

/** Add `Owner.member` aliases to the top-level records assigned as an owner's members. */
export function compoundAliases(top: SymbolRecord[], ctx: FileContext): void {
  if (!COMPOUND_HINT.test(ctx.source)) return;
  const byName = new Map<string, SymbolRecord>();
  for (const r of top) if (!byName.has(r.name)) byName.set(r.name, r);
  const alias = (owner: string, member: string, value: Node | null | undefined) => {
    if ((value?.type !== "identifier" && value?.type !== "shorthand_property_identifier") || !byName.has(owner)) return;
    const target = byName.get(ctx.text(value));
    if (!target || target.name === owner || !TARGET_KINDS.has(target.kind)) return;
    // And under the names the owner is exported by (`export { ht as Dialog }`: `Dialog.Panel`).
    for (const o of [owner, ...(byName.get(owner)!.aliases ?? []).filter((a) => !a.includes("."))]) {
      const name = `${o}.${member}`;
      if (!target.aliases?.includes(name)) (target.aliases ??= []).push(name);
    }
  };
  for (let s = ctx.tree.rootNode.firstNamedChild; s; s = s.nextNamedSibling) {
    const stmt = s.type === "export_statement" ? s.childForFieldName("declaration") ?? s : s;
    if (stmt.type === "expression_statement") {
      const e = stmt.firstNamedChild;
      if (e?.type !== "assignment_expression") continue;
      const left = e.childForFieldName("left");
      const owner = left?.type === "member_expression" ? ownerOf(left.childForFieldName("object"), ctx) : undefined;
      const member = left?.childForFieldName("property");
      if (owner && member?.type === "property_identifier") alias(owner, ctx.text(member), e.childForFieldName("right"));
    } else if (stmt.type === "lexical_declaration" || stmt.type === "variable_declaration") {
      for (const d of stmt.namedChildren) {
        const name = d?.type === "variable_declarator" ? d.childForFieldName("name") : null;
        const members = name?.type === "identifier" ? assignedObject(d!.childForFieldName("value"), ctx) : undefined;
        if (!members) continue;
        const owner = ctx.text(name!);
        for (const p of members.namedChildren) {
          if (p?.type === "shorthand_property_identifier") alias(owner, ctx.text(p), p);
          else if (p?.type === "pair" && p.childForFieldName("key")?.type === "property_identifier") alias(owner, ctx.text(p.childForFieldName("key")!), p.childForFieldName("value"));
        }
      }
    }
  }
}

/** A cheap gate: an assignment to a member of a name at the start of a line (top level), or `Object.assign(`. */
const COMPOUND_HINT = /^[A-Za-z_$][\w$]*(?:\.prototype)?\.[A-Za-z_$][\w$]*\s*=\s*[A-Za-z_$][\w$]*\s*(?:;|$)|Object\.assign\(/m;

/** `X` of `X.member`, `X.prototype.member` or `proto.member` after `var proto = X.prototype` (moment's). */
function ownerOf(object: Node | null, ctx: FileContext): string | undefined {
  if (object?.type === "identifier") return prototypeAliases(ctx).get(ctx.text(object)) ?? ctx.text(object);
  if (object?.type === "member_expression" && object.childForFieldName("property")?.text === "prototype") {
    const o = object.childForFieldName("object");
    return o?.type === "identifier" ? ctx.text(o) : undefined;
  }
  return undefined;
}

/** The object literal of `Object.assign(Root, { … })` (the members the owner is given). */
function assignedObject(value: Node | null, ctx: FileContext): Node | undefined {
  if (value?.type !== "call_expression") return undefined;
  const callee = value.childForFieldName("function");
  if (!callee || ctx.text(callee) !== "Object.assign") return undefined;
  const args = value.childForFieldName("arguments")?.namedChildren ?? [];
  return args.length === 2 && args[1]?.type === "object" ? args[1] : undefined;
}
