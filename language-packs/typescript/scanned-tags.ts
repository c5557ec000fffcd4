/**
 * Definitions the TS pack finds by scanning the text for a word and checking the node there, instead of
 * by tags-query patterns: a pattern step on a statement- or expression-level node (statement_block,
 * export_statement, call_expression) costs milliseconds of query analysis on every cold start, and
 * these shapes are rare. The TypeScript query compiled in ~33 ms cold with them, ~23 ms without (and
 * without its `(string (string_fragment))` steps, now `name-child`); docs/measurements.md, session 18.
 * The records are those the patterns made: same node, name, kind and props, heads deferred.
 */
import type { Node } from "web-tree-sitter";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { buildRecord, type Resolved } from "../../core/extract.js";
import { FUNCTION_WRAPPERS } from "./bindings.js";
import { wrappedPairMethods } from "./wrapped-pairs.js";
import { varChainFunctions } from "./var-chains.js";
import { jsdocFields } from "./jsdoc-fields.js";
import { foldedValue } from "./exports.js";
import { isBundle, moduleStatementsWithIifes, returnsFromUmdFactory } from "./iife.js";
import { clip } from "../../core/text.js";
import { MAX_SIGNATURE } from "../../core/heads.js";

const WRAPPER_WORD = new RegExp(`\\b(?:${[...FUNCTION_WRAPPERS].join("|")})\\b`, "g");
const EXPORT_DEFAULT = /\bexport\s+default\b/g;

export function scannedTags(ctx: FileContext, x: Resolved): SymbolRecord[] {
  return [...wrappedBlockBindings(ctx, x), ...anonymousDefaults(ctx, x), ...jqueryWidgets(ctx, x), ...wrappedPairMethods(ctx, x), ...varChainFunctions(ctx, x), ...jsdocFields(ctx, x)];
}

const WIDGET_CALL = /(?<![\w$])(?:\$|jQuery)\s*\.\s*widget\s*\(\s*["']/g;

/**
 * `$.widget("ui.selectmenu", [$.ui.formResetMixin, {…}])`, `$.widget("ui.dialog", {…})` (jQuery UI's
 * widget factory): a class named by the widget (`selectmenu`), its prototype object's functions its
 * methods — they had been module-level functions without an owner. Exported when the module's AMD/UMD
 * factory returns it, `return $.widget("ui.accordion", {…})` or `return $.ui.dialog;` (as dojo's `return
 * declare(…)` is: jQuery UI's 19 widget modules had read "0 exported").
 */
function jqueryWidgets(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  let returned: Set<string> | undefined;
  for (const m of ctx.source.matchAll(WIDGET_CALL)) {
    const at = m.index + m[0].length - 1;
    const str = ctx.tree.rootNode.descendantForIndex(at, at + 1);
    const args = str?.type === "string" ? str.parent : str?.parent?.parent;
    const call = args?.type === "arguments" ? args.parent : null;
    const first = args?.firstNamedChild;
    const last = args?.lastNamedChild;
    const proto = last?.type === "array" ? last.lastNamedChild : last;
    const name = first?.type === "string" ? /([\w$-]+)$/.exec(first.text.slice(1, -1))?.[1] : undefined;
    if (call?.type !== "call_expression" || !name || proto?.type !== "object" || first === last) continue;
    const ret = call.parent?.type === "return_statement" && returnsFromUmdFactory(call.parent);
    returned ??= factoryReturns(ctx);
    const r = buildRecord(ctx, x, call, "class", name, undefined, ret || returned.has(`$.${first!.text.slice(1, -1)}`) ? { exported: "true" } : undefined);
    r.signature = clip(`${ret ? "return " : ""}${foldedValue(call, ctx)}`, MAX_SIGNATURE); // `$.widget("ui.selectmenu", [$.ui.formResetMixin, {…}])`
    out.push(r);
  }
  return out;
}

/** What the module's AMD/UMD factory returns by a path, `return $.ui.dialog;` (`jQuery.ui.dialog` read `$.ui.dialog`). */
function factoryReturns(ctx: FileContext): Set<string> {
  const out = new Set<string>();
  for (const stmt of moduleStatementsWithIifes(ctx.tree.rootNode, isBundle(ctx))) {
    const value = stmt.type === "return_statement" ? stmt.firstNamedChild : null;
    if (value?.type === "member_expression" && returnsFromUmdFactory(stmt)) out.add(ctx.text(value).replace(/\s+/g, "").replace(/^jQuery\./, "$."));
  }
  return out;
}

/**
 * `const onSubmit = useCallback(async (e) => {…}, [deps])`, `const save = _.debounce(function () {…})`
 * in a block (a component's or function's body): a function, as `const handle = () => {}` there is.
 * The binding's value is the call itself, its first argument the function. (Module-level bindings are
 * moduleBindings'; the pack checks the wrapper again, wrappedFunction.)
 */
function wrappedBlockBindings(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  const root = ctx.tree.rootNode;
  let moduleScope: Set<number> | undefined;
  for (const m of ctx.source.matchAll(WRAPPER_WORD)) {
    const start = m.index, end = start + m[0].length;
    const word = root.descendantForIndex(start, end);
    if (!word || word.startIndex !== start || word.endIndex !== end) continue;
    let callee: Node | null = null;
    if (word.type === "identifier") callee = word;
    else if (word.type === "property_identifier") {
      const member = word.parent;
      if (member?.type === "member_expression" && member.childForFieldName("property")?.id === word.id) callee = member;
    }
    const call = callee?.parent;
    if (call?.type !== "call_expression" || call.childForFieldName("function")?.id !== callee!.id) continue;
    const first = call.childForFieldName("arguments")?.firstNamedChild?.type;
    if (first !== "arrow_function" && first !== "function_expression") continue;
    const declarator = call.parent;
    const name = declarator?.type === "variable_declarator" ? declarator.childForFieldName("name") : null;
    if (name?.type !== "identifier" || declarator!.childForFieldName("value")?.id !== call.id) continue;
    const decl = declarator!.parent;
    if (decl?.type !== "lexical_declaration" || decl.parent?.type !== "statement_block") continue;
    // (A module-scope IIFE's body is moduleBindings': riot's UMD factory had listed `isNative` twice.)
    moduleScope ??= new Set([...moduleStatementsWithIifes(root, isBundle(ctx))].map((s) => s.id));
    if (moduleScope.has(decl.id)) continue;
    out.push(buildRecord(ctx, x, decl, "function", ctx.text(name), name, { wrapped: "true" }, undefined, true));
  }
  return out;
}

/** `export default function () {}`, `export default function* () {}`, `export default () => …`, `export default class {}`: named `default`, exported. */
function anonymousDefaults(ctx: FileContext, x: Resolved): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (const m of ctx.source.matchAll(EXPORT_DEFAULT)) {
    const stmt = ctx.tree.rootNode.descendantForIndex(m.index, m.index + m[0].length);
    const value = stmt?.type === "export_statement" ? stmt.childForFieldName("value") : null;
    const kind = value?.type === "class" ? "class" : value?.type === "function_expression" || value?.type === "arrow_function" || value?.type === "generator_function" ? "function" : undefined;
    if (kind) out.push(buildRecord(ctx, x, value!, kind, "default", undefined, { name: "default", exported: "true" }, undefined, true));
  }
  return out;
}
