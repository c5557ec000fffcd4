/**
 * tsc's compiled decorators (`experimentalDecorators`, the CommonJS and ES output of NestJS, TypeORM,
 * class-validator code): `__decorate([Column(), __metadata("design:type", String)], User.prototype,
 * "name", void 0);` after the class — a field the class body no longer declares — `__decorate([…],
 * User.prototype, "greet", null)` on a method, and `exports.User = User = __decorate([Entity("users")],
 * User);`. The field is a property of the class and the decorators (not tsc's `__metadata`/`__param`
 * plumbing) are the member's or the class's, as in the source; the reassignment is no entry of its own
 * (it had been a second exported constant `User`, the columns no entries, no decorator said).
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { clip, collapse } from "../../core/text.js";

const DECORATE = /\b__decorate\s*\(\s*\[/g;
const PLUMBING = /^(?:__metadata|__param)\s*\(/;

export function tscDecorated(top: SymbolRecord[], ctx: FileContext, x: Resolved): SymbolRecord[] {
  if (!ctx.source.includes("__decorate")) return top;
  const classes = new Map(top.filter((r) => r.kind === "class").map((r) => [r.name, r]));
  if (!classes.size) return top;
  const consumed = new Set<number>();
  const top_ = topLevel(ctx.tree.rootNode);
  // (Each member's name once: a find over the members per call had been quadratic in a file of 10k fields.)
  const named = new Map<SymbolRecord, Map<string, SymbolRecord>>();
  // (The fields a class gains, added to its members once: a copy of them per field had been quadratic.)
  const added = new Map<SymbolRecord, SymbolRecord[]>();
  for (const m of ctx.source.matchAll(DECORATE)) {
    // (From the top-level statement holding the match, not the root: a descendant search from the root
    // steps over every statement before it, quadratic in a file of 10k `__decorate` calls.)
    let call = top_(m.index)?.descendantForIndex(m.index, m.index + 1) ?? null;
    while (call && call.type !== "call_expression") call = call.parent;
    const args = call?.childForFieldName("arguments");
    const list = args?.namedChild(0);
    const target = args?.namedChild(1);
    const stmt = statementOf(call);
    if (!call || list?.type !== "array" || !target || stmt?.parent?.type !== "program") continue;
    const decorators = list.namedChildren.filter((d): d is Node => !!d && d.type !== "comment" && !PLUMBING.test(d.text)).map((d) => clip(`@${asWritten(collapse(ctx.text(d)))}`, 80));
    const key = args!.namedChild(2);
    if (!key) {
      // `User = __decorate([Entity()], User)` (also under `exports.User = …`): the class's decorators.
      const cls = target.type === "identifier" ? classes.get(target.text) : undefined;
      if (!cls) continue;
      if (decorators.length) cls.decorators = [...decorators, ...(cls.decorators ?? [])];
      consumed.add(stmt.id);
      continue;
    }
    const onPrototype = target.type === "member_expression" && target.childForFieldName("property")?.text === "prototype";
    const owner = classes.get((onPrototype ? target.childForFieldName("object") : target)?.text ?? "");
    const name = key.type === "string" ? key.namedChild(0) : null;
    if (!owner || name?.type !== "string_fragment") continue;
    let byName = named.get(owner);
    if (!byName) {
      byName = new Map();
      for (const r of owner.members) if ((r.kind === "method" || r.kind === "property") && !byName.has(r.name)) byName.set(r.name, r);
      named.set(owner, byName);
    }
    const member = byName.get(name.text);
    if (member) {
      if (decorators.length) member.decorators = [...(member.decorators ?? []), ...decorators];
      continue;
    }
    // (A field: `void 0` as the descriptor, the declaration gone from the class body.)
    const r = buildRecord(ctx, x, stmt, "property", name.text, name);
    // (Its type as tsc's metadata says it, `__metadata("design:type", String)`: `name: String`.)
    const type = /^__metadata\(\s*["']design:type["']\s*,\s*([\w$.]+)\s*\)$/.exec(list.namedChildren.map((d) => collapse(d?.text ?? "")).find((t) => t.includes("design:type")) ?? "")?.[1];
    r.signature = `${onPrototype ? "" : "static "}${name.text}${type ? `: ${type}` : ""}`;
    r.exported = owner.exported;
    if (decorators.length) r.decorators = decorators;
    byName.set(name.text, r);
    const adds = added.get(owner);
    if (adds) adds.push(r);
    else added.set(owner, [r]);
  }
  for (const [owner, adds] of added) owner.members = [...owner.members, ...adds].sort((a, b) => a.startLine - b.startLine);
  if (!consumed.size) return top;
  return top.filter((r) => {
    const stmt = statementOf(r.node ?? null);
    if (!stmt || !consumed.has(stmt.id)) return true;
    // (Exported by the reassignment alone, `exports.User = User = __decorate(…)`: the class is.)
    const cls = classes.get(r.name);
    if (cls && r.exported) cls.exported = true;
    return !cls;
  });
}

/** The top-level node holding a character index, by a binary search over the root's children. */
function topLevel(root: Node): (index: number) => Node | undefined {
  const kids = root.children.filter((c): c is Node => !!c);
  const ends = kids.map((c) => c.endIndex);
  return (index) => {
    let lo = 0;
    let hi = kids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! <= index) lo = mid + 1;
      else hi = mid;
    }
    const kid = kids[lo];
    return kid && kid.startIndex <= index ? kid : undefined;
  };
}

/** The statement a node stands in (its expression statement). */
function statementOf(node: Node | null): Node | null {
  let n = node;
  while (n && n.type !== "expression_statement" && n.parent && n.parent.type !== "program") n = n.parent;
  return n?.type === "expression_statement" ? n : null;
}

/** `(0, typeorm_1.Column)({…})` read as `Column({…})`, as written in the source (tsc calls an import so). */
function asWritten(text: string): string {
  return text.replace(/^\(\s*0\s*,\s*(?:[\w$]+_\d+\.)?([\w$.]+)\s*\)/, "$1").replace(/^[\w$]+_\d+\.(?=[\w$])/, "");
}
