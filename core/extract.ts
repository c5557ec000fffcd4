/**
 * The core's generic extraction pass: `tags` query matches → symbol records with ranges, signatures and
 * decorators, nested by range containment. Runs as the first tap (STAGE.CORE) of `extract[language]`.
 */
import { siblingsOf, type Siblings } from "./siblings.js";
import type { Node, QueryMatch } from "web-tree-sitter";
import type { ExtractionOptions, LanguageSpec } from "./plugin.js";
import { FUNCTION_KINDS, SYMBOL_KINDS, type FileContext, type SymbolKind, type SymbolRecord } from "./types.js";
import { clip, collapse } from "./text.js";
import { headOf, MAX_SIGNATURE, signatureOf, withoutComments } from "./heads.js";

// (Declaration heads live in heads.ts; packs import them from here too.)
export { headOf, MAX_SIGNATURE, signatureOf };

const KNOWN_KINDS: ReadonlySet<string> = new Set(SYMBOL_KINDS);
/** tags.scm kinds used by upstream grammars that map onto our vocabulary. */
export const KIND_ALIASES: Record<string, SymbolKind> = { call: "function", implementation: "impl", alias: "type", typedef: "type", var: "variable", const: "constant", field: "field" };
/** Maximum nesting depth of outline entries; deeper declarations are reported in `warnings`. */
export const MAX_DEPTH = 48;
/** Binding kinds a more specific capture of the same node replaces. */
const WEAK_KINDS: ReadonlySet<string> = new Set(["constant", "variable", "property", "field"]);

export interface Resolved {
  bodyFields: string[];
  bodyTypes: Set<string>;
  commentTypes: Set<string> | null;
  wrapperTypes: Set<string>;
  decoratorTypes: Set<string>;
  keepInFunctions: Set<string>;
  keepInFunction: ((record: SymbolRecord) => boolean) | undefined;
  functionLike: ((record: SymbolRecord) => boolean) | undefined;
  ignoreDoc: RegExp[];
  stopDoc: RegExp[];
}

/**
 * Comments above a declaration that are not its doc: tool directives (`// eslint-disable-next-line`),
 * bundler annotations (`/* @__NO_SIDE_EFFECTS__ *\/`, `/*#__PURE__*\/`), and license blocks (one that
 * opens with Copyright, @license or an SPDX line — a bundle puts them above its first declaration), and
 * a shebang line.
 * (JavaScript's `/*! … *\/` banners are the TS pack's to add: in C and C++ `/*!` opens a Doxygen doc.)
 */
