/** One declarator of a `var` / `let` / `const` declaring several: its own head, lines and doc. */
import type { Node } from "web-tree-sitter";
import type { Hooks } from "../../core/hooks.js";
import { STAGE } from "../../core/stages.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { endLineOf, findBody, headOf, MAX_SIGNATURE, signatureOf, type Resolved } from "../../core/extract.js";
import { clip, lineTest, stripCommentMarkers } from "../../core/text.js";
import { chainValue } from "./var-chains.js";

/**
 * `var x, y` / `const a = 1, b = f()` / `var error = function (m) {…}, next = function (c) {…}`: each
 * binding of a declaration of several is its own declarator — head (`var next = function (c)`, not the
 * whole statement), body, and lines (the first one's from the keyword; json_parse declares its ten
 * parser functions in one 250-line `var`). A declarator after the first has the doc written right
 * above it inside the declaration, not the statement's (declaratorDocs).
 */
export function ownDeclarator(r: SymbolRecord, ctx: FileContext, x: Resolved): void {
  const decl = r.node;
  if (decl?.type !== "lexical_declaration" && decl?.type !== "variable_declaration") return;
  // A `;` on a line of its own ends no declaration's lines (`const f = () => {…}` / `  ;[a, b].forEach(…)`:
  // the repair of repairs.ts puts it there).
  // (The tree's `;`: the repaired text's, not the source's, which has a space there.)
  const last = decl.lastNamedChild;
  if (last && ctx.source.slice(last.endIndex, decl.endIndex).includes("\n") && decl.lastChild?.type === ";") {
    r.endLine = Math.max(r.startLine, Math.min(r.endLine, endLineOf(last)));
  }
  // (Cheap checks first: a node's parent is a walk down from the root in web-tree-sitter.)
  if (decl.namedChildCount === 1) return chainAliases(r, decl.firstNamedChild);
  if (decl.namedChildCount < 2) return;
  const d = r.nameNode?.parent;
  if (d?.type !== "variable_declarator" || d.parent?.id !== decl.id) return;
  const keyword = decl.child(0)?.type;
  if (keyword !== "var" && keyword !== "let" && keyword !== "const") return;
  if (d.id !== decl.firstNamedChild?.id) {
    r.startLine = d.startPosition.row + 1;
    r.props = { ...r.props, ...ownDoc(d, decl, ctx) };
  }
  if (d.id !== decl.lastNamedChild?.id) r.endLine = endLineOf(d);
  r.bodyNode = findBody(d, x);
  r.signature = clip(headOf(r.kind, `${keyword} ${signatureOf(ctx, d, r.bodyNode, [])}`), MAX_SIGNATURE) || r.signature;
}

/**
 * A declaration's children and each one's position, read once per declaration (by its id, per tree:
 * web-tree-sitter hands out a new Node object for every visit, and a minified `var` declares thousands:
 * a 3,000-function `var` had rebuilt them per declarator and run out of memory).
 */
const positions = new WeakMap<object, Map<number, { kids: (Node | null)[]; at: Map<number, number> }>>();

/**
 * The comments right above declarator `d` inside `decl` (`var KEY = '@@reg',\n  // prior registration\n
 * registered = null`: any-promise's loader), adjacent lines, as `declaratorDoc` ("" for none) and its
 * first line.
 */
function ownDoc(d: Node, decl: Node, ctx: FileContext): Record<string, string> {
  let byDecl = positions.get(decl.tree);
  if (!byDecl) positions.set(decl.tree, (byDecl = new Map()));
  let read = byDecl.get(decl.id);
  if (!read) {
    const kids = decl.children;
    byDecl.set(decl.id, (read = { kids, at: new Map(kids.map((k, j) => [k?.id ?? -1, j])) }));
  }
  const { kids, at } = read;
  let i = at.get(d.id) ?? -1;
  const docs: Node[] = [];
  for (let next = d.startPosition.row; --i >= 0; ) {
    const k = kids[i];
    if (k?.type !== "comment" || k.endPosition.row < next - 1) break;
    // (Not one trailing the declarator before, `b = /x/g, // the b token`: raphael's `R.fill.replacer` had `notation`'s.)
    const before = kids[i - 1];
    if (before && before.type !== "comment" && before.endPosition.row === k.startPosition.row) break;
    docs.unshift(k);
    next = k.startPosition.row;
  }
  if (!docs.length) return { declaratorDoc: "" };
  return { declaratorDoc: docs.map((c) => ctx.text(c)).join("\n"), declaratorDocLine: String(docs[0]!.startPosition.row + 1) };
}

/** A declarator after a declaration's first: its own doc (ownDoc) or none, never the statement's. */
export function tapDeclaratorDocs(hooks: Hooks, id: string): void {
  hooks.doc.for(id).tap({ name: "pack:typescript:declarator-doc", stage: STAGE.CORE - 1 }, (doc, r) => {
    const own = r.props?.declaratorDoc;
    if (doc !== undefined || own == null) return doc;
    if (own) r.docStartLine = Number(r.props!.declaratorDocLine);
    return stripCommentMarkers(own);
  });
}

/**
 * bunyan's `var errSerializer = Logger.stdSerializers.err = function (err) {…}`: the paths the chain
 * assigns are names read_symbol finds the binding by (`Logger.stdSerializers.err`). Not the export
 * object's (`exports.h`: exportedAs says those).
 */
function chainAliases(r: SymbolRecord, d: Node | null): void {
  if (d?.type !== "variable_declarator" || d.childForFieldName("name")?.id !== r.nameNode?.id) return;
  for (let v = chainValue(d.childForFieldName("value")); v?.type === "assignment_expression"; v = v.childForFieldName("right")) {
    const path = v.childForFieldName("left")?.text.replace(/\s+/g, "") ?? "";
    if (/^[\w$]+(?:\.[\w$]+)+$/.test(path) && !/^(?:module\.)?exports\./.test(path) && !r.aliases?.includes(path)) (r.aliases ??= []).push(path);
  }
}

/**
 * react-router's dist, `function _optionalChain(ops) {…}/**` + a licence block: the grammar's function
 * declaration's body block takes in comments after its `}`, so its lines ran to the comment's end
 * and read_symbol returned the licence. The declaration ends where its last code does.
 */
const COMMENT_AT_END = /\*\/\s*$|\/\//;

export function withoutTrailingComments(r: SymbolRecord, ctx: FileContext): void {
  if (!r.node || !lineTest(ctx.lines, COMMENT_AT_END, r.endLine)) return;
  // (Down the right edge: the comment is the body block's last child, after its `}`.)
  let n = r.node;
  for (let i = 0; i < 8 && n.lastChild && n.lastChild.type !== "comment"; i++) n = n.lastChild;
  let last = n.lastChild;
  if (last?.type !== "comment") return;
  while (last?.type === "comment") last = last.previousSibling;
  if (last) r.endLine = Math.max(r.startLine, endLineOf(last));
}
