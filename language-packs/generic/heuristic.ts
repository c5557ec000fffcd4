/**
 * Node-kind heuristics: an outline for any tree-sitter grammar without a tags query. A node is a
 * declaration when its type reads like one (`function_declaration`, `class_definition`,
 * `struct_specifier`, `module_binding`, …); the kind comes from the words in the type, the name from
 * the `name` field or the first identifier-like child. Records go through the core's `buildRecord`,
 * so ranges, signatures, decorators, nesting and doc comments behave as for tuned packs.
 *
 * Any pack can use it: `tapHeuristic(hooks, spec)` adds the records through `extract[language]` when
 * the tags pass found nothing (e.g. a third-party pack whose query is missing or broken).
 */
import type { Language, Node } from "web-tree-sitter";
import type { Hooks } from "../../core/hooks.js";
import type { LanguageSpec } from "../../core/plugin.js";
import { buildRecord, extraction, MAX_SIGNATURE, nest, walk } from "../../core/extract.js";
import { clip } from "../../core/text.js";
import { STAGE } from "../../core/stages.js";
import { FUNCTION_KINDS, TYPE_KINDS, type FileContext, type SymbolKind, type SymbolRecord } from "../../core/types.js";

export interface HeuristicOptions {
  /** Node type → kind, overriding the guess from the type's words; `null` = never a declaration. */
  kinds?: Record<string, SymbolKind | null>;
  /** Node types whose text is the name (default: identifier-like types, see `NAME_TYPE`). */
  nameTypes?: string[];
  /** Child fields that hold the name, tried in order before the identifier search. Default `["name"]`. */
  nameFields?: string[];
  /** Whether a record is exported. Default: top level → true; members → parent exported and not private. */
  exported?: (record: SymbolRecord, parent: SymbolRecord | undefined, ctx: FileContext) => boolean;
  /**
   * Why `exported` is only a guess for this language (its exports are declared elsewhere: OCaml's `.mli`),
   * said in a warning of each file with exported records. Without `exported` the default rule is a
   * guess too, and says so.
   */
  exportGuess?: string;
  /** Functions declared directly in a type become `method`. Default true. */
  membersAreMethods?: boolean;
  /** More identifier-like node types that can carry a name (e.g. `string_content` for Zig tests). */
  extraNameTypes?: string[];
  /**
   * Name-like node types that name no use to the project graph (OCaml's `label_name`: `~groups`, `groups:int` is an
   * argument's label, no use of a type or value `groups`). Declarations may still be named by them.
   */
  notUses?: string[];
  /**
   * Node types that hold a declaration's body beside it rather than inside it (Dart puts
   * `function_body` after `function_signature`): the record's range extends over that sibling.
   */
  bodySiblings?: string[];
  /** The record's name when it is not the name node's text (Dart `Cart.named` constructors). */
  nameOf?: (node: Node, nameNode: Node, ctx: FileContext) => string | undefined;
  /** The name node, before the fields and the identifier search (names deep in a declarator). */
  nameNode?: (node: Node) => Node | undefined;
  /** The signature, when the core's (or the head's first line) is not the declaration's head. */
  signature?: (node: Node, ctx: FileContext) => string | undefined;
  /** Last word on a node's kind (`null` = not a declaration), for rules a type name cannot say. */
  classify?: (node: Node, kind: SymbolKind, ctx: FileContext) => SymbolKind | null | undefined;
}

/** Type suffixes of declaration nodes. `item` is Rust's, `specifier` C's, `binding` ML's. */
const DECL_SUFFIX = /(?:^|_)(?:definition|declaration|def|item|specifier|binding|statement|spec)$/;
const BARE_DECL = /^(?:function|method|class|module|struct|enum|interface|trait|protocol|impl|object|namespace|contract)$/;
/** Words that make a type not a declaration even with a declaration suffix. */
const NOT_DECL = /expression|parameter|argument|call|invocation|anonymous|lambda|closure|import|export|using|include|open|pattern|reference|forward|local|_list|_body|return|attribute|assignment|^(?:if|for|while|switch|case|try|throw|break|continue|goto|expression|labeled|compound|empty)_/;

