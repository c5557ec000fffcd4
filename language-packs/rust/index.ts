/**
 * Rust pack (tuned). Queries say what is declared; the code here says what queries cannot: impl
 * names (`Trait for Type`), fn → method inside impl/trait, `pub` in all its forms and the export
 * rules of trait items and trait impls, outer attributes and `///` / `#[doc]` docs (which may be
 * interleaved), shortened `where` clauses, and `use` / `mod x;` resolution (imports.ts).
 */
import type { Node } from "web-tree-sitter";
import { definePack, type LanguageSpec } from "../../core/plugin.js";
import type { FileContext, SymbolRecord } from "../../core/types.js";
import { walk } from "../../core/extract.js";
import { STAGE } from "../../core/stages.js";
import { clip, collapse, collapseHead } from "../../core/text.js";
import { LANGUAGES } from "./languages.js";
import { rustImports } from "./imports.js";
import { findDeclMacros, prepareRust } from "./decl-macros.js";
import { rewrapItemMacros, unwrapItemMacros } from "./macro-items.js";
import { isBitflags, settleBitflags } from "./bitflags.js";
import { addMacroItems } from "./macro-expansions.js";
import { macroElsewhere, macroFiles } from "./macro-sources.js";

const q = (f: string) => new URL(`./queries/${f}`, import.meta.url);
const TAP = { name: "pack:rust", stage: STAGE.PACK };

const specs: LanguageSpec[] = LANGUAGES.map((l) => ({
  ...l,
  grammar: "rust",
  recoverBraces: true, // a half-typed edit (core/brace-recovery.ts)
  runOnStrings: ["string_literal", "raw_string_literal"], // a string left open (core/run-on.ts)
  callbackSupport: "tuned",
  // (Items in an item-level macro call, `cfg_rt! { pub fn spawn… }`, read as items; a body that is none is put back.)
  prepareSource: (src) => unwrapItemMacros(prepareRust(src)),
  repair: rewrapItemMacros,
  callbackRules: [
    { callee: /(?:^|::|\.)spawn(?:_blocking|_local)?(?:::<.*>)?$/, kind: "task", flags: ["spawned"] },
    { callee: /(?:)/, kind: "closure", blockBodyOnly: true },
  ],
  extraction: {
    bodyFields: ["body"],
    commentTypes: ["line_comment", "block_comment"],
    decoratorTypes: ["attribute_item"],
    // Items declared inside a fn body are items (nameable, with impls), not locals.
    keepInFunctions: ["function", "method", "struct", "enum", "trait", "impl", "type", "macro", "module", "constant"],
  },
  queries: {
    tags: q("tags.scm"),
    imports: q("imports.scm"),
    callbacks: q("callbacks.scm"),
    complexity: q("complexity.scm"),
  },
}));

const TYPE_LIKE = new Set(["struct", "enum", "trait", "type"]);

/** `///` or `/** … *\/` (not `////`, `/***`): outer doc comments. */
function isOuterDoc(text: string): boolean {
  return /^\/\/\/(?!\/)/.test(text) || /^\/\*\*(?![*/])/.test(text);
}
function isInnerDoc(text: string): boolean {
  return /^\/\/!/.test(text) || /^\/\*!/.test(text);
}
function isComment(n: Node): boolean {
  return n.type === "line_comment" || n.type === "block_comment";
}

