/**
 * Objective-C for the heuristic pack: what the objc grammar cannot parse masked before the parse
 * (same length, so records still read the real source), methods named by their selector, and the
 * names C declarators bury (`NSString *title`, `void (^onChange)(int)`).
 */
import type { Node } from "web-tree-sitter";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip, collapseHead } from "../../core/text.js";
import type { FileContext } from "../../core/types.js";

const blank = (s: string) => s.replace(/[^\n]/g, " ");

/**
 * A line holding only an annotation macro the grammar reads as a broken declaration: Foundation's
 * `NS_ASSUME_NONNULL_BEGIN`/`_END` and `NS_HEADER_AUDIT_BEGIN(…)`, react-native's `RCT_EXPORT_MODULE()`
 * and view-property lists (`RCT_EXPORT_VIEW_PROPERTY(onPress, RCTBubblingEventBlock)`). One line, a
 * balanced argument list, nothing after it but a `;` or a comment.
 */
const MACRO_LINE = /^[ \t]*(?:NS_ASSUME_NONNULL_(?:BEGIN|END)|NS_HEADER_AUDIT_(?:BEGIN|END)\([^()\n]*\)|RCT_(?:EXPORT_MODULE|EXPORT_PRE_REGISTERED_MODULE|EXTERN_MODULE|EXPORT_VIEW_PROPERTY|REMAP_VIEW_PROPERTY|EXPORT_SHADOW_PROPERTY|EXPORT_NOT_OVERRIDDEN_VIEW_PROPERTY)\((?:[^()\n]|\([^()\n]*\))*\))[ \t]*;?[ \t]*(?=\/\/|\/\*|$)/gm;

/**
 * react-native's bridge methods: `RCT_EXPORT_METHOD(sel:(T)a b:(U)c) {…}`, `RCT_REMAP_METHOD(js, sel…)`,
 * `RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(sel)` — a method the macro declares. Read as `-(void)sel…`
 * (`-(id)` for the synchronous one, which returns a value): the macro's head and its closing `)` masked.
 */
const METHOD_MACRO = /^([ \t]*)(RCT_EXPORT_METHOD\(|RCT_REMAP_METHOD\([ \t]*\w+[ \t]*,|RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD\()/gm;

/** Foundation's enum macros: `typedef NS_ENUM(NSInteger, Mode) {` read as `enum Mode {` (a plain C enum;
 * the record's head is still the real `typedef NS_ENUM(NSInteger, Mode)`). */
const ENUM_MACRO = /\btypedef([ \t]+)(?:NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)|CF_(?:ENUM|OPTIONS|CLOSED_ENUM))\(([^(),\n]+),[ \t]*(\w+)[ \t]*\)(?=\s*\{)/g;

export function prepareObjc(source: string): string {
  if (!/NS_|RCT_|CF_/.test(source)) return source;
  let out = source.replace(MACRO_LINE, blank);
  // The name stays where it is (records read their name from the real source).
  out = out.replace(ENUM_MACRO, (m, _sp: string, _type: string, name: string) => {
    const at = m.lastIndexOf(name);
    return "enum" + " ".repeat(at - 4) + name + " ".repeat(m.length - at - name.length);
  });
  return maskMethodMacros(out);
}

function maskMethodMacros(text: string): string {
  let out = text;
  for (const m of text.matchAll(METHOD_MACRO)) {
    const start = m.index! + m[1]!.length;
    const open = m.index! + m[0].length;
    const close = closingParen(text, open);
    if (close < 0) continue;
    const head = m[2]!.startsWith("RCT_EXPORT_BLOCKING") ? "-(id)" : "-(void)";
    const masked = head + " ".repeat(m[2]!.length - head.length);
    out = out.slice(0, start) + masked + out.slice(open, close) + " " + out.slice(close + 1);
  }
  return out;
}

/** The `)` closing the macro's argument list opened before `from`, or -1 (none on the next lines). */
function closingParen(text: string, from: number): number {
  let depth = 1;
  const end = Math.min(text.length, from + 2000);
  for (let i = from; i < end; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
    else if (c === "{" || c === ";") return -1;
  }
  return -1;
}

/** `- (void)foo:(int)a bar:(id)b` → `foo:bar:`; `- (void)reset` → `reset`. */
export function selectorOf(node: Node, ctx: FileContext): string | undefined {
  if (node.type !== "method_declaration" && node.type !== "method_definition") return undefined;
  const parts: string[] = [];
  let keyword: string | undefined;
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (c.type === "identifier") {
      if (keyword !== undefined) parts.push(keyword);
      keyword = ctx.text(c);
    } else if (c.type === "method_parameter") {
      parts.push(`${keyword ?? ""}:`);
      keyword = undefined;
    } else if (c.type === "compound_statement") break;
  }
  if (!parts.length) return keyword;
  return parts.join("");
}

const DECLARATOR = /(?:^|_)declarator$/;

/** The identifier a C declarator chain ends in (`*title`, `(^onChange)(int)`, `names[4]`). */
function declaredName(node: Node | null | undefined): Node | undefined {
  for (let n = node, depth = 0; n && depth < 8; depth++) {
    if (/^(?:identifier|type_identifier|field_identifier)$/.test(n.type)) return n;
    if (!DECLARATOR.test(n.type)) return undefined;
    n = n.childForFieldName("declarator") ?? n.namedChildren.find((c) => !!c && (DECLARATOR.test(c.type) || /identifier$/.test(c.type)));
  }
  return undefined;
}

/**
 * The name node of a `@property` (its first declarator) or a typedef whose declarator is nested
 * (`typedef void (^Handler)(int)`); undefined leaves the heuristic's own search.
 */
export function objcNameNode(node: Node): Node | undefined {
  if (node.type === "property_declaration") {
    const decl = node.namedChildren.find((c) => c?.type === "struct_declaration");
    const first = decl?.namedChildren.find((c) => !!c && DECLARATOR.test(c.type));
    return declaredName(first);
  }
  if (node.type === "type_definition") {
    const d = node.childForFieldName("declarator");
    return d && d.type !== "type_identifier" ? declaredName(d) : undefined;
  }
  return undefined;
}

/**
 * A method's whole head, however many lines its selector takes (the body or the `;` ends it); a
 * `#define`'s first line without the comment after its value (`#define TITLE_TOP 11 // the top of…`).
 */
export function objcSignature(node: Node, ctx: FileContext): string | undefined {
  if (node.type === "preproc_def" || node.type === "preproc_function_def") return defineHead(ctx.text(node).split("\n")[0]!);
  if (node.type !== "method_declaration" && node.type !== "method_definition") return undefined;
  const body = node.namedChildren.find((c) => c?.type === "compound_statement");
  const end = body ? body.startIndex : node.endIndex;
  const head = ctx.source.slice(node.startIndex, end).replace(/\s*;\s*$/, "");
  return clip(collapseHead(head), MAX_SIGNATURE);
}

/** The line up to a `//` or `/*` comment outside a string literal (an `@"http://…"` value keeps its `//`). */
function defineHead(line: string): string | undefined {
  let quote = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "\\") i++;
    else if (c === '"') quote = !quote;
    else if (!quote && c === "/" && (line[i + 1] === "/" || line[i + 1] === "*")) return clip(collapseHead(line.slice(0, i).replace(/\\?\s*$/, "")), MAX_SIGNATURE) || undefined;
  }
  return undefined;
}