/** Word → kind, most specific first. */
const KIND_WORDS: [RegExp, SymbolKind][] = [
  [/constructor/, "constructor"],
  [/method/, "method"],
  [/function|(?:^|_)(?:func|fn|proc|procedure|subroutine|sub|operator|modifier|test)(?:_|$)/, "function"],
  [/macro/, "macro"],
  [/class/, "class"],
  [/contract/, "class"],
  [/struct|union/, "struct"],
  [/enum/, "enum"],
  [/interface/, "interface"],
  [/trait|mixin/, "trait"],
  [/protocol/, "protocol"],
  [/impl/, "impl"],
  [/extension/, "extension"],
  [/namespace/, "namespace"],
  [/module|library|package/, "module"],
  [/object/, "object"],
  [/type|typedef|alias|exception|error|event/, "type"],
  [/const/, "constant"],
  [/variable|(?:^|_)(?:var|let|val|value|field|property)(?:_|$)/, "variable"],
];

/** Identifier-like node types that can carry a name. */
const NAME_TYPE = /(?:^|_)(?:identifier|name|word|constant|symbol)$|^(?:identifier|name|word|constant|symbol)$/;
/** Anonymous values that give a binding their kind (`const Point = struct {…}`, `f = fn …`). */
const VALUE_KIND: [RegExp, SymbolKind][] = [
  [/^(?:function|lambda|closure|anonymous_function|function_expression|arrow_function|fun_expression|fn_expression)/, "function"],
  [/struct/, "struct"],
  [/enum/, "enum"],
  [/union/, "struct"],
  [/class/, "class"],
  [/interface/, "interface"],
  [/error_set|opaque/, "type"],
];
/** Node types that add a path (McCabe): loops, conditionals, cases, catches, short-circuit operators. */
const BRANCH = /^(?:if|elif|else_if|elsif|unless|while|until|for|foreach|for_in|do_while|loop|case|when|catch|rescue|except|guard|match_case|switch_case|switch_match|switch_statement_case|case_statement|case_arm|conditional|ternary)(?:_statement|_expression|_clause|_arm|_element)?$|^(?:logical_(?:and|or)_expression|and|or)$/;

export function guessKind(type: string, opts: HeuristicOptions = {}): SymbolKind | undefined {
  if (opts.kinds && type in opts.kinds) return opts.kinds[type] ?? undefined;
  if (!(DECL_SUFFIX.test(type) || BARE_DECL.test(type)) || NOT_DECL.test(type)) return undefined;
  const words = type.replace(DECL_SUFFIX, "");
  for (const [re, kind] of KIND_WORDS) if (re.test(words) || re.test(type)) return kind;
  return undefined;
}

/** The name node of a declaration: a name field, else the first identifier-like node in its head. */
export function findName(node: Node, opts: HeuristicOptions = {}): Node | undefined {
  for (const f of opts.nameFields ?? ["name"]) {
    const n = node.childForFieldName(f);
    if (n) return leafName(n, opts) ?? n;
  }
  return leafName(node, opts, true);
}

function isNameType(type: string, opts: HeuristicOptions): boolean {
  if (opts.extraNameTypes?.includes(type)) return true;
  return opts.nameTypes ? opts.nameTypes.includes(type) : NAME_TYPE.test(type) && !/^type_|builtin|primitive|keyword/.test(type);
}

/** Breadth-first over the head (bodies and parameter lists are not searched), depth ≤ 3. */
function leafName(node: Node, opts: HeuristicOptions, skipSelf = false): Node | undefined {
  if (!skipSelf && isNameType(node.type, opts)) return node;
  let level: Node[] = [node];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    const next: Node[] = [];
    for (const n of level) {
      for (let i = 0; i < n.namedChildCount; i++) {
        const c = n.namedChild(i);
        if (!c || c.type.includes("comment")) continue;
        const field = n.fieldNameForNamedChild(i);
        if (field === "body" || field === "parameters" || field === "value" || field === "type" || field === "return_type") continue;
        if (/body|block|parameter|argument|_list$|attribute|decorator|annotation|modifier/.test(c.type)) continue;
        if (isNameType(c.type, opts)) return c;
        next.push(c);
      }
    }
    level = next;
  }
  return undefined;
}

