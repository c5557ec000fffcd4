/**
 * Objective-C for the heuristic pack: what the objc grammar cannot parse masked before the parse
 * (same length, so records still read the real source), methods named by their selector, and the
 * names C declarators bury (`NSString *title`, `void (^onChange)(int)`).
 */
import type { Node } from "web-tree-sitter";
import { MAX_SIGNATURE } from "../../core/extract.js";
import { clip, collapseHead } from "../../core/text.js";
import type { FileContext, ImportRecord, SymbolKind, SymbolRecord } from "../../core/types.js";
import { maskCpp } from "./objcpp.js";
import { splitDeclarations } from "../c/macros.js";
import { flattenImplementationConditionals, maskMacroLines } from "./objc-lines.js";
import { maskObjcMacros } from "./objc-macros.js";

const blank = (s: string) => s.replace(/[^\n]/g, " ");

/**
 * `#if RNS_IPHONE_OS_VERSION_AVAILABLE(26_0)`: a token of digits and `_` no C number is, as digits.
 * (The `#if` lines first, then their tokens: a lookbehind back to the line's start at every offset
 * was quadratic in a line's length — a 162 KB line took 55 s.)
 */
const CONDITION_LINE = /^[ \t]*#[ \t]*(?:if|elif)\b.*/gm;
const DIGIT_TOKEN = /(?<![\w.])\d+_\w*/g;

/** `__has_include("x.h")`: the grammar takes `<x.h>` there only. */
const HAS_INCLUDE = /(__has_include(?:_next)?\(\s*)"([^"\n]*)"/g;

/** A member or designator named `id` (`touch.id`, `{ .id = 1 }`): `id` is a type keyword to the grammar. */
const DOT_ID = /(?=\.id\b)(?<=[\w\])\s{,]\s*)\.id\b/g;

export function prepareObjc(source: string): string {
  const text = maskCpp(source)
    .replace(CONDITION_LINE, (line) => line.replace(DIGIT_TOKEN, (m) => m.replace(/_/g, "0")))
    .replace(HAS_INCLUDE, (_m, head: string, path: string) => `${head}<${path}>`)
    .replace(DOT_ID, ".iD");
  // (The macros first: `NS_ASSUME_NONNULL_END` closing a branch is no declaration left open.)
  const out = maskMacroLines(/NS_|RCT_|CF_/.test(text) ? maskObjcMacros(text) : text);
  return flattenImplementationConditionals(oneConfigurationWhereSplit(out));
}

/**
 * A conditional splitting a method (`#if !TARGET_OS_OSX` / `- (void)layoutSubviews {` / `#else` /
 * `- (void)layout {` / `#endif` / one body) read as one configuration, the branch with the most code
 * (c/macros.ts splitDeclarations, which the C, C++ and C# packs use): both branches made the parse
 * lose its way up to the file's end. A line of an `@` directive (`@end`, `@interface X`) ends a
 * declaration there, as a `;` does (read with one after it: its braces count, `@implementation X {` opening
 * the ivars' block, and its length, which picks the branch with the most code).
 */
