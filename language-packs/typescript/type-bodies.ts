/**
 * What a type's body declares beyond the tags query's records: property signatures of interfaces and
 * object type aliases, call and index signatures, a bodiless binding's object type (typeBodyMembers).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { unquote } from "../../core/imports.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { collapse } from "../../core/text.js";

/**
 * Add `r`'s type-body members (below) to its members, in line order. A member the tags query found
 * inside one of them (a method signature in a property's object type: `animation?: { easing?(t): number }`)
 * moves under it, as the core nests records by range.
 */
export function addTypeBodyMembers(r: SymbolRecord, ctx: FileContext, x: Resolved): void {
  const extra = typeBodyMembers(r, ctx, x);
  if (!extra.length) return;
  // (The one holding it, by binary search over their starts: they do not overlap — a find per member
  // was quadratic, an interface of 10,000 properties.)
  const sorted = [...extra].sort((a, b) => a.node!.startIndex - b.node!.startIndex);
  const starts = sorted.map((p) => p.node!.startIndex);
  const inside = (m: SymbolRecord) => {
    if (!m.node) return undefined;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= m.node.startIndex) lo = mid;
      else hi = mid - 1;
    }
    const p = sorted[lo]!;
    return p !== m && p.node!.startIndex <= m.node.startIndex && m.node.endIndex <= p.node!.endIndex ? p : undefined;
  };
  const top: SymbolRecord[] = [];
  for (const m of r.members) {
    const owner = inside(m);
    if (owner) owner.members.push(m);
    else top.push(m);
  }
  r.members = [...top, ...extra].sort((a, b) => a.startLine - b.startLine || (a.node && b.node ? a.node.startIndex - b.node.startIndex : 0));
}

/**
 * What a type's body says that no tags pattern names (each pattern costs query compilation on every
 * cold start): an interface's and an object type alias's property signatures (named as written); an
 * interface's, class's or object type's call signature (`(val: any): Assertion`, named `()`, as
 * TypeScript's navigation bar names it) and index signature (`[key: string]: T`, named `[]`); and the
 * property signatures of the object type a bodiless `declare const X: { … }` / `declare var Event: {
 * prototype: Event; readonly NONE: 0 }` is declared with (its methods and `new` are tags').
 */