/** The anonymous value (function, struct, …) that gives a binding its kind, if the binding has one. */
function valueOf(node: Node): { node: Node; kind: SymbolKind } | undefined {
  const fields = ["value", "body", "definition"].map((f) => node.childForFieldName(f)).filter((n): n is Node => !!n);
  for (const v of [...fields, ...node.namedChildren.filter((c): c is Node => !!c)]) {
    // (A value built from a literal is no type: Zig's `.{ .a = 1 }` is an anonymous_struct_initializer.)
    if (/initializer|literal/.test(v.type)) continue;
    for (const [re, kind] of VALUE_KIND) if (re.test(v.type)) return { node: v, kind };
  }
  return undefined;
}

/** The head of a declaration without a body node: its first line, up to an opening brace or `=`. */
export function headSignature(ctx: FileContext, node: Node): string | undefined {
  const line = ctx.text(node).split("\n")[0] ?? "";
  // (`= .{`: Zig's anonymous literal opens the value, `x = .` is no head.)
  const cut = line.replace(/\s*(?:=\s*\.\{[^}]*|\{[^}]*|=|;|\bdo|\bwhere)\s*$/, "").replace(/\s+/g, " ").trim();
  return cut ? clip(cut, MAX_SIGNATURE) : undefined;
}

const PRIVATE_HEAD = /^(?:[^(]*\s)?(?:private|protected|fileprivate|internal)\b/;

function defaultExported(r: SymbolRecord, parent: SymbolRecord | undefined): boolean {
  const head = r.signature ?? "";
  if (PRIVATE_HEAD.test(head) || r.name.startsWith("_")) return false;
  return parent ? parent.exported : true;
}

/** Flat records for every declaration-like node of the file (nest them with the core's `nest`). */
export function heuristicRecords(ctx: FileContext, spec: LanguageSpec, opts: HeuristicOptions = {}): SymbolRecord[] {
  const x = extraction(spec);
  const out: SymbolRecord[] = [];
  const claimed = new Set<number>();
  const cursor = ctx.tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isNamed && !node.isError && !claimed.has(node.id)) {
        let kind: SymbolKind | null | undefined = guessKind(node.type, opts);
        if (kind && opts.classify) {
          const c = opts.classify(node, kind, ctx);
          if (c !== undefined) kind = c;
        }
        const nameNode = kind ? (opts.nameNode?.(node) ?? findName(node, opts)) : undefined;
        if (kind && nameNode) {
          if (kind === "variable" || kind === "constant") {
            const v = valueOf(node);
            // The anonymous value is this declaration, not a second entry.
            if (v) claimed.add(v.node.id);
            kind = v?.kind ?? (kind === "variable" && /^\s*(?:pub\s+)?(?:const|val|final)\b/.test(ctx.text(node)) ? "constant" : kind);
          }
          const name = ctx.text(nameNode).replace(/\s+/g, " ").trim();
          if (name && name.length <= 200) {
            const rec = buildRecord(ctx, x, node, kind, name, nameNode);
            if (opts.nameOf) rec.name = opts.nameOf(node, nameNode, ctx) ?? rec.name;
            const sib = node.nextNamedSibling;
            if (sib && opts.bodySiblings?.includes(sib.type)) {
              rec.endLine = Math.max(rec.endLine, sib.endPosition.row + 1);
              rec.bodyNode = sib;
            } else if (!rec.bodyNode) {
              // Without a body node the core's signature is the whole declaration: keep its head.
              rec.signature = headSignature(ctx, node);
            }
            rec.signature = opts.signature?.(node, ctx) ?? rec.signature;
            out.push(rec);
          }
        }
      }
      // A body kept beside its signature (Dart) holds locals only.
      if (!opts.bodySiblings?.includes(node.type) && cursor.gotoFirstChild()) continue;
      if (cursor.gotoNextSibling()) continue;
      let done = true;
      while (cursor.gotoParent()) {
        if (cursor.gotoNextSibling()) {
          done = false;
          break;
        }
      }
      if (done) break;
    }
  } finally {
    cursor.delete();
  }
  return dedupe(out);
}

const WEAK: ReadonlySet<string> = new Set(["variable", "constant", "field", "property"]);

