/**
 * Scala: what the tags query cannot say. Members are public unless `private`/`protected`
 * (qualified forms too); functions declared in a class, object, trait or enum are methods.
 */
import type { Node } from "web-tree-sitter";
import { walk } from "../../core/extract.js";
import { clip, collapse, stripCommentMarkers } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/heads.js";
import { siblingsOf } from "../../core/siblings.js";
import type { FileContext, ImportRecord, SymbolRecord } from "../../core/types.js";

const HIDDEN = /\b(?:private|protected)\b/;

function modifiers(r: SymbolRecord, ctx: FileContext): string {
  const m = r.node?.namedChildren.find((c) => c?.type === "modifiers");
  return m ? ctx.text(m) : "";
}

export function refineScala(records: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  adoptDetachedBodies(records);
  for (const [r, parents] of walk(records)) {
    const parent = parents[parents.length - 1];
    if (r.node?.type === "given_definition" && !r.node.childForFieldName("name")) r.name = givenName(r.node, ctx);
    const ext = r.node?.parent?.type === "extension_definition" ? r.node.parent : undefined;
    if (ext && r.signature) r.signature = clip(`${extensionHead(ext, ctx)} ${r.signature}`, MAX_SIGNATURE);
    if (r.kind === "function" && parent && /^(class|object|trait|enum)$/.test(parent.kind)) r.kind = "method";
    r.exported = (parent ? parent.exported : true) && !HIDDEN.test(modifiers(r, ctx));
    // An indented body (`def f =` and its lines below) runs on to the next definition's indentation,
    // comments there included: the definition ends at its last line of code.
    // (Not a class whose body stands after it: adoptDetachedBodies.)
    if (r.node && !(r.bodyNode && r.bodyNode.startIndex >= r.node.endIndex)) r.endLine = Math.min(r.endLine, lastCodeRow(r.node, ctx.source) + 1);
    // Scala 3's `end f` / `end Circle` / `end given` closing it (tokens after it in its parent) is its last line.
    const marker = r.node ? endMarkerRow(r.node, r) : undefined;
    if (marker !== undefined) r.endLine = Math.max(r.endLine, marker + 1);
  }
  return records;
}

/**
 * The name Scala 3 gives an anonymous given: `given_` and the type names of what it implements, its own
 * type parameters left out (`given Ord[Int]` → `given_Ord_Int`; `given [T]: Ord[List[T]]` → `given_Ord_List`).
 */
function givenName(node: Node, ctx: FileContext): string {
  // (The grammar lists a type parameter's name as an identifier of `type_parameters`, bounds beside it.)
  const own = new Set((node.childForFieldName("type_parameters")?.namedChildren ?? []).filter((p) => p?.type === "identifier").map((p) => ctx.text(p!)));
  const parts: string[] = [];
  const visit = (n: Node) => {
    if (n.type === "type_identifier") {
      const t = ctx.text(n);
      if (!own.has(t)) parts.push(t);
      return;
    }
    for (const c of n.namedChildren) if (c && c.type !== "stable_identifier") visit(c);
  };
  const type = node.childForFieldName("return_type");
  if (type) visit(type);
  return parts.length ? `given_${parts.join("_")}` : "given";
}

/** An extension's head as written, up to its methods (`extension (c: Circle)`, `extension [T](xs: List[T])`). */
function extensionHead(ext: Node, ctx: FileContext): string {
  // (To the end of its last parameter list: a doc comment above the methods is no part of it.)
  const params = ext.namedChildren.filter((c) => c?.type === "parameters" || c?.type === "type_parameters");
  const end = params.length ? params[params.length - 1]!.endIndex : ext.startIndex + "extension".length;
  return collapse(ctx.source.slice(ext.startIndex, end));
}

/** The row of the `end X` marker right after a definition (`end f`, `end given`, `end extension`), if any. */
function endMarkerRow(node: Node, r: SymbolRecord): number | undefined {
  const sib = siblingsOf(node, node.parent);
  if (!sib) return undefined;
  const end = sib.list[sib.index + 1];
  const ident = sib.list[sib.index + 2];
  if (end?.type !== "end" || !ident) return undefined;
  const word = ident.text;
  return word === r.name || /^(?:given|extension|this|new)$/.test(word) ? ident.endPosition.row : undefined;
}