/** `#[doc = "…"]` → the string; undefined for other attributes. */
function docAttribute(ctx: FileContext, attr: Node): string | undefined {
  const text = ctx.text(attr);
  const m = /^#!?\[\s*doc\s*=\s*(r#*)?"([\s\S]*)"#*\s*\]$/.exec(text);
  if (m) return m[2]!.replace(/\\n/g, "\n").replace(/\\"/g, '"');
  return /^#!?\[\s*doc\s*=/.test(text) ? "" : undefined; // `#[doc = include_str!(…)]`: a doc, text elsewhere
}

/**
 * Outer attributes and doc comments right above an item, possibly interleaved (`#[cfg] /// doc #[inline]
 * fn`). A plain comment among them (`#[unstable(…)] // #[unstable(…)] pub fn`) is stepped over, as the
 * compiler does, and listed only with `plainComments`.
 */
function prelude(node: Node, plainComments = false): Node[] {
  const out: Node[] = [];
  let nextRow = node.startPosition.row;
  for (let sib = node.previousSibling; sib; sib = sib.previousSibling) {
    // A blank line detaches — but for an outer doc comment, which rustc attaches to the next item whatever
    // the blank lines, when the item has no doc below the gap yet (std's `HashMap`: `/// A hash map …` / blank
    // / `#[stable(…)]`) or the doc below it closes an example the one above opens (chrono's `from_local`).
    // (Not a section's `/// ADDITION` above a documented item: the doc nearest the item is its own.)
    if (sib.endPosition.row < nextRow - 1 && !(isComment(sib) && isOuterDoc(sib.text) && docContinues(out))) break;
    const isAttr = sib.type === "attribute_item";
    const plain = !isAttr && isComment(sib) && !isOuterDoc(sib.text) && !isInnerDoc(sib.text);
    if (!isAttr && !plain && !(isComment(sib) && isOuterDoc(sib.text))) break;
    const before = sib.previousSibling;
    if (before && before.endPosition.row === sib.startPosition.row && !isComment(before) && before.type !== "attribute_item") break;
    if (!plain || plainComments) out.unshift(sib);
    nextRow = sib.startPosition.row;
  }
  return out;
}

/** Whether an outer doc across a blank line above `below` (a prelude read so far) is still the item's: none there yet, or an open example. */
function docContinues(below: Node[]): boolean {
  const docs = below.filter((n) => isComment(n) && isOuterDoc(n.text));
  return !docs.length || docs.reduce((k, n) => k + (n.text.match(/^\s*\/\/\/\s*```/gm)?.length ?? 0), 0) % 2 === 1;
}

function hasPub(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === "visibility_modifier");
}

/**
 * The base name of a type for an impl name, as ctags and rustdoc name it: `Point<T>` → `Point`,
 * `a::b::C<T>` → `C`, `&mut T` / `*const T` → `T`; others (`[T]`, tuples, `dyn Trait`) verbatim.
 */
function typeName(ctx: FileContext, t: Node): string {
  if (t.type === "generic_type" || t.type === "reference_type" || t.type === "pointer_type") {
    const inner = t.childForFieldName("type");
    if (inner) return typeName(ctx, inner);
  }
  if (t.type === "scoped_type_identifier") {
    const name = t.childForFieldName("name");
    if (name) return ctx.text(name);
  }
  return collapse(ctx.text(t));
}

/** The signature up to the body; a `where` clause that would not fit is shortened to `where …`. */
function signature(ctx: FileContext, r: SymbolRecord): string | undefined {
  const n = r.node;
  if (!n) return r.signature;
  const body = r.bodyNode;
  if (body?.type === "ordered_field_declaration_list" || n.type === "enum_variant") {
    return clip(collapseHead(ctx.text(n)).replace(/\s*;$/, ""), 160); // tuple struct / variant: the fields are the shape
  }
  if (n.type === "macro_definition") return `macro_rules! ${r.name}`;
  if (r.props?.declMacro) return clip(r.props.declMacro, 160);
  if (!n.namedChildren.some((c) => c?.type === "where_clause")) return r.signature;
  const end = body && body.startIndex > n.startIndex ? body.startIndex : n.endIndex;
  const head = collapseHead(ctx.source.slice(n.startIndex, end)).replace(/\s*[{;]$/, "").replace(/,$/, "").trimEnd();
  if (head.length <= 160) return head;
  const at = head.search(/\swhere\s/);
  return clip(at > 0 ? `${head.slice(0, at)} where …` : head, 160);
}

function settleImpl(ctx: FileContext, r: SymbolRecord): void {
  const n = r.node!;
  const ty = n.childForFieldName("type");
  const tr = n.childForFieldName("trait");
  const self = ty ? typeName(ctx, ty) : r.name;
  // Named after the type (as rustdoc lists impls, and as ctags does), so `Type.method` resolves
  // whether the method sits in an inherent or a trait impl; the signature says `impl Trait for Type`.
  r.name = self;
  r.props = { ...(r.props ?? {}), selfType: self, traitImpl: tr ? "true" : "false" };
}

/** The `trait name{}` stand-ins maskDeclMacros left for macros 2.0, back as the macros they are. */
function restoreDeclMacros(records: SymbolRecord[], ctx: FileContext): void {
  const decls = findDeclMacros(ctx.source);
  if (!decls.length) return;
  const byLine = new Map(decls.map((d) => [`${d.line}\u0000${d.name}`, d]));
  for (const [r] of walk(records)) {
    if (r.node?.type !== "trait_item") continue;
    const d = byLine.get(`${r.node.startPosition.row + 1}\u0000${r.name}`) ?? byLine.get(`${r.startLine}\u0000${r.name}`);
    if (!d) continue;
    r.kind = "macro";
    r.endLine = d.endLine;
    r.props = { ...(r.props ?? {}), declMacro: d.head };
  }
}

function extract(input: SymbolRecord[], ctx: FileContext): SymbolRecord[] {
  restoreDeclMacros(input, ctx);
  // (A macro the file does not define: the nearest definition up its module chain, macro-sources.ts.)
  let files: string[] | undefined;
  const records = addMacroItems(input, ctx, (name) => macroElsewhere(name, ctx, (files ??= macroFiles(ctx))));
  const types = new Map<string, SymbolRecord>();
  for (const [r] of walk(records)) {
    if (r.kind === "impl" && r.node) settleImpl(ctx, r);
    if (TYPE_LIKE.has(r.kind) && !types.has(r.name)) types.set(r.name, r);
  }
  for (const [r, parents] of walk(records)) {
    const n = r.node;
    if (!n) continue;
    if (isBitflags(r)) {
      settleBitflags(r, ctx);
      continue;
    }
    const parent = parents[parents.length - 1];
    if (r.kind === "function" && (parent?.kind === "impl" || parent?.kind === "trait")) r.kind = "method";
    if (n.type === "static_item" && n.namedChildren.some((c) => c?.type === "mutable_specifier")) r.kind = "variable";

    // Outer attributes are decorators (doc attributes are docs). The range starts at the first
    // attribute of the run right above the item; attributes above its doc comment (`#[stable] /// …`)
    // or above a plain comment belong to the doc block, which read_symbol fetches from docStartLine.
    const prel = prelude(n, true);
    const pre = prel.filter((p) => p.type === "attribute_item");
    const decos = pre.filter((p) => docAttribute(ctx, p) === undefined).map((p) => clip(collapse(ctx.text(p)), 80));
    if (r.props?.macroAttrs) decos.push(...r.props.macroAttrs.split("\n")); // a macro's item: its attributes in the transcriber
    r.decorators = decos.length ? decos : undefined;
    let run = prel.length;
    while (run > 0 && prel[run - 1]!.type === "attribute_item" && docAttribute(ctx, prel[run - 1]!) === undefined) run--;
    if (run < prel.length) r.startLine = Math.min(r.startLine, prel[run]!.startPosition.row + 1);
    r.signature = signature(ctx, r);

    r.exported = exportedOf(r, parent, types, pre, ctx);
    // An item in a function body is not nameable outside it, `pub` or not (`#[macro_export]` still is).
    if (r.exported && r.kind !== "macro" && r.kind !== "impl" && parents.some((p) => p.kind === "function" || p.kind === "method")) r.exported = false;
  }
  // An inherent impl is API when any of its items is; a trait impl follows its self type (set above).
  for (const [r] of walk(records)) {
    if (r.kind === "impl" && r.props?.traitImpl === "false") r.exported = r.members.some((m) => m.exported);
  }
  return records;
}

function exportedOf(r: SymbolRecord, parent: SymbolRecord | undefined, types: Map<string, SymbolRecord>, attrs: Node[], ctx: FileContext): boolean {
  const n = r.node!;
  if (r.kind === "impl") {
    const self = types.get((r.props?.selfType ?? "").replace(/^.*::/, ""));
    // A trait impl is public API whenever its self type is; a type from elsewhere is assumed visible.
    return self ? self.exported || hasPub(self.node!) : true;
  }
  if (r.props?.declMacro) return hasPub(n); // macros 2.0 have ordinary visibility
  if (r.props?.macroItem && parent?.kind !== "trait" && parent?.props?.traitImpl !== "true") return r.exported; // its transcriber's `pub`
  if (r.kind === "macro") return attrs.some((a) => /macro_export/.test(ctx.text(a)));
  if (parent?.kind === "trait") return parent.exported;
  if (parent?.kind === "impl" && parent.props?.traitImpl === "true") return parent.exported;
  if (n.type === "enum_variant") return parent?.exported ?? false;
  if (n.type === "field_declaration" && parent?.kind === "constant") return parent.exported; // fields of a struct-like variant
  return hasPub(n);
}

/** Doc of one record: outer `///` / `/** *\/` / `#[doc]` above, or inner `//!` at the top of a module body. */
function docOf(r: SymbolRecord, ctx: FileContext): string {
  const n = r.node;
  if (!n) return "";
  const parts: string[] = [];
  let first: number | undefined;
  for (const p of prelude(n)) {
    const text = p.type === "attribute_item" ? docAttribute(ctx, p) : ctx.text(p);
    if (!text) continue;
    first ??= p.startPosition.row + 1;
    parts.push(p.type === "attribute_item" ? text : stripRustDoc(text));
  }
  if (!parts.length && n.type === "mod_item" && r.bodyNode) {
    for (const c of r.bodyNode.namedChildren) {
      if (!c) continue;
      if (isComment(c) && isInnerDoc(ctx.text(c))) parts.push(stripRustDoc(ctx.text(c)));
      else if (c.type === "inner_attribute_item" && docAttribute(ctx, c) !== undefined) parts.push(docAttribute(ctx, c)!);
      else break;
    }
  }
  // read_symbol starts at the first line of the prelude: attributes above the run that opens the range too.
  const top = Math.min(r.startLine, ...prelude(n).map((p) => p.startPosition.row + 1));
  if (first !== undefined || top < r.startLine) r.docStartLine = Math.min(first ?? top, top);
  else delete r.docStartLine;
  return parts.join("\n").trim();
}

function stripRustDoc(text: string): string {
  return text
    .split(/\r?\n/)
    // (A `///` line keeps its own asterisks: `/// **(DEPRECATED)** …`; a block's lines lose a leading ` * `.)
    .map((l) => {
      const t = l.trim();
      return /^\/\/[/!]/.test(t) ? t.replace(/^\/\/[/!]\s?/, "") : t.replace(/^\/\*[*!]/, "").replace(/\*\/$/, "").replace(/^\*(?!\*)\s?/, "");
    })
    // (Nor its rules, `/// ////////` over a section's title: rayon's producers.)
    .filter((l) => !/^```/.test(l) && !/^[/=*\-~_+]{4,}$/.test(l))
    .join("\n")
    .replace(/\[`?([^\]`]+)`?\]\([^)]*\)/g, "$1") // [`Foo`](path) → Foo
    .replace(/\[`([^\]`]+)`\]/g, "$1")
    .trim();
}

/** `self.items.iter().for_each@12` → `for_each@12`: a call chain says less than its last method. */
function shortHandle(name: string): string {
  const at = name.lastIndexOf("@");
  const base = name.slice(0, at);
  if (!/[()]/.test(base)) return name;
  const last = /(?:\.|::)([A-Za-z_]\w*(?:::<[^>]*>)?)$/.exec(base);
  return last ? `${last[1]}${name.slice(at)}` : name;
}

function isAsync(r: SymbolRecord): boolean {
  const mods = r.node?.namedChildren.find((c) => c?.type === "function_modifiers");
  return !!mods && /\basync\b/.test(mods.text);
}

export default definePack({
  meta: { name: "pilens-pack-rust", version: "0.1.0", description: "Rust (tuned)" },
  languages: specs,
  apply(hooks) {
    for (const spec of specs) {
      hooks.extract.for(spec.id).tap(TAP, (records, ctx) => extract(records, ctx));
      // (A macro's item: the call's own doc, else the one above the item in the transcriber.)
      hooks.doc.for(spec.id).tap(TAP, (_doc, r, ctx) => (isBitflags(r) && r.doc ? r.doc : docOf(r, ctx) || (r.props?.macroItem ? (r.doc ?? "") : "")));
      hooks.flags.for(spec.id).tap(TAP, (flags, r) => {
        const out = [...flags];
        if ((r.kind === "function" || r.kind === "method") && isAsync(r)) out.unshift("async");
        if (r.decorators?.some((d) => /^#\[(?:[\w:]+::)?test\b/.test(d))) out.push("test");
        return out;
      });
      hooks.callbacks.for(spec.id).tap(TAP, (callbacks) => {
        for (const c of callbacks) {
          const n = c.node;
          if (!n) continue;
          c.name = shortHandle(c.name);
          const flags = new Set(c.flags ?? []);
          if (/^(?:async\s+)?move\b/.test(n.text)) flags.add("move");
          // `async move |x| …` (async closures) predates the grammar: `async` lands in an ERROR before it.
          const prev = n.previousSibling;
          const lost = prev?.type === "ERROR" ? /^async(\s+move)?$/.exec(prev.text.trim()) : null;
          if (lost) flags.add("async");
          if (lost?.[1]) flags.add("move");
          c.flags = flags.size ? [...flags] : undefined;
        }
        return callbacks;
      });
      hooks.imports.for(spec.id).tap(TAP, (imports, ctx) => rustImports(imports, ctx));
    }
  },
});