/** One record per name node: a wrapper declaration and its inner declaration share a name. */
function dedupe(records: SymbolRecord[]): SymbolRecord[] {
  const byName = new Map<number, SymbolRecord>();
  for (const r of records) {
    const key = r.nameNode?.id ?? -1;
    const prev = byName.get(key);
    // The outer (first visited) node keeps the range; a more specific inner kind wins over a binding.
    if (!prev) byName.set(key, r);
    else if ((WEAK.has(prev.kind) && !WEAK.has(r.kind)) || (prev.kind === "method" && r.kind === "constructor")) {
      prev.kind = r.kind;
      prev.name = r.name;
    }
  }
  return [...byName.values()];
}

/** Nest, then settle `method` for functions in types, `exported`, and complexity from branch nodes. */
export function finishHeuristic(top: SymbolRecord[], ctx: FileContext, opts: HeuristicOptions = {}): SymbolRecord[] {
  for (const [r, parents] of walk(top)) {
    const parent = parents[parents.length - 1];
    if ((opts.membersAreMethods ?? true) && r.kind === "function" && parent && TYPE_KINDS.has(parent.kind) && parent.kind !== "module" && parent.kind !== "namespace") r.kind = "method";
    r.exported = (opts.exported ?? defaultExported)(r, parent, ctx);
  }
  complexity(top);
  return top;
}

/** McCabe complexity for function records: 1 + branch-like nodes inside, nested functions excluded. */
function complexity(top: SymbolRecord[]): void {
  for (const [r] of walk(top)) {
    if (!FUNCTION_KINDS.has(r.kind) || !r.node) continue;
    const body = r.bodyNode && (r.bodyNode.startIndex >= r.node.endIndex || r.bodyNode.endIndex <= r.node.startIndex) ? r.bodyNode : undefined;
    r.complexity = branches(r.node) + (body ? branches(body) : 0) + 1;
  }
}

function branches(root: Node): number {
  let n = 0;
  {
    const cursor = root.walk();
    try {
      let depth = 0;
      for (;;) {
        const node = cursor.currentNode;
        const nested = depth > 0 && guessKind(node.type) !== undefined && FUNCTION_KINDS.has(guessKind(node.type)!);
        if (BRANCH.test(node.type) && node.isNamed) n++;
        if (!nested && cursor.gotoFirstChild()) {
          depth++;
          continue;
        }
        if (depth > 0 && cursor.gotoNextSibling()) continue;
        let done = true;
        while (depth > 0 && cursor.gotoParent()) {
          depth--;
          if (depth > 0 && cursor.gotoNextSibling()) {
            done = false;
            break;
          }
        }
        if (done) break;
      }
    } finally {
      cursor.delete();
    }
  }
  return n;
}

/** The grammar's node types a heuristic name can have (`isNameType`): names to the project graph in every file. */
function nameTypesOf(lang: Language, opts: HeuristicOptions, cache: WeakMap<Language, string[]>): string[] {
  let t = cache.get(lang);
  if (!t) {
    const set = new Set<string>();
    for (let i = 0; i < lang.nodeTypeCount; i++) {
      const n = lang.nodeTypeForId(i);
      if (n && lang.nodeTypeIsNamed(i) && isNameType(n, opts) && !opts.notUses?.includes(n)) set.add(n);
    }
    cache.set(lang, (t = [...set]));
  }
  return t;
}

/**
 * Tap `extract[spec.id]` so the file gets heuristic records when the tags pass produced none.
 * The stage defaults to just after the core's pass, so the pack's own taps still refine the result.
 */
export function tapHeuristic(hooks: Hooks, spec: LanguageSpec, opts: HeuristicOptions = {}, stage = STAGE.CORE + 1): void {
  const names = new WeakMap<Language, string[]>();
  hooks.extract.for(spec.id).tap({ name: "pilens:heuristic", stage }, (records, ctx) => {
    ctx.nameTypes = nameTypesOf(ctx.tree.language, opts, names);
    if (records.length) return records;
    const flat = heuristicRecords(ctx, spec, opts);
    const out = finishHeuristic(nest(flat, spec, ctx.warnings), ctx, opts);
    const guess = opts.exportGuess ?? (opts.exported ? undefined : `${spec.id} has no export rule here: a top-level declaration is marked exported unless its head says private/protected/internal or its name starts with "_"`);
    if (guess && out.some((r) => r.exported)) ctx.warnings.push(`exported is a guess: ${guess}`);
    return out;
  });
}