export const DEFAULT_IGNORE_DOC: RegExp[] = [
  /^\s*(?:\/\/|#|\/\*+)\s*(?:eslint|prettier|@ts-|tslint|jshint|jslint|jscs|biome-ignore|deno-lint|istanbul|c8|noqa|type:|pylint|#?(?:end)?region\b|nolint|NOLINT|oxlint|cspell[:-]|v8 ignore\b)/,
  // Any formatter's or linter's `<tool>-ignore` (`// dprint-ignore`, `// oxfmt-ignore`, `// rome-ignore lint: …`).
  /^\s*(?:\/\/|#|\/\*+)\s*[a-z][\w-]*-ignore(?:-[\w-]+)?(?:\s|:|\*\/|$)/,
  /^\s*\/\*\s*[#@]__[A-Z_]+__\s*\*\/\s*$/,
  // (And its line form, `// @__NO_SIDE_EFFECTS__`, Vue's bundles.)
  /^\s*\/\/\s*[#@]__[A-Z_]+__\s*$/,
  // A bundler's source marker (`// src/dropLast.ts`, esbuild and Rollup output): a path, not a doc.
  /^\s*\/\/\s*(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.-]+)+\.[A-Za-z]{1,5}\s*$/,
  // (Also a bundled module's file at the root, esbuild's and rolldown's `// package.json`, and rolldown's
  // runtime, `// \0rolldown/runtime.js`: they had been the docs of `version` and `__require`.)
  /^\s*\/\/\s*(?:\\0)?[\w@.-]+(?:\/[\w@.-]+)*\.(?:[cm]?[jt]sx?|json)\s*$/,
  /^\s*(?:\/\*+|\/\/+|#)[\s*]*(?:@license\b|@preserve\b|Copyright\b|\(c\)\s*\d|SPDX-License-Identifier)/i,
  // A shebang line (`#!/usr/bin/env python3`): where `#` comments, it is one.
  /^#!\s*\//,
];

const resolvedCache = new WeakMap<LanguageSpec, Resolved>();
export function extraction(spec: LanguageSpec): Resolved {
  let r = resolvedCache.get(spec);
  if (!r) {
    const e: ExtractionOptions = spec.extraction ?? {};
    r = {
      bodyFields: e.bodyFields ?? ["body"],
      bodyTypes: new Set(e.bodyTypes ?? []),
      commentTypes: e.commentTypes ? new Set(e.commentTypes) : null,
      wrapperTypes: new Set(e.wrapperTypes ?? []),
      decoratorTypes: new Set(e.decoratorTypes ?? []),
      keepInFunctions: new Set(e.keepInFunctions ?? []),
      keepInFunction: e.keepInFunction,
      functionLike: e.functionLike,
      ignoreDoc: e.ignoreDocPatterns ?? DEFAULT_IGNORE_DOC,
      stopDoc: e.stopDocPatterns ?? [],
    };
    resolvedCache.set(spec, r);
  }
  return r;
}

export function isComment(node: Node, x: Resolved): boolean {
  return isCommentType(node.type, x);
}

function isCommentType(type: string, x: Resolved): boolean {
  return x.commentTypes ? x.commentTypes.has(type) : type.includes("comment");
}

/** The node that carries a declaration's range: the declaration climbed through its wrappers. */
export function outerNode(node: Node, x: Resolved): Node {
  if (x.wrapperTypes.size === 0) return node; // `parent` walks down from the root: skip it when no wrapper can match
  let cur = node;
  for (let p = cur.parent; p && x.wrapperTypes.has(p.type); p = p.parent) cur = p;
  return cur;
}

/** A declaration climbed through its wrappers (`outer`), and the parent of that (null at the root). */
function climb(node: Node, x: Resolved): { outer: Node; parent: Node | null } {
  let cur = node;
  let p = cur.parent;
  while (p && x.wrapperTypes.has(p.type)) {
    cur = p;
    p = p.parent;
  }
  return { outer: cur, parent: p };
}

/** Decorator nodes of a declaration: children of the node or its wrappers, then adjacent preceding siblings. */
export function decoratorNodes(node: Node, outer: Node, x: Resolved, siblings?: Siblings): Node[] {
  if (x.decoratorTypes.size === 0) return [];
  const found: Node[] = [];
  const seen = new Set<number>();
  const add = (n: Node) => {
    if (!seen.has(n.id)) {
      seen.add(n.id);
      found.push(n);
    }
  };
  if (siblings) {
    // What the previousNamedSibling chain below returns, from the parent's children.
    for (let i = siblings.index - 1; i >= 0; i--) {
      const sib = siblings.list[i];
      if (!sib || !sib.isNamed) continue;
      // (A doc written between the decorators and the declaration — `@Post(":id")` / `/** Create. */` /
      // `create()` — does not end them.)
      if (isCommentType(sib.type, x)) continue;
      if (!x.decoratorTypes.has(sib.type)) break;
      add(sib);
    }
  } else {
    for (let sib = outer.previousNamedSibling; sib && (x.decoratorTypes.has(sib.type) || isCommentType(sib.type, x)); sib = sib.previousNamedSibling) if (!isCommentType(sib.type, x)) add(sib);
  }
  found.reverse();
  for (let cur: Node | null = outer; cur; cur = cur === node ? null : firstWrapped(cur, node)) {
    // Decorators lead a declaration: scan the leading children only (marshalling every child of
    // every declaration was a measurable cost on large files).
    for (let c = cur.firstNamedChild; c; c = c.nextNamedSibling) {
      const type = c.type; // a wasm call per read
      if (x.decoratorTypes.has(type)) add(c);
      else if (type === "modifiers" || type === "attribute_list" || type === "modifier_list") {
        for (const m of c.namedChildren) if (m && x.decoratorTypes.has(m.type)) add(m);
      } else if (!isCommentType(type, x)) break;
    }
  }
  return found;
}

function firstWrapped(wrapper: Node, target: Node): Node | null {
  for (const c of wrapper.namedChildren) {
    if (c && c.startIndex <= target.startIndex && c.endIndex >= target.endIndex) return c;
  }
  return null;
}

/** The declaration's body node: a body field (searched through value/declarator children), or a body type. */
export function findBody(node: Node, x: Resolved, depth = 0): Node | null {
  for (const f of x.bodyFields) {
    const b = node.childForFieldName(f);
    if (b) return b;
  }
  if (x.bodyTypes.size) {
    for (const c of node.namedChildren) if (c && x.bodyTypes.has(c.type)) return c;
  }
  const type = node.type;
  // (`var a = X.b.c = X.d = function () {…}`: down an assignment chain of any length, jspdf's.)
  if (type === "assignment_expression" && depth < 3) {
    let v: Node | null = node;
    while (v?.type === "assignment_expression") v = v.childForFieldName("right");
    return v ? findBody(v, x, depth + 1) : null;
  }
  if (depth >= 3) return null;
  // (`var runInContext = (function runInContext(context) {…})`: lodash's parenthesized value.)
  // (Also with a comment in the parentheses, `var useEvent = (\n // note\n function useEvent2(cb) {…})`: headlessui's.)
  if (type === "parenthesized_expression") {
    const inner = node.namedChildren.filter((c): c is Node => !!c && !isCommentType(c.type, x));
    // (Parentheses around a chain are no level of it: `const X = (module.exports = function …)`, prettier's.)
    if (inner.length === 1) return findBody(inner[0]!, x, inner[0]!.type === "assignment_expression" ? depth : depth + 1);
  }
  // (`dumpState: !debug.enabled ? debug : function (node, state) {…}`, eslint: a branch's function.)
  for (const field of type === "ternary_expression" ? BRANCH_FIELDS : VALUE_FIELDS) {
    const v = node.childForFieldName(field);
    if (v) {
      const b = findBody(v, x, depth + 1);
      if (b) return b;
    }
  }
  const count = depth === 0 ? node.namedChildCount : 0;
  if (depth === 0 && count <= 3) {
    // Declarations wrapped in a statement (`x.y = function …;`, `const a = …`) — also with a comment
    // before its `;` (`x.y = function () {…} // eslint-disable-next-line` / `;`, Babel's output).
    const children = node.namedChildren.filter((c): c is Node => !!c && !isCommentType(c.type, x));
    for (const c of children) {
      if (!(c.type.endsWith("declarator") || children.length === 1)) continue;
      const b = findBody(c, x, depth + 1);
      if (b) return b;
    }
  }
  return null;
}

const VALUE_FIELDS = ["value", "right", "declarator", "definition", "type"];
const BRANCH_FIELDS = ["consequence", "alternative"];

/** 1-based last line of a node (a node that ends at column 0 ends on the line before). */
export function endLineOf(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row : row + 1;
}

function kindOf(captureName: string): SymbolKind | undefined {
  const k = captureName.slice("definition.".length);
  if (KNOWN_KINDS.has(k)) return k as SymbolKind;
  return KIND_ALIASES[k];
}

/** Records from the `tags` matches, flat, in match order; one per (declaration node, name). */
export function recordsFromTags(ctx: FileContext, spec: LanguageSpec, matches: QueryMatch[]): SymbolRecord[] {
  const x = extraction(spec);
  const out: SymbolRecord[] = [];
  const seen = new Map<string, number>();
  for (const m of matches) {
    let def: Node | undefined;
    let kind: SymbolKind | undefined;
    let nameNode: Node | undefined;
    let attach: Node | undefined;
    for (const c of m.captures) {
      if (c.name.startsWith("definition.")) {
        def = c.node;
        kind = kindOf(c.name);
      } else if (c.name === "name") nameNode ??= c.node;
      else if (c.name === "attachTo") attach = c.node;
    }
    const props = m.setProperties as Record<string, string | null> | undefined;
    if (!def || !kind) continue;
    // `(decl) @definition.x (#set! name-field "name")`: the name is that field's (named) child — what
    // `(decl name: (_) @name)` captures, without a pattern step on `decl` to analyse at compile time.
    if (!nameNode && props?.["name-field"]) {
      const field = def.childForFieldName(props["name-field"]);
      if (!field?.isNamed) continue;
      nameNode = field;
    }
    // `(string) @name (#set! name-child "true")`: the name is the capture's first named child (a string's
    // fragment, without its quotes) — what `(string (string_fragment) @name)` captures, without a step on
    // `string`. A leaf name (the identifier of `[(property_identifier) (string)] @name`) is its own.
    if (nameNode && props?.["name-child"] && nameNode.childCount) {
      const inner = nameNode.firstNamedChild;
      if (!inner) continue;
      nameNode = inner;
    }
    const name = props?.name ?? (nameNode ? collapse(ctx.text(nameNode)) : undefined);
    if (!name) continue;
    if (props?.kind && KNOWN_KINDS.has(props.kind)) kind = props.kind as SymbolKind;
    // One record per (declaration, name); a specific kind beats a plain binding of the same node.
    const key = `${def.id}\u0000${name}`;
    const prev = seen.get(key);
    if (prev !== undefined && !(WEAK_KINDS.has(out[prev]!.kind) && !WEAK_KINDS.has(kind))) continue;
    const rec = buildRecord(ctx, x, def, kind, name, nameNode, props, attach ? collapse(ctx.text(attach)) : undefined, true);
    const doc = ctx.queries?.docOf(m, def, ctx.text);
    if (doc) rec.props = { ...rec.props, doc: doc.text, docLine: String(doc.startLine) };
    if (prev !== undefined) out[prev] = rec;
    else {
      seen.set(key, out.length);
      out.push(rec);
    }
  }
  return out;
}

/** A record's outer node and decorators, computed once per record (doc attachment and nesting reuse them). */
interface Parts {
  node: Node;
  outer: Node;
  decos: Node[];
  /** `outer` among its parent's children (undefined at the root). */
  siblings?: Siblings;
}
const partsCache = new WeakMap<SymbolRecord, Parts>();

function partsFor(node: Node, x: Resolved): Parts {
  const { outer, parent } = climb(node, x);
  const siblings = siblingsOf(outer, parent);
  return { node, outer, decos: decoratorNodes(node, outer, x, siblings), siblings };
}

/** (A pack that points `record.node` elsewhere gets fresh parts: the cache is keyed by the node too.) */
export function partsOf(r: SymbolRecord, x: Resolved): { outer: Node; decos: Node[]; siblings?: Siblings } {
  let p = partsCache.get(r);
  if (r.node && (!p || p.node.id !== r.node.id || p.node.startIndex !== r.node.startIndex)) {
    p = partsFor(r.node, x);
    partsCache.set(r, p);
  }
  return p!;
}

/**
 * Build a record. With `deferHead`, the body and signature wait for `finishHeads` (the tags pass builds
 * records for every match, and the locals among them are dropped by `nest` before they need one).
 */
export function buildRecord(
  ctx: FileContext, x: Resolved, def: Node, kind: SymbolKind, name: string, nameNode?: Node,
  props?: Record<string, string | null>, attachTo?: string, deferHead = false,
): SymbolRecord {
  const parts = partsFor(def, x);
  const { outer, decos } = parts;
  const body = deferHead ? null : findBody(def, x);
  let startLine = outer.startPosition.row + 1;
  for (const d of decos) startLine = Math.min(startLine, d.startPosition.row + 1);
  const rec: SymbolRecord = {
    name,
    kind,
    startLine,
    endLine: Math.max(startLine, endLineOf(outer)),
    exported: props?.exported === "true",
    signature: deferHead ? undefined : headOf(kind, signatureOf(ctx, def, body, decos)) || undefined,
    members: [],
    node: def,
    nameNode,
    bodyNode: body,
  };
  if (decos.length) rec.decorators = decos.map((d) => clip(collapse(withoutComments(ctx, d)), 80));
  partsCache.set(rec, parts);
  if (props) rec.props = props;
  if (attachTo) rec.attachTo = attachTo;
  if (deferHead) pendingHead.add(rec);
  return rec;
}

const pendingHead = new WeakSet<SymbolRecord>();

/** Body and signature for the records built with `deferHead` that survived nesting. */
export function finishHeads(ctx: FileContext, x: Resolved, top: SymbolRecord[]): void {
  for (const [r] of walk(top)) {
    if (!pendingHead.has(r) || !r.node) continue;
    pendingHead.delete(r);
    r.bodyNode = findBody(r.node, x);
    r.signature = headOf(r.kind, signatureOf(ctx, r.node, r.bodyNode, partsOf(r, x).decos)) || undefined;
  }
}

/**
 * Nest records by range containment (members at any depth), drop locals (declarations inside
 * function bodies whose kind the pack does not keep), cap depth. Returns top-level records.
 */
export function nest(records: SymbolRecord[], spec: LanguageSpec, warnings: string[]): SymbolRecord[] {
  const x = extraction(spec);
  const items = records.map((r) => {
    const o = r.node ? partsOf(r, x).outer : undefined;
    const first = r.decorators?.length && r.node ? Math.min(o!.startIndex, decoStart(r, x)) : o?.startIndex ?? 0;
    const own = o && bindingDeclarator(r);
    return own ? { r, s: own.startIndex, e: own.endIndex } : { r, s: first, e: o?.endIndex ?? 0 };
  });
  items.sort((a, b) => a.s - b.s || b.e - a.e);
  const top: SymbolRecord[] = [];
  const stack: { r: SymbolRecord; s: number; e: number; local: boolean }[] = [];
  let tooDeep = 0;
  for (const it of items) {
    // Records of one declaration node (`a, b = 1, 2`, `x, y int`) are siblings, not parent and member.
    const contains = (p: (typeof stack)[number]) => it.s >= p.s && it.e <= p.e && !(p.r.node && p.r.node.id === it.r.node?.id);
    while (stack.length && !contains(stack[stack.length - 1]!)) stack.pop();
    const parent = stack[stack.length - 1];
    const insideFunction = parent ? parent.local || FUNCTION_KINDS.has(parent.r.kind) || !!x.functionLike?.(parent.r) : false;
    // A named function inside a function (`function f() {}`, `const f = () => {}`) is a nested entry
    // when the pack keeps its kind there; a plain local (`const x = 1`) never is.
    if (insideFunction && !x.keepInFunctions.has(it.r.kind) && !x.keepInFunction?.(it.r)) {
      // A method of an object a function hands to a call (`plugin({ serverWillStart() { function
      // sendReport… } })`) is a callback, as an arrow there is: the named functions in it are kept as
      // they are in an arrow's body. Any other local's own nested declarations are locals too.
      if (!handedMethod(it.r) || parent?.local) stack.push({ ...it, local: true });
      continue;
    }
    if (parent?.local) {
      stack.push({ ...it, local: true });
      continue;
    }
    if (stack.length >= MAX_DEPTH) {
      tooDeep++;
      stack.push({ ...it, local: true });
      continue;
    }
    (parent ? parent.r.members : top).push(it.r);
    stack.push({ ...it, local: false });
  }
  if (tooDeep) warnings.push(`${tooDeep} declarations nested deeper than ${MAX_DEPTH} levels are not listed`);
  return top;
}

/** A method of an object literal that is a call's argument (`plugin({ serverWillStart() {…} })`). */
function handedMethod(r: SymbolRecord): boolean {
  return r.kind === "method" && r.node?.parent?.type === "object" && r.node.parent.parent?.type === "arguments";
}

/**
 * One binding's declarator in a declaration of several (`var fire = function () {…}, self = { add:
 * function (fn) {…} }`): what its range holds — `add` is `self`'s, not `fire`'s (jQuery.Callbacks).
 */
function bindingDeclarator(r: SymbolRecord): Node | undefined {
  const type = r.node!.type;
  if (type !== "lexical_declaration" && type !== "variable_declaration") return undefined;
  const d = r.nameNode?.parent;
  return d?.type === "variable_declarator" && d.parent?.id === r.node!.id && r.node!.namedChildCount > 1 ? d : undefined;
}

function decoStart(r: SymbolRecord, x: Resolved): number {
  const { outer, decos } = partsOf(r, x);
  return decos.reduce((m, d) => Math.min(m, d.startIndex), outer.startIndex);
}

/** Every record with its ancestors, depth first in source order (an array: generators were a hot spot). */
export function walk(records: SymbolRecord[]): [SymbolRecord, SymbolRecord[]][] {
  const out: [SymbolRecord, SymbolRecord[]][] = [];
  const go = (list: SymbolRecord[], parents: SymbolRecord[]) => {
    for (const r of list) {
      out.push([r, parents]);
      if (r.members.length) go(r.members, [...parents, r]);
    }
  };
  go(records, []);
  return out;
}