function oneConfigurationWhereSplit(text: string): string {
  if (!/^[ \t]*#[ \t]*(?:if|ifdef|ifndef)\b/m.test(text)) return text;
  const lines = text.split("\n");
  // (Not a head the next code line puts under a conditional: `#if` / `@interface X () <A>` / `#else` /
  // `@interface X () <B>` / `#endif` is split, both heads were read.)
  const next = (i: number) => lines.slice(i + 1, i + 40).find((l) => l.trim()) ?? "";
  const view = lines.map((l, i) => (/^[ \t]*@[a-z]/.test(l) && !(/^[ \t]*@(?:interface|implementation|protocol)\b/.test(l) && /^[ \t]*#[ \t]*(?:else|elif|endif)\b/.test(next(i))) ? `${l.replace(/\/\/.*$/, "")} ;` : l));
  const read = splitDeclarations(view.join("\n")).split("\n");
  let changed = false;
  for (let i = 0; i < lines.length; i++) if (!read[i]!.trim() && view[i]!.trim()) (lines[i] = blank(lines[i]!)), (changed = true);
  return changed ? lines.join("\n") : text;
}

/** `- (void)foo:(int)a bar:(id)b` → `foo:bar:`; `- (void)reset` → `reset`. */
export function selectorOf(node: Node, ctx: FileContext): string | undefined {
  // (`@interface RCT_EXTERN_MODULE(Name, Super)`, a Swift module's: the class `Name`; `RCT_EXTERN_REMAP_MODULE(js, Name, Super)`.)
  if (node.type === "class_interface") return /^@interface\s+RCT_EXTERN_(?:MODULE\(\s*|REMAP_MODULE\(\s*\w+\s*,\s*)(\w+)/.exec(ctx.source.slice(node.startIndex, node.startIndex + 200))?.[1];
  if (node.type !== "method_declaration" && node.type !== "method_definition") return undefined;
  // (`RCT_ENUM_CONVERTER(Mode, …)` declares `+ (Mode)Mode:(id)json`.)
  if (/^RCT_(?:MULTI_)?ENUM_CONVERTER\(/.test(ctx.source.slice(node.startIndex, node.startIndex + 30))) return `${ctx.text(node.namedChildren.find((c) => c?.type === "identifier")!)}:`;
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
  // (A head under a conditional, `- (BOOL)f:(UIView *)v` / `#else` / `- (BOOL)f:(NSView *)v` / `#endif`: the first.)
  const head = ctx.source.slice(node.startIndex, end).replace(/\n[ \t]*#[\s\S]*$/, "").replace(/\s*;\s*$/, "").replace(/^(RCT_(?:MULTI_)?ENUM_CONVERTER\(\s*\w+)\s*(?:,[\s\S]*)?$/, "$1, …)");
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

/**
 * Kinds the node type cannot say: a struct/enum/union without a body is a use, no declaration; a view
 * property macro (read as `@synthesize x;` or `-(void)x {…}`, VIEW_PROPERTY / CUSTOM_PROPERTY) is a
 * property, a real `@synthesize` no entry (its property is declared in the `@interface`).
 */
export function objcClassify(node: Node, _kind: SymbolKind, ctx: FileContext): SymbolKind | null | undefined {
  const t = node.type;
  if (t === "struct_specifier" || t === "enum_specifier" || t === "union_specifier") return node.childForFieldName("body") ? undefined : null;
  if (t === "property_implementation") return /^RCT_/.test(ctx.source.slice(node.startIndex, node.startIndex + 4)) ? "property" : null;
  if ((t === "method_definition" && ctx.source.startsWith("RCT_CUSTOM_", node.startIndex)) || (t === "method_declaration" && ctx.source.startsWith("RCT_", node.startIndex))) return "property";
  return undefined;
}

/** `@import UIKit;`, `@import Foo.Bar;`: external modules, named as written. */
export function moduleImports(ctx: FileContext): ImportRecord[] {
  if (!ctx.source.includes("@import")) return [];
  return ctx.tree.rootNode.descendantsOfType("module_import").flatMap((n) => {
    const path = n?.childrenForFieldName("path").filter((c) => c?.type === "identifier").map((c) => ctx.text(c!)).join(".");
    return n && path ? [{ source: path, line: n.startPosition.row + 1, external: true }] : [];
  });
}

/**
 * An `@interface` (class extension, category, or class) of a class the file implements, and a method it
 * declares that the `@implementation` defines: `declaration`, so read_symbol reads the implementation
 * first and names the declaration in its note (core/read-choices.ts: a definition before a declaration,
 * as for every language).
 */
export function markDeclarations(records: SymbolRecord[]): SymbolRecord[] {
  const implemented = new Map<string, Set<string>>();
  for (const r of records) {
    if (r.node?.type !== "class_implementation") continue;
    const methods = implemented.get(r.name) ?? new Set<string>();
    for (const m of r.members) if (m.node?.type === "method_definition") methods.add(m.name);
    implemented.set(r.name, methods);
  }
  if (!implemented.size) return records;
  for (const r of records) {
    if (r.node?.type !== "class_interface" || !implemented.has(r.name)) continue;
    r.declaration = true;
    const methods = implemented.get(r.name)!;
    for (const m of r.members) if (m.node?.type === "method_declaration" && methods.has(m.name)) m.declaration = true;
  }
  return records;
}