/**
 * The row of a node's last character of code: the comments and blank lines an indented body ends with are
 * not its own — at any depth (a `trait T:` body, a match's last case: the grammar's block runs on to the
 * next definition's indentation).
 */
function lastCodeRow(node: Node, source: string): number {
  let cur = node;
  for (let last = cur.lastChild; last && endsWith(cur, last, source); last = cur.lastChild) {
    if (!/comment/.test(last.type)) {
      cur = last;
      continue;
    }
    const kids = cur.children;
    let i = kids.length - 1;
    while (i >= 0 && (!kids[i] || /comment/.test(kids[i]!.type))) i--;
    if (i < 0) break;
    cur = kids[i]!;
  }
  const code = source.slice(cur.startIndex, cur.endIndex).replace(/\s+$/, "");
  return cur.startPosition.row + (code.match(/\n/g)?.length ?? 0);
}

/** Whether `last` ends `node`, but for blanks (an indented block ends past its last line's break). */
function endsWith(node: Node, last: Node, source: string): boolean {
  return last.endIndex === node.endIndex || !/\S/.test(source.slice(last.endIndex, node.endIndex));
}

/**
 * `class Stack[A] … extends X\n   with Y\n{ … }`: a Scala 2 body brace on its own line after a long head
 * is read by the grammar as a block after the class (the class ends at its head): the block is its body.
 */
function adoptDetachedBodies(list: SymbolRecord[]): void {
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    if (r.members?.length) adoptDetachedBodies(r.members);
    const n = r.node;
    if (!n || !/^(class|object|trait)$/.test(r.kind) || n.childForFieldName("body")) continue;
    const block = n.nextNamedSibling;
    if (block?.type !== "block" || block.startPosition.row - n.endPosition.row > 1) continue;
    const end = block.endPosition.row + 1;
    const inside = (m: SymbolRecord) => m.startLine > n.endPosition.row && m.endLine <= end;
    const moved = list.slice(i + 1).filter(inside);
    if (!moved.length) continue;
    r.members = [...(r.members ?? []), ...moved];
    r.endLine = end;
    r.bodyNode = block;
    list.splice(i + 1, moved.length);
  }
}

/**
 * A doc comment the grammar put inside the indented body of the definition before (`def top: A =\n
 * elems.head\n\n /** Removes … *\/\n def pop()`): the comment just above the record's line.
 */
export function scalaDoc(doc: string | undefined, r: SymbolRecord, source: string): string | undefined {
  if (doc !== undefined || !r.node) return doc;
  // (Down the previous definition's last children to a comment it ends with, just above the record's line;
  // a braced body ends in its `}`, never a comment.)
  let cur = r.node.previousNamedSibling;
  for (let last = cur?.lastChild; cur && last && endsWith(cur, last, source); last = cur.lastChild) {
    if (/comment/.test(last.type)) {
      if (r.node.startPosition.row - last.endPosition.row !== 1) return doc;
      r.docStartLine = last.startPosition.row + 1;
      return stripCommentMarkers(last.text) || undefined;
    }
    cur = last;
  }
  return doc;
}
/**
 * `import a.b.C, d.e.{F, G => H}`: one import per clause, the path up to a selector list, wildcard
 * (`_`, `*`) or `given` (`scala.concurrent` for `scala.concurrent.{Future, Promise}`). The records
 * arrive holding the whole declaration's text (queries/scala/imports.scm).
 */
export function scalaImports(imports: ImportRecord[]): ImportRecord[] {
  const out: ImportRecord[] = [];
  for (const i of imports) {
    const body = i.source.replace(/^import\b/, "");
    let depth = 0;
    let start = 0;
    const parts: string[] = [];
    for (let k = 0; k <= body.length; k++) {
      const ch = body[k];
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
      else if ((ch === "," && depth === 0) || k === body.length) {
        parts.push(body.slice(start, k));
        start = k + 1;
      }
    }
    for (const part of parts) {
      const path = part.replace(/\s+/g, "").replace(/\.(?:\{.*\}|_|\*|given.*)$/, "");
      if (path) out.push({ ...i, source: path, external: true });
    }
  }
  return out;
}