function typeBodyMembers(r: SymbolRecord, ctx: FileContext, x: Resolved): SymbolRecord[] {
  const node = r.node;
  if (!node) return [];
  // An interface's and an object type alias's property signatures, always (two tags patterns on
  // interface_body / object_type had cost ~2 ms of query analysis on every cold start).
  const typeBody = r.kind === "interface" || r.kind === "type";
  // (Most classes have no signatures and most bindings a value: the text says so without walking the
  // tree — for classes, first the whole file's once.)
  const binding = r.kind === "constant" || r.kind === "variable";
  if (r.kind === "class" && !signatureStarts(ctx)) return [];
  // (A binding's own declarator: one of a minified `var` of 16,000 had tested the whole declaration.)
  const own = binding && r.nameNode?.parent?.type === "variable_declarator" ? r.nameNode.parent : node;
  const text = typeBody ? "" : ctx.text(own);
  if (binding ? !/:\s*\{/.test(text) || /=(?!>)/.test(text.slice(0, text.indexOf("{"))) : !typeBody && !SIGNATURE_START.test(text)) return [];
  let body: Node | null | undefined;
  // Property signatures: named as written (a quoted name keeps its quotes) in a type, bare in a binding's type.
  let properties: ((name: string) => string) | undefined = typeBody ? (name) => name : undefined;
  const signatures = !typeBody || (signatureStarts(ctx) && SIGNATURE_START.test(ctx.text(node)));
  if (r.kind === "interface" || r.kind === "class") body = declarationOf(node)?.childForFieldName("body");
  else if (r.kind === "type") body = declarationOf(node)?.childForFieldName("value");
  else if (r.kind === "constant" || r.kind === "variable") {
    const d = declarationOf(node)?.namedChildren.find((c) => c?.type === "variable_declarator" && ctx.text(c.childForFieldName("name") ?? c) === r.name);
    if (d && !d.childForFieldName("value")) ({ body, properties } = { body: d.childForFieldName("type")?.namedChild(0), properties: unquote });
  }
  // (A type alias's object types also as the arms of an intersection or union, or a key-keeping wrapper's
  // argument: kysely's `Readonly<{ is(): …; create(): … }>`, RTK's `Promise<T> & { arg: …; unwrap(): … }` had
  // listed the methods, which the tags query finds, without the properties beside them.)
  const bodies = r.kind === "type" ? objectArms(body) : body && TYPE_BODIES.has(body.type) ? [body] : [];
  const out: SymbolRecord[] = [];
  // (A property several arms declare alike is listed once, at its first: mongoose's `Require_id` had
  // `_id: string` twice. Unlike, each is listed: a discriminated union's `type: "a"`, `type: "b"`.)
  const seen = bodies.length > 1 ? new Set<string>() : undefined;
  for (const b of bodies) {
    const sel = bodies.length > 1 || r.kind === "type" ? selectionOf(b) : null;
    for (const c of b.namedChildren) {
      if (!c) continue;
      const type = c.type; // (a wasm call per read)
      if (type === "property_signature") {
        const name = properties && c.childForFieldName("name");
        if (name && sel && sel.keys.has(unquote(ctx.text(name))) === sel.omit) continue;
        const text = seen && collapse(ctx.text(c)).replace(/[;,]$/, "");
        if (name && !(text && seen.has(text))) out.push(buildRecord(ctx, x, c, "property", properties!(collapse(ctx.text(name))), name)), text && seen.add(text);
      } else if (!signatures) continue;
      else if (type === "call_signature") out.push(buildRecord(ctx, x, c, "method", "()"));
      // (Not a mapped type's `[K in keyof T]: …`, which declares no member: tanstack-db's `RefBranch` had listed a `[]`.)
      else if (type === "index_signature" && !c.namedChildren.some((k) => k?.type === "mapped_type_clause")) out.push(buildRecord(ctx, x, c, "property", "[]"));
    }
  }
  return out;
}

/** The object types a type alias's value is made of: itself, an intersection's or union's arms, a key-keeping wrapper's argument (`Readonly<{…}>`). */
function objectArms(value: Node | null | undefined): Node[] {
  const out: Node[] = [];
  // (A stack, not recursion: a union of n arms nests n − 1 deep, and 5,000 string arms overflowed the
  // call stack — the whole file's outline lost.)
  const stack: [Node | null | undefined, number][] = [[value, 0]];
  const push = (nodes: (Node | null | undefined)[], depth: number) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push([nodes[i], depth]);
  };
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || depth > 4) continue;
    if (v.type === "object_type") out.push(v);
    // (Arms at any depth: apollo's 7-arm `ServerState` had lost 5.)
    else if (ARMS.has(v.type)) push(v.namedChildren, depth);
    else if (v.type === "generic_type") {
      if (keepsKeys(v)) push(v.childForFieldName("type_arguments")?.namedChildren ?? [], depth + 1);
      else if (keySelection(v)) push([v.childForFieldName("type_arguments")?.namedChild(0)], depth + 1);
    } else if (v.type === "conditional_type") push([v.childForFieldName("consequence"), v.childForFieldName("alternative")], depth + 1);
  }
  return out;
}

function branchOf(conditional: Node, child: Node): boolean {
  return conditional.childForFieldName("consequence")?.id === child.id || conditional.childForFieldName("alternative")?.id === child.id;
}
const ARMS = new Set(["intersection_type", "union_type", "parenthesized_type"]);

/**
 * A generic whose value has its argument's keys: `Partial<{…}>`, `Readonly<{…}>`, `Required<{…}>` (mapped
 * types that change only the modifiers). Any other generic's type arguments are not the shape of what it
 * names: `type Routes = Record<string, { path: string; handler: () => void }>` had listed `path` and
 * `handler` as Routes' members, likewise `Promise<{ data: T }>`, `Array<{ id: number }>`, `Map<K, { hits:
 * number }>` and a library's own generics (`OrderedMap<number, { ref: …; count: number }>`).
 */
function keepsKeys(generic: Node): boolean {
  const name = generic.childForFieldName("name");
  return name?.type === "type_identifier" && KEY_KEEPING.has(name.text);
}
/**
 * With the modifier mappers, the identity wrappers libraries write to flatten an intersection for their
 * hovers (type-fest's `Simplify`, the `Prettify` / `Expand` idiom) and the deep modifier mappers: their
 * value has their argument's keys (`type Options = Simplify<Base & { verbose: boolean }>` had no members).
 */
const KEY_KEEPING = new Set(["Partial", "Readonly", "Required", "Simplify", "Prettify", "Expand", "Identity", "Mutable", "Writable", "DeepPartial", "DeepReadonly", "DeepRequired", "NoInfer"]);

/**
 * `Omit<{…}, "a" | "b">` / `Pick<{…}, "a">` over an object type written in place, with string-literal keys:
 * the keys and whether they are left out (Omit) or kept (Pick) — the members of the first argument that
 * the value has. Null for any other generic, or keys that are not literals (`Omit<{…}, keyof X>`).
 */
function keySelection(generic: Node): { omit: boolean; keys: Set<string> } | null {
  const name = generic.childForFieldName("name");
  if (name?.type !== "type_identifier" || (name.text !== "Omit" && name.text !== "Pick")) return null;
  const args = generic.childForFieldName("type_arguments")?.namedChildren ?? [];
  if (args.length !== 2 || args[0]?.type !== "object_type") return null;
  const keys = new Set<string>();
  const stack = [args[1]];
  while (stack.length) {
    const k = stack.pop();
    if (k?.type === "union_type" || k?.type === "parenthesized_type") stack.push(...k.namedChildren);
    else if (k?.type === "literal_type" && k.namedChild(0)?.type === "string") keys.add(unquote(k.text));
    else return null;
  }
  return { omit: name.text === "Omit", keys };
}

/** The Omit / Pick whose first argument is object type `body`, if any (keySelection). */
function selectionOf(body: Node): { omit: boolean; keys: Set<string> } | null {
  const args = body.parent;
  const generic = args?.type === "type_arguments" ? args.parent : null;
  return generic?.type === "generic_type" && args!.namedChild(0)?.id === body.id ? keySelection(generic) : null;
}

/** Whether a member named `key` of object type `body` is in the value: not when an Omit leaves it out or a Pick does not keep it. */
function selectedKey(body: Node, key: string): boolean {
  const sel = selectionOf(body);
  return !sel || sel.keys.has(key) !== sel.omit;
}

/**
 * Whether a method signature is a member of what declares it: in an interface, a type alias's object
 * types (objectArms), a property's, field's or binding's object type — not one in a type parameter's
 * constraint (`interface Box<T extends { open(): void }>`), a parameter's type (`onEvent: (h: { handle():
 * void }) => void`), a return type or a conditional type's test, which had been listed as members; nor
 * one in a generic's type arguments but a key-keeping one's (keepsKeys: `Record<string, { handler(): void }>`).
 */
export function memberSignature(m: Node): boolean {
  for (let c = m, p = m.parent; p; c = p, p = p.parent) {
    if (MEMBER_HOLDERS.has(p.type)) return true;
    // (A conditional type's branches, not its test: @types/node's `var AbortSignal: … extends … ? T : { abort(): … }`.)
    if (p.type === "conditional_type" ? !branchOf(p, c) : !TYPE_PATH.has(p.type) || (p.type === "generic_type" && !keepsKeys(p) && !keySelection(p))) return false;
    if (p.type === "object_type" && !selectedKey(p, unquote(m.childForFieldName("name")?.text ?? ""))) return false;
  }
  return false;
}
const MEMBER_HOLDERS = new Set(["interface_body", "class_body", "type_alias_declaration", "property_signature", "public_field_definition", "variable_declarator"]);
const TYPE_PATH = new Set(["object_type", "intersection_type", "union_type", "parenthesized_type", "type_arguments", "generic_type", "type_annotation"]);
const TYPE_BODIES = new Set(["interface_body", "class_body", "object_type"]);
const starts = new WeakMap<FileContext, boolean>();
function signatureStarts(ctx: FileContext): boolean {
  let s = starts.get(ctx);
  if (s === undefined) starts.set(ctx, (s = SIGNATURE_START.test(ctx.source)));
  return s;
}

/** A member opening with `(`, `<` (a call signature) or `[name:` (an index signature). */
const SIGNATURE_START = /[{;,\n]\s*(?:(?:readonly|static)\s+)*(?:[(<]|\[\s*[\w$]+\s*:)/;

/** The declaration under `export` / `declare` wrappers. */
function declarationOf(node: Node): Node | null {
  let n: Node | null = node;
  while (n && (n.type === "export_statement" || n.type === "ambient_declaration")) n = n.childForFieldName("declaration") ?? n.namedChildren.find((c) => c?.type !== "decorator" && c?.type !== "comment") ?? null;
  return n;
}
